/**
 * An on/off switch (role switch): Space and Enter toggle it, its state is read out as on or off and
 * shown as text next to it (`onText` / `offText`), so colour is never the only cue.
 */
export function Switch({
  checked,
  onChange,
  label,
  onText,
  offText,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name (what is switched). */
  label: string;
  onText: string;
  offText: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="group inline-flex min-h-11 items-center gap-2 rounded-full py-1 pe-2 text-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors motion-reduce:transition-none ${
          checked ? 'bg-emerald-600' : 'bg-slate-300'
        }`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
            checked ? 'translate-x-5.5 rtl:-translate-x-5.5' : 'translate-x-0.5 rtl:-translate-x-0.5'
          }`}
        />
      </span>
      <span aria-hidden="true">{checked ? onText : offText}</span>
    </button>
  );
}
