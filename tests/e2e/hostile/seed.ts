import { ApiError } from '../../../shared/api/client';
import type { UserInfo } from '../../../shared/api/types';
import { type TestClient, testClient } from '../../helpers/api';
import type { TestServer } from '../../helpers/server';
import {
  EVIL_HOST,
  hostileLine,
  hostileMarkdown,
  LINE_PAYLOADS,
  MARKDOWN_PAYLOADS,
  MARKDOWN_SHORT,
  MATHS_BOMBS,
  TINY,
} from './corpus';

/**
 * Writes the corpus into every field users write, through the HTTP API and as the role that may
 * write each: root for problems, contests, announcements, notices and trainings; an ordinary user
 * (whose own name is hostile) for the profile, discussions, comments, clarifications and a group.
 */

export interface Login {
  username: string;
  token: string;
  userInfo: UserInfo;
  client: TestClient;
}

export interface HostileSite {
  root: Login;
  evil: Login & { uid: string };
  problemId: string;
  pid: number;
  cid: number;
  /** a private contest whose entry dialog shows its hostile briefing */
  privateCid: number;
  contestSite: string;
  did: number;
  gid: number;
  tid: number;
  /** what the site refused, by field, with its message: the refusal is the protection */
  refused: Record<string, string>;
  /** a field's text as written, by field name */
  text: Record<string, string>;
}

/** The first line payload after the marker: a field shows it as typed when it is escaped. */
export const visibleLine = (marker: string) => `${marker} ${LINE_PAYLOADS[0]?.text}`;

const EVIL_PASSWORD = 'evil12345';
/** U+202E and "toor": a name that reads "root" */
export const SPOOFED_ROOT = '\u202Etoor';

async function login(server: TestServer, username: string, password: string): Promise<Login> {
  const client = testClient(server.url);
  const { token, userInfo } = await client.api.login({ username, password });
  client.setToken(token);
  return { username, token, userInfo, client };
}

async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return '';
}

export async function seedHostileSite(server: TestServer): Promise<HostileSite> {
  const text: Record<string, string> = {};
  const refused: Record<string, string> = {};
  const root = await login(server, 'root', server.rootPassword);
  const api = root.client.api;

  // users write discussions, comments and groups without solving problems first
  await api.adminSetWebConfig({ openContestComment: true });
  await api.adminUpdateSwitches({
    defaultCreateDiscussionACInitValue: 0,
    defaultCreateCommentACInitValue: 0,
    defaultCreateGroupACInitValue: 0,
  });

  // the hostile user: a name registration takes, made by the console's import as the rules allow
  await api.adminInsertBatchUsers({ users: [[TINY.username, EVIL_PASSWORD]] });
  const evilLogin = await login(server, TINY.username, EVIL_PASSWORD);
  const evil = { ...evilLogin, uid: evilLogin.userInfo.uid };
  const ev = evil.client.api;
  text.nickname = TINY.nickname;
  text.school = hostileLine('HX-school', 100);
  text.signature = hostileLine('HX-signature', 1000);
  // a name takes no direction controls (refused above), so no line payload with them
  text.realname = `HX-realname "><svg/onload=__x(4)> {{constructor.constructor('__x(5)')()}}`.slice(0, 50);
  // a name that reads as another's: `\u202Etoor` shows as "root"
  refused.username = await refusal(api.adminInsertBatchUsers({ users: [[SPOOFED_ROOT, EVIL_PASSWORD]] }));
  refused.nickname = await refusal(ev.changeUserInfo({ nickname: SPOOFED_ROOT }));
  for (const field of ['github', 'blog'] as const) {
    refused[field] = await refusal(ev.changeUserInfo({ [field]: "javascript:__xss('profile-link')" }));
  }
  await ev.changeUserInfo({
    nickname: text.nickname,
    school: text.school,
    signature: text.signature,
    realname: text.realname,
    github: `https://${EVIL_HOST}/gh`,
    blog: `https://${EVIL_HOST}/blog`,
  });
  // the login's user info as the web app keeps it, now with the profile
  evil.userInfo = (await ev.login({ username: TINY.username, password: EVIL_PASSWORD })).userInfo;

  // a public problem with every statement field hostile
  text.problemTitle = hostileLine('HX-ptitle');
  text.description = hostileMarkdown('HX-desc');
  text.input = hostileMarkdown('HX-input', MARKDOWN_SHORT);
  text.output = hostileMarkdown('HX-output', MARKDOWN_SHORT);
  text.hint = hostileMarkdown('HX-hint', MATHS_BOMBS);
  text.source = hostileLine('HX-source');
  const sampleIn = `HX-sample-in <script>__xss('sample-in')</script> </textarea><img src=x onerror=__xss('sample-img')>`;
  const sampleOut = `HX-sample-out "}]}</script><script>__xss('sample-out')</script>\u2028`;
  text.sampleIn = sampleIn;
  const saved = await api.adminCreateProblem({
    problem: {
      problemId: 'HX1',
      title: text.problemTitle,
      timeLimit: 1000,
      memoryLimit: 256,
      description: text.description,
      input: text.input,
      output: text.output,
      hint: text.hint,
      source: text.source,
      examples: `<input>${sampleIn}</input><output>${sampleOut}</output>`,
      auth: 1,
    },
    samples: [{ input: sampleIn, output: sampleOut }],
    languages: [{ name: 'C++' }],
    tags: [],
  });

  // a running public contest: its texts, its problem's colour and title, announcements
  const hour = 3_600_000;
  text.contestTitle = hostileLine('HX-ctitle');
  text.contestDescription = hostileMarkdown('HX-cdesc');
  text.informed = hostileMarkdown('HX-informed', MARKDOWN_SHORT);
  const contestSite = 'hxsite';
  const contest = await api.adminAddContest({
    title: text.contestTitle,
    description: text.contestDescription,
    type: 0,
    auth: 0,
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + 5 * hour).toISOString(),
    shortName: contestSite,
    subheading: hostileLine('HX-subheading'),
    sponsor: hostileLine('HX-sponsor'),
    organizer: hostileLine('HX-organizer'),
    coOrganizer: hostileLine('HX-coorganizer'),
    backgroundImage: `http://${EVIL_HOST}/bg.png`,
    awardType: 2,
    awardConfigList: [
      {
        priority: 1,
        name: hostileLine('HX-award', 64),
        background: `url(//${EVIL_HOST}/a)`,
        color: 'red',
        num: 3,
      },
    ],
  });
  const cid = contest.id;
  // a private contest opens with its briefing: the entry dialog shows the informed texts
  const briefed = await api.adminAddContest({
    title: hostileLine('HX-private-title'),
    description: '',
    type: 0,
    auth: 1,
    pwd: 'hx-secret',
    startTime: new Date(Date.now() - hour).toISOString(),
    endTime: new Date(Date.now() + 5 * hour).toISOString(),
    informedTitle: hostileLine('HX-informed-title'),
    informed: text.informed,
  });
  await api.adminAddContestProblemFromPublic({ cid, pid: saved.pid, displayId: 'A' });
  const placed = await api.adminGetContestProblem(cid, saved.pid);
  text.displayTitle = hostileLine('HX-display-title');
  await api.adminUpdateContestProblem({
    id: placed.id,
    cid,
    pid: saved.pid,
    displayId: 'A',
    displayTitle: text.displayTitle,
    color: `url(//${EVIL_HOST}/c)`,
  });
  text.contestAnnouncement = hostileMarkdown('HX-cannounce');
  await api.adminAddContestAnnouncement({
    cid,
    announcement: { title: hostileLine('HX-cannounce-title'), content: text.contestAnnouncement },
  });
  // the hostile user takes part and, judged by hand as accepted, wins the award: their names,
  // the problem's colour and the award's background are all on the board
  const submission = await ev.submitProblemJudge({ pid: 'A', language: 'C++', code: 'int main(){}', cid });
  // no judge runs here: the queued judgement is cancelled, then given by hand
  await api.adminCancelJudge(submission.submitId);
  await api.adminManualJudge({ submitId: submission.submitId, status: 0 });

  // contest comments and replies, and clarifications both ways
  const contestComment = await ev.addComment({ cid, content: hostileMarkdown('HX-ccomment') });
  await ev.addReply({ reply: { commentId: contestComment.id, content: hostileMarkdown('HX-creply') } });
  const question = await ev.askContestClarification({
    cid,
    displayId: 'A',
    content: `HX-clar-ask ${MARKDOWN_SHORT.slice(0, 5)
      .map((x) => x.text)
      .join(' ')}`,
  });
  await api.adminAnswerClarification({
    cid,
    id: question.id,
    content: hostileLine('HX-clar-answer'),
    toAll: true,
  });
  await api.adminSendClarification({ cid, displayId: null, content: hostileLine('HX-clar-send') });

  // the site's announcement and a notice to the hostile user
  text.announcement = hostileMarkdown('HX-announce');
  await api.adminAddAnnouncement({ title: hostileLine('HX-announce-title'), content: text.announcement });
  await api.adminAddNotice({
    title: hostileLine('HX-notice-title'),
    content: hostileMarkdown('HX-notice'),
    type: 'Single',
    recipient: TINY.username,
  });

  // a discussion of the hostile user, with the maths bombs; comments both ways for the reminders
  const categories = await ev.getDiscussionCategories();
  text.discussionTitle = hostileLine('HX-dtitle');
  text.discussionDescription = hostileLine('HX-ddesc');
  const discussion = await ev.addDiscussion({
    title: text.discussionTitle,
    description: text.discussionDescription,
    content: `${hostileMarkdown('HX-dcontent')}\n\n${MATHS_BOMBS.map((x) => x.text).join('\n\n')}`,
    categoryId: categories[0]?.id ?? 1,
  });
  const did = discussion.id;
  const evilComment = await ev.addComment({ did, content: hostileMarkdown('HX-dcomment') });
  await api.addReply({ reply: { commentId: evilComment.id, content: hostileMarkdown('HX-dreply') }, did });
  const rootComment = await api.addComment({ did, content: hostileMarkdown('HX-rcomment') });
  await ev.addReply({ reply: { commentId: rootComment.id, content: hostileMarkdown('HX-ereply') }, did });

  // a group the hostile user made
  text.groupBrief = hostileLine('HX-gbrief', 50);
  const group = await ev.addGroup({
    name: TINY.groupName,
    shortName: 'hxgroup',
    brief: text.groupBrief,
    description: hostileMarkdown('HX-gdesc', MARKDOWN_SHORT),
    auth: 1,
    visible: true,
  });
  const gid = group.id;
  await ev.addGroupAnnouncement({
    gid,
    title: hostileLine('HX-gannounce-title'),
    content: hostileMarkdown('HX-gannounce'),
  });

  // a public training
  const category = (await api.getTrainingCategories())[0]?.id ?? 0;
  text.trainingTitle = hostileLine('HX-ttitle');
  const training = await api.adminAddTraining({
    training: {
      title: text.trainingTitle,
      description: hostileMarkdown('HX-tdesc'),
      auth: 'Public',
      rank: 1,
    },
    trainingCategory: { id: category },
  });
  await api.adminAddTrainingProblem({ tid: training.training.id, pid: saved.pid });

  return {
    root,
    evil,
    problemId: saved.problemId,
    pid: saved.pid,
    cid,
    privateCid: briefed.id,
    contestSite,
    did,
    gid,
    tid: training.training.id,
    refused,
    text,
  };
}

/** Every payload in the corpus, for the report. */
export const PAYLOAD_COUNT =
  MARKDOWN_PAYLOADS.length + MATHS_BOMBS.length + LINE_PAYLOADS.length + Object.keys(TINY).length;
