import { approximateLocalPrice, formatMoney } from '@shared/currency';

export interface PriceDisplay {
  /** The price as charged: naira in Nigeria, dollars elsewhere. */
  main: string;
  /** The approximate other-currency price shown beneath, when there is one worth showing. */
  approximate?: string | undefined;
}

export interface PriceLocation {
  isNigeria: boolean;
  /** The visitor's currency (USD when unknown). */
  currency: string;
}

/**
 * The specification's price rule for plan cards: in Nigeria naira with the plan's dollar price
 * "≈ $X" beneath (when above 0); elsewhere dollars with the approximate local price beneath when the local
 * currency is known, differs from USD and the price is above 0.
 */
export function planPriceDisplay(price: { usd: number; naira: number }, location: PriceLocation, language: string): PriceDisplay {
  if (location.isNigeria) {
    // The plan's own dollar price (naira prices are rounded, so converting them back would show $25.33 for $25).
    return {
      main: formatMoney(price.naira, 'NGN', language),
      approximate: price.usd > 0 ? `≈ ${formatMoney(price.usd, 'USD', language)}` : undefined,
    };
  }
  return { main: formatMoney(price.usd, 'USD', language), approximate: approximateLocalPrice(price.usd, location.currency, language) };
}
