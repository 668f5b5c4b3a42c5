import { test, type Page } from '@playwright/test';

/** Saves a picture of the page in the test's output folder (`test-results/…/NAME.png`), to look at what a journey shows. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // Let antd's open animations and toasts settle.
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}
