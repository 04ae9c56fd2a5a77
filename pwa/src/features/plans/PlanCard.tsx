import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Plan } from '@shared/plan-table';
import { proposalsFeature } from './plan-features';
import type { PriceDisplay } from './plan-price';
import { buttonClass } from '../../ui/Button';

export type PlanAction = { to: string; onClick?: never } | { onClick: () => void; to?: never };

/**
 * One plan: the 'popular' banner on the highlighted plan, title, description, price with its
 * interval (none for 'forever'), the feature list with included / not included marks and an action
 * (a link or a button) whose label defaults to Subscribe.
 */
export function PlanCard({
  plan,
  price,
  action,
  actionLabel,
  busy = false,
  headingLevel = 3,
}: {
  plan: Plan;
  price: PriceDisplay;
  action: PlanAction;
  actionLabel?: string;
  busy?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const proposals = proposalsFeature(plan);
  const label = actionLabel ?? t('plans.subscribe');
  const actionClass = buttonClass(plan.popular ? 'primary' : 'secondary', 'mt-8 w-full');

  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        plan.popular ? 'border-indigo-600 ring-2 ring-indigo-600 lg:-my-2 lg:py-8' : 'border-slate-200'
      }`}
    >
      {plan.popular && (
        <p className="absolute inset-x-0 -top-3.5 mx-auto w-fit rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          {t('plans.popular')}
        </p>
      )}
      <Heading id={titleId} className="text-lg font-semibold text-slate-900">
        {t(`plans.${plan.id}.name`)}
      </Heading>
      <p className="mt-2 text-sm text-slate-600">{t(`plans.${plan.id}.description`)}</p>
      <div className="mt-6">
        <p className="flex flex-wrap items-baseline gap-x-1">
          <span className="text-4xl font-bold tracking-tight text-slate-900" dir="ltr">
            {price.main}
          </span>
          {plan.interval === 'month' && <span className="text-sm font-medium text-slate-600">{t('plans.perMonth')}</span>}
        </p>
        {price.approximate && (
          <p className="mt-1 text-sm text-slate-600" dir="ltr">
            {price.approximate}
          </p>
        )}
      </div>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.key} className={`flex gap-3 ${feature.included ? 'text-slate-800' : 'text-slate-500'}`}>
            {feature.included ? (
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-indigo-600" fill="currentColor">
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
              </svg>
            ) : (
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mt-0.5 size-5 shrink-0 text-slate-400"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l8 8M14 6l-8 8" />
              </svg>
            )}
            <span>
              <span className="sr-only">{feature.included ? t('plans.included') : t('plans.notIncluded')}: </span>
              {feature.key === 'proposalsPerDay'
                ? t(proposals.key as `plans.features.${PlanFeatureKey}`, proposals.values)
                : t(`plans.features.${feature.key as PlanFeatureKey}`, { count: feature.count })}
            </span>
          </li>
        ))}
      </ul>
      {action.to !== undefined ? (
        <Link to={action.to} className={actionClass}>
          {label}
        </Link>
      ) : (
        <button type="button" className={actionClass} onClick={action.onClick} disabled={busy} aria-busy={busy || undefined}>
          {label}
        </button>
      )}
    </article>
  );
}

type PlanFeatureKey =
  'projectSearch' | 'advancedFilters' | 'agents' | 'proposalsPerDay' | 'proposalsSplit' | 'aiProposals' | 'autoSend' | 'prioritySupport';
