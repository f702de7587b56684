export interface Report {
  title: string;
  rows: [string, string][];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function printReport(report: Report): void {
  const width = Math.max(...report.rows.map(([k]) => k.length));
  process.stdout.write(`\n${report.title}\n`);
  for (const [k, v] of report.rows) process.stdout.write(`  ${k.padEnd(width)}  ${v}\n`);
}
