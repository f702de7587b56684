import fc from 'fast-check';
import { defineOwn, extraKey, hostileValue } from './hostile';

/**
 * Turns a valid-shaped value into a hostile one by a few edits: a field set to a wrong value, a
 * field left out, a field the schema does not name added. Edits copy the containers they change,
 * so values fast-check hands out more than once are never changed in place.
 */
export interface Mutation {
  /** which node of the value (taken modulo the number of nodes) */
  at: number;
  op: 'set' | 'delete' | 'add';
  key: string;
  value: unknown;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('set', 'delete', 'add'),
  key: extraKey,
  value: hostileValue,
});

type Path = (string | number)[];

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] =>
  typeof v === 'object' && v !== null;

/** Paths of the value's nodes, root first, not descending into deep values. */
function nodes(value: unknown, maxDepth = 6, maxNodes = 200): Path[] {
  const out: Path[] = [];
  const walk = (v: unknown, path: Path) => {
    if (out.length >= maxNodes) return;
    out.push(path);
    if (!isContainer(v) || path.length >= maxDepth) return;
    for (const key of Object.keys(v)) walk((v as Record<string, unknown>)[key], [...path, key]);
  };
  walk(value, []);
  return out;
}

function shallowCopy(v: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(v)) return v.slice();
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(v)) defineOwn(copy, key, v[key]);
  return copy;
}

/** The value with `edit` applied to the node at `path`, every container on the way copied. */
function editAt(value: unknown, path: Path, edit: (node: unknown) => unknown, remove = false): unknown {
  if (path.length === 0) return edit(value);
  if (!isContainer(value)) return value;
  const [head, ...rest] = path;
  const copy = shallowCopy(value) as Record<string, unknown>;
  const key = String(head);
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(Number(key), 1);
    else delete copy[key];
    return copy;
  }
  defineOwn(copy, key, editAt(copy[key], rest, edit, remove));
  return copy;
}

export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  let current = value;
  for (const m of mutations) {
    const all = nodes(current);
    const path = all[m.at % all.length] ?? [];
    if (m.op === 'set') current = editAt(current, path, () => m.value);
    else if (m.op === 'delete') current = path.length ? editAt(current, path, (n) => n, true) : undefined;
    else
      current = editAt(current, path, (node) => {
        if (Array.isArray(node)) return [...node, m.value];
        if (isContainer(node)) {
          const copy = shallowCopy(node);
          defineOwn(copy, m.key, m.value);
          return copy;
        }
        // a scalar: the edit adds the key beside it, as an object
        const wrapped: Record<string, unknown> = {};
        defineOwn(wrapped, m.key, m.value);
        return wrapped;
      });
  }
  return current;
}

/** A valid-shaped value as it is, with a few hostile edits, or replaced by a hostile value. */
export function hostileVariants(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([v, ms]) => applyMutations(v, ms)),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}
