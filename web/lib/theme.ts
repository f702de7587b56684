import { create } from 'zustand';
import { useBrowserKnown } from './server-render';
import { readJson, writeJson } from './storage';

export type ThemeChoice = 'light' | 'dark' | 'system';
const THEME_KEY = 'webTheme';
/** Rendered on the server (web/ssr) there is no page: the light theme, until the browser's own render. */
const inBrowser = typeof window !== 'undefined';
const media = () =>
  inBrowser ? window.matchMedia('(prefers-color-scheme: dark)') : { matches: false, addEventListener() {} };

export function isDark(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemDark);
}

function applyTheme(choice: ThemeChoice) {
  document.documentElement.classList.toggle('dark', isDark(choice, media().matches));
}

interface ThemeState {
  choice: ThemeChoice;
  dark: boolean;
  setChoice(choice: ThemeChoice): void;
}

const initial: ThemeChoice = readJson<ThemeChoice>(THEME_KEY) ?? 'system';

/** Light, dark or follow the system (prefers-color-scheme); kept in localStorage. */
export const useTheme = create<ThemeState>((set) => ({
  choice: initial,
  dark: isDark(initial, media().matches),
  setChoice(choice) {
    writeJson(THEME_KEY, choice);
    applyTheme(choice);
    set({ choice, dark: isDark(choice, media().matches) });
  },
}));

if (inBrowser) applyTheme(initial);
media().addEventListener('change', () => {
  const { choice } = useTheme.getState();
  applyTheme(choice);
  useTheme.setState({ dark: isDark(choice, media().matches) });
});

/**
 * Whether the page is dark, for what a component draws. The theme chosen in storage is the
 * browser's: while the app takes over the server's markup, drawn in the light theme, it is light,
 * and the reader's comes in the render right after (useBrowserKnown). React keeps the server's
 * attributes where the first render differs, so a dark reader would keep light colours.
 */
export function useDarkTheme(): boolean {
  const dark = useTheme((s) => s.dark);
  return useBrowserKnown() && dark;
}
