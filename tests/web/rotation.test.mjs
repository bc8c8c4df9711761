// tests/web/rotation.test.mjs — the still scene's turned box (angle=, issue 24) in a real browser (run through
// scripts/test-web.sh).
//
//   node tests/web/rotation.test.mjs URL OUT_DIR
//
// Loads #angle=30 with the circle above the box (the tour step still:8's scene: the box's own corner zone 8)
// and fails on any console error or warning, page error or failed request; checks that the page's status line
// names the angle and the zone ("Box turned by 30 degrees", "zone 8"), that the URL the app writes back keeps
// angle=30, that the canvas shows the box's-view inset (the aligned box's edge colour, palette::BOX_EDGE, in
// the canvas's bottom-left corner, where the aligned scene has none), and that #angle=nan is left out as any
// bad key of a fragment is (the rest loads, the box unturned). Saves OUT_DIR/rotation.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) {
  console.error('usage: node tests/web/rotation.test.mjs URL OUT_DIR');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const VIEW = { width: 1280, height: 800 };
const INSET = { x: 10, y: 574, w: 240, h: 176 }; // the canvas's bottom left (src/render/turned.rs, inset_rect)
const BOX_EDGE = [148, 118, 243];
const SCENE = 'algorithm=zones&circle=1.3,3.2,1.2&box=-2,-1,2,1.5&case=auto';

const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL: ${what}`); };
const ok = (what) => console.log(`ok: ${what}`);

// Reads the WebGL drawing buffer right after the app's own frame (it draws on demand), as
// tests/web/browser.test.mjs does; counts the pixels near a colour inside a CSS-px rectangle.
function instrument() {
  const t = (window.__ch = { gl: null, want: false, read: null, painted: false });
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

const text = (id) => page.evaluate((id) => (document.getElementById(id) || {}).textContent || '', id);
async function open(fragment) {
  where = `#${fragment}`;
  // A new document each time: the app reads the fragment when it starts.
  await page.goto('about:blank');
  await page.goto(`${url}#${fragment}`, { waitUntil: 'load', timeout: 30000 });
  await page.waitForFunction(() => { window.__ch.wake(); return window.__ch.painted; }, null, { timeout: 30000, polling: 100 });
}
async function waitFor(id, test) {
  try {
    await page.waitForFunction(([id, src]) => {
      const t = (document.getElementById(id) || {}).textContent || '';
      if (new Function('t', `return ${src}`)(t)) return true;
      window.__ch.wake();
      return false;
    }, [id, test], { timeout: 15000, polling: 100 });
    return true;
  } catch { return false; }
}
// A fresh read of the canvas (the next frame the app draws).
async function readCanvas() {
  await page.evaluate(() => { window.__ch.want = true; window.__ch.wake(); });
  await page.waitForFunction(() => { if (window.__ch.want) window.__ch.wake(); return !window.__ch.want; }, null, { timeout: 10000, polling: 50 });
}

try {
  await open(`${SCENE}&angle=30`);
  if (!(await waitFor('a11y-status', 't.includes("Box turned by 30 degrees") && t.includes("zone 8")'))) {
    fail(`#angle=30: the status line does not name the angle and zone 8: ${JSON.stringify(await text('a11y-status'))}`);
  } else {
    ok(`#angle=30: status ${JSON.stringify((await text('a11y-status')).slice(0, 160))}`);
  }
  const hash = await page.evaluate(() => location.hash);
  if (!hash.includes('angle=30')) fail(`#angle=30: the app wrote back ${hash}`);
  await readCanvas();
  const turned = await page.evaluate(([rgb, r]) => window.__ch.count(rgb, r, 14), [BOX_EDGE, INSET]);
  await page.screenshot({ path: join(outDir, 'rotation.png') });
  await open(SCENE);
  await waitFor('a11y-status', 't.includes("zone 7")');
  const status0 = await text('a11y-status');
  if (status0.includes('turned')) fail(`angle 0: the status line says the box is turned: ${JSON.stringify(status0)}`);
  await readCanvas();
  const aligned = await page.evaluate(([rgb, r]) => window.__ch.count(rgb, r, 14), [BOX_EDGE, INSET]);
  if (!(turned > 150 && aligned < 20)) fail(`the box's-view inset: ${turned} box-edge px at 30°, ${aligned} at 0°`);
  else ok(`the box's-view inset: ${turned} box-edge px at 30°, ${aligned} at 0° (zone 7 there)`);
  // A bad angle is left out as any bad key of a fragment is: the rest loads, the box aligned.
  await open(`${SCENE}&angle=nan`);
  const shown = await waitFor('a11y-status', 't.includes("Still scene.") && t.includes("zone 7")');
  const status = await text('a11y-status');
  if (!shown || status.includes('turned')) fail(`#angle=nan: not the scene without its bad key: ${JSON.stringify(status)}`);
  else ok('#angle=nan: left out, the rest loaded, the box aligned');
} catch (e) {
  fail(`${where}: ${e.message || e}`);
} finally {
  await browser.close();
}
console.log(failures.length ? `rotation: ${failures.length} failure(s)` : 'rotation: all passed');
process.exit(failures.length ? 1 : 0);
