/**
 * Chromium as an oracle: Debian's `chromium` (installed when missing by
 * scripts/ensure-chromium.sh) driven by `puppeteer-core`, a dev dependency
 * that downloads no browser. Each input is parsed with
 * `new DOMParser().parseFromString(input, 'text/html')` (scripting disabled,
 * no shadow roots attached) and dumped in the html5lib tree format by page
 * code written here, so that it compares with our `toTestTree`.
 *
 * Chromium can fail to finish a parse (see browser-differential.test.ts):
 * a batch that times out is retried one input at a time in a new browser,
 * and an input that times out alone gets `null`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { REPO_ROOT } from './shared-data';

// The page's globals (the test project has no DOM library types).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const DOMParser: any;
type PageNode = any;

/**
 * The page function: parses each input and dumps its document (html5lib
 * format, iterative). It runs in the page, so it imports nothing: its walk
 * repeats the shape of `toTestTree` and of the parse5 dump on purpose.
 */
function dumpAll(inputs: string[], context: string | null): string[] {
  const Node = { ELEMENT_NODE: 1, TEXT_NODE: 3, PROCESSING_INSTRUCTION_NODE: 7, COMMENT_NODE: 8, DOCUMENT_TYPE_NODE: 10 };
  const NS: Record<string, string> = { 'http://www.w3.org/2000/svg': 'svg ', 'http://www.w3.org/1998/Math/MathML': 'math ' };
  const ATTRIBUTE_NS: Record<string, string> = {
    'http://www.w3.org/1999/xlink': 'xlink ',
    'http://www.w3.org/XML/1998/namespace': 'xml ',
    'http://www.w3.org/2000/xmlns/': 'xmlns ',
  };
  const HTML = 'http://www.w3.org/1999/xhtml';
  const dump = (doc: PageNode): string => {
    const lines: string[] = [];
    const work: [PageNode | string, number][] = [];
    for (let i = doc.childNodes.length - 1; i >= 0; i--) work.push([doc.childNodes[i], 0]);
    while (work.length > 0) {
      const [node, depth] = work.pop()!;
      const indent = '| ' + '  '.repeat(depth);
      if (typeof node === 'string') {
        lines.push(indent + node);
        continue;
      }
      switch (node.nodeType) {
        case Node.DOCUMENT_TYPE_NODE: {
          const d = node;
          lines.push(d.publicId !== '' || d.systemId !== '' ? `${indent}<!DOCTYPE ${d.name} "${d.publicId}" "${d.systemId}">` : `${indent}<!DOCTYPE ${d.name}>`);
          break;
        }
        case Node.COMMENT_NODE:
          lines.push(`${indent}<!-- ${node.data} -->`);
          break;
        case Node.TEXT_NODE:
          lines.push(`${indent}"${node.data}"`);
          break;
        case Node.PROCESSING_INSTRUCTION_NODE: {
          const pi = node;
          lines.push(`${indent}<?${pi.target} ${pi.data}?>`);
          break;
        }
        case Node.ELEMENT_NODE: {
          const e = node;
          const ns = e.namespaceURI === HTML ? '' : (NS[e.namespaceURI ?? ''] ?? `${e.namespaceURI} `);
          lines.push(`${indent}<${ns}${e.localName}>`);
          const attributes: [string, string][] = [];
          for (const a of Array.from(e.attributes) as PageNode[]) {
            const name = a.namespaceURI === null ? a.name : `${ATTRIBUTE_NS[a.namespaceURI] ?? a.namespaceURI + ' '}${a.localName}`;
            attributes.push([name, a.value]);
          }
          attributes.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
          for (const [name, value] of attributes) lines.push(`${'| ' + '  '.repeat(depth + 1)}${name}="${value}"`);
          for (let i = e.childNodes.length - 1; i >= 0; i--) work.push([e.childNodes[i], depth + 1]);
          if (e.namespaceURI === HTML && e.localName === 'template') {
            const content = e.content.childNodes;
            for (let i = content.length - 1; i >= 0; i--) work.push([content[i], depth + 2]);
            work.push(['content', depth + 1]);
          }
          break;
        }
      }
    }
    return lines.join('\n');
  };
  if (context !== null) {
    // The fragment parsing algorithm through innerHTML (the page has scripting on); a template's goes to its contents.
    return inputs.map((input: string) => {
      const element = (globalThis as any).document.createElement(context);
      element.innerHTML = input;
      return dump(context === 'template' ? element.content : element);
    });
  }
  const parser = new DOMParser();
  return inputs.map((input: string) => dump(parser.parseFromString(input, 'text/html')));
}

/** The chromium binary: TAGTREE_CHROMIUM, or Debian's (installed by scripts/ensure-chromium.sh when missing). */
export function chromiumPath(): string {
  const fromEnv = process.env.TAGTREE_CHROMIUM;
  if (fromEnv) return fromEnv;
  execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-chromium.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(candidate)) return candidate;
  return execFileSync('bash', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
}

export class BrowserParser {
  private browser: Browser | null = null;
  private page: Page | null = null;
  /** Chromium's version string, once launched. */
  version = '';
  /** How many inputs Chromium did not finish parsing (each cost a new browser). */
  timeouts = 0;
  private readonly executablePath = chromiumPath();

  private async open(): Promise<Page> {
    if (this.page !== null) return this.page;
    const args = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
    this.browser = await puppeteer.launch({ executablePath: this.executablePath, headless: true, args, protocolTimeout: 600_000 });
    this.version = await this.browser.version();
    this.page = await this.browser.newPage();
    return this.page;
  }

  private async kill(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.page = null;
    if (browser === null) return;
    const process = browser.process();
    try {
      await Promise.race([browser.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    } catch {
      // A renderer stuck in a parse may not answer; the process is killed below.
    }
    process?.kill('SIGKILL');
  }

  /** Chromium's tree dump of each input; null for an input it did not finish parsing within `timeoutMs`. */
  async trees(inputs: readonly string[], timeoutMs = 60_000): Promise<(string | null)[]> {
    const page = await this.open();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    const evaluation = page.evaluate(dumpAll, inputs as string[], null);
    evaluation.catch(() => undefined); // A killed browser rejects it; the timeout has answered by then.
    const result = await Promise.race([evaluation, timeout]);
    clearTimeout(timer);
    if (result !== null) return result;
    await this.kill();
    if (inputs.length === 1) {
      this.timeouts++;
      return [null];
    }
    // One at a time, each in a browser of its own if the previous one hung.
    const out: (string | null)[] = [];
    for (const input of inputs) out.push((await this.trees([input], 5000))[0]);
    await this.kill();
    return out;
  }

  /**
   * Chromium's dump of each input parsed as the contents of a new `context`
   * element (HTML namespace) through `innerHTML`: the fragment parsing
   * algorithm, with scripting on. No timeout handling: for short probes only.
   */
  async fragmentTrees(inputs: readonly string[], context: string): Promise<string[]> {
    const page = await this.open();
    return page.evaluate(dumpAll, inputs as string[], context);
  }

  async close(): Promise<void> {
    await this.kill();
  }
}
