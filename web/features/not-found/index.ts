/**
 * What other features use of the not-found feature; the rest is its own (docs/architecture.md,
 * Layers).
 */
export { NotFoundPage } from './not-found-page';
