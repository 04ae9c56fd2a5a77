/**
 * Weak cues in a post: each is harmless alone (a real client may be in a hurry, may work with people
 * at home, may use WhatsApp), and none raises a flag by itself. `client.ts` reads them only beside a
 * client signal that is weak too (an account days old with no hire), where together they are the
 * shape of a scam. One entry per cue and language of the interface (en, es, pt, fr, de, id, ru, ar,
 * hi, bn, zh): regular-expression sources run on the lower-cased post; scripts without spaces or with
 * their own letters are written as stems, without `\b` (JavaScript's `\b` knows only ASCII letters).
 * Extend a list with a post that raises it in `client.test.ts`.
 */
export type WeakCue = 'urgency' | 'contactApp' | 'easyMoney';

export const WEAK_CUES: Readonly<Record<WeakCue, Readonly<Record<string, string>>>> = {
  /** Hurry: start now, today, no time to ask. */
  urgency: {
    en: String.raw`\burgent(?:ly)?\b|\basap\b|\bimmediately\b|\bright (?:now|away)\b|\bstart today\b|\btoday only\b`,
    es: String.raw`\burgente\b|\binmediat|\bhoy mismo\b`,
    pt: String.raw`\burgente\b|\bimediat|\bhoje mesmo\b`,
    fr: String.raw`\burgent\b|\bimmédiat|\bdès aujourd`,
    de: String.raw`\bdringend\b|\bsofort\b|\bnoch heute\b`,
    id: String.raw`\bsegera\b|\bmendesak\b|\bhari ini juga\b`,
    ru: 'срочно|немедленно|сегодня же',
    ar: 'عاجل|فورا|فوراً|حالا',
    hi: 'तुरंत|फ़ौरन|फौरन|जल्दी से',
    bn: 'জরুরি|এখনই|তাড়াতাড়ি',
    zh: '急招|急需|马上|立即|立刻',
  },
  /** A messaging app or a handle named in the post (the offPlatform flag is the request to move there). */
  contactApp: {
    en: String.raw`\btelegram\b|\bwhats ?app\b|\bwechat\b|\bviber\b|\bsignal app\b|\bline id\b|\bskype id\b|(?:^|\s)@[a-z0-9_]{4,}`,
    es: String.raw`\bmensaje directo\b`,
    pt: String.raw`\bzap\b|\bwpp\b`,
    fr: String.raw`\bwhatsapp\b`,
    de: String.raw`\bwhatsapp\b`,
    id: String.raw`\bwa\b|\bdm\b`,
    ru: 'телеграм|ватсап|вотсап|вайбер',
    ar: 'واتساب|واتس اب|تيليجرام|تلغرام',
    hi: 'व्हाट्सएप|टेलीग्राम',
    bn: 'হোয়াটসঅ্যাপ|টেলিগ্রাম|ইমো',
    zh: '微信|电报|加我',
  },
  /** Work sold as money for nothing: from home, paid daily, no experience, easy earnings. */
  easyMoney: {
    en: String.raw`\b(?:work|job|earn)\p{L}* from home\b|\bpaid daily\b|\bdaily pay(?:ment|out)?\b|\bno experience (?:needed|required)\b|\beasy (?:money|income|task)\b|\bearn (?:up to )?(?:\$|€|£|₹)\s?\d+\s?(?:per|a|/) ?day\b`,
    es: String.raw`\bdesde casa\b|\bpago diario\b|\bsin experiencia\b|\bdinero fácil\b`,
    pt: String.raw`\bde casa\b|\bem casa\b|\bpagamento diário\b|\bsem experiência\b|\bdinheiro fácil\b`,
    fr: String.raw`\bdepuis chez vous\b|\bà domicile\b|\bpaiement quotidien\b|\bsans expérience\b|\bargent facile\b`,
    de: String.raw`\bvon zu hause\b|\bheimarbeit\b|\btägliche auszahlung\b|\bohne erfahrung\b|\bleichtes geld\b`,
    id: String.raw`\bdari rumah\b|\bgaji harian\b|\bdibayar harian\b|\btanpa pengalaman\b|\buang mudah\b`,
    ru: 'на дому|из дома|ежедневн[а-я]* выплат|оплата каждый день|без опыта|лёгкий заработок|легкий заработок',
    ar: 'من المنزل|من البيت|دفع يومي|بدون خبرة|ربح سهل',
    hi: 'घर से|घर बैठे|रोज़ाना भुगतान|रोजाना भुगतान|बिना अनुभव',
    bn: 'বাড়ি থেকে|ঘরে বসে|দৈনিক পেমেন্ট|অভিজ্ঞতা ছাড়া',
    zh: '在家|日结|无需经验|轻松赚',
  },
};
