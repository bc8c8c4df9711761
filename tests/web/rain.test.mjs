// tests/web/rain.test.mjs — the rain of balls (docs/demo.md#the-rain-of-balls) in a real browser.
//
//   node tests/web/rain.test.mjs URL OUT_DIR
//
// Opens URL#rain=100000 (the browser's most) and lets it run: fails on any console error or warning, page
// error or failed request (the harness); checks that the app keeps drawing frames while the rain falls (it
// draws on demand: a rain always moves), that the page's status line for screen readers (web/a11y.js,
// src/app/status.rs) says the rain of 100000 balls and its cost per ball-step as a finite positive number of
// nanoseconds, that the canvas shows balls (pixels of palette::RAIN_BALL, counted in the drawing buffer),
// and that the address the app writes back keeps rain=100000. Saves OUT_DIR/rain.png.
import { join } from 'node:path';
import { start } from './harness.mjs';

const { outDir, fail, ok, info, check, newPage, open, countColour, wake, finish } = await start('rain');

const BALLS = 100000;
const RAIN_BALL = [255, 176, 46]; // palette::RAIN_BALL
const CANVAS = { x: 0, y: 0, w: 860, h: 800 }; // left of the panel, CSS px

const { page } = await newPage({ where: `#rain=${BALLS}` });
if (await open(page, `#rain=${BALLS}`, { where: 'rain' })) {
  const status = () => page.evaluate(() => document.getElementById('a11y-status').textContent);
  const frames = () => page.evaluate(() => window.__harness.frames);

  // The rain moves by itself: frames come without any input.
  const f0 = await frames();
  await page.waitForTimeout(3000);
  const f1 = await frames();
  info('frames_in_3s', f1 - f0);
  check(f1 - f0 >= 3, `the rain keeps drawing with no input (${f1 - f0} frames in 3 s)`);

  // The settled cost per ball-step (the first 30 steps) in the status line.
  let text = '';
  let ns = NaN;
  const end = Date.now() + 120000;
  for (;;) {
    text = await status();
    const m = text.match(/: ([0-9.]+(?:e[-+]?[0-9]+)?) ns per ball-step/);
    if (m) {
      ns = Number(m[1]);
      break;
    }
    if (Date.now() > end) break;
    await wake(page);
    await page.waitForTimeout(250);
  }
  info('status', JSON.stringify(text));
  check(text.startsWith(`Rain of ${BALLS} balls, strategy `), 'the status line says the rain and its ball count');
  info('ns_per_ball_step', ns);
  check(Number.isFinite(ns) && ns > 0, `the status line reports the cost per ball-step as a finite positive number (${ns} ns)`);
  check(/Overlapping a solid cell: none\./.test(text), 'no ball overlaps a solid cell (the default strategy is swept)');

  // Balls on the canvas: the ball colour, counted in the drawing buffer right after a frame.
  const lit = await countColour(page, RAIN_BALL, CANVAS, 2);
  info('ball_pixels', lit);
  check(lit >= 5000, `the canvas shows the balls (${lit} pixels of the ball colour)`);

  const hash = await page.evaluate(() => location.hash);
  check(hash.includes(`rain=${BALLS}`), `the address keeps the scene (${hash.slice(0, 120)})`);
  await page.screenshot({ path: join(outDir, 'rain.png') });
  ok('screenshot saved');
}
await finish('rain: all checks passed');
