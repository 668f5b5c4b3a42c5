import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeHtml } from './rich-text';

describe('RichText (DOMPurify, the second guard)', () => {
  it('keeps the markup the server allows', () => {
    const html = '<h3>标题</h3><p><strong>粗</strong> <em>斜</em> <a href="/permission/role">角色</a></p><ul><li>一</li></ul><img src="/uploads/a.png" alt="a">';
    const { container } = render(<RichText html={html} />);
    expect(container.querySelector('.rich-text h3')).toHaveTextContent('标题');
    expect(container.querySelector('a')).toHaveAttribute('href', '/permission/role');
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/a.png');
    expect(container.querySelector('li')).toHaveTextContent('一');
  });

  it.each([
    ['<p>x</p><script>alert(1)</script>', 'script'],
    ['<img src="x" onerror="alert(1)">', 'onerror'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', 'alert'],
    ['<svg><script>alert(1)</script></svg>', 'script'],
    ['<iframe src="https://evil.test"></iframe>', 'iframe'],
    ['<form action="https://evil.test"><input name="p"></form>', 'form'],
    ['<style>body{display:none}</style><p>x</p>', 'style'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', 'data:'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', 'onerror'],
    ['<p onclick="alert(1)">x</p>', 'onclick'],
  ])('drops %s', (html, needle) => {
    expect(sanitizeHtml(html).toLowerCase()).not.toContain(needle.toLowerCase());
  });

  it('keeps _blank links safe and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="https://x.test" target="top">x</a>')).toBe('<a href="https://x.test">x</a>');
  });

  it('renders nothing for empty input', () => {
    const { container } = render(<RichText html={null} />);
    expect(container.querySelector('.rich-text')).toBeEmptyDOMElement();
  });
});
