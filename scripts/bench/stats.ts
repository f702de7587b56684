export interface Report {
  title: string;
  rows: [string, string][];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value below which a fraction `q` of the values lie (nearest rank). */
export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function printReport(report: Report): void {
  const width = Math.max(...report.rows.map(([k]) => k.length));
  process.stdout.write(`\n${report.title}\n`);
  for (const [k, v] of report.rows) process.stdout.write(`  ${k.padEnd(width)}  ${v}\n`);
}
