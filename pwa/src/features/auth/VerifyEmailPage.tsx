import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_SECONDS } from '@shared/auth-limits';
import type { CooldownResponse } from '@shared/schemas/auth';
import { AuthCard } from './AuthCard';
import { AuthCodeField, AuthEmailField } from './AuthFields';
import { AuthForm } from './AuthForm';
import { useAuthFields } from './use-auth-fields';
import { Button, ButtonLink } from '../../ui/Button';
import { useAuth, useApi } from '../../session/session-provider';
import { ignoreAnswer, isApiError } from '../../lib/api';
import { guard, isRecord } from '../../lib/guards';
import { codeRejectionText } from './code-rejection';
import { clearDestination, destinationFrom, readDestination } from '../../lib/destination';
import { useCountdown } from './countdown';
import { checkForm, prefetchAuthSchemas } from './auth-schemas';
import { selectedPlan, stateEmail } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';

/**
 * `{ message, retryAfterSeconds }` of a resend, checked lightly (zod is not in this screen's
 * download); without the wait the screen counts down its own.
 */
const cooldownAnswer = guard(
  'a cooldown',
  (body): body is Partial<CooldownResponse> =>
    isRecord(body) && (body.retryAfterSeconds === undefined || typeof body.retryAfterSeconds === 'number'),
);

/**
 * `/verify-email`: the six-digit code from the sign-up mail; resend with a 60 s cooldown. Then where
 * the user meant to go (`?next=`, or kept since sign-up), else /subscribe. A signed-in user whose
 * address is already verified is told so, with the way on, and asked for nothing.
 */
export default function VerifyEmailPage() {
  const api = useApi();
  const { t } = useTranslation();
  const { describe, tt } = useErrorText();
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const { state, search } = useLocation();
  const destination = destinationFrom(search) ?? readDestination();
  const verifying = useRef(false);
  const knownEmail = stateEmail(state) ?? user?.email ?? null;
  const plan = selectedPlan(state);

  const { values, setErrors, bind } = useAuthFields({ email: knownEmail ?? '', code: '' });
  const { email } = values;
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // Sign-up has just sent a code, so the cooldown runs from the start.
  const cooldown = useCountdown(RESEND_COOLDOWN_SECONDS);

  const submit = async () => {
    setBusy(true);
    try {
      const body = await checkForm((schemas) => schemas.verifyEmailBodySchema, values, setErrors, tt);
      if (!body) return;
      verifying.current = true;
      await api.post('/auth/verify-email', body, ignoreAnswer);
      // The answer carries no account data: a signed-in user is read again.
      if (user) await refreshUser();
      toast({ variant: 'success', title: t('auth.verify.successTitle') });
      clearDestination();
      navigate(destination ?? (plan ? `/subscribe?plan=${encodeURIComponent(plan)}` : '/subscribe'));
    } catch (error) {
      verifying.current = false;
      const message = codeRejectionText(tt, error, describe(error, t('auth.verify.failedBody')));
      // Only the server's refusal (4xx) is about the code; a failed schema load, a lost connection or a server fault is not.
      if (isApiError(error) && error.status >= 400 && error.status < 500) setErrors({ code: message });
      toast({ variant: 'destructive', title: t('auth.verify.failedTitle'), description: message });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const address = await checkForm((schemas) => schemas.anyEmailSchema, email, setErrors, tt, 'email');
      if (address === undefined) return;
      const answer = await api.post('/auth/resend-verification', { email: address }, cooldownAnswer);
      cooldown.start(answer.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS);
      toast({ variant: 'success', title: t('auth.verify.resentTitle'), description: t('auth.verify.resentBody', { email: address }) });
    } catch (error) {
      const retryAfter = isApiError(error) ? error.details?.retryAfterSeconds : undefined;
      if (isApiError(error) && error.status === 429 && retryAfter !== undefined) cooldown.start(retryAfter);
      toast({ variant: 'destructive', title: t('auth.verify.resendFailed'), description: describe(error, t('auth.verify.resendFailed')) });
    } finally {
      setResending(false);
    }
  };

  if (user?.emailVerified && !verifying.current) {
    return (
      <AuthCard title={t('auth.verify.verifiedTitle')} subtitle={t('auth.verify.verifiedBody', { email: user.email })}>
        <ButtonLink to={destination ?? '/dashboard'} className="w-full">
          {destination ? t('auth.verify.continue') : t('auth.verify.continueDashboard')}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.verify.title')}
      subtitle={knownEmail ? t('auth.verify.body', { email: knownEmail }) : t('auth.verify.bodyNoEmail')}
    >
      <AuthForm onSubmit={submit} prepare={prefetchAuthSchemas} submitLabel={t('auth.verify.submit')} busy={busy}>
        {!knownEmail && <AuthEmailField field={bind('email')} />}
        <AuthCodeField field={bind('code')} label={t('auth.verify.code')} autoFocus={!!knownEmail} />
      </AuthForm>
      <div className="mt-6 flex flex-col items-center gap-2 border-t border-slate-200 pt-5">
        <Button variant="ghost" onClick={() => void resend()} disabled={cooldown.seconds > 0} busy={resending}>
          {t('auth.verify.resend')}
        </Button>
        {cooldown.seconds > 0 && <p className="text-sm text-slate-600">{t('auth.verify.resendIn', { seconds: cooldown.seconds })}</p>}
      </div>
    </AuthCard>
  );
}
