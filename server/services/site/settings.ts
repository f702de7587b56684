import type { WebsiteConfig } from '../../../shared/api/types';
import { DISCUSSION_RULE_DEFAULTS } from '../../../shared/constants/discussions';
import { GROUP_RULE_DEFAULTS } from '../../../shared/constants/groups';
import { LIMITS } from '../../../shared/constants/limits';
import type { Db } from '../../db/database';

/** Site settings (HOJ's hoj-web.yml and hoj-switch.yml), stored as JSON values in site_config. */
export interface SiteSettings {
  web: WebsiteConfig;
  switches: {
    openPublicJudge: boolean;
    /** seconds between two non-contest submissions of a non-admin */
    defaultSubmitInterval: number;
    /**
     * E-mail suffix rules of registration (HOJ's email-rule.yml): domains such as "example.com"
     * (subdomains match too). A non-empty allow list admits only its domains; the deny list
     * refuses its domains. Both empty: no rule.
     */
    emailSuffixAllow: string[];
    emailSuffixDeny: string[];
    /** HOJ's discussion rules (hoj-switch.yml): posts a non-admin may make per day */
    defaultCreateDiscussionDailyLimit: number;
    /** accepted problems a non-admin needs before posting a discussion */
    defaultCreateDiscussionACInitValue: number;
    /** accepted problems a non-admin needs before commenting or replying in discussions */
    defaultCreateCommentACInitValue: number;
    /** HOJ's group rules (hoj-switch.yml): groups a non-admin may create per 24 hours */
    defaultCreateGroupDailyLimit: number;
    /** groups a non-admin may own at once */
    defaultCreateGroupLimit: number;
    /** accepted problems a non-admin needs before creating a group */
    defaultCreateGroupACInitValue: number;
  };
}

export const PRODUCT_NAME = 'verdict';

export function defaultSettings(): SiteSettings {
  return {
    web: {
      baseUrl: '',
      name: 'Verdict Online Judge',
      shortName: 'Verdict',
      description: 'An online judge and contest platform',
      register: true,
      recordName: '',
      recordUrl: '',
      projectName: 'Verdict',
      projectUrl: '',
      openPublicDiscussion: true,
      openGroupDiscussion: true,
      openContestComment: true,
      email: '',
      product: PRODUCT_NAME,
      version: '0.1.0',
    },
    switches: {
      openPublicJudge: true,
      defaultSubmitInterval: LIMITS.defaultSubmitIntervalSeconds,
      emailSuffixAllow: [],
      emailSuffixDeny: [],
      ...DISCUSSION_RULE_DEFAULTS,
      ...GROUP_RULE_DEFAULTS,
    },
  };
}

export async function loadSettings(db: Db): Promise<SiteSettings> {
  const rows = await db.kysely.selectFrom('site_config').selectAll().execute();
  const settings = defaultSettings();
  for (const row of rows) {
    if (row.key === 'web') Object.assign(settings.web, JSON.parse(row.value));
    if (row.key === 'switches') Object.assign(settings.switches, JSON.parse(row.value));
  }
  settings.web.product = PRODUCT_NAME;
  return settings;
}

export async function saveSettingsSection(
  db: Db,
  key: 'web' | 'switches',
  value: Partial<SiteSettings['web']> | Partial<SiteSettings['switches']>,
): Promise<void> {
  const json = JSON.stringify(value);
  // one statement: two saves at once (two admins, a double click) must not both try to insert
  await db.kysely
    .insertInto('site_config')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
