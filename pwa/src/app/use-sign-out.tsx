import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useAuthStore } from '../session/session-provider';
import { toast } from '../stores/toast';
import type { Unsynced } from '../data/unsynced';

const loadRuntime = () => import('../sync/app-sync');

/** Saves a text as a file through the browser's download. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Signing out of this device, whole: when it holds changes the server does not have yet (made
 * offline) or kept drafts, the user is told first and offered a copy to download; then every record
 * of the user is removed from this device (IndexedDB, the last search, this tab's storage) and the
 * server is told. When it cannot be told (offline), the sign-out is kept and told later, and the
 * user is told that too. `after` runs once signed out (where to go next).
 */
export function useSignOut(after: () => void): { signOut: () => Promise<void>; dialog: ReactNode } {
  const { t } = useTranslation();
  const authStore = useAuthStore();
  const [unsent, setUnsent] = useState<Unsynced | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    setBusy(true);
    try {
      await loadRuntime()
        .then((runtime) => runtime.wipeUserData())
        .catch((error: unknown) => console.error('[sign-out] could not clear this device', error));
      await import('../features/search/last-search-db').then((searches) => searches.clearLastSearches()).catch(() => undefined);
      try {
        sessionStorage.clear();
      } catch {
        // storage unavailable: nothing kept there
      }
      const outcome = await authStore.getState().signOut();
      if (outcome === 'pending') {
        toast({ variant: 'destructive', title: t('signOut.pendingTitle'), description: t('signOut.pendingBody') });
      }
      after();
    } finally {
      setUnsent(null);
      setBusy(false);
    }
  };

  const signOut = async () => {
    const found = await loadRuntime()
      .then(async (runtime) => runtime.unsyncedChanges())
      .catch(() => null);
    if (found && found.changes.length + found.keptDrafts.length > 0) {
      setUnsent(found);
      return;
    }
    await finish();
  };

  const keepCopy = async () => {
    if (!unsent) return;
    const { unsyncedFile } = await import('../data/unsynced');
    const file = unsyncedFile(unsent);
    download(file.name, file.text);
  };

  const count = unsent ? unsent.changes.length + unsent.keptDrafts.length : 0;
  const dialog = (
    <Dialog
      open={unsent !== null}
      onClose={() => {
        if (!busy) setUnsent(null);
      }}
      role="alertdialog"
      size="sm"
      dismissOnOutsideClick={false}
      title={t('signOut.unsentTitle')}
      description={t('signOut.unsentBody', { count })}
      footer={
        <>
          <Button variant="secondary" onClick={() => setUnsent(null)} disabled={busy}>
            {t('signOut.cancel')}
          </Button>
          <Button variant="secondary" onClick={() => void keepCopy()} disabled={busy}>
            {t('signOut.download')}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void finish()}>
            {t('signOut.confirm')}
          </Button>
        </>
      }
    />
  );
  return { signOut, dialog };
}
