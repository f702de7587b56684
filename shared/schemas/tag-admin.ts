import { z } from 'zod';
import { TAG_CLASSIFICATION_TYPES } from '../constants/problems';
import { dbId } from './db-int';

/** Message keys of the tag pages of the admin console (locales/*.json, section `tagAdmin`). */
export const TAG_ADMIN_MESSAGES = {
  nameRequired: 'tagAdmin.nameRequired',
  colorInvalid: 'tagAdmin.colorInvalid',
  classificationNameRequired: 'tagAdmin.classificationNameRequired',
  classificationTypeInvalid: 'tagAdmin.classificationTypeInvalid',
} as const;
const K = TAG_ADMIN_MESSAGES;

const id = dbId();
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, K.colorInvalid)
  .nullish();

/** HOJ POST /api/admin/tag (PUT adds `id`): a tag with its colour and classification. */
export const tagBody = z.object({
  id: id.optional(),
  name: z.string({ error: K.nameRequired }).trim().min(1, K.nameRequired).max(64, K.nameRequired),
  color,
  tcid: id.nullish(),
  oj: z.string().optional(),
});
export type TagForm = z.input<typeof tagBody>;
export type TagParams = z.output<typeof tagBody>;

export const tagIdQuery = z.object({ tid: id });

/** HOJ POST /api/admin/tag/classification (PUT adds `id`). */
export const classificationBody = z.object({
  id: id.optional(),
  name: z
    .string({ error: K.classificationNameRequired })
    .trim()
    .min(1, K.classificationNameRequired)
    .max(64, K.classificationNameRequired),
  type: z.coerce
    .number({ error: K.classificationTypeInvalid })
    .refine((v) => (TAG_CLASSIFICATION_TYPES as readonly number[]).includes(v), K.classificationTypeInvalid)
    .default(1),
  rank: z.coerce.number().int().min(0).max(10_000).default(0),
  oj: z.string().optional(),
});
export type ClassificationForm = z.input<typeof classificationBody>;
export type ClassificationParams = z.output<typeof classificationBody>;

export const classificationIdQuery = z.object({ tcid: id });
