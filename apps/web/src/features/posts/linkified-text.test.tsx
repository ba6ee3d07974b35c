import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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

describe('mentions', () => {
  it('makes @username a mention, in the username charset, after a space or punctuation', () => {
    expect(splitLinks('Great game @ana_lopez! (@Ben2) and @jo.')).toEqual([
      { kind: 'text', text: 'Great game ' },
      { kind: 'mention', username: 'ana_lopez' },
      { kind: 'text', text: '! (' },
      { kind: 'mention', username: 'Ben2' },
      { kind: 'text', text: ') and @jo.' },
    ]);
    expect(splitLinks('@casey first')[0]).toEqual({ kind: 'mention', username: 'casey' });
  });

  it('leaves email addresses, names too long, and @ inside web addresses alone', () => {
    expect(splitLinks('Write to email@example.com')).toEqual([
      { kind: 'text', text: 'Write to email@example.com' },
    ]);
    expect(splitLinks(`@${'a'.repeat(31)} a@@bbb`)).toEqual([
      { kind: 'text', text: `@${'a'.repeat(31)} a@@bbb` },
    ]);
    expect(splitLinks('https://social.test/@ana see')).toEqual([
      { kind: 'link', href: 'https://social.test/@ana' },
      { kind: 'text', text: ' see' },
    ]);
  });

  it('links a mention to the profile inside the app, as text', () => {
    render(
      <MemoryRouter>
        <LinkifiedText text={'Thanks @ana_lopez <b>x</b>, mail me at me@arena.test'} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '@ana_lopez' });
    expect(link).toHaveAttribute('href', '/profile/ana_lopez');
    expect(link).not.toHaveAttribute('target');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/<b>x<\/b>, mail me at me@arena.test/)).toBeInTheDocument();
  });
});
