import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Proportion } from '@shared/experiments/wilson';
import type { Rates } from './dashboard-stats';
import { ScrollTable, td, th } from '../../ui/ScrollTable';

/** Rates print as whole percentages in the reader's language. */
export function usePercent(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useMemo(() => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }), [language]);
  return (value) => format.format(value);
}

/** A rate with its counts and its 95 % interval: "40 %", then "4 of 10 · 17–69 %". */
export function RateFigure({ proportion }: { proportion: Proportion }) {
  const { t } = useTranslation();
  const percent = usePercent();
  // `relative`: the screen-reader text stays inside the table's scroll area (no page overflow at 360 px).
  if (proportion.rate === null) {
    return (
      <span className="relative block">
        <span aria-hidden="true">{t('rates.none')}</span>
        <span className="sr-only">{t('rates.noneLong')}</span>
      </span>
    );
  }
  return (
    <span className="relative block">
      <span className="block font-semibold" data-rate>
        {percent(proportion.rate)}
      </span>
      <span className="block text-xs whitespace-nowrap text-slate-600">
        {t('rates.count', { successes: proportion.successes, trials: proportion.trials })}
        {' · '}
        <span aria-hidden="true">{t('rates.interval', { low: percent(proportion.low ?? 0), high: percent(proportion.high ?? 1) })}</span>
        <span className="sr-only">
          {t('rates.intervalLong', { low: percent(proportion.low ?? 0), high: percent(proportion.high ?? 1) })}
        </span>
      </span>
    </span>
  );
}

export interface RatesRow {
  key: string;
  name: ReactNode;
  rates: Rates;
  /** Cells shown between the name and the rates. */
  extra?: ReactNode;
}

/** Sent, reply, interview and win rates per row, each with counts and interval. */
export function RatesTable({
  label,
  nameHeader,
  rows,
  extraHeaders,
}: {
  label: string;
  nameHeader: string;
  rows: readonly RatesRow[];
  extraHeaders?: ReactNode;
}) {
  const { t } = useTranslation();
  const { i18n } = useTranslation();
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language), [i18n.resolvedLanguage, i18n.language]);
  return (
    <ScrollTable label={label}>
      <thead className="border-b border-slate-200">
        <tr>
          <th scope="col" className={th}>
            {nameHeader}
          </th>
          {extraHeaders}
          {(['sent', 'replyRate', 'interviewRate', 'winRate'] as const).map((key) => (
            <th key={key} scope="col" className={`${th} text-end`}>
              {t(`rates.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={`${td} max-w-48 truncate text-start align-top font-medium`}>
              {row.name}
            </th>
            {row.extra}
            <td className={`${td} text-end align-top`}>{numbers.format(row.rates.sent)}</td>
            <td className={`${td} text-end align-top`}>
              <RateFigure proportion={row.rates.replied} />
            </td>
            <td className={`${td} text-end align-top`}>
              <RateFigure proportion={row.rates.interview} />
            </td>
            <td className={`${td} text-end align-top`}>
              <RateFigure proportion={row.rates.won} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
