/**
 * Reading the fields of a HOJ `problem_<pid>.json` (hoj.ts). HOJ writes it with hutool, which
 * leaves out null fields and writes Java's Integer/Boolean as JSON numbers and booleans; packages
 * made by hand or by other tools put numbers in strings and booleans as 0/1, so those are read
 * too. A field of the wrong kind is refused with the file and the field named.
 */
import { isSafeFileName } from '../../../judge/write-sources';
import { importError } from './archive';
import type { ImportNotice } from './types';

export type Json = Record<string, unknown>;

/** Where a field is read: the JSON file (for messages) and the notices of its problem. */
export interface FieldContext {
  file: string;
  notices: ImportNotice[];
}

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const absent = (v: unknown) => v === undefined || v === null;

/** A value as the message shows it (JSON, shortened). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export const missingField = (ctx: FieldContext, field: string) =>
  importError('hoj.missingField', { file: ctx.file, field });

export const badField = (ctx: FieldContext, field: string, value: unknown) =>
  importError('hoj.badField', { file: ctx.file, field, value: shown(value) });

/** Text: absent or null is '' (hutool leaves nulls out); numbers are written as text. */
export function textOf(ctx: FieldContext, value: unknown, field: string): string {
  if (absent(value)) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw badField(ctx, field, value);
}

/** A whole number (a JSON number or a numeric string), or null when absent. */
export function integerOf(ctx: FieldContext, value: unknown, field: string): number | null {
  if (absent(value) || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n)) throw badField(ctx, field, value);
  return n;
}

/** A number that may have a fraction (scores), or null when absent. */
export function numberOf(ctx: FieldContext, value: unknown, field: string): number | null {
  if (absent(value) || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n)) throw badField(ctx, field, value);
  return n;
}

/** A positive whole number that must be there (time and memory limits). */
export function requiredPositive(ctx: FieldContext, value: unknown, field: string): number {
  const n = integerOf(ctx, value, field);
  if (n === null) throw missingField(ctx, field);
  if (n <= 0) throw badField(ctx, field, value);
  return n;
}

/** A switch: true/false, 1/0 or "true"/"false"; absent takes the default. */
export function flagOf(ctx: FieldContext, value: unknown, field: string, fallback: boolean): boolean {
  if (absent(value)) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badField(ctx, field, value);
}

/** A list of names (tags, languages): absent is empty; numbers become text. */
export function nameList(ctx: FieldContext, value: unknown, field: string): string[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) throw badField(ctx, field, value);
  return value.map((v, i) => textOf(ctx, v, `${field}[${i}]`).trim()).filter((v) => v !== '');
}

/**
 * Extra files `{name: content}`: an object, or the JSON text of one (the problem entity keeps
 * them as text). Names must be plain file names: the judge writes them into the box.
 */
export function fileMap(ctx: FieldContext, value: unknown, field: string): Record<string, string> | null {
  if (absent(value) || value === '') return null;
  let map: unknown = value;
  if (typeof value === 'string') {
    try {
      map = JSON.parse(value);
    } catch {
      throw badField(ctx, field, value);
    }
  }
  if (!isObject(map)) throw badField(ctx, field, value);
  const out: Record<string, string> = {};
  for (const [name, content] of Object.entries(map)) {
    if (!isSafeFileName(name)) throw importError('hoj.badFileName', { file: ctx.file, field, name });
    if (typeof content !== 'string') throw badField(ctx, `${field}.${name}`, content);
    out[name] = content;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Same files (the export quirk below writes the judge's files into userExtraFile). */
export function sameFiles(a: Record<string, string> | null, b: Record<string, string> | null): boolean {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
