/**
 * The languages beyond C, C++, Java and Python that other judges offer: Go, Kotlin, C#, PHP, Ruby,
 * Pascal, Haskell, PyPy 3 and TypeScript, each offered only where its toolchain is installed
 * (`bash scripts/setup --languages all` installs Debian's). Names are HOJ's where HOJ has the
 * language ("Golang", "C#", "PHP", "Ruby", "PyPy3"), so HOJ clients and packages name them alike.
 * Every one takes HOJ's 2x time and memory (its source is not .c/.cpp). How each was chosen and
 * measured: docs/judge.md, Languages.
 */
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LanguageSpec, SCRIPT_BASE } from './language-spec';
import {
  AB_CSHARP,
  AB_GO,
  AB_HASKELL,
  AB_KOTLIN,
  AB_PASCAL,
  AB_PHP,
  AB_PY3,
  AB_RUBY,
  AB_TS,
} from './language-templates';
import { isDirectory, isFile, locateJdk, realExecutable } from './toolchains';

/** Runtimes that reserve large address ranges up front (Go, the JVM, Mono, GHC, PyPy, V8): the cgroup limits their memory instead. */
const RESERVING = { ...SCRIPT_BASE, addressSpaceLimit: false };

async function detectGo(): Promise<LanguageSpec[]> {
  const go = await realExecutable('/usr/bin/go');
  if (!go) return [];
  const version = /go-(\d+\.\d+)/.exec(go)?.[1];
  return [
    {
      ...RESERVING,
      name: 'Golang',
      description: `Go ${version ?? ''}`.trim(),
      contentType: 'text/x-go',
      sourceFile: 'main.go',
      compile: [go, 'build', '-o', 'main', 'main.go'],
      run: ['/w/main'],
      template: AB_GO,
      binds: [],
      dirs: [],
      // the build cache lives in the box's /tmp and goes with it; no modules, no cgo
      env: {
        GOCACHE: '/tmp/go-cache',
        GOPATH: '/tmp/go',
        GO111MODULE: 'off',
        CGO_ENABLED: '0',
        GOTOOLCHAIN: 'local',
      },
    },
  ];
}

/** Debian's kotlinc is a script around this compiler jar; calling the JVM directly saves the script and lets us tune it. */
const KOTLIN_HOME = '/usr/share/kotlin/kotlinc';

async function detectKotlin(): Promise<LanguageSpec[]> {
  const lib = join(KOTLIN_HOME, 'lib');
  const jars = [
    'kotlin-compiler.jar',
    'kotlin-stdlib.jar',
    'kotlin-script-runtime.jar',
    'kotlin-reflect.jar',
    'trove4j.jar',
  ];
  const present = await Promise.all(jars.map((j) => isFile(join(lib, j))));
  if (present.some((p) => !p)) return [];
  const jdk = await locateJdk();
  if (!jdk) return [];
  const stdlib = join(lib, 'kotlin-stdlib.jar');
  return [
    {
      ...RESERVING,
      extraMemoryMB: 128,
      runPids: 128,
      name: 'Kotlin',
      description: 'Kotlin (JVM)',
      contentType: 'text/x-kotlin',
      sourceFile: 'main.kt',
      compile: [
        jdk.java,
        '-Xmx512m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-XX:-UsePerfData',
        '-cp',
        jars.map((j) => join(lib, j)).join(':'),
        'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
        '-no-reflect',
        '-kotlin-home',
        KOTLIN_HOME,
        '-d',
        '.',
        'main.kt',
      ],
      // kotlinc names the class of main.kt's top-level functions MainKt
      run: [
        jdk.java,
        '-Xmx{memoryMB}m',
        '-Xss{stackMB}m',
        '-XX:+UseSerialGC',
        '-XX:-UsePerfData',
        '-Dfile.encoding=UTF-8',
        '-cp',
        `/w:${stdlib}`,
        'MainKt',
      ],
      template: AB_KOTLIN,
      binds: jdk.binds,
      dirs: jdk.dirs,
    },
  ];
}

async function detectCSharp(): Promise<LanguageSpec[]> {
  const mono = await realExecutable('/usr/bin/mono');
  const mcs = '/usr/lib/mono/4.5/mcs.exe';
  if (!mono || !(await isFile(mcs))) return [];
  const binds = (await isDirectory('/etc/mono')) ? [{ src: '/etc/mono', dst: '/etc/mono' }] : [];
  return [
    {
      ...RESERVING,
      runPids: 64,
      name: 'C#',
      description: 'Mono C# (mcs)',
      contentType: 'text/x-csharp',
      sourceFile: 'main.cs',
      compile: [mono, mcs, '-optimize+', '-nologo', '-out:main.exe', 'main.cs'],
      run: [mono, 'main.exe'],
      template: AB_CSHARP,
      binds,
      dirs: [],
    },
  ];
}

async function detectPhp(): Promise<LanguageSpec[]> {
  const php = await realExecutable('/usr/bin/php');
  if (!php) return [];
  return [
    {
      ...SCRIPT_BASE,
      name: 'PHP',
      description: `PHP ${/php(\d+\.\d+)/.exec(php)?.[1] ?? ''}`.trim(),
      contentType: 'text/x-php',
      sourceFile: 'main.php',
      // -n: no php.ini, so the host's settings never change a verdict; the memory limit is the problem's
      compile: [php, '-n', '-l', 'main.php'],
      run: [php, '-n', '-d', 'memory_limit={memoryMB}M', 'main.php'],
      template: AB_PHP,
      binds: [],
      dirs: [],
    },
  ];
}

async function detectRuby(): Promise<LanguageSpec[]> {
  const ruby = await realExecutable('/usr/bin/ruby');
  if (!ruby) return [];
  return [
    {
      ...SCRIPT_BASE,
      name: 'Ruby',
      description: `Ruby ${/ruby(\d+\.\d+)/.exec(ruby)?.[1] ?? ''}`.trim(),
      contentType: 'text/x-ruby',
      sourceFile: 'main.rb',
      compile: [ruby, '-c', 'main.rb'],
      // gems are not needed for the standard library and cost ~50 ms per start
      run: [ruby, '--disable-gems', 'main.rb'],
      template: AB_RUBY,
      binds: [],
      dirs: [],
    },
  ];
}

async function detectPascal(): Promise<LanguageSpec[]> {
  const fpc = await realExecutable('/usr/bin/fpc');
  if (!fpc) return [];
  // fpc reads its unit paths from /etc/fpc.cfg (a symlink through /etc/alternatives)
  const cfg = await realpath('/etc/fpc.cfg').catch(() => null);
  if (!cfg) return [];
  return [
    {
      ...SCRIPT_BASE,
      name: 'Pascal',
      description: `Free Pascal ${/fpc-(\d+\.\d+\.\d+)/.exec(fpc)?.[1] ?? ''}`.trim(),
      contentType: 'text/x-pascal',
      sourceFile: 'main.pas',
      compile: [fpc, '-O2', '-Xs', '-XS', '-dONLINE_JUDGE', '-omain', 'main.pas'],
      run: ['/w/main'],
      template: AB_PASCAL,
      binds: [{ src: cfg, dst: '/etc/fpc.cfg' }],
      dirs: [],
    },
  ];
}

async function detectHaskell(): Promise<LanguageSpec[]> {
  const ghc = await realExecutable('/usr/bin/ghc');
  if (!ghc) return [];
  // Debian keeps GHC's package database under /var/lib/ghc
  const packages = '/var/lib/ghc';
  const binds = (await isDirectory(packages)) ? [{ src: packages, dst: packages }] : [];
  return [
    {
      ...RESERVING,
      name: 'Haskell',
      description: `GHC ${/ghc-(\d+\.\d+\.\d+)/.exec(ghc)?.[1] ?? ''}`.trim(),
      contentType: 'text/x-haskell',
      sourceFile: 'main.hs',
      compile: [ghc, '-O2', '-v0', '-o', 'main', 'main.hs'],
      run: ['/w/main'],
      template: AB_HASKELL,
      binds,
      dirs: binds.length ? ['/var', '/var/lib'] : [],
    },
  ];
}

async function detectPyPy3(): Promise<LanguageSpec[]> {
  const pypy = await realExecutable('/usr/bin/pypy3');
  if (!pypy) return [];
  return [
    {
      ...RESERVING,
      name: 'PyPy3',
      description: `PyPy ${/pypy(\d+\.\d+)/.exec(pypy)?.[1] ?? '3'}`,
      contentType: 'text/x-python',
      sourceFile: 'main.py',
      compile: [pypy, '-m', 'py_compile', 'main.py'],
      run: [pypy, '-B', 'main.py'],
      template: AB_PY3,
      binds: [],
      dirs: [],
    },
  ];
}

/** Where the TypeScript compiler and Node's types are seen inside the box. */
const TS_DIR = '/.typescript';

/**
 * TypeScript is type-checked and compiled by the project's own TypeScript (the native compiler, a
 * development dependency): offered where `npm ci` installed it, with Node's types, then run by
 * Debian's Node as JavaScript is.
 */
async function detectTypeScript(): Promise<LanguageSpec[]> {
  const node = await realExecutable('/usr/bin/node');
  const modules = fileURLToPath(new URL('../node_modules', import.meta.url));
  const tsc = await realExecutable(join(modules, '@typescript', 'typescript-linux-x64', 'lib', 'tsc'));
  const typeRoots = join(modules, '@types');
  if (!node || !tsc || !(await isDirectory(join(typeRoots, 'node')))) return [];
  // bound at fixed places in the box: the checkout may live under /tmp, which the box replaces
  const binds = [
    { src: await realpath(join(tsc, '..')), dst: `${TS_DIR}/compiler` },
    { src: await realpath(typeRoots), dst: `${TS_DIR}/types` },
  ];
  const version = await readFile(join(modules, 'typescript', 'package.json'), 'utf8').then(
    (text) => ` ${(JSON.parse(text) as { version?: string }).version ?? ''}`.trimEnd(),
    () => '',
  );
  return [
    {
      ...RESERVING,
      name: 'TypeScript',
      description: `TypeScript${version} (Node.js)`,
      contentType: 'text/typescript',
      sourceFile: 'main.ts',
      compile: [
        `${TS_DIR}/compiler/tsc`,
        '--target',
        'es2022',
        '--module',
        'commonjs',
        '--types',
        'node',
        '--typeRoots',
        `${TS_DIR}/types`,
        '--skipLibCheck',
        '--pretty',
        'false',
        'main.ts',
      ],
      run: [node, '--max-old-space-size={memoryMB}', 'main.js'],
      template: AB_TS,
      binds,
      dirs: [TS_DIR],
    },
  ];
}

/** The languages of this module whose toolchains this machine has, in display order. */
export async function detectMoreLanguages(): Promise<LanguageSpec[]> {
  const found = await Promise.all([
    detectGo(),
    detectKotlin(),
    detectCSharp(),
    detectPhp(),
    detectRuby(),
    detectPascal(),
    detectHaskell(),
    detectPyPy3(),
    detectTypeScript(),
  ]);
  return found.flat();
}
