import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_KEYS, browserMessages, localeFolder } from '@/modules/ext-locales';

const read = (lang: string) =>
  JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, unknown>;

describe('ext-locales module', () => {
  it("maps our language tags to the browser's _locales folders", () => {
    expect(localeFolder('en-US')).toBe('en');
    expect(localeFolder('zh-CN')).toBe('zh_CN');
    expect(localeFolder('pt-BR')).toBe('pt_BR');
  });

  it('emits extName and extDescription from locales/*.json', () => {
    for (const lang of ['en-US', 'zh-CN']) {
      const source = read(lang);
      const messages = browserMessages(source, `${lang}.json`);
      expect(Object.keys(messages)).toEqual([...BROWSER_KEYS]);
      expect(messages.extName.message).toBe(source.extName);
    }
  });

  it('fails the build when a key is missing', () => {
    expect(() => browserMessages({ extName: 'x' }, 'xx.json')).toThrow(/extDescription/);
  });

  it('both locale files carry the same ext keys', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix.slice(0, -1)];
    expect(keys(read('zh-CN').ext).sort()).toEqual(keys(read('en-US').ext).sort());
  });
});
