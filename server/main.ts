import { sandboxProblem } from '../judge';
import { LanguagesFileError } from '../judge/languages-file';
import { buildServer } from './app';
import { ConfigurationError, loadConfig } from './config';
import { localJudge } from './judge-binding';
import { seedDemo } from './seeds/demo';
import { listenOrigin } from './services/site/links';
import { loadSettings } from './services/site/settings';

/** Inside the stop timeout the service files allow (deploy/: 30 s) before the service manager kills. */
const SHUTDOWN_DEADLINE_MS = 20_000;

/** `npm start` (through scripts/start.ts) and `tsx server/main.ts`: serve the web app, /api and judge in-process. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await buildServer(config, await localJudge());
  // demo problems, a contest and an announcement on a new site, so it is never empty (once)
  await seedDemo(server.ctx.db, server.ctx.files);
  const sandbox = sandboxProblem();
  if (sandbox && config.judgeWorkers > 0) {
    // Untrusted code never runs outside the sandbox: submissions end as System Error until this is fixed.
    server.app.log.error(`the judge sandbox is not usable: ${sandbox}. Run \`npm run setup\`.`);
  }
  if (server.generatedRootPassword) {
    // Printed once, on the first start only; never logged through the request logger.
    process.stdout.write(
      `\n  Verdict: created the super admin "root" with the password ${server.generatedRootPassword}\n  (set ROOT_PASSWORD before the first start to choose it)\n\n`,
    );
  }
  let closing = false;
  // SIGTERM (systemd, docker stop) or Ctrl+C: not ready any more, no new work claimed, the
  // submissions being judged given back to the queue (the next judge takes them at once), the
  // connections and the database closed (docs/operations.md, Stopping)
  const shutdown = async (signal: string) => {
    // a repeat (Ctrl+C reaches this process both from the terminal and through npm and tsx) changes nothing
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    // a close that hangs (a database that stopped answering) must not keep a stopping service alive
    setTimeout(() => {
      server.app.log.error({ afterMs: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await server.close();
    } catch (err) {
      server.app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    server.app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await server.app.listen({ port: config.port, host: config.host });
  const { web } = await loadSettings(server.ctx.db);
  if (!config.publicUrl && !web.baseUrl) {
    server.app.log.warn(
      `mailed links (password reset) point to ${listenOrigin(server.app.server.address())}, which works only on this machine: set PUBLIC_URL or the site's baseUrl (docs/security.md)`,
    );
  }
}

main().catch((err) => {
  const detail =
    err instanceof ConfigurationError || err instanceof LanguagesFileError
      ? err.message
      : err instanceof Error
        ? err.stack
        : String(err);
  process.stderr.write(`Verdict failed to start: ${detail}\n`);
  process.exit(1);
});
