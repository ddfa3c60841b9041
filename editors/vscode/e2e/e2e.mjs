// Drives VS Code (code-server) in headless Chromium: the faulty example must show the compiler's
// error as a squiggle and in Problems, the lane hover on pl.matmul, a quick fix that clears the error,
// and lane inlay hints after it; in the nav_pkg package, completion after `pl.`, signature help in
// `pl.matmul(` and go-to-definition of a helper defined in another module. Usage: node e2e.mjs URL SCREENSHOT_DIR
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { URL } from "node:url";

import { chromium } from "playwright-core";

const [url, shots] = process.argv.slice(2);
const folder = new URL(url).searchParams.get("folder");

/** 1-based line and column of `text` in a workspace file (for Go to Line, which layout shifts cannot fool). */
const where = (file, text, offset = 0) => {
  const lines = readFileSync(join(folder, file), "utf8").split("\n");
  const index = lines.findIndex((l) => l.includes(text));
  assert.ok(index >= 0, `${text} is not in ${file}`);
  return { line: index + 1, column: lines[index].indexOf(text) + 1 + offset };
};
mkdirSync(shots, { recursive: true });
const MESSAGE = "'scores' is produced on the CUBE lane by 'tile.matmul'";
const FIX = "Shard it at the top of the region with pl.aiv_shard(...)";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  // This machine's network is closed: Chromium's own background connections only add noise.
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
let current; // the page, for a screenshot when a step fails
const step = async (name, fn) => {
  process.stdout.write(`e2e: ${name} ... `);
  try {
    await fn();
  } catch (error) {
    await current?.screenshot({ path: join(shots, `failed-${name.replace(/\W+/g, "-")}.png`) }).catch(() => {});
    throw error;
  }
  process.stdout.write("ok\n");
};
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  current = page;
  const line = (text) => page.locator(".view-line", { hasText: text }).first();

  await step("workbench loads", async () => {
    await page.goto(url);
    await page.waitForSelector(".monaco-workbench", { timeout: 90_000 });
  });
  // Quick Open a file and wait for one of its lines. A cold workbench (first start, a busy machine) can
  // swallow the first Quick Open: retry it.
  const openFile = async (name, text, notIn = "\u0000") => {
    for (let attempt = 1; ; attempt++) {
      await page.waitForTimeout(1500);
      await page.keyboard.press("Control+P");
      try {
        await page.locator(".quick-input-widget input").first().waitFor({ timeout: 10_000 });
        await page.keyboard.type(name);
        const row = page.locator(".quick-input-list .monaco-list-row", { hasText: name, hasNotText: notIn }).first();
        await row.waitFor({ timeout: 10_000 });
        await row.click();
        await line(text).waitFor({ timeout: 20_000 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await page.keyboard.press("Escape");
      }
    }
  };
  const goTo = async ({ line: at, column }) => {
    await page.keyboard.press("Control+G");
    await page.locator(".quick-input-widget input").first().waitFor({ timeout: 10_000 });
    await page.keyboard.type(`${at}:${column}`);
    await page.keyboard.press("Enter");
    await page.locator(".quick-input-widget").first().waitFor({ state: "hidden", timeout: 10_000 });
    await page.waitForTimeout(300);
  };
  await step("open examples/attention.py", async () => {
    await openFile("attention.py", "scores = pl.matmul", "nav_pkg"); // not the package's layers/attention.py
  });
  await step("the error is underlined", async () => {
    await page.locator(".squiggly-error").first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(shots, "1-squiggle.png") });
  });
  await step("Problems lists the compiler's message", async () => {
    await page.keyboard.press("Control+Shift+M");
    const problems = page.locator(".markers-panel");
    await problems.getByText(MESSAGE, { exact: false }).first().waitFor({ timeout: 20_000 });
    assert.match(await problems.innerText(), /PTO-AV-G/);
    await page.screenshot({ path: join(shots, "2-problems.png") });
    await page.keyboard.press("Control+Shift+M");
  });
  await step("hover on pl.matmul names its lane", async () => {
    await line("scores = pl.matmul").locator("span", { hasText: "pl.matmul" }).first().hover();
    const hover = page.locator(".monaco-hover").filter({ hasText: "tile.matmul" }).first();
    await hover.waitFor({ timeout: 20_000 });
    const text = await hover.innerText();
    assert.match(text, /AIC/);
    assert.match(text, /cube/);
    await page.screenshot({ path: join(shots, "3-hover.png") });
    await page.mouse.move(5, 5);
  });
  await step("the quick fix clears the error", async () => {
    await line("scaled = pl.mul(scores").locator("span", { hasText: "scores" }).first().click();
    await page.keyboard.press("Control+.");
    const action = page.getByText(FIX, { exact: false }).first();
    await action.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(shots, "4-quick-fix.png") });
    await action.click();
    await line("scores = pl.aiv_shard(scores)").waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll(".squiggly-error").length === 0, null, {
      timeout: 30_000,
    });
  });
  await step("inlay hints show the lanes after the fix", async () => {
    const hinted = line("scaled = pl.mul(scores").getByText("⟵ AIV", { exact: true });
    await hinted.waitFor({ timeout: 30_000 });
    assert.ok((await page.locator(".view-lines").getByText("⟵ AIC", { exact: true }).count()) > 0);
    // Semantic tokens colour each op by its lane, with no configuration: cube, vector, both.
    const colour = async (text, name) => {
      const token = line(text).getByText(name, { exact: true }).first();
      await token.waitFor({ timeout: 20_000 });
      return token.evaluate((node) => node.ownerDocument.defaultView.getComputedStyle(node).color);
    };
    let lanes = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      lanes = [
        await colour("scores = pl.matmul", "matmul"),
        await colour("scaled = pl.mul(scores", "mul"),
        await colour("scores = pl.aiv_shard", "aiv_shard"),
        await colour("S = 64", "S"),
      ];
      if (new Set(lanes).size === 4) break;
      await page.waitForTimeout(500);
    }
    process.stdout.write(`(lane colours ${lanes}) `);
    assert.equal(new Set(lanes).size, 4, `AIC, AIV, both and plain text share colours: ${lanes}`);
    await page.screenshot({ path: join(shots, "5-fixed-with-hints.png") });
  });
  await step("completion after pl. lists the ops with their signatures", async () => {
    await openFile("decode.py", "q = project(normed, wq, q)");
    const call = where("nav_pkg/decode.py", "q = project(normed, wq, q)");
    await goTo({ line: call.line, column: call.column + "q = project(normed, wq, q)".length });
    await page.keyboard.press("Enter");
    await page.keyboard.type("z = pl.", { delay: 60 });
    const suggest = page.locator(".suggest-widget.visible");
    await suggest.waitFor({ timeout: 30_000 });
    await page.keyboard.type("matm", { delay: 60 });
    const row = suggest.locator(".monaco-list-row", { hasText: "matmul" }).first();
    await row.waitFor({ timeout: 20_000 });
    assert.match(await suggest.innerText(), /matmul/);
    await page.keyboard.press("Control+Space"); // the focused item's documentation beside the list
    const details = page.locator(".suggest-details", { hasText: "tile.matmul" }).first();
    await details.waitFor({ timeout: 30_000 }); // completionItem/resolve fills it in
    assert.match(await details.innerText(), /runs on AIC/);
    await page.screenshot({ path: join(shots, "6-completion.png") });
    await page.keyboard.press("Escape");
  });
  await step("signature help in pl.matmul( shows the active parameter", async () => {
    await page.keyboard.type("ul(q, k, ", { delay: 60 });
    const hints = page.locator(".parameter-hints-widget.visible");
    await hints.waitFor({ timeout: 30_000 });
    const text = await hints.innerText();
    assert.match(text, /pl\.matmul\(/);
    assert.match(text, /out_dtype/);
    await page.screenshot({ path: join(shots, "7-signature-help.png") });
    await page.keyboard.press("Escape");
  });
  await step("go to definition of a helper in another module", async () => {
    // On the helper's name at its call. The document was just edited (an unfinished call above), so on a
    // busy machine the first F12 can arrive before the server has the new version's navigation: retry it.
    for (let attempt = 1; ; attempt++) {
      await goTo(where("nav_pkg/decode.py", "attention_block(q", 2));
      await page.keyboard.press("F12");
      try {
        await line("def attention_block").waitFor({ timeout: 20_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
    await line("from .norm import residual_add").waitFor({ timeout: 10_000 }); // nav_pkg/layers/attention.py
    await page.waitForTimeout(2500); // the lane colours (semantic tokens) of the newly opened file
    await page.screenshot({ path: join(shots, "8-definition.png") });
  });
} finally {
  await browser.close();
}
