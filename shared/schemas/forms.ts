import { z } from 'zod';
import { ACCOUNT } from '../constants/accounts';
import { LIMITS } from '../constants/limits';
import { hasDirectionControls } from '../lib/text-direction';
import { CODE_RULE_MESSAGES, codeRuleBroken } from './code-rule';
import { dbInt } from './db-int';

/**
 * Validation rules of the forms, written once. Messages are i18n keys (locales/*.json, section
 * `validation`): the web and extension forms translate them with i18next, the server with the
 * caller's language before answering 400.
 */
export const M = {
  usernameRequired: 'validation.usernameRequired',
  usernameMax: 'validation.usernameMax',
  usernameChars: 'validation.usernameChars',
  passwordRequired: 'validation.passwordRequired',
  passwordLength: 'validation.passwordLength',
  codeEmpty: CODE_RULE_MESSAGES.empty,
  codeTooLong: CODE_RULE_MESSAGES.tooLong,
  languageRequired: 'validation.languageRequired',
  problemRequired: 'validation.problemRequired',
  emailRequired: 'validation.emailRequired',
  emailFormat: 'validation.emailFormat',
  emailExists: 'validation.emailExists',
  emailNotExist: 'validation.emailNotExist',
  usernameExists: 'validation.usernameExists',
  passwordStrength: 'validation.passwordStrength',
  passwordSpaces: 'validation.passwordSpaces',
  passwordAgainRequired: 'validation.passwordAgainRequired',
  passwordMismatch: 'validation.passwordMismatch',
  captchaRequired: 'validation.captchaRequired',
  captchaSix: 'validation.captchaSix',
  captchaLength: 'validation.captchaLength',
  resetCodeRequired: 'validation.resetCodeRequired',
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
export const codeSchema = z.string({ error: M.codeEmpty }).superRefine((code, ctx) => {
  const broken = codeRuleBroken(code);
  if (broken) ctx.addIssue({ code: 'custom', message: broken });
});

const optionalId = dbInt().nonnegative().optional().nullable();

export const submitSchema = z.object({
  pid: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1, M.problemRequired)),
  language: z.string({ error: M.languageRequired }).trim().min(1, M.languageRequired),
  code: codeSchema,
  cid: optionalId,
  tid: optionalId,
  gid: optionalId,
  isRemote: z.boolean().optional().nullable(),
  /** the answer to a GET /api/captcha image, sent when the server asked for one (data.needCaptcha) */
  captcha: z.string().max(16).optional().nullable(),
  captchaKey: z.string().max(64).optional().nullable(),
});
export type SubmitForm = z.input<typeof submitSchema>;

/* ---- Accounts: register with an e-mail code, reset password, login puzzle ---- */

const usernameField = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .max(LIMITS.usernameMaxLength, M.usernameMax)
  .refine((v) => !hasDirectionControls(v), M.usernameChars);

/** E-mail addresses are compared and kept in lower case. */
export const emailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(ACCOUNT.emailMaxLength, M.emailFormat)
  .pipe(z.email({ error: M.emailFormat }));

/**
 * 6-20 characters with at least one digit and one letter (one message for all of it). A
 * new password is kept as typed: one that starts or ends with a space is refused with its own
 * message rather than trimmed behind the user's back. The login form still trims, which changes
 * nothing for a password set here (docs/security.md).
 */
export const strongPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .refine((p) => p.trim() === p, { message: M.passwordSpaces, abort: true })
  .refine(
    (p) =>
      p.length >= LIMITS.passwordMinLength &&
      p.length <= LIMITS.passwordMaxLength &&
      /\d/.test(p) &&
      /[A-Za-z]/.test(p),
    M.passwordStrength,
  );

/** The register e-mail code: required, exactly six digits. */
export const registerCodeSchema = z
  .string({ error: M.captchaRequired })
  .trim()
  .min(1, M.captchaRequired)
  .regex(new RegExp(`^\\d{${ACCOUNT.registerCodeLength}}$`), M.captchaSix);

/** GET /api/get-register-code?email= */
export const registerCodeQuery = z.object({ email: emailSchema });

/** POST /api/register: what the server checks. */
export const registerSchema = z.object({
  username: usernameField,
  password: strongPasswordSchema,
  email: emailSchema,
  code: registerCodeSchema,
});
export type RegisterBody = z.input<typeof registerSchema>;

const passwordAgainField = z.string({ error: M.passwordAgainRequired }).min(1, M.passwordAgainRequired);

/** The register form: the body plus passwordAgain, which is never sent. */
export const registerFormSchema = registerSchema
  .extend({ passwordAgain: passwordAgainField })
  .refine((f) => f.passwordAgain === f.password, {
    message: M.passwordMismatch,
    path: ['passwordAgain'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** POST /api/check-username-or-email: either may be left out. */
export const checkUsernameOrEmailSchema = z.object({
  username: z.string().trim().max(255).optional().nullable(),
  email: z.string().trim().toLowerCase().max(255).optional().nullable(),
});
export type CheckUsernameOrEmailBody = z.input<typeof checkUsernameOrEmailSchema>;

/** The image captcha answer of the reset form: required, 1-8 characters. */
export const captchaSchema = z
  .string({ error: M.captchaRequired })
  .trim()
  .min(1, M.captchaRequired)
  .max(ACCOUNT.captchaMaxLength, M.captchaLength);

/** POST /api/apply-reset-password */
export const applyResetPasswordSchema = z.object({
  email: emailSchema,
  captcha: captchaSchema,
  captchaKey: z
    .string({ error: M.captchaRequired })
    .trim()
    .min(1, M.captchaRequired)
    .max(64, M.captchaRequired),
});
export type ApplyResetPasswordBody = z.input<typeof applyResetPasswordSchema>;

/** POST /api/reset-password: the username and code come from the mailed link. */
export const resetPasswordSchema = z.object({
  username: usernameField,
  password: strongPasswordSchema,
  code: z
    .string({ error: M.resetCodeRequired })
    .trim()
    .min(1, M.resetCodeRequired)
    .max(64, M.resetCodeRequired),
});
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ passwordAgain: passwordAgainField })
  .refine((f) => f.passwordAgain === f.password, {
    message: M.passwordMismatch,
    path: ['passwordAgain'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/**
 * POST /api/login as Verdict takes it: HOJ's username and password, plus the solved slide puzzle
 * the server asks for after 5 failures (puzzleKey from GET /api/get-login-puzzle, puzzleX the
 * piece's left edge in background pixels).
 */
export const loginBodySchema = loginSchema.extend({
  puzzleKey: z.string().trim().max(64).optional().nullable(),
  puzzleX: z.coerce.number().min(-10_000).max(10_000).optional().nullable(),
});
export type LoginBody = z.input<typeof loginBodySchema>;
