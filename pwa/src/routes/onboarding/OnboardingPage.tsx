import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { ButtonLink } from '../../components/Button';
import { useAuth } from '../../app/auth-provider';
import { selectedPlan, stateEmail } from '../../lib/selected-plan';

/**
 * `/onboarding`: the four-step setup comes with a later issue. Until then it sends the new user
 * on to the email code, carrying the email (and the chosen plan) in router state.
 */
export default function OnboardingPage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const { user } = useAuth();
  const email = stateEmail(state) ?? user?.email ?? null;
  const plan = selectedPlan(state);
  return (
    <AuthCard title={t('auth.onboarding.title')} subtitle={email ? t('auth.onboarding.body', { email }) : t('auth.onboarding.bodyNoEmail')}>
      <ButtonLink to="/verify-email" state={{ email, plan }} className="w-full">
        {t('auth.onboarding.action')}
      </ButtonLink>
    </AuthCard>
  );
}
