/**
 * What other features use of the trainings feature (a group's trainings); the rest is its own
 * (docs/architecture.md, Layers).
 */
export { ProgressBar } from './components/progress-bar';
export { CategoryChip, TrainingAuthBadge } from './components/training-badges';
export { trainingPath } from './lib';
