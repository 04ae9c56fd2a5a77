import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbProps } from './Breadcrumb';

/** The top of a signed-in screen: its breadcrumb (if any), its title and a line under it. */
export function PageHeader({ breadcrumb, title, subtitle }: { breadcrumb?: BreadcrumbProps; title: ReactNode; subtitle?: ReactNode }) {
  return (
    <>
      {breadcrumb && <Breadcrumb {...breadcrumb} />}
      <h1 className={`${breadcrumb ? 'mt-3 ' : ''}text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl`}>{title}</h1>
      {subtitle !== undefined && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
    </>
  );
}
