/** The entries of the freelancer's free-text sections (work history, portfolio): no imports, so any screen may read them. */

/** Where a piece of proof comes from (letters/proofs.ts). */
export const PROOF_SOURCES = ['letter', 'workHistory', 'portfolio', 'testimonial', 'catalog', 'experience'] as const;
export type ProofSource = (typeof PROOF_SOURCES)[number];

const ENTRY_MAX = 300;

/** One entry on one line, at most a few sentences long. */
export const cut = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > ENTRY_MAX ? `${flat.slice(0, ENTRY_MAX - 1).trimEnd()}…` : flat;
};

/**
 * The entries of a free-text section: its paragraphs, or its lines where it is a list (bullets,
 * dates, one role a line). Fragments too short to say anything are joined to the entry before.
 */
export function entriesOf(text: string | undefined): string[] {
  const value = (text ?? '').trim();
  if (!value) return [];
  const blocks = value.split(/\n\s*\n/);
  const pieces = blocks.length > 1 ? blocks : value.split(/\n/);
  const out: string[] = [];
  for (const piece of pieces) {
    const clean = piece.replace(/^[\s\-*•·–—]+/, '').trim();
    if (!clean) continue;
    if (clean.length < 25 && out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${clean}`;
    else out.push(clean);
  }
  return out.map(cut);
}
