// tests/web/harness.mjs — the setup every browser test shares (tests/web/*.test.mjs, run by scripts/test-web.sh).
//
//   import { start } from './harness.mjs';
//   const h = await start('mobile');                      // reads URL OUT_DIR from argv, launches Chromium
//   const { page, context } = await h.newPage({ where: 'phone', viewport: { width: 390, height: 844 } });
//   if (await h.open(page, '#algorithm=fold')) { … h.fail('…') / h.ok('…') / h.check(cond, '…') … }
//   await h.finish('mobile: all checks passed');          // closes the browser, prints, exits 0 or 1
//
// What it does, once for every test file:
// - the command line `node tests/web/NAME.test.mjs URL OUT_DIR` (exit 2 on bad usage; OUT_DIR is created);
// - Debian's Chromium (CHROMIUM, default /usr/bin/chromium) launched headless through playwright-core with
//   software WebGL (SwiftShader); no browser is ever downloaded;
// - every page of a context it makes is watched: a console error or warning, a page error, a crash, a
//   failed request or an HTTP status >= 400 is a failure (SwiftShader's "GPU stall due to ReadPixels" note
//   is not: it comes with any read-back, ours or the compositor's); pages a context opens later (a link's
//   new tab) are watched too;
// - a probe in every frame of every page, before the page's own scripts (`window.__harness`): it counts the
//   app's frames, keeps the page's WebGL context, wakes the app (it draws on demand), reads the drawing
//   buffer right after a frame when asked (`capture`), and notes the first painted frame (two or more
//   colours inside the canvas) — what `firstFrame` and `open` wait for.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Chromium's flags for the tests: software WebGL, nothing fetched in the background, no sandbox (root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
];

/** The browser every test drives (Playwright gives it a fresh temporary profile and removes it after). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60000,
  });
}

/** Runs in every frame before its scripts. `window.__harness`: `frames` (requestAnimationFrame callbacks
 * run), `firstFrameAt`, `paintedAt` (performance.now() of the first callback and of the first painted
 * frame), `gl` (the first WebGL context made), `read()` (the drawing buffer now: {w, h, px, scale}, rows
 * bottom-up, scale = buffer px per CSS px), `colours(read, inset)` (distinct colours at least `inset` CSS
 * px inside the edges; a focus ring is no frame), `wake()`, and `reads[name]`, filled by `capture`. */
export function probe() {
  const h = (window.__harness = { frames: 0, firstFrameAt: null, paintedAt: null, gl: null, pending: [], reads: {} });
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, options) {
    const ctx = getContext.call(this, kind, options);
    if (ctx && String(kind).startsWith('webgl') && !h.gl) h.gl = ctx;
    return ctx;
  };
  h.read = function () {
    const gl = h.gl;
    const w = gl.drawingBufferWidth, h2 = gl.drawingBufferHeight;
    const px = new Uint8Array(w * h2 * 4);
    const fb = gl.getParameter(gl.FRAMEBUFFER_BINDING);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.readPixels(0, 0, w, h2, gl.RGBA, gl.UNSIGNED_BYTE, px);
    gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    return { w, h: h2, px, scale: w / gl.canvas.clientWidth };
  };
  h.colours = function (r, inset) {
    const m = Math.ceil(inset * r.scale), seen = new Set();
    for (let y = m; y < r.h - m; y += 2)
      for (let x = m; x < r.w - m; x += 2) {
        const i = (y * r.w + x) * 4;
        seen.add((r.px[i] << 16) | (r.px[i + 1] << 8) | r.px[i + 2]);
        if (seen.size > 255) return seen.size;
      }
    return seen.size;
  };
  // The pixels within `tol` of colour `rgb` inside `rect` ({x, y, w, h} in CSS px from the top left) of a read.
  h.count = function (r, rgb, rect, tol) {
    const s = r.scale;
    let n = 0;
    for (let y = Math.max(0, Math.floor(rect.y * s)); y < Math.min(r.h, (rect.y + rect.h) * s); y++) {
      const row = (r.h - 1 - y) * r.w;
      for (let x = Math.max(0, Math.floor(rect.x * s)); x < Math.min(r.w, (rect.x + rect.w) * s); x++) {
        const i = (row + x) * 4;
        if (Math.abs(r.px[i] - rgb[0]) <= tol && Math.abs(r.px[i + 1] - rgb[1]) <= tol && Math.abs(r.px[i + 2] - rgb[2]) <= tol) n++;
      }
    }
    return n;
  };
  // The app draws on demand (on input, or while something moves): ask it for a frame, as an input would.
  h.wake = function () {
    if (window.wasm_exports && window.wasm_exports.circle_aabb_lab_wake) window.wasm_exports.circle_aabb_lab_wake();
  };
  const nativeRaf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = function (callback) {
    return nativeRaf(function (time) {
      const result = callback(time);
      h.frames++;
      if (h.firstFrameAt === null) h.firstFrameAt = performance.now();
      if (h.gl && (h.paintedAt === null || h.pending.length)) {
        const r = h.read();
        if (h.paintedAt === null && h.colours(r, 4) >= 2) h.paintedAt = performance.now();
        for (const name of h.pending.splice(0)) h.reads[name] = r;
      }
      return result;
    });
  };
}

/** Waits (waking the app) until `frame` (a page or a frame) has painted its first frame; false after
 * `timeout` ms. */
export async function firstFrame(frame, { timeout = 30000 } = {}) {
  try {
    await frame.waitForFunction(() => {
      const h = window.__harness;
      if (!h) return false;
      if (h.paintedAt !== null) return true;
      h.wake();
      return false;
    }, null, { timeout, polling: 50 });
    return true;
  } catch {
    return false;
  }
}

/** Asks for a read of the next frame the app draws (waking it: a still scene draws no frames), kept as
 * `window.__harness.reads[name]`; resolves once it exists. */
export async function capture(frame, name) {
  await frame.evaluate((n) => { delete window.__harness.reads[n]; window.__harness.pending.push(n); }, name);
  await frame.waitForFunction((n) => {
    const h = window.__harness;
    if (h.reads[n]) return true;
    h.wake();
    return false;
  }, name, { timeout: 10000, polling: 50 });
}

/** Captures the next frame `frame` draws and counts its pixels within `tol` of colour `rgb` inside `rect`
 * (CSS px from the top left: {x, y, w, h}). */
export async function countColour(frame, rgb, rect, tol) {
  await capture(frame, '__count');
  return frame.evaluate(([c, r, t]) => window.__harness.count(window.__harness.reads.__count, c, r, t), [rgb, rect, tol]);
}

/** The text of the element `id` of `frame` ('' when it has none). */
export const text = (frame, id) => frame.evaluate((i) => (document.getElementById(i) || {}).textContent || '', id);

/** Waits (waking the app) until `test(t)` holds for the text `t` of element `id`: `test` is the source of a JS
 * expression in `t` (it runs in the page), e.g. 't.includes("zone 8")'. False after `timeout` ms. */
export async function waitText(frame, id, test, { timeout = 15000 } = {}) {
  try {
    await frame.waitForFunction(([i, src]) => {
      const t = (document.getElementById(i) || {}).textContent || '';
      if (new Function('t', `return ${src}`)(t)) return true;
      window.__harness.wake();
      return false;
    }, [id, test], { timeout, polling: 100 });
    return true;
  } catch {
    return false;
  }
}

/** Asks the app in `frame` for a frame. */
export const wake = (frame) => frame.evaluate(() => window.__harness.wake());

/** Reports every error of `page` as a failure, prefixed by `where` (a string, or a function read when the
 * error comes: a test that reuses one page for many scenes says which one). */
export function watch(page, where, fail) {
  const at = () => { const w = typeof where === 'function' ? where() : where; return w ? `${w}: ` : ''; };
  page.on('console', (m) => {
    const text = m.text();
    // SwiftShader's performance note when a WebGL frame is read back: headless Chromium's software
    // compositing does it for every page (seen with no readPixels call from the page), and so do our own
    // reads and screenshots. It says nothing about the page.
    if (/GPU stall due to ReadPixels/.test(text)) return;
    if (m.type() === 'error' || m.type() === 'warning') fail(`${at()}console.${m.type()}: ${text}`);
  });
  page.on('pageerror', (e) => fail(`${at()}page error: ${e.message || e}`));
  page.on('crash', () => fail(`${at()}page crashed`));
  page.on('requestfailed', (r) => fail(`${at()}request failed: ${r.url()} ${(r.failure() || {}).errorText || ''}`.trimEnd()));
  page.on('response', (r) => { if (r.status() >= 400) fail(`${at()}HTTP ${r.status()} ${r.url()}`); });
}

/** Starts a test: reads `URL OUT_DIR` from the command line, launches the browser, and returns the test's
 * tools: `url`, `outDir`, `browser`, `failures`, `fail(what)`, `ok(what)`, `info(key, value)`,
 * `check(cond, what)`, `newPage(options)`, `open(page, address, options)`, `scenePage(options)`, `finish(passed)`, and the
 * page helpers `firstFrame`, `capture`, `wake`, `countColour`, `text`, `waitText`. */
export async function start(name) {
  const [url, outDir] = process.argv.slice(2);
  if (!url || !outDir) {
    console.error(`usage: node tests/web/${name}.test.mjs URL OUT_DIR`);
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  const failures = [];
  const fail = (what) => { failures.push(what); console.log(`FAIL: ${what}`); };
  const ok = (what) => console.log(`ok: ${what}`);
  const info = (key, value) => console.log(`${key}: ${value}`);
  const check = (cond, what) => (cond ? ok(what) : fail(what));
  const browser = await launch();

  /** A fresh context (no cache, no storage) and its page, 1280×800 unless told, every error of its pages
   * a failure prefixed by `where`. `init`: more scripts to run in every frame before the page's own,
   * after the probe. The other options go to browser.newContext (deviceScaleFactor, hasTouch,
   * reducedMotion, …). */
  async function newPage({ where = '', init = [], viewport = { width: 1280, height: 800 }, ...options } = {}) {
    const context = await browser.newContext({ viewport, ...options });
    await context.addInitScript(probe);
    for (const script of [].concat(init)) await context.addInitScript(script);
    const page = await context.newPage();
    watch(page, where, fail);
    // Pages opened later (a link's new tab); registered after newPage, which would fire it too.
    context.on('page', (p) => watch(p, () => { const w = typeof where === 'function' ? where() : where; return `${w} (new tab)`; }, fail));
    return { context, page };
  }

  /** Goes to `address` (an absolute URL, or `#fragment` / `?query#fragment` after the served URL) and
   * waits for the app's first painted frame; false, with a failure saying so, when none comes within
   * `timeout` ms. */
  async function open(page, address = '', { where = '', timeout = 20000 } = {}) {
    const target = /^[a-z]+:/.test(address) ? address : url + address;
    // The app reads the fragment when it starts: a new fragment on the same document would only be a
    // same-document navigation, so such a page first leaves for a blank one.
    if (page.url().split('#')[0] === target.split('#')[0]) await page.goto('about:blank');
    await page.goto(target, { waitUntil: 'load', timeout: 30000 });
    if (await firstFrame(page, { timeout })) return true;
    fail(`${where ? `${where}: ` : ''}no painted frame within ${timeout / 1000} s of load`);
    return false;
  }

  /** A page that opens one scene after another by its fragment: `{ page, context, open(fragment),
   * text(id), waitFor(id, test) }`. Every error on it is a failure prefixed by the scene open at the
   * time; `open` throws when the scene paints no frame within 30 s. */
  async function scenePage(options = {}) {
    let where = '';
    const { page, context } = await newPage({ ...options, where: () => where });
    return {
      page,
      context,
      async open(fragment) {
        where = `#${fragment}`;
        if (!(await open(page, `#${fragment}`, { where, timeout: 30000 }))) throw new Error('no painted frame');
      },
      text: (id) => text(page, id),
      waitFor: (id, test) => waitText(page, id, test),
    };
  }

  /** Closes the browser, prints the failures (or `passed`) and exits: 1 on any failure, else 0. */
  async function finish(passed) {
    await browser.close().catch(() => {});
    if (failures.length) {
      console.log(`\n${name}: ${failures.length} failure(s):`);
      for (const f of failures) console.log(`  - ${f}`);
      process.exit(1);
    }
    console.log(`\n${passed}`);
    process.exit(0);
  }

  return {
    url, outDir, browser, failures, fail, ok, info, check, newPage, open, scenePage, finish,
    firstFrame, capture, wake, countColour, text, waitText,
  };
}
