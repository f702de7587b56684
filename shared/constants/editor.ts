/** Code editor settings (themes, sizes, defaults), for every client that shows an editor. */
export const EDITOR_THEMES = [
  'monokai',
  'solarized',
  'material',
  'idea',
  'eclipse',
  'base16-dark',
  'cobalt',
  'dracula',
] as const;
export type EditorThemeName = (typeof EDITOR_THEMES)[number];

export const EDITOR_FONT_SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
export const EDITOR_TAB_SIZES = [2, 4, 8] as const;

export const EDITOR_DEFAULTS = {
  theme: 'solarized' as EditorThemeName,
  fontSize: 14,
  tabSize: 4,
  /** px */
  height: 550,
} as const;

/**
 * After Esc, a Tab within this many ms leaves the editor instead of indenting: CodeMirror's own
 * rule, which the plain editor shown before CodeMirror loads follows too.
 */
export const EDITOR_ESCAPE_TAB_MS = 2000;

/** Languages offered when a server sends none. */
export const DEFAULT_LANGUAGES = ['C', 'C++', 'Java', 'Python3', 'Python2'] as const;
