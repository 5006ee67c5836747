import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, PHONE } from "./browser";

/**
 * Texts a /hi page shows that are English interface words (issue 37: "no English interface string
 * on a /hi page"). Every visible text node is read, except inside an element marked `lang="en"`
 * (what staff wrote: posts, courses, company details) or `translate="no"` (names, e-mail
 * addresses and other values a family typed or the school's data). What is left must be
 * Devanagari, or on the short allow-list below: the brand, the other language's own name in the
 * switch, numbers, amounts, e-mail addresses and links, the grade letters parents use as is, and
 * the services families name as they are ("How did you hear about us?": YouTube, WhatsApp).
 */
const ALLOWED = [
  /^Zipat( Online)?( School)?$/,
  /^English$/,
  /^[\d\s.,:/₹%()+–—-]+$/,
  /^\S+@\S+\.\S+$/,
  /^https?:\/\//,
  /^(LKG|UKG|KG)$/,
  /^(YouTube|WhatsApp)$/,
  /^©$/,
];

/** The English interface strings shown on the page (an empty list passes). */
export async function englishTextsOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element) continue;
      if (element.closest('[lang="en"], [translate="no"], script, style, noscript, svg, template')) continue;
      const style = getComputedStyle(element);
      const hidden = style.display === "none" || style.visibility === "hidden";
      // Read by screen readers though not drawn (sr-only): still the page's interface.
      if (hidden && !element.closest(".sr-only")) continue;
      const text = node.textContent?.trim();
      if (text && /[A-Za-z]/.test(text)) found.push(text);
    }
    for (const element of Array.from(
      document.body.querySelectorAll("[aria-label], [placeholder], [title], [alt]"),
    )) {
      if (element.closest('[lang="en"], [translate="no"]')) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value && /[A-Za-z]/.test(value)) found.push(value);
      }
    }
    return found;
  });
  return texts
    .map((text) => text.replace(/\s+/g, " "))
    .filter((text) => {
      // A Hindi sentence may carry a Latin word (the brand, an e-mail address): it is Hindi.
      if (/[\u0900-\u097F]{2,}/.test(text)) return false;
      return !ALLOWED.some((allowed) => allowed.test(text));
    });
}

/** Nothing wider than the screen, on a phone and on a desktop (Devanagari runs longer than English). */
export async function expectNoOverflow(page: Page): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `page width at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
  }
  await page.setViewportSize(original);
}
