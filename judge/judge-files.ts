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
import { chmod, chown, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { KattisFeedback } from './checker-protocols';
import { boxReadable, createOwnedFile, readCapped } from './files';
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
