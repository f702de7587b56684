/**
 * `npm run bench:contest`: a simulated contest of N contestants against the real server
 * (docs/reliability.md, A contest of 1,000). Options:
 *
 *   --contestants N          one run (default 1000); --ramp 250,500,1000,2000 runs several in turn,
 *                            up to the first that breaks (--ramp-all: every one)
 *   --contest-minutes M      the contest's length in contest time (default 300)
 *   --run-seconds S          real seconds the contest's submissions are compressed into (default 120)
 *   --gap-minutes G          mean contest minutes between one contestant's submissions (default 12)
 *   --arrive-rate R          logins per second before the contest phase (default 10)
 *   --problems P             problems in the contest (default 10)
 *   --connections C          kept connections of the keep-alive agent (default 256)
 *   --judge-workers W        claim loops of the stand-in judge (default 16)
 *   --profile [--profile-dir D]  CPU profile of the server, summarised after each run
 *   --server-log FILE        keep the server's request log and summarise its own times per route
 *   --pg-waits               on PostgreSQL: what its connections wait for in the contest phase
 *   --identity               contestants ask for uncompressed answers (browsers never do: a diagnosis)
 *
 * SQLite in a fresh DATA_DIR; PostgreSQL in a fresh schema when DATABASE_URL is set.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { CLARIFICATION_LIMITS } from '../../shared/constants/clarifications';
import { CONTEST_GUARDS } from '../../shared/constants/contests';
import { POLL } from '../../shared/constants/limits';
import { mainThreadProfile, summariseProfile } from './contest-sim-profile';
import { broke, rampReport, stepReports } from './contest-sim-report';
import { summariseServerLog } from './contest-sim-server-log';
import { cpuPressureAvg60 } from './contest-sim-stats';
import { DEFAULT_PROFILE_DIR, runStep, type StepOptions, type StepResult } from './contest-sim-step';
import { printReport } from './stats';

const { values } = parseArgs({
  options: {
    contestants: { type: 'string', default: '1000' },
    ramp: { type: 'string' },
    'contest-minutes': { type: 'string', default: '300' },
    'run-seconds': { type: 'string', default: '120' },
    'gap-minutes': { type: 'string', default: '12' },
    'arrive-rate': { type: 'string', default: '10' },
    problems: { type: 'string', default: '10' },
    connections: { type: 'string', default: '256' },
    'judge-workers': { type: 'string', default: '16' },
    profile: { type: 'boolean', default: false },
    'profile-dir': { type: 'string', default: DEFAULT_PROFILE_DIR },
    'server-log': { type: 'string' },
    'ramp-all': { type: 'boolean', default: false },
    identity: { type: 'boolean', default: false },
    'pg-waits': { type: 'boolean', default: false },
  },
});

function positive(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} wants a positive number, not ${text}`);
  return n;
}

const steps = (values.ramp ?? values.contestants)
  .split(',')
  .map((s) => Math.round(positive(values.ramp ? 'ramp' : 'contestants', s.trim())));
const contestMinutes = positive('contest-minutes', values['contest-minutes']);
const runSeconds = positive('run-seconds', values['run-seconds']);
const gapMinutes = positive('gap-minutes', values['gap-minutes']);
const problems = Math.round(positive('problems', values.problems));
if (problems > 26) throw new Error('--problems: at most 26 (display ids A to Z)');
const compression = (contestMinutes * 60) / runSeconds;
// The contest's burst limit must let the compressed schedule through: its shortest gap between two
// submissions (half the mean) in real seconds. The setting is the contest's own (submitRefillSeconds,
// docs/security.md), never a change to the server.
const shortestGapSeconds = (0.5 * gapMinutes * 60) / compression;
const submitRefillSeconds = Math.min(
  CONTEST_GUARDS.submitRefillSeconds.default,
  Math.max(CONTEST_GUARDS.submitRefillSeconds.min, Math.floor(shortestGapSeconds)),
);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const base: Omit<StepOptions, 'contestants'> = {
  problems,
  contestMinutes,
  runSeconds,
  gapMinutes,
  arriveRate: positive('arrive-rate', values['arrive-rate']),
  connections: Math.round(positive('connections', values.connections)),
  judgeWorkers: Math.round(positive('judge-workers', values['judge-workers'])),
  submitBurst: CONTEST_GUARDS.submitBurst.default,
  submitRefillSeconds,
  profileDir: values.profile ? (values['profile-dir'] ?? DEFAULT_PROFILE_DIR) : null,
  serverLog: values['server-log'] ?? null,
  identity: values.identity ?? false,
  pgWaits: values['pg-waits'] ?? false,
};

const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `Verdict contest simulation — ${new Date().toISOString()} — ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, CPU pressure ${cpuPressureAvg60() || 'unknown'} (PSI some, avg60) — ${database}`,
);
out(
  `Time compression (simulator only, never the server): ${contestMinutes} contest minutes of submissions in ${runSeconds} s (${compression.toFixed(0)}×); ` +
    `one submission every ${gapMinutes} contest minutes on average (${((gapMinutes * 60) / compression).toFixed(1)} s real). ` +
    `Request intervals stay real: board ${POLL.scoreboardMs / 1000} s, announcements ${POLL.contestAnnouncementsMs / 1000} s, ` +
    `clarifications ${CLARIFICATION_LIMITS.pollMs / 1000} s, unread ${POLL.unreadMessagesMs / 1000} s, submission poll ${POLL.submissionStatusMs / 1000} s (a waiting one after half its estimated wait, up to ${POLL.submissionStatusMaxMs / 1000} s).`,
);
out(
  'Judging: the server runs no judge workers; a stand-in judge speaks the remote-judge protocol and reports each ' +
    'verdict at once. This measures the API and its judge protocol, not compiling or running.',
);
out(
  `Contest burst limit (its submitBurst / submitRefillSeconds settings): ${base.submitBurst} at once, then one every ` +
    `${submitRefillSeconds} s${submitRefillSeconds < CONTEST_GUARDS.submitRefillSeconds.default ? ` (default ${CONTEST_GUARDS.submitRefillSeconds.default} s; the compressed schedule's shortest gap is ${shortestGapSeconds.toFixed(1)} s)` : ''}. ` +
    `Server: TRUST_PROXY=127.0.0.1, one X-Forwarded-For address per contestant, JUDGE_WORKERS=0, request log at info; answers asked for ${base.identity ? 'uncompressed (--identity)' : 'compressed, as a browser asks'}.`,
);

const results: StepResult[] = [];
const skipped: number[] = [];
for (const contestants of steps) {
  // past the breaking point a step only takes time: the point is found
  if (!values['ramp-all'] && results.some(broke)) {
    skipped.push(contestants);
    continue;
  }
  const started = performance.now();
  const result = await runStep({ ...base, contestants });
  results.push(result);
  out(
    `\n— N = ${contestants}: seeded in ${result.seedSeconds.toFixed(1)} s, ran ${((performance.now() - started) / 1000).toFixed(0)} s in all; load now ${loadavg()[0].toFixed(2)}, CPU pressure ${cpuPressureAvg60() || 'unknown'}`,
  );
  for (const report of stepReports(result, database)) printReport(report);
  if (base.profileDir) {
    const file = mainThreadProfile(base.profileDir, result.serverPid);
    if (file) printReport(summariseProfile(file));
  }
  if (base.serverLog) printReport(summariseServerLog(base.serverLog));
  if (result.pgWaits) printReport(result.pgWaits);
}
printReport(rampReport(results, database, skipped));
