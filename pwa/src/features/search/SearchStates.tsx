import { useEffect, useState } from 'react';
import type { AgentPlatform } from '@shared/schemas/agent';
import { Button } from '../../ui/Button';
import { ConnectMarketplaceButton } from '../marketplaces/ConnectMarketplaceButton';
import { isApiError } from '../../lib/api';
import { useTranslation } from 'react-i18next';

/** The 'searching' state: an indeterminate bar, what is being searched, the seconds so far, and Cancel. */
export function SearchingState({
  platform,
  title,
  startedAt,
  onCancel,
}: {
  platform: AgentPlatform;
  title: string;
  startedAt: number;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div role="status" aria-live="polite">
        <p className="font-semibold text-slate-900">
          {t('search.searching.title', { platform: t(`platform.${platform}`), title: `\u2068${title}\u2069` })}
        </p>
        <p className="mt-1 text-sm text-slate-600">{seconds >= 3 ? t('search.searching.scoring') : t('search.searching.hint')}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t('search.searching.progress')}
        aria-valuetext={t('search.searching.elapsed', { seconds: new Intl.NumberFormat(language).format(seconds) })}
        className="relative mt-4 h-2 overflow-hidden rounded-full bg-indigo-100"
      >
        <span className="absolute inset-y-0 w-1/3 animate-[search-progress_1.4s_ease-in-out_infinite] rounded-full bg-indigo-600 motion-reduce:w-full motion-reduce:animate-none motion-reduce:opacity-60" />
      </div>
      <style>{'@keyframes search-progress{0%{inset-inline-start:-33%}100%{inset-inline-start:100%}}'}</style>
      <div className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
        <span aria-hidden="true">{t('search.searching.elapsed', { seconds: new Intl.NumberFormat(language).format(seconds) })}</span>
        <Button variant="secondary" onClick={onCancel}>
          {t('search.searching.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** No results: the no-jobs message and 'try different' back to the form. */
export function NoResults({ onTryDifferent }: { onTryDifferent: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">{t('search.empty.title')}</p>
      <p className="mt-1 text-sm text-slate-600">{t('search.empty.body')}</p>
      <Button variant="secondary" className="mt-4" onClick={onTryDifferent}>
        {t('search.empty.tryDifferent')}
      </Button>
    </div>
  );
}

/** The technical details of a failure, for support (code, HTTP status, the server's words). */
function technicalDetails(error: unknown): string {
  if (isApiError(error)) {
    const lines = [`code: ${error.code}`, `status: ${error.status || 'no answer'}`, `message: ${error.message}`];
    if (error.details?.retryAfterSeconds !== undefined) lines.push(`retryAfterSeconds: ${error.details.retryAfterSeconds}`);
    for (const issue of error.details?.issues ?? []) lines.push(`${issue.path}: ${issue.message}`);
    return lines.join('\n');
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The red alert: what went wrong, a collapsible technical-details area and Try again. */
export function SearchErrorAlert({ message, error, onTryAgain }: { message: string; error: unknown; onTryAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">{t('search.error.title')}</p>
      <p className="mt-1 text-sm break-words">{message}</p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded-sm font-medium text-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700">
          {t('search.error.details')}
        </summary>
        <pre
          dir="ltr"
          className="mt-2 overflow-x-auto rounded-lg bg-white/70 p-3 text-start font-mono text-xs whitespace-pre-wrap text-red-950"
        >
          {technicalDetails(error)}
        </pre>
      </details>
      <Button variant="danger" className="mt-4" onClick={onTryAgain}>
        {t('search.error.tryAgain')}
      </Button>
    </div>
  );
}

/** `marketplace_not_connected`: the call to action to connect the account, right where the results would be. */
export function ConnectRequired({ platform, onBack }: { platform: AgentPlatform; onBack: () => void }) {
  const { t } = useTranslation();
  const name = t(`platform.${platform}`);
  return (
    <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <p className="font-semibold">{t('search.connect.title', { platform: name })}</p>
      <p className="mt-1 text-sm">{t('search.connect.body', { platform: name })}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ConnectMarketplaceButton platform={platform} />
        <Button variant="secondary" onClick={onBack}>
          {t('search.connect.back')}
        </Button>
      </div>
    </div>
  );
}
