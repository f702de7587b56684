/**
 * Colours and sizes of the site's charts (bar-figure.tsx). Colours come from the theme's CSS
 * variables and Tailwind classes, so a chart follows the light or dark theme without being drawn
 * again.
 */

/** Bars fill with `currentColor`; these classes give each series its colour in both themes. */
export const SERIES_CLASS = {
  ac: 'text-emerald-600 dark:text-emerald-400',
  total: 'text-sky-600 dark:text-sky-400',
  score: 'text-violet-600 dark:text-violet-400',
} as const;

/** Pixels: room for the count axis on the left and the category names below. */
export const CHART = {
  margin: { top: 8, right: 8, bottom: 24, left: 36 },
  tickFont: 12,
  barRadius: 3,
  maxBar: 36,
} as const;
