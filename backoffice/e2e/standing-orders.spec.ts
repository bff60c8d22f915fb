import { expect as baseExpect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';

const expect = baseExpect.configure({ timeout: 15_000 });

test("an admin sets a weekly standing order for the demo ward's par cart, placed as its nurse", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag('standing');
  const [product] = await withApi(baseURL ?? '', DEMO.admin, async (api) => {
    return ((await (await api.get('/api/products?per_page=1')).json()) as { data: { asin: string }[] }).data;
  });

  await signInAsAdmin(page);
  await page.goto('/admin/standing-orders/create');
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Pediatrics par cart' }).click();
  await page.getByRole('combobox', { name: 'Orders as' }).fill('nurse@demo');
  await page.getByRole('option', { name: 'nurse@demo.supplyhub.test' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Gloves ${tag}`);
  await page.getByRole('checkbox', { name: 'Thursday' }).check();
  // In the future: the e2e portal's standing-orders job must not place it while other tests run.
  await page.getByLabel('Start date').fill('2030-01-07');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('textbox', { name: 'ASIN' }).fill(product!.asin);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('6');
  await page.getByRole('button', { name: 'Save' }).click();

  const row = page.getByRole('row').filter({ hasText: `Gloves ${tag}` });
  await expect(row).toContainText('Pediatrics par cart');
  await expect(row).toContainText('nurse@demo.supplyhub.test');
  await expect(row).toContainText('Every Monday and Thursday');
  await expect(row).toContainText('2030-01-07');

  // The nurse sees it among her own, for the location, and may pause it but not change it.
  await withApi(baseURL ?? '', DEMO.nurse, async (api) => {
    const mine = (await (await api.get('/api/standing-orders')).json()) as {
      data: { name: string; location: { name: string } | null; lines: { asin: string; quantity: number }[] }[];
    };
    const set = mine.data.find((order) => order.name === `Gloves ${tag}`);
    expect(set).toMatchObject({
      location: { name: 'Pediatrics par cart' },
      lines: [{ asin: product!.asin, quantity: 6 }],
    });
  });
});
