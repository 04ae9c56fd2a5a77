import { ANSWERED_ANYWHERE, answerKind, defers, fold, foldScript, givesAnswer, saysYesOrNo } from './answer-forms';

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
  `what which who how when where why whom whose many much per is are do does did can could would will should have has had you your yours
  the a an of to in on for with and or if any please us we our me my it this that these those there be been about from
  also tell let know include share mention state send provide describe explain list confirm answer proposal bid
  cuál cual qué que cómo como cuándo cuando dónde tu su sus usted el la los las de del en con por para un una y o
  quel quelle quels quelles comment quand où vous votre vos le les des du un une et ou est
  qual quais quando onde você seu sua seus o os as um uma e ou é
  was wie wann wo welche welcher sie ihr ihre der die das und oder ist
  apa bagaimana kapan dimana berapa anda kamu yang dan atau
  что как когда где какой какие вы ваш ваши и или
  هل ما ماذا كيف متي اين لماذا كم هي هو انت انتم لديك لديكم عندك في من علي الي عن مع او`.split(/\s+/),
);

/** Characters of Chinese that ask rather than name ("you", "have", "which", "what", the particles). */
const HAN_FUNCTION = /[你您我们的吗呢吧是有么什哪些会用请在和或与及了过这那个多少怎样如何能可以要需对把被从给也都还就]/u;

/**
 * A question's telling words: its words of three letters or more that are not filler, folded (so
 * Arabic with or without its vowel marks reads the same) and without Arabic's article; Chinese,
 * written without spaces, by its pairs of characters that name something.
 */
function termsOf(sentence: string): string[] {
  const folded = fold(sentence);
  const words = folded.match(/[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}+#.'-]*/gu) ?? [];
  const terms: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/[.'-]+$/u, '');
    if (/\p{Script=Han}/u.test(word)) {
      for (const run of word.match(/\p{Script=Han}+/gu) ?? []) {
        const pairs = [...run.slice(1)].map((c, i) => run[i]! + c).filter((pair) => !HAN_FUNCTION.test(pair));
        // "你会用哪些库": no pair names anything, the one character that does is the term.
        terms.push(...(pairs.length > 0 ? pairs : [...run].filter((c) => !HAN_FUNCTION.test(c))));
      }
      for (const latin of word.match(/[a-z0-9][a-z0-9+#.-]*/gu) ?? []) if (latin.length >= 2) terms.push(latin);
      continue;
    }
    const bare = /^ال\p{L}{3,}/u.test(word) ? word.slice(2) : word;
    // A number ("8,000 words") is not what is asked about.
    if (bare.length >= 3 && !FILLER.has(bare) && !/^\p{N}+$/u.test(bare)) terms.push(bare);
  }
  return [...new Set(terms)];
}

/**
 * Sentences of a text: split at sentence ends (Chinese ones need no space after them, Hindi and Bengali end at "।";
 * "P.S." and "e.g." end nothing) and line breaks; list markers dropped.
 */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?؟।])(?<!\b(?:P\.S|p\.s|e\.g|i\.e|Mrs?|Dr|vs)\.)\s+|(?<=[。！？])/u)
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
    const size = (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) + (text.match(/\p{Script=Han}/gu)?.length ?? 0) / 2;
    if (terms.length === 0 || size < 3) continue;
    if (out.some((q) => q.text === text)) continue;
    out.push({ text: text.length > 200 ? `${text.slice(0, 199)}…` : text, terms });
    if (out.length === MAX_QUESTIONS) break;
  }
  return out;
}

const stemOf = (term: string) => (term.length > 5 ? term.slice(0, Math.max(4, term.length - 3)) : term);

/** A stand-in for the client's question where the letter echoes it back. */
const ECHO = '\u241E';

/** The question's own words as a letter would echo them: without its closing mark or quotes. */
const echoOf = (question: string) =>
  foldScript(question)
    .replace(/[?？؟.!。]+\s*$/u, '')
    .replace(/["“”«»„]/gu, '')
    .trim();

/** A text with the question's words, where it says them back, replaced (Chinese says in four characters what takes eight letters elsewhere). */
function echoed(text: string, echo: string, by: string): string {
  if (echo.length < (/\p{Script=Han}/u.test(echo) ? 4 : 8)) return text;
  const loose = echo
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  return text.replace(new RegExp(`${loose}[?？؟.!。]*`, 'giu'), by);
}

/**
 * Whether a letter answers a question, as a careful client would judge it: some sentence of the
 * letter addresses the question (takes up what it asks about, or follows the question echoed back)
 * and gives the kind of answer it asks for (an amount for a price, a duration for "how long", a
 * number for "how many", a named tool for "which software", a named piece of work for "a similar
 * project", a yes or a no for "do you…", substance for "how would you…"). Echoing the question,
 * mentioning its words, or putting it off ("I would confirm this with you") answers nothing. A price
 * or a duration answers wherever it stands.
 */
export function answers(letter: string, question: PostQuestion): boolean {
  const kind = answerKind(question.text);
  const echo = echoOf(question.text);
  const text = echoed(foldScript(letter), echo, ` ${ECHO}. `);
  // The letter's sentences; an echo is a sentence of its own, answered by what follows it.
  const parts = sentences(text).map((s) => (s.replace(/["“”«»„:\s]/gu, '') === `${ECHO}.` ? ECHO : s));
  const terms = (question.terms.length > 0 ? question.terms : termsOf(question.text)).map(stemOf);
  // A number counts what the question counts only beside two of its words ("10 hours a month"), not beside any one.
  const need = kind === 'count' ? Math.min(2, terms.length) : terms.length >= 4 ? 2 : 1;
  return parts.some((sentence, i) => {
    if (sentence === ECHO) return false;
    const own = sentence.split(`${ECHO}.`).join(' ');
    if (defers(own)) return false;
    const followsEcho = sentence.includes(ECHO) || (parts[i - 1]?.includes(ECHO) ?? false);
    // What the letter quotes (the post's title, the client's words) is not the letter taking the question up.
    const unquoted = fold(own.replace(/"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|„[^“\n]*“|「[^」\n]*」/gu, ' '));
    const matched = terms.filter((t) => unquoted.includes(t)).length;
    const addresses = ANSWERED_ANYWHERE.has(kind) || terms.length === 0 || followsEcho || matched >= need;
    if (!addresses || !givesAnswer(kind, own)) return false;
    // A named piece of work says yes only where it takes up what was asked, not beside one word of it.
    return kind !== 'yesNo' || followsEcho || saysYesOrNo(own) || matched >= Math.min(2, terms.length);
  });
}

/** A text's words, each Chinese character a word of its own (folded). */
const wordsOf = (text: string) => fold(text).match(/\p{Script=Han}|[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** A question asking for a link ("include a link to your GitHub profile", "comparte el enlace a tu portafolio"). */
const ASKS_LINK = /(?<![\p{L}\p{N}])(?:links?|urls?|enlaces?|liens?|ссылк\p{L}*|tautan|लिंक|লিংক)(?![\p{L}\p{N}])|رابط|链接|网址/iu;
/** A link in an answer: an address, or a site's name with its domain ("github.com/ana"). */
const HAS_LINK = /https?:\/\/|www\.|\b[\w-]+\.(?:com|io|dev|net|org|me|co|app|design|site|page)\b/iu;
/** An honest no where a link is asked for ("I have no public GitHub", "no tengo portafolio en línea"). */
const SAYS_NONE =
  /(?<![\p{L}\p{N}])(?:no|not|don't|haven't|none|never|sin|pas|aucun\p{L}*|não|nenhum|nicht|kein\p{L}*|нет|не|tidak|belum|नहीं|না)(?![\p{L}\p{N}])|لا |ليس|没有|无/iu;

/**
 * Whether an answer to one of Upwork's screening questions answers it. The answer stands beside its
 * own question, so it need not take up the question's words as a letter must; it must give the kind
 * of answer the question asks for (a duration or a date for "what is your availability", a named
 * tool for "which tools", a named piece of work for "similar projects", a yes or a no, substance for
 * "how would you…") in a sentence of its own words. An empty answer, the question said back ("My
 * availability for the next two weeks."), or one that only puts it off ("I would confirm this with
 * you") answers nothing.
 */
export function answersScreening(question: string, answer: string): boolean {
  const kind = answerKind(question);
  const asked = new Set(wordsOf(question));
  const text = echoed(foldScript(answer), echoOf(question), '. ');
  const wantsLink = ASKS_LINK.test(fold(question));
  return sentences(text).some((sentence) => {
    if (defers(sentence)) return false;
    // A link asked for is answered by one, or by an honest "I have none".
    if (wantsLink && !HAS_LINK.test(sentence) && !SAYS_NONE.test(fold(sentence))) return false;
    // What the answer says besides the question's own words ("my availability for the next two weeks"
    // names no time of its own); Chinese, whose characters the question shares, is judged whole.
    const own = sentence.replace(/[\p{L}\p{M}\p{N}]+/gu, (w) => (/\p{Script=Han}/u.test(w) || !asked.has(fold(w)) ? w : ' '));
    if (!givesAnswer(kind, own)) return false;
    const fresh = wordsOf(own).filter((w) => !asked.has(w)).length;
    return fresh >= (kind === 'open' ? 4 : 1);
  });
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
  // JavaScript's \b knows ASCII letters only: Cyrillic words are bounded by any non-letter.
  // "Ignore the previous instructions" in the other languages of the interface and German.
  String.raw`\bignor(?:a|e|ez|ar|er)\s+(?:todas\s+)?(?:las|les|as|os|toutes les)\s+(?:\p{L}+\s+)?(?:instrucciones|instructions|instruções|consignes|reglas|règles|regras)\b`,
  String.raw`\bignorier(?:e|en sie)?\s+(?:alle\s+)?(?:vorherigen\s+|bisherigen\s+|obigen\s+)?(?:anweisungen|regeln|instruktionen)\b`,
  String.raw`(?:^|[^\p{L}])игнорир(?:уй|уйте)\s+(?:все\s+)?(?:предыдущие\s+|прошлые\s+)?(?:инструкции|указания|правила)`,
  // Writers, tools or bots named as automated, and a model's name followed by its orders: "AI writers,
  // include…", "P.S. for automated writers: begin with…", "If this proposal is written by AI, …".
  String.raw`\b${MODEL}(?:[- ](?:tools?|writers?|assistants?|models?|systems?|agents?|bidders?|applicants?|generated (?:proposals?|bids?|replies)))?\s*[:,]\s*(?:please\s+)?(?:(?:always|just|now|also|then)\s+)?${VERB}\b`,
  String.raw`\b(?:automated|auto-?generated|ai[- ](?:powered|generated|written|based)|machine[- ]written|bot[- ]written)\s+(?:writers?|tools?|bots?|systems?|assistants?|bidders?|applicants?|proposals?|bids?|replies|responses?|applications?|letters?)\b[^.\n]{0,40}?[:,]?\s*(?:please\s+)?${VERB}\b`,
  String.raw`\bif (?:this|your) (?:proposal|bid|reply|response|application|letter|cover letter) (?:is|was|has been) (?:written|generated|drafted|produced|created) (?:by|with|using) (?:an? )?${MODEL}\b`,
  String.raw`\b(?:${MODEL}[- ](?:writers?|tools?|assistants?)|automated writers?) (?:must|should|need to|have to|are (?:required|asked|told) to)\s+${VERB}\b`,
  // Spanish, French, Portuguese, German, Russian: a model named as the one addressed, or the reader supposed to be one.
  String.raw`\b(?:si eres|si usted es|si es) (?:una? )?(?:ia|inteligencia artificial|bot|robot|modelo de lenguaje|chat ?gpt)(?![\p{L}])`,
  String.raw`\bsi (?:tu es|vous êtes) (?:une? )?(?:ia|intelligence artificielle|bot|robot|modèle de langage|chat ?gpt)(?![\p{L}])`,
  String.raw`\bse (?:você |tu )?(?:é|és|for|fores) (?:uma? )?(?:ia|inteligência artificial|bot|robô|robo|modelo de linguagem|chat ?gpt)(?![\p{L}])`,
  String.raw`\b(?:wenn|falls) (?:du|sie) (?:eine? )?(?:ki|künstliche intelligenz|bot|roboter|sprachmodell|chat ?gpt)(?![\p{L}])`,
  String.raw`(?:^|[^\p{L}])если (?:ты|вы) (?:—\s*)?(?:ии|бот|робот|нейросеть|языковая модель|искусственный интеллект|chat ?gpt)(?![\p{L}])`,
  String.raw`(?:^|[^\p{L}])(?:для|вниманию) (?:любого |любой )?(?:ии|бота|нейросети|языковой модели)(?![\p{L}])`,
  // Indonesian, Hindi, Bengali.
  String.raw`\b(?:jika|kalau|apabila|bila) (?:kamu|anda) (?:adalah )?(?:sebuah )?(?:ai|bot|robot|kecerdasan buatan|model bahasa)\b`,
  String.raw`\babaikan (?:semua )?(?:instruksi|perintah|aturan)(?: sebelumnya)?\b`,
  String.raw`(?:अगर|यदि) (?:आप|तुम) (?:एक )?(?:ai|एआई|बॉट|रोबोट|कृत्रिम बुद्धि\S*|भाषा मॉडल)`,
  String.raw`(?:पिछले|पहले के) (?:सभी )?(?:निर्देशों|नियमों) को (?:अनदेखा|नज़रअंदाज़|नजरअंदाज)`,
  String.raw`যদি (?:তুমি|আপনি) (?:একটি |একজন )?(?:ai|এআই|বট|রোবট|কৃত্রিম বুদ্ধিমত্তা)`,
  String.raw`(?:আগের|পূর্বের) (?:সব |সকল )?(?:নির্দেশনা|নির্দেশ|নিয়ম)\S* (?:উপেক্ষা|অগ্রাহ্য)`,
  // Arabic (read without its vowel marks): "if you are an AI / a bot / a language model", "ignore the previous instructions", "to any AI".
  String.raw`(?:اذا|ان|لو|في حال) ?(?:كنت|كنتم)\s+(?:انت\s+)?(?:مجرد\s+)?(?:ذكاء\s*اصطناعي|نموذج\s+(?:ذكاء|لغوي|لغه)|روبوت|بوت|برنامج\s+ذكاء|مساعد\s+ذكي|chat ?gpt|ai)`,
  String.raw`(?:تجاهل|انس|تخط)\S*\s+(?:جميع\s+|كل\s+)?(?:التعليمات|الاوامر|التوجيهات|القواعد)`,
  String.raw`(?:الي|لاي|ايها|يا)\s+(?:اي\s+)?(?:ذكاء\s*اصطناعي|الذكاء\s*الاصطناعي|روبوت|بوت|نموذج)`,
  // Chinese: "if you are an AI / a model", "ignore the instructions above", "AI, please…".
  String.raw`(?:如果|假如|若|要是)(?:你|您)是(?:一个|一名)?(?:ai|人工智能|机器人|chat ?gpt|gpt|语言模型|大模型|ai助手|智能助手|模型)`,
  String.raw`(?:忽略|无视|忘记|忘掉)(?:你)?(?:之前|以上|上面|前面|先前|所有|全部)?(?:的)?(?:所有)?(?:指令|指示|说明|规则|提示|要求)`,
  String.raw`(?:ai|人工智能|机器人|语言模型|大模型)(?:助手|写手)?[:：,，]\s*(?:请|必须|务必)`,
];
const INJECTION_PATTERN = new RegExp(INJECTION.join('|'), 'iu');
const ASKED_THEN = new RegExp(String.raw`\b(?:are you|you're|you are) (?:an? )?${MODEL}\?\s*(?:then|if so|if yes)\b`, 'iu');

export function instructionsToAi(post: string): string[] {
  const all = sentences(post);
  const found: string[] = [];
  all.forEach((s, i) => {
    if (INJECTION_PATTERN.test(s) || INJECTION_PATTERN.test(fold(s))) found.push(s);
    // "Are you an AI? Then start your bid with…": the question and its order are two sentences.
    else if (i > 0 && ASKED_THEN.test(`${all[i - 1]} ${s}`)) found.push(`${all[i - 1]} ${s}`);
  });
  return found.map((s) => (s.length > 200 ? `${s.slice(0, 199)}…` : s)).slice(0, 3);
}
