import { z } from 'zod';

/** Answers about who is logged in and how an account is made (docs/architecture.md, Contracts on the wire). */

export const userInfo = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  school: z.string().nullable(),
  signature: z.string().nullable(),
  realname: z.string().nullable(),
  gender: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  roleList: z.array(z.string()),
  /** HOJ's profile links (set in the account settings) */
  github: z.string().nullable().optional(),
  blog: z.string().nullable().optional(),
});

export const authInfo = z.object({ roles: z.array(z.string()), permissions: z.array(z.string()).nullable() });

/** GET /api/get-register-code (and get-change-email-code): `msg` non-null means the code was sent. */
export const registerCodeSent = z.object({
  email: z.string(),
  /** seconds the code stays valid */
  expire: z.number(),
  msg: z.string(),
});

/** POST /api/check-username-or-email: true where the name or address is taken. */
export const usernameOrEmailTaken = z.object({
  username: z.boolean(),
  email: z.boolean(),
});

/** GET /api/captcha */
export const captchaImage = z.object({
  /** data:image/svg+xml;base64,... */
  img: z.string(),
  captchaKey: z.string(),
});

/** GET /api/get-login-puzzle (Verdict): the solution stays on the server. */
export const loginPuzzle = z.object({
  puzzleKey: z.string(),
  /** data:image/png;base64: the picture with the cut-out */
  background: z.string(),
  /** data:image/png;base64: the piece, as tall as the background */
  piece: z.string(),
  width: z.number(),
  height: z.number(),
  pieceWidth: z.number(),
  /** seconds the puzzle stays valid */
  expire: z.number(),
});

/** `data` of a refused POST /api/login (400 or 429): whether the next try needs a solved puzzle. */
export const loginRefusal = z.object({
  needPuzzle: z.boolean(),
});

/** `data` of a 429 on get-register-code or apply-reset-password. */
export const retryLater = z.object({
  seconds: z.number(),
});
