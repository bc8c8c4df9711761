// tests/web/browser.test.mjs — the browser demo in a real browser (run through scripts/test-web.sh).
//
//   node tests/web/browser.test.mjs URL OUT_DIR
//
// URL is the served dist/ folder (http://127.0.0.1:PORT/). Drives Debian's chromium (CHROMIUM, default
// /usr/bin/chromium) headless through playwright-core; no browser is ever downloaded. Fails (exit 1) on any
// console error or warning, page error, failed request or HTTP error, on a blank canvas, and when dragging
// the circle (mouse and touch), clicking the panel or resizing the window changes nothing on screen.
// Prints time to first frame and frames per second; saves screenshots in OUT_DIR.
//
// How it sees the pixels: the page's WebGL drawing buffer is read (gl.readPixels) right after the app's own
// requestAnimationFrame callback, while it still holds the frame just drawn; the comparisons run on those
// reads inside the page. Screenshots are for people.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SCENE } from './scene.mjs';

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) {
  console.error('usage: node tests/web/browser.test.mjs URL OUT_DIR');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const VIEW = { width: 1280, height: 800 };

const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL: ${what}`); };
const ok = (what) => console.log(`ok: ${what}`);
const info = (key, value) => console.log(`${key}: ${value}`);

// --------------------------------------------------------------------------- in-page instrumentation
// Runs before any page script. Wraps requestAnimationFrame to count the app's frames, and reads the
// drawing buffer after a frame when asked to (always, until the first painted frame).
function instrument() {
  const t = (window.__webtest = { frames: 0, firstFrameAt: null, paintedAt: null, gl: null, pending: [], reads: {} });
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, options) {
    const ctx = getContext.call(this, kind, options);
    if (ctx && String(kind).startsWith('webgl') && !t.gl) t.gl = ctx;
    return ctx;
  };
  function read() {
    const gl = t.gl;
    const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
    const px = new Uint8Array(w * h * 4);
    const fb = gl.getParameter(gl.FRAMEBUFFER_BINDING);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
    gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    // CSS px -> buffer px; readPixels rows run bottom-up
    return { w, h, px, scale: w / gl.canvas.clientWidth };
  }
  // distinct colours inside the canvas, `inset` CSS px away from its edges (a focus ring is no frame)
  t.colours = function (r, inset) {
    const m = Math.ceil(inset * r.scale), seen = new Set();
    for (let y = m; y < r.h - m; y += 2)
      for (let x = m; x < r.w - m; x += 2) {
        const i = (y * r.w + x) * 4;
        seen.add((r.px[i] << 16) | (r.px[i + 1] << 8) | r.px[i + 2]);
        if (seen.size > 255) return seen.size;
      }
    return seen.size;
  };
  const nativeRaf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = function (callback) {
    return nativeRaf(function (time) {
      const result = callback(time);
      t.frames++;
      if (t.firstFrameAt === null) t.firstFrameAt = performance.now();
      if (t.gl && (t.paintedAt === null || t.pending.length)) {
        const r = read();
        if (t.paintedAt === null && t.colours(r, 4) >= 2) t.paintedAt = performance.now();
        for (const name of t.pending.splice(0)) t.reads[name] = r;
      }
      return result;
    });
  };
  // pixels that differ between two reads inside a CSS-px rectangle {x, y, w, h} (whole canvas if absent)
  t.diff = function (a, b, rect) {
    const A = t.reads[a], B = t.reads[b];
    if (!A || !B || A.w !== B.w || A.h !== B.h) return -1;
    const s = A.scale;
    const x0 = rect ? Math.max(0, Math.floor(rect.x * s)) : 0, x1 = rect ? Math.min(A.w, Math.ceil((rect.x + rect.w) * s)) : A.w;
    const y0 = rect ? Math.max(0, Math.floor(rect.y * s)) : 0, y1 = rect ? Math.min(A.h, Math.ceil((rect.y + rect.h) * s)) : A.h;
    let n = 0;
    for (let y = y0; y < y1; y++) {
      const row = (A.h - 1 - y) * A.w;
      for (let x = x0; x < x1; x++) {
        const i = (row + x) * 4;
        if (A.px[i] !== B.px[i] || A.px[i + 1] !== B.px[i + 1] || A.px[i + 2] !== B.px[i + 2]) n++;
      }
    }
    return n;
  };
  // the colour at a CSS-px point of a read, as [r, g, b]
  t.at = function (name, x, y) {
    const r = t.reads[name];
    const bx = Math.floor(x * r.scale), by = r.h - 1 - Math.floor(y * r.scale);
    const i = (by * r.w + bx) * 4;
    return [r.px[i], r.px[i + 1], r.px[i + 2]];
  };
}

// ask for a read of the next frame the app draws; resolves once it exists
async function capture(page, name) {
  await page.evaluate((n) => { delete window.__webtest.reads[n]; window.__webtest.pending.push(n); }, name);
  await page.waitForFunction((n) => !!window.__webtest.reads[n], name, { timeout: 10000, polling: 20 });
}
const diff = (page, a, b, rect) => page.evaluate(([a, b, rect]) => window.__webtest.diff(a, b, rect), [a, b, rect]);
const around = (p, r) => ({ x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r });
const settle = (page, ms = 400) => page.waitForTimeout(ms);

// --------------------------------------------------------------------------- browser
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  // Playwright starts every browser with a fresh temporary profile (user-data-dir) and removes it after.
  args: [
    '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
  ],
  timeout: 60000,
});
info('browser', `chromium ${browser.version()}`);

// A fresh context (no cache, no storage) and page at URL#fragment, every error reported as a failure;
// waits for the app's first painted frame.
async function openPage(fragment, { viewport = VIEW, deviceScaleFactor = 1, label = '' } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  const where = `${label}page #${fragment || ''}`;
  page.on('console', (m) => {
    const text = m.text();
    // Our own gl.readPixels (and Playwright's screenshots) make SwiftShader print this performance note.
    if (/GPU stall due to ReadPixels/.test(text)) return;
    if (m.type() === 'error' || m.type() === 'warning') fail(`${where}: console.${m.type()}: ${text}`);
  });
  page.on('pageerror', (e) => fail(`${where}: page error: ${e.message || e}`));
  page.on('crash', () => fail(`${where}: page crashed`));
  page.on('requestfailed', (r) => fail(`${where}: request failed: ${r.url()} ${(r.failure() || {}).errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) fail(`${where}: HTTP ${r.status()} ${r.url()}`); });
  await page.goto(url + (fragment ? `#${fragment}` : ''), { waitUntil: 'load', timeout: 30000 });
  try {
    await page.waitForFunction(() => window.__webtest.paintedAt !== null, null, { timeout: 20000, polling: 20 });
  } catch {
    fail(`${where}: no painted frame within 20 s of load`);
    return { page, context, painted: false };
  }
  return { page, context, painted: true };
}

let exitCode = 0;
try {
  // ------------------------------------------------------------------------- load, first frame, fps
  const { page, context, painted } = await openPage(SCENE.fragment);
  if (painted) {
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const wasm = performance.getEntriesByType('resource').find((e) => /\.wasm$/.test(e.name));
      return {
        load: nav ? nav.loadEventEnd : null, wasm: wasm ? wasm.responseEnd : null,
        first: window.__webtest.firstFrameAt, painted: window.__webtest.paintedAt,
      };
    });
    const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
    info('wasm_fetched', ms(t.wasm));
    info('load_event', ms(t.load));
    info('first_app_frame', ms(t.first));
    info('time_to_first_frame', `${ms(t.painted)} after navigation start`);
    if (t.painted > 2000) console.log(`note: first frame later than 2 s (${Math.round(t.painted)} ms); timings are not asserted`);

    await settle(page, 1000);
    const f0 = await page.evaluate(() => [window.__webtest.frames, performance.now()]);
    await page.waitForTimeout(3000);
    const f1 = await page.evaluate(() => [window.__webtest.frames, performance.now()]);
    const fps = (f1[0] - f0[0]) / ((f1[1] - f0[1]) / 1000);
    info('fps', `${fps.toFixed(1)} (${f1[0] - f0[0]} frames in ${((f1[1] - f0[1]) / 1000).toFixed(2)} s, no input)`);
    if (fps < 1) fail('the app stopped drawing frames (fewer than 1 per second)');

    const status = await page.$('#status');
    if (status && (await status.isVisible())) fail('the loading message is still shown after the first frame');
    else ok('loading message removed');

    await capture(page, 'loaded');
    const colours = await page.evaluate(() => window.__webtest.colours(window.__webtest.reads.loaded, 4));
    info('colours', `${colours} distinct colours inside the canvas`);
    if (colours < 8) fail(`canvas nearly blank: ${colours} colours`);
    await page.screenshot({ path: join(outDir, '1-loaded.png') });

    // ----------------------------------------------------------------------- the scene is where we put it
    for (const probe of SCENE.expect || []) {
      const c = await page.evaluate(([x, y]) => window.__webtest.at('loaded', x, y), [probe.x, probe.y]);
      if (probe.test(c)) ok(`${probe.what} at (${probe.x}, ${probe.y}): rgb(${c})`);
      else fail(`${probe.what} expected at (${probe.x}, ${probe.y}), found rgb(${c})`);
    }

    // ----------------------------------------------------------------------- mouse drag of the circle
    const from = SCENE.circle, to = { x: from.x + SCENE.drag.dx, y: from.y + SCENE.drag.dy };
    await page.mouse.move(from.x, from.y);
    await settle(page, 100);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 20 });
    await settle(page, 100);
    await page.mouse.up();
    await settle(page);
    await capture(page, 'dragged');
    const atOld = await diff(page, 'loaded', 'dragged', around(from, SCENE.radius * 0.6));
    const atNew = await diff(page, 'loaded', 'dragged', around(to, SCENE.radius * 0.6));
    info('mouse_drag', `(${from.x},${from.y}) -> (${to.x},${to.y}): ${atOld} px changed where the circle was, ${atNew} px where it went`);
    if (atOld < 50 || atNew < 50) fail('mouse drag did not move the circle');
    await page.screenshot({ path: join(outDir, '2-mouse-drag.png') });

    // ----------------------------------------------------------------------- the panel: switch algorithm
    const click = SCENE.algorithmClick;
    if (click.open) { await page.mouse.click(click.open.x, click.open.y); await settle(page); }
    await page.mouse.click(click.x, click.y);
    await settle(page);
    await capture(page, 'algorithm');
    const panelChange = await diff(page, 'dragged', 'algorithm', SCENE.panel);
    info('algorithm_click', `(${click.x},${click.y}) ${click.what}: ${panelChange} px of the panel changed`);
    if (panelChange < 50) fail('clicking the panel changed nothing in it');
    await page.screenshot({ path: join(outDir, '3-algorithm.png') });

    // ----------------------------------------------------------------------- keyboard shortcut
    for (const key of SCENE.keys || []) {
      await capture(page, 'before-key');
      await page.keyboard.press(key.key);
      await settle(page);
      await capture(page, 'after-key');
      const n = await diff(page, 'before-key', 'after-key', key.rect);
      info('key', `${key.key} (${key.what}): ${n} px changed`);
      if (n < 20) fail(`key ${key.key} (${key.what}) changed nothing`);
    }

    // ----------------------------------------------------------------------- touch drag (CDP touch events)
    await capture(page, 'before-touch');
    const cdp = await context.newCDPSession(page);
    const t0 = to, t1 = { x: to.x + SCENE.touch.dx, y: to.y + SCENE.touch.dy };
    const touch = (type, p) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    await touch('touchStart', t0);
    for (let i = 1; i <= 15; i++) {
      await touch('touchMove', { x: t0.x + ((t1.x - t0.x) * i) / 15, y: t0.y + ((t1.y - t0.y) * i) / 15 });
      await page.waitForTimeout(16);
    }
    await touch('touchEnd');
    await settle(page);
    await capture(page, 'touched');
    const tOld = await diff(page, 'before-touch', 'touched', around(t0, SCENE.radius * 0.6));
    const tNew = await diff(page, 'before-touch', 'touched', around(t1, SCENE.radius * 0.6));
    info('touch_drag', `(${t0.x},${t0.y}) -> (${t1.x},${t1.y}): ${tOld} px changed where the circle was, ${tNew} px where it went`);
    if (tOld < 50 || tNew < 50) fail('touch drag did not move the circle');
    await page.screenshot({ path: join(outDir, '4-touch-drag.png') });

    // ----------------------------------------------------------------------- window resize
    await page.setViewportSize({ width: 900, height: 640 });
    await settle(page, 600);
    await capture(page, 'resized');
    const size = await page.evaluate(() => {
      const c = document.querySelector('#glcanvas'), r = window.__webtest.reads.resized;
      return { css: `${c.clientWidth}x${c.clientHeight}`, buffer: `${c.width}x${c.height}`, read: `${r.w}x${r.h}`,
        colours: window.__webtest.colours(r, 4) };
    });
    info('resize', `window 900x640: canvas css ${size.css}, drawing buffer ${size.buffer}, ${size.colours} colours`);
    if (size.css !== '900x640' || size.buffer !== '900x640' || size.read !== '900x640') fail('canvas did not follow the window resize');
    if (size.colours < 8) fail('canvas blank after resize');
    await page.screenshot({ path: join(outDir, '5-resized.png') });
    await context.close();
  }

  // ------------------------------------------------------------------------- device pixel ratio 2
  {
    const { page, context, painted } = await openPage(SCENE.fragment,
      { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2, label: 'devicePixelRatio 2: ' });
    if (painted) {
      await settle(page);
      const b = await page.evaluate(() => { const c = document.querySelector('#glcanvas'); return `${c.width}x${c.height}`; });
      info('device_pixel_ratio_2', `800x600 window: drawing buffer ${b}`);
      if (b !== '1600x1200') fail(`with devicePixelRatio 2 the drawing buffer is ${b}, not 1600x1200`);
      await page.screenshot({ path: join(outDir, '6-dpr2.png') });
    }
    await context.close();
  }

  // ------------------------------------------------------------------------- bad fragments never break the page
  for (const bad of SCENE.badFragments) {
    const { page, context, painted } = await openPage(bad);
    if (painted) {
      await settle(page);
      await capture(page, 'bad');
      const n = await page.evaluate(() => window.__webtest.colours(window.__webtest.reads.bad, 4));
      if (n < 8) fail(`#${bad}: canvas nearly blank (${n} colours)`);
      else ok(`#${bad}: page runs (${n} colours)`);
    }
    await context.close();
  }
} catch (e) {
  fail(`test driver: ${(e && e.stack) || e}`);
} finally {
  await browser.close().catch(() => {});
}

if (failures.length) {
  console.log(`\n${failures.length} failure(s):`);
  for (const f of failures) console.log(`  - ${f}`);
  exitCode = 1;
} else {
  console.log('\nall browser checks passed');
}
process.exit(exitCode);
