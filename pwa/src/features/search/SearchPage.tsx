import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { ScoredJob, SearchCriteria } from '@shared/schemas/job';
import { useAuth, useApi } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { agentAction, agentButtonView, JOB_SEARCH_DATA_KEY } from './search-agent';
import {
  DEFAULT_SEARCH_FORM,
  formFromCriteria,
  validateSearchForm,
  type SearchFormProblem,
  type SearchFormValues,
} from './search-criteria';
import { isApiError } from '../../lib/api';
import { searchAnswer } from './search-answer';
import { useErrorText } from '../../lib/use-error-text';
import { useOnline } from '../../lib/use-online';
import { toast } from '../../stores/toast';
import { ConnectionPanel } from './ConnectionPanel';
import { JobCard } from './JobCard';
import { loadLastSearch, saveLastSearch, type LastSearchRow } from './last-search-db';
import { useTranslation } from 'react-i18next';
import { SearchForm } from './SearchForm';
import { ConnectRequired, NoResults, SearchErrorAlert, SearchingState } from './SearchStates';
import { useConnections } from '../marketplaces/use-connections';
import { looseT } from '../../lib/loose-t';
import { RiskFilterField } from './RiskFlags';
import { filterByRisk, type RiskFilter } from './risk-text';

/** Search: idle, searching, results (possibly none) or error (part 2, section 4). */
type View =
  | { kind: 'idle' }
  | { kind: 'searching'; criteria: SearchCriteria; startedAt: number }
  | { kind: 'results'; criteria: SearchCriteria; results: ScoredJob[]; total: number; restoredAt?: number }
  | { kind: 'error'; criteria: SearchCriteria; error: unknown };

/** Codes with their own words (in every language); the server's English goes to the technical details. */
const OWN_WORDS = new Set(['marketplace_not_connected', 'marketplace_unavailable', 'marketplace_rejected', 'rate_limited']);

/** `/dashboard/search`: the search form, the searching state, scored results, and 'Create job agent'. */
export default function SearchPage() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const { describe } = useErrorText();
  const { user } = useAuth();
  const navigate = useNavigate();
  const online = useOnline();
  const { connections } = useConnections(user?.id);
  const [values, setValues] = useState<SearchFormValues>(DEFAULT_SEARCH_FORM);
  const [problem, setProblem] = useState<SearchFormProblem | null>(null);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [lastSearch, setLastSearch] = useState<SearchCriteria | null>(null);
  // Show all results, hide the flagged ones, or only them (the spec's search has no such criterion: a view of the results).
  const [risk, setRisk] = useState<RiskFilter>('all');
  // The last search with its results (shown offline, and when a search waits for the network).
  const [last, setLast] = useState<LastSearchRow | null>(null);
  // A search asked for while offline: it runs when the network is back.
  const [queued, setQueued] = useState<SearchCriteria | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const resultsSection = useRef<HTMLElement>(null);
  const abort = useRef<AbortController | null>(null);
  const touched = useRef(false);
  const now = Date.now();

  // The last search stays readable offline: shown on open until a new search replaces it.
  useEffect(() => {
    if (!user) return;
    let live = true;
    void loadLastSearch(user.id).then((row) => {
      if (!live || !row) return;
      setLast(row);
      if (touched.current) return;
      setLastSearch(row.criteria);
      setValues(formFromCriteria(row.criteria));
      setView({ kind: 'results', criteria: row.criteria, results: row.results, total: row.total, restoredAt: row.savedAt });
    });
    return () => {
      live = false;
    };
  }, [user]);

  useEffect(() => () => abort.current?.abort(), []);

  const focusForm = useCallback(() => {
    const title = formRef.current?.elements.namedItem('title');
    if (title instanceof HTMLInputElement) {
      title.focus();
      title.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    }
  }, []);

  /** Brings the results area into view (below the form on small screens, beside a long form on wide ones). */
  const revealResults = useCallback(() => {
    const section = resultsSection.current;
    if (!section) return;
    const rect = section.getBoundingClientRect();
    if (rect.top >= 0 && rect.top < window.innerHeight * 0.4) return;
    section.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, []);

  const messageFor = (error: unknown, platform: AgentPlatform): string => {
    const name = t(`platform.${platform}`);
    if (isApiError(error) && OWN_WORDS.has(error.code)) {
      // A computed key, which the typed `t` cannot check.
      return looseT(t)(`search.errors.${error.code}`, { platform: name, seconds: error.details?.retryAfterSeconds ?? 60 });
    }
    return describe(error, t('search.errors.failed'));
  };

  /** Offline: the search waits for the network, and the last search (with its time) stays in view. */
  const queue = (criteria: SearchCriteria) => {
    setQueued(criteria);
    setView(
      last
        ? { kind: 'results', criteria: last.criteria, results: last.results, total: last.total, restoredAt: last.savedAt }
        : { kind: 'idle' },
    );
  };

  const runSearch = async (given?: SearchCriteria) => {
    let criteria: SearchCriteria;
    if (given) criteria = given;
    else {
      const checked = validateSearchForm(values);
      if (!checked.ok) {
        setProblem(checked.problem);
        const field = checked.problem.fields[0];
        const el = field ? formRef.current?.elements.namedItem(field) : null;
        if (el instanceof HTMLElement) el.focus();
        else if (el instanceof RadioNodeList) (el[0] as HTMLElement | undefined)?.focus();
        return;
      }
      criteria = checked.criteria;
    }
    setProblem(null);
    touched.current = true;
    if (!navigator.onLine) return queue(criteria);
    setQueued(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setView({ kind: 'searching', criteria, startedAt: Date.now() });
    requestAnimationFrame(revealResults);
    try {
      const answer = await api.post('/jobs/search-with-form', criteria, searchAnswer, { signal: controller.signal });
      const results = answer.data;
      if (controller.signal.aborted) return;
      setView({ kind: 'results', criteria, results, total: answer.total });
      setLastSearch(criteria);
      if (user) {
        const row = { userId: user.id, criteria, results, total: answer.total, savedAt: Date.now() };
        setLast(row);
        void saveLastSearch(row);
      }
      if (results.length === 0) toast({ title: t('search.toast.noResultsTitle'), description: t('search.toast.noResultsBody') });
      requestAnimationFrame(() => {
        revealResults();
        resultsHeading.current?.focus({ preventScroll: true });
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The connection dropped on the way: not an error of the search, it waits for the network.
      if (isApiError(error) && error.status === 0 && !navigator.onLine) return queue(criteria);
      setView({ kind: 'error', criteria, error });
      requestAnimationFrame(revealResults);
      toast({ variant: 'destructive', title: t('search.toast.errorTitle'), description: messageFor(error, criteria.platform) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  // Back online: the waiting search runs (through a ref, so the effect runs on the network change only).
  const runLatest = useRef(runSearch);
  useEffect(() => {
    runLatest.current = runSearch;
  });
  useEffect(() => {
    if (!online || !queued) return;
    void runLatest.current(queued);
  }, [online, queued]);

  const backToForm = () => {
    // Try again / try different: the error and the searched flag are reset, the form is ready.
    setView({ kind: 'idle' });
    requestAnimationFrame(focusForm);
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setView({ kind: 'idle' });
    requestAnimationFrame(focusForm);
  };

  const results = view.kind === 'results' ? view.results : [];
  // A last search kept on the device from before flags were sent has none.
  const flagsOf = (job: ScoredJob) => job.riskFlags ?? [];
  const flaggedCount = results.filter((job) => flagsOf(job).length > 0).length;
  const shown = filterByRisk(results, risk, flagsOf);
  const ruleInput = {
    resultCount: results.length,
    profile: user ? { upworkProfileComplete: user.upworkProfileComplete, freelancerProfileComplete: user.freelancerProfileComplete } : null,
    lastSearch,
    upwork: connections.upwork.state,
  };
  const agentButton = agentButtonView(ruleInput);

  const createAgent = () => {
    const action = agentAction(ruleInput);
    switch (action.kind) {
      case 'profileRequired':
        toast({ title: t('search.agent.profileRequiredTitle'), description: t('search.agent.profileRequiredBody') });
        navigate(action.to);
        return;
      case 'connectUpwork':
        toast({ title: t('search.agent.connectUpworkTitle'), description: t('search.agent.connectUpworkBody') });
        navigate(action.to);
        return;
      case 'noParameters':
        toast({ title: t('search.agent.noParametersTitle'), description: t('search.agent.noParametersBody') });
        return;
      case 'create':
        try {
          sessionStorage.setItem(JOB_SEARCH_DATA_KEY, JSON.stringify(action.jobSearchData));
        } catch {
          // Session storage unavailable: the create page starts empty.
        }
        navigate(action.to);
        return;
      default:
        return;
    }
  };

  const notConnected = view.kind === 'error' && isApiError(view.error) && view.error.code === 'marketplace_not_connected';
  const restoredAt = view.kind === 'results' ? view.restoredAt : undefined;
  const fmt = new Intl.NumberFormat(language);

  return (
    <div className="w-full min-w-0 space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('search.title')}</h1>
        <p className="mt-1 text-slate-600">{t('search.subtitle')}</p>
      </header>

      <ConnectionPanel connections={connections} />

      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <SearchForm
            values={values}
            onChange={(next) => {
              setValues(next);
              if (problem) setProblem(null);
            }}
            onSubmit={() => void runSearch()}
            busy={view.kind === 'searching'}
            problem={problem}
            formRef={formRef}
          />
        </div>

        <section
          ref={resultsSection}
          aria-labelledby="search-results-heading"
          // Tall enough to be scrolled to the top under the form on a small screen.
          className={`min-w-0 scroll-mt-20 space-y-4 ${view.kind === 'idle' ? '' : 'max-lg:min-h-[calc(100dvh-6rem)]'}`}
        >
          {!online && (
            <p role="status" className="rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-800">
              {last ? t('search.offline') : t('search.offlineEmpty')}
            </p>
          )}
          {queued && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
            >
              <p className="min-w-0 flex-1">
                {t('search.queued', { title: `\u2068${queued.title}\u2069`, platform: t(`platform.${queued.platform}`) })}
              </p>
              <Button variant="secondary" onClick={() => setQueued(null)}>
                {t('search.queuedCancel')}
              </Button>
            </div>
          )}
          {view.kind === 'idle' && (
            <>
              <h2 id="search-results-heading" className="sr-only">
                {t('search.results.heading')}
              </h2>
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-8 text-center text-slate-600">
                {t('search.idle')}
              </div>
            </>
          )}
          {view.kind === 'searching' && (
            <>
              <h2 id="search-results-heading" className="sr-only">
                {t('search.results.heading')}
              </h2>
              <SearchingState platform={view.criteria.platform} title={view.criteria.title} startedAt={view.startedAt} onCancel={cancel} />
            </>
          )}
          {view.kind === 'error' && (
            <>
              <h2 id="search-results-heading" className="sr-only">
                {t('search.results.heading')}
              </h2>
              {notConnected ? (
                <ConnectRequired platform={view.criteria.platform} onBack={backToForm} />
              ) : (
                <SearchErrorAlert
                  message={`${t('search.error.state')} ${messageFor(view.error, view.criteria.platform)}`}
                  error={view.error}
                  onTryAgain={backToForm}
                />
              )}
            </>
          )}
          {view.kind === 'results' && (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <h2
                    id="search-results-heading"
                    ref={resultsHeading}
                    tabIndex={-1}
                    className="text-lg font-semibold text-slate-900 focus:outline-none"
                  >
                    {t('search.results.heading')}
                  </h2>
                  <p className="text-sm text-slate-600" aria-live="polite">
                    {t('search.results.count', { count: fmt.format(results.length) })}
                    {view.total > results.length && <> · {t('search.results.total', { total: fmt.format(view.total) })}</>}
                    {' · '}
                    {t(`platform.${view.criteria.platform}`)}
                  </p>
                  {restoredAt !== undefined && (
                    <p className="text-xs text-slate-500">
                      {t('search.results.restored', {
                        time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(restoredAt),
                      })}
                    </p>
                  )}
                </div>
                <Button
                  onClick={createAgent}
                  disabled={agentButton.disabled}
                  aria-busy={agentButton.label === 'checking' || undefined}
                  variant={agentButton.label === 'connectUpwork' ? 'secondary' : 'primary'}
                  className="w-full sm:w-auto"
                >
                  {t(`search.agent.${agentButton.label}`)}
                </Button>
              </div>
              {results.length === 0 ? (
                <NoResults onTryDifferent={backToForm} />
              ) : (
                <>
                  <RiskFilterField value={risk} onChange={setRisk} flagged={flaggedCount} />
                  {shown.length === 0 ? (
                    <p
                      role="status"
                      className="rounded-2xl border border-dashed border-slate-300 bg-white/60 p-6 text-center text-slate-600"
                    >
                      {t('search.risk.filter.none')}
                    </p>
                  ) : (
                    <ol className="space-y-4" aria-label={t('search.results.list')}>
                      {shown.map((job) => (
                        <li key={job.id}>
                          <JobCard job={job} now={now} />
                        </li>
                      ))}
                    </ol>
                  )}
                </>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
