import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text`, ignoring case, with `%`, `_` and `\` in the text matched literally:
 * the same answer on SQLite and PostgreSQL (PostgreSQL's LIKE is case-sensitive and SQLite has
 * no escape character unless one is named).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
