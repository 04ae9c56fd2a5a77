import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { planById, type PaidPlanId } from '@shared/plan-table';
import { cancelSubscriptionResponseSchema, type Subscription } from '@shared/schemas/billing';
import type { PlanQuote } from '@shared/schemas/plan-change';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { formatMinorAmount } from './billing-price';
import { offeredQuotes } from './plan-quote';
import { proposalsFeature } from '../plans/plan-features';
import { usePlanPrice } from '../plans/use-plan-price';
import { toast } from '../../stores/toast';
import { billingApi, billingErrorText, useBillingT } from './billing-data';
import { useApi } from '../../session/session-provider';

/**
 * The plan dialog (a bottom sheet on small screens): each plan the user can choose with what it does
 * and costs today, from the server's quote (an upgrade's difference for the days left, a lower plan
 * from the period end, resuming a cancelled plan at no charge). Choosing one opens its payment view
 * on /subscribe, where the lines of the charge are shown before paying.
 */
export function ChangePlanDialog({ open, onClose, paying }: { open: boolean; onClose: () => void; paying: boolean }) {
  const api = useApi();
  const { t, language } = useBillingT();
  const navigate = useNavigate();
  const priceOf = usePlanPrice();
  const [quotes, setQuotes] = useState<PlanQuote[] | 'error' | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setQuotes(undefined);
    billingApi.quotes(api, controller.signal).then(
      (answer) => setQuotes(answer),
      () => {
        if (!controller.signal.aborted) setQuotes('error');
      },
    );
    return () => controller.abort();
  }, [api, open, attempt]);

  const dateOf = (iso: string | null | undefined) =>
    iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso)) : '';
  let content: ReactNode;
  if (quotes === undefined) content = <Spinner label={t('subscribe.loading')} />;
  else if (quotes === 'error')
    content = (
      <div role="alert" className="text-sm text-red-800">
        <p>{t('subscribe.quotesFailed')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
          {t('billing.retry')}
        </Button>
      </div>
    );
  else
    content = (
      <ul className="grid gap-3 sm:grid-cols-2">
        {offeredQuotes(quotes).map((quote) => {
          const plan = planById(quote.plan);
          const price = priceOf(plan);
          const name = t(`plans.${plan.id}.name`);
          return (
            <li
              key={plan.id}
              className={`flex flex-col rounded-xl border p-4 ${plan.popular ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">{name}</h3>
                {plan.popular && (
                  <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">{t('plans.popular')}</span>
                )}
              </div>
              <p className="mt-2 flex flex-wrap items-baseline gap-x-1">
                <span className="text-2xl font-bold text-slate-900" dir="ltr">
                  {price.main}
                </span>
                <span className="text-sm text-slate-600">{t('plans.perMonth')}</span>
              </p>
              {price.approximate && (
                <p className="text-xs text-slate-600" dir="ltr">
                  {price.approximate}
                </p>
              )}
              <p className="mt-2 text-sm font-medium text-slate-900">
                {quote.total > 0 ? (
                  <>
                    {t('billing.changeDialog.dueToday')} <span dir="ltr">{formatMinorAmount(quote.total, quote.currency, language)}</span>
                  </>
                ) : (
                  t('billing.changeDialog.noCharge')
                )}
              </p>
              <p className="text-xs text-slate-600">
                {quote.kind === 'downgrade'
                  ? t('billing.changeDialog.startsOn', { date: dateOf(quote.startsAt) })
                  : quote.kind === 'upgrade'
                    ? t('billing.changeDialog.upgradeNote', { date: dateOf(quote.periodEnds) })
                    : null}
              </p>
              <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                <li>{t('plans.features.agents', { count: plan.limits.agents })}</li>
                <li>{t(proposalsFeature(plan).key, proposalsFeature(plan).values)}</li>
                {plan.features.some((f) => f.key === 'prioritySupport' && f.included) && <li>{t('plans.features.prioritySupport')}</li>}
              </ul>
              <Button
                variant={plan.popular ? 'primary' : 'secondary'}
                className="mt-4 w-full"
                onClick={() => {
                  onClose();
                  navigate(`/subscribe?plan=${plan.id}`, { state: { selectedPlan: plan.id as PaidPlanId, isChangingPlan: paying } });
                }}
              >
                {t('billing.changeDialog.chooseNamed', { plan: name })}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={paying ? t('billing.changeDialog.title') : t('billing.changeDialog.chooseTitle')}
      description={t('billing.changeDialog.description')}
      size="lg"
    >
      {content}
    </Dialog>
  );
}

/** Cancel: 'Keep My Plan' / 'Yes, Cancel', then cancelling, the success toast, and the dialog closes. */
export function CancelDialog({
  open,
  onClose,
  subscription,
  onCanceled,
}: {
  open: boolean;
  onClose: () => void;
  subscription: Subscription;
  onCanceled: (next: Subscription) => void;
}) {
  const api = useApi();
  const { t, language } = useBillingT();
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = t(`plans.${planById(subscription.plan).id}.name`);
  const until = subscription.status === 'grace' ? null : subscription.currentPeriodEnds;

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post('/plans/cancel', undefined, cancelSubscriptionResponseSchema);
      if (!answer.status) throw new Error(answer.message);
      toast({ variant: 'success', title: t('billing.cancel.successTitle'), description: t('billing.cancel.success') });
      onCanceled(answer.data);
      setBusy(false);
      onClose();
    } catch (failure) {
      const message = billingErrorText(t, language, failure, t('billing.cancel.failed'));
      setError(message);
      toast({ variant: 'destructive', title: t('billing.cancel.failedTitle'), description: message });
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      role="alertdialog"
      dismissOnOutsideClick={false}
      initialFocus={keep}
      title={t('billing.cancel.title')}
      description={
        until
          ? t('billing.cancel.description', {
              plan,
              date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(until)),
            })
          : t('billing.cancel.descriptionNow', { plan })
      }
      footer={
        <>
          <button ref={keep} type="button" className={buttonClass('secondary')} onClick={close} disabled={busy}>
            {t('billing.cancel.keep')}
          </button>
          <Button variant="danger" busy={busy} onClick={() => void cancel()}>
            {busy ? t('billing.cancel.cancelling') : t('billing.cancel.confirm')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{t('billing.cancel.agentsNote')}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </Dialog>
  );
}
