/**
 * The syntax of a mailbox address as RFC 5321 (section 4.1.2 and 4.5.3.1) lets a mail server take
 * it: a dot-atom local part of at most 64 octets (RFC 5322 atext, no quoted strings), an `@`, and a
 * host name of dot-separated labels (letters, digits, hyphens inside, at most 63 octets each).
 */
export type EmailAddressProblem = 'format' | 'localTooLong' | 'localCharacters';

export const LOCAL_PART_MAX_OCTETS = 64;
const DOMAIN_MAX_OCTETS = 255;

const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

const octets = (text: string) => new TextEncoder().encode(text).length;

/** What is wrong with an address (trimmed beforehand), or null when a mail server would take it. */
export function emailAddressProblem(address: string): EmailAddressProblem | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return 'format';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (octets(local) > LOCAL_PART_MAX_OCTETS) return 'localTooLong';
  const atoms = local.split('.');
  if (atoms.some((atom) => atom !== '' && !ATEXT.test(atom))) return 'localCharacters';
  if (atoms.some((atom) => atom === '')) return 'format';
  const labels = domain.split('.');
  if (octets(domain) > DOMAIN_MAX_OCTETS || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return 'format';
  // A top-level label is never all digits (that would be an address literal written without brackets).
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'format';
  return null;
}
