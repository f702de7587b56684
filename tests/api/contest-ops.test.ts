import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client';
import type { AdminContestVO } from '../../shared/api/contest-types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { ContestForm } from '../../shared/schemas/contests';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A valid contest form: a public ACM contest from offset `from` lasting `length` (running by default). */
function form(overrides: Partial<ContestForm> = {}, from = -HOUR, length = 3 * HOUR): ContestForm {
  return {
    title: 'Ops Cup',
    description: 'Contest operations.',
    type: 0,
    auth: 0,
    startTime: at(from),
    endTime: at(from + length),
    ...overrides,
  };
}

const PRINT_TEXT = `#include <cstdio>\nint main() { puts("print me, 中文 too"); return 0; }\n`;

describe.each(DATABASES)('contest operations on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let zhRoot: TestClient;
  /** creates the contests: their contest admin */
  let owner: TestClient;
  /** another site admin: not an admin of owner's contests */
  let otherAdmin: TestClient;
  let pal: TestClient;
  let pbo: TestClient;
  let zhPal: TestClient;
  let anon: TestClient;
  let pidA: number;
  let pidB: number;
  let pidC: number;
  /** running, public, printing open, problems A and B */
  let running: AdminContestVO;
  /** running, private (pal registered, pbo not), printing open */
  let privateC: AdminContestVO;
  /** starts in an hour, printing open */
  let scheduled: AdminContestVO;
  /** running, printing closed */
  let noPrint: AdminContestVO;

  const db = () => server.server.ctx.db.kysely;
  const uidOf = async (username: string) =>
    (
      await db()
        .selectFrom('user_info')
        .select('uuid')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).uuid;

  const client = (username: string, roleId?: (typeof Role)[keyof typeof Role], language = 'en-US') =>
    userClient(server, username, { roleId, language });

  /** A finished contest submission written straight into the judge table. */
  async function judgeRow(r: {
    username: string;
    cid: number;
    pid: number;
    displayId: string;
    status: number;
    submitTime: string;
  }): Promise<number> {
    const cp = await db()
      .selectFrom('contest_problem')
      .select('id')
      .where('cid', '=', r.cid)
      .where('pid', '=', r.pid)
      .executeTakeFirst();
    const inserted = await db()
      .insertInto('judge')
      .values({
        pid: r.pid,
        display_pid: r.displayId,
        uid: await uidOf(r.username),
        username: r.username,
        submit_time: r.submitTime,
        status: r.status,
        share: 0,
        time: 12,
        memory: 2048,
        score: r.status === JudgeStatus.ACCEPTED ? 100 : 0,
        length: 60,
        code: 'int main(){}',
        language: 'C++',
        cid: r.cid,
        cpid: cp?.id ?? 0,
        is_manual: 0,
        attempt: 1,
        judger: 'local',
        gmt_modified: r.submitTime,
      })
      .returning('submit_id')
      .executeTakeFirstOrThrow();
    return inserted.submit_id;
  }

  /** GET the print text as a browser does: the file, or the JSON refusal as an ApiError. */
  async function downloadPrint(c: TestClient, id: number) {
    const headers: Record<string, string> = { 'Accept-Language': 'en-US' };
    if (c.token) headers.Authorization = c.token;
    const res = await fetch(`${server.url}${c.api.contestPrintTextPath(id)}`, { headers });
    if (res.headers.get('content-type')?.includes('application/json')) {
      const body = (await res.json()) as { status: number; msg: string };
      throw new ApiError('status', body.status, res.status, body.msg);
    }
    return { res, text: new TextDecoder('utf-8').decode(await res.arrayBuffer()) };
  }

  const printCount = async (cid: number) =>
    Number(
      (
        await db()
          .selectFrom('contest_print')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('cid', '=', cid)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    zhRoot = testClient(server.url, 'zh-CN');
    await zhRoot.login('root', server.rootPassword);
    owner = await client('opsowner', Role.ADMIN);
    otherAdmin = await client('opsother', Role.ADMIN);
    pal = await client('opspal');
    pbo = await client('opspbo');
    zhPal = testClient(server.url, 'zh-CN');
    zhPal.setToken(pal.token);
    anon = testClient(server.url);
    await db()
      .updateTable('user_info')
      .set({ realname: 'Pal Real' })
      .where('username', '=', 'opspal')
      .execute();

    const rows = await db().selectFrom('problem').select(['id', 'problem_id']).orderBy('id').execute();
    pidA = rows.find((r) => r.problem_id === '1000')?.id ?? 0;
    pidB = rows.find((r) => r.problem_id === '1001')?.id ?? 0;
    pidC = rows.find((r) => r.problem_id !== '1000' && r.problem_id !== '1001')?.id ?? 0;
    expect(pidA * pidB * pidC).toBeGreaterThan(0);

    running = await owner.api.adminAddContest(form({ title: 'Ops Running', openPrint: true }));
    for (const [pid, displayId] of [
      [pidA, 'A'],
      [pidB, 'B'],
    ] as const) {
      await owner.api.adminAddContestProblemFromPublic({ cid: running.id, pid, displayId });
    }
    privateC = await owner.api.adminAddContest(
      form({ title: 'Ops Private', auth: 1, pwd: 'letmein', openPrint: true }),
    );
    await pal.api.registerContest({ cid: privateC.id, password: 'letmein' });
    scheduled = await owner.api.adminAddContest(form({ title: 'Ops Later', openPrint: true }, HOUR, HOUR));
    noPrint = await owner.api.adminAddContest(form({ title: 'Ops No Print' }));
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('announcements', () => {
    it('lets the contest admin publish, edit and delete; participants see the visible ones, newest first', async () => {
      const first = await owner.api.adminAddContestAnnouncement({
        cid: running.id,
        announcement: { title: 'Welcome', content: 'Good luck!' },
      });
      expect(first).toMatchObject({
        cid: running.id,
        title: 'Welcome',
        content: 'Good luck!',
        status: 0,
        username: 'opsowner',
      });
      const hidden = await owner.api.adminAddContestAnnouncement({
        cid: running.id,
        announcement: { title: 'Draft', content: 'Not yet.', status: 1 },
      });
      // root administers every contest
      const third = await root.api.adminAddContestAnnouncement({
        cid: running.id,
        announcement: { title: 'Clarification', content: 'A: n ≤ 10^9.' },
      });

      const seen = await pal.api.getContestAnnouncements({ cid: running.id });
      expect(seen.records.map((a) => a.id)).toEqual([third.id, first.id]);
      expect([seen.total, seen.size, seen.current]).toEqual([2, 5, 1]);
      expect(seen.records[0]).toMatchObject({ title: 'Clarification', username: 'root', cid: running.id });
      const adminList = await owner.api.adminListContestAnnouncements({ cid: running.id });
      expect(adminList.records.map((a) => [a.id, a.status])).toEqual([
        [third.id, 0],
        [hidden.id, 1],
        [first.id, 0],
      ]);
      const paged = await owner.api.adminListContestAnnouncements({
        cid: running.id,
        currentPage: 2,
        limit: 2,
      });
      expect([paged.records.map((a) => a.id), paged.total, paged.pages]).toEqual([[first.id], 3, 2]);

      const shown = await owner.api.adminUpdateContestAnnouncement({
        cid: running.id,
        announcement: { id: hidden.id, title: 'Now public', status: 0 },
      });
      expect(shown).toMatchObject({ id: hidden.id, title: 'Now public', content: 'Not yet.', status: 0 });
      expect((await pal.api.getContestAnnouncements({ cid: running.id })).records.map((a) => a.id)).toEqual([
        third.id,
        hidden.id,
        first.id,
      ]);

      // an announcement is edited and deleted only through its own contest
      const otherContest = await failure(
        owner.api.adminUpdateContestAnnouncement({
          cid: noPrint.id,
          announcement: { id: first.id, title: 'x' },
        }),
      );
      expect([otherContest.httpStatus, otherContest.message]).toEqual([
        404,
        'This announcement does not exist in the contest.',
      ]);
      const wrongCid = await failure(owner.api.adminDeleteContestAnnouncement(first.id, noPrint.id));
      expect(wrongCid.httpStatus).toBe(404);

      await owner.api.adminDeleteContestAnnouncement(first.id, running.id);
      await owner.api.adminDeleteContestAnnouncement(hidden.id);
      expect((await pal.api.getContestAnnouncements({ cid: running.id })).records.map((a) => a.id)).toEqual([
        third.id,
      ]);
      const row = await db()
        .selectFrom('announcement')
        .select('id')
        .where('id', '=', first.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      const again = await failure(owner.api.adminDeleteContestAnnouncement(first.id));
      expect(again.httpStatus).toBe(404);
    });

    it('refuses broken announcement forms with their messages', async () => {
      const cases: [unknown, string][] = [
        [{ title: '  ', content: 'x' }, 'The announcement title is required.'],
        [{ title: 't'.repeat(256), content: 'x' }, 'The announcement title is at most 255 characters.'],
        [{ title: 'Title' }, 'The announcement content is required.'],
        [{ title: 'Title', content: '   ' }, 'The announcement content is required.'],
        [{ title: 'Title', content: 'x', status: 3 }, 'The status is 0 (visible) or 1 (hidden).'],
      ];
      for (const [announcement, message] of cases) {
        const e = await failure(
          owner.api.adminAddContestAnnouncement({
            cid: running.id,
            announcement: announcement as { title: string; content: string },
          }),
        );
        expect([e.httpStatus, e.message], JSON.stringify(announcement)).toEqual([400, message]);
      }
      const zh = await failure(
        zhRoot.api.adminAddContestAnnouncement({
          cid: running.id,
          announcement: { title: ' ', content: 'x' },
        }),
      );
      expect(zh.message).toBe('公告标题不能为空。');
      const noCid = await failure(
        pal.raw.request('GET', '/api/get-contest-announcement', { query: { currentPage: 1 } }),
      );
      expect([noCid.httpStatus, noCid.message]).toEqual([400, 'The contest id is required.']);
      expect(
        await db().selectFrom('contest_announcement').select('id').where('cid', '=', running.id).execute(),
      ).toHaveLength(1);
    });

    it('keeps announcement administration to the contest admins', async () => {
      const body = { cid: running.id, announcement: { title: 'Mine', content: 'Mine too.' } };
      const existing = (await owner.api.adminListContestAnnouncements({ cid: running.id })).records[0];
      const aid = existing?.id ?? 0;
      for (const c of [otherAdmin, pal]) {
        expect((await failure(c.api.adminAddContestAnnouncement(body))).httpStatus).toBe(403);
        expect((await failure(c.api.adminListContestAnnouncements({ cid: running.id }))).httpStatus).toBe(
          403,
        );
        expect(
          (
            await failure(
              c.api.adminUpdateContestAnnouncement({
                cid: running.id,
                announcement: { id: aid, title: 'x' },
              }),
            )
          ).httpStatus,
        ).toBe(403);
        expect((await failure(c.api.adminDeleteContestAnnouncement(aid))).httpStatus).toBe(403);
      }
      const notYours = await failure(otherAdmin.api.adminAddContestAnnouncement(body));
      expect(notYours.message).toBe("Only the contest's author or a super admin may manage this contest.");
      expect((await failure(anon.api.adminAddContestAnnouncement(body))).httpStatus).toBe(401);
      expect((await failure(anon.api.getContestAnnouncements({ cid: running.id }))).httpStatus).toBe(401);
      expect(
        (
          await failure(
            anon.api.getContestNotReadAnnouncements({ cid: running.id, readAnnouncementList: [] }),
          )
        ).httpStatus,
      ).toBe(401);
      // the announcement is still there
      expect((await owner.api.adminListContestAnnouncements({ cid: running.id })).records[0]?.id).toBe(aid);
    });

    it('applies the contest access rules: private needs registration, scheduled is closed to non-admins', async () => {
      const priv = await owner.api.adminAddContestAnnouncement({
        cid: privateC.id,
        announcement: { title: 'Private note', content: 'Only for the registered.' },
      });
      const later = await owner.api.adminAddContestAnnouncement({
        cid: scheduled.id,
        announcement: { title: 'Early note', content: 'Before the start.' },
      });
      expect((await pal.api.getContestAnnouncements({ cid: privateC.id })).records.map((a) => a.id)).toEqual([
        priv.id,
      ]);
      const unregistered = await failure(pbo.api.getContestAnnouncements({ cid: privateC.id }));
      expect([unregistered.httpStatus, unregistered.message]).toEqual([
        403,
        'Register for the contest with its password first.',
      ]);
      const unregisteredPoll = await failure(
        pbo.api.getContestNotReadAnnouncements({ cid: privateC.id, readAnnouncementList: [] }),
      );
      expect(unregisteredPoll.httpStatus).toBe(403);
      const early = await failure(pal.api.getContestAnnouncements({ cid: scheduled.id }));
      expect([early.httpStatus, early.message]).toEqual([403, 'The contest has not started yet.']);
      // its admins read it before the start
      expect(
        (await owner.api.getContestAnnouncements({ cid: scheduled.id })).records.map((a) => a.id),
      ).toEqual([later.id]);
      const missing = await failure(pal.api.getContestAnnouncements({ cid: 987654 }));
      expect(missing.httpStatus).toBe(404);
    });

    it('answers the not-read poll with the visible announcements not in the list, newest first', async () => {
      const c = await owner.api.adminAddContest(form({ title: 'Ops Poll' }));
      const one = await owner.api.adminAddContestAnnouncement({
        cid: c.id,
        announcement: { title: 'One', content: 'First.' },
      });
      await owner.api.adminAddContestAnnouncement({
        cid: c.id,
        announcement: { title: 'Hidden', content: 'Never polled.', status: 1 },
      });
      const two = await owner.api.adminAddContestAnnouncement({
        cid: c.id,
        announcement: { title: 'Two', content: 'Second.' },
      });
      const all = await pal.api.getContestNotReadAnnouncements({ cid: c.id, readAnnouncementList: [] });
      expect(all.map((a) => a.id)).toEqual([two.id, one.id]);
      expect(all[0]).toMatchObject({ id: two.id, title: 'Two', content: 'Second.', username: 'opsowner' });
      expect(typeof all[0]?.gmtCreate).toBe('string');
      const rest = await pal.api.getContestNotReadAnnouncements({
        cid: c.id,
        readAnnouncementList: [two.id, 42],
      });
      expect(rest.map((a) => a.id)).toEqual([one.id]);
      const none = await pal.api.getContestNotReadAnnouncements({
        cid: c.id,
        readAnnouncementList: [one.id, two.id],
      });
      expect(none).toEqual([]);
      // another contest's announcements never appear
      const otherIds = (
        await pal.api.getContestNotReadAnnouncements({ cid: running.id, readAnnouncementList: [] })
      ).map((a) => a.id);
      expect(otherIds).not.toContain(one.id);
      const tooMany = await failure(
        pal.api.getContestNotReadAnnouncements({
          cid: c.id,
          readAnnouncementList: Array.from({ length: 1001 }, (_, i) => i),
        }),
      );
      expect([tooMany.httpStatus, tooMany.message]).toEqual([
        400,
        'The list of read announcements must be at most 1000 ids.',
      ]);
    });

    it('never shows contest announcements among the site announcements', async () => {
      const site = await root.api.adminAddAnnouncement({ title: 'Site news', content: 'For everyone.' });
      const contestOnes = await db().selectFrom('contest_announcement').select('aid').execute();
      expect(contestOnes.length).toBeGreaterThan(2);
      const contestIds = contestOnes.map((r) => r.aid);
      const publicIds = (await anon.api.getCommonAnnouncement({ limit: 100 })).records.map((a) => a.id);
      const adminIds = (await root.api.adminListAnnouncements({ limit: 100 })).records.map((a) => a.id);
      expect(publicIds).toContain(site.id);
      expect(adminIds).toContain(site.id);
      for (const aid of contestIds) {
        expect(publicIds).not.toContain(aid);
        expect(adminIds).not.toContain(aid);
      }
      // site announcements: neither a contest's nor a group's (the demo group has one)
      const siteTotal = await db().selectFrom('announcement').select('id').where('gid', 'is', null).execute();
      expect((await root.api.adminListAnnouncements({ limit: 100 })).total).toBe(
        siteTotal.length - contestIds.length,
      );
      // nor are they edited or deleted as site announcements
      const aid = contestIds[0] ?? 0;
      expect((await failure(root.api.adminUpdateAnnouncement({ id: aid, title: 'Hijack' }))).httpStatus).toBe(
        404,
      );
      expect((await failure(root.api.adminDeleteAnnouncement(aid))).httpStatus).toBe(404);
      const kept = await db()
        .selectFrom('announcement')
        .select('title')
        .where('id', '=', aid)
        .executeTakeFirst();
      expect(kept?.title).not.toBe('Hijack');
      await root.api.adminDeleteAnnouncement(site.id);
    });
  });

  describe('prints', () => {
    it('refuses short, empty and oversized texts and stores nothing', async () => {
      const cases: [string, string][] = [
        ['x'.repeat(49), 'The text to print must have at least 50 characters.'],
        [`   ${'y'.repeat(49)}\n\n   `, 'The text to print must have at least 50 characters.'],
        ['   \n\t ', 'The text to print can not be empty.'],
        ['z'.repeat(65536), 'The text to print can not exceed 65535 characters.'],
      ];
      for (const [content, message] of cases) {
        const e = await failure(pal.api.submitPrintText({ cid: running.id, content }));
        expect([e.httpStatus, e.message], content.slice(0, 10)).toEqual([400, message]);
      }
      const zh = await failure(zhPal.api.submitPrintText({ cid: running.id, content: 'short' }));
      expect(zh.message).toBe('打印内容不能少于 50 个字符。');
      expect(await printCount(running.id)).toBe(0);
    });

    it('needs a login, contest access and printing open', async () => {
      expect(
        (await failure(anon.api.submitPrintText({ cid: running.id, content: PRINT_TEXT }))).httpStatus,
      ).toBe(401);
      const closed = await failure(pal.api.submitPrintText({ cid: noPrint.id, content: PRINT_TEXT }));
      expect([closed.httpStatus, closed.message]).toEqual([403, 'Printing is not open in this contest.']);
      const zhClosed = await failure(zhPal.api.submitPrintText({ cid: noPrint.id, content: PRINT_TEXT }));
      expect(zhClosed.message).toBe('本场比赛未开放打印。');
      const unregistered = await failure(pbo.api.submitPrintText({ cid: privateC.id, content: PRINT_TEXT }));
      expect([unregistered.httpStatus, unregistered.message]).toEqual([
        403,
        'Register for the contest with its password first.',
      ]);
      const early = await failure(pal.api.submitPrintText({ cid: scheduled.id, content: PRINT_TEXT }));
      expect([early.httpStatus, early.message]).toEqual([403, 'The contest has not started yet.']);
      for (const c of [noPrint, privateC, scheduled]) expect(await printCount(c.id)).toBe(0);
    });

    it('takes one request per user and contest every 30 s (429 with the wait, nothing stored)', async () => {
      const msg = await pal.api.submitPrintText({ cid: running.id, content: PRINT_TEXT });
      expect(msg).toBe('Print request sent. Please wait for the staff to bring it to you.');
      const tooFast = await failure(
        pal.api.submitPrintText({ cid: running.id, content: `${PRINT_TEXT}// again` }),
      );
      expect(tooFast.httpStatus).toBe(429);
      const seconds = (tooFast.data as { seconds: number }).seconds;
      expect(seconds).toBeGreaterThan(25);
      expect(seconds).toBeLessThanOrEqual(30);
      expect(tooFast.message).toBe(
        `You have just sent a print request. Please wait ${seconds} seconds before sending another.`,
      );
      expect(await printCount(running.id)).toBe(1);
      // another user, and the same user in another contest, are not held up
      await pbo.api.submitPrintText({ cid: running.id, content: `${PRINT_TEXT}// from pbo` });
      await pal.api.submitPrintText({ cid: privateC.id, content: PRINT_TEXT });
      expect(await printCount(running.id)).toBe(2);
      expect(await printCount(privateC.id)).toBe(1);
    });

    it('lists requests to the contest admins without their text, waiting first and newest first', async () => {
      const page = await owner.api.getContestPrints({ cid: running.id });
      expect([page.total, page.size]).toEqual([2, 15]);
      expect(page.records.map((p) => [p.username, p.status])).toEqual([
        ['opspbo', 0],
        ['opspal', 0],
      ]);
      expect(page.records[1]).toMatchObject({ cid: running.id, realname: 'Pal Real' });
      for (const r of page.records) expect(r).not.toHaveProperty('content');
      const palId = page.records[1]?.id ?? 0;

      for (const c of [pal, otherAdmin]) {
        expect((await failure(c.api.getContestPrints({ cid: running.id }))).httpStatus).toBe(403);
        expect((await failure(c.api.checkContestPrintStatus(palId, running.id))).httpStatus).toBe(403);
      }
      expect((await failure(anon.api.getContestPrints({ cid: running.id }))).httpStatus).toBe(401);
      expect((await root.api.getContestPrints({ cid: running.id })).total).toBe(2);

      await owner.api.checkContestPrintStatus(palId, running.id);
      const after = await owner.api.getContestPrints({ cid: running.id });
      expect(after.records.map((p) => [p.username, p.status])).toEqual([
        ['opspbo', 0],
        ['opspal', 1],
      ]);
      const wrongContest = await failure(owner.api.checkContestPrintStatus(palId, privateC.id));
      expect([wrongContest.httpStatus, wrongContest.message]).toEqual([
        404,
        'This print request does not exist in the contest.',
      ]);
      const limited = await owner.api.getContestPrints({ cid: running.id, limit: 1, currentPage: 2 });
      expect([limited.records.map((p) => p.username), limited.pages]).toEqual([['opspal'], 2]);
    });

    it('hands the text to the contest admins as a UTF-8 file with a safe name', async () => {
      const id = (await owner.api.getContestPrints({ cid: running.id })).records.find(
        (p) => p.username === 'opspal',
      )?.id as number;
      const { res, text } = await downloadPrint(owner, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="print-${id}-opspal.txt"`);
      expect(text).toBe(PRINT_TEXT);
      expect((await downloadPrint(root, id)).text).toBe(PRINT_TEXT);

      // a username that is not a safe file name
      const odd = await client('o"d/d 中');
      const contest = await owner.api.adminAddContest(form({ title: 'Ops Odd', openPrint: true }));
      await odd.api.submitPrintText({ cid: contest.id, content: PRINT_TEXT });
      const oddId = (await owner.api.getContestPrints({ cid: contest.id })).records[0]?.id ?? 0;
      const oddFile = await downloadPrint(owner, oddId);
      expect(oddFile.res.headers.get('content-disposition')).toBe(
        `attachment; filename="print-${oddId}-o_d_d.txt"`,
      );

      for (const c of [pal, otherAdmin]) {
        const refused = await failure(downloadPrint(c, id));
        expect(refused.httpStatus).toBe(403);
      }
      expect((await failure(downloadPrint(anon, id))).httpStatus).toBe(401);
      const missing = await failure(downloadPrint(owner, 987654));
      expect([missing.httpStatus, missing.message]).toEqual([
        404,
        'This print request does not exist in the contest.',
      ]);
    });
  });

  /** the judge rows of the AC info tests, by name */
  const ids: Record<string, number> = {};

  describe('AC info (balloons)', () => {
    let start: number;

    beforeAll(async () => {
      start = Date.parse(running.startTime);
      const end = Date.parse(running.endTime);
      const t = (ms: number) => new Date(start + ms).toISOString();
      const row = (
        key: string,
        username: string,
        pid: number,
        displayId: string,
        status: number,
        time: string,
      ) =>
        judgeRow({ username, cid: running.id, pid, displayId, status, submitTime: time }).then((id) => {
          ids[key] = id;
        });
      const AC = JudgeStatus.ACCEPTED;
      await row('rootA', 'root', pidA, 'A', AC, t(1 * MINUTE)); // root: left out
      await row('ownerB', 'opsowner', pidB, 'B', AC, t(2 * MINUTE)); // the creator: left out
      await row('otherA', 'opsother', pidA, 'A', AC, t(3 * MINUTE)); // another admin counts: first blood A
      await row('pboWA', 'opspbo', pidA, 'A', JudgeStatus.WRONG_ANSWER, t(5 * MINUTE));
      await row('palA', 'opspal', pidA, 'A', AC, t(10 * MINUTE));
      await row('pboB', 'opspbo', pidB, 'B', AC, t(15 * MINUTE)); // first blood B
      await row('palA2', 'opspal', pidA, 'A', AC, t(20 * MINUTE)); // not the first AC
      await row('pboA', 'opspbo', pidA, 'A', AC, t(30 * MINUTE));
      await row('palEarly', 'opspal', pidB, 'B', AC, t(-10 * MINUTE)); // before the start
      await row('palLate', 'opspal', pidB, 'B', AC, new Date(end).toISOString()); // at the end: outside
      await row('palB', 'opspal', pidB, 'B', AC, t(40 * MINUTE));
    });

    it('lists the first AC of each user per problem with first blood, for contest admins only', async () => {
      const page = await owner.api.getContestAcInfo({ cid: running.id });
      expect([page.total, page.size]).toEqual([5, 20]);
      expect(
        page.records.map((r) => [r.id, r.username, r.displayId, r.time, r.firstBlood, r.checked]),
      ).toEqual([
        [ids.otherA, 'opsother', 'A', 180, true, false],
        [ids.palA, 'opspal', 'A', 600, false, false],
        [ids.pboB, 'opspbo', 'B', 900, true, false],
        [ids.pboA, 'opspbo', 'A', 1800, false, false],
        [ids.palB, 'opspal', 'B', 2400, false, false],
      ]);
      expect(page.records[1]).toMatchObject({
        cid: running.id,
        pid: pidA,
        submitId: ids.palA,
        realname: 'Pal Real',
        submitTime: new Date(start + 10 * MINUTE).toISOString(),
      });
      const second = await root.api.getContestAcInfo({ cid: running.id, currentPage: 2, limit: 2 });
      expect([second.records.map((r) => r.id), second.pages]).toEqual([[ids.pboB, ids.pboA], 3]);

      for (const c of [pal, otherAdmin]) {
        expect((await failure(c.api.getContestAcInfo({ cid: running.id }))).httpStatus).toBe(403);
      }
      expect((await failure(anon.api.getContestAcInfo({ cid: running.id }))).httpStatus).toBe(401);
    });

    it('stores the checked flag and lists checked balloons last', async () => {
      expect(
        await owner.api.checkContestAcInfo({ id: ids.palA ?? 0, cid: running.id, checked: true }),
      ).toBeNull();
      await owner.api.checkContestAcInfo({ id: ids.otherA ?? 0, cid: running.id, checked: true });
      let page = await owner.api.getContestAcInfo({ cid: running.id });
      expect(page.records.map((r) => [r.id, r.checked])).toEqual([
        [ids.pboB, false],
        [ids.pboA, false],
        [ids.palB, false],
        [ids.otherA, true],
        [ids.palA, true],
      ]);
      await root.api.checkContestAcInfo({ id: ids.otherA ?? 0, cid: running.id, checked: false });
      page = await owner.api.getContestAcInfo({ cid: running.id });
      expect(page.records.map((r) => r.id)).toEqual([ids.otherA, ids.pboB, ids.pboA, ids.palB, ids.palA]);
      expect(page.records[0]?.firstBlood).toBe(true);

      const wa = await failure(
        owner.api.checkContestAcInfo({ id: ids.pboWA ?? 0, cid: running.id, checked: true }),
      );
      expect([wa.httpStatus, wa.message]).toEqual([
        404,
        'No accepted submission with this id in the contest.',
      ]);
      const otherContest = await failure(
        owner.api.checkContestAcInfo({ id: ids.palB ?? 0, cid: privateC.id, checked: true }),
      );
      expect(otherContest.httpStatus).toBe(404);
      for (const c of [pal, otherAdmin]) {
        const refused = await failure(
          c.api.checkContestAcInfo({ id: ids.palB ?? 0, cid: running.id, checked: true }),
        );
        expect(refused.httpStatus).toBe(403);
      }
      const noFlag = await failure(
        owner.raw.request('PUT', '/api/check-contest-ac-info', { body: { id: ids.palB, cid: running.id } }),
      );
      expect([noFlag.httpStatus, noFlag.message]).toEqual([
        400,
        'Say whether the balloon was delivered (true or false).',
      ]);
      const stored = await db()
        .selectFrom('contest_balloon')
        .select(['submit_id', 'checked'])
        .where('cid', '=', running.id)
        .orderBy('submit_id')
        .execute();
      // otherA was submitted before palA, so its id is smaller
      expect(stored.map((r) => [r.submit_id, r.checked])).toEqual([
        [ids.otherA, 0],
        [ids.palA, 1],
      ]);
    });
  });

  describe('rejudge a contest problem', () => {
    it('requeues every submission of the problem in the contest, for root only', async () => {
      const c = await owner.api.adminAddContest(form({ title: 'Ops Rejudge' }));
      await owner.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidA, displayId: 'A' });
      await owner.api.adminAddContestProblemFromPublic({ cid: c.id, pid: pidB, displayId: 'B' });
      const t = at(-30 * MINUTE);
      const targets = [
        await judgeRow({
          username: 'opspal',
          cid: c.id,
          pid: pidA,
          displayId: 'A',
          status: 0,
          submitTime: t,
        }),
        await judgeRow({
          username: 'opspbo',
          cid: c.id,
          pid: pidA,
          displayId: 'A',
          status: -1,
          submitTime: t,
        }),
        await judgeRow({
          username: 'opspbo',
          cid: c.id,
          pid: pidA,
          displayId: 'A',
          status: 1,
          submitTime: t,
        }),
      ];
      const otherProblem = await judgeRow({
        username: 'opspal',
        cid: c.id,
        pid: pidB,
        displayId: 'B',
        status: 0,
        submitTime: t,
      });
      const snapshot = async (submitIds: number[]) =>
        db()
          .selectFrom('judge')
          .select(['submit_id', 'status', 'time', 'memory', 'score', 'priority', 'attempt'])
          .where('submit_id', 'in', submitIds)
          .orderBy('submit_id')
          .execute();
      const before = await snapshot([...targets, otherProblem, ids.palA ?? 0]);

      for (const who of [pal, owner, otherAdmin]) {
        const refused = await failure(who.api.adminRejudgeContestProblem({ cid: c.id, pid: pidA }));
        expect(refused.httpStatus).toBe(403);
      }
      expect((await failure(anon.api.adminRejudgeContestProblem({ cid: c.id, pid: pidA }))).httpStatus).toBe(
        401,
      );
      expect(await snapshot([...targets, otherProblem, ids.palA ?? 0])).toEqual(before);

      const msg = await root.api.adminRejudgeContestProblem({ cid: c.id, pid: pidA, contestId: 'ignored' });
      expect(msg).toBe('Rejudge successfully');
      const after = await snapshot(targets);
      expect(after.map((r) => [r.status, r.time, r.memory, r.score, r.priority, r.attempt])).toEqual(
        targets.map(() => [JudgeStatus.PENDING, null, null, null, 2, 2]),
      );
      // the other problem, and the same problem in another contest, are untouched
      expect(await snapshot([otherProblem, ids.palA ?? 0])).toEqual(
        before.filter((r) => r.submit_id === otherProblem || r.submit_id === ids.palA),
      );
      const zhMsg = await zhRoot.api.adminRejudgeContestProblem({ cid: c.id, pid: pidB });
      expect(zhMsg).toBe('重判成功');

      const none = await failure(root.api.adminRejudgeContestProblem({ cid: c.id, pid: pidC }));
      expect([none.httpStatus, none.message]).toEqual([
        400,
        'This problem has no submissions in the contest to rejudge.',
      ]);
      const zhNone = await failure(zhRoot.api.adminRejudgeContestProblem({ cid: c.id, pid: pidC }));
      expect(zhNone.message).toBe('该题目在本场比赛中没有可重判的提交。');
      const noContest = await failure(root.api.adminRejudgeContestProblem({ cid: 987654, pid: pidA }));
      expect(noContest.httpStatus).toBe(404);
    });
  });

  describe('landing page', () => {
    it('serves the landing data of a visible contest by short name or id, without a login and without secrets', async () => {
      const c = await owner.api.adminAddContest(
        form({
          title: 'Landing Cup',
          auth: 1,
          pwd: 'hidden-pw',
          shortName: 'land1',
          subheading: 'Spring round',
          sponsor: 'ACME',
          coOrganizer: 'Club',
          organizer: 'School',
          backgroundImage: '/api/public/img/land.png',
          informed: 'Secret briefing',
          starAccount: ['opspal'],
        }),
      );
      const home = {
        cid: c.id,
        title: 'Landing Cup',
        subheading: 'Spring round',
        startTime: c.startTime,
        endTime: c.endTime,
        sponsor: 'ACME',
        coOrganizer: 'Club',
        organizer: 'School',
        shortName: 'land1',
      };
      expect(await anon.api.getContestHome({ contest: 'land1' })).toEqual(home);
      expect(await anon.api.getContestHome({ contestId: c.id })).toEqual(home);
      expect(await anon.api.getContestHome({ cid: c.id })).toEqual(home);
      expect(await anon.api.getContestHomeImg({ contest: 'land1' })).toBe('/api/public/img/land.png');
      expect(await anon.api.getContestHomeId({ contest: 'land1' })).toBe(c.id);
      const raw = await fetch(`${server.url}/api/contest-home?contest=land1`);
      const text = await raw.text();
      for (const secret of ['hidden-pw', 'Secret briefing', 'opspal']) expect(text).not.toContain(secret);

      // no image: null
      const plain = await owner.api.adminAddContest(form({ title: 'Plain Cup', shortName: 'plain1' }));
      expect(await anon.api.getContestHomeImg({ contest: 'plain1' })).toBeNull();
      expect(await anon.api.getContestHome({ contest: 'plain1' })).toMatchObject({
        cid: plain.id,
        subheading: null,
        sponsor: null,
      });

      // hidden or missing: 404; nothing named: 400
      await owner.api.adminChangeContestVisible(c.id, false);
      for (const call of [
        () => anon.api.getContestHome({ contest: 'land1' }),
        () => anon.api.getContestHomeImg({ contest: 'land1' }),
        () => anon.api.getContestHomeId({ contestId: c.id }),
        () => anon.api.getContestHome({ contest: 'nosuch' }),
      ]) {
        const e = await failure(call());
        expect([e.httpStatus, e.message]).toEqual([404, 'The contest does not exist.']);
      }
      const nothing = await failure(anon.api.getContestHome({}));
      expect([nothing.httpStatus, nothing.message]).toEqual([
        400,
        "Give the contest's short name or its id.",
      ]);
    });
  });

  it('deletes a contest with its announcements, prints and balloons', async () => {
    const doomed = await owner.api.adminAddContest(form({ title: 'Ops Doomed', openPrint: true }));
    const notice = await owner.api.adminAddContestAnnouncement({
      cid: doomed.id,
      announcement: { title: 'Bye', content: 'Going away.' },
    });
    await pal.api.submitPrintText({ cid: doomed.id, content: 'p'.repeat(60) });
    await db()
      .insertInto('contest_balloon')
      .values({ cid: doomed.id, submit_id: 1, checked: 1, gmt_modified: new Date().toISOString() })
      .execute();
    await root.api.adminDeleteContest(doomed.id);
    const left = async (table: 'contest_announcement' | 'contest_print' | 'contest_balloon') =>
      (await db().selectFrom(table).select('id').where('cid', '=', doomed.id).execute()).length;
    expect([
      await left('contest_announcement'),
      await left('contest_print'),
      await left('contest_balloon'),
    ]).toEqual([0, 0, 0]);
    const gone = await db().selectFrom('announcement').select('id').where('id', '=', notice.id).execute();
    expect(gone).toEqual([]);
  });
});
