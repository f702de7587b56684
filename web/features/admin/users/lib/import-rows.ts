import { insertBatchUsersBody, USER_ADMIN_LIMITS } from '@/shared/schemas/user-admin';
import { parseCsv } from './csv';

/** HOJ's CSV columns, in its order: username and password, then optional ones. */
export const IMPORT_COLUMNS = [
  'username',
  'password',
  'email',
  'realname',
  'gender',
  'nickname',
  'school',
] as const;

/** Message keys of the import's own checks (locales/*.json, `admin.user.import`). */
export const IMPORT_MESSAGES = {
  repeatedUsername: 'admin.user.import.repeatedUsername',
  repeatedEmail: 'admin.user.import.repeatedEmail',
} as const;

/** One thing wrong with a row: a message key and the column it is about (an index of IMPORT_COLUMNS). */
export interface RowProblem {
  key: string;
  column?: number;
}

export interface ImportRow {
  /** the row's number in the list as the user sees it (a skipped header still counts) */
  line: number;
  /** the cells as they will be sent */
  cells: string[];
  problems: RowProblem[];
}

export interface ImportList {
  rows: ImportRow[];
  /** the first row named the columns and is not sent */
  headerSkipped: boolean;
  /** more rows than one import may hold */
  tooMany: boolean;
}

const rowSchema = insertBatchUsersBody.shape.users.element;

/** A first row such as "username,password,…" names the columns: it is not an account. */
function isHeader(cells: readonly string[]): boolean {
  return cells[0]?.trim().toLowerCase() === 'username' && cells[1]?.trim().toLowerCase() === 'password';
}

/** Trailing blank cells say nothing (the server treats a missing cell as blank); spreadsheets add them. */
function withoutTrailingBlanks(cells: readonly string[]): string[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] ?? '').trim() === '') end--;
  return cells.slice(0, end);
}

/**
 * The accounts a pasted or uploaded list would import, each checked with the server's own row
 * rule, and names or e-mails repeated within the list marked (ignoring case, as the server
 * compares them). Blank lines are left out.
 */
export function readImportList(text: string): ImportList {
  const parsed = parseCsv(text);
  const headerSkipped = parsed.length > 0 && isHeader(parsed[0] ?? []);
  const rows: ImportRow[] = [];
  parsed.forEach((raw, index) => {
    if (index === 0 && headerSkipped) return;
    const cells = withoutTrailingBlanks(raw);
    if (cells.length === 0) return;
    rows.push({ line: index + 1, cells, problems: checkRow(cells) });
  });
  markRepeats(rows, 0, IMPORT_MESSAGES.repeatedUsername);
  markRepeats(rows, 2, IMPORT_MESSAGES.repeatedEmail);
  return { rows, headerSkipped, tooMany: rows.length > USER_ADMIN_LIMITS.batchMax };
}

function checkRow(cells: readonly string[]): RowProblem[] {
  const checked = rowSchema.safeParse(cells);
  if (checked.success) return [];
  const problems: RowProblem[] = [];
  for (const issue of checked.error.issues) {
    const column = typeof issue.path[0] === 'number' ? issue.path[0] : undefined;
    // a row of more cells than the columns is one problem, not one per cell
    const problem: RowProblem =
      column !== undefined && column < IMPORT_COLUMNS.length
        ? { key: issue.message, column }
        : { key: issue.message };
    if (!problems.some((p) => p.key === problem.key && p.column === problem.column)) problems.push(problem);
  }
  return problems;
}

function markRepeats(rows: ImportRow[], column: number, key: string): void {
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row.cells[column]?.trim().toLowerCase() ?? '';
    if (!value) continue;
    if (seen.has(value)) row.problems.push({ key, column });
    seen.add(value);
  }
}

/** What the import sends: every row's cells. */
export function importBody(list: ImportList): { users: string[][] } {
  return { users: list.rows.map((r) => r.cells) };
}

export const canSend = (list: ImportList) =>
  list.rows.length > 0 && !list.tooMany && list.rows.every((r) => r.problems.length === 0);
