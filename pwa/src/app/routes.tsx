import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/Spinner';
import HomePage from '../routes/home/HomePage';
import type { PlaceholderKind } from '../routes/placeholder/PlaceholderPage';
import { ProtectedRoute } from './ProtectedRoute';

// One chunk per screen; the home page ships with the entry because it is the landing page.
const LoginPage = lazy(() => import('../routes/login/LoginPage'));
const RegisterPage = lazy(() => import('../routes/register/RegisterPage'));
const OnboardingPage = lazy(() => import('../routes/onboarding/OnboardingPage'));
const VerifyEmailPage = lazy(() => import('../routes/verify-email/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('../routes/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../routes/reset-password/ResetPasswordPage'));
const SubscribePage = lazy(() => import('../routes/subscribe/SubscribePage'));
const DashboardPage = lazy(() => import('../routes/dashboard/DashboardPage'));
const PlaceholderPage = lazy(() => import('../routes/placeholder/PlaceholderPage'));
const NotFoundPage = lazy(() => import('../routes/not-found/NotFoundPage'));
const FeaturesPage = lazy(() => import('../routes/features/FeaturesPage'));
const PricingPage = lazy(() => import('../routes/pricing/PricingPage'));
const PrivacyPage = lazy(() => import('../routes/privacy/PrivacyPage'));
const TermsPage = lazy(() => import('../routes/service/TermsPage'));

function Placeholder({ kind }: { kind: PlaceholderKind }) {
  return <PlaceholderPage kind={kind} />;
}

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
        <Route path="/support" element={<Placeholder kind="support" />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/onboarding" element={<OnboardingPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/verify-reset-code" element={<ResetPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/payment-verification" element={<Placeholder kind="paymentVerification" />} />
        <Route path="/auth/telegram-callback" element={<Placeholder kind="telegram" />} />
        <Route
          path="/subscribe"
          element={
            <Guarded>
              <SubscribePage />
            </Guarded>
          }
        />
        <Route
          path="/dashboard"
          element={
            <Guarded>
              <DashboardPage />
            </Guarded>
          }
        />
        <Route
          path="/dashboard/*"
          element={
            <Guarded>
              <Placeholder kind="dashboardSection" />
            </Guarded>
          }
        />
        <Route
          path="/settings"
          element={
            <Guarded>
              <Placeholder kind="settings" />
            </Guarded>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
