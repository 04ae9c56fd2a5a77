import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import { RatesTable, usePercent } from '../stats/RatesTable';
import { Spinner } from '../../ui/Spinner';
import { agentRates } from '../stats/dashboard-stats';
import { useAllAgentJobItems } from '../../data/use-job-items';
import { optionLabel } from './agent-text';
import { ExperimentPanel } from './ExperimentPanel';

/**
 * The Results tab: this agent's reply, interview and win rates (with counts and intervals), by the
 * template each proposal was written from, and its template experiment. Computed on the device.
 */
export function AgentResults({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const items = useAllAgentJobItems(agent.id);
  const rates = useMemo(() => (items ? agentRates(items) : undefined), [items]);
  if (!items || !rates) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  const rate = (value: number | null) => (value === null ? t('rates.none') : percent(value));
  return (
    <div>
      <section aria-labelledby="agent-rates-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="agent-rates-title" className="text-lg font-semibold text-slate-900">
          {t('agents.results.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-800" data-rates="agent">
          {t('dashboard.rates.overall', {
            sent: rates.overall.sent,
            reply: rate(rates.overall.replied.rate),
            interview: rate(rates.overall.interview.rate),
            win: rate(rates.overall.won.rate),
          })}
        </p>
        {rates.perTemplate.length > 0 && (
          <RatesTable
            label={t('dashboard.rates.byTemplate')}
            nameHeader={t('dashboard.rates.template')}
            rows={rates.perTemplate.map((row) => ({
              key: row.template,
              name: optionLabel(t, 'promptTemplate', row.template),
              rates: row.rates,
            }))}
          />
        )}
        <p className="mt-4 text-xs text-slate-600">{t('rates.explain')}</p>
      </section>
      <ExperimentPanel agent={agent} items={items} />
    </div>
  );
}
