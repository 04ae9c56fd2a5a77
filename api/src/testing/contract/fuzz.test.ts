import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSecrets } from '../../kernel/secrets';
import { createSession } from '../../modules/accounts/sessions';
import type { TestApp } from '../harness';
import { appDigest, changedTables, type Exclusion } from './db-digest';
import { requestArbitrary, type FuzzRequest } from './fuzz-requests';
import { contractProblems, loadOperations, send, type Operation } from './operations';
import { twoUsers } from './two-users';

/*
 * Property-based fuzzing of every operation of /api/openapi.json (issue 13, checks that stay in CI),
 * with requests generated from the operation's zod schemas (fuzz-requests.ts): valid-shaped and
 * malformed bodies, queries, path parameters and headers, from every kind of caller. For each one:
 * no 5xx, a status the document declares, a JSON body matching the schema declared for that
 * status, and a refused request (4xx) changes nothing in the database.
 *
 * In `npm test` it runs a fixed seed, FUZZ_RUNS (default 10) requests per operation; `npm run fuzz`
 * runs longer with a new seed each time (scripts/fuzz.ts). A failure prints the command that replays
 * it: FUZZ_SEED, FUZZ_OPERATION and FUZZ_PATH.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_105);
const ONLY = process.env.FUZZ_OPERATION;
const PATH = process.env.FUZZ_PATH;

/** What a refused request may change on purpose. */
const CHANGES_BY_DESIGN: Exclusion[] = [
  {
    table: 'idempotency_keys',
    reason: 'the answer to a refused write is kept under its Idempotency-Key, so a retry is answered alike (store/idempotency.ts)',
  },
  {
    table: 'rate_hits',
    reason: 'a refused sign-in or code counts against the guessing limits, shared by every process (store/rate-hits.ts)',
  },
];

/** A 32-bit hash of the operation, so each operation has its own sequence under one seed. */
const seedOf = (key: string) => {
  let hash = SEED >>> 0;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash | 0;
};

const users = await twoUsers();
const probe = users.open();
const operations = (await loadOperations(probe.app)).filter((op) => !ONLY || op.key === ONLY);
probe.close();
afterAll(() => users.close());

function headersFor(request: FuzzRequest, token: string): Record<string, string> {
  const headers = { ...request.parts.headers };
  switch (request.caller) {
    case 'alice':
      headers.authorization = `Bearer ${token}`;
      break;
    case 'forged-bearer':
      headers.authorization = `Bearer ${token.slice(0, -4)}AAAA`;
      break;
    case 'alice-cookie':
      headers.cookie = `auth_token=${token}`;
      headers.origin = 'http://localhost';
      break;
    case 'alice-cookie-cross-site':
      headers.cookie = `auth_token=${token}`;
      headers.origin = 'https://evil.example';
      break;
    case 'anonymous':
      break;
  }
  return headers;
}

async function fuzz(t: TestApp, op: Operation) {
  const pepper = ensureSecrets(t.dataDir).sessionPepper;
  const known = { identifiers: [...users.a.identities, ...users.b.identities] };
  const property = fc.asyncProperty(requestArbitrary(op, known), async (request) => {
    // Each request from a session of its own: one that signs out must not spoil the next.
    const token = await createSession({ store: t.store, clock: t.clock, pepper }, users.a.userId, 'fuzz');
    // Work an earlier accepted request started in the background (an export building) ends before this one is judged.
    await Promise.all([t.app.rights.exports.idle(), t.app.rights.deletions.idle()]);
    const before = await appDigest(t, CHANGES_BY_DESIGN);
    const answer = await send(t.app, op, { ...request.parts, headers: headersFor(request, token) });
    const problems = contractProblems(op, answer);
    if (answer.status >= 400 && answer.status < 500) {
      const changed = changedTables(before, await appDigest(t, CHANGES_BY_DESIGN));
      if (changed.length > 0)
        problems.push(`refused with ${answer.status} but changed ${changed.join(', ')}: ${answer.text.slice(0, 200)}`);
    }
    if (problems.length > 0) {
      throw new Error(`${request.caller}, ${request.bodyKind} body, ${answer.url}\n  ${problems.join('\n  ')}`);
    }
  });
  const details = await fc.check(property, { numRuns: RUNS, seed: seedOf(op.key), ...(PATH ? { path: PATH } : {}), endOnFailure: true });
  if (details.failed) {
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${op.key}: ${error}\n\nReplay: FUZZ_SEED=${SEED} FUZZ_OPERATION='${op.key}' FUZZ_PATH='${details.counterexamplePath}' npm run fuzz`,
    );
  }
}

describe('fuzzing every operation from its zod schemas', () => {
  it('has operations to fuzz', () => {
    expect(operations.length, ONLY ? `no operation ${ONLY}` : 'no operations').toBeGreaterThan(0);
  });

  it.each(operations.map((op) => [op.key, op] as const))(
    '%s: no 5xx, declared statuses and schemas, no change from a 4xx',
    async (_key, op) => {
      const t = users.open();
      try {
        await fuzz(t, op);
      } finally {
        t.close();
      }
    },
    Math.max(20_000, RUNS * 2_000),
  );
});
