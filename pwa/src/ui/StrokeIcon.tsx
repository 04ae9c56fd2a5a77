import type { ReactNode } from 'react';

/**
 * A 24×24 line icon drawn in the text's colour, hidden from screen readers (its button or text names it).
 * 2 px lines with round ends unless told otherwise (the signed-in sidebar draws 1.8 px lines with round joins).
 */
export function StrokeIcon({
  className,
  strokeWidth = '2',
  strokeLinejoin,
  children,
}: {
  className: string;
  strokeWidth?: string;
  strokeLinejoin?: 'round';
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={strokeLinejoin}
    >
      {children}
    </svg>
  );
}
