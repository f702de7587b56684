import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import {
  droppedFiles,
  insertIntoTextarea,
  type MarkdownUploader,
  markdownFor,
} from '@/web/components/markdown-upload';

/**
 * The Markdown editor's uploads without a browser's editing command (jsdom has none): the text
 * goes in at the cursor by setRangeText and react-hook-form still sees it.
 */

function Form({ uploads, onValue }: { uploads?: MarkdownUploader; onValue(get: () => string): void }) {
  const form = useForm<{ text: string }>({ defaultValues: { text: 'Before after' } });
  onValue(() => form.getValues('text'));
  return (
    <MarkdownEditor
      id="text"
      rows={4}
      invalid={false}
      field={form.register('text')}
      previewText={() => form.getValues('text')}
      previewTestId="text-preview"
      uploads={uploads}
    />
  );
}

describe('Markdown uploads', () => {
  beforeAll(() => {
    // jsdom has no media queries: a phone-sized window (Write and Preview only)
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(cleanup);

  it('writes image and file Markdown with the name escaped', () => {
    expect(markdownFor('img', 'a [b].png', '/api/public/img/x.png')).toBe(
      '![a \\[b\\].png](/api/public/img/x.png)',
    );
    expect(markdownFor('file', 'line\nbreak\\.zip', '/api/public/file/y.zip')).toBe(
      '[line break\\\\.zip](/api/public/file/y.zip)',
    );
  });

  it('takes pasted files only when the clipboard holds no text', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const data = { files: [file], getData: (type: string) => (type === 'text/plain' ? 'cells' : '') };
    expect(droppedFiles(data as unknown as DataTransfer, true)).toEqual([]);
    expect(droppedFiles(data as unknown as DataTransfer, false)).toEqual([file]);
  });

  it('puts the uploaded image at the cursor and react-hook-form sees it', async () => {
    let value = () => '';
    const upload = vi.fn(async () => '/api/public/img/abc.png');
    render(
      <Form
        uploads={{ upload, onError: vi.fn(), imageAccept: 'image/png' }}
        onValue={(get) => {
          value = get;
        }}
      />,
    );
    const textarea = document.querySelector('#text') as HTMLTextAreaElement;
    textarea.setSelectionRange(7, 7);
    const picker = screen.getByTestId('text-insert-image') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(picker, { target: { files: [new File(['png'], 'd.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(value()).toBe('Before ![d.png](/api/public/img/abc.png)after'));
    expect(upload).toHaveBeenCalledWith('img', expect.any(File));
    expect(textarea.value).toBe(value());
  });

  it('shows a failed upload through the caller and leaves the text alone', async () => {
    let value = () => '';
    const onError = vi.fn();
    render(
      <Form
        uploads={{ upload: async () => Promise.reject(new Error('refused')), onError, imageAccept: '' }}
        onValue={(get) => {
          value = get;
        }}
      />,
    );
    await act(async () => {
      fireEvent.change(screen.getByTestId('text-attach-file'), {
        target: { files: [new File(['x'], 'a.txt')] },
      });
    });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(value()).toBe('Before after');
  });

  it('offers no upload buttons without an uploader (the comment box)', () => {
    render(<Form onValue={() => {}} />);
    expect(screen.queryByTestId('text-insert-image')).toBeNull();
  });

  it('inserts into a detached textarea by setRangeText', () => {
    const textarea = document.createElement('textarea');
    textarea.value = 'ab';
    textarea.setSelectionRange(1, 1);
    const input = vi.fn();
    textarea.addEventListener('input', input);
    insertIntoTextarea(textarea, 'X');
    expect([textarea.value, input.mock.calls.length]).toEqual(['aXb', 1]);
  });
});
