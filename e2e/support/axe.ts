// The accessibility check of the browser tests: axe-core run in the page, reduced to what must be fixed (serious and
// critical findings), each naming the rule, the elements and what is wrong with them.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One serious or critical finding: the rule, and per element its selector and what to fix. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe over the whole page, or only within the elements `within` selects, and returns its serious and critical
 * violations, none being `[]`. axe stays in the page once put there, so a walk that moves inside the app (`visit`) pays
 * for it once: sending and parsing its half a megabyte took about a second a page on two cores.
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // The app's Content-Security-Policy refuses inline scripts (a script tag with axe's text); code the test runs through
  // the DevTools protocol is not subject to it, so the app's policy stays as it ships.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    type Context = Document | { include: string[][] };
    const { axe } = window as unknown as { axe: { run: (context: Context, options: RunOptions) => Promise<AxeResults> } };
    const results = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact!,
        help: v.help,
        nodes: v.nodes.map((node) => ({
          target: node.target.map(String).join(' >> '),
          // "Fix any of the following:\n  Element has insufficient color contrast of 3.2 (…)" → the lines after the first.
          summary: (node.failureSummary ?? '').split('\n').slice(1).map((line) => line.trim()).join(' '),
        })),
      }));
  }, within);
}

/** How many elements the violations name. */
export const violatingNodes = (violations: AxeViolation[]): number => violations.reduce((sum, v) => sum + v.nodes.length, 0);
