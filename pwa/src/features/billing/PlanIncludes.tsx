import { planById, type PlanId } from '@shared/plan-table';
import { proposalsFeature } from '../plans/plan-features';
import { useBillingT } from './billing-data';

/** What a plan includes, from the plan table (the included features only). */
export function PlanIncludes({ planId, className = '' }: { planId: PlanId; className?: string }) {
  const { t } = useBillingT();
  const plan = planById(planId);
  return (
    <ul className={`space-y-2 text-sm text-slate-800 ${className}`}>
      {plan.features
        .filter((feature) => feature.included)
        .map((feature) => (
          <li key={feature.key} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-indigo-600" fill="currentColor">
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
            </svg>
            <span>
              {feature.key === 'proposalsPerDay'
                ? t(proposalsFeature(plan).key, proposalsFeature(plan).values)
                : t(`plans.features.${feature.key}`, { count: feature.count })}
            </span>
          </li>
        ))}
    </ul>
  );
}
