// tests/web/fps.mjs — the render cost of the browser demo: frames per second, WebGL draw calls and
// framebuffer binds per frame, and the main thread's time in the frame callback, in headless Chromium
// with software WebGL (SwiftShader) at 1280×800.
//
//   node tests/web/fps.mjs URL [FRAGMENT ...]   one line per fragment (scripts/web-fps.sh serves dist/ and
//                                               passes the default and the heaviest scene)
//
// Also imported by browser.test.mjs, which prints the same figures. Never judges them: a frame rate
// depends on the machine and its load. Exit 2 on a console or page error, 1 on bad usage.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync, readdirSync } from 'node:fs';

/** The scenes measured: the default one, every layer at once (distance field, tour card, the naive
 * test's tinted corner patches, the red banner of a wrong answer), and the other overlay, the agreement map. `grab` is the circle's centre in a
 * 1280×800 window (CSS px), where a drag of the circle starts. */
export const RENDER_SCENES = [
  { name: 'default', fragment: '', grab: { x: 738, y: 386 }, boxGrab: { x: 300, y: 500 } },
  { name: 'heaviest', fragment: 'algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=distance&tour=2', grab: { x: 692, y: 224 }, boxGrab: { x: 300, y: 500 } },
  { name: 'agreement map', fragment: 'algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=agreement', grab: { x: 692, y: 224 }, boxGrab: { x: 300, y: 500 } },
];

export const CHROMIUM_ARGS = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];

// Runs in the page before its scripts: counts frames, draw calls, framebuffer binds and the time spent in
// the frame callbacks.
function counters() {
  const c = (window.__cost = { frames: 0, draws: 0, binds: 0, cpu: 0 });
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    c.frames++;
    const t0 = performance.now();
    cb(t);
    c.cpu += performance.now() - t0;
  });
  for (const Ctx of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!Ctx) continue;
    const P = Ctx.prototype;
    for (const k of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
      const f = P[k];
      if (f) P[k] = function (...a) { c.draws++; return f.apply(this, a); };
    }
    const bind = P.bindFramebuffer;
    P.bindFramebuffer = function (...a) { c.binds++; return bind.apply(this, a); };
    // WebGL 1 draws instanced through an extension object (miniquad does).
    const getExtension = P.getExtension;
    P.getExtension = function (name) {
      const ext = getExtension.call(this, name);
      if (ext && name === 'ANGLE_instanced_arrays' && !ext.__counted) {
        ext.__counted = true;
        for (const k of ['drawElementsInstancedANGLE', 'drawArraysInstancedANGLE']) {
          const f = ext[k].bind(ext);
          ext[k] = (...a) => { c.draws++; return f(...a); };
        }
      }
      return ext;
    };
  }
}

/** CPU milliseconds used so far by Chromium's GPU processes (Linux /proc; null elsewhere). With software
 * WebGL this is SwiftShader's rasterising plus the compositor's work, summed over its threads: unlike a
 * frame rate, its figure per frame hardly depends on what else the machine is doing. */
export function gpuProcessCpuMs() {
  let total = null;
  try {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      let cmd;
      try { cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8'); } catch { continue; }
      if (!cmd.includes('--type=gpu-process')) continue;
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      total = (total || 0) + (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in 1/100 s
    }
  } catch { return null; }
  return total;
}

/** Counts the frames, draw calls, binds, callback time and GPU-process CPU time over `ms` while `drive()`
 * runs (or simply waits). */
async function count(page, ms, drive) {
  const snap = () => page.evaluate(() => [window.__cost.frames, window.__cost.draws, window.__cost.binds, window.__cost.cpu, performance.now()]);
  const a = await snap();
  const g0 = gpuProcessCpuMs();
  if (drive) await drive(ms); else await page.waitForTimeout(ms);
  const b = await snap();
  const g1 = gpuProcessCpuMs();
  const frames = b[0] - a[0];
  const per = (i) => (frames ? (b[i] - a[i]) / frames : 0);
  const gpuMs = g0 === null || g1 === null || !frames ? null : (g1 - g0) / frames;
  return { fps: frames / ((b[4] - a[4]) / 1000), draws: per(1), binds: per(2), cpuMs: per(3), gpuMs, frames };
}

/** Moves the pointer in small circles around (x, y) for `ms`: every move is an input, so the app draws
 * as many frames as it can (a hover changes nothing in the scene, but each frame is drawn in full). */
export async function circlePointer(page, x, y, ms) {
  const end = Date.now() + ms;
  for (let k = 0; Date.now() < end; k++) {
    await page.mouse.move(x + 12 * Math.cos(k / 5), y + 12 * Math.sin(k / 5));
  }
}

/** Where the pointer circles: the canvas (left of the panel), near its bottom edge. */
export const POINTER_SPOT = { x: 700, y: 690 };

/** Drags the circle from `grab` in small circles for `ms` (a mouse drag: every move changes the scene),
 * and releases it. */
export async function dragCircle(page, grab, ms) {
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  const end = Date.now() + ms;
  for (let k = 0; Date.now() < end; k++) {
    await page.mouse.move(grab.x - 30 + 30 * Math.cos(k / 8), grab.y + 30 * Math.sin(k / 8));
  }
  await page.mouse.up();
}

/** A field of the scene in the page's URL fragment (the app writes it when a drag ends). */
const fieldOf = (page, name) => page.evaluate((name) => (new RegExp(`${name}=([^&]*)`).exec(window.location.hash) || [])[1] || '', name);

/** Opens URL#fragment, waits `warmMs`, then counts for `countMs` each:
 * - `idleFrames`: frames drawn with no input at all (the app draws on demand: 0 for a still scene);
 * - `moving`: frames per second while the pointer moves over the canvas without changing the scene;
 * - `drag`: while the circle is dragged from `grab` (every frame changes the scene: the page redraws
 *   the regions that changed, src/render/damage.rs); `drag.moved` says the drag did move the circle;
 * - `boxDrag`: while the box is dragged from `boxGrab`: everything on the canvas depends on the box, so
 *   every frame redraws the whole canvas (the panel only where it changed); `boxDrag.moved` likewise;
 * - `readout`: with the frame-time readout on (F) and the scene still: only the readout changes.
 * Then the same fragment on a page that draws every frame in full (`?full-frames`), with the readout on:
 * the main figures — the cost of a whole frame, comparable with the figures from before the page
 * redrew only what changed. */
export async function measure(browser, url, fragment, { warmMs = 3000, countMs = 4000, viewport = { width: 1280, height: 800 }, grab = null, boxGrab = null } = {}) {
  const errors = [];
  const open = async (query) => {
    const page = await browser.newPage({ viewport });
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message || String(e)));
    await page.addInitScript(counters);
    await page.goto(url + query + (fragment ? `#${fragment}` : ''), { waitUntil: 'load', timeout: 60000 });
    await page.waitForTimeout(warmMs);
    return page;
  };
  const page = await open('');
  const idle = await count(page, Math.min(countMs, 2000));
  const moving = await count(page, countMs, (ms) => circlePointer(page, POINTER_SPOT.x, POINTER_SPOT.y, ms));
  // Drags `name` (circle, box) from `from` for `countMs`, and tells whether it moved.
  const dragged = async (name, from) => {
    const before = await fieldOf(page, name);
    const m = await count(page, countMs, (ms) => dragCircle(page, from, ms));
    await page.waitForTimeout(300);
    return { ...m, moved: (await fieldOf(page, name)) !== before };
  };
  const drag = grab ? await dragged('circle', grab) : null;
  const boxDrag = boxGrab ? await dragged('box', boxGrab) : null;
  await page.keyboard.press('f');
  await page.waitForTimeout(500);
  const readout = await count(page, countMs);
  await page.close();
  const full = await open('?full-frames');
  await full.keyboard.press('f');
  await full.waitForTimeout(500);
  const whole = await count(full, countMs);
  await full.close();
  return { ...whole, idleFrames: idle.frames, idleMs: Math.min(countMs, 2000), moving, drag, boxDrag, readout, errors };
}

/** The ceiling on this machine at this moment: a page whose frames only clear a 1280×800 WebGL canvas,
 * drawn continuously. Figures are comparable only against it (a busy machine lowers both). */
export async function measureClearOnly(browser, { warmMs = 3000, countMs = 4000 } = {}) {
  const html = `<!DOCTYPE html><html><body style="margin:0"><canvas id="c" style="width:100vw;height:100vh;display:block"></canvas>
<script>const c = document.getElementById('c'); c.width = innerWidth; c.height = innerHeight;
const gl = c.getContext('webgl', { antialias: false });
function f() { gl.clearColor(0.1, 0.1, 0.12, 1); gl.clear(gl.COLOR_BUFFER_BIT); requestAnimationFrame(f); }
requestAnimationFrame(f);</script></body></html>`;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(counters);
  await page.goto(`data:text/html;base64,${Buffer.from(html).toString('base64')}`, { waitUntil: 'load' });
  await page.waitForTimeout(warmMs);
  const m = await count(page, countMs);
  await page.close();
  return { ...m, errors: [] };
}

/** One line for a measurement. */
const gpu = (m) => (m.gpuMs == null ? '' : `, ${m.gpuMs.toFixed(1)} ms GPU-process CPU`);
export const line = (name, m) =>
  `${name}: full frames ${m.fps.toFixed(1)} fps, ${m.draws.toFixed(1)} draw calls, ${m.binds.toFixed(1)} framebuffer binds, ${m.cpuMs.toFixed(1)} ms main thread` +
  `${gpu(m)} per frame (${m.frames} frames)` +
  (m.drag ? `; dragging the circle ${m.drag.fps.toFixed(1)} fps${gpu(m.drag)} per frame${m.drag.moved ? '' : ' (the drag did not move the circle: measured something else)'}` : '') +
  (m.boxDrag ? `; dragging the box ${m.boxDrag.fps.toFixed(1)} fps${gpu(m.boxDrag)} per frame${m.boxDrag.moved ? '' : ' (the drag did not move the box: measured something else)'}` : '') +
  (m.readout ? `; readout on, scene still ${m.readout.fps.toFixed(1)} fps${gpu(m.readout)}` : '') +
  (m.moving ? `; pointer moving ${m.moving.fps.toFixed(1)} fps; idle ${m.idleFrames} frames in ${(m.idleMs / 1000).toFixed(0)} s` : '');

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, ...frags] = process.argv.slice(2);
  if (!url) { console.error('usage: node tests/web/fps.mjs URL [FRAGMENT ...]'); process.exit(1); }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  let bad = 0;
  console.log(line('clear-only page (the ceiling)', await measureClearOnly(browser)));
  const list = frags.length ? frags.map((f) => ({ name: `#${f}`, fragment: f.replace(/^#/, '') })) : RENDER_SCENES;
  for (const s of list) {
    const m = await measure(browser, url, s.fragment, { grab: s.grab, boxGrab: s.boxGrab });
    for (const e of m.errors) { bad++; console.error(`console/page error: ${e}`); }
    console.log(line(s.name, m));
  }
  await browser.close();
  process.exit(bad ? 2 : 0);
}
