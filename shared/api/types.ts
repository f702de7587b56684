/**
 * Wire shapes of HOJ's HTTP API (docs/architecture.md, Wire format), shared by the server (which
 * produces them), the web app and the extension (which consume them).
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
  /** Verdict: the total was counted up to a cap (LIST_TOTAL_CAP) and there are more */
  totalCapped?: boolean;
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
  /** HOJ's profile links (set in the account settings) */
  github?: string | null;
  blog?: string | null;
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
  /**
   * Verdict extension: per language of this problem, the factors its time and memory limits are
   * multiplied by (the judge's language table: 1 for C/C++, 2 for the others, as HOJ).
   */
  limitFactors?: Record<string, LimitFactor>;
  /**
   * Verdict extension: the statement's Markdown fields rendered on the server (GFM, KaTeX maths)
   * to sanitised HTML, so the web page needs no Markdown code. The Markdown stays in `problem`.
   */
  statementHtml?: StatementHtml;
}

/** A problem's Markdown fields as sanitised HTML ('' where the field is empty). */
export interface StatementHtml {
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
}

export interface LimitFactor {
  time: number;
  memory: number;
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

/** HOJ UserMsgVO: a comment, reply or like reminder (GET /api/msg/comment|reply|like). */
export interface UserMsg {
  id: number;
  /** Discuss | Reply | Like_Post | Like_Discuss */
  action: string;
  sourceId: number | null;
  /** what it happened in: Discussion, Contest ... */
  sourceType: string | null;
  /** the comment or reply text, or what was liked */
  sourceContent: string | null;
  quoteId: number | null;
  quoteType: string | null;
  /** where to see it on the site */
  url: string | null;
  /** read before this page was fetched (fetching a page marks it read) */
  state: boolean;
  senderId: string;
  senderUsername: string | null;
  senderAvatar: string | null;
  gmtCreate: string;
}

/** HOJ SysMsgVO: a notice in the caller's box (GET /api/msg/sys|mine); content is Markdown. */
export interface SysMsg {
  /** the box entry (what DELETE /api/msg/clean takes) */
  id: number;
  sysNoticeId: number;
  title: string;
  content: string;
  type: 'Sys' | 'Mine';
  /** read before this page was fetched (fetching a page marks it read) */
  state: boolean;
  gmtCreate: string;
}

/** HOJ AdminSysNoticeVO: a notice as root manages it (GET /api/admin/msg/notice). */
export interface AdminSysNotice {
  id: number;
  title: string;
  content: string;
  type: 'All' | 'Single' | 'Admin';
  /** delivered (always true: broadcasts reach each user when they next read their messages) */
  state: boolean;
  adminId: string | null;
  adminUsername: string | null;
  recipientId: string | null;
  recipientUsername: string | null;
  gmtCreate: string;
  gmtModified: string;
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
  /** `content` rendered and sanitised on the server (not in HOJ: its clients ignore it) */
  contentHtml?: string;
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

/* ---- Editor and submission extras ---- */

/** GET /api/get-last-ac-code: the caller's latest Accepted code for a problem. */
export interface LastAcCode {
  submitId: number;
  code: string;
  language: string;
}

/**
 * GET /api/get-wrong-case-info: whether the caller may download this submission's first failing
 * case and how many downloads are left today (UTC).
 */
export interface WrongCaseInfo {
  /** the caller may download it now (a download is left) */
  downloadable: boolean;
  /** why not, in the caller's language; null when downloadable or when only the quota is used up */
  reason: string | null;
  /** seq of the first failing case; null when there is none to give */
  caseSeq: number | null;
  dailyLimit: number;
  remaining: number;
}

/* ---- Problem list and problem page ---- */

/** HOJ TagClassification; type is the kind of tag: 1 algorithm, 2 source, 3 time. */
export interface TagClassification {
  id: number;
  name: string;
  type: number;
  oj: string;
  rank: number;
  gmtCreate: string;
  gmtModified: string;
}

/** One group of GET /api/get-problem-tags-and-classification; classification null: tags in none. */
export interface TagGroup {
  classification: TagClassification | null;
  tagList: Tag[];
}

/** POST /api/get-user-problem-status: per numeric problem id. */
export interface UserProblemStatus {
  /** 0 accepted, -10 never submitted, otherwise the latest verdict (tried) */
  status: number;
  /** the score of that submission (OI problems); null otherwise */
  score?: number | null;
}

/** A discussion or solution of a problem (HOJ DiscussionVO), as the Explain tab lists them. */
export interface Discussion {
  id: number;
  categoryId: number | null;
  title: string;
  description: string;
  /** Markdown */
  content: string;
  /** the problem's display id */
  pid: string | null;
  uid: string;
  author: string;
  avatar: string | null;
  role: string;
  viewNum: number;
  likeNum: number;
  commentNum: number;
  topPriority: boolean;
  status: number;
  gid: number | null;
  gmtCreate: string;
  gmtModified: string;
}

/** A Problem Annex file (the problem's user extra files): name and size in bytes (UTF-8). */
export interface ProblemAnnexFile {
  name: string;
  size: number;
}
