import { describe, expect, it } from 'vitest';
import { billingCacheKey, readCached, writeCached, type CacheStorage } from './billing-cache';
import { billingMessages } from '@shared/schemas/billing';
import { billingMessageKey } from './billing-errors';

function memory(): CacheStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('billing cache', () => {
  it('keeps the last answer per user with its time', () => {
    const storage = memory();
    const key = billingCacheKey('u1', 'subscription');
    writeCached(storage, key, { plan: 'pro' }, 1000);
    expect(readCached(storage, key)).toEqual({ savedAt: 1000, value: { plan: 'pro' } });
    expect(readCached(storage, billingCacheKey('u2', 'subscription'))).toBeNull();
  });
  it('survives broken or missing storage', () => {
    const storage = memory();
    storage.setItem('k', '{not json');
    expect(readCached(storage, 'k')).toBeNull();
    expect(readCached(undefined, 'k')).toBeNull();
    const full: CacheStorage = {
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => writeCached(full, 'k', 1, 1)).not.toThrow();
  });
});

describe('billingMessageKey', () => {
  it('maps the server messages to keys', () => {
    expect(billingMessageKey('Payment reference not found')).toBe('payment.verify.referenceNotFound');
    expect(billingMessageKey('Failed to cancel subscription. Please try again.')).toBe('billing.cancel.failed');
    expect(billingMessageKey(billingMessages.refundFailed)).toBe('payment.verify.refundFailed');
    expect(billingMessageKey('Something else')).toBeUndefined();
    expect(billingMessageKey(undefined)).toBeUndefined();
  });
});
