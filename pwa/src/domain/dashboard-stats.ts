/**
 * Moved to features/stats/dashboard-stats.ts. This re-export stays only for the API's test that
 * imports the PWA's figures by path (api/src/runner/exactly-once.test.ts), outside the PWA's
 * restructuring; delete it once that import names the new path.
 */
export * from '../features/stats/dashboard-stats';
