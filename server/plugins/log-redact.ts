import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Query parameters that hold secrets: the reset link's code, tokens, passwords, a contest's
 * password (`pwd`) and the download key of generated accounts (`key`).
 */
const SECRET_PARAMS = /([?&](?:code|token|access_token|password|pwd|captcha|key)=)[^&#]*/gi;

/**
 * Where a secret could sit in a logged object: pino replaces these with "[Redacted]". Headers
 * carry the user's JWT (Authorization, also sent back refreshed), the session cookie and the
 * judges' token.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-judge-token"]',
  'res.headers.authorization',
  'res.headers["set-cookie"]',
];

/** The URL as it may be logged: secret query values replaced by '***'. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

/** pino serializer of the request line: Fastify's default fields, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const POSITIVE_INT = /^[1-9]\d{0,15}$/;

function idIn(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && POSITIVE_INT.test(value)) return Number(value);
  return undefined;
}

function field(source: unknown, key: string): unknown {
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[key] : undefined;
}

/**
 * The submission a request is about, when it names one: `submitId` in the query, path or body, or
 * the judge protocol's `ref.submitId`. Only that number is read, never the body itself.
 */
export function submitIdOf(request: FastifyRequest): number | undefined {
  return (
    idIn(field(request.query, 'submitId')) ??
    idIn(field(request.params, 'submitId')) ??
    idIn(field(request.body, 'submitId')) ??
    idIn(field(field(request.body, 'ref'), 'submitId'))
  );
}

/** What one request's log line says: no header, no body, the URL redacted. */
export interface RequestLine {
  method: string;
  url: string;
  /** the route's pattern; null when no route matched */
  route: string | null;
  statusCode: number;
  /** time to the answer, ms */
  ms: number;
  ip: string;
  uid?: string;
  submitId?: number;
}

export function requestLine(request: FastifyRequest, reply: FastifyReply, submitId?: number): RequestLine {
  const line: RequestLine = {
    method: request.method,
    url: redactUrl(request.url),
    route: request.routeOptions.url ?? null,
    statusCode: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    ip: request.ip,
  };
  if (request.user) line.uid = request.user.uid;
  const id = submitIdOf(request) ?? submitId;
  if (id !== undefined) line.submitId = id;
  return line;
}
