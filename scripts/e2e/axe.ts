import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the rules that can report serious or critical violations. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.2 AA adds target-size: every link and button at least 24 × 24 px, or spaced as if it were. */
export const TAP_TARGET_TAGS = ['wcag22aa'];

/** The two widths every screen is checked at: a phone and a laptop. */
export const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

/**
 * A control just enabled fades to its colours (MUI's 250 ms transition), and a dialog slides in:
 * contrast and overlap are judged once they got there. Endless animations (spinners) do not count.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * Transitions off while axe reads the page: a button enabled while axe runs (a list that finished
 * loading) would otherwise be judged halfway through its colour fade, a contrast no user sees for
 * longer than 250 ms.
 */
const WITHOUT_TRANSITIONS = '*, *::before, *::after { transition: none !important; }';

/** One line per offending node: what a failing run prints. */
export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Axe on the page as it is: its serious and critical findings, labelled with the screen's name.
 * `isKnownIssue` sets aside a third-party widget's finding the app cannot fix, said where it is defined.
 */
export async function seriousAxeFindings(
  page: Page,
  screen: string,
  tags: readonly string[],
  isKnownIssue: (rule: string, target: string) => boolean = () => false,
): Promise<AxeFinding[]> {
  await page.addStyleTag({ content: WITHOUT_TRANSITIONS });
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        screen,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.join(' '),
        summary: (node.failureSummary ?? violation.help).split('\n').slice(0, 2).join(' '),
      })),
    )
    .filter((finding) => !isKnownIssue(finding.rule, finding.target));
}

/** Fails with one readable line per finding: screen, rule, target and what axe says is wrong. */
export function expectNoFindings(findings: readonly AxeFinding[]): void {
  const lines = findings.map(
    (finding) => `${finding.screen}: ${finding.rule} (${finding.impact}) at ${finding.target} — ${finding.summary}`,
  );
  expect(lines, `serious or critical accessibility violations:\n${lines.join('\n')}`).toEqual([]);
}
