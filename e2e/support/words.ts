// How the browser tests see English text wrap: a word may move to the next line whole, never be broken across two
// (as `overflow-wrap: anywhere`, or a box narrower than the word where breaking is allowed, would break it).
import type { Page } from '@playwright/test';

/** The words of Latin letters the page shows broken across lines, each as `word in "its text" @ its element`. */
export function wordsBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const range = document.createRange();
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode() as Text | null; text; text = texts.nextNode() as Text | null) {
      const element = text.parentElement;
      if (!element?.checkVisibility()) continue;
      // A hyphenated word ("Sign-in") may break after its hyphen: its parts are words of their own.
      for (const word of text.data.matchAll(/[A-Za-z]{2,}/g)) {
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (lines.size > 1) broken.push(`${word[0]} in "${text.data.trim().slice(0, 40)}" @ ${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      }
    }
    return broken;
  });
}
