import type { ConceptRule } from './concepts.data';

/**
 * The concept rules in the interface's other languages (es, pt, fr, de, id, ru, ar, hi, bn, zh): the
 * same ideas as `concepts.data.ts` (the worker pays to start or is paid back later; money that
 * reaches the worker's own account and is moved on; a person watched without knowing; someone
 * else's account entered; ratings made up; documents written as if a test took place), each
 * language's verbs and objects as its own lists. A language's rules run only on a post that holds
 * its script or its common words (`gate`), so a post in one language pays for no other's.
 *
 * Sources are lower case. JavaScript's `\b` knows only ASCII letters, so it stands only beside an
 * ASCII letter; words in other scripts are written as stems, and the rules meet within a window of
 * characters rather than a sentence. Extend a list, or add a language, with a post that raises it
 * and a legitimate one that must not in `concepts.test.ts`.
 */

const GATE = {
  es: String.raw`\b(?:el|los|las|para|que|con|una|del|por)\b`,
  pt: String.raw`\b(?:para|que|com|uma|pelo|pela)\b|\bvoc[eê]|\bn[aã]o\b`,
  fr: String.raw`\b(?:le|les|des|pour|que|avec|une|du|vous)\b`,
  de: String.raw`\b(?:der|den|dem|des|vom|und|f[uü]r|mit|eine|wir|ich|nicht|ist|sie|zu|auf)\b`,
  id: String.raw`\b(?:yang|untuk|dengan|kami|anda|kamu|sebelum|akan|di|ke|dari|sudah|tidak|ini|itu)\b`,
  ru: '[а-яё]',
  ar: '[\u0600-\u06ff]',
  hi: '[\u0900-\u097f]',
  bn: '[\u0980-\u09ff]',
  zh: '[\u4e00-\u9fff]',
} as const;

type Lang = keyof typeof GATE;

/** Per language: the worker pays (or must pay); before the work or to open/activate; paid back later. */
const WORKER_PAYS: Record<Lang, string> = {
  es: String.raw`\b(?:debes|debe|tienes que|tiene que|deber[aá]s|hay que|usted) (?:\p{L}+ )?(?:pagar|depositar|transferir|abonar)\b`,
  pt: String.raw`\b(?:precisa|deve|tem que|ter[aá] que|voc[eê]) (?:\p{L}+ )?(?:pagar|depositar|transferir)\b`,
  fr: String.raw`\b(?:vous devez|vous devrez|il faut|tu dois) (?:\p{L}+ )?(?:payer|verser|r[eé]gler|transf[eé]rer)\b`,
  de: String.raw`\b(?:sie|du) (?:m[uü]ssen|musst)\b[^.!?\n]{0,50}?(?:zahlen|bezahlen|[uü]berweisen|einzahlen)\b|\b(?:sie|du) (?:zahlst|[uü]berweist)\b|\b(?:zahlen|[uü]berweisen) sie (?:vorab|zuerst|\d)`,
  id: String.raw`\b(?:anda|kamu) (?:harus |wajib |perlu )?(?:transfer|bayar|membayar|mentransfer|setor|menyetor)\b`,
  ru: 'оплатите|внесите|переведите|нужно (?:оплатить|внести|перевести)|необходимо (?:оплатить|внести|перевести)|должны (?:оплатить|внести|перевести)',
  ar: 'يجب (?:عليك )?(?:تحويل|دفع|إيداع|ايداع)|عليك (?:تحويل|دفع|إيداع|ايداع)|ادفع|قم بتحويل',
  hi: 'जमा करने होंगे|जमा करना होगा|जमा करें|भुगतान करना होगा|भुगतान करने होंगे',
  bn: 'পাঠাতে হবে|জমা দিতে হবে|টাকা দিতে হবে|পেমেন্ট করতে হবে|জমা করতে হবে',
  zh: '(?:你|您)(?:需要|必须|要|得)?先?(?:交|缴纳|缴|支付|付|转账)|押金|会员费|激活费|入职费|培训费',
};
const TO_START: Record<Lang, string> = {
  es: String.raw`\bantes de\b|\bpara (?:empezar|comenzar|activar|recibir)\b|\bse (?:te |le )?devuelve\b|\breembols`,
  pt: String.raw`\bantes de\b|\bpara (?:come[cç]ar|ativar|receber)\b|\bdevolvid|\breembols`,
  fr: String.raw`\bavant de\b|\bpour (?:commencer|activer|recevoir)\b|\brembours`,
  de: String.raw`\bvor (?:dem |der )?(?:start|beginn|ersten)\b|\bum (?:zu )?(?:starten|beginnen)\b|\baktivier|\berstatt|\bzur[uü]ck`,
  id: String.raw`\bsebelum\b|\baktivasi\b|\bpendaftaran\b|\bdikembalikan\b|\buntuk mulai\b`,
  ru: 'до начала|перед началом|перед первым|активаци|вернём|вернем|возвращ',
  ar: 'قبل|لتفعيل|تفعيل|تسترد|تُسترد|يسترد|نعيد',
  hi: 'शुरू करने से पहले|से पहले|वापस मिल|वापस कर|लौटा',
  bn: 'শুরুর আগে|শুরু করার আগে|ফেরত',
  zh: '开始|激活|退还|返还|第一笔|之前',
};

/** Money that reaches the worker's own account or card, and is moved on. */
const TO_YOUR_ACCOUNT: Record<Lang, string> = {
  es: String.raw`\b(?:tu|su) (?:cuenta|tarjeta)(?: bancaria| personal)?\b|\ba tu nombre\b`,
  pt: String.raw`\b(?:sua|tua) conta\b|\bseu cart[aã]o\b|\bem seu nome\b`,
  fr: String.raw`\bvotre (?:compte|carte)\b|\b[aà] votre nom\b`,
  de: String.raw`\b(?:ihr|ihrem|dein|deinem|ihre|deine) (?:konto|bankkonto|karte)\b`,
  id: String.raw`\brekening (?:anda|kamu|pribadi)\b`,
  ru: 'на (?:вашу|твою) карт|на (?:ваш|твой) (?:сч[её]т|кошел)|на карту (?:на )?ваше имя',
  ar: 'حسابك|بطاقتك',
  hi: 'आपके (?:बैंक )?खाते में|आपके अकाउंट में',
  bn: 'আপনার (?:ব্যাংক )?(?:অ্যাকাউন্টে|একাউন্টে|বিকাশে)',
  zh: '(?:你|您)(?:自己)?的(?:个人)?(?:银行)?(?:账户|帐户|卡|支付宝|微信)|个人(?:银行)?(?:账户|帐户|支付宝)|自己的(?:支付宝|账户|银行卡)',
};
const MOVED_ON: Record<Lang, string> = {
  es: String.raw`\btransfier|\breenv|\bpasar(?:lo|los)? (?:a|al)\b|\bqued(?:arte|ate|a|as) con (?:un |el )?\d`,
  pt: String.raw`\brepass|\btransfer(?:ir|e|a)(?:-os|-lo)? (?:para|ao)\b|\bfique com (?:\d|o )`,
  fr: String.raw`\breverse|\btransf[eé]rez|\brenvoy|\bgardez \d`,
  de: String.raw`\bweiterleit|\bweiter[uü]berweis|\bbehalten sie \d|\bbeh[aä]ltst \d`,
  id: String.raw`\btransferkan\b|\bteruskan\b|\bkirimkan ke\b|\bpotong \d`,
  ru: 'переводите|перевести (?:их )?дальше|перешлите|отправляете|передаёте|передаете|за вычетом',
  ar: 'تحويلها|تحوّلها|تحولها|ترسلها|إرسالها|ارسالها',
  hi: 'आगे भेज|ट्रांसफर कर|भेज दें',
  bn: 'পাঠিয়ে দিতে|ট্রান্সফার কর|পাঠাবেন',
  zh: '转给|转到|汇给|转交|再转|留下\\d|扣除',
};

/** A person who must not know, and their private life. */
const SECRETLY: Record<Lang, string> = {
  es: String.raw`\bsin que (?:lo |la )?sepa\b|\bsin su (?:consentimiento|conocimiento)\b|\ba escondidas\b|\ben secreto\b`,
  pt: String.raw`\bsem (?:que )?(?:ele|ela) saiba\b|\bsem o conhecimento\b|\bescondid|\bem segredo\b`,
  fr: String.raw`\b[aà] son insu\b|\bsans qu['’](?:il|elle) le sache\b|\ben secret\b|\bsans son consentement\b`,
  de: String.raw`\bohne (?:sein|ihr|deren) wissen\b|\bheimlich\b|\bohne dass (?:er|sie) es (?:merkt|wei)`,
  id: String.raw`\btanpa sepengetahuan\b|\bdiam-diam\b|\bsecara rahasia\b`,
  ru: 'без (?:е[её]|его|их) (?:ведома|согласия|знания)|тайно|незаметно|чтобы (?:он|она|они) не (?:знал|заметил)',
  ar: 'دون علم|بدون علم|دون أن (?:يعلم|تعلم|يعرف|تعرف)|سرا|سراً|خلسة|دون أن يعلم',
  hi: 'जानकारी के बिना|बिना बताए|चुपके से|छुपकर|छिपाकर',
  bn: 'না জানিয়ে|গোপনে|অজান্তে',
  zh: '(?:她|他|对方)不知道|不让(?:她|他)知道|偷偷|秘密地',
};
const PRIVATE_LIFE: Record<Lang, string> = {
  es: String.raw`\btel[eé]fono\b|\bcelular\b|\bm[oó]vil\b|\bmensajes\b|\bwhatsapp\b|\bubicaci|\bllamadas\b|\bcuenta de\b`,
  pt: String.raw`\bcelular\b|\btelefone\b|\bmensagens\b|\bwhatsapp\b|\blocaliza|\bliga[cç][oõ]es\b|\bconta de\b`,
  fr: String.raw`\bt[eé]l[eé]phone\b|\bmessages\b|\bwhatsapp\b|\blocalisation\b|\bappels\b|\bcompte\b`,
  de: String.raw`\bhandy\b|\btelefon\b|\bnachrichten\b|\bwhatsapp\b|\bstandort\b|\banrufe\b|\bkonto\b`,
  id: String.raw`\bhp\b|\bponsel\b|\btelepon\b|\bchat\b|\bwhatsapp\b|\blokasi\b|\bakun\b`,
  ru: 'телефон|звонк|переписк|сообщени|ватсап|геолокац|аккаунт|почт',
  ar: 'هاتف|جوال|مكالمات|رسائل|محادثات|واتساب|موقع|حساب',
  hi: 'फ़ोन|फोन|कॉल|मैसेज|चैट|व्हाट्सएप|लोकेशन|रिकॉर्ड',
  bn: 'ফোন|কল|মেসেজ|চ্যাট|লোকেশন|রেকর্ড',
  zh: '手机|聊天记录|通话|位置|账户|账号|照片|短信',
};

/** Someone else's account or system entered. */
const BREAK_IN: Record<Lang, string> = {
  es: String.raw`\bhackear\b|\bentrar (?:a|en) (?:la |el |su )?(?:cuenta|servidor|base)\b|\bacceder a (?:la |su )?(?:cuenta|base)\b`,
  pt: String.raw`\bhackear\b|\binvadir\b|\bentrar na conta\b|\bacessar a conta\b`,
  fr: String.raw`\bpirater\b|\bacc[eé]der (?:[aà] son|au) compte\b|\bentrer dans (?:son|le) compte\b`,
  de: String.raw`\bhacken\b|\beinbrechen\b|\bzugang zu (?:seinem|ihrem|dem) konto\b|\bin (?:sein|ihr) konto\b`,
  id: String.raw`\bhack\b|\bbobol\b|\bmasuk ke akun\b|\bmembobol\b`,
  ru: 'взлом|взломать|получить доступ|зайти в (?:аккаунт|почт|базу|сервер)',
  ar: 'اختراق|يدخل إلى حساب|الدخول إلى حساب|تهكير',
  hi: 'हैक|अकाउंट में घुस|खाते में घुस',
  bn: 'হ্যাক|অ্যাকাউন্টে ঢুক',
  zh: '黑进|破解(?:账号|密码)|进入(?:\\p{Script=Han}{0,6})(?:账户|账号|邮箱|服务器)|盗号',
};
const NOT_THEIRS: Record<Lang, string> = {
  es: String.raw`\bde (?:otra persona|alguien|mi ex|mi pareja)\b|\bcompetencia\b|\bantigu[oa] (?:empresa|empleador)\b|\bsin que\b`,
  pt: String.raw`\bde (?:outra pessoa|algu[eé]m|minha ex|meu ex)\b|\bconcorrente\b|\bantig[oa] (?:empresa|empregador)\b|\bsem que\b`,
  fr: String.raw`\bd['’]une (?:autre )?personne\b|\bmon ex\b|\bconcurrent\b|\bancien employeur\b|\b[aà] son insu\b`,
  de: String.raw`\beiner (?:anderen )?person\b|\bmeiner ex\b|\bkonkurrent|\bfr[uü]heren (?:firma|arbeitgeber)\b|\bheimlich\b`,
  id: String.raw`\bseseorang\b|\bmantan\b|\bpesaing\b|\bkompetitor\b|\btanpa sepengetahuan\b`,
  ru: 'бывш|чуж|конкурент|девушк|жены|мужа|другого человека|не знает',
  ar: 'لشخص|شخص أعرفه|حبيبت|زوجت|زوجي|منافس|دون أن يعلم|دون علم',
  hi: 'किसी (?:और )?के|पूर्व|प्रतिद्वंदी|गर्लफ्रेंड|पत्नी|पति',
  bn: 'অন্য কারো|প্রাক্তন|প্রতিদ্বন্দ্বী|বান্ধবী|স্ত্রী|স্বামী',
  zh: '前女友|前男友|别人|他人|竞争对手|老婆|老公|不知道',
};

/** Ratings made up: reviews, and several accounts, texts handed out, or the price paid back. */
const REVIEWS: Record<Lang, string> = {
  es: String.raw`\brese[nñ]as\b|\bopiniones\b|\bvaloraciones\b|\bcomentarios\b`,
  pt: String.raw`\bavalia[cç][oõ]es\b|\bresenhas\b|\bcoment[aá]rios\b`,
  fr: String.raw`\bavis\b|\bcommentaires\b|\bnotes\b`,
  de: String.raw`\bbewertungen\b|\brezensionen\b`,
  id: String.raw`\bulasan\b|\breview\b|\brating\b|\bbintang\b`,
  ru: 'отзыв|оценк|рейтинг',
  ar: 'تقييمات|مراجعات|تعليقات',
  hi: 'रिव्यू|समीक्षा|रेटिंग',
  bn: 'রিভিউ|রেটিং',
  zh: '好评|评价|评论|五星',
};
const MADE_UP: Record<Lang, string> = {
  es: String.raw`\b(?:cuentas|perfiles) (?:diferentes|distintas|distintos)\b|\bdistintas cuentas\b|\b(?:te|les) (?:enviamos|mandamos) (?:el|los) texto|\breembols`,
  pt: String.raw`\bcontas diferentes\b|\bperfis diferentes\b|\b(?:enviamos|mandamos) (?:o|os) texto|\breembols`,
  fr: String.raw`\bcomptes diff[eé]rents\b|\bprofils diff[eé]rents\b|\bnous (?:envoyons|fournissons) (?:le|les) texte|\brembours`,
  de: String.raw`\bverschiedenen (?:konten|accounts|profilen)\b|\btexte (?:liefern|schicken) wir\b|\berstatten\b`,
  id: String.raw`\bakun (?:yang )?berbeda\b|\bbanyak akun\b|\bteks dari kami\b|\buang kembali\b`,
  ru: 'с разных (?:аккаунтов|профилей|номеров)|тексты (?:пришл[её]м|дадим)|верн[её]м деньги',
  ar: 'حسابات مختلفة|نرسل (?:لك )?النص|نعيد (?:لك )?المبلغ',
  hi: 'अलग-अलग (?:अकाउंट|खात)|अलग अलग (?:अकाउंट|खात)|टेक्स्ट हम देंगे|पैसे वापस',
  bn: 'আলাদা আলাদা অ্যাকাউন্ট|আলাদা অ্যাকাউন্ট|টাকা ফেরত',
  zh: '不同(?:的)?(?:账号|账户)|多个(?:账号|账户)|刷|返现|退款',
};

/** A document that says a test or an inspection took place that did not. */
const AS_IF: Record<Lang, string> = {
  es: String.raw`\bcomo si\b`,
  pt: String.raw`\bcomo se\b`,
  fr: String.raw`\bcomme si\b`,
  de: String.raw`\bals ob\b|\bals w[aä]re\b`,
  id: String.raw`\bseolah-olah\b|\bseakan-akan\b|\bpura-pura\b`,
  ru: 'как будто|будто бы|словно',
  ar: 'كأنه|كأنها|كما لو',
  hi: 'जैसे कि|मानो',
  bn: 'যেন|মনে হয়',
  zh: '假装|好像已经|伪造',
};
const TESTED: Record<Lang, string> = {
  es: String.raw`\bprobad|\bensayad|\binspeccionad|\bcertificad|\bauditad`,
  pt: String.raw`\btestad|\binspecionad|\bcertificad|\bauditad`,
  fr: String.raw`\btest[eé]|\binspect[eé]|\bcertifi[eé]|\baudit[eé]`,
  de: String.raw`\bgepr[uü]ft\b|\bgetestet\b|\bzertifiziert\b|\binspiziert\b`,
  id: String.raw`\bdiuji\b|\bdiperiksa\b|\bdisertifikasi\b|\bdiaudit\b|\bhasil uji\b`,
  ru: 'протестирован|проверен|испытан|сертифицирован',
  ar: 'تم اختبار|اختبر|فحص|اعتماد',
  hi: 'परीक्षण|जांच|टेस्ट किया',
  bn: 'পরীক্ষা|যাচাই',
  zh: '检测|测试|检验|认证',
};

const LANGS = Object.keys(GATE) as Lang[];

function rulesOf(lang: Lang): ConceptRule[] {
  const gate = GATE[lang];
  const c = (table: Record<Lang, string>): readonly string[] => [table[lang]];
  return [
    { code: 'upfrontFee', all: [c(WORKER_PAYS), c(TO_START)], window: 120, gate },
    { code: 'paymentHandling', all: [c(TO_YOUR_ACCOUNT), c(MOVED_ON)], window: 160, gate },
    { code: 'surveillance', all: [c(SECRETLY), c(PRIVATE_LIFE)], window: 160, gate },
    { code: 'forbiddenByTerms', all: [c(BREAK_IN), c(NOT_THEIRS)], window: 160, gate },
    { code: 'fakeEngagement', all: [c(REVIEWS), c(MADE_UP)], window: 160, gate },
    { code: 'falsifiedRecords', all: [c(AS_IF), c(TESTED)], window: 120, gate },
  ];
}

export const CONCEPT_RULES_I18N: readonly ConceptRule[] = LANGS.flatMap(rulesOf);
