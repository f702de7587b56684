import { z } from 'zod';
import { dbId } from './db-int';
import { emailSchema } from './forms';

/**
 * Requests of the admin console's site and judges pages at HOJ's paths (docs/security.md, Site
 * settings in the admin console). Messages are i18n keys (locales/*.json, section `adminConfig`).
 */
export const ADMIN_CONFIG_MESSAGES = {
  emailHostInvalid: 'adminConfig.emailHostInvalid',
  emailPortInvalid: 'adminConfig.emailPortInvalid',
  emailUsernameTooLong: 'adminConfig.emailUsernameTooLong',
  emailPasswordTooLong: 'adminConfig.emailPasswordTooLong',
  emailBgImgInvalid: 'adminConfig.emailBgImgInvalid',
  carouselIdInvalid: 'adminConfig.carouselIdInvalid',
} as const;
const K = ADMIN_CONFIG_MESSAGES;

/** Bounds of the mail settings; one place for the form and the server. */
export const EMAIL_CONFIG_BOUNDS = {
  hostChars: 253,
  usernameChars: 255,
  passwordChars: 255,
  bgImgChars: 1000,
} as const;

/** A host name, an IPv4 address or a (bracketed) IPv6 address: nothing that could carry a path or a scheme. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[?[0-9A-Fa-f:.]+\]?)$/;

const flag = z.union([
  z.boolean(),
  z.number().transform((v) => v !== 0),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/** Blank and null read as "none"; the server tells "none" from "not sent" (undefined). */
const blankToNull = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/**
 * PUT (HOJ) or POST /api/admin/config/set-email-config. HOJ's screen sends back the whole form it
 * read, so a field left out keeps its value. The password is never read back: left out or blank it
 * stays as it was. A blank host turns the site's own SMTP off (mail goes to files again); a blank
 * username sends without logging in, and forgets the password.
 */
export const emailConfigBody = z.object({
  emailHost: z.preprocess(
    blankToNull,
    z
      .string({ error: K.emailHostInvalid })
      .trim()
      .max(EMAIL_CONFIG_BOUNDS.hostChars, K.emailHostInvalid)
      .regex(HOST, K.emailHostInvalid)
      .nullable()
      .optional(),
  ),
  emailPort: z.coerce
    .number({ error: K.emailPortInvalid })
    .int(K.emailPortInvalid)
    .min(1, K.emailPortInvalid)
    .max(65_535, K.emailPortInvalid)
    .optional(),
  emailUsername: z.preprocess(
    blankToNull,
    z
      .string({ error: K.emailUsernameTooLong })
      .trim()
      .max(EMAIL_CONFIG_BOUNDS.usernameChars, K.emailUsernameTooLong)
      .nullable()
      .optional(),
  ),
  emailPassword: z
    .string({ error: K.emailPasswordTooLong })
    .max(EMAIL_CONFIG_BOUNDS.passwordChars, K.emailPasswordTooLong)
    .nullable()
    .optional(),
  emailSsl: flag.optional(),
  emailBGImg: z.preprocess(
    blankToNull,
    z
      .string({ error: K.emailBgImgInvalid })
      .trim()
      .max(EMAIL_CONFIG_BOUNDS.bgImgChars, K.emailBgImgInvalid)
      .regex(/^https?:\/\/\S+$/i, K.emailBgImgInvalid)
      .nullable()
      .optional(),
  ),
});
export type EmailConfigChange = z.output<typeof emailConfigBody>;
export type EmailConfigForm = z.input<typeof emailConfigBody>;

/** POST /api/admin/config/test-email: HOJ's body `{email}`. */
export const testEmailBody = z.object({ email: emailSchema });
export type TestEmailForm = z.input<typeof testEmailBody>;

/** DELETE /api/admin/config/home-carousel?id= */
export const carouselIdQuery = z.object({
  id: dbId(K.carouselIdInvalid),
});
