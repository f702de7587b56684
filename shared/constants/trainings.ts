import { CONTEST_GUARDS } from './contests';

/**
 * Trainings (docs/architecture.md, Trainings): HOJ's access types, its limits where it has them and
 * the limits Verdict adds.
 */

/** HOJ training.auth: a public training is open to everyone; a private one to those who registered with its password. */
export const TrainingAuth = { PUBLIC: 'Public', PRIVATE: 'Private' } as const;
export type TrainingAuthValue = (typeof TrainingAuth)[keyof typeof TrainingAuth];
export const TRAINING_AUTHS = [TrainingAuth.PUBLIC, TrainingAuth.PRIVATE] as const;

/**
 * Lengths (HOJ's columns: title 255, password 255; the description is HOJ's 65535), how many
 * problems a training holds and how many categories a site keeps (Verdict's: a training's
 * problems are listed on one page, the categories in one row of chips), page sizes (HOJ's list
 * shows 15, its rank and its console 30 and 10).
 */
export const TRAINING_LIMITS = {
  titleMax: 255,
  descriptionMax: 65535,
  passwordMax: 64,
  categoryNameMax: 64,
  /** a CSS colour as HOJ's colour picker writes it: #rgb, #rrggbb or #rrggbbaa */
  colorMax: 9,
  /** HOJ's order number: its console's number box goes up to 2^31 - 1 */
  rankMax: 2147483647,
  displayIdMax: 255,
  problemsMax: 500,
  categories: 100,
  pageSize: 15,
  rankPageSize: 30,
  adminPageSize: 10,
  candidatePageSize: 8,
  /** keywords of the searches */
  keywordMax: 255,
} as const;

/** HOJ's default colour of a new category (its colour picker's blue). */
export const DEFAULT_CATEGORY_COLOR = '#409eff';

/** What a category colour looks like; anything else could break out of a style attribute. */
export const CATEGORY_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/**
 * Wrong training passwords are limited as wrong contest passwords are (per training and user: a few
 * free tries, then a wait that doubles), so a password cannot be guessed faster on a training.
 */
export const TRAINING_PASSWORD_GUARD = CONTEST_GUARDS.password;
