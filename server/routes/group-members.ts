import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GroupRole } from '../../shared/constants/groups';
import {
  groupIdQuery,
  groupJoinQuery,
  groupMemberDeleteQuery,
  groupMemberListQuery,
  groupMemberUpdateBody,
} from '../../shared/schemas/groups';
import { page } from '../../shared/schemas/responses/common';
import { groupMember } from '../../shared/schemas/responses/groups';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { exitGroup, joinGroup, removeMember, updateMember } from '../services/groups/member-write';
import { listApplications, listMembers } from '../services/groups/members';

/** A group's members at HOJ's paths (HOJ's GroupMemberController; the rules: docs/architecture.md, Groups). */
export const groupMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['group'];

  app.get(
    '/api/group/get-member-list',
    { schema: { tags, querystring: groupMemberListQuery, response: okResponse(page(groupMember)) } },
    async (request) => ok(await listMembers(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/get-apply-list',
    { schema: { tags, querystring: groupMemberListQuery, response: okResponse(page(groupMember)) } },
    async (request) => ok(await listApplications(ctx.db, requireUser(request), request.query)),
  );

  // HOJ's client sends gid, code and reason in the query string of this POST
  app.post(
    '/api/group/member',
    { schema: { tags, querystring: groupJoinQuery, response: okResponse(z.number()) } },
    async (request) => {
      const role = await joinGroup(ctx.db, requireUser(request), request.query);
      return ok(role, request.t(role === GroupRole.MEMBER ? 'group.joined' : 'group.applied'));
    },
  );

  app.put(
    '/api/group/member',
    { schema: { tags, body: groupMemberUpdateBody, response: okResponse(groupMember) } },
    async (request) =>
      ok(await updateMember(ctx.db, requireUser(request), request.body), request.t('group.memberUpdated')),
  );

  app.delete(
    '/api/group/member',
    { schema: { tags, querystring: groupMemberDeleteQuery, response: okResponse(z.null()) } },
    async (request) => {
      await removeMember(ctx.db, requireUser(request), request.query);
      return ok(null, request.t('group.memberRemoved'));
    },
  );

  app.delete(
    '/api/group/member/exit',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await exitGroup(ctx.db, requireUser(request), request.query.gid);
      return ok(null, request.t('group.exited'));
    },
  );
};
