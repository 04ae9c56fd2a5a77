import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobFacts } from './job-facts';
import type { JobItem } from '@shared/schemas/job-item';
import { Badge, type BadgeVariant } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { isJobItemPending, isQueued, type JobItemRow } from '../../data/job-items-table';
import { needsManualSend, waitsForShare } from './job-proposal';
import { letterLimit, problemText } from './review';
import { stageNote } from './proposal-state';
import { clientFactTexts } from '../../lib/client-facts';
import { matchFormat, reasonParts } from '../search/search-match';
import { MatchReasonParts } from '../search/MatchReason';
import { useJobItems } from '../../data/use-job-items';
import { formatDate, loose, optionLabel } from './agent-text';
import { LetterDialog } from './LetterDialog';
import { OfflineWriterNote } from './OfflineWriterNote';
import { useLetterDraftIds } from '../../data/letter-drafts';
import { OutcomeSelect } from './OutcomeSelect';
import { useProposalActions } from './use-proposal-actions';
import { StrokeIcon } from '../../ui/StrokeIcon';
import { RiskFilterField, RiskFlags } from '../search/RiskFlags';
import { filterByRisk, itemRiskFlags, type RiskFilter } from '../search/risk-text';

const PAGE = 50;

/** The specification's badges: completed default, processing secondary, failed destructive, others outline. */
export function badgeVariant(status: string): BadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'processing') return 'secondary';
  if (status === 'failed') return 'destructive';
  return 'outline';
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

function bidText(item: JobItem, language: string): string | null {
  if (item.bidAmount === null) return null;
  if (!item.bidCurrency) return String(item.bidAmount);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: item.bidCurrency, maximumFractionDigits: 2 }).format(
      item.bidAmount,
    );
  } catch {
    return `${item.bidAmount} ${item.bidCurrency}`;
  }
}

/** Who posted the job: the client's name, else what the marketplace said of them (Upwork hides names). */
function clientText(item: JobItem, t: TFunction, language: string): string {
  if (item.clientName) return item.clientName;
  const facts = clientFactTexts(item.client, loose(t), language);
  return facts.length > 0 ? facts.join(' · ') : t('clientFacts.none');
}

/** When a proposal on its way out goes, or what is happening to it now. */
function StageLine({ item }: { item: JobItem }) {
  const { t, i18n } = useTranslation();
  const note = stageNote(item, new Date());
  if (!note) return null;
  let text: string;
  if (note.key === 'sendsAt') {
    const time = new Intl.DateTimeFormat(
      i18n.language,
      note.sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
    ).format(note.at);
    text = t('agents.proposals.sendsAt', { time });
  } else text = t(`agents.proposals.${note.key}`);
  return <p className="mt-2 text-sm font-medium text-slate-800">{text}</p>;
}

/** Why a draft waits for the user: the first reason its letter was held (in the reader's language), and how many more. */
function HeldReasons({ item }: { item: JobItem }) {
  const { t, i18n } = useTranslation();
  const problems = item.status === 'draft' ? (item.letterReview?.problems ?? []) : [];
  if (problems.length === 0) return null;
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return (
    <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm break-words text-amber-950" data-held-reasons>
      <span className="font-semibold">{t('agents.review.heldFor')} </span>
      {problemText(loose(t), problems[0]!, language)}
      {problems.length > 1 && <span> {t('agents.review.moreReasons', { count: problems.length - 1 })}</span>}
    </p>
  );
}

/**
 * One job item with its decisions: review (edit, approve, discard) a draft, hold or cancel a queued
 * one, send an Upwork draft by hand, mark the outcome. In the inbox (`agentName`), a draft also has
 * a one-tap approval.
 */
export function ProposalCard({
  item,
  onOpen,
  actions,
  focused,
  agentName,
  edited = false,
}: {
  item: JobItemRow;
  onOpen: (item: JobItem) => void;
  actions: ReturnType<typeof useProposalActions>;
  focused: boolean;
  /** The agent that found it, shown in the inbox (which lists every agent's). */
  agentName?: string;
  /** An edit of its letter is kept on this device. */
  edited?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  // Opened from a notice: show this proposal.
  useEffect(() => {
    if (!focused || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus();
  }, [focused]);
  const notSpecified = t('agents.detail.notSpecified');
  const facts = jobFacts(item);
  const manual = needsManualSend(item);
  const draft = item.status === 'draft';
  const queued = isQueued(item);
  const bid = bidText(item, i18n.language);
  // The stored reason: its factors in the reader's language, or an older English sentence as it was.
  const reason = reasonParts(item.matchReason, loose(t), matchFormat(i18n.resolvedLanguage ?? i18n.language ?? 'en'));
  const flags = itemRiskFlags(item);
  return (
    <li
      ref={ref}
      tabIndex={focused ? -1 : undefined}
      data-flagged={flags.length > 0 || undefined}
      className={`rounded-2xl border bg-white p-4 shadow-sm focus:outline-2 focus:outline-indigo-600 ${focused ? 'border-indigo-400' : 'border-slate-200'}`}
      data-job-item={item.id}
      data-status={item.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{item.title}</h3>
          <p className="text-sm text-slate-600">{clientText(item, t, i18n.language)}</p>
          {agentName !== undefined && (
            <p className="text-sm text-slate-600">
              {t('agents.inbox.agentLine', { name: agentName, platform: optionLabel(t, 'platform', item.platform) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {item.writer === 'offline' && <Badge variant="outline">{t('agents.proposals.offlineWriter')}</Badge>}
          {item.heldByPause && item.status === 'draft' && <Badge variant="warning">{t('agents.review.heldByPause')}</Badge>}
          {waitsForShare(item) && <Badge variant="secondary">{t('agents.review.waitingShare')}</Badge>}
          {edited && item.status === 'draft' && <Badge variant="secondary">{t('agents.review.editedHere')}</Badge>}
          {isJobItemPending(item) && <Badge variant="warning">{t('agents.proposals.waiting')}</Badge>}
          <Badge variant={badgeVariant(item.status)}>{optionLabel(t, 'jobStatus', item.status)}</Badge>
        </div>
      </div>
      <StageLine item={item} />
      {item.matchScore !== null && (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-semibold">{t('agents.proposals.match', { score: item.matchScore })}</span>
          {reason.length > 0 && (
            <span className="text-slate-600">
              {' · '}
              <MatchReasonParts parts={reason} />
            </span>
          )}
        </p>
      )}
      {/* A flagged job: held for the user, sent only if they approve it. */}
      <RiskFlags flags={flags} note={draft ? t('search.risk.heldNote') : undefined} />
      <HeldReasons item={item} />
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.includes('budget') && <Fact label={t('agents.detail.budget')} value={item.budget || notSpecified} />}
        {facts.includes('applied') && (
          <Fact label={t('agents.detail.applied')} value={formatDate(item.appliedDate, i18n.language) || notSpecified} />
        )}
        {facts.includes('experience') && item.experienceLevel && (
          <Fact label={t('agents.detail.experience')} value={optionLabel(t, 'upworkExperienceLevel', item.experienceLevel)} />
        )}
        {facts.includes('duration') && item.duration && (
          <Fact label={t('agents.detail.duration')} value={optionLabel(t, 'upworkDuration', item.duration)} />
        )}
        {bid && <Fact label={t('agents.proposals.bid')} value={bid} />}
      </dl>
      <OutcomeNote item={item} />
      {manual ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t('agents.proposals.manualHint')}</p>
      ) : (
        item.lastError && (
          <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <span className="font-semibold">{t('agents.detail.lastError')}: </span>
            {item.lastError}
          </p>
        )
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {draft ? (
          <>
            <Button
              variant={manual || agentName !== undefined ? 'secondary' : 'primary'}
              onClick={() => onOpen(item)}
              aria-label={t('agents.proposals.reviewFor', { title: item.title })}
            >
              {t('agents.proposals.review')}
            </Button>
            {/* One tap from the inbox: the letter as it is, within its marketplace's limit (a red-flagged job is reviewed first). */}
            {agentName !== undefined &&
              !manual &&
              flags.length === 0 &&
              (item.proposalRequirements ?? '').trim().length <= letterLimit(item.platform) && (
                <Button onClick={() => void actions.approveNow(item)} aria-label={t('agents.review.approveFor', { title: item.title })}>
                  {t('agents.review.approve')}
                </Button>
              )}
          </>
        ) : (
          <Button
            variant="secondary"
            onClick={() => onOpen(item)}
            aria-label={t('agents.detail.viewCoverLetterFor', { title: item.title })}
          >
            {t('agents.detail.viewCoverLetter')}
          </Button>
        )}
        {manual && (
          <>
            <Button
              onClick={() => void actions.openOnUpwork(item)}
              aria-label={t('agents.proposals.openOnUpworkFor', { title: item.title })}
            >
              {t('agents.proposals.openOnUpwork')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void actions.markSent(item)}
              aria-label={t('agents.proposals.markSentFor', { title: item.title })}
            >
              {t('agents.proposals.markSent')}
            </Button>
          </>
        )}
        {queued && (
          <>
            <Button
              variant="secondary"
              onClick={() => void actions.hold(item)}
              aria-label={t('agents.proposals.holdFor', { title: item.title })}
            >
              {t('agents.proposals.hold')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => void actions.cancel(item)}
              aria-label={t('agents.proposals.cancelFor', { title: item.title })}
            >
              {t('agents.proposals.cancel')}
            </Button>
          </>
        )}
        {(draft || item.status === 'failed') && (
          <Button
            variant="ghost"
            onClick={() => void actions.discard(item)}
            aria-label={t('agents.proposals.discardFor', { title: item.title })}
          >
            {t('agents.proposals.discard')}
          </Button>
        )}
        {item.applyUrl && (
          <a href={item.applyUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost')}>
            {t('agents.detail.viewJob')}
            <span className="sr-only"> ({t('agents.detail.newTab')})</span>
            <StrokeIcon className="size-4 rtl:-scale-x-100">
              <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
            </StrokeIcon>
          </a>
        )}
        {item.status === 'completed' && <OutcomeSelect item={item} onChange={(outcome) => void actions.setOutcome(item, outcome)} />}
      </div>
    </li>
  );
}

/** What the marketplace showed after sending: the client's reply, and whether it is still being checked. */
function OutcomeNote({ item }: { item: JobItem }) {
  const { t, i18n } = useTranslation();
  if (item.status !== 'completed') return null;
  const platform = optionLabel(t, 'platform', item.platform);
  return (
    <>
      {/* Items read before conversations were kept (or synced from an older server) have the first reply only. */}
      {(item.conversation ?? []).length > 0 ? (
        <Conversation item={item} platform={platform} />
      ) : (
        item.clientReply && (
          <figure className="mt-3 rounded-lg border-s-4 border-indigo-400 bg-indigo-50 px-3 py-2" data-client-reply>
            <figcaption className="text-xs font-semibold text-indigo-900">
              {t('agents.proposals.clientReplied', { date: formatDate(item.repliedAt, i18n.language, true) })}
            </figcaption>
            <blockquote className="mt-1 text-sm break-words text-slate-900">{item.clientReply}</blockquote>
          </figure>
        )
      )}
      {item.outcomeTracking === 'unavailable' ? (
        <p className="mt-2 text-sm text-slate-600">{t('agents.proposals.outcomeUnavailable', { platform })}</p>
      ) : item.outcomeSource === 'marketplace' ? (
        <p className="mt-2 text-sm text-slate-600">{t('agents.proposals.outcomeFromMarketplace', { platform })}</p>
      ) : item.outcomeSource === 'manual' ? (
        <p className="mt-2 text-sm text-slate-600">{t('agents.proposals.outcomeMarkedByYou')}</p>
      ) : (
        item.outcomeTracking === 'polling' && (
          <p className="mt-2 text-sm text-slate-600">{t('agents.proposals.outcomeChecking', { platform })}</p>
        )
      )}
    </>
  );
}

/** The whole conversation about a sent proposal as the marketplace showed it: every message, oldest first, with who and when. */
function Conversation({ item, platform }: { item: JobItem; platform: string }) {
  const { t, i18n } = useTranslation();
  const titleId = `conversation-${item.id}`;
  return (
    <section aria-labelledby={titleId} className="mt-3 rounded-lg border-s-4 border-indigo-400 bg-indigo-50 px-3 py-2" data-conversation>
      <h4 id={titleId} className="text-xs font-semibold text-indigo-900">
        {t('agents.proposals.conversation.title', { platform })}
      </h4>
      <ol className="mt-1 space-y-2">
        {(item.conversation ?? []).map((message) => (
          <li key={message.id} data-from={message.from}>
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-800">
                {message.from === 'client' ? t('agents.proposals.conversation.client') : t('agents.proposals.conversation.you')}
              </span>
              {message.at && (
                <>
                  {' · '}
                  <time dateTime={message.at}>{formatDate(message.at, i18n.language, true)}</time>
                </>
              )}
            </p>
            <p dir="auto" className="text-sm break-words whitespace-pre-line text-slate-900">
              {message.text}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The Job Proposals tab: an agent's job items from IndexedDB, newest first, with the review dialog. */
export function JobProposals({ agentId, focusId = null }: { agentId: string; focusId?: string | null }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const items = useJobItems(agentId, { limit, focusId });
  const [openId, setOpenId] = useState<string | null>(null);
  const [risk, setRisk] = useState<RiskFilter>('all');
  const actions = useProposalActions();
  const edited = useLetterDraftIds();

  if (items === undefined) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
        {t('agents.detail.noProposals')}
      </p>
    );
  }

  // The dialog follows the live record (a sync may change it while open).
  const open = openId ? (items.find((item) => item.id === openId) ?? null) : null;
  const flagged = items.filter((item) => itemRiskFlags(item).length > 0).length;
  const shown = filterByRisk(items, risk, itemRiskFlags);
  return (
    <>
      {/* Letters from the offline writer: say why, and how a model is configured. */}
      {items.some((item) => item.writer === 'offline') && (
        <div className="mb-3">
          <OfflineWriterNote />
        </div>
      )}
      {(flagged > 0 || risk !== 'all') && (
        <div className="mb-3">
          <RiskFilterField value={risk} onChange={setRisk} flagged={flagged} />
        </div>
      )}
      {shown.length === 0 && (
        <p role="status" className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          {t('search.risk.filter.none')}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {shown.map((item) => (
          <ProposalCard
            key={item.id}
            item={item}
            onOpen={(chosen) => setOpenId(chosen.id)}
            actions={actions}
            focused={item.id === focusId}
            edited={edited.has(item.id)}
          />
        ))}
      </ul>
      {items.length >= limit && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => setLimit((n) => n + PAGE)}>
            {t('agents.detail.showMore')}
          </Button>
        </div>
      )}
      <LetterDialog item={open} actions={actions} onClose={() => setOpenId(null)} />
    </>
  );
}
