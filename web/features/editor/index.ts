/**
 * What other features use of the editor feature; the rest is its own (docs/architecture.md,
 * Layers).
 */
export { loadLanguage, saveDraft, saveLanguage } from './drafts';
export { EditorSettingsPopover } from './editor-settings-popover';
export { LazyCodeEditor } from './lazy-code-editor';
export { useEditorSettings } from './settings';
export { TestDrawer, type TestTab } from './test-drawer';
export { useCodeDraft } from './use-code-draft';
export { useTestRun } from './use-test-run';
