// The named export: the default one does not type-check under the scripts' NodeNext resolution.
import { AxeBuilder } from '@axe-core/playwright';

import { expect, test } from '../../scripts/e2e/portal-test.js';
import { DEMO, listProducts, signInAs } from './support/portal.js';

// WCAG 2.x A and AA rules: the ones that can be serious or critical, at about half the time of all rules.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('catalogue, product, orders, settings and profile have no serious or critical axe violations', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, DEMO.provider);
  const [product] = await listProducts(page);
  const screens: { path: string; ready: string }[] = [
    { path: '/catalog', ready: 'Catalog' },
    { path: `/product/${product?.asin ?? ''}`, ready: product?.title ?? '' },
    { path: '/orders', ready: 'Orders' },
    { path: '/settings', ready: 'Settings' },
    { path: '/profile', ready: 'Profile' },
  ];
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.ready })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // A control just enabled fades to its colours (MUI's 250 ms transition): contrast is judged once it got there.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    );
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${screen.path}: ${violation.id} (${violation.nodes.map((node) => node.target).join(', ')})`);
    expect(blocking).toEqual([]);
  }
});
