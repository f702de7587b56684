import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announcementIdQuery } from '../../shared/schemas/api';
import { discussionIdQuery } from '../../shared/schemas/discussions';
import {
  groupAnnouncementCreateBody,
  groupAnnouncementUpdateBody,
  groupCreateBody,
  groupDiscussionCreateBody,
  groupDiscussionListQuery,
  groupDiscussionUpdateBody,
  groupIdQuery,
  groupListQuery,
  groupPageQuery,
  groupRankQuery,
  groupUpdateBody,
} from '../../shared/schemas/groups';
import { page } from '../../shared/schemas/responses/common';
import { discussionItem } from '../../shared/schemas/responses/discussions';
import { groupAccess, groupAnnouncement, groupDetail, groupVO } from '../../shared/schemas/responses/groups';
import { oiRankItem } from '../../shared/schemas/responses/ranks';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  createGroupAnnouncement,
  deleteGroupAnnouncement,
  listGroupAdminAnnouncements,
  listGroupAnnouncements,
  updateGroupAnnouncement,
} from '../services/groups/announcements';
import {
  createGroupDiscussion,
  deleteGroupDiscussion,
  listGroupAdminDiscussions,
  listGroupDiscussions,
  updateGroupDiscussion,
} from '../services/groups/discussions';
import {
  groupAuth,
  listGroups,
  groupAccess as readGroupAccess,
  groupDetail as readGroupDetail,
} from '../services/groups/queries';
import { groupRank } from '../services/groups/rank';
import { createGroup, deleteGroup, updateGroup } from '../services/groups/write';

/**
 * Groups at HOJ's paths (HOJ's GroupController, GroupAnnouncementController, GroupDiscussionController,
 * GroupRankController; the rules: docs/architecture.md, Groups). Members: group-members.ts.
 */
export const groupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['group'];

  app.get(
    '/api/get-group-list',
    { schema: { tags, querystring: groupListQuery, response: okResponse(page(groupVO)) } },
    async (request) => ok(await listGroups(ctx.db, request.user, request.query)),
  );

  app.get(
    '/api/get-group-detail',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(groupDetail) } },
    async (request) => ok(await readGroupDetail(ctx.db, request.user, request.query.gid)),
  );

  app.get(
    '/api/get-group-access',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(groupAccess) } },
    async (request) => ok(await readGroupAccess(ctx.db, requireUser(request), request.query.gid)),
  );

  app.get(
    '/api/get-group-auth',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(z.number()) } },
    async (request) => ok(await groupAuth(ctx.db, requireUser(request), request.query.gid)),
  );

  app.post(
    '/api/group',
    { schema: { tags, body: groupCreateBody, response: okResponse(groupDetail) } },
    async (request) =>
      ok(await createGroup(ctx.db, requireUser(request), request.body), request.t('group.created')),
  );

  app.put(
    '/api/group',
    { schema: { tags, body: groupUpdateBody, response: okResponse(groupDetail) } },
    async (request) =>
      ok(await updateGroup(ctx.db, requireUser(request), request.body), request.t('group.updated')),
  );

  app.delete(
    '/api/group',
    { schema: { tags, querystring: groupIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroup(ctx.db, requireUser(request), request.query.gid);
      return ok(null, request.t('group.deleted'));
    },
  );

  app.get(
    '/api/get-group-rank-list',
    { schema: { tags, querystring: groupRankQuery, response: okResponse(page(oiRankItem)) } },
    async (request) => ok(await groupRank(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/get-announcement-list',
    { schema: { tags, querystring: groupPageQuery, response: okResponse(page(groupAnnouncement)) } },
    async (request) => ok(await listGroupAnnouncements(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/get-admin-announcement-list',
    { schema: { tags, querystring: groupPageQuery, response: okResponse(page(groupAnnouncement)) } },
    async (request) => ok(await listGroupAdminAnnouncements(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/group/announcement',
    { schema: { tags, body: groupAnnouncementCreateBody, response: okResponse(groupAnnouncement) } },
    async (request) =>
      ok(
        await createGroupAnnouncement(ctx.db, requireUser(request), request.body),
        request.t('group.announcementAdded'),
      ),
  );

  app.put(
    '/api/group/announcement',
    { schema: { tags, body: groupAnnouncementUpdateBody, response: okResponse(groupAnnouncement) } },
    async (request) =>
      ok(
        await updateGroupAnnouncement(ctx.db, requireUser(request), request.body),
        request.t('group.announcementUpdated'),
      ),
  );

  app.delete(
    '/api/group/announcement',
    { schema: { tags, querystring: announcementIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroupAnnouncement(ctx.db, requireUser(request), request.query.aid);
      return ok(null, request.t('group.announcementDeleted'));
    },
  );

  app.get(
    '/api/group/get-discussion-list',
    { schema: { tags, querystring: groupDiscussionListQuery, response: okResponse(page(discussionItem)) } },
    async (request) => ok(await listGroupDiscussions(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/get-admin-discussion-list',
    { schema: { tags, querystring: groupPageQuery, response: okResponse(page(discussionItem)) } },
    async (request) => ok(await listGroupAdminDiscussions(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/group/discussion',
    { schema: { tags, body: groupDiscussionCreateBody, response: okResponse(discussionItem) } },
    async (request) =>
      ok(
        await createGroupDiscussion(ctx.db, requireUser(request), request.body),
        request.t('discussion.posted'),
      ),
  );

  app.put(
    '/api/group/discussion',
    { schema: { tags, body: groupDiscussionUpdateBody, response: okResponse(discussionItem) } },
    async (request) =>
      ok(
        await updateGroupDiscussion(ctx.db, requireUser(request), request.body),
        request.t('discussion.updated'),
      ),
  );

  app.delete(
    '/api/group/discussion',
    { schema: { tags, querystring: discussionIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroupDiscussion(ctx.db, requireUser(request), request.query.did);
      return ok(null, request.t('discussion.deleted'));
    },
  );
};
