// @vitest-environment node
/**
 * The layer rules of docs/architecture.md are enforced by `npm run lint` (Biome's restricted
 * imports and import cycles, configured in biome.json). Each case writes a small file that breaks
 * one rule where the rule applies and expects the rule's message on it; an allowed import in the
 * same place passes. Every probe is linted in one Biome run (each run scans the whole project's
 * module graph first), and the files are removed afterwards.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');
const written: string[] = [];

/** Writes `files` (path → source) under the project and returns their paths. */
function probe(files: Record<string, string>): string[] {
  const tag = randomBytes(4).toString('hex');
  return Object.entries(files).map(([path, source]) => {
    const file = join(ROOT, path.replace('PROBE', `zz-layer-probe-${tag}`));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source.replaceAll('PROBE', `zz-layer-probe-${tag}`));
    written.push(file);
    return file;
  });
}

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** Biome's lint diagnostics for these files, by the file's path relative to the project. */
async function lint(files: string[]): Promise<Map<string, Diagnostic[]>> {
  const out = await run(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', ...files], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  const { diagnostics } = JSON.parse(out.stdout) as { diagnostics: Diagnostic[] };
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.location.path, [...(byFile.get(d.location.path) ?? []), d]);
  return byFile;
}

afterAll(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

const use = (specifier: string) => `import { x } from '${specifier}';\n\nexport const y = x;\n`;

describe('layer rules (npm run lint)', () => {
  const cases: { rule: string; at: string; forbidden: string; allowed: string; message: string }[] = [
    {
      rule: 'shared/ imports no other part',
      at: 'shared/lib/PROBE.ts',
      forbidden: '../../server/app',
      allowed: '../constants/judge-status',
      message: 'shared/ imports no other part of the project',
    },
    {
      rule: 'judge/ never imports the server',
      at: 'judge/PROBE.ts',
      forbidden: '../server/services/clock',
      allowed: '../shared/constants/judge-status',
      message: 'judge/ runs in judge daemons without the server',
    },
    {
      rule: 'routes never reach the database',
      at: 'server/routes/PROBE.ts',
      forbidden: '../db/database',
      allowed: '../services/errors',
      message: "the database is a service's business",
    },
    {
      rule: 'the database layer sits below the services',
      at: 'server/db/PROBE.ts',
      forbidden: '../services/errors',
      allowed: './schema',
      message: 'server/db/ (schema, migrations, connections) sits below the services',
    },
    {
      rule: 'the web app never imports the server',
      at: 'web/lib/PROBE.ts',
      forbidden: '@/server/app',
      allowed: '@/shared/constants/judge-status',
      message: 'The web app reaches the server over HTTP',
    },
    {
      rule: 'web components know no feature or app state',
      at: 'web/components/PROBE.tsx',
      forbidden: '@/web/lib/auth',
      allowed: '@/web/components/ui/button',
      message: 'web/components/ are building blocks',
    },
    {
      rule: 'the extension uses only the web app’s components',
      at: 'entrypoints/popup/PROBE.tsx',
      forbidden: '@/web/features/problems/api',
      allowed: '@/web/components/ui/button',
      message: "The extension shares the web app's components only",
    },
    {
      rule: 'a feature uses another only through its public entry',
      at: 'web/features/home/PROBE.tsx',
      forbidden: '@/web/features/problems/api',
      allowed: '@/web/features/problems',
      message: 'A feature uses another only through its index.ts',
    },
  ];

  const probes = cases.map(({ at, forbidden, allowed }) => {
    const [bad, good] = probe({ [at]: use(forbidden), [at.replace('PROBE', 'PROBE-ok')]: use(allowed) });
    return { bad: bad ?? '', good: good ?? '' };
  });
  const cycle = probe({
    'server/services/PROBE-a.ts': "import type { B } from './PROBE-b';\n\nexport type A = { b?: B };\n",
    'server/services/PROBE-b.ts': "import type { A } from './PROBE-a';\n\nexport type B = { a?: A };\n",
  });
  let found = new Map<string, Diagnostic[]>();
  const of = (file: string) => found.get(relative(ROOT, file)) ?? [];

  beforeAll(async () => {
    found = await lint([...probes.flatMap((p) => [p.bad, p.good]), ...cycle]);
  }, 60_000);

  it.each(cases.map((c, i) => ({ ...c, ...probes[i] })))('$rule', ({ bad, good, message }) => {
    expect(of(bad).map((d) => d.message)).toContainEqual(expect.stringContaining(message));
    expect(of(good).map((d) => d.category)).not.toContain('lint/style/noRestrictedImports');
  });

  it('refuses an import cycle, type-only imports included', () => {
    expect(cycle.flatMap((f) => of(f).map((d) => d.category))).toContainEqual(
      expect.stringContaining('noImportCycles'),
    );
  });
});
