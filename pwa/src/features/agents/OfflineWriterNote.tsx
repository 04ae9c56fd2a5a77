import { useTranslation } from 'react-i18next';

/**
 * Shown where offline-writer letters are listed: the server has no AI model configured, so its
 * letters are simple drafts the user edits and sends; adding a model is the server operator's
 * setting (OPENAI_API_KEY), which the note names for whoever runs it.
 */
export function OfflineWriterNote() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-sm"
      data-offline-writer-note
    >
      <p className="font-semibold text-slate-900">{t('agents.review.noModelTitle')}</p>
      <p className="mt-1">{t('agents.review.noModelBody')}</p>
      <p className="mt-1 text-slate-600">{t('agents.review.noModelOperator')}</p>
    </div>
  );
}
