import { expect, type Locator, type Page } from '@playwright/test';

/** The phone the layout checks use (Playwright viewport 390 × 844). */
export const PHONE_SCREEN = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const WIDTH = PHONE_SCREEN.viewport.width;

/** Nothing runs off the right edge: the page does not scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px screen`).toBeLessThanOrEqual(
    Math.min(innerWidth, WIDTH),
  );
}

/** The element itself is what a tap at its centre reaches (nothing lies on top of it), inside the screen. */
export async function expectTappable(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  const isOnTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(isOnTop, 'another element covers it').toBe(true);
}
