import { describe, expect, it } from 'vitest';
import { cookieAssignment, readCookie } from '@/web/lib/cookie';
import { languageForLocation, otherLanguage } from '@/web/lib/language';

describe('interface language', () => {
  it('defaults to Chinese', () => {
    expect(languageForLocation('', '')).toBe('zh-CN');
  });

  it('keeps the Web_Language cookie', () => {
    expect(languageForLocation('', 'a=1; Web_Language=en-US; b=2')).toBe('en-US');
    expect(languageForLocation('', 'Web_Language=zh-CN')).toBe('zh-CN');
  });

  it('?l=zh-cn forces Chinese, any other l forces English, over the cookie', () => {
    expect(languageForLocation('?l=zh-cn', 'Web_Language=en-US')).toBe('zh-CN');
    expect(languageForLocation('?l=ZH-CN', 'Web_Language=en-US')).toBe('zh-CN');
    expect(languageForLocation('?l=fr', 'Web_Language=zh-CN')).toBe('en-US');
    expect(languageForLocation('?l=zh', '')).toBe('en-US');
  });

  it('the logo toggles between the two languages', () => {
    expect(otherLanguage('zh-CN')).toBe('en-US');
    expect(otherLanguage('en-US')).toBe('zh-CN');
  });

  it('reads and writes the cookie', () => {
    expect(readCookie('x=1;  Web_Language=en-US', 'Web_Language')).toBe('en-US');
    expect(readCookie('x=1', 'Web_Language')).toBeNull();
    expect(cookieAssignment('Web_Language', 'zh-CN')).toMatch(/^Web_Language=zh-CN; path=\/; max-age=\d+/);
  });
});
