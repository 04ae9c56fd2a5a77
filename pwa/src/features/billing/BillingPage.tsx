import { useState, type ReactNode } from 'react';
import { HistoryTable } from '../../ui/HistoryTable';
import { planById } from '@shared/plan-table';
import type { Payment, PaymentMethod, Subscription } from '@shared/schemas/billing';
import { changePlanResponseSchema } from '@shared/schemas/plan-change';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { formatMinorAmount } from './billing-price';
import { canCancel, currentPlanId, isPaidState, periodProgress, statusView, type StatusTone } from './billing-status';
import { writeCached, billingCacheKey } from './billing-cache';
import { limitsValues } from '../plans/plan-features';
import { toast } from '../../stores/toast';
import { useAuth, useApi } from '../../session/session-provider';
import { billingApi, billingErrorText, useBillingResource, useBillingT, type LooseT } from './billing-data';
import type { ApiClient } from '../../lib/api';
import { CancelDialog, ChangePlanDialog } from './BillingDialogs';
import { PlanIncludes } from './PlanIncludes';
import { BillingPageHeader } from './BillingPageHeader';
import { Tabs } from '../../ui/Tabs';

type TabKey = 'subscription' | 'payment' | 'history';

const loadSubscription = (api: ApiClient, signal: AbortSignal) => billingApi.subscription(api, signal);
const loadMethod = (api: ApiClient, signal: AbortSignal) => billingApi.paymentMethod(api, signal);
const loadHistory = (api: ApiClient, signal: AbortSignal) => billingApi.history(api, signal);

const toneBadge: Record<StatusTone, BadgeVariant> = { success: 'default', info: 'secondary', warning: 'warning', neutral: 'outline' };

const dateOf = (iso: string | null | undefined, language: string, style: 'medium' | 'long' = 'medium') =>
  iso ? new Intl.DateTimeFormat(language, { dateStyle: style }).format(new Date(iso)) : null;

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * `/dashboard/billing`: the subscription (plan, status and what to do, days left, what it includes,
 * billing cycle), the card on file and the payment history, all from the API; the last answers are
 * kept for this tab session and shown, marked as saved, when offline.
 */
export default function BillingPage() {
  const { t, language } = useBillingT();
  const { user } = useAuth();
  const subscription = useBillingResource('subscription', loadSubscription);
  const method = useBillingResource('method', loadMethod);
  const history = useBillingResource('history', loadHistory);
  const [tab, setTab] = useState<TabKey>('subscription');
  const [changeOpen, setChangeOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [updated, setUpdated] = useState<Subscription | null>(null);

  const sub = updated ?? subscription.data ?? null;
  const paying = isPaidState(sub?.status);
  const cachedAt = [subscription, method, history].map((r) => r.cachedAt).find((at) => at !== null) ?? null;
  const reloadAll = () => {
    setUpdated(null);
    subscription.reload();
    method.reload();
    history.reload();
  };

  const onCanceled = (next: Subscription) => {
    setUpdated(next);
    if (user) writeCached(sessionStorage, billingCacheKey(user.id, 'subscription'), next, Date.now());
  };

  let body: ReactNode;
  if (subscription.loading && !updated) {
    body = <LoadingBlock label={t('billing.loading')} />;
  } else if (subscription.error && subscription.data === undefined && !updated) {
    body = <LoadError t={t} message={billingErrorText(t, language, subscription.error, t('billing.loadFailed'))} onRetry={reloadAll} />;
  } else {
    body = (
      <Tabs
        label={t('billing.tabs.label')}
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'subscription', label: t('billing.tabs.subscription') },
          { key: 'payment', label: t('billing.tabs.payment') },
          { key: 'history', label: t('billing.tabs.history') },
        ]}
      >
        {tab === 'subscription' && (
          <div className="grid gap-6 lg:grid-cols-3">
            <CurrentPlanCard
              sub={sub}
              onChange={() => setChangeOpen(true)}
              onCancel={() => setCancelOpen(true)}
              onResumed={onCanceled}
              className="lg:col-span-2"
            />
            <div className="flex flex-col gap-6">
              <BillingCycleCard sub={sub} />
              <NeedHelpCard />
            </div>
          </div>
        )}
        {tab === 'payment' && (
          <div className="grid gap-6 lg:grid-cols-3">
            <PaymentMethodCard
              method={method.data}
              loading={method.loading}
              error={method.error}
              onRetry={method.reload}
              className="lg:col-span-2"
            />
            <NeedHelpCard />
          </div>
        )}
        {tab === 'history' && (
          <HistoryCard payments={history.data} loading={history.loading} error={history.error} onRetry={history.reload} />
        )}
      </Tabs>
    );
  }

  return (
    <div>
      <BillingPageHeader
        current={t('layout.billing')}
        title={t('billing.title')}
        subtitle={t('billing.subtitle')}
        separatorClassName="rtl:rotate-180"
      />
      {cachedAt !== null && (
        <div
          role="status"
          className="mt-4 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            {t('billing.cached', { time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(cachedAt) })}
          </p>
          <Button variant="secondary" onClick={reloadAll} className="shrink-0">
            {t('billing.retry')}
          </Button>
        </div>
      )}
      <div className="mt-6">{body}</div>
      <ChangePlanDialog open={changeOpen} onClose={() => setChangeOpen(false)} paying={paying} />
      {sub && <CancelDialog open={cancelOpen} onClose={() => setCancelOpen(false)} subscription={sub} onCanceled={onCanceled} />}
    </div>
  );
}

function LoadError({ t, message, onRetry }: { t: LooseT; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">{t('billing.loadFailed')}</p>
      {message !== t('billing.loadFailed') && <p className="mt-1 text-sm">{message}</p>}
      <p className="mt-1 text-sm">{t('billing.loadFailedHelp')}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {t('billing.retry')}
      </Button>
    </div>
  );
}

function CurrentPlanCard({
  sub,
  onChange,
  onCancel,
  onResumed,
  className,
}: {
  sub: Subscription | null;
  onChange: () => void;
  onCancel: () => void;
  onResumed: (next: Subscription) => void;
  className: string;
}) {
  const api = useApi();
  const { t, language } = useBillingT();
  const [resuming, setResuming] = useState(false);
  const view = statusView(sub);
  const progress = periodProgress(sub);
  const planId = currentPlanId(sub);
  const planName = t(`plans.${planId}.name`);
  const vars = { plan: planName, date: dateOf(view.date, language, 'long') ?? '', ...limitsValues('free') };

  // Undoes the cancellation while the period lasts: no charge, the plan renews again at its end.
  const resume = async () => {
    setResuming(true);
    try {
      const answer = await api.post('/plans/resume', undefined, changePlanResponseSchema);
      toast({ variant: 'success', title: t('billing.resume.successTitle'), description: t('subscribe.confirm.resumed') });
      onResumed(answer.data);
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: t('billing.resume.failedTitle'),
        description: billingErrorText(t, language, failure, t('subscribe.errors.changeFailed')),
      });
    } finally {
      setResuming(false);
    }
  };
  return (
    <Card title={t('billing.currentPlan')} className={className}>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-2xl font-bold text-slate-900">{planName}</p>
        <Badge variant={toneBadge[view.tone]}>{t(view.labelKey)}</Badge>
      </div>
      <p className="mt-3 text-sm text-slate-700">{t(view.explanationKey, vars)}</p>
      {view.actionKey && (
        <p className={`mt-2 text-sm font-medium ${view.tone === 'warning' ? 'text-amber-800' : 'text-slate-800'}`}>
          {t(view.actionKey, vars)}
        </p>
      )}
      {sub?.paidAheadFrom ? (
        <p className="mt-2 text-sm text-slate-700">
          {t('billing.paidAheadNote', {
            plan: t(`plans.${sub.scheduledPlan ?? sub.plan}.name`),
            date: dateOf(sub.paidAheadFrom, language, 'long'),
            end: dateOf(sub.currentPeriodEnds, language, 'long'),
          })}
        </p>
      ) : (
        sub?.scheduledPlan &&
        sub.scheduledAt && (
          <p className="mt-2 text-sm text-slate-700">
            {t('billing.scheduledNote', { plan: t(`plans.${sub.scheduledPlan}.name`), date: dateOf(sub.scheduledAt, language, 'long') })}
          </p>
        )
      )}
      {progress && (
        <div className="mt-5">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-medium text-slate-800">{t('billing.daysRemaining', { count: progress.daysRemaining })}</span>
            <span className="text-slate-600">{t('billing.periodLength', { count: progress.periodDays })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('billing.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={progress.periodDays}
            aria-valuenow={progress.daysRemaining}
            aria-valuetext={t('billing.progressText', { count: progress.daysRemaining, total: progress.periodDays })}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={`h-full rounded-full ${view.tone === 'warning' ? 'bg-amber-500' : 'bg-indigo-600'}`}
              style={{ width: `${progress.percentRemaining}%` }}
            />
          </div>
        </div>
      )}
      <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('billing.includes')}</h3>
      <PlanIncludes planId={planId} className="mt-3 sm:columns-2 sm:gap-6 [&>li]:break-inside-avoid [&>li]:pb-2" />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {sub?.canResume && (
          <Button busy={resuming} onClick={() => void resume()}>
            {t('billing.resume.action')}
          </Button>
        )}
        <Button variant={sub?.canResume ? 'secondary' : 'primary'} onClick={onChange}>
          {isPaidState(sub?.status) ? t('billing.changePlan') : t('billing.choosePlan')}
        </Button>
        {canCancel(sub) && (
          <Button variant="secondary" className="text-red-700" onClick={onCancel}>
            {t('billing.cancelSubscription')}
          </Button>
        )}
      </div>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function BillingCycleCard({ sub }: { sub: Subscription | null }) {
  const { t, language } = useBillingT();
  const status = sub?.status ?? 'free';
  const plan = planById(currentPlanId(sub));
  return (
    <Card title={t('billing.cycle.title')}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t('billing.cycle.interval')}>
          {status === 'free' ? t('billing.cycle.none') : status === 'trialing' ? t('billing.cycle.trial') : t('billing.cycle.monthly')}
        </Row>
        {sub && sub.amount !== null && sub.currency && isPaidState(status) && (
          <Row label={t('billing.cycle.amount')}>
            <span dir="ltr">{formatMinorAmount(sub.amount, sub.currency, language)}</span> {t('plans.perMonth')}
          </Row>
        )}
        {status === 'trialing' && <Row label={t('billing.cycle.trialEnds')}>{dateOf(sub?.trialEndsAt, language) ?? '—'}</Row>}
        {isPaidState(status) && sub?.currentPeriodStart && (
          <Row label={t('billing.cycle.periodStart')}>{dateOf(sub.currentPeriodStart, language)}</Row>
        )}
        {sub?.paidAheadFrom && <Row label={t('billing.cycle.paidAheadFrom')}>{dateOf(sub.paidAheadFrom, language)}</Row>}
        {status === 'active' && sub?.autoRenew && sub.nextCharge ? (
          // What the renewal really charges, and when: a scheduled downgrade's price, not the plan in force now.
          <Row label={t('billing.cycle.nextPayment')}>
            <span data-next-charge>
              {t('billing.cycle.nextCharge', {
                amount: formatMinorAmount(sub.nextCharge.amount, sub.nextCharge.currency, language),
                date: dateOf(sub.nextCharge.at, language) ?? '—',
              })}
              {sub.nextCharge.plan !== sub.plan && <> · {t(`plans.${sub.nextCharge.plan}.name`)}</>}
            </span>
          </Row>
        ) : (
          status === 'active' && (
            <Row
              label={
                sub?.autoRenew
                  ? t('billing.cycle.nextPayment')
                  : sub?.paidAheadFrom
                    ? t('billing.cycle.paidUntil')
                    : t('billing.cycle.periodEnds')
              }
            >
              {dateOf(sub?.currentPeriodEnds, language) ?? '—'}
            </Row>
          )
        )}
        {status === 'non_renewing' && <Row label={t('billing.cycle.periodEnds')}>{dateOf(sub?.currentPeriodEnds, language) ?? '—'}</Row>}
        {status === 'grace' && <Row label={t('billing.cycle.graceEnds')}>{dateOf(sub?.graceEndsAt, language) ?? '—'}</Row>}
        {isPaidState(status) && (
          <Row label={t('billing.cycle.autoRenew')}>{sub?.autoRenew ? t('billing.cycle.on') : t('billing.cycle.off')}</Row>
        )}
        {status === 'free' && <Row label={t('billing.cycle.limits')}>{t('plans.features.agents', { count: plan.limits.agents })}</Row>}
      </dl>
    </Card>
  );
}

function PaymentMethodCard({
  method,
  loading,
  error,
  onRetry,
  className,
}: {
  method: PaymentMethod | null | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  className: string;
}) {
  const { t, language } = useBillingT();
  let content: ReactNode;
  if (loading) content = <Spinner label={t('billing.method.loading')} />;
  else if (method === undefined)
    content = (
      <div role="alert" className="text-sm text-red-800">
        <p>{billingErrorText(t, language, error, t('billing.method.loadFailed'))}</p>
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          {t('billing.retry')}
        </Button>
      </div>
    );
  else if (method && method.last4)
    content = (
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-14 items-center justify-center rounded-md bg-slate-900 text-xs font-bold tracking-wide text-white uppercase"
        >
          {(method.brand ?? 'card').slice(0, 6)}
        </span>
        <div>
          <p className="font-semibold text-slate-900">
            {t('billing.method.card', { brand: brandName(method.brand, t), last4: method.last4 })}
          </p>
          <p className="text-sm text-slate-600">{t('billing.method.cardNote')}</p>
        </div>
      </div>
    );
  else if (method && method.channel === 'bank')
    content = (
      <div>
        <p className="font-semibold text-slate-900">{t('billing.method.bank')}</p>
        <p className="text-sm text-slate-600">{t('billing.method.bankNote')}</p>
      </div>
    );
  else
    content = (
      <div>
        <p className="font-semibold text-slate-900">{t('billing.method.none')}</p>
        <p className="text-sm text-slate-600">{t('billing.method.noneNote')}</p>
      </div>
    );
  return (
    <Card title={t('billing.method.title')} className={className}>
      {content}
    </Card>
  );
}

function brandName(brand: string | null, t: LooseT): string {
  if (!brand) return t('billing.method.cardGeneric');
  const b = brand.trim();
  return b.length <= 4 ? b.toUpperCase() : b.charAt(0).toUpperCase() + b.slice(1);
}

const paymentBadge: Record<Payment['status'], BadgeVariant> = {
  success: 'default',
  failed: 'destructive',
  abandoned: 'outline',
  pending: 'secondary',
  refunding: 'secondary',
  refunded: 'outline',
  refund_failed: 'destructive',
};

function HistoryCard({
  payments,
  loading,
  error,
  onRetry,
}: {
  payments: Payment[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, language } = useBillingT();
  let content: ReactNode;
  if (loading) content = <Spinner label={t('billing.history.loading')} />;
  else if (payments === undefined)
    content = (
      <div role="alert" className="text-sm text-red-800">
        <p>{billingErrorText(t, language, error, t('billing.history.loadFailed'))}</p>
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          {t('billing.retry')}
        </Button>
      </div>
    );
  else if (payments.length === 0) content = <p className="text-sm text-slate-600">{t('billing.history.empty')}</p>;
  else
    content = (
      <>
        <ul className="divide-y divide-slate-100 text-sm sm:hidden">
          {payments.map((payment) => (
            <li key={payment.id} className="py-3 first:pt-0">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{t(`plans.${payment.plan}.name`)}</p>
                  <p className="text-slate-600">{dateOf(payment.paidAt ?? payment.createdAt, language)}</p>
                </div>
                <div className="shrink-0 text-end">
                  <p className="font-semibold text-slate-900" dir="ltr">
                    {formatMinorAmount(payment.amount, payment.currency, language)}
                  </p>
                  <Badge variant={paymentBadge[payment.status]}>{t(`billing.history.statuses.${payment.status}`)}</Badge>
                </div>
              </div>
              {(payment.kind === 'renewal' || payment.planChange || payment.discount) && (
                <p className="mt-1 text-xs text-slate-600">
                  {[
                    payment.kind === 'renewal' && t('billing.history.renewal'),
                    payment.planChange && t('billing.history.planChange'),
                    payment.discount && t('billing.history.discount'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
              <p className="mt-1 font-mono text-xs break-all text-slate-500" dir="ltr">
                <span className="sr-only">{t('billing.history.reference')}: </span>
                {payment.reference}
              </p>
            </li>
          ))}
        </ul>
        <HistoryTable
          className="-mx-5 hidden overflow-x-auto sm:-mx-6 sm:block"
          tableClassName="w-full min-w-[36rem] text-start text-sm"
          caption={t('billing.history.title')}
          columns={[
            t('billing.history.date'),
            t('billing.history.plan'),
            t('billing.history.amount'),
            t('billing.history.status'),
            t('billing.history.reference'),
          ]}
        >
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td className="px-5 py-3 whitespace-nowrap sm:px-6">{dateOf(payment.paidAt ?? payment.createdAt, language)}</td>
              <td className="px-3 py-3">
                {t(`plans.${payment.plan}.name`)}
                {payment.kind === 'renewal' && <span className="block text-xs text-slate-500">{t('billing.history.renewal')}</span>}
                {payment.planChange && <span className="block text-xs text-slate-500">{t('billing.history.planChange')}</span>}
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <span dir="ltr">{formatMinorAmount(payment.amount, payment.currency, language)}</span>
                {payment.discount && <span className="block text-xs text-emerald-700">{t('billing.history.discount')}</span>}
              </td>
              <td className="px-3 py-3">
                <Badge variant={paymentBadge[payment.status]}>{t(`billing.history.statuses.${payment.status}`)}</Badge>
              </td>
              <td className="px-5 py-3 font-mono text-xs break-all text-slate-600 sm:px-6" dir="ltr">
                {payment.reference}
              </td>
            </tr>
          ))}
        </HistoryTable>
      </>
    );
  return <Card title={t('billing.history.title')}>{content}</Card>;
}

function NeedHelpCard() {
  const { t } = useBillingT();
  return (
    <Card title={t('billing.help.title')}>
      <p className="text-sm text-slate-700">{t('billing.help.body')}</p>
      <ButtonLink to="/support" variant="secondary" className="mt-4 w-full">
        {t('billing.help.contact')}
      </ButtonLink>
    </Card>
  );
}
