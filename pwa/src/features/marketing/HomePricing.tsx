import { PLANS, type PlanId } from '@shared/plan-table';
import { PlanCard } from '../plans/PlanCard';
import { useAuth } from '../../session/session-provider';
import { usePlanPrice } from '../plans/use-plan-price';
import { planChoicePath } from '../plans/plan-choice';

/** The home page's three paid tiers (spec: premium, pro, basic; shown cheapest first, pro is popular). */
const HOME_PLANS: readonly PlanId[] = ['basic', 'pro', 'premium'];

export default function HomePricing() {
  const { isAuthenticated } = useAuth();
  const priceOf = usePlanPrice();
  const plans = PLANS.filter((plan) => HOME_PLANS.includes(plan.id));
  return (
    <div className="grid gap-8 lg:grid-cols-3 lg:gap-6">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} price={priceOf(plan)} action={{ to: planChoicePath(plan.id, isAuthenticated) }} />
      ))}
    </div>
  );
}
