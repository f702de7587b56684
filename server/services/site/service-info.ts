/**
 * What root sees of the machinery (HOJ's get-service-info, get-judge-service-info and
 * get-db-and-redis-config): this server process and its machine, the judges that have talked to
 * it, and the database it uses. Read-only; root only.
 */
import { statfs } from 'node:fs/promises';
import { cpus, freemem, loadavg, totalmem, uptime } from 'node:os';
import { join } from 'node:path';
import type { DbConfig, JudgeServiceInfo, ServiceInfo } from '../../../shared/api/admin-config-types';
import type { ServerConfig } from '../../config';
import { DATA_FILES } from '../../data-dir';
import type { Db } from '../../db/database';
import { verdictVersion } from '../../version';
import type { CurrentUser } from '../auth/users';
import { canAdminSite } from '../authz';
import { badRequest, forbidden } from '../errors';
import { judgeRegistry, OFFLINE_AFTER_LEASES } from '../judge-queue/judge-registry';
import { queueGlance } from '../judge-queue/queue-summary';

function assertCanAdminSite(user: CurrentUser): void {
  if (!canAdminSite(user)) throw forbidden('adminConfig.rootOnly');
}

async function diskOf(dir: string): Promise<ServiceInfo['disk']> {
  try {
    const fs = await statfs(dir);
    return { total: fs.blocks * fs.bsize, free: fs.bavail * fs.bsize };
  } catch {
    return null;
  }
}

export async function getServiceInfo(
  deps: { db: Db; config: ServerConfig },
  user: CurrentUser,
): Promise<ServiceInfo> {
  assertCanAdminSite(user);
  const [one, five, fifteen] = loadavg();
  return {
    cpuCores: cpus().length,
    loadAverage: [one ?? 0, five ?? 0, fifteen ?? 0].map((n) => Math.round(n * 100) / 100),
    memory: { total: totalmem(), free: freemem(), processRss: process.memoryUsage.rss() },
    disk: await diskOf(deps.config.dataDir),
    uptime: { system: Math.floor(uptime()), process: Math.floor(process.uptime()) },
    nodeVersion: process.version,
    database: deps.db.dialect,
    version: verdictVersion(),
  };
}

/**
 * Every judge that has talked to this server, online when seen within three lease periods (a
 * working judge renews its lease every third of one, an idle one polls for work every few
 * seconds), with the queue beside them.
 */
export async function getJudgeServiceInfo(
  deps: { db: Db; leaseMs: number },
  user: CurrentUser,
): Promise<JudgeServiceInfo> {
  assertCanAdminSite(user);
  const offlineAfterMs = OFFLINE_AFTER_LEASES * deps.leaseMs;
  const [judges, queue] = await Promise.all([
    judgeRegistry(deps.db).list(offlineAfterMs),
    queueGlance(deps.db),
  ]);
  return { judges, queue, offlineAfterSeconds: Math.round(offlineAfterMs / 1000) };
}

/** The database that applies, from DATABASE_URL (never its password); Verdict uses no Redis. */
export function getDbConfig(config: ServerConfig, user: CurrentUser): DbConfig {
  assertCanAdminSite(user);
  const none = { redisHost: null, redisPort: null, editable: false } as const;
  if (!config.databaseUrl)
    return {
      dbType: 'sqlite',
      dbHost: null,
      dbPort: null,
      dbName: join(config.dataDir, DATA_FILES.sqlite),
      dbUsername: null,
      ...none,
    };
  let url: URL | null = null;
  try {
    url = new URL(config.databaseUrl);
  } catch {
    // a URL pg reads but URL does not: say what is certain
  }
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return {
    dbType: 'postgresql',
    dbHost: url?.hostname || null,
    dbPort: url ? Number(url.port || 5432) : null,
    dbName: url ? decode(url.pathname.replace(/^\//, '')) || null : null,
    dbUsername: url?.username ? decode(url.username) : null,
    ...none,
  };
}

/** HOJ's set-db-and-redis-config: the database comes from the environment, never from a browser. */
export function refuseDbConfigChange(user: CurrentUser): never {
  assertCanAdminSite(user);
  throw badRequest('adminConfig.dbFromEnvironment');
}
