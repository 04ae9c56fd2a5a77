import { crashRun, type CrashRunResult } from '../api/src/testing/crash-harness';

/**
 * `npm run bench -- crash`: kill -9 at random points of agent runs and sends, against a marketplace
 * that answers bids in 0.2–0.9 s, with one product process and then two sharing the database.
 * Rounds of ten kills (each round a fresh user, so every kill has work to interrupt), 100 kills per
 * layout by default (CRASH_KILLS). Prints the bid POSTs that reached the marketplace, how many were
 * duplicates (goal 0), the kills that fell mid-POST, any item left stuck, and the push notices and
 * Telegram messages missing (goal 0), received for nothing that happened (goal 0) or received twice.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 100);
const PER_ROUND = 10;

async function layout(processes: 1 | 2) {
  const results: CrashRunResult[] = [];
  for (let round = 0; round * PER_ROUND < KILLS; round++) {
    const kills = Math.min(PER_ROUND, KILLS - round * PER_ROUND);
    const seed = 1000 * processes + round;
    const result = await crashRun({ seed, kills, processes });
    results.push(result);
    console.log(
      `  ${processes} process${processes > 1 ? 'es' : ''}, round ${round + 1} (seed ${seed}): ${kills} kills, ${result.killsDuringPost} mid-POST · ` +
        `${result.posts} bid POSTs, ${result.duplicatePosts} duplicate · ${result.bids} bids = ${result.completed} sent · stuck ${result.stuck} · ` +
        `push missing ${result.noticesMissing.length}, unexplained ${result.noticesUnexplained.length}, copies ${result.noticeCopies} · ` +
        `Telegram missing ${result.telegramMissing.length}, unexplained ${result.telegramUnexplained.length}, copies ${result.telegramCopies}`,
    );
  }
  const sum = (pick: (r: CrashRunResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  console.log(
    `${processes} process${processes > 1 ? 'es' : ''}: ${sum((r) => r.kills)} kills (${sum((r) => r.killsDuringPost)} during a bid POST) · ` +
      `${sum((r) => r.posts)} bid POSTs · duplicate POSTs ${sum((r) => r.duplicatePosts)} (goal 0) · ` +
      `bids the product does not know ${sum((r) => r.unknownBids.length)} · items stuck ${sum((r) => r.stuck)} · ` +
      `letters counted ${sum((r) => r.lettersCounted)} = kept ${sum((r) => r.lettersKept)} · ` +
      `push notices missing ${sum((r) => r.noticesMissing.length)} (goal 0), unexplained ${sum((r) => r.noticesUnexplained.length)} (goal 0), copies ${sum((r) => r.noticeCopies)} · ` +
      `Telegram messages missing ${sum((r) => r.telegramMissing.length)} (goal 0), unexplained ${sum((r) => r.telegramUnexplained.length)} (goal 0), copies ${sum((r) => r.telegramCopies)}`,
  );
}

await layout(1);
await layout(2);
