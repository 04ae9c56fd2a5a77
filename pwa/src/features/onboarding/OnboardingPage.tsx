import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AgentPlatform } from '@shared/schemas/agent';
import type { SearchCriteria } from '@shared/schemas/job';
import { useAuth, useApi } from '../../session/session-provider';
import { Button } from '../../ui/Button';
import { ConnectMarketplaceButton } from '../marketplaces/ConnectMarketplaceButton';
import { PageSpinner, Spinner } from '../../ui/Spinner';
import { fieldsFromSearchData, initialFormValues } from '../agents/agent-form';
import {
  afterSearch,
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEPS,
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
import { useAgentRepository, useCreateAgent } from '../agents/use-agent-repository';
import { usePlanLimits } from '../../data/use-plan-limits';
import { useSyncStatus } from '../../sync/use-sync-status';
import { isApiError } from '../../lib/api';
import { searchAnswer } from '../search/search-answer';
import { selectedPlan, stateEmail } from '../../lib/selected-plan';
import { useErrorText } from '../../lib/use-error-text';
import { toast } from '../../stores/toast';
import { AgentWizard } from '../agents/wizard/AgentWizard';
import { UpworkSetupForm } from '../settings/UpworkSetupForm';
import { SearchForm } from '../search/SearchForm';
import { useConnections } from '../marketplaces/use-connections';
import { useLooseT } from '../settings/settings-text';
import { ProfileStep } from './ProfileStep';
import { clearProgress, loadProgress, saveProgress } from './onboarding-storage';

function statePlatform(state: unknown): AgentPlatform | null {
  const value = state && typeof state === 'object' ? (state as { platformType?: unknown }).platformType : undefined;
  return value === 'upwork' || value === 'freelancer' ? value : null;
}

/** The starting progress: a fresh sign-up (router state) starts over; a return from a marketplace resumes. */
function initialProgress(state: unknown, userEmail: string | null, userPlatform: AgentPlatform | null): OnboardingProgress {
  const saved = loadProgress();
  const email = stateEmail(state);
  if (saved && (!email || saved.email === email)) return { ...saved, email: saved.email ?? email ?? userEmail };
  return {
    step: 0,
    email: email ?? userEmail,
    platform: statePlatform(state) ?? userPlatform ?? 'upwork',
    criteria: null,
    automationId: null,
    connected: false,
  };
}

/**
 * `/onboarding`: four steps with a progress bar — Profile Setup, Job Search (a search with results
 * moves on and carries its criteria), Create Job Agent (the wizard, prefilled; the new agent's id
 * is kept) and Add Credentials (connect the marketplace; it returns here with `oauth_status`). Then
 * `/verify-email` with the email.
 */
export default function OnboardingPage() {
  const { t } = useLooseT();
  const { describe } = useErrorText();
  const { user, loading } = useAuth();
  const agentRepository = useAgentRepository();
  const location = useLocation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const profileFormId = useId();
  const [progress, setProgress] = useState<OnboardingProgress>(() =>
    initialProgress(location.state, user?.email ?? null, user?.platformType ?? null),
  );
  const plan = selectedPlan(location.state);
  const handledReturn = useRef(false);

  const update = (next: Partial<OnboardingProgress>, focus = true) => {
    setProgress((current) => {
      const merged = { ...current, ...next };
      saveProgress(merged);
      return merged;
    });
    if (focus && next.step !== undefined) requestAnimationFrame(() => headingRef.current?.focus());
  };

  useEffect(() => {
    saveProgress(progress);
    // Only once: later changes are saved by `update`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The marketplace's return: toast, move on, and clear the query string.
  useEffect(() => {
    if (handledReturn.current) return;
    const back = readOAuthReturn(location.search);
    if (back.kind === 'none') return;
    handledReturn.current = true;
    const saved = loadProgress();
    const name = t(`platform.${saved?.criteria?.platform ?? saved?.platform ?? progress.platform}`);
    if (back.kind === 'success') {
      toast({
        variant: 'success',
        title: t('onboarding.oauth.successTitle'),
        description: t('onboarding.oauth.successBody', { platform: name }),
      });
      update({ connected: true, step: stepAfterOAuthSuccess(saved?.step ?? null) });
    } else {
      toast({
        variant: 'destructive',
        title: t('onboarding.oauth.failedTitle'),
        description: back.message ?? t('onboarding.oauth.failedDefault', { platform: name }),
      });
    }
    navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  // Signed in after the first paint (session restored): fill in what was unknown.
  useEffect(() => {
    if (user && !progress.email) update({ email: user.email }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  if (loading || !user) return <PageSpinner label={t('common.loading')} />;

  const index = progress.step;
  const step = ONBOARDING_STEPS[index]!;
  const buttons = onboardingButtons(index);
  const finish = () => {
    // Connected: the agent made here starts working (the OAuth return already activates it on the server).
    if (progress.connected && progress.automationId)
      void agentRepository?.setAgentStatus(progress.automationId, 'active').catch(() => undefined);
    clearProgress();
    navigate('/verify-email', { state: { email: progress.email ?? user.email, plan } });
  };
  const goTo = (next: number) => update({ step: next });
  const markConnected = (connected: boolean) => update({ connected }, false);
  const stepTitle = (s: (typeof ONBOARDING_STEPS)[number]) => t(`onboarding.steps.${s}.title`);

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
          </p>
          <h2 id="onboarding-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            {stepTitle(step)}
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">{t(`onboarding.steps.${step}.subtitle`)}</p>

          {step === 'profile' && <ProfileStep user={user} platform={progress.platform} formId={profileFormId} onDone={() => goTo(1)} />}
          {step === 'search' && (
            <SearchStep
              initialPlatform={progress.platform}
              criteria={progress.criteria}
              onFound={(criteria) => update({ criteria, platform: criteria.platform, step: 2 })}
              describe={describe}
            />
          )}
          {step === 'agent' && (
            <AgentStep
              criteria={progress.criteria}
              platform={progress.criteria?.platform ?? progress.platform}
              onCreated={(automationId, platform) => update({ automationId, platform, step: 3, connected: false })}
            />
          )}
          {step === 'credentials' && (
            <CredentialsStep
              platform={progress.criteria?.platform ?? progress.platform}
              automationId={progress.automationId}
              justConnected={progress.connected}
              onFinish={finish}
              onConnectedChange={markConnected}
            />
          )}
        </section>

        <div className="mt-4 flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            aria-disabled={!buttons.backEnabled || undefined}
            onClick={() => buttons.backEnabled && goTo(previousStep(index))}
          >
            {t('onboarding.back')}
          </Button>
          {buttons.showNext && (
            <Button
              onClick={() => {
                // Next on step 1 is Continue; on step 2 it runs the search (which moves on only with results).
                const formId = step === 'profile' ? profileFormId : 'onboarding-search-form';
                const form = document.getElementById(formId);
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

/** Step 2: the search form; zero results → an info toast and no move; results → on, with the criteria. */
function SearchStep({
  initialPlatform,
  criteria,
  onFound,
  describe,
}: {
  initialPlatform: AgentPlatform;
  criteria: SearchCriteria | null;
  onFound: (criteria: SearchCriteria) => void;
  describe: (error: unknown, fallback: string) => string;
}) {
  const api = useApi();
  const { t } = useLooseT();
  const { user } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SearchFormValues>(() =>
    criteria ? formFromCriteria(criteria) : { ...DEFAULT_SEARCH_FORM, platform: initialPlatform },
  );
  const [problem, setProblem] = useState<SearchFormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsConnect, setNeedsConnect] = useState<AgentPlatform | null>(null);

  useEffect(() => {
    formRef.current?.setAttribute('id', 'onboarding-search-form');
  }, []);

  const run = async () => {
    if (busy) return;
    const checked = validateSearchForm(values);
    if (!checked.ok) {
      setProblem(checked.problem);
      toast({ variant: 'destructive', title: t('search.validation.required') });
      const field = checked.problem.fields[0];
      const el = field ? formRef.current?.elements.namedItem(field) : null;
      if (el instanceof HTMLElement) el.focus();
      else if (el instanceof RadioNodeList) (el[0] as HTMLElement | undefined)?.focus();
      return;
    }
    if (!user) {
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
        toast({ title: t('search.toast.noResultsTitle'), description: t('search.toast.noResultsBody') });
        return;
      }
      toast({ variant: 'success', title: t('onboarding.search.found', { count }) });
      onFound(checked.criteria);
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'marketplace_not_connected') setNeedsConnect(checked.criteria.platform);
      toast({ variant: 'destructive', title: t('search.toast.errorTitle'), description: describe(cause, t('search.errors.failed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      {needsConnect && (
        <div role="alert" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p>{t('onboarding.search.connectFirst', { platform: t(`platform.${needsConnect}`) })}</p>
          <ConnectMarketplaceButton platform={needsConnect} returnTo="onboarding" />
        </div>
      )}
      <SearchForm
        values={values}
        onChange={(next) => {
          setValues(next);
          if (problem) setProblem(null);
        }}
        onSubmit={() => void run()}
        busy={busy}
        problem={problem}
        formRef={formRef}
      />
    </div>
  );
}

/** Step 3: the agent wizard, prefilled from the search; the agent is saved on this device and synced. */
function AgentStep({
  criteria,
  platform,
  onCreated,
}: {
  criteria: SearchCriteria | null;
  platform: AgentPlatform;
  onCreated: (id: string, platform: AgentPlatform) => void;
}) {
  const { t } = useLooseT();
  const { user } = useAuth();
  const createAgent = useCreateAgent((agent, fields) => onCreated(agent.id, fields.platform));
  const limits = usePlanLimits();
  if (!user || limits === undefined) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  const maxPerDay = limits?.proposalsPerDay ?? null;
  const search = criteria ? fieldsFromSearchData(JSON.stringify(jobSearchDataFor(criteria))) : undefined;
  return (
    <AgentWizard
      key={criteria ? JSON.stringify(criteria) : 'none'}
      mode="create"
      maxPerDay={maxPerDay}
      initial={initialFormValues({
        search,
        platform,
        maxPerDay: maxPerDay ?? undefined,
        profile: user,
      })}
      profile={user}
      onSubmit={createAgent}
    />
  );
}

/** Step 4: connect the agent's marketplace (OAuth back to /onboarding; Upwork also by the setup form), or finish. */
function CredentialsStep({
  platform,
  automationId,
  justConnected,
  onFinish,
  onConnectedChange,
}: {
  platform: AgentPlatform;
  automationId: string | null;
  justConnected: boolean;
  onFinish: () => void;
  onConnectedChange: (connected: boolean) => void;
}) {
  const { t } = useLooseT();
  const { user } = useAuth();
  const { connections } = useConnections(user?.id);
  const connection = connections[platform];
  const connected = justConnected || connection.state === 'connected';
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
