/**
 * The forms of a question and of an answer, in the interface's ten languages and German: what kind
 * of answer a question asks for ("how much" wants an amount, "which software" a named tool, "a
 * similar project" a named piece of work, "are you available" a yes or a no), and whether a sentence
 * of a letter gives that kind of answer or only puts it off ("I would confirm this with you").
 * Pure text reading for `answers` (questions.ts); no linguistics beyond what a careful reader checks.
 */

/** What a question asks for. */
export type AnswerKind = 'price' | 'duration' | 'count' | 'example' | 'tool' | 'yesNo' | 'open';

/** Lower case, one space, Arabic without its vowel marks and with one alef (so "ذكاءً" reads as "ذكاء"). */
export function fold(text: string): string {
  return foldScript(text).toLowerCase();
}

/** `fold` keeping the case (a capital tells a name). */
export function foldScript(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u064B-\u065F\u0670\u0640]/gu, '')
    .replace(/[أإآ]/gu, 'ا')
    .replace(/ة/gu, 'ه')
    .replace(/ى/gu, 'ي')
    .replace(/[’‘`]/gu, "'")
    .replace(/\s+/gu, ' ');
}

/** A pattern of whole words: JavaScript's \b knows ASCII letters only, so words are bounded by any non-letter. */
const words = (alternatives: string) => String.raw`(?<![\p{L}\p{M}\p{N}])(?:${alternatives})(?![\p{L}\p{M}\p{N}])`;
/** Word starts (a stem and whatever ending follows it). */
const stems = (alternatives: string) => String.raw`(?<![\p{L}\p{M}\p{N}])(?:${alternatives})`;
/** Han and Arabic-script cues are matched anywhere (Chinese has no spaces; Arabic glues on prefixes). */
const anywhere = (alternatives: string) => `(?:${alternatives})`;

const PRICE = new RegExp(
  [
    words(
      'price|prices|pricing|rate|rates|cost|costs|fee|fees|quote|charge|budget|how much (?:do|would|will) (?:you|it)|precio|precios|tarifa|tarifas|costo|coste|presupuesto|cobra|cobras|cobraría|prix|tarif|tarifs|coût|coûts|cout|devis|combien (?:coûte|facturez|demandez|prenez)|preço|preços|preco|valor|custo|orçamento|quanto (?:custa|cobra)|preis|preise|stundensatz|kosten|angebot|honorar|was kostet|wie viel kostet|harga|biaya|anggaran|कीमत|शुल्क|बजट|दाम|দাম|মূল্য|রেট|খরচ|বাজেট',
    ),
    stems('цен|стоимост|ставк|бюджет|сколько стоит|сколько возьм'),
    anywhere('سعر|تكلف|ميزاني|تتقاضي|كم تطلب|报价|价格|费用|收费|多少钱|预算|单价'),
  ].join('|'),
  'iu',
);

const DURATION = new RegExp(
  [
    stems(
      'how long|how soon|how fast|how quickly|how much time|when (?:can|could|would) you|timeline|deadline|turnaround|time ?frame|lead time|availability|available|cuánto tiempo|cuanto tiempo|plazo|cuándo|disponib|délai|delai|quand|durée|combien de temps|quanto tempo|prazo|quando|wie lange|wann|zeitrahmen|verfügbar|dauer|bis wann|сколько времени|срок|когда|как долго|как быстро|berapa lama|kapan|कब तक|कितना समय|কত দিন|কবে',
    ),
    anywhere('مده|متي|كم من الوقت|الوقت المطلوب|多久|多长时间|几天|什么时候|何时|工期|周期|交付时间'),
  ].join('|'),
  'iu',
);

const COUNT = new RegExp(
  [
    stems('how many|how much|cuántos|cuántas|cuantos|cuantas|combien|quantos|quantas|wie viele|wie viel|сколько|berapa|कितन|কত'),
    anywhere('كم|多少|几'),
  ].join('|'),
  'iu',
);

const EXAMPLE = new RegExp(
  [
    words(
      'similar|similarly|comparable|portfolio|samples?|examples?|case stud\\p{L}*|previous work|past work|links? to|show us|projects? you (?:did|built|have done|made|worked)|results? (?:you|have you)|achieved|portafolio|ejemplos?|muestras?|trabajos anteriores|resultados|similaire|exemples?|références|réalisations|semelhante|portfólio|exemplos?|amostras?|trabalhos anteriores|ähnlich\\p{L}*|beispiel\\p{L}*|referenz\\p{L}*|arbeitsprobe\\p{L}*|портфолио|пример\\p{L}*|похож\\p{L}*|аналогичн\\p{L}*|portofolio|contoh|serupa|पोर्टफोलियो|उदाहरण|नमून[\\p{L}\\p{M}]*|পোর্টফোলিও|উদাহরণ|নমুনা',
    ),
    anywhere('اعمال سابق|اعمالك|معرض|مثال|امثله|مشابه|作品|案例|类似|样本|样品|样稿'),
  ].join('|'),
  'iu',
);

/** Experience asked about openly ("what experience do you have in…"): answered by a named piece of work, as an example is. */
const EXPERIENCE = new RegExp(
  [stems('experience|experiencia|expérience|experiência|erfahrung|опыт|pengalaman|अनुभव|অভিজ্ঞতা'), anywhere('خبر|经验|经历')].join('|'),
  'iu',
);

const TOOL_NOUN = [
  stems(
    'software|tools?|librar|frameworks?|stack|platforms?|themes?|plugins?|page builders?|builders?|fonts?|typefaces?|cms|crm|editors?|programs?|providers?|formats?|orchestrators?|herramientas?|programas?|librer|bibliotecas?|plataformas?|temas?|plantillas?|fuentes?|formatos?|logiciels?|outils?|biblioth|plateformes?|thèmes?|polices?|ferramentas?|fontes?|werkzeug|programme?|bibliothek|plattform|anbieter|zahlungsanbieter|formate?|программ|инструмент|библиотек|фреймворк|сервис|платформ|perangkat|alat|aplikasi|सॉफ़्टवेयर|सॉफ्टवेयर|टूल|সফটওয়্যার|টুল',
  ),
  anywhere('برنامج|برامج|اداه|ادوات|مكتبه|منصه|软件|工具|库|框架|平台|字体|格式|插件'),
].join('|');
const WHICH = [
  words(
    'which|what|qué|que|cuál|cuáles|cual|quel|quelle|quels|quelles|qual|quais|welche|welcher|welches|welchen|was für|какой|какие|какими|каким|какую|apa|कौन|कौनसा|কোন',
  ),
  anywhere('哪|什么|أي|اي |ما '),
].join('|');
const TOOL = new RegExp(`(?:${WHICH}).*(?:${TOOL_NOUN})|(?:${TOOL_NOUN}).*(?:${WHICH})`, 'iu');

/** A question to be answered yes or no: an auxiliary first, an interrogative particle, or Arabic "هل". */
const YES_NO = new RegExp(
  [
    String.raw`^(?:and |also |so |but )?(?:do|does|did|have|has|had|are|is|was|were|can|could|will|would|may|should)\s`,
    String.raw`^¿(?!\s*(?:qué|que|cuál|cual|cuáles|cómo|como|cuándo|cuando|dónde|donde|cuánto|cuanto|cuánta|cuántos|cuántas|por qué|quién|quien|en qué|de qué|con qué|para qué|a qué))`,
    String.raw`^(?:você|vocês|voce|o senhor|a senhora|tem|possui|pode|consegue|já)\s`,
    String.raw`^(?:est-ce que|avez-vous|êtes-vous|pouvez-vous|savez-vous|travaillez-vous|utilisez-vous|as-tu|es-tu|peux-tu|sais-tu)`,
    String.raw`^(?:haben|hast|habt|sind|bist|können|kannst|könnten|arbeiten|arbeitest|nutzen|nutzt|kennen|kennst|waren|wären|würden|würdest)\s`,
    String.raw`(?:^|\s)ли(?:\s|[?？]|$)|^(?:у вас|у тебя|вы|ты|есть|можете|можешь)\s`,
    String.raw`^هل`,
    String.raw`吗[?？]?$|有没有|能不能|会不会|是不是|是否|可不可以|可否`,
    String.raw`^apakah\s|\p{L}+kah\s`,
    String.raw`^क्या\s`,
    String.raw`(?:কি|কী)[?？]?$`,
  ].join('|'),
  'iu',
);

/** What a question asks for, from its own words (the first form that fits, the most specific first). */
export function answerKind(question: string): AnswerKind {
  const q = fold(question).trim();
  if (PRICE.test(q)) return 'price';
  if (EXAMPLE.test(q)) return 'example';
  // "Are you available on Monday?" is answered by a yes as well as by a date.
  if (YES_NO.test(q)) return 'yesNo';
  if (DURATION.test(q)) return 'duration';
  if (TOOL.test(q)) return 'tool';
  if (COUNT.test(q)) return 'count';
  if (EXPERIENCE.test(q)) return 'example';
  return 'open';
}

const CURRENCY = String.raw`(?:r\$|us\$|[$€£₦₹¥₽]|(?<![a-z])(?:usd|eur|gbp|ngn|inr|aud|cad|brl|mxn|cny|rmb|jpy|chf|aed|sar|rub|idr|bdt|dollars?|euros?|dólares|dolares|reais|rupees?|рубл\p{L}*|долл\p{L}*|rp|tk|৳)(?![a-z]))|美元|元|دولار|ريال|جنيه|درهم`;
const MONEY = new RegExp(String.raw`${CURRENCY}\s?\p{Nd}|\p{Nd}[\p{Nd},.]*\s?${CURRENCY}`, 'iu');
/** A number with what it counts per (a rate without a currency: "12 cents a word", "20 per hour"). */
const RATE = new RegExp(
  String.raw`\p{Nd}[\p{Nd},.]*\s?(?:%|x\b|per\b|an? (?:hour|word|article|page|month|day)|/\s?\p{L}|por\b|par\b|pro\b|la hora|por hora|à l'heure|de l'heure|in der stunde|за\s|в час|每|في الساعه|شهريا|per jam|प्रति|প্রতি)`,
  'iu',
);

const NUMBER_WORDS = words(
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a dozen|half|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|quince|veinte|treinta|media|deux|trois|quatre|cinq|sept|huit|neuf|dix|quinze|vingt|trente|demi|dois|duas|três|quatro|sete|oito|nove|dez|vinte|trinta|meia|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwanzig|dreißig|halbe?|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|двадцать|тридцать|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|दो|तीन|चार|पांच|पाँच|छह|सात|आठ|नौ|दस|বিশ|দুই|তিন|চার|পাঁচ|ছয়|সাত|আট|নয়|দশ|اثنان|اثنين|ثلاث|ثلاثه|اربع|اربعه|خمس|خمسه|ست|سته|سبع|ثماني|تسع|عشر|عشره|عشرين|ثلاثين',
);
const HAN_NUMBER = /[一二两三四五六七八九十百千万半]/u;

/** A number, in digits or in words. */
export function hasNumber(text: string): boolean {
  return /\p{Nd}/u.test(text) || new RegExp(NUMBER_WORDS, 'iu').test(text) || HAN_NUMBER.test(text);
}

const TIME_UNIT = String.raw`(?:hours?|hrs?|h|days?|weeks?|months?|minutes?|mins?|business days?|working days?|horas?|d[ií]as|semanas?|mes(?:es)?|heures?|jours?|semaines?|mois|stunden?|std|tagen?|tage|wochen?|monate?n?|minuten?|час\p{L}*|дн\p{L}*|день|недел\p{L}*|месяц\p{L}*|jam|hari|minggu|bulan|घंटे|घंटा|दिन|सप्ताह|हफ्ते|महीने|ঘণ্টা|দিন|সপ্তাহ|মাস|ساعه|ساعات|يوم|ايام|اسبوع|اسابيع|شهر|اشهر|小时|天|周|星期|个月|月)`;
const DURATION_ANSWER = new RegExp(
  [
    String.raw`(?:\p{Nd}+(?:[.,]\p{Nd}+)?|${NUMBER_WORDS}|[一二两三四五六七八九十半]+)\s?(?:-\s?\p{Nd}+\s?)?(?:to\s\p{Nd}+\s)?(?:full |business |working |calendar )?${TIME_UNIT}(?![\p{L}])`,
    words(
      "today|tomorrow|immediately|right away|straight away|this week|next week|monday|tuesday|wednesday|thursday|friday|hoy|mañana|inmediatamente|de inmediato|esta semana|lunes|aujourd'hui|demain|immédiatement|tout de suite|cette semaine|lundi|hoje|amanhã|imediatamente|esta semana|segunda-feira|heute|morgen|sofort|diese woche|montag|сегодня|завтра|сразу|немедленно|на этой неделе|hari ini|besok|segera|आज|कल|तुरंत|আজ|কাল|এখনই",
    ),
    anywhere('اليوم|غدا|فورا|حالا|今天|明天|立即|马上|立刻|本周|下周'),
  ].join('|'),
  'iu',
);

/** Words a yes-or-no answer holds: a yes, a no, a negation, or the freelancer saying what they have or do. */
const YES_NO_ANSWER = new RegExp(
  [
    words(
      "yes|yeah|yep|no|not|never|i (?:have|had|did|do|am|can|use|used|work|worked|know|run|ran|built|shipped|'ve|'m)|i've|i'm|i can|absolutely|certainly|of course|sí|si|tengo|he|puedo|estoy|soy|trabajo|uso|usé|nunca|claro|oui|non|j'ai|je peux|je suis|je travaille|j'utilise|jamais|bien sûr|tout à fait|sim|não|nao|tenho|posso|estou|sou|trabalho|uso|já|nunca|claro|ja|nein|ich habe|ich kann|ich bin|ich arbeite|ich nutze|nicht|noch nie|natürlich|да|нет|не|у меня есть|я могу|я работал\\p{L}*|я делал\\p{L}*|конечно|имею|ya|tidak|belum|saya (?:punya|bisa|sudah|pernah|memiliki)|tentu|हाँ|हां|नहीं|मेरे पास|मैं कर सकत\\p{L}*|मैंने|হ্যাঁ|না|আমার আছে|আমি পারি|আমি করেছি",
    ),
    anywhere('نعم|لدي|عندي|استطيع|يمكنني|عملت|بالتاكيد|لم |ليس|是的|有|没有|可以|能|会|做过|用过|当然|不'),
  ].join('|'),
  'iu',
);

/** The freelancer saying what they did: a first-person past ("I built…", "j'ai réalisé…", "做过"). */
const DID = new RegExp(
  [
    words(
      "i (?:built|made|wrote|designed|created|developed|delivered|ran|migrated|shipped|led|translated|edited|produced|managed|launched|integrated|grew|cut|raised|increased|reduced|helped)|i've (?:built|made|written|designed|created|developed|delivered|run|migrated|shipped|led|translated|edited|produced|managed|launched|integrated|done|worked)|hice|construí|diseñé|desarrollé|escribí|creé|traduje|gestioné|logré|conseguí|he (?:hecho|creado|diseñado|desarrollado|escrito|traducido|gestionado|logrado|conseguido|trabajado)|j'ai (?:fait|créé|conçu|développé|écrit|réalisé|traduit|construit|géré|travaillé|obtenu)|fiz|criei|desenvolvi|construí|escrevi|traduzi|projetei|gerenciei|consegui|habe (?:\\p{L}+ ){0,4}(?:ge\\p{L}+t|\\p{L}+iert|geschrieben)|сделал\\p{L}*|создал\\p{L}*|разработал\\p{L}*|написал\\p{L}*|перевел\\p{L}*|перевёл\\p{L}*|делал\\p{L}*|membuat|mengerjakan|mengembangkan|merancang|मैंने|আমি (?:\\p{L}+ )?করেছি",
    ),
    anywhere('صممت|انجزت|طورت|عملت|انشات|كتبت|ترجمت|ادرت|做过|完成过|开发过|设计过|翻译过|负责过|参与过|曾'),
  ].join('|'),
  'iu',
);

/** A sentence that puts the answer off instead of giving it ("I would confirm this with you"). */
const DEFERS = new RegExp(
  [
    words(
      "(?:i|we)(?:'d| would| will|'ll| can)? (?:like to |want to |need to )?(?:confirm|check|clarify|discuss|get back|follow up|ask)|to be confirmed|tbd|tbc|let's discuss|happy to discuss|can discuss|confirmarlo|confirmar|por confirmar|lo hablamos|confirmer|à confirmer|en discuter|a confirmar|conversar sobre|bestätigen|abklären|klären|besprechen|уточн\\p{L}*|подтверд\\p{L}*|обсуд\\p{L}*|konfirmasi|diskusikan|पुष्टि|চূড়ান্ত|নিশ্চিত",
    ),
    anywhere('اؤكد|تاكيد|ساتاكد|نناقش|مناقشه|确认|再议|商量|讨论后'),
  ].join('|'),
  'iu',
);

export function defers(sentence: string): boolean {
  return DEFERS.test(fold(sentence));
}

/** A link, or a name: a capitalised word inside a sentence, an acronym, or a Latin-script word in a letter of another script. */
function namesSomething(sentence: string): boolean {
  if (/https?:\/\/|www\./iu.test(sentence)) return true;
  const latin = sentence.match(/[A-Za-z][\w.+#-]*/gu) ?? [];
  const otherScript = /[\p{Script=Han}\p{Script=Arabic}\p{Script=Cyrillic}\p{Script=Devanagari}\p{Script=Bengali}]/u.test(sentence);
  if (otherScript && latin.some((w) => w.length >= 2)) return true;
  const tokens = sentence.split(/\s+/u).filter(Boolean);
  return tokens.some((raw, i) => {
    const word = raw.replace(/^[("'“«„]+|[)"'”»:;,.!?]+$/gu, '');
    // "I", and a currency's code beside a price, name nothing.
    if (
      word.length < 2 ||
      /^(?:I|I'm|I've|I'd|I'll|OK|USD|EUR|GBP|NGN|INR|AUD|CAD|BRL|MXN|CNY|RMB|JPY|CHF|AED|SAR|RUB|IDR|BDT)$/u.test(word)
    )
      return false;
    if (/^\p{Lu}{2,}\p{Ll}?$|[\p{Ll}\p{Nd}][\p{Lu}]|\p{L}[.+#]\p{L}/u.test(word)) return true;
    // A capital after the sentence's first word (and not after a colon) is a name.
    return i > 0 && /^\p{Lu}/u.test(word) && !/[:.!?]$/u.test(tokens[i - 1]!);
  });
}

/** A yes, a no, or the freelancer saying what they have or did. */
export function saysYesOrNo(sentence: string): boolean {
  const s = fold(sentence);
  return YES_NO_ANSWER.test(s) || DID.test(s);
}

/** Whether a sentence gives the kind of answer the question asks for. */
export function givesAnswer(kind: AnswerKind, sentence: string): boolean {
  const s = fold(sentence);
  switch (kind) {
    case 'price':
      return MONEY.test(s) || RATE.test(s);
    case 'duration':
      return DURATION_ANSWER.test(s);
    case 'count':
      return hasNumber(s);
    case 'tool':
      return namesSomething(sentence);
    case 'example':
      return namesSomething(sentence) || DID.test(s) || RATE.test(s) || /[“"«„「][^"”»“」]{3,}["”»“」]/u.test(sentence);
    case 'yesNo':
      // "Ledgerly: built the dashboard with role-based access" says yes by naming the work.
      return YES_NO_ANSWER.test(s) || DID.test(s) || namesSomething(sentence);
    case 'open':
      return (s.match(/[\p{L}\p{M}\p{N}]+/gu)?.length ?? 0) >= 4 || /[\p{Script=Han}]{8,}/u.test(s);
  }
}

/** Price and duration answers are plain wherever they stand ("USD 200 fixed", "in 3 weeks"); the others must address the question. */
export const ANSWERED_ANYWHERE: ReadonlySet<AnswerKind> = new Set(['price', 'duration']);
