/** Answers of the admin console's user pages, shared by the server and the web app. */
import type { z } from 'zod';
import type * as users from '../schemas/responses/user-admin';

export type AdminUser = z.infer<typeof users.adminUser>;
export type UserRoleRef = z.infer<typeof users.userRole>;
export type ImportedUsers = z.infer<typeof users.importedUsers>;
export type GeneratedUsers = z.infer<typeof users.generatedUsers>;
