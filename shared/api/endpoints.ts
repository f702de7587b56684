import type {
  AnnouncementCreateForm,
  AnnouncementUpdateForm,
  ManualJudgeResult,
  ProblemListQuery,
  SubmissionListQuery,
  SwitchForm,
  TestJudgeForm,
  TestJudgeResult,
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
import type { CaptchaImage, LoginPuzzle, RegisterCodeSent, UsernameOrEmailTaken } from './account-types';
import type { ApiClient } from './client';
import type {
  AllCaseResult,
  Announcement,
  AuthInfo,
  Language,
  Page,
  ProblemDetail,
  ProblemListItem,
  SiteSwitches,
  Submission,
  SubmissionDetail,
  SubmissionListItem,
  UnreadCounts,
  UserInfo,
  WebConfigAdmin,
  WebsiteConfig,
} from './types';

/** The HOJ endpoints Verdict speaks, typed once for web, extension and tests. */
export function createEndpoints(client: ApiClient) {
  return {
    getWebsiteConfig: () => client.request<WebsiteConfig>('GET', '/api/get-website-config'),
    /** returns the token from the Authorization response header and the user info */
    login: async (form: LoginBody) => {
      const res = await client.requestRaw<UserInfo>('POST', '/api/login', { body: form, anonymous: true });
      return { token: res.headers.get('Authorization') ?? '', userInfo: res.data };
    },
    logout: () => client.request<null>('GET', '/api/logout'),
    getUserAuthInfo: () => client.request<AuthInfo>('GET', '/api/get-user-auth-info'),
    getLanguages: (query: { pid?: number; all?: boolean } = { all: true }) =>
      client.request<Language[]>('GET', '/api/languages', { query }),
    getProblemList: (query: ProblemListQuery) =>
      client.request<Page<ProblemListItem>>('GET', '/api/get-problem-list', { query: { ...query } }),
    getProblemDetail: (problemId: string, gid?: number) =>
      client.request<ProblemDetail>('GET', '/api/get-problem-detail', { query: { problemId, gid } }),
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
    /* ---- accounts (issue 4) ---- */
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
    /* ---- site administration and announcements (issue 4) ---- */
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
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
export type { ProblemListQuery, SubmissionListQuery };
