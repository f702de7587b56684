/**
 * Submit-to-verdict time per language and submissions per second, through a real server (API,
 * queue, in-process workers, sandbox) on a temporary DATA_DIR. One run; figures, not assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { localJudge } from '../../server/judge-binding';
import { insertProblem } from '../../server/seeds/demo';
import type { DemoProblem } from '../../server/seeds/demo-problems';
import { isInProgress } from '../../shared/constants/judge-status';
import { testClient } from '../../tests/helpers/api';
import { median, type Report } from './stats';

const PROGRAMS: Record<string, string> = {
  C: '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n',
  'C++': '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}\n',
  Python3: 'a, b = map(int, input().split())\nprint(a + b)\n',
  Java: 'import java.util.*;\npublic class Main{public static void main(String[] x){Scanner s=new Scanner(System.in);System.out.println(s.nextLong()+s.nextLong());}}\n',
};

const TEN_CASES: DemoProblem = {
  problemId: 'BENCH10',
  title: 'A+B, 10 cases',
  type: 0,
  timeLimit: 1000,
  memoryLimit: 256,
  difficulty: 0,
  description: '',
  input: '',
  output: '',
  hint: '',
  source: 'bench',
  examples: [],
  cases: Array.from({ length: 10 }, (_, i) => ({ input: `${i} ${i * 7}\n`, output: `${i * 8}\n`, score: 0 })),
  tags: [],
};

export async function judgeThroughput(samples: number, burst: number): Promise<Report> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ROOT_PASSWORD: 'benchpass1',
    JUDGE_WORKERS: '2',
    LOG_LEVEL: 'error',
  });
  const server = await buildServer(config, { ...(await localJudge()), logger: false });
  try {
    await insertProblem(server.ctx.db, server.ctx.files, TEN_CASES);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const client = testClient(url);
    await client.login('root', 'benchpass1');
    const available = new Set(server.ctx.languages.names());

    const judged = async (language: string): Promise<number> => {
      const sub = await client.api.submitProblemJudge({ pid: 'BENCH10', language, code: PROGRAMS[language] });
      for (;;) {
        const row = (await client.api.checkSubmissionsStatus([sub.submitId]))[String(sub.submitId)];
        if (row && !isInProgress(row.status)) {
          if (row.status !== 0)
            throw new Error(`${language} bench submission ended with status ${row.status}`);
          return sub.submitId;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const rows: [string, string][] = [];
    for (const language of Object.keys(PROGRAMS).filter((l) => available.has(l))) {
      await judged(language); // warm caches (JIT, page cache)
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const start = performance.now();
        await judged(language);
        times.push(performance.now() - start);
      }
      rows.push([
        `submit → final verdict, ${language}, 10 cases (median of ${samples})`,
        `${median(times).toFixed(0)} ms`,
      ]);
    }
    const start = performance.now();
    await Promise.all(Array.from({ length: burst }, () => judged('C')));
    const seconds = (performance.now() - start) / 1000;
    rows.push([`${burst} C submissions at once, 2 workers`, `${(burst / seconds).toFixed(2)} submissions/s`]);
    return { title: 'Judging through the server (SQLite, in-process workers)', rows };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
