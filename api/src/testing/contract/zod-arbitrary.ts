import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Values generated from the zod schemas themselves (zod-fast-check does not support zod 4): every
 * request body, query and parameter schema of the API is a zod schema in shared/, so the fuzzer and
 * the authorization matrix derive their requests from them and follow any change automatically.
 * `arbitraryOf` gives valid-shaped values (the right types, lengths, formats and patterns; business
 * rules such as "minimum below maximum" may still refuse them), `minimalOf` the smallest such value.
 */

type Schema = z.ZodType;
interface Def {
  type: string;
  [key: string]: unknown;
}
interface Constraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  patterns: RegExp[];
  isInt: boolean;
}

const def = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const bag = (schema: Schema): Record<string, unknown> => (schema as unknown as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};
/** Whether an object key may be left out: its schema takes `undefined` (a preprocess may claim otherwise). */
const isOptional = (schema: Schema) => {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
};

/** The constraints a schema's checks add (lengths, bounds, formats, patterns). */
export function constraintsOf(schema: Schema): Constraints {
  const out: Constraints = { patterns: [], isInt: false };
  const narrowMin = (key: 'minimum' | 'exclusiveMinimum', value: unknown) => {
    if (typeof value === 'number') out[key] = Math.max(out[key] ?? -Infinity, value);
  };
  const narrowMax = (key: 'maximum' | 'exclusiveMaximum', value: unknown) => {
    if (typeof value === 'number') out[key] = Math.min(out[key] ?? Infinity, value);
  };
  const d = def(schema);
  const checks = [...(d.check ? [schema] : []), ...((d.checks as Schema[] | undefined) ?? [])];
  for (const check of checks) {
    const c = def(check) as Def & {
      check?: string;
      value?: number;
      inclusive?: boolean;
      minimum?: number;
      maximum?: number;
      length?: number;
      format?: string;
      pattern?: RegExp;
    };
    switch (c.check) {
      case 'min_length':
      case 'min_size':
        narrowMin('minimum', c.minimum);
        break;
      case 'max_length':
      case 'max_size':
        narrowMax('maximum', c.maximum);
        break;
      case 'length_equals':
        narrowMin('minimum', c.length);
        narrowMax('maximum', c.length);
        break;
      case 'greater_than':
        narrowMin(c.inclusive ? 'minimum' : 'exclusiveMinimum', c.value);
        break;
      case 'less_than':
        narrowMax(c.inclusive ? 'maximum' : 'exclusiveMaximum', c.value);
        break;
      case 'number_format':
        out.format = c.format;
        if (c.format?.includes('int')) out.isInt = true;
        break;
      case 'string_format':
        out.format = c.format;
        if (c.pattern) out.patterns.push(c.pattern);
        break;
    }
  }
  const b = bag(schema);
  narrowMin('minimum', b.minimum);
  narrowMax('maximum', b.maximum);
  narrowMin('exclusiveMinimum', b.exclusiveMinimum);
  narrowMax('exclusiveMaximum', b.exclusiveMaximum);
  if (typeof b.format === 'string') {
    out.format ??= b.format;
    if (b.format.includes('int')) out.isInt = true;
  }
  for (const pattern of (b.patterns as Set<RegExp> | undefined) ?? []) if (!out.patterns.includes(pattern)) out.patterns.push(pattern);
  return out;
}

/** Addresses at providers the account rule accepts, so a valid-shaped sign-up can succeed. */
const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9._]{2,20}$/), fc.constantFrom('gmail.com', 'yahoo.com', 'outlook.com', 'proton.me'))
  .map(([local, domain]) => `${local.replace(/[._]+$/, '')}x@${domain}`);
const webUrl = fc.webUrl({ validSchemes: ['https'], withQueryParameters: false, withFragments: false }).filter((url) => url.length <= 200);

function stringArbitrary(c: Constraints): fc.Arbitrary<string> {
  const min = c.minimum ?? 0;
  const max = Math.min(c.maximum ?? min + 40, min + 40);
  const fits = (value: string) => value.length >= min && (c.maximum === undefined || value.length <= c.maximum);
  const withPatterns = (arb: fc.Arbitrary<string>) =>
    arb.filter((value) => c.patterns.every((pattern) => pattern.test(value)) && fits(value));
  switch (c.format) {
    case 'email':
      return withPatterns(email);
    case 'url':
      return withPatterns(webUrl);
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  const [first, ...rest] = c.patterns;
  if (first) {
    return fc.stringMatching(first).filter((value) => rest.every((pattern) => pattern.test(value)) && fits(value));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
  );
}

function numberArbitrary(c: Constraints, int: boolean): fc.Arbitrary<number> {
  const lower = Math.max(c.minimum ?? -1e6, c.exclusiveMinimum !== undefined ? c.exclusiveMinimum + (int ? 1 : 1e-6) : -Infinity, -1e9);
  const upper = Math.min(c.maximum ?? 1e6, c.exclusiveMaximum !== undefined ? c.exclusiveMaximum - (int ? 1 : 1e-6) : Infinity, 1e9);
  if (int || c.isInt) return fc.integer({ min: Math.ceil(lower), max: Math.floor(upper) });
  return fc.double({ min: lower, max: upper, noNaN: true, noDefaultInfinity: true });
}

/** Through `optional`/`default` wrappers (what `.required()` wraps in `nonoptional`). */
function unwrapOptional(schema: Schema): Schema {
  let current = schema;
  while (['optional', 'default', 'prefault'].includes(def(current).type)) current = def(current).innerType as Schema;
  return current;
}

/** Strings of the shapes the API takes, tried against a string schema whose rules are code (a refine). */
const STRING_SHAPES = [
  'https://push.example.com/send/abc123',
  'https://example.com/portfolio',
  'ada.lovelace@gmail.com',
  '0f8fad5b-d9cb-469f-a165-70867728950e',
  'Europe/London',
  '2026-01-05T09:00:00.000Z',
  '12:30',
  '1',
  'en',
  'Ada Lovelace',
];

/** Whether a string schema has a rule written as code (a refine), which no constraint describes. */
const hasCustomCheck = (schema: Schema) =>
  ((def(schema).checks as Schema[] | undefined) ?? []).some((check) => def(check).check === 'custom');

/** The shapes from STRING_SHAPES that the schema (refines included) accepts. */
const acceptedShapes = (schema: Schema) => STRING_SHAPES.filter((value) => schema.safeParse(value).success);

/** The schema a pipe takes as input for generation: its output side, unless that is a transform. */
function pipeSide(d: Def): Schema {
  const out = d.out as Schema;
  return def(out).type === 'transform' ? (d.in as Schema) : out;
}

const MAX_DEPTH = 8;

/** Valid-shaped values of a zod schema. */
export function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const d = def(schema);
  if (depth > MAX_DEPTH) return fc.constant(undefined);
  const next = (inner: unknown) => arbitraryOf(inner as Schema, depth + 1);
  switch (d.type) {
    case 'string': {
      const shapes = hasCustomCheck(schema) ? acceptedShapes(schema) : [];
      const generated = stringArbitrary(constraintsOf(schema));
      return shapes.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...shapes) }, { weight: 1, arbitrary: generated })
        : generated;
    }
    case 'number':
      return numberArbitrary(constraintsOf(schema), false);
    case 'int':
      return numberArbitrary(constraintsOf(schema), true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string | number>));
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      const required = Object.keys(shape).filter((key) => !isOptional(shape[key]!));
      return fc.record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, next(value)])), { requiredKeys: required });
    }
    case 'array': {
      const c = constraintsOf(schema);
      const min = c.minimum ?? 0;
      return fc.array(next(d.element), { minLength: min, maxLength: Math.min(c.maximum ?? min + 4, min + 4) });
    }
    case 'tuple':
      return fc.tuple(...(d.items as Schema[]).map(next));
    case 'record':
      return fc.dictionary(arbitraryOf(d.keyType as Schema, depth + 1).map(String), next(d.valueType), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(d.options as Schema[]).map(next));
    case 'intersection':
      return fc
        .tuple(next(d.left), next(d.right))
        .map(([left, right]) => (left && right && typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : right));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(next(d.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(next(d.innerType), { nil: null, freq: 4 });
    case 'nonoptional':
      return next(unwrapOptional(d.innerType as Schema));
    case 'readonly':
    case 'catch':
      return next(d.innerType);
    case 'pipe':
      return next(pipeSide(d));
    case 'lazy':
      return next((d.getter as () => Schema)());
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      // transform, custom, file, promise…: nothing better to say than "some JSON".
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A valid-shaped value with only what is required, each part as small as its rules allow. */
export function minimalOf(schema: Schema, seed = 1, depth = 0): unknown {
  const d = def(schema);
  if (depth > MAX_DEPTH) return undefined;
  const next = (inner: unknown) => minimalOf(inner as Schema, seed, depth + 1);
  const sample = (arb: fc.Arbitrary<unknown>) => fc.sample(arb, { numRuns: 1, seed })[0];
  switch (d.type) {
    case 'string': {
      const c = constraintsOf(schema);
      if (hasCustomCheck(schema)) {
        const shape = acceptedShapes(schema)[0];
        if (shape !== undefined) return shape;
      }
      if (c.format || c.patterns.length > 0) return sample(stringArbitrary(c));
      return 'a'.repeat(Math.max(c.minimum ?? 0, Math.min(2, c.maximum ?? 2)));
    }
    case 'number':
    case 'int': {
      const c = constraintsOf(schema);
      const low = c.minimum ?? (c.exclusiveMinimum !== undefined ? c.exclusiveMinimum + 1 : undefined);
      const high = c.maximum ?? (c.exclusiveMaximum !== undefined ? c.exclusiveMaximum - 1 : undefined);
      return low !== undefined && low > 0 ? low : high !== undefined && high < 0 ? high : (low ?? 0) > 0 ? low : 0;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'literal':
      return (d.values as unknown[])[0];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'object': {
      const shape = d.shape as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(shape)
          .filter(([, value]) => !isOptional(value))
          .map(([key, value]) => [key, next(value)]),
      );
    }
    case 'array': {
      const min = constraintsOf(schema).minimum ?? 0;
      return Array.from({ length: min }, () => next(d.element));
    }
    case 'tuple':
      return (d.items as Schema[]).map(next);
    case 'record':
      return {};
    case 'union':
      return next((d.options as Schema[])[0]);
    case 'intersection': {
      const left = next(d.left);
      const right = next(d.right);
      return left && right && typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : right;
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
      return null;
    case 'nonoptional':
      return next(unwrapOptional(d.innerType as Schema));
    case 'readonly':
    case 'catch':
      return next(d.innerType);
    case 'pipe':
      return next(pipeSide(d));
    case 'lazy':
      return next((d.getter as () => Schema)());
    default:
      return undefined;
  }
}

/** The keys of an object schema (looking through pipes, optionals and the like), for request parts. */
export function objectShape(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  const d = def(schema);
  switch (d.type) {
    case 'object':
      return d.shape as Record<string, Schema>;
    case 'pipe':
      return { ...objectShape(d.in as Schema), ...objectShape(pipeSide(d)) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return objectShape(d.innerType as Schema);
    case 'intersection':
      return { ...objectShape(d.left as Schema), ...objectShape(d.right as Schema) };
    default:
      return {};
  }
}
