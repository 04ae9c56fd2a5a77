import type { SearchCriteria } from '@shared/schemas/job';
import { createMarketplaces } from '../api/src/modules/marketplaces/registry';
import type { MarketplaceAdapter, MarketplaceSession } from '../api/src/modules/marketplaces/types';
import { systemClock } from '../api/src/kernel/clock';
import { consent, startMarketplaceServer, TEST_REDIRECT_URI } from '../api/src/testing/marketplace-server';

/**
 * `npx tsx bench/marketplaces.bench.ts`: searches per second through each marketplace adapter
 * against the embedded sandbox over loopback HTTP (sandbox in this process, real SQLite, real
 * fetch). Prints figures; never fails on them. BENCH_SECONDS (default 3) per case.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 8;

async function measure(name: string, run: () => Promise<unknown>) {
  await run(); // warm-up: generation, prepared statements, parsed GraphQL document
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(44)} ${(latencies.length / elapsed).toFixed(0).padStart(6)} searches/s   p50 ${pct(0.5).padStart(6)} ms   p99 ${pct(0.99).padStart(6)} ms`,
  );
}

async function main() {
  const server = await startMarketplaceServer({ clock: systemClock, rateLimitPerMinute: 1_000_000_000 });
  try {
    const { freelancer, upwork } = createMarketplaces(
      { freelancer: undefined, upwork: undefined, upworkProposalsApi: false },
      () => server.url,
    );
    const { location } = await consent(upwork.oauth.authorizeUrl('bench', TEST_REDIRECT_URI));
    const upworkSession: MarketplaceSession = {
      accessToken: (await upwork.oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI)).accessToken,
    };
    const search = (adapter: MarketplaceAdapter, session: MarketplaceSession | null, criteria: SearchCriteria, size: number) => () =>
      adapter.search(session, criteria, 0, size);

    console.log(`Marketplace adapters against the sandbox over HTTP, ${CONCURRENCY} concurrent callers, ${SECONDS} s each`);
    const fl: SearchCriteria = {
      platform: 'freelancer',
      title: 'developer',
      pageLimit: 1,
      freelancerIsFixed: true,
      freelancerIsHourly: true,
      freelancerLanguage: ['en'],
    };
    const up: SearchCriteria = {
      platform: 'upwork',
      title: 'developer',
      pageLimit: 1,
      upworkJobType: 'any',
      upworkDuration: 'medium_term',
      upworkExperienceLevel: 'intermediate',
    };
    await measure('freelancer search, 10 a page', search(freelancer.adapter, null, fl, 10));
    await measure('freelancer search, 100 a page', search(freelancer.adapter, null, fl, 100));
    await measure('upwork search (GraphQL), 10 a page', search(upwork.adapter, upworkSession, up, 10));
    await measure('upwork search (GraphQL), 50 a page', search(upwork.adapter, upworkSession, up, 50));
  } finally {
    await server.close();
  }
}

await main();
