import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a screen (issue 16: no serious or critical violation on any screen). */
const FAILING = new Set(['serious', 'critical']);

/**
 * Run axe on what the page shows now and return its serious and critical violations, one readable
 * block each: screen, rule, impact, what is wrong and where (at most five elements per rule, each
 * with its selector and axe's own explanation, e.g. the contrast ratio it measured).
 */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  // A toast on screen is checked as it stands, not half faded out: the pointer over it pauses its
  // timer (as for a person reading it) while axe runs; one that leaves before the pointer gets there
  // is simply gone. (A toast whose 4 s ran out during the analysis was once measured mid-fade.)
  const toast = page.locator('[data-sonner-toast]').first();
  if ((await toast.count()) > 0) await toast.hover({ timeout: 2000 }).catch(() => undefined);
  // Let finite animations and transitions (screens sliding in, fades) end, so contrast is measured
  // on the settled colours; endless ones (a pulsing live dot, a spinner) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((n) => {
        const why = (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
        return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 160)}\n      ${why}`;
      });
      const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
      return [`[${screen}] ${v.id} (${v.impact}): ${v.help}`, ...nodes, ...more].join('\n');
    });
}
