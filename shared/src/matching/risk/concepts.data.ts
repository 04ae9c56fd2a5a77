import type { PhraseCode } from './phrases.data';

/**
 * Red flags read as ideas that meet in one sentence, not as fixed phrasings: "rewrite these
 * ChatGPT posts so GPTZero scores them human" and "spin competitor articles until Copyscape shows 0%"
 * share no phrase, but both hold a detector, a way past it and text that is not the writer's own.
 * A rule fires when every one of its concepts has a word in the same sentence (`post`: anywhere in
 * the post), unless one of its excuses does; a concept whose clause says no first ("we never buy
 * reviews") does not count. Each concept is a list of regular-expression sources, lower case, `\b`
 * in any script (pattern.ts). Extend a concept with a word, or add a rule, with a post that raises it
 * and a legitimate one that must not in `concepts.test.ts`.
 */
export interface ConceptRule {
  code: PhraseCode;
  /** Every concept needs a hit in the sentence; the first is the one a negation is looked for before. */
  all: ReadonlyArray<readonly string[]>;
  /** Words that make the sentence legitimate (the user's own rights, real customers, a test account). */
  unless?: readonly string[];
  /** Words that make the whole post legitimate wherever they stand ("my novel": the client's own work). */
  unlessInPost?: readonly string[];
  /** The concepts may meet anywhere in the post, not only in one sentence. */
  post?: boolean;
  /** The concepts may meet within this many characters of the first one's hit, across sentences. */
  window?: number;
  /** Read only a post this pattern finds (a language's script or common words: concepts.i18n.data.ts). */
  gate?: string;
}

/** Up to `n` more characters of the same sentence. */
const G = (n: number) => String.raw`[^.!?;\n]{0,${n}}`;

// The work's own words, reused by several rules.
const YOU = [String.raw`\byou\b|\byour\b|\bapplicants?\b|\bcandidates?\b|\bnew (?:workers|members|hires|agents)\b|\bfreelancers?\b`];
const OWN_RIGHTS = [
  String.raw`\bour own\b|\bwe own\b|\bwe are the (?:author|instructor|creator|owner|publisher|rights holder)s?\b|\bwe (?:created|produced|wrote|made) (?:it|them|the)\b|\bwith (?:the )?(?:owner'?s )?permission\b|\blicen[cs]ed\b|\broyalty[- ]free\b|\bwe hold the rights\b|\bmy (?:studio )?(?:watermarks?|logo)\b|\bmy own (?:watermarks?|logo|photos?|images?|proofs?|footage|studio logo|app|software|plugin|product)\b|\bi(?:['’]?m| am) the (?:photographer|author|owner|creator|developer)\b`,
];
/** The client's own book, album or course, named anywhere in the post. */
const MY_OWN_WORK = [
  String.raw`\bmy (?:own )?(?:novel|book|memoir|manuscript|album|songs?|course|podcast|poems?|screenplay)\b|\bour (?:own )?(?:novel|book|album|course|podcast)\b`,
];

// Check evasion: a detector, a way past it, and text that is not the writer's own.
const DETECTORS = [
  String.raw`\bgpt ?zero\b|\boriginality(?:\.ai)?\b|\bturnitin\b|\bcopyscape\b|\bzero ?gpt\b|\bwinston\b|\bai[- ]?(?:content )?(?:detect(?:ors?|ion|ed)?|checkers?|scanners?)\b|\bplagiarism[- ]?(?:check(?:ers?|s)?|detect(?:ors?|ion)|software|tools?|scans?|checks?)\b|\bcontent ?id\b|\bcopyright (?:strikes?|claims?|detection|filters?|system|bots?)\b|\byoutube(?:'s)? (?:copyright|detection|system|algorithm|filters?)\b|\brights manager\b|\baudible magic\b|\bsimilarity (?:score|checks?|reports?)\b|\bai score\b`,
];
const PAST_IT = [
  String.raw`\bpass(?:es|ing)?\b|\bavoid(?:s|ing)?\b|\bevad(?:e|es|ing)\b|\bbeat(?:s|ing)?\b|\bbypass(?:es|ing|ed)?\b|\bfool(?:s|ing)?\b|\btrick(?:s|ing)?\b|\bget (?:past|around|through)\b|\bslip (?:past|through)\b|\bundetect(?:able|ed)\b|\bnot (?:be )?(?:detected|flagged|caught|matched|claimed)\b|\bwon'?t (?:be )?(?:detected|flagged|caught|notice)\b|\b(?:does|do|did)(?:n'?t| not) (?:catch|detect|flag|notice)\b|\bscores? (?:them |it |as )?(?:as )?(?:human|original|0)\b|\b(?:read|reads|show|shows) as (?:human|original)\b|\b0 ?% (?:match|plagiarism|ai|similarity)\b|\bzero (?:match|plagiarism|similarity)\b|\bunder the radar\b|\bwithout (?:getting )?(?:claims|strikes|flagged|detected|caught)\b`,
];
/** Words that speak of slipping past a detector, whatever the detector is called. */
const UNNOTICED = [
  String.raw`\b(?:does|do|did|will|would)(?:n'?t| not) (?:catch|detect|flag|notice|recogni[sz]e|match)\b|\bwon'?t (?:catch|detect|flag|notice|be (?:detected|flagged|caught|claimed))\b|\bnot (?:be )?(?:detected|flagged|caught|claimed|matched)\b|\bget (?:past|around) (?:the )?(?:filters?|detection|checks?|system|algorithm|bots?)\b|\bslip (?:past|through)\b|\bunder the radar\b|\bwithout (?:getting |being )?(?:claims|strikes|claimed|flagged|detected|caught|copyright strikes)\b|\b(?:does|do|did|will|would)(?:n['’]?t| not) (?:take (?:it|them|the \p{L}+) down|remove (?:it|them)|mute (?:it|them))\b|\bavoid (?:takedowns?|strikes|claims)\b|\btreats? (?:them|it) as originals?\b`,
];
const NOT_OWN_TEXT = [
  String.raw`\bspin(?:ning|ned)?\b|\bspun\b|\brewrit\p{L}*|\bparaphras\p{L}*|\breword\p{L}*|\bcompetitors?'?\b|\bsomeone else'?s\b|\bother (?:sites?|websites?|blogs?|authors?|writers?)\b|\bcop(?:y|ied) (?:from|of)\b|\bcopyrighted\b|\b(?:chat ?gpt|ai|gpt)[- ](?:written|generated|made|created|text|content|essays?|articles?|posts?|drafts?)\b|\b(?:made|written|generated|created) (?:with|by|in|using) (?:chat ?gpt|ai|gpt|claude|jasper)\b|\bhumani[sz]\p{L}*|\bmovies?\b|\bfilms?\b|\bcinema\b|\bnew releases\b|\bmatch (?:clips|footage)\b|\bother creators?\b|\bviral (?:videos|clips|reels|tiktoks)\b|\bepisodes?\b|\btv (?:shows?|series)\b|\bhighlights\b|\bmusic videos?\b|\bsongs?\b|\bclips? (?:from|of)\b|\bre-?upload\p{L}*|\bmirror(?:ing|ed)?\b|\bpitch[- ]shift\p{L}*|\bspeed (?:changes?|up)\b|\bflip(?:ped|ping)? (?:the )?(?:video|footage|image)\b|\bframes? (?:border|around)\b`,
];

// Fake engagement: a measure of approval, and a way it is bought or made up.
const APPROVAL = [
  String.raw`\breviews?\b|\bratings?\b|\bfollowers\b|\blikes\b|\bupvotes?\b|\bvotes\b|\bpolls?\b|\bentries\b|\bsubscribers\b|\bviews\b|\bcomments\b|\btestimonials\b|\binstalls\b|\bdownloads\b|\bretweets\b|\bkarma\b|\bstars?\b`,
];
const MADE_UP = [
  String.raw`\bfrom (?:lots of |a lot of |many |several )?(?:different|multiple|many|new|separate|fresh|various|other|\d+) (?:\p{L}+ )?(?:accounts?|profiles?|names|ips|devices|emails|people|phones|browsers)\b|\beach (?:from|with|on|under|using) (?:a |an )?(?:new|different|separate|fresh|unique|other)\b|\b(?:with|using|from) (?:\d+|multiple|many|several|different|our|your|fake|dummy|alt) (?:\p{L}+ )?(?:accounts|profiles)\b|\b(?:buy|purchase|order)\p{L}* (?:\p{L}+ ){0,2}?(?:reviews|followers|likes|votes|upvotes|subscribers|views|ratings|installs|comments)\b|\bpaid (?:reviews|followers|likes|votes|ratings|upvotes)\b|(?:\$|€|£)\s?\d+(?:\.\d+)? (?:per|each|for each|a|an) (?:review|rating|like|follower|vote|upvote|comment|install|download)\b|\bper (?:review|rating|vote|upvote|like|follower|5[- ]star)\b|\breal[- ]looking\b|\blooks? (?:real|genuine|organic|natural)\b|\bgenuine[- ]looking\b|\bdelivered (?:gradually|slowly|over)\b|\bdrip[- ]?fe(?:e|)d\b|\bwe (?:refund|reimburse|pay (?:you )?back)\b|\brefunded after\b`,
];
const FIVE_STARS = [String.raw`\b(?:leave|post|write|give|drop|rate|submit|add)\p{L}*\b${G(40)}\b(?:5|five)[- ]?stars?\b`];
const STORES = [
  String.raw`\b(?:play store|google play|app store|trustpilot|google (?:business|maps|my business)|yelp|amazon|product ?hunt|g2|capterra|tripadvisor|facebook|etsy|airbnb|booking\.com|glassdoor|sitejabber)\b`,
];
const REAL_FEEDBACK = [
  String.raw`\breal (?:customers|clients|users|buyers|guests)\b|\bgenuine (?:customers|clients|users|feedback)\b|\bactual (?:customers|clients|users)\b|\bask(?:ing)? (?:our |past |happy )?(?:customers|clients|guests|buyers)\b|\brequest(?:ing)? reviews from\b|\brespond(?:ing)? to (?:the )?reviews\b|\brepl(?:y|ying|ies) to (?:the )?reviews\b|\banaly[sz]\p{L}* (?:the |our |customer )?reviews\b|\bsentiment\b|\bscrap\p{L}* (?:the )?reviews\b|\b(?:ux|code|design|literature|peer|product|book|film|movie|performance|security) reviews?\b|\breview management\b|\bwe have (?:over |more than )?[\d,]+\b`,
];

// Bulk accounts: many accounts, and their making or verifying.
const MANY_ACCOUNTS = [
  String.raw`\b\d{2,}[\d,]*\+? (?:[\p{L}.-]+ ){0,3}?(?:accounts|profiles|emails|email addresses|e-mail addresses|mailboxes|phone numbers|virtual numbers|pvas?|orgs|personas|identities)\b|\b(?:dozens|hundreds|thousands|bulk|mass|batch(?:es)?|lots|a lot) (?:of )?(?:[\p{L}.-]+ ){0,2}?(?:accounts|profiles|emails|email addresses|phone numbers)\b`,
];
const MADE_OR_VERIFIED = [
  String.raw`\bcreat\p{L}*|\bregist\p{L}*|\bopen(?:ing|ed)?\b|\bmake\b|\bset ?up\b|\bsign ?up\b|\bgenerat\p{L}*|\bverif\p{L}*|\bpvas?\b|\bsms\b|\botp\b|\bphone[- ]verified\b|\baged\b|\bwarm(?:ed|ing)?[- ]?up\b|\bdifferent (?:photos|names|phone numbers|ips|proxies|devices|pictures)\b|\bunique (?:ips|devices|names|photos)\b|\bproxies\b|\bwith karma\b|\bready[- ]made\b|\beach (?:one |account |profile )?(?:with|on|under|using|having) (?:a |an |its own |their own )?(?:different|separate|unique|new|own) (?:name|phone|number|photo|email|ip|device|identity|fingerprint)s?\b|\bwith (?:photos|pictures|headshots) and (?:work history|bios|names|job titles)\b`,
];
const LEGIT_ACCOUNTS = [
  String.raw`\bemployees?\b|\bstaff\b|\bteam members?\b|\bour (?:users|customers|members|clients)\b|\btest accounts?\b|\bsandbox\b|\bdemo accounts?\b|\bmigrat\p{L}*|\bimport\p{L}*|\bonboard\p{L}*|\bcrm\b|\bworkspace\b|\bmicrosoft 365\b|\bactive directory\b|\bnewsletter\b|\bsubscribers? list\b|\bemail list\b|\bleads?\b|\bbuyer personas?\b|\b(?:marketing|customer|user) personas?\b`,
];

// Falsified records: a document of proof, its altering or making, and whom it must fool.
const PROOF_DOCS = [
  String.raw`\bbank statements?\b|\bpay ?slips?\b|\bpay ?stubs?\b|\bsalary (?:slips?|certificates?)\b|\butility bills?\b|\belectricity bills?\b|\btax returns?\b|\bw-?2s?\b|\bdegree (?:certificates?)?\b|\bdiplomas?\b|\b(?:academic|school|university|college|grade|official) transcripts?\b|\bpassports?\b|\bid cards?\b|\bidentity (?:cards?|documents?)\b|\bdriver'?s licen[cs]es?\b|\bdriving licen[cs]es?\b|\bemployment (?:letters?|verification|contracts?)\b|\breference letters?\b|\bexperience (?:letters?|certificates?)\b|\brelieving letters?\b|\bproof of (?:income|address|funds|employment)\b|\bmedical (?:certificates?|notes?|reports?)\b|\bdoctor'?s notes?\b`,
];
const FINANCIALS = [
  String.raw`\bprofit and loss\b|\bp&l\b|\bbalance sheets?\b|\bfinancial statements?\b|\bfinancials\b|\bbooks\b|\baccounts\b|\brevenue (?:figures|numbers)\b|\bfinancial (?:records|reports)\b`,
];
const ALTER_OR_MAKE = [
  String.raw`\bedit\p{L}*|\badjust\p{L}*|\balter\p{L}*|\bchang\p{L}*|\bmodif\p{L}*|\bfake\p{L}*|\bforg(?:e|ed|ing|ery)\b|\bfabricat\p{L}*|\bdoctor(?:ed|ing)\b|\btweak\p{L}*|\binflat\p{L}*|\bmake up\b|\brealistic\b|\bnovelty\b|\breplica\p{L}*|\bphotoshop\p{L}*|\bcreat\p{L}*|\bmake\b|\bmade\b|\bgenerat\p{L}*|\bproduc\p{L}*|\bhigher\b|\bincreas\p{L}*`,
];
const ALTER = [
  String.raw`\bedit\p{L}*|\badjust\p{L}*|\balter\p{L}*|\bchange the (?:numbers|figures|dates|amounts)\b|\bmodif\p{L}*|\bfake\p{L}*|\bforg(?:e|ed|ing|ery)\b|\bfabricat\p{L}*|\bdoctor(?:ed|ing)\b|\btweak\p{L}*|\binflat\p{L}*|\bcook\p{L}*|\bmassag\p{L}*|\bdress up\b|\bmake (?:it|them|the (?:company|business|numbers)) look\b|\blook (?:more )?(?:profitable|healthier|better|bigger|stronger)\b`,
];
const TO_FOOL = [
  String.raw`\bvisas?\b|\bembass\p{L}*|\bimmigration\b|\bmortgage\b|\bloans?\b|\blenders?\b|\bbank (?:approv\p{L}*|loans?|will|manager|officer|needs|wants|requires|accepts)\b|\bfor (?:the|my|a) bank\b|\blandlords?\b|\brental (?:application|agency)\b|\binvestors?\b|\bverification\b|\bkyc\b|\bapprov\p{L}*|\bbackground checks?\b|\bemployers?\b|\badmissions?\b|\bauditors?\b|\btax (?:office|authority|authorities)\b|\birs\b|\bhmrc\b|\binsurance (?:claim|company)\b|\bcourt\b|\bgovernment\b|\bscholarship\b|\bmy (?:application|account)\b|\bclosing balance\b|\bbalance (?:shows|of)\b|\bhigher (?:salary|income|balance)\b`,
];
const LOOKS_REAL = [
  String.raw`\brealistic\b|\bnovelty\b|\breplica\p{L}*|\bfake\b|\bforged\b|\bwith (?:a |an |the )?(?:seal|stamp|hologram|signature)s?\b|\blooks? (?:real|authentic|original|genuine|official)\b|\bsame as (?:the )?(?:real|original)\b`,
];
const EDIT_FIGURES = [
  String.raw`\b(?:edit|change|alter|modify|adjust|increase|raise|update)\p{L}*${G(40)}\b(?:balance|amounts?|salary|income|dates?|names?|figures|numbers|totals?|grades?|gpa|marks)\b`,
];
const TEMPLATES = [
  String.raw`\btemplates?\b|\bour (?:course|graduates|students|employees|company|school|academy|members)\b|\bfor (?:our|my) (?:course|students|graduates|employees|staff|event|workshop)\b|\btranslat\p{L}*|\bnotari[sz]\p{L}*|\bcertified translation\b|\bscan\p{L}*|\bdigiti[sz]\p{L}*|\bredact\p{L}*`,
];

// Work under another's account, or an account rented or sold.
const MARKETPLACE_ACCOUNT = [
  String.raw`\b(?:upwork|fiverr|freelancer(?:\.com)?|peopleperhour|toptal|guru|99designs) (?:accounts?|profiles?|ids?(?! verification)|logins?)\b|\b(?:upwork|fiverr|freelancer) (?:skills? )?(?:tests?|readiness tests?|exams?|assessments?)\b`,
];
const ACCOUNT_MISUSE = [
  String.raw`\blog ?in\p{L}*|\bsign ?in(?:to)?\b|\btake (?:the |my |this )?(?:\p{L}+ ){0,2}(?:tests?|exams?|assessments?)\b|\bpass (?:the |my |this )?(?:\p{L}+ ){0,2}(?:tests?|exams?|assessments?)\b|\bunder (?:my|our|his|her|their) (?:name|account|profile)\b|\bon my behalf\b|\brent\p{L}*|\bleas(?:e|es|ed|ing) (?:(?:out|me|us|your|an?|my|our) )?(?:\p{L}+ )?(?:accounts?|profiles?|ids?|logins?|it|them)\b|\bbuy\p{L}*|\bsell\p{L}*|\bborrow\p{L}*|\blend\p{L}*|\bbid\p{L}* (?:on|for|from)\b|\bwork (?:from|through|on) (?:my|our|your|their) account\b|\b(?:from|through|with|using) (?:my|our) account\b|\bverified (?:upwork|fiverr|freelancer)\b`,
];
const BID_FOR_ME = [String.raw`\bbid\p{L}*\b|\bapply\p{L}*\b|\bsend\p{L}* proposals\b|\bproposals\b`];
const FROM_MY_ACCOUNT = [
  String.raw`\b(?:from|through|with|using|on|under) (?:my|our) (?:account|profile|name|login)\b|\bin my name\b|\bas (?:if )?(?:you were )?me\b`,
];

// A fee to start.
const STARTER_COST = [
  String.raw`\bstarter (?:package|kit|pack|fee)\b|\bregistration\b|\bactivation\b|\bmembership\b|\bonboarding (?:fee|kit|package|cost)\b|\btraining (?:fee|kit|package|course|materials?)\b|\bwork kit\b|\bequipment\b|\bsoftware licen[cs]e\b|\bsecurity deposit\b|\bdeposit\b|\bverification fee\b|\bsign-?up (?:fee|cost)\b`,
];
const MONEY = [
  String.raw`(?:\$|€|£|₦|₹)\s?\d|\b\d+(?:\.\d+)? ?(?:usd|dollars|eur|euros|gbp|pounds|ngn|naira|inr|rupees)\b|\bfee\b|\bdeposit\b|\bpay(?:ment)?\b|\bcosts?\b`,
];
const BEFORE_WORK = [
  String.raw`\bneeded\b|\brequired\b|\bmust\b|\bbefore\b|\bto (?:start|begin|get started|receive|unlock|access|join|qualify)\b|\bfirst\b|\bupfront\b|\bup front\b|\bin advance\b|\bprior to\b|\brefundable\b`,
];

// Money passed on for someone.
const TAKE_MONEY = [
  String.raw`\baccept\p{L}*|\breceiv\p{L}*|\bcollect\p{L}*|\bprocess\p{L}*|\bhandl\p{L}*|\bget (?:the )?(?:money|payments?|funds)\b`,
];
const MONEY_IN = [
  String.raw`\btransfers?\b|\bpayments?\b|\bwires?\b|\bmoney\b|\bfunds\b|\bdeposits?\b|\bchecks?\b|\bcheques?\b|\bremittances?\b`,
];
const PASS_ON = [
  String.raw`\bwestern union\b|\bmoney ?gram\b|\bcrypto\p{L}*|\bbitcoin\b|\bbtc\b|\busdt\b|\bgift ?cards?\b|\bwire (?:it|them|the (?:money|funds))\b|\b(?:forward|remit|pass on|pass along|send on)\p{L}* (?:the )?(?:money|funds|payments?|balance|rest)\b|\bsend (?:the )?(?:money|funds|balance|rest) (?:to|by|via|on|back)\b|\blocal (?:representative|agent|account|bank account)\b|\bkeep (?:\d+ ?%|a (?:cut|commission|percentage))\b|\byour (?:personal |own )?(?:bank )?account\b`,
];

// Real work asked for nothing.
const FOR_NOTHING = [
  String.raw`\bfor free\b|\bfree of charge\b|\bunpaid\b|\bno pay\b|\bwithout (?:pay|payment|compensation)\b|\bnot (?:be )?paid\b(?! (?:separately|extra|on top|apart)\b)|\bwon'?t be paid\b|\bat no (?:cost|charge)\b|\bno compensation\b|\bnot (?:be )?(?:compensated|remunerated)\b|\bwe do(?:n['’]?t| not) pay for\b`,
];
const REAL_WORK = [
  String.raw`\bsamples?\b|\barticles?\b|\btests?\b|\btrials?\b|\bdesigns?\b|\blogos?\b|\bpages?\b|\bvideos?\b|\btranslations?\b|\btasks?\b|\bmock-?ups?\b|\bsites?\b|\bchapters?\b|\bprototypes?\b|\bepisodes?\b|\bposts?\b|\bscripts?\b|\bbanners?\b|\bdrafts?\b|\bsubmissions?\b|\bentries\b|\btrials?\b|\bproposals?\b`,
];
const OUR_FREE_THINGS = [
  String.raw`\bwe (?:offer|provide|give)\b|\bfree (?:plan|tier|trial|version|shipping|consultation|quote|estimate)s?\b|\b(?:users?|customers?|visitors?|readers?|students?|subscribers?)\b${G(30)}\bfor free\b|\bfor free (?:to|for) (?:users?|customers?|visitors?|readers?|students?)\b|\bopen[- ]source\b|\bcharity\b|\bnon-?profit\b|\bpro bono\b`,
];
const FULL_WORK = [String.raw`\bfull\b|\bcomplete\b|\bentire\b|\bwhole\b|\bfinished\b|\bworking\b|\bready to (?:use|publish|launch)\b`];
const AUDITION = [
  String.raw`\btest (?:task|project|assignment)\b|\bsample\b|\btrial (?:task|project|assignment)\b|\baudition\b|\bspec work\b|\bas a trial\b|\bshow us your skills\b|\bbefore (?:we|i) (?:pick|choose|select) anyone\b`,
];
const CONTEST = [
  String.raw`\bbefore (?:hiring|we hire|the contract|awarding|we award|we decide)\b|\bbest (?:one|submission|entry|design|version)\b|\b(?:we|i) will (?:choose|pick|select|keep)\b|\bto (?:get|be) (?:hired|selected|chosen)\b|\bwin(?:s|ner)? (?:the )?(?:contract|job|project)\b|\bthe one (?:we|i) like (?:best|most)\b|\bbefore (?:we|i) (?:pick|choose|select)\b|\bgets? the (?:contract|job|project)\b|\bcompare \p{L}+ from (?:several|multiple|many|different)\b`,
];

// Copying paid work, or unlocking what must be paid for.
const UNLOCK = [
  String.raw`\bcrack(?:ed|ing)?\b|\bnull(?:ed)?\b|\bbypass\p{L}*|\bdisabl\p{L}*|\bremov\p{L}*|\bcircumvent\p{L}*|\bbreak(?:ing)?\b|\bstrip(?:ped|ping)?\b|\bget around\b|\bhack(?:ed|ing)?\b|\bpatch(?:ed|ing)?\b|\bkeygen\b|\bactivator\b|\bunlock\p{L}*|\bwithout (?:the |a |any )?(?:licen[cs]e|key|activation|paying)\b`,
];
const PROTECTION = [
  String.raw`\blicen[cs]e (?:key|check|verification|validation|server|code)s?\b|\bactivation\b|\bserial(?: (?:key|number|protection))?\b|\bdrm\b|\bcopy protection\b|\bregistration (?:key|check|code)\b|\bpaywalls?\b|\bwatermarks?\b|\bproduct key\b|\btrial (?:limit|period|version)\b|\bpremium (?:features|version|themes?|plugins?)\b|\bpro version\b|\bsubscription check\b`,
];
const COPY_OUT = [
  String.raw`\brip(?:ped|ping)?\b|\bre-?host\p{L}*|\bdownload\p{L}*|\bclon\p{L}*|\bcop(?:y|ies|ied|ying)\b|\bmirror\p{L}*|\bre-?upload\p{L}*|\bupload\p{L}*|\bstream\p{L}*|\bscrap\p{L}*|\bextract\p{L}*|\brecord\p{L}*|\bconvert\p{L}*|\bput (?:them|it) on\b`,
];
const PAID_CONTENT = [
  String.raw`\bnetflix\b|\bhbo\b|\bdisney\b|\bprime video\b|\bhulu\b|\bspotify\b|\baudible\b|\budemy\b|\bcoursera\b|\bskillshare\b|\bmasterclass\b|\bkindle\b|\b(?:full|entire|complete|whole) (?:movies?|films?|episodes?|seasons?|albums?|courses?|books?)\b|\bpaid (?:courses?|videos?|content|apps?)\b|\bpremium (?:courses?|themes?|plugins?|content|apps?)\b|\baudiobooks?\b|\btv (?:series|shows|episodes)\b|\bepisodes of\b|\bblockbusters?\b`,
];
const REDISTRIBUTE = [
  String.raw`\b(?:our|my) (?:site|website|channel|telegram|server|platform|app|group|drive|blog)\b|\bre-?host\p{L}*|\bwithout (?:drm|paying|permission|a licen[cs]e)\b|\bfor free\b|\bmp3\b|\boffline\b|\bshare\p{L}*|\bsell\p{L}*|\bdistribut\p{L}*|\bput (?:them|it) on\b|\b\d+ (?:sites|websites|domains|clients)\b`,
];

// Watching a person who does not know.
const PERSON = [
  String.raw`\b(?:my |our )?(?:girl ?friend|boy ?friend|wife|husband|partner|spouse|ex|fianc[eé]e?|employees?|workers?|staff|reps?|sales ?reps?|drivers?|agents?|child|children|kids?|son|daughter|teen(?:ager)?|someone|a person|neighbou?r|roommate|tenant)(?:'s)?\b`,
];
const PRIVATE_LIFE = [
  String.raw`\bphones?\b|\bmessages\b|\bchats?\b|\bwhats ?app\b|\bgps\b|\btexts\b|\bsms\b|\blocation\b|\bcalls\b|\bemails?\b|\binstagram\b|\bsnapchat\b|\bcamera\b|\bmicrophone\b|\bkeystrokes\b|\bbrowsing\b|\bcomputer\b|\blaptop\b|\bcar\b`,
];
const SECRETLY = [
  String.raw`\bwithout (?:them|her|him|the (?:user|person|employee)s?)? ?(?:knowing|noticing|knowledge|consent)\b|\bwithout (?:the |our )?(?:\p{L}+ )?(?:being told|being informed|telling (?:them|her|him)|informing (?:them|her|him))\b|\bmust(?:n['’]?t| not) (?:find out|know|notice)\b|\bwon['’]?t (?:know|find out|notice)\b|\bsecret(?:ly)?\b|\bhidden\b|\bhide\b|\bstealth\p{L}*|\bundetect\p{L}*|\binvisible\b|\bspy\p{L}*|\bcovert\p{L}*|\bremotely read\b|\bmirror (?:her|his|their) (?:phone|screen)\b|\bcheating\b`,
];
const CONSENT = [
  String.raw`\bconsent\b(?!\s+(?:of|from)\s+(?:them|her|him))|\bparental control\p{L}*|\bmdm\b|\bdevice management\b|\bcompany[- ]owned\b|\bwith (?:their|the) (?:knowledge|agreement)\b|\btransparent\b|\bdisclosed\b`,
];

// What the post asks the freelancer to do with money: receive it into their own account and move it on.
const MONEY_TO_YOU = [
  String.raw`\b(?:payments?|funds|money|deposits?|salar(?:y|ies)|amounts?|invoices|prize money|proceeds|transfers?)\b${G(60)}\b(?:to|into|in|through|via) (?:you\b|your (?:own |personal |private )?(?:\p{L}+ )?(?:account|bank|paypal|wallet|card)|the account you)`,
  String.raw`\b(?:account|bank account|paypal|wallet) (?:you (?:open|register|create|set up)|in your (?:own )?name|with your (?:own )?details)\b`,
];
const ONWARD = [
  String.raw`\b(?:move|moves|moving|send|sends|sending|transfer|transfers|transferring|pass|passes|passing|forward|forwards|forwarding|wire|wires|remit|remits)\b${G(30)}\b(?:on|out|onward|along|what remains|the rest|the remainder|the balance)\b`,
  String.raw`\b(?:move|send|transfer|pass|forward|wire|remit)\p{L}* (?:it|them|the (?:amounts?|money|funds|payments?|rest|balance)) (?:on )?to (?:our|the|each|their|my) (?:\p{L}+ )?(?:suppliers?|vendors?|factory|recipients?|winners?|employees?|partners?|staff|accounts?)\b`,
];

// The worker pays or buys something before the work, or carries a cost the client later "returns".
const WORKER = [
  String.raw`\b(?:you|candidates?|applicants?|trainees?|new (?:\p{L}+ )?(?:hires?|members?|workers?|moderators?|recruiters?|writers?|agents?|drafters?|staff|freelancers?)|(?:each|every) (?:new )?(?:\p{L}+ )?(?:hire|member|worker|moderator|recruiter|writer|agent|drafter|freelancer|candidate|applicant|trainee|assistant))\b`,
];
const PAYS_FIRST = [
  String.raw`\b(?:first )?(?:buys?|purchases?|covers?|pays?|orders?)\b${G(40)}(?:\$|€|£|₹|₦)\s?\d|\b(?:buys?|purchases?|covers?|pays?)\b${G(25)}\b\d+(?:\.\d+)? ?(?:usd|dollars|euros?|pounds|rupees|naira)\b`,
];
const STARTS_OR_RETURNED = [
  String.raw`\bto (?:start|begin|access|join|unlock|get (?:started|access|tasks))\b|\bso (?:we|that we) can (?:give|grant|send|activate|start)\b|\bat (?:sign-?up|registration|onboarding)\b|\bonce you (?:send|pay|transfer)\b|\bthemselves\b|\breimbursed\b|\brefunded\b|\breturned\b|\bpaid back\b|\bearn (?:it )?back\b|\bwith (?:your|the) first (?:payout|salary|pay|payment|invoice|paycheck)\b|\bfirst\b`,
];
const COST_ON_WORKER = [
  String.raw`(?:\$|€|£|₹|₦)\s?\d[\d,.]*${G(40)}\bis (?:on|paid by|covered by|charged to) (?:you|the (?:new )?(?:\p{L}+ )?(?:hire|drafter|worker|member|freelancer|candidate|recruiter|agent|writer|moderator))\b`,
  String.raw`(?:\$|€|£|₹|₦)\s?\d[\d,.]*${G(30)}\b(?:which|that) (?:you|each (?:\p{L}+ )?(?:hire|member|writer|builder|worker|freelancer)) (?:cover|pay|buy)s?\b`,
];
const RETURNED_LATER = [
  String.raw`\b(?:returned|reimbursed|refunded|paid back|given back|comes? back|credited back)\b${G(30)}\b(?:first|next) (?:\p{L}+ )?(?:salary|payout|pay|payment|invoice|paycheck)\b`,
];
const NOT_THE_WORKER = [
  String.raw`\bwe (?:will )?(?:reimburse|refund|pay for|cover)\b|\b(?:users|customers|clients|members|visitors|buyers|students|subscribers|guests) (?:pay|buy|purchase)\b|\bwe pay (?:you|\$)|\bwe (?:will |['’]ll )?pay (?:the |a |your )?(?:full |whole )?(?:\$|€|£|₹|₦)\s?\d|\bbudget\b|\bad spend\b`,
];

// Accounts sold, others' identities used, people taken off the marketplace.
const SELL_ACCOUNTS = [
  String.raw`\bsell\p{L}*\b${G(30)}\b(?:ready|aged|verified|old|established|\d+k?\+?[- ]follower|pre-?made)\b${G(30)}\b(?:accounts|profiles|pages|channels|logins)\b|\bsell\p{L}*\b${G(30)}\b(?:accounts|profiles|pages|channels) with (?:a |an )?\d+k?\b`,
];
const THEIR_IDS = [
  String.raw`\b(?:their|owners['’]?|the owners['’]?|other people['’]?s|someone else['’]?s|clients['’]?|customers['’]?) (?:\p{L}+ )?(?:ids|id cards|identity documents|identities|ssns|social security numbers|passports|driver['’]?s licen[cs]es)\b`,
];
const APPLY_FOR_THEM = [
  String.raw`\bfill\p{L}* (?:in|out)\b|\bapply\p{L}* for\b|\bapplications?\b|\bclaims?\b|\bsign\p{L}* (?:them )?up\b|\bregister\p{L}*|\bopen\p{L}* (?:accounts?|bank)\b`,
];
const ID_LEGIT = [String.raw`\bverif\p{L}*|\bonboard\p{L}*|\bi-9\b|\bkyc\b|\bredact\p{L}*|\bsecure(?:ly)?\b|\bencrypt\p{L}*`];
const THIS_MARKETPLACE = [
  String.raw`\b(?:on|from) (?:this|the) (?:site|platform|marketplace|website)\b|\bfreelancers? (?:from |on )?here\b|\btop freelancers here\b`,
];
const THROUGH_OUR_ACCOUNT = [String.raw`\b(?:through|under|via|from|on) (?:our|my) (?:agency |company |own )?(?:account|profile|name)\b`];

// Others' work passed off, software used without paying.
/** The user's rights, without "our own" (which "as our own" holds). */
const RIGHTS_HELD = [OWN_RIGHTS[0]!.replace(String.raw`\bour own\b|`, '')];
const AS_OUR_OWN = [
  String.raw`\bas (?:our|my|your) own\b|\bas originals?\b|\bunder (?:our|my) (?:own )?(?:name|brand)\b|\bpublish\p{L}* (?:them|it|these|those) as (?:our|my)\b|\blist (?:ourselves|myself|us|me) as (?:the )?(?:designers?|inventors?|creators?|authors?)\b`,
];
const OTHERS_WORK = [
  String.raw`\bother (?:creators?|sites?|artists?|organi[sz]ations?|ngos?|companies|firms?|designers?|writers?|authors?|architects?)\b|\bfrom (?:the |a )?(?:magazine|book|internet|competitor)\b|\bchapters? from\b|\bpaid (?:\p{L}+ ){0,2}?(?:books?|courses?|ebooks?)\b|\bpublished\b|\bfamous\b|\bviral\b|\bsomeone else['’]?s\b|\bcreators['’]?|\bredraw\p{L}*|\bcop(?:y|ied|ying)\b|\bdownload\p{L}*|\brepost\p{L}*|\bwinning (?:proposal|design|entry)\b|\bfirm['’]s website\b|\bon kickstarter\b|\btheir (?:campaign |product |kickstarter |listing )?(?:photos|renders|images|drawings)\b`,
];
const NO_SUBSCRIPTION = [
  String.raw`\bwithout (?:a |any |the )?(?:subscriptions?|licen[cs]es?|paying)\b|\bno (?:\p{L}+ )?(?:subscriptions?|licen[cs]es?)\b|\bno autodesk account\b|\bpermanently\b`,
];
const WORKAROUND_FILES = [String.raw`\bpatch(?:ed|es| files?)?\b|\bcrack\p{L}*|\bkeygen\b|\bactivator\b|\bloader\b|\bhosts file\b`];

// A check made to come out clean.
const CHECKS = [
  String.raw`\bchecks?\b|\bscreening\b|\bbackground\b|\bscans?\b|\bverification\b|\baudits?\b|\binspections?\b|\bdrug tests?\b`,
];
const COME_OUT_CLEAN = [
  String.raw`\bcome(?:s)? back clean\b|\b(?:show|shows|look|looks|turn|turns) (?:up |out )?clean\b|\bcome(?:s)? out clean\b`,
];

// People unmasked: who is behind an account, and where they live.
const UNMASK = [
  String.raw`\bwho is behind\b|\bunmask\p{L}*|\banonymous (?:account|profile|user|poster|reviewer|blogger)\b|\bdeanonymi\p{L}*|\btrack (?:him|her|them) down\b|\bwhatever it takes\b|\bfind out who (?:is|runs|owns|wrote)\b`,
];
const WHERE_THEY_LIVE = [String.raw`\bhome address\b|\breal name\b|\bwhere (?:she|he|they) lives?\b|\bphone number\b|\bworkplace\b`];

// Seals and signatures of someone else, numbers made to line up, people impersonated.
const SEAL = [
  String.raw`\b(?:licensed|registered|certified|chartered|professional)\b${G(30)}\b(?:stamps?|seals?|signatures?)\b|\b(?:stamps?|seals?|signatures?) of (?:a|an) (?:licensed|registered|certified|chartered)\b|\b(?:pe|p\.e\.|engineer['’]?s?|architect['’]?s?|surveyor['’]?s?|notary['’]?s?|cpa['’]?s?) (?:stamps?|seals?)\b`,
];
const BORROWED = [
  String.raw`\bscan(?:ned)? (?:of|copy)\b|\bcop(?:y|ied) (?:of|from)\b|\bfrom an? (?:old|previous|other|earlier) (?:project|drawing|document|set)\b|\bpaste\p{L}*|\bsomeone else['’]?s\b|\bfrom (?:a|an|the|our) (?:job|project|permit|set) (?:last (?:year|month)|(?:a|two|three|a few) (?:years?|months?) ago)\b`,
];
const SEAL_OURS = [
  String.raw`\bour (?:licensed|registered|in-house|staff)\b|\b(?:i am|i['’]m|we are) (?:a |the )?(?:licensed|registered)\b|\bwill (?:review and )?(?:stamp|seal|sign)\b`,
];
const NUMBERS_LINE_UP = [
  String.raw`\bso (?:that )?(?:the )?(?:numbers?|figures|totals?|counts?|results?|data) (?:line up|match|add up|show|reach|hit|come to)\b|\bshows? more \p{L}+ than (?:we|there) (?:had|were|reached|served)\b`,
];
const REAL_FIGURE = [
  String.raw`\bwe (?:only )?(?:reached|had|served|sold|made|earned|got|trained|hired) (?:about |around |only |just |roughly )?\d`,
];
/** Falsified results: measured or recorded values changed (readings, test or lab results, subjects, dates of service)... */
const READINGS_CHANGED = [
  String.raw`\b(?:change|alter|adjust|edit|lower|raise|tweak|bump|nudge|recod|reclassif|move|massag|shift)\p{L}*${G(40)}\b(?:readings?|measurements?|measured (?:values|results)|test (?:values|results|points|data)|lab (?:values|results)|data points|subjects|adverse events|dates of service|(?:deflection|pressure|emissions?|temperature|noise|load) (?:values|results|figures))\b`,
];
/** ...so that the report handed over passes, or agrees with what was already claimed or paid. */
const SO_IT_PASSES = [
  String.raw`\bso (?:that )?(?:it|the (?:\p{L}+ ){0,2}?(?:report|table|results?|summary|audit|inspection|submission|chart|file)s?) (?:shows? a (?:clean |clear )?pass|pass(?:es)?\b|looks? (?:compliant|clean))|\bto something (?:under|below|within) the (?:limits?|thresholds?|spec)\b|\b(?:match(?:es)?|lines? up with|agrees? with) (?:what|the claims?) (?:the |our |we )?(?:\p{L}+ )?(?:were |was |have |has |had )?(?:already|previously) (?:presented|reported|submitted|told|said|billed|paid|claimed)\b`,
];
/** A document made again as it should have been, dated as if it was then. */
const REMADE = [String.raw`\b(?:rebuil|recreat|regenerat|reproduc|remak|redo|re-?do|re-?issu|re-?creat)\p{L}*`];
const OLD_DATES = [
  String.raw`\bwith (?:the )?(?:old|older|earlier|past) revision numbers?\b|\b(?:pdf |file |document )?metadata (?:matching|showing|set to) (?:those|the old|earlier|past|\d{4})\b|\bshow(?:ing)? (?:an? )?(?:earlier|older|past) (?:issue |revision )?dates?\b`,
];
/** A report that says the thing was tested and passed... */
const SAYS_IT_PASSED = [
  String.raw`\b(?:stating|states?|saying|says?|confirm(?:s|ing)?|certif(?:y|ies|ying)) (?:that )?(?:the|our|it|we|this) (?:\p{L}+ ){0,3}?(?:was tested and (?:meets|passes|passed|complies)|passe[sd]|meets|met|complies|is compliant|conforms)\b`,
];
/** ...where the post says the fixing comes later, or not at all. */
const DOES_NOT_PASS = [
  String.raw`\bwe(?:['’]ll| will) fix (?:the )?(?:actual |real )?(?:issues|problems|it|things|them) later\b|\b(?:no|don['’]?t have (?:the )?) time to fix (?:it|them|the (?:issues|problems))\b|\bwithout (?:actually )?(?:fixing|testing) (?:it|them|anything|the (?:site|issues|problems))\b`,
];
const IMPERSONATE = [
  String.raw`\banswer (?:the )?(?:phone|calls?) as (?:their|his|her|the|a) (?:former |previous |old )?\p{L}+|\bpose as (?:their|his|her|the) (?:former |previous )?\p{L}+|\bpretend(?:ing)? to be (?:their|his|her|the) (?:former |previous )?(?:employer|manager|hr|boss|landlord|bank)\b`,
];

// A competitor's own material taken for ours.
const THEIR_MATERIAL = [
  String.raw`\bcompetitor(?:s['’]|['’]s)\b|\bother sellers['’]|\b(?:their|the competitor) (?:images|photos|pictures|content|text|descriptions|listings?|videos|a\+ content)\b`,
];
const MADE_OURS = [
  String.raw`\bremov\p{L}* (?:their|the(?: original)?) (?:logos?|watermarks?|branding|names?|credits?)\b|\buse (?:them|it|those|these) (?:on|for|in|as) (?:our|my)\b|\bput (?:them|it) on (?:our|my)\b`,
];
const STUDY_ONLY = [
  String.raw`\banaly[sz]\p{L}*|\bcompar\p{L}*|\bbenchmark\p{L}*|\bresearch\p{L}*|\bwith (?:their )?permission\b|\blicen[cs]ed\b`,
];

// Someone else's system entered without their leave.
const BREAK_IN = [
  String.raw`\b(?:find|found|get|gain|make) (?:a |the )?way (?:in|into)\b|\bget (?:in|into)\b|\bbreak (?:in|into)\b|\bhack (?:in|into)\b|\bgain access\b|\bget access\b|\baccess (?:to )?(?:their|his|her)\b|\blog ?in(?:to)? (?:to )?(?:their|his|her)\b`,
];
const NOT_OURS = [
  String.raw`\bcompetitor\p{L}*|\bex-?(?:employer|partner|wife|husband|girlfriend|boyfriend)\b|\bformer (?:employer|company|boss|partner)\b|\bsomeone else['’]?s?\b|\bthey (?:will not|won['’]?t|must not|mustn['’]?t) (?:be told|know|find out)\b|\bwithout (?:their|the owner['’]?s?) (?:permission|knowledge|consent)\b`,
];
const AUTHORISED = [
  String.raw`\bour own\b|\bwe own\b|\bauthori[sz]\p{L}*|\bscope (?:letter|document)\b|\brules of engagement\b|\bbug bounty\b|\bwritten (?:permission|consent|approval)\b|\bour (?:client|customer)['’]?s? (?:consent|permission)\b`,
];

// Ratings from people told to give them, or praise from clients who never were.
const MANY_PEOPLE = [
  String.raw`\b(?:\d+|a dozen|dozens of|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds of) (?:different|separate|unique|individual) (?:people|persons|buyers|users|customers|reviewers|accounts|testers)\b|\bhighest (?:possible )?rating\b|\brefund (?:the|their|your) (?:purchase|order|price)\b`,
];
const NEVER_CLIENTS = [
  String.raw`\b(?:we|i) (?:have|had)(?:n['’]?t| not| never) (?:yet )?worked with\b|\bnever worked with\b|\bwe (?:have not|haven['’]?t) (?:served|had)\b|\binvented (?:names|clients|customers)\b|\bmade[- ]up (?:names|clients|customers|reviews)\b|\bfictional (?:clients|customers|reviewers)\b`,
];
const PRAISE = [String.raw`\btestimonials?\b|\breviews?\b|\bcase stud(?:y|ies)\b|\bendorsements?\b|\bclient (?:logos|quotes)\b`];

// Fakes of a brand, sold so the marketplace's checks miss them.
const COUNTERFEIT = [
  String.raw`\breplicas?\b|\bfactory (?:copies|copy|made copies)\b|\bcounterfeits?\b|\bknock-?offs?\b|\b1:1 (?:copies|copy|replicas?)\b|\bsuper ?cop(?:y|ies)\b|\bfakes? of\b|\bunauthori[sz]ed cop(?:y|ies)\b`,
];

// Records that say training, inspections or checks were done which were not: backdated, with passing marks.
const DONE_RECORDS = [
  String.raw`\b(?:completion|training|attendance|inspection|maintenance|safety|sign-?in|service)\s+(?:records?|logs?|sheets?|certificates?|reports?|dates?|status)\b|\bcertificates?\b|\btranscripts?\b`,
];
const NOT_DONE = [
  String.raw`\bnever\s+(?:actually\s+)?(?:finished|completed|took|taken|attended|did|done|passed|happened)\b|\b(?:haven['’]?t|have not|hasn['’]?t|has not|didn['’]?t|did not|weren['’]?t|were not|wasn['’]?t|was not)\s+(?:yet\s+|actually\s+)?(?:finish|complet|take|taken|attend|do|done|pass|inspect|train|serviced)\p{L}*|\b(?:take|do|attend)\s+the\s+(?:real|actual)\s+(?:training|course|test|exam|inspection)\s+(?:after|later)\b`,
];
const MADE_DONE = [
  String.raw`\bbackdat\p{L}*|\bdated\s+(?:between|back|earlier)\b|\bwith\s+passing\s+(?:scores?|marks|grades)\b|\bmark\p{L}*\s+(?:them|it|all|everyone|these|those)\s+(?:as\s+)?(?:complete|completed|passed|done|attended)\b|\bas\s+if\s+(?:they|it|we|he|she)\s+(?:had\s+)?(?:completed|finished|attended|passed|done|been done)\b`,
];

export const CONCEPT_RULES: readonly ConceptRule[] = [
  { code: 'checkEvasion', all: [PAST_IT, DETECTORS, NOT_OWN_TEXT], unless: OWN_RIGHTS },
  { code: 'checkEvasion', all: [UNNOTICED, NOT_OWN_TEXT], unless: OWN_RIGHTS },
  {
    code: 'checkEvasion',
    all: [[String.raw`\bundetect(?:able|ed)\b`], [String.raw`\bai\b|\bgpt\b|\bchat ?gpt\b|\bplagiari\p{L}*|\bcopyright\p{L}*|\bbots?\b`]],
  },
  { code: 'fakeEngagement', all: [MADE_UP, APPROVAL], unless: REAL_FEEDBACK },
  { code: 'fakeEngagement', all: [FIVE_STARS, STORES], unless: REAL_FEEDBACK },
  { code: 'bulkAccounts', all: [MADE_OR_VERIFIED, MANY_ACCOUNTS], unless: LEGIT_ACCOUNTS },
  { code: 'falsifiedRecords', all: [ALTER_OR_MAKE, PROOF_DOCS, TO_FOOL], unless: TEMPLATES },
  { code: 'falsifiedRecords', all: [ALTER, FINANCIALS, TO_FOOL] },
  { code: 'falsifiedRecords', all: [LOOKS_REAL, PROOF_DOCS], unless: TEMPLATES },
  { code: 'falsifiedRecords', all: [EDIT_FIGURES, PROOF_DOCS], unless: TEMPLATES },
  { code: 'forbiddenByTerms', all: [ACCOUNT_MISUSE, MARKETPLACE_ACCOUNT] },
  { code: 'forbiddenByTerms', all: [BID_FOR_ME, FROM_MY_ACCOUNT] },
  {
    code: 'upfrontFee',
    all: [STARTER_COST, MONEY, BEFORE_WORK, YOU],
    unless: [
      String.raw`\b(?:paid|covered|provided) (?:for )?by (?:us|the company)\b|\bwe (?:pay|cover) (?:for )?(?:it|the|your|this)\b|\bat (?:our|no) (?:cost|expense)\b`,
    ],
  },
  { code: 'paymentHandling', all: [TAKE_MONEY, MONEY_IN, PASS_ON] },
  { code: 'unpaidWork', all: [FOR_NOTHING, REAL_WORK], unless: OUR_FREE_THINGS },
  {
    code: 'unpaidWork',
    all: [AUDITION, FULL_WORK, CONTEST],
    window: 120,
    unless: [String.raw`\bpaid\b|\bbilled\b|\bat your (?:hourly )?rate\b|\bcompensat\p{L}*`],
  },
  { code: 'piracy', all: [UNLOCK, PROTECTION], unless: OWN_RIGHTS },
  { code: 'piracy', all: [COPY_OUT, PAID_CONTENT, REDISTRIBUTE], unless: OWN_RIGHTS, unlessInPost: MY_OWN_WORK },
  { code: 'surveillance', all: [SECRETLY, PERSON, PRIVATE_LIFE], unless: CONSENT },
  { code: 'paymentHandling', all: [MONEY_TO_YOU, ONWARD], window: 200 },
  { code: 'upfrontFee', all: [WORKER, PAYS_FIRST, STARTS_OR_RETURNED], unless: NOT_THE_WORKER },
  { code: 'upfrontFee', all: [COST_ON_WORKER, RETURNED_LATER], window: 120 },
  { code: 'forbiddenByTerms', all: [SELL_ACCOUNTS] },
  { code: 'forbiddenByTerms', all: [THEIR_IDS, APPLY_FOR_THEM], unless: ID_LEGIT },
  { code: 'forbiddenByTerms', all: [THIS_MARKETPLACE, THROUGH_OUR_ACCOUNT], window: 150 },
  { code: 'piracy', all: [AS_OUR_OWN, OTHERS_WORK], window: 200, unless: RIGHTS_HELD },
  { code: 'piracy', all: [WORKAROUND_FILES, NO_SUBSCRIPTION], window: 200 },
  { code: 'checkEvasion', all: [COME_OUT_CLEAN, CHECKS] },
  { code: 'surveillance', all: [UNMASK, WHERE_THEY_LIVE], window: 200 },
  { code: 'falsifiedRecords', all: [SEAL, BORROWED], window: 200, unless: SEAL_OURS },
  { code: 'falsifiedRecords', all: [NUMBERS_LINE_UP, REAL_FIGURE], window: 250 },
  { code: 'falsifiedRecords', all: [IMPERSONATE] },
  { code: 'falsifiedRecords', all: [DONE_RECORDS, NOT_DONE, MADE_DONE], window: 500 },
  { code: 'falsifiedRecords', all: [READINGS_CHANGED, SO_IT_PASSES], window: 200 },
  { code: 'falsifiedRecords', all: [REMADE, OLD_DATES], window: 250 },
  { code: 'falsifiedRecords', all: [SAYS_IT_PASSED, DOES_NOT_PASS], window: 500 },
  { code: 'piracy', all: [THEIR_MATERIAL, MADE_OURS], window: 200, unless: STUDY_ONLY },
  { code: 'forbiddenByTerms', all: [BREAK_IN, NOT_OURS], window: 200, unless: AUTHORISED },
  { code: 'fakeEngagement', all: [MANY_PEOPLE, APPROVAL], unless: REAL_FEEDBACK },
  { code: 'fakeEngagement', all: [NEVER_CLIENTS, PRAISE], window: 150 },
  { code: 'forbiddenByTerms', all: [COUNTERFEIT, UNNOTICED], window: 150 },
  {
    code: 'forbiddenByTerms',
    all: [
      COUNTERFEIT,
      [
        String.raw`\bwithout (?:getting |being )?(?:caught|detected|noticed|flagged)\b|\bso (?:it|they) (?:pass|look|read) as (?:genuine|original|authentic|real)\b`,
      ],
    ],
    window: 200,
  },
];
