import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobItem } from '@shared/schemas/job-item';
import { MARKETPLACES } from '@shared/marketplaces';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { createLetterDrafts, useLetterDraft } from '../../data/letter-drafts';
import type { LetterDraft } from '../../data/letter-drafts-table';
import { toast } from '../../stores/toast';
import { looseT } from '../../lib/loose-t';
import { RiskFlags } from '../search/RiskFlags';
import { itemRiskFlags } from '../search/risk-text';
import { letterProblem, needsManualSend } from './job-proposal';
import { clientFactTexts } from '../../lib/client-facts';
import type { ProposalActions } from './use-proposal-actions';
import { useLetterCheck } from './use-letter-check';
import { formatDate, optionLabel } from './agent-text';
import { bidLimitsOf, bidProblemLine, letterLimit, moneyFormat, postedAgo, problemText, reviewedBid } from './review';

/** How long the autosave waits for a pause in the typing. */
const AUTOSAVE_MS = 400;

const heading = 'text-sm font-semibold text-slate-900';
const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-600';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The job beside the letter: its facts, flags, description, the client's questions, Upwork's screening
 * questions with the answers sent beside the letter, and any lines addressed to an AI.
 */
function JobSide({
  item,
  questions,
  unansweredScreening,
}: {
  item: JobItem;
  questions: Array<{ text: string; answered: boolean | null }>;
  /** The screening questions the check found unanswered (null: not known yet). */
  unansweredScreening: ReadonlySet<string> | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const id = useId();
  const client = [item.clientName, ...clientFactTexts(item.client, looseT(t), language)].filter(Boolean);
  const posted = postedAgo(item.postedAt, Date.now(), language);
  const injected = item.letterReview?.injected ?? [];
  return (
    <section aria-labelledby={`${id}-job`} className="flex min-w-0 flex-col gap-3" data-review-job>
      <h3 id={`${id}-job`} className={heading}>
        {t('agents.review.jobHeading')}
      </h3>
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t('agents.detail.budget')} value={item.budget || t('agents.detail.notSpecified')} />
        <Fact label={t('agents.review.marketplace')} value={optionLabel(t, 'platform', item.platform)} />
        <Fact label={t('agents.review.client')} value={client.length > 0 ? client.join(' · ') : t('clientFacts.none')} />
        {posted && <Fact label={t('agents.review.posted')} value={posted} />}
        {item.bidCount !== null && item.bidCount !== undefined && (
          <Fact label={t('agents.review.proposalsSoFar')} value={new Intl.NumberFormat(language).format(item.bidCount)} />
        )}
      </dl>
      <RiskFlags flags={itemRiskFlags(item)} note={t('search.risk.heldNote')} />
      <div>
        <h4 id={`${id}-description`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {t('agents.review.description')}
        </h4>
        {item.description ? (
          // A region the keyboard can scroll: a long brief stays beside the letter.
          <div
            role="region"
            aria-labelledby={`${id}-description`}
            tabIndex={0}
            dir="auto"
            className="mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:max-h-96"
          >
            {item.description}
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t('agents.review.noDescription')}</p>
        )}
      </div>
      {questions.length > 0 && (
        <div data-review-questions>
          <h4 id={`${id}-questions`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {t('agents.review.questionsHeading')}
          </h4>
          <ul aria-labelledby={`${id}-questions`} className="mt-1 flex flex-col gap-1.5">
            {questions.map((question) => (
              <li
                key={question.text}
                className="flex items-start gap-2 text-sm text-slate-800"
                data-answered={question.answered ?? undefined}
              >
                <span
                  aria-hidden="true"
                  className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border text-xs ${
                    question.answered ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-400 text-transparent'
                  }`}
                >
                  ✓
                </span>
                <span className="min-w-0 break-words">
                  <span dir="auto">{question.text}</span>
                  {question.answered !== null && (
                    <span className="sr-only">
                      {' '}
                      ({question.answered ? t('agents.review.questionAnswered') : t('agents.review.questionOpen')})
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.screeningAnswers.length > 0 && (
        <div data-review-screening>
          <h4 id={`${id}-screening`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {t('agents.review.screeningHeading')}
          </h4>
          <p className="mt-0.5 text-xs text-slate-600">{t('agents.review.screeningNote')}</p>
          <ul aria-labelledby={`${id}-screening`} className="mt-1 flex flex-col gap-2">
            {item.screeningAnswers.map(({ question, answer }) => {
              const open = unansweredScreening?.has(question) ?? null;
              return (
                <li
                  key={question}
                  className="flex items-start gap-2 text-sm text-slate-800"
                  data-answered={open === null ? undefined : !open}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border text-xs ${
                      open === false
                        ? 'border-emerald-600 bg-emerald-600 text-white'
                        : open
                          ? 'border-amber-600 bg-amber-50 text-amber-800'
                          : 'border-slate-400 text-transparent'
                    }`}
                  >
                    {open ? '!' : '✓'}
                  </span>
                  <span className="min-w-0 break-words">
                    <span className="block font-medium" dir="auto">
                      {question}
                    </span>
                    {answer.trim() ? (
                      <span className="block text-slate-700" dir="auto">
                        {answer}
                      </span>
                    ) : (
                      <span className="block text-slate-600 italic">{t('agents.review.screeningEmpty')}</span>
                    )}
                    {open !== null && (
                      <span className="sr-only"> ({open ? t('agents.review.screeningOpen') : t('agents.review.screeningAnswered')})</span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {injected.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-review-injected>
          <h4 className="font-semibold">{t('agents.review.injectedHeading')}</h4>
          <p className="mt-0.5">{t('agents.review.injectedNote')}</p>
          {injected.map((line) => (
            <blockquote key={line} className="mt-1.5 border-s-4 border-amber-400 ps-2 break-words italic">
              <q dir="auto">{line}</q>
            </blockquote>
          ))}
        </div>
      )}
    </section>
  );
}

/** What the edit is, kept on this device while the user types. */
interface Edit {
  letter: string;
  amount: string;
  period: string;
}

const initialEdit = (item: JobItem, draft: LetterDraft | null): Edit => ({
  letter: draft?.letter ?? item.proposalRequirements ?? '',
  amount:
    draft?.bidAmount !== null && draft?.bidAmount !== undefined
      ? String(draft.bidAmount)
      : item.bidAmount !== null
        ? String(item.bidAmount)
        : '',
  period:
    draft?.bidPeriodDays !== null && draft?.bidPeriodDays !== undefined
      ? String(draft.bidPeriodDays)
      : item.bidPeriodDays !== null
        ? String(item.bidPeriodDays)
        : '',
});

/**
 * A draft's whole proposal to review: the job beside the letter, the letter's check (why it was
 * held; live on the edit), the bid within the marketplace's rules, and the decisions. The edit is
 * kept on this device as it is typed, so Esc, ✕ or a reload never loses it.
 */
function DraftReview({
  item,
  draft,
  actions,
  onClose,
}: {
  item: JobItem;
  draft: LetterDraft | null;
  actions: ProposalActions;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const loose = looseT(t);
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const id = useId();
  // The proposal as the user read it when the dialog opened: their edits are judged against it.
  // A kept edit stands on the version it was made on: a letter changed elsewhere since then is a
  // conflict the server answers (and the app shows), never overwritten unseen.
  const [seen, setSeen] = useState(() => (draft && draft.baseVersion < item.version ? { ...item, version: draft.baseVersion } : item));
  const [edit, setEdit] = useState<Edit>(() => initialEdit(item, draft));
  const [restored, setRestored] = useState(draft);
  const [touched, setTouched] = useState(false);
  // The letter last copied to Upwork from this dialog: what Mark as sent keeps.
  const [copied, setCopied] = useState<string | null>(null);
  const done = useRef(false);

  const limit = letterLimit(item.platform);
  const length = edit.letter.trim().length;
  const overLimit = length > limit;
  const problem = letterProblem(edit.letter, limit);
  const bid = reviewedBid(item, edit.amount, edit.period);
  const limits = bidLimitsOf(item);
  const money = moneyFormat(language, item.bidCurrency);
  const letterChanged = edit.letter.trim() !== (seen.proposalRequirements ?? '').trim();
  const bidChanged = Object.keys(bid.changes).length > 0;
  const dirty = letterChanged || bidChanged;
  const changedElsewhere = item.version !== seen.version && (item.proposalRequirements ?? '') !== (seen.proposalRequirements ?? '');
  const manual = needsManualSend(item);
  const check = useLetterCheck(item, edit.letter);
  const held = item.letterReview?.problems ?? [];
  const shownProblems = letterChanged ? (check?.problems ?? null) : held;
  const questions = check?.questions ?? (item.letterReview?.questions ?? []).map((text) => ({ text, answered: null as boolean | null }));
  // Upwork's screening answers as the check judges them now (held, or live on the edited letter).
  const unansweredScreening = shownProblems
    ? new Set(shownProblems.filter((p) => p.code === 'screeningUnanswered').map((p) => p.words ?? ''))
    : null;

  // Autosave: the edit is written to this device a moment after the typing stops; an edit back to
  // the proposal's own text is forgotten. The last one is written when the dialog closes, too.
  const latest = useRef({ edit, dirty, bid, version: seen.version });
  latest.current = { edit, dirty, bid, version: seen.version };
  const persist = () => {
    if (done.current) return Promise.resolve();
    const { edit: now, dirty: changed, bid: b, version } = latest.current;
    const store = createLetterDrafts();
    if (!changed) return store.drop(item.id).catch(() => undefined);
    return store
      .save({
        id: item.id,
        letter: now.letter,
        bidAmount: b.changes.bidAmount ?? null,
        bidPeriodDays: b.changes.bidPeriodDays ?? null,
        baseVersion: version,
      })
      .catch(() => undefined);
  };
  useEffect(() => {
    const timer = setTimeout(() => void persist(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // persist reads the latest edit through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [edit]);
  useEffect(
    () => () => {
      if (done.current || !latest.current.dirty) return;
      void persist();
      toast({ title: t('agents.review.kept'), variant: 'success' });
    },
    // On close only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const decide =
    (next: () => Promise<boolean>, withBid = true) =>
    async () => {
      setTouched(true);
      if (problem || (withBid && bid.problems.length > 0)) return;
      // Set first: the decision turns the draft into something else at once, which closes this review
      // before the decision's answer; the edit it settles is not kept again on the way out.
      done.current = true;
      if (await next()) onClose();
      else done.current = false;
    };
  const startOver = () => {
    setEdit(initialEdit(item, null));
    setRestored(null);
    void createLetterDrafts().drop(item.id);
  };

  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const amountId = `${id}-amount`;
  const periodId = `${id}-period`;
  const amountProblem = bid.problems.find((p) => p.code.startsWith('amount'));
  const periodProblem = bid.problems.find((p) => p.code.startsWith('period'));
  const amountHint =
    limits.maxAmount !== null && limits.maxAmount < 1_000_000
      ? t('agents.review.bidRange', { min: money(limits.minAmount), max: money(limits.maxAmount) })
      : t('agents.review.bidMin', { min: money(limits.minAmount) });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <JobSide item={item} questions={questions} unansweredScreening={unansweredScreening} />
      <section aria-labelledby={`${id}-proposal`} className="flex min-w-0 flex-col gap-3" data-review-letter>
        <h3 id={`${id}-proposal`} className={heading}>
          {t('agents.review.proposalHeading')}
        </h3>
        {item.writer === 'offline' && (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800" data-offline-writer>
            {t('agents.review.offlineWriter')}
          </p>
        )}
        {restored && (
          <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
            <p className="min-w-0 flex-1">
              {t('agents.review.restored', { time: formatDate(new Date(restored.savedAt).toISOString(), language, true) })}
            </p>
            <Button variant="secondary" onClick={startOver}>
              {t('agents.review.startOver')}
            </Button>
          </div>
        )}
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {t('agents.proposals.letterLabel')}
          </label>
          <textarea
            id={id}
            value={edit.letter}
            onChange={(event) => setEdit((before) => ({ ...before, letter: event.target.value }))}
            onBlur={() => setTouched(true)}
            rows={14}
            dir="auto"
            aria-invalid={overLimit || (touched && problem !== null)}
            aria-describedby={`${counterId}${(touched && problem) || overLimit ? ` ${errorId}` : ''}`}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm leading-relaxed text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[invalid=true]:border-red-600"
          />
          <p
            id={counterId}
            className={`text-end text-xs tabular-nums ${overLimit ? 'font-semibold text-red-700' : 'text-slate-600'}`}
            data-letter-counter
          >
            {t('agents.review.counter', {
              count: new Intl.NumberFormat(language).format(length),
              limit: new Intl.NumberFormat(language).format(limit),
            })}
          </p>
          {overLimit ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {t('agents.review.overLimit', {
                marketplace: MARKETPLACES[item.platform].name,
                limit: new Intl.NumberFormat(language).format(limit),
              })}
            </p>
          ) : (
            touched &&
            problem && (
              <p id={errorId} className="text-sm text-red-700">
                {t(`agents.proposals.${problem}`)}
              </p>
            )
          )}
        </div>

        <div className="rounded-lg border border-slate-200 px-3 py-2" data-letter-check>
          <h4 className="text-sm font-semibold text-slate-900">
            {letterChanged
              ? t('agents.review.checkHeading')
              : held.length > 0
                ? t('agents.review.heldHeading')
                : t('agents.review.checkTitle')}
          </h4>
          {shownProblems === null ? (
            <p className="mt-1 text-sm text-slate-600">{t('agents.review.checking')}</p>
          ) : shownProblems.length === 0 ? (
            <p className="mt-1 text-sm text-emerald-800">{t('agents.review.checkPasses')}</p>
          ) : (
            <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-amber-950">
              {shownProblems.map((p, index) => (
                <li key={`${p.code}-${index}`} className="break-words" data-problem={p.code}>
                  {problemText(loose, p, language)}
                </li>
              ))}
            </ul>
          )}
        </div>

        {/* Sent by hand, the bid is set on the marketplace's own page. */}
        {!manual && (
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t('agents.review.bidHeading')}</legend>
            <div>
              <label htmlFor={amountId} className="text-sm font-medium text-slate-800">
                {item.jobType === 'hourly'
                  ? t('agents.review.hourlyRate', { currency: item.bidCurrency ?? 'USD' })
                  : t('agents.review.bidAmount', { currency: item.bidCurrency ?? 'USD' })}
              </label>
              <input
                id={amountId}
                type="number"
                inputMode="decimal"
                min={limits.minAmount}
                step="0.01"
                value={edit.amount}
                onChange={(event) => setEdit((before) => ({ ...before, amount: event.target.value }))}
                aria-invalid={amountProblem !== undefined}
                aria-describedby={`${amountId}-hint`}
                className={`mt-1 ${inputClass}`}
              />
              <p id={`${amountId}-hint`} className={`mt-1 text-xs ${amountProblem ? 'text-red-700' : 'text-slate-600'}`}>
                {amountProblem ? bidProblemLine(loose, amountProblem, money) : amountHint}
              </p>
            </div>
            {limits.period && (
              <div>
                <label htmlFor={periodId} className="text-sm font-medium text-slate-800">
                  {t('agents.review.period')}
                </label>
                <input
                  id={periodId}
                  type="number"
                  inputMode="numeric"
                  min={limits.period.min}
                  max={limits.period.max}
                  step="1"
                  value={edit.period}
                  onChange={(event) => setEdit((before) => ({ ...before, period: event.target.value }))}
                  aria-invalid={periodProblem !== undefined}
                  aria-describedby={`${periodId}-hint`}
                  className={`mt-1 ${inputClass}`}
                />
                <p id={`${periodId}-hint`} className={`mt-1 text-xs ${periodProblem ? 'text-red-700' : 'text-slate-600'}`}>
                  {periodProblem
                    ? bidProblemLine(loose, periodProblem, money)
                    : t('agents.review.periodHint', { min: limits.period.min, max: limits.period.max })}
                </p>
              </div>
            )}
          </fieldset>
        )}

        {changedElsewhere && (
          <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
            <p className="min-w-0 flex-1">{t('agents.proposals.changedElsewhere')}</p>
            <Button
              variant="secondary"
              onClick={() => {
                setSeen(item);
                setEdit((before) => ({ ...before, letter: item.proposalRequirements ?? '' }));
              }}
            >
              {t('agents.proposals.showNewLetter')}
            </Button>
          </div>
        )}
        {manual && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t('agents.proposals.manualHint')}</p>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button
            variant="ghost"
            onClick={() => {
              done.current = true;
              void actions.discard(item).then((ok) => {
                if (ok) onClose();
                else done.current = false;
              });
            }}
          >
            {t('agents.proposals.discard')}
          </Button>
          {letterChanged && (
            <Button variant="secondary" onClick={() => void decide(() => actions.saveLetter(item, edit.letter, seen), false)()}>
              {t('agents.proposals.save')}
            </Button>
          )}
          {manual ? (
            <>
              <Button
                variant="secondary"
                disabled={overLimit}
                onClick={() => void decide(() => actions.markSent(item, copied ?? edit.letter), false)()}
              >
                {t('agents.proposals.markSent')}
              </Button>
              <Button
                disabled={overLimit}
                onClick={() => {
                  setCopied(edit.letter.trim());
                  void actions.openOnUpwork(item, edit.letter.trim());
                }}
              >
                {t('agents.proposals.openOnUpwork')}
              </Button>
            </>
          ) : (
            <Button
              disabled={overLimit || bid.problems.length > 0}
              onClick={() => void decide(() => actions.approve(item, edit.letter, seen, bid.changes))()}
            >
              {t('agents.proposals.approve')}
            </Button>
          )}
        </div>
      </section>
    </div>
  );
}

/** The review of a draft: waits for the edit kept on this device (if any), then opens on it. */
export function ProposalReview({ item, actions, onClose }: { item: JobItem; actions: ProposalActions; onClose: () => void }) {
  const { t } = useTranslation();
  const draft = useLetterDraft(item.id);
  // Read once: the review opens on the kept edit; later saves of it are the dialog's own.
  const [opened, setOpened] = useState<LetterDraft | null | undefined>(undefined);
  useEffect(() => {
    if (opened === undefined && draft !== undefined) setOpened(draft);
  }, [draft, opened]);
  if (opened === undefined)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  return <DraftReview item={item} draft={opened} actions={actions} onClose={onClose} />;
}
