import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_ACTION_LIMITS, GROUP_CODE_GUARD, GroupAuth } from '../../shared/constants/groups';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { GroupForm } from '../../shared/schemas/groups';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { insertJudgeRows } from '../helpers/judge-rows';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * Groups at HOJ's paths (docs/architecture.md, Groups): the list and a group's page, creating one
 * (lengths, names, codes, HOJ's accepted-problem, daily and total rules), joining (public, protected,
 * private with the invitation code and its limit), approving and roles by who may and may not,
 * removing and leaving (access lost at once), announcements, discussions (never in the site's area),
 * the rank, dissolving, and root's console.
 */
type User = TestClient & { uid: string };

describe.each(DATABASES)('groups on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let admin: User;
  let alice: User;
  let bob: User;
  let carol: User;
  let dave: User;
  let eve: User;
  let noGroups: User;
  let zhDave: TestClient;
  let anon: TestClient;
  let chat = 0;
  let seq = 0;

  const db = () => server.server.ctx.db.kysely;
  /** a valid group form with a fresh name */
  const form = (over: Partial<GroupForm> = {}): GroupForm => {
    seq += 1;
    return {
      name: `Study group ${seq}`,
      shortName: `sg${seq}xx`,
      brief: 'We practise together',
      description: 'Weekly **practice** and $a+b$ talks.',
      auth: GroupAuth.PUBLIC,
      visible: true,
      ...over,
    };
  };
  const rules = (r: {
    defaultCreateGroupDailyLimit?: number;
    defaultCreateGroupLimit?: number;
    defaultCreateGroupACInitValue?: number;
  }) => root.api.adminUpdateSwitches(r);
  const groupCount = async () =>
    Number(
      (
        await db()
          .selectFrom('group_info')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  const notices = (uid: string, like: string) =>
    db()
      .selectFrom('user_sys_notice as u')
      .innerJoin('admin_sys_notice as n', 'n.id', 'u.sys_notice_id')
      .select(['n.title', 'n.content'])
      .where('u.recipient_id', '=', uid)
      .where('u.type', '=', 'Mine')
      .where('n.title', 'like', `%${like}%`)
      .execute();
  /** a public group of alice's with these users as plain members */
  const publicGroup = async (members: User[] = [], over: Partial<GroupForm> = {}) => {
    const group = await alice.api.addGroup(form(over));
    for (const m of members) expect(await m.api.addGroupMember({ gid: group.id })).toBe(3);
    return group;
  };
  const setRole = (by: TestClient, gid: number, who: User, auth: number) =>
    by.api.updateGroupMember({ gid, uid: who.uid, auth });
  const post = (c: TestClient, gid: number, over: Record<string, unknown> = {}) =>
    c.api.addGroupDiscussion({
      gid,
      title: 'Who solved 1000?',
      description: 'A question for the group',
      content: 'Let us compare $O(1)$ solutions.',
      categoryId: chat,
      ...over,
    });

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'gadmin', { roleId: Role.ADMIN });
    alice = await userClient(server, 'galice');
    bob = await userClient(server, 'gbob', { nickname: 'Bobby' });
    carol = await userClient(server, 'gcarol');
    dave = await userClient(server, 'gdave');
    eve = await userClient(server, 'geve');
    noGroups = await userClient(server, 'gnodisc', { roleId: Role.NO_DISCUSS });
    zhDave = testClient(server.url, 'zh-CN');
    zhDave.setToken(dave.token);
    anon = testClient(server.url);
    chat = (await anon.api.getDiscussionCategories()).find((c) => c.name.includes('Chat'))?.id ?? 0;
    // the create rules get their own test: here anyone may create and post
    await rules({
      defaultCreateGroupACInitValue: 0,
      defaultCreateGroupDailyLimit: 100,
      defaultCreateGroupLimit: 100,
    });
    await root.api.adminUpdateSwitches({
      defaultCreateDiscussionACInitValue: 0,
      defaultCreateDiscussionDailyLimit: 100,
      defaultCreateCommentACInitValue: 0,
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });
  beforeEach(async () => {
    await db().deleteFrom('rate_window').execute();
  });

  it('shows the demo group to visitors and keeps its content for members', async () => {
    const list = await anon.api.getGroupList({});
    const demo = list.records.find((g) => g.shortName === 'lounge');
    expect(demo).toMatchObject({ owner: 'root', auth: GroupAuth.PUBLIC, visible: true, memberCount: 1 });
    expect(demo).not.toHaveProperty('code');
    const gid = demo?.id ?? 0;
    const detail = await anon.api.getGroupDetail(gid);
    expect(detail).toMatchObject({ name: 'Verdict Lounge 交流群', code: null, status: 0 });
    expect(detail.descriptionHtml).toContain('<p>');
    // its announcement and discussion are for members: a visitor must log in, a user must join
    const visitor = await failure(anon.api.getGroupAnnouncementList({ gid }));
    expect(visitor.httpStatus).toBe(401);
    const outsider = await failure(dave.api.getGroupAnnouncementList({ gid }));
    expect([outsider.httpStatus, outsider.message]).toEqual([
      403,
      "Sorry, only the group's members may do this.",
    ]);
    const announcements = await root.api.getGroupAnnouncementList({ gid });
    expect(announcements.records.map((a) => a.title)).toEqual(['Welcome to the lounge / 欢迎加入']);
    const discussions = await root.api.getGroupDiscussionList({ gid });
    expect(discussions.records.map((d) => d.title)).toEqual(['Say hello / 打个招呼']);
    // the site's lists never show a group's rows
    const site = await anon.api.getDiscussionList({});
    expect(site.records.some((d) => d.gid !== null)).toBe(false);
    const common = await anon.api.getCommonAnnouncement({ limit: 50 });
    expect(common.records.some((a) => a.title.includes('lounge'))).toBe(false);
    expect(await anon.api.getGroupAccess(gid).catch((e) => e.httpStatus)).toBe(401);
    expect(await dave.api.getGroupAccess(gid)).toEqual({ access: false });
    expect(await root.api.getGroupAccess(gid)).toEqual({ access: true });
    expect(await dave.api.getGroupAuth(gid)).toBe(0);
  });

  it('creates a group only with HOJ’s lengths, a code for protected and private ones and free names', async () => {
    const before = await groupCount();
    const bad = async (over: Partial<GroupForm>, message: string) => {
      const e = await failure(alice.api.addGroup(form(over)));
      expect([e.httpStatus, e.message]).toEqual([400, message]);
    };
    await bad({ name: 'Tiny' }, 'The group name must be 5 to 25 characters long.');
    await bad({ name: 'x'.repeat(26) }, 'The group name must be 5 to 25 characters long.');
    await bad({ shortName: 'abcd' }, 'The group short name must be 5 to 10 characters long.');
    await bad({ shortName: 'abcdefghijk' }, 'The group short name must be 5 to 10 characters long.');
    await bad({ brief: 'Hi' }, 'The group brief must be 5 to 50 characters long.');
    await bad({ description: 'x'.repeat(1001) }, 'The group description must be 5 to 1000 characters long.');
    await bad(
      { auth: GroupAuth.PROTECTED },
      'A protected or private group needs an invitation code of 6 characters.',
    );
    await bad(
      { auth: GroupAuth.PRIVATE, code: '12345' },
      'The invitation code must be exactly 6 characters long.',
    );
    await bad({ auth: 4 }, "The group's access is 1 (public), 2 (protected) or 3 (private).");
    const noPermission = await failure(noGroups.api.addGroup(form()));
    expect([noPermission.httpStatus, noPermission.message]).toEqual([
      403,
      'Your account may not create groups.',
    ]);
    expect((await failure(anon.api.addGroup(form()))).httpStatus).toBe(401);
    expect(await groupCount()).toBe(before);

    const made = await alice.api.addGroup(form({ name: 'Algorithms club', shortName: 'algoc' }));
    expect(made).toMatchObject({
      name: 'Algorithms club',
      owner: 'galice',
      uid: alice.uid,
      auth: 1,
      visible: true,
    });
    expect(await alice.api.getGroupAuth(made.id)).toBe(5);
    const members = await alice.api.getGroupMemberList({ gid: made.id });
    expect(members.records.map((m) => [m.username, m.auth])).toEqual([['galice', 5]]);
    const sameName = await failure(bob.api.addGroup(form({ name: 'Algorithms club' })));
    expect([sameName.httpStatus, sameName.message]).toEqual([
      400,
      'A group with this name exists already: please choose another.',
    ]);
    const sameShort = await failure(bob.api.addGroup(form({ shortName: 'algoc' })));
    expect([sameShort.httpStatus, sameShort.message]).toEqual([
      400,
      'A group with this short name exists already: please choose another.',
    ]);
    expect(await groupCount()).toBe(before + 1);
  });

  it('applies HOJ’s create rules to users: accepted problems, groups a day and groups owned', async () => {
    await rules({
      defaultCreateGroupACInitValue: 2,
      defaultCreateGroupDailyLimit: 2,
      defaultCreateGroupLimit: 3,
    });
    try {
      const e = await failure(eve.api.addGroup(form()));
      expect([e.httpStatus, e.message]).toEqual([
        403,
        'Sorry, you cannot create a group yet! Please get at least 2 problems accepted first.',
      ]);
      const problems = await db().selectFrom('problem').select(['id', 'problem_id']).limit(2).execute();
      await insertJudgeRows(
        server.server.ctx.db,
        problems.map((p) => ({
          uid: eve.uid,
          username: 'geve',
          pid: p.id,
          displayPid: p.problem_id,
          status: JudgeStatus.ACCEPTED,
          submitTime: new Date().toISOString(),
        })),
      );
      const owned = await groupCount();
      await eve.api.addGroup(form());
      await eve.api.addGroup(form());
      const day = await failure(eve.api.addGroup(form()));
      expect([day.httpStatus, day.message]).toEqual([
        429,
        'Sorry, you have created 2 groups in the last 24 hours, the most a day allows. Please try again later.',
      ]);
      // the next day: the total rule (3) allows one more, then refuses
      await db().deleteFrom('rate_window').execute();
      await eve.api.addGroup(form());
      const total = await failure(eve.api.addGroup(form()));
      expect([total.httpStatus, total.message]).toEqual([
        403,
        'Sorry, you have created 3 groups, the most one account may own.',
      ]);
      expect(await groupCount()).toBe(owned + 3);
      // admin roles are exempt (HOJ), with no accepted problem at all
      for (let i = 0; i < 4; i++) await admin.api.addGroup(form());
      const switches = await root.api.adminGetSwitches();
      expect(switches).toMatchObject({
        defaultCreateGroupACInitValue: 2,
        defaultCreateGroupDailyLimit: 2,
        defaultCreateGroupLimit: 3,
      });
      const range = await failure(rules({ defaultCreateGroupLimit: 1001 }));
      expect([range.httpStatus, range.message]).toEqual([
        400,
        'A group rule is a whole number from 0 to 1000.',
      ]);
    } finally {
      await rules({
        defaultCreateGroupACInitValue: 0,
        defaultCreateGroupDailyLimit: 100,
        defaultCreateGroupLimit: 100,
      });
    }
  });

  it('hides a hidden group from outsiders (403), a banned one from all but root (404), the code from non-roots', async () => {
    const hidden = await alice.api.addGroup(
      form({ name: 'Secret society', auth: GroupAuth.PRIVATE, code: 'abc123', visible: false }),
    );
    for (const c of [bob, anon]) {
      const e = await failure(c.api.getGroupDetail(hidden.id));
      expect([e.httpStatus, e.message]).toEqual([
        403,
        'This group is not public: only its members may enter.',
      ]);
    }
    expect((await alice.api.getGroupDetail(hidden.id)).code).toBe('abc123');
    expect((await root.api.getGroupDetail(hidden.id)).code).toBe('abc123');
    const names = async (c: TestClient, onlyMine = false) =>
      (await c.api.getGroupList({ limit: 100, onlyMine })).records.map((g) => g.name);
    expect(await names(bob)).not.toContain('Secret society');
    expect(await names(anon)).not.toContain('Secret society');
    expect(await names(alice)).toContain('Secret society');
    expect(await names(alice, true)).toContain('Secret society');
    expect(await names(root)).toContain('Secret society');
    expect(await names(anon, true)).toEqual([]);
    const byKeyword = await anon.api.getGroupList({ keyword: 'ALGORITHMS' });
    expect(byKeyword.records.map((g) => g.name)).toEqual(['Algorithms club']);
    const privates = await root.api.getGroupList({ auth: GroupAuth.PRIVATE, limit: 100 });
    expect(privates.records.every((g) => g.auth === GroupAuth.PRIVATE)).toBe(true);

    // the console: root bans it; then it is missing for everyone else, members included
    const publicOne = await publicGroup([bob], { name: 'Soon banned' });
    const forbidden = await failure(admin.api.adminChangeGroupStatus(publicOne.id, 1));
    expect(forbidden.httpStatus).toBe(403);
    expect((await root.api.adminChangeGroupStatus(publicOne.id, 1)).status).toBe(1);
    for (const c of [alice, bob]) {
      const e = await failure(c.api.getGroupDetail(publicOne.id));
      expect([e.httpStatus, e.message]).toEqual([404, 'The group does not exist or has been banned.']);
    }
    expect((await failure(bob.api.getGroupAnnouncementList({ gid: publicOne.id }))).httpStatus).toBe(404);
    expect((await failure(alice.api.deleteGroup(publicOne.id))).httpStatus).toBe(404);
    expect(await names(bob)).not.toContain('Soon banned');
    expect((await root.api.getGroupDetail(publicOne.id)).status).toBe(1);
    const consoleList = await root.api.adminGetGroupList({ status: 1 });
    expect(consoleList.records.map((g) => [g.name, g.status, g.memberCount])).toEqual([
      ['Soon banned', 1, 2],
    ]);
    await root.api.adminChangeGroupStatus(publicOne.id, 0);
    expect((await bob.api.getGroupDetail(publicOne.id)).name).toBe('Soon banned');
    expect((await failure(admin.api.adminGetGroupList({}))).httpStatus).toBe(403);
  });

  it('joins a public group at once, applies to a protected one with a reason, a private one with its code', async () => {
    const open = await publicGroup();
    const welcomed = (await notices(bob.uid, 'Welcome')).length;
    expect(await bob.api.addGroupMember({ gid: open.id })).toBe(3);
    const again = await failure(bob.api.addGroupMember({ gid: open.id }));
    expect([again.httpStatus, again.message]).toEqual([409, 'You are a member of this group already.']);
    expect(await notices(bob.uid, 'Welcome')).toHaveLength(welcomed + 1);

    const guarded = await alice.api.addGroup(form({ auth: GroupAuth.PROTECTED, code: 'pro123' }));
    const noReason = await failure(carol.api.addGroupMember({ gid: guarded.id }));
    expect([noReason.httpStatus, noReason.message]).toEqual([
      400,
      "Please tell the group's admins why you want to join (5 to 100 characters).",
    ]);
    const short = await failure(carol.api.addGroupMember({ gid: guarded.id, reason: 'hi' }));
    expect([short.httpStatus, short.message]).toEqual([400, 'The reason must be 5 to 100 characters long.']);
    expect(await carol.api.addGroupMember({ gid: guarded.id, reason: 'I like graphs' })).toBe(1);
    const twice = await failure(carol.api.addGroupMember({ gid: guarded.id, reason: 'Please let me in' }));
    expect([twice.httpStatus, twice.message]).toEqual([
      409,
      "You have applied already: please wait for the group's admins.",
    ]);
    expect(await carol.api.getGroupAuth(guarded.id)).toBe(1);
    // an applicant is no member yet
    expect((await failure(carol.api.getGroupAnnouncementList({ gid: guarded.id }))).httpStatus).toBe(403);
    const application = await notices(alice.uid, 'Application');
    expect(application.at(-1)?.content).toContain('gcarol');

    const closed = await alice.api.addGroup(form({ auth: GroupAuth.PRIVATE, code: 'sec456' }));
    for (let i = 1; i < GROUP_CODE_GUARD.freeTries; i++) {
      const wrong = await failure(dave.api.addGroupMember({ gid: closed.id, code: `bad00${i}` }));
      expect([wrong.httpStatus, wrong.message]).toEqual([400, 'Wrong invitation code, please try again.']);
    }
    const last = await failure(zhDave.api.addGroupMember({ gid: closed.id, code: 'bad999' }));
    expect([last.httpStatus, last.message]).toEqual([
      400,
      `邀请码错误。请等待 ${GROUP_CODE_GUARD.firstWaitSeconds} 秒后再试。`,
    ]);
    // while the wait runs not even the right code is checked
    const waiting = await failure(dave.api.addGroupMember({ gid: closed.id, code: 'sec456' }));
    expect(waiting.httpStatus).toBe(429);
    expect(waiting.message).toMatch(/^Too many wrong invitation codes\. Please try again in \d+ seconds\.$/);
    expect(await dave.api.getGroupAuth(closed.id)).toBe(0);
    await db().deleteFrom('rate_window').execute();
    expect(await dave.api.addGroupMember({ gid: closed.id, code: 'sec456' })).toBe(1);

    const hidden = await alice.api.addGroup(form({ visible: false }));
    const notShown = await failure(bob.api.addGroupMember({ gid: hidden.id }));
    expect([notShown.httpStatus, notShown.message]).toEqual([
      403,
      'This group is not public: only its members may enter.',
    ]);

    // joining and leaving again and again runs into the application limit
    const { max } = GROUP_ACTION_LIMITS.applications;
    for (let i = 0; i < max; i++) {
      await eve.api.addGroupMember({ gid: open.id });
      await eve.api.exitGroup(open.id);
    }
    const tooMany = await failure(eve.api.addGroupMember({ gid: open.id }));
    expect(tooMany.httpStatus).toBe(429);
    expect(tooMany.message).toMatch(/^Too many applications: at most 10 in a while\./);
    expect(await eve.api.getGroupAuth(open.id)).toBe(0);
  });

  it('lets admins approve and refuse, group roots appoint admins, the owner roots; nobody touches the owner', async () => {
    const g = await alice.api.addGroup(form({ auth: GroupAuth.PROTECTED, code: 'rol123' }));
    for (const u of [bob, carol, dave])
      expect(
        await u.api.addGroupMember({ gid: g.id, reason: `I am ${u === bob ? 'bob' : 'someone'}!` }),
      ).toBe(1);
    const applications = await alice.api.getGroupApplyList({ gid: g.id });
    expect(applications.records.map((a) => [a.username, a.auth])).toEqual(
      expect.arrayContaining([
        ['gbob', 1],
        ['gcarol', 1],
        ['gdave', 1],
      ]),
    );
    expect(applications.records.find((a) => a.username === 'gbob')?.reason).toBe('I am bob!');
    expect((await failure(bob.api.getGroupApplyList({ gid: g.id }))).httpStatus).toBe(403);

    expect((await setRole(alice, g.id, bob, 3)).auth).toBe(3);
    expect(await notices(bob.uid, 'Welcome')).not.toHaveLength(0);
    const plain = await failure(setRole(bob, g.id, carol, 3));
    expect([plain.httpStatus, plain.message]).toEqual([403, "Sorry, only the group's admins may do this."]);
    await setRole(alice, g.id, bob, 4);
    // an admin approves and refuses, but makes no admins and changes no equal
    expect((await setRole(bob, g.id, carol, 3)).auth).toBe(3);
    expect((await setRole(bob, g.id, dave, 2)).auth).toBe(2);
    const raise = await failure(setRole(bob, g.id, carol, 4));
    expect([raise.httpStatus, raise.message]).toEqual([
      403,
      'Sorry, you may only change members below your own role, and only to a role below your own.',
    ]);
    expect((await failure(setRole(bob, g.id, bob, 3))).httpStatus).toBe(403);
    const owner = await failure(setRole(bob, g.id, alice, 3));
    expect([owner.httpStatus, owner.message]).toEqual([
      403,
      "Sorry, nobody may change or remove the group's owner.",
    ]);
    expect((await failure(setRole(root, g.id, alice, 3))).httpStatus).toBe(403);
    // the owner makes a group root, who appoints and dismisses admins but not roots
    await setRole(alice, g.id, carol, 5);
    expect((await setRole(carol, g.id, bob, 3)).auth).toBe(3);
    expect((await setRole(carol, g.id, bob, 4)).auth).toBe(4);
    expect((await failure(setRole(carol, g.id, bob, 5))).httpStatus).toBe(403);
    expect((await failure(setRole(carol, g.id, alice, 4))).httpStatus).toBe(403);
    const outsider = await failure(setRole(alice, g.id, eve, 3));
    expect([outsider.httpStatus, outsider.message]).toEqual([404, 'This user is not in the group.']);
    const badRole = await failure(setRole(alice, g.id, dave, 1));
    expect([badRole.httpStatus, badRole.message]).toEqual([
      400,
      'The role is 2 (refused), 3 (member), 4 (admin) or 5 (root).',
    ]);
    // the site's root changes anyone but the owner
    expect((await setRole(root, g.id, carol, 3)).auth).toBe(3);
    // a refused applicant may apply again
    expect(await dave.api.addGroupMember({ gid: g.id, reason: 'Second try, please' })).toBe(1);
    const members = await carol.api.getGroupMemberList({ gid: g.id });
    expect(members.records.map((m) => [m.username, m.auth, m.reason])).toEqual([
      ['galice', 5, null],
      ['gbob', 4, null],
      ['gcarol', 3, null],
    ]);
    const admins = await carol.api.getGroupMemberList({ gid: g.id, auth: 4 });
    expect(admins.records.map((m) => m.username)).toEqual(['gbob']);
  });

  it('removes members below one’s role, lets members leave, and a removed member loses the group at once', async () => {
    const g = await publicGroup([bob, carol, eve]);
    await setRole(alice, g.id, carol, 4);
    await setRole(alice, g.id, eve, 4);
    await alice.api.addGroupAnnouncement({ gid: g.id, title: 'Contest on Friday', content: 'Be there.' });
    const topic = await post(bob, g.id);
    expect((await bob.api.getGroupAnnouncementList({ gid: g.id })).total).toBe(1);
    expect((await bob.api.getDiscussionDetail(topic.id)).title).toBe('Who solved 1000?');

    await carol.api.deleteGroupMember(bob.uid, g.id);
    for (const call of [
      () => bob.api.getGroupAnnouncementList({ gid: g.id }),
      () => bob.api.getGroupDiscussionList({ gid: g.id }),
      () => bob.api.getDiscussionDetail(topic.id),
      () => bob.api.getComments({ did: topic.id }),
      () => bob.api.getGroupMemberList({ gid: g.id }),
    ]) {
      const e = await failure(call());
      expect([e.httpStatus, e.message]).toEqual([403, "Sorry, only the group's members may do this."]);
    }
    expect(await bob.api.getGroupAccess(g.id)).toEqual({ access: false });
    expect((await notices(bob.uid, 'Removed')).at(-1)?.content).toContain('gcarol');

    const self = await failure(carol.api.deleteGroupMember(carol.uid, g.id));
    expect([self.httpStatus, self.message]).toEqual([
      400,
      'You cannot remove yourself: to leave the group, use Exit.',
    ]);
    expect((await failure(carol.api.deleteGroupMember(alice.uid, g.id))).httpStatus).toBe(403);
    const equal = await failure(carol.api.deleteGroupMember(eve.uid, g.id));
    expect(equal.httpStatus).toBe(403);
    expect((await failure(bob.api.deleteGroupMember(eve.uid, g.id))).httpStatus).toBe(403);
    expect((await failure(carol.api.deleteGroupMember(dave.uid, g.id))).httpStatus).toBe(404);
    await alice.api.deleteGroupMember(eve.uid, g.id);

    await carol.api.exitGroup(g.id);
    const gone = await failure(carol.api.exitGroup(g.id));
    expect([gone.httpStatus, gone.message]).toEqual([
      403,
      'You are not a member of this group, so there is nothing to leave.',
    ]);
    const ownerExit = await failure(alice.api.exitGroup(g.id));
    expect([ownerExit.httpStatus, ownerExit.message]).toEqual([
      403,
      "As the group's owner you cannot leave it; you may dissolve it instead.",
    ]);
    expect((await alice.api.getGroupMemberList({ gid: g.id })).records.map((m) => m.username)).toEqual([
      'galice',
    ]);
  });

  it('shows announcements to members, lets admins write them and their authors or group roots change them', async () => {
    const g = await publicGroup([bob, carol, eve]);
    await setRole(alice, g.id, carol, 4);
    await setRole(alice, g.id, eve, 4);
    const shown = await alice.api.addGroupAnnouncement({
      gid: g.id,
      title: 'Rules',
      content: 'Be **kind**.',
    });
    expect(shown).toMatchObject({ gid: g.id, username: 'galice', status: 0 });
    expect(shown.contentHtml).toContain('<strong>kind</strong>');
    await alice.api.addGroupAnnouncement({ gid: g.id, title: 'Draft', content: 'Later', status: 1 });
    expect((await bob.api.getGroupAnnouncementList({ gid: g.id })).records.map((a) => a.title)).toEqual([
      'Rules',
    ]);
    expect((await carol.api.getGroupAdminAnnouncementList({ gid: g.id })).total).toBe(2);
    expect((await failure(bob.api.getGroupAdminAnnouncementList({ gid: g.id }))).httpStatus).toBe(403);
    const member = await failure(bob.api.addGroupAnnouncement({ gid: g.id, title: 'Mine', content: 'x' }));
    expect([member.httpStatus, member.message]).toEqual([403, "Sorry, only the group's admins may do this."]);
    const empty = await failure(carol.api.addGroupAnnouncement({ gid: g.id, title: '  ', content: 'x' }));
    expect(empty.httpStatus).toBe(400);

    const carols = await carol.api.addGroupAnnouncement({ gid: g.id, title: 'Carol says', content: 'Hello' });
    expect((await carol.api.updateGroupAnnouncement({ id: carols.id, title: 'Carol said' })).title).toBe(
      'Carol said',
    );
    expect((await alice.api.updateGroupAnnouncement({ id: carols.id, status: 1 })).status).toBe(1);
    const other = await failure(eve.api.updateGroupAnnouncement({ id: shown.id, title: 'Hijacked' }));
    expect([other.httpStatus, other.message]).toEqual([
      403,
      "Sorry, only its author and the group's roots may change this announcement.",
    ]);
    expect((await failure(eve.api.deleteGroupAnnouncement(carols.id))).httpStatus).toBe(403);
    await carol.api.deleteGroupAnnouncement(carols.id);
    const missing = await failure(carol.api.deleteGroupAnnouncement(carols.id));
    expect([missing.httpStatus, missing.message]).toEqual([404, 'This group announcement does not exist.']);
    // a group's announcement is not the site's, and the site's is not a group's
    expect(
      (await anon.api.getCommonAnnouncement({ limit: 50 })).records.some((a) => a.title === 'Rules'),
    ).toBe(false);
    const site = (await anon.api.getCommonAnnouncement({})).records[0]?.id ?? 0;
    expect((await failure(alice.api.deleteGroupAnnouncement(site))).httpStatus).toBe(404);
  });

  it('keeps group discussions for members, out of the site’s area, under the group switch', async () => {
    const g = await publicGroup([bob, carol]);
    await setRole(alice, g.id, carol, 4);
    const topic = await post(bob, g.id, { topPriority: true, pid: '1000' });
    expect(topic).toMatchObject({ gid: g.id, role: 'user', topPriority: false, pid: '1000' });
    const pinned = await post(carol, g.id, { title: 'Read me first', topPriority: true });
    expect(pinned).toMatchObject({ role: 'admin', topPriority: true });
    const list = await bob.api.getGroupDiscussionList({ gid: g.id });
    expect(list.records.map((d) => d.title)).toEqual(['Read me first', 'Who solved 1000?']);
    expect((await bob.api.getGroupDiscussionList({ gid: g.id, pid: '1000' })).total).toBe(1);
    const noProblem = await failure(post(bob, g.id, { pid: '99999' }));
    expect([noProblem.httpStatus, noProblem.message]).toEqual([
      404,
      "This problem does not exist, or is neither public nor the group's.",
    ]);
    expect((await failure(post(dave, g.id))).httpStatus).toBe(403);

    // the site's area never shows them, and its detail is the group members'
    const site = await root.api.getDiscussionList({ limit: 100, admin: true });
    expect(site.records.some((d) => d.id === topic.id)).toBe(false);
    expect((await failure(anon.api.getDiscussionDetail(topic.id))).httpStatus).toBe(401);
    expect((await failure(dave.api.getDiscussionDetail(topic.id))).httpStatus).toBe(403);
    expect((await failure(admin.api.getDiscussionDetail(topic.id))).httpStatus).toBe(403);
    expect((await root.api.getDiscussionDetail(topic.id)).gid).toBe(g.id);
    const explain = await failure(dave.api.getExplainList({ pid: '1000', gid: g.id }));
    expect(explain.httpStatus).toBe(403);
    expect((await bob.api.getExplainList({ pid: '1000', gid: g.id })).total).toBe(1);
    const publicEdit = { id: topic.id, title: 't', description: 'd', content: 'c', categoryId: chat };
    expect((await failure(bob.api.updateDiscussion(publicEdit))).httpStatus).toBe(404);

    // comments: members write them, the group's admins moderate
    const comment = await bob.api.addComment({ did: topic.id, content: 'Me!' });
    expect((await failure(dave.api.addComment({ did: topic.id, content: 'Me too' }))).httpStatus).toBe(403);
    await carol.api.deleteComment({ id: comment.id, did: topic.id });

    // edits: its author and the group's admins; another member or an outsider cannot
    const edit = { id: topic.id, title: 'Edited', description: 'd', content: 'c', categoryId: chat };
    expect((await carol.api.updateGroupDiscussion(edit)).title).toBe('Edited');
    expect((await failure(dave.api.updateGroupDiscussion(edit))).httpStatus).toBe(403);
    await eve.api.addGroupMember({ gid: g.id });
    const notYours = await failure(eve.api.updateGroupDiscussion(edit));
    expect([notYours.httpStatus, notYours.message]).toEqual([
      403,
      'Sorry, you can only change your own discussions!',
    ]);
    expect((await bob.api.updateGroupDiscussion({ ...edit, title: 'Mine again' })).title).toBe('Mine again');

    // the web config switch closes them, the group admins' list and deletions stay open
    await root.api.adminSetWebConfig({ openGroupDiscussion: false });
    try {
      for (const call of [
        () => bob.api.getGroupDiscussionList({ gid: g.id }),
        () => root.api.getDiscussionDetail(topic.id),
        () => post(carol, g.id),
      ]) {
        const e = await failure(call());
        expect([e.httpStatus, e.message]).toEqual([
          403,
          'No Access: There is no open group discussion area on the website!',
        ]);
      }
      expect((await carol.api.getGroupAdminDiscussionList({ gid: g.id })).total).toBe(2);
      expect((await failure(bob.api.deleteGroupDiscussion(topic.id))).httpStatus).toBe(403);
      await carol.api.deleteGroupDiscussion(pinned.id);
    } finally {
      await root.api.adminSetWebConfig({ openGroupDiscussion: true });
    }
    await bob.api.deleteGroupDiscussion(topic.id);
    expect((await alice.api.getGroupAdminDiscussionList({ gid: g.id })).total).toBe(0);
  });

  it('ranks members by what they solved among the group’s problems', async () => {
    const g = await publicGroup([bob, carol]);
    const problems = await db()
      .selectFrom('problem')
      .select(['id', 'problem_id'])
      .orderBy('id')
      .limit(3)
      .execute();
    const [p1, p2, p3] = problems;
    if (!p1 || !p2 || !p3) throw new Error('the demo problems are missing');
    const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes)).toISOString();
    const row = (u: User, username: string, p: typeof p1, status: number, minutes: number, cid = 0) => ({
      uid: u.uid,
      username,
      pid: p.id,
      displayPid: p.problem_id,
      status,
      submitTime: at(minutes),
      cid,
    });
    await insertJudgeRows(server.server.ctx.db, [
      row(bob, 'gbob', p1, JudgeStatus.ACCEPTED, 1),
      row(bob, 'gbob', p2, JudgeStatus.WRONG_ANSWER, 2),
      row(carol, 'gcarol', p1, JudgeStatus.WRONG_ANSWER, 3),
      row(carol, 'gcarol', p1, JudgeStatus.ACCEPTED, 4),
      row(carol, 'gcarol', p2, JudgeStatus.ACCEPTED, 5),
      // not the group's: outside it, or in a contest
      row(bob, 'gbob', p3, JudgeStatus.ACCEPTED, 6),
      row(bob, 'gbob', p3, JudgeStatus.ACCEPTED, 7, 99),
    ]);
    const mark = async (minutes: number[], gid: number | null, score: number) =>
      db()
        .updateTable('judge')
        .set({ gid, oi_rank_score: score })
        .where('submit_time', 'in', minutes.map(at))
        .execute();
    await mark([1, 2, 3, 4, 5], g.id, 100);
    await mark([2, 3], g.id, 30);
    await mark([7], g.id, 100);
    const acm = await bob.api.getGroupRank({ gid: g.id, type: 0 });
    expect(acm.records.map((r) => [r.username, r.ac, r.total])).toEqual([
      ['gcarol', 2, 3],
      ['gbob', 1, 2],
      ['galice', 0, 0],
    ]);
    const oi = await bob.api.getGroupRank({ gid: g.id, type: 'OI' });
    expect(oi.records.map((r) => [r.username, r.score])).toEqual([
      ['gcarol', 200],
      ['gbob', 130],
      ['galice', 0],
    ]);
    const search = await bob.api.getGroupRank({ gid: g.id, type: 0, searchUser: 'bobby' });
    expect(search.records.map((r) => r.username)).toEqual(['gbob']);
    const paged = await bob.api.getGroupRank({ gid: g.id, type: 0, limit: 1, currentPage: 2 });
    expect([paged.total, paged.records.map((r) => r.username)]).toEqual([3, ['gbob']]);
    const badType = await failure(bob.api.getGroupRank({ gid: g.id, type: 2 as 0 }));
    expect([badType.httpStatus, badType.message]).toEqual([400, 'The rank type is 0 (ACM) or 1 (OI).']);
    expect((await failure(dave.api.getGroupRank({ gid: g.id, type: 0 }))).httpStatus).toBe(403);
  });

  it('dissolves a group by its owner or root: members are told, its content is gone', async () => {
    const g = await publicGroup([bob, carol]);
    await setRole(alice, g.id, carol, 5);
    const note = await alice.api.addGroupAnnouncement({ gid: g.id, title: 'Bye', content: 'Soon' });
    const topic = await post(bob, g.id);
    const notOwner = await failure(carol.api.deleteGroup(g.id));
    expect([notOwner.httpStatus, notOwner.message]).toEqual([
      403,
      "Sorry, only the group's owner may dissolve it.",
    ]);
    expect((await failure(noGroups.api.deleteGroup(g.id))).httpStatus).toBe(403);
    // a group root edits the group, a plain member cannot
    expect((await carol.api.updateGroup({ id: g.id, brief: 'Changed by carol' })).brief).toBe(
      'Changed by carol',
    );
    expect((await failure(bob.api.updateGroup({ id: g.id, brief: 'Changed by bob' }))).httpStatus).toBe(403);
    const codeless = await failure(carol.api.updateGroup({ id: g.id, auth: GroupAuth.PRIVATE }));
    expect([codeless.httpStatus, codeless.message]).toEqual([
      400,
      'A protected or private group needs an invitation code of 6 characters.',
    ]);
    const taken = await failure(carol.api.updateGroup({ id: g.id, name: 'Algorithms club' }));
    expect(taken.httpStatus).toBe(400);

    await alice.api.deleteGroup(g.id);
    expect((await failure(alice.api.getGroupDetail(g.id))).httpStatus).toBe(404);
    expect((await failure(bob.api.getDiscussionDetail(topic.id))).httpStatus).toBe(404);
    expect(await db().selectFrom('announcement').select('id').where('id', '=', note.id).execute()).toEqual(
      [],
    );
    expect(await db().selectFrom('group_member').select('id').where('gid', '=', g.id).execute()).toEqual([]);
    for (const u of [bob, carol])
      expect((await notices(u.uid, 'Dissolution')).at(-1)?.content).toContain('galice');
    expect(await notices(alice.uid, 'Dissolution')).toEqual([]);

    const other = await publicGroup([bob]);
    await root.api.adminDeleteGroup(other.id);
    expect((await failure(bob.api.getGroupDetail(other.id))).httpStatus).toBe(404);
    expect((await failure(root.api.adminDeleteGroup(other.id))).httpStatus).toBe(404);
  });
});
