/**
 * A letter that offers to be paid or to talk outside the marketplace: both marketplaces forbid it
 * before a contract (Upwork's Terms of Service, "circumvention"; Freelancer.com's user agreement),
 * and a proposal saying it can get the freelancer's account closed. Read in the languages the
 * product writes in: a place outside the platform near a word of paying or talking, or a payment
 * rail offered "directly" or "instead". Pure; the words that raised it are answered.
 */

/** Outside the marketplace, in the languages the letters are written in. */
const OUTSIDE = [
  String.raw`\b(?:outside|off|away from|bypass(?:ing)?|avoid(?:ing)?|around)\s+(?:of\s+)?(?:the\s+)?(?:platform|site|upwork|freelancer(?:\.com)?|marketplace)\b`,
  String.raw`\boff[- ]platform\b`,
  String.raw`\bfora\s+d[ao]\s+(?:plataforma|site|upwork|freelancer)`,
  String.raw`\bfuera\s+de\s+(?:la\s+)?(?:plataforma|upwork|freelancer)`,
  String.raw`\b(?:en\s+dehors|hors)\s+(?:de\s+)?(?:la\s+)?(?:plate-?forme|upwork|freelancer)`,
  String.raw`\baußerhalb\s+(?:der\s+|von\s+)?(?:plattform|upwork|freelancer)`,
  String.raw`\bdi\s+luar\s+(?:platform|upwork|freelancer)`,
  String.raw`(?:вне|мимо|в обход)\s+(?:площадки|платформы|сайта|upwork|freelancer)`,
  'خارج\\s+(?:المنصة|الموقع|upwork|freelancer)',
  '(?:平台外|站外|私下交易|私下付款|绕过平台)',
  'प्लेटफ़ॉर्म\\s+के\\s+बाहर',
  'প্ল্যাটফর্মের\\s+বাইরে',
];

/** Paying, being paid, talking, in the same languages. */
const DEALING =
  /\b(?:pa(?:y|id|ying|yment|gamento|go|iement)s?|transfer|invoice|deal|contract|talk|chat|contact|communicat\w*|message|call|pix|pagar|payer|zahl\w*|bayar|habl\w*|convers\w*|falar|parler|discuter|sprechen|reden|bicara|ngobrol)\b|(?:оплат\w*|плат\w*|связ\w*|общ\w*|付款|支付|联系|الدفع|التواصل|भुगतान|পেমেন্ট)/iu;

/** A payment rail offered past the marketplace's own payments. */
const RAIL =
  /\b(?:paypal|wise|payoneer|pix|usdt|crypto(?:currency)?|bitcoin|btc|bank\s+transfer|wire\s+transfer|western\s+union|zelle|venmo|cash\s?app|revolut|transferência|transferencia|virement|überweisung)\b/iu;
const DIRECTLY =
  /\b(?:directly|instead|save (?:the )?fees?|avoid (?:the )?fees?|no fees?|without (?:the )?fees?|diretamente|directamente|directement|direkt|напрямую|langsung)\b|(?:直接|مباشرة|सीधे|সরাসরি)/iu;

const NEAR = 60;

/** The words of `text` that offer payment or talk outside the marketplace, if any. */
export function offPlatformOffer(text: string): string | undefined {
  for (const pattern of OUTSIDE) {
    const found = new RegExp(pattern, 'iu').exec(text);
    if (!found) continue;
    const around = text.slice(Math.max(0, found.index - NEAR), found.index + found[0].length + NEAR);
    if (DEALING.test(around) || RAIL.test(around)) return found[0];
  }
  for (const sentence of text.split(/(?<=[.!?。！？])\s+|\n+/u)) {
    const rail = RAIL.exec(sentence);
    if (rail && DIRECTLY.test(sentence)) return sentence.trim().slice(0, 120);
  }
  return undefined;
}
