/**
 * Whether what a page shows is in a language of the customer's catalogue (src/shared/i18n): each
 * visible text node, image text and accessible name must be one of that language's messages
 * (with any arguments filled in), or a number or an amount, or a name the page shows as it is
 * (the shop's, a basket item's, a language's own name). Anything else, English left behind
 * included, is reported.
 */
import type { Page } from '@playwright/test';
import type { LanguageCode } from '../../src/shared/i18n';
import { catalogueMatcher } from '../helpers/catalogue-match';

export { catalogueMatcher };

/** The visible texts of the page: text nodes, `alt`, `aria-label` and `title`. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true }) || el.closest('.sr-only') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript')) continue;
      if (shown(parent) && node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const el of Array.from(document.body.querySelectorAll('[alt], [aria-label], [title]')))
      if (shown(el))
        for (const name of ['alt', 'aria-label', 'title'])
          if (el.getAttribute(name)) texts.push(el.getAttribute(name)!);
    return texts;
  });
}

/** The texts on the page that are not in `lang`'s catalogue (nor numbers, nor `names`). */
export async function untranslated(
  page: Page,
  lang: LanguageCode,
  names: readonly string[] = [],
): Promise<string[]> {
  const known = catalogueMatcher(lang, names);
  return (await visibleTexts(page)).filter((text) => !known(text));
}
