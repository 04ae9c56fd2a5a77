import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cooldownResponseSchema } from '@shared/schemas/auth';
import { googleLinkResponseSchema } from '@shared/schemas/google';
import { Button, linkClass } from '../../ui/Button';
import { PasswordField, TextField } from '../../ui/Field';
import { useApi, useAuthStore } from '../../session/session-provider';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { AuthCard } from './AuthCard';

interface LinkState {
  email: string;
  hasPassword: boolean;
}

const isLinkState = (value: unknown): value is LinkState =>
  typeof value === 'object' && value !== null && typeof (value as LinkState).email === 'string';

/**
 * `/auth/google/link`: the Google account's address already has a Bidpilot account. Google is
 * linked to it (and the user signed in) only once they prove it is theirs: its password, or a code
 * mailed to it. The pending link lives in this browser's cookie; the page only knows the address.
 */
export default function GoogleLinkPage() {
  const { t } = useTranslation();
  const { describe } = useErrorText();
  const api = useApi();
  const authStore = useAuthStore();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const pending = isLinkState(state) ? state : null;
  const [mode, setMode] = useState<'password' | 'code'>(pending?.hasPassword === false ? 'code' : 'password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!pending)
    return (
      <AuthCard title={t('auth.google.linkTitle')} subtitle={t('auth.google.linkExpired')}>
        <Link to="/login" className={linkClass}>
          {t('auth.google.backToLogin')}
        </Link>
      </AuthCard>
    );

  const mailCode = async () => {
    setSending(true);
    setError(null);
    try {
      await api.post('/auth/google/link/code', undefined, cooldownResponseSchema);
      setMode('code');
      setCodeSent(true);
    } catch (cause) {
      setError(describe(cause, t('auth.google.failed')));
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post(
        '/auth/google/link',
        mode === 'password' ? { password } : { code: code.trim() },
        googleLinkResponseSchema,
      );
      authStore.getState().adoptSession(data.user);
      toast({ variant: 'success', title: t('auth.google.linked') });
      navigate(data.next ?? '/dashboard', { replace: true });
    } catch (cause) {
      setError(describe(cause, t('auth.google.failed')));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.google.linkTitle')} subtitle={t('auth.google.linkIntro', { email: pending.email })}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {mode === 'password' ? (
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <TextField
            label={t('auth.google.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            hint={codeSent ? t('auth.google.codeSent', { email: pending.email }) : undefined}
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" busy={busy}>
          {t('auth.google.link')}
        </Button>
        <Button variant="ghost" className="w-full" busy={sending} onClick={() => void mailCode()}>
          {mode === 'code' ? t('auth.google.resend') : t('auth.google.useCode')}
        </Button>
      </form>
    </AuthCard>
  );
}
