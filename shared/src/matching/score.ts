import type { MatchFactor, RiskFlag } from '../schemas/job';
import type { AnalysedJob, JobSkill } from './analyse';
import { personalAdjustment, type MatchFeatures, type PersonalModel } from './learner';
import { deliverablesOf, profileDeliverables } from './deliverable';
import { LANGUAGE_CODES, LANGUAGE_SKILL_BY_CODE, type CompiledProfile } from './profile';
import type { AgentPlatform } from '../schemas/agent';
import { budgetFit, rateFilter, rateLimits, type RateLimits } from './rates';
import { assessRisk } from './risk/assess';
import { GENERIC_WORD_WEIGHT } from './text';
import { LANGUAGE_GROUP, skillById } from './vocabulary';

/**
 * The match score of an analysed job against a compiled profile, 0–100, with its factors:
 *
 * - **fit** (up to 100): how much of what the job needs the profile covers (skills weighted by how
 *   much the job needs each; related skills count less) and a BM25-like weight of the profile's
 *   skills and title words in the title, listed skills and description; minus a penalty when the
 *   job's main skill (or a language it needs) is not the profile's;
 * - **marketplace signals** (−15…+10): budget against the rates, client payment, rating, spend and
 *   hire rate, proposals so far, the post's age;
 * - **learned** (±15 at most): the user's own decisions, when there are some.
 *
 * A job outside the rates scores 0 with the rule it broke and is never drafted.
 */

/** Groups whose work is done in a language: a post's language stays a requirement of theirs. */
const LANGUAGE_WORK = new Set([LANGUAGE_GROUP, 'translation', 'writing', 'video-audio', 'support-admin', 'sales-marketing']);

export interface ScoreContext {
  /** Now (ms), for the post's age; omitted: age is not scored. */
  now?: number;
  /** The user's learned preferences. */
  model?: PersonalModel | null;
}

export interface MatchResult {
  score: number;
  /** Unrounded, for ranking ties. */
  raw: number;
  /** Inside the rates (false: filtered out, score 0). */
  passes: boolean;
  /** The fit part alone (skills and words), for ranking ties. */
  fit: number;
  /** The marketplace signals part, for ranking ties. */
  quality: number;
  factors: MatchFactor[];
  /** What the learner reads; null when filtered out. */
  features: MatchFeatures | null;
  /** Red flags and client risk (`risk/assess.ts`): a flagged job is held for the user, never sent on its own. */
  flags: RiskFlag[];
  /**
   * The learned reading's doubts (`unsure` flags) a review agent's pick keeps apart from its flags:
   * shown on the draft, holding nothing (every draft of a review agent waits for the user's tap).
   */
  doubts?: RiskFlag[];
}

const K1 = 1.2;
const B = 0.75;
const AVERAGE_DESCRIPTION = 120;
/** Evidence at which the relevance part reaches 63 %. */
const RELEVANCE_SCALE = 4;
const MAIN_PENALTY = 40;
/** A main-work reading at least this sure that the freelancer declines costs the whole main penalty. */
const DECLINED_SHARE = 0.3;
/**
 * Of MAIN_PENALTY, what a main skill that is only the client's industry or the post's topic costs
 * ("a booking app for our dental clinic", "photos of our agriturismo"): it says who the work is for,
 * not what it is, so a profile without it is not told it lacks the job's main skill.
 */
const TOPIC_SHARE = 0.25;
/**
 * Of MAIN_PENALTY, what a main skill that is a platform, a tool, an input, a device or a medium costs
 * when the vocabulary does not call it work ("recommendations for our Shopify Plus store", "an app
 * for our Bluetooth LE meter"): the work is done on or with it, so it is an unsure reading of the
 * work (issue 34: "when unsure, penalise less").
 */
const MEANS_SHARE = 0.5;
/** Of MAIN_PENALTY, what a post plainly of the neighbouring trade costs (deliverable.ts). */
const NEIGHBOUR_SHARE = 0.5;
/**
 * Points off a post that asks for nothing of the trade the profile's title names, however well its
 * other listed tools cover it (`CompiledProfile.trade`). 4 chosen on the tuning set from 2–6
 * (bench/matching/README.md, twenty-first round): P@10 0.902 -> 0.926, bad jobs above the floor
 * 5207 -> 4538, good jobs above it 2834 -> 2823.
 */
const OUTSIDE_TRADE_PENALTY = 4;
/** A post's skill counts as of the trade when the trade's skills cover it at least this well (near skills do). */
const TRADE_COVER = 0.7;
/** The fit part's ceiling: room is left for the marketplace signals. */
const FIT_SCALE = 85;
const LANGUAGE_PENALTY = 35;
/** Work on site (onsite.ts): another trade's for a remote freelancer, whatever its words. */
const ON_SITE_PENALTY = 30;
/**
 * The fit of every job for a profile with nothing to match on (no skills, no telling words in its
 * title, only "developer"): the marketplace search was the only filter, so fit is unknown, not bad; the marketplace
 * signals and the rate filters still rank and sort out the jobs, and the reason asks for skills.
 */
const UNKNOWN_FIT = 60;
const DAY_MS = 86_400_000;

const saturate = (tf: number) => (tf * (K1 + 1)) / (tf + K1);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function literalCount(tokens: readonly string[], phrase: readonly string[]): number {
  let n = 0;
  for (let i = 0; i + phrase.length <= tokens.length; i++) if (phrase.every((p, j) => tokens[i + j] === p)) n++;
  return n;
}

/** Lower-case letters and digits of each word: "Front-end Development" → ["front", "end", "development"]. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}+#]+/gu) ?? [];
/** Two words read the same when one starts the other, or they share their first five letters ("translate", "translation"). */
const sameWord = (a: string, b: string) =>
  a.startsWith(b) || b.startsWith(a) || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));
const initials = (parts: readonly string[]) => parts.map((w) => w[0]).join('');

/**
 * The post's own word for a skill when it tells more than the skill's name ("Snowflake" for a
 * data warehouse, "S3" for Amazon Web Services); null when it is only another spelling of the name
 * ("ReactJS", "front-end developer", "ML", "UI/UX design").
 */
export function postWord(skill: Pick<JobSkill, 'name' | 'word'>): string | null {
  const word = skill.word.trim();
  const said = wordsOf(word).filter((w) => w !== 'js');
  const name = wordsOf(skill.name).filter((w) => w !== 'js');
  if (said.length === 0) return null;
  const [shorter, longer] = said.length <= name.length ? [said, name] : [name, said];
  if (shorter.every((w) => longer.some((v) => sameWord(w, v)))) return null;
  if (said.join('') === initials(name) || name.join('') === initials(said)) return null;
  if (said.join('').replace(/js$/, '') === name.join('').replace(/js$/, '')) return null;
  return word;
}

/** How much a job's skill counts towards what it needs: its work fully, its industry or topic and its means less. */
function needShare(id: string): number {
  const skill = skillById(id);
  if (!skill || skill.work || !skill.kind) return 1;
  return skill.kind === 'topic' ? 0.3 : 0.6;
}

const NOT_COVERED = { strength: 0, via: null } as const;
const LITERAL_COVERED = { strength: 1, via: null } as const;
/** How much a profile skill covers an unknown skill with its head word (the same trade, not surely the same work). */
const HEAD_COVERED = 0.75;

/** How well the profile covers one of the job's skills, and through which profile skill (shared answers: read, never changed). */
function coverOf(profile: CompiledProfile, id: string): { readonly strength: number; readonly via: string | null } {
  if (id.startsWith('literal:')) {
    const name = id.slice('literal:'.length);
    if (literalNames(profile).has(name)) return LITERAL_COVERED;
    // Unknown to the vocabulary but of a profile skill's kind ("web testing", "manual testing"), or that
    // kind named alone ("research" for "photo research"): related, unsure.
    const words = name.split(' ');
    const via = profile.heads.get(words[words.length - 1]!);
    return via === undefined ? NOT_COVERED : { strength: HEAD_COVERED, via };
  }
  return profile.cover.get(id) ?? NOT_COVERED;
}

/** The profile's literal skills as written in a job's `literal:` ids, worked out once per profile. */
const literalNamesOf = new WeakMap<CompiledProfile, Set<string>>();
function literalNames(profile: CompiledProfile): Set<string> {
  let names = literalNamesOf.get(profile);
  if (!names) literalNamesOf.set(profile, (names = new Set(profile.literals.map((l) => l.tokens.join(' ')))));
  return names;
}

/** The profile's rate limits for a platform, worked out once per profile. */
const limitsOf = new WeakMap<CompiledProfile, Map<string, RateLimits>>();
function profileLimits(profile: CompiledProfile, platform: AgentPlatform): RateLimits {
  let byPlatform = limitsOf.get(profile);
  if (!byPlatform) limitsOf.set(profile, (byPlatform = new Map()));
  let limits = byPlatform.get(platform);
  if (!limits) byPlatform.set(platform, (limits = rateLimits(profile.profile, platform)));
  return limits;
}

/** BM25F-like evidence of the profile in the job: its skills and title words, title counting most. */
function relevance(job: AnalysedJob, profile: CompiledProfile): { value: number; keywords: string[] } {
  const norm = 1 - B + B * (job.descLength / AVERAGE_DESCRIPTION);
  let evidence = 0;
  for (const [id, m] of job.mentions) {
    const { strength } = coverOf(profile, id);
    if (strength === 0) continue;
    const skill = skillById(id);
    const idf = skill?.broad ? 1 : skill?.weak ? 1.2 : 2.2;
    evidence += idf * strength * saturate(2.5 * m.title + 2 * m.tags + m.desc / norm);
  }
  for (const literal of profile.literals) {
    const tf =
      2.5 * literalCount(job.titleTokens, literal.tokens) +
      2 * job.tagTokens.filter((t) => t.join(' ') === literal.tokens.join(' ')).length +
      literalCount(job.descTokens, literal.tokens) / norm;
    if (tf > 0 && !job.mentions.has(`literal:${literal.tokens.join(' ')}`)) evidence += 2.2 * saturate(tf);
  }
  const keywords: string[] = [];
  for (const word of profile.words) {
    const inTitle = job.titleWords.get(word.stem) ?? 0;
    const tf = 2.5 * inTitle + (job.descWords.get(word.stem) ?? 0) / norm;
    if (tf === 0) continue;
    evidence += 1.5 * word.weight * saturate(tf);
    if (inTitle > 0 && word.weight >= 0.5) keywords.push(word.word);
  }
  return { value: 1 - Math.exp(-evidence / RELEVANCE_SCALE), keywords };
}

type Signals = { readonly points: number; readonly factors: readonly MatchFactor[] };

/**
 * A job's marketplace signals, worked out once per analysed job and age in days: every agent whose
 * page holds the job reads the same (shared answers: read, never changed).
 */
const signalsOf = new WeakMap<AnalysedJob, { posted: number; days: number | null; signals: Signals }>();
function marketSignals(job: AnalysedJob, now: number | undefined): Signals {
  let kept = signalsOf.get(job);
  const posted = kept?.posted ?? Date.parse(job.job.datePosted);
  const days = now === undefined ? null : Math.floor((now - posted) / DAY_MS);
  if (!kept || kept.days !== days) signalsOf.set(job, (kept = { posted, days, signals: signalsAt(job, days) }));
  return kept.signals;
}

function signalsAt(job: AnalysedJob, days: number | null): Signals {
  const { client, bidCount } = job.job;
  // Each factor is written with its points (this runs for every job of every agent's page).
  const factors: MatchFactor[] = [];
  if (client.paymentVerified === true) factors.push({ code: 'clientVerified', points: 3 });
  else if (client.paymentVerified === false) factors.push({ code: 'clientUnverified', points: -5 });
  if (client.rating !== null && client.rating > 0) {
    if (client.rating >= 4.5) factors.push({ code: 'clientRating', rating: client.rating, points: 2 });
    else if (client.rating < 3.5) factors.push({ code: 'clientRatingLow', rating: client.rating, points: -3 });
  }
  const spent = client.totalSpentUsd;
  if (spent !== null && spent >= 1000) factors.push({ code: 'clientSpent', usd: spent, points: spent >= 10_000 ? 2 : 1 });
  else if (spent === 0 && (client.hires ?? 0) === 0) factors.push({ code: 'newClient', points: -1 });
  const posted = client.jobsPosted ?? null;
  if (posted !== null && posted >= 3 && client.hires !== null) {
    const percent = Math.round((100 * Math.min(client.hires, posted)) / posted);
    if (percent >= 60) factors.push({ code: 'hireRate', percent, points: 2 });
    else if (percent < 25) factors.push({ code: 'hireRateLow', percent, points: -3 });
  }
  if (bidCount !== null) {
    if (bidCount <= 5) factors.push({ code: 'fewBids', count: bidCount, points: 2 });
    else if (bidCount > 50) factors.push({ code: 'manyBids', count: bidCount, points: -3 });
    else if (bidCount > 20) factors.push({ code: 'manyBids', count: bidCount, points: -1 });
  }
  if (days !== null) {
    if (days > 7) factors.push({ code: 'oldPost', days, points: -3 });
    else if (days > 3) factors.push({ code: 'oldPost', days, points: -1 });
  }
  let points = 0;
  for (const factor of factors) points += factor.points ?? 0;
  return { points, factors };
}

export function scoreAnalysedJob(job: AnalysedJob, profile: CompiledProfile, context: ScoreContext = {}): MatchResult {
  const limits = profileLimits(profile, profile.profile.platform ?? job.job.platform);
  const required = job.skills;
  const covers = required.map((s) => {
    const cover = coverOf(profile, s.id);
    return { skill: s, strength: cover.strength, via: cover.via };
  });
  const matchedCovers = covers.filter((c) => c.strength >= 0.9);
  const matched = matchedCovers.map((c) => c.skill.name);
  const words = matchedCovers.map((c) => postWord(c.skill));
  const skillsFactor: MatchFactor = profile.hasSkills
    ? { code: 'skills', matched, total: required.length, ...(words.some((w) => w !== null) ? { words } : {}) }
    : { code: 'noSkills' };

  const filtered = rateFilter(job, limits);
  if (filtered)
    return {
      score: 0,
      raw: 0,
      passes: false,
      fit: 0,
      quality: 0,
      factors: [filtered, skillsFactor],
      features: null,
      flags: assessRisk(job),
    };

  // Fit: coverage of the job's needs and relevance of the profile's terms, less what is missing.
  // What the post names as its industry, platform or means counts less towards what it needs than its work.
  const need = (s: JobSkill) => s.weight * needShare(s.id);
  const weight = required.reduce((sum, s) => sum + need(s), 0);
  const coverage = weight > 0 ? covers.reduce((sum, c) => sum + need(c.skill) * c.strength, 0) / weight : null;
  const { value: relevanceValue, keywords } = relevance(job, profile);
  const factors: MatchFactor[] = [];
  let penalty = 0;
  const judged = profile.hasSkills || profile.words.some((w) => w.weight > GENERIC_WORD_WEIGHT);
  const main = judged && job.main ? covers.find((c) => c.skill.id === job.main!.id) : undefined;
  if (main) {
    // When two skills read almost equally as the main one, the profile's better one counts (unsure: penalise less);
    // a main skill read only from what was left (an input, a topic) costs less too.
    let expected = 0;
    let mainCost = 0;
    for (const option of job.mainOptions) {
      const skill = skillById(option.skill.id);
      const broad = skill?.broad ? 0.5 : 1;
      const kind = skill && !skill.work ? skill.kind : null;
      const share = kind === 'topic' ? TOPIC_SHARE : kind ? MEANS_SHARE : 1;
      const cost = MAIN_PENALTY * broad * share * (1 - coverOf(profile, option.skill.id).strength) * job.mainSure;
      expected += option.share * cost;
      if (option.skill.id === main.skill.id) mainCost = cost;
    }
    const points = Math.min(mainCost, expected);
    penalty += points;
    if (points >= 0.5) {
      const word = postWord(main.skill);
      const quoted = word === null ? {} : { word };
      if (main.strength >= 0.5 && main.via)
        factors.push({
          code: 'related',
          skill: main.skill.name,
          ...quoted,
          via: skillById(main.via)?.name ?? main.via,
          points: -Math.round(points),
        });
      else if (main.strength < 0.5) factors.push({ code: 'mainMissing', skill: main.skill.name, ...quoted, points: -Math.round(points) });
    }
  }
  // Work the freelancer says they do not do, read as (one of) the post's main work: theirs no more
  // than a missing skill's, however well the tools match ("I don't do bookkeeping" and a QuickBooks clean-up).
  if (judged && job.main && !factors.some((f) => f.code === 'mainMissing' || f.code === 'related')) {
    const declined = job.mainOptions.find((o) => o.share >= DECLINED_SHARE && profile.declined.has(o.skill.id));
    if (declined) {
      const points = MAIN_PENALTY * job.mainSure;
      penalty += points;
      const word = postWord(declined.skill);
      factors.push({ code: 'mainMissing', skill: declined.skill.name, ...(word === null ? {} : { word }), points: -Math.round(points) });
    }
  }
  // A post plainly of the neighbouring trade (deliverable.data.ts: pipelines for an analyst, analyses for a
  // data engineer): its work is a skill the profile lacks, whatever tools they share.
  if (judged && !factors.some((f) => f.code === 'mainMissing' || f.code === 'related')) {
    const own = profileDeliverables(profile);
    for (const d of deliverablesOf(job)) {
      if (!own.some((o) => o.pair === d.pair && o.skill === d.rival) || coverOf(profile, d.skill).strength >= 1) continue;
      const points = MAIN_PENALTY * NEIGHBOUR_SHARE;
      penalty += points;
      factors.push({ code: 'mainMissing', skill: skillById(d.skill)?.name ?? d.skill, word: d.word, points: -Math.round(points) });
      break;
    }
  }
  // The post's own language, where it says English will do, is no requirement of work done in no language
  // (a structural check, code); a translation, a text or a voice still needs it.
  const mainGroup = main ? skillById(main.skill.id)?.group : undefined;
  const languageWaived = job.englishOk && !(mainGroup && LANGUAGE_WORK.has(mainGroup));
  for (const c of judged ? covers : []) {
    if (c === main || c.strength >= 1 || !skillById(c.skill.id)?.essential || !(c.skill.inTitle || c.skill.inTags)) continue;
    if (languageWaived && skillById(c.skill.id)?.group === LANGUAGE_GROUP) continue;
    const points = LANGUAGE_PENALTY * (1 - c.strength);
    penalty += points;
    const word = postWord(c.skill);
    factors.push({ code: 'languageMissing', skill: c.skill.name, ...(word === null ? {} : { word }), points: -Math.round(points) });
  }
  // A post written in a language the profile does not name, where the profile names the languages it
  // works in: the client writes, briefs and answers in it (unless the post says English will do).
  const spoken = profile.languages;
  const postLanguage = job.postLanguage;
  // A translation between two languages the post names ("japonais > anglais"): the client's own language is not the work's.
  const pairNamed = mainGroup === 'translation' && job.skills.filter((s) => skillById(s.id)?.group === LANGUAGE_GROUP).length >= 2;
  const postCode = (s: { id: string }) => LANGUAGE_CODES[s.id];
  const inPair = pairNamed && job.skills.some((s) => postCode(s) === postLanguage);
  if (judged && spoken && postLanguage && postLanguage !== 'en' && !spoken.has(postLanguage) && !job.englishOk && (!pairNamed || inPair)) {
    const id = LANGUAGE_SKILL_BY_CODE.get(postLanguage);
    const name = (id && skillById(id)?.name) ?? postLanguage;
    if (!factors.some((f) => f.code === 'languageMissing' && 'skill' in f && f.skill === name)) {
      penalty += LANGUAGE_PENALTY;
      factors.push({ code: 'languageMissing', skill: name, points: -LANGUAGE_PENALTY });
    }
  }
  // Another trade's work that the profile's other tools cover: below the trade's own posts.
  const trade = profile.trade;
  if (judged && trade && !covers.some((c) => c.strength >= 0.9 && (trade.cover.get(c.skill.id) ?? 0) >= TRADE_COVER)) {
    penalty += OUTSIDE_TRADE_PENALTY;
    factors.push({ code: 'outsideTrade', trade: trade.name, points: -OUTSIDE_TRADE_PENALTY });
  }
  penalty = Math.min(45, penalty);
  if (judged && job.onSite !== null) {
    penalty += ON_SITE_PENALTY;
    factors.push({ code: 'onSite', quote: job.onSite, points: -ON_SITE_PENALTY });
  }
  const fit = !judged
    ? UNKNOWN_FIT
    : FIT_SCALE * (coverage === null ? 0.9 * relevanceValue : 0.5 * coverage + 0.5 * relevanceValue) - penalty;
  factors.unshift({ ...skillsFactor, points: Math.round(fit + penalty) });
  if (keywords.length > 0) factors.push({ code: 'keywords', terms: keywords.slice(0, 3) });

  // Marketplace signals.
  const budget = budgetFit(job, limits);
  const market = marketSignals(job, context.now);
  const quality = clamp(budget.points + market.points, -15, 10);

  const features: MatchFeatures = {
    d: [
      coverage ?? relevanceValue,
      relevanceValue,
      main ? 1 - main.strength : 0,
      budget.ratio === null ? 0 : clamp(Math.log2(budget.ratio), -1, 2) / 2,
      clamp(market.points / 8, -1, 1),
      job.job.bidCount === null ? 0 : clamp(1 - job.job.bidCount / 25, -1, 1),
      job.job.type === 'fixed' ? 1 : 0,
      job.maxUsd === null ? 0 : clamp(Math.log10(job.maxUsd + 1) / 4, 0, 1.5),
    ],
    s: required
      .filter((s) => !s.literal)
      .slice(0, 8)
      .map((s) => s.id),
    m: job.main && !job.main.literal ? job.main.id : null,
  };

  let learned = 0;
  if (context.model) {
    const adjustment = personalAdjustment(context.model, features);
    learned = adjustment.points;
    if (Math.abs(learned) >= 1)
      factors.push({ code: 'learned', approved: adjustment.approved, discarded: adjustment.discarded, points: Math.round(learned) });
  }
  factors.push(budget.factor, ...market.factors);

  const raw = clamp(fit + quality + learned, 0, 100);
  return { score: Math.round(raw), raw, passes: true, fit, quality, factors, features, flags: assessRisk(job) };
}
