import type { ReactNode } from 'react';

/** The checkbox's classes unless told otherwise. */
const checkboxClass =
  'size-5 shrink-0 rounded border-slate-400 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A checkbox with its text beside it, the whole row (44 px high at least) its label. */
export function CheckboxRow({
  checked,
  onChange,
  inputClassName = checkboxClass,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  inputClassName?: string;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input type="checkbox" className={inputClassName} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}
