import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LANGUAGES_FILE_ENV } from '../../judge/languages-file';

/**
 * The service files an operator installs (deploy/; docs/operations.md). Docker is not available
 * where these tests run, so the image is not built here: the compose file is parsed and every
 * script, command and setting it names is checked against the project, and so are the systemd
 * units and the Dockerfile.
 */
const read = (path: string) => readFileSync(path, 'utf8');

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'bin' && entry !== 'node_modules') out.push(...sourcesUnder(path));
    } else if (path.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Every environment setting the programs read: the server's config, the CLI, the judge, the cgroup wrapper. */
function knownSettings(): Set<string> {
  const names = new Set<string>([LANGUAGES_FILE_ENV]);
  for (const m of read('server/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1] as string);
  for (const file of [...sourcesUnder('scripts/cli'), ...sourcesUnder('judge')])
    for (const m of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1] as string);
  for (const m of read('deploy/cgroup-delegate.sh').matchAll(/\$\{?([A-Z][A-Z0-9_]+)/g))
    names.add(m[1] as string);
  return names;
}

/** The options `verdict judge` accepts (its parseArgs table). */
function judgeOptions(): Set<string> {
  const source = read('scripts/cli/judge.ts');
  const table = /options: \{([\s\S]*?)\n {6}\},/.exec(source)?.[1] ?? '';
  return new Set([...table.matchAll(/^\s+'?([a-z-]+)'?: \{ type:/gm)].map((m) => `--${m[1]}`));
}

/** The `verdict` subcommands (scripts/cli/main.ts). */
function cliCommands(): Set<string> {
  const table = /const COMMANDS[^{]*\{([\s\S]*?)\n\};/.exec(read('scripts/cli/main.ts'))?.[1] ?? '';
  return new Set([...table.matchAll(/^\s+([a-z-]+): \(\) => import/gm)].map((m) => m[1] as string));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** What a command line runs: every path-like word exists, `verdict` commands and options are real. */
function expectRunnable(argv: string[]): void {
  const words = [...argv];
  if (words[0] === 'deploy/cgroup-delegate.sh') {
    expect(isExecutable(words[0])).toBe(true);
    words.shift();
  }
  expect(words[0]).toMatch(/^(node|\/usr\/bin\/node)$/);
  expect(words.slice(1, 3)).toEqual(['--import', 'tsx']);
  const script = words[3] as string;
  expect(existsSync(script), script).toBe(true);
  if (script === 'scripts/cli/main.ts') {
    expect(cliCommands()).toContain(words[4]);
    if (words[4] === 'judge') {
      const options = judgeOptions();
      for (const word of words.slice(5).filter((w) => w.startsWith('--')))
        expect(options, word).toContain(word);
    }
  }
}

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  privileged?: boolean;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  hostname?: string;
  stop_grace_period?: string;
}

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;

  it('has the database, the server and two remote judges', () => {
    expect(Object.keys(services).sort()).toEqual(['db', 'judge-1', 'judge-2', 'server']);
    expect(services.server?.environment?.DATABASE_URL).toMatch(
      /^postgres:\/\/verdict:\$\{POSTGRES_PASSWORD\}@db:5432\/verdict$/,
    );
    expect(services.server?.depends_on?.db?.condition).toBe('service_healthy');
  });

  it('builds from deploy/Dockerfile with the repository as context', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) continue;
      const context = resolve('deploy', service.build.context);
      expect(context, name).toBe(resolve('.'));
      expect(existsSync(join(context, service.build.dockerfile)), name).toBe(true);
      expect(service.image).toBe('verdict:local');
    }
  });

  it('runs commands and scripts that exist, with options they take', () => {
    expectRunnable(services.server?.command ?? []);
    for (const name of ['judge-1', 'judge-2']) {
      const judge = services[name] as ComposeService;
      expectRunnable(judge.command ?? []);
      expect(judge.command).toContain('--server');
      expect(judge.command?.[judge.command.indexOf('--server') + 1]).toBe('http://server:8080');
      // each judge its own name (the host name is the default --name)
      expect(judge.hostname).toBe(name);
    }
  });

  it('sets only settings the programs read, and shares the judge token', () => {
    const known = knownSettings();
    for (const [name, service] of Object.entries(services)) {
      if (name === 'db') continue;
      for (const key of Object.keys(service.environment ?? {}))
        expect(known, `${name}: ${key}`).toContain(key);
    }
    const token = services.server?.environment?.JUDGE_TOKEN;
    expect(token).toMatch(/^\$\{JUDGE_TOKEN/);
    expect(services['judge-1']?.environment?.JUDGE_TOKEN).toBe(token);
    expect(services['judge-2']?.environment?.JUDGE_TOKEN).toBe(token);
    // the server judges nothing itself: it has no sandbox rights
    expect(services.server?.environment?.JUDGE_WORKERS).toBe('0');
    expect(services.server?.privileged).toBeUndefined();
  });

  it('every variable it interpolates is in compose.env.example', () => {
    const example = new Set(
      read('deploy/compose.env.example')
        .split('\n')
        .map((l) => /^([A-Z][A-Z0-9_]*)=/.exec(l)?.[1])
        .filter((v): v is string => !!v),
    );
    for (const m of read('deploy/compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g))
      expect(example).toContain(m[1]);
  });

  it('gives the judges what their sandbox needs and checks their readiness on their health port', () => {
    for (const name of ['judge-1', 'judge-2']) {
      const judge = services[name] as ComposeService;
      expect(judge.privileged).toBe(true);
      expect(judge.environment?.VERDICT_CGROUP_DELEGATE).toBe('1');
      const port = judge.environment?.JUDGE_HEALTH_PORT;
      expect(judge.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
      expect(judge.depends_on?.server?.condition).toBe('service_healthy');
    }
    expect(services.server?.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:8080/api/healthz');
    // longer than the server's and the daemon's own 20 s stop deadline
    for (const name of ['server', 'judge-1', 'judge-2'])
      expect(services[name]?.stop_grace_period).toBe('30s');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('installs the sandbox’s packages, builds with the project’s own scripts and starts the server', () => {
    expect(dockerfile).toMatch(/^FROM node:20-bookworm$/m);
    for (const pkg of ['bubblewrap', 'libseccomp-dev', 'gcc', 'g++', 'python3'])
      expect(dockerfile).toContain(` ${pkg}`);
    expect(dockerfile).toContain('bash judge/sandbox/build.sh');
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const m of dockerfile.matchAll(/npm run ([a-z:-]+)/g))
      expect(scripts).toHaveProperty(m[1] as string);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]';
    expectRunnable(JSON.parse(cmd) as string[]);
    // the host's node_modules and builds stay out of the image
    expect(read('deploy/Dockerfile.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['node_modules', 'dist', 'judge/sandbox/bin']),
    );
  });
});

/** `Key=value` lines of a unit file, by key (a key may repeat). */
function unit(path: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of read(path).split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (m) out.set(m[1] as string, [...(out.get(m[1] as string) ?? []), m[2] as string]);
  }
  return out;
}

describe('deploy/systemd units', () => {
  const known = knownSettings();
  for (const [file, example, script] of [
    ['verdict.service', 'verdict.env.example', 'scripts/start.ts'],
    ['verdict-judge.service', 'judge.env.example', 'scripts/cli/main.ts'],
  ] as const) {
    it(`${file}: restarts on failure, stops gently, and runs what exists with settings the programs read`, () => {
      const keys = unit(`deploy/systemd/${file}`);
      const one = (key: string) => keys.get(key)?.[0];
      expect(one('Restart')).toBe('on-failure');
      expect(one('KillMode')).toBe('mixed');
      expect(one('KillSignal')).toBe('SIGTERM');
      expect(Number.parseInt(one('TimeoutStopSec') ?? '0', 10)).toBeGreaterThan(20);
      expect(one('Delegate')).toBe('yes');
      expect(one('User')).toBe('root');
      expect(one('EnvironmentFile')).toMatch(/^\/etc\/verdict\/[a-z]+\.env$/);
      const argv = (one('ExecStart') ?? '').split(' ').map((w) => w.replace(/^\/opt\/verdict\//, ''));
      expectRunnable(argv);
      expect(argv[argv.indexOf('tsx') + 1]).toBe(script);
      const environment = (keys.get('Environment') ?? []).map((e) => e.split('=')[0] as string);
      for (const name of environment) expect(known, name).toContain(name);
      expect(environment).toContain('DATA_DIR');
      // the environment file: settings the programs read, or a variable the unit's ExecStart uses
      const execVars = new Set([...(one('ExecStart') ?? '').matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]));
      for (const line of read(`deploy/systemd/${example}`).split('\n')) {
        const name = /^#?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
        if (name) expect(known.has(name) || execVars.has(name), name).toBe(true);
      }
    });
  }
});

describe('deploy/cgroup-delegate.sh', () => {
  it('is valid sh and, with nothing to delegate, runs the command as it is', () => {
    expect(spawnSync('sh', ['-n', 'deploy/cgroup-delegate.sh']).status).toBe(0);
    // Opting in is a no-op on a cgroup v1 host (this one). On a cgroup v2 host it would move the
    // test runner's own processes into a child group, so there the test runs it without opting in.
    const v2 = read('/proc/self/mounts').includes(' /sys/fs/cgroup cgroup2 ');
    const run = spawnSync(
      'deploy/cgroup-delegate.sh',
      ['sh', '-c', 'echo "$VERDICT_CGROUP_ROOT|$1"; exit 7', 'x', 'arg'],
      {
        env: { ...process.env, VERDICT_CGROUP_DELEGATE: v2 ? '' : '1', VERDICT_CGROUP_ROOT: '' },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(7);
    expect(run.stdout).toBe('|arg\n');
  });
});
