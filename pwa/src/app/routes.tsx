import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, createRoutesFromElements, matchRoutes, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../ui/Spinner';
import { ProtectedRoute } from './ProtectedRoute';
import { screen, screensIn, type Screen } from './screens';
import { warmScreens } from './warm-screens';

// One chunk per screen, loaded with the string bundles it shows (shared/src/locale-bundles.ts).
const HomePage = screen('marketing/HomePage.tsx', ['public']);
const FeaturesPage = screen('marketing/FeaturesPage.tsx', ['public']);
const PricingPage = screen('marketing/PricingPage.tsx', ['public']);
const PrivacyPage = screen('legal/PrivacyPage.tsx', ['legal']);
const TermsPage = screen('legal/TermsPage.tsx', ['legal']);
const SupportPage = screen('support/SupportPage.tsx', ['support', 'auth', 'billing']);
const LoginPage = screen('auth/LoginPage.tsx', ['auth']);
const RegisterPage = screen('auth/RegisterPage.tsx', ['auth']);
const VerifyEmailPage = screen('auth/VerifyEmailPage.tsx', ['auth']);
const ForgotPasswordPage = screen('auth/ForgotPasswordPage.tsx', ['auth']);
const ResetPasswordPage = screen('auth/ResetPasswordPage.tsx', ['auth']);
const OnboardingPage = screen('onboarding/OnboardingPage.tsx', ['onboarding', 'auth', 'search', 'settings', 'app']);
const PaymentVerificationPage = screen('billing/PaymentVerificationPage.tsx', ['billing']);
const TelegramCallbackPage = screen('settings/TelegramCallbackPage.tsx', ['settings']);
const GoogleCallbackPage = screen('auth/GoogleCallbackPage.tsx', ['auth']);
const GoogleLinkPage = screen('auth/GoogleLinkPage.tsx', ['auth']);
const KeepAccountPage = screen('auth/KeepAccountPage.tsx', ['auth']);
const SubscribePage = screen('billing/SubscribePage.tsx', ['billing']);
// Opened at a signed-in path, the sync runtime (and Dexie) is fetched while the session is checked.
// The sync notices name the fields of a conflict by labels in the app strings: no screen here needs `settings`.
const DashboardLayout = screen('../app/DashboardLayout.tsx', ['app'], () => import('../sync/app-sync'));
const DashboardPage = screen('dashboard/DashboardPage.tsx', ['app']);
const AgentsListPage = screen('agents/AgentsListPage.tsx', ['app']);
// The inbox shows the proposals' cards as the agent page does (their match reasons and red flags: `search`).
const InboxPage = screen('agents/InboxPage.tsx', ['app', 'search']);
const AgentCreatePage = screen('agents/AgentCreatePage.tsx', ['app']);
const AgentDetailPage = screen('agents/AgentDetailPage.tsx', ['app', 'search']);
const SearchPage = screen('search/SearchPage.tsx', ['search', 'settings', 'auth']);
const BillingPage = screen('billing/BillingPage.tsx', ['billing', 'app']);
const ReferralsPage = screen('billing/ReferralsPage.tsx', ['billing', 'app']);
const IntegrationsPage = screen('settings/IntegrationsPage.tsx', ['settings', 'auth']);
const SettingsPage = screen('settings/SettingsPage.tsx', ['settings', 'billing', 'auth', 'app']);
const NotFoundPage = screen('not-found/NotFoundPage.tsx', []);

function Guarded({ children }: { children: ReactNode }) {
  return <ProtectedRoute warm={warmSignedIn}>{children}</ProtectedRoute>;
}

let warming: (() => void) | null = null;

/** Signed in: the signed-in screens' code and strings, fetched while the browser is idle (once per page load). */
function warmSignedIn(language: string) {
  warming ??= warmScreens(signedInScreens(), language);
}

/** The specification's routes (part 1 and the signed-in area of part 2). */
const ROUTES = (
  <>
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
    {/* Sign in with Google: the provider's return, and the proof an existing account gives before Google is linked. */}
    <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
    <Route path="/auth/google/link" element={<GoogleLinkPage />} />
    {/* The mailed link that keeps an account whose deletion is pending (its session ended: unguarded). */}
    <Route path="/account/keep" element={<KeepAccountPage />} />
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
      <Route path="/dashboard/inbox" element={<InboxPage />} />
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
  </>
);

/** Every screen of the routes, each once. */
export function allScreens(): Screen[] {
  const walk = (routes: RouteObject[]): Screen[] => routes.flatMap((route) => [...screensIn(route.element), ...walk(route.children ?? [])]);
  return [...new Set(walk(createRoutesFromElements(ROUTES)))];
}

/** The signed-in layout and every screen inside it (the dashboard, agents, search, billing, settings…). */
export function signedInScreens(): Screen[] {
  const layouts = createRoutesFromElements(ROUTES).filter((route) => (route.children ?? []).length > 0);
  return [
    ...new Set(
      layouts.flatMap((layout) => [...screensIn(layout.element), ...(layout.children ?? []).flatMap((route) => screensIn(route.element))]),
    ),
  ];
}

/** The screens a path shows (a layout and its page), to fetch them at start-up beside everything else. */
export function screensForPath(pathname: string): Screen[] {
  const matches = matchRoutes(createRoutesFromElements(ROUTES), pathname) ?? [];
  return matches.flatMap((match) => screensIn(match.route.element));
}

export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
      <Routes>{ROUTES}</Routes>
      <TakenOver />
    </Suspense>
  );
}

/**
 * `<html data-hydrated>` once the app has taken over the page, its screen included (a prerendered
 * page's buttons work from then on, and its country's language may be switched to: main.tsx). Inside
 * the screens' boundary, so it is set when that boundary has hydrated too: the shell around it hydrates
 * first while the screen's chunk still loads, and a language switched then made the screen hydrate in
 * another language than its markup (React's error 418, the page rendered again whole).
 */
function TakenOver(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
