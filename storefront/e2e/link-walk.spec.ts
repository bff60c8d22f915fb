import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { latestMail, mailsTo } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, listProducts, signInAs, withAdmin, type CatalogueProduct } from './support/portal.js';
import { signInAsWardMember } from './support/wards.js';

/**
 * decisions.md: which pages a role opens follows from what the API lets it do, and no page, banner,
 * mail or toast links a role to a page it cannot open. Stated here by hand, per role, as the
 * decision reads — not read from the rule the app uses, so the two can disagree and fail.
 */
type PagePath =
  '/catalog' | '/product' | '/locations' | '/orders' | '/standing-orders' | '/receiving' | '/settings' | '/profile';

interface RoleDay {
  email: string;
  opens: readonly PagePath[];
  refused: readonly PagePath[];
  /** Where a refused page sends the role. */
  refusedTo: string;
}

const ORDER_PAGES = ['/orders', '/standing-orders'] as const;
const EVERYONE = ['/catalog', '/product', '/locations', '/settings'] as const;

const DAYS: Record<string, RoleDay> = {
  nurse: {
    email: DEMO.nurse,
    opens: [...EVERYONE, ...ORDER_PAGES, '/profile'],
    refused: ['/receiving'],
    refusedTo: '/catalog',
  },
  doctor: {
    email: DEMO.doctor,
    opens: [...EVERYONE, ...ORDER_PAGES],
    refused: ['/receiving', '/profile'],
    refusedTo: '/catalog',
  },
  provider: {
    email: DEMO.provider,
    opens: [...EVERYONE, ...ORDER_PAGES, '/profile'],
    refused: ['/receiving'],
    refusedTo: '/catalog',
  },
  user: {
    email: DEMO.user,
    opens: [...EVERYONE, ...ORDER_PAGES],
    refused: ['/receiving', '/profile'],
    refusedTo: '/catalog',
  },
  logistics_admin: {
    email: DEMO.logistics,
    opens: [...EVERYONE, ...ORDER_PAGES, '/receiving'],
    refused: ['/profile'],
    refusedTo: '/catalog',
  },
  finance: {
    email: DEMO.finance,
    opens: [...EVERYONE],
    refused: [...ORDER_PAGES, '/receiving', '/profile'],
    refusedTo: '/catalog',
  },
  admin: {
    email: DEMO.admin,
    opens: [...EVERYONE, ...ORDER_PAGES, '/receiving', '/profile'],
    refused: [],
    refusedTo: '/admin/dashboard',
  },
};

/** Pages for people who are not signed in: a mail may send anyone there. */
const SIGNED_OUT_PAGES = ['/login', '/forgot-password', '/reset-password', '/confirm-sign-up'];

const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * The screen has finished loading. A guard shows only a status until the session is read, then
 * either redirects or lets the page render; the app shell has no `main` region, only the pages do.
 * So a visible `main` is the page itself, drawn after every guard on the way let the role in, and
 * the address can be checked then, however long the session read took.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  if (!new URL(page.url()).pathname.startsWith('/admin')) {
    await expect(page.locator('main').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  }
}

/** Every in-app link the page renders, as paths (one per product page: they are alike). */
async function inAppLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const paths = hrefs.flatMap((href) => {
    const url = new URL(href);
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return [];
    return [`${url.pathname}${url.search}`];
  });
  const firstProduct = paths.find((path) => path.startsWith('/product/'));
  return [...new Set(paths.filter((path) => !path.startsWith('/product/')).concat(firstProduct ? [firstProduct] : []))];
}

/** Opens a path and checks it stays there (no guard sends the role elsewhere). */
async function expectLandsOn(page: Page, path: string, from: string): Promise<void> {
  await page.goto(path);
  await settled(page);
  expect(here(page), `${path} (linked from ${from}) sent the role elsewhere`).toBe(path);
}

/** A mail's link to a page for the signed out, opened as its reader would: signed out. */
async function expectLandsSignedOut(browser: Browser, baseURL: string, path: string, from: string): Promise<void> {
  const visitor = await browser.newPage({ baseURL });
  try {
    await expectLandsOn(visitor, path, from);
  } finally {
    await visitor.close();
  }
}

/**
 * A mail to the role's address that this test causes itself, so the mail walk below always has a
 * mail of its own to check: asking to sign up with an address that has an account mails a note
 * linking to the sign-in page.
 */
async function causeMailTo(request: APIRequestContext, email: string): Promise<void> {
  const asked = await request.post('/api/auth/signup', {
    data: { first_name: 'Link', last_name: 'Walker', email, password: 'Quiet-Harbor-2026!' },
  });
  expect(asked.status()).toBe(202);
}

for (const [role, day] of Object.entries(DAYS)) {
  test(`link walk as ${role}: every page it opens, every link there lands, refused pages redirect`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    // The mail walk reads only mail written during this test: the specs share one database.
    const startedAt = new Date();
    await causeMailTo(request, day.email);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page, day.email);
    const [product] = await listProducts(page);
    const concrete = (path: PagePath) => (path === '/product' ? `/product/${product!.asin}` : path);
    // The navigation's "Count and top up" comes after the first page, for those with a location to count.
    const myLocations = await page.request.get('/api/locations');
    expect(myLocations.status()).toBe(200);
    const countsLocations = ((await myLocations.json()) as unknown[]).length > 0;

    const linked = new Map<string, string>();
    for (const path of day.opens) {
      await expectLandsOn(page, concrete(path), 'the walk');
      if (path === '/catalog' && countsLocations) {
        await expect(page.getByRole('link', { name: 'Count and top up' })).toBeVisible({ timeout: 15_000 });
      }
      for (const link of await inAppLinks(page)) if (!linked.has(link)) linked.set(link, concrete(path));
    }
    expect(linked.size).toBeGreaterThan(2);
    // The walk's own pages were opened above; every other link is opened here.
    const walked = new Set(day.opens.map(concrete));
    for (const [link, from] of linked) if (!walked.has(link)) await expectLandsOn(page, link, from);

    for (const path of day.refused) {
      await page.goto(concrete(path));
      await settled(page);
      await expect.poll(() => new URL(page.url()).pathname, { message: `${path} must not open` }).toBe(day.refusedTo);
    }

    // The user menu's Profile leads to a page the role opens.
    await page.goto('/catalog');
    await settled(page);
    await page.getByRole('button', { name: day.email }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const profilePath = day.opens.includes('/profile') ? '/profile' : '/settings';
    await expect(page).toHaveURL(new RegExp(`${profilePath}$`));

    // Mail links: every link in the role's mails opens where it says, for the recipient (each path once).
    const mails = await mailsTo(day.email, startedAt);
    expect(
      mails.map((mail) => mail.template),
      'the mail this test caused',
    ).toContain('sign-up-existing-account');
    const mailed = new Map<string, string>();
    const mailedSignedOut = new Map<string, string>();
    for (const mail of mails) {
      for (const match of mail.text.matchAll(/https?:\/\/[^\s/]+(\/[^\s#]*)(#\S*)?/g)) {
        const path = match[1]?.replace(/[.,;:)]+$/, '');
        // One-time links (sign-up, password reset) are spent by opening.
        if (!path || match[2] || path.startsWith('/api/')) continue;
        // Sign-in pages are for the signed out: opened as such.
        const links = SIGNED_OUT_PAGES.includes(path) ? mailedSignedOut : mailed;
        if (!links.has(path)) links.set(path, `the ${mail.template} mail`);
      }
    }
    // The caused mail's link is among them, so the walk below checks at least one link.
    expect([...mailedSignedOut.keys()]).toContain('/login');
    for (const [path, from] of mailed) if (!walked.has(path)) await expectLandsOn(page, path, from);
    for (const [path, from] of mailedSignedOut) await expectLandsSignedOut(browser, baseURL ?? '', path, from);
  });
}

test('a nurse’s mail about her count’s order links to her orders, which show it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = `LW${Date.now().toString(36).toUpperCase()}`;
  const location = await withAdmin(baseURL ?? '', async (admin) => {
    const [gauze] = ((await (await admin.get('/api/products?per_page=1')).json()) as { data: CatalogueProduct[] }).data;
    const department = await admin.post('/api/admin/departments', { data: { code: suffix, name: `Ward ${suffix}` } });
    const { id: departmentId } = (await department.json()) as { id: string };
    const created = await admin.post('/api/admin/locations', {
      data: {
        name: `Shelf ${suffix}`,
        department_id: departmentId,
        stock_list: [{ asin: gauze!.asin, par: 10, reorder_point: null, pack_size: 1 }],
      },
    });
    expect(created.status()).toBe(201);
    return { ...((await created.json()) as { id: string }), departmentId, gauze: gauze! };
  });
  const { gauze } = location;
  const { email } = await signInAsWardMember(page, baseURL ?? '', location.departmentId);

  await page.goto(`/locations/${location.id}`);
  await page.getByRole('textbox', { name: `On hand: ${gauze.title}` }).fill('2');
  await page.getByRole('button', { name: 'Submit as order' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Count saved.' });
  await expect(saved).toContainText(/Order SO-\d+ submitted for approval/);
  const orderNumber = /Order (SO-\d+)/.exec((await saved.textContent()) ?? '')![1]!;
  const { data: orders } = (await (await page.request.get('/api/orders')).json()) as {
    data: { id: string; order_number: string }[];
  };
  const order = orders.find((candidate) => candidate.order_number === orderNumber)!;
  await withAdmin(baseURL ?? '', async (admin) => {
    const rejected = await admin.post(`/api/admin/orders/${order.id}/reject`, { data: { reason: 'Wrong shelf' } });
    expect(rejected.status()).toBe(200);
  });

  const mail = await latestMail(email, 'order-rejected');
  const path = /https?:\/\/[^\s/]+(\/\S*)/.exec(mail)?.[1];
  expect(path).toBe('/orders');
  await expectLandsOn(page, path!, 'the order-rejected mail');
  await expect(page.getByText(orderNumber).first()).toBeVisible();
});
