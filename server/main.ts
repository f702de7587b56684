import { sandboxProblem } from '../judge';
import { LanguagesFileError } from '../judge/languages-file';
import { buildServer } from './app';
import { ConfigurationError, loadConfig } from './config';
import { localJudge } from './judge-binding';
import { seedDemo } from './seeds/demo';
import { listenOrigin } from './services/site/links';
import { loadSettings } from './services/site/settings';

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
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
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
