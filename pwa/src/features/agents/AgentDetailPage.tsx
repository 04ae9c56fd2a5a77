import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PROPOSAL_PARAM } from '@shared/app-routes';
import type { Agent } from '@shared/schemas/agent';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { AgentsMessage } from './AgentsMessage';
import { agentFieldsOf } from '../../data/agents-table';
import { sameValue } from '@shared/sync/field-merge';
import { activeWindowKind, initialFormValues } from './agent-form';
import { useAgent, useAgentPending, useKeptDraft } from '../../data/use-agents';
import { useJobItemCounts } from '../../data/use-job-items';
import { usePlanLimits } from '../../data/use-plan-limits';
import { useSyncStatus } from '../../sync/use-sync-status';
import { recordTopic, toast } from '../../stores/toast';
import { AgentResults } from './AgentResults';
import { DeleteAgentDialog } from './DeleteAgentDialog';
import { FloorPreview } from './FloorPreview';
import { JobProposals } from './JobProposals';
import { KeptDraftPanel } from './KeptDrafts';
import { RunNowButton } from './RunNowButton';
import { SparseProfileNote } from './SparseProfileNote';
import { AgentRunStatus } from './AgentRunStatus';
import { RunHistory } from './RunHistory';
import { formatDate, optionLabel } from './agent-text';
import { useAgentActions } from './use-agent-actions';
import { AgentWizard } from './wizard/AgentWizard';

const TABS = ['details', 'proposals', 'runs', 'results'] as const;
type Tab = (typeof TABS)[number];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Details({ agent }: { agent: Agent }) {
  const { t, i18n } = useTranslation();
  const counts = useJobItemCounts(agent.id);
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Detail label={t('agents.detail.jobTitle')}>{agent.title}</Detail>
      <Detail label={t('agents.detail.platform')}>{optionLabel(t, 'platform', agent.platform)}</Detail>
      <Detail label={t('agents.detail.location')}>
        {!agent.location || agent.location === 'Remote' ? t('agents.detail.remote') : agent.location}
      </Detail>
      <Detail label={t('agents.detail.activeHours')}>
        <span dir="ltr">
          {agent.startTime}–{agent.endTime}
        </span>
        {activeWindowKind(agent.startTime, agent.endTime) === 'overnight' && <> ({t('agents.detail.overnight')})</>}
        {activeWindowKind(agent.startTime, agent.endTime) === 'allDay' && <> ({t('agents.detail.allDay')})</>}
        {' · '}
        {optionLabel(t, 'activeEvery', agent.activeEvery)}
      </Detail>
      <Detail label={t('agents.detail.jobsFound')}>{Math.max(agent.jobsFound, counts?.total ?? 0)}</Detail>
      <Detail label={t('agents.detail.proposalsSent')}>{counts?.completed ?? 0}</Detail>
      <Detail label={t('agents.detail.lastRun')}>
        {agent.lastRun ? formatDate(agent.lastRun, i18n.language, true) : t('agents.detail.notYetRun')}
      </Detail>
      <Detail label={t('agents.fields.emailsPerDay')}>{agent.emailsPerDay}</Detail>
      <Detail label={t('agents.fields.sendMode')}>{optionLabel(t, 'sendMode', agent.sendMode)}</Detail>
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:col-span-2 lg:col-span-3">
        <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t('agents.detail.minMatchScore')}</dt>
        <dd className="mt-1 space-y-2">
          <span className="font-medium text-slate-900" data-min-match-score>
            {new Intl.NumberFormat(i18n.language).format(agent.minMatchScore)}
          </span>
          <FloorPreview fields={agent} floor={agent.minMatchScore} />
        </dd>
      </div>
    </dl>
  );
}

/** `/dashboard/automations/{id}`: the agent from IndexedDB with its actions, details and proposals. */
export default function AgentDetailPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const agent = useAgent(id);
  const kept = useKeptDraft(id);
  const pending = useAgentPending(id);
  const sync = useSyncStatus();
  const limits = usePlanLimits();
  const { repository, toggleStatus, remove } = useAgentActions();
  // `?item=<id>` (a notice's link, `proposalPath`) opens that proposal.
  const [search] = useSearchParams();
  const focusItem = search.get(PROPOSAL_PARAM);
  const [tab, setTab] = useState<Tab>(focusItem ? 'proposals' : 'details');
  // The agent as the edit dialog was opened on: the edit sends only what differs from it, on its version.
  const [editing, setEditing] = useState<Agent | null>(null);
  const [deleting, setDeleting] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ details: null, proposals: null, runs: null, results: null });
  // Counts the Run now presses: the Runs tab reads the history again after each.
  const [runs, setRuns] = useState(0);

  if (agent === undefined || (agent === null && sync.lastSyncedAt === null && !sync.offline)) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (agent === null) {
    if (kept) return <KeptDraftPanel draft={kept} />;
    return <AgentsMessage kind="notFound" />;
  }

  const active = agent.status === 'active';
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = i18n.dir() === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: Tab | undefined;
    if (event.key === forward) next = TABS[(i + 1) % TABS.length];
    else if (event.key === backward) next = TABS[(i - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div>
      <ButtonLink to="/dashboard/automations" variant="ghost" className="-ms-3 mb-2">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>
        {t('agents.detail.backToList')}
      </ButtonLink>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{agent.name}</h1>
            <Badge variant={active ? 'default' : 'outline'}>{active ? t('agents.list.active') : t('agents.detail.paused')}</Badge>
            {pending && <Badge variant="warning">{t('agents.list.pending')}</Badge>}
          </div>
          <p className="mt-1 text-sm text-slate-600">{t('agents.detail.created', { date: formatDate(agent.createdAt, i18n.language) })}</p>
          {active && agent.nextRunAt && (
            <p className="mt-1 text-sm text-slate-700">
              {t('agents.detail.nextRun', { time: formatDate(agent.nextRunAt, i18n.language, true) })}
            </p>
          )}
          <AgentRunStatus agent={agent} />
        </div>
        <div className="flex flex-wrap gap-2">
          <RunNowButton agent={agent} onRan={() => setRuns((n) => n + 1)} />
          <Button variant={active ? 'secondary' : 'primary'} onClick={() => void toggleStatus(agent)}>
            {active ? t('agents.detail.pause') : t('agents.detail.activate')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(agent)}>
            {t('agents.detail.edit')}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('agents.detail.delete')}
          </Button>
        </div>
      </div>

      <SparseProfileNote agent={agent} />

      <div role="tablist" aria-label={t('agents.detail.sections')} className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabRefs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`agent-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`agent-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 text-sm font-semibold sm:px-4 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              tab === name ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {t(`agents.detail.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`agent-panel-${tab}`} aria-labelledby={`agent-tab-${tab}`} tabIndex={0} className="mt-4 focus:outline-none">
        {tab === 'details' ? (
          <Details agent={agent} />
        ) : tab === 'proposals' ? (
          <JobProposals agentId={agent.id} focusId={focusItem} />
        ) : tab === 'runs' ? (
          <RunHistory agentId={agent.id} version={runs} />
        ) : (
          <AgentResults agent={agent} />
        )}
      </div>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={t('agents.detail.editTitle')} size="lg">
        {editing && !sameValue(agentFieldsOf(editing), agentFieldsOf(agent)) && (
          <p role="status" className="mb-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
            {t('agents.detail.changedElsewhere')}
          </p>
        )}
        <AgentWizard
          mode="edit"
          initial={initialFormValues({ agent: editing ?? agent })}
          maxPerDay={limits?.proposalsPerDay ?? null}
          onSubmit={async (fields) => {
            try {
              if (!repository) throw new Error('signed out');
              await repository.updateAgent(agent.id, fields, editing ?? agent);
              setEditing(null);
              toast({ title: t('agents.toast.updated'), variant: 'success', topic: recordTopic({ entity: 'agent', entityId: agent.id }) });
            } catch (error) {
              console.error('update failed', error);
              toast({ title: t('agents.toast.updateFailed'), variant: 'destructive' });
            }
          }}
        />
      </Dialog>

      <DeleteAgentDialog
        agent={deleting ? agent : null}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          if (await remove(agent)) navigate('/dashboard/job-agents');
          else setDeleting(false);
        }}
      />
    </div>
  );
}
