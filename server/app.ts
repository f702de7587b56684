import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { removeLeftoverBoxesOnce } from '../judge/sandbox/boxes';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { DATA_FILES, ensureDataDir, warnLooseModes } from './data-dir';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { apiDocsHooks } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { corsPlugin } from './plugins/cors';
import { errorsPlugin } from './plugins/errors';
import { httpMetricsPlugin } from './plugins/http-metrics';
import { i18nPlugin } from './plugins/i18n';
import { type LogStream, loggerOptions, OneLinePerRequest, requestLogPlugin } from './plugins/request-log';
import { checkWrittenAnswers, responseSerializerCompiler } from './plugins/response-serializer';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { textInputPlugin } from './plugins/text-input';
import { accountRoutes } from './routes/account';
import { adminConfigRoutes } from './routes/admin-config';
import { adminContestRoutes } from './routes/admin-contests';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { adminDiscussionRoutes } from './routes/admin-discussions';
import { adminGroupRoutes } from './routes/admin-groups';
import { adminJudgeRoutes } from './routes/admin-judge';
import { adminNoticeRoutes } from './routes/admin-notices';
import { adminProblemRoutes } from './routes/admin-problems';
import { adminTrainingRoutes } from './routes/admin-trainings';
import { adminUserRoutes } from './routes/admin-users';
import { announcementRoutes } from './routes/announcements';
import { avatarRoutes } from './routes/avatar';
import { clarificationRoutes } from './routes/clarifications';
import { commentRoutes } from './routes/comments';
import { contestDownloadRoutes } from './routes/contest-downloads';
import { contestOpsRoutes } from './routes/contest-ops';
import { contestProblemEditorRoutes } from './routes/contest-problem-editor';
import { contestRankRoutes } from './routes/contest-rank';
import { contestRoutes } from './routes/contests';
import { discussionRoutes } from './routes/discussions';
import { eventFeedRoutes } from './routes/event-feed';
import { eventRoutes } from './routes/events';
import { groupContestRoutes } from './routes/group-contests';
import { groupMemberRoutes } from './routes/group-members';
import { groupProblemRoutes } from './routes/group-problems';
import { groupTrainingRoutes } from './routes/group-trainings';
import { groupRoutes } from './routes/groups';
import { homeRoutes } from './routes/home';
import { importRoutes } from './routes/import';
import { judgeProtocolRoutes } from './routes/judge-protocol';
import { messageRoutes } from './routes/messages';
import { opsRoutes } from './routes/ops';
import { packageVerifyRoutes } from './routes/package-verify';
import { passwordResetRoutes } from './routes/password-reset';
import { problemEditorRoutes } from './routes/problem-editor';
import { problemExportRoutes } from './routes/problem-export';
import { problemRoutes } from './routes/problems';
import { profileRoutes } from './routes/profile';
import { rankRoutes } from './routes/ranks';
import { registrationRoutes } from './routes/registration';
import { scrollBoardRoutes } from './routes/scroll-board';
import { siteAdminRoutes } from './routes/site-admin';
import { statementFileRoutes } from './routes/statement-files';
import { submissionRoutes } from './routes/submissions';
import { tagAdminRoutes } from './routes/tag-admin';
import { testJudgeRoutes } from './routes/test-judge';
import { trainingRoutes } from './routes/trainings';
import { virtualParticipationRoutes } from './routes/virtual-participation';
import { wrongCaseRoutes } from './routes/wrong-case';
import { jwtSecret } from './secrets';
import { ensureRoot } from './services/auth/bootstrap';
import { SecretHasher } from './services/auth/codes';
import { TokenService } from './services/auth/tokens';
import { keepCachesCurrent } from './services/cache/judge-listeners';
import { ContestBoardCache } from './services/contests/board/board-cache';
import { startFilesGcTimer } from './services/files/gc-timer';
import { FileStore } from './services/files/store';
import { HomeCaches } from './services/home/home-cache';
import { JudgeEvents } from './services/judge-queue/events';
import { judgeRegistry, onlineWindowMs } from './services/judge-queue/judge-registry';
import { keepLanguagesCurrent } from './services/judge-queue/offered-languages';
import { JudgeProtocol } from './services/judge-queue/protocol';
import { JudgeQueue } from './services/judge-queue/queue';
import { QueuePlaces } from './services/judge-queue/queue-position';
import { queueGlance } from './services/judge-queue/queue-summary';
import {
  type JudgeFunction,
  JudgeWorkerPool,
  type TestRunFunction,
} from './services/judge-queue/worker-pool';
import { type LanguageInfo, LanguageRegistry } from './services/languages';
import { startLive } from './services/live/start';
import { MailSettingsStore } from './services/mail/mail-settings';
import { createMailer } from './services/mail/mailer';
import { observeJudging } from './services/ops/judge-metrics';
import { ServerMetrics } from './services/ops/metrics';
import { Readiness } from './services/ops/readiness';
import type { CompileProgram } from './services/problems/admin/compile-checker';
import { createProblemCaches } from './services/problems/queries';
import { RankCaches } from './services/ranks/rank-cache';
import { SubmissionListCache } from './services/submissions/list';

export interface AppDependencies {
  /** the languages this judge can run (detected by the judge at start) */
  languages: LanguageInfo[];
  /** the judge engine; omitted or with 0 workers, submissions wait in the queue */
  judge?: JudgeFunction;
  /** the engine's test run; omitted, in-process workers leave test runs to remote judges */
  testRun?: TestRunFunction;
  /** compiles checkers for the problem editor; omitted with remote judges only */
  compileProgram?: CompileProgram;
  logger?: boolean | object;
  /** the server's own logger writing its JSON lines here (tests read the request lines) */
  logStream?: LogStream;
}

export interface VerdictServer {
  app: FastifyInstance;
  ctx: AppContext;
  workers: JudgeWorkerPool | null;
  /** this server's own metrics registry; null when METRICS_TOKEN is unset */
  metrics: ServerMetrics | null;
  /** what GET /api/readyz answers; close() drains it first */
  readiness: Readiness;
  /** root's password when it was generated at this first start (print it once) */
  generatedRootPassword: string | null;
  close(): Promise<void>;
}

/**
 * Builds the whole server: database, migrations, the super admin, plugins, routes and judge
 * workers. Demo data is not its business: `npm start` seeds it (server/seeds/demo.ts).
 */
export async function buildServer(config: ServerConfig, deps: AppDependencies): Promise<VerdictServer> {
  ensureDataDir(config.dataDir);
  // first: a refused secret stops the start before anything is migrated or seeded
  const secret = jwtSecret(config.dataDir, config.jwtSecret);
  const db = await openDatabase(config);
  await migrate(db);
  const files = new FileStore(join(config.dataDir, DATA_FILES.files));
  const root = await ensureRoot(db, config.rootPassword);

  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config, deps.logStream),
    // one line per request instead of Fastify's two (plugins/request-log.ts)
    logController: new OneLinePerRequest(),
    // X-Forwarded-For is believed only from the proxies the operator named (TRUST_PROXY): from
    // anyone else it would let a client pick its IP and walk past every per-IP limit.
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    // On close, cut every connection, in-flight ones too: judge long polls and keep-alive sockets
    // must not hold a shutdown (a test's server close once hung past 60 s under load).
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ strict: config.strictResponses, log: app.log }));
  if (config.strictResponses) checkWrittenAnswers(app);
  warnLooseModes(config.dataDir, app.log);
  const queue = new JudgeQueue(
    db,
    config.judgeLeaseMs,
    new JudgeEvents((err, name) => app.log.error({ err, event: name }, 'judge event listener failed')),
  );

  let workers: JudgeWorkerPool | null = null;
  // only with METRICS_TOKEN: nothing is counted that nobody may read
  const metrics = config.metricsToken
    ? new ServerMetrics({
        queue: () => queueGlance(db),
        judgesOnline: async () => {
          const online = { local: 0, remote: 0 };
          for (const judge of await judgeRegistry(db).list(onlineWindowMs(queue.leaseMs)))
            if (judge.status === 'online') online[judge.kind]++;
          return online;
        },
      })
    : null;
  if (metrics) observeJudging(queue.events, metrics);
  const readiness = new Readiness({
    db,
    dataDir: config.dataDir,
    inProcessWorkers: () => (workers ? config.judgeWorkers : 0),
    log: app.log,
  });
  const mailSettings = new MailSettingsStore(db, secret);
  const mail = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dir: join(config.dataDir, DATA_FILES.mail),
    // without SMTP_URL, the SMTP server root sets in the admin console (read before each mail)
    settings: () => mailSettings.smtp(),
  });
  const caches = {
    problems: createProblemCaches(),
    submissionList: new SubmissionListCache(),
    contestBoards: new ContestBoardCache(metrics ? { onLookup: (hit) => metrics.boardCacheLookup(hit) } : {}),
    ranks: new RankCaches(db, (err) => app.log.error({ err }, 'rank records not refreshed')),
    home: new HomeCaches(),
  };
  keepCachesCurrent(queue.events, caches);
  // the live push channel listens to the same events (docs/architecture.md, Live push)
  const queuePlaces = new QueuePlaces(db, { leaseMs: queue.leaseMs });
  const live = await startLive({
    db,
    databaseUrl: config.databaseUrl,
    events: queue.events,
    places: queuePlaces,
    heartbeatMs: config.liveHeartbeatMs,
    log: app.log,
  });
  // before the connections are cut: open streams end cleanly and the bus connection closes
  app.addHook('preClose', () => live.close());
  // the rank records being written when the server stops are written before the database closes
  app.addHook('onClose', () => caches.ranks.keeper.idle());
  const ctx: AppContext = {
    config,
    db,
    tokens: new TokenService(secret),
    hasher: new SecretHasher(secret),
    mail,
    files,
    // its own languages and those judges announce (docs/scaling.md, Remote judges: their languages)
    languages: new LanguageRegistry(deps.languages, { onlineMs: onlineWindowMs(queue.leaseMs) }),
    queue,
    queuePlaces,
    live,
    caches,
    compileProgram: deps.compileProgram ?? null,
    inProcessJudge: deps.judge ?? null,
  };
  const languageKeeper = await keepLanguagesCurrent(db, ctx.languages, {
    onError: (err) => app.log.warn({ err }, 'announced languages not refreshed'),
  });
  app.addHook('onClose', async () => languageKeeper.stop());
  // nothing the site no longer names stays in the file store (docs/operations.md, Bounded disk)
  if (config.filesGc.enabled) {
    const filesGc = startFilesGcTimer(
      { db, files, log: app.log },
      { firstDelayMs: config.filesGc.firstDelayMs },
    );
    app.addHook('onClose', () => filesGc.stop());
  }

  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl });
  // before every route: it hooks each route as it is added
  await app.register(compressionPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Verdict API (HOJ-compatible)', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiHooks: apiDocsHooks });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(corsPlugin);
  await app.register(authPlugin, { ctx });
  await app.register(requestLogPlugin, { events: queue.events });
  if (metrics) await app.register(httpMetricsPlugin, { metrics });
  await app.register(opsRoutes, { ctx, readiness, metrics });
  await app.register(accountRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(avatarRoutes, { ctx });
  await app.register(problemRoutes, { ctx });
  await app.register(submissionRoutes, { ctx });
  await app.register(messageRoutes, { ctx });
  await app.register(adminNoticeRoutes, { ctx });
  await app.register(importRoutes, { ctx });
  await app.register(problemExportRoutes, { ctx });
  await app.register(packageVerifyRoutes, { ctx });
  await app.register(testJudgeRoutes, { ctx });
  await app.register(wrongCaseRoutes, { ctx });
  await app.register(adminJudgeRoutes, { ctx });
  await app.register(adminProblemRoutes, { ctx });
  await app.register(problemEditorRoutes, { ctx });
  await app.register(statementFileRoutes, { ctx });
  await app.register(tagAdminRoutes, { ctx });
  await app.register(adminUserRoutes, { ctx });
  await app.register(siteAdminRoutes, { ctx });
  await app.register(adminConfigRoutes, { ctx });
  await app.register(adminDashboardRoutes, { ctx });
  await app.register(announcementRoutes, { ctx });
  await app.register(contestRoutes, { ctx });
  await app.register(contestRankRoutes, { ctx });
  await app.register(scrollBoardRoutes, { ctx });
  await app.register(contestOpsRoutes, { ctx });
  await app.register(clarificationRoutes, { ctx });
  await app.register(virtualParticipationRoutes, { ctx });
  await app.register(commentRoutes, { ctx });
  await app.register(discussionRoutes, { ctx });
  await app.register(rankRoutes, { ctx });
  await app.register(homeRoutes, { ctx });
  await app.register(adminDiscussionRoutes, { ctx });
  await app.register(trainingRoutes, { ctx });
  await app.register(groupTrainingRoutes, { ctx });
  await app.register(groupContestRoutes, { ctx });
  await app.register(groupProblemRoutes, { ctx });
  await app.register(adminTrainingRoutes, { ctx });
  await app.register(groupRoutes, { ctx });
  await app.register(groupMemberRoutes, { ctx });
  await app.register(adminGroupRoutes, { ctx });
  await app.register(adminContestRoutes, { ctx });
  await app.register(contestDownloadRoutes, { ctx });
  await app.register(contestProblemEditorRoutes, { ctx });
  await app.register(eventFeedRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(judgeProtocolRoutes, { ctx });
  await app.register(spaPlugin, { webDir: config.webDir, ctx });

  if (deps.judge && config.judgeWorkers > 0) {
    // the pool claims only what this machine runs: a language only a remote judge has waits for it
    const protocol = new JudgeProtocol(db, queue, files, {
      kind: 'local',
      languages: ctx.languages.ownNames(),
      languageInfo: ctx.languages.ownLanguages(),
    });
    // boxes a judge killed outright left behind, before the workers make their own
    void removeLeftoverBoxesOnce().then((names) => {
      if (names.length > 0) app.log.info({ boxes: names }, 'removed leftover judge boxes');
    });
    workers = new JudgeWorkerPool(protocol, deps.judge, deps.testRun, {
      workers: config.judgeWorkers,
      log: app.log,
    });
    workers.start();
  }

  return {
    app,
    ctx,
    workers,
    metrics,
    readiness,
    generatedRootPassword: root.generatedPassword,
    async close() {
      // not ready from here on; the workers give what they hold back to the queue before the
      // connections close
      readiness.drain();
      await workers?.stop();
      await app.close();
      mail.close();
      await db.close();
    },
  };
}
