import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { LogoLink } from '../../ui/LogoLink';

/**
 * The frame of the account screens: logo home link, language picker, a card with a heading. Sent
 * prerendered, its form stays disabled until the app has taken over the page: a submit before that
 * would go out natively (the password in the URL) and typing would be lost.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <div className="mx-auto flex w-full max-w-md items-center justify-between gap-3 px-4 pt-6">
        <LogoLink to="/" size={28} className="flex" />
        <LanguagePicker compact />
      </div>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-8">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
          <fieldset disabled={!hydrated} className="mt-6 min-w-0">
            {children}
          </fieldset>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      </main>
    </div>
  );
}
