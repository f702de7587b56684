import { describe, expect, it } from 'vitest';
import { queryBool, submissionListQuery } from '../../shared/schemas/api';
import { codeSchema, loginSchema, M, submitSchema } from '../../shared/schemas/forms';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('shared validation rules', () => {
  it('code must not be empty after trimming and at most 65535 characters', () => {
    expect(firstMessage(codeSchema.safeParse(' \n\t'))).toBe(M.codeEmpty);
    expect(firstMessage(codeSchema.safeParse('a'.repeat(65536)))).toBe(M.codeTooLong);
    expect(codeSchema.safeParse('a'.repeat(65535)).success).toBe(true);
  });
  it('login: username at most 20, password 6 to 20', () => {
    expect(firstMessage(loginSchema.safeParse({ username: '', password: '123456' }))).toBe(
      M.usernameRequired,
    );
    expect(firstMessage(loginSchema.safeParse({ username: 'a'.repeat(21), password: '123456' }))).toBe(
      M.usernameMax,
    );
    expect(firstMessage(loginSchema.safeParse({ username: 'root', password: '12345' }))).toBe(
      M.passwordLength,
    );
    expect(firstMessage(loginSchema.safeParse({ username: 'root', password: 'a'.repeat(21) }))).toBe(
      M.passwordLength,
    );
    expect(loginSchema.parse({ username: ' root ', password: ' secret1 ' })).toEqual({
      username: 'root',
      password: 'secret1',
    });
  });
  it('submit takes the problem id as text, as HOJ clients send it', () => {
    expect(submitSchema.parse({ pid: 1000, language: 'C', code: 'x' }).pid).toBe('1000');
    expect(firstMessage(submitSchema.safeParse({ pid: '1000', language: '', code: 'x' }))).toBe(
      M.languageRequired,
    );
  });
  it('reads booleans and numbers from query strings', () => {
    expect(queryBool.parse('true')).toBe(true);
    expect(queryBool.parse('false')).toBe(false);
    expect(submissionListQuery.parse({ onlyMine: 'false', status: '', currentPage: '2' })).toEqual({
      onlyMine: false,
      status: undefined,
      currentPage: 2,
    });
  });
});
