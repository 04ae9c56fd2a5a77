/**
 * The work a post asks for against the money it offers, as data (`scope.ts` reads it):
 *
 * - **Big deliverables**: what a post asks to be built or made whole (a full online store, a
 *   mobile app for both platforms, a clone of a known marketplace, a complete brand identity, a
 *   feature film edit), each with the least it costs at the trade's floor in US dollars. A fixed
 *   budget under the sum of what is asked raises `scopeOverBudget`.
 * - **Books over years**: "five years of books for 20 companies" costs at least a floor per company
 *   and year.
 * - **Price per item**: dozens of deliverables of a trade ("100 SEO articles at $1 each", "50 logos
 *   for $100", "1000 product descriptions" on a $50 budget) against the trade's floor per item.
 *
 * Floors are deliberately low (what the cheapest honest freelancer of the trade would still take),
 * so a post under them is far below the market, not merely cheap. Sources are regular expressions
 * matched case-insensitively (Unicode); `G` is "more words of the same sentence".
 */

const G = (n: number) => String.raw`[^.!?;\n。！？；]{0,${n}}`;

/** Verbs that ask for something to be made (a deliverable only counts after one of these). */
const MAKE = String.raw`(?:build|create|develop|design|make|code|program|set ?up|launch|deliver|need|want|looking for|construir|crear|desarrollar|dise[ñn]ar|hacer|criar|desenvolver|fazer|cr[ée]er|d[ée]velopper|r[ée]aliser|concevoir|erstellen|entwickeln|bauen|programmieren|gestalten|buat|bikin|membuat|mengembangkan|разработать|создать|сделать|сверстать|нужн\p{L}*|开发|制作|做一个|搭建|建立|बनाना|बनाएं|तैयार)`;

/** Known marketplaces and apps a post asks to be cloned. */
const KNOWN_APPS = String.raw`(?:uber|uber ?eats|airbnb|amazon|ebay|etsy|fiverr|upwork|tiktok|instagram|facebook|whats\s?app|netflix|spotify|youtube|twitter|doordash|booking\.com|zillow|tinder|bumble|linkedin|flipkart|alibaba|aliexpress|daraz|shopee|tokopedia|gojek|grab|zomato|swiggy|udemy|coursera|slack|zoom|discord|snapchat|pinterest|reddit|twitch|robinhood|coinbase|binance|cash ?app|venmo|canva|notion|trello|deliveroo|instacart|postmates|lyft|careem|talabat|olx|craigslist|wechat|taobao|meituan|didi)`;
/** Known games a post asks to be cloned or matched ("a game like Fortnite"): each took a studio years. */
const KNOWN_GAMES = String.raw`(?:genshin(?: impact)?|fortnite|minecraft|gta(?: v| 5)?|grand theft auto|pubg|roblox|clash of clans|clash royale|candy crush|among us|call of duty|valorant|league of legends|world of warcraft|apex legends|free fire|pok[eé]mon go|stardew valley|animal crossing|rust|dayz|elden ring|the sims)`;
const LIKE = String.raw`(?:like|similar to|same as|just like|exactly like|style of|como|igual a|parecid[oa] a|tipo|semelhante a|comme|similaire [àa]|wie|[äa]hnlich wie|seperti|mirip|как|типа|аналог|类似|像)`;

export interface Deliverable {
  id: string;
  /** The marketplace category it belongs to (for reports and for tuning floors per trade). */
  category: 'development' | 'design' | 'finance' | 'video' | 'writing';
  /** The least it costs at the trade's floor (USD). */
  floorUsd: number;
  /** Deliverables of one group are one piece of work (a clone of a marketplace is also a full store): only the dearest counts. */
  group?: string;
  /** Regular-expression sources; any one raises it. */
  phrases: readonly string[];
}

export const DELIVERABLES: readonly Deliverable[] = [
  {
    id: 'clone',
    category: 'development',
    group: 'build',
    floorUsd: 3000,
    phrases: [
      String.raw`\b${KNOWN_APPS}[- ]?(?:clone|copy|replica)\b`,
      String.raw`\b(?:clone|copy|replica)\s+(?:of\s+)?${KNOWN_APPS}\b`,
      String.raw`\b${KNOWN_APPS}[- ](?:like|style)\s+(?:app|application|platform|website|site|marketplace|social network|store|service)`,
      String.raw`\b(?:app|application|platform|website|web ?site|site|marketplace|social network|e-?commerce(?:\s+(?:site|website|store|platform))?|aplicaci[oó]n|aplicativo|plataforma|sitio|plateforme|Plattform|aplikasi|situs|приложение|платформ\p{L}*|сайт)\s+${LIKE}\s+${KNOWN_APPS}\b`,
      String.raw`\b(?:clone|copy|replica|remake)\s+(?:of\s+)?${KNOWN_GAMES}\b|\b${KNOWN_GAMES}[- ]?(?:clone|copy|replica)\b`,
      String.raw`\b(?:game|rpg|mmo|shooter|juego|jogo|jeu|spiel|игр\p{L}*)\s+(?:\p{L}+\s+)?${LIKE}\s+${KNOWN_GAMES}\b`,
    ],
  },
  {
    id: 'bigGame',
    category: 'development',
    group: 'build',
    floorUsd: 5000,
    phrases: [
      String.raw`\b(?:full|complete|entire|whole)\s+(?:[\p{L}-]+\s+){0,2}?(?:mmorpg|mmo|open[- ]world|battle royale)\b`,
      String.raw`\b${MAKE}\b${G(40)}\b(?:mmorpg|mmo rpg|massively multiplayer)\b`,
      String.raw`\b(?:juego|jogo|jeu)\s+(?:completo|complet|de mundo abierto|de mundo aberto|en monde ouvert)\b${G(20)}\b(?:mmorpg|mundo abierto|mundo aberto|monde ouvert)`,
    ],
  },
  {
    id: 'fullGame',
    category: 'development',
    group: 'build',
    floorUsd: 1500,
    phrases: [
      String.raw`\b${MAKE}\b${G(30)}\b(?:full|complete|entire|whole)\s+(?:[\p{L}-]+\s+){0,3}?(?:game|rpg|shooter|platformer|juego|jogo|jeu|Spiel)\b`,
    ],
  },
  {
    id: 'socialNetwork',
    category: 'development',
    group: 'build',
    floorUsd: 3000,
    phrases: [String.raw`\b${MAKE}\b${G(30)}\b(?:full|complete|entire|whole)\s+(?:\S+\s+)?social (?:network|media (?:platform|app))`],
  },
  {
    id: 'fullStore',
    category: 'development',
    group: 'build',
    floorUsd: 600,
    phrases: [
      String.raw`\b${MAKE}\b${G(30)}\b(?:full|complete|entire|whole|fully[- ]functional|full[- ]featured)\s+(?:custom\s+)?(?:\S+\s+)?(?:online (?:store|shop)|e-?commerce (?:store|site|website|platform|shop)|webshop|web shop|shopify store|woocommerce store|multi-?vendor marketplace|marketplace (?:website|platform))`,
      String.raw`\b(?:tienda|loja|boutique)\s+(?:online|virtual|en ligne)\s+(?:completa|compl[eè]te)`,
      String.raw`\bkompletten?\s+(?:Online-?Shop|Webshop)`,
      String.raw`\b(?:toko online|website e-?commerce)\s+(?:lengkap|full)\b`,
      String.raw`(?:полноценн\p{L}*|полн\p{L}*)\s+интернет-магазин`,
      String.raw`完整(?:的)?(?:电商|网店|商城)`,
    ],
  },
  {
    id: 'customTheme',
    category: 'development',
    floorUsd: 500,
    phrases: [
      String.raw`\b(?:custom|bespoke|unique)\s+(?:shopify|wordpress|wp|woocommerce|magento|ghost)?\s*theme\s+(?:built\s+)?from\s+scratch`,
      String.raw`\b(?:build|develop|create|code)\b${G(20)}\b(?:a|an|our)\s+(?:full(?:y)?\s+|complete\s+)?custom\s+(?:shopify|wordpress|wp|woocommerce|magento)\s+theme\b`,
      String.raw`\b(?:full|complete|entire)\s+custom\s+(?:shopify|wordpress|wp|woocommerce|magento)?\s*theme\b`,
    ],
  },
  {
    id: 'platformApp',
    category: 'development',
    floorUsd: 500,
    phrases: [
      String.raw`\b(?:build|develop|create|code)\b${G(25)}\b(?:a|an|our)\s+(?:custom\s+|private\s+|public\s+)?(?:shopify|bigcommerce|wordpress|woocommerce)\s+(?:app|plugin)\b`,
      String.raw`\b(?:plus|and|with|also)\s+(?:a|an)\s+(?:custom\s+)?(?:loyalty|rewards|referral|subscription)\s+(?:app|program(?:me)? app|system|plugin)\b`,
    ],
  },
  {
    id: 'mobileApp',
    category: 'development',
    group: 'build',
    floorUsd: 1500,
    phrases: [
      String.raw`\b(?:build|develop|create|make|code)\b${G(30)}\b(?:full|complete|entire|whole|fully[- ]functional|production[- ]ready)\s+(?:\S+\s+){0,2}?(?:mobile\s+)?app(?:lication)?\b${G(30)}\b(?:ios\s+and\s+android|android\s+and\s+ios|both\s+platforms|ios\s*/\s*android|android\s*/\s*ios)`,
      String.raw`\b(?:build|develop|create|make|code)\b${G(30)}\b(?:full|complete|entire|whole|fully[- ]functional|production[- ]ready)\s+(?:ios\s+and\s+android|android\s+and\s+ios|cross[- ]platform|flutter|react native|native)\s+(?:mobile\s+)?app`,
      String.raw`\b(?:build|develop|create|make)\b${G(20)}\b(?:a|an|the|our)\s+(?:new\s+)?(?:ios\s+and\s+android|android\s+and\s+ios)\s+(?:mobile\s+)?app\b${G(30)}\bfrom\s+scratch`,
      String.raw`\b(?:aplicaci[oó]n|aplicativo|app)\s+(?:m[oó]vil\s+|mobile\s+)?completa?o?\s+(?:para\s+)?(?:ios\s+y\s+android|android\s+y\s+ios|ios\s+e\s+android|android\s+e\s+ios)`,
      String.raw`\b(?:application|appli)\s+(?:mobile\s+)?compl[eè]te\s+(?:pour\s+)?(?:ios\s+et\s+android|android\s+et\s+ios)`,
      String.raw`\baplikasi\s+(?:mobile\s+)?(?:lengkap|full)\s+(?:untuk\s+)?(?:ios\s+dan\s+android|android\s+dan\s+ios)`,
      String.raw`(?:полноценн\p{L}*|полн\p{L}*)\s+(?:мобильн\p{L}*\s+)?приложени\p{L}*\s+(?:для\s+)?(?:ios\s+и\s+android|android\s+и\s+ios)`,
    ],
  },
  {
    id: 'businessSystem',
    category: 'development',
    group: 'build',
    floorUsd: 1500,
    phrases: [
      String.raw`\b(?:build|develop|create|code)\b${G(25)}\b(?:a|an|our)\s+(?:full|complete|entire|custom)\s+(?:erp|crm|lms|hrms|pos|saas|booking|ride[- ]hailing|food delivery|telemedicine)\s+(?:system|software|platform|app|application)\b`,
      String.raw`\b(?:full|complete|entire)\s+(?:erp|crm|lms|hrms|saas|ride[- ]hailing|food delivery|telemedicine)\s+(?:system|software|platform)\s+from\s+scratch`,
    ],
  },
  {
    id: 'dataWarehouse',
    category: 'development',
    group: 'build',
    floorUsd: 2000,
    phrases: [String.raw`\b(?:enterprise|complete|full|entire)\s+data\s+(?:warehouse|platform|lakehouse)\b`],
  },
  {
    id: 'platformImplementation',
    category: 'development',
    floorUsd: 2500,
    phrases: [
      // A CRM or ERP rolled out whole: "implement Sales Cloud, Service Cloud and CPQ from scratch for 200 users".
      String.raw`\b(?:full|complete|entire|end-to-end)\s+(?:salesforce|hubspot|dynamics(?: 365)?|netsuite|odoo|sap|zoho|crm|erp)\s+(?:implementation|rollout|setup|set-up)\b`,
      String.raw`\b(?:implement|roll out|set up|deploy)\p{L}*\b${G(60)}\bfrom scratch\s+for\s+\d{2,}[\d,]*\s+(?:users|seats|employees|staff|agents)\b`,
      String.raw`\b(?:implementaci[oó]n|implanta[cç][aã]o|impl[ée]mentation|Einf[üu]hrung)\s+(?:completa|compl[eè]te|kompletten?)?\s*(?:de |d['’]un |des |eines )?(?:salesforce|crm|erp|sap|odoo)\b`,
    ],
  },
  {
    id: 'buildingDocuments',
    category: 'design',
    floorUsd: 2500,
    phrases: [
      // A whole building drawn: "complete BIM model and construction documents for a 20-storey tower".
      String.raw`\b(?:complete|full|entire)\s+(?:bim|revit)\s+(?:model|models)\b${G(80)}\b\d{1,3}[- ](?:storey|story|floor)\b`,
      String.raw`\b(?:architectural|structural)\s*(?:,|and)\s*(?:structural\s*(?:,|and)\s*)?mep\s+(?:revit\s+|bim\s+)?models?\b`,
      String.raw`\b(?:full|complete)\s+(?:set of\s+)?construction\s+(?:documents|drawings)\b${G(60)}\b(?:tower|high-rise|hospital|mall|\d{2,}[- ](?:unit|storey|story|floor))\b`,
    ],
  },
  {
    id: 'hardwareProduct',
    category: 'development',
    floorUsd: 1500,
    phrases: [String.raw`\bhardware\s*(?:\+|and|&)\s*firmware\b`, String.raw`\b(?:to|for|ready for|through)\s+mass\s+production\b`],
  },
  {
    id: 'financialModel',
    category: 'finance',
    floorUsd: 150,
    phrases: [
      String.raw`\b(?:financial|3-statement|three-statement)\s+model\b`,
      String.raw`финансов\p{L}*\s+модел`,
      String.raw`\bmodelo\s+financiero\b`,
    ],
  },
  {
    id: 'brandIdentity',
    category: 'design',
    floorUsd: 300,
    phrases: [
      String.raw`\b(?:complete|full|entire|whole)\s+(?:brand(?:ing)?\s+identity|branding\s+(?:package|kit)|brand\s+(?:book|guidelines|package|kit))`,
      String.raw`\b(?:identidad|identidade)\s+(?:de\s+marca|visual)\s+complet[ao]`,
      String.raw`\bidentit[ée]\s+(?:de\s+marque|visuelle)\s+compl[eè]te`,
      String.raw`\bkomplette[ns]?\s+(?:Corporate\s+Design|Markenidentit[äa]t)`,
      String.raw`(?:полн\p{L}*|полноценн\p{L}*)\s+(?:фирменн\p{L}*\s+стил|брендбук)`,
      String.raw`هوية\s+(?:بصرية|تجارية)\s+(?:كاملة|متكاملة)`,
    ],
  },
  {
    id: 'securityTest',
    category: 'development',
    floorUsd: 800,
    phrases: [
      String.raw`\b(?:full|complete|comprehensive|entire)\s+(?:\p{L}+\s+)?(?:penetration test(?:ing)?|pen-?test(?:ing)?|security audit)\b`,
      String.raw`\b(?:pen-?test|penetration test)\p{L}*\s+(?:my|our|the)\s+(?:\p{L}+\s+)?(?:website|web ?app|app|application|network|site)\s+(?:fully|completely|entirely)\b`,
      String.raw`\b(?:pen-?test|penetration test)\p{L}*\s+of\s+(?:\d+|two|three|four|five)\s+(?:web\s+)?(?:apps|applications|sites|websites)\b`,
    ],
  },
  {
    id: 'certificationProgramme',
    category: 'development',
    floorUsd: 2000,
    phrases: [
      String.raw`\b(?:ready|readiness|prepare|preparation|implement\p{L}*|get)\b${G(30)}\b(?:iso ?27001|soc ?2(?: type (?:ii|2))?|hipaa|pci[- ]dss)\s+(?:certification|audit|compliance)\b`,
    ],
  },
  {
    id: 'featureFilm',
    category: 'video',
    floorUsd: 1500,
    phrases: [
      String.raw`\b(?:edit|editing|cut|post-?produce|color grade|grade)\b${G(40)}\b(?:feature[- ](?:length\s+)?(?:film|movie|documentary)|full[- ]length\s+(?:film|movie|documentary)|(?:[6-9]\d|1\d\d)[- ]min(?:ute)?s?\s+(?:film|movie|documentary|feature))`,
      String.raw`\b(?:feature[- ](?:length\s+)?(?:film|movie|documentary)|full[- ]length\s+(?:film|movie|documentary))\b${G(40)}\b(?:edit|editing|editor|post-?production|color grad)`,
      String.raw`\b(?:montaje|edici[oó]n|editar)\b${G(30)}\b(?:largometraje|pel[ií]cula\s+completa)`,
      String.raw`(?:монтаж|смонтировать)${G(30)}полнометражн`,
    ],
  },
  {
    id: 'animatedSeries',
    category: 'video',
    floorUsd: 2000,
    phrases: [
      String.raw`\b${MAKE}\b${G(30)}\b(?:animated|animation|cartoon)\s+(?:[\p{L}-]+\s+){0,2}?series\b`,
      String.raw`\b${MAKE}\b${G(30)}\bseries\b${G(30)}\b(?:\d{1,2}|ten|twelve|twenty)\s+(?:animated\s+)?episodes\b`,
      String.raw`\b(?:serie|s[ée]rie)\s+(?:de\s+)?(?:animaci[oó]n|anima[cç][aã]o|anim[ée]e|animada)\b`,
    ],
  },
];

/** Books over years: the least one company-year of catch-up bookkeeping costs (USD). */
/**
 * The post says its budget is not what the work is paid, per language: open to offers ("budget is
 * negotiable"), or ad spend with the fee apart ("our budget for ads is fixed; your fee is separate").
 * Work cannot be far beyond money the client has not fixed, so neither scope reading counts then, and
 * the budget over a count is no price per item (a price the post states for each item still is). A
 * word of no ("not negotiable", "no es negociable") breaks every phrase, so those posts still count.
 */
export const BUDGET_NOT_THE_PAY: Readonly<Record<string, string>> = {
  en: String.raw`\b(?:budget|price|rate|fee|pay)s? (?:is |are )?(?:negotiable|flexible|open)\b|\bopen to (?:offers|proposals|quotes|bids)\b|\b(?:your|the) (?:fee|rate|pay) is (?:separate|on top|extra|not included|paid separately)\b|\bbudget for ads\b|\bad (?:spend|budget) is (?:separate|fixed|not included)\b`,
  es: String.raw`\b(?:presupuesto|precio|tarifa) (?:es )?(?:negociable|flexible|a convenir)\b|\babiert[oa]s? a (?:ofertas|propuestas)\b|\btus? (?:honorarios|tarifa) (?:son |es |va |van )?aparte\b|\bpresupuesto (?:para|de) (?:anuncios|publicidad)\b`,
  pt: String.raw`\b(?:or[çc]amento|pre[çc]o|valor) (?:é )?(?:negoci[áa]vel|flex[íi]vel|a combinar)\b|\babert[oa]s? a (?:ofertas|propostas)\b|\b(?:seus honor[áa]rios|sua taxa) (?:s[ãa]o |é )?(?:à|a) parte\b|\bor[çc]amento (?:para|de) an[úu]ncios\b`,
  fr: String.raw`\b(?:budget|prix|tarif) (?:est )?(?:n[ée]gociable|flexible|[àa] discuter)\b|\bouverts? aux (?:offres|propositions)\b|\bvos honoraires sont (?:[àa] part|en sus)\b|\bbudget (?:publicitaire|pour les annonces)\b`,
  de: String.raw`\b(?:budget|preis) (?:ist )?(?:verhandelbar|flexibel|verhandlungssache)\b|\boffen f[üu]r angebote\b|\b(?:ihr|dein) honorar (?:ist |wird )?(?:separat|extra)\b|\bwerbebudget\b`,
  ru: String.raw`(?:бюджет|цена|оплата) (?:обсуждается|договорн\p{L}*|гибк\p{L}*|по договор[её]нности)|открыт\p{L}* (?:к|для) предложени\p{L}*|(?:ваш\p{L}* )?гонорар отдельно|рекламн\p{L}* бюджет`,
  id: String.raw`\b(?:budget|anggaran|harga|fee) (?:bisa |dapat )?(?:nego|negosiasi|fleksibel)\b|\bterbuka untuk penawaran\b|\bfee (?:jasa )?(?:terpisah|di luar)\b|\bbudget iklan\b`,
  zh: String.raw`(?:预算|价格|价钱|报酬)(?:可以|可)?(?:商量|商议|议|谈|面议)|(?:预算|价格)灵活|欢迎报价|广告预算|服务费另(?:算|付|计)`,
  ar: String.raw`(?:الميزانية|السعر|الأجر) قابل(?:ة)? للتفاوض|ميزانية مرنة|منفتحون على العروض|ميزانية الإعلانات|أتعابك منفصلة`,
  hi: String.raw`(?:बजट|कीमत|दाम) (?:पर )?(?:बातचीत|मोलभाव|नेगोशिएबल|लचीला)|विज्ञापन बजट|आपकी फीस अलग`,
  bn: String.raw`(?:বাজেট|দাম|মূল্য) (?:আলোচনা সাপেক্ষে|নমনীয়|আলোচনাসাপেক্ষ)|বিজ্ঞাপন বাজেট|আপনার ফি আলাদা`,
};

export const BOOKS_PER_COMPANY_YEAR_USD = 100;
export const BOOKS_YEARS = String.raw`\b(?<years>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|several)\s+years?\s+(?:of\s+|worth of\s+)?(?:\p{L}+\s+){0,2}?(?:books|bookkeeping|accounting|accounts|financials|financial records|records|transactions|tax returns|reconciliations?|catch[- ]?up)\b`;
export const BOOKS_COMPANIES = String.raw`\b(?:for|across|of)\s+(?<companies>\d{1,4}|two|three|four|five|six|seven|eight|nine|ten|several|multiple)\s+(?:\p{L}+\s+){0,2}?(?:companies|businesses|entities|clients|llcs|firms|stores|restaurants|properties)\b`;

export interface ItemTrade {
  id: string;
  category: 'writing' | 'design' | 'video' | 'development' | 'translation';
  /** The least one item costs at the trade's floor (USD). */
  floorUsd: number;
  /** The item's noun, plural forms, per language (a regular-expression source, no groups). */
  nouns: string;
  /** The post must also match this for the noun to count (pages count only in a translation post). */
  requires?: string;
  /** Reading each item is the work (a contract review is paid per contract), so "review 200 contracts" counts them. */
  readIsWork?: boolean;
  /** Verbs right before the count that are this trade's work, not an input ("upload 5000 products" for a lister). */
  workBefore?: string;
  /** The least a word of each item costs, when the post gives the items' length ("2,000 words each"). */
  perWordUsd?: number;
  /** The least a minute of each item costs, when the post gives the items' length ("3-4 minutes each", "90 sec"). */
  perMinuteUsd?: number;
  /** A dearer kind of the same item, when the post asks for it: its words, its floor and its floor a minute. */
  richer?: { when: string; floorUsd: number; perMinuteUsd?: number };
  /**
   * Words of the post that make the items one bulk job rather than so many pieces of work (products
   * imported from a spreadsheet into a shop or an ERP): then the count is no price per item.
   */
  bulkWhen?: string;
  /**
   * The item's noun in the singular, as a rate names it ("₱250 per story", "₹800 per endpoint"): a rate
   * stated anywhere in the post prices the counted items, not only in the count's sentence.
   */
  unit?: string;
}

/** Fewer items than this are a small job, not a price per item. */
export const MIN_ITEMS = 5;

export const ITEM_TRADES: readonly ItemTrade[] = [
  {
    id: 'productDescription',
    category: 'writing',
    floorUsd: 1,
    nouns: String.raw`product descriptions|descriptions|descripciones(?: de productos?)?|descri[cç][oõ]es(?: de produtos?)?|descriptions produits?|Produktbeschreibungen|описани\p{L}* товаров|deskripsi produk|产品描述|商品描述`,
  },
  {
    id: 'article',
    category: 'writing',
    floorUsd: 5,
    // A content mill's least: $4 for 1,000 words.
    perWordUsd: 0.004,
    nouns: String.raw`articles|blog posts|blog articles|posts for (?:our|my) blog|essays|art[ií]culos|artigos|Artikel|Blogartikel|Blogbeitr[äa]ge|стат\p{L}*|artikel|篇(?:SEO)?文章|文章|लेख|আর্টিকেল|নিবন্ধ|مقالات|مقالة`,
  },
  {
    id: 'logo',
    category: 'design',
    floorUsd: 10,
    nouns: String.raw`logos|logo designs|logotipos|logotipo|logomarcas|Logos|логотип\p{L}*|logo|个logo|个标志|लोगो|লোগো|شعارات`,
  },
  {
    // A formal patent drawing sheet (views, numerals, margins to the office's rules): the cheapest
    // drafting shops still ask ~$15 a sheet.
    id: 'patentSheet',
    category: 'design',
    floorUsd: 15,
    nouns: String.raw`drawing sheets|sheets|patent drawings|drawings|figures|hojas|folhas|feuilles|Bl[äa]tter|Zeichnungen|gambar`,
    unit: String.raw`sheet|drawing|figure|hoja|folha|feuille|Blatt|Zeichnung|gambar`,
    requires: String.raw`\bpatent|\buspto\b|\bpaten\b|\bbrevet|\bpatente|\bdpma\b|\bgebrauchsmuster|desain industri`,
  },
  {
    // A photoreal 3D view (a scene modelled, lit, rendered and retouched): a day's work or more; the
    // cheapest studios still ask ~$25 a view.
    id: 'renderView',
    category: 'design',
    floorUsd: 25,
    nouns: String.raw`3d renders|renders|renderings|render views|3d views|exterior views|interior views|views|cgis|room scenes|vistas|rendus|Renderings`,
    unit: String.raw`view|render|rendering|cgi|vista|rendu`,
    requires: String.raw`\brender|\bcgi|\barchviz|\bvisuali[sz]|\bv-?ray\b|\bcorona\b|\blumion\b|\btwinmotion\b|\b3ds ?max\b|\benscape\b`,
  },
  {
    id: 'illustration',
    category: 'design',
    floorUsd: 5,
    nouns: String.raw`illustrations|drawings|ilustraciones|ilustra[cç][oõ]es|Illustrationen|иллюстраци\p{L}*|ilustrasi|插画|插图`,
  },
  {
    id: 'shortVideo',
    category: 'video',
    floorUsd: 2,
    nouns: String.raw`shorts|reels|tiktoks|short videos|short clips|clips`,
  },
  {
    id: 'videoEdit',
    category: 'video',
    floorUsd: 5,
    perMinuteUsd: 1,
    // An animated video is drawn and moved frame by frame, not cut: the cheapest still ask ~$20 a minute.
    richer: {
      when: String.raw`\banimated (?:explainer|video|videos|series|shorts?|cartoons?|films?|ads?|lessons?)|\banimation (?:videos?|series)|\bexplainer videos?|\bwhiteboard|\bmotion graphics videos?|\bcartoons?\b|\b[23]d animat|animaci[oó]n|anima[cç][aã]o|анимац|animasi|动画`,
      floorUsd: 40,
      perMinuteUsd: 20,
    },
    nouns: String.raw`videos|video edits|youtube videos|v[ií]deos|vid[ée]os|Videos|видео(?:роликов)?|роликов|video|个视频|条视频|视频|वीडियो|ভিডিও|فيديوهات`,
  },
  {
    id: 'thumbnail',
    category: 'design',
    floorUsd: 2,
    nouns: String.raw`thumbnails|miniaturas|miniatures|Thumbnails|превью|обложек|缩略图|封面`,
  },
  {
    id: 'website',
    category: 'development',
    floorUsd: 50,
    nouns: String.raw`websites|web ?sites|landing pages|sitios web|p[aá]ginas web|sites web|Webseiten|Websites|сайтов|website|网站`,
  },
  {
    id: 'app',
    category: 'development',
    floorUsd: 200,
    // Not bare "applications": "screen 200 applications" is a recruiter's reading (job applications).
    nouns: String.raw`mobile apps|apps|mobile applications|web applications|ios applications|android applications|aplicaciones|aplicativos|applications mobiles|приложений|aplikasi|个应用|个app`,
  },
  {
    id: 'dashboard',
    category: 'development',
    floorUsd: 10,
    nouns: String.raw`dashboards|power bi dashboards|tableau dashboards|excel reports|reports`,
  },
  {
    id: 'engineeringDesign',
    category: 'development',
    floorUsd: 20,
    nouns: String.raw`pcb designs|pcb layouts|dcf models|financial models|valuations`,
  },
  {
    id: 'model',
    category: 'design',
    floorUsd: 5,
    nouns: String.raw`cad models|3d product models|3d models|simple cad models|cad drawings|modelos 3d|mod[eè]les 3d|3D-Modelle`,
  },
  {
    id: 'episode',
    category: 'video',
    floorUsd: 5,
    nouns: String.raw`podcast episodes|episodes|episodios|episódios|épisodes`,
  },
  {
    id: 'audiobook',
    category: 'video',
    floorUsd: 200,
    nouns: String.raw`full audiobooks|audiobooks`,
  },
  {
    id: 'lead',
    category: 'writing',
    floorUsd: 0.02,
    nouns: String.raw`verified leads|leads|verified contacts|contacts`,
  },
  {
    id: 'meeting',
    category: 'writing',
    floorUsd: 5,
    nouns: String.raw`booked meetings|meetings|appointments`,
  },
  {
    id: 'screen',
    category: 'design',
    floorUsd: 5,
    nouns: String.raw`mobile app screens|app screens|ui screens|screens|pantallas|telas|[ée]crans`,
    // An operator screen of a plant (graphics bound to PLC tags, alarms, faceplates) is hours of
    // engineering each: the cheapest integrators still ask ~$20 a screen.
    richer: { when: String.raw`\bhmi\b|\bscada\b|wincc|tia portal|factorytalk|intouch|\bplc\b`, floorUsd: 20 },
  },
  {
    id: 'companyValuation',
    category: 'writing',
    floorUsd: 20,
    nouns: String.raw`listed companies|companies|stocks`,
    requires: String.raw`\bdcf\b|valuation|financial model`,
  },
  {
    id: 'finishedHour',
    category: 'video',
    floorUsd: 25,
    nouns: String.raw`finished hours|finished audio hours|horas terminadas`,
  },
  {
    id: 'managedBrand',
    category: 'writing',
    floorUsd: 20,
    nouns: String.raw`brands|clients|ad accounts`,
    requires: String.raw`\bmanag|\bads\b|campaign|social media|\bseo\b`,
  },
  {
    id: 'campaign',
    category: 'writing',
    floorUsd: 20,
    nouns: String.raw`campaigns|ad campaigns|campa[ñn]as`,
  },
  {
    id: 'backlink',
    category: 'writing',
    floorUsd: 5,
    nouns: String.raw`backlinks|high da backlinks|guest posts|dofollow links`,
  },
  {
    id: 'contract',
    category: 'writing',
    floorUsd: 15,
    nouns: String.raw`contract templates|commercial contracts|contracts|agreements|legal documents|contratos|contrats|Vertr[äa]ge|договоров`,
    readIsWork: true,
  },
  {
    id: 'gameLevel',
    category: 'development',
    floorUsd: 15,
    nouns: String.raw`game levels|levels|niveles|n[ií]veis|niveaux|Level`,
    requires: String.raw`\b(?:game|unity|unreal|godot|juego|jogo|jeu|spiel)`,
  },
  {
    id: 'grantProposal',
    category: 'writing',
    floorUsd: 100,
    nouns: String.raw`grant applications|grant proposals|solicitudes de subvenci[oó]n|propuestas de subvenci[oó]n|propostas de subven[cç][aã]o|demandes de subvention|dossiers de subvention|F[öo]rderantr[äa]ge`,
  },
  {
    id: 'hire',
    category: 'writing',
    floorUsd: 40,
    nouns: String.raw`staff|hires|employees|positions|vacancies|roles|placements|empleados|vacantes|vagas|postes|Stellen|Mitarbeiter`,
    requires: String.raw`\brecruit|\bhir(?:e|ing)\b|\bfill\b|\breclut|\brecrut|\bcontratar|\beinstellen`,
  },
  {
    id: 'testCase',
    category: 'development',
    floorUsd: 1,
    nouns: String.raw`test cases|test scripts|casos de prueba|casos de teste|cas de test|Testf[äa]lle`,
  },
  {
    id: 'documentationPage',
    category: 'writing',
    floorUsd: 5,
    nouns: String.raw`pages|p[aá]ginas|Seiten|страниц\p{L}*|halaman`,
    requires: String.raw`documentation|\bmanuals?\b|user guide|admin guide|knowledge base|help cent|api reference|documentaci|documenta[cç][aã]o|dokumentation|handbuch|документац|руководств|dokumentasi`,
  },
  {
    id: 'audioHour',
    category: 'writing',
    floorUsd: 15,
    nouns: String.raw`hours of (?:audio|recordings?|interviews?|footage|video|calls?|podcasts?)|audio hours|hours|horas(?: de (?:audio|áudio))?|heures|Stunden|час\p{L}*|jam`,
    requires: String.raw`transcri|caption|subtit|транскриб|расшифров|transkrip|transkrib|转写|转录|听写|ट्रांसक्रिप|ট্রান্সক্রিপ|تفريغ`,
  },
  {
    id: 'productListing',
    category: 'writing',
    floorUsd: 0.3,
    nouns: String.raw`products|product listings|listings|skus|productos|produtos|produits|Produkte|товар\p{L}*|produk|个产品|个商品`,
    requires: String.raw`\blist(?:s|ed|ing|ings)?\b|\bupload|\bimport|\bstock\b|\bsubir\b|\bcadastr|\bunggah|\bupload|загруз|上架|上传`,
    workBefore: String.raw`\b(?:upload|list|import|add|enter|create|stock)\b[^.!?\n]{0,25}$`,
    bulkWhen: String.raw`\bimport\p{L}*\b[^.!?\n]{0,120}\bfrom\s+(?:an?\s+|the\s+|our\s+|their\s+|supplier\s+)?(?:excel|csv|spreadsheets?|xlsx|google sheets?|sheets?|files?)\b|\b(?:csv|excel|xlsx)\s+import\b`,
  },
  {
    id: 'photoEdit',
    category: 'design',
    floorUsd: 0.2,
    nouns: String.raw`images|photos|pictures|portraits|headshots|product photos|product images|product shots|photographs|fotos|im[aá]genes|imagens|Bilder|Fotos|фото(?:графий)?|изображений|gambar|图片|照片|तस्वीरें|ছবি|صور`,
    requires: String.raw`retouch|\bedit|background|clipping|photoshop|lightroom|colou?r correct|cut ?out|retoque|retocar|edici[oó]n|edi[cç][aã]o|retouche|bearbeit|ретуш|обработ|edit foto|修图|抠图|रीटच|রিটাচ|تعديل`,
    workBefore: String.raw`\b(?:retouch|edit|clean|cut out|mask|recolou?r|correct|process)\p{L}*\b[^.!?\n]{0,25}$`,
    // High-end work (skin, jewellery, composites) takes each image from minutes to an hour.
    richer: {
      when: String.raw`high[- ]end|beauty|\bskin\b|jewel|frequency separation|composit|dodge (?:and|&) burn|alta gama|alta qualidade|haut de gamme|ювелир|кожи|perhiasan`,
      floorUsd: 2,
    },
  },
  {
    id: 'mlModel',
    category: 'development',
    floorUsd: 100,
    nouns: String.raw`models|custom models|detection models|classifiers|modelos|mod[eè]les|Modelle|моделей|model`,
    requires: String.raw`\btrain|yolo|machine learning|\bml\b|object detection|classif|fine-?tun|neural|deep learning|pytorch|tensorflow|entrenar|treinar|entraîn|обучи|melatih`,
  },
  {
    id: 'siteTemplate',
    category: 'design',
    floorUsd: 30,
    nouns: String.raw`templates|template designs|website templates|site templates|themes`,
    requires: String.raw`\bwebflow|\bframer|\bwordpress|\bwebsite|\bshopify|\bsite\b|\bwix\b`,
  },
  {
    // An animated social story (10-15 s of moving text and photos): the cheapest motion work still asks ~$10.
    id: 'animatedStory',
    category: 'video',
    floorUsd: 10,
    nouns: String.raw`(?:instagram |ig |fb |facebook )?stories|historias|hist[oó]rias|stories animadas`,
    unit: String.raw`(?:instagram |ig )?story|historia|hist[oó]ria`,
    requires: String.raw`animat|motion|after effects|anima[cç]|animaci`,
  },
  {
    // One API endpoint written, with its tests: an hour's work at the least.
    id: 'apiEndpoint',
    category: 'development',
    floorUsd: 25,
    nouns: String.raw`(?:api |rest |crud )?endpoints|endpoints? de (?:api|la api)|эндпоинт\p{L}*`,
    unit: String.raw`(?:api )?endpoint|эндпоинт`,
  },
  {
    // An animated scene (lip sync, character moves, 15-30 s): hours of a 2D animator's work.
    id: 'animationScene',
    category: 'video',
    floorUsd: 15,
    nouns: String.raw`scenes|escenas|cenas|sc[eè]nes|Szenen|сцен\p{L}*|adegan`,
    unit: String.raw`scene|escena|cena|sc[eè]ne|Szene|сцен\p{L}*|adegan`,
    requires: String.raw`animat|lip ?-?sync|rigg|anima[cç]|animaci|анимац|animasi`,
  },
  {
    // A medical chart coded (E/M, procedures, ICD-10): a certified coder's minutes.
    id: 'codedChart',
    category: 'writing',
    floorUsd: 0.5,
    nouns: String.raw`charts|encounters|medical records`,
    unit: String.raw`chart|encounter|record`,
    requires: String.raw`\bcoders?\b|\bcoding\b|\bicd-?10|\bcpt\b|\be/m\b`,
  },
  {
    id: 'translatedPage',
    category: 'translation',
    floorUsd: 3,
    nouns: String.raw`pages|p[aá]ginas|страниц\p{L}*|halaman|页`,
    requires: String.raw`translat|traduc|tradu[zç]|[ÜüUu]bersetz|перев[оеё]д|terjemah|翻译|अनुवाद|অনুবাদ|ترجم`,
  },
];

/** Words between a count and its noun that make the count not one of items ("1000 word articles"). */
export const NOT_ITEM_COUNT = String.raw`-?(?:words?|fps|px|gb|mb|kb|second|minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|weeks?|months?|years?|pages?|characters?|palabras|palavras|mots|W[öo]rter|слов|kata|字)`;

/** Words right before a count that make the items an input, not deliverables ("visit 500 websites", "upload 50 videos"). */
/** Of `INPUT_BEFORE`, the verbs that read each item, which are the work for a trade whose `readIsWork` is set. */
export const READ_BEFORE = String.raw`(?:review|check|audit|proofread|redline|summari[sz]e)\s+(?:\S+\s+)?$`;

/**
 * Before a parenthesis that holds a count: what makes the parenthesis an inventory of something the
 * client has ("a Django app (about 60 models, 30 apps)"), not a list of what to make.
 */
export const INVENTORY_OF = String.raw`\b(?:we have|we['’]ve got|we run|we['’]re|we are|our|existing|current|legacy)\b`;

export const INPUT_BEFORE = String.raw`(?:visit|scrape|research|check|review|audit|list of|from|across|on|our|we have|existing|manage|upload|publish|post|format|download|watch|rate|moderate|migrate|back ?up)\s+(?:\S+\s+)?$`;

/** Written-out counts. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  several: 3,
  multiple: 2,
};

/** Money written in a post: currency signs and codes, and how many US dollars one unit is (roughly; floors are far below the market). */
export const CURRENCY_USD: Readonly<Record<string, number>> = {
  $: 1,
  usd: 1,
  us$: 1,
  dollar: 1,
  dollars: 1,
  dólares: 1,
  dolares: 1,
  美元: 1,
  '€': 1.05,
  eur: 1.05,
  euro: 1.05,
  euros: 1.05,
  '£': 1.25,
  gbp: 1.25,
  '₹': 0.012,
  inr: 0.012,
  rs: 0.012,
  'rs.': 0.012,
  rupees: 0.012,
  रुपये: 0.012,
  '৳': 0.0083,
  bdt: 0.0083,
  টাকা: 0.0083,
  '₽': 0.011,
  руб: 0.011,
  рублей: 0.011,
  rp: 0.000062,
  idr: 0.000062,
  r$: 0.18,
  brl: 0.18,
  // Not "php" (a programming language before its version: "PHP 8").
  '₱': 0.018,
  pkr: 0.0036,
  '₦': 0.00066,
  ngn: 0.00066,
  naira: 0.00066,
};

/**
 * Words after an amount that make it a price per word ("$0.03/word", "₹0.40 per word", "$2 per 1000
 * words", "0,05 € pro Wort", "0.02 USD por palabra"); the group `per` is the number of words it pays
 * for, when the post gives one.
 */
export const PER_WORD = String.raw`\s*(?:usd|inr|eur|us\$)?\s*(?:/|per|a|an|each|por|par|pro|je|untuk|за|за каждое)\s*(?:(?<per>1,?000|1\.000|1k|100|500)\s*)?(?:source\s+|target\s+|translated\s+)?(?:words?|palabras?|palavras?|mots?|w[öo]rter|wort|kata|слово|слов)(?![\p{L}])`;

/** Words that mark a price as one item's ("each", "per article", "a piece", "по", "每篇"). */
export const EACH = String.raw`(?:each|apiece|a piece|per (?:piece|item|unit|one|contract|template|agreement|level|test case|article|post|blog post|logo|video|description|design|page|site|website|app|thumbnail|short|reel|illustration|screen|model|episode|report|dashboard|company|lead|meeting)|/\s?(?:each|piece|item|unit|article|post|logo|video|page|description)|cada(?: uno| una)?|c/u|por (?:art[ií]culo|artigo|pieza|unidad|logo|v[ií]deo|p[aá]gina|descripci[oó]n)|chacun|chacune|l['’]unit[ée]|la pi[eè]ce|par (?:article|logo|vid[ée]o|page)|pro (?:St[üu]ck|Artikel|Logo|Video|Seite)|je (?:Artikel|St[üu]ck|Logo|Video)|за (?:штуку|статью|шт\.?|единицу|логотип|видео|страницу)|per (?:artikel|buah|halaman)|masing-masing|प्रति (?:लेख|आर्टिकल|लोगो|वीडियो)|প্রতিটি|لكل (?:مقال|شعار|فيديو))`;
/** Words before a price that mark it as one item's ("по $1", "每篇1美元"). */
export const EACH_BEFORE = String.raw`(?:по|每(?:篇|个|条|份|段|支|页)|per (?:article|logo|video|post))`;
