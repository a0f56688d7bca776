/**
 * The customer display's Chinese is drawn with real glyphs, not boxes: a machine without a CJK
 * font (Debian's fonts-noto-cjk, named in the display's font stack) draws every Chinese character
 * as the same empty box, and this fails saying so. Counter runs as `npm start` does.
 */
import { expect, test, type Page } from '@playwright/test';
import { displaySetup } from './display-harness';
import { displayRoot } from './kiosk-harness';

test.describe.configure({ mode: 'serial' });

const { launch, open } = displaySetup();

/**
 * Draws each character of `text` alone on a canvas in `el`'s own font, and answers how many
 * different pictures they make and how many of them are blank. A font that lacks the characters
 * draws each as the same box (one picture for all), whatever they are.
 */
function glyphPictures(el: Element, text: string) {
  const style = getComputedStyle(el);
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.font = `48px ${style.fontFamily}`;
  ctx.textBaseline = 'top';
  const pictures = new Set<string>();
  let blank = 0;
  for (const char of new Set(Array.from(text))) {
    ctx.clearRect(0, 0, 64, 64);
    ctx.fillText(char, 4, 4);
    const alpha = Array.from(ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3));
    if (alpha.every((a) => a === 0)) blank++;
    pictures.add(alpha.join(','));
  }
  return { characters: new Set(Array.from(text)).size, pictures: pictures.size, blank };
}

async function expectRealGlyphs(page: Page, selector: string) {
  const element = page.locator(selector).first();
  const text = (await element.innerText()).replace(/[\s\p{P}\p{N}£]/gu, '');
  expect(text, `${selector} is in Chinese`).toMatch(/^\p{Script=Han}{3,}$/u);
  const drawn = await element.evaluate(glyphPictures, text);
  expect(
    drawn,
    `"${text}" is drawn with ${drawn.pictures} different picture(s) for ${drawn.characters} characters: ` +
      'the machine has no CJK font (install Debian’s fonts-noto-cjk)',
  ).toEqual({ characters: drawn.characters, pictures: drawn.characters, blank: 0 });
}

test('Chinese on the display is drawn with real glyphs, each character its own', async ({
  browser,
}) => {
  const kiosk = await launch();
  const display = await open(browser, kiosk.displayUrl, 1280, 800);
  await expect(displayRoot(display)).toHaveAttribute('data-payment-state', 'idle');
  await display.getByTestId('display-language').click();
  await display.locator('[data-language="zh-Hans"]').click();
  await expect(display.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expectRealGlyphs(display, '.idle__line');
  await expectRealGlyphs(display, '[data-testid="toggle-high-contrast"] .display-access__label');
  await display.screenshot({ path: '/tmp/h11-display-zh.png' });
});
