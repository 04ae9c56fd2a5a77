import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentFieldName, AgentFields } from '@shared/schemas/agent';
import { Button } from '../../../ui/Button';
import {
  WIZARD_STEPS,
  fieldsToSave,
  firstProblem,
  profileUrlFor,
  stepProblems,
  suggestedPrompt,
  type AgentFormValues,
  type AgentProfile,
  type StepProblem,
} from '../agent-form';
import { toast, toastStore } from '../../../stores/toast';
import { fieldLabel, loose } from '../agent-text';
import { StepAdvanced } from './StepAdvanced';
import { StepBasic } from './StepBasic';
import { StepCriteria } from './StepCriteria';
import { StepProfile } from './StepProfile';
import type { StepProps } from './wizard-fields';

const STEP_COMPONENTS = { basic: StepBasic, criteria: StepCriteria, profile: StepProfile, advanced: StepAdvanced } as const;

/**
 * The four-step job agent form, for create and edit alike: a progress bar, Back (disabled on step
 * 1) and Next (moves on only when the step is valid; else every field with a problem shows its
 * message at once, a toast names the first and the focus goes to it); the last button reads "Create
 * Job Agent" or "Update Job Agent". `embedded` (the onboarding's third step) leaves the progress bar
 * and Back to the page around it, which drives the step (`step`, `onStepChange`): one wizard, one
 * progress bar, one Back.
 */
export function AgentWizard({
  mode,
  initial,
  maxPerDay,
  onSubmit,
  profile,
  embedded = false,
  step: controlledStep,
  onStepChange,
  onValuesChange,
}: {
  mode: 'create' | 'edit';
  initial: AgentFormValues;
  /** The user's profile the new agent was prefilled from: its address follows the platform chosen. */
  profile?: AgentProfile;
  /** Inside another wizard: no progress bar or Back of its own, and its heading one level lower. */
  embedded?: boolean;
  /** The step shown, when the page around keeps it (with `onStepChange`). */
  step?: number;
  onStepChange?: (index: number) => void;
  /** Every change of the values (the onboarding keeps them across reloads). */
  onValuesChange?: (values: AgentFormValues) => void;
  /** The plan's proposals per day (null before the first sync: the server checks it then). */
  maxPerDay: number | null;
  onSubmit: (fields: AgentFields) => Promise<void>;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState<AgentFormValues>(initial);
  const [ownIndex, setOwnIndex] = useState(0);
  const index = Math.min(Math.max(controlledStep ?? ownIndex, 0), WIZARD_STEPS.length - 1);
  const setIndex = (next: number) => {
    if (controlledStep === undefined) setOwnIndex(next);
    onStepChange?.(next);
  };
  const [problems, setProblems] = useState<StepProblem[]>([]);
  const [busy, setBusy] = useState(false);
  // A new agent's template follows its skills and keywords until the user picks one or edits the prompt.
  const autoTemplate = useRef(mode === 'create' && initial.prompt === suggestedPrompt(initial).prompt);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = WIZARD_STEPS[index]!;
  const last = index === WIZARD_STEPS.length - 1;

  // The page moved the step (its Back): the new step starts without the old one's problems.
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    closeProblemToast();
    setProblems([]);
    requestAnimationFrame(() => heading.current?.focus());
  }, [index]);

  const reportValues = useRef(onValuesChange);
  reportValues.current = onValuesChange;
  useEffect(() => {
    reportValues.current?.(values);
  }, [values]);

  const fieldId = (name: AgentFieldName) => `${idPrefix}-${name}`;
  const problemText = (p: StepProblem) => loose(t)(`agents.validation.${p.key}`, { field: fieldLabel(t, p.field), ...p.values });

  const focusField = (name: AgentFieldName) => {
    requestAnimationFrame(() => {
      const el = document.getElementById(fieldId(name));
      const target = el && !el.matches('input, select, textarea') ? (el.querySelector<HTMLElement>('input, select, textarea') ?? el) : el;
      target?.focus();
    });
  };

  // The toast naming a step's first problem: it goes when that field is fixed or the step is left.
  const problemToast = useRef<{ id: number; field: AgentFieldName } | null>(null);
  const closeProblemToast = () => {
    if (problemToast.current) toastStore.getState().dismiss(problemToast.current.id);
    problemToast.current = null;
  };

  const show = (found: StepProblem[]) => {
    const first = found[0];
    if (!first) return;
    setProblems(found);
    // The same message again replaces the toast shown (the toast store), so clicks do not stack them.
    problemToast.current = { id: toast({ title: problemText(first), variant: 'destructive' }), field: first.field };
    focusField(first.field);
  };

  const goTo = (next: number) => {
    closeProblemToast();
    shownIndex.current = next;
    setIndex(next);
    setProblems([]);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const set: StepProps['set'] = (name, value) => {
    if (name === 'promptTemplate' || name === 'prompt') autoTemplate.current = false;
    if (problemToast.current?.field === name) closeProblemToast();
    setValues((current) => {
      const next = { ...current, [name]: value };
      // The profile's address on the other marketplace, while the user has not changed it.
      if (name === 'platform' && profile && current.upworkProfileUrl === profileUrlFor(profile, current.platform))
        next.upworkProfileUrl = profileUrlFor(profile, next.platform);
      return autoTemplate.current && (name === 'title' || name === 'skills') ? { ...next, ...suggestedPrompt(next) } : next;
    });
    setProblems((current) => (current.some((p) => p.field === name) ? current.filter((p) => p.field !== name) : current));
  };

  const next = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = stepProblems(step, values, { maxPerDay });
    if (found.length > 0) return show(found);
    if (!last) return goTo(index + 1);
    const earlier = firstProblem(values, { maxPerDay });
    if (earlier) {
      shownIndex.current = WIZARD_STEPS.indexOf(earlier.step);
      setIndex(shownIndex.current);
      return show(earlier.problems);
    }
    setBusy(true);
    try {
      await onSubmit(fieldsToSave(values));
    } finally {
      setBusy(false);
    }
  };

  const Step = STEP_COMPONENTS[step];
  const stepProps: StepProps = {
    values,
    set,
    fieldId,
    invalid: (name) => problems.some((p) => p.field === name),
    problemText: (name) => {
      const p = problems.find((candidate) => candidate.field === name);
      return p ? problemText(p) : undefined;
    },
    maxPerDay,
    fromProfile: Boolean(profile),
  };
  const stepName = (s: (typeof WIZARD_STEPS)[number]) => t(`agents.wizard.steps.${s}`);
  const progress = ((index + 1) / WIZARD_STEPS.length) * 100;

  return (
    <form onSubmit={(e) => void next(e)} noValidate className="flex flex-col gap-6">
      <div hidden={embedded}>
        <ol className="hidden gap-2 text-xs font-medium sm:grid sm:grid-cols-4">
          {WIZARD_STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={i === index ? 'step' : undefined}
              className={i === index ? 'text-indigo-700' : i < index ? 'text-slate-700' : 'text-slate-500'}
            >
              <span className="me-1 tabular-nums">{i + 1}.</span>
              {stepName(s)}
            </li>
          ))}
        </ol>
        <div
          role="progressbar"
          aria-label={t('agents.wizard.progress', { step: index + 1, total: WIZARD_STEPS.length })}
          aria-valuemin={1}
          aria-valuemax={WIZARD_STEPS.length}
          aria-valuenow={index + 1}
          aria-valuetext={t('agents.wizard.progressText', { step: index + 1, total: WIZARD_STEPS.length, name: stepName(step) })}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>

      <div>
        {!embedded && (
          <p className="text-xs font-medium text-slate-600">
            {t('agents.wizard.progress', { step: index + 1, total: WIZARD_STEPS.length })}
          </p>
        )}
        {embedded ? (
          <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {stepName(step)}
          </h3>
        ) : (
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            {stepName(step)}
          </h2>
        )}
        {step === 'advanced' && <p className="mt-1 text-sm text-slate-600">{t('agents.wizard.optional')}</p>}
      </div>

      <Step {...stepProps} />

      <div className={`flex items-center gap-3 border-t border-slate-200 pt-4 ${embedded ? 'justify-end' : 'justify-between'}`}>
        {!embedded && (
          <Button variant="secondary" disabled={index === 0 || busy} onClick={() => goTo(index - 1)}>
            {t('agents.wizard.back')}
          </Button>
        )}
        <Button type="submit" busy={busy}>
          {last ? (mode === 'create' ? t('agents.wizard.create') : t('agents.wizard.update')) : t('agents.wizard.next')}
        </Button>
      </div>
    </form>
  );
}
