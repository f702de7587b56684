/**
 * The simulator's figures: latencies per call (split into the arrival phase, while contestants log in,
 * and the contest phase, where the target applies), refusals and errors, and CPU and memory of the
 * server process (from /proc) and of the simulator itself.
 */
import { readFileSync } from 'node:fs';
import { percentile } from './stats';

/** Every call a contestant makes, in the order the report lists them. */
export const CALLS = [
  'login',
  'contest info',
  'contest access',
  'problem list',
  'problem',
  'submit',
  'submission poll',
  'board',
  'announcements',
  'clarifications',
  'unread',
] as const;
export type Call = (typeof CALLS)[number];

/** Calls that change nothing: the target (p99 ≤ 100 ms) and the breaking point (p99 > 1 s) are about these. */
export const READS: readonly Call[] = CALLS.filter((c) => c !== 'login' && c !== 'submit');

export type Phase = 'arrival' | 'contest';

export interface CallFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  refused: number;
}

class Samples {
  readonly ms: number[] = [];
  errors = 0;
  refused = 0;

  figures(): CallFigures {
    const ms = this.ms;
    return {
      count: ms.length + this.errors + this.refused,
      p50: ms.length ? percentile(ms, 0.5) : 0,
      p99: ms.length ? percentile(ms, 0.99) : 0,
      max: ms.reduce((a, b) => (a > b ? a : b), 0),
      errors: this.errors,
      refused: this.refused,
    };
  }
}

export class Recorder {
  private readonly samples = new Map<string, Samples>();
  /** the first few distinct error messages, with how often each came */
  readonly errorKinds = new Map<string, number>();
  phase: Phase = 'arrival';

  private of(call: Call, phase: Phase): Samples {
    const key = `${phase}:${call}`;
    let s = this.samples.get(key);
    if (!s) {
      s = new Samples();
      this.samples.set(key, s);
    }
    return s;
  }

  ok(call: Call, phase: Phase, ms: number): void {
    this.of(call, phase).ms.push(ms);
  }

  refused(call: Call, phase: Phase): void {
    this.of(call, phase).refused++;
  }

  error(call: Call, phase: Phase, message: string): void {
    this.of(call, phase).errors++;
    const kind = `${call}: ${message}`;
    if (this.errorKinds.size < 20 || this.errorKinds.has(kind)) {
      this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
    }
  }

  figures(call: Call, phase: Phase): CallFigures {
    return this.of(call, phase).figures();
  }

  /** calls answered (or failed) in a phase, all kinds together */
  totalCalls(phase: Phase): number {
    let n = 0;
    for (const c of CALLS) n += this.figures(c, phase).count;
    return n;
  }

  totalErrors(): number {
    let n = 0;
    for (const s of this.samples.values()) n += s.errors;
    return n;
  }
}

/** utime + stime of a process, in clock ticks (USER_HZ, 100 on Linux x86-64). */
function procTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name may hold spaces and parentheses: count fields after its closing one
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function procRssKB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

const TICKS_PER_SECOND = 100;

/** The kernel's own average of the last minute: % of the time some task waited for a core ('' without PSI). */
export function cpuPressureAvg60(): string {
  try {
    const m = /^some .*avg60=([\d.]+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? `${m[1]} %` : '';
  } catch {
    return '';
  }
}

/**
 * Microseconds in which some runnable task of the machine waited for a core (Linux PSI,
 * /proc/pressure/cpu "some total"); null where the kernel does not keep it. On a shared machine this
 * says how much of a latency is waiting for a core rather than work.
 */
function cpuPressureMicros(): number | null {
  try {
    const m = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export interface CpuFigures {
  /** % of one core */
  mean: number;
  peak: number;
}

/** What a ProcessSampler measured over a phase. */
export interface SampledLoad {
  server: CpuFigures;
  simulator: CpuFigures;
  serverRssPeakMB: number;
  serverRssHwmMB: number;
  /** % of the time some task of the machine waited for a core; null without PSI */
  cpuPressure: number | null;
  /** the server's CPU time in the phase, ms */
  serverCpuMs: number;
}

/** Samples the server's and the simulator's CPU every second, and the server's RSS. */
export class ProcessSampler {
  private timer: NodeJS.Timeout | null = null;
  private readonly serverPct: number[] = [];
  private readonly selfPct: number[] = [];
  private lastAt = 0;
  private lastServer = 0;
  private lastSelf = 0;
  private startAt = 0;
  private startServer = 0;
  private startSelf = 0;
  private rssPeakKB = 0;
  private startPressure: number | null = null;

  constructor(private readonly pid: number) {}

  private selfMicros(): number {
    const u = process.cpuUsage();
    return u.user + u.system;
  }

  start(): void {
    this.startAt = this.lastAt = performance.now();
    this.startServer = this.lastServer = procTicks(this.pid);
    this.startSelf = this.lastSelf = this.selfMicros();
    this.startPressure = cpuPressureMicros();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  private sample(): void {
    const now = performance.now();
    const server = procTicks(this.pid);
    const self = this.selfMicros();
    const wallMs = now - this.lastAt;
    this.serverPct.push((((server - this.lastServer) * 1000) / TICKS_PER_SECOND / wallMs) * 100);
    this.selfPct.push(((self - this.lastSelf) / 1000 / wallMs) * 100);
    this.rssPeakKB = Math.max(this.rssPeakKB, procRssKB(this.pid, 'VmRSS'));
    this.lastAt = now;
    this.lastServer = server;
    this.lastSelf = self;
  }

  /** Stops sampling; the means cover the whole span, the peaks the busiest second. */
  stop(): SampledLoad {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const wallMs = performance.now() - this.startAt;
    const serverMs = ((this.lastServer - this.startServer) * 1000) / TICKS_PER_SECOND;
    const selfMs = (this.lastSelf - this.startSelf) / 1000;
    const pressure = cpuPressureMicros();
    return {
      server: { mean: (serverMs / wallMs) * 100, peak: Math.max(0, ...this.serverPct) },
      simulator: { mean: (selfMs / wallMs) * 100, peak: Math.max(0, ...this.selfPct) },
      serverRssPeakMB: this.rssPeakKB / 1024,
      // the kernel's high-water mark over the process's life: a peak between two samples, or before
      serverRssHwmMB: procRssKB(this.pid, 'VmHWM') / 1024,
      cpuPressure:
        pressure !== null && this.startPressure !== null
          ? ((pressure - this.startPressure) / 1000 / wallMs) * 100
          : null,
      serverCpuMs: serverMs,
    };
  }
}
