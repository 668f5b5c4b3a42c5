import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * Rich text from the web editor is sanitised here, on the server, every time it is saved; what is stored is what
 * clients may render. An allow-list (sanitize-html): headings, paragraphs, lists, quotes, code, tables, links with
 * http(s)/mailto/tel or relative targets, images with http(s) or relative sources, and a few inline styles whose values
 * must match strict patterns. Everything else is dropped: script, style, iframe, object, svg, math, forms, event
 * handlers, `javascript:`, `vbscript:` and `data:` URLs (images included), CSS `url()` and `expression()`.
 */

const colour = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d{1,3}))?\s*\)|[a-z]{3,20})$/i;
const size = /^(0|\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt))$/;

const allowedStyles = {
  color: [colour],
  'background-color': [colour],
  'text-align': [/^(left|right|center|justify)$/],
  'text-decoration': [/^(none|underline|line-through)$/],
  'font-size': [size],
  'font-weight': [/^(normal|bold|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'line-height': [/^(normal|\d(\.\d{1,2})?)$/, size],
  'text-indent': [size],
  'padding-left': [size],
  'vertical-align': [/^(top|middle|bottom|baseline)$/],
  width: [size],
  height: [size],
};

/** Dropped together with their text: their content is code, not prose. */
const nonTextTags = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'svg',
  'math',
  'xmp',
  'plaintext',
  'title',
  'head',
];

/**
 * Belt and braces over sanitize-html's scheme check: a URL naming a script or data scheme anywhere (once whitespace
 * and control characters are gone) is dropped, even where a browser would read it as a harmless relative path.
 */
function withoutScriptUrl(attribs: Record<string, string>, name: string): Record<string, string> {
  const next = { ...attribs };
  // eslint-disable-next-line no-control-regex
  const value = (next[name] ?? '').replace(/[\u0000-\u0020]/g, '').toLowerCase();
  if (/(javascript|vbscript|livescript|data):/.test(value)) delete next[name];
  return next;
}

export const richTextOptions: IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'mark', 'small',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank', '_self'] }],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'reversed'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    '*': ['style'],
  },
  allowedStyles: { '*': allowedStyles },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  disallowedTagsMode: 'discard',
  nonTextTags,
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs) => {
      const next = withoutScriptUrl(attribs, 'href');
      delete next.rel;
      if (next.target !== '_blank' && next.target !== '_self') delete next.target;
      // A link opening a new tab must not hand the opener to the target page.
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: withoutScriptUrl(attribs, 'src') }),
  },
};

/** The stored form of a rich-text field: only the allow-listed markup survives. */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, richTextOptions).trim();
}
