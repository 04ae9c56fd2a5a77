import { describe, expect, it } from 'vitest';
import { EMPTY_SUPPORT_FORM, supportFormProblems, supportRequestBody } from './support-form';

describe('the support form', () => {
  it('asks for a topic and a message of 10 to 5000 characters', () => {
    expect(supportFormProblems(EMPTY_SUPPORT_FORM)).toEqual({ topic: 'topicRequired', message: 'messageShort' });
    expect(supportFormProblems({ topic: 'billing', message: '  too short  ', reference: '' })).toEqual({ message: 'messageShort' });
    expect(supportFormProblems({ topic: 'billing', message: 'x'.repeat(5001), reference: '' })).toEqual({ message: 'messageLong' });
    expect(supportFormProblems({ topic: 'agents', message: 'My agent stopped sending yesterday.', reference: '' })).toEqual({});
  });

  it('sends the chosen payment or proposal as a reference, or none', () => {
    expect(supportRequestBody({ topic: 'billing', message: ' Charged twice. ', reference: 'payment:ref:with:colons' })).toEqual({
      topic: 'billing',
      message: 'Charged twice.',
      reference: { kind: 'payment', id: 'ref:with:colons' },
    });
    expect(supportRequestBody({ topic: 'agents', message: 'Hello there, team', reference: '' }).reference).toBeNull();
  });
});
