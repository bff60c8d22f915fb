import type { Locator } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoHorizontalOverflow, expectTappable, PHONE_SCREEN } from './support/phone-screen.js';
import { addToCart, listProducts, signInAsNewDoctor, type CatalogueProduct } from './support/portal.js';

test('a doctor makes her cart a standing order every Monday and Thursday, sees its next date, pauses and resumes it', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [fluids, gloves] = (await listProducts(page)) as [CatalogueProduct, CatalogueProduct];
  await addToCart(page, fluids.asin, 12);
  await addToCart(page, gloves.asin, 2);

  await page.goto('/catalog');
  await page.getByRole('link', { name: 'Standing orders' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Standing orders' })).toBeVisible();
  const form = page.getByRole('form').or(page.locator('form')).first();
  await expect(form).toContainText(`12 × ${fluids.title}`);

  await form.getByRole('button', { name: 'Save standing order' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  await form.getByLabel('Name').fill('Monday IV fluids');
  await form.getByLabel('Thursday').check();
  await form.getByRole('button', { name: 'Save standing order' }).click();

  const card = page.getByRole('article', { name: 'Monday IV fluids' });
  await expect(card).toContainText('Every Monday and Thursday');
  await expect(card).toContainText(/Next order: \d{4}-\d{2}-\d{2}/);
  await expect(card).toContainText(`2 × ${gloves.title}`);
  // The cart is left as it was: the standing order copies it.
  await expect(page.getByRole('button', { name: 'Shopping cart, 14 items' })).toBeVisible();

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('Paused: nothing is ordered until you resume it.');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText(/Next order: \d{4}-\d{2}-\d{2}/);
});

test('a standing order carries delivery instructions: none with patient data, kept through an edit, changed by one', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [fluids] = (await listProducts(page)) as [CatalogueProduct];
  await addToCart(page, fluids.asin, 6);
  await page.goto('/standing-orders');
  const form = page.locator('form').first();
  await form.getByLabel('Name').fill('Weekly fluids');
  await form.getByLabel('Delivery instructions').fill('DOB 03/14/1961, leave at the desk');
  await form.getByRole('button', { name: 'Save standing order' }).click();
  await expect(
    form.getByText(
      'Order note: this looks like a date of birth. Supplier messages must not hold patient details; write the bed or room instead.',
    ),
  ).toBeVisible();
  expect(((await (await page.request.get('/api/standing-orders')).json()) as { data: unknown[] }).data).toHaveLength(0);

  await form.getByLabel('Delivery instructions').fill('deliver to bed bay 3');
  await form.getByRole('button', { name: 'Save standing order' }).click();
  const card = page.getByRole('article', { name: 'Weekly fluids' });
  await expect(card).toContainText('Delivery instructions: deliver to bed bay 3');

  // An edit of another field sends the note back as it was: the PUT replaces the whole standing order.
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit standing order' });
  await expect(dialog.getByLabel('Delivery instructions')).toHaveValue('deliver to bed bay 3');
  await dialog.getByLabel('Name').fill('Weekly IV fluids');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByRole('article', { name: 'Weekly IV fluids' });
  await expect(renamed).toContainText('Delivery instructions: deliver to bed bay 3');

  await renamed.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Delivery instructions').fill('dock B, ask for ward 4 stores');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(renamed).toContainText('Delivery instructions: dock B, ask for ward 4 stores');
  const list = (await (await page.request.get('/api/standing-orders')).json()) as {
    data: { delivery_note: string | null }[];
  };
  expect(list.data.map((order) => order.delivery_note)).toEqual(['dock B, ask for ward 4 stores']);
});

/** The dialog's content, and the dialog itself, fit the screen: nothing scrolls or sticks out sideways. */
async function expectDialogWithinScreen(dialog: Locator): Promise<void> {
  const { scrollWidth, clientWidth, right } = await dialog.evaluate((element) => {
    const content = element.querySelector('.MuiDialogContent-root') ?? element;
    return {
      scrollWidth: content.scrollWidth,
      clientWidth: content.clientWidth,
      right: element.getBoundingClientRect().right,
    };
  });
  expect(scrollWidth, `the edit form is ${scrollWidth}px wide in ${clientWidth}px`).toBeLessThanOrEqual(clientWidth);
  expect(right).toBeLessThanOrEqual(PHONE_SCREEN.viewport.width);
}

test('a doctor edits her standing order: adds her cart, changes a quantity, removes a line, makes it monthly on day 31', async ({
  page,
  baseURL,
}) => {
  await signInAsNewDoctor(page, baseURL ?? '');
  const [fluids, gloves, masks] = (await listProducts(page)) as [CatalogueProduct, CatalogueProduct, CatalogueProduct];
  await addToCart(page, fluids.asin, 12);
  await addToCart(page, gloves.asin, 2);
  await page.goto('/standing-orders');
  const form = page.locator('form').first();
  await form.getByLabel('Name').fill('Monday IV fluids');
  await form.getByRole('button', { name: 'Save standing order' }).click();
  const card = page.getByRole('article', { name: 'Monday IV fluids' });
  await expect(card).toContainText('Every Monday');
  // The cart changes after the standing order was made: the edit form adds what is in it now.
  await addToCart(page, masks.asin, 5);
  await page.reload();

  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit standing order' });
  await expect(dialog.getByLabel(`Quantity of ${fluids.title}`)).toHaveValue('12');
  await dialog.getByRole('button', { name: "Add my cart's items" }).click();
  await expect(dialog.getByLabel(`Quantity of ${fluids.title}`)).toHaveValue('24');
  await expect(dialog.getByLabel(`Quantity of ${gloves.title}`)).toHaveValue('4');
  await expect(dialog.getByLabel(`Quantity of ${masks.title}`)).toHaveValue('5');

  await dialog.getByLabel(`Quantity of ${gloves.title}`).fill('3');
  await dialog.getByRole('button', { name: `Remove ${masks.title}` }).click();
  await expect(dialog.getByLabel(`Quantity of ${masks.title}`)).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Monthly' }).check();
  await dialog.getByLabel('Day of the month').fill('31');

  // Checked here first (a quantity of 0), then by the server (an empty name), each at its field.
  await dialog.getByLabel(`Quantity of ${fluids.title}`).fill('0');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Enter a whole number from 1 to 9999')).toBeVisible();
  await dialog.getByLabel(`Quantity of ${fluids.title}`).fill('24');
  await dialog.getByLabel('Name').fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Month-end fluids');
  await dialog.getByRole('button', { name: 'Save changes' }).click();

  await expect(dialog).toBeHidden();
  const edited = page.getByRole('article', { name: 'Month-end fluids' });
  await expect(edited).toContainText('Monthly on day 31 (the month’s last day when it is shorter)');
  await expect(edited).toContainText(/Next order: \d{4}-\d{2}-(28|29|30|31)/);
  await expect(edited).toContainText(`24 × ${fluids.title} · 3 × ${gloves.title}`);
  await expect(edited).not.toContainText(masks.title);

  const list = (await (await page.request.get('/api/standing-orders')).json()) as { data: { id: string }[] };
  expect(list.data).toHaveLength(1);
  const read = await page.request.get(`/api/standing-orders/${list.data[0]!.id}`);
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({
    name: 'Month-end fluids',
    schedule: { kind: 'monthly', day: 31 },
    lines: [
      { asin: fluids.asin, quantity: 24 },
      { asin: gloves.asin, quantity: 3 },
    ],
  });
});

test.describe('on a 390 px phone', () => {
  test.use(PHONE_SCREEN);

  test('the edit form fits the screen, refuses to save no items, and Cancel leaves the standing order as it was', async ({
    page,
    baseURL,
  }) => {
    await signInAsNewDoctor(page, baseURL ?? '');
    // The longest titles the catalogue lists: the lines most likely to push the form sideways.
    const products = (await listProducts(page)).sort((a, b) => b.title.length - a.title.length);
    const [long, longer] = products as [CatalogueProduct, CatalogueProduct];
    const created = await page.request.post('/api/standing-orders', {
      data: {
        name: 'Ward basics',
        schedule: { kind: 'weekly', weekdays: [1, 3, 5] },
        start_date: new Date().toISOString().slice(0, 10),
        lines: [
          { asin: long.asin, quantity: 9999 },
          { asin: longer.asin, quantity: 1 },
        ],
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/standing-orders');
    const card = page.getByRole('article', { name: 'Ward basics' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit standing order' });
    await expect(dialog.getByLabel(`Quantity of ${long.title}`)).toHaveValue('9999');
    await expectNoHorizontalOverflow(page);
    await expectDialogWithinScreen(dialog);
    await expectTappable(dialog.getByRole('button', { name: 'Save changes' }));
    await expectTappable(dialog.getByRole('button', { name: `Remove ${long.title}` }));

    await dialog.getByRole('button', { name: `Remove ${long.title}` }).click();
    await dialog.getByRole('button', { name: `Remove ${longer.title}` }).click();
    await expect(dialog.getByText('A standing order needs at least one item.')).toBeVisible();
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') saves.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('A standing order needs at least one item.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Monthly' }).check();
    await expectDialogWithinScreen(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect(dialog).toBeHidden();
    expect(saves).toEqual([]);
    await expect(card).toContainText('Every Monday, Wednesday and Friday');
    await expect(card).toContainText(`9999 × ${long.title}`);
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog.getByLabel(`Quantity of ${long.title}`)).toHaveValue('9999');
  });
});
