import { Settings } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import {
  EDITOR_FONT_SIZES,
  EDITOR_TAB_SIZES,
  EDITOR_THEMES,
  type EditorThemeName,
} from '@/shared/constants/editor';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useEditorSettings } from './settings';

function SettingRow({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] items-center gap-3">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Theme, font size and tab size, behind a gear button. */
export function EditorSettingsPopover() {
  const { t } = useTranslation();
  const { theme, fontSize, tabSize, update } = useEditorSettings();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('web.editor.settings')}
          title={t('web.editor.settings')}
          data-testid="editor-settings"
        >
          <Settings />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="grid gap-3">
        <SettingRow id="editor-theme" label={t('web.editor.theme')}>
          <Select value={theme} onValueChange={(v) => update({ theme: v as EditorThemeName })}>
            <SelectTrigger id="editor-theme" size="sm" className="w-full" data-testid="theme-select">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EDITOR_THEMES.map((name) => (
                <SelectItem key={name} value={name}>
                  {t(`web.editor.themes.${name}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingRow>
        <SettingRow id="editor-font-size" label={t('web.editor.fontSize')}>
          <Select value={String(fontSize)} onValueChange={(v) => update({ fontSize: Number(v) })}>
            <SelectTrigger id="editor-font-size" size="sm" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EDITOR_FONT_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {t('web.editor.px', { size })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingRow>
        <SettingRow id="editor-tab-size" label={t('web.editor.tabSize')}>
          <Select value={String(tabSize)} onValueChange={(v) => update({ tabSize: Number(v) })}>
            <SelectTrigger id="editor-tab-size" size="sm" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EDITOR_TAB_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {t('web.editor.spaces', { count: size })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </SettingRow>
      </PopoverContent>
    </Popover>
  );
}
