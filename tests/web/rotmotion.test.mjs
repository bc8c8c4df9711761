// tests/web/rotmotion.test.mjs — motion mode with a turned box (issue 24) in a real browser (run through
// scripts/test-web.sh).
//
//   node tests/web/rotmotion.test.mjs URL OUT_DIR
//
// Opens the slide along a tilted wall by its URL fragment (angle=30: the tour's motion:5 scene) and fails on any
// console error or warning, page error or failed request; checks that the page's status line for screen readers
// (web/a11y.js, src/app/status.rs) names the box's angle ("Box turned 30°.") and a face hit, that the canvas draws
// the continuation's colour (palette::CONTINUATION), that the address the app writes back keeps angle=30, and that
// Q turns the box on by 15° (the status line then says 45°, the address angle=45). A bad angle (angle=nan) is
// left out as any bad key of a fragment is: the rest of the scene loads, unturned. Saves OUT_DIR/rotmotion.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) {
  console.error('usage: node tests/web/rotmotion.test.mjs URL OUT_DIR');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const VIEW = { width: 1280, height: 800 };
const CANVAS = { x: 0, y: 0, w: 860, h: 800 }; // left of the panel
const TILTED = 'circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide';
const CONTINUATION = [200, 120, 255]; // palette::CONTINUATION: the slide's path and end

const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL: ${what}`); };
const ok = (what) => console.log(`ok: ${what}`);

// Reads the WebGL drawing buffer right after the app's own frame (it draws on demand), as
// tests/web/chapters.test.mjs does; counts the pixels near a colour inside a CSS-px rectangle.
function instrument() {
  const t = (window.__rm = { gl: null, want: false, read: null, painted: false });
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, options) {
    const ctx = getContext.call(this, kind, options);
    if (ctx && String(kind).startsWith('webgl') && !t.gl) t.gl = ctx;
    return ctx;
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((time) => {
    const r = cb(time);
    if (t.gl && (t.want || !t.painted)) {
      const gl = t.gl, w = gl.drawingBufferWidth, h = gl.drawingBufferHeight, px = new Uint8Array(w * h * 4);
      gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
      t.read = { w, h, px, scale: w / gl.canvas.clientWidth };
      let lit = 0;
      for (let i = 0; i < px.length && lit < 2000; i += 400) lit += px[i] + px[i + 1] + px[i + 2] > 150 ? 1 : 0;
      t.painted = t.painted || lit > 20;
      t.want = false;
    }
    return r;
  });
  t.wake = () => { if (window.wasm_exports && window.wasm_exports.circle_aabb_lab_wake) window.wasm_exports.circle_aabb_lab_wake(); };
  t.count = (rgb, rect, tol) => {
    const r = t.read, s = r.scale;
    let n = 0;
    for (let y = Math.floor(rect.y * s); y < Math.min(r.h, (rect.y + rect.h) * s); y++) {
      const row = (r.h - 1 - y) * r.w;
      for (let x = Math.floor(rect.x * s); x < Math.min(r.w, (rect.x + rect.w) * s); x++) {
        const i = (row + x) * 4;
        if (Math.abs(r.px[i] - rgb[0]) <= tol && Math.abs(r.px[i + 1] - rgb[1]) <= tol && Math.abs(r.px[i + 2] - rgb[2]) <= tol) n++;
      }
    }
    return n;
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
const context = await browser.newContext({ viewport: VIEW });
const page = await context.newPage();
await page.addInitScript(instrument);
let where = '';
page.on('console', (m) => {
  if (/GPU stall due to ReadPixels/.test(m.text())) return;
  if (m.type() === 'error' || m.type() === 'warning') fail(`${where}: console.${m.type()}: ${m.text()}`);
});
page.on('pageerror', (e) => fail(`${where}: page error: ${e.message || e}`));
page.on('crash', () => fail(`${where}: page crashed`));
page.on('requestfailed', (r) => fail(`${where}: request failed: ${r.url()}`));
page.on('response', (r) => { if (r.status() >= 400) fail(`${where}: HTTP ${r.status()} ${r.url()}`); });

const status = () => page.evaluate(() => (document.getElementById('a11y-status') || {}).textContent || '');
const hash = () => page.evaluate(() => decodeURIComponent(location.hash.slice(1)));
async function open(fragment) {
  where = `#${fragment}`;
  await page.goto('about:blank');
  await page.goto(`${url}#${fragment}`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForFunction(() => { window.__rm.wake(); return window.__rm.painted; }, null, { timeout: 30000, polling: 100 });
}
async function waitStatus(test) {
  try {
    await page.waitForFunction((src) => {
      const t = (document.getElementById('a11y-status') || {}).textContent || '';
      if (new Function('t', `return ${src}`)(t)) return true;
      window.__rm.wake();
      return false;
    }, test, { timeout: 15000, polling: 100 });
    return true;
  } catch { return false; }
}
async function readCanvas() {
  await page.evaluate(() => { window.__rm.want = true; window.__rm.wake(); });
  await page.waitForFunction(() => { if (window.__rm.want) window.__rm.wake(); return !window.__rm.want; }, null, { timeout: 10000, polling: 50 });
}

try {
  await open(`${TILTED}&angle=30`);
  if (await waitStatus('t.includes("Motion mode.") && t.includes("Box turned 30°.") && t.includes("(face)")')) {
    ok(`#…&angle=30: the status line names the angle: ${JSON.stringify((await status()).slice(0, 120))}`);
  } else {
    fail(`#…&angle=30: the status line does not say "Box turned 30°." with a face hit: ${JSON.stringify(await status())}`);
  }
  await readCanvas();
  const violet = await page.evaluate(([rgb, rect]) => window.__rm.count(rgb, rect, 30), [CONTINUATION, CANVAS]);
  if (violet > 200) ok(`the slide's continuation is drawn (${violet} px in its colour)`);
  else fail(`the slide's continuation is not drawn (${violet} px in its colour)`);
  await page.screenshot({ path: join(outDir, 'rotmotion.png') });

  // Q, with the pointer over the canvas (not the panel, which would take the keys): 15° more.
  await page.mouse.move(40, 400);
  await page.keyboard.press('q');
  if (await waitStatus('t.includes("Box turned 45°.")')) ok('Q turns the box to 45° (status line)');
  else fail(`Q did not turn the box to 45°: ${JSON.stringify(await status())}`);
  const h = await hash();
  if (/(^|&)angle=45(&|$)/.test(h)) ok(`the address follows: ${h}`);
  else fail(`the address does not say angle=45: ${h}`);

  // A bad angle is left out (the fragment's other keys load), never a crash or a console error.
  await open(`${TILTED}&angle=nan`);
  if (await waitStatus('t.startsWith("Motion mode.") && !t.includes("turned")')) ok('#…&angle=nan: left out, the scene unturned');
  else fail(`#…&angle=nan: ${JSON.stringify(await status())}`);
} catch (e) {
  fail(`${where}: ${e.message || e}`);
}
await browser.close();
if (failures.length) {
  console.log(`rotmotion: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log('rotmotion: all passed');
