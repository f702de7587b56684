import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { PROFILE } from '../constants/profile';
import { hasDirectionControls } from '../lib/text-direction';
import { M as AUTH, emailSchema, registerCodeSchema, strongPasswordSchema } from './forms';

/**
 * User home and account settings. Messages are i18n keys (locales/*.json, section
 * `profile.validation`): the settings page and the server say the same words.
 */
export const PROFILE_MESSAGES = {
  nicknameMax: 'profile.validation.nicknameMax',
  realnameMax: 'profile.validation.realnameMax',
  nameChars: 'profile.validation.nameChars',
  schoolMax: 'profile.validation.schoolMax',
  signatureMax: 'profile.validation.signatureMax',
  linkMax: 'profile.validation.linkMax',
  linkFormat: 'profile.validation.linkFormat',
  genderInvalid: 'profile.validation.genderInvalid',
  oldPasswordRequired: 'profile.validation.oldPasswordRequired',
  newPasswordSame: 'profile.validation.newPasswordSame',
  userRequired: 'profile.validation.userRequired',
  timeZoneInvalid: 'profile.validation.timeZoneInvalid',
} as const;
const M = PROFILE_MESSAGES;

/** Blank clears the field (null); a field left out stays as it is. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** A name shown beside the site's own words: as optionalText, without direction controls. */
const optionalName = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => !hasDirectionControls(v), M.nameChars)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** Only http(s) links: the user home shows them as links (no javascript: or data: URLs). */
const optionalLink = z
  .string()
  .trim()
  .max(PROFILE.linkMaxLength, M.linkMax)
  .refine((v) => v === '' || isHttpUrl(v), M.linkFormat)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const optionalGender = z
  .union([z.literal(''), z.enum(PROFILE.genders)], { error: M.genderInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/**
 * POST /api/change-userInfo: what may change. HOJ clients send the whole UserInfoVO; its other
 * fields (uid, username, email, roleList ...) are dropped and never change here.
 */
export const userInfoUpdateSchema = z.object({
  nickname: optionalName(PROFILE.nicknameMaxLength, M.nicknameMax),
  school: optionalText(PROFILE.schoolMaxLength, M.schoolMax),
  signature: optionalText(PROFILE.signatureMaxLength, M.signatureMax),
  realname: optionalName(PROFILE.realnameMaxLength, M.realnameMax),
  gender: optionalGender,
  github: optionalLink,
  blog: optionalLink,
});
export type UserInfoUpdateBody = z.input<typeof userInfoUpdateSchema>;
export type UserInfoUpdate = z.output<typeof userInfoUpdateSchema>;

/** POST /api/change-password */
export const changePasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: M.oldPasswordRequired })
      .trim()
      .min(1, M.oldPasswordRequired)
      .max(LIMITS.passwordMaxLength, AUTH.passwordLength),
    newPassword: strongPasswordSchema,
  })
  .refine((f) => f.oldPassword !== f.newPassword, { message: M.newPasswordSame, path: ['newPassword'] });
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

/** The settings form: the body plus the new password again, which is never sent. */
export const changePasswordFormSchema = changePasswordSchema
  .safeExtend({
    newPasswordAgain: z.string({ error: AUTH.passwordAgainRequired }).min(1, AUTH.passwordAgainRequired),
  })
  .refine((f) => f.newPasswordAgain === f.newPassword, {
    message: AUTH.passwordMismatch,
    path: ['newPasswordAgain'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** GET /api/get-change-email-code?email= */
export const changeEmailCodeQuery = z.object({ email: emailSchema });

/** POST /api/change-email */
export const changeEmailSchema = z.object({
  password: z
    .string({ error: AUTH.passwordRequired })
    .trim()
    .min(1, AUTH.passwordRequired)
    .max(LIMITS.passwordMaxLength, AUTH.passwordLength),
  newEmail: emailSchema,
  code: registerCodeSchema,
});
export type ChangeEmailBody = z.input<typeof changeEmailSchema>;

const userKey = z.string().trim().max(64).optional();

/**
 * Which user a home page or heatmap is about: uid wins over username; with neither, the caller
 * (HOJ), and a visitor is asked for one (M.userRequired).
 */
export const userHomeQuery = z.object({ uid: userKey, username: userKey });
export type UserHomeQuery = z.input<typeof userHomeQuery>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/get-user-calendar-heatmap; timeZone (IANA, Verdict's addition) decides where days begin, UTC by default. */
export const heatmapQuery = z.object({
  uid: userKey,
  username: userKey,
  timeZone: z.string().trim().max(64).refine(isTimeZone, M.timeZoneInvalid).optional(),
});
export type HeatmapQuery = z.input<typeof heatmapQuery>;
