/**
 * Submit-to-verdict time per language and submissions per second, through a real server (API,
 * queue, in-process workers, sandbox) on a temporary DATA_DIR. One run; figures, not assertions.
 */
import type { DemoProblem } from '../../server/seeds/demo-problems';
import { cpuSecondsWithChildren, startBenchServer } from './judge-server';
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
  const bench = await startBenchServer([TEN_CASES]);
  try {
    const judged = async (language: string): Promise<void> => {
      const row = await bench.judged('BENCH10', language, PROGRAMS[language]);
      if (row.status !== 0) throw new Error(`${language} bench submission ended with status ${row.status}`);
    };
    const rows: [string, string][] = [];
    for (const language of Object.keys(PROGRAMS).filter((l) => bench.languages.has(l))) {
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
    const cpuBefore = cpuSecondsWithChildren();
    const burstRows = await bench.judgedAll('BENCH10', 'C', Array(burst).fill(PROGRAMS.C));
    if (burstRows.some((r) => r.status !== 0)) throw new Error('a C bench submission was not accepted');
    const seconds = (performance.now() - start) / 1000;
    const cpuEach = (cpuSecondsWithChildren() - cpuBefore) / burst;
    rows.push([`${burst} C submissions at once, 2 workers`, `${(burst / seconds).toFixed(2)} submissions/s`]);
    // The machine's other load slows the wall-clock figure; CPU per submission is what bounds it.
    rows.push([`  CPU per C submission (server, compiler, sandbox)`, `${(cpuEach * 1000).toFixed(0)} ms`]);
    rows.push([
      `  bound on 2 idle cores (2 / CPU per submission)`,
      `${(2 / cpuEach).toFixed(1)} submissions/s`,
    ]);
    return { title: 'Judging through the server (SQLite, in-process workers)', rows };
  } finally {
    await bench.close();
  }
}
