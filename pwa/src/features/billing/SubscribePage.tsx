import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { planById, type PaidPlanId } from '@shared/plan-table';
import { initializePaymentResponseSchema, type Subscription } from '@shared/schemas/billing';
import { changePlanResponseSchema, type PlanQuote } from '@shared/schemas/plan-change';
import { useAuth, useApi } from '../../session/session-provider';
import { Button, linkClass } from '../../ui/Button';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { PlanCard } from '../plans/PlanCard';
import { Spinner } from '../../ui/Spinner';
import { billingMessageKey } from './billing-errors';
import { formatMinorAmount } from './billing-price';
import { isPaidState } from './billing-status';
import { isChangingPlan, subscribeIntent } from './billing-subscribe';
import { confirmLabel, isPaidChange, offeredQuotes, quoteActionKey, quoteLineView, quoteNote } from './plan-quote';
import { usePlanPrice } from '../plans/use-plan-price';
import { toast } from '../../stores/toast';
import { billingApi, billingErrorText, useBillingResource, useBillingT, type LooseT } from './billing-data';
import type { ApiClient } from '../../lib/api';
import { PlanIncludes } from './PlanIncludes';
import { savePendingPayment } from './pending-payment';
import { LogoLink } from '../../ui/LogoLink';
import { StrokeIcon } from '../../ui/StrokeIcon';

const loadSubscription = (api: ApiClient, signal: AbortSignal) => billingApi.subscription(api, signal);
const loadQuotes = (api: ApiClient, signal: AbortSignal) => billingApi.quotes(api, signal);

/**
 * `/subscribe` (signed in): the paid plans with what choosing each does now (GET /api/plans/quotes),
 * then the payment view of the chosen one: the lines of the charge as the server computes them and a
 * Pay button with exactly that amount, or the confirmation of a change that takes no payment
 * (a lower plan from the period end, resuming a cancelled plan). Router state
 * `{ selectedPlan, isChangingPlan }` or `?plan=` opens a plan's payment view.
 */
export default function SubscribePage() {
  const { t, language } = useBillingT();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const priceOf = usePlanPrice();
  const subscription = useBillingResource('subscription', loadSubscription);
  const quotes = useBillingResource('quotes', loadQuotes);

  const intent = subscribeIntent(location.state, search);
  const sub = subscription.data ?? null;
  const changing = isChangingPlan(sub, intent);
  const loading = subscription.loading || quotes.loading;
  const offered = offeredQuotes(quotes.data ?? []);
  const selected = loading ? undefined : offered.find((quote) => quote.plan === intent.selectedPlan);
  const summary = stateSummary(sub, t, language);

  const choose = (plan: PaidPlanId | null) => {
    navigate({ search: plan ? `?plan=${plan}` : '' }, { state: { isChangingPlan: intent.isChangingPlan } });
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <LogoLink to="/dashboard" size={28} className="flex" nameClassName="max-[380px]:sr-only" />
          <div className="ms-auto flex items-center gap-2">
            <Link to="/dashboard" className={`${linkClass} px-2 py-2 text-sm`}>
              {t('common.backToDashboard')}
            </Link>
            <LanguagePicker compact />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {changing ? t('subscribe.changeTitle') : t('subscribe.title')}
          </h1>
          <p className="mt-3 text-slate-600">{changing ? t('subscribe.changeSubtitle') : t('subscribe.subtitle')}</p>
        </div>

        {loading ? (
          <div className="mt-16 flex flex-col items-center gap-4 text-slate-700">
            <Spinner label={t('subscribe.loading')} />
            <p aria-hidden="true">{t('subscribe.loading')}</p>
          </div>
        ) : quotes.data === undefined ? (
          <div role="alert" className="mx-auto mt-10 max-w-xl rounded-2xl border border-red-200 bg-red-50 p-5 text-center text-red-900">
            <p>{billingErrorText(t, language, quotes.error, t('subscribe.quotesFailed'))}</p>
            <Button variant="secondary" className="mt-4" onClick={quotes.reload}>
              {t('billing.retry')}
            </Button>
          </div>
        ) : selected ? (
          <PaymentView quote={selected} sub={sub} changing={changing} email={user?.email ?? ''} onBack={() => choose(null)} />
        ) : (
          <>
            {summary && <p className="mx-auto mt-6 max-w-2xl rounded-lg bg-indigo-50 p-4 text-center text-sm text-indigo-900">{summary}</p>}
            <div className={`mx-auto mt-12 grid gap-8 ${offered.length < 3 ? 'max-w-4xl md:grid-cols-2' : 'md:grid-cols-3'}`}>
              {offered.map((quote) => {
                const plan = planById(quote.plan);
                return (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    price={priceOf(plan)}
                    headingLevel={2}
                    action={{ onClick: () => choose(quote.plan) }}
                    actionLabel={t(quoteActionKey(quote.kind))}
                  />
                );
              })}
            </div>
            <p className="mt-10 text-center text-sm text-slate-600">
              {t('subscribe.help')}{' '}
              <Link to="/support" className={linkClass}>
                {t('subscribe.contactSupport')}
              </Link>
            </p>
            <p className="mt-3 text-center text-xs text-slate-500">{t('subscribe.legalNote')}</p>
            <nav aria-label={t('subscribe.legalNav')} className="mt-2 flex justify-center gap-4 text-sm">
              <Link to="/service" className={linkClass}>
                {t('subscribe.terms')}
              </Link>
              <Link to="/privacy" className={linkClass}>
                {t('subscribe.privacy')}
              </Link>
            </nav>
          </>
        )}
      </main>
    </div>
  );
}

function formatDate(iso: string | null | undefined, language: string): string {
  return iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)) : '';
}

/**
 * Where the account stands, above the plans: the trial and its end, the plan that renews by itself,
 * a cancelled plan and when it ends, a plan scheduled for later, a period already paid ahead.
 */
function stateSummary(sub: Subscription | null, t: LooseT, language: string): string | null {
  if (!sub) return null;
  const name = (plan: string) => t(`plans.${plan}.name`);
  if (sub.status === 'trialing')
    return sub.trialEndsAt ? t('subscribe.trialRunning', { date: formatDate(sub.trialEndsAt, language) }) : null;
  if (!isPaidState(sub.status)) return null;
  const parts: string[] = [];
  const ends = formatDate(sub.currentPeriodEnds, language);
  if (sub.status === 'non_renewing') parts.push(t('subscribe.state.nonRenewing', { plan: name(sub.plan), date: ends }));
  else if (sub.status === 'grace')
    parts.push(t('billing.status.graceExplain', { plan: name(sub.plan), date: formatDate(sub.graceEndsAt, language) }));
  else if (sub.paidAheadFrom)
    parts.push(
      t('subscribe.state.paidAhead', {
        plan: name(sub.scheduledPlan ?? sub.plan),
        date: formatDate(sub.paidAheadFrom, language),
        end: ends,
      }),
    );
  else parts.push(t(sub.autoRenew ? 'subscribe.state.active' : 'subscribe.state.activeNoRenew', { plan: name(sub.plan), date: ends }));
  if (sub.scheduledPlan && sub.scheduledAt && !sub.paidAheadFrom)
    parts.push(t('subscribe.state.scheduled', { plan: name(sub.scheduledPlan), date: formatDate(sub.scheduledAt, language) }));
  return parts.join(' ');
}

/**
 * The chosen plan: name, its monthly price, what is charged now line by line (the plan for the days
 * left, the credit for unused days, the referral discount) with the total, when it starts, and the
 * button: Pay with exactly that total, or the change that takes no payment.
 */
function PaymentView({
  quote,
  sub,
  changing,
  email,
  onBack,
}: {
  quote: PlanQuote;
  sub: Subscription | null;
  changing: boolean;
  email: string;
  onBack: () => void;
}) {
  const api = useApi();
  const { t, language } = useBillingT();
  const navigate = useNavigate();
  const plan = planById(quote.plan);
  const name = (id: string) => t(`plans.${id}.name`);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const paid = isPaidChange(quote.kind);
  const money = (amount: number) => formatMinorAmount(amount, quote.currency, language);
  const note = quoteNote(quote, sub?.status === 'trialing');
  const noteValues = {
    plan: name(quote.plan),
    current: name(sub?.plan ?? quote.plan),
    date: formatDate(quote.startsAt, language),
    end: formatDate(quote.periodEnds, language),
    next: quote.next ? money(quote.next.amount) : '',
    nextDate: formatDate(quote.next?.at, language),
  };
  const confirm = confirmLabel(quote, language);

  const failed = (failure: unknown, fallbackKey: string) => {
    const message = failure instanceof InitError ? failure.message : billingErrorText(t, language, failure, t(fallbackKey));
    setError(message);
    toast({ variant: 'destructive', title: t(paid ? 'payment.errors.title' : 'subscribe.confirm.failedTitle'), description: message });
    setProcessing(false);
  };

  const pay = async () => {
    if (!email) {
      setError(t('payment.errors.emailRequired'));
      return;
    }
    try {
      const answer = await api.post(
        '/payments/initialize',
        { email, planCode: quote.plan, isChangingPlan: changing },
        initializePaymentResponseSchema,
      );
      const url = answer?.data?.url;
      if (!url) {
        const key = billingMessageKey(answer?.message);
        throw new InitError(key ? t(key) : answer?.message || t('payment.errors.initFailedShort'));
      }
      savePendingPayment({ reference: answer.data.reference, plan: quote.plan, isChangingPlan: changing });
      toast({ title: t('payment.redirectingTitle'), description: t('payment.redirecting') });
      window.location.assign(url);
    } catch (failure) {
      failed(failure, 'payment.errors.initFailed');
    }
  };

  const change = async () => {
    try {
      const answer = await api.post(
        quote.kind === 'resume' ? '/plans/resume' : '/plans/change',
        quote.kind === 'resume' ? undefined : { planCode: quote.plan },
        changePlanResponseSchema,
      );
      if (!answer?.status) throw new InitError(answer?.message || t('subscribe.confirm.failed'));
      toast({
        variant: 'success',
        title: t('subscribe.confirm.doneTitle'),
        description: t(quote.kind === 'resume' ? 'subscribe.confirm.resumed' : 'subscribe.confirm.changed'),
      });
      navigate('/dashboard/billing');
    } catch (failure) {
      failed(failure, 'subscribe.confirm.failed');
    }
  };

  const submit = () => {
    setError(null);
    setProcessing(true);
    void (paid ? pay() : change());
  };

  return (
    <section aria-labelledby="payment-plan" className="mx-auto mt-8 max-w-xl">
      <button
        type="button"
        onClick={onBack}
        disabled={processing}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        <StrokeIcon className="size-5 rtl:rotate-180" strokeLinejoin="round">
          <path d="M15 6l-6 6 6 6" />
        </StrokeIcon>
        {t('subscribe.back')}
      </button>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-indigo-700">{changing ? t('subscribe.changingTo') : t('subscribe.yourPlan')}</p>
        <h2 id="payment-plan" className="mt-1 text-2xl font-bold text-slate-900">
          {name(plan.id)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('subscribe.billedMonthly')}</p>
        <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
          <span className="text-4xl font-bold tracking-tight text-slate-900" dir="ltr">
            {money(quote.price)}
          </span>
          <span className="text-sm font-medium text-slate-600">{t('plans.perMonth')}</span>
        </p>
        {quote.currency === 'NGN' && (
          <p className="mt-1 text-sm text-slate-600" dir="ltr">
            ≈ {formatMinorAmount(plan.price.usd * 100, 'USD', language)}
          </p>
        )}
        <div className="mt-6 border-y border-slate-100 py-5">
          <h3 className="text-sm font-semibold text-slate-900">{t('subscribe.quote.title')}</h3>
          <dl className="mt-3 space-y-2 text-sm">
            {quote.lines.map((line, index) => {
              const view = quoteLineView(line, quote.currency, language, name);
              return (
                <div key={index} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{t(view.key, view.values)}</dt>
                  <dd className={`shrink-0 font-medium ${line.type === 'plan' ? 'text-slate-900' : 'text-emerald-700'}`} dir="ltr">
                    {view.amount}
                  </dd>
                </div>
              );
            })}
            <div className="flex justify-between gap-4 border-t border-slate-100 pt-2 text-base">
              <dt className="font-semibold text-slate-900">{t('subscribe.quote.total')}</dt>
              <dd className="shrink-0 font-bold text-slate-900" dir="ltr">
                {money(quote.total)}
              </dd>
            </div>
          </dl>
          <p className="mt-4 rounded-lg bg-slate-100 p-4 text-sm text-slate-800">{t(note, noteValues)}</p>
          {quote.discountKept && (
            <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">{t('subscribe.quote.discountKept')}</p>
          )}
        </div>
        <PlanIncludes planId={plan.id} className="mt-5" />
        {paid && <p className="mt-6 text-sm text-slate-600">{t('subscribe.checkoutNote')}</p>}
        {email && <p className="mt-1 text-sm break-all text-slate-600">{t('subscribe.account', { email })}</p>}
        {error && (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <Button className="mt-6 w-full" busy={processing} onClick={submit}>
          {processing ? (paid ? t('subscribe.processing') : t('subscribe.confirm.saving')) : t(confirm.key, confirm.values)}
        </Button>
      </div>
    </section>
  );
}

class InitError extends Error {}
