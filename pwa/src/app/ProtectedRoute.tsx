import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/Spinner';
import { useAuth } from './auth-provider';

/** Spec section 2: a centred spinner while the session loads, the content when signed in, else /login. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { loading, isAuthenticated } = useAuth();
  if (loading) return <PageSpinner label={t('guard.loading')} />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
