/** `npm run bench:api`: the API throughput figures alone. */
import { cpus, loadavg } from 'node:os';
import { apiThroughput } from './api-throughput';
import { printReport } from './stats';

process.stdout.write(
  `Verdict API benchmark — ${new Date().toISOString()} — ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
printReport(await apiThroughput(Number(process.env.BENCH_SECONDS ?? 10)));
