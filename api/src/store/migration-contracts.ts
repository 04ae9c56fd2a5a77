/**
 * Expand, then contract (README "Upgrade"). During a rolling upgrade the previous release's
 * processes keep running on the database the new release has migrated, so a migration may only
 * expand what the previous release's code uses: add tables, nullable columns or columns with a
 * default, and indexes. It may not drop or rename a table or column, change a column's type, make a
 * column NOT NULL, or add a NOT NULL column without a default, in the release whose code still used
 * it. Contracting takes two releases: one whose code stops using the column (and writes nothing that
 * needs it), then a later one whose migration drops it, listed here with the release that stopped
 * using it. `migration-contracts.test.ts` fails on any destructive change of a product migration
 * after the 0.1.0 baseline that is not listed, or whose `unusedSince` is not a release before it.
 */
export interface Contraction {
  /** The migrations folder (`api/drizzle` or `api/drizzle-pg`) and the migration's tag. */
  folder: 'api/drizzle' | 'api/drizzle-pg';
  migration: string;
  /** What it removes or tightens: `table` or `table.column`. */
  target: string;
  /** The release whose code stopped using it (it must be in CHANGELOG.md, before `release`). */
  unusedSince: string;
  /** The release the migration ships in. */
  release: string;
}

/** The last migration of each folder in 0.1.0, before the rule: those before and at it are as they shipped. */
export const CONTRACT_BASELINE: Record<Contraction['folder'], string> = {
  'api/drizzle': '0017_refund_claims',
  'api/drizzle-pg': '0004_refund_claims',
};

export const CONTRACTIONS: readonly Contraction[] = [];
