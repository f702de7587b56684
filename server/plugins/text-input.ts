import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../services/errors';

/** Whether a parsed request part holds the NUL character in any string, key or value. */
function holdsNul(value: unknown): boolean {
  // a loop over an explicit stack: request bodies may nest a thousand levels deep
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Text the server keeps never holds the NUL character: PostgreSQL's text cannot store it (and
 * refuses the whole query), so it is refused at the door, on either database, in the query
 * string, the path and a JSON body alike.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body))
      throw badRequest('server.nulInText');
  });
});
