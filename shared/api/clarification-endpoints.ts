import type {
  AnswerClarificationForm,
  AskClarificationForm,
  ClarificationListQuery,
  ClarificationQueueQuery,
  SendClarificationForm,
} from '../schemas/clarifications';
import type {
  ClarificationQueueItem,
  ClarificationUnread,
  ContestClarification,
} from './clarification-types';
import type { ApiClient } from './client';
import type { Page } from './types';

/** The paths of the clarification calls (HOJ has none; named as its contest calls are). */
export const CLARIFICATION_PATHS = {
  list: '/api/get-contest-clarifications',
  unread: '/api/get-contest-clarification-unread',
  ask: '/api/contest-clarification',
  queue: '/api/admin/contest/clarification',
  send: '/api/admin/contest/clarification',
  answer: '/api/admin/contest/clarification/answer',
} as const;

/** Contest clarifications: participants ask and read; the contest's admins answer and send. */
export function createClarificationEndpoints(client: ApiClient) {
  const admin = 'admin' as const;
  const P = CLARIFICATION_PATHS;
  return {
    /** the caller's clarifications, newest first; the answers on the page are marked read */
    getContestClarifications: (query: ClarificationListQuery) =>
      client.request<Page<ContestClarification>>('GET', P.list, { query: { ...query } }),
    /** the unread count (nothing is marked read) */
    getContestClarificationUnread: (cid: number) =>
      client.request<ClarificationUnread>('GET', P.unread, { query: { cid } }),
    askContestClarification: (body: AskClarificationForm) =>
      client.request<ContestClarification>('POST', P.ask, { body }),
    adminGetClarificationQueue: (query: ClarificationQueueQuery) =>
      client.request<Page<ClarificationQueueItem>>('GET', P.queue, { query: { ...query }, urlType: admin }),
    adminSendClarification: (body: SendClarificationForm) =>
      client.request<ContestClarification>('POST', P.send, { body, urlType: admin }),
    adminAnswerClarification: (body: AnswerClarificationForm) =>
      client.request<ClarificationQueueItem>('POST', P.answer, { body, urlType: admin }),
  };
}
