import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VIRTUAL_PATHS as P } from '../../shared/api/virtual-endpoints';
import { virtualState } from '../../shared/schemas/responses/virtual-participation';
import { virtualStartBody, virtualStateQuery } from '../../shared/schemas/virtual-participation';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { virtualState as readVirtualState, startVirtual } from '../services/contests/virtual/runs';

/** Virtual participation in ended contests (HOJ has none): the caller's state, and starting a run. */
export const virtualParticipationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const tags = ['contest'];

  app.get(
    P.state,
    { schema: { tags, querystring: virtualStateQuery, response: okResponse(virtualState) } },
    async (request) => ok(await readVirtualState(ctx.db, requireUser(request), request.query.cid)),
  );

  app.post(
    P.start,
    { schema: { tags, body: virtualStartBody, response: okResponse(virtualState) } },
    async (request) =>
      ok(await startVirtual(ctx.db, requireUser(request), request.body.cid), request.t('virtual.started')),
  );
};
