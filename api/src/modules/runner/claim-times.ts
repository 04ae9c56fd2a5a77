/**
 * How long a claim on a job item holds. A claim is taken in the transaction that checks the step
 * may still happen and is completed by its holder only; past its expiry the step is recovered
 * (modules/runner/recovery.ts). A send claim must outlast the slowest proposal POST (15 s per attempt, a
 * few attempts on 429) by a wide margin, or a slow sender could be taken for a dead one.
 */
export interface ClaimTimes {
  /** From reserving a job to saving its letter. */
  writeMs: number;
  /** From claiming a queued proposal to recording what the marketplace answered. */
  sendMs: number;
}

export const DEFAULT_CLAIM_TIMES: ClaimTimes = { writeMs: 10 * 60_000, sendMs: 10 * 60_000 };

export const claimTimes = (given?: Partial<ClaimTimes>): ClaimTimes => ({ ...DEFAULT_CLAIM_TIMES, ...given });
