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
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENE } from './scene.mjs';
import { RENDER_SCENES, measure, line as costLine, circlePointer, POINTER_SPOT } from './fps.mjs';
import { start } from './harness.mjs';

const { url, outDir, browser, fail, ok, info, newPage, open, capture, finish } = await start('browser');
const VIEW = { width: 1280, height: 800 };

// --------------------------------------------------------------------------- in-page instrumentation
// Runs before any page script, after the harness's probe (tests/web/harness.mjs), which counts the app's
// frames (`frames`, `firstFrameAt`, `paintedAt`), wakes it (`wake()`), keeps its WebGL context (`gl`) and
// reads the drawing buffer right after a frame when asked (`capture(page, name)` -> `reads[name]`; always
// until the first painted frame). `window.__webtest` is that probe with this test's pixel analyses added.
function instrument() {
  const t = (window.__webtest = window.__harness);
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
  // Where a colour is in a read: the bounding box (CSS px) and count of the pixels within `tol` of
  // rgb inside `region` {x, y, w, h} (CSS px); rows are grouped into bands separated by >= `gap` rows
  // without a match, so separate widgets of one colour come back as separate boxes, top first.
  t.find = function (name, rgb, tol, region, gap = 4, minPerRow = 1) {
    const r = t.reads[name], s = r.scale, bands = [];
    const x0 = Math.max(0, Math.floor(region.x * s)), x1 = Math.min(r.w, Math.ceil((region.x + region.w) * s));
    const y0 = Math.max(0, Math.floor(region.y * s)), y1 = Math.min(r.h, Math.ceil((region.y + region.h) * s));
    const need = Math.max(1, Math.round(minPerRow * s));
    let band = null, lastHit = -1e9;
    for (let y = y0; y < y1; y++) {
      const row = (r.h - 1 - y) * r.w;
      let n = 0, lo = Infinity, hi = -1;
      for (let x = x0; x < x1; x++) {
        const i = (row + x) * 4;
        if (Math.abs(r.px[i] - rgb[0]) <= tol && Math.abs(r.px[i + 1] - rgb[1]) <= tol && Math.abs(r.px[i + 2] - rgb[2]) <= tol) {
          n++; lo = Math.min(lo, x); hi = Math.max(hi, x);
        }
      }
      if (n < need) continue; // a row with a stray pixel or a thin vertical line is no part of a widget
      if (!band || y - lastHit >= gap) { band = { n: 0, x0: lo, x1: hi, y0: y, y1: y }; bands.push(band); }
      band.n += n; band.x0 = Math.min(band.x0, lo); band.x1 = Math.max(band.x1, hi); band.y1 = y;
      lastHit = y;
    }
    return bands.map((b) => ({
      n: b.n, x: b.x0 / s, y: b.y0 / s, w: (b.x1 - b.x0 + 1) / s, h: (b.y1 - b.y0 + 1) / s,
      cx: (b.x0 + b.x1 + 1) / 2 / s, cy: (b.y0 + b.y1 + 1) / 2 / s,
    }));
  };
  // the pixels of a read inside a CSS-px rectangle that are within `tol` of rgb, as a list of offsets
  // (what a line of text in that colour looks like, whatever is drawn behind it)
  t.mask = function (name, rect, rgb, tol) {
    const r = t.reads[name], s = r.scale, out = [];
    const x0 = Math.floor(rect.x * s), x1 = Math.min(r.w, Math.ceil((rect.x + rect.w) * s));
    const y0 = Math.floor(rect.y * s), y1 = Math.min(r.h, Math.ceil((rect.y + rect.h) * s));
    for (let y = y0; y < y1; y++) {
      const row = (r.h - 1 - y) * r.w;
      for (let x = x0; x < x1; x++) {
        const i = (row + x) * 4;
        if (Math.abs(r.px[i] - rgb[0]) <= tol && Math.abs(r.px[i + 1] - rgb[1]) <= tol && Math.abs(r.px[i + 2] - rgb[2]) <= tol)
          out.push((y - y0) * (x1 - x0) + (x - x0));
      }
    }
    return out;
  };
  // the colour at a CSS-px point of a read, as [r, g, b]
  t.at = function (name, x, y) {
    const r = t.reads[name];
    const bx = Math.floor(x * r.scale), by = r.h - 1 - Math.floor(y * r.scale);
    const i = (by * r.w + bx) * 4;
    return [r.px[i], r.px[i + 1], r.px[i + 2]];
  };
}

const diff = (page, a, b, rect) => page.evaluate(([a, b, rect]) => window.__webtest.diff(a, b, rect), [a, b, rect]);
const around = (p, r) => ({ x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r });
const settle = (page, ms = 400) => page.waitForTimeout(ms);
// Wait until the app has drawn `n` more frames: input must not outrun a slow frame loop (SwiftShader on
// a busy machine can drop to a few frames per second).
async function frames(page, n = 2) {
  const start = await page.evaluate(() => window.__webtest.frames);
  await page.waitForFunction(([s, n]) => {
    const t = window.__webtest;
    if (t.frames >= s + n) return true;
    t.wake();
    return false;
  }, [start, n], { timeout: 10000, polling: 20 });
}
// The frames the app draws in 1 s with no input (none for a still scene: it draws on demand), and its
// frames per second over 3 s while the pointer moves over the canvas (each move an input, each frame
// drawn in full), printed under `label`; returned for the caller's checks.
async function measureFps(page, label) {
  const snap = () => page.evaluate(() => [window.__webtest.frames, performance.now()]);
  const i0 = await snap();
  await page.waitForTimeout(1000);
  const i1 = await snap();
  const f0 = await snap();
  await circlePointer(page, POINTER_SPOT.x, POINTER_SPOT.y, 3000);
  const f1 = await snap();
  const fps = (f1[0] - f0[0]) / ((f1[1] - f0[1]) / 1000);
  const idle = i1[0] - i0[0];
  info(label, `${fps.toFixed(1)} while the pointer moves (${f1[0] - f0[0]} frames in ${((f1[1] - f0[1]) / 1000).toFixed(2)} s); ${idle} frames in 1 s without input`);
  return { fps, idle };
}
// The banner's text (algorithm name and verdict, in the verdict's colour) of a read, as pixel offsets.
const bannerText = (page, name) => page.evaluate(([name, rect, rgb]) => window.__webtest.mask(name, rect, rgb, 24),
  [name, SCENE.bannerRegion, SCENE.colours.separated]);
// share of pixels in which two banner texts differ (0: same text, ~1: nothing in common)
function textDistance(a, b) {
  const A = new Set(a), B = new Set(b);
  let common = 0;
  for (const v of A) if (B.has(v)) common++;
  const union = A.size + B.size - common;
  return union ? 1 - common / union : 0;
}


// --------------------------------------------------------------------------- accessibility
// The app's controls table, read from its Rust source: the one list the panel's help shows and the page
// must list as text (`("keys", "what they do"),` rows of `pub const CONTROLS`).
function controlsTable() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const src = readFileSync(join(root, SCENE.a11y.controls), 'utf8');
  const block = src.slice(src.indexOf('pub const CONTROLS'), src.indexOf('];', src.indexOf('pub const CONTROLS')));
  return [...block.matchAll(/\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\s*,?\s*\)/g)].map((m) => [m[1], m[2]]);
}

const missing = (text, words) => words.filter((w) => !text.includes(w));

// Counts changes of the status line from now on (window.__a11yMutations).
const observeStatus = (page) => page.evaluate(() => {
  window.__a11yMutations = 0;
  new MutationObserver((records) => { window.__a11yMutations += records.length; })
    .observe(document.getElementById('a11y-status'), { childList: true, characterData: true, subtree: true });
});
const statusText = (page) => page.evaluate(() => document.getElementById('a11y-status').textContent);
const mutations = (page) => page.evaluate(() => window.__a11yMutations);

// The status line, the shortcuts list, the canvas's role and label, and prefers-reduced-motion.
async function accessibility() {
  const A = SCENE.a11y;
  {
    const { page, context, painted } = await openPage(SCENE.fragment, { label: 'a11y: ' });
    if (painted) {
      await settle(page);
      // The roles a screen reader sees (the accessibility tree, not just attributes).
      const app = await page.getByRole('application', { name: /circle-aabb-lab/ }).count();
      const live = await page.evaluate(() => {
        const el = document.getElementById('a11y-status');
        return el ? { live: el.getAttribute('aria-live'), role: el.getAttribute('role') } : null;
      });
      if (app !== 1) fail(`a11y: the canvas is not one role="application" with a label naming the app (${app} found)`);
      if (!live || live.live !== 'polite') fail(`a11y: no aria-live="polite" status element (${JSON.stringify(live)})`);
      const statusRole = await page.getByRole('status').count();
      if (statusRole !== 1) fail(`a11y: ${statusRole} elements with the status role after loading (the loading message must be gone, the status line there)`);
      const loaded = await statusText(page);
      info('a11y_status', JSON.stringify(loaded));
      const gone = missing(loaded, A.loaded);
      if (gone.length) fail(`a11y: the status line after loading lacks ${JSON.stringify(gone)}`);
      else ok('a11y: the status line names the algorithm, its verdict, the exact state, the zone and the response');
      const flag = await page.evaluate(() => document.documentElement.dataset.reducedMotion);
      if (flag !== 'off' || loaded.includes(A.reduced)) fail(`a11y: reduced motion reported without the preference (data-reduced-motion=${flag})`);

      // Not rewritten while nothing changes: 1 s of the pointer moving over the canvas (a frame drawn
      // per move, the scene unchanged).
      await observeStatus(page);
      const f0 = await page.evaluate(() => window.__webtest.frames);
      await circlePointer(page, POINTER_SPOT.x, POINTER_SPOT.y, 1000);
      const idle = await mutations(page);
      const framesIdle = (await page.evaluate(() => window.__webtest.frames)) - f0;
      info('a11y_idle_writes', `${idle} writes of the status line in 1 s of pointer moves that change nothing (${framesIdle} frames drawn)`);
      if (idle !== 0 || framesIdle < 1) fail(`a11y: the status line was rewritten ${idle} times in 1 s of moves that change nothing (${framesIdle} frames)`);

      // The keyboard shortcuts as text, equal to the app's controls table.
      const listed = await page.evaluate(() => [...document.querySelectorAll('#a11y-shortcuts dt')]
        .map((dt) => [dt.textContent, dt.nextElementSibling ? dt.nextElementSibling.textContent : null]));
      const table = controlsTable();
      info('a11y_shortcuts', `${listed.length} rows on the page, ${table.length} in ${A.controls}`);
      if (table.length < 5) fail(`a11y: could not read the controls table from ${A.controls} (${table.length} rows)`);
      else if (JSON.stringify(listed) !== JSON.stringify(table)) {
        const i = listed.findIndex((r, k) => JSON.stringify(r) !== JSON.stringify(table[k]));
        fail(`a11y: the page's shortcuts differ from the app's table (first at row ${i}: page ${JSON.stringify(listed[i])}, table ${JSON.stringify(table[i])})`);
      } else ok('a11y: the page lists every row of the controls table, in order');

      // A drag of the circle onto the box's centre: nothing written mid-drag, one new text after it.
      await capture(page, 'a11y');
      const [circle, box] = await page.evaluate(([C, region]) => {
        const t = window.__webtest, big = (b) => b.sort((p, q) => q.n - p.n)[0] || null;
        return [big(t.find('a11y', C.separated, C.tolerance, region, 40)), big(t.find('a11y', C.boxEdge, C.tolerance, region, 40))];
      }, [SCENE.colours, SCENE.sceneRegion]);
      if (!circle || !box) fail('a11y: the circle or the box was not found for the drag');
      else {
        await page.mouse.move(circle.cx, circle.cy);
        await frames(page);
        await page.mouse.down();
        await frames(page);
        await page.mouse.move(box.cx, box.cy, { steps: 20 });
        await frames(page, 3);
        const midDrag = await mutations(page);
        await page.mouse.up();
        await settle(page);
        const dropped = await statusText(page);
        const after = await mutations(page);
        info('a11y_drag', `circle dragged onto the box: ${midDrag} writes mid-drag, ${after - midDrag} after release: ${JSON.stringify(dropped)}`);
        const lacks = missing(dropped, A.onBox);
        if (midDrag !== 0) fail(`a11y: the status line was written ${midDrag} times during the drag`);
        if (after - midDrag < 1 || dropped === loaded) fail('a11y: the status line did not change after a drag that changed the state');
        else if (lacks.length) fail(`a11y: after the drag the status line lacks ${JSON.stringify(lacks)}`);
        else ok('a11y: the status line follows a drag (written once, after the release)');
      }

      // The browser's preference changing while the page is open: the app follows it.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await frames(page, 3);
      await settle(page);
      const [flagNow, textNow] = await page.evaluate(() =>
        [document.documentElement.dataset.reducedMotion, document.getElementById('a11y-status').textContent]);
      if (flagNow !== 'on' || !textNow.includes(A.reduced)) fail(`a11y: prefers-reduced-motion turned on while open, app reports data-reduced-motion=${flagNow}, status ${JSON.stringify(textNow)}`);
      else ok('a11y: prefers-reduced-motion turned on while the page is open: the app follows');
    }
    await context.close();
  }
  {
    // Reduced motion from the start: the playground, which runs by itself otherwise, waits paused.
    const { page, context, painted } = await openPage(SCENE.playground.fragment, { label: 'a11y reduced motion: ', reducedMotion: 'reduce' });
    if (painted) {
      await settle(page);
      const flag = await page.evaluate(() => document.documentElement.dataset.reducedMotion);
      const text = await statusText(page);
      info('a11y_reduced_motion', `data-reduced-motion=${flag}; status ${JSON.stringify(text)}`);
      const lacks = missing(text, [...A.playgroundPaused, A.reduced]);
      if (flag !== 'on' || lacks.length) fail(`a11y: with prefers-reduced-motion the app does not report it or the playground runs (lacks ${JSON.stringify(lacks)})`);
      else ok('a11y: prefers-reduced-motion: reported, and the playground waits paused');
      await page.screenshot({ path: join(outDir, '10-reduced-motion.png') });
    }
    await context.close();
  }
}

// --------------------------------------------------------------------------- the keyboard alone
const regionText = (page, id) => page.evaluate((id) => document.getElementById(id).textContent, id);
// Waits (up to 10 s, waking the app) until the element's text passes `test`; its text then, or null.
async function waitText(page, id, test) {
  try {
    await page.waitForFunction(([id, src]) => {
      const t = document.getElementById(id).textContent;
      if (new Function('t', `return ${src}`)(t)) return true;
      window.__webtest.wake();
      return false;
    }, [id, test], { timeout: 10000, polling: 50 });
  } catch { return null; }
  return regionText(page, id);
}
// Presses Tab until the page's focus region names a widget matching `re` (at most `max` presses); the
// region's text then, or null. Each press waits for the app's frames: input must not outrun the loop.
async function tabUntil(page, re, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    await frames(page, 2);
    const t = await regionText(page, 'a11y-focus');
    if (re.test(t)) return { text: t, presses: i + 1 };
  }
  return null;
}

// The panel with the keyboard alone: the errata's Show button and a motion preset reached with Tab and
// pressed with Space / Enter, their effect read from the page's text; a tour link's scene and text.
async function keyboardOnly() {
  const K = SCENE.keyboard;
  {
    const { page, context, painted } = await openPage(SCENE.fragment, { label: 'keyboard: ' });
    if (painted) {
      await settle(page);
      const before = await statusText(page);
      const header = await tabUntil(page, K.errataHeader);
      if (!header) fail(`keyboard: Tab never reached the errata section (focus region: ${JSON.stringify(await regionText(page, 'a11y-focus'))})`);
      else {
        await page.keyboard.press('Space');
        await frames(page, 3);
        const show = await tabUntil(page, K.show, 10);
        if (!show) fail('keyboard: after Space opened the errata, Tab did not reach a Show button');
        else {
          await page.screenshot({ path: join(outDir, '14-keyboard-focus-show.png') });
          await page.keyboard.press('Enter');
          const lesson = await waitText(page, 'a11y-lesson', `t.startsWith(${JSON.stringify(K.erratum.lesson)})`);
          const status = await statusText(page);
          info('keyboard_erratum', `Tab ×${header.presses}, Space, Tab ×${show.presses}, Enter: lesson ${JSON.stringify(lesson)}; status ${JSON.stringify(status)}`);
          const lacks = missing(status, K.erratum.status);
          if (!lesson) fail(`keyboard: Enter on the focused Show button did not put the erratum's text in the lesson region (${JSON.stringify(await regionText(page, 'a11y-lesson'))})`);
          else if (lacks.length || status === before) fail(`keyboard: after Enter on Show the status line lacks ${JSON.stringify(lacks)}: ${JSON.stringify(status)}`);
          else ok(`keyboard: Tab ×${header.presses + show.presses}, Space and Enter loaded erratum 1 (its scene and its whole text on the page)`);
        }
      }
      // Esc: the keys are the canvas's again, and the page says so.
      await page.keyboard.press('Escape');
      const back = await waitText(page, 'a11y-focus', `t.startsWith(${JSON.stringify(K.canvas)})`);
      if (!back) fail(`keyboard: Esc did not give the keys back to the canvas (focus region: ${JSON.stringify(await regionText(page, 'a11y-focus'))})`);
      else ok('keyboard: Esc gives the keys back to the canvas (the page says so)');
      // Motion: Space on the switch, Enter on the tunnelling preset.
      const sw = await tabUntil(page, K.motionSwitch);
      if (!sw) fail('keyboard: Tab never reached the motion switch');
      else {
        await page.keyboard.press('Space');
        const on = await waitText(page, 'a11y-status', 't.startsWith("Motion mode.")');
        const preset = on && await tabUntil(page, K.preset);
        if (!on) fail(`keyboard: Space on the motion switch did not turn motion mode on: ${JSON.stringify(await statusText(page))}`);
        else if (!preset) fail('keyboard: Tab never reached the tunnelling preset');
        else {
          // The focus ring (src/ui/focus.rs FOCUS_RING) drawn on the panel, which scrolled to the preset.
          await settle(page, 800);
          await capture(page, 'focus-preset');
          const ring = await page.evaluate(([rgb, region]) =>
            window.__webtest.find('focus-preset', rgb, 24, region).reduce((n, b) => n + b.n, 0), [K.ring, SCENE.panelRegion]);
          info('keyboard_focus_ring', `${ring} px of the focus ring's colour on the panel`);
          if (ring < 80) fail(`keyboard: no focus ring on the panel around the focused preset (${ring} px)`);
          else ok(`keyboard: the focused preset is on screen with its focus ring (${ring} px)`);
          await page.screenshot({ path: join(outDir, '15-keyboard-focus-preset.png') });
          await page.keyboard.press('Enter');
          const src = `${JSON.stringify(K.presetStatus)}.every((w) => t.includes(w))`;
          const status = await waitText(page, 'a11y-status', src);
          info('keyboard_preset', `Space on the switch, Tab ×${preset.presses}, Enter: ${JSON.stringify(status || await statusText(page))}`);
          if (!status) fail(`keyboard: Enter on the focused tunnelling preset did not load it: ${JSON.stringify(await statusText(page))}`);
          else ok(`keyboard: Space turned motion on, Tab ×${preset.presses} and Enter loaded the tunnelling preset`);
          await page.screenshot({ path: join(outDir, '16-keyboard-preset-loaded.png') });
        }
      }
    }
    await context.close();
  }
  {
    // A tour link: step 5's own scene, and its whole text in the lesson region.
    const { page, context, painted } = await openPage(K.tour.fragment, { label: 'tour link: ' });
    if (painted) {
      await settle(page);
      const status = await waitText(page, 'a11y-status', `${JSON.stringify(K.tour.status)}.every((w) => t.includes(w))`);
      const lesson = await regionText(page, 'a11y-lesson');
      info('tour_link', `#${K.tour.fragment}: status ${JSON.stringify(status || await statusText(page))}; lesson ${JSON.stringify(lesson)}`);
      if (!status) fail(`tour link: #${K.tour.fragment} does not show step 5's scene: ${JSON.stringify(await statusText(page))}`);
      else if (!lesson.startsWith(K.tour.lesson)) fail(`tour link: the lesson region does not hold step 5's whole text: ${JSON.stringify(lesson)}`);
      else ok(`tour link: #${K.tour.fragment} shows step 5's scene, and the page holds its whole text`);
      await page.screenshot({ path: join(outDir, '17-tour-link-step-5.png') });
    }
    await context.close();
  }
}

// --------------------------------------------------------------------------- browser
info('browser', `chromium ${browser.version()}`);

// A fresh context (no cache, no storage) and page at URL#fragment, every error reported as a failure;
// waits for the app's first painted frame.
let neverPainted = false; // once a page never painted, the others would only wait for the same timeout
async function openPage(fragment, { viewport = VIEW, deviceScaleFactor = 1, label = '', reducedMotion = 'no-preference', query = '' } = {}) {
  if (neverPainted) return { page: null, context: { close: async () => {} }, painted: false };
  const where = `${label}page #${fragment || ''}`;
  const { context, page } = await newPage({ where, viewport, deviceScaleFactor, hasTouch: true, reducedMotion, init: instrument });
  if (!(await open(page, query + (fragment ? `#${fragment}` : ''), { where, timeout: 20000 }))) {
    info('note', 'a page never painted: the other pages are skipped');
    neverPainted = true;
    return { page, context, painted: false };
  }
  return { page, context, painted: true };
}

try {
  // ------------------------------------------------------------------------- reference banners
  // The banner text each algorithm the test will pick shows for this scene, from pages opened with that
  // algorithm in the fragment: what clicking the panel and pressing a digit must lead to.
  const reference = {};
  for (const id of [SCENE.pick.id, SCENE.key.id]) {
    const { page, context, painted } = await openPage(SCENE.fragment.replace(/algorithm=[^&]*/, `algorithm=${id}`), { label: 'reference ' });
    if (painted) {
      await settle(page);
      await capture(page, 'reference');
      reference[id] = await bannerText(page, 'reference');
      // The canvas text is egui's Ubuntu Light (thin strokes, antialiased): fewer pixels reach the exact
      // colour than macroquad's old bitmap-like font gave, hence 60, not 200.
      if (reference[id].length < 60) fail(`reference page for ${id}: no banner text found (${reference[id].length} px)`);
    }
    await context.close();
  }

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
    const { fps, idle } = await measureFps(page, 'fps');
    if (fps < 1) fail('the app stopped drawing frames while the pointer moved (fewer than 1 per second)');
    // A still scene draws nothing (the first frames, egui's settling, are long past).
    if (idle > 2) fail(`a still scene drew ${idle} frames in 1 s without input (frames are drawn on demand)`);
    else ok(`a still scene drew ${idle} frames in 1 s without input; ${fps.toFixed(1)} fps while the pointer moved`);

    const status = await page.$('#status');
    if (status && (await status.isVisible())) fail('the loading message is still shown after the first frame');
    else ok('loading message removed');

    await capture(page, 'loaded');
    const colours = await page.evaluate(() => window.__webtest.colours(window.__webtest.reads.loaded, 4));
    info('colours', `${colours} distinct colours inside the canvas`);
    if (colours < 8) fail(`canvas nearly blank: ${colours} colours`);
    await page.screenshot({ path: join(outDir, '1-loaded.png') });

    // ----------------------------------------------------------------------- the scene is the fragment's
    // The fragment puts the circle left of the box, apart from it: a separated (sky-blue) circle must be
    // found left of the box's (violet) outline. The default scene's circle is right of the box.
    const C = SCENE.colours;
    const locate = async (name) => page.evaluate(([name, C, region]) => {
      const t = window.__webtest;
      // the band with the most matching pixels: stray antialiased pixels elsewhere form small bands
      const biggest = (bands) => bands.sort((p, q) => q.n - p.n)[0] || null;
      return { circle: biggest(t.find(name, C.separated, C.tolerance, region, 40)), box: biggest(t.find(name, C.boxEdge, C.tolerance, region, 40)) };
    }, [name, C, SCENE.sceneRegion]);
    // circle centre relative to the box, in box widths/heights (independent of the view's zoom and pan)
    const relative = (s) => ({ x: (s.circle.cx - s.box.x) / s.box.w, y: (s.circle.cy - s.box.y) / s.box.h });
    const fmt = (b) => `${Math.round(b.w)}x${Math.round(b.h)} at (${Math.round(b.cx)}, ${Math.round(b.cy)})`;
    const start = await locate('loaded');
    let sceneOk = false;
    if (!start.circle || !start.box) {
      fail(`scene from the fragment not found on the canvas (sky-blue circle: ${start.circle ? 'yes' : 'no'}, box outline: ${start.box ? 'yes' : 'no'})`);
    } else if (Math.abs(start.circle.w - start.circle.h) > 6 || start.circle.w < 30) {
      fail(`the sky-blue shape is not a circle: ${fmt(start.circle)}`);
    } else if (start.circle.cx >= start.box.x) {
      fail(`circle ${fmt(start.circle)} is not left of the box ${fmt(start.box)}`);
    } else {
      sceneOk = true;
      ok(`scene from the URL fragment: circle ${fmt(start.circle)}, box ${fmt(start.box)}`);
    }

    // ----------------------------------------------------------------------- mouse drag of the circle
    if (sceneOk) {
      const from = { x: start.circle.cx, y: start.circle.cy };
      const to = { x: from.x + SCENE.drag.dx, y: from.y + SCENE.drag.dy };
      await page.mouse.move(from.x, from.y);
      await frames(page);
      await page.mouse.down();
      await frames(page);
      await page.mouse.move(to.x, to.y, { steps: 20 });
      await frames(page);
      await page.mouse.up();
      await settle(page);
      await capture(page, 'dragged');
      const changed = await diff(page, 'loaded', 'dragged', SCENE.sceneRegion);
      const after = await locate('dragged');
      if (!after.circle || !after.box) fail('after the mouse drag the circle or the box is gone');
      else {
        const r0 = relative(start), r1 = relative(after);
        const expected = SCENE.drag.dx / start.box.w;
        info('mouse_drag', `${SCENE.drag.dx},${SCENE.drag.dy} px: ${changed} px of the scene changed; circle centre ` +
          `${r0.x.toFixed(2)} -> ${r1.x.toFixed(2)} box widths from the box's left edge (expected about ${(r0.x + expected).toFixed(2)})`);
        if (changed < 500 || Math.abs(r1.x - r0.x - expected) > 0.35 * Math.abs(expected)) fail('mouse drag did not move the circle as far as the pointer went');
      }
      await page.screenshot({ path: join(outDir, '2-mouse-drag.png') });
    }

    // ----------------------------------------------------------------------- the panel: pick an algorithm
    // Open the panel's algorithm combo box (the first wide widget-coloured band in the panel, near its top
    // wherever the rest of the panel grows), then click the row just below the selected one in its list:
    // the registry's next algorithm. Whatever the layout, the canvas banner must then be that algorithm's.
    const bands = (name, rgb, tol) => page.evaluate(([name, rgb, tol, region]) =>
      window.__webtest.find(name, rgb, tol, region, 2, 40), [name, rgb, tol, SCENE.panelRegion]);
    await capture(page, 'before-click');
    // (>= 280 px: the header's row of buttons, Reset to Tour, is a widget-coloured band too, ~230 px wide)
    const combo = (await bands('before-click', C.widget, 2)).find((b) => b.w >= 280 && b.h >= 14 && b.h <= 40);
    if (!combo) fail(`the algorithm combo box was not found in the panel (widget-coloured bands: ${JSON.stringify((await bands('before-click', C.widget, 2)).slice(0, 6).map((b) => [b.x, b.y, b.w, b.h].map(Math.round)))})`);
    else {
      // egui lays a popup out in a first, invisible pass and shows it in a later frame: look a few times.
      const openList = async () => {
        for (let tries = 0; tries < 8; tries++) {
          await frames(page, 3);
          await capture(page, 'combo-open');
          // The list's selected row: the one wide selection-coloured band (the other selected things in the
          // panel, chips and toggles, are narrow). Not placed relative to the combo box as captured before
          // the click: clicking it focuses it, and the panel may scroll it into view, list and all.
          const sel = (await bands('combo-open', C.selection, 2)).find((b) => b.w >= 280 && b.h >= 12);
          if (sel) return sel;
        }
        return null;
      };
      await page.mouse.click(combo.x + 40, combo.cy);
      let sel = await openList();
      if (!sel) {
        // Seen on a loaded machine: the list was open on the screen (3-combo-not-open.png showed it) while
        // the captures missed it, and a second click then closed it. So first wake the page and look again
        // without clicking; click again only if the list is still not found.
        await page.screenshot({ path: join(outDir, '3-combo-not-open.png') });
        info('algorithm_click_retry', 'no list found after the first click (3-combo-not-open.png); looking again');
        await page.mouse.move(combo.x + 40, combo.cy);
        await frames(page, 3);
        sel = await openList();
        if (!sel) {
          info('algorithm_click_retry', 'still no list: clicking again');
          await page.mouse.click(combo.x + 40, combo.cy);
          sel = await openList();
        }
      }
      if (!sel) fail('no selected row in the opened combo box');
      else {
        const at = { x: sel.x + 30, y: sel.cy + sel.h + 2 };
        await page.mouse.click(at.x, at.y);
        await frames(page, 3);
        await settle(page);
        await capture(page, 'clicked');
        const before = textDistance(await bannerText(page, 'before-click'), reference[SCENE.pick.id] || []);
        const after = textDistance(await bannerText(page, 'clicked'), reference[SCENE.pick.id] || []);
        info('algorithm_click', `combo box at (${Math.round(combo.cx)}, ${Math.round(combo.cy)}), then the row below the selected one at ` +
          `(${Math.round(at.x)}, ${Math.round(at.y)}): banner vs ${SCENE.pick.id}'s ${before.toFixed(2)} -> ${after.toFixed(2)} apart`);
        if (!(before > 0.3 && after < 0.2)) fail(`after clicking in the panel the canvas banner is not ${SCENE.pick.id}'s`);
        await page.screenshot({ path: join(outDir, '3-algorithm-click.png') });
      }
    }

    // ----------------------------------------------------------------------- keyboard: a digit picks an algorithm
    await page.mouse.move(SCENE.sceneRegion.x + 20, SCENE.sceneRegion.y + 20); // off the panel (egui may take keys)
    await frames(page);
    await capture(page, 'before-key');
    await page.keyboard.press(String(SCENE.key.digit));
    await frames(page, 3);
    await settle(page);
    await capture(page, 'key');
    const keyBefore = textDistance(await bannerText(page, 'before-key'), reference[SCENE.key.id] || []);
    const keyAfter = textDistance(await bannerText(page, 'key'), reference[SCENE.key.id] || []);
    info('key', `pressed ${SCENE.key.digit}: banner vs ${SCENE.key.id}'s ${keyBefore.toFixed(2)} -> ${keyAfter.toFixed(2)} apart`);
    if (!(keyBefore > 0.3 && keyAfter < 0.2)) fail(`key ${SCENE.key.digit} did not select ${SCENE.key.id}`);
    await page.screenshot({ path: join(outDir, '3-key.png') });

    // ----------------------------------------------------------------------- touch drag (CDP touch events)
    if (sceneOk) {
      await capture(page, 'before-touch');
      const s0 = await locate('before-touch');
      if (!s0.circle || !s0.box) fail('before the touch drag the circle or the box is not found');
      else {
        const cdp = await context.newCDPSession(page);
        const p0 = { x: s0.circle.cx, y: s0.circle.cy }, p1 = { x: p0.x + SCENE.touch.dx, y: p0.y + SCENE.touch.dy };
        const touch = (type, p) =>
          cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
        await touch('touchStart', p0);
        await frames(page);
        for (let i = 1; i <= 15; i++) {
          await page.waitForTimeout(20);
          await touch('touchMove', { x: p0.x + ((p1.x - p0.x) * i) / 15, y: p0.y + ((p1.y - p0.y) * i) / 15 });
        }
        await frames(page);
        await touch('touchEnd');
        await settle(page);
        await capture(page, 'touched');
        const changed = await diff(page, 'before-touch', 'touched', SCENE.sceneRegion);
        const s1 = await locate('touched');
        if (!s1.circle || !s1.box) fail('after the touch drag the circle or the box is gone');
        else {
          const r0 = relative(s0), r1 = relative(s1), expected = SCENE.touch.dy / s0.box.h;
          info('touch_drag', `${SCENE.touch.dx},${SCENE.touch.dy} px: ${changed} px of the scene changed; circle centre ` +
            `${r0.y.toFixed(2)} -> ${r1.y.toFixed(2)} box heights below the box's top edge (expected about ${(r0.y + expected).toFixed(2)})`);
          if (changed < 500 || Math.abs(r1.y - r0.y - expected) > 0.35 * Math.abs(expected)) fail('touch drag did not move the circle as far as the finger went');
        }
      }
      await page.screenshot({ path: join(outDir, '4-touch-drag.png') });

      // A phone has no hover: a tap on the panel, then a drag on the canvas must still move the circle.
      await capture(page, 'before-tap');
      const s2 = await locate('before-tap');
      if (s2.circle && s2.box) {
        const cdp = await context.newCDPSession(page);
        const touch = (type, p) =>
          cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 2 }] : [] });
        const tap = { x: SCENE.panelRegion.x + SCENE.panelRegion.w / 2, y: 12 }; // the panel's title line
        await touch('touchStart', tap);
        await frames(page);
        await touch('touchEnd');
        await frames(page, 3);
        const p0 = { x: s2.circle.cx, y: s2.circle.cy }, p1 = { x: p0.x, y: p0.y - SCENE.touch.dy };
        await touch('touchStart', p0);
        await frames(page);
        for (let i = 1; i <= 15; i++) {
          await page.waitForTimeout(20);
          await touch('touchMove', { x: p0.x, y: p0.y + ((p1.y - p0.y) * i) / 15 });
        }
        await frames(page);
        await touch('touchEnd');
        await settle(page);
        await capture(page, 'after-tap');
        const s3 = await locate('after-tap');
        const moved = s3.circle && s3.box ? relative(s3).y - relative(s2).y : NaN;
        const expected = -SCENE.touch.dy / s2.box.h;
        info('touch_after_panel_tap', `tap on the panel, then drag up ${SCENE.touch.dy} px: circle moved ${moved.toFixed(2)} box heights (expected about ${expected.toFixed(2)})`);
        if (!(Math.abs(moved - expected) <= 0.35 * Math.abs(expected))) fail('after a tap on the panel, a touch drag on the circle did not move it');
        await page.screenshot({ path: join(outDir, '4-touch-after-panel-tap.png') });
      }
    }

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
  let dpr1PanelWidth = null, dpr2PanelWidth = null;
  {
    const { page, context, painted } = await openPage(SCENE.fragment, { viewport: { width: 800, height: 600 }, label: '800x600: ' });
    if (painted) {
      await settle(page);
      await capture(page, 'dpr1');
      dpr1PanelWidth = await page.evaluate(([C]) => window.__webtest.find('dpr1', C.panel, 1, { x: 0, y: 3, w: 800, h: 1 })
        .reduce((n, b) => n + b.n, 0), [SCENE.colours]);
    }
    await context.close();
  }
  {
    const { page, context, painted } = await openPage(SCENE.fragment,
      { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2, label: 'devicePixelRatio 2: ' });
    if (painted) {
      await settle(page);
      const b = await page.evaluate(() => { const c = document.querySelector('#glcanvas'); return `${c.width}x${c.height}`; });
      info('device_pixel_ratio_2', `800x600 window: drawing buffer ${b}`);
      if (b !== '1600x1200') fail(`with devicePixelRatio 2 the drawing buffer is ${b}, not 1600x1200`);
      // The panel must keep its size in CSS px (egui scaled by the DPI), not shrink to half: compare its
      // width (panel-coloured pixels along a row just below the top edge) with ratio 1's in the same window.
      await capture(page, 'dpr2');
      dpr2PanelWidth = await page.evaluate(([C]) => window.__webtest.find('dpr2', C.panel, 1, { x: 0, y: 3, w: 800, h: 1 })
        .reduce((n, b) => n + b.n, 0) / 4, [SCENE.colours]); // 2 rows of 2 px per CSS px
      await page.screenshot({ path: join(outDir, '6-dpr2.png') });
    }
    await context.close();
    info('panel_width', `800x600 window: ${dpr1PanelWidth} CSS px at ratio 1, ${dpr2PanelWidth} at ratio 2`);
    if (!dpr1PanelWidth || !dpr2PanelWidth || Math.abs(dpr2PanelWidth - dpr1PanelWidth) > 0.2 * dpr1PanelWidth)
      fail('with devicePixelRatio 2 the panel is not drawn at the same CSS size as with 1');
  }

  // ------------------------------------------------------------------------- only what changed is redrawn
  // The page keeps the last frame (preserveDrawingBuffer) and the app redraws only the canvas regions
  // that changed (src/render/damage.rs). The circle moves step by step across the distance field and
  // into the box (the verdict, the zone and the status change) and the pointer's read-out follows the
  // pointer; then the window (the canvas and egui's panel, which is redrawn only where it changed too)
  // must equal what a page that draws every frame in full (`?full-frames`) shows after the same input. (The same input on both: where a glyph lands in the font atlas depends
  // on the order text was first drawn, and at devicePixelRatio 2 that moves a few hundred text pixels
  // between pages whose history differs, whatever the redraw.) At 1280x800, at devicePixelRatio 2, and on a phone.
  // Also in motion mode, stepped with S (start → impact → end) and nudged, with its sweep and ghosts.
  const cases = [
    ['', {}, `${SCENE.fragment}&overlay=distance`, Array(30).fill('ArrowRight')],
    ['devicePixelRatio 2: ', { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 }, `${SCENE.fragment}&overlay=distance`, Array(30).fill('ArrowRight')],
    ['motion: ', {}, SCENE.motion.fragment, ['s', 's', 'ArrowUp', 'ArrowUp', 's', 'ArrowLeft', 'b', 's']],
    // A phone with the panel hidden: the sheet's bar stays, on its own background (it once kept the
    // pixels of earlier frames under it).
    ['phone, panel off: ', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }, `${SCENE.fragment}&panel=off`, Array(10).fill('ArrowRight')],
  ];
  for (const [label, opts, fragment, keys] of cases) {
    const spot = { x: 300, y: 330 };
    const steps = async (page) => {
      await settle(page);
      for (const key of keys) {
        await page.keyboard.press(key);
        await frames(page, 1);
      }
      await page.mouse.move(spot.x - 80, spot.y - 40);
      await frames(page, 2);
      await page.mouse.move(spot.x, spot.y, { steps: 5 });
      await frames(page, 2);
      await settle(page);
    };
    const a = await openPage(fragment, { ...opts, label: `partial redraw ${label}` });
    if (a.painted) {
      const keeps = await a.page.evaluate(() => window.__webtest.gl.getContextAttributes().preserveDrawingBuffer);
      if (!keeps) fail(`${label}the page's WebGL context does not keep its frames (preserveDrawingBuffer)`);
      await steps(a.page);
      await capture(a.page, 'partial');
      const pixels = await a.page.evaluate(() => {
        const px = window.__webtest.reads.partial.px;
        let s = '';
        for (let i = 0; i < px.length; i += 0x8000) s += String.fromCharCode.apply(null, px.subarray(i, i + 0x8000));
        return btoa(s);
      });
      await a.page.screenshot({ path: join(outDir, `6b-partial-redraw${label ? `-${label.split(' ')[0].replace(/\W/g, '')}` : ''}.png`) });
      const b = await openPage(fragment, { ...opts, label: `full frames ${label}`, query: '?full-frames' });
      if (b.painted) {
        await steps(b.page);
        await capture(b.page, 'full');
        // RGB differences in the whole window (the canvas and the panel), from the reads' rows (bottom-up).
        const { n, total, where } = await b.page.evaluate(([b64]) => {
          const bin = atob(b64);
          const B = window.__webtest.reads.full;
          if (bin.length !== B.px.length) return { n: -1, total: 0 };
          const s = B.scale, x1 = B.w;
          let n = 0, box = [Infinity, Infinity, -1, -1];
          for (let y = 0; y < B.h; y++)
            for (let x = 0; x < x1; x++) {
              const i = (y * B.w + x) * 4;
              if (bin.charCodeAt(i) !== B.px[i] || bin.charCodeAt(i + 1) !== B.px[i + 1] || bin.charCodeAt(i + 2) !== B.px[i + 2]) {
                n++;
                const top = (B.h - 1 - y) / s;
                box = [Math.min(box[0], x / s), Math.min(box[1], top), Math.max(box[2], x / s), Math.max(box[3], top)];
              }
            }
          return { n, total: x1 * B.h, where: n > 0 ? `CSS px x ${box[0]}..${box[2]}, y ${box[1]}..${box[3]}` : '' };
        }, [pixels]);
        await b.page.screenshot({ path: join(outDir, `6c-full-frames${label ? `-${label.split(' ')[0].replace(/\W/g, '')}` : ''}.png`) });
        if (n !== 0) fail(`${label}partial redraw: the window differs from the same scene drawn in full in ${n} of ${total} pixels (${where})`);
        else ok(`${label}partial redraw: after ${keys.length} keys and a moving pointer the window (canvas and panel) equals the full frames' pixel for pixel (${total} pixels)`);
      }
      await b.context.close();
    }
    await a.context.close();
  }

  // ------------------------------------------------------------------------- motion mode from the URL fragment
  {
    const { page, context, painted } = await openPage(SCENE.motion.fragment, { label: 'motion: ' });
    if (painted) {
      await settle(page);
      await capture(page, 'motion');
      const [arrow, mark] = await page.evaluate(([M, region]) => [
        window.__webtest.find('motion', M.velocity, 24, region).reduce((n, b) => n + b.n, 0),
        window.__webtest.find('motion', M.warning, 24, region).reduce((n, b) => n + b.n, 0),
      ], [SCENE.motion, SCENE.sceneRegion]);
      await page.screenshot({ path: join(outDir, '7-motion.png') });
      if (arrow < 200) fail(`motion scene from the URL fragment: velocity arrow not found (${arrow} px)`);
      else if (mark < 500) fail(`motion scene from the URL fragment: no TUNNELLED mark (${mark} px)`);
      else ok(`motion scene from the URL fragment: velocity arrow ${arrow} px, TUNNELLED mark ${mark} px, no console errors`);
    }
    await context.close();
  }

  // ------------------------------------------------------------------------- the playground from the URL fragment
  {
    const { page, context, painted } = await openPage(SCENE.playground.fragment, { label: 'playground: ' });
    if (painted) {
      await settle(page);
      await capture(page, 'playground');
      const P = SCENE.playground;
      const count = (name) => page.evaluate(([name, rgb, region]) =>
        window.__webtest.find(name, rgb, 6, region, 40).reduce((n, b) => n + b.n, 0), [name, P.cell, SCENE.sceneRegion]);
      const [floor, trail] = await page.evaluate(([P, region]) => [
        window.__webtest.find('playground', P.cell, 6, region, 40).sort((a, b) => b.n - a.n)[0],
        window.__webtest.find('playground', P.discrete, 24, region).reduce((n, b) => n + b.n, 0),
      ], [P, SCENE.sceneRegion]);
      await page.screenshot({ path: join(outDir, '8-playground.png') });
      if (!floor || floor.n < 3000) fail(`playground from the URL fragment: no tile floor drawn (${floor ? floor.n : 0} px)`);
      else if (trail < 100) fail(`playground from the URL fragment: no discrete-in-order trail or bumps (${trail} px)`);
      else {
        ok(`playground from the URL fragment: floor ${Math.round(floor.w)}x${Math.round(floor.h)} CSS px, discrete-in-order trail ${trail} px`);
        // Paint: a mouse drag along the row four cells above the floor (a cell is floor.h high).
        const before = await count('playground');
        const y = floor.y - 3.5 * floor.h;
        await page.mouse.move(floor.x + 0.2 * floor.w, y);
        await frames(page);
        await page.mouse.down();
        await frames(page);
        await page.mouse.move(floor.x + 0.6 * floor.w, y, { steps: 20 });
        await frames(page);
        await page.mouse.up();
        await settle(page);
        await capture(page, 'playground-painted');
        const after = await count('playground-painted');
        await page.screenshot({ path: join(outDir, '9-playground-painted.png') });
        const cell = floor.h * floor.h;
        if (after - before < 4 * cell) fail(`playground: the mouse drag painted no cells (${before} -> ${after} cell px)`);
        else ok(`playground: the mouse drag painted ${Math.round((after - before) / cell)} cells' worth of pixels, no console errors`);
      }
    }
    await context.close();
  }

  // ------------------------------------------------------------------------- Play: a few seconds with the keys
  // Run right, jump (Space held) up through the one-way platform and land on it; then ↓ + Space drops through
  // it to the floor; Enter races the run as ghosts; a finger on the right-hand touch pad runs again. Where the
  // character ends is read from the status line (it says where the character stands once it is at rest).
  {
    const P = SCENE.play;
    const { page, context, painted } = await openPage(P.fragment, { label: 'play: ' });
    if (painted) {
      await settle(page);
      const STANDS = /The character stands on (the ground|a one-way platform) at \((-?[\d.]+), (-?[\d.]+)\)\./;
      // The status line once the character is at rest again, its text differs from `before` and its place
      // passes `accept` (or whatever it says after 15 s).
      const rest = async (before, accept = () => true) => {
        const until = Date.now() + 15000;
        let text = '';
        while (Date.now() < until) {
          await page.evaluate(() => window.__webtest.wake());
          text = await statusText(page);
          const m = text !== before && text.match(STANDS);
          if (m && accept(Number(m[2]), Number(m[3]))) return { text, on: m[1], x: Number(m[2]), y: Number(m[3]) };
          await page.waitForTimeout(100);
        }
        return { text, on: null, x: NaN, y: NaN };
      };
      const start = await statusText(page);
      info('play_start', JSON.stringify(start));
      if (!start.includes(P.start)) fail(`play: the status line does not say where the character starts (${JSON.stringify(start)})`);
      await page.mouse.move(SCENE.sceneRegion.x + 200, SCENE.sceneRegion.y + 40); // off the panel and the pads
      await frames(page);
      const t0 = Date.now();
      await page.keyboard.down('ArrowRight');
      await page.waitForTimeout(350);
      await page.keyboard.down('Space');
      await page.waitForTimeout(450);
      await page.keyboard.up('Space');
      await page.waitForTimeout(300);
      await page.keyboard.up('ArrowRight');
      const landed = await rest(start);
      info('play_keys', `→ held 1.1 s, Space from 0.35 s to 0.8 s (${Date.now() - t0} ms with the waits): ${JSON.stringify(landed.text)}`);
      await page.screenshot({ path: join(outDir, '12-play-landed.png') });
      const onPlatform = landed.on === 'a one-way platform' && Math.abs(landed.y - P.platform.y) < 0.01
        && landed.x > P.platform.x[0] && landed.x < P.platform.x[1];
      if (!onPlatform) fail(`play: after running and jumping the character is not on the one-way platform (y ${P.platform.y}, x ${P.platform.x.join(' … ')}): ${JSON.stringify(landed.text)}`);
      else ok(`play: ran, jumped up through the one-way platform and landed on it at (${landed.x}, ${landed.y})`);
      // ↓ + Space: down through the platform, onto the floor below.
      await page.keyboard.down('ArrowDown');
      await page.keyboard.press('Space');
      await page.waitForTimeout(200);
      await page.keyboard.up('ArrowDown');
      const dropped = await rest(landed.text);
      info('play_drop', JSON.stringify(dropped.text));
      if (!(dropped.on === 'the ground' && Math.abs(dropped.y - P.floorY) < 0.01 && Math.abs(dropped.x - landed.x) < 0.5))
        fail(`play: down + jump did not drop the character through the platform onto the floor (y ${P.floorY}): ${JSON.stringify(dropped.text)}`);
      else ok(`play: down + jump dropped through the one-way platform to (${dropped.x}, ${dropped.y})`);
      // Enter: the run raced by every strategy's ghost; the character back at the start.
      await page.keyboard.press('Enter');
      try {
        await page.waitForFunction((race) => {
          if (document.getElementById('a11y-status').textContent.includes(race)) return true;
          window.__webtest.wake();
          return false;
        }, P.race, { timeout: 10000, polling: 50 });
        ok('play: Enter races the run: the status line names the ghost race');
      } catch {
        fail(`play: after Enter the status line does not name the ghost race: ${JSON.stringify(await statusText(page))}`);
      }
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(outDir, '13-play-race.png') });
      // The right-hand touch pad (a finger, CDP touch events) runs the character right from the start.
      const before = await statusText(page);
      const pad = { x: P.pad.gap * 2 + P.pad.size * 1.5, y: VIEW.height - P.pad.gap - P.pad.size / 2 };
      const cdp = await context.newCDPSession(page);
      const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 3 }] : [] });
      await touch('touchStart', pad);
      await page.waitForTimeout(600);
      await touch('touchEnd');
      const touched = await rest('', (x) => x > 3.0);
      info('play_touch', `right pad at (${pad.x}, ${pad.y}) for 0.6 s: ${JSON.stringify(touched.text)}`);
      if (!(touched.on === 'the ground' && touched.x > 3.0)) fail(`play: the right-hand touch pad did not run the character right: ${JSON.stringify(touched.text)}`);
      else ok(`play: the right-hand touch pad ran the character to (${touched.x}, ${touched.y})`);
    }
    await context.close();
  }

  // ------------------------------------------------------------------------- Play: Course 5, moving platforms
  // The scene's script walks the character onto the platform at the pit's edge and stands it still: the status
  // line says it rides a moving platform (it says so, not where, while it is carried). Then, placed on the moving
  // one-way platform over the start, ↓ + Space drops it through onto the floor.
  {
    const C = SCENE.platforms;
    const waitFor = async (page, words) => {
      const until = Date.now() + 15000;
      let text = '';
      while (Date.now() < until) {
        await page.evaluate(() => window.__webtest.wake());
        text = await statusText(page);
        if (text.includes(words)) return text;
        await page.waitForTimeout(100);
      }
      return null;
    };
    {
      const { page, context, painted } = await openPage(C.carried, { label: 'course 5: ' });
      if (painted) {
        const text = await waitFor(page, C.rides);
        await page.screenshot({ path: join(outDir, '18-course5-carried.png') });
        if (!text) fail(`course 5: the character is not carried by the moving platform: ${JSON.stringify(await statusText(page))}`);
        else ok(`course 5: walked onto the moving platform and is carried ("${C.rides}")`);
      }
      await context.close();
    }
    {
      const { page, context, painted } = await openPage(C.oneWay, { label: 'course 5 one-way: ' });
      if (painted) {
        const riding = await waitFor(page, C.ridesOneWay);
        await page.mouse.move(SCENE.sceneRegion.x + 200, SCENE.sceneRegion.y + 40);
        await page.keyboard.down('ArrowDown');
        await page.keyboard.press('Space');
        await page.waitForTimeout(200);
        await page.keyboard.up('ArrowDown');
        const down = await waitFor(page, C.floor);
        await page.screenshot({ path: join(outDir, '19-course5-dropped.png') });
        if (!riding) fail(`course 5: placed on the moving one-way platform, the status does not say it rides it: ${JSON.stringify(await statusText(page))}`);
        else if (!down) fail(`course 5: down + jump did not drop through the moving one-way platform: ${JSON.stringify(await statusText(page))}`);
        else ok('course 5: rode the moving one-way platform, down + jump dropped through it onto the floor');
      }
      await context.close();
    }
  }

  // ------------------------------------------------------------------------- accessibility: the page's text
  await accessibility();
  // ------------------------------------------------------------------------- the keyboard alone, a tour link
  await keyboardOnly();
  // ------------------------------------------------------------------------- the 3D view from the URL fragment
  {
    const { page, context, painted } = await openPage(SCENE.three.fragment, { label: '3d: ' });
    if (painted) {
      const T = SCENE.three;
      await settle(page, 1000);
      await measureFps(page, 'fps_3d'); // printed, never asserted
      await capture(page, 'three');
      const colours = await page.evaluate(() => window.__webtest.colours(window.__webtest.reads.three, 4));
      const banner = await page.evaluate(([T]) =>
        window.__webtest.find('three', T.banner, 12, T.bannerRegion).reduce((n, b) => n + b.n, 0), [T]);
      await page.screenshot({ path: join(outDir, '10-three.png') });
      // V: the same page in the 2D view.
      await page.mouse.move(SCENE.sceneRegion.x + 20, SCENE.sceneRegion.y + 20);
      await frames(page);
      await page.keyboard.press('v');
      await frames(page, 3);
      await settle(page);
      await capture(page, 'three-2d');
      const changed = await diff(page, 'three', 'three-2d', SCENE.sceneRegion);
      const banner2d = await page.evaluate(([T]) =>
        window.__webtest.find('three-2d', T.banner, 12, T.bannerRegion).reduce((n, b) => n + b.n, 0), [T]);
      await page.screenshot({ path: join(outDir, '11-three-then-2d.png') });
      if (colours < 50) fail(`3D view from the URL fragment: canvas nearly blank (${colours} colours)`);
      else if (banner < 3000) fail(`3D view: no WRONG banner for planes' false positive (${banner} px)`);
      else if (changed < 20000) fail(`3D view: pressing V changed only ${changed} px (no switch to 2D?)`);
      else if (banner2d > 500) fail(`after V the 2D view still shows the 3D banner (${banner2d} px)`);
      else ok(`3D view from the URL fragment: ${colours} colours, WRONG banner ${banner} px; V to 2D changed ${changed} px, no console errors`);
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

  // ------------------------------------------------------------------------- render cost, printed only
  // fps, WebGL draw calls and framebuffer binds per frame of the default and the heaviest scene
  // (tests/web/fps.mjs; scripts/web-fps.sh records them with the clear-only ceiling). Never judged: a
  // frame rate depends on the machine. Only errors on those pages fail.
  if (!neverPainted) {
    for (const s of RENDER_SCENES) {
      const m = await measure(browser, url, s.fragment, { warmMs: 2000, countMs: 3000, grab: s.grab, boxGrab: s.boxGrab });
      for (const e of m.errors) fail(`render-cost page ${s.name}: ${e}`);
      if (m.frames === 0) fail(`render-cost page ${s.name}: no frame in 3 s with the frame-time readout on`);
      if (m.drag && m.drag.frames === 0) fail(`render-cost page ${s.name}: no frame in 3 s of dragging the circle`);
      if (m.boxDrag && m.boxDrag.frames === 0) fail(`render-cost page ${s.name}: no frame in 3 s of dragging the box`);
      info('render_cost', `${costLine(s.name, m)}, load ${(await import('node:os')).loadavg()[0].toFixed(2)}`);
    }
  }
} catch (e) {
  fail(`test driver: ${(e && e.stack) || e}`);
}
await finish('all browser checks passed');
