import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { PROFILE } from '../constants/profile';
import { Role, type RoleId } from '../constants/roles';
import { pageQuery } from './api';
import { M as AUTH, emailSchema, registerSchema, strongPasswordSchema } from './forms';
import { PROFILE_MESSAGES, userInfoUpdateSchema } from './profile';

/**
 * Users in the admin console at HOJ's paths (docs/security.md, Users in the admin console).
 * Messages are i18n keys (locales/*.json, section `userAdmin`); usernames, e-mails, real names and
 * the rest follow the rules registration and the settings page use, taken from their schemas.
 */
export const USER_ADMIN_MESSAGES = {
  uidRequired: 'userAdmin.uidRequired',
  roleInvalid: 'userAdmin.roleInvalid',
  statusInvalid: 'userAdmin.statusInvalid',
  titleNameMax: 'userAdmin.titleNameMax',
  titleColorInvalid: 'userAdmin.titleColorInvalid',
  idsRequired: 'userAdmin.idsRequired',
  batchEmpty: 'userAdmin.batchEmpty',
  batchTooMany: 'userAdmin.batchTooMany',
  rowInvalid: 'userAdmin.rowInvalid',
  numberInvalid: 'userAdmin.numberInvalid',
  generateTooMany: 'userAdmin.generateTooMany',
  passwordLengthRange: 'userAdmin.passwordLengthRange',
  generatedNameInvalid: 'userAdmin.generatedNameInvalid',
  realnamesTooMany: 'userAdmin.realnamesTooMany',
  keyInvalid: 'userAdmin.keyInvalid',
} as const;
const K = USER_ADMIN_MESSAGES;

/** The numbers of the user pages: one place for the server, the console and the tests. */
export const USER_ADMIN_LIMITS = {
  /** users in one batch import */
  batchMax: 1000,
  /** accounts in one generation (number_to - number_from + 1) */
  generateMax: 1000,
  /**
   * Passwords of imported and generated accounts. HOJ's screen offers 6-25, but the login form
   * takes at most 20 characters (LIMITS.passwordMaxLength): a longer password could never be used.
   */
  password: { min: LIMITS.passwordMinLength, max: LIMITS.passwordMaxLength },
  /** HOJ's limit on a title's name */
  titleNameMax: 20,
  /** how long generated passwords wait for their download (HOJ: 30 minutes) */
  generatedKeepSeconds: 30 * 60,
  /** names shown in a refusal before "…" */
  namesShown: 20,
  /** what one admin may repeat, per window (docs/security.md) */
  quota: {
    generate: { max: 20, windowSeconds: 600 },
    batch: { max: 20, windowSeconds: 600 },
    download: { max: 60, windowSeconds: 600 },
    /** edits and deletions */
    change: { max: 300, windowSeconds: 600 },
  },
} as const;

/** The roles HOJ's user screen offers, by id. */
export const USER_ROLE_IDS: readonly RoleId[] = Object.values(Role);

/** Registration's own rule for a username (one source of truth). */
export const usernameRule = registerSchema.shape.username;

const flag = z.union([z.boolean(), z.number().transform((v) => v !== 0)]);

const roleId = z.coerce
  .number({ error: K.roleInvalid })
  .int(K.roleInvalid)
  .refine((v) => (USER_ROLE_IDS as readonly number[]).includes(v), K.roleInvalid)
  .transform((v) => v as RoleId);

/** An e-mail that may be left blank: blank or null clears it (stored lower case, as registration). */
const optionalEmail = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  emailSchema.nullable(),
);

/** A password of an imported account: 6-20 characters, kept as typed (the login form trims). */
const importedPassword = z
  .string({ error: AUTH.passwordRequired })
  .min(1, AUTH.passwordRequired)
  .refine((p) => p.trim() === p, { message: AUTH.passwordSpaces, abort: true })
  .refine(
    (p) => p.length >= USER_ADMIN_LIMITS.password.min && p.length <= USER_ADMIN_LIMITS.password.max,
    AUTH.passwordLength,
  );

/** HOJ's gender cell: male or 0, female or 1, blank for none (the settings page's values too). */
const genderCell = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    return t === '0' ? 'male' : t === '1' ? 'female' : t;
  },
  z
    .union([z.literal(''), z.enum(PROFILE.genders)], { error: PROFILE_MESSAGES.genderInvalid })
    .transform((v) => (v === '' ? null : v))
    .nullable(),
);

/** GET /api/admin/user/get-user-list (HOJ: keyword in username, real name or e-mail; ours: role). */
export const userListQuery = pageQuery.extend({
  // paging is clamped where the page is read (server/services/paging.ts)
  keyword: z.string().trim().max(255).optional(),
  /** one role id: only users holding it */
  role: roleId.optional().catch(undefined),
  /** HOJ's newer screen: root, admins and problem admins only */
  onlyAdmin: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional()
    .catch(undefined),
});
export interface UserListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  role?: number;
  onlyAdmin?: boolean;
}

/**
 * HOJ PUT /api/admin/user/edit-user (AdminEditUserDTO). A field left out stays as it is; a blank
 * real name, e-mail or title clears it. The password counts only with `setNewPwd`, and then follows
 * the site's own rule for a new password.
 */
export const editUserBody = z
  .object({
    uid: z.string({ error: K.uidRequired }).trim().min(1, K.uidRequired).max(64, K.uidRequired),
    username: usernameRule,
    realname: userInfoUpdateSchema.shape.realname,
    email: optionalEmail.optional(),
    password: z.string().max(255).nullish(),
    setNewPwd: flag.default(false),
    type: roleId.optional(),
    status: z.coerce
      .number({ error: K.statusInvalid })
      .refine((v) => v === 0 || v === 1, K.statusInvalid)
      .optional(),
    titleName: z
      .string()
      .trim()
      .max(USER_ADMIN_LIMITS.titleNameMax, K.titleNameMax)
      .transform((v) => (v === '' ? null : v))
      .nullish(),
    titleColor: z
      .string()
      .trim()
      .refine((v) => v === '' || /^#[0-9a-fA-F]{3,8}$/.test(v), K.titleColorInvalid)
      .transform((v) => (v === '' ? null : v))
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.setNewPwd) return;
    const checked = strongPasswordSchema.safeParse(v.password ?? '');
    const issue = checked.error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: ['password'] });
  });
export type EditUserForm = z.input<typeof editUserBody>;
export type EditUserParams = z.output<typeof editUserBody>;

/** HOJ DELETE /api/admin/user/delete-user; ours: `force` also deletes contest submissions. */
export const deleteUsersBody = z.object({
  ids: z
    .array(z.string().trim().min(1, K.idsRequired).max(64, K.idsRequired), { error: K.idsRequired })
    .min(1, K.idsRequired)
    .max(USER_ADMIN_LIMITS.batchMax, K.batchTooMany),
  force: flag.default(false),
});
export type DeleteUsersForm = z.input<typeof deleteUsersBody>;

/**
 * One imported user, HOJ's CSV row: username, password, then optionally e-mail, real name,
 * gender, nickname and school (blank cells are left empty).
 */
const userRow = z
  .tuple(
    [
      usernameRule,
      importedPassword,
      optionalEmail.optional(),
      userInfoUpdateSchema.shape.realname,
      genderCell.optional(),
      userInfoUpdateSchema.shape.nickname,
      userInfoUpdateSchema.shape.school,
    ],
    { error: K.rowInvalid },
  )
  .transform(([username, password, email, realname, gender, nickname, school]) => ({
    username,
    password,
    email: email ?? null,
    realname: realname ?? null,
    gender: gender ?? null,
    nickname: nickname ?? null,
    school: school ?? null,
  }));
export type ImportedUser = z.output<typeof userRow>;

/** HOJ POST /api/admin/user/insert-batch-user: `users` is a list of CSV rows. */
export const insertBatchUsersBody = z.object({
  users: z
    .array(userRow, { error: K.batchEmpty })
    .min(1, K.batchEmpty)
    .max(USER_ADMIN_LIMITS.batchMax, K.batchTooMany),
});
export interface InsertBatchUsersForm {
  /** [username, password, email?, realname?, gender?, nickname?, school?] */
  users: (string | null)[][];
}

/** The username of account `n`: HOJ writes the number as it is, without padding. */
export const generatedUsername = (prefix: string, n: number, suffix: string) => `${prefix}${n}${suffix}`;

const accountNumber = z.coerce
  .number({ error: K.numberInvalid })
  .int(K.numberInvalid)
  .min(0, K.numberInvalid)
  .max(1_000_000_000, K.numberInvalid);

/**
 * HOJ POST /api/admin/user/generate-user: accounts prefix + n + suffix for n from number_from to
 * number_to, with random passwords of password_length characters; ours: `realnames`, given to the
 * accounts in order (a contest's team names).
 */
export const generateUsersBody = z
  .object({
    prefix: z.string().max(LIMITS.usernameMaxLength, K.generatedNameInvalid).default(''),
    suffix: z.string().max(LIMITS.usernameMaxLength, K.generatedNameInvalid).default(''),
    number_from: accountNumber,
    number_to: accountNumber,
    password_length: z.coerce
      .number({ error: K.passwordLengthRange })
      .int(K.passwordLengthRange)
      .min(USER_ADMIN_LIMITS.password.min, K.passwordLengthRange)
      .max(USER_ADMIN_LIMITS.password.max, K.passwordLengthRange),
    realnames: z
      .array(userInfoUpdateSchema.shape.realname)
      .max(USER_ADMIN_LIMITS.generateMax, K.realnamesTooMany)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.number_to < v.number_from) {
      ctx.addIssue({ code: 'custom', message: K.numberInvalid, path: ['number_to'] });
      return;
    }
    if (v.number_to - v.number_from + 1 > USER_ADMIN_LIMITS.generateMax) {
      ctx.addIssue({ code: 'custom', message: K.generateTooMany, path: ['number_to'] });
      return;
    }
    // the first and the longest name stand for all: only the number changes between them
    for (const n of [v.number_from, v.number_to]) {
      const name = generatedUsername(v.prefix, n, v.suffix);
      if (usernameRule.safeParse(name).data !== name) {
        ctx.addIssue({ code: 'custom', message: K.generatedNameInvalid, path: ['prefix'] });
        return;
      }
    }
    if ((v.realnames?.length ?? 0) > v.number_to - v.number_from + 1)
      ctx.addIssue({ code: 'custom', message: K.realnamesTooMany, path: ['realnames'] });
  });
export type GenerateUsersForm = z.input<typeof generateUsersBody>;
export type GenerateUsersParams = z.output<typeof generateUsersBody>;

/** GET /api/file/generate-user-excel: the key of a generation; ours: `format=csv`. */
export const generatedDownloadQuery = z.object({
  key: z.string({ error: K.keyInvalid }).regex(/^[0-9a-f]{48}$/, K.keyInvalid),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
