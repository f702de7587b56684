/** Answers of HOJ's user home and account settings calls, for server, web and tests. */

import type { z } from 'zod';
import type * as profile from '../schemas/responses/profile';

/** A public problem on a user's home page. */
export type UserHomeProblem = z.infer<typeof profile.userHomeProblem>;

/** GET /api/get-user-home-info: never the e-mail or the password. */
export type UserHome = z.infer<typeof profile.userHome>;

/** One day with submissions. */
export type HeatmapDay = z.infer<typeof profile.heatmapDay>;

/** GET /api/get-user-calendar-heatmap: the last year up to endDate; days without submissions are left out. */
export type CalendarHeatmap = z.infer<typeof profile.calendarHeatmap>;

/** HOJ's ChangeAccountVO (change-password, change-email). */
export type ChangeAccountResult = z.infer<typeof profile.changeAccountResult>;

/** `data` of a refused change-password or change-email (400 wrong password, 429 locked). */
export type PasswordRefusal = z.infer<typeof profile.passwordRefusal>;
