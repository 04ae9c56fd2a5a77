import { describe, expect, it } from 'vitest';
import { GateIndex, gateOf, wordPrefixes } from './gate';
import { lowerPattern, lowerSource, lowerText } from './pattern';
import { RISK_PHRASES } from './phrases.data';

describe('gates', () => {
  it('a pattern needs the words that start its parts, as their first four letters', () => {
    expect(gateOf(String.raw`\b(?:pay|send)\b[^.]{0,40}\bregistration\s+fees?`)).toEqual([[['pay', 'send'], ['regi'], ['fee']]]);
    // Alternatives at the top: one of them must hold.
    expect(gateOf(String.raw`\bcrack\s+it|\bnulled\s+themes?`)).toEqual([
      [['crac'], ['it']],
      [['null'], ['them']],
    ]);
  });

  it('parts it cannot read give no condition, so the pattern runs', () => {
    expect(gateOf(String.raw`\b\d+\s+five[- ]star`)).toEqual([[['five'], ['star']]]);
    expect(gateOf('先交押金')).toEqual([]);
    expect(gateOf(String.raw`\b(?:x|e-?mail)\s+me`)).toEqual([[['me']]]);
  });

  it('opens a phrase only when its words begin words of the post', () => {
    const index = new GateIndex([gateOf(String.raw`\bregistration\s+fee`), gateOf(String.raw`\bgift\s?cards?`)]);
    expect(index.open(wordPrefixes('pay the registration fee first'))).toEqual([true, false]);
  });

  it('never hides a match: every phrase that matches a post of its own words passes its gate', () => {
    // Posts in the families' own words: any phrase that matches one must have been let through.
    const sentences = [
      'You must pay a $30 registration fee to start.',
      'We need a payment agent to receive payments into your own bank account.',
      'Buy 10k Instagram followers and post 500 five-star app reviews.',
      'Create 50 phone-verified Gmail accounts.',
      'Install a nulled theme and remove the licence check.',
      'Edit full movies so they pass Content ID.',
      "Take my online exam; I'll submit it as my own.",
    ];
    const phrases = Object.values(RISK_PHRASES).flatMap((byLanguage) => Object.values(byLanguage).flat());
    const index = new GateIndex(phrases.map((source) => gateOf(lowerSource(source))));
    for (const sentence of sentences) {
      const lower = lowerText(sentence);
      const open = index.open(wordPrefixes(lower));
      phrases.forEach((source, k) => {
        if (lowerPattern(source).test(lower)) expect(open[k], `${source} on “${sentence}”`).toBe(true);
      });
    }
  });
});
