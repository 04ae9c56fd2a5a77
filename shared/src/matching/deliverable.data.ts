/**
 * Neighbouring trades that share their tools but not their work: a data engineer and a data analyst
 * both write SQL and Python, yet one builds pipelines and warehouses and the other answers questions
 * with analyses, reports and dashboards. A post's deliverable is read from the words of each side
 * (`deliverable.ts`); when it is plainly one side's and the profile is plainly the other's, the
 * post's main work is a skill the profile lacks, whatever tools they share.
 *
 * Each side: the vocabulary skill that names its work, and its words (regular-expression sources run
 * on the lower-cased title and description, English and the interface's other languages). Extend a
 * pair, or add one, with posts of each side in `deliverable.test.ts`.
 */
export interface DeliverableSide {
  skill: string;
  cues: readonly string[];
}

export interface NeighbourTrades {
  id: string;
  sides: readonly [DeliverableSide, DeliverableSide];
}

export const NEIGHBOUR_TRADES: readonly NeighbourTrades[] = [
  {
    id: 'data',
    sides: [
      {
        skill: 'data-engineering',
        cues: [
          String.raw`\bpipelines?\b|\betl\b|\belt\b|\bingest\p{L}*|\bdags?\b|\bdata warehouses?\b|\bwarehous(?:e|ing)\b|\blakehouse\b|\bdata lakes?\b|\bdbt models?\b|\bload(?:s|ing)? (?:\p{L}+ ){0,3}?into\b|\bsync\p{L}* (?:\p{L}+ ){0,3}?(?:into|to)\b|\bcdc\b|\bstreaming\b|\borchestrat\p{L}*|\bdata (?:platform|infrastructure|integration|migration)\b`,
          String.raw`\bpipeline de dados\b|\btuber[ií]as? de datos\b|\bentrep[oô]t de donn[ée]es\b|\bdatenpipeline\p{L}*|конвейер\p{L}* данных|хранилищ\p{L}* данных|\bgudang data\b|数据管道|数据仓库`,
        ],
      },
      {
        skill: 'data-analysis',
        cues: [
          String.raw`\banaly(?:st|sts|sis|ses|se|ze|sing|zing)\b|\binsights?\b|\bcohorts?\b|\bretention\b|\bkpis?\b|\bmetrics\b|\bad-?hoc\b|\bdashboards?\b|\breports?\b|\breporting\b|\bcharts?\b|\bsegmentation\b|\bforecast\p{L}*|\bsurvey results\b|\bstatistic\p{L}*|\bvisuali[sz]\p{L}*|\bwrite-?ups?\b`,
          String.raw`\ban[aá]lis(?:is|e)\b|\banalista\b|\binformes?\b|\brelat[oó]rios?\b|\banalyse\b|\brapports?\b|\bauswertung\p{L}*|аналит\p{L}*|анализ\p{L}*|отч[её]т\p{L}*|\banalisis\b|\blaporan\b|数据分析|报表`,
        ],
      },
    ],
  },
  {
    // A CNC programmer and a mechanical designer share SolidWorks, Fusion 360 and drawings, yet one writes
    // the toolpaths and NC code that cut a part and the other designs the part, its assembly and its enclosure.
    id: 'machining',
    sides: [
      {
        skill: 'cnc',
        cues: [
          String.raw`\btool ?paths?\b|\bnc (?:programs?|code|files?)\b|\bg-?code\b|\bcam programm\p{L}*|\bcam (?:programs?|setups?|work)\b|\bpost[- ]?processors?\b|\bsetup sheets?\b|\bcycle times?\b|\bfeeds and speeds\b|\bwork ?offsets?\b|\bprobing (?:cycles?|routines?)\b|\bcnc programm\p{L}*|\b(?:mill|lathe|turning|milling) programs?\b`,
          String.raw`\bcnc-programm\p{L}*|\bprogramaci[oó]n cnc\b|\bprograma[cç][aã]o cnc\b|\bprogrammation cn\b|\bтраектори\p{L}* инструмент|\bуправляющ\p{L}* программ|\bprogram cnc\b`,
        ],
      },
      {
        skill: 'mechanical-engineering',
        cues: [
          String.raw`\bmechanical design\b|\bproduct design\b|\bsheet[- ]metal (?:parts?|design|enclosures?|brackets?)\b|\benclosures?\b|\bgearbox\p{L}*|\bmechanisms?\b|\bassembl(?:y|ies) design\b|\bdesign (?:of |for )?(?:a |an |the |our )?(?:new )?(?:bracket|housing|mount|machine|mechanism|enclosure|gearbox|product|device)s?\b|\bdesign for (?:manufactur\p{L}*|injection|assembly)\b|\bdfm\b|\bprototype design\b|\bmechanical engineer\b`,
          String.raw`\bdiseño mec[aá]nico\b|\bprojeto mec[aâ]nico\b|\bconception m[ée]canique\b|\bkonstruktion\b|\bконструирован\p{L}*|\bdesain mekanik\b`,
        ],
      },
    ],
  },
];

/** Words of one side a post needs, with none of the other's, for its deliverable to be that side's. */
export const DELIVERABLE_MIN_CUES = 2;
