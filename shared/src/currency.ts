/**
 * Prices in dollars or naira, and the approximate local price under them (specification part 1,
 * section 9): fixed rates per 1 USD, Nigeria forced to NGN, Arabic with the dollar sign after the
 * number. Pure functions; the PWA and the payment code both use them.
 */
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.93,
  GBP: 0.79,
  CAD: 1.37,
  AUD: 1.53,
  JPY: 154.61,
  CNY: 7.24,
  INR: 83.57,
  BRL: 5.24,
  MXN: 17.02,
  ZAR: 18.65,
  RUB: 91.24,
  CHF: 0.9,
  SGD: 1.34,
  HKD: 7.82,
  SEK: 10.53,
  NZD: 1.64,
  KRW: 1338.32,
  PLN: 3.98,
  DKK: 6.93,
  AED: 3.67,
  NGN: 1500,
  XAF: 600,
  XOF: 600,
  MAD: 10.1,
  EGP: 30.9,
  KES: 130.5,
  GHS: 13.5,
  UGX: 3750,
  TZS: 2550,
  RWF: 1250,
  ETB: 55.8,
  ZMW: 21.5,
  MUR: 45.5,
  NAD: 18.65,
  BWP: 13.5,
  MWK: 1650,
};

/** The amount the local-currency preview is computed for. */
export const REFERENCE_USD = 50;

/** The rate of a currency per 1 USD; an unknown currency uses 1, as specified. */
export function usdRate(currency: string): number {
  return USD_RATES[currency.toUpperCase()] ?? 1;
}

export function convertFromUsd(usd: number, currency: string): number {
  return usd * usdRate(currency);
}

export function convertToUsd(amount: number, currency: string): number {
  return amount / usdRate(currency);
}

const EURO_COUNTRIES = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const XAF_COUNTRIES = ['CM', 'CF', 'TD', 'CG', 'GQ', 'GA'];
const XOF_COUNTRIES = ['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG'];

const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((c) => [c, 'EUR'])),
  ...Object.fromEntries(XAF_COUNTRIES.map((c) => [c, 'XAF'])),
  ...Object.fromEntries(XOF_COUNTRIES.map((c) => [c, 'XOF'])),
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  BR: 'BRL',
  MX: 'MXN',
  ZA: 'ZAR',
  RU: 'RUB',
  CH: 'CHF',
  SG: 'SGD',
  HK: 'HKD',
  SE: 'SEK',
  NZ: 'NZD',
  KR: 'KRW',
  PL: 'PLN',
  DK: 'DKK',
  AE: 'AED',
  NG: 'NGN',
  MA: 'MAD',
  EG: 'EGP',
  KE: 'KES',
  GH: 'GHS',
  UG: 'UGX',
  TZ: 'TZS',
  RW: 'RWF',
  ET: 'ETB',
  ZM: 'ZMW',
  MU: 'MUR',
  NA: 'NAD',
  BW: 'BWP',
  MW: 'MWK',
};

/** The currency of a country, when it is one the rate table knows. */
export function currencyForCountry(countryCode: string | null | undefined): string | undefined {
  return countryCode ? COUNTRY_CURRENCY[countryCode.toUpperCase()] : undefined;
}

export interface LocationResult {
  userCountry: string | null;
  userCurrency: string;
  isNigeria: boolean;
  localCurrency: { localAmount: number; localCurrency: string; formattedLocal: string } | null;
}

/** The specification's location result: Nigeria forces NGN; no country means USD and no preview. */
export function locationResult(
  countryCode: string | null | undefined,
  currency: string | null | undefined,
  language = 'en',
): LocationResult {
  const country = countryCode ? countryCode.toUpperCase() : null;
  const isNigeria = country === 'NG';
  const userCurrency = (isNigeria ? 'NGN' : currency?.toUpperCase() || currencyForCountry(country)) ?? 'USD';
  const localAmount = convertFromUsd(REFERENCE_USD, userCurrency);
  return {
    userCountry: country,
    userCurrency,
    isNigeria,
    localCurrency:
      userCurrency === 'USD'
        ? null
        : { localAmount, localCurrency: userCurrency, formattedLocal: formatMoney(localAmount, userCurrency, language) },
  };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per locale and options, made once: making one costs far more than using it. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A money amount for display: thousands separators, no decimals for whole amounts, the currency's
 * symbol; in Arabic the dollar sign follows the number.
 */
export function formatMoney(amount: number, currency: string, language = 'en'): string {
  const code = currency.toUpperCase();
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  const digits = whole ? 0 : 2;
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  if (code === 'USD' && primary === 'ar') {
    const number = numberFormat('ar', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
    return `${number}$`;
  }
  if (code === 'NGN') {
    const number = numberFormat(primary === 'en' ? 'en-NG' : primary, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: true,
    }).format(amount);
    return `₦${number}`;
  }
  try {
    return numberFormat(primary, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${code}`;
  }
}

/** "≈ ₦75,000" style preview of a dollar price in another currency; undefined when not worth showing. */
export function approximateLocalPrice(usd: number, currency: string | null | undefined, language = 'en'): string | undefined {
  if (!currency || usd <= 0 || currency.toUpperCase() === 'USD') return undefined;
  return `≈ ${formatMoney(Math.round(convertFromUsd(usd, currency)), currency, language)}`;
}
