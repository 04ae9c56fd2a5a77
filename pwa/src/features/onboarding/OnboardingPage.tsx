import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AgentFields, AgentPlatform } from '@shared/schemas/agent';
import type { ScoredJob, SearchCriteria } from '@shared/schemas/job';
import type { User } from '@shared/schemas/user';
import { useAuth, useApi } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { ConnectMarketplaceButton } from '../marketplaces/ConnectMarketplaceButton';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { fieldsFromSearchData, initialFormValues, WIZARD_STEPS, type AgentFormValues } from '../agents/agent-form';
import {
  afterSearch,
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEPS,
  onboardingAgentId,
  onboardingButtons,
  onboardingProgress,
  previousStep,
  readOAuthReturn,
  stepAfterOAuthSuccess,
  type OnboardingProgress,
} from './onboarding-steps';
import { jobSearchDataFor } from '../search/search-agent';
import {
  DEFAULT_SEARCH_FORM,
  formFromCriteria,
  validateSearchForm,
  type SearchFormProblem,
  type SearchFormValues,
} from '../search/search-criteria';
import { useAgentRepository } from '../agents/use-agent-repository';
import { usePlanLimits } from '../../data/use-plan-limits';
import { useAgent } from '../../data/use-agents';
import { appDb } from '../../data/app-db';
import { useSyncStatus } from '../../sync/use-sync-status';
import { isApiError } from '../../lib/api';
import { searchAnswer } from '../search/search-answer';
import { selectedPlan, stateEmail } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { AgentWizard } from '../agents/wizard/AgentWizard';
import { UpworkSetupForm } from '../settings/UpworkSetupForm';
import { SearchForm } from '../search/SearchForm';
import { JobCard } from '../search/JobCard';
import { useConnections } from '../marketplaces/use-connections';
import { useLooseT } from '../settings/settings-text';
import { ProfileStep } from './ProfileStep';
import { clearProgress, loadProgress, saveProgress } from './onboarding-storage';

/** How many of the search's jobs step 2 shows (the best first). */
const SHOWN_JOBS = 8;

function statePlatform(state: unknown): AgentPlatform | null {
  const value = state && typeof state === 'object' ? (state as { platformType?: unknown }).platformType : undefined;
  return value === 'upwork' || value === 'freelancer' ? value : null;
}

/** The starting progress: the user's saved progress on this device, else step 1. */
function initialProgress(userId: string, state: unknown, user: User): OnboardingProgress {
  const saved = loadProgress(userId);
  if (saved) return { ...saved, email: saved.email ?? stateEmail(state) ?? user.email };
  return {
    step: 0,
    email: stateEmail(state) ?? user.email,
    platform: statePlatform(state) ?? user.platformType ?? 'upwork',
    search: null,
    criteria: null,
    agentDraft: null,
    agentStep: 0,
    automationId: null,
    connected: false,
  };
}

/**
 * `/onboarding`: four steps with one progress bar and one Back — Profile Setup, Job Search (the
 * jobs found, scored, before anything is made from them), Create Job Agent (the agent wizard, its
 * four parts inside this step) and Add Credentials (connect the marketplace; it returns here with
 * `oauth_status`). The progress (the typed search and agent included) is kept on this device for
 * every tab and reload; the agent it makes has one id per account, so finishing again changes that
 * agent rather than making another. Then `/verify-email` with the email.
 */
export default function OnboardingPage() {
  const { t } = useLooseT();
  const { user, loading } = useAuth();
  if (loading || !user) return <PageSpinner label={t('common.loading')} />;
  return <Onboarding key={user.id} user={user} />;
}

function Onboarding({ user }: { user: User }) {
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const location = useLocation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const profileFormId = useId();
  const [progress, setProgress] = useState<OnboardingProgress>(() => initialProgress(user.id, location.state, user));
  const [returnedConnected, setReturnedConnected] = useState(false);
  const plan = selectedPlan(location.state);
  const handledReturn = useRef(false);

  const update = (next: Partial<OnboardingProgress>, focus = true) => {
    setProgress((current) => {
      const merged = { ...current, ...next };
      saveProgress(user.id, merged);
      return merged;
    });
    if (focus && next.step !== undefined) requestAnimationFrame(() => headingRef.current?.focus());
  };

  useEffect(() => {
    saveProgress(user.id, progress);
    // Only once: later changes are saved by `update`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The marketplace's return: toast, back to the step the user left from (the form as it was), and clear the query string.
  useEffect(() => {
    if (handledReturn.current) return;
    const back = readOAuthReturn(location.search);
    if (back.kind === 'none') return;
    handledReturn.current = true;
    const saved = loadProgress(user.id);
    const name = t(`platform.${saved?.search?.platform || saved?.criteria?.platform || saved?.platform || progress.platform}`);
    if (back.kind === 'success') {
      toast({
        variant: 'success',
        title: t('onboarding.oauth.successTitle'),
        description: t('onboarding.oauth.successBody', { platform: name }),
        topic: 'oauth',
      });
      setReturnedConnected(true);
      update({ connected: true, step: stepAfterOAuthSuccess(saved?.step ?? null) });
    } else {
      toast({
        variant: 'destructive',
        title: t('onboarding.oauth.failedTitle'),
        description: back.message ?? t('onboarding.oauth.failedDefault', { platform: name }),
        topic: 'oauth',
      });
    }
    navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  const index = progress.step;
  const step = ONBOARDING_STEPS[index]!;
  const buttons = onboardingButtons(index);
  const agentPlatform = progress.criteria?.platform ?? progress.platform;

  const finish = () => {
    clearProgress(user.id);
    navigate('/verify-email', { state: { email: progress.email ?? user.email, plan } });
  };
  const goTo = (next: number) => update({ step: next });
  // One Back for the whole onboarding: inside the agent step it walks the wizard's parts first.
  const back = () => {
    if (step === 'agent' && progress.agentStep > 0) update({ agentStep: progress.agentStep - 1 }, false);
    else if (buttons.backEnabled) goTo(previousStep(index));
  };
  const stepTitle = (s: (typeof ONBOARDING_STEPS)[number]) => t(`onboarding.steps.${s}.title`);
  const partName = t(`agents.wizard.steps.${WIZARD_STEPS[progress.agentStep] ?? 'basic'}`);

  return (
    <main id="main" tabIndex={-1} className="min-h-dvh bg-slate-50 px-4 pt-24 pb-10 focus:outline-none">
      <div className="mx-auto w-full max-w-3xl">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-sm font-semibold text-indigo-700">{t('onboarding.kicker')}</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('onboarding.title')}</h1>
          </div>
          {/* Verifying the email first is always possible; the setup can be done later from the dashboard. */}
          <Button variant="ghost" onClick={finish}>
            {t('auth.onboarding.action')}
          </Button>
        </div>

        <div className="mt-6">
          <ol className="hidden gap-2 text-xs font-medium sm:grid sm:grid-cols-4">
            {ONBOARDING_STEPS.map((s, i) => (
              <li
                key={s}
                aria-current={i === index ? 'step' : undefined}
                className={i === index ? 'text-indigo-700' : i < index ? 'text-slate-700' : 'text-slate-500'}
              >
                <span className="me-1 tabular-nums">{i + 1}.</span>
                {stepTitle(s)}
              </li>
            ))}
          </ol>
          <div
            role="progressbar"
            aria-label={t('onboarding.progress', { step: index + 1, total: ONBOARDING_STEP_COUNT })}
            aria-valuemin={1}
            aria-valuemax={ONBOARDING_STEP_COUNT}
            aria-valuenow={index + 1}
            aria-valuetext={t('onboarding.progressText', { step: index + 1, total: ONBOARDING_STEP_COUNT, name: stepTitle(step) })}
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 motion-reduce:transition-none"
              style={{ width: `${onboardingProgress(index)}%` }}
            />
          </div>
        </div>

        <section aria-labelledby="onboarding-step-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <p className="text-xs font-medium text-slate-600">
            {t('onboarding.progress', { step: index + 1, total: ONBOARDING_STEP_COUNT })}
            {step === 'agent' && (
              <span data-agent-part>
                {' · '}
                {t('onboarding.agentPart', { part: progress.agentStep + 1, total: WIZARD_STEPS.length, name: partName })}
              </span>
            )}
          </p>
          <h2 id="onboarding-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            {stepTitle(step)}
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">{t(`onboarding.steps.${step}.subtitle`)}</p>

          {step === 'profile' && <ProfileStep user={user} platform={progress.platform} formId={profileFormId} onDone={() => goTo(1)} />}
          {step === 'search' && (
            <SearchStep
              userId={user.id}
              initialPlatform={progress.platform}
              form={progress.search}
              criteria={progress.criteria}
              autoSearch={returnedConnected || progress.criteria !== null}
              onFormChange={(search) => update({ search }, false)}
              onFound={(criteria) =>
                update(
                  {
                    criteria,
                    platform: criteria.platform,
                    // A different search starts the agent afresh from it.
                    ...(JSON.stringify(criteria) !== JSON.stringify(progress.criteria) ? { agentDraft: null, agentStep: 0 } : {}),
                  },
                  false,
                )
              }
              onContinue={() => update({ step: 2 })}
              describe={describe}
            />
          )}
          {step === 'agent' && (
            <AgentStep
              user={user}
              criteria={progress.criteria}
              platform={agentPlatform}
              draft={progress.agentDraft}
              part={progress.agentStep}
              onPart={(agentStep) => update({ agentStep }, false)}
              onDraft={(agentDraft) => update({ agentDraft }, false)}
              onCreated={(automationId, platform) => update({ automationId, platform, step: 3, agentDraft: null, agentStep: 0 })}
            />
          )}
          {step === 'credentials' && (
            <CredentialsStep
              userId={user.id}
              platform={agentPlatform}
              automationId={progress.automationId}
              justConnected={progress.connected}
              onFinish={finish}
              onConnectedChange={(connected) => update({ connected }, false)}
            />
          )}
        </section>

        <div className="mt-4 flex items-center justify-between gap-3">
          <Button variant="secondary" aria-disabled={!buttons.backEnabled || undefined} onClick={back}>
            {t('onboarding.back')}
          </Button>
          {buttons.showNext && (
            <Button
              onClick={() => {
                // Next on step 1 is Continue; on step 2 it goes on with the jobs found, or searches first.
                const formId = step === 'profile' ? profileFormId : 'onboarding-search-form';
                const form = document.getElementById(formId);
                if (step === 'search' && form?.dataset.found === 'true') {
                  document.getElementById('onboarding-continue')?.click();
                  return;
                }
                if (form instanceof HTMLFormElement) form.requestSubmit();
              }}
            >
              {t('onboarding.next')}
            </Button>
          )}
          {step === 'credentials' && (
            <Button variant={progress.connected ? 'primary' : 'ghost'} onClick={finish}>
              {progress.connected ? t('onboarding.finish') : t('onboarding.skip')}
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}

/**
 * Step 2: the search form and the jobs it found, best first with their match scores; "Create an
 * agent from this search" moves on with the criteria. Nothing found: an info toast, and the step
 * stays. The form is kept as typed (a marketplace's round trip, a reload), and the last search runs
 * again when the step opens with it.
 */
function SearchStep({
  userId,
  initialPlatform,
  form,
  criteria,
  autoSearch,
  onFormChange,
  onFound,
  onContinue,
  describe,
}: {
  userId: string;
  initialPlatform: AgentPlatform;
  form: SearchFormValues | null;
  criteria: SearchCriteria | null;
  autoSearch: boolean;
  onFormChange: (values: SearchFormValues) => void;
  /** A search found jobs: the agent starts from its criteria. */
  onFound: (criteria: SearchCriteria) => void;
  onContinue: () => void;
  describe: (error: unknown, fallback: string) => string;
}) {
  const api = useApi();
  const { t } = useLooseT();
  const formRef = useRef<HTMLFormElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<SearchFormValues>(
    () => form ?? (criteria ? formFromCriteria(criteria) : { ...DEFAULT_SEARCH_FORM, platform: initialPlatform }),
  );
  const [problem, setProblem] = useState<SearchFormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsConnect, setNeedsConnect] = useState<AgentPlatform | null>(null);
  const [found, setFound] = useState<{ criteria: SearchCriteria; jobs: ScoredJob[]; at: number } | null>(null);
  const ranOnce = useRef(false);

  useEffect(() => {
    formRef.current?.setAttribute('id', 'onboarding-search-form');
  }, []);

  const run = async ({ quiet = false }: { quiet?: boolean } = {}) => {
    if (busy) return;
    const checked = validateSearchForm(values);
    if (!checked.ok) {
      if (quiet) return;
      setProblem(checked.problem);
      toast({ variant: 'destructive', title: t('search.validation.required') });
      const field = checked.problem.fields[0];
      const el = field ? formRef.current?.elements.namedItem(field) : null;
      if (el instanceof HTMLElement) el.focus();
      else if (el instanceof RadioNodeList) (el[0] as HTMLElement | undefined)?.focus();
      return;
    }
    if (!userId) {
      toast({ variant: 'destructive', title: t('onboarding.search.authTitle'), description: t('onboarding.search.authBody') });
      return;
    }
    setProblem(null);
    setNeedsConnect(null);
    setBusy(true);
    try {
      const answer = await api.post('/jobs/search-with-form', checked.criteria, searchAnswer);
      const count = answer.data.length;
      if (afterSearch(count) === 'noResults') {
        setFound(null);
        toast({ title: t('search.toast.noResultsTitle'), description: t('search.toast.noResultsBody') });
        return;
      }
      setFound({ criteria: checked.criteria, jobs: [...answer.data].sort((a, b) => b.matchScore - a.matchScore), at: Date.now() });
      onFound(checked.criteria);
      if (!quiet) requestAnimationFrame(() => resultsHeading.current?.focus());
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'marketplace_not_connected') setNeedsConnect(checked.criteria.platform);
      toast({ variant: 'destructive', title: t('search.toast.errorTitle'), description: describe(cause, t('search.errors.failed')) });
    } finally {
      setBusy(false);
    }
  };

  // Back with a search (a reload, another tab, the marketplace's return): its jobs again.
  useEffect(() => {
    if (ranOnce.current || !autoSearch) return;
    ranOnce.current = true;
    void run({ quiet: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoSearch]);

  useEffect(() => {
    formRef.current?.setAttribute('data-found', found ? 'true' : 'false');
  }, [found]);

  const shown = found?.jobs.slice(0, SHOWN_JOBS) ?? [];
  return (
    <div className="space-y-4">
      {needsConnect && (
        <div role="alert" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p>{t('onboarding.search.connectFirst', { platform: t(`platform.${needsConnect}`) })}</p>
          <p>{t('onboarding.search.connectKeeps')}</p>
          <ConnectMarketplaceButton platform={needsConnect} returnTo="onboarding" />
        </div>
      )}
      <SearchForm
        values={values}
        onChange={(next) => {
          setValues(next);
          onFormChange(next);
          if (problem) setProblem(null);
        }}
        onSubmit={() => void run()}
        busy={busy}
        problem={problem}
        formRef={formRef}
      />
      {found && (
        <section aria-labelledby="onboarding-results" className="space-y-3 border-t border-slate-200 pt-4" data-onboarding-results>
          <h3
            id="onboarding-results"
            ref={resultsHeading}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {t('onboarding.search.found', { count: found.jobs.length })}
          </h3>
          <p className="text-sm text-slate-700">{t('onboarding.search.resultsHint', { shown: shown.length, count: found.jobs.length })}</p>
          <div className="flex flex-col gap-3">
            {shown.map((job) => (
              <JobCard key={job.id} job={job} now={found.at} />
            ))}
          </div>
          <div className="flex justify-end">
            <Button id="onboarding-continue" onClick={onContinue}>
              {t('onboarding.search.createAgent')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * Step 3: the agent wizard inside this step (its parts follow the page's one progress bar and
 * Back), prefilled from the profile and the search, kept as typed. The agent is saved on this
 * device under the onboarding's own id (an agent already made by an earlier pass is updated), and
 * starts active when its marketplace is connected and it waits for review; auto-send still asks.
 */
function AgentStep({
  user,
  criteria,
  platform,
  draft,
  part,
  onPart,
  onDraft,
  onCreated,
}: {
  user: User;
  criteria: SearchCriteria | null;
  platform: AgentPlatform;
  draft: Partial<AgentFormValues> | null;
  part: number;
  onPart: (part: number) => void;
  onDraft: (values: AgentFormValues) => void;
  onCreated: (id: string, platform: AgentPlatform) => void;
}) {
  const { t } = useLooseT();
  const repository = useAgentRepository();
  const limits = usePlanLimits();
  const { connections } = useConnections(user.id);
  // The agent an earlier pass made (on any device, once synced): this pass changes it, starting from it.
  const [agentId, setAgentId] = useState<string | null>(null);
  useEffect(() => {
    void onboardingAgentId(user.id).then(setAgentId);
  }, [user.id]);
  const earlier = useAgent(agentId ?? undefined);
  if (limits === undefined || agentId === null || earlier === undefined) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  const maxPerDay = limits?.proposalsPerDay ?? null;
  const search = criteria ? fieldsFromSearchData(JSON.stringify(jobSearchDataFor(criteria))) : undefined;
  // The wizard reads its first values once: the profile and the search, under what was typed before.
  const start: AgentFormValues = {
    ...(earlier
      ? { ...initialFormValues({ agent: earlier }), ...search }
      : initialFormValues({ search, platform, maxPerDay: maxPerDay ?? undefined, profile: user })),
    ...(draft ?? {}),
  };

  const save = async (fields: AgentFields) => {
    if (!repository) {
      toast({ title: t('agents.toast.mustSignIn'), variant: 'destructive' });
      return;
    }
    try {
      const id = agentId;
      const existing = await appDb().agents.get(id);
      if (existing && !existing.pendingDelete) {
        await repository.updateAgent(id, fields);
        toast({ title: t('agents.toast.updated'), variant: 'success' });
      } else {
        await repository.createAgent(fields, id);
        toast({ title: t('agents.toast.created'), variant: 'success' });
      }
      // Connected and in review mode: it starts working at once (nothing goes out without the user's tap).
      if (connections[fields.platform].state === 'connected' && fields.sendMode === 'review')
        await repository.setAgentStatus(id, 'active').catch(() => undefined);
      onCreated(id, fields.platform);
    } catch (error) {
      toast({
        title: t('agents.toast.createFailed', { message: error instanceof Error ? error.message : String(error) }),
        variant: 'destructive',
      });
    }
  };

  return (
    <AgentWizard
      key={criteria ? JSON.stringify(criteria) : 'none'}
      mode="create"
      embedded
      step={part}
      onStepChange={onPart}
      onValuesChange={onDraft}
      maxPerDay={maxPerDay}
      initial={start}
      profile={user}
      onSubmit={save}
    />
  );
}

/**
 * Step 4: connect the agent's marketplace (OAuth back to /onboarding; Upwork also by the setup
 * form), or finish. Once connected, an agent waiting for review starts active; an auto-send agent
 * is started only by the user's own tap.
 */
function CredentialsStep({
  userId,
  platform,
  automationId,
  justConnected,
  onFinish,
  onConnectedChange,
}: {
  userId: string;
  platform: AgentPlatform;
  automationId: string | null;
  justConnected: boolean;
  onFinish: () => void;
  onConnectedChange: (connected: boolean) => void;
}) {
  const { t } = useLooseT();
  const { connections } = useConnections(userId);
  const connection = connections[platform];
  const connected = justConnected || connection.state === 'connected';
  const repository = useAgentRepository();
  const agent = useAgent(automationId ?? undefined);
  const [starting, setStarting] = useState(false);
  const activated = useRef(false);
  // The new agent is saved on this device first; the marketplace calls name it, so it must reach the server first.
  const sync = useSyncStatus();
  const waiting = automationId !== null && sync.active && sync.pendingCount > 0;
  const { syncNow } = sync;
  useEffect(() => {
    if (waiting) syncNow();
  }, [waiting, syncNow]);
  useEffect(() => {
    if (connection.state === 'connected' && !justConnected) onConnectedChange(true);
  }, [connection.state, justConnected, onConnectedChange]);
  // Connected: an agent waiting for review starts working (the marketplace's return may have started it already).
  useEffect(() => {
    if (!connected || !agent || !repository || activated.current) return;
    if (agent.status !== 'paused' || agent.sendMode !== 'review') return;
    activated.current = true;
    void repository.setAgentStatus(agent.id, 'active', agent).catch(() => undefined);
  }, [connected, agent, repository]);

  const startAuto = async () => {
    if (!agent || !repository) return;
    setStarting(true);
    try {
      await repository.setAgentStatus(agent.id, 'active', agent);
      toast({ variant: 'success', title: t('onboarding.credentials.started') });
    } finally {
      setStarting(false);
    }
  };

  const name = t(`platform.${platform}`);
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700" aria-live="polite">
        {connection.state === 'checking' && !justConnected
          ? t('integrations.checking')
          : connected
            ? connection.username
              ? t('onboarding.credentials.connectedAs', { platform: name, username: connection.username })
              : t('onboarding.credentials.connected', { platform: name })
            : t('onboarding.credentials.notConnected', { platform: name })}
      </p>
      {connected && agent && agent.status === 'active' && (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950" data-agent-active>
          {agent.sendMode === 'review' ? t('onboarding.credentials.activeReview') : t('onboarding.credentials.activeAuto')}
        </p>
      )}
      {connected && agent && agent.status === 'paused' && agent.sendMode === 'auto' && (
        <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p>{t('onboarding.credentials.autoAsk')}</p>
          <Button busy={starting} onClick={() => void startAuto()}>
            {t('onboarding.credentials.startAuto')}
          </Button>
        </div>
      )}
      {waiting ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner label={t('onboarding.credentials.syncing')} className="[&>span:first-child]:size-5 [&>span:first-child]:border-2" />
          <span aria-hidden="true">{t('onboarding.credentials.syncing')}</span>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <ConnectMarketplaceButton
            platform={platform}
            connected={connected}
            automationId={automationId ?? undefined}
            returnTo="onboarding"
            variant={connected ? 'secondary' : 'primary'}
          />
        </div>
      )}
      {platform === 'upwork' && !connected && !waiting && (
        <div className="rounded-xl border border-slate-200 p-4">
          <UpworkSetupForm automationId={automationId ?? undefined} onSaved={onFinish} />
        </div>
      )}
    </div>
  );
}
