import { maskEmail, type Referral, type ReferralsResponse } from '@shared/schemas/billing';

/** The sign-up link a friend opens: `${origin}/register?ref=CODE`. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/register?ref=${encodeURIComponent(code)}`;
}

export interface ShareTargets {
  facebook: string;
  twitter: string;
  whatsapp: string;
  email: string;
}

/** Plain share addresses (no scripts of the networks): Facebook, Twitter, WhatsApp and e-mail. */
export function shareUrls(link: string, message: string, subject: string): ShareTargets {
  const e = encodeURIComponent;
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${e(link)}`,
    twitter: `https://twitter.com/intent/tweet?text=${e(message)}&url=${e(link)}`,
    whatsapp: `https://wa.me/?text=${e(`${message} ${link}`)}`,
    email: `mailto:?subject=${e(subject)}&body=${e(`${message}\n\n${link}`)}`,
  };
}

/** The address as shown: already masked by the server; masked here too if it ever is not. */
export function displayEmail(email: string): string {
  return email.includes('***') ? email : maskEmail(email);
}

export interface ReferralStats {
  total: number;
  successful: number;
  /** The specification: total minus paid. */
  pending: number;
  needed: number;
}

export function referralStats(info: Pick<ReferralsResponse, 'referrals' | 'needed'>): ReferralStats {
  const total = info.referrals.length;
  const successful = info.referrals.filter((r: Referral) => r.status === 'paid').length;
  return { total, successful, pending: total - successful, needed: info.needed };
}
