import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './AuthCard';
import { AuthEmailField } from './AuthFields';
import { AuthForm } from './AuthForm';
import { useAuthFields } from './use-auth-fields';
import { ButtonLink, linkClass } from '../../ui/Button';
import { checkForm, prefetchAuthSchemas } from './auth-schemas';
import { stateEmail } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useApi } from '../../session/session-provider';
import { ignoreAnswer } from '../../lib/api';

/**
 * `/forgot-password`: asks for a reset code, then goes to /verify-reset-code with the email. The
 * page's own history entry is turned into the confirmation view first, so Back returns to it.
 */
export default function ForgotPasswordPage() {
  const api = useApi();
  const { t } = useTranslation();
  const { describe, tt } = useErrorText();
  const navigate = useNavigate();
  const { state } = useLocation();
  const sentTo = state && typeof state === 'object' && (state as { sent?: unknown }).sent === true ? stateEmail(state) : null;

  const { values, setErrors, bind } = useAuthFields({ email: '' });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      const body = await checkForm((schemas) => schemas.emailOnlyBodySchema, values, setErrors, tt);
      if (!body) return;
      await api.post('/auth/reset-password-request', body, ignoreAnswer);
      toast({ variant: 'success', title: t('auth.forgot.successTitle'), description: t('auth.forgot.sentBody', { email: body.email }) });
      navigate('.', { replace: true, state: { sent: true, email: body.email } });
      navigate('/verify-reset-code', { state: { email: body.email } });
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
      <AuthForm onSubmit={submit} prepare={prefetchAuthSchemas} submitLabel={t('auth.forgot.submit')} busy={busy}>
        <AuthEmailField field={bind('email')} />
      </AuthForm>
    </AuthCard>
  );
}
