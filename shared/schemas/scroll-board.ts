import { z } from 'zod';
import { queryBool } from './api';
import { dbId } from './db-int';

/** Message keys of the scroll board (locales/*.json, section `scrollBoard`). */
export const SCROLL_BOARD_MESSAGES = {
  cidRequired: 'scrollBoard.cidRequired',
  notAcm: 'scrollBoard.notAcm',
  notSealed: 'scrollBoard.notSealed',
  notEnded: 'scrollBoard.notEnded',
} as const;

const cid = dbId(SCROLL_BOARD_MESSAGES.cidRequired);

/** GET /api/get-contest-scroll-board-info */
export const scrollBoardInfoQuery = z.object({ cid });
export interface ScrollBoardInfoQuery {
  cid: number;
}

/** GET /api/get-contest-scroll-board-submission */
export const scrollBoardSubmissionQuery = z.object({ cid, removeStar: queryBool.optional() });
export interface ScrollBoardSubmissionQuery {
  cid: number;
  removeStar?: boolean;
}
