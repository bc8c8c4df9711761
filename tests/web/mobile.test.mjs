// tests/web/mobile.test.mjs — the page on phones and tablets (issue 25's layouts), in a real browser (run
// through scripts/test-web.sh).
//
//   node tests/web/mobile.test.mjs URL OUT_DIR
//
// URL is the served dist/ folder. Headless Chromium with touch (hasTouch, isMobile, device scale 2) at 390x844
// (phone, portrait: the bottom sheet), 844x390 (phone, landscape: the drawer) and 820x1180 (tablet, portrait:
// the sheet). The app reports its layout and its widgets' rectangles in CSS px as `window.__layout`
// (src/app/layout.rs report, through web/a11y.js). At each size: no console error or warning, page error or
// failed request (the harness); no widget's rectangle leaves the viewport and the panel's content is no wider
// than its scroll area; a touch drag moves the circle (its centre read from the aria-live status line before and
// after); in portrait the canvas covers >= 60 % of the screen with the sheet collapsed, and the sheet opens (a
// tap on the handle, a drag up, the ▲ button) and closes (its rectangle's height changes each time); in
// landscape the drawer opens (≡) and shuts (its × button, a tap on the canvas beside it). Then every mode
// (motion, playground, Play, 3D, quiz, a tour step) at the phone's size and the landscape one, the sheet or
// drawer opened, and embed=1 (the toolbar's layout: no sheet). Screenshots of the three sizes (and 1280x800, the
// wide layout) go to OUT_DIR (mobile-*.png).
import { join } from 'node:path';
import { start } from './harness.mjs';

const { url, outDir, fail, ok, check, newPage, finish } = await start('mobile');

// Arvo, a circle of radius 1 left of a 4x2 box (tests/web/scene.mjs); its outline is palette::SEPARATED.
const SCENE = 'algorithm=arvo&circle=-3,1,1&box=0,0,4,2';
const SEPARATED = [70, 205, 255];
const SIZES = [
  { name: 'phone', width: 390, height: 844, kind: 'sheet' },
  { name: 'phone-landscape', width: 844, height: 390, kind: 'drawer' },
  { name: 'tablet', width: 820, height: 1180, kind: 'sheet' },
];
const MODES = [
  ['motion', 'circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide'],
  ['playground', 'playground=on&level=flush-floor&race=on&ball=22.5,1.484375,0.5&steps=150'],
  ['play', 'play=on&level=course-run'],
  ['3d', 'view=3d'],
  ['quiz', 'quiz=7'],
  ['tour', 'tour=3'],
];

async function open(label, viewport, fragment, touch = true) {
  const { context, page } = await newPage({
    where: label,
    viewport,
    ...(touch ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { deviceScaleFactor: 1 }),
  });
  await page.goto(`${url}index.html#${fragment}`, { waitUntil: 'load' });
  try {
    // Started (the loader's message gone) and the layout reported; frames asked for meanwhile.
    await page.waitForFunction(() => {
      window.__harness.wake();
      return window.__layout && !document.getElementById('status');
    }, null, { timeout: 40000, polling: 100 });
    await page.waitForTimeout(500);
  } catch {
    fail(`${label}: the app did not start (no window.__layout) within 40 s`);
    await context.close();
    return null;
  }
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

const layoutOf = (page) => page.evaluate(() => window.__layout);
const statusOf = (page) => page.evaluate(() => document.getElementById('a11y-status').textContent);
const centreOf = (text) => {
  const m = /Circle centre \((-?[\d.]+), (-?[\d.]+)\)/.exec(text.replace(/−/g, '-'));
  return m ? [Number(m[1]), Number(m[2])] : null;
};
const area = (r) => r[2] * r[3];
const mid = (r) => ({ x: r[0] + r[2] / 2, y: r[1] + r[3] / 2 });

// Waits until the layout satisfies `pred` (a frame asked for meanwhile); returns it, or null.
async function layoutWhen(page, pred, timeout = 8000) {
  try {
    await page.waitForFunction((src) => {
      window.__harness.wake();
      return window.__layout && new Function('l', `return ${src}`)(window.__layout);
    }, pred, { timeout, polling: 100 });
    await page.waitForTimeout(150);
    return layoutOf(page);
  } catch {
    return null;
  }
}

// Every rectangle inside the viewport (half a pixel to spare), and the panel's content no wider than its area.
// (The content is as high as the sections: it scrolls. The circle is the scene's, and may leave the canvas.)
function inside(layout, where) {
  const [, , vw, vh] = layout.viewport;
  const out = Object.entries(layout.rects).filter(([k]) => k !== 'circle').filter(([k, r]) =>
    r[0] < -0.5 || r[0] + r[2] > vw + 0.5 || r[2] < 0 ||
    (k !== 'content' && (r[1] < -0.5 || r[1] + r[3] > vh + 0.5 || r[3] < 0)));
  check(out.length === 0, `${where}: every widget inside the ${vw}x${vh} viewport (${Object.keys(layout.rects).join(', ')})` +
    (out.length ? `; outside: ${JSON.stringify(out)}` : ''));
  const { content, scroll } = layout.rects;
  if (content && scroll) {
    check(content[2] <= scroll[2] + 1, `${where}: the panel's content (${content[2]} px wide) fits its area (${scroll[2]} px)`);
  }
}

// A touch: CDP touch events (a real touch stream: touchstart, moves, touchend), `steps` moves from a to b.
async function touchDrag(s, a, b, steps = 12) {
  const send = (type, p) => s.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await send('touchStart', a);
  await s.page.waitForTimeout(60);
  for (let i = 1; i <= steps; i++) {
    await send('touchMove', { x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps });
    await s.page.waitForTimeout(25);
  }
  await send('touchEnd');
  await s.page.waitForTimeout(200);
}
const tap = (s, p) => touchDrag(s, p, p, 1);

// How many of the four points (left, right, top, bottom) on the circle's rim show its outline's colour.
async function rimColour(page, circle) {
  return page.evaluate(([c, p]) => {
    const g = window.gl, h = g.drawingBufferHeight, s = g.drawingBufferWidth / g.canvas.clientWidth;
    const px = new Uint8Array(4 * 25);
    let hits = 0;
    for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const x = Math.round((p.x + (dx * p.d) / 2) * s) - 2, y = h - 1 - Math.round((p.y + (dy * p.d) / 2) * s) - 2;
      g.readPixels(x, y, 5, 5, g.RGBA, g.UNSIGNED_BYTE, px);
      let hit = false;
      for (let i = 0; i < px.length; i += 4) {
        if (Math.abs(px[i] - c[0]) < 40 && Math.abs(px[i + 1] - c[1]) < 40 && Math.abs(px[i + 2] - c[2]) < 40) hit = true;
      }
      if (hit) hits++;
    }
    return hits;
  }, [SEPARATED, circle]);
}

// --------------------------------------------------------------------------- the three sizes
for (const size of SIZES) {
  const viewport = { width: size.width, height: size.height };
  const where = `${size.name} ${size.width}x${size.height}`;
  const s = await open(where, viewport, SCENE);
  if (!s) continue;
  const { page } = s;
  let l = await layoutOf(page);
  check(l.kind === size.kind, `${where}: the ${size.kind} layout (${l.kind})`);
  check(l.viewport[2] === size.width && l.viewport[3] === size.height, `${where}: the app's window is the viewport (${l.viewport})`);
  inside(l, where);
  await page.screenshot({ path: join(outDir, `mobile-${size.name}.png`) });
  const canvas = l.rects.canvas;
  const share = area(canvas) / (size.width * size.height);
  if (size.kind === 'sheet') {
    check(l.sheet === 'collapsed' && share >= 0.6, `${where}: the sheet collapsed, the canvas covers ${(100 * share).toFixed(1)} % (>= 60 %)`);
    check(canvas[2] === size.width && canvas[1] === 0, `${where}: the canvas on top at full width (${canvas})`);
  } else {
    check(share >= 0.99 && l.rects.menu, `${where}: the canvas covers the window (${(100 * share).toFixed(1)} %), a ≡ button`);
  }

  // A touch drag moves the circle: 60 px down and 40 px right from its centre; the status line says where.
  const before = centreOf(await statusOf(page));
  const c = l.rects.circle;
  const circle = c && { ...mid(c), d: c[2] };
  // The app's word for where the circle is, checked against the pixels: its outline's colour at its rim.
  const rim = circle && await rimColour(page, circle);
  if (!before || !circle) {
    fail(`${where}: the circle not found (status ${JSON.stringify(before)}, layout ${JSON.stringify(c)})`);
  } else {
    check(rim >= 3, `${where}: the circle's outline is drawn where the layout says (${rim} of 4 rim points)`);
    check(circle.d >= 44, `${where}: the circle is ${circle.d.toFixed(0)} CSS px across (a finger can grab it)`);
    await touchDrag(s, circle, { x: circle.x + 40, y: circle.y + 60 });
    let after = null;
    for (let i = 0; i < 30 && !(after && (after[0] !== before[0] || after[1] !== before[1])); i++) {
      await page.waitForTimeout(100);
      after = centreOf(await statusOf(page));
    }
    check(after && after[0] > before[0] && after[1] < before[1],
      `${where}: a touch drag moved the circle right and down (centre ${before} -> ${after})`);
  }

  if (size.kind === 'sheet') {
    const collapsed = l.rects.panel[3];
    // A tap on the handle: half height.
    await tap(s, mid(l.rects.handle));
    l = await layoutWhen(page, "l.sheet === 'half'");
    check(l && l.rects.panel[3] > collapsed + 100, `${where}: a tap on the handle opens the sheet half way (${collapsed} -> ${l && l.rects.panel[3]} px high)`);
    if (l) {
      inside(l, `${where}, sheet half open`);
      await page.screenshot({ path: join(outDir, `mobile-${size.name}-sheet-half.png`) });
      const half = l.rects.panel[3];
      // The ▲ button: full height.
      await tap(s, mid(l.rects.sheet_button));
      l = await layoutWhen(page, "l.sheet === 'full'");
      check(l && l.rects.panel[3] > half + 50, `${where}: ▲ pulls the sheet to full height (${half} -> ${l && l.rects.panel[3]} px)`);
      if (l) {
        inside(l, `${where}, sheet full`);
        check(l.rects.canvas[3] > 0, `${where}: a strip of the canvas stays above the full sheet (${l.rects.canvas[3]} px)`);
        // A tap on the handle: collapsed again.
        await tap(s, mid(l.rects.handle));
        l = await layoutWhen(page, "l.sheet === 'collapsed'");
        check(l && l.rects.panel[3] === collapsed, `${where}: a tap on the handle collapses the sheet (${l && l.rects.panel[3]} px)`);
      }
    }
    // A drag up on the handle opens it a step, a drag down closes it.
    if (l) {
      const h = mid(l.rects.handle);
      await touchDrag(s, h, { x: h.x, y: h.y - 120 });
      l = await layoutWhen(page, "l.sheet === 'half'");
      check(l !== null, `${where}: a drag up on the handle opens the sheet`);
      if (l) {
        const h2 = mid(l.rects.handle);
        await touchDrag(s, h2, { x: h2.x, y: h2.y + 120 });
        l = await layoutWhen(page, "l.sheet === 'collapsed'");
        check(l !== null, `${where}: a drag down on the handle collapses it`);
      }
    }
  } else {
    // The drawer: ≡ opens it over the canvas, × shuts it; a tap on the canvas beside it shuts it too.
    await tap(s, mid(l.rects.menu));
    l = await layoutWhen(page, 'l.drawer === true && l.rects.close');
    check(l !== null, `${where}: a tap on ≡ opens the drawer`);
    if (l) {
      inside(l, `${where}, drawer open`);
      const d = l.rects.panel;
      check(d[2] <= 0.5 * size.width && d[3] === size.height && l.rects.canvas[2] === size.width,
        `${where}: a narrow drawer (${d}) over the canvas (still ${l.rects.canvas[2]} px wide)`);
      await page.screenshot({ path: join(outDir, `mobile-${size.name}-drawer.png`) });
      await tap(s, mid(l.rects.close));
      l = await layoutWhen(page, 'l.drawer === false && l.rects.menu');
      check(l !== null, `${where}: a tap on × shuts the drawer`);
    }
    if (l) {
      await tap(s, mid(l.rects.menu));
      l = await layoutWhen(page, 'l.drawer === true');
      if (l) {
        await tap(s, { x: 40, y: size.height / 2 });
        l = await layoutWhen(page, 'l.drawer === false');
        check(l !== null, `${where}: a tap on the canvas beside the drawer shuts it`);
      }
    }
  }
  await s.context.close();
}

// --------------------------------------------------------------------------- every mode, phone and landscape
for (const size of SIZES.slice(0, 2)) {
  for (const [mode, fragment] of MODES) {
    const where = `${size.name}, ${mode}`;
    const s = await open(where, { width: size.width, height: size.height }, fragment);
    if (!s) continue;
    let l = await layoutOf(s.page);
    inside(l, where);
    // Opened: the sheet half way, or the drawer.
    if (size.kind === 'sheet') {
      await tap(s, mid(l.rects.handle));
      l = await layoutWhen(s.page, "l.sheet === 'half' && l.rects.content");
    } else {
      await tap(s, mid(l.rects.menu));
      l = await layoutWhen(s.page, 'l.drawer === true && l.rects.content');
    }
    check(l !== null, `${where}: the panel opens`);
    if (l) inside(l, `${where}, opened`);
    if (size.name === 'phone') await s.page.screenshot({ path: join(outDir, `mobile-${size.name}-${mode}.png`) });
    await s.context.close();
  }
}

// --------------------------------------------------------------------------- embed=1 keeps its toolbar
{
  const where = 'phone, embed=1';
  const s = await open(where, { width: 390, height: 844 }, `embed=1&${SCENE}`);
  if (s) {
    const l = await layoutOf(s.page);
    check(l.kind === 'wide' && !l.rects.panel && !l.rects.menu && area(l.rects.canvas) === 390 * 844,
      `${where}: no sheet, no drawer, the canvas on the whole window (${JSON.stringify(l.rects)})`);
    await s.context.close();
  }
}

// --------------------------------------------------------------------------- 1280x800: the wide layout
{
  const where = 'desktop 1280x800';
  const s = await open(where, { width: 1280, height: 800 }, SCENE, false);
  if (s) {
    const l = await layoutOf(s.page);
    check(l.kind === 'wide', `${where}: the side panel (${l.kind})`);
    inside(l, where);
    const p = l.rects.panel;
    check(p && Math.abs(p[0] + p[2] - 1280) < 1 && Math.abs(l.rects.canvas[2] - p[0]) < 1,
      `${where}: the panel at the right edge (${p}), the canvas left of it (${l.rects.canvas})`);
    await s.page.screenshot({ path: join(outDir, 'mobile-1280x800.png') });
    await s.context.close();
  }
}

await finish('mobile.test.mjs: all checks passed');
