/**
 * Problem package import: root uploads a HOJ, QDUOJ, Hydro, DMOJ, Kattis or Polygon zip or an FPS XML file and
 * gets new problems. Everything is parsed and checked in memory first; only a package that parses
 * completely is written, so a broken upload leaves no trace.
 */

import type { PackageFormat } from '../../../shared/constants/package-formats';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isRootUser } from '../authz';
import { forbidden } from '../errors';
import type { FileStore } from '../files/store';
import type { JudgeEvents } from '../judge-queue/events';
import { decodeText, importError, type PackageFiles, readZip } from './archive';
import { displayId } from './common';
import { parseDmoj } from './dmoj';
import { parseFps } from './fps';
import { parseHoj } from './hoj';
import { parseHydro } from './hydro';
import { kattisRoots, parseKattis } from './kattis';
import { parsePolygon, polygonRoots } from './polygon';
import { parseQduoj } from './qduoj';
import { loadImportDefaults, saveImportDefaults } from './settings';
import type { ImportDefaults, ParsedProblem } from './types';
import { type StoredProblem, storeProblems } from './writer';

export type { PackageFormat } from '../../../shared/constants/package-formats';

export interface Upload {
  filename: string;
  data: Buffer;
}

export interface ImportOptions {
  /** display id for a single-problem upload, instead of the package's own */
  problemId?: string;
}

const baseName = (filename: string) => (filename.split(/[\\/]/).pop() ?? '').replace(/\.(zip|kpp|xml)$/i, '');

/** The problems of an archive already in memory (also used by `verdict verify`). */
export function parseArchive(
  pkg: PackageFiles,
  format: 'kattis' | 'polygon',
  archiveName: string,
  defaults: ImportDefaults,
): ParsedProblem[] {
  if (format === 'kattis') {
    const roots = kattisRoots(pkg);
    if (roots.length === 0) throw importError('kattis.missingProblemYaml');
    return roots.map((root) =>
      parseKattis(pkg.sub(root), { shortName: root || baseName(archiveName), defaults }),
    );
  }
  const roots = polygonRoots(pkg);
  if (roots.length === 0) throw importError('polygon.missingProblemXml');
  return roots.map((root) => parsePolygon(pkg.sub(root)));
}

export async function parseUpload(
  format: PackageFormat,
  upload: Upload,
  defaults: ImportDefaults,
): Promise<ParsedProblem[]> {
  if (format === 'hoj') return parseHoj(await readZip(upload.data));
  if (format === 'qduoj') return parseQduoj(await readZip(upload.data));
  if (format === 'hydro') return parseHydro(await readZip(upload.data));
  if (format === 'dmoj') return parseDmoj(await readZip(upload.data), baseName(upload.filename), defaults);
  if (format === 'fps') {
    if (upload.data.subarray(0, 2).toString('latin1') === 'PK') throw importError('fps.notXml');
    return parseFps(decodeText(upload.data));
  }
  return parseArchive(await readZip(upload.data), format, upload.filename, defaults);
}

export interface ImportContext {
  db: Db;
  files: FileStore;
  events: JudgeEvents;
}

export async function importPackage(
  ctx: ImportContext,
  user: CurrentUser,
  format: PackageFormat,
  upload: Upload,
  options: ImportOptions = {},
): Promise<StoredProblem[]> {
  assertCanImport(user);
  const problems = await parseUpload(format, upload, await loadImportDefaults(ctx.db));
  if (options.problemId !== undefined && options.problemId !== '') {
    const id = displayId(options.problemId);
    if (!id || id !== options.problemId.trim())
      throw importError('badProblemId', { problemId: options.problemId });
    if (problems.length !== 1) throw importError('problemIdForOne');
    problems[0].problemId = id;
  }
  // private until root or a problem admin publishes it: a contest's problems must not show before it
  const stored = await storeProblems(ctx.db, ctx.files, problems, user.username, ProblemAuth.PRIVATE);
  // a package may replace a problem's statement and limits: no cached detail may outlive it
  ctx.events.emit('problemChanged', { visibility: false });
  return stored;
}

/** Only root imports problems (HOJ's import endpoints are root-only too). */
export function assertCanImport(user: CurrentUser): void {
  if (!isRootUser(user)) throw forbidden();
}

export async function getImportDefaults(db: Db, user: CurrentUser): Promise<ImportDefaults> {
  assertCanImport(user);
  return loadImportDefaults(db);
}

export async function updateImportDefaults(
  db: Db,
  user: CurrentUser,
  change: Partial<ImportDefaults>,
): Promise<ImportDefaults> {
  assertCanImport(user);
  return saveImportDefaults(db, change);
}
