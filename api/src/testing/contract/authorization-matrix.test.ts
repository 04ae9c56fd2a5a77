import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { changedTables, userDigest } from './db-digest';
import { contractProblems, loadOperations, send, servedApiRoutes, type Operation, type RequestParts } from './operations';
import { twoUsers, type Person } from './two-users';
import { arbitraryOf, minimalOf } from './zod-arbitrary';
import type { TestApp } from '../harness';
import { buildDocx } from '../../modules/resume/test-files';

/*
 * The authorization matrix (issue 13, checks that stay in CI): every operation of /api/openapi.json
 * is called with two users' data in place. Alice calls it with her session and Bob's identifiers in
 * each identifier slot (path, query, body), then without any session; neither may read anything of
 * Bob's (none of his texts or identifiers in the answer, unless the request carried it) nor change
 * any of his rows, and a signed-in-only operation must answer 401 without a session. A control call
 * with Alice's own identifiers must succeed, which proves the matrix reached the handler; an
 * operation that cannot be exercised so is listed below with the reason. A route the API serves but
 * the document lacks fails the test, and so does an entry below that no longer names an operation.
 */

/** Operations this matrix cannot exercise automatically, and why. */
const NOT_EXERCISABLE: Record<string, string> = {
  'POST /account/deletion':
    "needs the account's password or a freshly mailed code, which generated bodies cannot hold (rights/deletion.test.ts deletes accounts)",
  'GET /account/export/{id}/download':
    'needs the id of a finished export of Alice’s, which the matrix cannot know (rights/export.test.ts downloads, and another user’s id answers 404)',
};

/** Operations that need Alice's records in a given state first (as a user would have got there). */
const PREPARE: Record<string, (t: TestApp, token: string) => Promise<void>> = {
  // Resume undoes a cancellation: Alice cancels her paid plan first.
  'POST /plans/resume': async (t, token) => {
    const cancelled = await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    if (cancelled.status !== 200) throw new Error(`prepare: cancel answered ${cancelled.status}: ${cancelled.text}`);
  },
};

/**
 * Public operations that act on the address in their body by design; Bob's rows may change when
 * Alice sends his address (his answers still must not show her anything of his).
 */
const ACTS_ON_GIVEN_ADDRESS: Record<string, string> = {
  'POST /auth/reset-password-request':
    'anyone may ask for a reset code for any address: the code goes to that address, the answer is the same for every address and comes before any work (auth.test.ts)',
  'POST /auth/resend-verification':
    'anyone may ask for a new verification code for an address: it goes to that address only, answered alike for every address',
  'POST /auth/signin-code':
    'anyone may ask for a sign-in code for an address: it goes to that address only (useless without its password), answered alike for every address',
};

/** Body, query and path fields that name a record or a person. */
const IDENTITY_FIELD = /^(id|userId|agentId|automationId|jobItemId|reference|endpoint|email)$|Id$/;

const users = await twoUsers();
const probe = users.open();
const operations = await loadOperations(probe.app);
const served = servedApiRoutes(probe.app);
probe.close();
afterAll(() => users.close());

/** Which of a person's records an identifier slot names, judged by its name and the operation's path. */
function own(person: Person, op: Operation, slot: string): string | undefined {
  if (slot === 'email') return person.email;
  if (slot === 'endpoint') return person.endpoint;
  if (slot === 'reference') return person.reference;
  if (slot === 'userId') return person.userId;
  if (slot === 'automationId' || slot === 'agentId') return person.agentId;
  if (slot === 'jobItemId') return person.jobItemId;
  if (slot === 'id') {
    // GET /automations/{id} lists the agents of the user it names (one path template with PUT and DELETE).
    if (op.path.startsWith('/users/') || op.key === 'GET /automations/{id}') return person.userId;
    if (op.path.startsWith('/automations')) return person.agentId;
    if (op.path.startsWith('/job-items')) return person.jobItemId;
  }
  return undefined;
}

const isEnum = (schema: unknown) => (schema as { _zod: { def: { type: string } } })._zod.def.type === 'enum';

/** The identifier slots of an operation: path parameters (not enums), and named query and body fields. */
function slotsOf(op: Operation): Array<{ part: 'params' | 'query' | 'body'; name: string }> {
  const slots: Array<{ part: 'params' | 'query' | 'body'; name: string }> = [];
  for (const [name, schema] of Object.entries(op.params)) if (!isEnum(schema)) slots.push({ part: 'params', name });
  for (const name of Object.keys(op.query)) if (IDENTITY_FIELD.test(name)) slots.push({ part: 'query', name });
  if (op.body?.contentType === 'application/json') {
    for (const name of Object.keys(shapeKeys(op))) if (IDENTITY_FIELD.test(name)) slots.push({ part: 'body', name });
  }
  return slots;
}

/** Every key a JSON body may have (optional ones included). */
function shapeKeys(op: Operation): Record<string, true> {
  const keys: Record<string, true> = {};
  const walk = (schema: unknown, depth = 0): void => {
    const d = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!d || depth > 4) return;
    if (d.type === 'object') for (const key of Object.keys(d.shape as object)) keys[key] = true;
    for (const inner of ['in', 'out', 'innerType', 'left', 'right']) if (d[inner]) walk(d[inner], depth + 1);
  };
  walk(op.body?.schema);
  return keys;
}

/** A request of the operation with the person's own identifiers in every slot (seed 0: the minimal one). */
function requestFor(op: Operation, person: Person, seed: number): RequestParts {
  const pick = (schema: unknown) =>
    seed === 0 ? minimalOf(schema as never, 1) : fc.sample(arbitraryOf(schema as never), { numRuns: 1, seed })[0];
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(op.params)) params[name] = own(person, op, name) ?? String(pick(schema));
  const query: Record<string, string> = {};
  for (const [name, schema] of Object.entries(op.query)) {
    const value = own(person, op, name) ?? pick(schema);
    if (value !== undefined && value !== null) query[name] = String(value);
  }
  const parts: RequestParts = { params, query, headers: { authorization: `Bearer ${person.token}` } };
  if (op.body?.contentType === 'multipart/form-data') {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(buildDocx(['Ada Lovelace', 'Skills', 'Go']))], 'cv.docx'));
    parts.body = form;
  } else if (op.body) {
    const body = pick(op.body.schema);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const record = body as Record<string, unknown>;
      for (const name of Object.keys(shapeKeys(op))) {
        const mine = IDENTITY_FIELD.test(name) ? own(person, op, name) : undefined;
        if (mine !== undefined && (name in record || name === 'email')) record[name] = mine;
      }
    }
    parts.body = JSON.stringify(body ?? {});
  }
  return parts;
}

const withSlot = (parts: RequestParts, slot: { part: 'params' | 'query' | 'body'; name: string }, value: string): RequestParts => {
  if (slot.part === 'body') {
    const body = JSON.parse(typeof parts.body === 'string' ? parts.body : '{}') as Record<string, unknown>;
    return { ...parts, body: JSON.stringify({ ...body, [slot.name]: value }) };
  }
  return { ...parts, [slot.part]: { ...(parts[slot.part] ?? {}), [slot.name]: value } };
};

const requestText = (url: string, parts: RequestParts) => `${decodeURIComponent(url)} ${typeof parts.body === 'string' ? parts.body : ''}`;

/** The texts of `person` an answer shows that the request did not carry itself. */
const leaked = (person: Person, answer: string, request: string) =>
  [...person.markers, ...person.identities].filter((text) => answer.includes(text) && !request.includes(text));

async function exercise(t: TestApp, op: Operation): Promise<string[]> {
  const { a, b } = users;
  const problems: string[] = [];
  await PREPARE[op.key]?.(t, a.token);
  const bobBefore = await userDigest(t.store, b.userId);
  const aliceBefore = await userDigest(t.store, a.userId);
  const bobChanged = async () => changedTables(bobBefore, await userDigest(t.store, b.userId));
  const base = requestFor(op, a, 0);

  // Without a session.
  const anonymous = { ...base, headers: {} };
  const anon = await send(t.app, op, anonymous);
  if (op.secured && anon.status !== 401) problems.push(`without a session answered ${anon.status}, not 401: ${anon.text.slice(0, 200)}`);
  problems.push(...contractProblems(op, anon).map((p) => `without a session: ${p}`));
  for (const person of [a, b]) {
    const shown = leaked(person, anon.text, requestText(anon.url, anonymous));
    if (shown.length > 0) problems.push(`without a session showed ${person.email}'s ${shown.join(', ')}`);
  }
  if (op.secured) {
    const changed = [...(await bobChanged()), ...changedTables(aliceBefore, await userDigest(t.store, a.userId))];
    if (changed.length > 0) problems.push(`without a session changed ${changed.join(', ')}`);
  }

  // Alice with Bob's identifiers, one slot at a time, then in every slot at once.
  const slots = slotsOf(op);
  const attempts: RequestParts[] = [];
  for (const slot of slots) {
    for (const value of b.identities) attempts.push(withSlot(base, slot, value));
  }
  if (slots.length > 1) attempts.push(slots.reduce((parts, slot) => withSlot(parts, slot, own(b, op, slot.name) ?? b.userId), base));
  for (const parts of attempts) {
    const answer = await send(t.app, op, parts);
    const request = requestText(answer.url, parts);
    const label = `as ${a.email} with ${request.slice(0, 160)}`;
    problems.push(...contractProblems(op, answer).map((p) => `${label}: ${p}`));
    const shown = leaked(b, answer.text, request);
    if (shown.length > 0) problems.push(`${label}: showed ${b.email}'s ${shown.join(', ')}`);
    const changed = await bobChanged();
    const byDesign = ACTS_ON_GIVEN_ADDRESS[op.key] && request.includes(b.email);
    if (changed.length > 0 && !byDesign) problems.push(`${label}: changed ${b.email}'s ${changed.join(', ')}`);
  }

  // The control: Alice's own request succeeds, so the calls above reached the handler.
  if (op.secured && !NOT_EXERCISABLE[op.key]) {
    let last = '';
    let succeeded = false;
    for (let seed = 0; seed < 12 && !succeeded; seed++) {
      const answer = await send(t.app, op, requestFor(op, a, seed));
      succeeded = answer.status >= 200 && answer.status < 300;
      last = `${answer.status} ${answer.text.slice(0, 200)}`;
      if (answer.status >= 500) problems.push(`Alice's own request answered ${last}`);
    }
    if (!succeeded)
      problems.push(
        `Alice's own request never succeeded (last: ${last}); list it in NOT_EXERCISABLE with the reason, or make it reachable`,
      );
    const changed = await bobChanged();
    if (changed.length > 0) problems.push(`Alice's own requests changed ${b.email}'s ${changed.join(', ')}`);
  }
  return problems;
}

/** Served under /api but no JSON API of a user's, so left out of the OpenAPI document on purpose. */
const NOT_IN_OPENAPI: Record<string, string> = {
  'GET /openapi.json': 'the document itself',
  'GET /metrics': "the operator's Prometheus text, behind METRICS_TOKEN (health/metrics-routes.ts)",
};

describe('the authorization matrix', () => {
  it('covers every route the API serves, and lists no operation that is gone', () => {
    const documented = new Set(operations.map((op) => op.key));
    const undocumented = served.filter((route) => !documented.has(route) && !(route in NOT_IN_OPENAPI));
    expect(undocumented, 'routes served under /api but missing from /api/openapi.json').toEqual([]);
    const stale = [...Object.keys(NOT_EXERCISABLE), ...Object.keys(ACTS_ON_GIVEN_ADDRESS), ...Object.keys(PREPARE)].filter(
      (key) => !documented.has(key),
    );
    expect(stale, 'exceptions naming operations that no longer exist').toEqual([]);
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((op) => [op.key, op] as const))('%s: no cross-user read or write, 401 without a session', async (_key, op) => {
    const t = users.open();
    try {
      expect(await exercise(t, op)).toEqual([]);
    } finally {
      t.close();
    }
  });
});
