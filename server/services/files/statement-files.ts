/**
 * Images and files in Markdown statements (HOJ: POST /api/file/upload-md-img, upload-md-file, GET
 * delete-md-img; docs/security.md, Statement images and files). Root, admins and problem admins
 * upload; an image must be PNG, JPEG, GIF or WebP by its bytes and is served as avatars are (listed
 * in `public_image`, under /api/public/img/); a file may be anything and is only ever served as a
 * download. The bytes go to the content-addressed file store; the server makes every served name.
 */
import type { UploadedStatementFile } from '../../../shared/api/statement-file-types';
import type { AvatarMime } from '../../../shared/constants/profile';
import { STATEMENT_FILES } from '../../../shared/constants/statement-files';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser, isRootUser } from '../authz';
import { nowIso } from '../clock';
import { badRequest, forbidden, notFound } from '../errors';
import { publicImagePath } from '../profile/avatar';
import { takeAdminQuota } from '../site/admin-quota';
import { cleanOriginalName, FILE_NAME, newFileName } from './statement-file-names';
import { looksLikeSvg, sniffStatementImage } from './statement-image-type';
import type { FileStore } from './store';

interface Deps {
  db: Db;
  files: FileStore;
}

export interface StatementUpload {
  /** the name the client gave; kept as text only */
  filename: string;
  data: Buffer;
}

export const imageTooLarge = () =>
  badRequest('statementFile.imageTooLarge', { mb: STATEMENT_FILES.imageMaxBytes / 1024 / 1024 });
export const fileTooLarge = () =>
  badRequest('statementFile.fileTooLarge', { mb: STATEMENT_FILES.fileMaxBytes / 1024 / 1024 });

/**
 * Who may upload (the admin roles that edit problems and contests) and how often: checked before
 * the body is read, so a refused caller costs no bytes; every attempt counts against the quota.
 */
export async function assertCanUploadStatementFile(db: Db, user: CurrentUser): Promise<void> {
  if (!isAdminUser(user)) throw forbidden('statementFile.adminOnly');
  await takeAdminQuota(db, 'statement-upload', user, STATEMENT_FILES.uploads);
}

/** upload-md-img: `{link, fileId}`, the link being /api/public/img/<sha256>.<ext>. */
export async function saveStatementImage(
  deps: Deps,
  user: CurrentUser,
  upload: StatementUpload,
): Promise<UploadedStatementFile> {
  const { data } = upload;
  if (data.length === 0) throw badRequest('statementFile.imageRequired');
  if (data.length > STATEMENT_FILES.imageMaxBytes) throw imageTooLarge();
  const mime = await sniffStatementImage(data);
  if (!mime) throw badRequest(looksLikeSvg(data) ? 'statementFile.imageSvg' : 'statementFile.imageType');

  const { hash, size } = deps.files.put(data);
  const now = nowIso();
  // listed as a public image: the avatar route serves it; the same bytes may already be listed
  await deps.db.kysely
    .insertInto('public_image')
    .values({ hash, mime, size, uid: user.uid, gmt_create: now })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  const link = publicImagePath(hash, mime);
  const row = await deps.db.kysely
    .insertInto('statement_file')
    .values({
      kind: 'img',
      name: link.slice(STATEMENT_FILES.imagePath.length),
      hash,
      mime,
      size,
      original_name: cleanOriginalName(upload.filename, 'image'),
      uid: user.uid,
      gmt_create: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { link, fileId: Number(row.id) };
}

/** upload-md-file: `{link, fileId}`, the link being /api/public/file/<random>[.<ext>]. */
export async function saveStatementFile(
  deps: Deps,
  user: CurrentUser,
  upload: StatementUpload,
): Promise<UploadedStatementFile> {
  const { data } = upload;
  if (data.length === 0) throw badRequest('statementFile.fileRequired');
  if (data.length > STATEMENT_FILES.fileMaxBytes) throw fileTooLarge();
  const originalName = cleanOriginalName(upload.filename, 'file');
  const name = newFileName(originalName);
  const { hash, size } = deps.files.put(data);
  const row = await deps.db.kysely
    .insertInto('statement_file')
    .values({
      kind: 'file',
      name,
      hash,
      mime: 'application/octet-stream',
      size,
      original_name: originalName,
      uid: user.uid,
      gmt_create: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { link: `${STATEMENT_FILES.filePath}${name}`, fileId: Number(row.id) };
}

/**
 * delete-md-img: by its uploader or root (HOJ lets any problem admin; a statement's images are
 * its author's business here). A deleted image stops being served unless the same bytes are still
 * someone's upload, avatar or carousel image; the bytes stay in the store as every unreferenced
 * blob does (docs/security.md).
 */
export async function deleteStatementFile(db: Db, user: CurrentUser, fileId: number): Promise<void> {
  if (!isAdminUser(user)) throw forbidden('statementFile.adminOnly');
  const row = await db.kysely
    .selectFrom('statement_file')
    .select(['id', 'kind', 'hash', 'mime', 'uid'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!row) throw notFound('statementFile.notFound');
  if (row.uid !== user.uid && !isRootUser(user)) throw forbidden('statementFile.notYours');
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('statement_file').where('id', '=', row.id).execute();
    if (row.kind !== 'img') return;
    // still wanted under the same address: someone's upload of the same bytes, an avatar, the carousel
    const upload = await trx
      .selectFrom('statement_file')
      .select('id')
      .where('kind', '=', 'img')
      .where('hash', '=', row.hash)
      .executeTakeFirst();
    const carousel = await trx
      .selectFrom('home_carousel')
      .select('id')
      .where('hash', '=', row.hash)
      .executeTakeFirst();
    const avatar = await trx
      .selectFrom('user_info')
      .select('uuid')
      .where('avatar', '=', publicImagePath(row.hash, row.mime as AvatarMime))
      .executeTakeFirst();
    if (!upload && !carousel && !avatar)
      await trx.deleteFrom('public_image').where('hash', '=', row.hash).execute();
  });
}

/** An attached file by its served name, with the uploader's name for the download; null if none. */
export async function readStatementFile(
  deps: Deps,
  name: string,
): Promise<{ data: Buffer; downloadName: string } | null> {
  if (!FILE_NAME.test(name)) return null;
  const row = await deps.db.kysely
    .selectFrom('statement_file')
    .select(['hash', 'original_name'])
    .where('kind', '=', 'file')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return { data: deps.files.read(row.hash), downloadName: row.original_name };
  } catch {
    return null;
  }
}
