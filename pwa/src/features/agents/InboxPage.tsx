import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PLATFORMS, type Platform } from '@shared/marketplaces';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { useAgents } from '../../data/use-agents';
import { useEveryJobItem, useOlderJobItemsOnServer } from '../../data/use-job-items';
import { wantOlderJobItems } from '../../data/history-demand';
import { Button } from '../../ui/Button';
import { useLetterDraftIds } from '../../data/letter-drafts';
import { ProposalCard } from './JobProposals';
import { LetterDialog } from './LetterDialog';
import { OfflineWriterNote } from './OfflineWriterNote';
import { optionLabel } from './agent-text';
import { INBOX_STATES, inboxLists, type InboxFilter, type InboxState } from './review';
import { useProposalActions } from './use-proposal-actions';

const controlClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600';

function Control({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 flex-1 space-y-1 sm:max-w-64">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * `/dashboard/inbox`: the proposals of every agent in one place, from IndexedDB (offline too):
 * drafts to review, queued, sent and failed, each best match first, filtered by agent and
 * marketplace; a draft is approved in one tap (with Undo) or opened in the full review.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const items = useEveryJobItem();
  const olderOnServer = useOlderJobItemsOnServer();
  const agents = useAgents();
  const edited = useLetterDraftIds();
  const actions = useProposalActions();
  const [openId, setOpenId] = useState<string | null>(null);
  const agentId = useId();
  const platformId = useId();

  const state = (INBOX_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as InboxState) : 'drafts';
  const filter: InboxFilter = {
    agentId: params.get('agent') ?? 'all',
    platform: PLATFORMS.includes(params.get('platform') as Platform) ? (params.get('platform') as Platform) : 'all',
  };
  // Filters live in the address: a reload, or the back button, keeps them.
  const choose = (key: string, value: string, fallback: string) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const { agentId: chosenAgent, platform: chosenPlatform } = filter;
  const lists = useMemo(
    () => inboxLists(items ?? [], { agentId: chosenAgent, platform: chosenPlatform }),
    [items, chosenAgent, chosenPlatform],
  );
  const names = useMemo(() => new Map((agents ?? []).map((agent) => [agent.id, agent.name])), [agents]);
  const count = (n: number) => new Intl.NumberFormat().format(n);

  if (items === undefined || agents === undefined) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }

  const shown = lists[state];
  // The dialog follows the live record (a sync may change it while open).
  const open = openId ? (items.find((item) => item.id === openId) ?? null) : null;
  const filtered = filter.agentId !== 'all' || filter.platform !== 'all';
  return (
    <div>
      <PageHeader title={t('agents.inbox.title')} subtitle={t('agents.inbox.subtitle')} />
      {items.some((item) => item.writer === 'offline') && (
        <div className="mt-4">
          <OfflineWriterNote />
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Control id={agentId} label={t('agents.inbox.agent')}>
          <select id={agentId} value={filter.agentId} onChange={(e) => choose('agent', e.target.value, 'all')} className={controlClass}>
            <option value="all">{t('agents.inbox.allAgents')}</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>
        </Control>
        <Control id={platformId} label={t('agents.inbox.marketplace')}>
          <select
            id={platformId}
            value={filter.platform}
            onChange={(e) => choose('platform', e.target.value, 'all')}
            className={controlClass}
          >
            <option value="all">{t('agents.inbox.allMarketplaces')}</option>
            {PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {optionLabel(t, 'platform', platform)}
              </option>
            ))}
          </select>
        </Control>
      </div>
      <div className="mt-6">
        <Tabs
          label={t('agents.inbox.states')}
          items={INBOX_STATES.map((key) => ({ key, label: t(`agents.inbox.state.${key}`, { count: count(lists[key].length) }) }))}
          selected={state}
          onSelect={(key) => choose('state', key, 'drafts')}
          wrap
        >
          {shown.length === 0 ? (
            <p role="status" className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
              {filtered ? t('agents.inbox.emptyFiltered') : t(`agents.inbox.empty.${state}`)}
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t(`agents.inbox.list.${state}`)}>
              {shown.map((item) => (
                <ProposalCard
                  key={item.id}
                  item={item}
                  onOpen={(chosen) => setOpenId(chosen.id)}
                  actions={actions}
                  focused={false}
                  agentName={(item.agentId && names.get(item.agentId)) || t('agents.inbox.noAgent')}
                  edited={edited.has(item.id)}
                />
              ))}
            </ul>
          )}
        </Tabs>
        {olderOnServer && (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <p className="min-w-0 text-sm break-words text-slate-700">{t('agents.inbox.older')}</p>
            <Button variant="secondary" onClick={() => wantOlderJobItems()}>
              {t('agents.inbox.loadOlder')}
            </Button>
          </div>
        )}
      </div>
      <LetterDialog item={open} actions={actions} onClose={() => setOpenId(null)} />
    </div>
  );
}
