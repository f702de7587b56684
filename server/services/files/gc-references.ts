/**
 * Every row that names a file of the content-addressed store (docs/operations.md, Bounded disk):
 * what the collector (gc.ts) must never remove. A new table or column that keeps a store hash, or
 * a copy of a public image's address, belongs in REFERENCES, or the collector takes its files.
 *
 * - problem_case.input_hash, output_hash: test data (judging, downloads, exports, wrong cases);
 * - statement_file.hash: images and files uploaded into statements (kind img and file);
 * - home_carousel.hash: the home page's images;
 * - testdata_upload.cases: a staged test data zip's cases (JSON with inputHash / outputHash),
 *   while the editor may still save it;
 * - addresses `/api/public/img/<sha256>.<ext>` kept in user_info.avatar, and the copies HOJ makes
 *   of an author's avatar at the time of writing: discussion.avatar, comment.from_avatar,
 *   reply.from_avatar, reply.to_avatar; and group_info.avatar, contest.background_image.
 *
 * Not a reference: public_image. It lists what may be served (so test data never is), and keeps
 * a replaced avatar's or a removed carousel image's row; a file no row above names is not wanted.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

const SHA256 = /[0-9a-f]{64}/g;

/** A column whose values are bare hashes. */
interface HashColumn {
  kind: 'hash';
  table: 'problem_case' | 'statement_file' | 'home_carousel';
  column: 'input_hash' | 'output_hash' | 'hash';
}

/** A column whose values are addresses (or text) that may carry a public image's hash. */
interface AddressColumn {
  kind: 'address';
  table: keyof Database;
  column: string;
}

type Reference = HashColumn | AddressColumn;

export const REFERENCES: readonly Reference[] = [
  { kind: 'hash', table: 'problem_case', column: 'input_hash' },
  { kind: 'hash', table: 'problem_case', column: 'output_hash' },
  { kind: 'hash', table: 'statement_file', column: 'hash' },
  { kind: 'hash', table: 'home_carousel', column: 'hash' },
  { kind: 'address', table: 'user_info', column: 'avatar' },
  { kind: 'address', table: 'group_info', column: 'avatar' },
  { kind: 'address', table: 'discussion', column: 'avatar' },
  { kind: 'address', table: 'comment', column: 'from_avatar' },
  { kind: 'address', table: 'reply', column: 'from_avatar' },
  { kind: 'address', table: 'reply', column: 'to_avatar' },
  { kind: 'address', table: 'contest', column: 'background_image' },
];

/** The hashes in a text: any 64 lowercase hex digits, so an address in any form counts. */
function hashesIn(text: string | null, into: Set<string>): void {
  if (!text) return;
  for (const match of text.matchAll(SHA256)) into.add(match[0]);
}

/**
 * Every hash the site refers to now. Read column by column (not in one transaction): the collector
 * reads them again after quarantining its candidates, which closes the gap a row written between
 * two of these reads would leave (gc.ts).
 */
export async function referencedHashes(db: Db, now: number, stagedUploadMs: number): Promise<Set<string>> {
  const found = new Set<string>();
  // Kysely's types cannot follow a table and column chosen from a list; the list above is fixed
  // and every entry exists in the schema (tests/api/files-gc.test.ts reads each one)
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, string | null>>>;
  for (const ref of REFERENCES) {
    if (ref.kind === 'hash') {
      const rows = await k.selectFrom(ref.table).select(ref.column).distinct().execute();
      for (const row of rows) {
        const value = row[ref.column];
        if (value) found.add(value);
      }
    } else {
      const rows = await k
        .selectFrom(ref.table)
        .select(ref.column)
        .distinct()
        .where(ref.column, 'is not', null)
        .execute();
      for (const row of rows) hashesIn(row[ref.column] ?? null, found);
    }
  }
  // a staged upload older than the editor accepts names nothing any more (its row goes at the
  // next upload); a younger one is read as text, so a malformed row still keeps its files
  const staged = await db.kysely
    .selectFrom('testdata_upload')
    .select('cases')
    .where('gmt_create', '>=', new Date(now - stagedUploadMs).toISOString())
    .execute();
  for (const row of staged) hashesIn(row.cases, found);
  return found;
}
