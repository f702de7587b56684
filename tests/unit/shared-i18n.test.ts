import { describe, expect, it } from 'vitest';
import clarificationsEnUS from '../../locales/clarifications/en-US.json';
import clarificationsZhCN from '../../locales/clarifications/zh-CN.json';
import consoleEnUS from '../../locales/console/en-US.json';
import consoleZhCN from '../../locales/console/zh-CN.json';
import enUS from '../../locales/en-US.json';
import groupsEnUS from '../../locales/groups/en-US.json';
import groupsZhCN from '../../locales/groups/zh-CN.json';
import zhCN from '../../locales/zh-CN.json';
import { STATUS_INFO } from '../../shared/constants/judge-status';
import { languageFromAcceptHeader, resolveLanguage } from '../../shared/i18n';
import { createSiteI18n } from '../../shared/i18n/site-messages';
import { M } from '../../shared/schemas/forms';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('interface language', () => {
  it('defaults to Chinese, keeps the cookie, and ?l= forces it', () => {
    expect(resolveLanguage({})).toBe('zh-CN');
    expect(resolveLanguage({ cookie: 'en-US' })).toBe('en-US');
    expect(resolveLanguage({ query: 'zh-cn', cookie: 'en-US' })).toBe('zh-CN');
    expect(resolveLanguage({ query: 'ZH-CN' })).toBe('zh-CN');
    expect(resolveLanguage({ query: 'fr', cookie: 'zh-CN' })).toBe('en-US');
    expect(resolveLanguage({ query: 'en-us' })).toBe('en-US');
  });
  it('reads Accept-Language', () => {
    expect(languageFromAcceptHeader('en-GB,en;q=0.9')).toBe('en-US');
    expect(languageFromAcceptHeader('de-DE,zh;q=0.5')).toBe('zh-CN');
    expect(languageFromAcceptHeader(undefined)).toBe('zh-CN');
  });
});

describe('locales', () => {
  it('have the same keys in both languages', () => {
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort());
    expect(keys(consoleZhCN).sort()).toEqual(keys(consoleEnUS).sort());
    expect(keys(groupsZhCN).sort()).toEqual(keys(groupsEnUS).sort());
    expect(keys(clarificationsZhCN).sort()).toEqual(keys(clarificationsEnUS).sort());
  });
  it('keep the Clarifications tab’s words out of the site’s (they load with the tab)', () => {
    const site = new Set(keys(enUS));
    expect(keys(clarificationsEnUS).filter((k) => site.has(k))).toEqual([]);
  });
  it('keep the group screens’ words out of the site’s (they load with the group screens)', () => {
    const site = new Set(keys(enUS));
    expect(keys(groupsEnUS).filter((k) => site.has(k))).toEqual([]);
  });
  it('keep the admin console’s messages out of the site’s, so no other page downloads them', () => {
    const site = new Set(keys(enUS));
    expect(keys(consoleEnUS).filter((k) => site.has(k))).toEqual([]);
  });
  it('name every judge status and every validation message', () => {
    const en = createSiteI18n('en-US');
    const zh = createSiteI18n('zh-CN');
    for (const info of Object.values(STATUS_INFO)) {
      expect(en.exists(`status.${info.key}`)).toBe(true);
      expect(zh.exists(`status.${info.key}`)).toBe(true);
    }
    for (const key of Object.values(M)) {
      expect(en.exists(key)).toBe(true);
      expect(zh.exists(key)).toBe(true);
    }
    expect(en.t(M.codeEmpty)).toBe('Code can not be empty');
    expect(en.t(M.codeTooLong)).toBe('Code Length can not exceed 65535');
  });
});
