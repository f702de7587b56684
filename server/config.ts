import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseTrustProxy } from './trust-proxy';

/** Server configuration from the environment; an unset variable takes the default loadConfig gives it. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** unset: SQLite file in dataDir; postgres://...: PostgreSQL */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (tests give each server its own); default public */
  databaseSchema: string | null;
  rootPassword: string | null;
  jwtSecret: string | null;
  judgeWorkers: number;
  judgeToken: string | null;
  // VERDICT_LANGUAGES_FILE is read by the judge itself (judge/languages-file.ts), here and on remote judges
  /** demo mode seeds demo users besides root */
  demo: boolean;
  /** directory of the built web app */
  webDir: string;
  logLevel: string;
  /** smtp://user:pass@host:587 or smtps://...; unset: every mail is written to DATA_DIR/mail/*.eml */
  smtpUrl: string | null;
  /** sender of the site's mail */
  mailFrom: string;
  /** the site's public address for links in mail (reset password); unset: the site setting baseUrl, then the listen address */
  publicUrl: string | null;
  /** proxies whose X-Forwarded-For is believed (addresses, CIDRs, range names); false: none */
  trustProxy: string[] | false;
  /** check every answer against its route's response schema (tests; docs/architecture.md, Contracts on the wire) */
  strictResponses: boolean;
}

function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: intFromEnv(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    rootPassword: env.ROOT_PASSWORD || null,
    jwtSecret: env.JWT_SECRET || null,
    // One core stays with the server: CPU times measured on a saturated machine are noise (docs/judge.md).
    judgeWorkers: intFromEnv(env.JUDGE_WORKERS, Math.max(1, cpus().length - 1)),
    judgeToken: env.JUDGE_TOKEN || null,
    demo: env.DEMO !== '0' && env.DEMO !== 'false',
    webDir: resolve(env.WEB_DIR || 'dist/web'),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Verdict <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    strictResponses: env.STRICT_RESPONSES === '1',
  };
}

/** A setting the server refuses to start with; main prints its message alone, without a stack. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}
