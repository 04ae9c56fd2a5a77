import type { ScoredJob } from '@shared/schemas/job';
import { Badge } from '../../ui/Badge';
import { budgetText, budgetView, formatRelative, scoreBand, statusBadgeVariant, truncateDescription } from './search-format';
import { matchFormat, matchParts } from './search-match';
import { MatchReasonParts } from './MatchReason';
import { isNavigableUrl } from '../marketplaces/search-connect';
import { useTranslation } from 'react-i18next';
import { looseT } from '../../lib/loose-t';
import { RiskFlags } from './RiskFlags';
import { clientFactTexts } from '../../lib/client-facts';

const BAND = {
  high: { ring: 'text-emerald-600', text: 'text-emerald-800' },
  medium: { ring: 'text-amber-500', text: 'text-amber-900' },
  low: { ring: 'text-slate-400', text: 'text-slate-700' },
} as const;

/** The match score as a meter: a ring with the number in it, read out as "Match score, 82 out of 100". */
export function MatchMeter({ score }: { score: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const band = BAND[scoreBand(score)];
  const number = new Intl.NumberFormat(language).format(score);
  const r = 20;
  const c = 2 * Math.PI * r;
  return (
    <div
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={score}
      aria-valuetext={t('search.card.scoreValue', { score: number })}
      aria-label={t('search.card.score')}
      className="flex shrink-0 flex-col items-center"
    >
      <span className="relative inline-flex size-14 items-center justify-center" aria-hidden="true">
        <svg viewBox="0 0 48 48" className="absolute inset-0 size-14 -rotate-90">
          <circle cx="24" cy="24" r={r} fill="none" strokeWidth="5" className="stroke-slate-200" />
          <circle
            cx="24"
            cy="24"
            r={r}
            fill="none"
            strokeWidth="5"
            strokeLinecap="round"
            stroke="currentColor"
            className={band.ring}
            strokeDasharray={`${(c * score) / 100} ${c}`}
          />
        </svg>
        <span className={`text-base font-bold ${band.text}`}>{number}</span>
      </span>
      <span className="mt-0.5 text-xs font-medium text-slate-600" aria-hidden="true">
        {t('search.card.match')}
      </span>
    </div>
  );
}

/** One job of the results (part 2, "Job card"), with its match score and the translated reason. */
export function JobCard({ job, now }: { job: ScoredJob; now: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const description = truncateDescription(job.description);
  const posted = formatRelative(job.datePosted, now, language);
  const budget = budgetText(budgetView(job, language), {
    notSpecified: t('search.card.notSpecified'),
    perHour: (amount) => t('search.card.perHour', { amount }),
  });
  // The factor keys are computed (`search.match.<code>`), which the typed `t` cannot check.
  const reason = matchParts(job.matchFactors, looseT(t), matchFormat(language));
  const titleId = `job-${job.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  // Upwork names no client: what it says of them (verified, rating, spend, hires) is who they are.
  const location = job.clientLocation?.trim();
  const client = [job.clientName?.trim(), ...clientFactTexts(job.client, looseT(t), language, location ? ['country'] : [])].filter(Boolean);
  const meta: Array<[string, string]> = [
    [t('search.card.client'), client.length > 0 ? client.join(' · ') : t('clientFacts.none')],
    [t('search.card.location'), location || t('search.card.unknownLocation')],
    [t('search.card.duration'), job.duration?.trim() || t('search.card.notSpecified')],
    [t('search.card.budget'), budget],
  ];

  return (
    <article
      aria-labelledby={titleId}
      data-flagged={(job.riskFlags ?? []).length > 0 || undefined}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={statusBadgeVariant(job.status)}>{t(`search.status.${job.status}`)}</Badge>
            {posted && (
              <span className="text-xs text-slate-600">
                <span className="sr-only">{t('search.card.posted')} </span>
                <time dateTime={job.datePosted}>{posted}</time>
              </span>
            )}
          </div>
          <h3 id={titleId} dir="auto" className="mt-1.5 text-base font-semibold break-words text-slate-900 sm:text-lg">
            {job.title}
          </h3>
        </div>
        <MatchMeter score={job.matchScore} />
      </div>

      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[420px]:grid-cols-2">
        {meta.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-1.5">
            <dt className="shrink-0 text-slate-600">{label}:</dt>
            <dd className="min-w-0 font-medium break-words text-slate-900">
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>

      <p dir={description ? 'auto' : undefined} className="mt-3 text-sm break-words text-slate-700">
        {description ?? t('search.card.noDescription')}
      </p>

      {/* A last search kept on the device from before flags were sent has none. */}
      <RiskFlags flags={job.riskFlags ?? []} />

      {reason.length > 0 && (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{t('search.card.why')} </span>
          <MatchReasonParts parts={reason} />
        </p>
      )}

      {isNavigableUrl(job.url, 'https://invalid.example/') && /^https?:/i.test(job.url) && (
        <div className="mt-3">
          <a
            href={job.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1 rounded-md font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {t('search.card.view', { platform: t(`platform.${job.platform}`) })}
            <span aria-hidden="true" className="rtl:-scale-x-100">
              ↗
            </span>
            <span className="sr-only">{t('search.card.newTab', { title: job.title })}</span>
          </a>
        </div>
      )}
    </article>
  );
}
