import type { RiskCode } from '../../schemas/job';

/**
 * The words that raise a red flag, per flag and language: regular-expression sources matched
 * case-insensitively (Unicode) on a post's title and description. A phrase should be telling on its
 * own: "fee" alone is every budget; "pay a registration fee to start" is a scam. Extend a list by
 * adding a phrase and a test in `assess.test.ts` with a post that raises it and one that must not.
 */
export type PhraseCode = Exclude<RiskCode, 'scopeOverBudget' | 'pricePerItemLow' | 'clientRisk'>;

export const RISK_PHRASES: Record<PhraseCode, Readonly<Record<string, readonly string[]>>> = {
  upfrontFee: {
    en: [
      String.raw`\b(?:pay|send|deposit)\b[^.!?\n]{0,40}\b(?:registration|joining|starter|training|activation|onboarding|membership|application)\s+(?:fee|charge|cost|kit)`,
      String.raw`\b(?:refundable|small|one[- ]time)\s+(?:registration|joining|starter|activation|security)\s+(?:fee|deposit)`,
    ],
  },
  paymentHandling: {},
  unpaidWork: {},
  offPlatform: {},
  fakeEngagement: {},
  bulkAccounts: {},
  piracy: {},
  surveillance: {},
  checkEvasion: {},
  falsifiedRecords: {},
  academicCheating: {},
  forbiddenByTerms: {},
};
