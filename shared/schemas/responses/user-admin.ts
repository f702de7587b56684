import { z } from 'zod';
import { isoTime } from './common';

/** Answers of the admin console's user pages (docs/architecture.md, Contracts on the wire). */

/** HOJ's Role as the user list carries it: the role id and its name. */
export const userRole = z.object({ id: z.number(), role: z.string() });

/** HOJ UserRolesVO as its admin user list reads it (never the password). */
export const adminUser = z.object({
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  /** 0 normal, 1 banned */
  status: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
  roles: z.array(userRole),
});

/** POST /api/admin/user/insert-batch-user: how many accounts were made (HOJ's client reads only msg). */
export const importedUsers = z.object({ created: z.number() });

/** POST /api/admin/user/generate-user: the key of the download (GET /api/file/generate-user-excel). */
export const generatedUsers = z.object({ key: z.string(), created: z.number() });
