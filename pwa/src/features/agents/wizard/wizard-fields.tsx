import type { ReactNode } from 'react';
import type { AgentFieldName } from '@shared/schemas/agent';
import type { AgentFormValues } from '../agent-form';

/** What every step gets: the values, a setter, the ids of the fields and the problems shown. */
export interface StepProps {
  values: AgentFormValues;
  set: <K extends keyof AgentFormValues>(name: K, value: AgentFormValues[K]) => void;
  fieldId: (name: AgentFieldName) => string;
  /** Whether a field has a problem (after Next was pressed): each is shown under its field. */
  invalid: (name: AgentFieldName) => boolean;
  /** A field's problem, translated. */
  problemText: (name: AgentFieldName) => string | undefined;
  maxPerDay: number | null;
  /** A new agent filled from the user's profile (the profile step says so). */
  fromProfile?: boolean;
}

export const inputClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600 aria-[invalid=true]:border-red-600';

interface FieldFrame {
  step: StepProps;
  name: AgentFieldName;
  label: string;
  hint?: ReactNode;
}

function describedBy(step: StepProps, name: AgentFieldName, hint: boolean): string | undefined {
  const id = step.fieldId(name);
  const ids = [hint ? `${id}-hint` : '', step.invalid(name) ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Frame({ step, name, label, hint, children, after }: FieldFrame & { children: ReactNode; after?: ReactNode }) {
  const id = step.fieldId(name);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {after}
      <FieldNotes step={step} name={name} hint={hint} />
    </div>
  );
}

/** Under a field: its hint, then what is wrong with it. */
function FieldNotes({ step, name, hint }: { step: StepProps; name: AgentFieldName; hint?: ReactNode }) {
  const id = step.fieldId(name);
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError step={step} name={name} />
    </>
  );
}

export function FieldError({ step, name }: { step: StepProps; name: AgentFieldName }) {
  if (!step.invalid(name)) return null;
  return (
    <p id={`${step.fieldId(name)}-error`} className="text-sm text-red-700">
      {step.problemText(name)}
    </p>
  );
}

type TextName = { [K in keyof AgentFormValues]: AgentFormValues[K] extends string ? K : never }[keyof AgentFormValues];
type NumberName = { [K in keyof AgentFormValues]: AgentFormValues[K] extends number ? K : never }[keyof AgentFormValues];
type BooleanName = { [K in keyof AgentFormValues]: AgentFormValues[K] extends boolean ? K : never }[keyof AgentFormValues];

export function TextInput({
  step,
  name,
  label,
  hint,
  type = 'text',
  maxLength,
  after,
  autoComplete = 'off',
}: Omit<FieldFrame, 'name'> & {
  name: TextName;
  type?: 'text' | 'url' | 'time';
  maxLength?: number;
  after?: ReactNode;
  autoComplete?: string;
}) {
  return (
    <Frame step={step} name={name} label={label} hint={hint} after={after}>
      <input
        id={step.fieldId(name)}
        type={type}
        value={step.values[name] as string}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-invalid={step.invalid(name) || undefined}
        aria-describedby={describedBy(step, name, Boolean(hint))}
        onChange={(e) => step.set(name, e.target.value as never)}
        className={inputClass}
      />
    </Frame>
  );
}

export function TextArea({ step, name, label, hint, rows = 4 }: Omit<FieldFrame, 'name'> & { name: TextName; rows?: number }) {
  return (
    <Frame step={step} name={name} label={label} hint={hint}>
      <textarea
        id={step.fieldId(name)}
        rows={rows}
        value={step.values[name] as string}
        aria-invalid={step.invalid(name) || undefined}
        aria-describedby={describedBy(step, name, Boolean(hint))}
        onChange={(e) => step.set(name, e.target.value as never)}
        className={`${inputClass} resize-y`}
      />
    </Frame>
  );
}

export function NumberInput({
  step,
  name,
  label,
  hint,
  min,
  max,
  stepBy = 1,
}: Omit<FieldFrame, 'name'> & { name: NumberName; min?: number; max?: number; stepBy?: number }) {
  const value = step.values[name] as number;
  return (
    <Frame step={step} name={name} label={label} hint={hint}>
      <input
        id={step.fieldId(name)}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={stepBy}
        value={Number.isFinite(value) ? value : ''}
        aria-invalid={step.invalid(name) || undefined}
        aria-describedby={describedBy(step, name, Boolean(hint))}
        onChange={(e) => step.set(name, (e.target.value.trim() === '' ? Number.NaN : Number(e.target.value)) as never)}
        className={inputClass}
      />
    </Frame>
  );
}

export function SelectInput({
  step,
  name,
  label,
  hint,
  options,
  placeholder,
}: Omit<FieldFrame, 'name'> & { name: TextName; options: Array<{ value: string; label: string }>; placeholder?: string }) {
  return (
    <Frame step={step} name={name} label={label} hint={hint}>
      <select
        id={step.fieldId(name)}
        value={step.values[name] as string}
        aria-invalid={step.invalid(name) || undefined}
        aria-describedby={describedBy(step, name, Boolean(hint))}
        onChange={(e) => step.set(name, e.target.value as never)}
        className={inputClass}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function Checkbox({ step, name, label, hint }: Omit<FieldFrame, 'name'> & { name: BooleanName }) {
  const id = step.fieldId(name);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={step.values[name] as boolean}
        aria-describedby={describedBy(step, name, Boolean(hint))}
        onChange={(e) => step.set(name, e.target.checked as never)}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <FieldNotes step={step} name={name} hint={hint} />
      </div>
    </div>
  );
}

/** A group of radio buttons with a legend; each option may carry a one-line explanation. */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  idPrefix,
}: {
  legend: string;
  name: string;
  value: V;
  options: Array<{ value: V; label: string; hint?: string }>;
  onChange: (value: V) => void;
  idPrefix: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const id = `${idPrefix}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${
                value === option.value ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white hover:bg-slate-50'
              }`}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus:outline-none"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{option.label}</span>
                {option.hint && (
                  <span id={`${id}-hint`} className="mt-0.5 block text-xs text-slate-600">
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
