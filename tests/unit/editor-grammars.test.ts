import { describe, expect, it } from 'vitest';
import { grammarFor } from '../../web/features/editor/language-support';

/** The editor colours each judge language with its own grammar (found by its mime type, else its name). */
describe('editor grammars', () => {
  it.each([
    ['text/x-csrc', 'C', 'cpp'],
    ['text/x-c++src', 'C++ 20', 'cpp'],
    ['text/x-java', 'Java', 'java'],
    ['text/x-python', 'PyPy3', 'python'],
    ['text/javascript', 'JavaScript (Node)', 'javascript'],
    ['text/typescript', 'TypeScript', 'typescript'],
    ['text/x-rustsrc', 'Rust', 'rust'],
    ['text/x-go', 'Golang', 'go'],
    ['text/x-kotlin', 'Kotlin', 'kotlin'],
    ['text/x-csharp', 'C#', 'csharp'],
    ['text/x-php', 'PHP', 'php'],
    ['text/x-ruby', 'Ruby', 'ruby'],
    ['text/x-pascal', 'Pascal', 'pascal'],
    ['text/x-haskell', 'Haskell', 'haskell'],
    [undefined, 'Java', 'java'],
  ])('%s (%s) → %s', (contentType, name, grammar) => {
    expect(grammarFor(contentType, name)).toBe(grammar);
  });

  it('a language it does not know is plain text', () => {
    expect(grammarFor('text/x-brainfuck', 'Brainfuck')).toBeNull();
  });
});
