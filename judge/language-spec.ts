/** What the judge needs to know of a language: how to compile and run it inside the sandbox. */
import type { ReadOnlyBind } from './sandbox/driver';
import type { AnnouncedLanguage } from './worker-protocol';

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

/** Interpreted and managed languages: HOJ's 2x time and memory, an address-space limit where it works. */
export const SCRIPT_BASE = {
  timeFactor: 2,
  memoryFactor: 2,
  extraMemoryMB: 0,
  runPids: 64,
  addressSpaceLimit: true,
  env: {},
};

/** What a judge tells the server of a language it runs, so the server can offer it (docs/scaling.md). */
export function announcementOf(spec: LanguageSpec): AnnouncedLanguage {
  return {
    name: spec.name,
    description: spec.description,
    contentType: spec.contentType,
    template: spec.template,
    sourceFile: spec.sourceFile,
    compileCommand: spec.compile?.join(' ') ?? '',
    timeFactor: spec.timeFactor,
    memoryFactor: spec.memoryFactor,
  };
}
