import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const numberClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600 aria-[invalid=true]:border-red-600';

const thumb =
  'pointer-events-none absolute inset-x-0 top-1/2 h-2 w-full -translate-y-1/2 appearance-none bg-transparent [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-indigo-600 [&::-moz-range-thumb]:shadow [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-indigo-600 [&::-webkit-slider-thumb]:shadow';

/** A number from an input's text: empty stays NaN (the step's validation says what is wrong). */
export const numberFrom = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
export const numberText = (value: number): string => (Number.isFinite(value) ? String(value) : '');

/**
 * A minimum–maximum range: a two-thumb slider for the pointer and, for the keyboard and screen
 * readers, two labelled number inputs (arrow keys step by `step`). Both always show the values.
 * With `openMax`, the top of the slider means "no maximum", and a note under the inputs says so.
 */
export function RangeField({
  legend,
  minLabel,
  maxLabel,
  bounds,
  value,
  onChange,
  unit,
  invalid = false,
  openMax = false,
}: {
  legend: string;
  /** Accessible names of the two inputs, e.g. "Minimum hourly rate". */
  minLabel: string;
  maxLabel: string;
  bounds: { min: number; max: number; step: number };
  value: [number, number];
  onChange: (value: [number, number]) => void;
  unit?: string;
  invalid?: boolean;
  /** The slider's top end is "no maximum" (nothing is filtered above the minimum). */
  openMax?: boolean;
}) {
  const id = useId();
  const { t } = useTranslation();
  const [low, high] = value;
  const span = bounds.max - bounds.min || 1;
  const clamp = (n: number) => Math.min(bounds.max, Math.max(bounds.min, n));
  const lowPct = ((clamp(Number.isFinite(low) ? low : bounds.min) - bounds.min) / span) * 100;
  const highPct = ((clamp(Number.isFinite(high) ? high : bounds.max) - bounds.min) / span) * 100;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {unit && <span className="ms-1 font-normal text-slate-600">({unit})</span>}
      </legend>
      <div className="relative h-6" aria-hidden="true">
        <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-slate-200" />
        <div
          className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-indigo-500"
          style={{ insetInlineStart: `${Math.min(lowPct, highPct)}%`, width: `${Math.abs(highPct - lowPct)}%` }}
        />
        {(
          [
            [
              'min',
              Number.isFinite(low) ? clamp(low) : bounds.min,
              (n: number) => onChange([Math.min(n, Number.isFinite(high) ? high : bounds.max), high]),
            ],
            [
              'max',
              Number.isFinite(high) ? clamp(high) : bounds.max,
              (n: number) => onChange([low, Math.max(n, Number.isFinite(low) ? low : bounds.min)]),
            ],
          ] as const
        ).map(([end, shown, set]) => (
          <input
            key={end}
            type="range"
            tabIndex={-1}
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={shown}
            onChange={(e) => set(Number(e.target.value))}
            className={thumb}
          />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['min', minLabel, low, (value: number) => onChange([value, high])],
            ['max', maxLabel, high, (value: number) => onChange([low, value])],
          ] as const
        ).map(([end, text, value, set]) => (
          <div key={end} className="space-y-1">
            <label htmlFor={`${id}-${end}`} className="block text-xs font-medium text-slate-700">
              {text}
            </label>
            <input
              id={`${id}-${end}`}
              type="number"
              inputMode="decimal"
              min={bounds.min}
              max={bounds.max}
              step={bounds.step}
              value={numberText(value)}
              aria-invalid={invalid || undefined}
              aria-describedby={openMax && end === 'max' ? `${id}-max-note` : undefined}
              onChange={(e) => set(numberFrom(e.target.value))}
              className={numberClass}
            />
          </div>
        ))}
      </div>
      {openMax && (
        <p id={`${id}-max-note`} className="text-xs text-slate-600">
          {Number.isFinite(high) && high >= bounds.max ? t('common.noMaximum') : t('common.noMaximumHint')}
        </p>
      )}
    </fieldset>
  );
}
