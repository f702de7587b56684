/**
 * `--pg-waits`: what PostgreSQL's connections do during the contest phase (docs/reliability.md, What
 * dominates). `pg_stat_activity` is read every 20 ms from a connection of its own; each sample counts
 * the database's client connections by state, the active ones by what they wait for (`CPU` when
 * nothing) and by the statement they run. The report gives the mean number of connections in each.
 */
import pg from 'pg';
import type { Report } from './stats';

const EVERY_MS = 20;
const TOP = 8;

interface Row {
  state: string | null;
  wait: string | null;
  query: string;
}

/** A statement's first words, its values left out, so one kind of statement is one line. */
function statementKind(query: string): string {
  return query.replace(/\s+/g, ' ').replace(/\$\d+/g, '?').replace(/"/g, '').slice(0, 70).trim();
}

export class PgWaitSampler {
  private client: pg.Client | null = null;
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private samples = 0;
  private readonly states = new Map<string, number>();
  private readonly waits = new Map<string, number>();
  private readonly statements = new Map<string, number>();

  constructor(private readonly url: string) {}

  async start(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    this.running = true;
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    const client = this.client;
    if (!client) return;
    while (this.running) {
      const next = performance.now() + EVERY_MS;
      const { rows } = await client.query<Row>(
        `select state, wait_event_type || ':' || wait_event as wait, query
           from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      this.samples++;
      for (const r of rows) {
        bump(this.states, r.state ?? 'unknown');
        if (r.state !== 'active') continue;
        bump(this.waits, r.wait ?? 'CPU');
        bump(this.statements, statementKind(r.query));
      }
      const rest = next - performance.now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }

  async stop(): Promise<Report> {
    this.running = false;
    await this.loop;
    await this.client?.end();
    const n = Math.max(1, this.samples);
    const mean = (count: number) => (count / n).toFixed(2);
    const top = (m: Map<string, number>, label: string): [string, string][] =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([k, v]) => [`${label} ${k}`, mean(v)]);
    return {
      title: `PostgreSQL connections, mean number in each state (${this.samples} samples, every ${EVERY_MS} ms)`,
      rows: [
        ...top(this.states, 'state'),
        ...top(this.waits, 'active, waiting for'),
        ...top(this.statements, 'active, running'),
      ],
    };
  }
}

function bump(m: Map<string, number>, key: string): void {
  m.set(key, (m.get(key) ?? 0) + 1);
}
