import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Driver,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import { ReconnectingDriver } from './pg-reconnect';

/**
 * Lists only the tables of the connection's own schema. Kysely's PostgreSQL introspector reads
 * every schema of the database and calls pg_get_serial_sequence on each column; when another site
 * (or test server) sharing the database drops its schema meanwhile, that call fails with "schema
 * does not exist" and our migrations abort. The migrator only asks whether its own tables exist.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #full: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#full = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#full.getSchemas();
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      SELECT table_name AS name, table_schema AS schema, table_type AS type
      FROM information_schema.tables WHERE table_schema = current_schema()`.execute(this.#db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.type === 'VIEW', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/**
 * PostgreSQL as Kysely speaks it, with introspection kept to our own schema, and a query whose
 * connection PostgreSQL ended run again where that is safe (pg-reconnect.ts).
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ReconnectingDriver(super.createDriver());
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
