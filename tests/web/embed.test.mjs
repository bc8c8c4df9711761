// tests/web/embed.test.mjs — a scene embedded in a course page (embed=1), in a real browser (run through
// scripts/test-web.sh).
//
//   node tests/web/embed.test.mjs URL OUT_DIR
//
// URL is the served dist/ folder. A host page (a course page: a heading, a paragraph, an <iframe> of 480x320
// showing index.html#embed=1&…) is served by the test itself at URL/embed-host.html (Playwright's request
// routing: nothing is written into dist/). For a still scene and a motion scene it checks, in the frame:
// no console error or warning, no page error, no failed request; the canvas covers the frame and no pixel
// has the panel's colour; the toolbar's buttons are drawn where src/app/embed.rs puts them; the circle drags
// with the mouse and with a touch; Reset brings back the embedded scene; Play moves the motion scene; the
// link over the toolbar's last button is the full demo's address on the same scene without embed=1, and a
// click on it opens that address in a new tab. Then a direct page (index.html#embed=1&tour=3) at a 480x320
// viewport: the same checks of errors, panel and link. Screenshots go to OUT_DIR (embed-*.png).
//
// Pixels: the page asks WebGL to keep its last frame (preserveDrawingBuffer, index.html), so the frame's
// drawing buffer is read at any time with gl.readPixels (`gl` is the glue's context).
import { join } from 'node:path';
import { start } from './harness.mjs';

const { url, outDir, fail, ok, check, newPage: harnessPage, firstFrame, finish } = await start('embed');

// src/app/embed.rs: BUTTON_PX, GAP_PX, EDGE_PX; the column at the canvas's top right.
const BUTTON = 44, GAP = 6, EDGE = 8;
const FRAME = { width: 480, height: 320 };
const button = (i) => ({ x: FRAME.width - EDGE - BUTTON, y: EDGE + i * (BUTTON + GAP), w: BUTTON, h: BUTTON });
const centre = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
// Colours: src/ui PANEL_FILL (the panel's background), palette::SEPARATED (the circle, apart from the box).
const PANEL = [32, 35, 43];
const SEPARATED = [70, 205, 255];

const STILL = 'embed=1&algorithm=arvo&circle=-3,1,1&box=0,0,4,2';
const MOTION = 'embed=1&circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide';
const TOUR = 'embed=1&tour=3';
const IFRAME_AT = { x: 40, y: 90 }; // where the host page puts the frame (CSS px)

const hostPage = (fragment) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A course page</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px sans-serif; background: #fff; }
iframe { position: absolute; left: ${IFRAME_AT.x}px; top: ${IFRAME_AT.y}px; border: 0; }
h1 { margin: 0; padding: 16px 40px; font-size: 24px; }</style></head>
<body><h1>Lecture 3: circle against box</h1>
<iframe id="demo" src="index.html#${fragment}" width="${FRAME.width}" height="${FRAME.height}"
  title="circle-aabb-lab: interactive scene"></iframe>
<p style="position:absolute; top:${IFRAME_AT.y + FRAME.height + 10}px; left:40px">Drag the circle onto the box.</p>
</body></html>`;

async function newPage(label, viewport) {
  return harnessPage({ where: label, viewport, deviceScaleFactor: 1, hasTouch: true });
}

// The app in the frame started and painted its first frame (the harness waits, asking for frames meanwhile).
async function started(frame, where) {
  if (await firstFrame(frame)) {
    await frame.waitForTimeout(600);
    return true;
  }
  fail(`${where}: the app did not start within 30 s`);
  return false;
}

// Reads the frame's pixels (CSS px rectangle, whole canvas if absent) and reports: how many pixels are
// within `tol` of each colour asked for, and the bounding box of those of the first colour.
async function pixels(frame, colours, region, tol = 3) {
  return frame.evaluate(([colours, region, tol]) => {
    const g = window.gl, w = g.drawingBufferWidth, h = g.drawingBufferHeight;
    const px = new Uint8Array(w * h * 4);
    g.readPixels(0, 0, w, h, g.RGBA, g.UNSIGNED_BYTE, px);
    const s = w / g.canvas.clientWidth;
    const r = region || { x: 0, y: 0, w: w / s, h: h / s };
    const counts = colours.map(() => 0);
    let box = null, total = 0;
    for (let y = Math.floor(r.y * s); y < Math.min(h, (r.y + r.h) * s); y++) {
      for (let x = Math.floor(r.x * s); x < Math.min(w, (r.x + r.w) * s); x++) {
        const i = ((h - 1 - y) * w + x) * 4;
        total++;
        colours.forEach((c, k) => {
          if (Math.abs(px[i] - c[0]) <= tol && Math.abs(px[i + 1] - c[1]) <= tol && Math.abs(px[i + 2] - c[2]) <= tol) {
            counts[k]++;
            if (k === 0) {
              const X = x / s, Y = y / s;
              box = box ? { x0: Math.min(box.x0, X), y0: Math.min(box.y0, Y), x1: Math.max(box.x1, X), y1: Math.max(box.y1, Y) } : { x0: X, y0: Y, x1: X, y1: Y };
            }
          }
        });
      }
    }
    return { counts, box, total, size: [w / s, h / s] };
  }, [colours, region, tol]);
}

// The share of the right half of the canvas in the panel's colour: the panel, when shown, is a strip at the
// right (240 px of a 480 px window: all of that half); a dark zone of the scene comes near its colour in places.
async function panelShare(frame) {
  const half = await pixels(frame, [PANEL], { x: FRAME.width / 2, y: 0, w: FRAME.width / 2, h: FRAME.height }, 2);
  return half.counts[0] / half.total;
}

const hashOf = (frame) => frame.evaluate(() => decodeURIComponent(window.location.hash.slice(1)));
const withoutEmbed = (text) => text.split('&').filter((p) => p && p !== 'embed=1').join('&');

// The frame's common checks: the canvas covers the frame, no panel, the toolbar drawn, the link's address.
async function frameChecks(frame, where, buttons) {
  const geometry = await frame.evaluate(() => {
    const c = document.getElementById('glcanvas').getBoundingClientRect();
    return { canvas: [c.left, c.top, c.width, c.height], view: [window.innerWidth, window.innerHeight] };
  });
  check(
    geometry.canvas.join() === `0,0,${geometry.view[0]},${geometry.view[1]}` && geometry.view.join() === `${FRAME.width},${FRAME.height}`,
    `${where}: the canvas covers the frame (${geometry.canvas.join(' ')} in ${geometry.view.join('x')})`,
  );
  const panel = await panelShare(frame);
  check(panel < 0.05, `${where}: no panel (${(100 * panel).toFixed(1)} % of the right half in the panel's colour)`);
  // Each button: a plate drawn (its pixels differ from each other: an icon on it), the column's place.
  for (let i = 0; i < buttons; i++) {
    const b = button(i);
    const distinct = await frame.evaluate((b) => {
      const g = window.gl, h = g.drawingBufferHeight, s = g.drawingBufferWidth / g.canvas.clientWidth;
      const px = new Uint8Array(4 * Math.round(b.w * s));
      const seen = new Set();
      for (const f of [0.3, 0.5, 0.7]) {
        g.readPixels(Math.round(b.x * s), h - 1 - Math.round((b.y + b.h * f) * s), Math.round(b.w * s), 1, g.RGBA, g.UNSIGNED_BYTE, px);
        for (let i = 0; i < px.length; i += 4) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
      }
      return seen.size;
    }, b);
    check(distinct >= 3, `${where}: toolbar button ${i + 1} drawn at ${b.x},${b.y} (${distinct} colours across it)`);
  }
  const link = await frame.evaluate(() => {
    const a = document.getElementById('embed-link');
    if (!a) return null;
    const r = a.getBoundingClientRect();
    return { href: a.href, target: a.target, rect: [r.left, r.top, r.width, r.height], label: a.textContent };
  });
  if (!link) return fail(`${where}: no #embed-link in the frame`);
  const b = button(buttons - 1);
  check(link.rect.join() === [b.x, b.y, b.w, b.h].join(), `${where}: the link lies over the last button (${link.rect.join(' ')})`);
  check(link.target === '_blank', `${where}: the link opens a new tab`);
  const base = frame.url().split('#')[0];
  const [linkBase, linkHash] = [link.href.split('#')[0], decodeURIComponent(link.href.split('#')[1] || '')];
  check(linkBase === base && !/(^|&)embed=/.test(linkHash), `${where}: the link is the full demo's address, no embed (${link.href})`);
  return { link, linkHash };
}

// The host page's frame: the still scene.
{
  const { context, page } = await newPage('host (still)', { width: 600, height: 480 });
  await page.route(`${url}embed-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(STILL) }));
  await page.goto(`${url}embed-host.html`, { waitUntil: 'load' });
  const frame = page.frame({ url: /index\.html/ });
  if (frame && (await started(frame, 'still'))) {
    const first = await frameChecks(frame, 'still', 2);
    if (first) {
      // The link says the same scene: its keys are the scene's own (the shapes, the algorithm).
      for (const key of ['algorithm=arvo', 'circle=-3,1,1', 'box=0,0,4,2']) {
        check(first.linkHash.split('&').includes(key), `still: the link's scene has ${key}`);
      }
    }
    await page.screenshot({ path: join(outDir, 'embed-still.png') });
    // The circle: its outline's colour, below the status lines and left of the toolbar.
    const region = { x: 0, y: 50, w: FRAME.width - 60, h: FRAME.height - 50 };
    const found = await pixels(frame, [SEPARATED], region, 30);
    if (!found.box) fail('still: the circle is not found');
    else {
      const c = { x: (found.box.x0 + found.box.x1) / 2, y: (found.box.y0 + found.box.y1) / 2 };
      const at = (p) => ({ x: IFRAME_AT.x + p.x, y: IFRAME_AT.y + p.y });
      // A mouse drag, 70 px right.
      await page.mouse.move(at(c).x, at(c).y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(at(c).x + 7 * i, at(c).y, { steps: 1 });
      await page.mouse.up();
      await page.waitForTimeout(500);
      const dragged = await hashOf(frame);
      check(!dragged.includes('circle=-3,1,1') && /circle=/.test(dragged) && dragged.includes('embed=1'),
        `still: a mouse drag moved the circle (the frame's address: #${dragged})`);
      await page.screenshot({ path: join(outDir, 'embed-still-dragged.png') });
      // The link follows the scene: the frame's address without embed=1.
      const href = await frame.evaluate(() => document.getElementById('embed-link').href);
      check(decodeURIComponent(href.split('#')[1]) === withoutEmbed(dragged), `still: the link is the dragged scene without embed (${href})`);
      // Reset (the first button): back to the scene as embedded.
      await page.mouse.click(at(centre(button(0))).x, at(centre(button(0))).y);
      await page.waitForTimeout(500);
      const reset = await hashOf(frame);
      check(reset.includes('circle=-3,1,1') && reset.includes('embed=1'), `still: Reset brings back the embedded scene (#${reset})`);
      // A touch drag, 60 px down (CDP touch events at the host page's coordinates).
      const cdp = await context.newCDPSession(page);
      const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
      await touch('touchStart', at(c));
      for (let i = 1; i <= 12; i++) {
        await page.waitForTimeout(20);
        await touch('touchMove', at({ x: c.x, y: c.y + 5 * i }));
      }
      await touch('touchEnd');
      await page.waitForTimeout(500);
      const touched = await hashOf(frame);
      check(!touched.includes('circle=-3,1,1') && touched.includes('embed=1'), `still: a touch drag moved the circle (#${touched})`);
      // A tap on Reset (a touch target).
      await touch('touchStart', at(centre(button(0))));
      await page.waitForTimeout(60);
      await touch('touchEnd');
      await page.waitForTimeout(500);
      check((await hashOf(frame)).includes('circle=-3,1,1'), 'still: a tap on Reset brings back the embedded scene');
      // The link, clicked: a new tab on the full demo's address.
      const expected = await frame.evaluate(() => document.getElementById('embed-link').href);
      const [tab] = await Promise.all([
        context.waitForEvent('page', { timeout: 10000 }),
        page.mouse.click(at(centre(button(1))).x, at(centre(button(1))).y),
      ]).catch((e) => [fail(`still: clicking the link opened no tab (${e.message})`)]);
      if (tab) {
        await tab.waitForLoadState('load');
        check(tab.url() === expected, `still: the link opened ${tab.url()}`);
        if (await started(tab.mainFrame(), 'full demo tab')) {
          await tab.setViewportSize({ width: 1000, height: 640 }).catch(() => {});
          await tab.waitForTimeout(800);
          const full = await pixels(tab.mainFrame(), [PANEL]);
          check(full.counts[0] > 0.1 * full.total, `full demo tab: the panel is there (${full.counts[0]} of ${full.total} pixels)`);
          check(!(await tab.evaluate(() => document.getElementById('embed-link'))), 'full demo tab: no embed link');
          await tab.screenshot({ path: join(outDir, 'embed-full-demo-tab.png') });
        }
      }
    }
  }
  await context.close();
}

// The host page's frame: the motion scene (Play, Step).
{
  const { context, page } = await newPage('host (motion)', { width: 600, height: 480 });
  await page.route(`${url}embed-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: hostPage(MOTION) }));
  await page.goto(`${url}embed-host.html`, { waitUntil: 'load' });
  const frame = page.frame({ url: /index\.html/ });
  if (frame && (await started(frame, 'motion'))) {
    const first = await frameChecks(frame, 'motion', 4);
    if (first) check(first.linkHash.split('&').includes('motion=on'), 'motion: the link\'s scene is in motion mode');
    await page.screenshot({ path: join(outDir, 'embed-motion.png') });
    const at = (p) => ({ x: IFRAME_AT.x + p.x, y: IFRAME_AT.y + p.y });
    const read = () => frame.evaluate(() => {
      const g = window.gl, px = new Uint8Array(g.drawingBufferWidth * g.drawingBufferHeight * 4);
      g.readPixels(0, 0, g.drawingBufferWidth, g.drawingBufferHeight, g.RGBA, g.UNSIGNED_BYTE, px);
      let h = 0;
      for (let i = 0; i < px.length; i += 4) h = (h * 31 + px[i] + 7 * px[i + 1] + 13 * px[i + 2]) >>> 0;
      return h;
    });
    const still = await read();
    // Play: the animation runs (frames differ), the button shows Pause.
    await page.mouse.click(at(centre(button(1))).x, at(centre(button(1))).y);
    await page.waitForTimeout(250);
    const a = await read();
    await page.waitForTimeout(250);
    const b = await read();
    check(a !== still || b !== still, 'motion: Play starts the animation (the picture changes)');
    await page.screenshot({ path: join(outDir, 'embed-motion-playing.png') });
    // Step: stops it and moves to the next stage; a second Step, another picture.
    await page.mouse.click(at(centre(button(2))).x, at(centre(button(2))).y);
    await page.waitForTimeout(400);
    const s1 = await read();
    await page.mouse.click(at(centre(button(2))).x, at(centre(button(2))).y);
    await page.waitForTimeout(400);
    const s2 = await read();
    check(s1 !== s2, 'motion: Step moves the animation on');
    await page.waitForTimeout(400);
    check((await read()) === s2, 'motion: after Step the picture stands still');
    // Reset: the embedded scene again (the frame's address).
    await page.mouse.click(at(centre(button(0))).x, at(centre(button(0))).y);
    await page.waitForTimeout(400);
    check((await hashOf(frame)).includes('embed=1'), 'motion: still embedded after Reset');
  }
  await context.close();
}

// A direct page at a 480x320 viewport: a tour step.
{
  const { context, page } = await newPage('direct', FRAME);
  await page.goto(`${url}index.html#${TOUR}`, { waitUntil: 'load' });
  const frame = page.mainFrame();
  if (await started(frame, 'direct')) {
    const first = await frameChecks(frame, 'direct', 2);
    if (first) check(/(^|&)tour=/.test(first.linkHash), `direct: the link keeps the tour step (${first.linkHash})`);
    // H must not bring the panel back.
    await page.keyboard.press('h');
    await page.waitForTimeout(400);
    const after = await panelShare(frame);
    check(after < 0.05, `direct: H does not bring the panel back (${(100 * after).toFixed(1)} % panel colour)`);
    await page.screenshot({ path: join(outDir, 'embed-direct-tour.png') });
  }
  await context.close();
}

await finish('embed: all checks passed');
