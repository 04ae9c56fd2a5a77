import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { linkClass } from './Button';

export interface Crumb {
  to: string;
  label: string;
}

export interface BreadcrumbProps {
  /** The navigation region's name. */
  label: string;
  /** The pages above this one, outermost first. */
  trail: readonly Crumb[];
  /** This page's name (`aria-current="page"`). */
  current: string;
  /** Classes of the `/` between two steps (e.g. mirrored in right-to-left languages). */
  separatorClassName?: string;
}

/** Where a page sits: links to the pages above it, a `/` between, and the page itself. */
export function Breadcrumb({ label, trail, current, separatorClassName }: BreadcrumbProps) {
  return (
    <nav aria-label={label} className="text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-slate-600">
        {trail.map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link to={crumb.to} className={linkClass}>
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden="true" className={separatorClassName}>
              /
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="font-medium text-slate-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}
