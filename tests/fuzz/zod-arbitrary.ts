import fc from 'fast-check';

/**
 * fast-check arbitraries of the values a zod schema accepts, read from the schema itself (zod 4's
 * `_zod.def`, the form its own tooling walks). The values are valid-shaped, not always valid:
 * refinements are not reproduced, so the server's own checks are exercised too. Values are the
 * schema's input side (what a client sends): a preprocess or coercion generates its target type.
 */

interface ZodInternals {
  _zod: { def: Def; optin?: 'optional' };
}
interface Def {
  type: string;
  [key: string]: unknown;
}
interface Check {
  _zod: { def: { check: string; [key: string]: unknown } };
}

export interface ValueOptions {
  /** strings worth trying wherever a string goes: ids and names the site has */
  known: readonly string[];
  /** longest array and string of a valid-shaped value (hostile ones go far beyond) */
  maxItems: number;
  maxLength: number;
}

const MAX_DEPTH = 12;

function defOf(schema: unknown): Def {
  return (schema as ZodInternals)._zod.def;
}

function checksOf(def: Def): Check['_zod']['def'][] {
  const checks = (def.checks as Check[] | undefined) ?? [];
  return checks.map((c) => c._zod.def);
}

/** Whether an object's key may be left out (optional, defaulted, or a preprocess into one). */
export function isOptional(schema: unknown): boolean {
  return (schema as ZodInternals)._zod.optin === 'optional';
}

function lengthBounds(def: Def, cap: number): { minLength: number; maxLength: number } {
  let minLength = 0;
  let maxLength = cap;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = Number(c.minimum);
    if (c.check === 'max_length') maxLength = Math.min(maxLength, Number(c.maximum));
    if (c.check === 'length_equals') minLength = maxLength = Number(c.length);
  }
  return { minLength, maxLength: Math.max(minLength, maxLength) };
}

function stringValue(def: Def, options: ValueOptions): fc.Arbitrary<string> {
  const formats = [def, ...checksOf(def)].filter((c) => c.check === 'string_format' || c.format);
  for (const f of formats) {
    if (f.format === 'email') return fc.emailAddress();
    if (f.format === 'uuid' || f.format === 'guid') return fc.uuid();
    if (f.format === 'url') return fc.webUrl();
    if (f.format === 'regex' && f.pattern instanceof RegExp) {
      try {
        return fc.stringMatching(new RegExp(f.pattern.source, f.pattern.flags.replace(/[gy]/g, '')));
      } catch {
        // a pattern fast-check cannot read (lookarounds): plain strings instead
      }
    }
  }
  const { minLength, maxLength } = lengthBounds(def, options.maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom(...options.known) },
  );
}

function numberValue(def: Def): fc.Arbitrary<number> {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than')
      min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : integer ? 1 : 1e-9));
    if (c.check === 'less_than')
      max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : integer ? 1 : 1e-9));
    if (c.check === 'number_format') {
      integer = true;
      if (c.format === 'int32') [min, max] = [Math.max(min, -(2 ** 31)), Math.min(max, 2 ** 31 - 1)];
      if (c.format === 'uint32') [min, max] = [Math.max(min, 0), Math.min(max, 2 ** 32 - 1)];
    }
  }
  if (min > max) return fc.constant(min);
  if (integer) {
    const lo = Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER));
    const hi = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
    return lo > hi ? fc.constant(lo) : fc.integer({ min: lo, max: hi });
  }
  return fc.double({
    min: Number.isFinite(min) ? min : -1e15,
    max: Number.isFinite(max) ? max : 1e15,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** The arbitrary of a zod schema's input values. */
export function schemaValues(schema: unknown, options: ValueOptions, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const def = defOf(schema);
  const inner = (s: unknown) => schemaValues(s, options, depth + 1);
  switch (def.type) {
    case 'string':
      return stringValue(def, options);
    case 'number':
      return def.coerce ? fc.oneof(numberValue(def), numberValue(def).map(String)) : numberValue(def);
    case 'int':
      return numberValue(def);
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt().map(String);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'pipe':
      // a preprocess is a pipe from a transform: what it accepts is what its target accepts
      return defOf(def.in).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        model[key] = inner(field);
        if (!isOptional(field)) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    case 'array': {
      const { minLength, maxLength } = lengthBounds(def, options.maxItems);
      return fc.array(inner(def.element), { minLength, maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
      return fc.dictionary(
        inner(def.keyType).map((k) => String(k)),
        inner(def.valueType),
        { maxKeys: options.maxItems },
      );
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) =>
          a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : (a ?? b),
        );
    default:
      // unknown, any, custom, transform: anything JSON can carry
      return fc.jsonValue({ maxDepth: 2 });
  }
}
