import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseConnectionLost } from '../db/pg-reconnect';
import { AppError } from '../services/errors';

/** File operations that write: their EACCES or EPERM means the storage refuses writes. */
const WRITING_CALLS = new Set([
  'open',
  'write',
  'mkdir',
  'rename',
  'link',
  'unlink',
  'copyfile',
  'fsync',
  'ftruncate',
]);

/**
 * Whether an error is the storage refusing a write (DATA_DIR or the database's disk full, a
 * read-only or immutable volume), told by the codes Node, SQLite and PostgreSQL give, on the error
 * or what caused it. The file store is written before the rows that name its files, so such a
 * request leaves no row naming a missing file (tests/api/faults.test.ts), and its caller can be
 * told plainly that nothing was saved.
 */
function storageFault(error: unknown): 'server.storageFull' | 'server.storageReadOnly' | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, syscall, cause } = e as { code?: unknown; syscall?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      // ENOSPC/EDQUOT: Node; SQLITE_FULL: SQLite; 53100 disk_full: PostgreSQL
      if (['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'].includes(code)) return 'server.storageFull';
      if (code === 'EROFS' || code.startsWith('SQLITE_READONLY')) return 'server.storageReadOnly';
      if (
        (code === 'EACCES' || code === 'EPERM') &&
        typeof syscall === 'string' &&
        WRITING_CALLS.has(syscall)
      )
        return 'server.storageReadOnly';
    }
    e = cause;
  }
  return null;
}

/**
 * Every failure leaves as HOJ's envelope with the HTTP status mirroring the body status
 * (docs/architecture.md, Wire format), and a message in the caller's language. Unexpected errors
 * are logged and answered with a generic 500 that reveals nothing; a write the storage refused
 * (disk full, read-only) is logged and answered 507 with a message saying so, and a statement
 * lost with its database connection 503 with one that says it may not have been saved.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .send({ status: error.status, data: error.data, msg: request.t(error.key, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? '';
      const translated = request.t(message);
      const field = first?.instancePath?.replace(/^\//, '') ?? '';
      const msg =
        translated !== message
          ? translated
          : request.t('server.badRequest', { detail: field ? `${field}: ${message}` : message });
      return reply.code(400).send({ status: 400, data: null, msg });
    }
    const code = error.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      return reply
        .code(400)
        .send({ status: 400, data: null, msg: request.t('server.badRequest', { detail: error.message }) });
    }
    if (error instanceof DatabaseConnectionLost) {
      // a statement lost with its connection may or may not have been stored (db/pg-reconnect.ts)
      request.log.error({ err: error }, 'database connection lost');
      return reply
        .code(503)
        .send({ status: 503, data: null, msg: request.t('server.databaseConnectionLost') });
    }
    const storage = storageFault(error);
    if (storage) {
      // the operator must free space or fix the volume: said at error level, the caller told plainly
      request.log.error({ err: error }, 'storage refused a write; nothing was saved');
      return reply.code(507).send({ status: 507, data: null, msg: request.t(storage) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 500, data: null, msg: request.t('server.serverError') });
  });
});
