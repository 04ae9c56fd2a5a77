import { useTranslation } from 'react-i18next';
import type { Plan } from '@shared/plan-table';
import { locationResult } from '@shared/currency';
import { planPriceDisplay, type PriceDisplay } from './plan-price';
import { useDetectedLocation } from '../../stores/geo';

/** The price of a plan as the visitor sees it (naira in Nigeria, dollars with a local preview elsewhere). */
export function usePlanPrice(): (plan: Plan) => PriceDisplay {
  const { i18n } = useTranslation();
  const detected = useDetectedLocation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const location = locationResult(detected.country, detected.currency, language);
  return (plan) => planPriceDisplay(plan.price, { isNigeria: location.isNigeria, currency: location.userCurrency }, language);
}
