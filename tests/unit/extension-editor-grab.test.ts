import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { grabCodeInPage } from '@/entrypoints/lib/editor-grab';

// biome-ignore lint/suspicious/noExplicitAny: fake page editors
const w = window as any;

afterEach(() => {
  document.body.innerHTML = '';
  delete w.monaco;
  delete w.ace;
  window.getSelection()?.removeAllRanges();
});

describe('grabCodeInPage (runs in the page, MAIN world)', () => {
  it('CodeMirror 6: the whole document of the EditorView behind .cm-content', () => {
    const doc = '#include <cstdio>\nint main() {\n  return 0;\n}\n';
    const view = new EditorView({ state: EditorState.create({ doc }), parent: document.body });
    expect(grabCodeInPage(false)).toEqual({ code: doc, source: 'editor', editor: 'codemirror6' });
    view.destroy();
  });

  it('CodeMirror 5: .CodeMirror.CodeMirror.getValue()', () => {
    const el = document.createElement('div');
    el.className = 'CodeMirror';
    Object.assign(el, { CodeMirror: { getValue: () => 'print(1)\n' } });
    document.body.append(el);
    expect(grabCodeInPage(true)).toEqual({ code: 'print(1)\n', source: 'editor', editor: 'codemirror5' });
  });

  it('Monaco: the focused editor model, else the first live model', () => {
    const models = [
      { getValue: () => 'first', isDisposed: () => true },
      { getValue: () => 'second', isDisposed: () => false },
    ];
    w.monaco = { editor: { getModels: () => models, getEditors: () => [] } };
    expect(grabCodeInPage(false)).toMatchObject({ code: 'second', editor: 'monaco' });
    w.monaco.editor.getEditors = () => [{ hasTextFocus: () => true, getModel: () => models[0] }];
    expect(grabCodeInPage(false)).toMatchObject({ code: 'first', editor: 'monaco' });
  });

  it('Ace: window.ace.edit(element).getValue()', () => {
    const el = document.createElement('div');
    el.className = 'ace_editor';
    document.body.append(el);
    w.ace = { edit: (target: Element) => ({ getValue: () => (target === el ? 'ace code' : '') }) };
    expect(grabCodeInPage(false)).toEqual({ code: 'ace code', source: 'editor', editor: 'ace' });
  });

  it('a textarea: the focused one, else the longest', () => {
    document.body.innerHTML = '<textarea id="a">short</textarea><textarea id="b">the longer one</textarea>';
    expect(grabCodeInPage(false)).toMatchObject({ code: 'the longer one', editor: 'textarea' });
    (document.getElementById('a') as HTMLTextAreaElement).focus();
    expect(grabCodeInPage(false)).toMatchObject({ code: 'short', editor: 'textarea' });
  });

  it('the selection wins when asked for: page text or inside a textarea', () => {
    document.body.innerHTML = '<p id="p">int x = 1;</p><textarea id="t">abcdef</textarea>';
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('p') as HTMLElement);
    window.getSelection()?.addRange(range);
    expect(grabCodeInPage(true)).toEqual({ code: 'int x = 1;', source: 'selection', editor: null });
    const area = document.getElementById('t') as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(1, 4);
    expect(grabCodeInPage(true)).toEqual({ code: 'bcd', source: 'selection', editor: null });
    // not asked for the selection: the editor's whole contents
    expect(grabCodeInPage(false)).toMatchObject({ code: 'abcdef', source: 'editor' });
  });

  it('nothing to take: null', () => {
    document.body.innerHTML = '<p>no editor here</p>';
    expect(grabCodeInPage(true)).toBeNull();
  });
});
