import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { validationMessages } from '@shared/validation-messages';
import { AuthCard } from './AuthCard';
import { AuthCodeField, AuthEmailField, AuthPasswordField } from './AuthFields';
import { AuthForm } from './AuthForm';
import { useAuthFields } from './use-auth-fields';
import { Button, linkClass } from '../../ui/Button';
import { cleanCode } from './code';
import { codeRejectionText } from './code-rejection';
import { ignoreAnswer, isApiError } from '../../lib/api';
import { loadAuthSchemas, prefetchAuthSchemas } from './auth-schemas';
import { fieldErrors, translateValidation } from '../../lib/form-errors';
import { stateEmail } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useApi } from '../../session/session-provider';

/** Answers meaning the code itself was refused: back to step 1. */
const CODE_ERRORS = new Set(['invalid_code', 'code_expired', 'too_many_attempts']);
export const REDIRECT_DELAY_MS = 1500;

/**
 * `/verify-reset-code` and `/reset-password`: step 1 the six-digit code (format check only, the
 * server checks it with the new password), step 2 the new password; then /login after 1.5 s.
 * `/reset-password?email=&code=` (the link in the reset mail) fills both in.
 */
export default function ResetPasswordPage() {
  const api = useApi();
  const { t } = useTranslation();
  const { describe, tt } = useErrorText();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [params] = useSearchParams();
  const knownEmail = stateEmail(state) ?? (params.get('email')?.trim() || null);
  const linkCode = cleanCode(params.get('code') ?? '');

  const { values, setErrors, set, bind } = useAuthFields({ email: knownEmail ?? '', code: linkCode, password: '', confirm: '' });
  const { email, code, password, confirm } = values;
  const [step, setStep] = useState<'code' | 'password'>(knownEmail && linkCode.length === 6 ? 'password' : 'code');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const continueToPassword = async () => {
    let rules: Awaited<ReturnType<typeof loadAuthSchemas>>;
    try {
      rules = await loadAuthSchemas();
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.reset.failedTitle'), description: describe(error, t('auth.reset.failedBody')) });
      return;
    }
    const { anyEmailSchema, codeSchema } = rules;
    const next: Record<string, string> = {};
    const emailResult = anyEmailSchema.safeParse(email);
    if (!emailResult.success)
      Object.assign(
        next,
        fieldErrors(
          tt,
          emailResult.error.issues.map((i) => ({ ...i, path: ['email'] })),
        ),
      );
    const codeResult = codeSchema.safeParse(code);
    if (!codeResult.success)
      Object.assign(
        next,
        fieldErrors(
          tt,
          codeResult.error.issues.map((i) => ({ ...i, path: ['code'] })),
        ),
      );
    setErrors(next);
    if (Object.keys(next).length === 0) setStep('password');
  };

  const submit = async () => {
    setBusy(true);
    try {
      const { passwordSchema } = await loadAuthSchemas();
      const next: Record<string, string> = {};
      const passwordResult = passwordSchema.safeParse(password);
      if (!passwordResult.success)
        Object.assign(
          next,
          fieldErrors(
            tt,
            passwordResult.error.issues.map((i) => ({ ...i, path: ['password'] })),
          ),
        );
      if (confirm !== password) next.confirm = translateValidation(tt, validationMessages.passwordsMismatch);
      setErrors(next);
      if (Object.keys(next).length > 0) return;
      await api.post('/auth/reset-password', { email: email.trim().toLowerCase(), code, password }, ignoreAnswer);
      setDone(true);
      toast({ variant: 'success', title: t('auth.reset.successTitle'), description: t('auth.reset.successBody') });
      redirectTimer.current = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      if (isApiError(error) && CODE_ERRORS.has(error.code)) {
        const message = codeRejectionText(tt, error, describe(error, t('auth.reset.codeRejectedBody')));
        setStep('code');
        set('code', '');
        setErrors({ code: message });
        toast({ variant: 'destructive', title: t('auth.reset.codeRejectedTitle'), description: message });
      } else {
        if (isApiError(error) && error.details?.issues?.length) setErrors(fieldErrors(tt, error.details.issues));
        toast({ variant: 'destructive', title: t('auth.reset.failedTitle'), description: describe(error, t('auth.reset.failedBody')) });
      }
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <Link to="/login" className={linkClass}>
      {t('auth.forgot.backToLogin')}
    </Link>
  );

  if (step === 'code') {
    return (
      <AuthCard
        title={t('auth.reset.title')}
        subtitle={knownEmail ? t('auth.reset.codeBody', { email: knownEmail }) : t('auth.reset.codeBodyNoEmail')}
        footer={footer}
      >
        <AuthForm
          onSubmit={continueToPassword}
          prepare={prefetchAuthSchemas}
          submitLabel={t('auth.reset.continue')}
          after={
            <p className="text-center text-sm">
              <Link to="/forgot-password" className={linkClass}>
                {t('auth.reset.requestNew')}
              </Link>
            </p>
          }
        >
          {!knownEmail && <AuthEmailField field={bind('email')} />}
          <AuthCodeField field={bind('code')} label={t('auth.reset.code')} autoFocus={!!knownEmail} />
        </AuthForm>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.passwordBody', { email: email.trim() })} footer={footer}>
      <AuthForm
        onSubmit={submit}
        prepare={prefetchAuthSchemas}
        submitLabel={t('auth.reset.submit')}
        busy={busy}
        disabled={done}
        after={
          <Button
            variant="ghost"
            className="w-full"
            disabled={busy || done}
            onClick={() => {
              setErrors({});
              setStep('code');
            }}
          >
            {t('auth.reset.changeCode')}
          </Button>
        }
      >
        <AuthPasswordField
          field={bind('password')}
          label={t('auth.reset.newPassword')}
          purpose="new"
          hint={t('auth.passwordHint')}
          autoFocus
        />
        <AuthPasswordField field={bind('confirm')} label={t('auth.reset.confirmPassword')} name="confirm" purpose="new" />
      </AuthForm>
    </AuthCard>
  );
}
