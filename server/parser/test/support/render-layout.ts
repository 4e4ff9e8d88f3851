/**
 * Rendering in a real browser, for the formatter's proof: Debian's
 * `chromium` (scripts/ensure-chromium.sh) driven by `puppeteer-core`,
 * scripting off, no network: the page is served from memory at a fixed URL,
 * every other request (style sheets, images, fonts) is refused, so only the
 * page's own markup renders. The layout is read as
 * - every element's border box (getBoundingClientRect), in tree order;
 * - every text node's line boxes (a Range's getClientRects), for the text
 *   nodes with something other than white space, in tree order;
 * - the document's scroll size and `body.innerText`.
 * Two renderings of the same page, before and after formatting, must give
 * the same lists (positions rounded to 1/100 px).
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chromiumPath } from './browser';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const NodeFilter: any;

/** The page function: the layout as lines of text. */
function readLayout(): string[] {
  const out: string[] = [];
  const r = (n: number) => Math.round(n * 100) / 100;
  const box = (b: any) => `${r(b.x)},${r(b.y)},${r(b.width)},${r(b.height)}`;
  const root = document.documentElement;
  out.push(`scroll ${root.scrollWidth}x${root.scrollHeight}`);
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.nodeType === 1) {
      out.push(`<${node.localName}> ${box(node.getBoundingClientRect())}`);
    } else if (/[^ \t\n\r\f]/.test(node.data)) {
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects() as ArrayLike<any>).map(box);
      out.push(`"${node.data.trim().slice(0, 20)}" ${rects.join(' ')}`);
    }
  }
  out.push(`innerText ${document.body === null ? '' : document.body.innerText}`);
  return out;
}

const PAGE_URL = 'http://tagtree.invalid/page.html';

export class LayoutReader {
  private browser: Browser | null = null;
  private page: Page | null = null;
  private body = '';
  version = '';

  private async open(): Promise<Page> {
    if (this.page !== null) return this.page;
    const args = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'];
    this.browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args, protocolTimeout: 600_000 });
    this.version = await this.browser.version();
    const page = await this.browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url() === PAGE_URL) void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: this.body });
      else void request.abort();
    });
    this.page = page;
    return page;
  }

  /** The layout of `html` (UTF-8) as lines; throws when the page does not load in `timeoutMs`. */
  async layout(html: string, timeoutMs = 120_000): Promise<string[]> {
    const page = await this.open();
    this.body = html;
    await page.goto('about:blank');
    await page.goto(PAGE_URL, { waitUntil: 'load', timeout: timeoutMs });
    return (await page.evaluate(readLayout)) as string[];
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.page = null;
    if (browser !== null) await browser.close();
  }
}

/** The first line where two layouts differ, with its neighbours; null when they are equal. */
export function layoutDifference(a: string[], b: string[]): string | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return `line ${i}: before ${JSON.stringify(a[i]?.slice(0, 200))}, after ${JSON.stringify(b[i]?.slice(0, 200))} (of ${a.length} and ${b.length} lines)`;
  }
  return null;
}
