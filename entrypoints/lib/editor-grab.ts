/** What a quick submit takes from a page. */
export interface GrabbedCode {
  code: string;
  source: 'selection' | 'editor';
  /** which editor held it: codemirror6, codemirror5, monaco, ace, textarea */
  editor: string | null;
}

/**
 * Runs in the page's MAIN world (chrome.scripting.executeScript with world 'MAIN'), so it must be
 * self-contained: no imports, no outer variables. Takes the selected text when there is one
 * (`preferSelection`), otherwise the contents of the page's code editor: CodeMirror 6 (the
 * EditorView behind `.cm-content`), CodeMirror 5 (`.CodeMirror`.CodeMirror.getValue()), Monaco
 * (window.monaco models), Ace (window.ace.edit) or a textarea, the focused one first.
 */
export function grabCodeInPage(preferSelection: boolean): GrabbedCode | null {
  // biome-ignore lint/suspicious/noExplicitAny: page objects of unknown editors
  type Any = any;
  const w = window as Any;
  const active = document.activeElement as Any;
  if (preferSelection) {
    let selected = '';
    if (
      active &&
      (active.tagName === 'TEXTAREA' || active.tagName === 'INPUT') &&
      typeof active.selectionStart === 'number'
    ) {
      selected = String(active.value).slice(active.selectionStart, active.selectionEnd);
    } else {
      selected = String(window.getSelection?.() ?? '');
    }
    if (selected.trim()) return { code: selected, source: 'selection', editor: null };
  }

  const cmContent = (document.activeElement?.closest?.('.cm-editor')?.querySelector('.cm-content') ??
    document.querySelector('.cm-content')) as Any;
  if (cmContent) {
    const view = cmContent.cmTile?.root?.view ?? cmContent.cmView?.rootView?.view ?? cmContent.cmView?.view;
    const doc = view?.state?.doc;
    if (doc) return { code: doc.toString(), source: 'editor', editor: 'codemirror6' };
    const lines = [...cmContent.querySelectorAll('.cm-line')].map((l: Any) => l.textContent ?? '');
    if (lines.length) return { code: lines.join('\n'), source: 'editor', editor: 'codemirror6' };
  }

  const cm5 = document.querySelector('.CodeMirror') as Any;
  if (cm5?.CodeMirror?.getValue)
    return { code: cm5.CodeMirror.getValue(), source: 'editor', editor: 'codemirror5' };

  const models = w.monaco?.editor?.getModels?.() as Any[] | undefined;
  if (models?.length) {
    const focused = w.monaco.editor.getEditors?.().find((e: Any) => e.hasTextFocus?.());
    const model = focused?.getModel?.() ?? models.find((m: Any) => !m.isDisposed?.()) ?? models[0];
    return { code: model.getValue(), source: 'editor', editor: 'monaco' };
  }

  const aceEl = document.querySelector('.ace_editor') as Any;
  if (aceEl && w.ace?.edit) return { code: w.ace.edit(aceEl).getValue(), source: 'editor', editor: 'ace' };

  const area =
    (active?.tagName === 'TEXTAREA' ? active : null) ??
    [...document.querySelectorAll('textarea')].sort((a: Any, b: Any) => b.value.length - a.value.length)[0];
  if (area && String((area as Any).value).trim())
    return { code: (area as Any).value, source: 'editor', editor: 'textarea' };
  return null;
}
