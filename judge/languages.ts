/**
 * The language table, as data. Each entry says how to compile and run a submission inside the
 * sandbox; detectLanguages() keeps the entries whose toolchain really exists on this machine,
 * with every executable resolved to its real path (never a pyenv/rustup shim, which would need
 * the user's environment and home directory).
 *
 * Commands run with /w (the box) as working directory. Placeholders in `run`:
 *   {memoryMB}  memory limit after the language factor
 *   {stackMB}   stack limit (capped for the JVM's -Xss)
 */
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { type LanguageSpec, SCRIPT_BASE } from './language-spec';
import { AB_C, AB_CPP, AB_JAVA, AB_JS, AB_PY2, AB_PY3, AB_RUST } from './language-templates';
import { mergeLanguages, operatorLanguages } from './languages-file';
import { detectMoreLanguages } from './languages-more';
import { pchDir } from './sandbox/paths';
import { bindInPlace, locateJdk, newestVersionDir, realExecutable } from './toolchains';

export type { LanguageSpec } from './language-spec';

/** The class name in Java's default commands, replaced by the one a submission declares. */
export const JAVA_DEFAULT_CLASS = 'Main';

async function gccVersion(): Promise<string> {
  const dir = await newestVersionDir('/usr/lib/gcc/x86_64-linux-gnu', /^\d+$/);
  return dir ? `GCC ${basename(dir)}` : 'GCC';
}

const C_FLAGS = ['-O2', '-pipe', '-DONLINE_JUDGE', '-fmax-errors=10', '-static'];

/**
 * Static linking with GNU ld reads all of libc.a (and libstdc++.a) and costs more CPU than the
 * compile itself; gold links the same static program in about half the time (docs/benchmarks.md,
 * "Judge throughput"). Used when binutils ships it.
 */
async function linkerFlags(): Promise<string[]> {
  return (await realExecutable('/usr/bin/ld.gold')) ? ['-fuse-ld=gold'] : [];
}

async function detectC(): Promise<LanguageSpec[]> {
  const gcc = await realExecutable('/usr/bin/gcc');
  const gxx = await realExecutable('/usr/bin/g++');
  const version = await gccVersion();
  const flags = [...C_FLAGS, ...(await linkerFlags())];
  const out: LanguageSpec[] = [];
  const base = {
    timeFactor: 1,
    memoryFactor: 1,
    extraMemoryMB: 0,
    runPids: 64,
    addressSpaceLimit: true,
    env: {},
  };
  if (gcc) {
    out.push({
      ...base,
      name: 'C',
      description: `${version} (gnu11)`,
      contentType: 'text/x-csrc',
      sourceFile: 'main.c',
      compile: [gcc, '-std=gnu11', ...flags, '-o', 'main', 'main.c', '-lm'],
      run: ['/w/main'],
      template: AB_C,
      binds: [],
      dirs: [],
    });
  }
  if (gxx) {
    // The .gch only matches when -std, -O2 and -DONLINE_JUDGE equal build.sh's; g++ silently
    // falls back to the real header otherwise.
    const pch = pchDir();
    for (const [name, std] of [
      ['C++', 'gnu++17'],
      ['C++ 14', 'gnu++14'],
      ['C++ 20', 'gnu++20'],
    ] as const) {
      const gch = join(pch, std, 'bits', 'stdc++.h.gch');
      const hasPch = await stat(gch).then(
        (s) => s.isFile(),
        () => false,
      );
      out.push({
        ...base,
        name,
        description: `${version.replace('GCC', 'G++')} (${std})`,
        contentType: 'text/x-c++src',
        sourceFile: 'main.cpp',
        compile: [
          gxx,
          `-std=${std}`,
          ...flags,
          ...(hasPch ? [`-I/.pch/${std}`] : []),
          '-o',
          'main',
          'main.cpp',
          '-lm',
        ],
        run: ['/w/main'],
        template: AB_CPP,
        binds: hasPch ? [{ src: join(pch, std), dst: `/.pch/${std}` }] : [],
        dirs: hasPch ? ['/.pch'] : [],
      });
    }
  }
  return out;
}

async function detectJava(): Promise<LanguageSpec[]> {
  const jdk = await locateJdk();
  if (!jdk) return [];
  const { javac, java, major } = jdk;
  return [
    {
      name: 'Java',
      description: `OpenJDK ${major ?? ''}`.trim(),
      contentType: 'text/x-java',
      sourceFile: `${JAVA_DEFAULT_CLASS}.java`,
      compile: [
        javac,
        '-encoding',
        'UTF-8',
        '-J-Xmx512m',
        '-J-XX:+UseSerialGC',
        '-J-XX:-UsePerfData',
        '-d',
        '.',
        `${JAVA_DEFAULT_CLASS}.java`,
      ],
      run: [
        java,
        '-Xmx{memoryMB}m',
        '-Xss{stackMB}m',
        '-XX:+UseSerialGC',
        '-XX:-UsePerfData',
        '-Dfile.encoding=UTF-8',
        '-cp',
        '/w',
        JAVA_DEFAULT_CLASS,
      ],
      timeFactor: 2,
      memoryFactor: 2,
      extraMemoryMB: 128,
      runPids: 128,
      addressSpaceLimit: false,
      template: AB_JAVA,
      binds: jdk.binds,
      dirs: jdk.dirs,
      env: {},
      sourceNaming: 'java-class',
    },
  ];
}

async function detectPython3(): Promise<LanguageSpec[]> {
  // Debian's interpreter, never the pyenv shim that comes first on root's PATH.
  const py = await realExecutable('/usr/bin/python3');
  if (!py) return [];
  return [
    {
      ...SCRIPT_BASE,
      name: 'Python3',
      description: `Python ${basename(py).replace('python', '')}`,
      contentType: 'text/x-python',
      sourceFile: 'main.py',
      compile: [py, '-m', 'py_compile', 'main.py'],
      run: [py, '-B', '-S', 'main.py'],
      template: AB_PY3,
      binds: [],
      dirs: [],
    },
  ];
}

async function detectPython2(): Promise<LanguageSpec[]> {
  const candidates = ['/usr/bin/python2.7', '/usr/bin/python2'];
  const pyenvRoots = [process.env.PYENV_ROOT, join(homedir(), '.pyenv'), '/root/.pyenv'].filter(
    (p): p is string => !!p,
  );
  for (const root of pyenvRoots) {
    const dir = await newestVersionDir(join(root, 'versions'), /^2\.7\.\d+$/);
    if (dir) candidates.push(join(dir, 'bin', 'python2.7'));
  }
  for (const candidate of candidates) {
    const py = await realExecutable(candidate);
    if (!py) continue;
    const placed = bindInPlace(dirname(dirname(py)));
    return [
      {
        ...SCRIPT_BASE,
        name: 'Python2',
        description: `Python ${/(2\.7\.\d+)/.exec(py)?.[1] ?? '2.7'}`,
        contentType: 'text/x-python',
        sourceFile: 'main.py',
        compile: [py, '-m', 'py_compile', 'main.py'],
        run: [py, '-B', '-S', 'main.py'],
        template: AB_PY2,
        binds: placed.binds,
        dirs: placed.dirs,
      },
    ];
  }
  return [];
}

async function detectRust(): Promise<LanguageSpec[]> {
  const roots = [process.env.RUSTUP_HOME, join(homedir(), '.rustup'), '/root/.rustup'].filter(
    (p): p is string => !!p,
  );
  for (const root of roots) {
    const toolchain = await newestVersionDir(join(root, 'toolchains'), /^stable-x86_64-unknown-linux-gnu$/);
    if (!toolchain) continue;
    const rustc = await realExecutable(join(toolchain, 'bin', 'rustc'));
    // rustc links through `cc`; without a C toolchain it cannot produce binaries.
    if (!rustc || !(await realExecutable('/usr/bin/cc'))) continue;
    const placed = bindInPlace(toolchain);
    return [
      {
        ...SCRIPT_BASE,
        addressSpaceLimit: true,
        name: 'Rust',
        description: 'Rust (stable)',
        contentType: 'text/x-rustsrc',
        sourceFile: 'main.rs',
        compile: [rustc, '--edition=2021', '-O', '-o', 'main', 'main.rs'],
        run: ['/w/main'],
        template: AB_RUST,
        binds: placed.binds,
        dirs: placed.dirs,
      },
    ];
  }
  return [];
}

async function detectNode(): Promise<LanguageSpec[]> {
  const node = await realExecutable('/usr/bin/node');
  if (!node) return [];
  return [
    {
      ...SCRIPT_BASE,
      // V8 reserves large address ranges up front
      addressSpaceLimit: false,
      name: 'JavaScript (Node)',
      description:
        (await realpath(process.execPath).catch(() => '')) === node
          ? `Node.js ${process.version}`
          : 'Node.js',
      contentType: 'text/javascript',
      sourceFile: 'main.js',
      compile: [node, '--check', 'main.js'],
      run: [node, '--max-old-space-size={memoryMB}', 'main.js'],
      template: AB_JS,
      binds: [],
      dirs: [],
    },
  ];
}

let cached: Promise<LanguageSpec[]> | null = null;

/**
 * The languages this machine can judge, in display order. Detected once per process, then the
 * operator's languages file (VERDICT_LANGUAGES_FILE, judge/languages-file.ts) adds or replaces
 * entries; a bad file rejects, which stops the judge at start.
 */
export function detectLanguages(): Promise<LanguageSpec[]> {
  cached ??= (async () => {
    const [operator, ...groups] = await Promise.all([
      operatorLanguages(),
      detectC(),
      detectJava(),
      detectPython3(),
      detectPython2(),
      detectRust(),
      detectNode(),
      detectMoreLanguages(),
    ]);
    return mergeLanguages(groups.flat(), operator);
  })();
  return cached;
}

export async function findLanguage(name: string): Promise<LanguageSpec | undefined> {
  return (await detectLanguages()).find((l) => l.name === name);
}

/** Fills the {memoryMB}/{stackMB} placeholders of a run command. */
export function expandCommand(argv: string[], values: { memoryMB: number; stackMB: number }): string[] {
  return argv.map((a) =>
    a
      .replace('{memoryMB}', String(Math.max(16, Math.floor(values.memoryMB))))
      .replace('{stackMB}', String(Math.max(1, Math.floor(values.stackMB)))),
  );
}
