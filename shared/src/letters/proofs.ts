import { STOP_WORDS, GENERIC_WORDS, stem, tokenize, wordWeight } from '../matching/text';
import { coverage, findSkills, skillById } from '../matching/vocabulary';
import { cut, entriesOf, type ProofSource } from './entries';

export { entriesOf } from './entries';

/**
 * The proof a letter draws on: the one to three pieces of the freelancer's own material most like
 * the job (a past letter that got a reply or a win, a work-history entry, a portfolio item, a
 * testimonial, a catalog project), found by the skills and the telling words they share with the
 * post. Only what is picked is handed to the writer; a piece like nothing in the post is never
 * forced in. Pure: the caller gives the material (the signed-in user's own, nobody else's).
 */

export { PROOF_SOURCES, type ProofSource } from './entries';

export interface Proof {
  source: ProofSource;
  text: string;
  /** A past letter's fate: a reply, an interview or a hire puts its proof first. */
  outcome?: 'replied' | 'interview' | 'hired' | 'sent';
}

export interface PickedProof extends Proof {
  /** How like the job it is (0–1 and a little more for a proof that won work). */
  score: number;
  /** The skills and words it shares with the post, for the reviewer. */
  shared: string[];
}

export interface ProofMaterial {
  workHistory?: string;
  portfolio?: string;
  testimonials?: string;
  projectCatalog?: string;
  otherExperiences?: string;
  /** The user's own sent letters, newest first, with what came of them. */
  letters?: ReadonlyArray<{ text: string; outcome: Proof['outcome'] }>;
}

export const MAX_PROOFS = 3;
/** Below this, a piece shares too little with the post to be worth citing. */
const RELEVANT = 0.2;
const OUTCOME_BONUS: Record<NonNullable<Proof['outcome']>, number> = { hired: 0.15, interview: 0.1, replied: 0.06, sent: 0 };

/** The sentences of a sent letter that tell of the freelancer's own past work (never the client's). */
export function claimsOf(letter: string): string[] {
  return letter
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(
      (s) =>
        s.length >= 40 &&
        !s.endsWith('?') &&
        /\b(?:I|I've|I'd|my|we)\b/.test(s) &&
        // A past tense: most verbs in -ed, and the common irregular ones.
        /\b(?:\w{3,}ed|(?:re)?built|made|wrote|written|ran|led|grew|cut|did|done|taught|won|sold|drew|shot|kept)\b/i.test(s) &&
        // "your store" speaks of that letter's client, not of proof for the next one.
        !/\b(?:you|your|yours)\b/i.test(s),
    )
    .map(cut);
}

export function proofCandidates(material: ProofMaterial): Proof[] {
  const out: Proof[] = [];
  for (const letter of material.letters ?? [])
    for (const text of claimsOf(letter.text)) out.push({ source: 'letter', text, outcome: letter.outcome });
  for (const text of entriesOf(material.workHistory)) out.push({ source: 'workHistory', text });
  for (const text of entriesOf(material.portfolio)) out.push({ source: 'portfolio', text });
  for (const text of entriesOf(material.projectCatalog)) out.push({ source: 'catalog', text });
  for (const text of entriesOf(material.otherExperiences)) out.push({ source: 'experience', text });
  for (const text of entriesOf(material.testimonials)) out.push({ source: 'testimonial', text });
  return out;
}

interface JobTerms {
  /** Skill id → weight (the title's skills count double). */
  skills: Map<string, number>;
  skillWeight: number;
  /** Telling word stems of the post → weight. */
  words: Map<string, { weight: number; word: string }>;
  wordWeight: number;
}

function jobTerms(job: { title: string; description: string; skills?: readonly string[] }): JobTerms {
  const skills = new Map<string, number>();
  const add = (id: string, weight: number) => skills.set(id, Math.max(skills.get(id) ?? 0, weight));
  for (const hit of findSkills(tokenize(job.title))) add(hit.skill, 2);
  for (const hit of findSkills(tokenize(`${job.description}\n${(job.skills ?? []).join(', ')}`))) add(hit.skill, 1);
  const words = new Map<string, { weight: number; word: string }>();
  const title = new Set(tokenize(job.title).map((t) => stem(t.text)));
  for (const token of tokenize(`${job.title}\n${job.description}`)) {
    const text = token.text;
    if (text.length < 4 || STOP_WORDS.has(text) || GENERIC_WORDS.has(text) || /^\d+$/.test(text)) continue;
    const key = stem(text);
    const weight = wordWeight(text) * (title.has(key) ? 2 : 1);
    if (weight > (words.get(key)?.weight ?? 0)) words.set(key, { weight, word: token.raw });
  }
  const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
  return { skills, skillWeight: sum(skills.values()), words, wordWeight: sum([...words.values()].map((w) => w.weight)) };
}

function relevance(proof: Proof, job: JobTerms): { score: number; shared: string[] } {
  const tokens = tokenize(proof.text);
  const own = findSkills(tokens).map((hit) => hit.skill);
  const cover = coverage([...new Set(own)]);
  const shared: string[] = [];
  let skillHits = 0;
  for (const [id, weight] of job.skills) {
    const strength = cover.get(id)?.strength ?? 0;
    if (strength <= 0) continue;
    skillHits += weight * strength;
    if (strength >= 0.5) shared.push(skillById(id)?.name ?? id);
  }
  let wordHits = 0;
  const seen = new Set<string>();
  for (const token of tokens) {
    const key = stem(token.text);
    const word = job.words.get(key);
    if (!word || seen.has(key)) continue;
    seen.add(key);
    wordHits += word.weight;
    if (shared.length < 6 && !shared.some((s) => s.toLowerCase() === word.word.toLowerCase())) shared.push(word.word);
  }
  // A post's skills say most of what the work is; its telling words say the rest (the trade's
  // nouns, the client's domain). Neither alone is scaled past 1.
  const bySkills = job.skillWeight > 0 ? Math.min(1, skillHits / Math.min(job.skillWeight, 4)) : 0;
  const byWords = job.wordWeight > 0 ? Math.min(1, wordHits / Math.min(job.wordWeight, 6)) : 0;
  const score = job.skillWeight > 0 ? 0.7 * bySkills + 0.3 * byWords : byWords;
  return { score, shared };
}

/**
 * The one to three proofs most like the job, best first: a proof must share enough with the post to
 * be cited; a past letter that won work is put ahead of an equal one; no two of the same entry.
 */
export function pickProofs(
  job: { title: string; description: string; skills?: readonly string[] },
  candidates: readonly Proof[],
  max = MAX_PROOFS,
): PickedProof[] {
  const terms = jobTerms(job);
  const scored = candidates
    .map((proof) => {
      const { score, shared } = relevance(proof, terms);
      return { ...proof, score: score > 0 ? score + OUTCOME_BONUS[proof.outcome ?? 'sent'] : 0, shared };
    })
    .filter((proof) => proof.score >= RELEVANT && proof.shared.length > 0)
    .sort((a, b) => b.score - a.score);
  const picked: PickedProof[] = [];
  for (const proof of scored) {
    if (picked.length >= max) break;
    const key = proof.text.toLowerCase().slice(0, 80);
    if (picked.some((p) => p.text.toLowerCase().slice(0, 80) === key)) continue;
    picked.push({ ...proof, score: Math.round(proof.score * 100) / 100 });
  }
  return picked;
}
