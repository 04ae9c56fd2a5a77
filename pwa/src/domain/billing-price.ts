import { formatMoney } from '@shared/currency';
import type { Plan } from '@shared/plan-table';
import { planPriceDisplay, type PriceDisplay, type PriceLocation } from './plan-price';

/** An amount in the smallest unit (kobo, cents) as money in its currency. */
export function formatMinorAmount(amount: number, currency: string, language: string): string {
  return formatMoney(amount / 100, currency, language);
}

/** The currency the checkout will charge as far as the page can tell (the server decides). */
export function chargeCurrency(location: Pick<PriceLocation, 'isNigeria'>): 'NGN' | 'USD' {
  return location.isNigeria ? 'NGN' : 'USD';
}

/**
 * The payment view's price: naira with "≈ $" in Nigeria; dollars with the approximate local price
 * elsewhere (when known and not USD): the plan card's rule.
 */
export function paymentPriceLines(plan: Plan, location: PriceLocation, language: string): PriceDisplay {
  return planPriceDisplay(plan.price, location, language);
}

/** The price after the referral discount (percent off), in whole units of the charged currency. */
export function discountedPrice(plan: Plan, location: Pick<PriceLocation, 'isNigeria'>, percent: number, language: string): string {
  const full = location.isNigeria ? plan.price.naira : plan.price.usd;
  const value = Math.round(full * (100 - percent)) / 100;
  return formatMoney(value, chargeCurrency(location), language);
}
