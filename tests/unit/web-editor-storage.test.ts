import { beforeEach, describe, expect, it } from 'vitest';
import { EDITOR_DEFAULTS } from '@/shared/constants/editor';
import { LIMITS } from '@/shared/constants/limits';
import { draftKey, loadDraft, loadLanguage, saveDraft, saveLanguage } from '@/web/features/editor/drafts';
import { sanitizeSettings } from '@/web/features/editor/settings';

beforeEach(() => localStorage.clear());

describe('code drafts per problem and language', () => {
  it('keeps a draft per problem and language', () => {
    saveDraft('1000', 'C++', 'int main(){}', '');
    saveDraft('1000', 'Java', 'class Main{}', '');
    expect(loadDraft('1000', 'C++')).toBe('int main(){}');
    expect(loadDraft('1000', 'Java')).toBe('class Main{}');
    expect(loadDraft('1001', 'C++')).toBeNull();
  });

  it('drops a draft equal to the template, empty, or longer than the submit limit', () => {
    saveDraft('1000', 'C++', 'edited', 'tpl');
    saveDraft('1000', 'C++', 'tpl', 'tpl');
    expect(localStorage.getItem(draftKey('1000', 'C++'))).toBeNull();
    saveDraft('1000', 'C++', 'edited', 'tpl');
    saveDraft('1000', 'C++', '   ', 'tpl');
    expect(loadDraft('1000', 'C++')).toBeNull();
    saveDraft('1000', 'C++', 'x'.repeat(LIMITS.codeMaxLength + 1), 'tpl');
    expect(loadDraft('1000', 'C++')).toBeNull();
  });

  it('remembers the language per problem, then the last used, else the first offered', () => {
    expect(loadLanguage('1000', ['C', 'C++'])).toBe('C');
    saveLanguage('1000', 'C++');
    expect(loadLanguage('1000', ['C', 'C++'])).toBe('C++');
    expect(loadLanguage('1001', ['C', 'C++', 'Java'])).toBe('C++');
    expect(loadLanguage('1001', ['Java', 'Python3'])).toBe('Java');
  });

  it('survives broken storage content', () => {
    localStorage.setItem(draftKey('1000', 'C'), '{not json');
    expect(loadDraft('1000', 'C')).toBeNull();
  });
});

describe('editor settings', () => {
  it('falls back to the defaults (solarized, 14 px, tab 4)', () => {
    expect(sanitizeSettings(null)).toEqual({
      theme: EDITOR_DEFAULTS.theme,
      fontSize: EDITOR_DEFAULTS.fontSize,
      tabSize: EDITOR_DEFAULTS.tabSize,
    });
    expect(sanitizeSettings({ theme: 'dracula', fontSize: 20, tabSize: 2 })).toEqual({
      theme: 'dracula',
      fontSize: 20,
      tabSize: 2,
    });
  });

  it('rejects values outside the allowed lists', () => {
    const s = sanitizeSettings({ theme: 'neon' as never, fontSize: 30, tabSize: 3 });
    expect(s).toEqual({ theme: 'solarized', fontSize: 14, tabSize: 4 });
  });
});
