import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { experimentReport, type ArmReport, type ExperimentReport } from '@shared/experiments/report';
import type { PromptTemplateId } from '@shared/prompt-templates';
import { EXPERIMENT_ASSIGNMENTS, EXPERIMENT_METRICS, PROMPT_TEMPLATES, type Agent, type Experiment } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import { Button } from '../../ui/Button';
import { RateFigure, usePercent } from '../stats/RatesTable';
import { ScrollTable, td, th } from '../../ui/ScrollTable';
import { endExperimentFields } from './experiment-end';
import { useAgentRepository } from './use-agent-repository';
import { toast } from '../../stores/toast';
import { formatDate, optionLabel } from './agent-text';

function StartForm({ agent, onStarted }: { agent: Agent; onStarted?: () => void }) {
  const { t } = useTranslation();
  const repository = useAgentRepository();
  const [arms, setArms] = useState<PromptTemplateId[]>([agent.promptTemplate]);
  const [assignment, setAssignment] = useState<Experiment['assignment']>('random');
  const [metric, setMetric] = useState<Experiment['metric']>('replied');
  const [busy, setBusy] = useState(false);
  const metricId = useId();
  const hintId = useId();
  const toggle = (template: PromptTemplateId, on: boolean) =>
    setArms((list) => (on ? [...list, template] : list.filter((one) => one !== template)));

  const start = async () => {
    if (arms.length < 2 || !repository) return;
    setBusy(true);
    try {
      const ordered = PROMPT_TEMPLATES.filter((template) => arms.includes(template));
      const experiment: Experiment = {
        id: crypto.randomUUID(),
        arms: ordered,
        assignment,
        metric,
        startedAt: new Date().toISOString(),
        endedAt: null,
        winner: null,
      };
      await repository.updateAgent(agent.id, { experiment });
      toast({ title: t('experiments.started'), variant: 'success' });
      onStarted?.();
    } catch (error) {
      console.error('experiment start failed', error);
      toast({ title: t('experiments.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mt-3 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('experiments.templates')}</legend>
        <p id={hintId} className="text-sm text-slate-600" aria-live="polite">
          {arms.length < 2 ? t('experiments.chooseTwo') : t('experiments.chosen', { count: arms.length })}
        </p>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {PROMPT_TEMPLATES.map((template) => (
            <li key={template}>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-5 accent-indigo-600"
                  checked={arms.includes(template)}
                  aria-describedby={hintId}
                  onChange={(event) => toggle(template, event.target.checked)}
                />
                {optionLabel(t, 'promptTemplate', template)}
                {template === 'custom' && <span className="text-slate-500">({t('experiments.yourPrompt')})</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('experiments.assignment')}</legend>
        {EXPERIMENT_ASSIGNMENTS.map((value) => (
          <label key={value} className="mt-1 flex min-h-11 items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="assignment"
              className="mt-1 size-5 accent-indigo-600"
              checked={assignment === value}
              onChange={() => setAssignment(value)}
            />
            <span>
              <span className="block font-medium">{t(`experiments.assignments.${value}`)}</span>
              <span className="block text-slate-600">{t(`experiments.assignmentHelp.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={metricId} className="text-sm font-semibold text-slate-900">
          {t('experiments.metric')}
        </label>
        <select
          id={metricId}
          value={metric}
          onChange={(event) => setMetric(event.target.value as Experiment['metric'])}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:max-w-xs"
        >
          {EXPERIMENT_METRICS.map((value) => (
            <option key={value} value={value}>
              {t(`experiments.metrics.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" busy={busy} disabled={arms.length < 2}>
          {t('experiments.start')}
        </Button>
      </div>
    </form>
  );
}

function ArmsTable({ report }: { report: ExperimentReport }) {
  const { t } = useTranslation();
  const percent = usePercent();
  return (
    <ScrollTable label={t('experiments.results')}>
      <thead className="border-b border-slate-200">
        <tr>
          <th scope="col" className={th}>
            {t('dashboard.rates.template')}
          </th>
          {(['sent', 'replyRate', 'interviewRate', 'winRate'] as const).map((key) => (
            <th key={key} scope="col" className={`${th} text-end`}>
              {t(`rates.${key}`)}
            </th>
          ))}
          <th scope="col" className={`${th} text-end`}>
            {t('experiments.chanceBest')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {report.arms.map((arm: ArmReport) => (
          <tr key={arm.template} data-arm={arm.template}>
            <th scope="row" className={`${td} text-start align-top font-medium`}>
              {optionLabel(t, 'promptTemplate', arm.template)}
            </th>
            <td className={`${td} text-end align-top`}>{arm.sent}</td>
            <td className={`${td} text-end align-top`}>
              <RateFigure proportion={arm.replied} />
            </td>
            <td className={`${td} text-end align-top`}>
              <RateFigure proportion={arm.interview} />
            </td>
            <td className={`${td} text-end align-top`}>
              <RateFigure proportion={arm.won} />
            </td>
            <td className={`${td} text-end align-top font-semibold`}>{report.sent > 0 ? percent(arm.probabilityBest) : t('rates.none')}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/**
 * The agent's template experiment: start one (two or more templates, assigned at random or by
 * Thompson sampling, and the goal), follow each template's rates, intervals and chance of being
 * best (computed here from the proposals on this device), and "Use the winner" to end it.
 */
export function ExperimentPanel({ agent, items }: { agent: Agent; items: readonly JobItem[] }) {
  const { t, i18n } = useTranslation();
  const repository = useAgentRepository();
  const percent = usePercent();
  const [starting, setStarting] = useState(false);
  const [busy, setBusy] = useState(false);
  const experiment = agent.experiment;
  const report = useMemo(() => (experiment ? experimentReport(experiment, items) : null), [experiment, items]);

  const end = async (winner: PromptTemplateId | null) => {
    if (!experiment || !repository) return;
    setBusy(true);
    try {
      await repository.updateAgent(agent.id, endExperimentFields(agent, experiment, winner, new Date()));
      toast({
        title: winner ? t('experiments.winnerUsed', { template: optionLabel(t, 'promptTemplate', winner) }) : t('experiments.stopped'),
        variant: 'success',
      });
    } catch (error) {
      console.error('experiment end failed', error);
      toast({ title: t('experiments.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const running = experiment !== null && experiment.endedAt === null;
  const leader = report?.leader ?? null;
  const leaderArm = report?.arms.find((arm) => arm.template === leader);
  return (
    <section aria-labelledby="experiment-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="experiment-title" className="text-lg font-semibold text-slate-900">
        {t('experiments.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('experiments.intro')}</p>
      {experiment && report && (
        <>
          <p className="mt-3 text-sm text-slate-800">
            {running
              ? t('experiments.runningSince', {
                  date: formatDate(experiment.startedAt, i18n.language),
                  assignment: t(`experiments.assignments.${experiment.assignment}`),
                  metric: t(`experiments.metrics.${experiment.metric}`),
                })
              : t('experiments.endedOn', {
                  date: formatDate(experiment.endedAt, i18n.language),
                  template: experiment.winner
                    ? optionLabel(t, 'promptTemplate', experiment.winner)
                    : optionLabel(t, 'promptTemplate', agent.promptTemplate),
                })}
          </p>
          <ArmsTable report={report} />
          <p className="mt-3 text-sm font-medium text-slate-900" aria-live="polite" data-experiment-verdict>
            {report.likelyWinner && leaderArm
              ? t('experiments.likelyWinner', {
                  template: optionLabel(t, 'promptTemplate', report.likelyWinner),
                  chance: percent(leaderArm.probabilityBest),
                })
              : leader && leaderArm
                ? t(running ? 'experiments.leading' : 'experiments.leadingEnded', {
                    template: optionLabel(t, 'promptTemplate', leader),
                    chance: percent(leaderArm.probabilityBest),
                  })
                : report.sent === 0
                  ? t('experiments.noData')
                  : t(running ? 'experiments.tooEarly' : 'experiments.noLeaderEnded')}
          </p>
          {running && (
            <div className="mt-3 flex flex-wrap gap-2">
              {/* No winner to use while the results do not tell the templates apart. */}
              {leader && (
                <Button busy={busy} onClick={() => void end(leader)}>
                  {t('experiments.useWinnerNamed', { template: optionLabel(t, 'promptTemplate', leader) })}
                </Button>
              )}
              <Button variant="secondary" disabled={busy} onClick={() => void end(null)}>
                {t('experiments.stop')}
              </Button>
            </div>
          )}
        </>
      )}
      {!running &&
        (starting || !experiment ? (
          <StartForm agent={agent} onStarted={() => setStarting(false)} />
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => setStarting(true)}>
            {t('experiments.startNew')}
          </Button>
        ))}
    </section>
  );
}
