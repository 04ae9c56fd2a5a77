import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PlatformType } from '@shared/schemas/user';
import { supportedLanguage } from '@shared/languages';
import { AuthCard } from './AuthCard';
import { AuthEmailField, AuthPasswordField } from './AuthFields';
import { AuthForm } from './AuthForm';
import { GoogleButton, GoogleNotice } from './GoogleSignIn';
import { useAuthFields } from './use-auth-fields';
import { linkClass } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { TaggedText } from '../../ui/TaggedText';
import { useAuth } from '../../session/session-provider';
import { checkForm, prefetchAuthSchemas } from './auth-schemas';
import { authPagePath, destinationFrom, destinationOrDefault, saveDestination } from '../../lib/destination';
import { fieldErrors } from '../../lib/form-errors';
import { isPlanId, saveSelectedPlan } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { isApiError } from '../../lib/api';
import { toast } from '../../stores/toast';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/register`: email, password, platform; `?ref=` is the referral code. Where the user meant to go
 * (`?next=`, or `/subscribe?plan=` for `?plan=`) is kept through onboarding and verification, and
 * is where a signed-in user is sent at once.
 */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const { describe, tt } = useErrorText();
  const { signUp, user, loading } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planParam = params.get('plan');
  const plan = isPlanId(planParam) ? planParam : null;
  const referralCode = params.get('ref')?.trim() || undefined;
  const destination = destinationFrom(`?${params}`) ?? (plan ? `/subscribe?${new URLSearchParams({ plan })}` : null);
  const signingUp = useRef(false);

  const { values, errors, setErrors, bind } = useAuthFields({ email: '', password: '' });
  const [platformType, setPlatformType] = useState<PlatformType>('upwork');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (plan) saveSelectedPlan(plan);
  }, [plan]);

  const submit = async () => {
    setBusy(true);
    try {
      const body = await checkForm(
        (schemas) => schemas.signupBodySchema,
        {
          ...values,
          platformType,
          referralCode,
          language: supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en',
          timeZone: browserTimeZone(),
        },
        setErrors,
        tt,
      );
      if (!body) return;
      signingUp.current = true;
      const created = await signUp(body);
      saveDestination(destination);
      toast({
        variant: 'success',
        title: t('auth.register.successTitle'),
        description: t('auth.register.successBody', { email: created.email }),
      });
      navigate('/onboarding', { state: { email: created.email, platformType: created.platformType ?? platformType, plan } });
    } catch (error) {
      signingUp.current = false;
      if (isApiError(error) && error.details?.issues?.length) setErrors(fieldErrors(tt, error.details.issues));
      toast({
        variant: 'destructive',
        title: t('auth.register.failedTitle'),
        description: describe(error, t('auth.register.failedTitle')),
      });
    } finally {
      setBusy(false);
    }
  };

  if (!loading && user && !signingUp.current) return <Navigate to={destinationOrDefault(destination)} replace />;

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to={authPagePath('/login', destination)} className={linkClass}>
            {t('auth.register.signIn')}
          </Link>
        </>
      }
    >
      <GoogleNotice reason={params.get('google')} />
      <AuthForm onSubmit={submit} prepare={prefetchAuthSchemas} submitLabel={t('auth.register.submit')} busy={busy}>
        <AuthEmailField field={bind('email')} />
        <AuthPasswordField field={bind('password')} purpose="new" hint={t('auth.passwordHint')} />
        <SelectField
          label={t('auth.register.platform')}
          name="platformType"
          required
          value={platformType}
          onChange={(e) => setPlatformType(e.target.value === 'freelancer' ? 'freelancer' : 'upwork')}
          error={errors.platformType}
        >
          <option value="upwork">{t('platform.upwork')}</option>
          <option value="freelancer">{t('platform.freelancer')}</option>
        </SelectField>
        <p className="text-sm text-slate-600">
          <TaggedText
            text={t('auth.register.agree')}
            tags={{
              terms: <Link to="/service" className={linkClass} />,
              privacy: <Link to="/privacy" className={linkClass} />,
            }}
          />
        </p>
      </AuthForm>
      <GoogleButton intent="signup" next={destination} platformType={platformType} referralCode={referralCode} />
    </AuthCard>
  );
}
