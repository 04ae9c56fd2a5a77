import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../ui/Spinner';
import { authPagePath } from '../lib/destination';
import { useAuth } from '../session/session-provider';
import { loadAllStrings } from './i18n';

/**
 * Spec section 2: a centred spinner while the session loads, the content when signed in, else
 * /login, which carries the path the visitor opened (`?next=`) to go on to after signing in.
 */
export function ProtectedRoute({
  children,
  warm,
}: {
  children: ReactNode;
  /** Signed in: fetch the signed-in screens ahead, while idle (routes.tsx), so their first visit is quick. */
  warm?: (language: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  // Signed in, every screen's strings in this language are fetched (and cached by the service
  // worker): the whole app then works offline, not only the screens seen online.
  useEffect(() => {
    if (!isAuthenticated) return;
    void loadAllStrings().catch((error: unknown) => console.warn('[i18n] strings not all loaded', error));
    warm?.(i18n.resolvedLanguage ?? i18n.language);
  }, [isAuthenticated, warm, i18n]);
  if (loading) return <PageSpinner label={t('guard.loading')} />;
  if (!isAuthenticated) return <Navigate to={authPagePath('/login', `${location.pathname}${location.search}${location.hash}`)} replace />;
  return <>{children}</>;
}
