import { describe, expect, it } from 'vitest';
import { xssCorpus, xssFindings } from '../../test/helpers/xss';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it(`leaves no survivor from ${xssCorpus.length} stored-XSS payloads`, () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(40);
    const survivors = xssCorpus
      .map((payload) => ({ payload, output: sanitizeRichText(payload) }))
      .map((r) => ({ ...r, findings: xssFindings(r.output) }))
      .filter((r) => r.findings.length);
    expect(survivors).toEqual([]);
  });

  it('keeps nothing of the corpus when it is sanitised twice or wrapped in allowed markup', () => {
    for (const payload of xssCorpus) {
      expect(xssFindings(sanitizeRichText(sanitizeRichText(payload)))).toEqual([]);
      expect(xssFindings(sanitizeRichText(`<p><strong>${payload}</strong></p><table><tr><td>${payload}</td></tr></table>`))).toEqual([]);
    }
  });

  it('the checker itself finds the classic payloads before sanitising', () => {
    const caught = xssCorpus.filter((p) => xssFindings(p).length > 0);
    expect(caught.length).toBeGreaterThanOrEqual(40);
  });

  it("keeps what an editor produces: headings, lists, tables, safe links and images, plain styles", () => {
    const html =
      '<h2>标题</h2><p style="text-align: center; color: #ff0000">居中<strong>加粗</strong><em>斜体</em><u>下划线</u></p>' +
      '<ul><li>一</li><li>二</li></ul><ol start="3"><li>三</li></ol><blockquote>引用</blockquote><pre><code>x = 1</code></pre>' +
      '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td rowspan="1">格</td></tr></tbody></table>' +
      '<p><a href="https://example.com/a?b=1" target="_blank">外链</a> <a href="/permission/role">站内</a> <a href="mailto:a@b.cn">邮件</a></p>' +
      '<p><img src="/uploads/print/2026/05/0123456789abcdef0123456789abcdef.png" alt="图" width="100"><img src="https://cdn.example.com/a.jpg"></p>';
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2>标题</h2>');
    expect(out).toContain('style="text-align:center;color:#ff0000"');
    expect(out).toContain('<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">外链</a>');
    expect(out).toContain('<a href="/permission/role">站内</a>');
    expect(out).toContain('href="mailto:a@b.cn"');
    expect(out).toContain('<img src="/uploads/print/2026/05/0123456789abcdef0123456789abcdef.png" alt="图" width="100" />');
    expect(out).toContain('<img src="https://cdn.example.com/a.jpg" />');
    expect(out).toContain('<th colspan="2">表头</th>');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain('<pre><code>x = 1</code></pre>');
  });

  it('drops unsafe style values but keeps the safe ones beside them', () => {
    const out = sanitizeRichText('<p style="color: blue; background-image: url(x.png); font-size: 14px; position: fixed">x</p>');
    expect(out).toBe('<p style="color:blue;font-size:14px">x</p>');
  });

  it('keeps only _blank and _self link targets', () => {
    expect(sanitizeRichText('<a href="/a" target="_top">x</a>')).toBe('<a href="/a">x</a>');
    expect(sanitizeRichText('<a href="/a" target="_self" rel="opener">x</a>')).toBe('<a href="/a" target="_self">x</a>');
  });

  it('escapes text, so markup typed as text stays text', () => {
    expect(sanitizeRichText('<p>a &lt;script&gt; b & c</p>')).toBe('<p>a &lt;script&gt; b &amp; c</p>');
    expect(sanitizeRichText('')).toBe('');
  });
});
