import { fileTypeFromBuffer } from 'file-type';
import type { UserInfo } from '../../../shared/api/types';
import { AVATAR, type AvatarMime } from '../../../shared/constants/profile';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';
import { AppError, badRequest } from '../errors';
import type { FileStore } from '../files/store';
import { takeRateLock } from '../site/rate-lock';
import { currentUserInfo } from './account';

const EXTENSION: Record<AvatarMime, string> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/bmp': 'bmp',
  'image/webp': 'webp',
};

/** The image type told by the bytes (never by the file's name or the client's content type), or null. */
export async function detectImage(data: Buffer): Promise<AvatarMime | null> {
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime as string | undefined;
  return mime && (AVATAR.mimeTypes as readonly string[]).includes(mime) ? (mime as AvatarMime) : null;
}

/** Where a stored image is served: /api/public/img/<sha256>.<ext> */
export const publicImagePath = (hash: string, mime: AvatarMime) =>
  `${AVATAR.publicPath}${hash}.${EXTENSION[mime]}`;

export const avatarTooLarge = () =>
  badRequest('profile.server.avatarTooLarge', { mb: AVATAR.maxBytes / 1024 / 1024 });

/**
 * POST /api/file/upload-avatar: an image of at most 2 MB whose bytes are GIF, JPEG, PNG, BMP or
 * WebP goes into the content-addressed file store, is listed as a public image and becomes the
 * user's avatar. One upload per user every few seconds (each stays on disk until no row names it).
 */
export async function saveAvatar(
  deps: { db: Db; files: FileStore },
  uid: string,
  data: Buffer,
): Promise<UserInfo> {
  const { db, files } = deps;
  if (data.length === 0) throw badRequest('profile.server.avatarRequired');
  if (data.length > AVATAR.maxBytes) throw avatarTooLarge();
  const mime = await detectImage(data);
  if (!mime) throw badRequest('profile.server.avatarType');
  const wait = await takeRateLock(db, `avatar-upload:${uid}`, AVATAR.uploadIntervalSeconds);
  if (wait > 0) throw new AppError(429, 'profile.server.avatarTooFast', { seconds: wait }, { seconds: wait });

  const { hash, size } = files.put(data);
  await db.kysely
    .insertInto('public_image')
    .values({ hash, mime, size, uid, gmt_create: nowIso() })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  await db.kysely
    .updateTable('user_info')
    .set({ avatar: publicImagePath(hash, mime), gmt_modified: nowIso() })
    .where('uuid', '=', uid)
    .execute();
  return currentUserInfo(db, uid);
}

const NAME = /^([0-9a-f]{64})\.(gif|jpg|png|bmp|webp)$/;

/**
 * A public image by its served name: only hashes listed in public_image (the file store also
 * holds test data, which must never be served), with the type detected at upload.
 */
export async function readPublicImage(
  deps: { db: Db; files: FileStore },
  name: string,
): Promise<{ mime: string; data: Buffer } | null> {
  const match = NAME.exec(name);
  if (!match?.[1]) return null;
  const row = await deps.db.kysely
    .selectFrom('public_image')
    .select(['hash', 'mime'])
    .where('hash', '=', match[1])
    .executeTakeFirst();
  if (!row || EXTENSION[row.mime as AvatarMime] !== match[2]) return null;
  try {
    return { mime: row.mime, data: deps.files.read(row.hash) };
  } catch {
    return null;
  }
}
