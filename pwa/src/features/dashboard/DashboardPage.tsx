import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REFERRAL_DISCOUNT_PERCENT, REFERRALS_FOR_DISCOUNT } from '@shared/schemas/billing';
import type { ActivityEntry } from '@shared/schemas/dashboard';
import type { Agent } from '@shared/schemas/agent';
import { inboxPath } from '@shared/app-routes';
import { Button, ButtonLink, buttonClass, linkClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { StatCard } from '../../ui/StatCard';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { RatesTable, usePercent } from '../stats/RatesTable';
import { ScrollTable, td, th } from '../../ui/ScrollTable';
import { useAuth } from '../../session/session-provider';
import { activityLine, markReferralWelcomeSeen, shouldShowReferralWelcome } from './dashboard-activity';
import { dashboardCards, dashboardStats, FUNNEL_STEPS, type DashboardStats, type Funnel } from '../stats/dashboard-stats';
import { useAgents } from '../../data/use-agents';
import { useSyncStatus } from '../../sync/use-sync-status';
import { useAgentActions } from '../agents/use-agent-actions';
import { useActivityFeed, useDashboardItems } from './dashboard-data';
import { TitledSection } from '../../ui/TitledSection';
import { looseT, type LooseT } from '../../lib/loose-t';

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
const sectionTitle = 'text-lg font-semibold text-slate-900';

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`mt-6 ${card}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className={sectionTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function OverallFunnel({ funnel, t, formatNumber }: { funnel: Funnel; t: LooseT; formatNumber: (n: number) => string }) {
  const top = Math.max(1, ...FUNNEL_STEPS.map((step) => funnel[step]));
  return (
    <ol className="mt-4 space-y-2" aria-label={t('dashboard.funnel.overall')}>
      {FUNNEL_STEPS.map((step) => (
        <li key={step} className="grid grid-cols-[7rem_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[9rem_1fr_4rem]">
          <span className="text-slate-700">{t(`dashboard.funnel.steps.${step}`)}</span>
          <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-100">
            <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${(funnel[step] / top) * 100}%` }} />
          </span>
          <span className="text-end font-semibold text-slate-900 tabular-nums">{formatNumber(funnel[step])}</span>
        </li>
      ))}
    </ol>
  );
}

function FunnelSection({ stats, t, formatNumber }: { stats: DashboardStats; t: LooseT; formatNumber: (n: number) => string }) {
  return (
    <Section id="dashboard-funnel" title={t('dashboard.funnel.heading')}>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.funnel.intro')}</p>
      <h3 className="mt-4 font-semibold text-slate-900">{t('dashboard.funnel.overall')}</h3>
      <OverallFunnel funnel={stats.overall} t={t} formatNumber={formatNumber} />
      {stats.perAgent.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">{t('dashboard.funnel.perAgent')}</h3>
          <ScrollTable label={t('dashboard.funnel.perAgent')}>
            <thead className="border-b border-slate-200">
              <tr>
                <th scope="col" className={th}>
                  {t('dashboard.rates.agent')}
                </th>
                {FUNNEL_STEPS.map((step) => (
                  <th key={step} scope="col" className={`${th} text-end`}>
                    {t(`dashboard.funnel.steps.${step}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stats.perAgent.map((row) => (
                <tr key={row.agentId}>
                  <th scope="row" className={`${td} max-w-48 truncate text-start font-medium`}>
                    <Link to={`/dashboard/automations/${row.agentId}`} className={linkClass}>
                      {row.name}
                    </Link>
                  </th>
                  {FUNNEL_STEPS.map((step) => (
                    <td key={step} className={`${td} text-end`}>
                      {formatNumber(row.funnel[step])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </Section>
  );
}

function RatesSection({ stats, t, formatNumber }: { stats: DashboardStats; t: LooseT; formatNumber: (n: number) => string }) {
  const percent = usePercent();
  const rate = (value: number | null) => (value === null ? t('rates.none') : percent(value));
  const { overallRates } = stats;
  return (
    <Section id="dashboard-rates" title={t('dashboard.rates.heading')}>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.rates.intro')}</p>
      <p className="mt-3 text-sm text-slate-800" data-rates="overall">
        {t('dashboard.rates.overall', {
          sent: formatNumber(overallRates.sent),
          reply: rate(overallRates.replied.rate),
          interview: rate(overallRates.interview.rate),
          win: rate(overallRates.won.rate),
        })}
      </p>
      {stats.perAgent.length > 0 && (
        <>
          <h3 className="mt-5 font-semibold text-slate-900">{t('dashboard.rates.byAgent')}</h3>
          <RatesTable
            label={t('dashboard.rates.byAgent')}
            nameHeader={t('dashboard.rates.agent')}
            rows={stats.perAgent.map((row) => ({ key: row.agentId, name: row.name, rates: row.rates }))}
          />
          <h3 className="mt-5 font-semibold text-slate-900">{t('dashboard.rates.byTemplate')}</h3>
          <RatesTable
            label={t('dashboard.rates.byTemplate')}
            nameHeader={t('dashboard.rates.template')}
            extraHeaders={
              <th scope="col" className={`${th} text-end`}>
                {t('dashboard.rates.agents')}
              </th>
            }
            rows={stats.perTemplate.map((row) => ({
              key: row.template,
              name: t(`agents.options.promptTemplate.${row.template}`),
              rates: row.rates,
              extra: <td className={`${td} text-end align-top`}>{formatNumber(row.agents)}</td>,
            }))}
          />
          <h3 className="mt-5 font-semibold text-slate-900">{t('dashboard.rates.byPlatform')}</h3>
          <RatesTable
            label={t('dashboard.rates.byPlatform')}
            nameHeader={t('dashboard.rates.platform')}
            rows={stats.perPlatform.map((row) => ({
              key: row.platform,
              name: t(`agents.options.platform.${row.platform}`),
              rates: row.rates,
            }))}
          />
        </>
      )}
      <p className="mt-4 text-xs text-slate-600">{t('rates.explain')}</p>
    </Section>
  );
}

function ActivitySection({
  userId,
  agentNames,
  t,
  language,
}: {
  userId: string;
  agentNames: Map<string, string>;
  t: LooseT;
  language: string;
}) {
  const { lastSyncedAt } = useSyncStatus();
  const feed = useActivityFeed(userId, lastSyncedAt);
  const formatTime = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const text = (entry: ActivityEntry) => {
    const line = activityLine(entry, (id) => agentNames.get(id), t('dashboard.activity.unknownAgent'));
    const values = { ...line.values };
    if (typeof values.plan === 'string' && values.plan) values.plan = t(`plans.${values.plan}.name`, { defaultValue: values.plan });
    return { ...line, text: t(line.key, values) };
  };
  return (
    <Section id="dashboard-activity" title={t('dashboard.activity.heading')}>
      {feed.failed && (
        <p className="mt-2 text-sm text-amber-900">
          {feed.savedAt !== null
            ? t('dashboard.activity.saved', { time: formatTime(new Date(feed.savedAt).toISOString()) })
            : t('dashboard.activity.failed')}
        </p>
      )}
      {feed.entries === undefined ? (
        feed.loading ? (
          <p className="mt-3 text-sm text-slate-600">{t('dashboard.activity.loading')}</p>
        ) : null
      ) : feed.entries.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('dashboard.activity.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('dashboard.activity.heading')}>
          {feed.entries.map((entry) => {
            const line = text(entry);
            return (
              <li
                key={entry.id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
                data-activity={entry.kind}
              >
                <span className="min-w-0 break-words text-slate-900">
                  {line.text}
                  {line.agentHref && (
                    <>
                      {' '}
                      <Link to={line.agentHref} className={`${linkClass} text-sm`}>
                        {t('dashboard.activity.viewAgent', { agent: line.values.agent })}
                      </Link>
                    </>
                  )}
                </span>
                <time dateTime={entry.createdAt} className="shrink-0 text-xs text-slate-500">
                  {formatTime(entry.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function ReferralWelcome({ t }: { t: LooseT }) {
  const [open, setOpen] = useState(() => shouldShowReferralWelcome(localStore()));
  const close = () => {
    markReferralWelcomeSeen(localStore(), Date.now());
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('dashboard.welcome.title')}
      description={t('dashboard.welcome.text', { count: REFERRALS_FOR_DISCOUNT, percent: REFERRAL_DISCOUNT_PERCENT })}
      size="sm"
      footer={
        <>
          <button type="button" onClick={close} className={buttonClass('secondary')}>
            {t('dashboard.welcome.later')}
          </button>
          <ButtonLink to="/dashboard/referrals" onClick={close}>
            {t('dashboard.welcome.cta')}
          </ButtonLink>
        </>
      }
    />
  );
}

/** Drafts waiting for the user across every agent: how many, and the way to the inbox (none: nothing shown). */
function DraftsWaiting({ drafts, t, formatNumber }: { drafts: number; t: LooseT; formatNumber: (n: number) => string }) {
  if (drafts === 0) return null;
  return (
    <section
      aria-labelledby="dashboard-drafts"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-4 sm:p-6"
      data-drafts-waiting
    >
      <h2 id="dashboard-drafts" className="min-w-0 font-semibold break-words text-indigo-950">
        {t('dashboard.draftsToReview', { count: formatNumber(drafts) })}
      </h2>
      <ButtonLink to={inboxPath()}>{t('dashboard.openInbox')}</ButtonLink>
    </section>
  );
}

/** Agents made but never started (created paused, the marketplace connected later): one button each to start them. */
function ActivatePrompt({ agents, t }: { agents: readonly Agent[]; t: LooseT }) {
  const { toggleStatus } = useAgentActions();
  const waiting = agents.filter((agent) => agent.status === 'paused' && agent.lastRun === null).slice(0, 3);
  if (waiting.length === 0) return null;
  return (
    <TitledSection
      id="dashboard-activate"
      title={t('dashboard.activate.heading')}
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-6"
      titleClassName={sectionTitle}
    >
      <ul className="mt-3 flex flex-col gap-3">
        {waiting.map((agent) => (
          <li key={agent.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 text-sm break-words text-amber-950">{t('dashboard.activate.text', { agent: agent.name })}</span>
            <Button onClick={() => void toggleStatus(agent)} aria-label={t('dashboard.activate.buttonFor', { agent: agent.name })}>
              {t('dashboard.activate.button')}
            </Button>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/**
 * `/dashboard` (inside the signed-in layout): the four figures, the funnel and the reply and win
 * rates (all computed on this device from IndexedDB, so they show offline), the recent activity,
 * quick actions, the notification settings and the one-time referral welcome.
 */
export default function DashboardPage() {
  const { t: typedT, i18n } = useTranslation();
  const t = looseT(typedT);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { user } = useAuth();
  const agents = useAgents();
  const { lastSyncedAt } = useSyncStatus();
  const { items, drafts } = useDashboardItems(lastSyncedAt);
  const stats = useMemo(() => (agents && items ? dashboardStats(agents, items, new Date()) : undefined), [agents, items]);
  // The agents' own figures show at once; those counted from the job items wait for them.
  const agentCards = useMemo(() => (agents ? dashboardCards(agents, [], new Date()) : undefined), [agents]);
  const agentNames = useMemo(() => new Map((agents ?? []).map((agent) => [agent.id, agent.name])), [agents]);
  const numberFormat = useMemo(() => new Intl.NumberFormat(language), [language]);
  if (!user) return null;
  const formatNumber = (n: number) => numberFormat.format(n);

  const shortcuts = [
    { to: '/dashboard/search', title: t('layout.search'), text: t('dashboard.searchShortcut') },
    { to: '/dashboard/automations', title: t('layout.agents'), text: t('dashboard.agentsShortcut') },
  ];
  const counting = t('dashboard.cards.counting');
  const cards: Array<[string, number | string | undefined]> = [
    [t('dashboard.cards.activeAgents'), agentCards?.activeAgents],
    [t('dashboard.cards.sentThisMonth'), stats?.cards.sentThisMonth ?? (agents ? counting : undefined)],
    [t('dashboard.cards.coverLetters'), stats?.cards.coverLetters ?? (agents ? counting : undefined)],
    [t('dashboard.cards.jobsFound'), agentCards?.jobsFound],
  ];
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {user.firstName?.trim() ? t('dashboard.titleNamed', { name: user.firstName.trim() }) : t('dashboard.title', { email: user.email })}
      </h1>
      {!user.emailVerified && (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-amber-900">
          {t('dashboard.notVerified')}{' '}
          <Link to="/verify-email" state={{ email: user.email }} className={linkClass}>
            {t('dashboard.verifyLink')}
          </Link>
        </p>
      )}

      <TitledSection id="dashboard-figures" title={t('dashboard.cards.heading')} className="mt-6" titleClassName="sr-only">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {cards.map(([label, value]) => (
            <StatCard key={label} as="li" tabular label={label} value={value ?? '…'} />
          ))}
        </ul>
      </TitledSection>

      {drafts !== undefined && <DraftsWaiting drafts={drafts} t={t} formatNumber={formatNumber} />}

      {agents && <ActivatePrompt agents={agents} t={t} />}

      <ActivitySection userId={user.id} agentNames={agentNames} t={t} language={language} />

      <TitledSection id="dashboard-quick" title={t('dashboard.quick.heading')} className="mt-6" titleClassName={sectionTitle}>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2">
          {shortcuts.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="block font-semibold text-slate-900">{item.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>

      {stats && <FunnelSection stats={stats} t={t} formatNumber={formatNumber} />}
      {stats && <RatesSection stats={stats} t={t} formatNumber={formatNumber} />}

      <NotificationSettings />
      <ReferralWelcome t={t} />
    </>
  );
}
