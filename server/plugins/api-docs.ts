import type { FastifyReply, FastifyRequest } from 'fastify';

const INDEX_PAGE = /\/static\/index\.html$/;

/**
 * Hooks of the API docs' pages (@fastify/swagger-ui). Its `static/index.html` sends the browser to
 * the docs page by rewriting the request's URL, which fails when the URL carries a query: the
 * answer then redirects to itself, forever, echoing the query (one near the header limit makes an
 * answer larger than a client reads). The query means nothing there, so it is left out.
 */
export const apiDocsHooks = {
  async onRequest(request: FastifyRequest, reply: FastifyReply) {
    const query = request.url.indexOf('?');
    if (query === -1) return;
    const path = request.url.slice(0, query);
    if (INDEX_PAGE.test(path)) return reply.redirect(path.replace(INDEX_PAGE, '/'));
  },
};
