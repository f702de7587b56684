import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/auth/users';
import type { AppError } from '../../server/services/errors';
import { deleteUsers } from '../../server/services/users/admin/delete';
import { editUser } from '../../server/services/users/admin/edit';
import { generatedUsersDownloadPath } from '../../shared/api/user-admin-endpoints';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { failure, type TestClient, testClient } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * Users in the admin console at HOJ's paths (docs/security.md, Users in the admin console): the
 * list, edits, deletions, batch imports and generated accounts as HOJ's client calls them, and
 * every rule broken once: refused with its message, nothing created or changed.
 */

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const TEAMS = Array.from({ length: 20 }, (_, i) => (i === 4 ? 'Team "Five", Inc.' : `清华大学 ${i + 1} 队`));

describe.each(DATABASES)('users in the admin console on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let rootUid: string;
  let admin: TestClient & { uid: string };
  let admin2: TestClient & { uid: string };
  let problemAdmin: TestClient & { uid: string };
  let plain: TestClient & { uid: string };
  let zhAdmin: TestClient;

  const db = () => server.server.ctx.db.kysely;
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('user_info')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowOf = (username: string) =>
    db().selectFrom('user_info').selectAll().where('username', '=', username).executeTakeFirst();
  const rolesOf = async (uid: string) =>
    (await db().selectFrom('user_role').select('role_id').where('uid', '=', uid).execute()).map(
      (r) => r.role_id,
    );
  const download = (client: TestClient, key: string, format: 'xlsx' | 'csv' = 'xlsx') =>
    fetch(`${server.url}${generatedUsersDownloadPath(key, format)}`, {
      headers: { Authorization: client.token ?? '', 'Accept-Language': 'en-US' },
    });

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    rootUid = (await rowOf('root'))?.uuid ?? '';
    admin = await userClient(server, 'ua-admin', { roleId: Role.ADMIN });
    admin2 = await userClient(server, 'ua-admin2', { roleId: Role.ADMIN });
    problemAdmin = await userClient(server, 'ua-probadmin', { roleId: Role.PROBLEM_ADMIN });
    plain = await userClient(server, 'ua-plain');
    zhAdmin = testClient(server.url, 'zh-CN');
    await zhAdmin.login('ua-admin', 'secret123');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('generates 20 accounts with a prefix and team names; the admin downloads them as xlsx and CSV', async () => {
    const generated = await admin.api.adminGenerateUsers({
      prefix: 'team',
      suffix: '',
      number_from: 1,
      number_to: 20,
      password_length: 10,
      realnames: TEAMS,
    });
    expect(generated.key).toMatch(/^[0-9a-f]{48}$/);
    expect(generated.created).toBe(20);

    const list = await admin.api.adminGetUserList({ keyword: 'team', limit: 50 });
    expect(list.total).toBe(20);
    expect(list.records.find((u) => u.username === 'team3')).toMatchObject({
      realname: '清华大学 3 队',
      status: 0,
      roles: [{ id: Role.DEFAULT_USER, role: 'default_user' }],
    });

    // the passwords are kept sealed: the row names neither a username nor a password
    const stored = await db().selectFrom('generated_account').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.uid).toBe(admin.uid);
    expect(stored[0]?.payload).not.toContain('team');

    const xlsx = await download(admin, generated.key);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers.get('content-disposition')).toMatch(/^attachment; filename="users-[\d-]+\.xlsx"$/);
    const { readZip } = await import('../../server/services/packages/archive');
    const zip = await readZip(Buffer.from(await xlsx.arrayBuffer()));
    const sheet = zip.paths().find((p) => /^xl\/worksheets\/sheet\d*\.xml$/.test(p)) ?? '';
    expect(sheet).not.toBe('');
    // strings live in the shared string table the sheet's cells point into
    const strings = `${zip.text(sheet)}${zip.text('xl/sharedStrings.xml') ?? ''}`;
    for (const name of ['username', 'password', 'realname', 'team1', 'team20', '清华大学 20 队'])
      expect(strings).toContain(name);

    const csv = await download(admin, generated.key, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['username', 'password', 'realname']);
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual(TEAMS.map((t, i) => [`team${i + 1}`, t]));
    for (const r of rows.slice(1)) {
      // letters and digits a reader cannot confuse: no 0, O, o, 1, l or I
      expect(r[1]).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{10}$/);
      expect(r[1]).toMatch(/\d/);
    }
    const team7 = rows.find((r) => r[0] === 'team7');
    const member = testClient(server.url);
    await member.login('team7', team7?.[1] ?? '');
    expect((await member.api.getUserAuthInfo()).roles).toEqual(['default_user']);
  });

  it('lets no one else download a generation, and no one after 30 minutes', async () => {
    const { key } = await admin.api.adminGenerateUsers({
      prefix: 'gx',
      suffix: '-b',
      number_from: 1,
      number_to: 2,
      password_length: 6,
    });
    for (const other of [admin2, root]) {
      const res = await download(other, key);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { msg: string }).msg).toBe(
        'These accounts can no longer be downloaded: a generated list is kept for 30 minutes, for the admin who generated it only.',
      );
    }
    expect((await download(problemAdmin, key)).status).toBe(403);
    expect((await fetch(`${server.url}${generatedUsersDownloadPath(key)}`)).status).toBe(401);
    expect((await download(admin, key)).status).toBe(200);

    await db()
      .updateTable('generated_account')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();
    expect((await download(admin, key, 'csv')).status).toBe(404);
    // expired rows are deleted on the way
    expect(await db().selectFrom('generated_account').select('key').where('key', '=', key).execute()).toEqual(
      [],
    );
    const malformed = await download(admin, '../../etc/passwd');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { msg: string }).msg).toBe('This download link is not valid.');
  });

  it('refuses each malformed generation with its message and creates nothing', async () => {
    const before = await userCount();
    const batches = await db().selectFrom('generated_account').select('key').execute();
    const base = { prefix: 'gen', suffix: '', number_from: 1, number_to: 3, password_length: 8 };
    const cases: [Record<string, unknown>, string][] = [
      [{ password_length: 5 }, 'The password length is a whole number from 6 to 20'],
      // HOJ's screen allows 25, which the login form would never take
      [{ password_length: 25 }, 'The password length is a whole number from 6 to 20'],
      [{ number_from: 5, number_to: 4 }, 'The start and end numbers are whole numbers from 0'],
      [{ number_from: 1, number_to: 1001 }, 'At most 1000 accounts can be generated at once.'],
      [{ prefix: 'a'.repeat(18), number_to: 100 }, 'Prefix, number and suffix together must make a username'],
      [{ prefix: ' gen' }, 'Prefix, number and suffix together must make a username'],
      [{ realnames: ['a', 'b', 'c', 'd'] }, 'There are more real names than accounts to generate.'],
      [
        { prefix: 'team', number_from: 19, number_to: 22 },
        'These usernames are already taken or repeated in the list: team19, team20. No account was created.',
      ],
    ];
    for (const [change, message] of cases) {
      const err = await failure(admin.api.adminGenerateUsers({ ...base, ...change } as never));
      expect(err.status).toBe(400);
      expect(err.message).toContain(message);
    }
    const zh = await failure(zhAdmin.api.adminGenerateUsers({ ...base, password_length: 30 }));
    expect(zh.message).toBe('密码长度须为 6 到 20 之间的整数（登录时密码最多 20 个字符）。');
    expect(await userCount()).toBe(before);
    expect(await db().selectFrom('generated_account').select('key').execute()).toEqual(batches);
  });

  it('imports HOJ’s CSV rows, all of them or none', async () => {
    const res = await admin.api.adminInsertBatchUsers({
      users: [
        ['stu1', 'pass123', 'Stu1@Example.com', '张三', '1', '小张', 'Peking University'],
        ['stu2', 'pass456'],
        ['stu3', 'pass789', '', '', '', '', ''],
      ],
    });
    expect(res.data).toEqual({ created: 3 });
    expect(res.msg).toBe('3 user(s) created.');
    expect(await rowOf('stu1')).toMatchObject({
      email: 'stu1@example.com',
      realname: '张三',
      gender: 'female',
      nickname: '小张',
      school: 'Peking University',
    });
    const stu2 = testClient(server.url);
    await stu2.login('stu2', 'pass456');
    expect((await stu2.api.getUserAuthInfo()).roles).toEqual(['default_user']);

    const before = await userCount();
    const cases: [(string | null)[][], string][] = [
      [
        [
          ['newA', 'pass123'],
          ['NEWa', 'pass123'],
        ],
        'These usernames are already taken or repeated in the list: NEWa. No account was created.',
      ],
      [
        [
          ['newB', 'pass123'],
          ['STU1', 'pass123'],
        ],
        'These usernames are already taken or repeated in the list: STU1. No account was created.',
      ],
      [
        [
          ['newC', 'pass123', 'STU1@example.com'],
          ['newD', 'pass123', 'other@example.com'],
        ],
        'These e-mail addresses are already used or repeated in the list: stu1@example.com. No account was created.',
      ],
      [[['newE', 'pass123', 'not-an-email']], 'The email format is incorrect.'],
      [[['newF', 'pass1']], 'The length of the password is between 6 and 20.'],
      [[['newF', 'p'.repeat(21)]], 'The length of the password is between 6 and 20.'],
      [[['newG', ' pass123']], 'The password cannot start or end with a space.'],
      [[['a'.repeat(21), 'pass123']], 'The longest length of a username is 20.'],
      [[['', 'pass123']], 'The username is required.'],
      [[['newH', 'pass123', '', '', 'robot']], 'Choose male, female or secret.'],
      [[['newI', 'pass123', '', '', '', '', '', 'extra']], 'Each row is a username and a password'],
      [[], 'The list holds no user to import.'],
      [
        Array.from({ length: 1001 }, (_, i) => [`bulk${i}`, 'pass123']),
        'At most 1000 users can be handled at once.',
      ],
    ];
    for (const [users, message] of cases) {
      const err = await failure(admin.api.adminInsertBatchUsers({ users }));
      expect(err.status).toBe(400);
      expect(err.message).toContain(message);
    }
    const zh = await failure(zhAdmin.api.adminInsertBatchUsers({ users: [['stu2', 'pass123']] }));
    expect(zh.message).toBe('以下用户名已被占用或在列表中重复：stu2。未创建任何账号。');
    expect(await userCount()).toBe(before);
    expect(await rowOf('newA')).toBeUndefined();
  });

  it('limits generations and imports to 20 per admin per 10 minutes', async () => {
    const busy = await userClient(server, 'ua-busy', { roleId: Role.ADMIN });
    for (let i = 0; i < 20; i++)
      expect((await failure(busy.api.adminInsertBatchUsers({ users: [['root', 'pass123']] }))).status).toBe(
        400,
      );
    const limited = await failure(busy.api.adminInsertBatchUsers({ users: [['fresh1', 'pass123']] }));
    expect(limited.status).toBe(429);
    expect(limited.message).toBe('Too many of these requests. Please try again in 10 minutes.');
    for (let i = 0; i < 20; i++)
      await failure(
        busy.api.adminGenerateUsers({
          prefix: 'stu',
          suffix: '',
          number_from: 1,
          number_to: 1,
          password_length: 6,
        }),
      );
    const generate = await failure(
      busy.api.adminGenerateUsers({
        prefix: 'fresh',
        suffix: '',
        number_from: 1,
        number_to: 1,
        password_length: 6,
      }),
    );
    expect(generate.status).toBe(429);
    expect(await rowOf('fresh1')).toBeUndefined();
    // another admin has their own count
    expect((await admin2.api.adminInsertBatchUsers({ users: [['fresh2', 'pass123']] })).data.created).toBe(1);
  });

  it('lists users as HOJ’s screen reads them, by keyword and role', async () => {
    const page = await root.api.adminGetUserList({ limit: 5, currentPage: 1 });
    expect(page.records).toHaveLength(5);
    expect(page.total).toBe(await userCount());
    expect(Object.keys(page.records[0] ?? {})).toEqual(
      expect.arrayContaining(['uid', 'username', 'realname', 'email', 'status', 'gmtCreate', 'roles']),
    );
    const admins = await admin.api.adminGetUserList({ role: Role.ADMIN, limit: 50 });
    expect(admins.records.map((u) => u.username).sort()).toEqual(['ua-admin', 'ua-admin2', 'ua-busy']);
    const staff = await admin.api.adminGetUserList({ onlyAdmin: true, limit: 50 });
    expect(staff.records.map((u) => u.username)).toEqual(expect.arrayContaining(['root', 'ua-probadmin']));
    expect(
      (await root.api.adminGetUserList({ keyword: 'EXAMPLE.COM' })).records.map((u) => u.username),
    ).toEqual(['stu1']);
    expect((await root.api.adminGetUserList({ keyword: '张三' })).records.map((u) => u.username)).toEqual([
      'stu1',
    ]);
    expect((await root.api.adminGetUserList({ keyword: '%' })).total).toBe(0);
  });

  it('lets only root and admins in, and keeps admins off admin accounts and admin roles', async () => {
    for (const outsider of [problemAdmin, plain]) {
      const err = await failure(outsider.api.adminGetUserList());
      expect(err.status).toBe(403);
      expect(err.message).toBe('Only root and admins may manage users.');
    }
    const stu3 = (await rowOf('stu3'))?.uuid ?? '';
    const protectedCases: [() => Promise<unknown>, string][] = [
      [() => admin.api.adminEditUser({ uid: rootUid, username: 'root', realname: 'x' }), 'protectedAccount'],
      [
        () => admin.api.adminEditUser({ uid: admin2.uid, username: 'ua-admin2', status: 1 }),
        'protectedAccount',
      ],
      [
        () =>
          admin.api.adminEditUser({
            uid: problemAdmin.uid,
            username: 'ua-probadmin',
            type: Role.DEFAULT_USER,
          }),
        'protectedAccount',
      ],
      [() => admin.api.adminDeleteUsers({ ids: [admin2.uid] }), 'protectedAccount'],
      [() => admin.api.adminDeleteUsers({ ids: [stu3, rootUid] }), 'protectedAccount'],
      [() => admin.api.adminEditUser({ uid: stu3, username: 'stu3', type: Role.ADMIN }), 'roleNotAllowed'],
      [
        () => admin.api.adminEditUser({ uid: stu3, username: 'stu3', type: Role.PROBLEM_ADMIN }),
        'roleNotAllowed',
      ],
      [() => admin.api.adminEditUser({ uid: stu3, username: 'stu3', type: Role.ROOT }), 'roleNotAllowed'],
    ];
    const words = {
      protectedAccount: 'Only root may change or delete root, admin and problem admin accounts.',
      roleNotAllowed: 'Only root may make someone root, an admin or a problem admin.',
    };
    for (const [call, key] of protectedCases) {
      const err = await failure(call());
      expect(err.status).toBe(403);
      expect(err.message).toBe(words[key as keyof typeof words]);
    }
    const zh = await failure(zhAdmin.api.adminEditUser({ uid: stu3, username: 'stu3', type: Role.ROOT }));
    expect(zh.message).toBe('只有超级管理员可以将用户设为超级管理员、管理员或题目管理员。');
    expect(await rolesOf(stu3)).toEqual([Role.DEFAULT_USER]);
    expect(await rolesOf(admin2.uid)).toEqual([Role.ADMIN]);
    expect((await rowOf('ua-admin2'))?.status).toBe(0);
    expect(await rowOf('stu3')).toBeDefined();

    // what an admin may do: an ordinary account, any ordinary role; root: any role
    const saved = await admin.api.adminEditUser({
      uid: stu3,
      username: 'stu3',
      realname: '李四',
      email: 'stu3@example.com',
      type: Role.NO_SUBMIT,
      status: 0,
      setNewPwd: false,
      password: '',
    });
    expect(saved.msg).toBe('The user has been saved.');
    expect(await rolesOf(stu3)).toEqual([Role.NO_SUBMIT]);
    await root.api.adminEditUser({ uid: stu3, username: 'stu3', type: Role.PROBLEM_ADMIN });
    expect(await rolesOf(stu3)).toEqual([Role.PROBLEM_ADMIN]);
    await root.api.adminEditUser({ uid: stu3, username: 'stu3', type: Role.DEFAULT_USER });
  });

  it('refuses deleting or demoting oneself and losing the last root', async () => {
    const cases: [() => Promise<unknown>, string][] = [
      [() => root.api.adminDeleteUsers({ ids: [rootUid] }), 'You cannot delete your own account.'],
      [
        () => root.api.adminEditUser({ uid: rootUid, username: 'root', type: Role.ADMIN }),
        'You cannot change your own user type or ban yourself.',
      ],
      [
        () => root.api.adminEditUser({ uid: rootUid, username: 'root', status: 1 }),
        'You cannot change your own user type or ban yourself.',
      ],
      [
        () => admin.api.adminEditUser({ uid: admin.uid, username: 'ua-admin', type: Role.DEFAULT_USER }),
        'You cannot change your own user type or ban yourself.',
      ],
      [() => admin.api.adminDeleteUsers({ ids: [admin.uid] }), 'You cannot delete your own account.'],
    ];
    for (const [call, message] of cases) {
      const err = await failure(call());
      expect(err.status).toBe(400);
      expect(err.message).toBe(message);
    }
    expect(await rolesOf(rootUid)).toEqual([Role.ROOT]);
    expect(await rolesOf(admin.uid)).toEqual([Role.ADMIN]);
    // an admin may still change their own name and details
    await admin.api.adminEditUser({ uid: admin.uid, username: 'ua-admin', realname: 'Site Admin' });

    // through the API a root always remains (the caller is one); the rule still stands on its own
    const ghost = { uid: 'ghost', username: 'ghost', roleIds: [Role.ROOT], roles: ['root'] };
    const deleting = await deleteUsers(server.server.ctx.db, ghost, { ids: [rootUid], force: true }).catch(
      (e: AppError) => e,
    );
    expect(deleting).toMatchObject({ status: 400, key: 'userAdmin.lastRoot' });
    const demoting = await editUser(server.server.ctx.db, ghost, {
      uid: rootUid,
      username: 'root',
      setNewPwd: false,
      type: Role.ADMIN,
    }).catch((e: AppError) => e);
    expect(demoting).toMatchObject({ status: 400, key: 'userAdmin.lastRoot' });
    expect(await rolesOf(rootUid)).toEqual([Role.ROOT]);

    // with a second root, root may remove the other
    const root2 = await createUser(server.server.ctx.db, {
      username: 'ua-root2',
      password: 'secret123',
      roleId: Role.ROOT,
    });
    await root.api.adminEditUser({ uid: root2, username: 'ua-root2', type: Role.ADMIN });
    expect(await rolesOf(root2)).toEqual([Role.ADMIN]);
    await root.api.adminDeleteUsers({ ids: [root2] });
    expect(await rowOf('ua-root2')).toBeUndefined();
  });

  it('refuses a malformed or clashing edit with its message and changes nothing', async () => {
    const stu2 = await rowOf('stu2');
    const uid = stu2?.uuid ?? '';
    const cases: [Record<string, unknown>, string, number][] = [
      [{ username: 'STU1' }, 'The username already exists.', 400],
      [{ email: 'STU1@example.com' }, 'The email already exists.', 400],
      [{ email: 'nope' }, 'The email format is incorrect.', 400],
      [{ username: 'x'.repeat(21) }, 'The longest length of a username is 20.', 400],
      [{ setNewPwd: true, password: 'abcdef' }, 'The password strength is too weak', 400],
      [{ setNewPwd: true, password: '' }, 'The password is required.', 400],
      [{ type: 999 }, "The user type must be one of the site's roles (1000 to 1008).", 400],
      [{ status: 2 }, 'The status is 0 (normal) or 1 (banned).', 400],
      [{ titleColor: 'red;x' }, 'A title colour is a hex colour such as #2d8cf0.', 400],
      [{ realname: 'r'.repeat(51) }, 'The real name can be at most 50 characters.', 400],
      [{ uid: 'no-such-user' }, 'The user does not exist (or no longer does). Nothing was changed.', 404],
    ];
    for (const [change, message, status] of cases) {
      const err = await failure(admin.api.adminEditUser({ uid, username: 'stu2', ...change } as never));
      expect(err.status).toBe(status);
      expect(err.message).toContain(message);
    }
    expect(await rowOf('stu2')).toEqual(stu2);
  });

  it('sets a new password, renames, bans and unbans, ending the user’s sessions', async () => {
    const user = await userClient(server, 'ua-target');
    const other = testClient(server.url);
    await other.login('ua-target', 'secret123');
    await db()
      .insertInto('judge')
      .values({
        pid: 1,
        display_pid: '1000',
        uid: user.uid,
        username: 'ua-target',
        submit_time: new Date().toISOString(),
        status: JudgeStatus.ACCEPTED,
        share: 0,
        length: 1,
        code: 'x',
        language: 'C',
        cid: 0,
        cpid: 0,
        is_manual: 0,
        attempt: 1,
        gmt_modified: new Date().toISOString(),
      })
      .execute();

    await admin.api.adminEditUser({
      uid: user.uid,
      username: 'ua-renamed',
      setNewPwd: true,
      password: 'newpass789',
    });
    for (const session of [user, other])
      expect((await failure(session.api.getUserAuthInfo())).status).toBe(401);
    expect((await failure(testClient(server.url).login('ua-renamed', 'secret123'))).status).toBe(400);
    const renamed = testClient(server.url);
    await renamed.login('ua-renamed', 'newpass789');
    expect((await renamed.api.getUserAuthInfo()).roles).toEqual(['default_user']);
    const submissions = await db()
      .selectFrom('judge')
      .select('username')
      .where('uid', '=', user.uid)
      .execute();
    expect(submissions).toEqual([{ username: 'ua-renamed' }]);

    await admin.api.adminEditUser({ uid: user.uid, username: 'ua-renamed', status: 1 });
    expect((await failure(renamed.api.getUserAuthInfo())).status).toBe(401);
    const banned = await failure(testClient(server.url).login('ua-renamed', 'newpass789'));
    expect(banned.status).toBe(403);
    expect(banned.message).toBe('This account has been banned.');
    expect((await admin.api.adminGetUserList({ keyword: 'ua-renamed' })).records[0]?.status).toBe(1);

    await admin.api.adminEditUser({ uid: user.uid, username: 'ua-renamed', status: 0 });
    await testClient(server.url).login('ua-renamed', 'newpass789');
  });

  it('deletes users; one with contest submissions only when told to, rebuilding the boards', async () => {
    const contest = await db().selectFrom('contest').select(['id', 'gmt_modified']).executeTakeFirstOrThrow();
    const racer = await userClient(server, 'ua-racer');
    const idle = await userClient(server, 'ua-idle');
    const submit = (uid: string, username: string, cid: number) =>
      db()
        .insertInto('judge')
        .values({
          pid: 1,
          display_pid: '1000',
          uid,
          username,
          submit_time: new Date().toISOString(),
          status: JudgeStatus.WRONG_ANSWER,
          share: 0,
          length: 1,
          code: 'x',
          language: 'C',
          cid,
          cpid: 0,
          is_manual: 0,
          attempt: 1,
          gmt_modified: new Date().toISOString(),
        })
        .execute();
    await submit(racer.uid, 'ua-racer', contest.id);
    await submit(racer.uid, 'ua-racer', contest.id);
    await submit(racer.uid, 'ua-racer', 0);
    await submit(idle.uid, 'ua-idle', 0);
    const submissionsOf = async (uid: string) =>
      (await db().selectFrom('judge').select('submit_id').where('uid', '=', uid).execute()).length;

    const refused = await failure(admin.api.adminDeleteUsers({ ids: [racer.uid, idle.uid] }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      "These users made 2 contest submissions (in 1 contests); deleting them changes those contests' results. Nothing was deleted. Delete them anyway to remove their submissions too.",
    );
    expect(refused.data).toEqual({ count: 2, contests: 1 });
    const zh = await failure(zhAdmin.api.adminDeleteUsers({ ids: [racer.uid] }));
    expect(zh.message).toContain('这些用户在 1 场比赛中共有 2 次提交');
    const missing = await failure(admin.api.adminDeleteUsers({ ids: [idle.uid, 'no-such-user'] }));
    expect(missing.status).toBe(404);
    expect(await submissionsOf(racer.uid)).toBe(3);
    expect(await rowOf('ua-idle')).toBeDefined();

    const idleDeleted = await admin.api.adminDeleteUsers({ ids: [idle.uid] });
    expect(idleDeleted.msg).toBe('1 user(s) deleted.');
    expect(await rowOf('ua-idle')).toBeUndefined();
    expect(await submissionsOf(idle.uid)).toBe(0);
    expect((await failure(idle.api.getUserAuthInfo())).status).toBe(401);

    await admin.api.adminDeleteUsers({ ids: [racer.uid], force: true });
    expect(await rowOf('ua-racer')).toBeUndefined();
    expect(await rolesOf(racer.uid)).toEqual([]);
    expect(await submissionsOf(racer.uid)).toBe(0);
    const after = await db()
      .selectFrom('contest')
      .select('gmt_modified')
      .where('id', '=', contest.id)
      .executeTakeFirst();
    expect(after?.gmt_modified).not.toBe(contest.gmt_modified);
    expect((await failure(racer.api.getUserAuthInfo())).status).toBe(401);
  });
});
