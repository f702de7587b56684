import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '@/web/components/markdown';

describe('problem statement Markdown', () => {
  it('renders inline and display maths with KaTeX', () => {
    const { container } = render(<Markdown text={'Sum $a+b$ of\n\n$$\n\\sum_{i=1}^n i\n$$'} />);
    expect(container.querySelectorAll('.katex').length).toBe(2);
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  it('renders GFM tables and strips scripts and event handlers', () => {
    const text =
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script><img src="x" onerror="alert(1)">';
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
  });
});
