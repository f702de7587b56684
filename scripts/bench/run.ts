/**
 * `npm run bench`: prints figures measured in one run on this machine (docs/benchmarks.md keeps
 * them with the date and machine). Timing here is noisy; compare ratios, not absolute numbers.
 */
import { cpus, loadavg } from 'node:os';
import { cpuSpread } from './cpu-spread';
import { judgeThroughput } from './judge-throughput';
import { sandboxOverhead } from './sandbox-overhead';
import { printReport } from './stats';

process.stdout.write(
  `Verdict benchmarks — ${new Date().toISOString()} — ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
printReport(await sandboxOverhead(200));
printReport(await judgeThroughput(5, 20));
printReport(await cpuSpread(20));
