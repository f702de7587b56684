/** A contest's operations: announcements, print requests, balloons and the contest site's landing page. */

import type { z } from 'zod';
import type * as s from '../schemas/responses/contest-ops';

/** A contest's announcement (HOJ AnnouncementVO with the contest id). */
export type ContestAnnouncement = z.infer<typeof s.contestAnnouncement>;

/** A print request as the Admin Print list shows it (the text only comes with the download). */
export type ContestPrintItem = z.infer<typeof s.contestPrintItem>;

/** A first accept of a user on a problem (HOJ ContestRecord as the Admin Helper lists it). */
export type ContestAcInfo = z.infer<typeof s.contestAcInfo>;

/** The landing page of a contest site (/SHORT): the contest's public setting fields. */
export type ContestHome = z.infer<typeof s.contestHome>;
