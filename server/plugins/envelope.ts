import type { FastifyReply } from 'fastify';
import type { ApiEnvelope } from '../../shared/api/types';

/** HOJ's success envelope. */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { status: 200, data, msg };
}

const serialized = new WeakMap<object, string>();

/**
 * The success envelope of a value from a read cache, as JSON text serialized once per value:
 * a hot page answered from the cache is not stringified again for every request. The value must
 * never be changed after it is cached (the caches hand out shared objects).
 */
export function okCached(reply: FastifyReply, data: object): FastifyReply {
  let json = serialized.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    serialized.set(data, json);
  }
  return reply.type('application/json; charset=utf-8').send(`{"status":200,"data":${json},"msg":"success"}`);
}
