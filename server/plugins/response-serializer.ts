import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Answers are written by the route's declared response schema (docs/architecture.md, Contracts on
 * the wire): the zod schema becomes a JSON Schema and fast-json-stringify compiles a writer for it,
 * on the first answer so a server starts as fast as before.
 *
 * Strict mode (tests) proves the contract on every answer: the payload must parse with the schema
 * (every field present, of its type) and the compiled writer must give what JSON.stringify gives
 * (nothing dropped or coerced). Outside it, a payload the writer cannot write is logged and sent
 * as JSON.stringify writes it: a client keeps its answer while the log names the field.
 */
export function responseSerializerCompiler(options: { strict: boolean; log: FastifyBaseLogger }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as z.ZodType;
    let write: ((data: unknown) => string) | null = null;
    let warned = false;
    return (data: unknown): string => {
      write ??= compileWriter(zodSchema);
      if (options.strict) return checkedWrite(zodSchema, write, data, `${method} ${url}`);
      try {
        return write(data);
      } catch (err) {
        if (!warned)
          options.log.error({ err, route: `${method} ${url}` }, 'answer does not fit its response schema');
        warned = true;
        return JSON.stringify(data);
      }
    };
  };
}

/** The writer fast-json-stringify compiles for a zod schema's output shape. */
export function compileWriter(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]);
}

function checkedWrite(
  schema: z.ZodType,
  write: (data: unknown) => string,
  data: unknown,
  route: string,
): string {
  const plain: unknown = JSON.parse(JSON.stringify(data));
  const parsed = schema.safeParse(plain);
  if (!parsed.success) {
    contractBroken(`${route}: the answer does not fit its response schema: ${z.prettifyError(parsed.error)}`);
  }
  const written = write(data);
  const difference = firstDifference(plain, JSON.parse(written), '');
  if (difference !== null)
    contractBroken(`${route}: the response schema drops or changes ${difference || 'the answer'}`);
  return written;
}

/** Strict mode's failure: said on stderr too, since a test server logs nothing and answers a bare 500. */
function contractBroken(message: string): never {
  process.stderr.write(`${message}\n`);
  throw new Error(message);
}

/** The path of the first value that differs between what was given and what was written. */
function firstDifference(given: unknown, written: unknown, path: string): string | null {
  if (isDeepStrictEqual(given, written)) return null;
  if (given && written && typeof given === 'object' && typeof written === 'object') {
    const keys = new Set([...Object.keys(given), ...Object.keys(written)]);
    for (const key of keys) {
      const found = firstDifference(
        (given as Record<string, unknown>)[key],
        (written as Record<string, unknown>)[key],
        `${path}/${key}`,
      );
      if (found !== null) return found;
    }
  }
  return path;
}

/**
 * Strict mode for answers a route writes itself (a cached JSON text): the same check, run on the
 * text before it leaves.
 */
export function checkWrittenAnswers(app: FastifyInstance): void {
  const writers = new WeakMap<object, (data: unknown) => string>();
  // answers the route's serializer wrote were checked there
  const serialized = new WeakSet<object>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    serialized.add(request);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || reply.statusCode !== 200 || serialized.has(request)) return payload;
    const schema = (reply.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[200];
    if (!schema || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const zodSchema = schema as z.ZodType;
    let write = writers.get(zodSchema);
    if (!write) {
      write = compileWriter(zodSchema);
      writers.set(zodSchema, write);
    }
    checkedWrite(zodSchema, write, JSON.parse(payload), `${request.method} ${request.routeOptions.url}`);
    return payload;
  });
}
