/** Answers of the account calls, shared by the server, the web app and tests. */

import type { z } from 'zod';
import type * as account from '../schemas/responses/account';

/** GET /api/get-register-code: `msg` non-null means the code was sent. */
export type RegisterCodeSent = z.infer<typeof account.registerCodeSent>;

/** POST /api/check-username-or-email: true where the name or address is taken. */
export type UsernameOrEmailTaken = z.infer<typeof account.usernameOrEmailTaken>;

/** GET /api/captcha */
export type CaptchaImage = z.infer<typeof account.captchaImage>;

/** GET /api/get-login-puzzle (Verdict): the solution stays on the server. */
export type LoginPuzzle = z.infer<typeof account.loginPuzzle>;

/** `data` of a refused POST /api/login (400 or 429): whether the next try needs a solved puzzle. */
export type LoginRefusal = z.infer<typeof account.loginRefusal>;

/** `data` of a 429 on get-register-code or apply-reset-password. */
export type RetryLater = z.infer<typeof account.retryLater>;
