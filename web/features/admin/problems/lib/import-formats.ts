import type { VerifyResult } from '@/shared/api/package-verify-types';
import { PACKAGE_FORMATS } from '@/shared/constants/package-formats';

export type PackageFormatEntry = (typeof PACKAGE_FORMATS)[number];

/**
 * Formats whose packages carry example submissions with expected verdicts (Kattis
 * `submissions/<verdict>/`, Polygon tagged solutions, the accepted answers of a QDUOJ export).
 */
const VERIFIABLE: ReadonlySet<string> = new Set(['kattis', 'polygon', 'qduoj']);

export const canVerify = (format: string): boolean => VERIFIABLE.has(format);

/** The entry of a format key, the first format for an unknown one. */
export function formatEntry(format: string): PackageFormatEntry {
  return PACKAGE_FORMATS.find((f) => f.format === format) ?? (PACKAGE_FORMATS[0] as PackageFormatEntry);
}

/** A format's name and hint keys (locales/console, admin.problemImport.formats). */
export const formatKeys = (format: string) => ({
  name: `admin.problemImport.formats.${format}.name`,
  hint: `admin.problemImport.formats.${format}.hint`,
});

/** `.zip,.kpp` as people read it: `.zip, .kpp`. */
export const readableAccept = (accept: string): string =>
  accept
    .split(',')
    .map((a) => a.trim())
    .join(', ');

/** How many results are in each state, and the total. */
export function countResults(results: readonly VerifyResult[]) {
  const counts = { ok: 0, mismatch: 0, skipped: 0, total: results.length };
  for (const r of results) counts[r.state]++;
  return counts;
}
