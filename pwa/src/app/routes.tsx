import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/Spinner';
import HomePage from '../routes/home/HomePage';
import { ProtectedRoute } from './ProtectedRoute';

// One chunk per screen; the home page ships with the entry because it is the landing page.
const LoginPage = lazy(() => import('../routes/login/LoginPage'));
const RegisterPage = lazy(() => import('../routes/register/RegisterPage'));
const OnboardingPage = lazy(() => import('../routes/onboarding/OnboardingPage'));
const SettingsPage = lazy(() => import('../routes/settings/SettingsPage'));
const IntegrationsPage = lazy(() => import('../routes/integrations/IntegrationsPage'));
const TelegramCallbackPage = lazy(() => import('../routes/telegram-callback/TelegramCallbackPage'));
const VerifyEmailPage = lazy(() => import('../routes/verify-email/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('../routes/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../routes/reset-password/ResetPasswordPage'));
const SubscribePage = lazy(() => import('../routes/subscribe/SubscribePage'));
const DashboardLayout = lazy(() => import('./DashboardLayout'));
const DashboardPage = lazy(() => import('../routes/dashboard/DashboardPage'));
const AgentsListPage = lazy(() => import('../routes/agents/AgentsListPage'));
const AgentCreatePage = lazy(() => import('../routes/agents/AgentCreatePage'));
const AgentDetailPage = lazy(() => import('../routes/agents/AgentDetailPage'));
const SearchPage = lazy(() => import('../routes/search/SearchPage'));
const PaymentVerificationPage = lazy(() => import('../routes/payment-verification/PaymentVerificationPage'));
const BillingPage = lazy(() => import('../routes/billing/BillingPage'));
const ReferralsPage = lazy(() => import('../routes/referrals/ReferralsPage'));
const SupportPage = lazy(() => import('../routes/support/SupportPage'));
const NotFoundPage = lazy(() => import('../routes/not-found/NotFoundPage'));
const FeaturesPage = lazy(() => import('../routes/features/FeaturesPage'));
const PricingPage = lazy(() => import('../routes/pricing/PricingPage'));
const PrivacyPage = lazy(() => import('../routes/privacy/PrivacyPage'));
const TermsPage = lazy(() => import('../routes/service/TermsPage'));

function Guarded({ children }: { children: ReactNode }) {
  return <ProtectedRoute>{children}</ProtectedRoute>;
}

/** The specification's routes (part 1 and the signed-in area of part 2). */
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/features" element={<FeaturesPage />} />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/service" element={<TermsPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route
          path="/onboarding"
          element={
            <Guarded>
              <OnboardingPage />
            </Guarded>
          }
        />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/verify-reset-code" element={<ResetPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route
          path="/payment-verification"
          element={
            <Guarded>
              <PaymentVerificationPage />
            </Guarded>
          }
        />
        {/* Unguarded: it also signs in a user whose Telegram account is linked. */}
        <Route path="/auth/telegram-callback" element={<TelegramCallbackPage />} />
        <Route
          path="/subscribe"
          element={
            <Guarded>
              <SubscribePage />
            </Guarded>
          }
        />
        {/* The signed-in layout (sidebar, sync status) around every dashboard screen and settings. */}
        <Route
          element={
            <Guarded>
              <DashboardLayout />
            </Guarded>
          }
        >
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/dashboard/automations" element={<AgentsListPage />} />
          <Route path="/dashboard/job-agents" element={<AgentsListPage />} />
          <Route path="/dashboard/automations/new" element={<AgentCreatePage />} />
          <Route path="/dashboard/automations/create" element={<AgentCreatePage />} />
          <Route path="/dashboard/automations/:id" element={<AgentDetailPage />} />
          <Route path="/dashboard/search" element={<SearchPage />} />
          <Route path="/dashboard/billing" element={<BillingPage />} />
          <Route path="/dashboard/referrals" element={<ReferralsPage />} />
          <Route path="/dashboard/email" element={<IntegrationsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
