/**
 * A remote judge daemon (docs/scaling.md, Remote judges): worker loops against a Verdict server over HTTP.
 * It needs no database access, only the server's URL and JUDGE_TOKEN; test data is cached by hash.
 */
import { hostname } from 'node:os';
import { removeLeftoverBoxesOnce } from '../sandbox/boxes';
import { type JudgeEngine, JudgeWorkers, type WorkerLog } from '../worker';
import { localEngine } from '../worker-engine';
import { HttpJudgeBackend } from './http-backend';

export interface RemoteJudgeOptions {
  server: string;
  token: string;
  cacheDir: string;
  /** the test data cache's size bound in MB (default CACHE_BOUNDS.testDataMB) */
  cacheMaxMB?: number;
  workers: number;
  /** recorded as judger on everything this daemon judges (default: the host name) */
  name?: string;
  /** default: the sandboxed engine of this machine */
  engine?: JudgeEngine;
  log?: WorkerLog;
  /** long-poll wait per claim (default 20 s) */
  claimWaitMs?: number;
}

export interface RemoteJudge {
  name: string;
  backend: HttpJudgeBackend;
  languages: string[] | undefined;
  stop(): Promise<void>;
}

/** Checks the server and the token, then starts the workers. */
export async function startRemoteJudge(options: RemoteJudgeOptions): Promise<RemoteJudge> {
  const name = options.name ?? hostname();
  const backend = new HttpJudgeBackend({
    server: options.server,
    token: options.token,
    cacheDir: options.cacheDir,
    ...(options.cacheMaxMB ? { cacheMaxMB: options.cacheMaxMB } : {}),
  });
  // boxes a judge killed outright on this machine left behind go before any work comes in
  if (!options.engine) void removeLeftoverBoxesOnce();
  // languages first: the hello announces them, so the server offers them from now on
  const engine = options.engine ?? (await localEngine());
  await backend.hello(name, {
    ...(engine.languages ? { languages: engine.languages } : {}),
    ...(engine.languageInfo ? { languageInfo: engine.languageInfo } : {}),
  });
  const workers = new JudgeWorkers({
    name,
    workers: options.workers,
    backend,
    engine,
    claimWaitMs: options.claimWaitMs,
    log: options.log,
  });
  workers.start();
  return { name, backend, languages: engine.languages, stop: () => workers.stop() };
}
