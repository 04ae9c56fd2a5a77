import type { RiskCode } from '../../schemas/job';

/**
 * The words that raise a red flag, per flag and language: regular-expression sources matched
 * case-insensitively (Unicode) on a post's title and description. A phrase should be telling on its
 * own: "fee" alone is every budget; "pay a registration fee to start" is a scam. Extend a list by
 * adding a phrase and a test in `phrases.test.ts` with a post that raises it and one that must not.
 *
 * Conventions: `G` (below) is "a few more words of the same sentence"; Latin-script phrases may use
 * `\b` next to ASCII letters only (JavaScript's `\b` does not know "é" or Cyrillic); other scripts
 * use `S` / `E` (a word's start and end in any script) or none. A hit is dropped when its clause
 * says no right before it (`NEGATIONS`: "do not contact me on WhatsApp") or when an excuse of its
 * family is in the same sentence or post (`RISK_EXCUSES`: "the test task is paid").
 */
export type PhraseCode = Exclude<RiskCode, 'scopeOverBudget' | 'pricePerItemLow' | 'clientRisk'>;

/** Up to `n` more characters of the same sentence. */
const G = (n: number) => String.raw`[^.!?;\n。！？；।]{0,${n}}`;
/** A word's start and end in any script. */
const S = String.raw`(?<![\p{L}\p{M}\p{N}])`;
const E = String.raw`(?![\p{L}\p{M}\p{N}])`;

/** Platforms a client may ask to move the conversation to. */
const CHAT = String.raw`(?:whats\s?app|telegram|skype|signal|wechat|viber|discord|email|e-mail|gmail|hangouts|google chat|instagram|facebook messenger|messenger|kik)`;
/** Consumer services whose accounts are made in bulk. */
const SERVICES = String.raw`(?:gmail|google|yahoo|outlook|hotmail|facebook|fb|instagram|ig|tiktok|twitter|reddit|amazon|paypal|stripe|cash ?app|venmo|telegram|whatsapp|discord|snapchat|linkedin|google voice|apple id|etsy|ebay|shopee|tokopedia|upwork|fiverr|freelancer|binance|coinbase|spotify|twitch|youtube|tinder|bumble|quora|pinterest)`;

export const RISK_PHRASES: Record<PhraseCode, Readonly<Record<string, readonly string[]>>> = {
  upfrontFee: {
    en: [
      String.raw`(?<!\b(?:we|i|client|company|we'd|i'd|we'll|i'll)\s)\b(?:must|need to|have to|required to)\s+(?:first\s+)?(?:pay|purchase|buy|invest)\b${G(40)}(?:\$|€|£|usd|\bfee|\bkit|\blicen[cs]e|\bcertification|\btraining|\bcourse|\bpackage|\btool|\bmembership|\baccess|\bdeposit)`,
      String.raw`\b(?:buy|purchase|pay for)\s+our\s+(?:[\p{L}-]+\s+){0,3}?(?:tool|licen[cs]e|kit|course|training|package|certification|software|leads?|membership)\b${G(40)}(?:\$|€|£|\bto\s+(?:start|begin|join|get started|earn|receive))`,
      String.raw`\b(?:complete|take|pass)\s+our\s+(?:[\p{L}-]+\s+){0,3}?(?:certification|training|course|program(?:me)?)\b${G(20)}(?:\$|€|£|paid via|fee)`,
      String.raw`\bpay\b${G(30)}\bwith\s+your\s+(?:own\s+)?(?:card|credit card|money|funds)\b`,
      String.raw`\b(?:pay|send|deposit)\b${G(40)}\b(?:registration|joining|starter|training|activation|onboarding|membership|application|enrol(?:l?ment)|verification|processing|listing|certification|access|(?<!%\s?)platform)\s+(?:fee|charge|cost|kit)`,
      String.raw`\b(?:refundable|small|one[- ]time)\s+(?:registration|joining|starter|activation|security|processing)\s+(?:fee|deposit)`,
      String.raw`\byou\s+(?:must|need to|have to|will need to|are required to|should|will)\s+(?:first\s+)?(?:pay|deposit|purchase|buy|invest)\b${G(30)}\b(?:fee|deposit|starter kit|membership|training (?:course|program(?:me)?|package)|software licen[cs]e|work kit)`,
      String.raw`\b(?:fee|deposit)\s+(?:is\s+)?(?:required|needed)\s+(?:to|before you)\s+(?:start|begin|join|register|get started|receive (?:the )?(?:work|tasks))`,
      String.raw`(?:\$|€|£)\s?\d+(?:[.,]\d+)?\s+(?:one[- ]time\s+|refundable\s+)?(?:registration|joining|starter|activation|onboarding|membership|enrol(?:l?ment)|verification|listing|certification|access|setup|set-up)\s+(?:fee|charge|cost|payment)`,
      String.raw`\byou\s+(?:first\s+)?(?:pay|deposit|send)\s+(?:us\s+)?(?:only\s+|just\s+)?(?:a\s+)?(?:\$|€|£)\s?\d+(?:[.,]\d+)?\s+(?:for\s+(?:the\s+)?)?(?:setup|set-up|registration|activation|onboarding|access|training|starter|membership|to\s+(?:start|begin|join|get started))`,
      String.raw`\b(?:upfront|up-front|advance|initial|entry)\s+(?:payment|fee|deposit)\s+(?:of\s+(?:\$|€|£)\s?\d+(?:[.,]\d+)?\s+)?(?:is\s+)?(?:required|needed|due)\b${G(30)}\b(?:before|to)\s+(?:you\s+)?(?:start|begin|join|get|receive)`,
    ],
    es: [
      String.raw`\b(?:compra|compras|paga|pagas|cubre|cubres|abona|abonas)\b${G(80)}\b(?:reembols\p{L}*|devuelv\p{L}*|devuelt\p{L}*)${G(30)}\bprimer (?:pago|sueldo|salario|cobro)\b`,
      String.raw`\b(?:pagar|pague|pagas|abonar|depositar)\b${G(30)}\b(?:cuota|tarifa|costo|pago|matr[ií]cula) (?:de )?(?:inscripci[oó]n|registro|activaci[oó]n|membres[ií]a|capacitaci[oó]n)`,
      String.raw`\b(?:pagar|abonar|depositar|transferir)\b${G(30)}\bde\s+(?:inscripci[oó]n|registro|activaci[oó]n|alta)\b`,
    ],
    pt: [
      String.raw`\b(?:compra|paga|cobre|arca)\b${G(80)}\b(?:reembols\p{L}*|devolvid\p{L}*|devolv\p{L}*)${G(30)}\bprimeiro (?:pagamento|sal[aá]rio)`,
      String.raw`\b(?:pagar|pague|depositar|paga)\b${G(30)}\b(?:taxa|tarifa) de (?:inscri[cç][aã]o|cadastro|registro|ativa[cç][aã]o|ades[aã]o|treinamento)`,
    ],
    fr: [
      String.raw`\b(?:ach[eè]te|paie|paye|r[eè]gle|avance)\b${G(80)}\brembours\p{L}*${G(30)}\bpremi(?:er|[eè]re) (?:paiement|salaire|paie|virement)\b`,
      String.raw`\b(?:payer|verser|r[ée]gler|payez)\b${G(30)}\b(?:frais|droits) (?:d['’]inscription|d['’]adh[ée]sion|d['’]activation|de dossier|de formation)`,
    ],
    de: [
      String.raw`\b(?:zahlen|zahlt|kaufen|kauft|tragen|tr[äa]gt)\b${G(80)}\bmit (?:dem|der) ersten (?:Gehalt|Auszahlung|Zahlung|Lohn)${G(20)}(?:\berstattet|zur[üu]ckgezahlt|\bverrechnet)`,
      String.raw`\b(?:Anmelde|Registrierungs|Aktivierungs|Einschreibe|Aufnahme|Bearbeitungs|Schulungs)geb[üu]hr`,
    ],
    ru: [
      String.raw`(?:оплат|заплат|внест|внес|перевест|перевед)\p{L}*${G(30)}(?:регистрационн|вступительн|страхов|гарантийн)\p{L}*\s+(?:взнос|плат|сбор|депозит)`,
      String.raw`${S}вступительн\p{L}*\s+взнос`,
    ],
    zh: [String.raw`(?:支付|缴纳|先交|交纳|付|交)[^。！？\n]{0,10}(?:注册费|入会费|押金|保证金|培训费|激活费|会员费|报名费)`],
    hi: [
      String.raw`(?:रजिस्ट्रेशन|पंजीकरण|सदस्यता|एक्टिवेशन|सिक्योरिटी|प्रशिक्षण|ट्रेनिंग)\s*(?:शुल्क|फीस|फ़ीस|डिपॉजिट)${G(25)}(?:जमा|भुगतान|देनी|देना|दें|देने)`,
    ],
    bn: [String.raw`(?:রেজিস্ট্রেশন|নিবন্ধন|সদস্য|জামানত|প্রশিক্ষণ|ট্রেনিং)\s*(?:ফি|ফী)${G(25)}(?:জমা|পরিশোধ|দিতে|দিন|দিবেন)`],
    ar: [String.raw`(?:دفع|ادفع|تدفع|إيداع|سداد)${G(20)}(?:رسوم|رسم)\s*(?:ال)?(?:تسجيل|اشتراك|تفعيل|عضوية|تدريب)`],
    id: [
      String.raw`\b(?:bayar|membayar|transfer|setor|menyetor)\b${G(30)}\b(?:biaya|uang)\s+(?:pendaftaran|registrasi|aktivasi|admin|jaminan|deposit|pelatihan)`,
    ],
  },
  paymentHandling: {
    en: [
      String.raw`\b(?:receive|accept)\b${G(50)}\bat\s+your\s+(?:home\s+)?(?:address|home|place|house)\b${G(60)}\b(?:forward|send them|ship them)`,
      String.raw`\b(?:receive|accept|collect|process)\s+(?:[\p{L}-]+\s+){0,2}?(?:payments?|funds|money|transfers?|deposits?|wires?|refunds)\b${G(25)}\b(?:into|to|on|in|through|via|with|from)\s+your\s+(?:own\s+|personal\s+|private\s+)?(?:bank\s+)?(?:account|paypal|wallet|cash ?app|zelle|venmo)`,
      String.raw`\b(?:refunds?|payments?|transactions|transfers|purchases)\s+(?:from|through|via|using)\s+your\s+(?:own\s+|personal\s+)?(?:paypal|bank account|cash ?app|zelle|venmo)\b|\bfrom\s+your\s+own\s+(?:paypal|bank account|cash ?app|card|ad account)\b`,
      String.raw`\bcashier'?s\s+(?:cheque|check)\b|\bgift ?card\s+codes?\b|\bsend\p{L}*\b${G(40)}\b(?:as|in)\s+(?:\p{L}+\s+)?gift ?cards\b`,
      String.raw`\b(?:forward|transfer|send|pass)\p{L}*\b${G(80)}\b(?:keep|keeping)\s+(?:\d+\s?%|\$\s?\d+)|\bkeep(?:ing)?\s+(?:\d+\s?%|\$\s?\d+)${G(80)}\b(?:forward|transfer|send)\p{L}*\s+(?:the\s+)?(?:rest|remainder|balance)`,
      String.raw`\b(?:payment|financial|finance|funds?|money)\s+(?:agent|representative|receiver|collector|handler|mule)s?\b`,
      String.raw`\b(?:receive|accept|collect|process)\s+(?:the\s+)?(?:payments?|funds|money|transfers?|deposits?|wires?)\b${G(25)}\b(?:into|to|on|in|through|via|with)\s+your\s+(?:own\s+|personal\s+|private\s+)?(?:bank\s+)?(?:account|paypal|wallet|cash ?app|zelle|venmo)`,
      String.raw`\b(?:use|provide|lend|rent|share)\s+your\s+(?:own\s+|personal\s+)?(?:bank account|paypal account|cash ?app|zelle|venmo)`,
      String.raw`\b(?:deposit|cash|mobile[- ]deposit)\s+(?:the|a|this|our|my)\s+(?:cheque|check)\b`,
      String.raw`\b(?:send|mail)\s+you\s+a\s+(?:cheque|check)\b`,
      String.raw`\b(?:buy|purchase|get)\b${G(30)}\b(?:gift ?cards?|itunes cards?|steam cards?|google play cards?|apple cards?|amazon cards?|vanilla cards?)`,
      String.raw`\b(?:reship(?:p?(?:ing|er|ed))?|package forwarding agent|parcel forwarding agent)\b`,
      String.raw`\bre-shipping\b`,
      String.raw`\b(?:receive|accept)\s+(?:the\s+)?(?:packages|parcels|shipments|deliveries)\s+(?:at|to)\s+your\s+(?:home|address|place|house)`,
      String.raw`\bmoney\s+(?:laundering|mule)\b`,
      String.raw`\b(?:stripe|paypal|payoneer|wise|bank|merchant|payments?|shopify payments|cash ?app|venmo|zelle|crypto|exchange|binance|coinbase|amazon seller|ad)\s+accounts?\s+(?:in|under|on)\s+(?:your|his|her)\s+(?:own\s+|real\s+)?name\b`,
      String.raw`\b(?:payouts?|payments?|funds|money|transfers?|deposits?|proceeds)\s+(?:will\s+)?(?:arrive|land|come|go|are paid|are sent|get paid)\s+(?:in|into|to)\s+your\s+(?:own\s+|personal\s+)?(?:bank|account|paypal|wallet)\b${G(60)}\b(?:transfer|send|forward|wire|pass)\p{L}*`,
    ],
    es: [
      String.raw`\b(?:dinero|pagos?|fondos|transferencias?|importes?)\b${G(40)}\b(?:a|en) tu (?:propia )?cuenta\b${G(80)}\b(?:env[ií]\p{L}*|transfier\p{L}*|transferir\p{L}*|reenv[ií]\p{L}*|mand\p{L}*|pas(?:a|as|ar)\b)`,
      String.raw`\bagente (?:de pagos|financiero)\b`,
      String.raw`\brecibir (?:pagos|dinero|transferencias|fondos)\b${G(20)}\ben tu (?:propia )?cuenta`,
      String.raw`\b(?:comprar|compra)\b${G(20)}\btarjetas? de regalo`,
      String.raw`\breenv[ií]\p{L}* (?:de )?paquetes`,
      String.raw`\bcobrar (?:un|el|este) cheque`,
      String.raw`\bcuenta\s+(?:bancaria\s+|de\s+(?:paypal|stripe|payoneer|banco|wise)\s+)?a\s+(?:tu|su)\s+nombre\b`,
    ],
    pt: [
      String.raw`\b(?:dinheiro|pagamentos?|fundos|transfer[eê]ncias?|valores)\b${G(40)}\b(?:na|para a|em) sua (?:pr[oó]pria )?conta\b${G(80)}\b(?:repass\p{L}*|transfer\p{L}*|envi\p{L}*|mand\p{L}*)`,
      String.raw`\bagente (?:de pagamentos?|financeiro)\b`,
      String.raw`\breceber (?:pagamentos|dinheiro|transfer[eê]ncias|fundos)\b${G(20)}\bna sua (?:pr[oó]pria )?conta`,
      String.raw`\b(?:comprar|compre)\b${G(20)}\bcart(?:[aã]o|[oõ]es) (?:de )?presente`,
      String.raw`\breenvi\p{L}* (?:de )?(?:pacotes|encomendas)`,
      String.raw`\bdepositar (?:o|um|este) cheque`,
      String.raw`\bconta\s+(?:banc[aá]ria\s+|d[oe]\s+(?:paypal|stripe|payoneer|banco|wise)\s+)?(?:em|no)\s+(?:seu|teu)\s+nome\b`,
    ],
    fr: [
      String.raw`\b(?:argent|paiements?|fonds|virements?|sommes?)\b${G(40)}\bsur (?:votre|ton) (?:propre )?compte\b${G(80)}\b(?:revers\p{L}*|transf[ée]r\p{L}*|envo\p{L}*|vir(?:ez|er|es)\b)`,
      String.raw`\bagent (?:de paiement|financier)\b`,
      String.raw`\brecevoir (?:des )?(?:paiements|virements|fonds)\b${G(20)}\bsur (?:votre|ton) (?:propre )?compte`,
      String.raw`\bacheter\b${G(20)}\bcartes?[- ]cadeaux?`,
      String.raw`\br[ée]exp[ée]di\p{L}* (?:des |les )?colis`,
      String.raw`\bencaisser (?:un|le|ce) ch[eè]que`,
      String.raw`\bcompte\s+(?:bancaire\s+|paypal\s+|stripe\s+)?[àa]\s+(?:votre|ton)\s+nom\b`,
    ],
    de: [
      String.raw`(?:\bGeld|\bZahlungen|\bBetr[äa]ge|[ÜU]berweisungen)\b${G(40)}\bauf (?:Ihr|dein|Ihrem|deinem) (?:eigenes |privates |eigenen |privaten )?(?:Bank)?konto\b${G(80)}(?:[üu]berweis\p{L}*|\bweiterleit\p{L}*|\bsenden)`,
      String.raw`\b(?:Zahlungs|Finanz)agent(?:en|in)?\b`,
      String.raw`\bGeldkurier`,
      String.raw`\bZahlungen\b${G(20)}\bauf (?:Ihr|dein|Ihrem|deinem) (?:eigenes |privates |eigenen |privaten )?(?:Bank)?konto`,
      String.raw`\bPakete\b${G(20)}\b(?:annehmen|weiterleiten|umpacken|weiterversenden)`,
      String.raw`\b(?:Geschenk|Gutschein)karten\b${G(20)}\bkaufen`,
      String.raw`\b(?:paypal|bank|stripe|payoneer|wise|händler|zahlungs)[- ]?konto\b${G(20)}\bauf\s+(?:ihren|deinen)\s+namen`,
    ],
    ru: [
      String.raw`(?:платёжн|платежн|финансов)\p{L}*\s+агент`,
      String.raw`(?:принимать|получать|принять|получить)\s+(?:платежи|переводы|деньги|средства)${G(20)}на\s+(?:свою|вашу|твою|собственную|личную)\s+(?:банковскую\s+)?(?:карт|счёт|счет)`,
      String.raw`(?:купить|покупать|купите)${G(20)}подарочн\p{L}*\s+карт`,
      String.raw`(?:переотправк|пересылк|переупаковк)\p{L}*\s+(?:посыл|товар|паке)`,
      String.raw`${S}обналич`,
      String.raw`(?:сч[её]т|карт\p{L}*|кошел[её]к|аккаунт)\s+(?:\p{L}+\s+){0,2}?на\s+(?:ваше|тво[её]|сво[её])\s+имя`,
    ],
    zh: [
      String.raw`收款代理|代收(?:款|货款|包裹)|用你的(?:个人)?(?:银行)?(?:账户|帐户)(?:接收|收款|收钱)|购买(?:\S{0,4})?礼品卡|转寄包裹|兑现支票|洗钱`,
      String.raw`(?:用|以)你(?:的)?(?:名字|名义|身份)(?:\S{0,4})?(?:开|注册|申请)(?:\S{0,4})?(?:账户|帐户|账号|户)`,
    ],
    hi: [
      String.raw`(?:भुगतान|पेमेंट)\s*एजेंट`,
      String.raw`अपने\s*(?:बैंक\s*)?खाते\s*में\s*(?:पैसे|भुगतान|रकम|पेमेंट)`,
      String.raw`गिफ्ट\s*कार्ड\s*(?:खरीद)`,
      String.raw`(?:आपके|अपने)\s*नाम\s*(?:पर|से)\s*(?:बैंक\s*)?(?:खाता|अकाउंट)`,
    ],
    bn: [
      String.raw`পেমেন্ট\s*এজেন্ট`,
      String.raw`আপনার\s*(?:ব্যাংক\s*)?(?:অ্যাকাউন্টে|একাউন্টে)\s*(?:টাকা|পেমেন্ট)`,
      String.raw`গিফট\s*কার্ড\s*কিন`,
    ],
    ar: [
      String.raw`وكيل\s+(?:دفع|مدفوعات|مالي)`,
      String.raw`(?:استلام|استقبال)\s+(?:الأموال|المدفوعات|التحويلات|الاموال)${G(20)}حسابك`,
      String.raw`(?:شراء|اشتر)${G(15)}بطاقات?\s+(?:ال)?هدايا`,
      String.raw`إعادة\s+شحن\s+(?:ال)?طرود`,
      String.raw`حساب${G(20)}باسمك`,
    ],
    id: [
      String.raw`\bagen pembayaran\b`,
      String.raw`\bmenerima (?:pembayaran|uang|transfer|dana)\b${G(15)}\b(?:ke|di) rekening (?:anda|pribadi|kamu|sendiri)`,
      String.raw`\bbeli\p{L}*\b${G(15)}\b(?:kartu hadiah|gift ?card|voucher google play)`,
      String.raw`\bmeneruskan paket\b`,
      String.raw`\b(?:rekening|akun)\b${G(20)}\batas\s+nama\s+(?:anda|kamu|sendiri|pribadi)\b`,
    ],
  },
  unpaidWork: {
    en: [
      String.raw`\bfree\s+(?:[\p{L}-]+\s+){0,2}?(?:audit|article|design|logo|mockup|strategy|plan|analysis|model|dashboard|video|edit|translation)\s+as\s+a\s+(?:test|trial|sample)\b`,
      // Not the tests a developer writes ("unit tests are not paid separately": they are part of the price).
      String.raw`(?<!\b(?:unit|integration|automated|e2e|end-to-end|regression|load|smoke|ui|api|acceptance|snapshot|component)[- ])\b(?:tests?|trials?|samples?|auditions?)\s*(?:tasks?|projects?|articles?|assignments?|work)?\s+(?:is|are|will be)\s+(?:unpaid|not paid(?!\s+(?:separately|extra|on top|apart))|free of charge|without pay(?:ment)?|not compensated)`,
      String.raw`\bonly\s+the\s+(?:winning|winner|best|chosen|selected)\s+(?:\p{L}+\s+)?(?:will\s+be|gets?|is)\s+paid\b|\bno\s+payment\s+for\s+(?:the\s+)?(?:other|losing|unselected|rejected)\s+(?:entries|designs|submissions|concepts)`,
      String.raw`\bbest\s+(?:design|designer|entry|submission|proposal|sample|model|one|work|audit|article|logo|concept|mockup|pitch|solution|strategy)\s+(?:gets?|wins?|will get)\s+(?:the\s+)?(?:contract|job|hired|paid|project)`,
      String.raw`\((?:unpaid|not paid|free)\)|\bfree\s+(?:trial|test|sample)\s+(?:article|logo|translation|task|chapter)s?\b|\bno\s+pay(?:ment)?\s+for\s+(?:the\s+)?(?:trial|test|sample|audition)s?\b|\bas\s+a\s+(?:test|trial)\s*\(\s*(?:unpaid|free|not paid)`,
      String.raw`\bunpaid\s+(?:test|trial|sample|task|assignment|take[- ]home|project|work|pilot|internship)`,
      String.raw`\b(?:do|complete|write|submit|make|build|create|design|send|provide|edit|translate)\s+(?:us\s+|me\s+)?(?:a\s+|an\s+|one\s+|the\s+|your\s+)?(?:short\s+|small\s+|quick\s+)?(?:(?:free|unpaid|no[- ]pay)\s+(?:test|sample|article|logo|task|edit|translation|mockup)|(?:unpaid|no[- ]pay)\s+(?:trial|design|video|page|project))`,
      String.raw`(?<!\b(?:unit|integration|automated|e2e|end-to-end|regression|load|smoke|ui|api|acceptance|snapshot|component)[- ])\b(?:test|trial|sample)\s*(?:task|project|article|assignment|work)?\s+(?:is|will be)\s+(?:unpaid|not paid(?!\s+(?:separately|extra|on top|apart))|free of charge|without pay(?:ment)?|not compensated)`,
      String.raw`\b(?:will not|won't|do not|don't)\s+(?:be\s+)?pay(?:ing)?\s+for\s+(?:the\s+|this\s+|your\s+)?(?:test|trial|sample)`,
      String.raw`\b(?:complete|finish|build|do|pass|submit)\b${G(60)}\bto get (?:hired|the (?:job|contract))\b`,
      // The work itself as the audition: nothing paid for what does not pass, or built in place of an interview.
      String.raw`\bno\s+pay(?:ment)?\s+for\s+(?:\p{L}+\s+){0,2}?(?:submissions?|entries|solutions?|attempts?|builds?|versions?)\s+(?:that|which)\s+(?:do(?:n't|n’t|\s+not)\s+pass|fail)`,
      String.raw`\binstead\s+of\s+(?:an?\s+)?(?:interviews?|hiring calls?|calls?)\b${G(20)}\b(?:candidates|applicants|freelancers|you)\s+(?:will\s+)?(?:build|complete|write|deliver|do|create|design|develop)\b`,
    ],
    es: [
      String.raw`\b(?:prueba|muestra|tarea|test|trabajo de prueba)s?\s+(?:no remunerad[ao]s?|sin pago|sin remuneraci[oó]n|gratuit[ao]s?|gratis)`,
    ],
    pt: [
      String.raw`\b(?:teste|amostra|tarefa|trabalho de teste)s?\s+(?:n[aã]o remunerad[ao]s?|n[aã]o pag[ao]s?|gratuit[ao]s?|gr[aá]tis|sem pagamento)`,
    ],
    fr: [String.raw`\b(?:test|essai|[ée]chantillon|t[aâ]che)s?\s+(?:non r[ée]mun[ée]r|non pay|gratuit)\p{L}*`],
    de: [
      String.raw`\b(?:unbezahlte|kostenlose|unverg[üu]tete)[nrs]?\s+(?:Test|Probe)\p{L}*`,
      String.raw`\b(?:Probearbeit|Testaufgabe|Probeauftrag|Probetext)\b${G(20)}\b(?:unbezahlt|nicht bezahlt|nicht verg[üu]tet|kostenlos)`,
    ],
    ru: [
      String.raw`(?:бесплатн|неоплачиваем)\p{L}*\s+(?:тестов\p{L}*\s+)?(?:задани|тест|образ|стажировк|пробн)\p{L}*`,
      String.raw`тестовое\s+задание${G(15)}(?:не\s+оплачивается|бесплатно|без\s+оплаты)`,
    ],
    zh: [
      String.raw`(?:免费|无偿|不付费|没有报酬)(?:的)?(?:试稿|测试|试用|样稿|试做|试译)|(?:试稿|测试任务|试译|样稿)(?:是)?(?:免费|无偿|不付费|没有报酬)`,
    ],
    hi: [String.raw`(?:मुफ्त|मुफ़्त|बिना\s*भुगतान|अवैतनिक|फ्री)\s*(?:के\s*)?(?:टेस्ट|परीक्षण|सैंपल|नमूना|ट्रायल)`],
    bn: [String.raw`(?:ফ্রি|বিনামূল্যে|অবৈতনিক|পেমেন্ট\s*ছাড়া)\s*(?:টেস্ট|পরীক্ষা|স্যাম্পল|নমুনা|ট্রায়াল)`],
    ar: [String.raw`(?:اختبار|تجربة|عينة|مهمة)\s+(?:مجاني|مجانية|غير\s+مدفوع|غير\s+مدفوعة|بدون\s+أجر|بدون\s+مقابل)`],
    id: [String.raw`\b(?:tes|test|uji coba|sampel|contoh|tugas)\s+(?:gratis|tidak dibayar|tanpa bayaran|tanpa dibayar|unpaid)\b`],
  },
  offPlatform: {
    en: [
      String.raw`\b(?:telegram|skype|signal|wechat|discord|kik|whats\s?app)\s*(?:only\s+)?[:\-]?\s*@[\w.]{3,}`,
      String.raw`\b(?:write|share|send|include|leave|give|put)\s+(?:us\s+|me\s+)?your\s+(?:phone|mobile|whats\s?app|telegram|skype|email|contact)\b`,
      String.raw`\b(?:continue|discuss|talk)\s+(?:\p{L}+\s+){0,2}?(?:on|via|over|in)\s+(?:whats\s?app|telegram|skype|signal|wechat|viber|discord|kik|email)\b`,
      String.raw`\bpay\s+outside\b|\b(?:pay|payment|paid)\b${G(30)}\b(?:for|to get|to save|to avoid)\s+(?:lower|less|fewer|no|the)\s+(?:platform\s+|upwork\s+|freelancer\s+)?fees\b`,
      String.raw`\b(?:do not|don't|won't|will not)\s+(?:read|check|answer|reply to)\s+(?:\p{L}+\s+)?(?:messages|chats?|bids)\s+(?:here|on\s+(?:upwork|freelancer|the platform|this site))`,
      String.raw`\b(?:contact|message|text|reach|add|call|ping|dm|email|hit)\s+(?:me|us)\b${G(30)}\b(?:on|via|at|through|in|over|by)\s+${CHAT}\b`,
      String.raw`\b(?:my|our)\s+(?:whats\s?app|telegram|skype|signal|wechat|viber|phone|mobile|cell|contact)(?:\s+(?:number|no\.?|id|handle|username))?\s*(?:is|:|-)\s*[+@(]?\d?[\w.@+()-]{5,}`,
      String.raw`\b(?:whats\s?app|telegram|call|text|wa)\s*(?:me|us)?\s*(?:at|on|:)\s*\+?\d[\d\s().-]{7,}\d`,
      String.raw`\b(?:send|email|mail)\s+(?:your|me|us|the)\s+(?:cv|resume|portfolio|proposal|details|samples?|application|contact|rate)s?\b${G(30)}\b(?:to|at)\s+[\w.+-]+@[\w-]+\.[\w.]+`,
      String.raw`\b(?:contact|reach|email|write to)\s+(?:me|us)\s+(?:directly\s+)?(?:at|on|via)\s+[\w.+-]+@[\w-]+\.[\w.]+`,
      String.raw`\b(?:pay|payment|paid|communicat\p{L}*|work)\b${G(30)}\b(?:outside|off)\s+(?:of\s+)?(?:the\s+)?(?:upwork|freelancer|platform|site|website)`,
      String.raw`\b(?:avoid|skip|save|bypass|dodge)\s+(?:the\s+)?(?:upwork|freelancer|platform|site)(?:'s|’s)?\s+(?:fees?|commission)`,
      String.raw`\b(?:explain|discuss|share|send|give|tell)\s+(?:you\s+)?(?:everything|all|the details|details|the task|the brief|more|the rest)\s+(?:on|via|over|in|through)\s+${CHAT}\b`,
      String.raw`\b(?:upwork|freelancer|the platform|this (?:site|platform))\s+(?:is\s+)?(?:only|just)\s+(?:for\s+)?(?:the\s+)?(?:first|initial)\s+contact\b`,
      String.raw`\b(?:pay|payment|paid)\b${G(30)}\b(?:usdt|crypto|bitcoin|btc|eth|usdc)\b${G(10)}\bto\s+(?:avoid|save|skip|dodge)\s+(?:the\s+)?(?:\p{L}+\s+)?fees\b`,
    ],
    es: [
      String.raw`\b(?:cont[aá]cta(?:me|nos)|escr[ií]be(?:me|nos)|env[ií]a(?:me|nos)|m[aá]nda(?:me|nos)|agr[eé]ga(?:me|nos)|ll[aá]ma(?:me|nos))\b${G(30)}\b(?:por|en|v[ií]a|al)\s+${CHAT}\b`,
      String.raw`\bpago\s+fuera\s+de\s+(?:la plataforma|upwork|freelancer)`,
    ],
    pt: [
      String.raw`\b(?:me chame|me chama|entre em contato|fale comigo|me mande|chama|me add|me adicione|mande mensagem)\b${G(30)}\b(?:no|pelo|via|por|ao)\s+(?:zap|${CHAT})\b`,
      String.raw`\bpagamento\s+fora\s+da\s+plataforma`,
    ],
    fr: [
      String.raw`\b(?:contactez|[ée]crivez|envoyez|ajoutez|appelez)[- ](?:moi|nous)\b${G(30)}\b(?:sur|par|via)\s+${CHAT}\b`,
      String.raw`\bpaiement\s+(?:en\s+)?dehors\s+de\s+la\s+plateforme`,
    ],
    de: [
      String.raw`\b(?:kontaktier|schreib|meld|ruf)\p{L}*\s+(?:mich|uns|Sie\s+sich|dich)\b${G(30)}\b(?:[üu]ber|per|auf|via|bei)\s+${CHAT}\b`,
      String.raw`\bZahlung\s+au(?:ß|ss)erhalb\s+der\s+Plattform`,
    ],
    ru: [
      String.raw`(?:пишите|напишите|свяжитесь|связаться|звоните|добавьте|стучите|пиши)${G(30)}(?:в|на|через|по)\s+(?:whats\s?app|ватсап|вотсап|телеграм\p{L}*|телегу|telegram|скайп\p{L}*|skype|почт\p{L}*|e-?mail|viber|вайбер)`,
      String.raw`оплат\p{L}*\s+(?:вне|мимо|в\s+обход)\s+(?:платформы|биржи|сайта|upwork|freelancer)`,
    ],
    zh: [
      String.raw`(?:加我|联系我|添加|私聊|加一下)[^。！？\n]{0,8}(?:微信|whats\s?app|telegram|电报|skype|QQ|邮箱)|(?:微信号?|whatsapp|telegram|电报)\s*(?:号|：|:)\s*\S|平台外(?:付款|支付|交易|沟通)|(?:绕过|避开)平台`,
    ],
    hi: [
      String.raw`(?:व्हाट्सएप|व्हाट्सऐप|whatsapp|टेलीग्राम|telegram|ईमेल|स्काइप)\s*(?:पर|से)\s*(?:संपर्क|मैसेज|मेसेज|बात|कॉल)`,
      String.raw`प्लेटफॉर्म\s*के\s*बाहर\s*(?:भुगतान|पेमेंट)`,
    ],
    bn: [
      String.raw`(?:হোয়াটসঅ্যাপ|whatsapp|টেলিগ্রাম|telegram|ইমেইল|ইমো)\s*(?:এ|তে|-এ)?\s*(?:যোগাযোগ|মেসেজ|নক)`,
      String.raw`প্ল্যাটফর্মের\s*বাইরে\s*(?:পেমেন্ট|লেনদেন)`,
    ],
    ar: [
      String.raw`(?:تواصل|راسل|اتصل|راسلني|تواصلوا|كلمني)\p{L}*\s*(?:معي|معنا)?\s*(?:عبر|على|في|من\s+خلال)\s*(?:ال)?(?:واتساب|واتس|تيليجرام|تلغرام|تليجرام|سكايب|بريد|ايميل|إيميل)`,
      String.raw`(?:الدفع|التعامل)\s+خارج\s+(?:ال)?منصة`,
    ],
    id: [
      String.raw`\b(?:hubungi|kontak|chat|japri|wa)\s*(?:saya|kami|aku)?\b${G(30)}\b(?:via|di|lewat|ke|melalui)\s+(?:whats\s?app|wa|telegram|tele|skype|email)\b`,
      String.raw`\b(?:bayar|pembayaran)\s+di\s+luar\s+(?:platform|upwork|freelancer)`,
    ],
  },
  fakeEngagement: {
    en: [
      String.raw`\b(?:post|write|leave|give|buy|drop)\s+(?:\p{L}+\s+){0,2}?(?:5|five)[- ]star\s+(?:google\s+|app\s+)?(?:reviews|ratings)`,
      String.raw`\b(?:reviews?|ratings?|followers|likes|comments|posts)\b${G(40)}\bso\s+(?:it|they)\s+looks?\s+(?:natural|organic|real|genuine|legit)`,
      String.raw`\b(?:realistic|fake|real[- ]looking)\s+(?:[\p{L}/-]+\s+){0,2}?(?:reviews?|testimonials?|review screenshots|followers|respondents|survey responses)`,
      String.raw`\b(?:write|post|leave|give)\s+(?:\d[\d,]*\s+)?(?:[\p{L}-]+\s+){0,2}?reviews?\s+(?:for|of|about)\s+(?:our|my)\b${G(40)}\bon\s+(?:g2|trustpilot|capterra|google|yelp|amazon|tripadvisor|app ?store|play ?store|google play|the app store)\b`,
      String.raw`\btestimonials?\b${G(30)}\b(?:different|multiple|various)\s+(?:voices|accounts|names|people)`,
      String.raw`\b(?:click\s+farms?|smm\s+panels?|engagement\s+pods?|view\s+bots?|like\s+bots?|follower\s+bots?|ctr\s+manipulation|volume\s+bots?|wash[- ]trading\s+bots?)\b|\b(?:panel|pods?)\s+or\s+bots?\b|\bbots?\s+or\s+(?:a\s+)?(?:click farm|panel)`,
      String.raw`\b(?:bought|purchased)\s+(?:followers|connections|likes|subscribers|reviews|views)\b`,
      String.raw`\bfake\s+(?:reviews?|ratings?|testimonials?|followers|likes|votes|engagement|comments|downloads|installs|streams|views|subscribers)`,
      String.raw`\b(?:write|post|leave|give|buy|get|need|generate|want|deliver|provide|drop)\b${G(25)}\b\d[\d,.]*k?\s+(?:(?:5|five)[- ]star|positive|genuine[- ]looking|google|amazon|trustpilot|yelp|app ?store|play ?store|tripadvisor|g2|capterra)\s+(?:app\s+|product\s+|business\s+)?(?:reviews|ratings)`,
      String.raw`\b(?:buy|purchase|sell|boost)\s+(?:\S+\s+){0,3}?(?:followers|likes|subscribers|upvotes|votes|streams|plays|reviews|ratings|connections|watch hours|retweets)\b`,
      String.raw`\b(?:reviews?|ratings?|upvotes?|votes|likes)\b${G(40)}\bfrom\s+(?:different|multiple|unique|many|separate)\s+(?:accounts|ips?|ip addresses|devices|profiles|emails)`,
      String.raw`\b(?:vote|voting)\s+(?:for|on)\s+(?:our|my)\b${G(30)}\b(?:contest|competition|poll|entry|award)`,
      String.raw`\breview\s+(?:exchange|swap)s?\b`,
      String.raw`\b(?:reviews?|testimonials?|ratings?|comments)\b${G(40)}\b(?:fake|made[- ]up|invented|fictional|fictitious|random|different)\s+(?:names|customers|buyers|identities|profiles|personas)\b`,
      String.raw`\b(?:reviews?|testimonials?|ratings?|followers|likes|wishlists|upvotes)\b${G(80)}\bso\s+(?:that\s+)?(?:our|the|my|it|they)\s*(?:new\s+)?(?:store|shop|business|page|profile|app|game|channel|listing|brand|company|product|account)?\s+(?:looks?|seems?|appears?)\s+(?:established|popular|trusted|credible|legit|busy|real|bigger|active)`,
    ],
    tr: [String.raw`\bhacim\s+bot(?:u|unu|lar[ıi])?\b`],
    es: [
      String.raw`\b(?:rese[ñn]as|opiniones|valoraciones|comentarios|seguidores|votos)\s+fals[oa]s?`,
      String.raw`\bcomprar\s+(?:seguidores|likes|votos|rese[ñn]as|suscriptores)`,
      String.raw`\b\d+\s+(?:rese[ñn]as|opiniones|valoraciones)\s+(?:de\s+)?5\s+estrellas`,
    ],
    pt: [
      String.raw`\b(?:avalia[cç][oõ]es|coment[aá]rios|seguidores|curtidas|votos|resenhas)\s+fals[oa]s`,
      String.raw`\bcomprar\s+(?:seguidores|curtidas|likes|votos|avalia[cç][oõ]es|inscritos)`,
      String.raw`\b\d+\s+avalia[cç][oõ]es\s+(?:de\s+)?5\s+estrelas`,
    ],
    fr: [
      String.raw`\bfaux\s+(?:avis|commentaires|abonn[ée]s|votes|likes)`,
      String.raw`\bacheter\s+des\s+(?:abonn[ée]s|likes|votes|avis|vues)`,
      String.raw`\b\d+\s+avis\s+(?:clients?\s+)?(?:5|cinq)\s+[ée]toiles`,
    ],
    de: [
      String.raw`\b(?:gef[äa]lschte|Fake)[- ]?(?:Bewertungen|Rezensionen|Follower|Likes|Stimmen)`,
      String.raw`\b(?:Follower|Likes|Bewertungen|Rezensionen|Abonnenten)\s+kaufen`,
      String.raw`\b\d+\s+(?:5|f[üu]nf)[- ]Sterne[- ]Bewertungen`,
    ],
    ru: [
      String.raw`(?:фейков|фальшив|ненастоящ)\p{L}*\s+(?:отзыв|подписчик|лайк|голос|просмотр|оценк)\p{L}*`,
      String.raw`${S}накрут\p{L}*`,
      String.raw`(?:написать|оставить|нужн\p{L}*|купить)\s+(?:\d+\s+)?(?:положительн|5[- ]?звёздочн|5[- ]?звездочн|пятизвёздочн|пятизвездочн)\p{L}*\s+отзыв`,
    ],
    zh: [String.raw`刷(?:好评|单|评论|粉|赞|票|量|评分|榜)|虚假(?:评论|好评|评价|粉丝)|买粉|(?:五|5)星好评`],
    hi: [String.raw`(?:फर्जी|नकली|फेक)\s*(?:रिव्यू|रिव्यूज|समीक्षा|समीक्षाएं|फॉलोअर्स|लाइक्स|वोट)`],
    bn: [String.raw`(?:ভুয়া|নকল|ফেক)\s*(?:রিভিউ|ফলোয়ার|ফলোয়ার|লাইক|ভোট)`],
    ar: [
      String.raw`(?:تقييمات|مراجعات|متابعين|متابعون|لايكات|أصوات|تعليقات)\s+(?:وهمية|مزيفة|زائفة)`,
      String.raw`شراء\s+(?:متابعين|لايكات|تقييمات)`,
    ],
    id: [
      String.raw`\b(?:review|ulasan|rating|follower|pengikut|like|vote|komentar)s?\s+(?:palsu|fake)\b`,
      String.raw`\bbeli\s+(?:follower|followers|pengikut|like|likes|ulasan|subscriber)\b`,
    ],
  },
  bulkAccounts: {
    en: [
      String.raw`\b(?:phone[- ]verified|pva|aged|warmed[- ]up)\s+(?:${SERVICES}(?:\s*(?:\+|and|&|/|,)\s*${SERVICES})*\s+)?(?:accounts|profiles|bms)\b`,
      String.raw`\bverified\s+(?:facebook\s+)?(?:business managers|bms)\b|\bfake\s+(?:accounts|profiles)\b|\b(?:need|create|make|buy|register|open)\s+\d{2,}\s+accounts\s+on\s+${SERVICES}`,
      String.raw`\b(?:phone[- ]verified|pva|aged|warmed[- ]up)\s+(?:${SERVICES}\s+)?accounts\b`,
      String.raw`\b(?:verified|old|fresh|real)\s+${SERVICES}\s+accounts\b`,
      String.raw`\b(?:create|make|register|open|set up|buy|sell|need|provide|deliver)\b${G(15)}\b(?:\d{2,}[\d,]*|multiple|many|bulk|hundreds of|dozens of|lots of)\s+(?:new\s+|fresh\s+|unique\s+|real\s+)?${SERVICES}\s+accounts\b`,
      String.raw`\b(?:bulk|mass)\s+(?:account|accounts)\s+(?:creation|registration|creator|maker)\b`,
      String.raw`\baccount\s+farm(?:ing|s)?\b`,
    ],
    es: [
      String.raw`\b(?:crear|abrir|comprar|registrar)\b${G(15)}\b(?:\d{2,}|m[uú]ltiples|muchas|varias|cientos de)\s+cuentas\s+(?:de\s+)?${SERVICES}`,
      String.raw`\bcuentas\s+(?:verificadas\s+(?:por|con)\s+tel[eé]fono|pva|envejecidas)`,
    ],
    pt: [
      String.raw`\b(?:criar|abrir|comprar|registrar)\b${G(15)}\b(?:\d{2,}|v[aá]rias|muitas|m[uú]ltiplas|centenas de)\s+contas\s+(?:d[eo]\s+)?${SERVICES}`,
      String.raw`\bcontas\s+(?:verificadas\s+(?:por|com)\s+telefone|pva|aquecidas)`,
    ],
    fr: [
      String.raw`\b(?:cr[ée]er|ouvrir|acheter)\b${G(15)}\b(?:\d{2,}|plusieurs|multiples|de nombreux|des centaines de)\s+comptes\s+${SERVICES}`,
      String.raw`\bcomptes\s+(?:v[ée]rifi[ée]s\s+par\s+t[ée]l[ée]phone|pva)`,
    ],
    de: [
      String.raw`\b(?:\d{2,}|mehrere|viele|hunderte)\s+(?:telefonverifizierte\s+|verifizierte\s+|neue\s+)?${SERVICES}[- ]?(?:Konten|Accounts)\b`,
      String.raw`\btelefonverifizierte\s+(?:Konten|Accounts)`,
    ],
    ru: [
      String.raw`(?:верифицированн|подтвержденн|подтверждённ|прогрет|отлежавш|старых)\p{L}*\s+(?:по\s+телефону\s+)?(?:аккаунт|акк)\p{L}*`,
      String.raw`(?:регистраци|создани|созда|зарегистрир)\p{L}*\s+(?:\d{2,}|множества|много|массов\p{L}*|сотен)\s+(?:\p{L}+\s+)?аккаунт\p{L}*`,
      String.raw`${S}\d{2,}\s+аккаунт\p{L}*\s+(?:gmail|google|facebook|instagram|tiktok|telegram|vk|вк|инстаграм|фейсбук|телеграм|гугл)`,
    ],
    zh: [
      String.raw`(?:批量|大量)(?:注册|创建|购买|申请)(?:\S{0,6})?(?:账号|帐号|账户)|(?:手机|实名)(?:验证|认证)(?:的)?(?:老)?(?:账号|帐号)|养号`,
    ],
    hi: [String.raw`(?:\d{2,}|कई|बहुत\s*सारे|थोक\s*में)\s*(?:\S+\s+)?(?:जीमेल|फेसबुक|इंस्टाग्राम|gmail|facebook|instagram)\s*(?:अकाउंट|खाते)`],
    bn: [String.raw`(?:\d{2,}|অনেক|একাধিক)\s*(?:টি\s*)?(?:জিমেইল|ফেসবুক|ইনস্টাগ্রাম|gmail|facebook|instagram)\s*(?:অ্যাকাউন্ট|একাউন্ট|আইডি)`],
    ar: [
      String.raw`(?:إنشاء|انشاء|شراء|عمل)\s+(?:\d{2,}|عدة|عدد\s+كبير\s+من|مئات)\s+(?:من\s+)?حسابات`,
      String.raw`حسابات\s+(?:موثقة|مفعلة)\s+(?:برقم\s+(?:ال)?هاتف|بالهاتف)`,
    ],
    id: [
      String.raw`\b(?:buat|bikin|membuat|daftar|beli|jual)\b${G(15)}\b(?:\d{2,}|banyak|puluhan|ratusan)\s+akun\s+${SERVICES}`,
      String.raw`\bakun\s+(?:verifikasi\s+(?:nomor|hp)|pva|aged)\b`,
    ],
  },
  piracy: {
    en: [
      String.raw`\b(?:pro|premium|paid)\s+(?:[\p{L}-]+\s+){0,2}?(?:kits?|themes?|plugins?|templates?|fonts?|courses?)\s+unlocked\b|\bunlocked\s+(?:premium|pro|paid)\b`,
      String.raw`\bwithout\s+paying\s+for\s+(?:the\s+)?(?:licen[cs]es?|subscriptions?|software)|\b(?:cracked|nulled|pirated)\s+(?:version|copy|copies|licen[cs]es?|keys?|software|apps?|or)\b|\blicen[cs]e\s+(?:check\s+)?(?:bypass|crack|removal|hack)`,
      String.raw`\bwith\s+(?:a\s+|an\s+)?(?:[\p{L}-]+\s+){0,4}?(?:login|subscription|account)\s+(?:to|who can|and)\s+share\b|\bshare\s+your\s+(?:login|subscription|account|licen[cs]e)\b|\bshared\s+licen[cs]e\s+key`,
      String.raw`\b(?:copy|clone|replicate)\b${G(30)}\b(?:patented|trademarked)\b|\blike\s+(?:the\s+)?(?:nike|adidas|apple|chanel|gucci|louis vuitton|supreme|starbucks|coca[- ]cola|disney|mcdonald'?s)\b${G(30)}\b(?:almost|nearly|exactly)\s+(?:the\s+)?same`,
      String.raw`\b(?:install|use|provide|give|supply|get|download|want|need|send|find)\b${G(20)}\b(?:nulled|cracked|pirated|warez)\b`,
      String.raw`\bcrack\s+(?:the\s+|this\s+|a\s+|our\s+|my\s+)?(?:software|app|program|licen[cs]e|serial|activation|dongle|game|plugin|theme|apk|protection)`,
      String.raw`\b(?:licen[cs]e|dongle|hasp|sentinel|activation)\s+emulat\p{L}*|\bemulat\p{L}*\s+(?:the\s+)?(?:licen[cs]e|dongle)\b`,
      String.raw`\bdmca[- ](?:ignored|ignoring|free|proof|resistant)\b|\bignor\p{L}*\s+dmca\b|\b(?:123movies|fmovies|putlocker|soap2day|gomovies|yesmovies)\b`,
      // Books and papers from the shadow libraries.
      String.raw`\b(?:downloaded|got|taken|pulled|sourced|scraped|grabbed)\s+(?:[\p{L}-]+\s+){0,3}?from\s+(?:libgen|library genesis|z-?library|zlib|sci-?hub|anna['’]?s archive)\b|\b(?:libgen|z-?library|sci-?hub)\s+(?:books|pdfs|papers|ebooks|epubs|copies|downloads|mirrors?)\b`,
      String.raw`\b(?:remove|bypass|disable|circumvent|get around|break|strip|kill|skip|defeat|unlock)\b${G(25)}\b(?:licen[cs]e|licensing|activation|serial|purchase code|drm|paywall|copy[- ]protection|dongle)(?:\s+(?:check|key|verification|validation|protection|system|code|requirement|screen|restriction))?`,
      String.raw`\b(?:copy|clone|rip|replicate|duplicate|steal)\b${G(20)}\bcompetitor(?:'s|’s|s'|s)?\s+(?:premium\s+|paid\s+|pro\s+|exact\s+)?(?:theme|template|plugin|website|site|course|source code|code|app)`,
      String.raw`\b(?:premium|paid|pro)\s+(?:theme|plugin|template|course|software|app)s?\b${G(20)}\b(?:for free|without (?:paying|buying|a licen[cs]e))`,
      String.raw`\b(?:download|rip|scrape)\b${G(20)}\b(?:courses?|videos?|lessons?)\b${G(10)}\bfrom\s+(?:udemy|coursera|skillshare|masterclass|domestika|linkedin learning|netflix|patreon|onlyfans)`,
      String.raw`\b(?:keygen|serial key generator|licen[cs]e key generator)\b`,
    ],
    es: [
      String.raw`\b(?:crackear|piratear|quitar|eliminar|saltar|evitar)\b${G(20)}\b(?:la\s+|el\s+)?(?:licencia|verificaci[oó]n de licencia|activaci[oó]n|drm|muro de pago|paywall)`,
      String.raw`\b(?:tema|plantilla|plugin)\s+premium\b${G(15)}\b(?:gratis|sin licencia)`,
      String.raw`\bcopiar\b${G(20)}\b(?:de\s+(?:la|un|nuestra)\s+)?competencia`,
    ],
    pt: [
      String.raw`\b(?:crackear|piratear|remover|burlar|contornar)\b${G(20)}\b(?:a\s+|o\s+)?(?:licen[cç]a|verifica[cç][aã]o de licen[cç]a|ativa[cç][aã]o|drm|paywall)`,
      String.raw`\b(?:tema|plugin|template)\s+premium\b${G(15)}\b(?:gr[aá]tis|sem licen[cç]a)`,
      String.raw`\bcopiar\b${G(20)}\b(?:do|de um|de uma)\s+concorrente`,
    ],
    fr: [
      String.raw`\b(?:cracker|pirater|supprimer|contourner|retirer|d[ée]sactiver)\b${G(20)}\b(?:la\s+|le\s+)?(?:licence|v[ée]rification de (?:la )?licence|activation|drm|paywall|mur payant)`,
      String.raw`\bcopier\b${G(20)}\bd['’]un\s+concurrent`,
    ],
    de: [
      String.raw`\b(?:Lizenzpr[üu]fung|Lizenzabfrage|Lizenzschl[üu]ssel|Kopierschutz|Aktivierung|Paywall|DRM)\b${G(20)}\b(?:entfernen|umgehen|knacken|deaktivieren|aushebeln)`,
      String.raw`\b(?:entfernen|umgehen|knacken)\b${G(20)}\b(?:Lizenzpr[üu]fung|Kopierschutz|Paywall|DRM)`,
      String.raw`\bgecrackte`,
    ],
    ru: [
      String.raw`(?:взлома?ть|крякнуть|обойти|убрать|снять|отключить|удалить)${G(20)}(?:лицензи|активаци|провер\p{L}*\s+лицензи|защит\p{L}*\s+от\s+копирования|drm|пейвол|платн\p{L}*\s+доступ)`,
      String.raw`(?:нулл\p{L}*|взломанн\p{L}*|крякнут\p{L}*|пиратск\p{L}*)\s+(?:тем|плагин|верси|софт|программ|шаблон)`,
      String.raw`скопировать${G(20)}конкурент`,
    ],
    zh: [
      String.raw`(?:破解|去除|绕过|移除|去掉)(?:\S{0,6})?(?:授权|许可证?|激活|注册码|验证|付费墙|DRM|版权保护)|破解版|盗版|(?:复制|抄袭|照搬)(?:\S{0,4})?竞争对手(?:的)?(?:主题|网站|模板|课程)`,
    ],
    hi: [
      String.raw`(?:लाइसेंस|एक्टिवेशन)\s*(?:चेक|जांच)?\s*(?:को\s*)?(?:हटा|बायपास|क्रैक)`,
      String.raw`क्रैक\s*(?:करना|करें|वर्जन|किया)`,
      String.raw`प्रतिस्पर्धी\s*(?:की|का|के)\s*(?:थीम|वेबसाइट|टेम्पलेट)\s*(?:कॉपी|नकल)`,
    ],
    bn: [
      String.raw`(?:লাইসেন্স|অ্যাক্টিভেশন)\s*(?:চেক)?\s*(?:সরা|বাইপাস|ক্র্যাক)`,
      String.raw`ক্র্যাক\s*(?:করে|করতে|ভার্সন)`,
      String.raw`প্রতিযোগীর\s*(?:থিম|ওয়েবসাইট)\s*(?:কপি|নকল)`,
    ],
    ar: [
      String.raw`(?:كسر|تجاوز|إزالة|ازالة|تخطي)\s+(?:حماية\s+)?(?:الترخيص|التفعيل|الرخصة|حقوق\s+النسخ|DRM)`,
      String.raw`(?:نسخة\s+)?(?:مكركة|مقرصنة)`,
      String.raw`نسخ\s+(?:قالب|موقع|ثيم)\s+(?:ال)?منافس`,
    ],
    id: [
      String.raw`\b(?:crack|bajak|hapus|bypass|lewati|jebol)\b${G(20)}\b(?:lisensi|aktivasi|cek lisensi|verifikasi lisensi|drm|paywall)`,
      String.raw`\b(?:tema|plugin|template)\s+(?:premium\s+)?(?:nulled|bajakan)\b`,
      String.raw`\b(?:tiru|jiplak|salin|copy)\b${G(20)}\bkompetitor`,
    ],
  },
  surveillance: {
    en: [
      String.raw`\b(?:they|he|she|employees|staff|my wife|my husband|my girlfriend|my boyfriend|my partner)\s+(?:must|should)\s*(?:not|n't|never)\s+(?:know|find out)\b`,
      String.raw`\b(?:hide|hidden|send\p{L}*|listen|record)\b${G(60)}\bwithout\s+(?:him|her|them)\s+knowing`,
      String.raw`\b(?:find|locate|track down)\b${G(25)}\b(?:a person's|someone's|my ex(?:'s)?|my former [\p{L} ]{0,20}?'s|his|her)\s+(?:current\s+)?home\s+address|\b(?:his|her|their|a person's|someone's)\s+daily\s+(?:routine|schedule|movements)`,
      String.raw`\b(?:hidden|secret|stealth|invisible|undetectable|covert)\s+(?:spy\s+|tracking\s+|monitoring\s+)?(?:app|application|tracker|keylogger|software|apk|spyware|recorder)`,
      String.raw`\b(?:spy(?:ware)?\s+(?:app|software|tool|on)|spyware)\b`,
      String.raw`\b(?:read|see|monitor|track|access|view|intercept|check|spy on|get)\b${G(30)}\b(?:my|his|her)\s+(?:wife|husband|spouse|girlfriend|boyfriend|partner|ex|fianc[ée]e?)(?:'s|’s|s)?\b${G(20)}\b(?:messages|texts|whats\s?app|chats?|sms|phone|location|calls|emails?|instagram|facebook|snapchat|dms?|conversations)`,
      String.raw`\b(?:track|monitor|record|follow|locate|read)\b${G(40)}\bwithout\s+(?:him|her|them|his|their|the person|the user|anyone|my (?:wife|husband|partner))\s*(?:'s|’s)?\s*(?:knowing|knowledge|consent|noticing|finding out)`,
      String.raw`\b(?:secretly|covertly)\s+(?:track|monitor|record|read|access|follow|spy)`,
      String.raw`\bleaked\s+(?:databases?|data ?sets?|data|passwords|credentials|dumps?)\b`,
      String.raw`\b(?:home\s+addresses|addresses|daily\s+locations|locations|whereabouts|movements|location\s+history|daily\s+routines?)\s+(?:\p{L}+\s+){0,3}?of\s+(?:specific|certain|particular|named|targeted|target|chosen|selected)\s+(?:people|persons|individuals|users|employees|women|men|girls|person)\b`,
    ],
    es: [
      String.raw`\b(?:app|aplicaci[oó]n|programa)\s+(?:esp[ií]a|oculta|invisible)`,
      String.raw`\b(?:leer|ver|espiar|monitorear|rastrear)\b${G(30)}\b(?:mensajes|whats\s?app|chats|ubicaci[oó]n|tel[eé]fono|celular)\s+de\s+(?:mi|su)\s+(?:esposa|esposo|pareja|novia|novio|mujer|marido|ex)`,
      String.raw`\bsin\s+que\s+(?:[eé]l|ella|lo|la)\s+(?:sepa|se entere|note)`,
    ],
    pt: [
      String.raw`\b(?:app|aplicativo|programa)\s+(?:espi[aã]o?|oculto|invis[ií]vel)`,
      String.raw`\b(?:ler|ver|espionar|monitorar|rastrear)\b${G(30)}\b(?:mensagens|whats\s?app|conversas|localiza[cç][aã]o|celular)\s+d[aeo]\s+(?:minha|meu)\s+(?:esposa|marido|namorad[ao]|mulher|ex)`,
      String.raw`\bsem\s+(?:que\s+)?(?:ele|ela)\s+(?:saber|perceber|saiba|perceba)`,
    ],
    fr: [
      String.raw`\b(?:application|appli|logiciel)\s+(?:espion|cach[ée]e?|invisible)`,
      String.raw`\b(?:lire|voir|espionner|surveiller|suivre)\b${G(30)}\b(?:messages|sms|whats\s?app|conversations|position|t[ée]l[ée]phone)\s+de\s+(?:ma|mon)\s+(?:femme|mari|copine|copain|conjoint|ex|compagne|compagnon)`,
      String.raw`\bsans\s+qu['’](?:il|elle)\s+(?:le\s+)?sache`,
    ],
    de: [
      String.raw`\b(?:Spionage|Spion|versteckte|unsichtbare)[- ]?(?:App|Software|Programm)`,
      String.raw`\b(?:Nachrichten|WhatsApp|Chats|Standort)\s+(?:meiner|meines)\s+(?:Frau|Mannes|Freundin|Freundes|Partners|Partnerin|Ex)\b${G(20)}\b(?:lesen|mitlesen|[üu]berwachen|verfolgen)`,
      String.raw`\bohne\s+(?:dass\s+)?(?:er|sie)\s+(?:es\s+)?(?:merkt|wei(?:ß|ss))`,
      String.raw`\bausspionieren\b`,
    ],
    ru: [
      String.raw`(?:почт|переписк|сообщени|местоположени|геолокаци)\p{L}*${G(40)}(?:жены|мужа|девушки|парня)`,
      String.raw`(?:он|она|они)\s+не\s+(?:знает|знают|узнает|узнают|должн\p{L}*\s+знать)`,
      String.raw`(?:шпионск|скрыт|невидим)\p{L}*\s+(?:приложени|программ|прилож|софт)`,
      String.raw`(?:читать|прочитать|видеть|следить|отслеживать|смотреть)${G(30)}(?:переписк|сообщени|whatsapp|ватсап|местоположени|телефон)\p{L}*\s+(?:моей\s+|моего\s+|своей\s+|своего\s+)?(?:жены|мужа|девушки|парня|партн[её]р\p{L}*|бывше\p{L}*)`,
      String.raw`следить\s+за\s+(?:женой|мужем|девушкой|парнем)`,
      String.raw`без\s+(?:его|её|ее|их)\s+(?:ведома|согласия)`,
    ],
    zh: [
      String.raw`(?:间谍|监控|偷看|窃听)(?:软件|应用|app|APP)|(?:查看|偷看|监控|定位)(?:\S{0,4})?(?:老婆|老公|妻子|丈夫|女朋友|男朋友|伴侣)(?:的)?(?:聊天|微信|短信|消息|手机|位置)|(?:偷偷|秘密|暗中)(?:定位|跟踪|监控|查看)|隐藏(?:的)?(?:app|APP|应用|软件)`,
    ],
    hi: [
      String.raw`(?:जासूसी|छिपा\s*हुआ|छुपा\s*हुआ|हिडन)\s*(?:ऐप|एप|सॉफ्टवेयर)`,
      String.raw`(?:पत्नी|पति|गर्लफ्रेंड|बॉयफ्रेंड)\s*(?:के|की)\s*(?:मैसेज|मेसेज|व्हाट्सएप|चैट|लोकेशन|फोन)`,
      String.raw`बिना\s*(?:उसकी|उनकी|उसके)\s*(?:जानकारी|मर्जी|सहमति)`,
    ],
    bn: [
      String.raw`(?:গুপ্তচর|লুকানো|গোপন|হিডেন|স্পাই)\s*(?:অ্যাপ|সফটওয়্যার)`,
      String.raw`(?:স্ত্রীর|স্বামীর|গার্লফ্রেন্ডের|বয়ফ্রেন্ডের)\s*(?:মেসেজ|হোয়াটসঅ্যাপ|চ্যাট|লোকেশন|ফোন)`,
      String.raw`(?:তার|তাদের)\s*অজান্তে`,
    ],
    ar: [
      String.raw`(?:تطبيق|برنامج)\s+(?:تجسس|مخفي|خفي)`,
      String.raw`(?:قراءة|مراقبة|تتبع)\s+(?:رسائل|محادثات|واتساب|موقع|هاتف)\s+(?:زوجتي|زوجي|صديقتي|حبيبتي|شريكي|شريكتي)`,
      String.raw`(?:دون|بدون)\s+علم(?:ه|ها|هم)`,
      String.raw`التجسس\s+على`,
    ],
    id: [
      String.raw`\b(?:aplikasi|app|software)\s+(?:mata-mata|sadap|penyadap|tersembunyi|spy)\b`,
      String.raw`\b(?:baca|membaca|lihat|sadap|menyadap|pantau|lacak)\b${G(30)}\b(?:pesan|chat|whats\s?app|wa|lokasi|hp)\s+(?:istri|suami|pacar|pasangan|mantan)`,
      String.raw`\btanpa\s+sepengetahuan\b`,
    ],
  },
  checkEvasion: {
    en: [
      String.raw`\b(?:turnitin|plagiarism\s+checkers?|plagiarism\s+tools?|ai\s+detectors?|copyscape)\b${G(20)}\b(?:do(?:es)?\s*n[o']t|won'?t|cannot|can'?t)\s+(?:detect|flag|catch|find)`,
      String.raw`\b(?:bypass|beat|evade|fool|trick|get past|get around|circumvent|defeat|cheat)\b${G(30)}\b(?:turnitin|plagiarism|copyscape|ai[- ]?detect(?:ion|ors?)|ai content detect(?:ion|ors?)|gptzero|originality\.ai|zerogpt|content ?id|copyright (?:checks?|detection|filters?|bots?))`,
      String.raw`\b(?:undetectable|undetected)\s+(?:by|to|from)\s+(?:turnitin|ai detectors?|plagiarism|content ?id)`,
      String.raw`\b(?:pass|passes|clear|survive)\b${G(20)}\bcontent ?id\b`,
      String.raw`\b(?:rewrite|paraphrase|spin|reword|humani[sz]e)\b${G(50)}\b(?:so|so that|to make|in order)\b${G(25)}\b(?:not|isn'?t|won'?t|undetect\p{L}*|avoid|bypass|pass(?:es)?)\b${G(20)}\b(?:plagiarism|turnitin|ai[- ]?detect\p{L}*|detected|flagged)`,
      String.raw`\b(?:full|entire|whole|complete)\s+(?:movies?|films?|tv (?:shows?|episodes?)|anime episodes?|football matches|matches)\b${G(60)}\b(?:content ?id|copyright|re-?upload|claims?|strikes?)`,
      String.raw`\bre-?upload\b${G(40)}\b(?:to avoid|without|avoid(?:ing)?|so (?:it|they)|escape)\b${G(20)}\b(?:copyright|claims?|strikes?|content ?id|detection)`,
      String.raw`\b(?:flip|mirror|zoom|crop|pitch[- ]shift|speed up)\p{L}*\b${G(40)}\b(?:to avoid|so (?:it|they) (?:pass|avoid|won'?t)|avoid(?:ing)?)\b${G(20)}\b(?:copyright|content ?id|detection|claims?)`,
      String.raw`\bso\s+(?:that\s+)?(?:etsy|amazon|youtube|ebay|facebook|meta|google|apple|tiktok|instagram|spotify|stripe|paypal|shopify|turnitin|copyscape|the\s+(?:platform|payment processor|processor|reviewers?|moderators?|algorithm|marketplace|bank|checker|filters?)|their\s+(?:lawyers|system|checks?))\s+(?:does\s*n[o']t|do\s*n[o']t|won'?t|will not|cannot|can'?t|never|would not|wouldn'?t)\s+(?:detect|catch|flag|notice|tell|find out|spot|see it)`,
      String.raw`\b(?:etsy|amazon|youtube|ebay|facebook|google|apple|tiktok|stripe|paypal|shopify|turnitin|(?:the\s+)?(?:payment\s+)?processor|the platform|the bank|the reviewers?|moderators?)\s+(?:must|should|will|can)\s*(?:not|n't|never)\s+(?:detect|notice|find out|flag|know|catch)\b`,
      String.raw`\b(?:hide|disable|conceal|mask|turn off|switch off)\b${G(40)}\b(?:during|while|for|in)\s+(?:the\s+)?(?:app ?store\s+|apple\s+|google\s+|play\s+(?:store\s+)?|ad\s+)?review\b${G(80)}\b(?:after|once)\s+(?:the\s+)?(?:approval|approved|it is approved|review)`,
    ],
    es: [
      String.raw`\b(?:evadir|burlar|saltar|enga[ñn]ar|evitar)\b${G(20)}\b(?:turnitin|(?:el\s+|los\s+)?detector(?:es)?\s+de\s+(?:ia|plagio)|content ?id)`,
      String.raw`\bpel[ií]culas\s+completas\b${G(60)}\b(?:content ?id|derechos de autor|youtube)`,
      String.raw`\bpara\s+que\s+(?:etsy|amazon|youtube|google|apple|paypal|stripe|turnitin|el banco|la plataforma|el procesador|nadie)\s+no\s+(?:lo\s+|la\s+|los\s+)?(?:detect|not|descubr|encuentr)\p{L}*`,
    ],
    pt: [
      String.raw`\b(?:burlar|enganar|driblar|evitar)\b${G(20)}\b(?:turnitin|(?:o\s+|os\s+)?detector(?:es)?\s+de\s+(?:ia|pl[aá]gio)|content ?id)`,
      String.raw`\bfilmes\s+completos\b${G(60)}\b(?:content ?id|direitos autorais|youtube)`,
      String.raw`\bpara\s+(?:que\s+)?(?:a\s+|o\s+)?(?:etsy|amazon|youtube|google|apple|paypal|stripe|turnitin|banco|plataforma)\s+n[aã]o\s+(?:detect|perceb|descobr)\p{L}*`,
    ],
    fr: [
      String.raw`\b(?:contourner|tromper|d[ée]jouer)\b${G(20)}\b(?:turnitin|compilatio|(?:les\s+|le\s+)?d[ée]tecteurs?\s+(?:d['’]ia|de\s+plagiat)|content ?id)`,
      String.raw`\bpour\s+qu['’]?\s*(?:etsy|amazon|youtube|google|apple|paypal|stripe|la banque|la plateforme)\s+ne\s+(?:le\s+|la\s+)?(?:d[ée]tecte|remarque|voie)`,
    ],
    de: [
      String.raw`\b(?:Plagiatspr[üu]fung|Plagiatserkennung|KI-Detektor\p{L}*|Turnitin|Content ?ID)\b${G(20)}\b(?:umgehen|austricksen|t[äa]uschen)`,
      String.raw`\bdamit\s+(?:etsy|amazon|youtube|google|apple|paypal|stripe|turnitin|die bank|die plattform)\s+(?:es|das|sie|ihn)?\s*nicht\s+(?:erkennt|merkt|bemerkt|entdeckt|findet)`,
    ],
    ru: [
      String.raw`(?:обойти|обхода|обход)${G(20)}(?:антиплагиат\p{L}*|провер\p{L}*\s+на\s+плагиат|детектор\p{L}*\s+ии|turnitin|content ?id)`,
      String.raw`(?:поднять|повысить)\s+(?:уникальность|оригинальность)${G(20)}антиплагиат`,
      String.raw`чтобы\s+(?:etsy|amazon|youtube|google|apple|paypal|stripe|банк|платформа|антиплагиат|turnitin|модератор\p{L}*)\s+не\s+(?:обнаружил|заметил|распознал|определил|нашёл|нашел)\p{L}*`,
    ],
    zh: [
      String.raw`(?:降重|降低查重率|降AI率|绕过|规避|躲避)(?:\S{0,6})?(?:查重|知网|turnitin|Turnitin|AI检测|ai检测|版权检测|content ?id|Content ?ID)|论文降重`,
      String.raw`(?:不被|以免被|避免被|不会被)(?:\S{0,6})?(?:检测|发现|识别|查出)`,
    ],
    hi: [String.raw`(?:टर्निटिन|turnitin|प्लेजियरिज्म|साहित्यिक\s*चोरी)\s*(?:चेक|जांच)?\s*(?:को\s*)?(?:बायपास|से\s*बचा)`],
    bn: [String.raw`(?:টার্নিটিন|turnitin|প্লেজিয়ারিজম)\s*(?:চেক)?\s*(?:বাইপাস|এড়া)`],
    ar: [
      String.raw`(?:تجاوز|تخطي|خداع)\s+(?:فحص\s+|كشف\s+|برنامج\s+|برامج\s+)?(?:الانتحال|turnitin|تيرنتن|كاشف\s+الذكاء\s+الاصطناعي|content ?id)`,
      String.raw`(?:حتى|لكي|كي)\s+لا\s+(?:يكتشف|تكتشف|يتم\s+اكتشاف|يلاحظ)`,
    ],
    id: [
      String.raw`\b(?:bypass|lolos|menghindari|mengakali|akali)\b${G(20)}\b(?:turnitin|cek plagiasi|deteksi (?:ai|plagiasi)|plagiarisme|content ?id)`,
      String.raw`\b(?:agar|supaya|biar)\s+(?:tidak|gak|nggak|tak)\s+(?:terdeteksi|ketahuan)\b`,
    ],
  },
  falsifiedRecords: {
    en: [
      String.raw`\b(?:edit|alter|change|modify|adjust|photoshop)\b${G(30)}\b(?:bank statements?|pay ?stubs?|payslips?)\b${G(30)}\b(?:to match|so (?:they|it) match)`,
      String.raw`\b(?:second|two|double|separate)\s+sets?\s+of\s+books\b|\b(?:keep|hide)\p{L}*\s+(?:\p{L}+\s+){0,2}?(?:income|cash|sales|revenue)\s+off\s+the\s+(?:books|tax return)`,
      String.raw`\b(?:real|actual|true)\s+(?:revenue|income|numbers|figures|sales)\s+(?:is|are)\s+too\s+low\b`,
      String.raw`\b(?:tweak|adjust|change|alter|fudge|massage|edit|rewrite)\b${G(40)}\bso\s+(?:that\s+)?(?:our|the|it|they)\s+(?:\p{L}+\s+){0,2}?(?:shows?|looks?)\s+(?:lower|higher|better|more|less|bigger|smaller)\s+(?:churn|revenue|profits?|losses|income|sales|growth|costs?|numbers)`,
      String.raw`\bon\s+(?:their|the\s+compan(?:y|ies)'?s?)\s+letterheads?\b`,
      String.raw`\bre-?issu\p{L}*\b${G(50)}\bunder\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+['’]s\s+letterheads?\b`,
      String.raw`\bso\s+(?:they|it|the\s+\p{L}+)\s+(?:look|looks|read|reads|appear|appears|seem|seems)\s+(?:like\s+)?(?:real|genuine|authentic|actual)\s+(?:measurements?|readings|inspections?|inspection results|lab results|test results|cmm (?:reports?|results)|interviews|survey responses|signatures?)\b`,
      String.raw`\b(?:cod(?:e|ed|ing)|bill(?:ed|ing)?|leave|go out)\b${G(60)}\bregardless\s+of\s+(?:the\s+)?(?:note|notes|note content|documentation|chart|charting|medical records?|what (?:the )?(?:provider|doctor) (?:documented|wrote))\b`,
      String.raw`\bbill\p{L}*\s+(?:[\p{L}-]+\s+){0,3}?on\s+(?:separate|different)\s+dates\b${G(80)}\b(?:edits?|bundling|ncci|frequency)\b`,
      String.raw`\b(?:recreate|replicate|copy)\b${G(40)}\b(?:diplomas?|degrees?|transcripts?)\b${G(90)}\b(?:seals?|signatures?)`,
      String.raw`\b(?:roll\s*back|rollback|reset|adjust|lower)\p{L}*\s+(?:the\s+)?(?:odometer|mileage)\b|\bodometer\s+(?:rollback|correction)\b`,
      String.raw`\bfake\s+(?:lois?|letters?\s+of\s+intent|contracts?|quotes)\b|\bno\s*one\s+can\s+tell\s+(?:it|that it)\s+(?:was|is|has been)\s+(?:edited|altered|fake|changed)`,
      String.raw`\b(?:doctor|manipulate|alter|fake)\p{L}*\b${G(100)}\b(?:as evidence|court case)\b|\bso\s+(?:it\s+)?sounds?\s+like\s+(?:he|she|they)\s+(?:said|agreed|admitted)|\bjust\s+(?:stamp|sign)\s+and\s+(?:stamp|sign)\b|\b(?:stamp|sign)\p{L}*\b${G(60)}\bno\s+need\s+to\s+(?:review|check)`,
      String.raw`\b(?:fake|forged|falsified|fabricated|doctored|novelty|replica)\s+(?:bank statements?|pay ?stubs?|payslips?|pay slips?|invoices?|receipts?|diplomas?|degrees?|certificates?|transcripts?|tax returns?|utility bills?|medical (?:notes?|certificates?)|doctor'?s notes?|(?:employment|reference) letters?|documents?|financial statements?)`,
      String.raw`\b(?:alter|adjust|inflate|doctor|falsify|forge|photoshop|edit|change|modify|tweak|massage|cook)\b${G(30)}\b(?:bank statements?|pay ?stubs?|payslips?|tax returns?|financial statements?|(?:the|our|my) (?:books|accounts|quickbooks|xero|ledger|figures|numbers|financials)|p&l|profit and loss|balance sheets?|revenue figures|income)\b${G(60)}\b(?:so (?:that )?|to (?:get|make|help|satisfy|convince|qualify|pass)|for (?:the|a|my|our) )${G(20)}\b(?:bank|lender|loan|mortgage|visa|embassy|immigration|landlord|underwriter|investors?|approv\p{L}*)`,
      String.raw`\b(?:make|create|design|produce|generate|edit)\b${G(20)}\b(?:bank statements?|pay ?stubs?|payslips?|utility bills?)\b${G(40)}\b(?:showing|that shows?|to show)\s+(?:a\s+)?(?:higher|bigger|larger|more|an income|income of|a balance of|balance of|\$\s?\d)`,
      String.raw`\b(?:fabricate|invent|make up)\b${G(20)}\b(?:invoices?|receipts?|expenses|transactions|revenue|sales|references)`,
      String.raw`\b(?:bank statements?|salary slips?|pay ?slips?|pay ?stubs?|employment (?:letters?|contracts?)|tax returns?|financial statements?|utility bills?|invoices?|receipts?|diplomas?|transcripts?|references?)\b[^\n]{0,100}\b(?:must|should|need to|needs to|has to|have to|to)\s+look\s+(?:real|genuine|authentic|original|legit|official)\b`,
      String.raw`\b(?:bank statements?|salary slips?|pay ?slips?|pay ?stubs?|diplomas?|transcripts?)\b${G(80)}\bidentical\s+to\s+(?:the\s+)?(?:real|original|genuine|banks?['’]?s?|bank['’]s)\b`,
      String.raw`\b(?:adjust|alter|inflate|change|edit|tweak|boost|increase|raise|pad|fudge|massage|modify)\p{L}*\b${G(60)}\bso\s+(?:that\s+)?(?:the|our|my)\s+(?:bank|lender|embassy|consulate|visa officer|landlord|investors?|auditors?|insurer|insurance company|tax office|irs|hmrc|grant committee)\s+(?:sees?|thinks?|believes?|approves?|accepts?|will see|will approve)\b`,
      // Records made to look complete, on time or older than they are, for whoever checks them: "enter them with dates inside our SLA so the file looks handled on time".
      String.raw`\bso\s+(?:that\s+)?(?:the|our|their|his|her|every|all|each)\s+(?:[\p{L}-]+\s+){0,2}?(?:files?|logs?|log ?books?|history|records?|register|ledger|entries|timesheets?|documentation|paperwork|trail|dossier|minutes|certificates?|declarations?|checklists?)\s+(?:looks?|appears?|reads?|seems?)\s+(?:fully\s+|properly\s+|to\s+be\s+|like\s+(?:it\s+was\s+|they\s+were\s+)?)?(?:complete|full|handled|on time|timely|continuous|unbroken|gapless|signed|filled in)\b`,
      String.raw`\b(?:date\s+(?:it|them|the|this|that|each|every|all)|dated|backdat\p{L}*|put\s+(?:a|the)\s+date\s+of)\b${G(50)}\bso\s+(?:that\s+)?(?:it|they|the\s+\p{L}+)\s+(?:sits?|falls?|looks?|appears?)\s+(?:as\s+if\s+|to\s+be\s+)?(?:before|prior\s+to|ahead\s+of|earlier\s+than)\b`,
    ],
    es: [
      String.raw`\b(?:falsificar|falsear|alterar|maquillar|inflar)\b${G(30)}\b(?:extractos?\s+bancarios?|estados?\s+de\s+cuenta|n[oó]minas?|recibos?\s+de\s+(?:sueldo|n[oó]mina)|declaraci(?:[oó]n|ones)\s+de\s+(?:la\s+)?renta|balances?|contabilidad|libros\s+contables|facturas?)`,
      String.raw`\b(?:facturas?|t[ií]tulos?|diplomas?|certificados?|extractos?|documentos?|n[oó]minas?|constancias?)\s+fals[oa]s?\b`,
      String.raw`\b(?:extractos?\s+bancarios?|n[oó]minas?|recibos\s+de\s+sueldo|declaraci[oó]n\s+de\s+la\s+renta|facturas|certificados?|t[ií]tulos?)\b${G(60)}\b(?:parezcan|se vean|luzcan)\s+(?:reales|aut[eé]ntic[oa]s|originales|verdader[oa]s|oficiales)`,
      String.raw`\b(?:extractos?\s+bancarios?|estados?\s+de\s+cuenta|n[oó]minas?|recibos\s+de\s+sueldo|t[ií]tulos?|diplomas?)\b${G(80)}\bid[eé]ntic\p{L}*\s+a\s+(?:los|las|el|la)?\s*(?:del?\s+)?(?:bancos?|originales?|reales?|verdader\p{L}*)`,
      String.raw`\bpara\s+que\s+(?:[\p{L}-]+\s+){0,2}?(?:registros?|historial|expedientes?|documentaci[oó]n|bit[aá]coras?|libros?|declaraci[oó]n|declaraciones|certificados?|planillas?|fichas?|actas?|partes)\s+(?:[\p{L}-]+\s+){0,2}?(?:parezca|parezcan|se\s+vea|se\s+vean|aparezca|aparezcan)\s+(?:complet[oa]s?|continu[oa]s?|en\s+regla|al\s+d[ií]a|a\s+tiempo|firmad[oa]s?|sin\s+huecos)`,
    ],
    pt: [
      String.raw`\b(?:falsificar|alterar|adulterar|maquiar|inflar)\b${G(30)}\b(?:extratos?\s+banc[aá]rios?|holerites?|contracheques?|declara[cç](?:[aã]o|[oõ]es)\s+de\s+(?:imposto\s+de\s+)?renda|balan[cç]os?|contabilidade|notas?\s+fisca(?:l|is)|faturas?)`,
      String.raw`\b(?:notas?\s+fisca(?:l|is)|diplomas?|certificados?|extratos?|documentos?)\s+fals[oa]s?\b`,
      String.raw`\bnotas?\s+frias?\b`,
      String.raw`\b(?:extratos?\s+banc[aá]rios?|holerites?|contracheques?|declara[cç][aã]o\s+de\s+imposto|notas\s+fiscais|diplomas?)\b${G(60)}\b(?:pare[cç]am|pare[cç]a)\s+(?:reais|verdadeir[oa]s|aut[eê]ntic[oa]s|originais)`,
      // Made the same as a bank's own: "holerites e extratos idênticos aos dos bancos".
      String.raw`\b(?:extratos?\s+banc[aá]rios?|extratos?|holerites?|contracheques?|comprovantes?\s+de\s+renda|diplomas?)\b${G(80)}\bid[eê]ntic\p{L}*\s+(?:aos?|[aà]s?)\s+(?:dos?\s+|das?\s+)?(?:bancos?|originais|reais|verdadeir\p{L}*)`,
      String.raw`\bpara\s+que\s+(?:[\p{L}-]+\s+){0,2}?(?:registros?|hist[oó]rico|processos?|documenta[çc][aã]o|livros?|declara[çc](?:[aã]o|[oõ]es)|certificados?|fichas?|atas?|planilhas?)\s+(?:[\p{L}-]+\s+){0,2}?(?:pare[çc]a|pare[çc]am)\s+(?:complet[oa]s?|cont[ií]nu[oa]s?|em\s+dia|em\s+ordem|no\s+prazo|assinad[oa]s?|sem\s+lacunas)`,
    ],
    fr: [
      String.raw`\b(?:falsifier|trafiquer|gonfler|maquiller)\b${G(30)}\b(?:relev[ée]s?\s+bancaires?|fiches?\s+de\s+paie|bulletins?\s+de\s+salaire|bilans?|comptes|avis\s+d['’]imposition|factures?)`,
      String.raw`\b(?:faux|fausses?)\s+(?:relev[ée]s?|fiches?\s+de\s+paie|bulletins?|dipl[oô]mes?|factures?|documents?|certificats?|justificatifs?)`,
      String.raw`\b(?:relev[ée]s?\s+bancaires?|fiches?\s+de\s+paie|bulletins?\s+de\s+salaire|dipl[oô]mes?)${G(80)}\bidentiques?\s+(?:aux|à)\s+(?:ceux\s+|celles\s+)?(?:des?\s+|du\s+)?(?:banques?|origina\p{L}*|vrai\p{L}*)`,
      String.raw`\bpour\s+que\s+(?:[\p{L}'’-]+\s+){0,2}?(?:registres?|historique|dossiers?|journal|journaux|d[ée]clarations?|certificats?|relev[ée]s|feuilles|attestations?|carnets?)\s+(?:[\p{L}'’-]+\s+){0,2}?(?:ait|aient|semble|semblent|paraisse|paraissent)\s+(?:l['’]air\s+)?(?:complet|compl[eè]te|continu|à\s+jour|en\s+r[eè]gle|sign[ée])`,
    ],
    de: [
      String.raw`\b(?:Kontoausz[üu]g\p{L}*|Gehaltsabrechnung\p{L}*|Lohnabrechnung\p{L}*|Bilanz\p{L}*|Buchhaltung|Rechnungen|Steuererkl[äa]rung\p{L}*|Zeugnis\p{L}*|Diplom\p{L}*)\b${G(30)}\b(?:f[äa]lschen|frisieren|manipulieren|sch[öo]nen)`,
      String.raw`\bgef[äa]lschte[nrs]?\s+(?:Kontoausz[üu]ge|Rechnungen|Diplome?|Zeugnisse?|Dokumente|Gehaltsabrechnungen|Belege)`,
      // Another office's stamp and signature put on a new document: "den Stempel und die Unterschrift vom damaligen Planungsbüro".
      String.raw`\b(?:Stempel|Unterschrift|Siegel)\p{L}*\s+(?:und\s+(?:die\s+|den\s+|das\s+)?(?:Unterschrift|Stempel|Siegel)\p{L}*\s+)?(?:vom|von|des|der)\s+(?:damaligen|fr[üu]heren|ehemaligen|alten|anderen)\b`,
      String.raw`\b(?:Kontoausz[üu]g\p{L}*|Gehaltsabrechnung\p{L}*|Lohnabrechnung\p{L}*|Zeugnis\p{L}*|Diplom\p{L}*)${G(80)}\bidentisch\s+(?:mit|wie)\s+(?:denen\s+|dem\s+|den\s+)?(?:der\s+|des\s+)?(?:Bank|Banken|Original\p{L}*)`,
      String.raw`\b(?:damit|sodass|so\s+dass)\s+(?:[\p{L}-]+\s+){0,2}?(?:Historie|Dokumentation|Unterlagen|Akten?|Nachweis\p{L}*|Protokoll\p{L}*|Aufzeichnung\p{L}*|Register|Buchhaltung|Belege|Fahrtenb[üu]ch\p{L}*|Logb[üu]ch\p{L}*|Stundenzettel|Zertifikat\p{L}*|Erkl[äa]rung\p{L}*|Eintr[äa]ge)\s+(?:[\p{L}-]+\s+){0,2}?(?:l[üu]ckenlos|vollst[äa]ndig|komplett|rechtzeitig|fristgerecht|unterschrieben)\s+(?:aussieht|aussehen|wirkt|wirken|erscheint|erscheinen)\b`,
    ],
    ru: [
      String.raw`(?:исправить|подправить|изменить|отредактировать)${G(30)}(?:выписк|отч[её]т|баланс|справк)${G(60)}чтобы\s+(?:банк|кредитор)`,
      String.raw`подправить\s+(?:выписк|справк|баланс|отч[её]т)`,
      String.raw`(?:подделать|подделк|сфальсифицир|нарисовать|фальсифицир)\p{L}*${G(30)}(?:выписк|справк|2-?ндфл|баланс|отч[её]тност|диплом|сч[её]т|накладн|документ)`,
      String.raw`(?:поддельн|фальшив|липов)\p{L}*\s+(?:документ|справк|выписк|диплом|сч[её]т|чек|накладн)`,
      String.raw`(?:выписк|справк|диплом|сч[её]т|чек|бухгалтерск)\p{L}*${G(60)}(?:выгляд\p{L}*|смотре\p{L}*)\s+(?:как\s+)?(?:настоящ|реальн|подлинн)`,
      String.raw`чтобы\s+(?:[\p{L}-]+\s+){0,2}?(?:журнал|истори|запис|реестр|акт|протокол|сертификат|декларац|табел|ведомост)\p{L}*\s+(?:[\p{L}-]+\s+){0,2}?(?:выглядел\p{L}*|казал\p{L}*)\s+(?:полн|целиком|непрерывн|своевременн|вовремя|подписанн)`,
    ],
    zh: [
      String.raw`(?:伪造|造假|做假|PS)(?:\S{0,6})?(?:银行流水|流水|工资单|收入证明|发票|毕业证|学位证|文凭|账目|财务报表|报表)|假(?:发票|文凭|证件|流水|学历)|做假账|(?:美化|修改)(?:\S{0,4})?(?:银行流水|财务报表)(?:\S{0,10})?(?:贷款|签证|银行)`,
      String.raw`(?:银行流水|工资单|收入证明|毕业证|学位证|发票)[^。！？\n]{0,20}(?:看起来|像)(?:是)?真(?:的|实)`,
      String.raw`(?:让|使|以便|好让)[^。！？\n]{0,12}(?:记录|日志|台账|档案|账目)[^。！？\n]{0,8}看起来(?:很)?(?:完整|连续|按时|齐全)`,
    ],
    hi: [
      String.raw`(?:नकली|फर्जी|जाली)\s*(?:बैंक\s*स्टेटमेंट|सैलरी\s*स्लिप|डिग्री|डिप्लोमा|प्रमाणपत्र|सर्टिफिकेट|बिल|इनवॉइस|दस्तावेज)`,
      String.raw`(?:बैंक\s*स्टेटमेंट|सैलरी\s*स्लिप|डिग्री|सर्टिफिकेट)${G(60)}(?:असली|रियल|ओरिजिनल)\s*(?:लगे|दिखे|लगनी|दिखनी|लगना)`,
      String.raw`ताकि${G(20)}(?:रिकॉर्ड|रजिस्टर|लॉग|प्रमाणपत्र)${G(20)}(?:पूरा|पूरी|पूरे|समय\s*पर)\s*(?:दिखे|लगे|दिखें|लगें)`,
    ],
    bn: [String.raw`(?:ভুয়া|জাল|নকল)\s*(?:ব্যাংক\s*স্টেটমেন্ট|বেতন\s*স্লিপ|সনদ|সার্টিফিকেট|ডিগ্রি|ইনভয়েস|কাগজপত্র|দলিল)`],
    ar: [
      String.raw`تزوير\s+(?:كشف|كشوف|شهادة|شهادات|فواتير|فاتورة|قسيمة|مستندات|وثائق|مستند|ال)`,
      String.raw`(?:كشف\s+حساب|شهادة|شهادات|فواتير|فاتورة|مستندات|وثائق|مستند)\s+(?:مزورة|مزور|وهمية|مزيفة)`,
      String.raw`(?:كشف\s+حساب|كشوف\s+حساب|شهادة|فواتير|قسيمة\s+راتب)${G(60)}(?:تبدو|يبدو)\s+(?:حقيقي|أصلي|رسمي)`,
      String.raw`(?:حتى|لكي|كي)\s+(?:\p{L}+\s+){0,1}?(?:تبدو|يبدو)\s+(?:ال)?(?:سجلات|سجل|الشهادات)\s+(?:\p{L}+\s+)?(?:كامل|كاملة|مكتمل|مكتملة|مستمر|مستمرة)`,
    ],
    id: [
      String.raw`\b(?:memalsukan|palsukan|manipulasi|rekayasa|markup)\b${G(20)}\b(?:rekening koran|mutasi rekening|slip gaji|laporan keuangan|ijazah|sertifikat|faktur|invoice|kwitansi)`,
      String.raw`\b(?:rekening koran|slip gaji|ijazah|sertifikat|faktur|invoice|kwitansi|dokumen)\s+palsu\b`,
      String.raw`\b(?:rekening koran|slip gaji|ijazah|laporan keuangan|mutasi rekening|surat keterangan kerja)\b${G(60)}\b(?:terlihat|tampak|kelihatan)\s+(?:asli|nyata|resmi)`,
      String.raw`\b(?:supaya|agar|biar)\s+(?:[\p{L}-]+\s+){0,2}?(?:catatan|riwayat|dokumentasi|log|buku|berkas|sertifikat|arsip)\s+(?:[\p{L}-]+\s+){0,2}?(?:terlihat|kelihatan|tampak)\s+(?:lengkap|utuh|tepat\s+waktu|sudah\s+ditandatangani)\b`,
    ],
    it: [
      String.raw`\b(?:perch[ée]|cos[iì]\s+che|in\s+modo\s+che)\s+(?:[\p{L}'’-]+\s+){0,2}?(?:registr\p{L}*|storico|fascicol\p{L}*|dichiarazion\p{L}*|certificat\p{L}*|verbal\p{L}*|schede?|bust\p{L}*)\s+(?:[\p{L}'’-]+\s+){0,2}?(?:sembri|sembrino|appaia|appaiano)\s+(?:complet|continu|in\s+regola|firmat)`,
    ],
    pl: [
      String.raw`${S}(?:żeby|aby)\s+(?:[\p{L}-]+\s+){0,2}?(?:ewidencj|histori|rejestr|dziennik|zapis|certyfikat|deklaracj|protok)\p{L}*\s+(?:[\p{L}-]+\s+){0,2}?(?:wyglądał\p{L}*|wydawał\p{L}*\s+się)\s+(?:na\s+)?(?:kompletn|pełn|ciągł|podpisan)`,
    ],
    tr: [
      String.raw`(?:kayıt|kayıtlar|defter|sertifika|beyan|tutanak|günlük)\p{L}*\s+(?:[\p{L}-]+\s+){0,2}?(?:eksiksiz|tam|zamanında|imzalı)\s+(?:gibi\s+)?görün(?:sün|mesi|ecek|ün)`,
    ],
  },
  academicCheating: {
    en: [
      String.raw`\b(?:assignments?|coursework|capstone|thesis|dissertation|essays?|exams?|papers?)\b${G(100)}\b(?:submit|present|hand in|turn in)\p{L}*\b${G(30)}\b(?:as my own|under my (?:own\s+)?name)|\b(?:capstone|thesis|dissertation|assignment)\b[^\n]{0,200}\b(?:submitted|submit)\s+(?:it\s+)?(?:under my (?:own\s+)?name|as my own)`,
      String.raw`\b(?:take|do|complete|finish|write|pass)\s+my\s+(?!own\s)(?:[\p{L}/&-]+\s+){0,4}?(?:exams?|capstone|thesis|dissertation|homework|assignments|coursework|course work|quizzes|midterms?|lab assignments|(?:school|university|college|class|uni)\s+projects?)\b(?!\s+(?:on my own|myself|by myself|alone)\b)`,
      String.raw`\b(?:complete|do|finish|take)\s+my\s+(?:online\s+)?(?:[\p{L}-]+\s+){0,2}?(?:course|class)\b${G(60)}\b(?:exams?|quiz(?:zes)?|assignments?)`,
      String.raw`\blog\s?in(?:to)?\b${G(20)}\b(?:my|to my)\s+(?:student|school|university|uni|college|course)\s+(?:portal|account)`,
      String.raw`\b(?:take|do|sit|complete|attempt|write|pass|finish|answer)\s+(?:for me\s+)?(?:my|his|her)\s+(?:online\s+|proctored\s+|final\s+|university\s+|college\s+)?(?:exams?|tests?|quiz(?:zes)?|midterms?|finals?|class(?:es)?|homework|assignments?|essays?|thesis|dissertation|capstone|lab reports?|coursework|research paper)\b(?!\s+(?:on my own|myself|by myself|alone)\b)`,
      String.raw`\btake\s+my\s+(?:online\s+)?course\b`,
      String.raw`\b(?:someone|expert|writer|tutor|person)\s+to\s+(?:take|do|write|complete|finish|sit)\s+(?:my|an?|the)\s+(?:online\s+|proctored\s+)?(?:exam|test|class|homework|assignment|essay|thesis|dissertation|quiz|midterm|final)\b`,
      String.raw`\b(?:exam|test|quiz|midterm)\b${G(20)}\bon\s+my\s+behalf\b`,
      String.raw`\b(?:graded|university|college|school|uni|phd|master'?s|mba)\s+(?:assignment|coursework|essay|thesis|dissertation|homework|exam)s?\b${G(50)}\b(?:(?:i|we)\s+(?:will|can|must)\s+submit|for\s+(?:me\s+to\s+)?submi(?:t|ssion)|professor|teacher|lecturer|due\s+(?:on|by|this|next|tomorrow))`,
      String.raw`\blog\s?in\b${G(20)}\b(?:my|to my)\s+(?:student|school|university|blackboard|canvas|moodle|pearson|mylab|aleks|cengage|mcgraw)`,
      String.raw`\b(?:must|should|has to|have to|needs? to|to|will)\s+pass\s+turnitin\b`,
      String.raw`\b(?:essay|assignment|coursework|thesis|dissertation|module|exam|homework|paper|chapters?|lab report)\b[^\n]{0,120}\b(?:i|we)\s+(?:will\s+|can\s+)?(?:submit|hand|turn)\s+(?:it|them)\s+(?:in\s+)?(?:myself|as mine|as my own)\b`,
    ],
    es: [
      String.raw`\b(?:hacer|haga|hagan|haz|hazme|tomar|tome|presentar|presente|rendir|rinda|realizar|realice|resolver|resuelva|hacerme)\b${G(10)}\bmis?\s+(?:ex[aá]men(?:es)?|tareas?|trabajo\s+final|tesis|clase\s+en\s+l[ií]nea|curso\s+en\s+l[ií]nea|ensayo|parcial(?:es)?|pruebas?)`,
      String.raw`\b(?:escribir|redactar|hacer)\s+mi\s+(?:tesis|ensayo|trabajo\s+final|tfg|tfm|monograf[ií]a)`,
    ],
    pt: [
      String.raw`\b(?:fazer|realizar|responder|resolver)\b${G(10)}\b(?:minhas?|meus?)\s+(?:provas?|exames?|tarefas?|trabalhos?\s+da\s+faculdade|tcc|tese|disserta[cç][aã]o|atividades?\s+da\s+faculdade|aulas?\s+online)`,
      String.raw`\b(?:escrever|redigir|fazer)\s+(?:o\s+)?meu\s+(?:tcc|trabalho\s+de\s+conclus[aã]o)`,
    ],
    fr: [
      String.raw`\b(?:passer|faire|r[ée]diger|[ée]crire)\b${G(10)}\b(?:mon|ma|mes)\s+(?:examens?|partiels?|devoirs?|m[ée]moire|th[eè]se|dissertation|cours\s+en\s+ligne)`,
    ],
    de: [
      String.raw`\b(?:schreib|mach|erledig|absolvier|schreiben|machen)\p{L}*\b${G(10)}\b(?:meine|meinen)\s+(?:Bachelorarbeit|Masterarbeit|Hausarbeit|Pr[üu]fung|Klausur|Hausaufgaben|Dissertation|Seminararbeit)`,
      String.raw`\b(?:meine|meinen)\s+(?:Bachelorarbeit|Masterarbeit|Hausarbeit|Pr[üu]fung|Klausur|Hausaufgaben|Seminararbeit)\b${G(20)}\b(?:schreiben|ablegen|erledigen|machen)`,
      String.raw`\bGhostwriter\p{L}*\s+f[üu]r\s+(?:meine\s+)?(?:Bachelor|Master|Haus|Seminar)arbeit`,
    ],
    ru: [
      String.raw`(?:сдать|решить|написать|пройти|сделать)\s+(?:за\s+меня\s+)?(?:мо\p{L}+|мне)\s+(?:экзамен|зач[её]т|курсов\p{L}*|диплом\p{L}*|реферат|контрольн\p{L}*|домашн\p{L}*|тест\p{L}*|диссертаци\p{L}*|сесси\p{L}*)`,
      String.raw`(?:написать|написание|сделать)\s+(?:курсов\p{L}*|дипломн\p{L}*|реферат\p{L}*|контрольн\p{L}*|диссертаци\p{L}*)(?:\s+работ\p{L}*)?`,
      String.raw`(?:экзамен|тест|зач[её]т)\p{L}*\s+за\s+меня`,
    ],
    zh: [String.raw`代考|代写(?:论文|作业|毕业论文)?|代做作业|代上网课|帮我(?:考试|写论文|写作业|做作业|上网课)|论文代写|考试枪手`],
    hi: [
      String.raw`(?:मेरा|मेरी|मेरे)\s*(?:ऑनलाइन\s*)?(?:परीक्षा|एग्जाम|असाइनमेंट|होमवर्क|थीसिस|शोध\s*प्रबंध)\s*(?:दे|लिख|कर|पूरा)`,
      String.raw`(?:परीक्षा|एग्जाम)\s*(?:मेरी\s*जगह|मेरे\s*बदले)`,
    ],
    bn: [String.raw`আমার\s*(?:পরীক্ষা|এক্সাম|অ্যাসাইনমেন্ট|হোমওয়ার্ক|থিসিস)\s*(?:দিয়ে|লিখে|করে)\s*(?:দিন|দিতে|দেবেন|দিবেন)`],
    ar: [
      String.raw`(?:حل|كتابة|أداء|اداء|تقديم)\s+(?:واجباتي|واجبي|امتحاني|اختباري|رسالتي|أطروحتي|بحثي)`,
      String.raw`(?:الامتحان|الاختبار|الواجب)\p{L}*\s+(?:بدلا|بدلاً|نيابة)\s+عني`,
    ],
    id: [
      String.raw`\bjoki\s+(?:tugas|skripsi|tesis|ujian|makalah|kuis|ulangan)\b`,
      String.raw`\b(?:kerjakan|mengerjakan|bikin|buatkan|tuliskan|gantikan)\b${G(10)}\b(?:tugas\s+(?:kuliah|kampus|sekolah)|ujian\s+(?:saya|online)|skripsi\s+saya|tesis\s+saya)`,
    ],
    tr: [
      String.raw`(?:ödev\p{L}*|tez\p{L}*|bitirme\s+projes\p{L}*|dönem\s+projes\p{L}*|sınav\p{L}*|final\s+projes\p{L}*|hoca\p{L}*|jüri\p{L}*|öğretmen\p{L}*)${G(200)}(?:benim\s+ad[ıi]mla|kendi\s+ad[ıi]mla|benim\s+yapm[ıi]ş[ıi]m\s+gibi|ben\s+yapm[ıi]ş[ıi]m\s+gibi)`,
      String.raw`(?:sınav\p{L}*|ödev\p{L}*)\s+(?:benim\s+)?yerime`,
    ],
  },
  forbiddenByTerms: {
    en: [
      String.raw`\bcard\s+skimm\p{L}*|\bskimmers?\b|\b(?:magstripe|card)\s+data\b${G(40)}\b(?:pin|keystrokes)`,
      String.raw`\bauto\s+sear\b|\blower\s+receiver\b|\bghost\s+gun\b|\buntraceable\s+(?:gun|firearm|files)\b|\b3d[- ]printable\s+(?:gun|firearm|rifle|pistol)`,
      String.raw`\bdeep ?fakes?\b|\bvoice\s+clon\p{L}*\s+of\s+(?:a\s+)?(?:famous|celebrity|well-known|known)|\b(?:celebrity|famous\s+(?:actor|singer|person)|elon musk|public figure)\b${G(60)}\b(?:face ?swap|voice clon\p{L}*)`,
      String.raw`\bcloaking\b${G(40)}\b(?:reviewers?|ads?|google|facebook|meta|safe page|approv\p{L}*)|\b(?:ads?|google ads|facebook ads|meta)\b${G(40)}\bcloaking\b`,
      String.raw`\b(?:bypass|evade|get past|avoid)\s+(?:the\s+)?spam\s+filters?\b`,
      String.raw`\b(?:copy|clone|replicate|identical to|exact copy of)\b${G(30)}\b(?:paypal|chase|bank of america|wells fargo|microsoft|office 365|outlook|netflix|coinbase|metamask|binance|gmail)\b${G(30)}\b(?:login|log-in|sign[- ]in|verification)\b|\b(?:login|log-in|sign[- ]in)\s+pages?\s+identical\s+to\b`,
      String.raw`\b(?:sneaker|ticket)\s+bots?\b|\bbots?\s+to\s+buy\s+(?:limited|sneakers|tickets)\b|\bauto[- ]?checkout\s+bots?\b`,
      String.raw`\b(?:sell|buy|rent|lease|borrow|purchase)\b${G(15)}\b(?:upwork|freelancer|fiverr|payoneer|paypal|stripe|amazon seller|ebay|google ads|facebook ads?|ad|adsense|verified)\s+accounts?\b`,
      String.raw`\buse\s+your\s+(?:upwork|freelancer|fiverr|payoneer|paypal|stripe|amazon seller|google ads|facebook|adsense)\s+(?:account|profile)`,
      String.raw`\b(?:fake|forged|novelty|replica|scannable)\s+(?:ids?|id cards?|passports?|driver'?s licen[cs]es?|driving licen[cs]es?|ssn|social security cards?|identity documents?)`,
      String.raw`\bpump[- ](?:and|&|n)[- ]dump\b|\bpump\s+(?:group|signals?|scheme)\b|\bshill(?:ing)?\b${G(20)}\b(?:tokens?|coins?|crypto|memecoin)`,
      String.raw`\b(?:bypass|solve|break|crack|defeat)\b${G(15)}\b(?:re)?captchas?\b|\bcaptcha\s+(?:typing|entry|solving)\s+(?:job|work)`,
      String.raw`\bhack\s+(?:into\s+)?(?:someone(?:'s|’s)?|somebody(?:'s|’s)?|an?\s+|this\s+|his\s+|her\s+|their\s+|my\s+ex(?:'s|’s)?\s+)(?:\S+\s+){0,2}?(?:instagram|facebook|whats\s?app|snapchat|gmail|email|icloud|bank|account|phone)\b`,
      String.raw`\b(?:porn|porno|pornographic|xxx|explicit (?:sexual|adult)|sexually explicit|adult (?:videos?|films?|cam|webcam|website|content|entertainment))\b`,
      String.raw`\badults?[- ]only\b|\bnsfw\b|\b(?:fully|very|graphically) explicit\b|\bexplicit\s+(?:\p{L}+\s+){0,2}?(?:animations?|loops?|scenes?|videos?|clips?|images?|photos?|art(?:work)?|drawings?|illustrations?|comics?|stories)\b|\b18\+\s*(?:only\s+)?(?:content|animations?|videos?|art|loops?|site|page|comics?|games?|stories)\b`,
      String.raw`\b(?:fud|fully undetectable)\b${G(20)}\b(?:crypter|payload|malware|rat|stealer)|\b(?:keylogger|ransomware|botnet|credential stealer|info ?stealer)\b`,
      String.raw`\b(?:aimbot|wallhack|game cheats?)\b`,
      String.raw`\bpost\s+(?:ads|listings)\s+on\s+craigslist\b`,
      String.raw`\b(?:bypass|evade|get past|get around|avoid|beat|slip past)\s+(?:the\s+)?(?:gmail(?:'s)?\s+|outlook(?:'s)?\s+|google(?:'s)?\s+|their\s+|email\s+)?spam\s+filters?\b`,
      String.raw`\b(?:replica|counterfeit|knock-?off|bootleg|fake\s+designer)\s+(?:designer\s+|brand(?:ed)?\s+|luxury\s+)?(?:sneakers|shoes|trainers|bags|handbags|purses|watches|jerseys|goods|clothing|clothes|perfumes?|sunglasses|products)\b`,
      String.raw`\b(?:post|posted|list|listed|present|presented|pass|passed|show|shown|use|used)\s+(?:them\s+|it\s+)?(?:off\s+)?as\s+(?:real|actual|genuine)\s+(?:photos|pictures|images|listings|apartments|flats|properties|homes|products)\b`,
      String.raw`\b(?:crypto|bitcoin|btc|fund|funds|asset|scam)\s+recovery\b|\b(?:recover|retrieve|get back|trace and recover)\p{L}*\b${G(30)}\b(?:stolen|lost|scammed)\s+(?:crypto|bitcoin|btc|funds|money|usdt|eth|coins)\b`,
      String.raw`\b(?:bought|purchased|rented)\s+(?:an?\s+)?(?:\d[\d,.]*k?\s+)?(?:b2b\s+)?(?:email|e-mail|mailing|contact|sms|phone)\s+(?:lists?|database|contacts)\b`,
      String.raw`\brefund(?:ing)?\s+(?:method|service|glitch|trick)s?\b`,
      String.raw`\b(?:pass|complete|do)\s+(?:the\s+)?kyc\s+(?:for|on behalf)|\bkyc\b${G(30)}\b(?:for us|on our behalf|with your (?:own\s+)?(?:id|passport|documents))`,
      // Hate symbols to wear or show (every marketplace forbids hate content); covering an old one up is honest work.
      String.raw`\b(?:ss|sig|double\s+sig)\s+(?:(?:double|lightning|bolt)\s+)*runes?\b|\b14\s*/\s*88\b|\bwhite\s+supremac\p{L}*|\bsieg\s+heil\b|\bneo-?nazi\s+(?:symbols?|tattoos?|imagery|flags?|logos?|stickers?|merch\p{L}*|designs?)\b`,
      String.raw`(?<!\b(?:hindu|buddhist|jain|sanskrit|cover(?:[- ]?up)?|covering|rework|remove|removal|hide|old|archive|archival|footage)\b${G(60)})\bswastikas?\b(?!${G(60)}\b(?:hindu|buddhist|jain|sanskrit|cover(?:[- ]?up)?|documentary|history|historical|museum))`,
    ],
    es: [
      String.raw`\b(?:vender|comprar|alquilar)\b${G(15)}\bcuentas?\s+(?:de\s+)?(?:upwork|freelancer|fiverr|paypal)`,
      String.raw`\b(?:identificaci[oó]n(?:es)?|dnis?|pasaportes?|licencias?\s+de\s+conducir|c[ée]dulas?)\s+fals[oa]s?\b`,
      String.raw`\b(?:hackear|piratear)\b${G(20)}\b(?:cuenta|instagram|facebook|whats\s?app|correo)`,
      String.raw`\bpornogr\p{L}*|\bcontenido\s+(?:para\s+adultos|sexual\s+expl[ií]cito)`,
      String.raw`\brecuperar\b${G(30)}\b(?:criptomonedas|bitcoin|fondos|dinero)\s+(?:robad|perdid)[oa]s`,
      String.raw`\brunas?\s+(?:de\s+las\s+)?ss\b|(?<!\b(?:tapar|cubrir|cover|quitar|eliminar)\p{L}*${G(60)})\besv[aá]sticas?\b(?!${G(60)}\b(?:tapar|cubrir|cover|hind[uú]|budista|documental|historia|museo))`,
    ],
    pt: [
      String.raw`\b(?:vender|comprar|alugar)\b${G(15)}\bcontas?\s+(?:d[eo]\s+)?(?:upwork|freelancer|fiverr|paypal)`,
      String.raw`\b(?:identidades?|rgs?|passaportes?|cnhs?|carteiras?\s+de\s+motorista|documentos?\s+de\s+identidade)\s+fals[oa]s?\b`,
      String.raw`\b(?:hackear|invadir)\b${G(20)}\b(?:conta|instagram|facebook|whats\s?app|e-?mail)`,
      String.raw`\bpornogr\p{L}*|\bconte[uú]do\s+adulto`,
      String.raw`\brecuperar\b${G(30)}\b(?:criptomoedas|bitcoin|fundos|dinheiro)\s+(?:roubad|perdid)[oa]s`,
      String.raw`\bruna?s?\s+(?:da\s+)?ss\b|(?<!\b(?:cobrir|cover|tapar|remover)\p{L}*${G(60)})\bsu[aá]sticas?\b(?!${G(60)}\b(?:cobrir|cover|tapar|hindu|budista|document[aá]rio|hist[oó]ria|museu))`,
    ],
    fr: [
      String.raw`\b(?:vendre|acheter|louer)\b${G(15)}\bcomptes?\s+(?:upwork|freelancer|fiverr|paypal)`,
      String.raw`\b(?:fausses?\s+(?:cartes?\s+d['’]identit[ée]|pi[eè]ces?\s+d['’]identit[ée])|faux\s+(?:passeports?|permis))`,
      String.raw`\b(?:pirater|hacker)\b${G(20)}\b(?:compte|instagram|facebook|whats\s?app|e-?mail|messagerie)`,
      String.raw`\bpornograph\p{L}*|\bcontenus?\s+(?:pour\s+)?adultes?\b`,
      String.raw`\brunes?\s+(?:des\s+)?ss\b|(?<!\b(?:recouvr|cacher|cover|retir|enlev)\p{L}*${G(60)})\bcroix\s+gamm[ée]es?\b(?!${G(60)}\b(?:recouvr|cover|hindou|bouddhis|documentaire|histoire|mus[ée]e))`,
    ],
    de: [
      String.raw`\b(?:Upwork|Freelancer|Fiverr|PayPal)[- ]?(?:Konto|Konten|Accounts?)\b${G(15)}\b(?:kaufen|verkaufen|mieten|vermieten)`,
      String.raw`\bgef[äa]lschte[nrs]?\s+(?:Ausweis\p{L}*|Reisep[äa]ss\p{L}*|F[üu]hrerschein\p{L}*)`,
      String.raw`\b(?:Instagram|Facebook|WhatsApp|E-Mail)[- ]?(?:Konto|Account)\b${G(20)}\bhacken`,
      String.raw`\bPorno\p{L}*`,
      String.raw`\b(?:SS|Sig)-?Runen\b|\bSieg[- ]Heil\b|(?<!(?:[üu]berdeck|[üu]berstech|cover|entfern)\p{L}*${G(60)})\bHakenkreuz\p{L}*(?!${G(60)}(?:[üu]berdeck|[üu]berstech|cover|entfern|Dokumentar|Geschichte|Museum))`,
    ],
    ru: [
      String.raw`(?:продать|купить|продаж|аренд)\p{L}*${G(15)}аккаунт\p{L}*\s+(?:upwork|freelancer|fiverr|paypal|апворк)`,
      String.raw`(?:поддельн|фальшив)\p{L}*\s+(?:паспорт|удостоверени|права|id)`,
      String.raw`${S}взлом\p{L}*\s+(?:чуж\p{L}*\s+)?(?:аккаунт|страниц|инстаграм|почт|ватсап|whatsapp|вк|телеграм)`,
      String.raw`${S}порно\p{L}*|${S}памп\p{L}*`,
    ],
    zh: [
      String.raw`(?:买卖|出售|购买|出租|租用)(?:\S{0,4})?(?:upwork|freelancer|fiverr|paypal)(?:账号|帐号)|假(?:身份证|护照|驾照|证件)|(?:盗号|黑进|入侵)(?:\S{0,6})?(?:账号|帐号|微信|邮箱)|色情|拉盘|割韭菜`,
    ],
    hi: [String.raw`(?:नकली|फर्जी)\s*(?:आधार|पैन\s*कार्ड|पासपोर्ट|ड्राइविंग\s*लाइसेंस|आईडी)`, String.raw`(?:अकाउंट|खाता)\s*हैक`, String.raw`अश्लील`],
    bn: [
      String.raw`(?:ভুয়া|জাল)\s*(?:এনআইডি|জাতীয়\s*পরিচয়পত্র|পাসপোর্ট|ড্রাইভিং\s*লাইসেন্স|আইডি\s*কার্ড)`,
      String.raw`(?:অ্যাকাউন্ট|একাউন্ট|আইডি)\s*হ্যাক`,
      String.raw`অশ্লীল|পর্ন`,
    ],
    ar: [
      String.raw`(?:هويات?|جوازات?|جواز\s+سفر|رخص(?:ة)?\s+قيادة|بطاقات?\s+هوية)\s+(?:مزورة|مزيفة|وهمية)`,
      String.raw`(?:اختراق|تهكير)\s+(?:حساب|انستغرام|فيسبوك|واتساب|بريد)`,
      String.raw`(?:إباحي|اباحي)\p{L}*`,
      String.raw`(?:بيع|شراء)\s+حسابات?\s+(?:upwork|freelancer|أب\s?ورك|اب\s?ورك|فريلانسر|باي\s?بال|paypal)`,
    ],
    id: [
      String.raw`\b(?:ktp|sim|paspor|id card|kartu identitas)\s+palsu\b`,
      String.raw`\b(?:hack|retas|bobol|meretas|membobol)\b${G(15)}\b(?:akun|ig|instagram|facebook|fb|whats\s?app|wa|email)\b`,
      String.raw`\b(?:jual|beli|sewa)\s+akun\s+(?:upwork|freelancer|fiverr|paypal)\b`,
      String.raw`\b(?:pornografi|porno|bokep)\b|\bjudi\s+(?:online|slot)\b|\bslot\s+gacor\b`,
    ],
  },
};

/**
 * What says no right before a hit, per language (matched on the hit's clause up to it): "we never
 * ask you to pay a registration fee", "do not contact me on WhatsApp", "no nulled themes".
 */
export const NEGATIONS: Readonly<Record<string, string>> = {
  en: String.raw`\b(?:no|not|never|don't|do not|dont|won't|will not|without|nor|isn't|aren't|avoid|n't|zero)\b`,
  es: String.raw`\b(?:no|nunca|sin|jam[aá]s|ni|evit\p{L}*)\b`,
  pt: String.raw`\b(?:n[aã]o|nunca|sem|jamais|nem|evit\p{L}*)\b`,
  fr: String.raw`\b(?:ne|n['’]|pas|jamais|sans|aucun\p{L}*|[ée]vit\p{L}*)\b`,
  de: String.raw`\b(?:nicht|nie|niemals|kein\p{L}*|ohne)\b`,
  ru: String.raw`${S}(?:не|нет|никогда|без|ни)${E}`,
  id: String.raw`\b(?:tidak|tak|bukan|jangan|tanpa|tdk|gak|nggak|ga)\b`,
  zh: String.raw`(?:不|没有|无需|无|别|勿|禁止|不要)`,
  ar: String.raw`(?:^|\s)(?:لا|لن|لم|بدون|دون|ممنوع)(?:\s|$)`,
  hi: String.raw`(?:^|\s)(?:कोई|बिना)(?:\s|$)`,
  bn: String.raw`(?:^|\s)(?:কোনো|কোন|ছাড়া)(?:\s|$)`,
};

/**
 * Words that excuse a hit of a family: in the same sentence, or (`post`) anywhere in the post.
 * "Complete the test task to get hired" is not unpaid work when the post says the test is paid.
 */
export const RISK_EXCUSES: Partial<Record<PhraseCode, ReadonlyArray<{ source: string; post?: true }>>> = {
  upfrontFee: [
    {
      // "we will reimburse it with the first milestone", not "reimbursed after 10 jobs".
      source: String.raw`\b(?:we|client|the company)\s+(?:will\s+)?(?:reimburse|cover|pay for)\s+(?:it|this|that|the\s+\p{L}+)\b(?!${G(40)}\bafter\s+(?:your\s+)?(?:\d+|first|ten|five|\p{L}+)\s+(?:jobs|tasks|projects|orders|scripts))`,
      post: true,
    },
  ],
  unpaidWork: [
    {
      source: String.raw`\bpaid\s+(?:[\p{L}\d-]+\s+){0,2}?(?:test|trial|sample|task|assignment|take[- ]home)|\bat\s+(?:your|their|our|the)\s+(?:usual|normal|standard|full|hourly)\s+rate\b|\b(?:test|trial|sample|task|assignment|take[- ]home)\p{L}*${G(30)}\b(?:is|are|will be|gets?|get)\s+(?:fully\s+)?(?:paid|compensated|billed)\b|\bwe\s+(?:will\s+)?pay\s+(?:you\s+)?for\s+(?:the\s+|your\s+)?(?:test|trial|sample)|\b(?:prueba|tarea)\s+(?:pagada|remunerada)|\b(?:teste|tarefa)\s+(?:pag[oa]|remunerad[oa])|\btest\s+(?:r[ée]mun[ée]r[ée]|pay[ée])|\bbezahlte[nrs]?\s+(?:Test|Probe)|${S}оплачиваем\p{L}*\s+(?:тест|задани)|(?:付费|有偿)(?:试稿|测试)|\btes\s+berbayar`,
      post: true,
    },
  ],
  offPlatform: [
    {
      source: String.raw`\b(?:after|once)\b${G(25)}\b(?:contract|hired|hiring|hire you|award(?:ed|ing)?|offer is accepted|the project starts)`,
    },
  ],
  fakeEngagement: [
    {
      source: String.raw`\b(?:real|genuine|verified|actual|happy|existing)\s+(?:customers|buyers|users|clients|guests|patients)\b|\b(?:review|rating)s?\s+(?:widget|section|page|schema|system|module|feature|management|request|carousel|slider|badge)|\b(?:reply|respond)(?:ing)?\s+to\s+(?:reviews|comments)`,
    },
  ],
  piracy: [
    {
      source: String.raw`\b(?:licensed|legit(?:imate)?|genuine|official)\s+(?:copy|version|licen[cs]e|one|theme|plugin)|\breplace\b|\b(?:our own|our in-house|we own)\b`,
    },
  ],
  surveillance: [
    {
      // An authorised security review of the client's own domains looks for its leaked credentials: that is the work.
      source: String.raw`\bauthori[sz]ed\b${G(40)}\b(?:our|the client['’]s)\s+(?:own\s+)?(?:domains?|systems|company|organi[sz]ation|employees)\b|\b(?:our|the client['’]s)\s+(?:own\s+)?domains?\s+only\b`,
      post: true,
    },
  ],
  checkEvasion: [{ source: String.raw`\b(?:dispute|false|wrongful|mistaken)\s+(?:content ?id\s+|copyright\s+)?(?:claims?|strikes?)` }],
  forbiddenByTerms: [
    {
      source: String.raw`\b(?:detect|moderat|classif|protect|prevent|against)\p{L}*|\b(?:filter|block|remov|flag)\p{L}*\s+(?:\p{L}+\s+){0,2}?(?:nsfw|adult|explicit|porn\p{L}*|content|images|uploads|videos)|${S}(?:модерац|защит|удал)\p{L}*|审核|过滤`,
    },
  ],
  academicCheating: [
    {
      source: String.raw`\b(?:proofread\p{L}*|copy-?edit\p{L}*|format(?:ting)?|tutor\p{L}*|translat\p{L}*|teach\p{L}*|explain\p{L}*|coach\p{L}*)\b`,
    },
  ],
};
