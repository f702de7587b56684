/**
 * Where the sandbox's host-side pieces live, and a preflight that says clearly what is missing.
 * Overridable through the environment so a packaged install can put them elsewhere.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The compiled supervisor (built by judge/sandbox/build.sh). */
export function supervisorPath(): string {
  return process.env.VERDICT_JUDGE_SUP ?? `${here}bin/judge-sup`;
}

export function bwrapPath(): string {
  return process.env.VERDICT_BWRAP ?? '/usr/bin/bwrap';
}

/** Directory holding the precompiled <bits/stdc++.h> per standard (bin/pch/<std>/bits/stdc++.h.gch). */
export function pchDir(): string {
  return process.env.VERDICT_JUDGE_PCH ?? `${here}bin/pch`;
}

/** v2 hosts whose own cgroup holds processes need a delegated base group (see docs/judge.md). */
export function cgroupRoot(): string | undefined {
  return process.env.VERDICT_CGROUP_ROOT || undefined;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** null when the sandbox can run; otherwise a message saying what to install or build. */
export function sandboxProblem(): string | null {
  if (process.platform !== 'linux') return 'the judge sandbox needs Linux';
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    return 'the judge sandbox needs root (cgroups, bubblewrap without a user namespace, per-box uids)';
  }
  if (!isExecutable(bwrapPath())) {
    return `bubblewrap not found at ${bwrapPath()} (apt-get install bubblewrap)`;
  }
  if (!isExecutable(supervisorPath())) {
    return `judge supervisor not built at ${supervisorPath()} (run: bash judge/sandbox/build.sh)`;
  }
  return null;
}
