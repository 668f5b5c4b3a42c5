import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';
import './rich-text.css';

// A purifier of our own, so its hooks never touch anyone else's use of DOMPurify.
const purifier = DOMPurify(window);

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
  FORBID_ATTR: ['srcset', 'formaction'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const target = node.getAttribute('target');
    if (target && target !== '_blank' && target !== '_self') node.removeAttribute('target');
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  }
  // The server stores no data: images (they are uploaded instead); anything else is not ours.
  if (node.tagName === 'IMG' && /^\s*data:/i.test(node.getAttribute('src') ?? '')) node.removeAttribute('src');
});

/**
 * Rich text from the server as safe HTML. The server sanitises on save; this is the second guard, so a stored payload
 * that slipped past it (or content from an older server) still cannot run script here.
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export interface RichTextProps {
  html: string | null | undefined;
  className?: string;
}

/** Renders rich text (help explanations, manuals, upgrade notes) after DOMPurify. */
export function RichText({ html, className }: RichTextProps) {
  const safe = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: safe }} />;
}
