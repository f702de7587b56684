/** The simulator's tables: one step's figures per call and load, and the ramp with its breaking point. */

import { CALLS, type CallFigures, type Phase, READS } from './contest-sim-stats';
import type { PhaseLoad, StepResult } from './contest-sim-step';
import { percentile, type Report } from './stats';

/** The product's target at N = 1,000: every read's p99 within this, and no error. */
export const TARGET_P99_MS = 100;
/** Where the ramp says it broke: a read's p99 past this, or any error. */
export const BREAK_P99_MS = 1000;

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)}`.padStart(7);
const pct = (v: number) => `${v.toFixed(0)} %`;

/** The server's CPU per answered request, and what share of the machine's time some task waited for a core. */
function loadLine(load: PhaseLoad): string {
  const perRequest = load.requests ? load.serverCpuMs / load.requests : 0;
  const pressure =
    load.cpuPressure === null
      ? ''
      : `; machine: some task waited for a core ${pct(load.cpuPressure)} of the time`;
  return `${(load.requests / load.seconds).toFixed(0)} requests/s, ${perRequest.toFixed(2)} ms of server CPU each${pressure}`;
}

function callRow(call: string, f: CallFigures): [string, string] {
  return [
    call,
    `${String(f.count).padStart(7)} ${ms(f.p50)} ${ms(f.p99)} ${ms(f.max)} ${String(f.errors).padStart(7)} ${String(f.refused).padStart(8)}`,
  ];
}

const HEADER: [string, string] = [
  'call',
  `${'count'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(7)} ${'refused'.padStart(8)}`,
];

function phaseRows(r: StepResult, phase: Phase): [string, string][] {
  return CALLS.map((c) => [c, r.recorder.figures(c, phase)] as const)
    .filter(([, f]) => f.count > 0)
    .map(([c, f]) => callRow(c, f));
}

/** The slowest read of the contest phase, by p99. */
export function worstRead(r: StepResult): { call: string; p99: number } {
  let worst = { call: '-', p99: 0 };
  for (const c of READS) {
    const f = r.recorder.figures(c, 'contest');
    if (f.count > 0 && f.p99 > worst.p99) worst = { call: c, p99: f.p99 };
  }
  return worst;
}

export function errorsOf(r: StepResult): number {
  return r.recorder.totalErrors() + r.judge.errors;
}

function targetLine(r: StepResult): string {
  const missed = READS.map((c) => [c, r.recorder.figures(c, 'contest')] as const)
    .filter(([, f]) => f.count > 0 && f.p99 > TARGET_P99_MS)
    .map(([c, f]) => `${c} p99 ${f.p99.toFixed(0)} ms`);
  const errors = errorsOf(r);
  if (!missed.length && !errors) return `met (every read p99 ≤ ${TARGET_P99_MS} ms, 0 errors)`;
  return `missed: ${[...missed, ...(errors ? [`${errors} errors`] : [])].join(', ')}`;
}

export function stepReports(r: StepResult, database: string): Report[] {
  const o = r.options;
  const j = r.judge;
  const q = (v: number[], p: number) => (v.length ? percentile(v, p) : 0);
  const errors = [...r.recorder.errorKinds, ...j.errorKinds].map(([k, n]): [string, string] => [
    'error',
    `${n} × ${k}`,
  ]);
  return [
    {
      title: `N = ${o.contestants} on ${database}: arrival (${r.arrival.seconds.toFixed(0)} s, ${o.arriveRate} logins/s)`,
      rows: [
        HEADER,
        ...phaseRows(r, 'arrival'),
        ['server CPU', `mean ${pct(r.arrival.server.mean)}, peak ${pct(r.arrival.server.peak)} of one core`],
        ['load', loadLine(r.arrival)],
        ['server RSS peak', `${r.arrival.serverRssPeakMB.toFixed(0)} MB (sampled each second)`],
        ['simulator CPU', `mean ${pct(r.arrival.simulator.mean)}, peak ${pct(r.arrival.simulator.peak)}`],
      ],
    },
    {
      title: `N = ${o.contestants} on ${database}: contest (${o.runSeconds} s = ${o.contestMinutes} contest minutes)`,
      rows: [
        HEADER,
        ...phaseRows(r, 'contest'),
        [
          'submissions',
          `${r.submissions} (${(r.submissions / o.runSeconds).toFixed(1)}/s; ${(r.submissions / o.contestants).toFixed(1)} per contestant)`,
        ],
        [
          'judge queue wait',
          `submit sent → claimed: p50 ${q(j.queueWait, 0.5).toFixed(0)} ms, p99 ${q(j.queueWait, 0.99).toFixed(0)} ms, max ${j.queueWait.reduce((a, b) => (a > b ? a : b), 0).toFixed(0)} ms (${j.queueWait.length})`,
        ],
        [
          'judge finish call',
          `p50 ${q(j.finish, 0.5).toFixed(1)} ms, p99 ${q(j.finish, 0.99).toFixed(1)} ms; ${j.judged} judged, ${j.refusedReports} refused, ${j.errors} errors`,
        ],
        ['server CPU', `mean ${pct(r.contest.server.mean)}, peak ${pct(r.contest.server.peak)} of one core`],
        ['load', loadLine(r.contest)],
        [
          'server RSS peak',
          `${r.contest.serverRssPeakMB.toFixed(0)} MB (sampled each second; the process's high-water mark ${r.contest.serverRssHwmMB.toFixed(0)} MB)`,
        ],
        ['simulator CPU', `mean ${pct(r.contest.simulator.mean)}, peak ${pct(r.contest.simulator.peak)}`],
        ['target', targetLine(r)],
        ...errors,
      ],
    },
  ];
}

/** Whether a step broke: a read's p99 past BREAK_P99_MS in the contest, or any error. */
export function broke(r: StepResult): boolean {
  return worstRead(r).p99 > BREAK_P99_MS || errorsOf(r) > 0;
}

export function rampReport(results: StepResult[], database: string, skipped: number[] = []): Report {
  const rows: [string, string][] = [
    ['N', 'worst read p99 (contest)      errors  server CPU mean/peak  RSS     simulator CPU  target'],
  ];
  for (const r of results) {
    const w = worstRead(r);
    const target = targetLine(r).startsWith('met') ? 'met' : 'missed';
    rows.push([
      String(r.options.contestants),
      `${`${w.p99.toFixed(0)} ms (${w.call})`.padEnd(28)} ${String(errorsOf(r)).padStart(6)}  ${`${pct(r.contest.server.mean)} / ${pct(r.contest.server.peak)}`.padEnd(20)}  ${`${r.contest.serverRssPeakMB.toFixed(0)} MB`.padEnd(6)}  ${pct(r.contest.simulator.mean).padEnd(13)}  ${target}`,
    ]);
  }
  const broken = results.find(broke);
  const last = results[results.length - 1]?.options.contestants ?? 0;
  const why = broken
    ? [
        ...(worstRead(broken).p99 > BREAK_P99_MS
          ? [`${worstRead(broken).call} p99 ${worstRead(broken).p99.toFixed(0)} ms`]
          : []),
        ...(errorsOf(broken) ? [`${errorsOf(broken)} errors`] : []),
      ].join(', ')
    : '';
  rows.push([
    'breaking point',
    broken
      ? `N = ${broken.options.contestants} (${why})${skipped.length ? `; not run: N = ${skipped.join(', ')} (--ramp-all runs them)` : ''}`
      : `not reached up to N = ${last} (no read's p99 past ${BREAK_P99_MS} ms, no error)`,
  ]);
  return { title: `Ramp on ${database}`, rows };
}
