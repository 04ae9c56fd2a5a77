import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskFlag } from '@shared/schemas/job';
import { Badge } from '../../ui/Badge';
import { looseT } from '../../lib/loose-t';
import { matchFormat } from './search-match';
import { onlyForALook, riskLines, RISK_FILTERS, type RiskFilter } from './risk-text';

/**
 * A flagged job's warning: a "Red flag" badge and each flag's reason with the post's own words.
 * A job held only for a look (the learned reading unsure, no red flag) shows a milder "Check first".
 * `note` adds a line under them (a held draft: it goes out only if the user approves it).
 */
export function RiskFlags({ flags, note }: { flags: readonly RiskFlag[]; note?: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (flags.length === 0) return null;
  // The flag keys are computed (`search.risk.code.<code>`), which the typed `t` cannot check.
  const lines = riskLines(flags, looseT(t), matchFormat(i18n.resolvedLanguage ?? i18n.language ?? 'en'));
  const look = onlyForALook(flags);
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={`mt-3 rounded-lg border px-3 py-2 text-sm ${look ? 'border-amber-200 bg-amber-50 text-amber-950' : 'border-red-200 bg-red-50 text-red-950'}`}
      data-risk-flags={look ? 'look' : 'red'}
    >
      <p id={headingId}>
        <Badge variant={look ? 'warning' : 'destructive'}>
          <span aria-hidden="true">⚠</span>
          {t(look ? 'search.risk.badgeLook' : 'search.risk.badge')}
        </Badge>
      </p>
      <ul className="mt-1.5 list-disc space-y-1 ps-5">
        {lines.map((line, index) => (
          <li key={`${flags[index]!.code}-${index}`} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {note && <p className="mt-1.5 font-medium">{note}</p>}
    </div>
  );
}

/**
 * The risk filter of a list (search results, an agent's proposals): show all, hide the flagged
 * jobs, or only them; radio buttons in a fieldset, so the keyboard and screen readers know them.
 */
export function RiskFilterField({
  value,
  onChange,
  flagged,
}: {
  value: RiskFilter;
  onChange: (next: RiskFilter) => void;
  flagged: number;
}) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const count = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language ?? 'en').format(flagged);
  return (
    <fieldset className="min-w-0" data-risk-filter>
      <legend className="text-sm font-medium text-slate-800">
        {t('search.risk.filter.label')} <span className="font-normal text-slate-600">({t('search.risk.filter.count', { count })})</span>
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {RISK_FILTERS.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-indigo-600 focus:outline-none"
            />
            {t(`search.risk.filter.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
