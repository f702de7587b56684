import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { FILE_STORE_GC } from '../shared/constants/limits';
import { LIVE } from '../shared/constants/live';
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
  /** how long a claimed submission stays a judge's without a renewal (JUDGE_LEASE_SECONDS; docs/scaling.md) */
  judgeLeaseMs: number;
  // VERDICT_LANGUAGES_FILE is read by the judge itself (judge/languages-file.ts), here and on remote judges
  /** demo mode seeds demo users besides root */
  demo: boolean;
  /** directory of the built web app */
  webDir: string;
  logLevel: string;
  /** json: one JSON line per record (production, log shippers); pretty: coloured lines for a terminal (pino-pretty) */
  logFormat: LogFormat;
  /**
   * the bearer token Prometheus sends for GET /metrics; unset: /metrics answers 404
   * (docs/operations.md, Metrics)
   */
  metricsToken: string | null;
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
  /** ms between heartbeats of live streams (LIVE_HEARTBEAT_MS; tests shorten it; default LIVE.heartbeatMs) */
  liveHeartbeatMs: number;
  /**
   * the file store's daily collection (docs/operations.md, Bounded disk): FILES_GC=off turns it off
   * (`verdict gc` still works); FILES_GC_DELAY_MS is the first one's delay after the start
   */
  filesGc: { enabled: boolean; firstDelayMs: number };
}

export type LogFormat = 'json' | 'pretty';
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

/** A guessable token would open the metrics (queue sizes, routes, traffic) to anyone who tries. */
export const METRICS_TOKEN_MIN_BYTES = 16;

function logFormatFromEnv(value: string | undefined): LogFormat {
  if (value === undefined || value === '') return 'json';
  const format = LOG_FORMATS.find((f) => f === value);
  if (!format) throw new ConfigurationError(`LOG_FORMAT must be ${LOG_FORMATS.join(' or ')}, not "${value}"`);
  return format;
}

function metricsTokenFromEnv(value: string | undefined): string | null {
  if (!value) return null;
  const bytes = Buffer.byteLength(value);
  if (bytes < METRICS_TOKEN_MIN_BYTES) {
    // the message never shows the token itself
    throw new ConfigurationError(
      `METRICS_TOKEN is ${bytes} bytes long; it must be at least ${METRICS_TOKEN_MIN_BYTES} (e.g. \`openssl rand -hex 24\`)`,
    );
  }
  return value;
}

/**
 * A judge renews its lease every third of it, so a short lease costs requests and a long one delays
 * the rejudging of a judge's work after it dies (docs/scaling.md, Leases).
 */
export const JUDGE_LEASE_SECONDS = { default: 30, min: 5, max: 600 } as const;

function judgeLeaseFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return JUDGE_LEASE_SECONDS.default * 1000;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < JUDGE_LEASE_SECONDS.min || seconds > JUDGE_LEASE_SECONDS.max) {
    throw new ConfigurationError(
      `JUDGE_LEASE_SECONDS is ${JSON.stringify(value)}; it must be a whole number of seconds from ${JUDGE_LEASE_SECONDS.min} to ${JUDGE_LEASE_SECONDS.max}`,
    );
  }
  return seconds * 1000;
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
    judgeLeaseMs: judgeLeaseFromEnv(env.JUDGE_LEASE_SECONDS),
    demo: env.DEMO !== '0' && env.DEMO !== 'false',
    webDir: resolve(env.WEB_DIR || 'dist/web'),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormatFromEnv(env.LOG_FORMAT),
    metricsToken: metricsTokenFromEnv(env.METRICS_TOKEN),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Verdict <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    strictResponses: env.STRICT_RESPONSES === '1',
    liveHeartbeatMs: Math.max(50, intFromEnv(env.LIVE_HEARTBEAT_MS, LIVE.heartbeatMs)),
    filesGc: {
      enabled: !['off', '0', 'false'].includes(env.FILES_GC ?? ''),
      firstDelayMs: intFromEnv(env.FILES_GC_DELAY_MS, FILE_STORE_GC.firstRunDelayMs),
    },
  };
}

/** A setting the server refuses to start with; main prints its message alone, without a stack. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}
