import type { PersonalModel } from '@shared/scoring';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import type { Metrics } from '../../kernel/metrics';
import type { Breaker } from './breaker';
import type { ClaimTimes } from './claim-times';
import type { Store } from '../../store/store';
import type { Marketplaces, MarketplaceSession, Platform } from '../marketplaces/types';
import type { NotifierPort, QuotaPort, WriterPort } from './ports';
import type { RetryOptions } from './retry';
import type { SharedFeed } from './feed';

/** What an agent's run is given: the store, the clock, the marketplaces and the ports it acts through. */
export interface PipelineDeps {
  /** The product's data (store/store.ts): reads through `store.db`, writes in `store.tx`. */
  store: Store;
  clock: Clock;
  log: Logger;
  marketplaces: Marketplaces;
  session: (userId: string, platform: Platform) => Promise<MarketplaceSession | null>;
  writer: WriterPort;
  notifier: NotifierPort;
  quota: QuotaPort;
  retry?: RetryOptions;
  claims?: Partial<ClaimTimes>;
  /** Jobs asked of the marketplace per run. */
  searchSize?: number;
  /**
   * How often an active agent searches during its hours (ms; schedule.ts `scanEvery`: never under
   * two minutes, four by default). 0: the runs themselves are paced, one per send slot (the fewest
   * searches, the slowest to see a new job).
   */
  scanEveryMs?: number;
  /**
   * The process's shared searches (feed.ts): scheduled runs on a marketplace whose search is public
   * take their query's answer of the interval from it. Absent: the runner makes one; null (or
   * absent when `runAgent` is called alone): every run searches for itself.
   */
  feed?: SharedFeed | null;
  /**
   * The most search calls one user's agents make to a marketplace an hour, where the search runs
   * under the user's token (Upwork); a run at the ceiling waits for the next hour. Absent: no ceiling.
   */
  userCallsPerHour?: Partial<Record<Platform, number>>;
  /** The share of the day's proposals open at the start of an agent's window (schedule.ts `allowance`). */
  openingShare?: number;
  /** The user's learned matching preferences (modules/proposals/match-learning.ts). */
  matchModel?: (userId: string) => Promise<PersonalModel | null>;
  /** For template experiments' draws (modules/runner/experiment-arm.ts); tests pin it. */
  random?: () => number;
  /** Holds runs back while the writer or a marketplace keeps failing (one per process: the runner's). */
  breaker?: Breaker;
  /** Runs, letters and sends counted for the operator. */
  metrics?: Metrics;
}
