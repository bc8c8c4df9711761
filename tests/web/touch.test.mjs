// tests/web/touch.test.mjs — touch gestures on a phone (docs/demo.md#touch), then the desktop unchanged.
//
//   node tests/web/touch.test.mjs URL OUT_DIR
//
// A 390×844 page with touch, device scale 2 (Chromium's mobile emulation), the panel hidden (panel=off) so the
// canvas is the whole screen. Touches are CDP Input.dispatchTouchEvent (one or two points). What happened is
// read from the page's aria-live status line (src/app/status.rs): the circle's centre, "View zoomed Z×, centred
// on (x, y)." once the view is zoomed or panned, "Long press at …" while a long press shows the hover read-out.
// Checks: no console error or warning, page error or failed request (the harness); a one-finger drag moves the
// circle (down on screen: its y falls); a pinch (two fingers spreading 2.5×) zooms the view by about that and
// leaves the circle where it was; a two-finger pan moves the view's centre and not its zoom; the page never
// scrolls or zooms (scroll offsets 0, visualViewport.scale 1); a long press on empty canvas shows the read-out,
// and lifting the finger ends it. At device scale 3 the drawing buffer is 2 device pixels per CSS pixel
// (index.html's cap). Last, 1280×800 with a mouse: a drag moves the circle as before and nothing says "zoomed".
// Screenshots in OUT_DIR: touch-1-start, touch-2-dragged, touch-3-zoomed, touch-4-panned, touch-5-long-press,
// touch-6-dpr3, touch-7-desktop.
import { join } from 'node:path';
import { start } from './harness.mjs';

const { url, outDir, fail, ok, newPage, wake, finish } = await start('touch');

// Arvo, a circle left of the box and apart from it: drawn in palette::SEPARATED (sky blue).
const SCENE = 'algorithm=arvo&circle=-3,1,1.2&box=0,0,4,2&panel=off&hint=off';
const SEPARATED = [70, 205, 255];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

async function open(fragment, { viewport, ...options }, label) {
  const { context, page } = await newPage({ where: label, viewport, ...options });
  await page.goto(`${url}index.html#${fragment}`, { waitUntil: 'load', timeout: 30000 });
  await waitStatus(page, (t) => t.length > 0, 'the first status line');
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

const status = (page) => page.evaluate(() => document.getElementById('a11y-status').textContent);
async function waitStatus(page, test, what, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const t = await status(page);
    if (test(t)) return t;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; status: ${JSON.stringify(t)}`);
    await wake(page);
    await page.waitForTimeout(50);
  }
}

const NUM = '(-?[0-9.]+(?:e-?[0-9]+)?)';
const centre = (t) => { const m = t.match(new RegExp(`Circle centre \\(${NUM}, ${NUM}\\)`)); return m && [+m[1], +m[2]]; };
const view = (t) => {
  const m = t.match(new RegExp(`View zoomed ${NUM}×, centred on \\(${NUM}, ${NUM}\\)`));
  return m && { zoom: +m[1], at: [+m[2], +m[3]] };
};

// The circle's outline on the canvas, CSS px: the largest connected, square patch of its colour (the
// banner's text and the legend's swatch are in the same colour), found on an 8 px grid of cells.
async function findCircle(page) {
  return page.evaluate((rgb) => {
    const gl = document.getElementById('glcanvas');
    const c = document.createElement('canvas');
    c.width = gl.width; c.height = gl.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(gl, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    const s = gl.width / gl.clientWidth, cell = 8, cw = Math.ceil(gl.clientWidth / cell), hits = new Map();
    for (let y = 0; y < c.height; y += 2)
      for (let x = 0; x < c.width; x += 2) {
        const i = (y * c.width + x) * 4;
        if (Math.abs(px[i] - rgb[0]) + Math.abs(px[i + 1] - rgb[1]) + Math.abs(px[i + 2] - rgb[2]) > 60) continue;
        const k = Math.floor(y / s / cell) * cw + Math.floor(x / s / cell);
        const h = hits.get(k) || { x0: 1e9, y0: 1e9, x1: -1, y1: -1 };
        h.x0 = Math.min(h.x0, x / s); h.y0 = Math.min(h.y0, y / s); h.x1 = Math.max(h.x1, x / s); h.y1 = Math.max(h.y1, y / s);
        hits.set(k, h);
      }
    let best = null;
    const seen = new Set();
    for (const k of hits.keys()) {
      if (seen.has(k)) continue;
      const group = { n: 0, x0: 1e9, y0: 1e9, x1: -1, y1: -1 }, stack = [k];
      seen.add(k);
      while (stack.length) {
        const q = stack.pop(), h = hits.get(q);
        group.n++; group.x0 = Math.min(group.x0, h.x0); group.y0 = Math.min(group.y0, h.y0);
        group.x1 = Math.max(group.x1, h.x1); group.y1 = Math.max(group.y1, h.y1);
        for (const d of [-cw - 1, -cw, -cw + 1, -1, 1, cw - 1, cw, cw + 1]) {
          if (hits.has(q + d) && !seen.has(q + d)) { seen.add(q + d); stack.push(q + d); }
        }
      }
      // The circle's bounds are square; the banner's text in the same colour is a wide strip.
      const w = group.x1 - group.x0, h = group.y1 - group.y0;
      if (w < 16 || h < 0.75 * w || h > 1.33 * w) continue;
      if (!best || group.n > best.n) best = group;
    }
    const r = gl.getBoundingClientRect();
    return best && { x: r.left + 0.5 * (best.x0 + best.x1), y: r.top + 0.5 * (best.y0 + best.y1), w: best.x1 - best.x0, n: best.n };
  }, SEPARATED);
}

// Touch points (CSS px) through CDP: each a list of {x, y} (ids in order); [] ends every touch.
function toucher(cdp) {
  const send = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((p, i) => ({ x: p.x, y: p.y, id: i + 1 })) });
  return {
    start: (pts) => send('touchStart', pts),
    move: (pts) => send('touchMove', pts),
    end: () => send('touchEnd', []),
    // Fingers from `from` to `to` (same count) in `n` moves, a short pause between (the app draws on input).
    async glide(page, from, to, n = 12) {
      for (let i = 1; i <= n; i++) {
        await page.waitForTimeout(25);
        await send('touchMove', from.map((p, k) => ({ x: p.x + ((to[k].x - p.x) * i) / n, y: p.y + ((to[k].y - p.y) * i) / n })));
      }
    },
  };
}

async function scrolled(page, what) {
  const s = await page.evaluate(() => ({
    x: window.scrollX, y: window.scrollY, top: document.scrollingElement.scrollTop,
    zoom: window.visualViewport ? window.visualViewport.scale : 1,
  }));
  if (s.x !== 0 || s.y !== 0 || s.top !== 0 || Math.abs(s.zoom - 1) > 1e-6) fail(`${what}: the page scrolled or zoomed: ${JSON.stringify(s)}`);
  else ok(`${what}: the page did not scroll or zoom`);
}

const shot = (page, name) => page.screenshot({ path: join(outDir, `${name}.png`) });

try {
  // ----------------------------------------------------------------------------- the phone: drag, pinch, pan
  {
    const { context, page, cdp } = await open(SCENE, PHONE, 'phone');
    const t = toucher(cdp);
    await page.waitForTimeout(500);
    await shot(page, 'touch-1-start');
    const c0 = centre(await status(page));
    const found = await findCircle(page);
    if (!c0 || !found) throw new Error(`the circle is not found: status ${JSON.stringify(await status(page))}, canvas ${JSON.stringify(found)}`);
    console.log(`info: circle at ${c0} in the world, drawn round (${found.x.toFixed(0)}, ${found.y.toFixed(0)}) CSS px, ${found.w.toFixed(0)} px wide`);

    // One finger drags the circle 60 CSS px down.
    const p0 = { x: found.x, y: found.y };
    await t.start([p0]);
    await page.waitForTimeout(60);
    await t.glide(page, [p0], [{ x: p0.x, y: p0.y + 60 }]);
    await t.end();
    const afterDrag = await waitStatus(page, (s) => { const c = centre(s); return c && c[1] !== c0[1]; }, 'the circle to move');
    const c1 = centre(afterDrag);
    if (c1[1] < c0[1] - 0.2 && Math.abs(c1[0] - c0[0]) < 0.25 * (c0[1] - c1[1])) ok(`one-finger drag moved the circle ${c0} → ${c1}`);
    else fail(`one-finger drag: the circle went ${c0} → ${c1}, not down`);
    await shot(page, 'touch-2-dragged');
    await scrolled(page, 'after the drag');

    // Pinch: two fingers 80 px apart spread to 200 px, about the canvas's middle (away from the circle).
    const m = { x: 250, y: 560 };
    const a = [{ x: m.x - 40, y: m.y }, { x: m.x + 40, y: m.y }], b = [{ x: m.x - 100, y: m.y }, { x: m.x + 100, y: m.y }];
    await t.start(a);
    await page.waitForTimeout(60);
    await t.glide(page, a, b);
    await t.end();
    const zoomed = await waitStatus(page, (s) => view(s) !== null, 'the view to say it is zoomed');
    const v1 = view(zoomed);
    if (v1.zoom > 2.0 && v1.zoom < 3.0) ok(`pinch 80 → 200 px zoomed the view ${v1.zoom}× (2.5 asked), centred on ${v1.at}`);
    else fail(`pinch 80 → 200 px: zoom ${v1.zoom}, not about 2.5`);
    const c2 = centre(zoomed);
    if (c2 && c2[0] === c1[0] && c2[1] === c1[1]) ok('the pinch left the circle where it was');
    else fail(`the pinch moved the circle: ${c1} → ${c2}`);
    await shot(page, 'touch-3-zoomed');
    await scrolled(page, 'after the pinch');

    // Two-finger pan: both fingers 100 px down; the world at the centre is then higher up (y grows).
    const p = [{ x: 150, y: 400 }, { x: 250, y: 400 }], q = p.map((f) => ({ x: f.x, y: f.y + 100 }));
    await t.start(p);
    await page.waitForTimeout(60);
    await t.glide(page, p, q);
    await t.end();
    const panned = await waitStatus(page, (s) => { const v = view(s); return v && v.at[1] !== v1.at[1]; }, 'the view to pan');
    const v2 = view(panned);
    const dy = v2.at[1] - v1.at[1];
    if (dy > 0 && Math.abs(v2.zoom - v1.zoom) < 0.02 && Math.abs(v2.at[0] - v1.at[0]) < 0.25 * dy) ok(`two-finger pan moved the view's centre ${v1.at} → ${v2.at} at zoom ${v2.zoom}`);
    else fail(`two-finger pan: view ${JSON.stringify(v1)} → ${JSON.stringify(v2)}`);
    const c3 = centre(panned);
    if (!(c3 && c3[0] === c1[0] && c3[1] === c1[1])) fail(`the pan moved the circle: ${c1} → ${c3}`);
    await shot(page, 'touch-4-panned');
    await scrolled(page, 'after the pan');
    await context.close();
  }

  // ----------------------------------------------------------------------------- the phone: long press
  {
    const { context, page, cdp } = await open(`${SCENE}&overlay=distance`, PHONE, 'long press');
    const t = toucher(cdp);
    await page.waitForTimeout(500);
    const before = await status(page);
    if (/Long press/.test(before)) fail('the status speaks of a long press before any');
    // Empty canvas near the left edge, mid-height: no handle there (the scene is centred).
    const p = { x: 24, y: 300 };
    await t.start([p]);
    const during = await waitStatus(page, (s) => /Long press at/.test(s), 'the long press read-out', 5000).catch((e) => { fail(e.message); return ''; });
    const said = during.match(/Long press at \([^)]*\): distance to the box -?[0-9]+(?:\.[0-9]+)?/);
    if (said) ok(`a long press shows the hover read-out: "${said[0]}"`);
    await shot(page, 'touch-5-long-press');
    await t.end();
    await waitStatus(page, (s) => !/Long press/.test(s), 'the read-out to end with the finger', 5000)
      .then(() => ok('lifting the finger ends the long press'))
      .catch((e) => fail(e.message));
    await scrolled(page, 'after the long press');
    await context.close();
  }

  // ----------------------------------------------------------------------------- device scale 3: buffer capped at 2
  {
    const { context, page } = await open(SCENE, { ...PHONE, deviceScaleFactor: 3 }, 'dpr 3');
    await page.waitForTimeout(500);
    const r = await page.evaluate(() => { const c = document.getElementById('glcanvas'); return { w: c.width, cw: c.clientWidth, h: c.height, ch: c.clientHeight, dpr: window.devicePixelRatio }; });
    const k = r.w / r.cw;
    if (r.dpr === 3 && Math.abs(k - 2) < 0.01 && Math.abs(r.h / r.ch - 2) < 0.01) ok(`at devicePixelRatio 3 the drawing buffer is ${r.w}×${r.h} for ${r.cw}×${r.ch} CSS px (2×)`);
    else fail(`at devicePixelRatio ${r.dpr} the buffer is ${r.w}×${r.h} for ${r.cw}×${r.ch} CSS px (want 2×)`);
    await shot(page, 'touch-6-dpr3');
    await context.close();
  }

  // ----------------------------------------------------------------------------- the desktop, a mouse
  {
    const { context, page } = await open(SCENE.replace('&panel=off', ''), { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }, 'desktop');
    await page.waitForTimeout(500);
    const c0 = centre(await status(page));
    const found = await findCircle(page);
    if (!c0 || !found) throw new Error('desktop: the circle is not found');
    await page.mouse.move(found.x, found.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) { await page.mouse.move(found.x + 8 * i, found.y); await page.waitForTimeout(20); }
    await page.mouse.up();
    const s = await waitStatus(page, (x) => { const c = centre(x); return c && c[0] !== c0[0]; }, 'the mouse drag');
    const c1 = centre(s);
    if (c1[0] > c0[0] + 0.2 && Math.abs(c1[1] - c0[1]) < 0.05) ok(`desktop: a mouse drag moved the circle ${c0} → ${c1}`);
    else fail(`desktop: the mouse drag moved the circle ${c0} → ${c1}`);
    if (/View zoomed|Long press/.test(s)) fail(`desktop: the status speaks of touch: ${s}`);
    const k = await page.evaluate(() => document.getElementById('glcanvas').width / document.getElementById('glcanvas').clientWidth);
    if (k !== 1) fail(`desktop: buffer scale ${k}, not 1`);
    await shot(page, 'touch-7-desktop');
    await context.close();
  }
} catch (e) {
  fail(`error: ${e.stack || e}`);
}
await finish('touch.test: ok');
