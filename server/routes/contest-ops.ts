import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkAcInfoBody,
  checkPrintQuery,
  contestAnnouncementCreateBody,
  contestAnnouncementDeleteQuery,
  contestAnnouncementListQuery,
  contestAnnouncementUpdateBody,
  contestHomeQuery,
  contestPageQuery,
  notReadAnnouncementBody,
  printIdQuery,
  rejudgeContestProblemQuery,
  submitPrintBody,
} from '../../shared/schemas/contest-ops';
import { page } from '../../shared/schemas/responses/common';
import {
  contestAcInfo,
  contestAnnouncement,
  contestHome,
  contestPrintItem,
} from '../../shared/schemas/responses/contest-ops';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { ok, okResponse } from '../plugins/envelope';
import { checkAcInfo, listAcInfo } from '../services/contests/ops/ac-info';
import {
  createContestAnnouncement,
  deleteContestAnnouncement,
  listAdminContestAnnouncements,
  listContestAnnouncements,
  listNotReadAnnouncements,
  updateContestAnnouncement,
} from '../services/contests/ops/announcements';
import { loadLandingContest, toContestHome } from '../services/contests/ops/landing';
import { checkPrint, downloadPrint, listPrints, submitPrint } from '../services/contests/ops/prints';
import { rejudgeContestProblem } from '../services/contests/ops/rejudge';

/**
 * Contest announcements, print requests, balloons (AC info), the contest problem rejudge and the
 * landing page of a contest site (/SHORT).
 */
export const contestOpsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contest'];
  const adminTags = ['admin', 'contest'];

  /* ---- announcements ---- */
  app.get(
    '/api/get-contest-announcement',
    {
      schema: {
        tags,
        querystring: contestAnnouncementListQuery,
        response: okResponse(page(contestAnnouncement)),
      },
    },
    async (request) => ok(await listContestAnnouncements(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/get-contest-not-read-announcement',
    { schema: { tags, body: notReadAnnouncementBody, response: okResponse(z.array(contestAnnouncement)) } },
    async (request) => ok(await listNotReadAnnouncements(ctx.db, requireUser(request), request.body)),
  );

  app.get(
    '/api/admin/contest/announcement',
    {
      schema: {
        tags: adminTags,
        querystring: contestAnnouncementListQuery,
        response: okResponse(page(contestAnnouncement)),
      },
    },
    async (request) => ok(await listAdminContestAnnouncements(ctx.db, requireUser(request), request.query)),
  );

  app.post(
    '/api/admin/contest/announcement',
    {
      schema: {
        tags: adminTags,
        body: contestAnnouncementCreateBody,
        response: okResponse(contestAnnouncement),
      },
    },
    async (request) =>
      ok(
        await createContestAnnouncement(ctx.db, requireUser(request), request.body),
        request.t('contestOps.announcementCreated'),
      ),
  );

  app.put(
    '/api/admin/contest/announcement',
    {
      schema: {
        tags: adminTags,
        body: contestAnnouncementUpdateBody,
        response: okResponse(contestAnnouncement),
      },
    },
    async (request) =>
      ok(
        await updateContestAnnouncement(ctx.db, requireUser(request), request.body),
        request.t('contestOps.announcementUpdated'),
      ),
  );

  app.delete(
    '/api/admin/contest/announcement',
    {
      schema: {
        tags: adminTags,
        querystring: contestAnnouncementDeleteQuery,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await deleteContestAnnouncement(ctx.db, requireUser(request), request.query);
      return ok(null, request.t('contestOps.announcementDeleted'));
    },
  );

  /* ---- prints ---- */
  app.post(
    '/api/submit-print-text',
    { schema: { tags, body: submitPrintBody, response: okResponse(z.null()) } },
    async (request) => {
      await submitPrint(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('contestOps.printSubmitted'));
    },
  );

  app.get(
    '/api/get-contest-print',
    { schema: { tags, querystring: contestPageQuery, response: okResponse(page(contestPrintItem)) } },
    async (request) => ok(await listPrints(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/check-contest-print-status',
    { schema: { tags, querystring: checkPrintQuery, response: okResponse(z.null()) } },
    async (request) => {
      await checkPrint(ctx.db, requireUser(request), request.query);
      return ok(null, request.t('contestOps.printChecked'));
    },
  );

  // a text file: no response schema
  app.get(
    '/api/file/download-contest-print-text',
    { schema: { tags, querystring: printIdQuery } },
    async (request, reply) => {
      const file = await downloadPrint(ctx.db, requireUser(request), request.query.id);
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.content);
    },
  );

  /* ---- balloons (AC info) ---- */
  app.get(
    '/api/get-contest-ac-info',
    { schema: { tags, querystring: contestPageQuery, response: okResponse(page(contestAcInfo)) } },
    async (request) => ok(await listAcInfo(ctx.db, requireUser(request), request.query)),
  );

  app.put(
    '/api/check-contest-ac-info',
    { schema: { tags, body: checkAcInfoBody, response: okResponse(z.null()) } },
    async (request) => {
      await checkAcInfo(ctx.db, requireUser(request), request.body);
      return ok(null, request.t('contestOps.acInfoUpdated'));
    },
  );

  /* ---- rejudge a contest problem (super admin) ---- */
  app.get(
    '/api/admin/judge/rejudge-contest-problem',
    { schema: { tags: ['admin'], querystring: rejudgeContestProblemQuery, response: okResponse(z.null()) } },
    async (request) => {
      await rejudgeContestProblem(ctx, requireUser(request), request.query);
      return ok(null, request.t('workspace.rejudged'));
    },
  );

  /* ---- landing page (no login) ---- */
  app.get(
    '/api/contest-home-img',
    // the contest's background image URL, null when it has none
    { schema: { tags, querystring: contestHomeQuery, response: okResponse(z.string().nullable()) } },
    async (request) => {
      const contest = await loadLandingContest(ctx.db, request.query, request.user);
      return ok(contest.background_image ?? null);
    },
  );

  app.get(
    '/api/contest-home',
    { schema: { tags, querystring: contestHomeQuery, response: okResponse(contestHome) } },
    async (request) => ok(toContestHome(await loadLandingContest(ctx.db, request.query, request.user))),
  );

  app.get(
    '/api/contest-home-id',
    { schema: { tags, querystring: contestHomeQuery, response: okResponse(z.number()) } },
    async (request) => ok((await loadLandingContest(ctx.db, request.query, request.user)).id),
  );
};
