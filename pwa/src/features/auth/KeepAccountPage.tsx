import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageResponseSchema } from '@shared/schemas/auth';
import { Button, buttonClass } from '../../ui/Button';
import { useApi } from '../../session/session-provider';
import { useErrorText } from '../../lib/use-error-text';
import { AuthCard } from './AuthCard';

/**
 * `/account/keep?token=…`: the link in the mail a deletion sends. Opening it changes nothing (mail
 * scanners open links); the button calls the deletion off, and the user can sign in again.
 */
export default function KeepAccountPage() {
  const { t } = useTranslation();
  const { describe } = useErrorText();
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [kept, setKept] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const keep = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post('/account/deletion/cancel', { token }, messageResponseSchema);
      setKept(true);
    } catch (cause) {
      setError(describe(cause, t('auth.keep.failed')));
    } finally {
      setBusy(false);
    }
  };

  if (kept)
    return (
      <AuthCard title={t('auth.keep.keptTitle')} subtitle={t('auth.keep.keptBody')}>
        <p role="status" className="sr-only">
          {t('auth.keep.keptTitle')}
        </p>
        <Link to="/login" className={buttonClass('primary', 'w-full')}>
          {t('auth.keep.signIn')}
        </Link>
      </AuthCard>
    );

  return (
    <AuthCard title={t('auth.keep.title')} subtitle={t('auth.keep.intro')}>
      {error && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button className="w-full" busy={busy} disabled={!token} onClick={() => void keep()}>
        {t('auth.keep.confirm')}
      </Button>
    </AuthCard>
  );
}
