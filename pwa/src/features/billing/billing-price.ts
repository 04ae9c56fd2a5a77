import { formatMoney } from '@shared/currency';
import type { PriceLocation } from '../plans/plan-price';

/** An amount in the smallest unit (kobo, cents) as money in its currency. */
export function formatMinorAmount(amount: number, currency: string, language: string): string {
  return formatMoney(amount / 100, currency, language);
}

/** The currency the checkout will charge as far as the page can tell (the server decides). */
export function chargeCurrency(location: Pick<PriceLocation, 'isNigeria'>): 'NGN' | 'USD' {
  return location.isNigeria ? 'NGN' : 'USD';
}
