import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import { ROLE_PERMISSIONS } from '../../server/services/authz';
import type { RequestOptions } from '../../shared/api/client';
import { ApiError } from '../../shared/api/client';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { registeredRoutes } from '../helpers/routes';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The permission matrix (docs/security.md, Roles and permissions) over every endpoint Verdict
 * serves today (except /api/judge/*, which takes the judge token): per role, is the call allowed
 * (2xx or a business 4xx other than 401/403), refused for want of a login (401) or of a permission
 * (403)?
 * Requests are cheap: ids that do not exist behind the permission check, or minimal bodies.
 */
type Outcome = 'ok' | 401 | 403;
type Caller = 'anon' | 1000 | 1001 | 1002 | 1003 | 1004 | 1005 | 1006 | 1007 | 1008;
const CALLERS: readonly Caller[] = ['anon', 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008];
const NO_SUBMIT: readonly Caller[] = [Role.NO_SUBMIT, Role.NO_SUBMIT_NO_DISCUSS, Role.NO_SUBMIT_MUTE];

/** Who gets what, per class of endpoint. */
const ADMIN_ROLES: readonly Caller[] = [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN];
const EXPECT: Record<
  | 'public'
  | 'user'
  | 'submit'
  | 'admin'
  | 'root'
  | 'comment'
  | 'discussion'
  | 'publish'
  | 'users'
  | 'dashboard'
  | 'groupAdd'
  | 'groupDel'
  | 'operator'
  | 'metrics',
  (c: Caller) => Outcome
> = {
  public: () => 'ok',
  user: (c) => (c === 'anon' ? 401 : 'ok'),
  submit: (c) => (c === 'anon' ? 401 : NO_SUBMIT.includes(c) ? 403 : 'ok'),
  admin: (c) => (c === 'anon' ? 401 : ADMIN_ROLES.includes(c) ? 'ok' : 403),
  root: (c) => (c === 'anon' ? 401 : c === Role.ROOT ? 'ok' : 403),
  /** comments and replies: muted roles may not post (HOJ's comment_add / reply_add) */
  comment: (c) => (c === 'anon' ? 401 : c === Role.MUTE || c === Role.NO_SUBMIT_MUTE ? 403 : 'ok'),
  /** posting a discussion: HOJ's discussion_add, which 1004-1007 lack */
  discussion: (c) =>
    c === 'anon'
      ? 401
      : ([Role.NO_DISCUSS, Role.MUTE, Role.NO_SUBMIT_NO_DISCUSS, Role.NO_SUBMIT_MUTE] as Caller[]).includes(c)
        ? 403
        : 'ok',
  /** making a problem public: root and problem admins (HOJ: an ordinary admin may only hide one) */
  publish: (c) => (c === 'anon' ? 401 : c === Role.ROOT || c === Role.PROBLEM_ADMIN ? 'ok' : 403),
  /** the user pages of the admin console: root and admins, not problem admins */
  users: (c) => (c === 'anon' ? 401 : c === Role.ROOT || c === Role.ADMIN ? 'ok' : 403),
  /** the admin dashboard: root and admins (HOJ's roles), not problem admins */
  dashboard: (c) => (c === 'anon' ? 401 : c === Role.ROOT || c === Role.ADMIN ? 'ok' : 403),
  /** creating and dissolving groups: HOJ's group_add / group_del, which 1003-1007 lack */
  groupAdd: (c) => (c === 'anon' ? 401 : ROLE_PERMISSIONS[c]?.includes('group_add') ? 'ok' : 403),
  groupDel: (c) => (c === 'anon' ? 401 : ROLE_PERMISSIONS[c]?.includes('group_del') ? 'ok' : 403),
  /** health endpoints: no login asked; readiness may answer 503 (a check failed), which refuses no one */
  operator: () => 'ok',
  /** GET /metrics takes the operator's METRICS_TOKEN as a bearer token: no login of any role opens it */
  metrics: () => 401,
};

/** The roles matrix server's METRICS_TOKEN (docs/operations.md, Metrics). */
const METRICS_TOKEN = 'roles-matrix-metrics-token-3c9b7d';

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  who: keyof typeof EXPECT;
  options?: Pick<RequestOptions, 'query' | 'body'>;
}

const MISSING = 987654;

/** A minimal new group problem (HOJ's ProblemDto) of a group that does not exist. */
const GROUP_PROBLEM_DTO = {
  problem: {
    problemId: 'GRP-MATRIX',
    title: 'T',
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    description: 'D',
    input: 'I',
    output: 'O',
    judgeMode: 'default',
    auth: 1,
    gid: MISSING,
  },
  samples: [],
  languages: [],
  tags: [],
  codeTemplates: [],
  isUploadTestCase: false,
  judgeMode: 'default',
};

/** A minimal group contest (HOJ's Contest) of a group that does not exist. */
const GROUP_CONTEST = {
  title: 'T',
  type: 0,
  auth: 0,
  startTime: '2030-01-01T00:00:00.000Z',
  endTime: '2030-01-01T05:00:00.000Z',
  gid: MISSING,
};

const TABLE: Row[] = [
  // group problems (a group or problem that does not exist: 404 behind the login check)
  { method: 'GET', path: '/api/group/get-problem-list', who: 'user', options: { query: { gid: MISSING } } },
  {
    method: 'GET',
    path: '/api/group/get-admin-problem-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  { method: 'GET', path: '/api/group/problem', who: 'user', options: { query: { pid: MISSING } } },
  { method: 'POST', path: '/api/group/problem', who: 'user', options: { body: GROUP_PROBLEM_DTO } },
  {
    method: 'PUT',
    path: '/api/group/problem',
    who: 'user',
    options: { body: { ...GROUP_PROBLEM_DTO, problem: { ...GROUP_PROBLEM_DTO.problem, id: MISSING } } },
  },
  { method: 'DELETE', path: '/api/group/problem', who: 'user', options: { query: { pid: MISSING } } },
  { method: 'GET', path: '/api/group/get-problem-cases', who: 'user', options: { query: { pid: MISSING } } },
  {
    method: 'GET',
    path: '/api/group/get-all-problem-tags',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/compile-spj',
    who: 'user',
    options: { query: { gid: MISSING }, body: { spjSrc: 'int main(){}', spjLanguage: 'C++' } },
  },
  {
    method: 'POST',
    path: '/api/group/compile-interactive',
    who: 'user',
    options: { query: { gid: MISSING }, body: { spjSrc: 'int main(){}', spjLanguage: 'C++' } },
  },
  {
    method: 'PUT',
    path: '/api/group/change-problem-auth',
    who: 'user',
    options: { query: { pid: MISSING, auth: 1 } },
  },
  {
    method: 'PUT',
    path: '/api/group/apply-public',
    who: 'user',
    options: { query: { pid: MISSING, isApplied: true } },
  },
  { method: 'GET', path: '/api/admin/group-problem/list', who: 'publish' },
  {
    method: 'PUT',
    path: '/api/admin/group-problem/change-progress',
    who: 'publish',
    options: { body: { pid: MISSING, progress: 2 } },
  },
  // group trainings and contests
  { method: 'GET', path: '/api/group/get-training-list', who: 'user', options: { query: { gid: MISSING } } },
  {
    method: 'GET',
    path: '/api/group/get-admin-training-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  { method: 'GET', path: '/api/group/training', who: 'user', options: { query: { tid: MISSING } } },
  {
    method: 'POST',
    path: '/api/group/training',
    who: 'user',
    options: {
      body: {
        training: { title: 'T', description: 'D', auth: 'Public', rank: 0, gid: MISSING },
        trainingCategory: { id: 1 },
      },
    },
  },
  {
    method: 'PUT',
    path: '/api/group/training',
    who: 'user',
    options: {
      body: {
        training: { id: MISSING, title: 'T', description: 'D', auth: 'Public', rank: 0 },
        trainingCategory: { id: 1 },
      },
    },
  },
  { method: 'DELETE', path: '/api/group/training', who: 'user', options: { query: { tid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/group/change-training-status',
    who: 'user',
    options: { query: { tid: MISSING, status: true } },
  },
  {
    method: 'GET',
    path: '/api/group/get-training-problem-list',
    who: 'user',
    options: { query: { tid: MISSING } },
  },
  {
    method: 'PUT',
    path: '/api/group/training-problem',
    who: 'user',
    options: { body: { id: MISSING, rank: 0 } },
  },
  {
    method: 'DELETE',
    path: '/api/group/training-problem',
    who: 'user',
    options: { query: { pid: MISSING, tid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/add-training-problem-from-public',
    who: 'user',
    options: { body: { tid: MISSING, pid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/add-training-problem-from-group',
    who: 'user',
    options: { query: { problemId: 'none', tid: MISSING } },
  },
  { method: 'GET', path: '/api/group/get-contest-list', who: 'user', options: { query: { gid: MISSING } } },
  {
    method: 'GET',
    path: '/api/group/get-admin-contest-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  { method: 'GET', path: '/api/group/contest', who: 'user', options: { query: { cid: MISSING } } },
  { method: 'POST', path: '/api/group/contest', who: 'user', options: { body: GROUP_CONTEST } },
  {
    method: 'PUT',
    path: '/api/group/contest',
    who: 'user',
    options: { body: { ...GROUP_CONTEST, id: MISSING } },
  },
  { method: 'DELETE', path: '/api/group/contest', who: 'user', options: { query: { cid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/group/change-contest-visible',
    who: 'user',
    options: { query: { cid: MISSING, visible: true } },
  },
  {
    method: 'GET',
    path: '/api/group/get-contest-problem-list',
    who: 'user',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/contest-problem',
    who: 'user',
    options: { body: { ...GROUP_PROBLEM_DTO, cid: MISSING, displayId: 'A' } },
  },
  {
    method: 'GET',
    path: '/api/group/contest-problem',
    who: 'user',
    options: { query: { pid: MISSING, cid: MISSING } },
  },
  {
    method: 'PUT',
    path: '/api/group/contest-problem',
    who: 'user',
    options: { body: { cid: MISSING, pid: MISSING, displayId: 'A' } },
  },
  {
    method: 'DELETE',
    path: '/api/group/contest-problem',
    who: 'user',
    options: { query: { pid: MISSING, cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/add-contest-problem-from-public',
    who: 'user',
    options: { body: { cid: MISSING, pid: MISSING, displayId: 'A' } },
  },
  {
    method: 'POST',
    path: '/api/group/add-contest-problem-from-group',
    who: 'user',
    options: { query: { problemId: 'none', cid: MISSING, displayId: 'A' } },
  },
  {
    method: 'GET',
    path: '/api/group/get-contest-announcement-list',
    who: 'user',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/contest-announcement',
    who: 'user',
    options: { body: { cid: MISSING, announcement: { title: 'T', content: 'C' } } },
  },
  {
    method: 'PUT',
    path: '/api/group/contest-announcement',
    who: 'user',
    options: { body: { cid: MISSING, announcement: { id: MISSING, title: 'T', content: 'C' } } },
  },
  {
    method: 'DELETE',
    path: '/api/group/contest-announcement',
    who: 'user',
    options: { query: { aid: MISSING, cid: MISSING } },
  },
  // groups (a group that does not exist: 404 behind the login and permission checks)
  { method: 'GET', path: '/api/get-group-list', who: 'public' },
  { method: 'GET', path: '/api/get-group-detail', who: 'public', options: { query: { gid: MISSING } } },
  { method: 'GET', path: '/api/get-group-access', who: 'user', options: { query: { gid: MISSING } } },
  { method: 'GET', path: '/api/get-group-auth', who: 'user', options: { query: { gid: MISSING } } },
  {
    method: 'POST',
    path: '/api/group',
    who: 'groupAdd',
    // the demo group's name: refused as taken (400) once the permission is there
    options: {
      body: {
        name: 'Verdict Lounge 交流群',
        shortName: 'vlounge',
        brief: 'A brief.',
        description: 'A description.',
        auth: 1,
      },
    },
  },
  { method: 'PUT', path: '/api/group', who: 'user', options: { body: { id: MISSING } } },
  { method: 'DELETE', path: '/api/group', who: 'groupDel', options: { query: { gid: MISSING } } },
  {
    method: 'GET',
    path: '/api/get-group-rank-list',
    who: 'user',
    options: { query: { gid: MISSING, type: 0 } },
  },
  { method: 'GET', path: '/api/group/get-member-list', who: 'user', options: { query: { gid: MISSING } } },
  { method: 'GET', path: '/api/group/get-apply-list', who: 'user', options: { query: { gid: MISSING } } },
  { method: 'POST', path: '/api/group/member', who: 'user', options: { query: { gid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/group/member',
    who: 'user',
    options: { body: { gid: MISSING, uid: 'nobody', auth: 3 } },
  },
  {
    method: 'DELETE',
    path: '/api/group/member',
    who: 'user',
    options: { query: { gid: MISSING, uid: 'nobody' } },
  },
  { method: 'DELETE', path: '/api/group/member/exit', who: 'user', options: { query: { gid: MISSING } } },
  {
    method: 'GET',
    path: '/api/group/get-announcement-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/group/get-admin-announcement-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/announcement',
    who: 'user',
    options: { body: { gid: MISSING, title: 'T', content: 'C' } },
  },
  {
    method: 'PUT',
    path: '/api/group/announcement',
    who: 'user',
    options: { body: { id: MISSING, gid: MISSING, title: 'T', content: 'C' } },
  },
  { method: 'DELETE', path: '/api/group/announcement', who: 'user', options: { query: { aid: MISSING } } },
  {
    method: 'GET',
    path: '/api/group/get-discussion-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/group/get-admin-discussion-list',
    who: 'user',
    options: { query: { gid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/group/discussion',
    who: 'discussion',
    options: { body: { gid: MISSING, title: 'T', description: 'D', content: 'C', categoryId: 1 } },
  },
  {
    method: 'PUT',
    path: '/api/group/discussion',
    who: 'user',
    options: {
      body: { id: MISSING, gid: MISSING, title: 'T', description: 'D', content: 'C', categoryId: 1 },
    },
  },
  { method: 'DELETE', path: '/api/group/discussion', who: 'user', options: { query: { did: MISSING } } },
  { method: 'GET', path: '/api/admin/group/get-group-list', who: 'root' },
  {
    method: 'PUT',
    path: '/api/admin/group/change-group-status',
    who: 'root',
    options: { query: { gid: MISSING, status: 1 } },
  },
  { method: 'DELETE', path: '/api/admin/group', who: 'root', options: { query: { gid: MISSING } } },
  // account
  { method: 'GET', path: '/api/get-website-config', who: 'public' },
  {
    method: 'POST',
    path: '/api/login',
    who: 'public',
    options: { body: { username: 'nobody', password: 'wrongpass1' } },
  },
  { method: 'GET', path: '/api/get-login-puzzle', who: 'public' },
  { method: 'GET', path: '/api/get-user-auth-info', who: 'user' },
  // registration
  {
    method: 'GET',
    path: '/api/get-register-code',
    who: 'public',
    options: { query: { email: 'matrix@example.com' } },
  },
  {
    method: 'POST',
    path: '/api/check-username-or-email',
    who: 'public',
    options: { body: { username: 'nobody' } },
  },
  {
    method: 'POST',
    path: '/api/register',
    who: 'public',
    options: {
      body: { username: 'newbie', password: 'Abcdef123', email: 'newbie@example.com', code: '000000' },
    },
  },
  // user home and account settings (a wrong password and code: refused after the login check)
  {
    method: 'GET',
    path: '/api/get-user-home-info',
    who: 'public',
    options: { query: { username: 'root' } },
  },
  {
    method: 'GET',
    path: '/api/get-user-calendar-heatmap',
    who: 'public',
    options: { query: { username: 'root' } },
  },
  { method: 'POST', path: '/api/change-userInfo', who: 'user', options: { body: {} } },
  {
    method: 'POST',
    path: '/api/change-password',
    who: 'user',
    options: { body: { oldPassword: 'wrongpass1', newPassword: 'Abcdef123' } },
  },
  {
    method: 'GET',
    path: '/api/get-change-email-code',
    who: 'user',
    options: { query: { email: 'matrix-new@example.com' } },
  },
  {
    method: 'POST',
    path: '/api/change-email',
    who: 'user',
    options: { body: { password: 'wrongpass1', newEmail: 'matrix-new@example.com', code: '000000' } },
  },
  // no image: users get a 400
  { method: 'POST', path: '/api/file/upload-avatar', who: 'user' },
  { method: 'GET', path: '/api/public/img/:name', who: 'public' },
  // password reset
  { method: 'GET', path: '/api/captcha', who: 'public' },
  {
    method: 'POST',
    path: '/api/apply-reset-password',
    who: 'public',
    options: { body: { email: 'nobody@example.com', captcha: '1', captchaKey: 'no-such-key' } },
  },
  {
    method: 'POST',
    path: '/api/reset-password',
    who: 'public',
    options: { body: { username: 'nobody', password: 'Abcdef123', code: 'no-such-code' } },
  },
  // problems
  { method: 'GET', path: '/api/languages', who: 'public' },
  { method: 'GET', path: '/api/get-problem-list', who: 'public' },
  {
    method: 'GET',
    path: '/api/get-problem-detail',
    who: 'public',
    options: { query: { problemId: '1000' } },
  },
  // problem list and problem page
  { method: 'GET', path: '/api/get-problem-tags-and-classification', who: 'public' },
  {
    method: 'POST',
    path: '/api/get-user-problem-status',
    who: 'user',
    options: { body: { pidList: [MISSING], isContestProblemList: false } },
  },
  { method: 'GET', path: '/api/get-Explain-list', who: 'public', options: { query: { pid: '1000' } } },
  {
    method: 'GET',
    path: '/api/get-problem-annex-list',
    who: 'public',
    options: { query: { problemId: '1000' } },
  },
  {
    method: 'GET',
    path: '/api/file/download-problem-annex',
    who: 'public',
    options: { query: { problemId: '1000', name: 'none.txt' } },
  },
  // submissions
  {
    method: 'POST',
    path: '/api/submit-problem-judge',
    who: 'submit',
    options: { body: { pid: String(MISSING), language: 'C++', code: 'x' } },
  },
  {
    method: 'GET',
    path: '/api/get-submission-detail',
    who: 'public',
    options: { query: { submitId: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/get-all-case-result',
    who: 'public',
    options: { query: { submitId: MISSING } },
  },
  { method: 'GET', path: '/api/get-submission-list', who: 'public' },
  // ownership and the submit permission are checked once the submission is found: only the login here
  { method: 'GET', path: '/api/resubmit', who: 'user', options: { query: { submitId: MISSING } } },
  {
    method: 'POST',
    path: '/api/check-submissions-status',
    who: 'public',
    options: { body: { submitIds: [MISSING] } },
  },
  // editor and submission extras: ownership and the quota are checked once the submission is found
  { method: 'GET', path: '/api/get-last-ac-code', who: 'user', options: { query: { pid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/submission',
    who: 'user',
    options: { body: { submitId: MISSING, share: true } },
  },
  { method: 'GET', path: '/api/get-wrong-case-info', who: 'user', options: { query: { submitId: MISSING } } },
  {
    method: 'GET',
    path: '/api/file/download-wrong-case',
    who: 'user',
    options: { query: { submitId: MISSING } },
  },
  // test runs
  {
    method: 'POST',
    path: '/api/submit-problem-test-judge',
    who: 'submit',
    options: { body: { pid: MISSING, language: 'C++', code: 'x', userInput: '1' } },
  },
  {
    method: 'GET',
    path: '/api/get-test-judge-result',
    who: 'user',
    options: { query: { testJudgeKey: 'TEST_JUDGE_00000000000000000000000000000000' } },
  },
  // admin judge operations
  { method: 'GET', path: '/api/admin/judge/rejudge', who: 'root', options: { query: { submitId: MISSING } } },
  {
    method: 'GET',
    path: '/api/admin/judge/manual-judge',
    who: 'root',
    options: { query: { submitId: MISSING, status: 0 } },
  },
  {
    method: 'GET',
    path: '/api/admin/judge/cancel-judge',
    who: 'root',
    options: { query: { submitId: MISSING } },
  },
  // problem visibility (a problem that does not exist: allowed callers get a 404)
  {
    method: 'PUT',
    path: '/api/admin/problem/change-problem-auth',
    who: 'admin',
    options: { body: { id: MISSING, auth: 2 } },
  },
  {
    method: 'PUT',
    path: '/api/admin/problem/change-problem-auth',
    who: 'publish',
    options: { body: { id: MISSING, auth: 1 } },
  },
  // the problem editor (a problem that does not exist: allowed callers get a 404; a problem with
  // no case: a 400)
  { method: 'GET', path: '/api/admin/problem/get-problem-list', who: 'admin' },
  { method: 'GET', path: '/api/admin/problem', who: 'admin', options: { query: { pid: MISSING } } },
  {
    method: 'POST',
    path: '/api/admin/problem',
    who: 'admin',
    options: { body: { problem: { problemId: 'RM-NEW', title: 'x', timeLimit: 1000, memoryLimit: 256 } } },
  },
  {
    method: 'PUT',
    path: '/api/admin/problem',
    who: 'admin',
    options: {
      body: { problem: { id: MISSING, problemId: 'RM-OLD', title: 'x', timeLimit: 1000, memoryLimit: 256 } },
    },
  },
  { method: 'DELETE', path: '/api/admin/problem', who: 'publish', options: { query: { pid: MISSING } } },
  {
    method: 'GET',
    path: '/api/admin/problem/get-problem-cases',
    who: 'admin',
    options: { query: { pid: MISSING } },
  },
  // HOJ's common calls the editor reads: anyone, for a problem they may open (docs/security.md)
  { method: 'GET', path: '/api/get-problem-tags', who: 'public', options: { query: { pid: MISSING } } },
  { method: 'GET', path: '/api/get-all-problem-tags', who: 'public' },
  {
    method: 'GET',
    path: '/api/get-problem-code-template',
    who: 'public',
    options: { query: { pid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/get-problem-languages',
    who: 'public',
    options: { query: { pid: MISSING } },
  },
  { method: 'POST', path: '/api/file/upload-testcase-zip', who: 'admin' },
  { method: 'GET', path: '/api/file/download-testcase', who: 'admin', options: { query: { pid: MISSING } } },
  // images and files in statements (no file: a 400 for the admin roles; a missing id: a 404)
  { method: 'POST', path: '/api/file/upload-md-img', who: 'admin' },
  { method: 'POST', path: '/api/file/upload-md-file', who: 'admin' },
  { method: 'GET', path: '/api/file/delete-md-img', who: 'admin', options: { query: { fileId: MISSING } } },
  { method: 'GET', path: '/api/public/file/:name', who: 'public' },
  // tags: root and problem admins (a tag that does not exist: a 404; a name already taken: a 400)
  {
    method: 'POST',
    path: '/api/admin/tag',
    who: 'publish',
    options: { body: { name: 'rm-tag', tcid: MISSING } },
  },
  {
    method: 'PUT',
    path: '/api/admin/tag',
    who: 'publish',
    options: { body: { id: MISSING, name: 'rm-tag-2' } },
  },
  { method: 'DELETE', path: '/api/admin/tag', who: 'publish', options: { query: { tid: MISSING } } },
  { method: 'GET', path: '/api/admin/tag/classification', who: 'publish' },
  {
    method: 'POST',
    path: '/api/admin/tag/classification',
    who: 'publish',
    options: { body: { name: 'rm-class' } },
  },
  {
    method: 'PUT',
    path: '/api/admin/tag/classification',
    who: 'publish',
    options: { body: { id: MISSING, name: 'rm-class' } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/tag/classification',
    who: 'publish',
    options: { query: { tcid: MISSING } },
  },
  { method: 'POST', path: '/api/admin/problem/compile-spj', who: 'admin', options: { body: {} } },
  { method: 'POST', path: '/api/admin/problem/compile-interactive', who: 'admin', options: { body: {} } },
  // problems made for a contest
  { method: 'GET', path: '/api/admin/contest/problem', who: 'admin', options: { query: { pid: MISSING } } },
  {
    method: 'POST',
    path: '/api/admin/contest/problem',
    who: 'admin',
    options: { body: { problem: { problemId: 'RM-C', title: 'x', timeLimit: 1000, memoryLimit: 256 } } },
  },
  {
    method: 'PUT',
    path: '/api/admin/contest/problem',
    who: 'admin',
    options: {
      body: { problem: { id: MISSING, problemId: 'RM-C2', title: 'x', timeLimit: 1000, memoryLimit: 256 } },
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/contest/problem',
    who: 'admin',
    options: { query: { pid: MISSING, cid: MISSING } },
  },
  // contest downloads (a contest that does not exist: allowed callers get a 404)
  {
    method: 'GET',
    path: '/api/file/download-contest-rank',
    who: 'admin',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/file/download-contest-ac-submission',
    who: 'admin',
    options: { query: { cid: MISSING } },
  },
  // import (no file: root gets a 400)
  { method: 'POST', path: '/api/file/import-problem', who: 'root' },
  { method: 'POST', path: '/api/file/import-kattis-problem', who: 'root' },
  { method: 'POST', path: '/api/file/import-polygon-problem', who: 'root' },
  { method: 'POST', path: '/api/file/import-fps-problem', who: 'root' },
  { method: 'POST', path: '/api/file/import-qdoj-problem', who: 'root' },
  { method: 'POST', path: '/api/file/import-hydro-problem', who: 'root' },
  { method: 'POST', path: '/api/file/import-dmoj-problem', who: 'root' },
  // export (a problem that does not exist: root gets a 404)
  { method: 'GET', path: '/api/file/export-problem', who: 'root', options: { query: { pid: MISSING } } },
  {
    method: 'GET',
    path: '/api/file/export-problem-kattis',
    who: 'root',
    options: { query: { pid: String(MISSING) } },
  },
  { method: 'GET', path: '/api/admin/import-config', who: 'root' },
  { method: 'PUT', path: '/api/admin/import-config', who: 'root', options: { body: {} } },
  // package verification (no file: root gets a 400; a job nobody started: 404)
  { method: 'POST', path: '/api/admin/problem/verify-package', who: 'root' },
  {
    method: 'GET',
    path: '/api/admin/problem/verify-package',
    who: 'root',
    options: { query: { verifyId: 'nosuchjob' } },
  },
  // site administration
  { method: 'GET', path: '/api/admin/config/get-web-config', who: 'root' },
  { method: 'PUT', path: '/api/admin/config/set-web-config', who: 'root', options: { body: {} } },
  { method: 'GET', path: '/api/admin/switch/info', who: 'root' },
  { method: 'PUT', path: '/api/admin/switch/update', who: 'root', options: { body: {} } },
  // announcements
  { method: 'GET', path: '/api/get-common-announcement', who: 'public' },
  { method: 'GET', path: '/api/admin/announcement', who: 'root' },
  {
    method: 'POST',
    path: '/api/admin/announcement',
    who: 'root',
    options: { body: { title: 't', content: 'c' } },
  },
  {
    method: 'PUT',
    path: '/api/admin/announcement',
    who: 'root',
    options: { body: { id: MISSING, title: 't' } },
  },
  { method: 'DELETE', path: '/api/admin/announcement', who: 'root', options: { query: { aid: MISSING } } },
  // messages
  { method: 'GET', path: '/api/msg/unread', who: 'user' },
  { method: 'GET', path: '/api/msg/comment', who: 'user' },
  { method: 'GET', path: '/api/msg/reply', who: 'user' },
  { method: 'GET', path: '/api/msg/like', who: 'user' },
  { method: 'GET', path: '/api/msg/sys', who: 'user' },
  { method: 'GET', path: '/api/msg/mine', who: 'user' },
  // only the caller's own rows: a missing id is a 404 for everyone logged in
  { method: 'DELETE', path: '/api/msg/clean', who: 'user', options: { query: { type: 'sys', id: MISSING } } },
  // system notices (a Single notice to nobody: root gets a 404 and nothing is sent)
  { method: 'GET', path: '/api/admin/msg/notice', who: 'root' },
  {
    method: 'POST',
    path: '/api/admin/msg/notice',
    who: 'root',
    options: { body: { title: 't', content: 'c', type: 'Single', recipient: 'nobody-here' } },
  },
  {
    method: 'PUT',
    path: '/api/admin/msg/notice',
    who: 'root',
    options: { body: { id: MISSING, title: 't' } },
  },
  { method: 'DELETE', path: '/api/admin/msg/notice', who: 'root', options: { query: { id: MISSING } } },
  // contests: missing ids answer 404 behind the permission check
  { method: 'GET', path: '/api/get-contest-list', who: 'public' },
  { method: 'GET', path: '/api/get-contest-info', who: 'user', options: { query: { cid: MISSING } } },
  { method: 'GET', path: '/api/get-contest-access', who: 'user', options: { query: { cid: MISSING } } },
  { method: 'POST', path: '/api/register-contest', who: 'user', options: { body: { cid: MISSING } } },
  {
    method: 'GET',
    path: '/api/get-contest-problem',
    who: 'public',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/get-contest-problem-details',
    who: 'user',
    options: { query: { cid: MISSING, displayId: 'A' } },
  },
  {
    method: 'GET',
    path: '/api/contest-submissions',
    who: 'user',
    options: { query: { contestID: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/check-contest-submissions-status',
    who: 'user',
    options: { body: { cid: MISSING, submitIds: [1] } },
  },
  // contest operations: announcements, prints, AC info, rejudge, landing page
  { method: 'GET', path: '/api/get-contest-announcement', who: 'user', options: { query: { cid: MISSING } } },
  {
    method: 'POST',
    path: '/api/get-contest-not-read-announcement',
    who: 'user',
    options: { body: { cid: MISSING, readAnnouncementList: [] } },
  },
  {
    method: 'GET',
    path: '/api/admin/contest/announcement',
    who: 'admin',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/admin/contest/announcement',
    who: 'admin',
    options: { body: { cid: MISSING, announcement: { title: 'Matrix', content: 'Matrix text.' } } },
  },
  {
    method: 'PUT',
    path: '/api/admin/contest/announcement',
    who: 'admin',
    options: { body: { cid: MISSING, announcement: { id: MISSING, title: 'Matrix' } } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/contest/announcement',
    who: 'admin',
    options: { query: { aid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/submit-print-text',
    who: 'user',
    options: { body: { cid: MISSING, content: 'x'.repeat(60) } },
  },
  { method: 'GET', path: '/api/get-contest-print', who: 'admin', options: { query: { cid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/check-contest-print-status',
    who: 'admin',
    options: { query: { id: MISSING, cid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/file/download-contest-print-text',
    who: 'admin',
    options: { query: { id: MISSING } },
  },
  { method: 'GET', path: '/api/get-contest-ac-info', who: 'admin', options: { query: { cid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/check-contest-ac-info',
    who: 'admin',
    options: { body: { id: MISSING, cid: MISSING, checked: true } },
  },
  {
    method: 'GET',
    path: '/api/admin/judge/rejudge-contest-problem',
    who: 'root',
    options: { query: { cid: MISSING, pid: MISSING } },
  },
  // contest clarifications (a contest that does not exist: 404 behind the login; the jury's calls are
  // refused to callers without a site role before the contest is looked up, as the contest's other tools)
  {
    method: 'GET',
    path: '/api/get-contest-clarifications',
    who: 'user',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/get-contest-clarification-unread',
    who: 'user',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/contest-clarification',
    who: 'user',
    options: { body: { cid: MISSING, content: 'Matrix?' } },
  },
  {
    method: 'GET',
    path: '/api/admin/contest/clarification',
    who: 'admin',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/admin/contest/clarification',
    who: 'admin',
    options: { body: { cid: MISSING, content: 'Matrix.' } },
  },
  {
    method: 'POST',
    path: '/api/admin/contest/clarification/answer',
    who: 'admin',
    options: { body: { cid: MISSING, id: MISSING, content: 'Matrix.', toAll: true } },
  },
  // virtual participation (a contest that does not exist: 404 behind the login)
  { method: 'GET', path: '/api/contest/virtual', who: 'user', options: { query: { cid: MISSING } } },
  { method: 'POST', path: '/api/contest/virtual', who: 'user', options: { body: { cid: MISSING } } },
  { method: 'GET', path: '/api/contest-home-img', who: 'public', options: { query: { contest: 'nosuch' } } },
  { method: 'GET', path: '/api/contest-home', who: 'public', options: { query: { contest: 'nosuch' } } },
  { method: 'GET', path: '/api/contest-home-id', who: 'public', options: { query: { contest: 'nosuch' } } },
  {
    method: 'GET',
    path: '/api/admin/contest/event-feed',
    who: 'admin',
    options: { query: { cid: MISSING } },
  },
  { method: 'POST', path: '/api/admin/contest/import-event-feed', who: 'admin', options: { body: '' } },
  { method: 'POST', path: '/api/get-contest-rank', who: 'user', options: { body: { cid: MISSING } } },
  {
    method: 'POST',
    path: '/api/get-contest-outside-scoreboard',
    who: 'public',
    options: { body: { cid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/get-contest-outsize-info',
    who: 'public',
    options: { query: { cid: MISSING } },
  },
  // the live stream (docs/architecture.md, Live push): a caller that does not ask for an event stream
  // gets a plain 400, whoever it is; the stream's own rules are in tests/api/live-events.test.ts
  { method: 'GET', path: '/api/events', who: 'public', options: { query: { contest: MISSING } } },
  {
    method: 'GET',
    path: '/api/get-contest-scroll-board-info',
    who: 'public',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'GET',
    path: '/api/get-contest-scroll-board-submission',
    who: 'public',
    options: { query: { cid: MISSING, removeStar: false } },
  },
  // discussions (docs/architecture.md, Discussions)
  { method: 'GET', path: '/api/discussion-category', who: 'public' },
  { method: 'POST', path: '/api/discussion-category', who: 'root', options: { body: [] } },
  { method: 'GET', path: '/api/get-discussion-list', who: 'public' },
  { method: 'GET', path: '/api/get-discussion-detail', who: 'public', options: { query: { did: MISSING } } },
  {
    method: 'POST',
    path: '/api/discussion',
    who: 'discussion',
    options: { body: { title: 'x', description: 'x', content: 'x', categoryId: MISSING } },
  },
  {
    method: 'PUT',
    path: '/api/discussion',
    who: 'user',
    options: { body: { id: MISSING, title: 'x', description: 'x', content: 'x', categoryId: MISSING } },
  },
  { method: 'DELETE', path: '/api/discussion', who: 'user', options: { query: { did: MISSING } } },
  {
    method: 'GET',
    path: '/api/discussion-like',
    who: 'user',
    options: { query: { did: MISSING, toLike: true } },
  },
  {
    method: 'POST',
    path: '/api/discussion-report',
    who: 'user',
    options: { body: { did: MISSING, content: 'x' } },
  },
  { method: 'PUT', path: '/api/admin/discussion', who: 'admin', options: { body: { id: MISSING } } },
  { method: 'DELETE', path: '/api/admin/discussion', who: 'admin', options: { body: [MISSING] } },
  { method: 'GET', path: '/api/admin/discussion-report', who: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/discussion-report',
    who: 'admin',
    options: { body: { id: MISSING, status: true } },
  },
  {
    method: 'POST',
    path: '/api/admin/discussion-category',
    who: 'admin',
    options: { body: { name: 'Matrix' } },
  },
  {
    method: 'PUT',
    path: '/api/admin/discussion-category',
    who: 'admin',
    options: { body: { id: MISSING, name: 'Matrix' } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/discussion-category',
    who: 'admin',
    options: { query: { id: MISSING } },
  },
  // trainings (docs/architecture.md, Trainings); a training that does not exist: a 404 behind the checks
  { method: 'GET', path: '/api/get-training-category', who: 'public' },
  { method: 'GET', path: '/api/get-training-list', who: 'public' },
  { method: 'GET', path: '/api/get-training-detail', who: 'public', options: { query: { tid: MISSING } } },
  {
    method: 'GET',
    path: '/api/get-training-problem-list',
    who: 'public',
    options: { query: { tid: MISSING } },
  },
  { method: 'GET', path: '/api/get-training-rank', who: 'public', options: { query: { tid: MISSING } } },
  {
    method: 'POST',
    path: '/api/register-training',
    who: 'user',
    options: { body: { tid: MISSING, password: 'matrix' } },
  },
  { method: 'GET', path: '/api/get-training-access', who: 'user', options: { query: { tid: MISSING } } },
  {
    method: 'GET',
    path: '/api/get-full-screen-problem-list',
    who: 'user',
    options: { query: { tid: MISSING } },
  },
  { method: 'GET', path: '/api/admin/training/get-training-list', who: 'admin' },
  { method: 'GET', path: '/api/admin/training', who: 'admin', options: { query: { tid: MISSING } } },
  {
    method: 'POST',
    path: '/api/admin/training',
    who: 'admin',
    options: {
      body: {
        training: { title: 'Matrix', description: 'x', auth: 'Public', rank: 0 },
        trainingCategory: { id: MISSING },
      },
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/training',
    who: 'admin',
    options: {
      body: {
        training: { id: MISSING, title: 'Matrix', description: 'x', auth: 'Public', rank: 0 },
        trainingCategory: { id: MISSING },
      },
    },
  },
  /** deleting a training: root only (HOJ) */
  { method: 'DELETE', path: '/api/admin/training', who: 'root', options: { query: { tid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/admin/training/change-training-status',
    who: 'admin',
    options: { query: { tid: MISSING, status: false } },
  },
  {
    method: 'GET',
    path: '/api/admin/training/get-problem-list',
    who: 'admin',
    options: { query: { tid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/admin/training/add-problem-from-public',
    who: 'admin',
    options: { body: { tid: MISSING, pid: MISSING } },
  },
  {
    method: 'PUT',
    path: '/api/admin/training/problem',
    who: 'admin',
    options: { body: { id: MISSING, rank: 0 } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/training/problem',
    who: 'admin',
    options: { query: { tid: MISSING, pid: MISSING } },
  },
  /** training categories: root and problem admins (HOJ's AdminTrainingCategoryController) */
  {
    method: 'POST',
    path: '/api/admin/training/category',
    who: 'publish',
    options: { body: { name: 'Matrix category', color: '#409eff' } },
  },
  {
    method: 'PUT',
    path: '/api/admin/training/category',
    who: 'publish',
    options: { body: { id: MISSING, name: 'Matrix category', color: '#409eff' } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/training/category',
    who: 'publish',
    options: { query: { cid: MISSING } },
  },
  // comments (contest comment area)
  { method: 'GET', path: '/api/comments', who: 'public', options: { query: { cid: MISSING } } },
  { method: 'POST', path: '/api/comment', who: 'comment', options: { body: { content: 'x', cid: MISSING } } },
  { method: 'DELETE', path: '/api/comment', who: 'user', options: { body: { id: MISSING } } },
  {
    method: 'GET',
    path: '/api/comment-like',
    who: 'user',
    options: { query: { cid: MISSING, toLike: true } },
  },
  { method: 'GET', path: '/api/reply', who: 'public', options: { query: { commentId: MISSING } } },
  {
    method: 'POST',
    path: '/api/reply',
    who: 'comment',
    options: { body: { reply: { commentId: MISSING, content: 'x' } } },
  },
  { method: 'DELETE', path: '/api/reply', who: 'user', options: { body: { reply: { id: MISSING } } } },
  { method: 'GET', path: '/api/admin/contest/get-contest-list', who: 'admin' },
  { method: 'GET', path: '/api/admin/contest', who: 'admin', options: { query: { cid: MISSING } } },
  // a valid form: each admin role creates a (scheduled, public) contest
  {
    method: 'POST',
    path: '/api/admin/contest',
    who: 'admin',
    options: {
      body: {
        title: 't',
        type: 0,
        auth: 0,
        startTime: '2030-01-01T00:00:00Z',
        endTime: '2030-01-01T05:00:00Z',
      },
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/contest',
    who: 'admin',
    options: {
      body: {
        id: MISSING,
        title: 't',
        type: 0,
        auth: 0,
        startTime: '2030-01-01T00:00:00Z',
        endTime: '2030-01-01T05:00:00Z',
      },
    },
  },
  { method: 'DELETE', path: '/api/admin/contest', who: 'root', options: { query: { cid: MISSING } } },
  {
    method: 'PUT',
    path: '/api/admin/contest/change-contest-visible',
    who: 'admin',
    options: { query: { cid: MISSING, visible: true } },
  },
  {
    method: 'GET',
    path: '/api/admin/contest/get-problem-list',
    who: 'admin',
    options: { query: { cid: MISSING } },
  },
  {
    method: 'POST',
    path: '/api/admin/contest/add-problem-from-public',
    who: 'admin',
    options: { body: { cid: MISSING, pid: MISSING, displayId: 'A' } },
  },
  {
    method: 'GET',
    path: '/api/admin/contest/contest-problem',
    who: 'admin',
    options: { query: { cid: MISSING, pid: MISSING } },
  },
  {
    method: 'PUT',
    path: '/api/admin/contest/contest-problem',
    who: 'admin',
    options: { body: { cid: MISSING, pid: MISSING, displayId: 'A' } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/contest/contest-problem',
    who: 'admin',
    options: { query: { cid: MISSING, pid: MISSING } },
  },
  // users in the admin console (a user that does not exist: a 404; a name already taken: a 400)
  { method: 'GET', path: '/api/admin/user/get-user-list', who: 'users' },
  {
    method: 'PUT',
    path: '/api/admin/user/edit-user',
    who: 'users',
    options: { body: { uid: 'no-such-user', username: 'rm-edit' } },
  },
  {
    method: 'DELETE',
    path: '/api/admin/user/delete-user',
    who: 'users',
    options: { body: { ids: ['no-such-user'] } },
  },
  {
    method: 'POST',
    path: '/api/admin/user/insert-batch-user',
    who: 'users',
    options: { body: { users: [['root', 'matrix123']] } },
  },
  {
    method: 'POST',
    path: '/api/admin/user/generate-user',
    who: 'users',
    options: { body: { prefix: 'role', number_from: 1001, number_to: 1001, password_length: 8 } },
  },
  {
    method: 'GET',
    path: '/api/file/generate-user-excel',
    who: 'users',
    options: { query: { key: '0'.repeat(48) } },
  },
  // the admin console's dashboard, judges and site settings (root's calls change nothing: an empty
  // change, a refused one, a carousel image that does not exist; the test mail goes to a file)
  { method: 'GET', path: '/api/admin/dashboard/get-dashboard-info', who: 'dashboard' },
  { method: 'POST', path: '/api/admin/dashboard/get-sessions', who: 'dashboard' },
  { method: 'GET', path: '/api/admin/config/get-service-info', who: 'root' },
  { method: 'GET', path: '/api/admin/config/get-judge-service-info', who: 'root' },
  { method: 'GET', path: '/api/admin/config/get-email-config', who: 'root' },
  { method: 'PUT', path: '/api/admin/config/set-email-config', who: 'root', options: { body: {} } },
  { method: 'POST', path: '/api/admin/config/set-email-config', who: 'root', options: { body: {} } },
  {
    method: 'POST',
    path: '/api/admin/config/test-email',
    who: 'root',
    options: { body: { email: 'matrix-test@example.com' } },
  },
  { method: 'GET', path: '/api/admin/config/get-db-and-redis-config', who: 'root' },
  { method: 'PUT', path: '/api/admin/config/set-db-and-redis-config', who: 'root', options: { body: {} } },
  // no image: root gets a 400
  { method: 'POST', path: '/api/file/upload-carouse-img', who: 'root' },
  {
    method: 'DELETE',
    path: '/api/admin/config/home-carousel',
    who: 'root',
    options: { query: { id: MISSING } },
  },
  { method: 'GET', path: '/api/home-carousel', who: 'public' },
  // ranks and the home page (docs/architecture.md, Ranks and home page)
  { method: 'GET', path: '/api/get-rank-list', who: 'public', options: { query: { type: 0 } } },
  { method: 'GET', path: '/api/get-recent-contest', who: 'public' },
  { method: 'GET', path: '/api/get-recent-other-contest', who: 'public' },
  { method: 'GET', path: '/api/get-recent-seven-ac-rank', who: 'public' },
  { method: 'GET', path: '/api/get-recent-updated-problem', who: 'public' },
  {
    method: 'GET',
    path: '/api/get-last-week-submission-statistics',
    who: 'public',
    options: { query: { forceRefresh: true } },
  },
  { method: 'GET', path: '/api/get-random-problem', who: 'public' },
  // the operator's endpoints (docs/operations.md): health, and the metrics outside /api
  { method: 'GET', path: '/api/healthz', who: 'operator' },
  { method: 'GET', path: '/api/readyz', who: 'operator' },
  { method: 'GET', path: '/metrics', who: 'metrics' },
  // last: logout revokes every token of the caller
  { method: 'GET', path: '/api/logout', who: 'user' },
];

async function outcome(client: TestClient, row: Row): Promise<Outcome | string> {
  try {
    await client.raw.requestRaw(row.method, row.path, {
      ...row.options,
      urlType: row.path.startsWith('/api/admin') ? 'admin' : 'general',
    });
    return 'ok';
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.httpStatus === 401 || e.httpStatus === 403) return e.httpStatus;
    // not ready (this server has no judge) is an answer, not a refusal
    if (e.httpStatus === 503 && row.who === 'operator') return 'ok';
    // a business refusal counts as allowed; a server error or no answer does not
    return e.httpStatus >= 400 && e.httpStatus < 500 ? 'ok' : `http ${e.httpStatus}: ${e.message}`;
  }
}

describe('permission table (HOJ role_auth)', () => {
  it('gives each role the HOJ permission set, the root-only ones to root alone', () => {
    const counts = Object.fromEntries(Object.entries(ROLE_PERMISSIONS).map(([r, p]) => [r, p.length]));
    expect(counts).toEqual({
      1000: 14,
      1001: 10,
      1002: 8,
      1003: 5,
      1004: 5,
      1005: 3,
      1006: 4,
      1007: 2,
      1008: 10,
    });
    for (const [role, perms] of Object.entries(ROLE_PERMISSIONS)) {
      const rootOnly = ['rejudge', 'announcement_admin', 'user_admin', 'system_info_admin'];
      expect(perms.some((p) => rootOnly.includes(p))).toBe(Number(role) === Role.ROOT);
      expect(perms.includes('submit')).toBe(!NO_SUBMIT.includes(Number(role) as Caller));
    }
  });
});

describe.each(DATABASES)('roles matrix on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  const clients = new Map<Caller, TestClient>();

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0, env: { METRICS_TOKEN } });
    clients.set('anon', testClient(server.url));
    for (const role of CALLERS) {
      if (role === 'anon') continue;
      const c = testClient(server.url);
      if (role === Role.ROOT) {
        await c.login('root', server.rootPassword);
      } else {
        await createUser(server.server.ctx.db, {
          username: `role${role}`,
          password: 'matrix123',
          roleId: role,
        });
        await c.login(`role${role}`, 'matrix123');
      }
      clients.set(role, c);
    }
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('covers every route the server registers (except the judge protocol and the docs)', () => {
    const listed = new Set(TABLE.map((r) => `${r.method} ${r.path}`));
    const registered = registeredRoutes(server.server.app).filter((route) => {
      const path = route.slice(route.indexOf(' ') + 1);
      // /metrics is the one route outside /api with a caller to check
      return (
        (path.startsWith('/api/') || path === '/metrics') &&
        !path.startsWith('/api/judge/') &&
        !path.startsWith('/api/docs')
      );
    });
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((r) => !listed.has(r))).toEqual([]);
    expect([...listed].filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('resubmit of one’s own failed submission: refused (403) to the roles without submit', async () => {
    const db = server.server.ctx.db;
    const problem = await db.kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    const got: Record<string, Outcome | string> = {};
    const want: Record<string, Outcome> = {};
    for (const caller of CALLERS) {
      if (caller === 'anon') continue;
      const username = caller === Role.ROOT ? 'root' : `role${caller}`;
      const user = await db.kysely
        .selectFrom('user_info')
        .select('uuid')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      const inserted = await db.kysely
        .insertInto('judge')
        .values({
          pid: problem.id,
          display_pid: '1000',
          uid: user.uuid,
          username,
          submit_time: now,
          status: JudgeStatus.SUBMITTED_FAILED,
          share: 0,
          length: 1,
          code: 'x',
          language: 'C',
          cid: 0,
          cpid: 0,
          is_manual: 0,
          attempt: 1,
          gmt_modified: now,
        })
        .returning('submit_id')
        .executeTakeFirstOrThrow();
      const client = clients.get(caller);
      if (!client) throw new Error(`no client for ${caller}`);
      got[caller] = await outcome(client, {
        method: 'GET',
        path: '/api/resubmit',
        who: 'submit',
        options: { query: { submitId: inserted.submit_id } },
      });
      want[caller] = EXPECT.submit(caller);
    }
    expect(got).toEqual(want);
  });

  it.each(TABLE)('$method $path: $who', async (row) => {
    const got: Record<string, Outcome | string> = {};
    const want: Record<string, Outcome> = {};
    for (const caller of CALLERS) {
      const client = clients.get(caller);
      if (!client) throw new Error(`no client for ${caller}`);
      got[caller] = await outcome(client, row);
      want[caller] = EXPECT[row.who](caller);
    }
    expect(got).toEqual(want);
  });
});
