import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contestAnnouncementCreateBody,
  contestAnnouncementDeleteQuery,
  contestAnnouncementListQuery,
  contestAnnouncementUpdateBody,
} from '../../shared/schemas/contest-ops';
import {
  adminContestProblemListQuery,
  changeContestVisibleQuery,
  contestIdQuery,
  contestProblemQuery,
  contestProblemUpdateBody,
  contestUpdateBody,
} from '../../shared/schemas/contests';
import {
  groupContentListQuery,
  groupContestCreateBody,
  groupContestProblemFromGroupQuery,
  groupContestProblemFromPublicBody,
} from '../../shared/schemas/group-content';
import { groupProblemDtoBody } from '../../shared/schemas/group-problems';
import {
  groupAdminContest,
  groupAdminContestPage,
  groupContestAnnouncement,
  groupContestAnnouncementPage,
  groupContestPage,
  groupContestProblem,
  groupContestProblemList,
} from '../../shared/schemas/responses/group-content';
import { savedProblem } from '../../shared/schemas/responses/problem-editor';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import {
  addGroupContest,
  addGroupContestAnnouncement,
  addGroupContestNewProblem,
  addGroupContestProblemFromGroup,
  addGroupContestProblemFromPublic,
  changeGroupContestVisible,
  deleteGroupContest,
  deleteGroupContestAnnouncement,
  getGroupContest,
  getGroupContestProblem,
  listGroupAdminContests,
  listGroupContestAnnouncements,
  listGroupContestProblems,
  listGroupContests,
  removeGroupContestProblem,
  updateGroupContest,
  updateGroupContestAnnouncement,
  updateGroupContestProblem,
} from '../services/groups/contests';

const tags = ['group'];

/** A group's contests at HOJ's paths (/api/group/*contest*; who may call what: services/groups/contests.ts). */
export const groupContestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const saveCtx = { db: ctx.db, files: ctx.files, events: ctx.queue.events, languages: ctx.languages };

  app.get(
    '/api/group/get-contest-list',
    { schema: { tags, querystring: groupContentListQuery, response: okResponse(groupContestPage) } },
    async (request) => ok(await listGroupContests(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/get-admin-contest-list',
    { schema: { tags, querystring: groupContentListQuery, response: okResponse(groupAdminContestPage) } },
    async (request) => ok(await listGroupAdminContests(ctx.db, requireUser(request), request.query)),
  );

  app.get(
    '/api/group/contest',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(groupAdminContest) } },
    async (request) => ok(await getGroupContest(ctx.db, requireUser(request), request.query.cid)),
  );

  app.post(
    '/api/group/contest',
    { schema: { tags, body: groupContestCreateBody, response: okResponse(groupAdminContest) } },
    async (request) =>
      ok(await addGroupContest(ctx.db, requireUser(request), request.body), request.t('contest.created')),
  );

  app.put(
    '/api/group/contest',
    { schema: { tags, body: contestUpdateBody, response: okResponse(groupAdminContest) } },
    async (request) =>
      ok(await updateGroupContest(ctx.db, requireUser(request), request.body), request.t('contest.updated')),
  );

  app.delete(
    '/api/group/contest',
    { schema: { tags, querystring: contestIdQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroupContest(ctx.db, requireUser(request), request.query.cid);
      return ok(null, request.t('contest.deleted'));
    },
  );

  app.put(
    '/api/group/change-contest-visible',
    { schema: { tags, querystring: changeContestVisibleQuery, response: okResponse(z.null()) } },
    async (request) => {
      await changeGroupContestVisible(ctx.db, requireUser(request), request.query.cid, request.query.visible);
      return ok(null, request.t('contest.updated'));
    },
  );

  /* ---- its problems ---- */

  app.get(
    '/api/group/get-contest-problem-list',
    {
      schema: {
        tags,
        querystring: adminContestProblemListQuery,
        response: okResponse(groupContestProblemList),
      },
    },
    async (request) => ok(await listGroupContestProblems(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/group/contest-problem',
    { schema: { tags, body: groupProblemDtoBody, response: okResponse(savedProblem) } },
    async (request) =>
      ok(
        await addGroupContestNewProblem(saveCtx, requireUser(request), request.body),
        request.t('problemAdmin.saved'),
      ),
  );

  app.get(
    '/api/group/contest-problem',
    { schema: { tags, querystring: contestProblemQuery, response: okResponse(groupContestProblem) } },
    async (request) =>
      ok(await getGroupContestProblem(ctx.db, requireUser(request), request.query.cid, request.query.pid)),
  );

  app.put(
    '/api/group/contest-problem',
    { schema: { tags, body: contestProblemUpdateBody, response: okResponse(groupContestProblem) } },
    async (request) =>
      ok(
        await updateGroupContestProblem(ctx.db, ctx.queue.events, requireUser(request), request.body),
        request.t('contest.updated'),
      ),
  );

  app.delete(
    '/api/group/contest-problem',
    { schema: { tags, querystring: contestProblemQuery, response: okResponse(z.null()) } },
    async (request) => {
      await removeGroupContestProblem(ctx.db, requireUser(request), request.query.cid, request.query.pid);
      return ok(null, request.t('contest.problemRemoved'));
    },
  );

  app.post(
    '/api/group/add-contest-problem-from-public',
    {
      schema: { tags, body: groupContestProblemFromPublicBody, response: okResponse(groupContestProblem) },
    },
    async (request) =>
      ok(
        await addGroupContestProblemFromPublic(ctx.db, ctx.queue.events, requireUser(request), request.body),
        request.t('contest.problemAdded'),
      ),
  );

  app.post(
    '/api/group/add-contest-problem-from-group',
    {
      schema: {
        tags,
        querystring: groupContestProblemFromGroupQuery,
        response: okResponse(groupContestProblem),
      },
    },
    async (request) =>
      ok(
        await addGroupContestProblemFromGroup(ctx.db, ctx.queue.events, requireUser(request), request.query),
        request.t('contest.problemAdded'),
      ),
  );

  /* ---- its announcements ---- */

  app.get(
    '/api/group/get-contest-announcement-list',
    {
      schema: {
        tags,
        querystring: contestAnnouncementListQuery,
        response: okResponse(groupContestAnnouncementPage),
      },
    },
    async (request) => ok(await listGroupContestAnnouncements(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/group/contest-announcement',
    {
      schema: { tags, body: contestAnnouncementCreateBody, response: okResponse(groupContestAnnouncement) },
    },
    async (request) =>
      ok(
        await addGroupContestAnnouncement(ctx.db, requireUser(request), request.body),
        request.t('contestOps.announcementCreated'),
      ),
  );

  app.put(
    '/api/group/contest-announcement',
    {
      schema: { tags, body: contestAnnouncementUpdateBody, response: okResponse(groupContestAnnouncement) },
    },
    async (request) =>
      ok(
        await updateGroupContestAnnouncement(ctx.db, requireUser(request), request.body),
        request.t('contestOps.announcementUpdated'),
      ),
  );

  app.delete(
    '/api/group/contest-announcement',
    { schema: { tags, querystring: contestAnnouncementDeleteQuery, response: okResponse(z.null()) } },
    async (request) => {
      await deleteGroupContestAnnouncement(ctx.db, requireUser(request), request.query);
      return ok(null, request.t('contestOps.announcementDeleted'));
    },
  );
};
