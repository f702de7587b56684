import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LOCAL_TOOL_PORTS } from '../../shared/competitive-companion';
import { HSTS_MAX_AGE_SECONDS } from '../../shared/constants/security';

/**
 * The web app's Content-Security-Policy (docs/security.md). Scripts only from the site's own
 * files: no inline script, no eval (the theme bootstrap is a file, zod runs jitless). Styles
 * allow 'unsafe-inline' because KaTeX's server-rendered markup carries style attributes and
 * CodeMirror and the toasts insert style elements; CSS cannot run script. Images: the site's own
 * (avatars), data: (the login puzzle, icons) and blob: (previews); no third-party host, so a
 * statement or comment cannot make readers' browsers call out. Connections go to the site and to
 * the reader's own machine on the ports of Competitive Companion's receivers ("Send to local
 * tools" posts the problem there), nowhere else. The API's Swagger page is served under the same
 * policy and works with it.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self' ${LOCAL_TOOL_PORTS.map((port) => `http://localhost:${port}`).join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // nothing frames the site (the scroll board opens a window; the extension calls the API)
  "frame-ancestors 'none'",
].join('; ');

/** JSON and downloads from /api are never meant to run as a page. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Powerful browser features the site never uses, refused for it and anything it could embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

function isApiData(path: string): boolean {
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return false;
  return path === '/api' || path.startsWith('/api/');
}

function setHeaders(reply: FastifyReply, path: string, hsts: boolean): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  // reset and register links carry their code in the URL; nothing in the app needs a referrer
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  reply.header('Content-Security-Policy', isApiData(path) ? API_CSP : WEB_CSP);
  if (hsts) reply.header('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
}

/**
 * Security headers on every response, set before the handler runs so that a route with a
 * stricter policy of its own (the avatar images) replaces them. HSTS only when the operator's
 * PUBLIC_URL is https: a request's own headers (X-Forwarded-Proto) never decide it.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string | null }) => {
    const hsts = publicUrl?.toLowerCase().startsWith('https://') ?? false;
    app.addHook('onRequest', async (request, reply) => {
      setHeaders(reply, request.url.split('?')[0] ?? '', hsts);
    });
  },
);
