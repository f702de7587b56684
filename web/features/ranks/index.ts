/**
 * What other features use of the ranks feature (the home page's chart and its week's leaders); the
 * rest is its own (docs/architecture.md, Layers).
 */
export { BAR_FIGURE_PLACEHOLDER, BarFigure, type BarSeries } from './components/bar-figure';
export { SERIES_CLASS } from './components/chart-theme';
export { SearchBox as RankSearchBox } from './components/rank-page';
export { type RankRow, RankTable } from './components/rank-table';
export { RankUser } from './components/rank-user';
