/**
 * What a skill usually is in a post, when it is not the work itself: a tool the work is done with
 * (Premiere Pro for a video edit, QuickBooks for bookkeeping), an input handed over (Figma designs
 * for a developer), the platform the work is for (iOS for a designer), a device it talks to (a
 * Bluetooth strap for an app), a medium an engine or trade makes the work in (VR, AR for a Unity
 * developer), or a topic or client industry (Real Estate for a writer). Such a
 * skill is the job's main skill only when nothing that is the work competes with it.
 */
export type SkillKind = 'tool' | 'input' | 'platform' | 'device' | 'medium' | 'topic';

/**
 * One skill of the vocabulary (the `*.data.ts` files beside this one): a canonical id, the name shown,
 * and every other way both marketplaces and people write it.
 */
export interface SkillEntry {
  /** Canonical id: lower case, stable (stored in learned signals). */
  id: string;
  /** The name shown to the user. */
  name: string;
  /** Other spellings and names, each matched as a whole phrase, case-insensitive ("React.js", "ReactJS"). */
  aka?: readonly string[];
  /**
   * Names that are also everyday words ("Go", "Swift", "Excel"): matched in running text only when
   * written with these exact capitals and not at the start of a sentence; always matched as a listed skill.
   */
  cased?: readonly string[];
  /**
   * Words of another sense of the name ("aeroelastic" beside "flutter"): a text holding any of them does not
   * name the skill in running text (a listed skill still does).
   */
  otherSense?: readonly string[];
  /** Names matched only as a listed skill, never in running text ("R", "C"). */
  listed?: readonly string[];
  /** Spellings that name the skill only when a language is named beside them ("translate … into French"). */
  withLanguage?: readonly string[];
  /** Broader skills this one includes (Next.js → React): someone with this skill has those too. */
  implies?: readonly string[];
  /** Skills whose holders pick this one up quickly (Next.js for React developers): a good match from them. */
  near?: readonly string[];
  /** Neighbouring skills that transfer a little (React Native ~ React): a weak match, both ways. */
  related?: readonly string[];
  /** A wide field ("Web Development"): says less about a job than a specific skill. */
  broad?: boolean;
  /** The work delivered (writing, translating, designing a logo), not a tool used for it. */
  work?: boolean;
  /** A job that asks for it cannot be done without it (a language): missing it rules a match out. */
  essential?: boolean;
  /** Mentioned in a description it is not a requirement ("fluent English"), only in a title or a listed skill. */
  weak?: boolean;
  /** What the skill usually is when it is not the work (see SkillKind). */
  kind?: SkillKind;
}

/** A section of the vocabulary; its flags apply to every skill in it unless the skill says otherwise. */
export interface SkillGroup {
  group: string;
  work?: boolean;
  essential?: boolean;
  weak?: boolean;
  kind?: SkillKind;
  /** A job needs these skills only when it also needs a skill of one of these groups (a language for a translation). */
  onlyWith?: readonly string[];
  skills: readonly SkillEntry[];
}
