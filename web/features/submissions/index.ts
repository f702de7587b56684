/**
 * What other features use of the submissions feature; the rest is its own (docs/architecture.md,
 * Layers).
 */

// a building block now (the extension shows it too), still offered here where the workspace takes it
export { SubmitCaptcha } from '@/web/components/submit-captcha';
export { mergeStatuses, useLiveRows, useSubmissionList, useSubmissionStatusPoll } from './api';
export { QueuePlace } from './components/queue-place';
export { SubmissionFilters, type SubmissionFilterValues } from './components/submission-filters';
export { SubmissionTable } from './components/submission-table';
export { SubmitStatus } from './components/submit-status';
export { SubmissionDetailView } from './submission-detail-lazy';
export { useSubmitFlow } from './use-submit-flow';
