/**
 * What other features use of the problems feature; the rest is its own (docs/architecture.md,
 * Layers).
 */
export { useProblemDetail } from './api';
export { CodePanel } from './components/code-panel';
export { DifficultyBadge } from './components/difficulty-badge';
export { LoadFailed, ProblemSplit, StatementSkeleton, useDesktopSplit } from './components/problem-split';
export { ProblemStatement } from './components/problem-statement';
export { markOf, ProblemStatusMark } from './components/problem-status-mark';
export { ProblemTabs } from './components/problem-tabs';
export { TagList } from './components/tag-list';
export {
  type CodeWorkspace,
  type GroupTarget,
  type TrainingTarget,
  useCodeWorkspace,
} from './use-code-workspace';
