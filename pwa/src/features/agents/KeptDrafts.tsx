import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../session/session-provider';
import { Button, ButtonLink } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { keptDraftFile } from '../../data/kept-drafts';
import type { KeptDraft } from '../../data/kept-drafts-table';
import { useAgentRoom } from '../../data/use-agent-room';
import { useKeptDrafts } from '../../data/use-agents';
import { appKeptDraftRepository } from '../../sync/app-repositories';
import { toast } from '../../stores/toast';
import { loose } from './agent-text';

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

/** Why the server refused it: its own words in English, our translation of its code otherwise. */
function useReasonText() {
  const { t, i18n } = useTranslation();
  return (reason: KeptDraft['reason']) =>
    (i18n.resolvedLanguage ?? i18n.language).startsWith('en') && reason.message
      ? reason.message
      : loose(t)(`errors.${reason.code}`, { defaultValue: reason.message });
}

/** One kept draft: why it was refused, and Save to account (when there is room), Export, Discard. */
function KeptDraftCard({ draft }: { draft: KeptDraft }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const room = useAgentRoom();
  const reasonText = useReasonText();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const repository = user ? appKeptDraftRepository(user.id) : null;
  const full = room?.full ?? false;

  const save = async () => {
    if (!repository || full) return;
    setBusy(true);
    try {
      await repository.save(draft.id);
      toast({ title: t('agents.kept.saved', { name: draft.name }), variant: 'success' });
    } catch (error) {
      console.error('saving a kept draft failed', error);
      toast({ title: t('agents.kept.saveFailed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold break-words">{draft.name}</p>
      {draft.fields.title !== draft.name && <p className="text-sm break-words">{draft.fields.title}</p>}
      <p className="mt-1 text-sm">{t('agents.kept.reason', { reason: reasonText(draft.reason) })}</p>
      {full && (
        <p id={hintId} className="mt-1 text-sm">
          {t('agents.kept.makeRoom', { limit: room?.limit ?? 0 })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          busy={busy}
          disabled={full}
          aria-describedby={full ? hintId : undefined}
          onClick={() => void save()}
          aria-label={t('agents.kept.saveNamed', { name: draft.name })}
        >
          {t('agents.kept.save')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            const file = keptDraftFile(draft);
            download(file.name, file.text);
          }}
          aria-label={t('agents.kept.exportNamed', { name: draft.name })}
        >
          {t('agents.kept.export')}
        </Button>
        {full && (
          <ButtonLink to="/subscribe" variant="ghost">
            {t('agents.limit.upgrade')}
          </ButtonLink>
        )}
        <Button variant="ghost" onClick={() => setDiscarding(true)} aria-label={t('agents.kept.discardNamed', { name: draft.name })}>
          {t('agents.kept.discard')}
        </Button>
      </div>
      <Dialog
        open={discarding}
        onClose={() => setDiscarding(false)}
        role="alertdialog"
        size="sm"
        dismissOnOutsideClick={false}
        title={t('agents.kept.discardTitle')}
        description={t('agents.kept.discardText', { name: draft.name })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDiscarding(false)}>
              {t('agents.delete.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setDiscarding(false);
                void repository?.discard(draft.id);
              }}
            >
              {t('agents.kept.discard')}
            </Button>
          </>
        }
      />
    </li>
  );
}

/** The agents list's section of kept drafts; nothing when there are none. */
export function KeptDraftsSection() {
  const { t } = useTranslation();
  const drafts = useKeptDrafts();
  const headingId = useId();
  if (!drafts || drafts.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('agents.kept.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('agents.kept.text')}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {drafts.map((draft) => (
          <KeptDraftCard key={draft.id} draft={draft} />
        ))}
      </ul>
    </section>
  );
}

/** An agent's page when the agent is a kept draft (its creation was refused). */
export function KeptDraftPanel({ draft }: { draft: KeptDraft }) {
  const { t } = useTranslation();
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('agents.kept.title')}</h1>
      <p className="mt-1 text-slate-600">{t('agents.kept.text')}</p>
      <ul className="mt-4">
        <KeptDraftCard draft={draft} />
      </ul>
      <ButtonLink to="/dashboard/automations" variant="secondary" className="mt-6">
        {t('agents.detail.backToList')}
      </ButtonLink>
    </div>
  );
}
