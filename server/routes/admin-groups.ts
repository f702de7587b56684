import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGroupListQuery, adminGroupStatusQuery, groupIdQuery } from '../../shared/schemas/groups';
import { page } from '../../shared/schemas/responses/common';
import { adminGroup } from '../../shared/schemas/responses/groups';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { adminChangeGroupStatus, adminDeleteGroup, adminListGroups } from '../services/groups/admin';

/** The console's groups (root; Verdict's own calls, HOJ has none: docs/architecture.md, Groups). */
export const adminGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin', 'group'];

  app.get(
    '/api/admin/group/get-group-list',
    { schema: { tags, querystring: adminGroupListQuery, response: okResponse(page(adminGroup)) } },
    async (request) => ok(await adminListGroups(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/admin/group/change-group-status',
    { schema: { tags, querystring: adminGroupStatusQuery, response: okResponse(adminGroup) } },
    async (request) =>
      ok(
        await adminChangeGroupStatus(ctx.db, requireUser(request), request.query),
        request.t('group.statusChanged'),
      ),
  );

  app.delete(
    '/api/admin/group',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await adminDeleteGroup(ctx.db, requireUser(request), request.query.gid);
      return ok(null, request.t('group.deleted'));
    },
  );
};
