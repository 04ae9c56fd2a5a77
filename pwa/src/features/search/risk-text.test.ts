import { describe, expect, it } from 'vitest';
import { CLIENT_RISK_SIGNALS, RISK_CODES, type RiskFlag } from '@shared/schemas/job';
import { encodeMatchReason } from '@shared/matching/reason';
import en from '../../../../locales/en.json';
import fr from '../../../../locales/fr.json';
import ar from '../../../../locales/ar.json';
import { matchFormat } from './search-match';
import { filterByRisk, itemRiskFlags, onlyForALook, riskLine, riskLines } from './risk-text';

/** A catalogue as i18next reads it (enough for `{{name}}` values). */
const reader =
  (catalogue: unknown) =>
  (key: string, values: Record<string, unknown> = {}): string => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
    if (typeof text !== 'string') throw new Error(`missing key ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
const english = reader(en);
const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('a red flag as the user reads it', () => {
  it('says why, in the post’s own words', () => {
    const flag: RiskFlag = { code: 'upfrontFee', quote: 'You pay a $30 registration fee to start' };
    expect(strip(riskLine(flag, english))).toBe('Asks for a fee to start: “You pay a $30 registration fee to start”');
    // The quote keeps its own direction inside a right-to-left sentence.
    expect(riskLine(flag, reader(ar))).toContain('\u2068You pay a $30 registration fee to start\u2069');
    expect(strip(riskLine(flag, reader(fr)))).toBe('Demande des frais pour commencer : « You pay a $30 registration fee to start »');
  });

  it('says when the post only reads like it (the learned model, not a rule)', () => {
    const flag: RiskFlag = { code: 'unpaidWork', quote: 'the take-home itself isn’t paid', likely: true };
    expect(strip(riskLine(flag, english))).toBe('Asks for unpaid work of real size (by its wording): “the take-home itself isn’t paid”');
    expect(strip(riskLine(flag, reader(fr)))).toContain('(d’après sa formulation)');
  });

  it('says only "possibly" when the learned model read the post below its flag (held for a look, no red flag)', () => {
    const flag: RiskFlag = { code: 'offPlatform', quote: 'reply on our site', likely: true, unsure: true };
    expect(strip(riskLine(flag, english))).toBe(
      'Possibly: Asks to move off the platform or share contact details (its wording reads somewhat like it): “reply on our site”',
    );
    expect(strip(riskLine(flag, reader(fr)))).toMatch(/^Peut-être : .*\(sa formulation s’en approche\)/);
    // The card's badge is the milder one only when nothing but such readings holds the job.
    expect(onlyForALook([flag])).toBe(true);
    expect(onlyForALook([flag, { code: 'upfrontFee', quote: 'pay $30 to start' }])).toBe(false);
    expect(onlyForALook([])).toBe(false);
  });

  it('gives the numbers of scope against budget and of a price per item, in the reader’s money format', () => {
    const usd = matchFormat('en');
    expect(riskLine({ code: 'scopeOverBudget', quote: null, expectedUsd: 6000, offeredUsd: 250 }, english, usd)).toBe(
      'The work asked for would cost about $6,000; $250 is offered',
    );
    expect(riskLine({ code: 'pricePerItemLow', quote: null, items: 100, perItemUsd: 1 }, english, usd)).toBe(
      '100 deliverables at $1 each, far below the trade’s rates',
    );
    expect(riskLine({ code: 'scopeOverBudget', quote: null }, english)).toBe('The work asked for is far beyond the money offered');
    expect(riskLine({ code: 'pricePerItemLow', quote: null, items: 100, perItemUsd: 1 }, english, matchFormat('fr'))).toMatch(
      /^100 deliverables at 1\s\$US each/,
    );
  });

  it('names the client’s signal', () => {
    expect(
      riskLines(
        CLIENT_RISK_SIGNALS.map((signal) => ({ code: 'clientRisk', quote: null, signal })),
        english,
      ),
    ).toEqual(['Client: payment not verified, no spend', 'Client: many posts and no hires', 'Client: a new account']);
    expect(riskLine({ code: 'clientRisk', quote: null }, english)).toBe('The client looks risky');
  });

  it('has a reason in every language for every code the server sends', () => {
    for (const catalogue of [en, fr, ar]) {
      const t = reader(catalogue);
      const lines = riskLines(
        RISK_CODES.map((code) => ({ code, quote: 'words of the post' })),
        t,
      );
      expect(lines).toHaveLength(RISK_CODES.length);
      expect(new Set(lines).size).toBe(RISK_CODES.length);
      for (const line of lines) expect(line).toContain('words of the post');
    }
  });
});

describe('the risk filter and a stored item’s flags', () => {
  const flagged = { id: 'a', riskFlags: [{ code: 'upfrontFee', quote: 'pay a fee' }] as RiskFlag[] };
  const clean = { id: 'b', riskFlags: [] as RiskFlag[] };

  it('shows all, hides the flagged, or shows only them', () => {
    const list = [flagged, clean];
    const ids = (filter: 'all' | 'hide' | 'only') => filterByRisk(list, filter, (job) => job.riskFlags).map((job) => job.id);
    expect(ids('all')).toEqual(['a', 'b']);
    expect(ids('hide')).toEqual(['b']);
    expect(ids('only')).toEqual(['a']);
  });

  it('reads the flags of an item kept on the device before the server sent them from its stored reason', () => {
    const matchReason = encodeMatchReason([{ code: 'budgetFits' }], null, [{ code: 'upfrontFee', quote: 'pay a fee' }]);
    expect(itemRiskFlags({ matchReason })).toEqual([{ code: 'upfrontFee', quote: 'pay a fee' }]);
    expect(itemRiskFlags({ matchReason: encodeMatchReason([{ code: 'budgetFits' }], null), riskFlags: [] })).toEqual([]);
    expect(itemRiskFlags({ matchReason: 'Matches 2 of 3 skills' })).toEqual([]);
    expect(itemRiskFlags({ matchReason: null, riskFlags: flagged.riskFlags })).toEqual(flagged.riskFlags);
  });
});
