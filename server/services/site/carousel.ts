/**
 * The home page's carousel (HOJ: /api/file/upload-carouse-img, DELETE
 * /api/admin/config/home-carousel, GET /api/home-carousel). Root uploads images, checked by their
 * bytes as avatars are (GIF, JPEG, PNG, BMP or WebP; never SVG, which can carry script); they go
 * into the content-addressed file store, are listed as public images and so are served under
 * /api/public/img/ exactly as avatars.
 */
import type { CarouselImage } from '../../../shared/api/admin-config-types';
import { SITE_ADMIN_LIMITS } from '../../../shared/constants/limits';
import type { AvatarMime } from '../../../shared/constants/profile';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canAdminSite } from '../authz';
import { nowIso } from '../clock';
import { badRequest, forbidden, notFound } from '../errors';
import type { FileStore } from '../files/store';
import { detectImage, publicImagePath } from '../profile/avatar';
import { takeAdminQuota } from './admin-quota';

/** Checked before the upload's body is read: a refused caller costs no bytes. */
export function assertCanEditCarousel(user: CurrentUser): void {
  if (!canAdminSite(user)) throw forbidden('adminConfig.rootOnly');
}

export const carouselTooLarge = () =>
  badRequest('adminConfig.carouselTooLarge', { mb: SITE_ADMIN_LIMITS.carouselImageBytes / 1024 / 1024 });

const toImage = (row: { id: number; hash: string; mime: string }): CarouselImage => ({
  id: row.id,
  url: publicImagePath(row.hash, row.mime as AvatarMime),
});

/** The carousel in upload order (HOJ's client reads id and url). */
export async function listCarousel(db: Db): Promise<CarouselImage[]> {
  const rows = await db.kysely
    .selectFrom('home_carousel')
    .select(['id', 'hash', 'mime'])
    .orderBy('id')
    .execute();
  return rows.map(toImage);
}

/**
 * Adds an image: at most 5 MB, a type told by its bytes, 20 images on the carousel at most, 30
 * uploads per 10 minutes per root (each stays on disk until no row names it: docs/operations.md,
 * Bounded disk).
 */
export async function addCarouselImage(
  deps: { db: Db; files: FileStore },
  user: CurrentUser,
  data: Buffer,
): Promise<CarouselImage> {
  assertCanEditCarousel(user);
  if (data.length === 0) throw badRequest('adminConfig.carouselImageRequired');
  if (data.length > SITE_ADMIN_LIMITS.carouselImageBytes) throw carouselTooLarge();
  const mime = await detectImage(data);
  if (!mime) throw badRequest('adminConfig.carouselImageType');
  const { db, files } = deps;
  const shown = await db.kysely
    .selectFrom('home_carousel')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(shown.n) >= SITE_ADMIN_LIMITS.carouselImages)
    throw badRequest('adminConfig.carouselTooMany', { max: SITE_ADMIN_LIMITS.carouselImages });
  await takeAdminQuota(db, 'carousel-upload', user, SITE_ADMIN_LIMITS.carouselUploads);

  const { hash, size } = files.put(data);
  const now = nowIso();
  await db.kysely
    .insertInto('public_image')
    .values({ hash, mime, size, uid: user.uid, gmt_create: now })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  const row = await db.kysely
    .insertInto('home_carousel')
    .values({ hash, mime, uid: user.uid, gmt_create: now })
    .returning(['id', 'hash', 'mime'])
    .executeTakeFirstOrThrow();
  return toImage(row);
}

/**
 * Takes an image off the carousel. Its bytes stay in the file store and its address keeps
 * working: stored by content, the same bytes may be someone's avatar too.
 */
export async function deleteCarouselImage(db: Db, user: CurrentUser, id: number): Promise<void> {
  assertCanEditCarousel(user);
  const deleted = await db.kysely.deleteFrom('home_carousel').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('adminConfig.carouselNotFound');
}
