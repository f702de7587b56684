import type { Generated } from 'kysely';

/**
 * Tables (names and columns follow HOJ's database model, in snake_case).
 * Times are ISO-8601 UTC strings and booleans are 0/1 integers, so one migration set and the same
 * queries serve SQLite and PostgreSQL.
 */
export interface UserInfoTable {
  uuid: string;
  username: string;
  password: string;
  nickname: string | null;
  school: string | null;
  realname: string | null;
  email: string | null;
  avatar: string | null;
  signature: string | null;
  gender: string | null;
  title_name: string | null;
  title_color: string | null;
  status: number;
  /** bumped on logout: every token issued before dies */
  token_version: number;
  gmt_create: string;
  gmt_modified: string;
  /** HOJ's profile links (migration 007) */
  github: string | null;
  blog: string | null;
  /** ISO time of the last successful login (migration 007) */
  last_login_time: string | null;
}

export interface UserRoleTable {
  id: Generated<number>;
  uid: string;
  role_id: number;
}

export interface ProblemTable {
  id: Generated<number>;
  problem_id: string;
  title: string;
  author: string;
  type: number;
  judge_mode: string;
  judge_case_mode: string;
  time_limit: number;
  memory_limit: number;
  stack_limit: number;
  description: string;
  input: string;
  output: string;
  examples: string;
  hint: string;
  source: string;
  difficulty: number;
  auth: number;
  io_score: number;
  code_share: number;
  is_remove_end_blank: number;
  open_case_result: number;
  is_file_io: number;
  io_read_file_name: string | null;
  io_write_file_name: string | null;
  is_remote: number;
  gid: number | null;
  /** migration 025: a group problem's request to be public (1 applied, 2 agreed, 3 refused) */
  apply_public_progress: Generated<number | null>;
  user_extra_file: string | null;
  /** changes whenever the test data changes; judges cache data by it */
  case_version: string;
  /** checker/interactor protocol: testlib | hoj | kattis */
  spj_protocol: Generated<string>;
  spj_language: string | null;
  /** checker (judge_mode spj) or interactor (judge_mode interactive) source */
  spj_code: string | null;
  /** JSON {name: content}: files next to the checker/interactor source (testlib.h ...) */
  judge_extra_file: string | null;
  /** Kattis default validator flags, e.g. "float_tolerance 1e-6" */
  validator_flags: string | null;
  gmt_create: string;
  gmt_modified: string;
}

export interface ProblemCaseTable {
  id: Generated<number>;
  pid: number;
  seq: number;
  /** sha256 of the input/output files stored under DATA_DIR/files */
  input_hash: string;
  output_hash: string;
  input_size: number;
  output_size: number;
  score: number;
  group_num: number | null;
  status: number;
  /** the file names the case came with; null: <seq>.in / <seq>.out */
  input_name: string | null;
  output_name: string | null;
}

/** A problem's own starting code for a language. */
export interface ProblemCodeTemplateTable {
  pid: number;
  language: string;
  code: string;
}

/** An uploaded test data zip waiting for its problem to be saved (cases: JSON of StagedCase[]). */
export interface TestdataUploadTable {
  id: string;
  uid: string;
  cases: string;
  gmt_create: string;
}

/**
 * A batch of accounts generated in the admin console (migration 019), kept 30 minutes for its
 * download by the admin who made it; `payload` is the sealed list (AES-256-GCM), never plain text.
 */
export interface GeneratedAccountTable {
  key: string;
  uid: string;
  payload: string;
  expires_at: string;
  gmt_create: string;
}

/** One successful login (migration 020; HOJ's session): the newest 20 per user are kept. */
export interface UserSessionTable {
  id: Generated<number>;
  uid: string;
  ip: string | null;
  user_agent: string | null;
  gmt_create: string;
  gmt_modified: string;
}

/** A judge that has talked to this server (migration 020; HOJ's judge_server), one per name and kind. */
export interface JudgeServerTable {
  id: Generated<number>;
  name: string;
  /** local: the in-process worker pool; remote: a judge daemon over /api/judge/* */
  kind: string;
  /** parallel judging slots as far as seen; null: not known yet */
  workers: number | null;
  /** JSON list of language names; null: not told */
  languages: string | null;
  /** submissions it finished */
  cases_judged: Generated<number>;
  last_seen: string;
  gmt_create: string;
  gmt_modified: string;
}

/** An image of the home carousel (migration 020); the bytes are a public image in the file store. */
export interface HomeCarouselTable {
  id: Generated<number>;
  hash: string;
  mime: string;
  /** the root who uploaded it */
  uid: string;
  gmt_create: string;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  color: string | null;
  tcid: number | null;
  /** migration 025: a group's own tag (null: the site's) */
  gid: Generated<number | null>;
}

export interface ProblemTagTable {
  id: Generated<number>;
  pid: number;
  tid: number;
}

export interface ProblemLanguageTable {
  id: Generated<number>;
  pid: number;
  language: string;
}

export interface JudgeTable {
  submit_id: Generated<number>;
  pid: number;
  display_pid: string;
  uid: string;
  username: string;
  submit_time: string;
  status: number;
  share: number;
  error_message: string | null;
  time: number | null;
  memory: number | null;
  score: number | null;
  length: number;
  code: string;
  language: string;
  cid: number;
  cpid: number;
  gid: number | null;
  judger: string | null;
  ip: string | null;
  oi_rank_score: number | null;
  is_manual: number;
  /** queue: how many times a worker claimed it; results carry it so a stale worker cannot overwrite */
  attempt: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  gmt_modified: string;
  /** queue order (migration 003): 0 contest, 1 new submission, 2 rejudge; lower first */
  priority: Generated<number>;
  /** the virtual run it was made in (migration 027, contest_virtual.id); null for every other submission */
  virtual_id: Generated<number | null>;
}

export interface JudgeCaseTable {
  id: Generated<number>;
  submit_id: number;
  attempt: number;
  pid: number;
  uid: string;
  case_id: number;
  seq: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  user_output: string | null;
  group_num: number | null;
  mode: string;
}

export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface RateLockTable {
  key: string;
  expires_at: string;
}

/** A fixed-window request counter (migration 009): per-IP quotas. */
export interface RateWindowTable {
  key: string;
  count: number;
  window_end: string;
}

/** An online test run (HOJ /api/submit-problem-test-judge), queued before every submission. */
export interface TestJudgeTable {
  /** "TEST_JUDGE_<32 hex>", the key the client polls with */
  test_key: string;
  uid: string;
  pid: number;
  language: string;
  code: string;
  user_input: string;
  expected_output: string | null;
  /** the problem's judge mode when the run was asked for (shown as problemJudgeMode) */
  judge_mode: string;
  status: number;
  time: number | null;
  memory: number | null;
  stderr: string | null;
  user_output: string | null;
  judger: string | null;
  attempt: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  gmt_create: string;
  gmt_modified: string;
  /** the row is deleted after this (pending: 30 min after the request; finished: 15 min after) */
  expires_at: string;
}

/** Register e-mail codes and reset-link codes (migration 004), stored as HMACs. */
export interface AccountCodeTable {
  /** 'register' (subject: the e-mail) or 'reset' (subject: the user's uuid) */
  purpose: string;
  subject: string;
  code_hash: string;
  /** wrong codes tried so far */
  attempts: number;
  expires_at: string;
  gmt_create: string;
}

/** Image captcha answers (HMAC), one use. */
export interface CaptchaTable {
  captcha_key: string;
  answer_hash: string;
  expires_at: string;
}

/** Issued slide puzzles: the x where the piece fits, one use. */
export interface LoginPuzzleTable {
  puzzle_key: string;
  solution_x: number;
  expires_at: string;
}

/** Failed logins per username + IP; the row is forgotten at expires_at (30 min after the last). */
export interface LoginFailureTable {
  fail_key: string;
  username: string;
  failures: number;
  expires_at: string;
}

/** Site announcements: status 0 visible, 1 hidden. */
export interface AnnouncementTable {
  id: Generated<number>;
  title: string;
  content: string;
  uid: string;
  username: string;
  status: number;
  /** migration 025: the group it belongs to (null: the site's) */
  gid: Generated<number | null>;
  gmt_create: string;
  gmt_modified: string;
}

/** A comment / reply / like reminder (migration 006): action Discuss | Reply | Like_Post | Like_Discuss. */
export interface MsgRemindTable {
  id: Generated<number>;
  action: string;
  source_id: number | null;
  source_type: string | null;
  source_content: string | null;
  quote_id: number | null;
  quote_type: string | null;
  url: string | null;
  recipient_id: string;
  sender_id: string;
  /** 0 unread, 1 read */
  state: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A notice's text (migration 006): type All | Single | Admin; admin_id null for the site's own personal notices. */
export interface AdminSysNoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  type: string;
  state: number;
  recipient_id: string | null;
  admin_id: string | null;
  gmt_create: string;
  gmt_modified: string;
}

/** A notice in one user's box (migration 006): type Sys | Mine; deleted 1 = cleaned by the user. */
export interface UserSysNoticeTable {
  id: Generated<number>;
  sys_notice_id: number;
  recipient_id: string;
  type: string;
  state: number;
  deleted: number;
  gmt_create: string;
  gmt_modified: string;
}

/** Wrong-case downloads per user and UTC day (migration 008). */
export interface WrongCaseDownloadTable {
  uid: string;
  /** YYYY-MM-DD, UTC */
  day: string;
  count: number;
}

/** HOJ tag_classification (migration 010): type 1 algorithm, 2 source, 3 time. */
export interface TagClassificationTable {
  id: Generated<number>;
  name: string;
  type: number;
  oj: string;
  rank: number;
  gmt_create: string;
  gmt_modified: string;
}

/** HOJ discussion (migration 010): pid is the problem's display id; status 0 visible. */
export interface DiscussionTable {
  id: Generated<number>;
  category_id: number | null;
  title: string;
  description: string;
  content: string;
  pid: string | null;
  uid: string;
  author: string;
  avatar: string | null;
  role: string;
  view_num: number;
  like_num: number;
  comment_num: number;
  top_priority: number;
  status: number;
  gid: number | null;
  gmt_create: string;
  gmt_modified: string;
}

/** An uploaded image that may be served under /api/public/img/ (migration 007); bytes in the file store. */
export interface PublicImageTable {
  /** sha256 of the bytes: the file store's address */
  hash: string;
  /** detected from the bytes at upload: image/png ... */
  mime: string;
  size: number;
  /** who uploaded it first */
  uid: string;
  gmt_create: string;
}

/** An image or file uploaded into a Markdown statement (migration 021; HOJ's file table, type md). */
export interface StatementFileTable {
  /** HOJ's fileId */
  id: Generated<number>;
  kind: 'img' | 'file';
  /** the served name the server made: <sha256>.<ext> (img) or <random hex>[.<ext>] (file) */
  name: string;
  /** sha256 of the bytes: the file store's address */
  hash: string;
  /** detected from an image's bytes; application/octet-stream for a file */
  mime: string;
  size: number;
  /** the uploader's file name, cleaned: shown and offered as the download's name, never a path */
  original_name: string;
  /** the uploader */
  uid: string;
  gmt_create: string;
}

export interface Database {
  user_info: UserInfoTable;
  user_role: UserRoleTable;
  problem: ProblemTable;
  problem_case: ProblemCaseTable;
  testdata_upload: TestdataUploadTable;
  generated_account: GeneratedAccountTable;
  user_session: UserSessionTable;
  judge_server: JudgeServerTable;
  home_carousel: HomeCarouselTable;
  problem_code_template: ProblemCodeTemplateTable;
  tag: TagTable;
  problem_tag: ProblemTagTable;
  problem_language: ProblemLanguageTable;
  judge: JudgeTable;
  judge_case: JudgeCaseTable;
  test_judge: TestJudgeTable;
  site_config: SiteConfigTable;
  rate_lock: RateLockTable;
  rate_window: RateWindowTable;
  account_code: AccountCodeTable;
  captcha: CaptchaTable;
  login_puzzle: LoginPuzzleTable;
  login_failure: LoginFailureTable;
  announcement: AnnouncementTable;
  tag_classification: TagClassificationTable;
  discussion: DiscussionTable;
  msg_remind: MsgRemindTable;
  admin_sys_notice: AdminSysNoticeTable;
  user_sys_notice: UserSysNoticeTable;
  wrong_case_download: WrongCaseDownloadTable;
  public_image: PublicImageTable;
  statement_file: StatementFileTable;
  contest: ContestTable;
  contest_problem: ContestProblemTable;
  contest_register: ContestRegisterTable;
  contest_announcement: ContestAnnouncementTable;
  contest_print: ContestPrintTable;
  contest_balloon: ContestBalloonTable;
  contest_event_feed: ContestEventFeedTable;
  contest_submit_bucket: ContestSubmitBucketTable;
  contest_password_try: ContestPasswordTryTable;
  comment: CommentTable;
  reply: ReplyTable;
  comment_like: CommentLikeTable;
  category: CategoryTable;
  discussion_like: DiscussionLikeTable;
  discussion_report: DiscussionReportTable;
  user_problem_stat: UserProblemStatTable;
  user_rank_stat: UserRankStatTable;
  training: TrainingTable;
  training_category: TrainingCategoryTable;
  mapping_training_category: MappingTrainingCategoryTable;
  training_problem: TrainingProblemTable;
  training_register: TrainingRegisterTable;
  training_record: TrainingRecordTable;
  training_password_try: TrainingPasswordTryTable;
  group_info: GroupInfoTable;
  group_member: GroupMemberTable;
  contest_clarification: ContestClarificationTable;
  contest_clarification_read: ContestClarificationReadTable;
  contest_virtual: ContestVirtualTable;
}

/** Contests (migration 011; HOJ's contest table): status follows from the times; pwd is never sent to participants. */
export interface ContestTable {
  id: Generated<number>;
  uid: string;
  author: string;
  title: string;
  type: number;
  description: string;
  source: number;
  auth: number;
  pwd: string | null;
  start_time: string;
  end_time: string;
  /** seconds */
  duration: number;
  seal_rank: number;
  seal_rank_time: string | null;
  auto_real_rank: number;
  visible: number;
  open_print: number;
  open_rank: number;
  allow_end_submit: number;
  rank_show_name: string;
  /** JSON list of usernames */
  star_account: string;
  oi_rank_score_type: string;
  award_type: number;
  /** JSON list of {priority, name, background, color, num} */
  award_config: string;
  informed_title: string | null;
  informed: string | null;
  short_name: string | null;
  subheading: string | null;
  sponsor: string | null;
  co_organizer: string | null;
  organizer: string | null;
  background_image: string | null;
  gid: number | null;
  /** migration 012: 'hoj-seconds' or 'icpc-minutes' */
  penalty_mode: Generated<string>;
  /** migration 017: submissions (and test runs) a participant may make at once */
  submit_burst: Generated<number>;
  /** migration 017: seconds until one more is allowed */
  submit_refill_seconds: Generated<number>;
  gmt_create: string;
  gmt_modified: string;
}

/** Migration 017: each participant's token bucket of contest submissions (GCRA, epoch ms). */
export interface ContestSubmitBucketTable {
  key: string;
  /** bigint: a string from pg, a number from SQLite */
  tat_ms: number | string;
}

/** Migration 017: wrong contest passwords per contest and user. */
export interface ContestPasswordTryTable {
  cid: number;
  uid: string;
  failures: number;
  retry_at: string;
  expires_at: string;
}

export interface ContestProblemTable {
  id: Generated<number>;
  cid: number;
  pid: number;
  display_id: string;
  display_title: string;
  color: string | null;
  gmt_create: string;
  gmt_modified: string;
}

export interface ContestRegisterTable {
  id: Generated<number>;
  cid: number;
  uid: string;
  status: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A contest's announcement (migration 013): links a row of `announcement` to its contest. */
export interface ContestAnnouncementTable {
  id: Generated<number>;
  aid: number;
  cid: number;
  gmt_create: string;
}

/** A print request of a contest (migration 013): status 0 waiting, 1 printed. */
export interface ContestPrintTable {
  id: Generated<number>;
  cid: number;
  uid: string;
  username: string;
  realname: string | null;
  content: string;
  status: number;
  gmt_create: string;
  gmt_modified: string;
}

/** The balloon flag of a first accept (migration 013; HOJ's contest_record.checked). */
export interface ContestBalloonTable {
  id: Generated<number>;
  cid: number;
  submit_id: number;
  checked: number;
  gmt_modified: string;
}

/** An imported contest's ICPC Contest API event feed (migration 014), kept as uploaded (NDJSON). */
export interface ContestEventFeedTable {
  id: Generated<number>;
  cid: number;
  feed: string;
  gmt_create: string;
}

/** A comment (migration 015; HOJ's comment): on a contest (cid) or a discussion (did); from_role root | admin | user. */
export interface CommentTable {
  id: Generated<number>;
  cid: number | null;
  did: number | null;
  content: string;
  from_uid: string;
  from_name: string;
  from_avatar: string | null;
  from_role: string;
  like_num: number;
  /** 0 visible */
  status: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A reply to a comment (migration 015; HOJ's reply): to_* is the user it answers. */
export interface ReplyTable {
  id: Generated<number>;
  comment_id: number;
  from_uid: string;
  from_name: string;
  from_avatar: string | null;
  from_role: string;
  to_uid: string;
  to_name: string;
  to_avatar: string | null;
  content: string;
  status: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A user's like of a comment (migration 015; HOJ's comment_like): cid is the comment id; one per (cid, uid). */
export interface CommentLikeTable {
  id: Generated<number>;
  cid: number;
  uid: string;
  gmt_create: string;
}

/**
 * One user's record on one problem outside contests and groups (migration 024; HOJ's user_acproblem,
 * widened), kept current as verdicts arrive (services/ranks/stats.ts).
 */
export interface UserProblemStatTable {
  uid: string;
  pid: number;
  submissions: number;
  /** 0/1: accepted at least once */
  solved: number;
  /** submit time of the first accepted submission */
  first_ac_time: string | null;
  /** the best OI rank score (null: none yet, as on ACM problems) */
  best_score: number | null;
}

/** One user's sums over public problems (migration 024): the ranks read these. */
export interface UserRankStatTable {
  uid: string;
  ac: number;
  total: number;
  score: number;
  gmt_modified: string;
}

/** A discussion category (migration 022; HOJ's category). */
export interface CategoryTable {
  id: Generated<number>;
  name: string;
  gmt_create: string;
  gmt_modified: string;
}

/** A user's like of a discussion (migration 022; HOJ's discussion_like): one per (did, uid). */
export interface DiscussionLikeTable {
  id: Generated<number>;
  did: number;
  uid: string;
  gmt_create: string;
}

/** A report of a discussion (migration 022; HOJ's discussion_report): reporter is the username; status 0 new, 1 handled. */
export interface DiscussionReportTable {
  id: Generated<number>;
  did: number;
  reporter: string;
  uid: string;
  content: string;
  status: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A training (migration 023; HOJ's training): auth 'Public' | 'Private'; status 1 visible; uid the creator's account. */
export interface TrainingTable {
  id: Generated<number>;
  title: string;
  description: string;
  author: string;
  uid: string;
  auth: string;
  private_pwd: string | null;
  rank: number;
  status: number;
  is_group: number;
  gid: number | null;
  gmt_create: string;
  gmt_modified: string;
}

/** A training category (migration 023; HOJ's training_category): name unique. */
export interface TrainingCategoryTable {
  id: Generated<number>;
  name: string;
  color: string | null;
  gid: number | null;
  gmt_create: string;
  gmt_modified: string;
}

/** A training's category (migration 023; HOJ's mapping_training_category): one per training. */
export interface MappingTrainingCategoryTable {
  id: Generated<number>;
  tid: number;
  cid: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A problem of a training (migration 023; HOJ's training_problem): ordered by rank ascending. */
export interface TrainingProblemTable {
  id: Generated<number>;
  tid: number;
  pid: number;
  rank: number;
  display_id: string;
  gmt_create: string;
  gmt_modified: string;
}

/** A registration for a private training (migration 023; HOJ's training_register): status 0 banned. */
export interface TrainingRegisterTable {
  id: Generated<number>;
  tid: number;
  uid: string;
  status: number;
  gmt_create: string;
  gmt_modified: string;
}

/** A submission counted in a private training's rank (migration 023; HOJ's training_record). */
export interface TrainingRecordTable {
  id: Generated<number>;
  tid: number;
  /** the training_problem row */
  tpid: number;
  pid: number;
  uid: string;
  submit_id: number;
  gmt_create: string;
  gmt_modified: string;
}

/** Migration 023: wrong training passwords per training and user (as contest_password_try). */
export interface TrainingPasswordTryTable {
  tid: number;
  uid: string;
  failures: number;
  retry_at: string;
  expires_at: string;
}

/** A group (migration 025; HOJ's `group`): auth 1 public, 2 protected, 3 private; status 1 banned. */
export interface GroupInfoTable {
  id: Generated<number>;
  avatar: string | null;
  name: string;
  short_name: string;
  brief: string | null;
  description: string | null;
  /** the owner's username, as HOJ keeps it */
  owner: string;
  uid: string;
  auth: number;
  visible: number;
  status: number;
  /** the invitation code of a protected or private group */
  code: string | null;
  gmt_create: string;
  gmt_modified: string;
}

/** A user's place in a group (migration 025): auth 1 applied, 2 refused, 3 member, 4 admin, 5 root. */
export interface GroupMemberTable {
  id: Generated<number>;
  gid: number;
  uid: string;
  auth: number;
  reason: string | null;
  gmt_create: string;
  gmt_modified: string;
}

/**
 * A clarification message of a contest (migration 026): a participant's question (from_jury 0), or the
 * jury's answer (reply_to_id) or unprompted clarification; to_uid the one participant a private answer
 * goes to (null: everyone). A question keeps whether, by whom and when it was answered.
 */
export interface ContestClarificationTable {
  id: Generated<number>;
  cid: number;
  /** the contest problem it is about (null: general) */
  cpid: number | null;
  /** who wrote it: the asker, or the contest admin writing for the jury */
  uid: string;
  from_jury: number;
  to_uid: string | null;
  reply_to_id: number | null;
  text: string;
  answered: number;
  answered_by: string | null;
  answered_at: string | null;
  gmt_create: string;
}

/** A jury message of a contest one user has seen (migration 026): one per (message, user). */
export interface ContestClarificationReadTable {
  id: Generated<number>;
  clarification_id: number;
  uid: string;
  gmt_create: string;
}

/** A user's virtual run of an ended contest (migration 027): the contest's length from `start_time`. */
export interface ContestVirtualTable {
  id: Generated<number>;
  cid: number;
  uid: string;
  start_time: string;
  end_time: string;
  gmt_create: string;
}
