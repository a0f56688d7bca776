/**
 * One layout check for every screen a person meets (dashboard, console, customer display, the
 * hosted pages, receipts), at a phone's, a tablet's and a desktop's width: the page never scrolls
 * sideways, no word breaks letter by letter in a squeezed column, no button in a table row wraps,
 * and axe-core finds nothing serious. The screenshot is attached to the test's results.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const WIDTHS = [390, 768, 1280] as const;

/** What the common checks measure in the page, all at once. */
export interface CommonMeasures {
  pageWidth: number;
  viewport: number;
  /** Single words (of a label or a heading) drawn on more than one line. */
  brokenWords: string[];
  /** Buttons in table rows whose text runs onto a second line. */
  wrappedButtons: string[];
}

function measureCommon(): CommonMeasures {
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // Taller than one line of its own text: one line is one line-height tall, two are twice that.
  const onSeveralLines = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const style = getComputedStyle(el);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return range.getBoundingClientRect().height > lineHeight * 1.5;
  };
  const brokenWords = Array.from(document.body.querySelectorAll('*'))
    .filter((el) => el.children.length === 0 && visible(el))
    .filter((el) => {
      const text = (el.textContent ?? '').trim();
      // An id or a URL may wrap by design; a word (a label, a heading) must not.
      return /^[\p{L}'’.:,-]{2,24}$/u.test(text) && onSeveralLines(el);
    })
    .map((el) => (el.textContent ?? '').trim());
  const wrappedButtons = Array.from(document.querySelectorAll('tbody button'))
    .filter(visible)
    .filter(onSeveralLines)
    .map((button) => `${button.getAttribute('aria-label') ?? button.textContent}`);
  return {
    pageWidth: document.scrollingElement!.scrollWidth,
    viewport: window.innerWidth,
    brokenWords,
    wrappedButtons,
  };
}

/**
 * Attaches `page`'s screenshot as "`what` at `width`px" and fails, naming what is wrong, when the
 * page scrolls sideways, a word breaks letter by letter, a table row's button wraps, or axe-core
 * finds a serious or critical violation.
 */
export async function checkCommonLayout(page: Page, what: string, width: number): Promise<void> {
  const name = `${what} at ${width}px`;
  await test.info().attach(`${name}.png`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  const m = await page.evaluate(measureCommon);
  expect(m.pageWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(m.viewport);
  expect(m.brokenWords, `${name}: words broken across lines`).toEqual([]);
  expect(m.wrappedButtons, `${name}: buttons wrapped in table rows`).toEqual([]);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Runs `check` at each width of WIDTHS, resizing the page (its height as a device's would be). */
export async function atEachWidth(
  page: Page,
  check: (width: number) => Promise<void>,
): Promise<void> {
  const heights: Record<number, number> = { 390: 844, 768: 1024, 1280: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heights[width] ?? 800 });
    await check(width);
  }
}
