/**
 * Colours and styles of the site's charts (recharts), from the theme's CSS variables and Tailwind
 * classes, so a chart follows the light or dark theme without being drawn again.
 */

/** Bars fill with `currentColor`; these classes give each series its colour in both themes. */
export const SERIES_CLASS = {
  ac: 'text-emerald-600 dark:text-emerald-400',
  total: 'text-sky-600 dark:text-sky-400',
  score: 'text-violet-600 dark:text-violet-400',
} as const;

export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 } as const;
export const GRID_STROKE = 'var(--border)';

export const TOOLTIP_STYLE = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 'calc(var(--radius) - 2px)',
    fontSize: 12,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
} as const;
