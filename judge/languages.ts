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
import { constants } from 'node:fs';
import { access, readdir, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { ReadOnlyBind } from './sandbox/driver';
import { pchDir } from './sandbox/paths';

export interface LanguageSpec {
  /** exactly as stored in submissions ("C", "C++", "Python3" ...) */
  name: string;
  /** toolchain shown to users */
  description: string;
  /** CodeMirror mode */
  contentType: string;
  sourceFile: string;
  /** null: nothing to compile */
  compile: string[] | null;
  run: string[];
  /** HOJ: every language whose source is not .c/.cpp gets 2x time and 2x memory */
  timeFactor: number;
  memoryFactor: number;
  /** cgroup head-room on top of the memory limit for runtimes with big fixed costs (JVM) */
  extraMemoryMB: number;
  /** tasks (processes + threads) allowed while running */
  runPids: number;
  /** RLIMIT_AS is a usable memory limit without cgroups (false for JVMs: they reserve huge areas) */
  addressSpaceLimit: boolean;
  template: string;
  binds: ReadOnlyBind[];
  /** directories to create 0755 inside the sandbox before the binds */
  dirs: string[];
  env: Record<string, string>;
  /**
   * 'java-class': the source file and the class run are named after the class the source
   * declares (judge/source-spec.ts); `sourceFile` and the `Main` of the commands are the defaults.
   */
  sourceNaming?: 'java-class';
}

/** The class name in Java's default commands, replaced by the one a submission declares. */
export const JAVA_DEFAULT_CLASS = 'Main';

const AB_C = `#include <stdio.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`;

const AB_CPP = `#include <bits/stdc++.h>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`;

const AB_JAVA = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`;

const AB_PY3 = `a, b = map(int, input().split())
print(a + b)
`;

const AB_PY2 = `a, b = map(int, raw_input().split())
print a + b
`;

const AB_RUST = `use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
`;

const AB_JS = `const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log(String(a + b));
`;

async function isExecutable(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Real path of an executable, refusing shims (pyenv/rbenv/asdf/rustup proxies). */
async function realExecutable(path: string): Promise<string | null> {
  try {
    const real = await realpath(path);
    if (/\/(shims|\.cargo\/bin)\//.test(real) || basename(real) === 'rustup') return null;
    return (await isExecutable(real)) ? real : null;
  } catch {
    return null;
  }
}

/** Parents to create 0755 so a bind at `dir` is reachable by the box uid. */
function parentsOf(dir: string): string[] {
  const out: string[] = [];
  for (let p = dirname(dir); p !== '/' && p !== '.'; p = dirname(p)) out.unshift(p);
  return out;
}

/** A toolchain living outside /usr is bound at its own path (its RUNPATH points there). */
function bindInPlace(dir: string): { binds: ReadOnlyBind[]; dirs: string[] } {
  if (dir === '/usr' || dir.startsWith('/usr/')) return { binds: [], dirs: [] };
  return { binds: [{ src: dir, dst: dir }], dirs: parentsOf(dir) };
}

async function newestVersionDir(parent: string, pattern: RegExp): Promise<string | null> {
  try {
    const names = (await readdir(parent)).filter((n) => pattern.test(n));
    names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const last = names.pop();
    return last ? join(parent, last) : null;
  } catch {
    return null;
  }
}

async function gccVersion(): Promise<string> {
  const dir = await newestVersionDir('/usr/lib/gcc/x86_64-linux-gnu', /^\d+$/);
  return dir ? `GCC ${basename(dir)}` : 'GCC';
}

const C_FLAGS = ['-O2', '-pipe', '-DONLINE_JUDGE', '-fmax-errors=10', '-static'];

async function detectC(): Promise<LanguageSpec[]> {
  const gcc = await realExecutable('/usr/bin/gcc');
  const gxx = await realExecutable('/usr/bin/g++');
  const version = await gccVersion();
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
      compile: [gcc, '-std=gnu11', ...C_FLAGS, '-o', 'main', 'main.c', '-lm'],
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
          ...C_FLAGS,
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
  const javac = await realExecutable('/usr/bin/javac');
  if (!javac) return [];
  const home = dirname(dirname(javac));
  const java = await realExecutable(join(home, 'bin', 'java'));
  if (!java) return [];
  const major = /java-(\d+)-/.exec(basename(home))?.[1];
  // Debian's JDK keeps its configuration in /etc/java-N-openjdk (conf/ holds symlinks to it).
  const etc = major ? `/etc/java-${major}-openjdk` : null;
  const hasEtc = etc
    ? await stat(etc).then(
        (s) => s.isDirectory(),
        () => false,
      )
    : false;
  const placed = bindInPlace(home);
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
      binds: [...placed.binds, ...(hasEtc && etc ? [{ src: etc, dst: etc }] : [])],
      dirs: placed.dirs,
      env: {},
      sourceNaming: 'java-class',
    },
  ];
}

const SCRIPT_BASE = {
  timeFactor: 2,
  memoryFactor: 2,
  extraMemoryMB: 0,
  runPids: 64,
  addressSpaceLimit: true,
  env: {},
};

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

/** The languages this machine can judge, in display order. Detected once per process. */
export function detectLanguages(): Promise<LanguageSpec[]> {
  cached ??= (async () => {
    const groups = await Promise.all([
      detectC(),
      detectJava(),
      detectPython3(),
      detectPython2(),
      detectRust(),
      detectNode(),
    ]);
    return groups.flat();
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
