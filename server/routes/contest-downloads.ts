import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contestAcSubmissionQuery, contestRankDownloadQuery } from '../../shared/schemas/contest-downloads';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { contestAcSubmissionsZip } from '../services/contests/downloads/ac-submissions';
import { contestRankSheet } from '../services/contests/downloads/rank-sheet';
import { SHEET_TYPES } from '../services/files/sheets';

const tags = ['contest-admin'];

/** What a contest's admins download, at HOJ's paths: the board as a spreadsheet, the accepted code as a zip. */
export const contestDownloadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/file/download-contest-rank',
    // a spreadsheet: no response schema
    { schema: { tags, querystring: contestRankDownloadQuery } },
    async (request, reply) => {
      const file = await contestRankSheet(
        ctx.db,
        ctx.caches.contestBoards,
        requireUser(request),
        request.query,
        (key) => request.t(key),
      );
      return reply
        .header('Content-Type', SHEET_TYPES[request.query.format])
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.data);
    },
  );

  app.get(
    '/api/file/download-contest-ac-submission',
    // a zip: no response schema
    { schema: { tags, querystring: contestAcSubmissionQuery } },
    async (request, reply) => {
      const file = await contestAcSubmissionsZip(ctx.db, ctx.languages, requireUser(request), request.query);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.zip);
    },
  );
};
