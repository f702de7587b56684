import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProblemHead } from '@/web/features/contests/board/board-cells';

/**
 * A contest problem's balloon colour and an award's background are an admin's free text (HOJ keeps
 * any string): drawn as a colour property they can never load an image from another host, as a
 * `background` shorthand they could (the browser test of hostile text found it on the board).
 */
describe('colours admins type', () => {
  it('draw a balloon of a real colour and drop anything else', () => {
    const { getAllByTestId } = render(
      <>
        <ProblemHead problem={{ displayId: 'A', displayTitle: 'a', color: '#ff0000' }} href={null} />
        <ProblemHead
          problem={{ displayId: 'B', displayTitle: 'b', color: 'url(//evil.example/c)' }}
          href={null}
        />
      </>,
    );
    const [red, hostile] = getAllByTestId('board-balloon') as HTMLElement[];
    expect(red?.style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect(hostile?.getAttribute('style') ?? '').not.toContain('evil.example');
    expect(hostile?.style.backgroundImage).toBe('');
  });
});
