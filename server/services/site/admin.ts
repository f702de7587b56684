import type { SiteSwitches, WebConfigAdmin } from '../../../shared/api/types';
import type { SwitchChange, WebConfigChange } from '../../../shared/schemas/api';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { canAdminSite } from '../authz';
import { forbidden } from '../errors';
import { loadSettings, saveSettingsSection } from './settings';

/** Root edits the web config (hoj-web.yml) and the switches (hoj-switch.yml); both apply at once. */
function assertCanAdminSite(user: CurrentUser): void {
  if (!canAdminSite(user)) throw forbidden();
}

function adminView(web: Awaited<ReturnType<typeof loadSettings>>['web']): WebConfigAdmin {
  const { product: _product, version: _version, mailLocalFiles: _mail, ...rest } = web;
  return rest;
}

export async function getWebConfig(db: Db, user: CurrentUser): Promise<WebConfigAdmin> {
  assertCanAdminSite(user);
  return adminView((await loadSettings(db)).web);
}

export async function setWebConfig(
  db: Db,
  user: CurrentUser,
  change: WebConfigChange,
): Promise<WebConfigAdmin> {
  assertCanAdminSite(user);
  const current = adminView((await loadSettings(db)).web);
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const next: WebConfigAdmin = { ...current, ...defined };
  await saveSettingsSection(db, 'web', next);
  return next;
}

export async function getSwitches(db: Db, user: CurrentUser): Promise<SiteSwitches> {
  assertCanAdminSite(user);
  return (await loadSettings(db)).switches;
}

export async function updateSwitches(db: Db, user: CurrentUser, change: SwitchChange): Promise<SiteSwitches> {
  assertCanAdminSite(user);
  const current = (await loadSettings(db)).switches;
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const next: SiteSwitches = { ...current, ...defined };
  await saveSettingsSection(db, 'switches', next);
  return next;
}
