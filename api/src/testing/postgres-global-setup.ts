import type { TestProject } from 'vitest/node';
import { SANDBOX_MIGRATIONS } from '../store/migrations';
import { closePostgres, openPostgres } from '../store/postgres/postgres';
import { startPostgres, type PostgresServer } from './postgres-server';

/** The migrated database every test app on PostgreSQL copies (CREATE DATABASE … TEMPLATE): the product's tables and the sandbox's schema. */
export const TEMPLATE_DATABASE = 'bidpilot_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server the `api-pg` project runs on: its URL (database `postgres`) and binaries. */
    postgres: { url: string; template: string };
  }
}

let server: PostgresServer | undefined;

/**
 * The `api-pg` project (the API's tests on PostgreSQL): one throwaway server for the whole run and a
 * template database migrated once, so each test app gets a fresh, migrated database in one statement.
 */
export default async function setup(project: TestProject) {
  server = await startPostgres();
  const templateUrl = await server.createDatabase(TEMPLATE_DATABASE);
  await closePostgres(await openPostgres(templateUrl, { max: 1 }));
  await closePostgres(await openPostgres(templateUrl, { max: 1, migrations: SANDBOX_MIGRATIONS }));
  project.provide('postgres', { url: server.url, template: TEMPLATE_DATABASE });
  return async () => {
    await server?.stop();
  };
}
