/** The tab's live push channel (docs/architecture.md, Live push): one stream, its state and hooks. */

export {
  useLiveContest,
  useLiveDemand,
  useLiveEvent,
  useLiveHealthy,
  useLiveWatching,
  usePushedSubmissions,
  withPushed,
} from './hooks';
export { startLiveConnection } from './start';
export type { PushedSubmission } from './store';
