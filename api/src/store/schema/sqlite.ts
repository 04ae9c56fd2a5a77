/**
 * The product's tables as SQLite describes them, one file a domain (tables/): the PostgreSQL schema
 * is derived from these (pg.ts), and domain code imports the dialect's own through index.ts.
 */
export * from './tables/accounts';
export * from './tables/agents';
export * from './tables/proposals';
export * from './tables/shared-state';
export * from './tables/marketplaces';
export * from './tables/billing';
export * from './tables/activity';
export * from './tables/notices';
export * from './tables/resume';
export * from './tables/support';
export * from './tables/mail';
export * from './tables/rights';
