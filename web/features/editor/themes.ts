import { tags as t } from '@lezer/highlight';
import { createTheme } from '@uiw/codemirror-themes';
import { dracula, eclipse, materialDark, monokai } from '@uiw/codemirror-themes-all';
import type { Extension } from '@uiw/react-codemirror';
import type { EditorThemeName } from '@/shared/constants/editor';
import { solarizedLightReadable } from './solarized-light';

/** IntelliJ IDEA's light scheme (no @uiw package for it). */
const idea = createTheme({
  theme: 'light',
  settings: {
    background: '#ffffff',
    foreground: '#000000',
    caret: '#000000',
    selection: '#a6d2ff',
    selectionMatch: '#e4e4ff',
    lineHighlight: '#fffae3',
    gutterBackground: '#f0f0f0',
    gutterForeground: '#999999',
    gutterBorder: '#e0e0e0',
  },
  styles: [
    {
      tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword],
      color: '#000080',
      fontWeight: 'bold',
    },
    { tag: [t.string, t.special(t.string)], color: '#008000', fontWeight: 'bold' },
    { tag: [t.number, t.bool, t.null], color: '#0000ff' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#808080', fontStyle: 'italic' },
    { tag: [t.typeName, t.className], color: '#000000' },
    { tag: [t.processingInstruction, t.meta], color: '#808000' },
    { tag: [t.propertyName, t.attributeName], color: '#660e7a' },
    { tag: t.function(t.variableName), color: '#00627a' },
  ],
});

/** base16 "default dark". */
const base16Dark = createTheme({
  theme: 'dark',
  settings: {
    background: '#151515',
    foreground: '#e0e0e0',
    caret: '#b0b0b0',
    selection: '#303030',
    selectionMatch: '#303030',
    lineHighlight: '#202020',
    gutterBackground: '#151515',
    gutterForeground: '#505050',
  },
  styles: [
    { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: '#aa759f' },
    { tag: [t.string, t.special(t.string)], color: '#90a959' },
    { tag: [t.number, t.bool, t.null], color: '#d28445' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#8f5536' },
    { tag: [t.typeName, t.className], color: '#f4bf75' },
    { tag: [t.processingInstruction, t.meta], color: '#75b5aa' },
    { tag: [t.propertyName, t.attributeName], color: '#6a9fb5' },
    { tag: t.function(t.variableName), color: '#6a9fb5' },
    { tag: t.variableName, color: '#ac4142' },
  ],
});

/** CodeMirror 5's "cobalt". */
const cobalt = createTheme({
  theme: 'dark',
  settings: {
    background: '#002240',
    foreground: '#ffffff',
    caret: '#ffffff',
    selection: '#b36539',
    selectionMatch: '#00447a',
    lineHighlight: '#00305a',
    gutterBackground: '#002240',
    gutterForeground: '#d0d0d0',
    gutterBorder: '#aaaaaa',
  },
  styles: [
    { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: '#ffee80' },
    { tag: [t.string, t.special(t.string)], color: '#3ad900' },
    { tag: [t.number, t.bool, t.null], color: '#ff80e1' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#0088ff' },
    { tag: [t.typeName, t.className], color: '#9effff' },
    { tag: [t.processingInstruction, t.meta], color: '#ff9d00' },
    { tag: [t.propertyName, t.attributeName], color: '#ff9d00' },
    { tag: t.function(t.variableName), color: '#ffdd00' },
  ],
});

/** The eight editor themes: @uiw themes where they exist, small createTheme ones otherwise. */
export const THEME_EXTENSIONS: Record<EditorThemeName, Extension> = {
  monokai,
  solarized: solarizedLightReadable,
  material: materialDark,
  idea,
  eclipse,
  'base16-dark': base16Dark,
  cobalt,
  dracula,
};
