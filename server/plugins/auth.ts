import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { SessionCache } from '../services/auth/sessions';
import { type CurrentUser, roleNames } from '../services/auth/users';
import { unauthorized } from '../services/errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
    /** a token was sent but is expired, forged or revoked */
    tokenRejected: boolean;
  }
}

function rawToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/** The logged-in user, or 401: "please login first", or "login expired" when a token was rejected. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (request.user) return request.user;
  throw unauthorized(request.tokenRejected ? 'server.loginExpired' : 'server.pleaseLogin');
}

/**
 * Resolves the Authorization token on every request. Public endpoints work with a bad token (it is
 * ignored, as HOJ's @AnonApi); protected ones answer 401 through requireUser. A token older than
 * half its life is re-issued in the response headers.
 */
export const authPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenRejected', false);
  const sessions = new SessionCache(ctx.db);
  app.addHook('onClose', async () => sessions.close());
  app.addHook('onRequest', async (request, reply) => {
    const token = rawToken(request);
    if (!token) return;
    const claims = await ctx.tokens.verify(token);
    const session = claims ? await sessions.get(claims.uid) : null;
    if (!claims || !session || session.tokenVersion !== claims.ver || session.status === 1) {
      request.tokenRejected = true;
      return;
    }
    const { roleIds } = session;
    request.user = { uid: session.uid, username: session.username, roleIds, roles: roleNames(roleIds) };
    if (ctx.tokens.needsRefresh(claims)) {
      reply.header('Authorization', await ctx.tokens.issue(session.uid, session.tokenVersion));
      reply.header('Refresh-Token', 'true');
    }
  });
});
