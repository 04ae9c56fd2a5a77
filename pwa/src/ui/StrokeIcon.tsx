import type { ReactNode } from 'react';

/** A 24×24 line icon drawn in the text's colour, hidden from screen readers (its button or text names it). */
export function StrokeIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {children}
    </svg>
  );
}
