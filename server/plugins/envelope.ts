import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ApiEnvelope } from '../../shared/api/types';
import { envelope } from '../../shared/schemas/responses/common';

/** HOJ's success envelope. */
export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { status: 200, data, msg };
}

/**
 * A route's `response` schema: its success envelope around `data` (docs/architecture.md,
 * Contracts on the wire). Failures leave through the error handler with their own status.
 */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

const serialized = new WeakMap<object, string>();

/**
 * The success envelope of a value from a read cache, as JSON text serialized once per value:
 * a hot page answered from the cache is not stringified again for every request. The value must
 * never be changed after it is cached (the caches hand out shared objects).
 */
export function okCached(reply: FastifyReply, data: object, extra?: Record<string, unknown>): FastifyReply {
  let json = serialized.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    serialized.set(data, json);
  }
  if (extra) json = withFields(json, extra);
  return reply.type('application/json; charset=utf-8').send(`{"status":200,"data":${json},"msg":"success"}`);
}

/**
 * The JSON text of an object with more fields added (the per-caller part of a cached value, such
 * as the caller's own status). The fields must not be in the object already.
 */
export function withFields(objectJson: string, extra: Record<string, unknown>): string {
  const fields = Object.entries(extra)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',');
  if (!fields) return objectJson;
  return objectJson === '{}' ? `{${fields}}` : `${objectJson.slice(0, -1)},${fields}}`;
}
