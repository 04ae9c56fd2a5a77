import fs from 'node:fs';
import path from 'node:path';
import { analyseJob } from '@shared/matching/analyse';
import { makeJob } from '@shared/matching/job-fixture';
import { assessRisk } from '@shared/matching/risk/assess';

/**
 * The red-flag assessment on corpus files (`risk-corpus/`, `risk-held/`): how many of their scams
 * raise a content flag (and how many by the rules alone, without the learned reading), how many of
 * their honest posts do, per family, English apart from the other languages, and the misses per
 * language. Client signals and budget checks are left out: the posts carry no client and a neutral
 * hourly budget. Run: `npx tsx bench/matching/risk-corpus-eval.ts [file or folder …]` (default:
 * `risk-held/`, the files never trained on; see its README for the one read for rules).
 */

interface CorpusPost {
  lang: string;
  family: string;
  title: string;
  text: string;
}

const args = process.argv.slice(2);
const inputs = args.length > 0 ? args : [path.join(import.meta.dirname, 'risk-held')];
const files = inputs.flatMap((input) =>
  fs.statSync(input).isDirectory()
    ? fs
        .readdirSync(input)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => path.join(input, name))
    : [input],
);

let scams = 0;
let caught = 0;
let caughtByRules = 0;
let honest = 0;
let alarms = 0;
let alarmsByRules = 0;
const byFamily = new Map<string, [number, number]>();
const missedByLanguage = new Map<string, number>();
/** English apart from the other languages. */
const newTally = () => ({ scams: 0, caught: 0, honest: 0, alarms: 0 });
const byLanguage = { en: newTally(), other: newTally() };
/** Posts with no red flag that the learned reading doubts (held for a look before an auto agent sends them). */
const look = { scams: 0, honest: 0 };
for (const file of files) {
  const posts = JSON.parse(fs.readFileSync(file, 'utf8')) as CorpusPost[];
  posts.forEach((post, i) => {
    const job = analyseJob(
      makeJob({
        id: `${path.basename(file)}:${i}`,
        title: post.title,
        description: post.text,
        type: 'hourly',
        minBudget: 30,
        maxBudget: 50,
      }),
    );
    const read = assessRisk(job).filter((f) => f.code !== 'clientRisk' && f.code !== 'scopeOverBudget' && f.code !== 'pricePerItemLow');
    // Red flags only; a doubt of the learned reading (`unsure`) is counted apart, as held for a look.
    const flags = read.filter((f) => !f.unsure);
    if (flags.length === 0 && read.length > 0) look[post.family === 'none' ? 'honest' : 'scams']++;
    const byRules = flags.filter((f) => !f.likely).length > 0;
    const language = byLanguage[post.lang === 'en' ? 'en' : 'other'];
    if (post.family === 'none') {
      language.honest++;
      if (flags.length > 0) language.alarms++;
    } else {
      language.scams++;
      if (flags.length > 0) language.caught++;
    }
    if (post.family === 'none') {
      honest++;
      if (flags.length > 0) alarms++;
      if (byRules) alarmsByRules++;
      return;
    }
    scams++;
    const tally = byFamily.get(post.family) ?? [0, 0];
    tally[1]++;
    if (flags.length > 0) {
      caught++;
      tally[0]++;
    } else missedByLanguage.set(post.lang, (missedByLanguage.get(post.lang) ?? 0) + 1);
    if (byRules) caughtByRules++;
    byFamily.set(post.family, tally);
  });
}
console.log(`${files.length} file(s): ${files.map((f) => path.basename(f)).join(', ')}`);
console.log(
  `scams flagged ${caught}/${scams} (rules alone ${caughtByRules}); honest posts flagged ${alarms}/${honest} (rules alone ${alarmsByRules})`,
);
console.log(`held only for a look (no red flag, the reading's doubt): scams ${look.scams}, honest posts ${look.honest}`);
console.log(`by family: ${[...byFamily].map(([family, [a, b]]) => `${family} ${a}/${b}`).join(', ')}`);
const { en, other } = byLanguage;
console.log(
  `English: scams ${en.caught}/${en.scams}, honest flagged ${en.alarms}/${en.honest}; ` +
    `other languages: scams ${other.caught}/${other.scams}, honest flagged ${other.alarms}/${other.honest}`,
);
console.log(`missed by language: ${[...missedByLanguage].map(([lang, n]) => `${lang} ${n}`).join(', ') || 'none'}`);
