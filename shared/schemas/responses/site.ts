import { z } from 'zod';
import { isoTime } from './common';

/** Answers about the site: its settings, announcements and message boxes (docs/architecture.md, Contracts on the wire). */

/** HOJ AnnouncementVO (site announcements; status 0 visible, 1 hidden). */
export const announcement = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  /** `content` rendered and sanitised on the server (not in HOJ: its clients ignore it) */
  contentHtml: z.string().optional(),
  uid: z.string(),
  username: z.string(),
  status: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});
