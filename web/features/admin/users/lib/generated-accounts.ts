import { parseCsv } from './csv';

/** One generated account as the server's CSV lists it (shown once after a generation). */
export interface GeneratedAccount {
  username: string;
  password: string;
  realname: string;
}

/** The server's CSV of a generation: a header row (username, password, realname), then one row an account. */
export function readGeneratedCsv(text: string): GeneratedAccount[] {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((c) => c.trim().toLowerCase());
  const at = (name: string, fallback: number) => (header.includes(name) ? header.indexOf(name) : fallback);
  const columns = { username: at('username', 0), password: at('password', 1), realname: at('realname', 2) };
  return rows
    .slice(header.includes('username') ? 1 : 0)
    .filter((r) => (r[columns.username] ?? '') !== '')
    .map((r) => ({
      username: r[columns.username] ?? '',
      password: r[columns.password] ?? '',
      realname: r[columns.realname] ?? '',
    }));
}
