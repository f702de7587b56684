/**
 * What other features use of the problems feature; the rest is its own (docs/architecture.md,
 * Layers).
 */
export { CodePanel } from './components/code-panel';
export { DifficultyBadge } from './components/difficulty-badge';
export { LoadFailed, ProblemSplit, StatementSkeleton, useDesktopSplit } from './components/problem-split';
export { ProblemStatement } from './components/problem-statement';
export { markOf, ProblemStatusMark } from './components/problem-status-mark';
export { TagList } from './components/tag-list';
export { type CodeWorkspace, useCodeWorkspace } from './use-code-workspace';
