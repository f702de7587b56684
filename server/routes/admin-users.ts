import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { page } from '../../shared/schemas/responses/common';
import { adminUser, generatedUsers, importedUsers } from '../../shared/schemas/responses/user-admin';
import {
  deleteUsersBody,
  editUserBody,
  generatedDownloadQuery,
  generateUsersBody,
  insertBatchUsersBody,
  userListQuery,
} from '../../shared/schemas/user-admin';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { jwtSecret } from '../secrets';
import { insertBatchUsers } from '../services/users/admin/batch-insert';
import { deleteUsers } from '../services/users/admin/delete';
import { downloadGenerated } from '../services/users/admin/download';
import { editUser } from '../services/users/admin/edit';
import { generateUsers } from '../services/users/admin/generate';
import { listUsers } from '../services/users/admin/list';
import { GeneratedAccountVault } from '../services/users/admin/vault';

const tags = ['admin-users'];

/** The admin console's user pages at HOJ's paths (docs/security.md, Users in the admin console). */
export const adminUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // the same secret the tokens and account codes are keyed with (read once, as app.ts does)
  const vault = new GeneratedAccountVault(jwtSecret(ctx.config.dataDir, ctx.config.jwtSecret));
  const deps = { db: ctx.db, vault };

  app.get(
    '/api/admin/user/get-user-list',
    { schema: { tags, querystring: userListQuery, response: okResponse(page(adminUser)) } },
    async (request) => ok(await listUsers(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/admin/user/edit-user',
    { schema: { tags, body: editUserBody, response: okResponse(z.null()) } },
    async (request) => {
      await editUser(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('userAdmin.saved'));
    },
  );

  app.delete(
    '/api/admin/user/delete-user',
    { schema: { tags, body: deleteUsersBody, response: okResponse(z.null()) } },
    async (request) => {
      const count = await deleteUsers(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('userAdmin.deleted', { count }));
    },
  );

  app.post(
    '/api/admin/user/insert-batch-user',
    { schema: { tags, body: insertBatchUsersBody, response: okResponse(importedUsers) } },
    async (request) => {
      const result = await insertBatchUsers(ctx.db, requireUser(request), request.body.users);
      return ok(result, request.t('userAdmin.imported', { count: result.created }));
    },
  );

  app.post(
    '/api/admin/user/generate-user',
    { schema: { tags, body: generateUsersBody, response: okResponse(generatedUsers) } },
    async (request) => {
      const result = await generateUsers(deps, requireUser(request), request.body);
      return ok(result, request.t('userAdmin.generated', { count: result.created }));
    },
  );

  app.get(
    '/api/file/generate-user-excel',
    // a spreadsheet or CSV: no response schema
    { schema: { tags, querystring: generatedDownloadQuery } },
    async (request, reply) => {
      const file = await downloadGenerated(deps, requireUser(request), request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
