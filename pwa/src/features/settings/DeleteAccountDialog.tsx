import { useEffect, useState } from 'react';
import { cooldownResponseSchema } from '@shared/schemas/auth';
import { DELETION_GRACE_DAYS, deletionScheduledResponseSchema } from '@shared/schemas/rights';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField, TextField } from '../../ui/Field';
import { useApi } from '../../session/session-provider';
import { useErrorText } from '../../lib/use-error-text';
import { useLooseT } from './settings-text';

/**
 * "Delete my account?": what happens (frozen now, erased after the grace period, the mailed link
 * cancels), confirmed with the password, or with a code mailed to the account (one made through
 * Google has no password). Answers `onDeleted` with the erasure date once the server took it.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: (purgeAfter: string) => Promise<void>;
}) {
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const api = useApi();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (open) return;
    setMode('password');
    setPassword('');
    setCode('');
    setError(null);
    setNote(null);
  }, [open]);

  const mailCode = async () => {
    setSending(true);
    setError(null);
    try {
      await api.post('/account/deletion/code', undefined, cooldownResponseSchema);
      setMode('code');
      setNote(t('settings.data.delete.codeSent'));
    } catch (cause) {
      setError(describe(cause, t('settings.data.delete.failed')));
    } finally {
      setSending(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = mode === 'password' ? { password } : { code: code.trim() };
      const answer = await api.post('/account/deletion', body, deletionScheduledResponseSchema);
      await onDeleted(answer.data.purgeAfter);
    } catch (cause) {
      setError(describe(cause, t('settings.data.delete.failed')));
      setBusy(false);
    }
  };

  const ready = mode === 'password' ? password.length > 0 : /^\d{6}$/.test(code.trim());
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      role="alertdialog"
      size="md"
      dismissOnOutsideClick={false}
      title={t('settings.data.delete.title')}
      description={t('settings.data.delete.intro')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('settings.data.delete.cancel')}
          </Button>
          <Button variant="danger" busy={busy} disabled={!ready} onClick={() => void confirm()}>
            {t('settings.data.delete.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) void confirm();
        }}
      >
        <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
          <li>{t('settings.data.delete.now')}</li>
          <li>{t('settings.data.delete.grace', { days: DELETION_GRACE_DAYS })}</li>
          <li>{t('settings.data.delete.billing')}</li>
          <li>{t('settings.data.delete.kept')}</li>
        </ul>
        {mode === 'password' ? (
          <>
            <PasswordField
              label={t('settings.data.delete.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button variant="ghost" className="px-0" busy={sending} onClick={() => void mailCode()}>
              {t('settings.data.delete.useCode')}
            </Button>
          </>
        ) : (
          <>
            <TextField
              label={t('settings.data.delete.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              hint={note ?? undefined}
            />
            <Button variant="ghost" className="px-0" busy={sending} onClick={() => void mailCode()}>
              {t('settings.data.delete.resend')}
            </Button>
          </>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
