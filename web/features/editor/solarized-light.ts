import { tags as t } from '@lezer/highlight';
import { createTheme } from '@uiw/codemirror-themes';

/**
 * Solarized Light, the default editor theme, with its accent colours darkened (same hues)
 * so that code reads at 4.5:1 (WCAG AA) on the background, the active line and the selection:
 * the original's green, cyan and blue sit at 2.6-3.4:1 (docs/accessibility.md).
 */
const c = {
  background: '#fdf6e3',
  foreground: '#576a71',
  selection: '#eee8d5',
  keyword: '#5e6d00',
  blue: '#1d6ba2',
  string: '#1e726c',
  constant: '#b34213',
  number: '#b82f71',
  comment: '#606969',
  red: '#c22c29',
};

export const solarizedLightReadable = createTheme({
  theme: 'light',
  settings: {
    background: c.background,
    foreground: c.foreground,
    caret: c.foreground,
    selection: c.selection,
    selectionMatch: c.selection,
    gutterBackground: c.background,
    gutterForeground: c.foreground,
    gutterBorder: 'transparent',
    lineHighlight: '#3d392d11',
  },
  styles: [
    { tag: [t.keyword, t.operator, t.operatorKeyword, t.typeName], color: c.keyword },
    { tag: [t.name, t.deleted, t.character, t.macroName], color: c.blue },
    { tag: [t.propertyName, t.function(t.variableName), t.labelName, t.className, t.tagName], color: c.blue },
    { tag: [t.processingInstruction, t.string, t.inserted, t.special(t.string)], color: c.string },
    { tag: [t.color, t.constant(t.name), t.standard(t.name)], color: c.constant },
    { tag: [t.definition(t.name), t.separator, t.atom, t.bool, t.special(t.variableName)], color: c.blue },
    {
      tag: [t.number, t.changed, t.annotation, t.modifier, t.self, t.namespace],
      color: c.number,
    },
    { tag: [t.url, t.escape, t.regexp, t.link, t.invalid], color: c.red },
    { tag: [t.meta, t.comment], color: c.comment },
    { tag: t.strong, fontWeight: 'bold' },
    { tag: t.emphasis, fontStyle: 'italic' },
    { tag: t.link, textDecoration: 'underline' },
    { tag: t.heading, fontWeight: 'bold', color: c.blue },
    { tag: t.strikethrough, textDecoration: 'line-through' },
  ],
});
