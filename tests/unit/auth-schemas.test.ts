import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en-US.json';
import zhCN from '../../locales/zh-CN.json';
import { createSiteI18n } from '../../shared/i18n/site-messages';
import {
  applyResetPasswordSchema,
  emailSchema,
  loginBodySchema,
  M,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
} from '../../shared/schemas/forms';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0] ?? ''), i.message]));

const form = {
  username: 'newbie',
  password: 'abc123',
  passwordAgain: 'abc123',
  email: 'newbie@example.com',
  code: '123456',
};

describe('register and reset rules (one source for the forms and the server)', () => {
  it('accepts a valid form and normalises it', () => {
    expect(registerSchema.parse({ ...form, username: ' newbie ', email: ' NewBie@Example.COM ' })).toEqual({
      username: 'newbie',
      password: 'abc123',
      email: 'newbie@example.com',
      code: '123456',
    });
  });

  it('names the message of each broken rule', () => {
    expect(messages(registerFormSchema.safeParse({}))).toEqual({
      username: M.usernameRequired,
      password: M.passwordRequired,
      passwordAgain: M.passwordAgainRequired,
      email: M.emailRequired,
      code: M.captchaRequired,
    });
    expect(messages(registerFormSchema.safeParse({ ...form, username: 'x'.repeat(21) })).username).toBe(
      M.usernameMax,
    );
    expect(messages(registerFormSchema.safeParse({ ...form, email: 'nope' })).email).toBe(M.emailFormat);
    expect(emailSchema.safeParse(`${'a'.repeat(100)}@example.com`).success).toBe(false);
    for (const password of ['abcdef', '123456', 'a1', `a1${'b'.repeat(19)}`]) {
      expect(messages(registerSchema.safeParse({ ...form, password })).password).toBe(M.passwordStrength);
    }
    expect(registerSchema.safeParse({ ...form, password: `a1${'b'.repeat(18)}` }).success).toBe(true);
    expect(messages(registerFormSchema.safeParse({ ...form, passwordAgain: 'abc124' }))).toEqual({
      passwordAgain: M.passwordMismatch,
    });
    expect(messages(registerSchema.safeParse({ ...form, code: '12345' })).code).toBe(M.captchaSix);
    expect(messages(registerSchema.safeParse({ ...form, code: '12a456' })).code).toBe(M.captchaSix);
  });

  it('reset: captcha 1-8 characters; the new password follows the register rules', () => {
    const body = { email: 'a@b.co', captcha: '12', captchaKey: 'k' };
    expect(applyResetPasswordSchema.safeParse(body).success).toBe(true);
    expect(messages(applyResetPasswordSchema.safeParse({ ...body, captcha: ' ' })).captcha).toBe(
      M.captchaRequired,
    );
    expect(messages(applyResetPasswordSchema.safeParse({ ...body, captcha: '123456789' })).captcha).toBe(
      M.captchaLength,
    );
    const reset = { username: 'u', password: 'abc123', passwordAgain: 'abc123', code: 'c' };
    expect(resetPasswordFormSchema.safeParse(reset).success).toBe(true);
    expect(
      messages(resetPasswordFormSchema.safeParse({ ...reset, password: 'abcdef', passwordAgain: 'abcdef' }))
        .password,
    ).toBe(M.passwordStrength);
    expect(
      messages(resetPasswordFormSchema.safeParse({ ...reset, passwordAgain: 'abc' })).passwordAgain,
    ).toBe(M.passwordMismatch);
  });

  it('login takes the solved puzzle as optional fields', () => {
    expect(loginBodySchema.parse({ username: 'a', password: 'abc123' })).toEqual({
      username: 'a',
      password: 'abc123',
    });
    expect(
      loginBodySchema.parse({ username: 'a', password: 'abc123', puzzleKey: 'k', puzzleX: '101.5' }).puzzleX,
    ).toBe(101.5);
  });

  it('the messages read as written in locales/, in both languages', () => {
    const en = createSiteI18n('en-US');
    const zh = createSiteI18n('zh-CN');
    expect(en.t(M.usernameExists)).toBe('The username already exists.');
    expect(en.t(M.emailFormat)).toBe('The email format is incorrect.');
    expect(en.t(M.emailExists)).toBe('The email already exists.');
    expect(en.t(M.emailNotExist)).toBe('The email does not exist.');
    expect(en.t(M.passwordStrength)).toBe(
      'The password strength is too weak, and the password length is 6-20 digits and letters',
    );
    expect(en.t(M.passwordAgainRequired)).toBe('The password again is required.');
    expect(en.t(M.passwordMismatch)).toBe('Password does not match.');
    expect(en.t(M.captchaRequired)).toBe('The captcha is required.');
    expect(en.t(M.captchaSix)).toBe('The captcha must be six digits.');
    for (const key of Object.values(M)) expect(zh.t(key)).not.toBe(en.t(key));
    expect(Object.keys(zhCN.auth).sort()).toEqual(Object.keys(enUS.auth).sort());
  });
});
