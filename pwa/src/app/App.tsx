import { BrowserRouter } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Toaster } from '../ui/Toaster';
import { SyncStarter } from './use-sync-starter';
import { SessionProvider } from '../session/session-provider';
import { PageTitle } from './PageTitle';
import { session } from './session';
import { AppRoutes } from './routes';
import { TopBar } from './TopBar';
import { OfflineNotice, UpdatePrompt } from './UpdatePrompt';

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t('common.skipToContent')}
    </a>
  );
}

/** Everything inside the router: the browser wraps it in a BrowserRouter, the prerender in a StaticRouter. */
export function AppShell() {
  return (
    <SessionProvider session={session}>
      <SkipLink />
      <PageTitle />
      <TopBar />
      <SyncStarter />
      <AppRoutes />
      <OfflineNotice />
      <Toaster />
      <UpdatePrompt />
    </SessionProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
