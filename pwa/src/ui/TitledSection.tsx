import type { ReactNode } from 'react';

/** A region named by its heading: a `<section aria-labelledby>` whose first child is the `<h2>`. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
