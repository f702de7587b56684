import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Images and files uploaded into Markdown statements (HOJ keeps them in its `file` table, type
 * "md"; docs/security.md, Statement images and files): one row per upload, its id being HOJ's
 * `fileId`. The bytes are in the content-addressed file store; `name` is the served name the
 * server made (an image: `<sha256>.<ext>`, listed in `public_image` as avatars are; a file:
 * `<random hex>[.<ext>]`), never one a client sent. `original_name` is only shown and offered as
 * the download's name.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('statement_file');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('gmt_create', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('statement_file_name').on('statement_file').columns(['kind', 'name']).execute();
  await db.schema.createIndex('statement_file_hash').on('statement_file').column('hash').execute();
}
