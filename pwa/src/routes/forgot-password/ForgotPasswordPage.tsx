import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { emailOnlyBodySchema, type CooldownResponse } from '@shared/schemas/auth';
import { AuthCard } from '../../components/AuthCard';
import { Button, ButtonLink, linkClass } from '../../components/Button';
import { EmailField } from '../../components/Field';
import { api } from '../../app/session';
import { fieldErrors, withoutError } from '../../lib/form-errors';
import { stateEmail } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';

/**
 * `/forgot-password`: asks for a reset code, then goes to /verify-reset-code with the email. The
 * page's own history entry is turned into the confirmation view first, so Back returns to it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { describe, tt } = useErrorText();
  const navigate = useNavigate();
  const { state } = useLocation();
  const sentTo = state && typeof state === 'object' && (state as { sent?: unknown }).sent === true ? stateEmail(state) : null;

  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailOnlyBodySchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(tt, parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.post<CooldownResponse>('/auth/reset-password-request', parsed.data);
      toast({ variant: 'success', title: t('auth.forgot.successTitle'), description: t('auth.forgot.sentBody', { email: parsed.data.email }) });
      navigate('.', { replace: true, state: { sent: true, email: parsed.data.email } });
      navigate('/verify-reset-code', { state: { email: parsed.data.email } });
    } catch (error) {
      toast({ variant: 'destructive', title: t('auth.forgot.failed'), description: describe(error, t('auth.forgot.failed')) });
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')} subtitle={t('auth.forgot.sentBody', { email: sentTo })}>
        <div className="flex flex-col gap-3">
          <ButtonLink to="/verify-reset-code" state={{ email: sentTo }} className="w-full">
            {t('auth.forgot.enterCode')}
          </ButtonLink>
          <ButtonLink to="/login" variant="secondary" className="w-full">
            {t('auth.forgot.backToLogin')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Link to="/login" className={linkClass}>
          {t('auth.forgot.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        <EmailField
          value={email}
          error={errors.email}
          onValue={(value) => {
            setEmail(value);
            setErrors(withoutError('email'));
          }}
        />
        <Button type="submit" busy={busy} className="w-full">
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
