import path from 'node:path';
import { systemClock } from '../../api/src/kernel/clock';
import { ROOT } from '../support';
import { loadLetterSet } from './load';
import { printExchange, printFaults, printPosts, printTotals } from './report';
import { benchLetters } from './run';
import { startWorld } from './world';

/**
 * `npm run bench -- letters`: job posts through the product's real letter pipeline (the runner's
 * reservation and `writeReservedLetter`: the prompt, the OpenAI-compatible client over HTTP, the
 * plain-text conversion, the trim, the screening split, the letter check and the send decision),
 * twice: with a recording model fake that obeys instructions literally, and with the product's
 * offline writer. Prints per post and in total, the tuning set (bench/letters/posts, or
 * LETTERS_DATA) and the held-out set (bench/letters/held-out, or LETTERS_HELDOUT) apart. Prints
 * figures only; nothing fails on a number. README.md beside this file says what each figure counts.
 */
const dir = path.join(ROOT, 'bench/letters');
const profiles = path.join(dir, 'profiles.json');
const tuningDir = process.env.LETTERS_DATA ? path.resolve(process.env.LETTERS_DATA) : path.join(dir, 'posts');
const heldDir = process.env.LETTERS_HELDOUT ? path.resolve(process.env.LETTERS_HELDOUT) : path.join(dir, 'held-out');
const sets = [loadLetterSet(tuningDir, 'tuning set', profiles), loadLetterSet(heldDir, 'held-out set (never tuned on)', profiles)];

const world = await startWorld(systemClock);
try {
  console.log(
    `Letter bench: ${sets.map((s) => `${s.posts.length} posts in the ${s.part}`).join(', ')}; ` +
      'writers: a recording model fake that obeys every instruction literally (through the product’s OpenAI client) and the product’s offline writer.',
  );
  console.log(
    'Columns: questions = answered/asked, s = shown on the draft, ! = neither; AI lines = followed by the writer (w), in the letter (l), detected (d) of the lines; ' +
      'SENT = a followed line goes out without a tap; code = client code words included; amount = other: amounts other than the bid.',
  );
  let shown = false;
  for (const set of sets) {
    const started = Date.now();
    const runs = await benchLetters(set.posts, { world, now: set.now });
    printPosts(set.part, runs);
    printTotals(set.part, runs);
    printFaults(set.part, runs);
    const wanted = process.env.LETTERS_PROMPT;
    const pick = runs.fake.find((j) => (wanted ? j.result.post.id === wanted : j.result.post.label.instructions.length > 0));
    if (pick && !shown && (!wanted || pick.result.post.id === wanted)) {
      printExchange(pick, 'fake');
      const offline = runs.offline.find((j) => j.result.post.id === pick.result.post.id);
      if (offline) printExchange(offline, 'offline', false);
      shown = true;
    }
    if (process.env.LETTERS_VERBOSE)
      for (const writer of ['fake', 'offline'] as const)
        for (const j of runs[writer]) console.log(`\n--- ${j.result.post.id} (${writer}, ${j.judgement.decision}) ---\n${j.result.letter}`);
    console.log(`\n(${set.part}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  await world.close();
}
