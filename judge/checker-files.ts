/**
 * The files a checker or interactor sees for one case, staged on the host and bound into its
 * sandbox under /judge (never inside /w, which is the compiled program, read-only):
 *   /judge/input        the case input (read-only)
 *   /judge/answer       the expected output (read-only)
 *   /judge/user_output  the contestant's output (read-only; checkers)
 *   /judge/tout         a file the interactor writes (testlib "tout", HOJ "user_output")
 *   /judge/feedback/    Kattis feedback directory (writable)
 * Test data the box uid cannot read is copied (0644) into the program box's io directory first.
 * Whatever a program leaves behind is read with O_NOFOLLOW and a size cap.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, chown, copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { KattisFeedback } from './checker-protocols';
import { boxReadable, createOwnedFile, readCapped } from './safe-files';
import type { Box } from './sandbox/boxes';
import type { Mount } from './sandbox/driver';

export const JUDGE_DIR = '/judge';
export const IN_BOX = {
  input: '/judge/input',
  answer: '/judge/answer',
  userOutput: '/judge/user_output',
  tout: '/judge/tout',
  /** Kattis: the feedback directory argument ends with a separator */
  feedback: '/judge/feedback/',
} as const;

export interface StageRequest {
  inputPath: string;
  answerPath: string;
  /** a judge-created file (made world-readable here) */
  userOutputPath?: string;
  feedback?: boolean;
  tout?: boolean;
}

export interface StagedFiles {
  mounts: Mount[];
  /** host paths of what the program may write */
  feedbackDir: string | null;
  toutPath: string | null;
  cleanup(): Promise<void>;
}

/** `tag` makes the names unique within the box (one stage per case and program). */
export async function stageJudgeFiles(box: Box, tag: string, req: StageRequest): Promise<StagedFiles> {
  const created: string[] = [];
  const cleanup = async () => {
    await Promise.all(created.map((p) => rm(p, { recursive: true, force: true })));
  };
  try {
    const mounts: Mount[] = [];
    const input = await boxReadable(req.inputPath, join(box.ioDir, `${tag}.input`));
    if (input.copied) created.push(input.path);
    mounts.push({ src: input.path, dst: IN_BOX.input });
    const answer = await boxReadable(req.answerPath, join(box.ioDir, `${tag}.answer`));
    if (answer.copied) created.push(answer.path);
    mounts.push({ src: answer.path, dst: IN_BOX.answer });
    if (req.userOutputPath) {
      await chmod(req.userOutputPath, 0o644);
      mounts.push({ src: req.userOutputPath, dst: IN_BOX.userOutput });
    }
    let toutPath: string | null = null;
    if (req.tout) {
      toutPath = join(box.ioDir, `${tag}.tout`);
      created.push(toutPath);
      await createOwnedFile(toutPath, box.uid);
      mounts.push({ src: toutPath, dst: IN_BOX.tout, writable: true });
    }
    let feedbackDir: string | null = null;
    if (req.feedback) {
      feedbackDir = join(box.boxDir, `feedback-${tag}`);
      created.push(feedbackDir);
      await mkdir(feedbackDir, { mode: 0o755 });
      await chown(feedbackDir, box.uid, box.uid);
      mounts.push({ src: feedbackDir, dst: IN_BOX.feedback.slice(0, -1), writable: true });
    }
    return { mounts, feedbackDir, toutPath, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

const FEEDBACK_CAP = 64 * 1024;

/** A file a program wrote, or null when it is missing, a link, or not a regular file. */
export async function readProgramFile(path: string, cap = FEEDBACK_CAP): Promise<string | null> {
  try {
    return (await readCapped(path, cap)).data.toString('utf8');
  } catch {
    return null;
  }
}

export async function readKattisFeedback(dir: string | null): Promise<KattisFeedback> {
  const read = (name: string) => (dir ? readProgramFile(join(dir, name)) : Promise.resolve(null));
  const [judgeMessage, teamMessage, score, scoreMultiplier] = await Promise.all([
    read('judgemessage.txt'),
    read('teammessage.txt'),
    read('score.txt'),
    read('score_multiplier.txt'),
  ]);
  return { judgeMessage: judgeMessage ?? '', teamMessage: teamMessage ?? '', score, scoreMultiplier };
}

/**
 * The /judge directory of a persistent checker box: a host directory bound read-only at /judge
 * for the box's lifetime, whose entries the judge replaces before each run, and a writable
 * feedback directory bound over /judge/feedback, emptied before each run.
 */
export interface JudgeDirSession {
  /** host directory bound at /judge */
  judgeDir: string;
  /** host directory bound at /judge/feedback (owned by the box uid) */
  feedbackDir: string;
  mounts: Mount[];
  /** before a run: the case's files in place (null: removed), feedback emptied */
  stage(files: { input: string; answer: string; userOutput: string | null }): Promise<void>;
}

/**
 * Puts `src` at dir/name, replacing what was there (rename, so the box never sees half a file):
 * a hard link when the box uid may read it (no copy), else a 0644 copy.
 */
async function placeFile(dir: string, name: string, src: string): Promise<void> {
  const tmp = join(dir, `.${name}-${randomBytes(6).toString('hex')}`);
  const st = await stat(src);
  if (!st.isFile()) throw new Error(`${src} is not a regular file`);
  let linked = false;
  if (st.mode & 0o004) {
    try {
      await link(src, tmp);
      linked = true;
    } catch {
      // another filesystem: copy
    }
  }
  if (!linked) {
    await copyFile(src, tmp, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
    await chmod(tmp, 0o644);
  }
  await rename(tmp, join(dir, name));
}

export async function judgeDirSession(box: Box): Promise<JudgeDirSession> {
  const judgeDir = join(box.ioDir, 'judge');
  await mkdir(judgeDir, { mode: 0o755 });
  await chmod(judgeDir, 0o755);
  // the mount point of the feedback bind (inside the read-only /judge)
  await mkdir(join(judgeDir, 'feedback'), { mode: 0o755 });
  const feedbackDir = join(box.boxDir, 'feedback');
  await mkdir(feedbackDir, { mode: 0o755 });
  await chown(feedbackDir, box.uid, box.uid);
  return {
    judgeDir,
    feedbackDir,
    mounts: [
      { src: judgeDir, dst: JUDGE_DIR },
      { src: feedbackDir, dst: IN_BOX.feedback.slice(0, -1), writable: true },
    ],
    async stage(files) {
      await placeFile(judgeDir, 'input', files.input);
      await placeFile(judgeDir, 'answer', files.answer);
      if (files.userOutput) await placeFile(judgeDir, 'user_output', files.userOutput);
      else await rm(join(judgeDir, 'user_output'), { force: true });
      // no process of the box is left between runs: nothing can race this (rm never follows links)
      for (const name of await readdir(feedbackDir)) {
        await rm(join(feedbackDir, name), { recursive: true, force: true });
      }
    },
  };
}
