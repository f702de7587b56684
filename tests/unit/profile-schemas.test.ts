import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en-US.json';
import zhCN from '../../locales/zh-CN.json';
import { AVATAR } from '../../shared/constants/profile';
import {
  changePasswordFormSchema,
  heatmapQuery,
  PROFILE_MESSAGES as M,
  userInfoUpdateSchema,
} from '../../shared/schemas/profile';
import { avatarProblem } from '../../web/features/profile/avatar-check';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('profile rules (one schema for the settings page and the server)', () => {
  it('trims, turns blanks into null and leaves out what was not sent', () => {
    expect(
      userInfoUpdateSchema.parse({
        nickname: '  Pat ',
        school: '',
        github: ' https://github.com/pat ',
        gender: '',
      }),
    ).toEqual({ nickname: 'Pat', school: null, github: 'https://github.com/pat', gender: null });
    expect(userInfoUpdateSchema.parse({ username: 'root', email: 'x@y.z', roleList: ['root'] })).toEqual({});
  });

  it('takes only http(s) links', () => {
    for (const link of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'example.org',
      'http://',
    ]) {
      expect(firstMessage(userInfoUpdateSchema.safeParse({ blog: link }))).toBe(M.linkFormat);
    }
    expect(userInfoUpdateSchema.safeParse({ blog: 'HTTPS://Example.org/a?b=c' }).success).toBe(true);
  });

  it('wants the new password twice, strong, and not the old one', () => {
    const ok = { oldPassword: 'old123', newPassword: 'new123', newPasswordAgain: 'new123' };
    expect(changePasswordFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(changePasswordFormSchema.safeParse({ ...ok, newPasswordAgain: 'new124' }))).toBe(
      'validation.passwordMismatch',
    );
    expect(
      firstMessage(
        changePasswordFormSchema.safeParse({ ...ok, newPassword: 'old123', newPasswordAgain: 'old123' }),
      ),
    ).toBe(M.newPasswordSame);
  });

  it('checks the heatmap time zone', () => {
    expect(heatmapQuery.safeParse({ username: 'a', timeZone: 'Asia/Shanghai' }).success).toBe(true);
    expect(firstMessage(heatmapQuery.safeParse({ username: 'a', timeZone: 'Nowhere/Land' }))).toBe(
      M.timeZoneInvalid,
    );
  });

  it('has every message in both languages', () => {
    const en = enUS.profile.validation as Record<string, string>;
    const zh = zhCN.profile.validation as Record<string, string>;
    for (const key of Object.values(M)) {
      const name = key.replace('profile.validation.', '');
      expect([name, typeof en[name], typeof zh[name]]).toEqual([name, 'string', 'string']);
    }
  });
});

describe('the settings page checks an avatar before uploading it', () => {
  it('refuses more than 2 MB and types other than the five', () => {
    expect(avatarProblem({ name: 'a.png', size: AVATAR.maxBytes, type: 'image/png' })).toBeNull();
    expect(avatarProblem({ name: 'a.png', size: AVATAR.maxBytes + 1, type: 'image/png' })).toEqual({
      key: 'profile.server.avatarTooLarge',
      params: { mb: 2 },
    });
    expect(avatarProblem({ name: 'a.svg', size: 10, type: 'image/svg+xml' })?.key).toBe(
      'profile.server.avatarType',
    );
    expect(avatarProblem({ name: 'a.txt', size: 10, type: 'text/plain' })?.key).toBe(
      'profile.server.avatarType',
    );
    expect(avatarProblem({ name: 'a.webp', size: 10, type: '' })).toBeNull();
    expect(avatarProblem({ name: 'a.png', size: 0, type: 'image/png' })?.key).toBe(
      'profile.server.avatarRequired',
    );
  });
});
