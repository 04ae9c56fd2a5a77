import type { Token } from './text';
import { LANGUAGE_GROUP, skillById, type SkillHit } from './vocabulary';
import { DEVELOPER_NOUNS } from './worker-nouns';

/**
 * What a skill mention is to the work, read from the words around it:
 *
 * - **work**: what the freelancer is asked to do or be ("build a Shopify theme", "Kotlin developer",
 *   "migrate … to Kotlin");
 * - **input**: what is handed over or read from ("from our Figma designs", "based on", "using our
 *   existing …", the app a migration starts from);
 * - **destination**: where the result goes ("reverse ETL to HubSpot", "into BigQuery");
 * - **context**: who or what it is for or about ("for a real-estate firm", "about Kubernetes",
 *   "for an iOS meditation app");
 * - **neutral**: nothing tells.
 *
 * English only: the grammar of other languages leaves a mention neutral, as before.
 */
export type MentionRole = 'work' | 'neutral' | 'input' | 'destination' | 'context';

/** A mention read: its role, and what made it so. */
export interface Mention {
  role: MentionRole;
  /** A noun of the worker follows ("Kotlin **developer**"): the skill is who is wanted, whatever its kind. */
  worker: boolean;
  /** The verb whose object it is ("**design** the iOS app screens"), when a verb made it the work. */
  verb: string | null;
  /** For a product of its own ("for our React **app**"): the codebase the work is done in, not a client. */
  codebase: boolean;
  /**
   * What the work serves, not where it is done: a product after software of another layer ("REST API in Go
   * **for our Flutter app**"), or the client's trade heading a title ("**HVAC** contractor: roof check").
   */
  servesOther: boolean;
  /** The nearest verb of work before it in its sentence, across adjectives ("**build** a browser-based video editor"). */
  head: string | null;
  /**
   * The post turns it down: firmly ("do NOT apply if you mainly work with React Native", "no Flutter
   * please"), or in passing ("our site is not WordPress", "instead of Wix", "MV3, not MV2": another
   * mention of the same skill may still ask for it).
   */
  refused: 'firmly' | 'inPassing' | null;
}

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Words skipped between a marker and the skill ("from **our existing** Figma designs", "to **a** Shopify store"). */
const SKIP = words(`a an the our my your their his her its this that these those some any each every existing current old legacy
  new custom simple small large basic modern provided given ready approved finished completed supplied attached
  own company client clients and or plus both either few several two three multiple`);

/** Adjectives that make a "using", "with" or "in" an input ("using **our existing** Figma designs"). */
const HANDED_OVER = words('existing current old legacy provided given ready approved finished completed supplied attached');

/** Verbs of the work: what follows them is what is to be done. */
const WORK_VERBS = words(`build building built develop developing create creating design designing redesign redesigning write
  writing edit editing code coding program programming make making fix fixing debug debugging setup set configure configuring
  implement implementing customize customise customizing customising optimize optimise optimizing optimising manage managing
  maintain maintaining improve improving automate automating integrate integrating scrape scraping test testing audit
  auditing review reviewing proofread proofreading transcribe transcribing animate animating illustrate illustrating produce
  producing record recording film filming draw drawing model modelling modeling render rendering draft drafting prepare
  preparing reconcile reconciling clean cleaning teach teaching tutor tutoring run running launch launching deploy deploying
  need needs needed want wanted seeking seek hire hiring looking`);

/** Verbs of adding a thing to a product: "**add** a 3D viewer to WooCommerce" builds the viewer, WooCommerce is where it goes. */
const ADDING = words('add adding added embed embedding embedded insert inserting');

/** Creation verbs: "create Figma designs" makes the designs, it is not handed them. */
const CREATION_VERBS = words(
  'create creating design designing redesign redesigning make making draw drawing produce producing prepare preparing',
);

/** Verbs of a change from one thing to another: what they take is the input, what they go "to" is the work. */
const CONVERSION = words(`migrate migrating migrated migration migrations convert converting port porting ported rewrite rewriting
  rebuild rebuilding move moving switch switching transfer transferring transition transitioning replatform replatforming`);

/** Verbs of putting existing text somewhere: what they take is moved, not written ("publish our articles"). */
const PUBLISH = words('publish publishing published upload uploading uploaded import importing imported format formatting reformat');

/** Verbs of data flowing between systems: with them "A to B" is a destination, not a change from A to B. */
const FLOW = words(`connect connecting sync syncing synced integrate integrating integration push pushing send sending export
  exporting import importing upload uploading load loading feed feeding stream streaming pipe pipeline pipelines post posting`);

/** Skills that are a flow themselves: what they go "to" is where the data lands ("reverse ETL to HubSpot"). */
const FLOW_SKILLS = new Set([
  'data-engineering',
  'api-integration',
  'no-code-automation',
  'web-scraping',
  'data-entry',
  'zapier',
  'make',
  'n8n',
]);

/** Words before "for" that make what follows the worker, not the client ("looking for a Shopify developer"). */
const LOOKING = words('looking look seeking search searching hunting hire hiring need needed want wanted');
/** Nouns of a business that posts work ("HVAC **contractor**: …"). */
const BUSINESS_NOUNS = words(`contractor contractors company firm agency startup brand shop store clinic practice restaurant business
  franchise manufacturer distributor retailer supplier nonprofit charity installer installers brokerage importer exporter
  foundation school hospital`);
/** Nouns of an offer of work: "a project **for** a Flutter developer" offers it to the worker. */
const OFFERS = words(`job jobs position positions opening openings vacancy vacancies role roles project projects contract
  contracts gig gigs work task tasks opportunity opportunities offer requirement requirements`);
/** Words of a worker's standing between "for" and the worker ("for an **experienced senior** Go developer"). */
const QUALITIES = words(
  'experienced skilled senior junior mid-level expert professional talented certified licensed qualified freelance dedicated',
);

/** Nouns that name the worker: "Kotlin **developer**", "Figma **designer**". */
const ROLE_NOUNS = words(`${DEVELOPER_NOUNS.join(' ')} coder designer designers writer
  writers editor editors expert experts specialist specialists consultant consultants freelancer architect artist artists
  animator bookkeeper accountant copywriter translator admin administrator assistant manager ninja guru development
  programming coding designing editing writing`);

/** Nouns after a skill that make it a thing handed over: "Figma **designs**", "PSD **files**". */
const INPUT_NOUNS = words('designs mockups mockup files file prototype prototypes wireframes comps layouts exports');

/** Nouns after a skill that make it the client's field: "real estate **industry**". */
const FIELD_NOUNS = words(`industry niche sector market firm firms clinic clinics practice agency agencies tech startup startups
  company companies business businesses brand brands`);

/**
 * Adjectives after a skill that make it a quality the result must have, not the work: "**SEO-friendly**
 * Next.js site", "must stay SEO **optimised**", "a **GDPR-compliant** form", "a **mobile-friendly** page".
 */
const QUALITY_AFTER = words('friendly optimized optimised compliant compatible');
/** Nouns of the client's people after a skill: "our SRE **team**", "the finance **department**". */
const TEAMS = words('team teams department departments staff squad squads');

/** Nouns of a product built with a skill: "for our React **app**" names the codebase. */
const PRODUCT_NOUNS = words(
  'app apps application applications site website websites codebase project store plugin theme dashboard api backend frontend extension',
);

/**
 * Words of recruiting: the workers named after them ("recruit **React developers**", "a recruiter to
 * source Go engineers") are the people to be found, the post's topic, not the freelancer wanted.
 */
const RECRUITING = words(`recruit recruits recruiting recruited recruiter recruiters recruitment headhunt headhunting headhunter
  headhunters sourcing sourcer staffing placing`);

/** What the client already has is handed over ("I already have WordPress hosting"). */
const HAVE = words('have has had got already');

const TOPIC_MARKERS = words('about regarding covering concerning');
/** Words before "no" that say the client lacks the thing ("we have no WordPress site yet"), not that it is unwanted. */
const LACKS = words('have has had is are was there with got currently yet still');
/** Words of answering a post, and the words that forbid it ("do **not apply** if you …", "don't bid"). */
const APPLY = words('apply bid bidding applying message contact');
const REFUSING = words('not t never no');
/** Words after "do not apply if you …" that make the skill the condition to meet ("… don't have", "… unless you know"). */
const REQUIRING = words('not t no never unless without lack lacking haven hasn don didn isn aren can cannot unfamiliar new');
/**
 * Software built for a tool: "a Photoshop **plugin**", "the QuickBooks Online **API**", "an AutoCAD
 * **plugin** developer". When the tool is of another trade than software (design, finance, ads, CAD),
 * it is what the software is for, and the work is a developer's.
 */
const HOSTED_SOFTWARE = words('plugin plugins addon addons extension extensions sdk api apis');
/** Words that end the search for the verb a mention depends on. */
const MARKERS = words('from for to into onto about regarding using with in on via through of and or then but');
const TO_MARKERS = words('to into onto towards');
const TOOL_MARKERS = words('using use with in via through');
/** Words after a product that say it is on its way out ("Magento 1.9 store **end of life**"): what the work leaves. */
const ENDING = words('eol sunset sunsetting sunsetted deprecated discontinued retiring retired decommissioning decommissioned');

/** Splits tokens into sentences (a title is one): the start index of each token's sentence. */
function sentenceOf(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  let start = 0;
  tokens.forEach((t, i) => {
    if (t.sentenceStart) start = i;
    out.push(start);
  });
  return out;
}

/** The role of each hit, in order. */
export function mentionRoles(tokens: readonly Token[], hits: readonly SkillHit[]): Mention[] {
  const hitAt = new Map<number, SkillHit>();
  for (const hit of hits) for (let i = hit.start; i < hit.end; i++) hitAt.set(i, hit);
  const sentence = sentenceOf(tokens);
  const converting = new Set<number>();
  tokens.forEach((t, i) => {
    if (CONVERSION.has(t.text) && !hitAt.has(i)) converting.add(sentence[i]!);
  });
  const text = (i: number) => (i >= 0 && i < tokens.length && !hitAt.has(i) ? tokens[i]!.text : null);

  // "Java to Kotlin", "Squarespace to Shopify": two skills joined by "to" are a change from one to the other,
  // unless data flows between them ("sync Shopify orders to QuickBooks", "reverse ETL to HubSpot").
  const flowing = new Set<number>();
  tokens.forEach((t, i) => {
    if (FLOW.has(t.text) && !hitAt.has(i)) flowing.add(sentence[i]!);
  });
  for (const hit of hits) if (FLOW_SKILLS.has(hit.skill)) flowing.add(sentence[hit.start]!);
  // Where each sentence's first "for" (not "looking for") or "about" is.
  const contextFrom = new Map<number, number>();
  tokens.forEach((t, i) => {
    if (hitAt.has(i) || contextFrom.has(sentence[i]!)) return;
    if (TOPIC_MARKERS.has(t.text) || (t.text === 'for' && !LOOKING.has(text(i - 1) ?? ''))) contextFrom.set(sentence[i]!, i);
  });
  const pairs = new Map<SkillHit, 'from' | 'to'>();
  hits.forEach((hit) => {
    if (flowing.has(sentence[hit.start]!) || FLOW_SKILLS.has(hit.skill) || skillById(hit.skill)?.group === LANGUAGE_GROUP) return;
    let j = hit.end;
    if (!TO_MARKERS.has(tokens[j]?.text ?? '') || hitAt.has(j)) return;
    // "Add a 3D viewer to WooCommerce": the second is where the first goes, not what it becomes.
    for (let i = hit.start - 1; i >= sentence[hit.start]! && i >= hit.start - 4 && !hitAt.has(i); i--) {
      if (ADDING.has(tokens[i]!.text)) return;
      if (!SKIP.has(tokens[i]!.text)) break;
    }
    j++;
    while (j < tokens.length && !hitAt.has(j) && SKIP.has(tokens[j]!.text)) j++;
    const other = hitAt.get(j);
    if (other && other.start === j && skillById(other.skill)?.group !== LANGUAGE_GROUP) {
      pairs.set(hit, 'from');
      pairs.set(other, 'to');
    }
  });

  return hits.map((hit) => {
    const next = text(hit.end);
    const last = tokens[hit.end - 1]!.text;
    const after = text(hit.end + 1);
    const mention: Mention = {
      role: 'neutral',
      worker: ROLE_NOUNS.has(last) || (next !== null && ROLE_NOUNS.has(next)),
      verb: null,
      codebase: (next !== null && PRODUCT_NOUNS.has(next)) || (after !== null && PRODUCT_NOUNS.has(after)),
      servesOther: false,
      head: null,
      refused: refused(hit),
    };
    // A product of another layer's work ("a REST API in Go for our Flutter **app**"), not a stack listed.
    mention.servesOther = mention.codebase && otherLayerBefore(hit);
    if (clientLabel(hit)) {
      // "HVAC contractor: stamped roof framing check …": who the client is, before the work.
      mention.worker = false;
      mention.role = 'context';
      mention.servesOther = true;
      return mention;
    }
    if (mention.worker && forSomeone(hit)) {
      // The person a deliverable is for ("a resume for a structural engineer"): the client's trade, not the worker wanted.
      mention.worker = false;
      mention.role = 'context';
      return mention;
    }
    if (mention.worker && recruited(hit)) {
      // The people to be found: what recruiting works on, as little the work as a topic (NOT_THE_WORK).
      mention.worker = false;
      mention.role = 'work';
      mention.verb = 'recruit';
      return mention;
    }
    for (let i = hit.start - 1; i >= sentence[hit.start]! && i >= hit.start - 6; i--) {
      const word = text(i);
      if (word === null) continue;
      if (WORK_VERBS.has(word)) {
        mention.head = word;
        break;
      }
      if (MARKERS.has(word)) break;
    }
    mention.role = roleOf(hit, next, mention);
    return mention;
  });

  /**
   * A skill the post turns down: right after "no", "not", "never", "instead of" or "rather than" (across
   * determiners and other skills: "no React Native or Flutter"), or after "do not apply / don't bid if
   * you …" in its sentence, unless what follows is itself a no ("… if you don't have Shopify
   * experience", "… unless you know React Native": a requirement). Not "not just", not "there is no …
   * yet" or "we have no …" (what the client lacks is often the work: "there is no Shopify store yet").
   */
  function refused(hit: SkillHit): Mention['refused'] {
    const begins = sentence[hit.start]!;
    for (let k = hit.start - 1; k > begins && k >= hit.start - 12; k--) {
      if (!APPLY.has(tokens[k]!.text) || !REFUSING.has(tokens[k - 1]!.text)) continue;
      // "Do not apply if you don't have Shopify experience", "… unless you know React Native": the skill is required.
      for (let j = k + 1; j < hit.start; j++) if (!hitAt.has(j) && REQUIRING.has(tokens[j]!.text)) return null;
      return 'firmly';
    }
    let i = hit.start - 1;
    while (i >= begins && (hitAt.has(i) || SKIP.has(tokens[i]!.text))) i--;
    if (i < begins) return null;
    const word = tokens[i]!.text;
    const before = i > begins ? tokens[i - 1]!.text : '';
    if (word === 'no' && !LACKS.has(before)) return 'firmly';
    if (word === 'not' || word === 'never') return 'inPassing';
    if ((word === 'of' && before === 'instead') || (word === 'than' && before === 'rather')) return 'inPassing';
    return null;
  }

  /**
   * A trade or industry (not software) heading a title's first part that ends on a noun of a business
   * ("HVAC contractor: …", "Dental clinic | …"): the client, with the work after it.
   */
  function clientLabel(hit: SkillHit): boolean {
    const skill = skillById(hit.skill);
    if (!skill || SOFTWARE.includes(skill.group) || sentence[hit.start] !== 0) return false;
    // A dash ends the part too, though not for an industry, which already counts little as the main skill
    // by its kind ("Dental clinic – booking app": the work is then read from what the post names more surely).
    const endsPart = (k: number) => tokens[k]?.sentenceStart === true || (tokens[k]?.dashBefore === true && !industryOnly(skill));
    // The business may be part of the name the post used ("Law firm: docket monitoring").
    if (namesBusiness(hit, BUSINESS_NOUNS)) return endsPart(hit.end);
    for (let k = hit.end; k < tokens.length && k <= hit.end + 2; k++) {
      if (hitAt.has(k)) return false;
      if (BUSINESS_NOUNS.has(tokens[k]!.text)) return endsPart(k + 1);
    }
    return false;
  }

  /**
   * A worker named right after "for" ("for a structural engineer"), unless a search or an offer leads to
   * it ("looking for a Go developer", "long-term project for an experienced Flutter developer").
   */
  function forSomeone(hit: SkillHit): boolean {
    for (let i = hit.start - 1; i >= sentence[hit.start]! && i >= hit.start - 5; i--) {
      const word = text(i);
      if (word === null || SKIP.has(word) || QUALITIES.has(word)) continue;
      if (word !== 'for') return false;
      const before = text(i - 1);
      return before === null || !(LOOKING.has(before) || OFFERS.has(before));
    }
    return false;
  }

  /** A name of two words or more that ends on one of these nouns ("law **firm**", "dental **clinic**"). */
  function namesBusiness(hit: SkillHit, nouns: ReadonlySet<string>): boolean {
    return hit.end - hit.start > 1 && nouns.has(tokens[hit.end - 1]!.text);
  }

  /** A skill of another software group named earlier in the hit's sentence (a Go backend before "for our Flutter app"). */
  function otherLayerBefore(hit: SkillHit): boolean {
    const group = skillById(hit.skill)?.group;
    if (!group || !SOFTWARE.includes(group)) return false;
    return hits.some((other) => {
      if (other.end > hit.start || sentence[other.start] !== sentence[hit.start]) return false;
      const otherGroup = skillById(other.skill)?.group;
      return otherGroup !== undefined && otherGroup !== group && SOFTWARE.includes(otherGroup);
    });
  }

  /** The product is on its way out, said right after it across a version and its noun ("Magento 1.9 store end of life"). */
  function leaving(hit: SkillHit): boolean {
    for (let i = hit.end; i < tokens.length && i < hit.end + 4 && sentence[i] === sentence[hit.start]; i++) {
      const word = tokens[i]!.text;
      if (ENDING.has(word) || (word === 'end' && text(i + 1) === 'of' && text(i + 2) === 'life')) return true;
      if (hitAt.has(i) || !(/^\d[\d.x]*$/.test(word) || PRODUCT_NOUNS.has(word) || word === 'shop' || word === 'is')) return false;
    }
    return false;
  }

  /** A worker named after a word of recruiting in its sentence ("source" only as a verb: not "open source"). */
  function recruited(hit: SkillHit): boolean {
    for (let i = hit.start - 1; i >= sentence[hit.start]! && i >= hit.start - 8; i--) {
      const word = text(i);
      if (word === null) continue;
      if (RECRUITING.has(word) || (word === 'source' && text(i - 1) !== 'open')) return true;
    }
    return false;
  }

  /**
   * A tool of another trade named right before software built for it (a qualifier may come between:
   * "Photoshop UXP plugin"; "Google Slides add-on"), or before the code a developer writes for it
   * ("PowerPoint VBA developer").
   */
  function hostsSoftware(hit: SkillHit): boolean {
    const group = skillById(hit.skill)?.group;
    if (!group || SOFTWARE.includes(group)) return false;
    // Read past skill names: "QuickBooks Online **API** integration" names the API Integration skill too.
    const next = tokens[hit.end]?.text;
    if (next !== undefined && HOSTED_SOFTWARE.has(next)) return true;
    const second = tokens[hit.end + 1]?.text;
    // "add-on" and "add-in" are two tokens.
    if (next === 'add' && (second === 'on' || second === 'ons' || second === 'in' || second === 'ins')) return true;
    if (next !== undefined && !hitAt.has(hit.end) && second !== undefined && HOSTED_SOFTWARE.has(second)) return true;
    // "PowerPoint **VBA developer**": code written for the tool, by a developer.
    const code = hitAt.get(hit.end);
    const codeGroup = code ? skillById(code.skill)?.group : undefined;
    return (
      code !== undefined &&
      codeGroup !== undefined &&
      SOFTWARE.includes(codeGroup) &&
      DEVELOPER_NOUNS.includes(tokens[code.end]?.text ?? '') &&
      // "Recruit React developers": the recruiting is the work, the developers its object.
      !RECRUITING.has(tokens[hit.start]!.text)
    );
  }

  function roleOf(hit: SkillHit, next: string | null, mention: Mention): MentionRole {
    if (skillById(hit.skill)?.group === LANGUAGE_GROUP) return 'neutral';
    const begins = sentence[hit.start]!;
    const conversion = converting.has(begins) || pairs.has(hit);
    const content = skillById(hit.skill)?.group === 'writing';
    // After the skill: the worker ("Kotlin developer") or a thing handed over ("Figma designs").
    if (mention.worker) return 'work';
    if (hostsSoftware(hit)) return 'context';
    if (next !== null && QUALITY_AFTER.has(next)) return 'context';
    // The client's people ("for our SRE team", "our Kubernetes platform team"): who the work is for.
    const second = text(hit.end + 1);
    if (next !== null && (TEAMS.has(next) || (second !== null && TEAMS.has(second)))) {
      mention.servesOther = true;
      return 'context';
    }
    if (pairs.get(hit) === 'to') return 'work';
    if (conversion && next !== null && TO_MARKERS.has(next)) return 'input';
    if (leaving(hit)) return 'input';
    // The noun may be part of the name the post used for a trade ("Law **firm** website – staff photos"); an
    // industry ("Dental clinic") already counts little as the main skill by its kind.
    const skill = skillById(hit.skill);
    const field =
      (next !== null && FIELD_NOUNS.has(next)) ||
      (!!skill &&
        !industryOnly(skill) &&
        !SOFTWARE.includes(skill.group) &&
        (namesBusiness(hit, FIELD_NOUNS) || namesBusiness(hit, BUSINESS_NOUNS)));
    const handedOverNoun = next !== null && INPUT_NOUNS.has(next);
    // An existing product of the client's own, outside a migration, is where the work is done ("our existing
    // Shopify store"); the product may be part of the name the post used ("an existing React Native **app**").
    const ownCodebase = (mention.codebase || PRODUCT_NOUNS.has(tokens[hit.end - 1]!.text)) && !conversion;

    // Before the skill: the nearest marker, across determiners and other skills ("from Salesforce and HubSpot").
    let handedOver = false;
    for (let i = hit.start - 1; i >= begins && i >= hit.start - 7; i--) {
      if (hitAt.has(i)) continue;
      const word = tokens[i]!.text;
      if (HANDED_OVER.has(word)) handedOver = true;
      if (SKIP.has(word) || /^\d+$/.test(word)) continue;
      if (word === 'from' || word === 'off' || (word === 'of' && text(i - 1) === 'out')) return 'input';
      if (word === 'on' && text(i - 1) === 'based') return 'input';
      if (HAVE.has(word)) return 'input';
      if (TO_MARKERS.has(word)) return conversion ? 'work' : 'destination';
      if (word === 'for') return LOOKING.has(text(i - 1) ?? '') ? 'work' : 'context';
      if (TOPIC_MARKERS.has(word)) return 'context';
      if (TOOL_MARKERS.has(word)) {
        if (handedOverNoun) return 'input';
        // "Fix crashes **in an existing** React Native app": the product is the codebase worked in, not handed over.
        if (handedOver) return ownCodebase ? 'neutral' : 'input';
        return conversion && word === 'in' ? 'work' : 'neutral';
      }
      if (CONVERSION.has(word)) return 'input';
      // Text imported, uploaded or published ("import 60 blog posts") is moved, not written.
      if (content && (FLOW.has(word) || PUBLISH.has(word))) {
        // Unless written first: "write and publish 10 blog posts".
        const written = text(i - 1) === 'and' || text(i - 1) === 'then' ? text(i - 2) : null;
        if (written === null || !WORK_VERBS.has(written)) return 'input';
        mention.verb = written;
        return 'work';
      }
      if (WORK_VERBS.has(word)) {
        if (handedOverNoun && !CREATION_VERBS.has(word)) return 'input';
        mention.verb = word;
        return 'work';
      }
      break;
    }
    if (handedOverNoun || (handedOver && !ownCodebase)) return 'input';
    // Text named in a migration, with no verb of writing before it ("to Squarespace (25 pages, 60 blog posts)"), is moved.
    if (content && conversion) return 'input';
    if (field) return 'context';
    // Further on in a "for …" or "about …" phrase ("website copy for our distributor (Altium, KiCad)").
    if (contextFrom.has(begins) && hit.start > contextFrom.get(begins)!) return 'context';
    return 'neutral';
  }
}

/** An industry and nothing else ("Dentistry"): its kind already makes it count little as the main skill. */
const industryOnly = (skill: { kind: string | null; work: boolean }) => skill.kind === 'topic' && !skill.work;

const SOFTWARE = [
  'web-front-end',
  'web-back-end',
  'cms-ecommerce',
  'databases',
  'mobile',
  'cloud-devops',
  'data-ai',
  'games-xr',
  'blockchain',
];
/** Verbs that name a trade's work: "**Design** screens for an iOS app" asks for a designer's skill, whatever else is listed. */
const VERB_GROUPS: ReadonlyArray<[ReadonlySet<string>, readonly string[]]> = [
  [words('design designing redesign redesigning'), ['design']],
  [words('write writing rewrite ghostwrite'), ['writing']],
  [words('edit editing cut'), ['video-audio', 'writing']],
  [words('translate translating localize localise'), ['translation']],
  [words('animate animating film filming record recording'), ['video-audio']],
  [words('build building develop developing code coding program programming implement implementing debug debugging'), SOFTWARE],
  // Nouns of the worker say it too: "Real estate **assistant**" asks for an assistant.
  [words('assistant'), ['support-admin']],
  [words('recruit recruiting recruiter recruiters recruitment headhunter'), ['support-admin']],
  [words('writer writers copywriter'), ['writing']],
  [words('designer designers'), ['design']],
  [words('developer developers programmer programmers'), SOFTWARE],
  [words('editor editors'), ['video-audio', 'writing']],
  [words('bookkeeper accountant'), ['finance-legal']],
  [words('translator translators'), ['translation']],
];

/**
 * Groups whose skills a verb makes a thing worked on rather than the work: what is designed is not
 * developed ("**design** the iOS app screens"), what is built is not a creative trade's work ("**build** a
 * video editor"). Other verbs are used across trades ("write a script", "build a brand") and say nothing.
 */
const NOT_THE_WORK: ReadonlyArray<[ReadonlySet<string>, readonly string[]]> = [
  [
    words('recruit'),
    [
      ...SOFTWARE,
      'design',
      'video-audio',
      'writing',
      'translation',
      'sales-marketing',
      'finance-legal',
      'engineering',
      'quality-desktop-embedded',
      'education-other',
    ],
  ],
  [words('design designing redesign redesigning'), SOFTWARE],
  [words('build building develop developing code coding program programming'), ['design', 'video-audio', 'writing', 'translation']],
];

/** Whether a verb makes a skill of this group a thing worked on rather than the work itself. */
export function verbExcludes(verb: string, group: string): boolean {
  return NOT_THE_WORK.some(([verbs, groups]) => verbs.has(verb) && groups.includes(group));
}

/** The vocabulary groups whose work the verbs of a text (outside skill names) ask for. */
export function verbGroups(tokens: readonly Token[], hits: readonly SkillHit[]): Set<string> {
  const inHit = new Set<number>();
  for (const hit of hits) for (let i = hit.start; i < hit.end; i++) inHit.add(i);
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    if (inHit.has(i)) return;
    for (const [verbs, groups] of VERB_GROUPS) if (verbs.has(t.text)) for (const g of groups) out.add(g);
  });
  return out;
}
