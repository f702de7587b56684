/**
 * What other features use of the contests feature; the rest is its own (docs/architecture.md,
 * Layers).
 */
export { AUTH_KEY, STATUS_CLASS, STATUS_KEY, TYPE_LABEL } from './lib/contest-labels';
