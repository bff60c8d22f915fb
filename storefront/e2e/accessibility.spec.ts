import { readFileSync } from 'node:fs';

import type { Locator, Page } from '@playwright/test';

import { signUpThroughMail } from '../../scripts/e2e/mailbox.js';
import { expect, test } from '../../scripts/e2e/portal-test.js';
import {
  expectNoFindings,
  seriousAxeFindings,
  TAP_TARGET_TAGS,
  WCAG_TAGS,
  WIDTHS,
  type AxeFinding,
} from '../../scripts/e2e/axe.js';
import {
  addToCart,
  DEMO,
  listProducts,
  placeOrder,
  signInAs,
  signInAsNewDoctor,
  type CatalogueProduct,
} from './support/portal.js';
import { approveAsDemoAdmin } from './support/wards.js';

/** Who looks at a screen: each is one browser context per width. */
type Viewer = 'signed-out' | 'newcomer' | 'pending' | 'doctor' | 'nurse' | 'logistics' | 'admin';

/** What the screens need to know of the data: found or made once per viewer. */
interface Fixtures {
  product: CatalogueProduct;
  locationId: string;
}

interface Screen {
  /** The route as router.tsx mounts it: the cross-check below wants every route listed. */
  route: string;
  /** A name for the report; the path when omitted. */
  name?: string;
  viewer: Viewer;
  path: string | ((fixtures: Fixtures) => string);
  /** What shows once the screen has its data. */
  ready: (page: Page, fixtures: Fixtures) => Locator;
  /** A step that brings up the part under test (a drawer, a tab), then what shows when it is up. */
  open?: (page: Page) => Promise<void>;
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

/** Every storefront screen, once each, with a viewer who may open it (page-access.rules.ts). */
const SCREENS: Screen[] = [
  { route: '/login', viewer: 'signed-out', path: '/login', ready: h1('supply hub') },
  {
    route: '/login',
    name: '/login (Sign Up tab)',
    viewer: 'signed-out',
    path: '/login',
    ready: h1('supply hub'),
    open: async (page) => {
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    },
  },
  {
    route: '/confirm-sign-up',
    viewer: 'signed-out',
    path: '/confirm-sign-up',
    ready: (page) => page.getByRole('link', { name: 'Back to sign in' }),
  },
  { route: '/forgot-password', viewer: 'signed-out', path: '/forgot-password', ready: h1('Reset your password') },
  { route: '/reset-password', viewer: 'signed-out', path: '/reset-password', ready: h1('Choose a new password') },
  { route: '/demo/mailbox', viewer: 'signed-out', path: '/demo/mailbox', ready: h1('Demo mailbox') },
  { route: '/sso-doctor', viewer: 'signed-out', path: '/sso-doctor', ready: h1('SSO Doctor') },
  { route: '/saml-debug', viewer: 'signed-out', path: '/saml-debug', ready: h1('SAML Debug') },
  { route: '/onboarding', viewer: 'newcomer', path: '/onboarding', ready: h1('Complete Your Profile') },
  { route: '/pending-approval', viewer: 'pending', path: '/pending-approval', ready: h1('Pending Approval') },
  { route: '/catalog', viewer: 'doctor', path: '/catalog', ready: h1('Catalog') },
  {
    route: '/catalog',
    name: 'cart drawer',
    viewer: 'doctor',
    path: '/catalog',
    ready: h1('Catalog'),
    open: async (page) => {
      await page.getByRole('button', { name: /^Shopping cart, [1-9]/ }).click();
      await expect(page.getByRole('button', { name: 'Submit Order' })).toBeVisible();
    },
  },
  {
    route: '/product/:asin',
    viewer: 'doctor',
    path: ({ product }) => `/product/${product.asin}`,
    ready: (page, { product }) => page.getByRole('heading', { level: 1, name: product.title }),
  },
  { route: '/orders', viewer: 'doctor', path: '/orders', ready: h1('Orders') },
  { route: '/standing-orders', viewer: 'nurse', path: '/standing-orders', ready: h1('Standing orders') },
  { route: '/settings', viewer: 'doctor', path: '/settings', ready: h1('Settings') },
  { route: '/locations/*', viewer: 'nurse', path: '/locations', ready: h1('Count and top up') },
  {
    route: '/locations/*',
    name: 'count screen',
    viewer: 'nurse',
    path: ({ locationId }) => `/locations/${locationId}`,
    ready: (page) => page.getByRole('button', { name: 'Submit as order' }),
  },
  { route: '/profile', viewer: 'nurse', path: '/profile', ready: h1('Profile') },
  { route: '/receiving', viewer: 'logistics', path: '/receiving', ready: h1('Deliveries to receive') },
  {
    route: '/receiving',
    name: 'a delivery with its order history open',
    viewer: 'logistics',
    path: '/receiving',
    ready: (page) => page.getByRole('button', { name: 'Show history' }).first(),
    open: async (page) => {
      await page.getByRole('button', { name: 'Show history' }).first().click();
      await expect(page.getByRole('button', { name: 'Hide history' }).first()).toBeVisible();
    },
  },
  { route: '/production', viewer: 'admin', path: '/production', ready: h1('Production Settings') },
];

/** Routes that are no screen of their own: each redirects, or only shows progress while it signs in. */
const NOT_SCREENS: Record<string, string> = {
  '/auth': 'redirects to /login',
  '/auth/*': 'redirects to /login',
  '/auth/callback': 'a progress indicator while the sign-in completes, then a redirect',
  '/auth/saml/*': 'the same sign-in callback',
  '/saml/*': 'the same sign-in callback',
  '/app/*': 'the same sign-in callback',
  '/sso/*': 'the same sign-in callback',
  '/': 'redirects by role',
  '/dashboard': 'redirects by role',
  '*': 'redirects by role',
};

const pathsIn = (file: string) =>
  [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!);

test('every route of the storefront is a screen the axe checks visit, or a redirect said to be one', () => {
  const routes = new Set([...pathsIn('../src/app/router.tsx'), ...pathsIn('../src/app/page-access.rules.ts')]);
  const listed = new Set([...SCREENS.map((screen) => screen.route), ...Object.keys(NOT_SCREENS)]);
  expect(
    [...routes].filter((route) => !listed.has(route)),
    'routes with no entry in SCREENS',
  ).toEqual([]);
  expect(
    [...listed].filter((route) => !routes.has(route)),
    'entries for routes that no longer exist',
  ).toEqual([]);
});

/** Signs the viewer in (or not) and finds or makes what its screens show. */
async function prepare(page: Page, viewer: Viewer, baseURL: string): Promise<Fixtures> {
  const fixtures: Partial<Fixtures> = {};
  switch (viewer) {
    case 'signed-out':
      break;
    case 'newcomer':
      await signUpThroughMail(page.request, {
        first_name: 'Sasha',
        last_name: 'Reid',
        email: `a11y-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
        password: 'Quiet-Harbor-2026!',
      });
      break;
    case 'pending':
      await signInAs(page, DEMO_PENDING);
      break;
    case 'doctor': {
      // A doctor of its own: a cart with an item and an order of its own, touching nobody else's.
      await signInAsNewDoctor(page, baseURL);
      const [product] = await listProducts(page);
      fixtures.product = product!;
      await placeOrder(page, [{ asin: product!.asin, quantity: 1 }]);
      await addToCart(page, product!.asin, 2);
      break;
    }
    case 'nurse': {
      await signInAs(page, DEMO.nurse);
      const response = await page.request.get('/api/locations');
      expect(response.status()).toBe(200);
      const [location] = (await response.json()) as { id: string }[];
      fixtures.locationId = location!.id;
      break;
    }
    case 'logistics': {
      // A sent order of its own, so a delivery waits to be received whatever ran before.
      await signInAsNewDoctor(page, baseURL);
      const [product] = await listProducts(page);
      const order = await placeOrder(page, [{ asin: product!.asin, quantity: 1 }]);
      await approveAsDemoAdmin(baseURL, order.id);
      await signInAs(page, DEMO.logistics);
      break;
    }
    case 'admin':
      await signInAs(page, DEMO.admin);
      break;
  }
  return fixtures as Fixtures;
}

/** The demo account that signed up and onboarded but is not approved yet (seeds/demo-data.json). */
const DEMO_PENDING = 'pending@demo.supplyhub.test';

const VIEWERS = [...new Set(SCREENS.map((screen) => screen.viewer))];

for (const width of WIDTHS) {
  test.describe(`at ${width.viewport.width} px`, () => {
    const { name: _name, ...device } = width;
    test.use(device);
    // The phone also checks tap targets: fingers, not a mouse pointer.
    const tags = width.name === 'phone' ? [...WCAG_TAGS, ...TAP_TARGET_TAGS] : WCAG_TAGS;

    for (const viewer of VIEWERS) {
      test(`the ${viewer} screens have no serious or critical axe violations at ${width.viewport.width} px`, async ({
        page,
        baseURL,
      }) => {
        test.setTimeout(60_000);
        const fixtures = await prepare(page, viewer, baseURL ?? '');
        const findings: AxeFinding[] = [];
        for (const screen of SCREENS.filter((candidate) => candidate.viewer === viewer)) {
          const path = typeof screen.path === 'string' ? screen.path : screen.path(fixtures);
          await page.goto(path);
          await expect(screen.ready(page, fixtures)).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
          await expect(page.getByRole('progressbar')).toHaveCount(0);
          await screen.open?.(page);
          findings.push(...(await seriousAxeFindings(page, `${screen.name ?? path} (${width.name})`, tags)));
        }
        expectNoFindings(findings);
      });
    }
  });
}
