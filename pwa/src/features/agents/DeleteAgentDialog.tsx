import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * "Delete this automation?": answered with Cancel or Delete only (a click outside does not close
 * it; Escape and the close button cancel).
 */
export function DeleteAgentDialog({
  agent,
  onCancel,
  onConfirm,
}: {
  agent: { id: string; name: string } | null;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={agent !== null}
      onClose={() => {
        if (!busy) onCancel();
      }}
      role="alertdialog"
      size="sm"
      dismissOnOutsideClick={false}
      title={t('agents.delete.title')}
      description={t('agents.delete.text', { name: agent?.name ?? '' })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('agents.delete.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            {t('agents.delete.confirm')}
          </Button>
        </>
      }
    />
  );
}
