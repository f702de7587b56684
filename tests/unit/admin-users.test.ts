import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@/shared/api/user-admin-types';
import { Role } from '@/shared/constants/roles';
import { mayGrantRole, rowAccess } from '@/web/features/admin/users/lib/access';
import { decodeText, parseCsv } from '@/web/features/admin/users/lib/csv';
import { editResolver, editValuesOf, toEditBody } from '@/web/features/admin/users/lib/edit-form';
import {
  GENERATE_DEFAULTS,
  generatedPreview,
  generateResolver,
  realnameLines,
  toGenerateBody,
} from '@/web/features/admin/users/lib/generate-form';
import { readGeneratedCsv } from '@/web/features/admin/users/lib/generated-accounts';
import { canSend, importBody, readImportList } from '@/web/features/admin/users/lib/import-rows';
import { listQuery, readUserFilters, whoParams } from '@/web/features/admin/users/lib/list-params';
import { mainRole } from '@/web/features/admin/users/lib/roles';

const user = (changes: Partial<AdminUser> = {}): AdminUser => ({
  uid: 'u1',
  username: 'alice',
  realname: null,
  email: null,
  nickname: null,
  school: null,
  gender: null,
  avatar: null,
  titleName: null,
  titleColor: null,
  status: 0,
  gmtCreate: '2024-01-01T00:00:00.000Z',
  gmtModified: '2024-01-01T00:00:00.000Z',
  roles: [{ id: Role.DEFAULT_USER, role: 'default_user' }],
  ...changes,
});
const role = (id: number) => ({ id, role: String(id) });
// react-hook-form's resolver signature; the user pages' resolvers read the values only
const resolve = <V>(resolver: (v: V, c: unknown, o: never) => unknown, values: V) =>
  resolver(values, undefined, {} as never) as Promise<{ errors: Record<string, { message: string }> }>;

describe('CSV as spreadsheets write it', () => {
  it('reads quoted cells with commas, quotes and line breaks, CRLF and a byte order mark', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n"two\nlines",x\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('reads rows copied out of a spreadsheet (tabs) and keeps blank cells', () => {
    expect(parseCsv('stu1\tpass123\t\t张三\nstu2\tpass456')).toEqual([
      ['stu1', 'pass123', '', '张三'],
      ['stu2', 'pass456'],
    ]);
    expect(parseCsv('a,,c\n\n')).toEqual([['a', '', 'c'], ['']]);
  });

  it('decodes UTF-8, and GB18030 when a file is not UTF-8 (Excel on Chinese Windows)', () => {
    expect(decodeText(new TextEncoder().encode('张三'))).toBe('张三');
    // 张三 in GBK
    expect(decodeText(new Uint8Array([0xd5, 0xc5, 0xc8, 0xfd]))).toBe('张三');
  });
});

describe('a batch import as the preview shows it', () => {
  it('skips a header row and blank lines, drops trailing blank cells and is ready to send', () => {
    const list = readImportList(
      'username,password,email,realname,gender,nickname,school\nstu1,pass123,,张三,,,\n\nstu2,pass456,s2@example.com\n',
    );
    expect(list.headerSkipped).toBe(true);
    expect(list.rows.map((r) => [r.line, r.cells, r.problems])).toEqual([
      [2, ['stu1', 'pass123', '', '张三'], []],
      [4, ['stu2', 'pass456', 's2@example.com'], []],
    ]);
    expect(canSend(list)).toBe(true);
    expect(importBody(list)).toEqual({
      users: [
        ['stu1', 'pass123', '', '张三'],
        ['stu2', 'pass456', 's2@example.com'],
      ],
    });
  });

  it('marks each row’s problems with the server’s message keys and the column they are about', () => {
    const list = readImportList(
      [
        'ok1,pass123',
        'short,pass1',
        'mail,pass123,not-an-email',
        'OK1,pass123',
        'g,pass123,,,robot',
        'x,pass123,,,,,,extra',
        'nopass',
        'dup,pass123,A@example.com',
        'dup2,pass123,a@EXAMPLE.com',
      ].join('\n'),
    );
    const problems = Object.fromEntries(list.rows.map((r) => [r.cells[0], r.problems]));
    expect(problems.ok1).toEqual([]);
    expect(problems.short).toEqual([{ key: 'validation.passwordLength', column: 1 }]);
    expect(problems.mail).toEqual([{ key: 'validation.emailFormat', column: 2 }]);
    expect(problems.OK1).toEqual([{ key: 'admin.user.import.repeatedUsername', column: 0 }]);
    expect(problems.g?.[0]?.column).toBe(4);
    expect(problems.x).toEqual([{ key: 'userAdmin.rowInvalid' }]);
    expect(problems.nopass).toEqual([{ key: 'userAdmin.rowInvalid' }]);
    expect(problems.dup).toEqual([]);
    expect(problems.dup2).toEqual([{ key: 'admin.user.import.repeatedEmail', column: 2 }]);
    expect(canSend(list)).toBe(false);
  });

  it('refuses an empty list and more than 1000 rows', () => {
    expect(canSend(readImportList('\n  \n'))).toBe(false);
    const many = readImportList(Array.from({ length: 1001 }, (_, i) => `u${i},pass123`).join('\n'));
    expect(many.tooMany).toBe(true);
    expect(canSend(many)).toBe(false);
  });
});

describe('the generate form', () => {
  const values = { ...GENERATE_DEFAULTS, prefix: 'team', number_to: '20', realnames: 'A\n\n  B  \r\nC\n' };

  it('sends numbers and the real names one per line, blank lines left out', () => {
    expect(realnameLines(values.realnames)).toEqual(['A', 'B', 'C']);
    expect(toGenerateBody(values)).toEqual({
      prefix: 'team',
      suffix: '',
      number_from: 1,
      number_to: 20,
      password_length: 8,
      realnames: ['A', 'B', 'C'],
    });
    expect(toGenerateBody({ ...values, realnames: '' })).not.toHaveProperty('realnames');
    expect(generatedPreview(values)).toEqual({ first: 'team1', last: 'team20', count: 20 });
    expect(generatedPreview({ ...values, number_to: '' })).toBeNull();
    expect(generatedPreview({ ...values, number_from: '5', number_to: '4' })).toBeNull();
  });

  it('says what the server would, beside the field at fault', async () => {
    expect((await resolve(generateResolver, values)).errors).toEqual({});
    const cases: [Partial<typeof values>, string, string][] = [
      [{ password_length: '25' }, 'password_length', 'userAdmin.passwordLengthRange'],
      [{ number_from: '5', number_to: '4' }, 'number_to', 'userAdmin.numberInvalid'],
      [{ number_to: '' }, 'number_to', 'userAdmin.numberInvalid'],
      [{ number_to: '1001' }, 'number_to', 'userAdmin.generateTooMany'],
      [{ prefix: 'a'.repeat(19) }, 'prefix', 'userAdmin.generatedNameInvalid'],
      [{ number_to: '2' }, 'realnames', 'userAdmin.realnamesTooMany'],
      [{ realnames: 'r'.repeat(51) }, 'realnames', 'validation.realnameMax'],
    ];
    for (const [change, field, key] of cases) {
      const { errors } = await resolve(generateResolver, { ...values, ...change });
      expect(errors[field]?.message, JSON.stringify(change)).toContain(key.split('.')[1]);
    }
  });

  it('reads the server’s CSV of a generation into the accounts shown once', () => {
    const csv =
      '\uFEFFusername,password,realname\r\nteam1,Ab3dEf7h,"Team ""One"", Inc."\r\nteam2,Zz9yXw8v,\r\n';
    expect(readGeneratedCsv(csv)).toEqual([
      { username: 'team1', password: 'Ab3dEf7h', realname: 'Team "One", Inc.' },
      { username: 'team2', password: 'Zz9yXw8v', realname: '' },
    ]);
  });
});

describe('the edit dialog', () => {
  const target = user({
    realname: 'Alice',
    email: 'a@example.com',
    titleName: 'Champion',
    titleColor: '#f00',
    roles: [role(Role.NO_SUBMIT), role(Role.DEFAULT_USER)],
  });

  it('opens on the stored values, the strongest role first', () => {
    expect(editValuesOf(target)).toEqual({
      username: 'alice',
      realname: 'Alice',
      email: 'a@example.com',
      type: String(Role.DEFAULT_USER),
      banned: false,
      titleName: 'Champion',
      titleColor: '#f00',
      setNewPwd: false,
      password: '',
    });
    expect(mainRole([role(Role.NO_SUBMIT), role(Role.PROBLEM_ADMIN)])).toBe(Role.PROBLEM_ADMIN);
    expect(mainRole([])).toBeNull();
  });

  it('sends the user type only when changed and the password only when a new one is set', () => {
    const values = editValuesOf(target);
    expect(toEditBody(target, values)).toEqual({
      uid: 'u1',
      username: 'alice',
      realname: 'Alice',
      email: 'a@example.com',
      titleName: 'Champion',
      titleColor: '#f00',
      status: 0,
      setNewPwd: false,
    });
    const changed = toEditBody(target, {
      ...values,
      type: String(Role.MUTE),
      banned: true,
      setNewPwd: true,
      password: 'newpass789',
    });
    expect(changed).toMatchObject({ type: Role.MUTE, status: 1, setNewPwd: true, password: 'newpass789' });
  });

  it('checks with the server’s schema: the ban switch and the new password carry their messages', async () => {
    const resolver = editResolver(target);
    const values = editValuesOf(target);
    expect((await resolve(resolver, values)).errors).toEqual({});
    const weak = await resolve(resolver, { ...values, setNewPwd: true, password: 'abcdef' });
    expect(weak.errors.password?.message).toBe('validation.passwordStrength');
    const bad = await resolve(resolver, { ...values, email: 'nope', titleColor: 'red', username: '' });
    expect(bad.errors.email?.message).toBe('validation.emailFormat');
    expect(bad.errors.titleColor?.message).toBe('userAdmin.titleColorInvalid');
    expect(bad.errors.username?.message).toBe('validation.usernameRequired');
  });
});

describe('who may do what on the user pages', () => {
  const root = { uid: 'r', roles: ['root'] };
  const admin = { uid: 'a', roles: ['admin'] };

  it('root touches any account but deletes nobody’s own', () => {
    expect(rowAccess(root, user({ uid: 'x', roles: [role(Role.ADMIN)] }))).toEqual({
      edit: true,
      delete: true,
    });
    expect(rowAccess(root, user({ uid: 'r', roles: [role(Role.ROOT)] }))).toEqual({
      edit: true,
      delete: false,
      reason: 'userAdmin.cannotDeleteSelf',
    });
    expect(mayGrantRole(root.roles, Role.ROOT)).toBe(true);
  });

  it('an admin keeps off root, admin and problem admin accounts and grants no admin role', () => {
    for (const id of [Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN])
      expect(rowAccess(admin, user({ uid: 'x', roles: [role(id)] }))).toEqual({
        edit: false,
        delete: false,
        reason: 'userAdmin.protectedAccount',
      });
    expect(rowAccess(admin, user({ uid: 'x' }))).toEqual({ edit: true, delete: true });
    expect(rowAccess(admin, user({ uid: 'a', roles: [role(Role.ADMIN)] })).edit).toBe(true);
    expect([Role.ROOT, Role.ADMIN, Role.PROBLEM_ADMIN].map((id) => mayGrantRole(admin.roles, id))).toEqual([
      false,
      false,
      false,
    ]);
    expect(mayGrantRole(admin.roles, Role.MUTE)).toBe(true);
  });
});

describe('the list’s filters in the URL', () => {
  it('reads the keyword, page and whom to list, and asks the server with HOJ’s names', () => {
    const staff = readUserFilters(new URLSearchParams('keyword=team&currentPage=3&onlyAdmin=true'));
    expect(staff).toEqual({ currentPage: 3, keyword: 'team', who: 'staff' });
    expect(listQuery(staff, 15)).toEqual({ currentPage: 3, limit: 15, keyword: 'team', onlyAdmin: true });
    const muted = readUserFilters(new URLSearchParams('role=1005'));
    expect(listQuery(muted, 15)).toEqual({ currentPage: 1, limit: 15, role: 1005 });
    expect(readUserFilters(new URLSearchParams('role=42')).who).toBe('all');
    expect(whoParams('all')).toEqual({ role: null, onlyAdmin: null });
    expect(whoParams('1001')).toEqual({ role: '1001', onlyAdmin: null });
  });
});
