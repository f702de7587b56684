import type { MessageType } from '../constants/messages';
import type {
  AnnouncementCreateForm,
  AnnouncementUpdateForm,
  ExplainListQuery,
  ManualJudgeResult,
  ProblemListQuery,
  ShareSubmissionForm,
  SubmissionListQuery,
  SwitchForm,
  TestJudgeForm,
  TestJudgeResult,
  UserProblemStatusForm,
  WebConfigForm,
} from '../schemas/api';
import type {
  ApplyResetPasswordBody,
  CheckUsernameOrEmailBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SubmitForm,
} from '../schemas/forms';
import type { NoticeCreateForm, NoticeListQuery, NoticeUpdateForm } from '../schemas/messages';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  HeatmapQuery,
  UserHomeQuery,
  UserInfoUpdateBody,
} from '../schemas/profile';
import type { CaptchaImage, LoginPuzzle, RegisterCodeSent, UsernameOrEmailTaken } from './account-types';
import { createClarificationEndpoints } from './clarification-endpoints';
import type { ApiClient } from './client';
import { createCommentEndpoints } from './comment-endpoints';
import { createContestEndpoints } from './contest-endpoints';
import { createContestOpsEndpoints } from './contest-ops-endpoints';
import { createDiscussionEndpoints } from './discussion-endpoints';
import { createEventFeedEndpoints } from './event-feed-endpoints';
import { createGroupContentEndpoints } from './group-content-endpoints';
import { createGroupEndpoints } from './group-endpoints';
import { createGroupProblemEndpoints } from './group-problem-endpoints';
import { createHomeEndpoints } from './home-endpoints';
import { createProblemExtraEndpoints } from './problem-extra-endpoints';
import type { CalendarHeatmap, ChangeAccountResult, UserHome } from './profile-types';
import { createRankEndpoints } from './rank-endpoints';
import { createScrollBoardEndpoints } from './scroll-board-endpoints';
import { createTrainingEndpoints } from './training-endpoints';
import type {
  AdminSysNotice,
  AllCaseResult,
  Announcement,
  AuthInfo,
  Discussion,
  Language,
  LastAcCode,
  Page,
  ProblemAnnexFile,
  ProblemDetail,
  ProblemListItem,
  SiteSwitches,
  Submission,
  SubmissionDetail,
  SubmissionListItem,
  SysMsg,
  TagGroup,
  UnreadCounts,
  UserInfo,
  UserMsg,
  UserProblemStatus,
  WebConfigAdmin,
  WebsiteConfig,
  WrongCaseInfo,
} from './types';
import { createVirtualEndpoints } from './virtual-endpoints';

/** The HOJ endpoints Verdict speaks, typed once for web, extension and tests. */
export function createEndpoints(client: ApiClient) {
  return {
    ...createContestEndpoints(client),
    ...createEventFeedEndpoints(client),
    ...createScrollBoardEndpoints(client),
    ...createContestOpsEndpoints(client),
    ...createClarificationEndpoints(client),
    ...createVirtualEndpoints(client),
    ...createCommentEndpoints(client),
    ...createDiscussionEndpoints(client),
    ...createRankEndpoints(client),
    ...createHomeEndpoints(client),
    ...createProblemExtraEndpoints(client),
    ...createTrainingEndpoints(client),
    ...createGroupProblemEndpoints(client),
    ...createGroupEndpoints(client),
    ...createGroupContentEndpoints(client),
    getWebsiteConfig: () => client.request<WebsiteConfig>('GET', '/api/get-website-config'),
    /** returns the token from the Authorization response header and the user info */
    login: async (form: LoginBody) => {
      const res = await client.requestRaw<UserInfo>('POST', '/api/login', { body: form, anonymous: true });
      return { token: res.headers.get('Authorization') ?? '', userInfo: res.data };
    },
    /** `token`: the login to end, when the caller has already forgotten it (default: the stored one) */
    logout: (token?: string | null) =>
      client.request<null>('GET', '/api/logout', token === undefined ? {} : { token }),
    getUserAuthInfo: () => client.request<AuthInfo>('GET', '/api/get-user-auth-info'),
    getLanguages: (query: { pid?: number; all?: boolean } = { all: true }) =>
      client.request<Language[]>('GET', '/api/languages', { query }),
    getProblemList: (query: ProblemListQuery) =>
      client.request<Page<ProblemListItem>>('GET', '/api/get-problem-list', { query: { ...query } }),
    getProblemDetail: (problemId: string, gid?: number) =>
      client.request<ProblemDetail>('GET', '/api/get-problem-detail', { query: { problemId, gid } }),
    /* ---- problem list and problem page ---- */
    getProblemTagsAndClassification: (oj?: string) =>
      client.request<TagGroup[]>('GET', '/api/get-problem-tags-and-classification', { query: { oj } }),
    /** keyed by numeric problem id; needs a login */
    getUserProblemStatus: (body: UserProblemStatusForm) =>
      client.request<Record<string, UserProblemStatus>>('POST', '/api/get-user-problem-status', { body }),
    getExplainList: (query: ExplainListQuery) =>
      client.request<Page<Discussion>>('GET', '/api/get-Explain-list', { query: { ...query } }),
    getProblemAnnexList: (problemId: string, gid?: number) =>
      client.request<ProblemAnnexFile[]>('GET', '/api/get-problem-annex-list', { query: { problemId, gid } }),
    submitProblemJudge: (form: SubmitForm) =>
      client.request<Submission>('POST', '/api/submit-problem-judge', { body: form }),
    getSubmissionDetail: (submitId: number) =>
      client.request<SubmissionDetail>('GET', '/api/get-submission-detail', { query: { submitId } }),
    getAllCaseResult: (submitId: number) =>
      client.request<AllCaseResult | null>('GET', '/api/get-all-case-result', { query: { submitId } }),
    getSubmissionList: (query: SubmissionListQuery) =>
      client.request<Page<SubmissionListItem>>('GET', '/api/get-submission-list', { query: { ...query } }),
    checkSubmissionsStatus: (submitIds: number[], cid = 0) =>
      client.request<Record<string, SubmissionListItem>>('POST', '/api/check-submissions-status', {
        body: { submitIds, cid },
      }),
    getUnreadCounts: () => client.request<UnreadCounts>('GET', '/api/msg/unread'),
    /** returns the key to poll with getTestJudgeResult ("TEST_JUDGE_<32 hex>") */
    submitProblemTestJudge: (form: TestJudgeForm) =>
      client.request<string>('POST', '/api/submit-problem-test-judge', { body: form }),
    getTestJudgeResult: (testJudgeKey: string) =>
      client.request<TestJudgeResult>('GET', '/api/get-test-judge-result', { query: { testJudgeKey } }),
    resubmit: (submitId: number) =>
      client.request<Submission>('GET', '/api/resubmit', { query: { submitId } }),
    adminRejudge: (submitId: number) =>
      client.request<Submission>('GET', '/api/admin/judge/rejudge', {
        query: { submitId },
        urlType: 'admin',
      }),
    adminManualJudge: (query: { submitId: number; status: number; score?: number | null }) =>
      client.request<ManualJudgeResult>('GET', '/api/admin/judge/manual-judge', { query, urlType: 'admin' }),
    adminCancelJudge: (submitId: number) =>
      client.request<Submission>('GET', '/api/admin/judge/cancel-judge', {
        query: { submitId },
        urlType: 'admin',
      }),
    /* ---- editor and submission extras ---- */
    getLastAcCode: (pid: number, cid = 0) =>
      client.request<LastAcCode>('GET', '/api/get-last-ac-code', { query: { pid, cid } }),
    /** resolves with the message ('Shared successfully' / 'Cancel Sharing Successfully') */
    updateSubmissionShare: async (body: ShareSubmissionForm) =>
      (await client.requestRaw<null>('PUT', '/api/submission', { body })).msg,
    getWrongCaseInfo: (submitId: number) =>
      client.request<WrongCaseInfo>('GET', '/api/get-wrong-case-info', { query: { submitId } }),
    /* ---- accounts ---- */
    /** mails a 6-digit code; data.msg says where it went */
    getRegisterCode: (email: string) =>
      client.request<RegisterCodeSent>('GET', '/api/get-register-code', {
        query: { email },
        anonymous: true,
      }),
    checkUsernameOrEmail: (body: CheckUsernameOrEmailBody) =>
      client.request<UsernameOrEmailTaken>('POST', '/api/check-username-or-email', { body, anonymous: true }),
    /** resolves with the success message */
    register: async (body: RegisterBody) =>
      (await client.requestRaw<null>('POST', '/api/register', { body, anonymous: true })).msg,
    getCaptcha: () => client.request<CaptchaImage>('GET', '/api/captcha', { anonymous: true }),
    /** resolves with the success message (where the link went) */
    applyResetPassword: async (body: ApplyResetPasswordBody) =>
      (await client.requestRaw<null>('POST', '/api/apply-reset-password', { body, anonymous: true })).msg,
    resetPassword: async (body: ResetPasswordBody) =>
      (await client.requestRaw<null>('POST', '/api/reset-password', { body, anonymous: true })).msg,
    /** the slide puzzle a login needs after 5 failures (a refused login says data.needPuzzle) */
    getLoginPuzzle: () => client.request<LoginPuzzle>('GET', '/api/get-login-puzzle', { anonymous: true }),
    /* ---- user home and account settings ---- */
    getUserHomeInfo: (query: UserHomeQuery) =>
      client.request<UserHome>('GET', '/api/get-user-home-info', { query: { ...query } }),
    getUserCalendarHeatmap: (query: HeatmapQuery) =>
      client.request<CalendarHeatmap>('GET', '/api/get-user-calendar-heatmap', { query: { ...query } }),
    /** the new user info; username, e-mail and roles never change here */
    changeUserInfo: (body: UserInfoUpdateBody) =>
      client.requestRaw<UserInfo>('POST', '/api/change-userInfo', { body }),
    /** every token of the user dies on success: log in again */
    changePassword: (body: ChangePasswordBody) =>
      client.request<ChangeAccountResult>('POST', '/api/change-password', { body }),
    getChangeEmailCode: (email: string) =>
      client.request<RegisterCodeSent>('GET', '/api/get-change-email-code', { query: { email } }),
    changeEmail: (body: ChangeEmailBody) =>
      client.request<ChangeAccountResult>('POST', '/api/change-email', { body }),
    /** multipart field `image`; the new user info */
    uploadAvatar: (image: Blob, filename = 'avatar') => {
      const form = new FormData();
      form.append('image', image, filename);
      return client.requestRaw<UserInfo>('POST', '/api/file/upload-avatar', { body: form });
    },
    /* ---- site administration and announcements ---- */
    getCommonAnnouncement: (query: { currentPage?: number; limit?: number } = {}) =>
      client.request<Page<Announcement>>('GET', '/api/get-common-announcement', { query }),
    adminGetWebConfig: () =>
      client.request<WebConfigAdmin>('GET', '/api/admin/config/get-web-config', { urlType: 'admin' }),
    adminSetWebConfig: (body: WebConfigForm) =>
      client.request<WebConfigAdmin>('PUT', '/api/admin/config/set-web-config', { body, urlType: 'admin' }),
    adminGetSwitches: () =>
      client.request<SiteSwitches>('GET', '/api/admin/switch/info', { urlType: 'admin' }),
    adminUpdateSwitches: (body: SwitchForm) =>
      client.request<SiteSwitches>('PUT', '/api/admin/switch/update', { body, urlType: 'admin' }),
    adminListAnnouncements: (query: { currentPage?: number; limit?: number } = {}) =>
      client.request<Page<Announcement>>('GET', '/api/admin/announcement', { query, urlType: 'admin' }),
    adminAddAnnouncement: (body: AnnouncementCreateForm) =>
      client.request<Announcement>('POST', '/api/admin/announcement', { body, urlType: 'admin' }),
    adminUpdateAnnouncement: (body: AnnouncementUpdateForm) =>
      client.request<Announcement>('PUT', '/api/admin/announcement', { body, urlType: 'admin' }),
    adminDeleteAnnouncement: (aid: number) =>
      client.request<null>('DELETE', '/api/admin/announcement', { query: { aid }, urlType: 'admin' }),
    /* ---- message centre ---- */
    /** a page of comment, reply or like reminders; the page is marked read */
    getUserMessages: (
      type: 'comment' | 'reply' | 'like',
      query: { currentPage?: number; limit?: number } = {},
    ) => client.request<Page<UserMsg>>('GET', `/api/msg/${type}`, { query }),
    /** a page of sys or mine notices; the page is marked read */
    getNoticeMessages: (type: 'sys' | 'mine', query: { currentPage?: number; limit?: number } = {}) =>
      client.request<Page<SysMsg>>('GET', `/api/msg/${type}`, { query }),
    /** one of the caller's messages of that kind, or all of them without id */
    cleanMessages: (type: MessageType, id?: number) =>
      client.request<null>('DELETE', '/api/msg/clean', { query: { type, id } }),
    adminListNotices: (query: NoticeListQuery = {}) =>
      client.request<Page<AdminSysNotice>>('GET', '/api/admin/msg/notice', {
        query: { ...query },
        urlType: 'admin',
      }),
    adminAddNotice: (body: NoticeCreateForm) =>
      client.request<AdminSysNotice>('POST', '/api/admin/msg/notice', { body, urlType: 'admin' }),
    adminUpdateNotice: (body: NoticeUpdateForm) =>
      client.request<AdminSysNotice>('PUT', '/api/admin/msg/notice', { body, urlType: 'admin' }),
    adminDeleteNotice: (id: number) =>
      client.request<null>('DELETE', '/api/admin/msg/notice', { query: { id }, urlType: 'admin' }),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
export type { ProblemListQuery, SubmissionListQuery };
