import type { z } from 'zod';
import type * as discussions from '../schemas/responses/discussions';

/** HOJ Category: a discussion category. */
export type DiscussionCategory = z.infer<typeof discussions.discussionCategory>;

/** HOJ Discussion as the list sends it (`content` only to its author). */
export type DiscussionItem = z.infer<typeof discussions.discussionItem>;

/** HOJ DiscussionVO: a discussion with its rendered text, category name and the caller's like. */
export type DiscussionDetail = z.infer<typeof discussions.discussionDetail>;

/** GET /api/discussion-like: whether the caller now likes it, and its count. */
export type DiscussionLike = z.infer<typeof discussions.discussionLike>;

/** HOJ DiscussionReportVO: a report as admins see it. */
export type DiscussionReport = z.infer<typeof discussions.discussionReport>;
