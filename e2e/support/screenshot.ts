import { test, type Page } from '@playwright/test';

/**
 * Whether journeys take their screenshots: with E2E_SHOTS set (`E2E_SHOTS=1 npm test -w @juqi/e2e`). They are for
 * looking at screens, not for the suite's verdict, which their waits would slow by a minute.
 */
export const takingShots = Boolean(process.env.E2E_SHOTS);

/** Saves a picture of the page in the test's output folder (`test-results/…/NAME.png`), to look at what a journey shows. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!takingShots) return;
  // Let antd's open animations and toasts settle.
  await page.waitForTimeout(500);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}
