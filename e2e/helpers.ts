import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export { expect };
export type { Locator, Page };

export const DEMO = {
  operator: "operador@demo.co",
  agency: "agencia@demo.co",
  wholesale: "mayorista@demo.co",
  hotelAdmin: "hotel@demo.co",
  password: "demo1234",
};

export async function signIn(page: Page, email: string, password = DEMO.password) {
  await page.goto("/login");
  await page.getByLabel(/correo electrónico|email/i).fill(email);
  await page.getByLabel(/contraseña|password/i).fill(password);
  await page.getByRole("button", { name: /ingresar|sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The demo API keys the e2e server's seed wrote into its data folder. */
export function demoKeys(): { operator: string; retailer: string; wholesale: string; hotelAdmin: string } {
  const port = process.env.E2E_PORT ?? "3100";
  const dataDir = fs.readFileSync(path.join(os.tmpdir(), `hb-e2e-${port}.datadir`), "utf8");
  return JSON.parse(fs.readFileSync(path.join(dataDir, "secrets", "demo-api-keys.json"), "utf8"));
}

export const artifact = (name: string) => path.join("test-results", "screenshots", name);

const AXE_TAGS = ["wcag2a", "wcag2aa"];
const SERIOUS = new Set(["serious", "critical"]);
const axeRuns = new WeakMap<Page, Promise<void>>();

/**
 * The serious and critical axe-core violations (WCAG 2 A/AA) on the page as it is now, one line per rule and node.
 * Legacy mode runs axe in the page itself (no blank helper page opened in the context).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  // One analysis at a time per page: the automatic check after a navigation and a journey's own axe() (shoot)
  // would otherwise meet in the page ("Axe is already running").
  const previous = axeRuns.get(page) ?? Promise.resolve();
  const run = previous.then(() => new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze());
  axeRuns.set(page, run.then(() => undefined, () => undefined));
  const result = await run;
  return result.violations
    .filter((v) => SERIOUS.has(v.impact ?? ""))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}${n.failureSummary ? ` · ${n.failureSummary.split("\n").slice(1).join(" ").trim()}` : ""}`));
}

/**
 * axe-core on the page as it is now (WCAG 2 A/AA): fails on any serious or critical violation, naming the rule
 * and the nodes, so a contrast or label regression cannot slip into a journey.
 */
export async function axe(page: Page, name = page.url()) {
  const bad = await seriousViolations(page);
  // Soft: the journey goes on and every page's problems are reported together; the test still fails.
  expect.soft(bad.map((line) => `${name} · ${line}`), `axe serious/critical violations on ${name}`).toEqual([]);
}

/** Finite CSS animations and transitions (a dialog fading in, a hover colour) finish before contrast is measured. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
  );
}

/**
 * What a page must not have: serious or critical axe violations, and on a phone (up to 480 px) a document wider than
 * the screen (agents and guests work from their phones).
 */
async function inspect(page: Page): Promise<string[]> {
  const found = await seriousViolations(page);
  const vp = page.viewportSize();
  if (vp && vp.width <= 480) {
    const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (wider > 0) found.push(`horizontal overflow: the page is ${wider} px wider than the ${vp.width} px phone`);
  }
  return found;
}

const withTimeout = <T,>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`axe: no answer in ${ms} ms`)), ms))]);

/**
 * Watches every page a test opens (the `page` fixture's context and any context made with `browser.newContext`):
 * after each main-frame navigation (a full load or a client-side route change) it runs axe once the page is at rest,
 * and at the end of the test (or before a page or context is closed) it checks the final state of each page.
 *
 * A navigation racing an analysis is not a failure: the analysis of the page being left is dropped (the URL changed,
 * the context was destroyed). A violation found mid-journey only counts if a second analysis of the same page, once
 * settled again, finds it too (a half-faded dialog or a row dimmed while it reloads is not a page's colour). The
 * final-state check is strict: it retries a navigation race, and reports a page axe could not analyse.
 */
class A11yWatch {
  private readonly findings = new Map<string, Set<string>>();
  private readonly seen = new Set<string>();
  private readonly pages = new Set<Page>();
  private readonly runs = new Map<Page, { running: Promise<void> | null; again: boolean }>();
  private readonly finalChecked = new WeakSet<Page>();
  /** Pages showing HTML the test wrote with setContent (not the product's): skipped until they navigate again. */
  private readonly authored = new Map<Page, "writing" | "written">();
  /** Bumped on every navigation and setContent: an analysis that saw the number change is of no one page. */
  private readonly generation = new Map<Page, number>();
  private bump(page: Page) {
    this.generation.set(page, (this.generation.get(page) ?? 0) + 1);
  }
  private same(page: Page, gen: number, url: string) {
    return !page.isClosed() && this.generation.get(page) === gen && page.url() === url && !this.authored.has(page);
  }
  analysed = 0;
  dropped = 0;

  constructor(private readonly testInfo: TestInfo) {}

  watchContext(context: BrowserContext) {
    for (const p of context.pages()) this.watchPage(p);
    context.on("page", (p) => this.watchPage(p));
    const close = context.close.bind(context);
    context.close = async (options) => {
      for (const p of context.pages()) await this.finalCheck(p);
      return close(options);
    };
  }

  private watchPage(page: Page) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      this.bump(page);
      const authored = this.authored.get(page);
      if (authored === "writing") return;
      if (authored === "written") this.authored.delete(page);
      this.schedule(page);
    });
    const setContent = page.setContent.bind(page);
    page.setContent = async (html, options) => {
      this.authored.set(page, "writing");
      this.bump(page);
      await setContent(html, options);
      this.authored.set(page, "written");
    };
    page.on("close", () => this.pages.delete(page));
    const close = page.close.bind(page);
    page.close = async (options) => {
      await this.finalCheck(page);
      return close(options);
    };
  }

  private where(page: Page, url = page.url()) {
    const vp = page.viewportSize();
    return `${url.replace(/^https?:\/\/[^/]+/, "")}${vp ? ` (${vp.width}x${vp.height})` : ""}`;
  }

  private record(where: string, lines: string[]) {
    const set = this.findings.get(where) ?? new Set<string>();
    for (const l of lines) set.add(l);
    this.findings.set(where, set);
  }

  /** One analysis at a time per page; navigations during one ask for one more afterwards. */
  private schedule(page: Page) {
    let state = this.runs.get(page);
    if (!state) this.runs.set(page, (state = { running: null, again: false }));
    if (state.running) {
      state.again = true;
      return;
    }
    const s = state;
    s.running = (async () => {
      do {
        s.again = false;
        await this.quietCheck(page);
      } while (s.again && !page.isClosed());
      s.running = null;
    })();
  }

  private async quietCheck(page: Page) {
    try {
      await page.waitForLoadState("load", { timeout: 20_000 });
      const url = page.url();
      if (!/^https?:/.test(url) || this.authored.has(page)) return;
      const where = this.where(page, url);
      if (this.seen.has(where)) return;
      const gen = this.generation.get(page) ?? 0;
      await settle(page);
      const first = await withTimeout(inspect(page), 30_000);
      if (!this.same(page, gen, url)) return void this.dropped++;
      this.analysed++;
      if (first.length) {
        await settle(page);
        const again = new Set(await withTimeout(inspect(page), 30_000));
        if (!this.same(page, gen, url)) return void this.dropped++;
        const confirmed = first.filter((l) => again.has(l));
        if (confirmed.length) this.record(where, confirmed);
      }
      this.seen.add(where);
    } catch {
      // The page navigated, closed or reloaded under the analysis: its successor gets its own.
      this.dropped++;
    }
  }

  /** The page as the test leaves it: analysed for sure (a racing navigation is retried). */
  async finalCheck(page: Page) {
    if (page.isClosed() || this.finalChecked.has(page)) return;
    this.finalChecked.add(page);
    await this.runs.get(page)?.running;
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await page.waitForLoadState("load", { timeout: 20_000 });
        const url = page.url();
        if (!/^https?:/.test(url) || this.authored.has(page)) return;
        const gen = this.generation.get(page) ?? 0;
        await settle(page);
        const first = await withTimeout(inspect(page), 30_000);
        if (!this.same(page, gen, url)) continue;
        this.analysed++;
        if (first.length) {
          await settle(page);
          const again = new Set(await withTimeout(inspect(page), 30_000));
          if (!this.same(page, gen, url)) continue;
          const confirmed = first.filter((l) => again.has(l));
          if (confirmed.length) this.record(this.where(page, url), confirmed);
        }
        return;
      } catch (e) {
        lastError = e;
        if (page.isClosed()) return;
      }
    }
    this.record(this.where(page), [`axe could not analyse the page: ${String(lastError ?? "it kept navigating")}`]);
  }

  async finish() {
    for (const state of this.runs.values()) await state.running;
    if (this.testInfo.status === this.testInfo.expectedStatus) for (const p of [...this.pages]) await this.finalCheck(p);
    this.testInfo.annotations.push({ type: "axe", description: `${this.analysed} analyses, ${this.dropped} dropped by a navigation` });
    if (this.findings.size === 0) return;
    const report = [...this.findings].map(([where, lines]) => `${where}\n${[...lines].map((l) => `  - ${l}`).join("\n")}`).join("\n");
    throw new Error(`axe-core: serious or critical accessibility violations on pages this test visited\n${report}`);
  }
}

/**
 * The journeys' `test`: every page a test visits is checked with axe-core (see A11yWatch); a serious or critical
 * violation fails the test with the URL and the nodes. Every spec imports `test` and `expect` from here.
 */
export const test = base.extend<{ a11yWatch: A11yWatch }>({
  a11yWatch: [
    async ({ browser, context }, provide, testInfo) => {
      const watch = new A11yWatch(testInfo);
      watch.watchContext(context);
      const b = browser as Browser;
      // browser.newPage() goes through newContext() too.
      const newContext = b.newContext.bind(b);
      b.newContext = async (options) => {
        const c = await newContext(options);
        watch.watchContext(c);
        return c;
      };
      try {
        await provide(watch);
      } finally {
        b.newContext = newContext;
      }
      await watch.finish();
    },
    { auto: true },
  ],
});

/**
 * A confirmation is the portal's one dialog (issue 15, 6): modal, centred in the viewport (not in the top-left corner
 * over the sidebar), focus on its safe button and never behind it, Escape closes it and gives the focus back.
 */
export async function expectCentredDialog(page: Page, dialog: Locator, opts: { escape?: boolean } = {}) {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // Focus starts on the safe choice (the first button), so Enter never confirms by accident.
  expect(await dialog.evaluate((d) => document.activeElement === d.querySelector("button"))).toBe(true);
  // The page behind is inert: Tab never reaches an element outside the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body), "focus stays in the dialog").toBe(true);
  }
  await dialog.locator("button").first().focus();
  const box = (await dialog.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - vp.width / 2), "dialog centred horizontally").toBeLessThan(8);
  expect(Math.abs(box.y + box.height / 2 - vp.height / 2), "dialog centred vertically").toBeLessThan(8);
  if (opts.escape) {
    // A closed dialog has no role any more: keep its element to ask where the focus went.
    const element = await dialog.elementHandle();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The focus goes back to the page (the control that opened the dialog), never lost on <body>.
    await expect
      .poll(() => page.evaluate((d) => document.activeElement !== null && document.activeElement !== document.body && !d!.contains(document.activeElement), element), { message: "focus returned to the page on close" })
      .toBe(true);
  }
}

/** How much wider than the viewport the document is (0 when nothing overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Screenshots of the page at desktop (1366x900) and phone (390x844) size, full page, into
 * test-results/screenshots/<name>-desktop.png and -phone.png; at each size it asserts there is no horizontal
 * overflow and runs axe. The viewport is put back as it was.
 */
export async function shoot(page: Page, name: string, opts: { axe?: boolean } = {}) {
  const before = page.viewportSize();
  for (const [size, vp] of [
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(150);
    await page.screenshot({ path: artifact(`${name}-${size}.png`), fullPage: true });
    expect.soft(await horizontalOverflow(page), `${name} overflows sideways at ${size} (${vp.width} px)`).toBeLessThanOrEqual(0);
    if (opts.axe !== false) await axe(page, `${name} (${size})`);
  }
  if (before) await page.setViewportSize(before);
}
