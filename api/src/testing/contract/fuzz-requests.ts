import fc from 'fast-check';
import type { Operation, RequestParts } from './operations';
import { arbitraryOf } from './zod-arbitrary';

/*
 * Requests for the fuzzer, derived from an operation's zod schemas: valid-shaped parts (what the
 * schemas describe) mixed with malformed ones (wrong types, missing and unknown fields, bodies that
 * are not JSON, nested too deep or too large, hostile keys), odd identifiers in the path, stray query
 * keys and headers, and every way of being signed in or not.
 */

/** Who the request is from: Alice's live session, none, a forged one, or hers riding a cookie from another site. */
export type Caller = 'alice' | 'anonymous' | 'forged-bearer' | 'alice-cookie' | 'alice-cookie-cross-site';

export interface FuzzRequest {
  caller: Caller;
  parts: Omit<RequestParts, 'headers'> & { headers: Record<string, string> };
  /** How the body was made, for the failure report. */
  bodyKind: string;
}

/** Values a path or query slot may get besides what its schema describes. */
export interface Known {
  /** Identifiers that exist (Alice's and Bob's records), so a request can reach a real row. */
  identifiers: string[];
}

const text = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' });
const printable = fc.string({ minLength: 1, maxLength: 40 });
const oddStrings = fc.constantFrom(
  '0',
  '-1',
  '1e309',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(300),
  'ü'.repeat(50),
);

/** A path parameter: valid, an existing identifier, or odd text (never empty, `.` or `..`, which a URL resolves away). */
function paramArbitrary(schema: unknown, known: Known): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 3, arbitrary: arbitraryOf(schema as never).map((value) => String(value)) },
      { weight: 3, arbitrary: fc.constantFrom(...known.identifiers) },
      { weight: 2, arbitrary: printable },
      { weight: 1, arbitrary: text },
      { weight: 1, arbitrary: oddStrings },
    )
    .filter((value) => value !== '' && value !== '.' && value !== '..');
}

const jsonText = (value: unknown) => JSON.stringify(value === undefined ? null : value);

/** A JSON value with one field broken: removed, given the wrong type, or joined by an unknown one. */
function broken(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.oneof(
        fc.constant(undefined),
        fc.constant(null),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.string(),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
      ),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .map(([value, index, wrong, extraKey]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return wrong;
      const copy = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? keys[index % keys.length]! : extraKey;
      switch (index % 3) {
        case 0:
          delete copy[key];
          break;
        case 1:
          copy[key] = wrong;
          break;
        default:
          copy[extraKey] = wrong;
      }
      return copy;
    });
}

/** Bodies that are not what any JSON route takes. */
const hostileBodies = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    '[]',
    '{',
    '{"a":',
    'not json',
    '\u0000',
    'true',
    '"text"',
    '1e999',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
  ),
  fc.integer({ min: 33, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 33, max: 200 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constant(null).map(() => JSON.stringify({ big: 'x'.repeat(300 * 1024) })),
  fc.string({ maxLength: 200, unit: 'binary' }),
);

/** Body fields that name a record or a person: the fuzzer often fills them with ones that exist. */
const IDENTITY_FIELD = /^(id|userId|agentId|automationId|jobItemId|reference|endpoint|email)$|Id$/;

/** A valid-shaped object with its identity fields, now and then, set to existing identifiers. */
function withKnownIdentities(valid: fc.Arbitrary<unknown>, known: Known): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.array(fc.constantFrom(...known.identifiers), { minLength: 4, maxLength: 4 }), fc.boolean())
    .map(([value, picks, inject]) => {
      if (!inject || !value || typeof value !== 'object' || Array.isArray(value)) return value;
      const copy = { ...(value as Record<string, unknown>) };
      let i = 0;
      for (const key of Object.keys(copy)) if (IDENTITY_FIELD.test(key)) copy[key] = picks[i++ % picks.length];
      return copy;
    });
}

function jsonBody(schema: unknown, known: Known): fc.Arbitrary<{ body: string; kind: string }> {
  const valid = withKnownIdentities(arbitraryOf(schema as never), known);
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((value) => ({ body: jsonText(value), kind: 'valid-shaped' })) },
    { weight: 3, arbitrary: broken(valid).map((value) => ({ body: jsonText(value), kind: 'one field broken' })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ body: jsonText(value), kind: 'any JSON' })) },
    { weight: 2, arbitrary: hostileBodies.map((body) => ({ body, kind: 'not a JSON body of ours' })) },
  );
}

/** A multipart body: a file of random bytes (sometimes a ZIP or PDF header), no file, or another field. */
const multipartBody = fc
  .tuple(
    fc.constantFrom('file', 'resume', 'upload'),
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom('', 'PK\u0003\u0004', '%PDF-1.4\n'),
    fc.constantFrom('cv.pdf', 'cv.docx', '', '../../x'),
  )
  .map(([field, bytes, header, name]) => {
    const form = new FormData();
    form.set(field, new File([new Uint8Array([...Buffer.from(header, 'latin1'), ...bytes])], name || 'file'));
    return { body: form as string | FormData, kind: `multipart ${field}` };
  });

/** Header values a client can send at all (no control characters or non-ASCII, which fetch refuses). */
const sendableInHeader = (value: string) => [...value].every((char) => char >= ' ' && char <= '~');

const headerNoise = fc.dictionary(
  fc.constantFrom('accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-request-id', 'accept', 'user-agent', 'sec-fetch-site'),
  fc.oneof(printable, oddStrings).filter(sendableInHeader),
  { maxKeys: 3 },
);

/** Requests for one operation. */
export function requestArbitrary(op: Operation, known: Known): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(Object.fromEntries(Object.entries(op.params).map(([name, schema]) => [name, paramArbitrary(schema, known)])));
  const declaredQuery = fc.record(
    Object.fromEntries(
      Object.entries(op.query).map(([name, schema]) => [
        name,
        fc.oneof(
          arbitraryOf(schema).map((value) => (value === undefined || value === null ? undefined : String(value))),
          printable,
          oddStrings,
          fc.constant(undefined),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const strayQuery = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), printable, { maxKeys: 2 });
  const idempotency =
    'idempotency-key' in op.headers
      ? fc.option(fc.oneof(fc.uuid(), printable, oddStrings).filter(sendableInHeader), { nil: undefined })
      : fc.constant(undefined);
  const body = !op.body
    ? fc.constant<{ body: string | FormData | undefined; kind: string }>({ body: undefined, kind: 'none' })
    : op.body.contentType === 'multipart/form-data'
      ? fc.oneof(
          multipartBody,
          hostileBodies.map((b) => ({ body: b as string | FormData, kind: 'not multipart' })),
        )
      : jsonBody(op.body.schema, known);
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string | null | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | null>(
        'text/plain',
        'application/x-www-form-urlencoded',
        null,
        'application/json; charset=utf-16',
      ),
    },
  );
  const caller = fc.constantFrom<Caller>(
    'alice',
    'alice',
    'alice',
    'anonymous',
    'forged-bearer',
    'alice-cookie',
    'alice-cookie-cross-site',
  );
  return fc.record({ caller, params, declaredQuery, strayQuery, idempotency, body, contentType, headerNoise }).map((r) => {
    const query: Record<string, string> = { ...r.strayQuery };
    for (const [name, value] of Object.entries(r.declaredQuery)) if (value !== undefined) query[name] = value;
    const headers: Record<string, string> = { ...r.headerNoise };
    if (r.idempotency !== undefined) headers['idempotency-key'] = r.idempotency;
    const parts: FuzzRequest['parts'] = { params: r.params, query, headers, ...(r.body.body !== undefined ? { body: r.body.body } : {}) };
    if (r.body.body !== undefined && typeof r.body.body === 'string' && r.contentType !== undefined) parts.contentType = r.contentType;
    return { caller: r.caller, parts, bodyKind: r.body.kind };
  });
}
