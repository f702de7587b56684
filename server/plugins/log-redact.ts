import type { FastifyRequest } from 'fastify';

/** Query parameters that hold secrets (the reset link's code, tokens, passwords). */
const SECRET_PARAMS = /([?&](?:code|token|password|captcha)=)[^&#]*/gi;

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
