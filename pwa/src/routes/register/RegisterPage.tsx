import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { signupBodySchema } from '@shared/schemas/auth';
import type { PlatformType } from '@shared/schemas/user';
import { supportedLanguage } from '@shared/languages';
import { AuthCard } from '../../components/AuthCard';
import { Button, linkClass } from '../../components/Button';
import { PasswordField, SelectField, EmailField } from '../../components/Field';
import { useAuth } from '../../app/auth-provider';
import { fieldErrors, withoutError } from '../../lib/form-errors';
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

/** `/register`: email, password, platform; `?plan=` is kept through the flow, `?ref=` is the referral code. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const { describe, tt } = useErrorText();
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planParam = params.get('plan');
  const plan = isPlanId(planParam) ? planParam : null;
  const referralCode = params.get('ref')?.trim() || undefined;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [platformType, setPlatformType] = useState<PlatformType>('upwork');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (plan) saveSelectedPlan(plan);
  }, [plan]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signupBodySchema.safeParse({
      email,
      password,
      platformType,
      referralCode,
      language: supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en',
      timeZone: browserTimeZone(),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(tt, parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await signUp(parsed.data);
      toast({ variant: 'success', title: t('auth.register.successTitle'), description: t('auth.register.successBody', { email: user.email }) });
      navigate('/onboarding', { state: { email: user.email, platformType: user.platformType ?? platformType, plan } });
    } catch (error) {
      if (isApiError(error) && error.details?.issues?.length) setErrors(fieldErrors(tt, error.details.issues));
      toast({ variant: 'destructive', title: t('auth.register.failedTitle'), description: describe(error, t('auth.register.failedTitle')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className={linkClass}>
            {t('auth.register.signIn')}
          </Link>
        </>
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
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors(withoutError('password'));
          }}
          error={errors.password}
          hint={t('auth.passwordHint')}
        />
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
          <Trans
            i18nKey="auth.register.agree"
            components={{
              terms: <Link to="/service" className={linkClass} />,
              privacy: <Link to="/privacy" className={linkClass} />,
            }}
          />
        </p>
        <Button type="submit" busy={busy} className="w-full">
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
