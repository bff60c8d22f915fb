import { readFile } from 'node:fs/promises';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from './support/phone-screen.js';
import { DEMO, signInAs } from './support/portal.js';

test.use(PHONE_SCREEN);

test("on a phone the demo nurse sees her par cart's lots expiring soon, soonest first with the expired one marked, and downloads them as CSV", async ({
  page,
}) => {
  await signInAs(page, DEMO.nurse);
  await page.goto('/locations');
  await page.getByRole('link', { name: /Pediatrics par cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Pediatrics par cart' })).toBeVisible();

  await page.getByRole('link', { name: 'See what expires soon' }).click();
  await expect(page.getByRole('heading', { name: 'Expiring soon' })).toBeInViewport();
  const lots = page.getByRole('list', { name: 'Expiring lots' }).getByTestId('expiring-lot');
  await expect(lots.first()).toBeVisible();
  expect(await lots.count()).toBeGreaterThanOrEqual(5);
  // The demo's lot that expired last week comes first, marked; the others follow by expiry date.
  await expect(lots.first()).toContainText('Expired 4 days ago');
  await expect(lots.first().getByText('Expired', { exact: true })).toBeVisible();
  await expect(lots.nth(1)).toContainText('Expires in 9 days');
  await expect(lots.nth(1)).toContainText('Lot DEMO-PED-02');
  const dates = await lots.evaluateAll((cards) => cards.map((card) => card.textContent?.slice(0, 10) ?? ''));
  expect(dates).toEqual([...dates].sort());
  await expectNoHorizontalOverflow(page);

  const download = page.getByRole('link', { name: 'Download CSV' });
  await expectTappable(download);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^expiring-stock-\d{4}-\d{2}-\d{2}-90d\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const [header, first] = csv.split('\n');
  expect(header).toBe(
    '"lot","asin","title","expiry_date","days_left","status","quantity","location","department","received_by","received_at","order_number"',
  );
  expect(first).toMatch(/^"DEMO-PED-01",.*,-4,"expired",\d+,"Pediatrics par cart"/);
});
