import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { LinkifiedText, splitLinks } from './linkified-text.tsx';

describe('splitLinks', () => {
  it('finds http and https addresses and leaves the rest as text', () => {
    expect(splitLinks('Watch http://a.test/x and https://b.test/y?z=1#t now')).toEqual([
      { kind: 'text', text: 'Watch ' },
      { kind: 'link', href: 'http://a.test/x' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', href: 'https://b.test/y?z=1#t' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves the sentence its closing punctuation', () => {
    expect(splitLinks('See https://arena.test/match.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://arena.test/match' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitLinks('(https://arena.test/a)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', href: 'https://arena.test/a' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never turns other schemes into links', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x ftp://f.test')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x ftp://f.test' },
    ]);
  });
});

describe('LinkifiedText', () => {
  it('shows markup as the text it is, and keeps line breaks', () => {
    const text = '<img src=x onerror=alert(1)>\n<script>alert(2)</script> <b>bold</b>';
    const { container } = render(<LinkifiedText text={text} />);
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe(text);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(paragraph).toHaveClass('whitespace-pre-wrap');
  });

  it('makes addresses links that open in a new tab without the opener', () => {
    render(<LinkifiedText text={'Tickets: https://arena.test/t?a=1&b=<2>'} />);
    const link = screen.getByRole('link', { name: 'https://arena.test/t?a=1&b=' });
    expect(link).toHaveAttribute('href', 'https://arena.test/t?a=1&b=');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/<2>/)).toBeInTheDocument();
  });
});
