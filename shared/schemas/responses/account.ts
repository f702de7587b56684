import { z } from 'zod';

/** Answers about who is logged in (docs/architecture.md, Contracts on the wire). */

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
