/**
 * Wire shapes of HOJ's HTTP API (reference/hoj-server-behaviour.md §1-§3), shared by the server
 * (which produces them), the web app and the extension (which consume them).
 */

/** Every JSON answer: `{status, data, msg}`; status 200 means success. */
export interface ApiEnvelope<T> {
  status: number;
  data: T;
  msg: string;
}

/** MyBatis-Plus page: clients read records and total. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface UserInfo {
  uid: string;
  username: string;
  nickname: string | null;
  avatar: string | null;
  email: string | null;
  school: string | null;
  signature: string | null;
  realname: string | null;
  gender: string | null;
  titleName: string | null;
  titleColor: string | null;
  roleList: string[];
}

export interface WebsiteConfig {
  baseUrl: string;
  name: string;
  shortName: string;
  description: string;
  register: boolean;
  recordName: string;
  recordUrl: string;
  projectName: string;
  projectUrl: string;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  email: string;
  /** Verdict extension of the config: lets clients tell our server from other HOJ servers. */
  product?: string;
  version?: string;
  /** Verdict: mail is written to files on the server (demo without SMTP): the forms say so */
  mailLocalFiles?: boolean;
}

export interface Language {
  id: number;
  name: string;
  /** CodeMirror mime, e.g. text/x-c++src */
  contentType: string;
  description: string;
  compileCommand: string;
  template: string;
  codeTemplate: string;
  isSpj: boolean;
  oj: string;
  seq: number;
}

export interface Tag {
  id: number;
  name: string;
  color: string | null;
  oj?: string;
  tcid?: number | null;
}

export interface ProblemCounts {
  pid?: number;
  total: number;
  ac: number;
  wa: number;
  ce: number;
  pa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  se: number;
}

export interface ProblemListItem extends ProblemCounts {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  tags: Tag[];
  score: number | null;
}

export type JudgeMode = 'default' | 'spj' | 'interactive';
export type JudgeCaseMode = 'default' | 'subtask_lowest' | 'subtask_average' | 'ergodic_without_error';

export interface Problem {
  id: number;
  problemId: string;
  title: string;
  author: string;
  type: number;
  judgeMode: JudgeMode;
  judgeCaseMode: JudgeCaseMode;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  description: string;
  input: string;
  output: string;
  /** HOJ encoding: `<input>a</input><output>b</output>` repeated; see parseExamples */
  examples: string;
  hint: string;
  source: string;
  difficulty: number;
  auth: number;
  ioScore: number;
  codeShare: boolean;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  isFileIO: boolean;
  ioReadFileName: string | null;
  ioWriteFileName: string | null;
  isRemote: boolean;
  gid: number | null;
  userExtraFile: string | null;
  gmtCreate: string;
  gmtModified: string;
}

export interface ProblemDetail {
  problem: Problem;
  problemCount: ProblemCounts;
  tags: Tag[];
  languages: string[];
  codeTemplate: Record<string, string>;
  /** the caller's status on this problem (-10 when not tried, or when not logged in) */
  myStatus: number;
}

/** A submission row (HOJ `judge`). */
export interface Submission {
  submitId: number;
  pid: number;
  displayPid: string;
  /** contest display id when cid != 0 */
  displayId?: string | null;
  uid: string;
  username: string;
  realname?: string | null;
  title?: string;
  submitTime: string;
  status: number;
  share: boolean;
  errorMessage: string | null;
  time: number | null;
  memory: number | null;
  score: number | null;
  oiRankScore: number | null;
  length: number | null;
  code: string | null;
  language: string;
  cid: number;
  cpid: number;
  gid: number | null;
  judger: string | null;
  isManual: boolean;
}

export type SubmissionListItem = Omit<Submission, 'code' | 'errorMessage'>;

export interface SubmissionDetail {
  submission: Submission;
  codeShare: boolean;
}

export interface JudgeCase {
  seq: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  inputData?: string | null;
  outputData?: string | null;
  userOutput: string | null;
  groupNum: number | null;
  mode: string;
}

export interface SubtaskResult {
  groupNum: number;
  status: number;
  score: number | null;
  ac: number;
  total: number;
  time: number | null;
  memory: number | null;
  subtaskDetailList: JudgeCase[];
}

export interface AllCaseResult {
  judgeCaseMode: JudgeCaseMode;
  judgeCaseList: JudgeCase[] | null;
  subTaskJudgeCaseVoList: SubtaskResult[] | null;
}

export interface UnreadCounts {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

export interface AuthInfo {
  roles: string[];
  permissions: string[] | null;
}

/** HOJ AnnouncementVO (site announcements; status 0 visible, 1 hidden). */
export interface Announcement {
  id: number;
  title: string;
  content: string;
  uid: string;
  username: string;
  status: number;
  gmtCreate: string;
  gmtModified: string;
}

/** The web config root edits (GET /api/admin/config/get-web-config). */
export type WebConfigAdmin = Omit<WebsiteConfig, 'product' | 'version' | 'mailLocalFiles'>;

/** The site switches root edits (GET /api/admin/switch/info). */
export interface SiteSwitches {
  openPublicJudge: boolean;
  defaultSubmitInterval: number;
  emailSuffixAllow: string[];
  emailSuffixDeny: string[];
}
