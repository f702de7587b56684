/** A real server (API, queue, two in-process workers, sandbox) on a temporary DATA_DIR, for the judge benchmarks. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { localJudge } from '../../server/judge-binding';
import { insertProblem } from '../../server/seeds/demo';
import type { DemoProblem } from '../../server/seeds/demo-problems';
import type { SubmissionListItem } from '../../shared/api/types';
import { isInProgress } from '../../shared/constants/judge-status';
import { type TestClient, testClient } from '../../tests/helpers/api';

export interface BenchServer {
  client: TestClient;
  languages: Set<string>;
  /** submits and polls every 20 ms until the verdict is final */
  judged(pid: string, language: string, code: string): Promise<SubmissionListItem>;
  /**
   * submits them all, then polls their statuses in one call every 50 ms (as a status page does),
   * so the polling itself does not take the CPU the judge needs
   */
  judgedAll(pid: string, language: string, codes: string[]): Promise<SubmissionListItem[]>;
  close(): Promise<void>;
}

export async function startBenchServer(problems: DemoProblem[]): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ROOT_PASSWORD: 'benchpass1',
    JUDGE_WORKERS: '2',
    LOG_LEVEL: 'error',
  });
  const server = await buildServer(config, { ...(await localJudge()), logger: false });
  for (const p of problems) await insertProblem(server.ctx.db, server.ctx.files, p);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const client = testClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  await client.login('root', 'benchpass1');
  return {
    client,
    languages: new Set(server.ctx.languages.names()),
    async judged(pid, language, code) {
      const sub = await client.api.submitProblemJudge({ pid, language, code });
      for (;;) {
        const row = (await client.api.checkSubmissionsStatus([sub.submitId]))[String(sub.submitId)];
        if (row && !isInProgress(row.status)) return row;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async judgedAll(pid, language, codes) {
      const ids: number[] = [];
      for (const code of codes)
        ids.push((await client.api.submitProblemJudge({ pid, language, code })).submitId);
      for (;;) {
        const map = await client.api.checkSubmissionsStatus(ids);
        const rows = ids.map((id) => map[String(id)]);
        if (rows.every((r) => r && !isInProgress(r.status))) return rows as SubmissionListItem[];
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds this process and every descendant it has reaped have used (Linux /proc). */
export function cpuSecondsWithChildren(): number {
  // fields after the command's closing parenthesis: utime is the 12th, then stime, cutime, cstime
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100; // USER_HZ is 100 on Linux
}
