import { create } from 'zustand';
import {
  EDITOR_DEFAULTS,
  EDITOR_FONT_SIZES,
  EDITOR_TAB_SIZES,
  EDITOR_THEMES,
  type EditorThemeName,
} from '@/shared/constants/editor';
import { readJson, writeJson } from '@/web/lib/storage';

export const EDITOR_SETTINGS_KEY = 'webEditorSettings';

export interface EditorSettings {
  theme: EditorThemeName;
  fontSize: number;
  tabSize: number;
}

/** Stored settings, each replaced by its default when missing or out of range. */
export function sanitizeSettings(raw: Partial<EditorSettings> | null | undefined): EditorSettings {
  const r = raw ?? {};
  return {
    theme: EDITOR_THEMES.includes(r.theme as EditorThemeName)
      ? (r.theme as EditorThemeName)
      : EDITOR_DEFAULTS.theme,
    fontSize: (EDITOR_FONT_SIZES as readonly number[]).includes(r.fontSize as number)
      ? (r.fontSize as number)
      : EDITOR_DEFAULTS.fontSize,
    tabSize: (EDITOR_TAB_SIZES as readonly number[]).includes(r.tabSize as number)
      ? (r.tabSize as number)
      : EDITOR_DEFAULTS.tabSize,
  };
}

interface EditorSettingsState extends EditorSettings {
  update(changes: Partial<EditorSettings>): void;
}

/** Theme, font size and tab size of the code editor, kept in localStorage. */
export const useEditorSettings = create<EditorSettingsState>((set, get) => ({
  ...sanitizeSettings(readJson<Partial<EditorSettings>>(EDITOR_SETTINGS_KEY)),
  update(changes) {
    const next = sanitizeSettings({ ...get(), ...changes });
    writeJson(EDITOR_SETTINGS_KEY, next);
    set(next);
  },
}));
