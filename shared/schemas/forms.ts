import { z } from 'zod';
import { LIMITS } from '../constants/limits';

/**
 * Validation rules of spec §5, written once. Messages are i18n keys (locales/*.json, section
 * `validation`): the web and extension forms translate them with i18next, the server with the
 * caller's language before answering 400.
 */
export const M = {
  usernameRequired: 'validation.usernameRequired',
  usernameMax: 'validation.usernameMax',
  passwordRequired: 'validation.passwordRequired',
  passwordLength: 'validation.passwordLength',
  codeEmpty: 'validation.codeEmpty',
  codeTooLong: 'validation.codeTooLong',
  languageRequired: 'validation.languageRequired',
  problemRequired: 'validation.problemRequired',
} as const;

export const loginSchema = z.object({
  username: z
    .string({ error: M.usernameRequired })
    .trim()
    .min(1, M.usernameRequired)
    .max(LIMITS.usernameMaxLength, M.usernameMax),
  password: z
    .string({ error: M.passwordRequired })
    .trim()
    .min(1, M.passwordRequired)
    .min(LIMITS.passwordMinLength, M.passwordLength)
    .max(LIMITS.passwordMaxLength, M.passwordLength),
});
export type LoginForm = z.input<typeof loginSchema>;

/** Code rules shared by submit and test run. */
export const codeSchema = z
  .string({ error: M.codeEmpty })
  .refine((code) => code.trim().length > 0, M.codeEmpty)
  .refine((code) => code.length <= LIMITS.codeMaxLength, M.codeTooLong);

const optionalId = z.coerce.number().int().nonnegative().optional().nullable();

export const submitSchema = z.object({
  pid: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1, M.problemRequired)),
  language: z.string({ error: M.languageRequired }).trim().min(1, M.languageRequired),
  code: codeSchema,
  cid: optionalId,
  tid: optionalId,
  gid: optionalId,
  isRemote: z.boolean().optional().nullable(),
  captcha: z.string().optional().nullable(),
});
export type SubmitForm = z.input<typeof submitSchema>;
