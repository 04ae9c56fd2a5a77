import type { ReactElement, ReactNode } from 'react';

/** A short message in place of a screen's content (nothing yet, not found, no room): its heading, a line, and what to do. */
export function MessagePanel({
  className,
  heading,
  text,
  textClassName,
  children,
}: {
  className: string;
  /** The heading element, of the level the page needs. */
  heading: ReactElement;
  text: ReactNode;
  textClassName: string;
  /** The way out (a link or two). */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {heading}
      <p className={textClassName}>{text}</p>
      {children}
    </div>
  );
}
