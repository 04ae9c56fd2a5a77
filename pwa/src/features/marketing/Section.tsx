import type { ReactNode } from 'react';

/** A titled section of a public page; the heading names the region. */
export function Section({
  id,
  title,
  subtitle,
  children,
  className = '',
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-20 py-16 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            {title}
          </h2>
          {subtitle && <p className="mt-3 text-base text-pretty text-slate-700">{subtitle}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
