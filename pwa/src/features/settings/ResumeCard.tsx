import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  resumeDetailsResponseSchema,
  resumeDetailsSchema,
  resumeStatusSchema,
  resumeUploadResponseSchema,
  type ResumeDetails,
  type ResumeStatus,
} from '@shared/schemas/resume';
import { useAuth, useApi } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { TagInput } from '../../ui/TagInput';
import { checkResumeFile, formatFileSize } from './settings-forms';
import { errorFromBody, ignoreAnswer } from '../../lib/api';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { useLooseT } from './settings-text';
import { useSyncStatus } from '../../sync/use-sync-status';
import { SettingsCard } from './SettingsCard';

const ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEXT_FIELDS = ['summary', 'workHistory', 'education', 'certifications', 'languages'] as const;

/** Multipart upload with progress (the JSON client has no upload progress): field `file`, the session cookie. */
function uploadResume(userId: string, file: File, onProgress: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/users/${encodeURIComponent(userId)}/resume`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(errorFromBody(xhr.status, body));
    };
    xhr.onerror = () => reject(errorFromBody(0, { code: 'offline', message: 'Could not reach the server' }));
    xhr.ontimeout = () => reject(errorFromBody(0, { code: 'timeout', message: 'The server took too long to answer' }));
    xhr.timeout = 120_000;
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function DetailsView({ details, onSave }: { details: ResumeDetails; onSave: (next: ResumeDetails) => Promise<boolean> }) {
  const { t } = useLooseT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ResumeDetails>(details);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resumeDetailsSchema.safeParse(draft);
    if (!parsed.success) {
      setError(t('settings.resume.detailsInvalid'));
      return;
    }
    setBusy(true);
    const ok = await onSave(parsed.data);
    setBusy(false);
    if (ok) setEditing(false);
  };

  const empty = TEXT_FIELDS.every((f) => !details[f]) && details.skills.length === 0 && details.links.length === 0;

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {t('settings.resume.detailsTitle')}
        </h3>
        {!editing && (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(details);
              setError(null);
              setEditing(true);
            }}
          >
            {t('settings.resume.edit')}
          </Button>
        )}
      </div>
      {!editing ? (
        empty ? (
          <p className="mt-2 text-sm text-slate-600">{t('settings.resume.detailsEmpty')}</p>
        ) : (
          <dl className="mt-3 space-y-3 text-sm">
            {TEXT_FIELDS.filter((f) => details[f]).map((f) => (
              <div key={f}>
                <dt className="font-medium text-slate-800">{t(`settings.resume.fields.${f}`)}</dt>
                <dd className="mt-0.5 break-words whitespace-pre-line text-slate-700">{details[f]}</dd>
              </div>
            ))}
            {details.skills.length > 0 && (
              <div>
                <dt className="font-medium text-slate-800">{t('settings.resume.fields.skills')}</dt>
                <dd className="mt-0.5 text-slate-700">{details.skills.join(', ')}</dd>
              </div>
            )}
            {details.links.length > 0 && (
              <div>
                <dt className="font-medium text-slate-800">{t('settings.resume.fields.links')}</dt>
                <dd className="mt-0.5 break-all text-slate-700">
                  <ul>
                    {details.links.map((link) => (
                      <li key={link}>{link}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
        )
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={headingId} className="mt-3 space-y-4">
          {TEXT_FIELDS.map((f) => (
            <div key={f} className="space-y-1.5">
              <label htmlFor={`${headingId}-${f}`} className="block text-sm font-medium text-slate-800">
                {t(`settings.resume.fields.${f}`)}
              </label>
              <textarea
                id={`${headingId}-${f}`}
                rows={f === 'languages' ? 2 : 4}
                value={draft[f]}
                onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600"
              />
            </div>
          ))}
          <TagInput
            label={t('settings.resume.fields.skills')}
            tags={draft.skills}
            onChange={(skills) => setDraft((d) => ({ ...d, skills }))}
            removeLabel={(tag) => t('settings.profile.remove', { item: tag })}
            addLabel={t('settings.profile.add')}
          />
          <TagInput
            label={t('settings.resume.fields.links')}
            tags={draft.links}
            type="url"
            commaAdds={false}
            onChange={(links) => setDraft((d) => ({ ...d, links }))}
            removeLabel={(tag) => t('settings.profile.remove', { item: tag })}
            addLabel={t('settings.profile.add')}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={busy}>
              {t('settings.resume.saveDetails')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setEditing(false)}>
              {t('settings.resume.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * Résumé upload: choose a PDF or DOCX (type and 5 MB checked here first), upload with progress, the
 * stored file's status, what was read from it (edit and save), and delete.
 */
export function ResumeCard() {
  const api = useApi();
  const { t, language } = useLooseT();
  const { describe } = useErrorText();
  const { user, refreshUser } = useAuth();
  const { syncNow } = useSyncStatus();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<ResumeStatus | null | 'error'>(null);
  const [details, setDetails] = useState<ResumeDetails | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const userId = user?.id;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!userId) return;
      try {
        const s = await api.get(`/users/${encodeURIComponent(userId)}/resume-status`, resumeStatusSchema, { signal });
        setStatus(s);
        if (s.hasResume) {
          const d = await api.get(`/users/${encodeURIComponent(userId)}/resume-details`, resumeDetailsResponseSchema, { signal });
          setDetails(d.data);
        } else setDetails(null);
      } catch {
        if (!signal?.aborted) setStatus('error');
      }
    },
    [api, userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const choose = async (file: File | undefined) => {
    if (!file || !userId) return;
    const problem = checkResumeFile(file);
    if (problem) {
      setFileError(t(`settings.resume.problem.${problem}`, { max: '5 MB' }));
      if (inputRef.current) inputRef.current.value = '';
      inputRef.current?.focus();
      return;
    }
    setFileError(null);
    setProgress(0);
    try {
      const raw = await uploadResume(userId, file, setProgress);
      const parsed = resumeUploadResponseSchema.safeParse(raw);
      if (parsed.success) {
        setStatus(parsed.data.data.status);
        setDetails(parsed.data.data.details);
      } else await load();
      toast({ variant: 'success', title: t('settings.resume.uploadedTitle'), description: t('settings.resume.uploadedBody') });
      // What the résumé added to the profile (skills, links, overview, work history) reaches the open
      // profile form through the sync, which the form shows while it has no edits of its own.
      void refreshUser();
      syncNow();
    } catch (cause) {
      toast({
        variant: 'destructive',
        title: t('settings.resume.uploadFailed'),
        description: describe(cause, t('settings.resume.uploadFailedBody')),
      });
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    if (!userId || !window.confirm(t('settings.resume.deleteConfirm'))) return;
    setDeleting(true);
    try {
      await api.delete(`/users/${encodeURIComponent(userId)}/resume`, ignoreAnswer);
      setStatus({ hasResume: false });
      setDetails(null);
      toast({ variant: 'success', title: t('settings.resume.deleted') });
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.resume.deleteFailed'), description: describe(cause, '') || undefined });
    } finally {
      setDeleting(false);
    }
  };

  const saveDetails = async (next: ResumeDetails): Promise<boolean> => {
    if (!userId) return false;
    try {
      const answer = await api.put(`/users/${encodeURIComponent(userId)}/resume-details`, next, resumeDetailsResponseSchema);
      setDetails(answer.data ?? next);
      toast({ variant: 'success', title: t('settings.resume.detailsSaved') });
      return true;
    } catch (cause) {
      toast({ variant: 'destructive', title: t('settings.resume.detailsFailed'), description: describe(cause, '') || undefined });
      return false;
    }
  };

  const uploading = progress !== null;
  const has = status !== null && status !== 'error' && status.hasResume;
  const inputId = `${headingId}-file`;

  return (
    <SettingsCard id={headingId} title={t('settings.resume.title')} subtitle={t('settings.resume.subtitle')}>
      <div className="mt-3 text-sm text-slate-700" aria-live="polite">
        {status === null ? (
          <p>{t('common.loading')}</p>
        ) : status === 'error' ? (
          <p>{t('settings.resume.statusUnavailable')}</p>
        ) : status.hasResume ? (
          <p>
            <span className="font-medium text-slate-900 break-all">{status.fileName ?? t('settings.resume.fileFallback')}</span>
            {status.size !== undefined && <> · {formatFileSize(status.size, language)}</>}
            {status.uploadedAt && (
              <>
                {' '}
                ·{' '}
                {t('settings.resume.uploadedAt', {
                  date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(status.uploadedAt)),
                })}
              </>
            )}
          </p>
        ) : (
          <p>{t('settings.resume.none')}</p>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
          disabled={uploading}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={`inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold has-[:focus-visible]:outline-2 ${
            uploading ? 'cursor-not-allowed bg-indigo-400 text-white' : 'bg-indigo-600 text-white hover:bg-indigo-700'
          } focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600`}
        >
          {has ? t('settings.resume.replace') : t('settings.resume.choose')}
        </label>
        {has && (
          <Button variant="ghost" busy={deleting} disabled={uploading} onClick={() => void remove()}>
            {t('settings.resume.delete')}
          </Button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="mt-2 text-xs text-slate-600">
        {t('settings.resume.hint', { max: '5 MB' })}
      </p>
      {fileError && (
        <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {fileError}
        </p>
      )}
      {uploading && (
        <div className="mt-3">
          <p className="text-sm text-slate-700">{t('settings.resume.uploading', { percent: Math.round((progress ?? 0) * 100) })}</p>
          <div
            role="progressbar"
            aria-label={t('settings.resume.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((progress ?? 0) * 100)}
            className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
              style={{ width: `${Math.round((progress ?? 0) * 100)}%` }}
            />
          </div>
        </div>
      )}
      {has && details && <DetailsView key={JSON.stringify(details)} details={details} onSave={saveDetails} />}
    </SettingsCard>
  );
}
