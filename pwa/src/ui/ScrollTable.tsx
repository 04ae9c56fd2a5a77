import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen (keyboard-scrollable, named for screen readers). */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="-mx-4 mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600 sm:mx-0"
    >
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

export const th = 'px-3 py-2 text-start text-xs font-semibold text-slate-600 uppercase first:ps-4 sm:first:ps-0';
export const td = 'px-3 py-2 tabular-nums text-slate-900 first:ps-4 sm:first:ps-0';
