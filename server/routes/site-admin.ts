import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { switchBody, webConfigBody } from '../../shared/schemas/api';
import { siteSwitches, webConfigAdmin } from '../../shared/schemas/responses/site';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { getSwitches, getWebConfig, setWebConfig, updateSwitches } from '../services/site/admin';

/** Site administration at HOJ's paths: web config and switches, root only (system_info_admin). */
export const siteAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/config/get-web-config',
    { schema: { tags: ['admin'], response: okResponse(webConfigAdmin) } },
    async (request) => ok(await getWebConfig(ctx.db, requireUser(request))),
  );

  app.put(
    '/api/admin/config/set-web-config',
    { schema: { tags: ['admin'], body: webConfigBody, response: okResponse(webConfigAdmin) } },
    async (request) => ok(await setWebConfig(ctx.db, requireUser(request), request.body)),
  );

  app.get(
    '/api/admin/switch/info',
    { schema: { tags: ['admin'], response: okResponse(siteSwitches) } },
    async (request) => ok(await getSwitches(ctx.db, requireUser(request))),
  );

  app.put(
    '/api/admin/switch/update',
    { schema: { tags: ['admin'], body: switchBody, response: okResponse(siteSwitches) } },
    async (request) => ok(await updateSwitches(ctx.db, requireUser(request), request.body)),
  );
};
