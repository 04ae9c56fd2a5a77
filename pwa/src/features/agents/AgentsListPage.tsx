import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@shared/schemas/agent';
import { filterAgents, type AgentFilter } from './agent-list';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import { AgentsMessage } from './AgentsMessage';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';
import { useAgentPending, useAgents } from '../../data/use-agents';
import { usePlanLimits } from '../../data/use-plan-limits';
import { DeleteAgentDialog } from './DeleteAgentDialog';
import { KeptDraftsSection } from './KeptDrafts';
import { formatDate, optionLabel } from './agent-text';
import { useEveryJobItem } from '../../data/use-job-items';
import { agentQueueStats } from './review';
import { inboxPath } from '@shared/app-routes';
import { useAgentActions } from './use-agent-actions';
import { StrokeIcon } from '../../ui/StrokeIcon';

const FILTERS: AgentFilter[] = ['all', 'active', 'paused'];

function PendingBadge({ id }: { id: string }) {
  const { t } = useTranslation();
  const pending = useAgentPending(id);
  if (!pending) return null;
  return (
    <Badge variant="warning">
      <StrokeIcon className="size-3.5">
        <path d="M12 7v5l3 2" />
        <circle cx="12" cy="12" r="8.5" />
      </StrokeIcon>
      {t('agents.list.pending')}
    </Badge>
  );
}

const actionClass =
  'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';

const controlClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600';

/** The search box or the filter over the list, with its label above it. */
function ListControl({ id, label, className, children }: { id: string; label: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
type QueueStats = { drafts: number; sentToday: number };

/** An agent's proposals waiting and sent today, and its last and next runs: the lines of its row. */
function AgentFacts({ agent, stats, layout }: { agent: Agent; stats: QueueStats | undefined; layout: 'table' | 'card' }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const number = new Intl.NumberFormat(language);
  const drafts = stats?.drafts ?? 0;
  const lines = {
    drafts:
      drafts > 0 ? (
        <Link to={`${inboxPath()}?agent=${encodeURIComponent(agent.id)}`} className="font-semibold text-indigo-700 hover:underline">
          {t('agents.list.draftsWaiting', { count: number.format(drafts) })}
        </Link>
      ) : (
        t('agents.list.draftsWaiting', { count: number.format(0) })
      ),
    sent: t('agents.list.sentToday', { count: number.format(stats?.sentToday ?? 0) }),
    last: agent.lastRun ? t('agents.list.lastRun', { time: formatDate(agent.lastRun, language, true) }) : t('agents.list.neverRan'),
    next:
      agent.status === 'active' && agent.nextRunAt
        ? t('agents.detail.nextRun', { time: formatDate(agent.nextRunAt, language, true) })
        : agent.status === 'active'
          ? t('agents.list.nextSoon')
          : t('agents.list.noNextRun'),
  };
  const cell = 'text-xs break-words text-slate-700';
  if (layout === 'table')
    return (
      <>
        <td className="px-4 py-3" data-agent-queue>
          <div className={cell}>{lines.drafts}</div>
          <div className={cell}>{lines.sent}</div>
        </td>
        <td className="px-4 py-3" data-agent-runs>
          <div className={cell}>{lines.last}</div>
          <div className={cell}>{lines.next}</div>
        </td>
      </>
    );
  return (
    <ul className="mt-2 grid grid-cols-1 gap-0.5 text-xs text-slate-700 min-[400px]:grid-cols-2" data-agent-facts>
      {Object.entries(lines).map(([key, value]) => (
        <li key={key} className="break-words">
          {value}
        </li>
      ))}
    </ul>
  );
}

/** `/dashboard/automations` and `/dashboard/job-agents`: the agents from IndexedDB, live. */
export default function AgentsListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const agents = useAgents();
  const items = useEveryJobItem();
  const stats = useMemo(() => agentQueueStats(items ?? [], new Date()), [items]);
  const limits = usePlanLimits();
  const { toggleStatus, remove } = useAgentActions();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<AgentFilter>('all');
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const searchId = useId();
  const filterId = useId();

  if (params.get('openForm') === 'true') return <Navigate to="/dashboard/automations/new" replace />;

  const shown = agents ? filterAgents(agents, query, filter) : [];
  const statusSwitch = (agent: Agent) => (
    <Switch
      checked={agent.status === 'active'}
      onChange={() => void toggleStatus(agent)}
      label={t('agents.list.statusOf', { name: agent.name })}
      onText={t('agents.list.active')}
      offText={t('agents.list.inactive')}
    />
  );
  const actions = (agent: Agent) => (
    <div className="flex items-center gap-1">
      <Link
        to={`/dashboard/automations/${agent.id}`}
        aria-label={t('agents.list.editNamed', { name: agent.name })}
        className={`${actionClass} text-indigo-700 hover:bg-indigo-50`}
      >
        {t('agents.list.edit')}
      </Link>
      <button
        type="button"
        onClick={() => setDeleting(agent)}
        aria-label={t('agents.list.deleteNamed', { name: agent.name })}
        className={`${actionClass} text-red-700 hover:bg-red-50`}
      >
        {t('agents.list.delete')}
      </button>
    </div>
  );

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('agents.list.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {limits && agents
              ? t('agents.list.usage', { used: agents.length, total: limits.agents })
              : agents
                ? t('agents.list.usageUnknown', { used: agents.length })
                : '\u00a0'}
          </p>
        </div>
        <ButtonLink to="/dashboard/automations/new" className="self-start">
          <span aria-hidden="true">+</span>
          {t('agents.list.create')}
        </ButtonLink>
      </div>

      <KeptDraftsSection />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <ListControl id={searchId} label={t('agents.list.search')} className="flex-1 space-y-1">
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} className={controlClass} />
        </ListControl>
        <ListControl id={filterId} label={t('agents.list.filter')} className="space-y-1 sm:w-48">
          <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as AgentFilter)} className={controlClass}>
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`agents.list.filters.${value}`)}
              </option>
            ))}
          </select>
        </ListControl>
      </div>

      <div className="mt-6">
        {agents === undefined ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('common.loading')} />
          </div>
        ) : agents.length === 0 ? (
          <AgentsMessage kind="empty" />
        ) : shown.length === 0 ? (
          <p role="status" className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-600">
            {t('agents.list.noMatches')}
          </p>
        ) : (
          <>
            <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:block">
              <table className="w-full text-start text-sm">
                <caption className="sr-only">{t('agents.list.title')}</caption>
                <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    {(['name', 'platform', 'proposals', 'runs', 'status', 'actions'] as const).map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 text-start">
                        {t(`agents.list.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {shown.map((agent) => (
                    <tr key={agent.id} className="align-middle">
                      <td className="px-4 py-3">
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="font-medium break-words text-slate-900">{agent.name}</span>
                          <PendingBadge id={agent.id} />
                        </div>
                        <div className="mt-0.5 text-xs break-words text-slate-600">{agent.title}</div>
                      </td>
                      <td className="px-4 py-3 text-slate-700">{optionLabel(t, 'platform', agent.platform)}</td>
                      <AgentFacts agent={agent} stats={stats.get(agent.id)} layout="table" />
                      <td className="px-4 py-3">{statusSwitch(agent)}</td>
                      <td className="px-4 py-3">{actions(agent)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <ul className="flex flex-col gap-3 lg:hidden" aria-label={t('agents.list.title')}>
              {shown.map((agent) => (
                <li key={agent.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="min-w-0 font-semibold break-words text-slate-900">{agent.name}</h2>
                    <PendingBadge id={agent.id} />
                  </div>
                  <p className="mt-0.5 text-sm break-words text-slate-600">
                    {agent.title} · {optionLabel(t, 'platform', agent.platform)}
                  </p>
                  <AgentFacts agent={agent} stats={stats.get(agent.id)} layout="card" />
                  <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
                    {statusSwitch(agent)}
                    {actions(agent)}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <DeleteAgentDialog
        agent={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
