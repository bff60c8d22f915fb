// Lighthouse performance and accessibility of one page, in Debian's Chromium, with a session cookie.
// Simulated throttling (Lighthouse's default): the figures depend little on how busy the machine is.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function auditValue(lhr, id) {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** Audits of a category that scored below 1 (weight > 0): what to fix first. */
function shortfalls(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }));
}

/** One Lighthouse run in a Chromium of its own; the report (lhr), which may carry a runtimeError. */
async function lighthouseOnce(url, { cookie, formFactor }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Runs Lighthouse (performance + accessibility) on `url`. `cookie` ("name=value") is sent with
 * every request; `formFactor` is 'mobile' (Lighthouse's default config) or 'desktop' (its desktop
 * config). Resolves to the two scores ×100 and FCP, LCP and TBT in ms, CLS unitless. A run whose
 * trace failed (NO_NAVSTART and the like, seen on a busy machine) is tried once more.
 */
export async function runLighthouse(url, { cookie, formFactor = 'mobile' } = {}) {
  let lhr = await lighthouseOnce(url, { cookie, formFactor });
  if (lhr.runtimeError) lhr = await lighthouseOnce(url, { cookie, formFactor });
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) {
    // A redirect (to /login, say) would score the wrong page.
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
  }
  return {
    formFactor,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcpMs: auditValue(lhr, 'first-contentful-paint'),
    lcpMs: auditValue(lhr, 'largest-contentful-paint'),
    tbtMs: auditValue(lhr, 'total-blocking-time'),
    cls: auditValue(lhr, 'cumulative-layout-shift'),
    shortfalls: { performance: shortfalls(lhr, 'performance'), accessibility: shortfalls(lhr, 'accessibility') },
  };
}

/** "FCP 1.2 s · LCP 2.0 s · TBT 40 ms · CLS 0.001" */
export function formatLighthouseMetrics(result) {
  return [
    `FCP ${(result.fcpMs / 1000).toFixed(1)} s`,
    `LCP ${(result.lcpMs / 1000).toFixed(1)} s`,
    `TBT ${result.tbtMs.toFixed(0)} ms`,
    `CLS ${result.cls.toFixed(3)}`,
  ].join(' · ');
}

/** The audits that cost points, one a line, so a FAIL says where to look ('' when none). */
export function formatLighthouseShortfalls(result) {
  const lines = Object.entries(result.shortfalls).flatMap(([category, audits]) =>
    audits.map((audit) => `  ${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
  );
  return lines.length === 0 ? '' : `\nLighthouse audits below full marks:\n${lines.join('\n')}\n`;
}

/** The three table rows of a Lighthouse result: performance and accessibility against their targets, the metrics. */
export function lighthouseRows(result, { formFactor, page, performanceTarget, accessibilityTarget }) {
  return [
    {
      name: `Lighthouse ${formFactor} performance, ${page}`,
      value: String(result.performance),
      target: `≥ ${performanceTarget}`,
      pass: result.performance >= performanceTarget,
    },
    {
      name: `Lighthouse ${formFactor} accessibility, ${page}`,
      value: String(result.accessibility),
      target: `≥ ${accessibilityTarget}`,
      pass: result.accessibility >= accessibilityTarget,
    },
    { name: `Lighthouse ${formFactor} metrics, ${page}`, value: formatLighthouseMetrics(result) },
  ];
}
