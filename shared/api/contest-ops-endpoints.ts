import type {
  CheckAcInfoForm,
  ContestAnnouncementCreateForm,
  ContestAnnouncementListQuery,
  ContestAnnouncementUpdateForm,
  ContestHomeQuery,
  ContestPageQuery,
  NotReadAnnouncementForm,
  RejudgeContestProblemQuery,
  SubmitPrintForm,
} from '../schemas/contest-ops';
import type { ApiClient } from './client';
import type { ContestAcInfo, ContestAnnouncement, ContestHome, ContestPrintItem } from './contest-ops-types';
import type { Page } from './types';

/** Contest announcements, prints, balloons, problem rejudge and the landing page. */
export function createContestOpsEndpoints(client: ApiClient) {
  const admin = 'admin' as const;
  return {
    getContestAnnouncements: (query: ContestAnnouncementListQuery) =>
      client.request<Page<ContestAnnouncement>>('GET', '/api/get-contest-announcement', {
        query: { ...query },
      }),
    getContestNotReadAnnouncements: (body: NotReadAnnouncementForm) =>
      client.request<ContestAnnouncement[]>('POST', '/api/get-contest-not-read-announcement', { body }),
    adminListContestAnnouncements: (query: ContestAnnouncementListQuery) =>
      client.request<Page<ContestAnnouncement>>('GET', '/api/admin/contest/announcement', {
        query: { ...query },
        urlType: admin,
      }),
    adminAddContestAnnouncement: (body: ContestAnnouncementCreateForm) =>
      client.request<ContestAnnouncement>('POST', '/api/admin/contest/announcement', {
        body,
        urlType: admin,
      }),
    adminUpdateContestAnnouncement: (body: ContestAnnouncementUpdateForm) =>
      client.request<ContestAnnouncement>('PUT', '/api/admin/contest/announcement', { body, urlType: admin }),
    adminDeleteContestAnnouncement: (aid: number, cid?: number) =>
      client.request<null>('DELETE', '/api/admin/contest/announcement', {
        query: { aid, cid },
        urlType: admin,
      }),
    /** resolves with the success message */
    submitPrintText: async (body: SubmitPrintForm) =>
      (await client.requestRaw<null>('POST', '/api/submit-print-text', { body })).msg,
    getContestPrints: (query: ContestPageQuery) =>
      client.request<Page<ContestPrintItem>>('GET', '/api/get-contest-print', { query: { ...query } }),
    checkContestPrintStatus: (id: number, cid: number) =>
      client.request<null>('PUT', '/api/check-contest-print-status', { query: { id, cid } }),
    /** the address of the text file (GET it with the token; a refusal answers JSON) */
    contestPrintTextPath: (id: number) => `/api/file/download-contest-print-text?id=${id}`,
    getContestAcInfo: (query: ContestPageQuery) =>
      client.request<Page<ContestAcInfo>>('GET', '/api/get-contest-ac-info', { query: { ...query } }),
    checkContestAcInfo: (body: CheckAcInfoForm) =>
      client.request<null>('PUT', '/api/check-contest-ac-info', { body }),
    /** resolves with the success message */
    adminRejudgeContestProblem: async (query: RejudgeContestProblemQuery) =>
      (
        await client.requestRaw<null>('GET', '/api/admin/judge/rejudge-contest-problem', {
          query: { ...query },
          urlType: admin,
        })
      ).msg,
    getContestHomeImg: (query: ContestHomeQuery) =>
      client.request<string | null>('GET', '/api/contest-home-img', { query: { ...query }, anonymous: true }),
    getContestHome: (query: ContestHomeQuery) =>
      client.request<ContestHome>('GET', '/api/contest-home', { query: { ...query }, anonymous: true }),
    getContestHomeId: (query: ContestHomeQuery) =>
      client.request<number>('GET', '/api/contest-home-id', { query: { ...query }, anonymous: true }),
  };
}
