/** Problem facts that more than one layer reads. */

/** Difficulty levels 0-6 (very easy ... very hard); the list filter offers each. */
export const DIFFICULTY_LEVELS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Tag classification kinds: the list's tag filter groups tags by them. */
export const TagClassificationType = {
  ALGORITHM: 1,
  SOURCE: 2,
  TIME: 3,
} as const;
export const TAG_CLASSIFICATION_TYPES = [
  TagClassificationType.ALGORITHM,
  TagClassificationType.SOURCE,
  TagClassificationType.TIME,
] as const;

/** HOJ problem.auth: 1 public, 2 private (hidden), 3 contest only. */
export const ProblemAuth = {
  PUBLIC: 1,
  PRIVATE: 2,
  CONTEST: 3,
} as const;
export type ProblemAuthValue = (typeof ProblemAuth)[keyof typeof ProblemAuth];
export const PROBLEM_AUTHS: readonly ProblemAuthValue[] = [
  ProblemAuth.PUBLIC,
  ProblemAuth.PRIVATE,
  ProblemAuth.CONTEST,
];

/** problem.type: 0 ACM, 1 OI. */
export const ProblemType = {
  ACM: 0,
  OI: 1,
} as const;
