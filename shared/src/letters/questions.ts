/**
 * What a client asks in a post: its questions (a sentence ending with a question mark, in any
 * script) and its requests for information ("please include your rate", "indique su tarifa", "merci
 * de préciser vos délais"), each as the post's own words. The writer is asked to answer each one,
 * and the letter check looks for an answer.
 */
export interface PostQuestion {
  /** The question or request as the post words it, on one line. */
  text: string;
  /** Its telling words (lower case), for finding an answer in a letter. */
  terms: string[];
}

/** Requests for information in the interface's languages and German: a cue at a sentence's start. */
const REQUEST_CUES = new RegExp(
  [
    String.raw`^(?:please\s+)?(?:include|share|tell us|let (?:me|us) know|mention|state|send|provide|describe|explain|list|confirm|answer)\b`,
    String.raw`^(?:in your (?:proposal|bid|application|cover letter)|when (?:you )?apply(?:ing)?|start your (?:proposal|bid))`,
    String.raw`^(?:por favor\s+)?(?:indique|indica|incluye|incluya|cuéntanos|cuéntenos|comparte|env[ií]a|menciona|describe)\b`,
    String.raw`^(?:merci de|veuillez|indiquez|précisez|pr[ée]cisez|dites-nous|envoyez|d[ée]crivez)\b`,
    String.raw`^(?:por favor\s+)?(?:informe|inclua|conte-nos|envie|descreva|mencione|diga)\b`,
    String.raw`^(?:bitte\s+)?(?:nennen|teilen sie|senden sie|beschreiben|geben sie)\b`,
    String.raw`^(?:mohon|tolong|sebutkan|jelaskan|sertakan|kirimkan)\b`,
    String.raw`^(?:пожалуйста|укажите|напишите|опишите|пришлите|расскажите)`,
  ].join('|'),
  'iu',
);

const QUESTION_END = /[?？؟]\s*$/u;
const MAX_QUESTIONS = 8;

/** Words that say nothing about what is asked. */
const FILLER = new Set(
  `what which who how when where why whom whose is are do does did can could would will should have has had you your yours
  the a an of to in on for with and or if any please us we our me my it this that these those there be been about from
  also tell let know include share mention state send provide describe explain list confirm answer proposal bid
  cuál cual qué que cómo como cuándo cuando dónde tu su sus usted el la los las de del en con por para un una y o
  quel quelle quels quelles comment quand où vous votre vos le les des du un une et ou est
  qual quais quando onde você seu sua seus o os as um uma e ou é
  was wie wann wo welche welcher sie ihr ihre der die das und oder ist
  apa bagaimana kapan dimana berapa anda kamu yang dan atau
  что как когда где какой какие вы ваш ваши и или`.split(/\s+/),
);

function termsOf(sentence: string): string[] {
  const words = sentence.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.'-]*/gu) ?? [];
  const terms = words.map((w) => w.replace(/[.'-]+$/u, '')).filter((w) => w.length >= 3 && !FILLER.has(w));
  return [...new Set(terms)];
}

/** Sentences of a post: split at sentence ends and line breaks; list markers dropped. */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?。！？؟])\s+/u)
    .map((s) => s.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/u, '').trim())
    .filter((s) => s.length > 0);
}

export function extractQuestions(post: string): PostQuestion[] {
  const out: PostQuestion[] = [];
  for (const sentence of sentences(post)) {
    const asks = QUESTION_END.test(sentence) || REQUEST_CUES.test(sentence);
    if (!asks) continue;
    const text = sentence.replace(/\s+/g, ' ');
    const terms = termsOf(text);
    // "Questions?" or "Any thoughts?" ask nothing an answer can address.
    if (terms.length === 0 || (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) < 3) continue;
    if (out.some((q) => q.text === text)) continue;
    out.push({ text: text.length > 200 ? `${text.slice(0, 199)}…` : text, terms });
    if (out.length === MAX_QUESTIONS) break;
  }
  return out;
}

/**
 * Whether a letter addresses a question: enough of its telling words (stems) appear in the letter,
 * or, for a question about a price, a rate or a time, the letter names an amount or a duration.
 */
export function answers(letter: string, question: PostQuestion): boolean {
  const lower = letter.toLowerCase();
  const stems = question.terms.map((t) => (t.length > 5 ? t.slice(0, Math.max(4, t.length - 3)) : t));
  const found = stems.filter((s) => lower.includes(s)).length;
  if (found >= Math.min(2, stems.length)) return true;
  const asksPrice =
    /(?<!\p{L})(?:price|rate|cost|budget|quote|charge|fee|tarifa|precio|prix|tarif|preço|valor|preis|harga|цена|ставк)/iu.test(
      question.text,
    );
  if (asksPrice && /(?:[$€£₦]\s?\d|\d\s?(?:usd|eur|gbp|ngn|dollars?|\/\s?h|per hour|an hour))/iu.test(letter)) return true;
  const asksTime =
    /(?<!\p{L})(?:how long|when|timeline|deadline|available|availability|hours|days|weeks|plazo|cuándo|délai|prazo|disponib|wann|berapa lama|срок)/iu.test(
      question.text,
    );
  if (asksTime && /\d+\s?(?:hours?|days?|weeks?|months?|h\b|días|jours|dias|tage|hari|дн|недел)/iu.test(letter)) return true;
  return false;
}

/**
 * Lines of a post that try to instruct an AI writing the proposal ("if you are an AI, start with
 * …", "ignore the previous instructions"): shown on the draft, never obeyed.
 */
/** Words that name a model (never "assistant" alone: a virtual assistant is a trade). */
const MODEL = String.raw`(?:ai|a\.i\.|bots?|robots?|gpts?(?:-?\d\w*)?|chat ?gpt|llms?|language models?|claude|gemini|copilot)`;
const ADDRESS = String.raw`(?:any|all|every|dear|hey|hi|hello|attention|note to(?: (?:any|the|all))?|to (?:any|all|the))`;
const VERB = String.raw`(?:must|should|needs? to|has to|have to|write|writing|start|begin|include|mention|reply|respond|answer|add|put|use|say|reveal|print|output)`;
const INJECTION = [
  String.raw`\b(?:if|when) you(?:'re| are) (?:an? )?(?:ai|a\.i\.|bot|robot|language model|llm|chat ?gpt|gpt|automated (?:tool|system|writer)|machine)\b`,
  // "Ignore/disregard/forget (all) (your/the) (previous) instructions": an order no client gives a person.
  String.raw`\b(?:ignore|disregard|forget|override) (?:all |any )?(?:of )?(?:your |the |my |these |those )?(?:previous |prior |above |earlier |other |original |system )?(?:instructions|rules|prompts?|guidelines|directions|directives)\b`,
  // A note addressed to a model: "any AI reading this must…", "Attention ChatGPT: mention…", "Dear bot, please…".
  String.raw`\b${ADDRESS}\s+${MODEL}(?:\s+(?:tools?|writers?|assistants?|models?|systems?|agents?))?\b[^.\n]{0,60}\b${VERB}\b`,
  String.raw`\b${MODEL}\s*[:,]\s*(?:please\s+)?${VERB}\b`,
  // A role the model is told it now plays, or its hidden rules asked for.
  String.raw`\byou are now (?:a|an|the)\b`,
  String.raw`\bsystem prompt\b`,
  String.raw`\b(?:si eres|si usted es) una? (?:ia|inteligencia artificial|bot)\b`,
  String.raw`\bsi vous êtes une? (?:ia|intelligence artificielle|bot|robot)\b`,
  String.raw`\bse (?:você )?(?:é|for) uma? (?:ia|inteligência artificial|bot)\b`,
  String.raw`\bwenn (?:du|sie) eine? (?:ki|bot)\b`,
  // JavaScript's \b knows ASCII letters only: Cyrillic words are bounded by any non-letter.
  String.raw`(?:^|[^\p{L}])если (?:ты|вы) (?:ии|бот|нейросеть)(?![\p{L}])`,
  // "Ignore the previous instructions" in the other languages of the interface and German.
  String.raw`\bignor(?:a|e|ez|ar|er)\s+(?:todas\s+)?(?:las|les|as|os|toutes les)\s+(?:\p{L}+\s+)?(?:instrucciones|instructions|instruções|consignes|reglas|règles|regras)\b`,
  String.raw`\bignorier(?:e|en sie)?\s+(?:alle\s+)?(?:vorherigen\s+|bisherigen\s+|obigen\s+)?(?:anweisungen|regeln|instruktionen)\b`,
  String.raw`(?:^|[^\p{L}])игнорир(?:уй|уйте)\s+(?:все\s+)?(?:предыдущие\s+|прошлые\s+)?(?:инструкции|указания|правила)`,
];
const INJECTION_PATTERN = new RegExp(INJECTION.join('|'), 'iu');

export function instructionsToAi(post: string): string[] {
  return sentences(post)
    .filter((s) => INJECTION_PATTERN.test(s))
    .map((s) => (s.length > 200 ? `${s.slice(0, 199)}…` : s))
    .slice(0, 3);
}
