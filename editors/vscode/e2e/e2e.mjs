// Drives VS Code (code-server) in headless Chromium: the faulty example must show the compiler's
// error as a squiggle and in Problems, the lane hover on pl.matmul, a quick fix that clears the error,
// and lane inlay hints after it. Usage: node e2e.mjs URL SCREENSHOT_DIR
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { chromium } from "playwright-core";

const [url, shots] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const MESSAGE = "'scores' is produced on the CUBE lane by 'tile.matmul'";
const FIX = "Shard it at the top of the region with pl.aiv_shard(...)";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  // This machine's network is closed: Chromium's own background connections only add noise.
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const step = async (name, fn) => {
  process.stdout.write(`e2e: ${name} ... `);
  await fn();
  process.stdout.write("ok\n");
};
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const line = (text) => page.locator(".view-line", { hasText: text }).first();

  await step("workbench loads", async () => {
    await page.goto(url);
    await page.waitForSelector(".monaco-workbench", { timeout: 90_000 });
  });
  await step("open examples/attention.py", async () => {
    // A cold workbench (first start, a busy machine) can swallow the first Quick Open: retry it.
    for (let attempt = 1; ; attempt++) {
      await page.waitForTimeout(1500);
      await page.keyboard.press("Control+P");
      try {
        await page.locator(".quick-input-widget input").first().waitFor({ timeout: 10_000 });
        await page.keyboard.type("attention.py");
        await page.locator(".quick-input-list .monaco-list-row", { hasText: "attention.py" }).first().waitFor({
          timeout: 10_000,
        });
        await page.keyboard.press("Enter");
        await line("scores = pl.matmul").waitFor({ timeout: 20_000 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await page.keyboard.press("Escape");
      }
    }
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
    await page.screenshot({ path: join(shots, "5-fixed-with-hints.png") });
  });
} finally {
  await browser.close();
}
