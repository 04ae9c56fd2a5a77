import { describe, expect, it } from 'vitest';
import type { Referral } from '@shared/schemas/billing';
import { displayEmail, referralLink, referralStats, shareUrls } from './billing-referrals';

describe('referral link and share addresses', () => {
  it('builds the register link with the code', () => {
    expect(referralLink('https://app.example.com/', 'BP-AB12')).toBe('https://app.example.com/register?ref=BP-AB12');
    expect(referralLink('http://localhost:5173', 'a b')).toBe('http://localhost:5173/register?ref=a%20b');
  });
  it('gives plain share URLs for Facebook, Twitter, WhatsApp and e-mail', () => {
    const link = 'https://app.example.com/register?ref=X1';
    const urls = shareUrls(link, 'Join me & save', 'Try Bidpilot');
    expect(urls.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`);
    expect(urls.twitter).toBe(`https://twitter.com/intent/tweet?text=Join%20me%20%26%20save&url=${encodeURIComponent(link)}`);
    expect(urls.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`Join me & save ${link}`)}`);
    expect(urls.email).toBe(`mailto:?subject=Try%20Bidpilot&body=${encodeURIComponent(`Join me & save\n\n${link}`)}`);
  });
});

describe('displayEmail', () => {
  it('keeps a masked address and masks a plain one after two characters', () => {
    expect(displayEmail('ad***@gmail.com')).toBe('ad***@gmail.com');
    expect(displayEmail('adaeze@gmail.com')).toBe('ad***@gmail.com');
  });
});

describe('referralStats', () => {
  const r = (status: Referral['status']): Referral => ({
    id: status + Math.random(),
    email: 'ab***@x.com',
    createdAt: '2026-01-01',
    plan: 'basic',
    status,
  });
  it('counts invited, paid and pending (total minus paid)', () => {
    expect(referralStats({ referrals: [r('paid'), r('trial'), r('pending'), r('paid')], needed: 1 })).toEqual({
      total: 4,
      successful: 2,
      pending: 2,
      needed: 1,
    });
    expect(referralStats({ referrals: [], needed: 3 })).toEqual({ total: 0, successful: 0, pending: 0, needed: 3 });
  });
});
