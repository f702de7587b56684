export { assignAwards } from './awards';
export { computeScoreboard } from './compute-scoreboard';
export { type BoardSubmission, LiveBoard } from './live-board';
export { RankOrder } from './rank-rows';
export * from './types';
export { DEFAULT_MEDALS, HOJ_VERDICTS } from './verdicts';
