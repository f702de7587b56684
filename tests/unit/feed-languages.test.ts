import { describe, expect, it } from 'vitest';
import { feedLanguages } from '@/server/services/contests/feed/feed-languages';

const ids = (names: string[]) => [...feedLanguages(names).values()].map((l) => [l.name, l.id, l.entryPoint]);

describe('feed languages: judge language names as Contest API language ids', () => {
  it("gives HOJ's language names the API's ids, a second one of a family what tells it apart", () => {
    expect(
      Object.fromEntries(
        ids([
          'C',
          'C With O2',
          'C++',
          'C++ With O2',
          'C++ 17',
          'C++ 20',
          'C#',
          'Java',
          'Python3',
          'PyPy3',
          'Python2',
          'PyPy2',
          'Golang',
          'JavaScript Node',
          'JavaScript V8',
          'PHP',
          'Ruby',
          'Rust',
          'Pascal',
        ]).map(([name, id, entry]) => [name, [id, entry]]),
      ),
    ).toEqual({
      C: ['c', null],
      'C With O2': ['c-with-o2', null],
      'C++': ['cpp', null],
      'C++ 17': ['cpp17', null],
      'C++ 20': ['cpp20', null],
      'C++ With O2': ['cpp-with-o2', null],
      'C#': ['csharp', null],
      Java: ['java', 'Main'],
      Python3: ['python3', 'main.py'],
      PyPy3: ['python3-pypy', 'main.py'],
      Python2: ['python2', 'main.py'],
      PyPy2: ['python2-pypy', 'main.py'],
      Golang: ['go', null],
      'JavaScript V8': ['javascript', 'main.js'],
      'JavaScript Node': ['javascript-node', 'main.js'],
      PHP: ['php', 'main.php'],
      Ruby: ['ruby', null],
      Rust: ['rust', null],
      Pascal: ['pascal', null],
    });
  });

  it("keeps the bare id for a family's only language, and makes ids of other names unique and valid", () => {
    expect(ids(['JavaScript (Node)', 'C++ 20'])).toEqual([
      ['C++ 20', 'cpp', null],
      ['JavaScript (Node)', 'javascript', 'main.js'],
    ]);
    const odd = [
      ...feedLanguages(['Brainfuck', 'brainfuck!', '..Whitespace..', '中文', `${'x'.repeat(50)}`]).values(),
    ];
    expect(Object.fromEntries(odd.map((l) => [l.name, l.id]))).toEqual({
      Brainfuck: 'brainfuck',
      'brainfuck!': 'brainfuck-2',
      '..Whitespace..': 'whitespace',
      中文: 'lang',
      ['x'.repeat(50)]: 'x'.repeat(36),
    });
    for (const l of odd) expect(l.id).toMatch(/^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$/);
  });
});
