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
    return ((await (await api.get('/api/products?per_page=1')).json()) as { data: { asin: string; title: string }[] })
      .data;
  });

  await signInAsAdmin(page);
  await page.goto('/admin/standing-orders/create');
  // "Orders as" waits for the location: it lists only that location's eligible members.
  const ordersAs = page.getByRole('combobox', { name: 'Orders as' });
  await expect(ordersAs).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Choose the location first')).toBeVisible();
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Pediatrics par cart' }).click();
  await ordersAs.click();
  const eligible = await withApi(baseURL ?? '', DEMO.admin, async (api) => {
    const locations = (await (await api.get('/api/admin/locations?range=[0,199]')).json()) as {
      id: string;
      name: string;
    }[];
    const cart = locations.find((location) => location.name === 'Pediatrics par cart')!;
    const answer = await api.get(`/api/admin/locations/${cart.id}/standing-order-requesters`);
    return ((await answer.json()) as { data: { email: string }[] }).data.map((member) => member.email);
  });
  expect(eligible).toContain('nurse@demo.supplyhub.test');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(eligible.length);
  // Not every account: the back office's, finance's and other wards' people are not offered.
  for (const other of ['admin@demo', 'finance@demo', 'doctor@demo', 'logistics@demo']) {
    await expect(options.filter({ hasText: other })).toHaveCount(0);
  }
  await page.getByRole('option', { name: 'Nora Lindqvist (nurse@demo.supplyhub.test)' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Gloves ${tag}`);
  await page.getByRole('checkbox', { name: 'Thursday' }).check();
  // In the future: the e2e portal's standing-orders job must not place it while other tests run.
  await page.getByLabel('Start date').fill('2030-01-07');
  await page.getByRole('button', { name: 'Add' }).click();
  // The item is found by a word of its title, not typed as a raw ASIN.
  const item = page.getByRole('combobox', { name: 'Item (search by title or ASIN)' });
  await item.fill(product!.title.split(' ').slice(0, 2).join(' '));
  await page.getByRole('option', { name: `${product!.title} (${product!.asin})` }).click();
  await expect(item).toHaveValue(`${product!.title} (${product!.asin})`);
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
