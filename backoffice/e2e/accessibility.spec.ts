import { readFileSync } from 'node:fs';

import type { APIRequestContext, Page } from '@playwright/test';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { expectNoFindings, seriousAxeFindings, WCAG_TAGS, WIDTHS, type AxeFinding } from '../../scripts/e2e/axe.js';
import { DEMO, isKnownReactAdminIssue, signInAsAdmin, uniqueTag, withApi } from './support/backoffice.js';

type View = 'list' | 'create' | 'edit' | 'show';

/** A resource view or a custom page, relative to /admin. `record` names the resource whose first row an edit or show opens. */
interface Screen {
  /** `orders:list` for a resource's view, the page's path for a custom page: the cross-check below wants each listed. */
  key: string;
  path: string;
  /** A note for the report when one route is visited in more than one state. */
  name?: string;
}

const view = (resource: string, kind: View, name?: string): Screen => ({
  key: `${resource}:${kind}`,
  path:
    kind === 'list'
      ? `/${resource}`
      : kind === 'create'
        ? `/${resource}/create`
        : `/${resource}/{id}${kind === 'show' ? '/show' : ''}`,
  name,
});
const page = (path: string, name?: string): Screen => ({ key: path.split('?')[0]!, path, name });

/** Every back-office screen: each resource's views (App.tsx) and each custom page (pages/index.ts). */
const SCREENS: Screen[] = [
  page('/dashboard'),
  view('orders', 'list'),
  view('approvals', 'list'),
  view('invoices', 'list'),
  view('budgets', 'list'),
  view('budgets', 'create'),
  view('budgets', 'edit'),
  view('budgets', 'show'),
  page('/reports'),
  page('/reports?tab=budget_vs_actual', 'budget vs actual'),
  page('/reports?tab=stat_orders', 'STAT orders'),
  page('/reports?tab=suppliers', 'supplier scorecard'),
  page('/expiring-stock'),
  view('departments', 'list'),
  view('departments', 'create'),
  view('departments', 'edit'),
  view('users', 'list'),
  view('users', 'create'),
  view('users', 'edit'),
  view('locations', 'list'),
  view('locations', 'create'),
  view('locations', 'edit'),
  view('standing-orders', 'list'),
  view('standing-orders', 'create'),
  view('standing-orders', 'edit'),
  page('/catalog'),
  page('/catalog-audit'),
  page('/recalls'),
  page('/settings'),
  page('/sso'),
  page('/sso?provider=new', 'new SSO provider'),
  page('/health'),
  page('/paapi-health'),
  page('/ab-health'),
  view('audit-events', 'list'),
  view('audit-events', 'show'),
  page('/qa-runner'),
  page('/debug'),
];

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/** The screens App.tsx mounts: each <Resource>'s views as its folder's index.ts declares them, and each custom page. */
function mountedScreens(): string[] {
  const app = source('../src/App.tsx');
  const pages = source('../src/pages/index.ts');
  // A page's path is a literal or a constant of the pages rules (the menu and the route gate read those).
  const paths = source('../src/layout/back-office-pages.rules.ts');
  const pathOf = (argument: string) =>
    argument.startsWith("'")
      ? argument.slice(1, -1)
      : (new RegExp(`export const ${argument} = '([^']+)'`).exec(paths)?.[1] ?? argument);
  const resources = [...app.matchAll(/<Resource name="([^"]+)" \{\.\.\.(\w+)\} \/>/g)].flatMap(([, name, binding]) => {
    const folder = new RegExp(`import \\{ ${binding} \\} from '\\./resources/([^']+)'`).exec(app)?.[1];
    const declaration = source(`../src/resources/${folder}/index.ts`);
    return (['list', 'create', 'edit', 'show'] as const)
      .filter((kind) => new RegExp(`^\\s+${kind}:`, 'm').test(declaration))
      .map((kind) => `${name}:${kind}`);
  });
  const customPages = [...app.matchAll(/<Route path=\{(\w+)\.path\}/g)].map(([, component]) => {
    const argument = new RegExp(`export const ${component} = lazyPage\\(('[^']+'|\\w+)`).exec(pages)?.[1];
    return argument ? pathOf(argument) : component!;
  });
  return [...resources, ...customPages];
}

test('every back-office resource view and custom page has an entry in the axe checks', () => {
  const mounted = mountedScreens();
  const listed = new Set(SCREENS.map((screen) => screen.key));
  expect(mounted.length).toBeGreaterThan(20);
  expect(
    mounted.filter((key) => !listed.has(key)),
    'screens with no entry in SCREENS',
  ).toEqual([]);
  expect(
    [...listed].filter((key) => !mounted.includes(key)),
    'entries for screens that no longer exist',
  ).toEqual([]);
});

/** The first record of a resource, for its edit and show views. */
async function firstId(admin: APIRequestContext, resource: string): Promise<string | undefined> {
  const response = await admin.get(`/api/admin/${resource}?range=${encodeURIComponent('[0,0]')}`);
  expect(response.status(), `GET /api/admin/${resource}`).toBe(200);
  return ((await response.json()) as { id: string }[])[0]?.id;
}

/** A record for each resource an edit or show opens; a budget and a standing order of the test's own if none exist. */
async function recordIds(baseURL: string): Promise<Record<string, string>> {
  return withApi(baseURL, DEMO.admin, async (admin) => {
    const ids: Record<string, string> = {};
    for (const resource of ['departments', 'users', 'locations', 'audit-events', 'budgets', 'standing-orders']) {
      const id = await firstId(admin, resource);
      if (id) ids[resource] = id;
    }
    if (!ids.budgets) {
      const tag = uniqueTag('A');
      const department = await admin.post('/api/admin/departments', { data: { code: tag, name: `Ward ${tag}` } });
      expect(department.status()).toBe(201);
      const { id: departmentId } = (await department.json()) as { id: string };
      const budget = await admin.post('/api/admin/budgets', {
        data: { department_id: departmentId, period: 'month', amount: '1000', policy: 'warn' },
      });
      expect(budget.status()).toBe(201);
      ids.budgets = ((await budget.json()) as { id: string }).id;
    }
    if (!ids['standing-orders']) {
      const products = (await (await admin.get('/api/products?per_page=1')).json()) as { data: { asin: string }[] };
      const requester = await admin.get(`/api/admin/locations/${ids.locations}/standing-order-requesters`);
      expect(requester.status()).toBe(200);
      const requesters = (await requester.json()) as { id: string }[] | { data: { id: string }[] };
      const [member] = Array.isArray(requesters) ? requesters : requesters.data;
      const created = await admin.post('/api/admin/standing-orders', {
        data: {
          name: `Weekly gauze ${uniqueTag('')}`,
          schedule: { kind: 'weekly', weekdays: [1] },
          start_date: '2030-01-07',
          end_date: null,
          lines: [{ asin: products.data[0]!.asin, quantity: 1 }],
          location_id: ids.locations,
          user_id: member!.id,
        },
      });
      expect(created.status()).toBe(201);
      ids['standing-orders'] = ((await created.json()) as { id: string }).id;
    }
    return ids;
  });
}

const CONTENT = ':is(h1, table, form, ul, .MuiCard-root)';

/** The screen drew content of its own (not the last screen's) and shows no progress any more. */
async function waitUntilDrawn(page: Page): Promise<void> {
  const content = page.locator('#main-content, main').first();
  await expect(content.locator(`${CONTENT}:not([data-a11y-seen])`).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/**
 * Opens an address as a click on a link would, without loading the app again (a full load of the
 * react-admin bundle costs about a second a screen here): the router follows popstate.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const current = new URL(page.url()).pathname;
  // The same page in another state (a tab) may keep its nodes: it is loaded afresh.
  if (!current.startsWith('/admin') || current === path.split('?')[0]) {
    await page.goto(path);
    return;
  }
  await page.evaluate(
    ({ target, content }) => {
      // What the last screen drew is marked, so that waitUntilDrawn waits for the next one's.
      document.querySelectorAll(content).forEach((element) => element.setAttribute('data-a11y-seen', ''));
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    { target: path, content: CONTENT },
  );
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

for (const width of WIDTHS) {
  test.describe(`at ${width.viewport.width} px`, () => {
    const { name: _name, ...device } = width;
    test.use(device);

    test(`every back-office screen has no serious or critical axe violations at ${width.viewport.width} px`, async ({
      page: browserPage,
      baseURL,
    }) => {
      // 36 screens, each drawn and analysed by axe: minutes on a shared 2-core machine.
      test.setTimeout(480_000);
      const ids = await recordIds(baseURL ?? '');
      await signInAsAdmin(browserPage);

      const findings: AxeFinding[] = [];
      for (const screen of SCREENS) {
        const resource = screen.key.split(':')[0]!;
        const path = `/admin${screen.path.replace('{id}', ids[resource] ?? '')}`;
        await openInApp(browserPage, path);
        await waitUntilDrawn(browserPage);
        findings.push(
          ...(await seriousAxeFindings(
            browserPage,
            `${screen.name ?? path} (${width.name})`,
            WCAG_TAGS,
            isKnownReactAdminIssue,
          )),
        );
      }
      expectNoFindings(findings);
    });
  });
}
