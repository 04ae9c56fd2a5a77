import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { verifyPaymentResponseSchema } from '@shared/schemas/billing';
import { ButtonLink, linkClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { billingMessageKey } from './billing-errors';
import { toast } from '../../stores/toast';
import { billingErrorText, useBillingT } from './billing-data';
import { readPendingPayment } from './pending-payment';
import { useApi } from '../../session/session-provider';

/** The specification's delay before the dashboard after a successful payment. */
export const SUCCESS_REDIRECT_MS = 1500;
/** A payment the provider has not settled yet is asked about again this often, this many times. */
const PENDING_RETRY_MS = 2000;
const PENDING_TRIES = 5;

type View = { state: 'loading' } | { state: 'success'; discount: boolean; changing: boolean } | { state: 'failed'; message: string };

/**
 * `/payment-verification?reference=` (Paystack also sends `trxref`): asks the server for the
 * payment's result; success (with the referral note), then the dashboard after 1.5 s; failure with
 * Try Again and a support link.
 */
export default function PaymentVerificationPage() {
  const api = useApi();
  const { t, language } = useBillingT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reference = (params.get('reference') ?? params.get('trxref') ?? '').trim();
  const [view, setView] = useState<View>(() =>
    reference ? { state: 'loading' } : { state: 'failed', message: t('payment.verify.referenceNotFound') },
  );
  const announced = useRef(false);

  useEffect(() => {
    if (!reference) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (tries: number) => {
      try {
        const answer = await api.get(`/payments/verify/${encodeURIComponent(reference)}`, verifyPaymentResponseSchema, {
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        if (answer.status) {
          const changing = readPendingPayment(reference)?.isChangingPlan ?? false;
          setView({ state: 'success', discount: answer.metadata?.discount_applied === true, changing });
          return;
        }
        if (answer.data?.status === 'pending' && tries > 1) {
          timer = setTimeout(() => void check(tries - 1), PENDING_RETRY_MS);
          return;
        }
        const key = billingMessageKey(answer.message);
        setView({ state: 'failed', message: key ? t(key) : answer.message || t('payment.verify.failed') });
      } catch (error) {
        if (controller.signal.aborted) return;
        setView({ state: 'failed', message: billingErrorText(t, language, error, t('payment.verify.error')) });
      }
    };
    void check(PENDING_TRIES);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
    // Verified once per reference; a language change does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference]);

  useEffect(() => {
    if (view.state !== 'success') return;
    if (!announced.current) {
      announced.current = true;
      toast({
        variant: 'success',
        title: view.changing ? t('payment.verify.changedTitle') : t('payment.verify.successTitle'),
        description: t('payment.verify.success'),
      });
    }
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [view, navigate, t]);

  return (
    <div className="min-h-dvh bg-slate-50">
      {/* The site's top bar (fixed, with its language switcher) shows on this path. */}
      <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 pt-24 pb-10 focus:outline-none">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
          {view.state === 'loading' && (
            <>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('payment.verify.title')}</h1>
              <div className="mt-8 flex flex-col items-center gap-4 text-slate-700">
                <Spinner label={t('payment.verify.loading')} />
                <p aria-hidden="true">{t('payment.verify.loading')}</p>
              </div>
            </>
          )}
          {view.state === 'success' && (
            <div role="status">
              <span
                aria-hidden="true"
                className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-8"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              </span>
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
                {view.changing ? t('payment.verify.changedTitle') : t('payment.verify.successTitle')}
              </h1>
              <p className="mt-3 text-slate-700">{t('payment.verify.success')}</p>
              {view.discount && (
                <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">{t('payment.verify.discount')}</p>
              )}
              <p className="mt-4 text-sm text-slate-600">{t('payment.verify.redirecting')}</p>
              <ButtonLink to="/dashboard" replace className="mt-6 w-full sm:w-auto">
                {t('payment.verify.goToDashboard')}
              </ButtonLink>
            </div>
          )}
          {view.state === 'failed' && (
            <>
              <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
                <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                  <path d="M7 7l10 10M17 7L7 17" />
                </svg>
              </span>
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t('payment.verify.failedTitle')}</h1>
              <p role="alert" className="mt-3 text-slate-700">
                {view.message}
              </p>
              <p className="mt-2 text-sm text-slate-600">{t('payment.verify.failedHelp')}</p>
              <div className="mt-6 flex flex-col items-center gap-4">
                <ButtonLink to="/subscribe" className="w-full sm:w-auto">
                  {t('payment.verify.tryAgain')}
                </ButtonLink>
                <Link to="/support" className={`${linkClass} text-sm`}>
                  {t('payment.verify.contactSupport')}
                </Link>
              </div>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
