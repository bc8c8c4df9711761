// tests/web/quiz.test.mjs — the quiz (docs/teaching.md#quiz-predict-then-reveal) in a real browser, keys only.
//
//   node tests/web/quiz.test.mjs URL OUT_DIR
//
// Opens URL#quiz=SEED and plays a round of ten questions with the keyboard alone. Each question is read
// from the page's aria-live status line (the scene's numbers are written exactly there), and the answer is
// worked out here from those numbers, not taken from the app: the zone from the centre against the box's
// edges; overlap from the squared distance to the clamped point (touching counts); the wrong test from the
// errata (docs/algorithms.md: branch-free as published never says overlap, fold and clamp as published
// use a strict <, the naive face-plane test is the box grown by r with square corners, every other test is
// exact); the first touch by marching the centre along its velocity until it is r from the box. A fixed
// pattern answers some questions right and some wrong on purpose; the score the page then says must equal
// the count of right ones, and each result must say Right or Wrong as intended. Fails on any console error
// or warning, page error or failed request. Screenshots: a question, a reveal, a first-touch question and its reveal.
import { join } from 'node:path';
import { start } from './harness.mjs';

const { outDir, fail, ok, newPage, open, wake, finish } = await start('quiz');

const SEED = 7;
const ROUND = 10;
const STEP = 0.125; // app::quiz::CURSOR_STEP: one arrow key
const RIGHT = (i) => i % 3 !== 2; // the pattern: right, right, wrong, …

const { page } = await newPage();

const status = () => page.evaluate(() => document.getElementById('a11y-status').textContent);
// Waits until the status line satisfies `test` (the app draws on input: wake it while waiting).
async function waitStatus(test, what) {
  const end = Date.now() + 15000;
  for (;;) {
    const t = await status();
    if (test(t)) return t;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; status: ${JSON.stringify(t)}`);
    await wake(page);
    await page.waitForTimeout(40);
  }
}

// ---------------------------------------------------------------- the question, read from the status text
const NUM = '(-?[0-9.]+(?:e-?[0-9]+)?)';
function parse(t) {
  const head = t.match(/^Quiz (\d+), question (\d+) \(([a-z ]+)\): /);
  const scene = t.match(new RegExp(`Circle centre \\(${NUM}, ${NUM}\\), radius ${NUM}; box \\(${NUM}, ${NUM}\\) to \\(${NUM}, ${NUM}\\)\\.`));
  if (!head || !scene) return null;
  const [cx, cy, r, x0, y0, x1, y1] = scene.slice(1).map(Number);
  const q = { seed: +head[1], number: +head[2], kind: head[3], c: [cx, cy], r, lo: [x0, y0], hi: [x1, y1] };
  const v = t.match(new RegExp(`Velocity \\(${NUM}, ${NUM}\\)\\.`));
  if (v) q.v = [+v[1], +v[2]];
  const cur = t.match(new RegExp(`now at \\(${NUM}, ${NUM}\\)`));
  if (cur) q.cursor = [+cur[1], +cur[2]];
  q.candidates = [...t.matchAll(/(\d) [^,]+? \(([a-z_0-9]+)\)/g)].map((m) => ({ key: m[1], id: m[2] }));
  return q;
}

const clamp = (x, a, b) => Math.min(Math.max(x, a), b);
const closest = (q, p) => [clamp(p[0], q.lo[0], q.hi[0]), clamp(p[1], q.lo[1], q.hi[1])];
const dist2 = (q, p) => { const s = closest(q, p); return (p[0] - s[0]) ** 2 + (p[1] - s[1]) ** 2; };
const zone = (q) => [0, 1].map((i) => (q.c[i] < q.lo[i] ? 0 : q.c[i] > q.hi[i] ? 2 : 1)).reduce((x, y) => x + 3 * y);
const overlaps = (q) => dist2(q, q.c) <= q.r * q.r;
// Each test's verdict as its source prints it (the errata), for the candidates of a "which is wrong" question.
function published(id, q) {
  const d2 = dist2(q, q.c), r2 = q.r * q.r;
  if (id === 'branchless') return false;
  if (id === 'fold' || id === 'clamp') return d2 < r2;
  if (id === 'planes_naive') return [0, 1].every((i) => q.c[i] >= q.lo[i] - q.r && q.c[i] <= q.hi[i] + q.r);
  return d2 <= r2;
}
// Where the moving circle first touches the box: march t over [0, 1], then bisect.
function firstTouch(q) {
  const at = (t) => [q.c[0] + t * q.v[0], q.c[1] + t * q.v[1]];
  const inside = (t) => dist2(q, at(t)) <= q.r * q.r;
  let prev = 0;
  for (let k = 1; k <= 4000; k++) {
    const t = k / 4000;
    if (inside(t)) {
      let [a, b] = [prev, t];
      for (let j = 0; j < 50; j++) { const m = 0.5 * (a + b); if (inside(m)) b = m; else a = m; }
      return closest(q, at(b));
    }
    prev = t;
  }
  return null;
}

// The keys that answer `q` (rightly or, on purpose, wrongly), and whether the answer is right.
function plan(q, right) {
  if (q.kind === 'zone') { const z = zone(q); return { keys: [String(right ? z : (z + 1) % 9)] }; }
  if (q.kind === 'overlap') return { keys: [overlaps(q) === right ? 'y' : 'n'] };
  if (q.kind === 'wrong test') {
    const exact = overlaps(q);
    const wrong = q.candidates.filter((c) => published(c.id, q) !== exact);
    if (q.candidates.length !== 4 || wrong.length !== 1) {
      fail(`question ${q.number}: candidates ${JSON.stringify(q.candidates)}: ${wrong.length} wrong by the errata, not one`);
      return { keys: ['1'], unknown: true };
    }
    const pick = right ? wrong[0].key : q.candidates.find((c) => c.key !== wrong[0].key).key;
    return { keys: [pick] };
  }
  if (q.kind === 'first touch') {
    const p = firstTouch(q);
    if (!p || !q.cursor) { fail(`question ${q.number}: no contact point or cursor`); return { keys: ['Enter'], unknown: true }; }
    // Wrongly: the mirror image of the contact point through the box's centre (on the outline, far away).
    const mid = [0.5 * (q.lo[0] + q.hi[0]), 0.5 * (q.lo[1] + q.hi[1])];
    const target = right ? p : [2 * mid[0] - p[0], 2 * mid[1] - p[1]];
    const n = [0, 1].map((i) => Math.round((target[i] - q.cursor[i]) / STEP));
    const keys = [];
    for (let k = 0; k < Math.abs(n[0]); k++) keys.push(n[0] > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let k = 0; k < Math.abs(n[1]); k++) keys.push(n[1] > 0 ? 'ArrowUp' : 'ArrowDown');
    keys.push('Enter');
    return { keys, cursorMoves: keys.length - 1 };
  }
  fail(`unknown question kind ${q.kind}`);
  return { keys: ['Enter'], unknown: true };
}

try {
  if (!(await open(page, `#quiz=${SEED}`, { timeout: 30000 }))) throw new Error('the app did not start');
  let text = await waitStatus((t) => t.startsWith(`Quiz ${SEED}, question 1 `), 'question 1');
  // Keys reach the canvas: the pointer over it, no click (a click would answer a zone question).
  await page.mouse.move(300, 400);
  let expected = 0;
  const kinds = new Set();
  for (let i = 0; i < ROUND; i++) {
    const q = parse(text);
    if (!q || q.number !== i + 1) throw new Error(`question ${i + 1} not read from ${JSON.stringify(text)}`);
    kinds.add(q.kind);
    // The open question says nothing of its answer.
    for (const word of ['separated', 'overlapping', 'touching', 'Response', 'Trace', 'Right', 'Wrong'])
      if (text.includes(word)) fail(`question ${i + 1} (${q.kind}) status says ${JSON.stringify(word)}: ${text}`);
    if (i === 0) await page.screenshot({ path: join(outDir, 'quiz-1-question.png') });
    if (q.kind === 'first touch' && !kinds.has('shot-touch')) {
      kinds.add('shot-touch');
      await page.screenshot({ path: join(outDir, 'quiz-3-touch-question.png') });
    }
    const right = RIGHT(i);
    const p = plan(q, right);
    for (const key of p.keys) {
      const before = await status();
      await page.keyboard.press(key);
      // One key a frame: wait for its effect before the next (the cursor's "now at", or the result).
      await waitStatus((t) => t !== before, `the effect of ${key} on question ${i + 1}`);
    }
    text = await waitStatus((t) => /^Quiz \d+, question \d+ \([a-z ]+\): (Right|Wrong):/.test(t), `the result of question ${i + 1}`);
    const said = text.match(/: (Right|Wrong):/)[1];
    if (!p.unknown) {
      if ((said === 'Right') !== right) fail(`question ${i + 1} (${q.kind}): answered ${right ? 'right' : 'wrong'} on purpose, the page says ${said}: ${text}`);
      else ok(`question ${i + 1} (${q.kind}): ${said}, as intended${p.cursorMoves !== undefined ? ` (cursor moved ${p.cursorMoves} steps)` : ''}`);
    }
    if (said === 'Right') expected += p.unknown ? 1 : 0;
    if (!p.unknown && right) expected++;
    if (i === 1) await page.screenshot({ path: join(outDir, 'quiz-2-reveal.png') });
    if (q.kind === 'first touch' && !kinds.has('shot-touch-reveal')) {
      kinds.add('shot-touch-reveal');
      await page.screenshot({ path: join(outDir, 'quiz-4-touch-reveal.png') });
    }
    const score = text.match(/Score (\d+) of (\d+)/);
    if (!score || +score[1] !== expected || +score[2] !== i + 1)
      fail(`after question ${i + 1} the page says ${score ? score[0] : 'no score'}; the answers given make ${expected} of ${i + 1}`);
    if (i < ROUND - 1) {
      await page.keyboard.press(i % 2 ? 'n' : 'Enter');
      text = await waitStatus((t) => t.startsWith(`Quiz ${SEED}, question ${i + 2} `), `question ${i + 2}`);
    }
  }
  const final = text.match(/Score (\d+) of (\d+), streak (\d+)/);
  ok(`round of ${ROUND}: the page says "${final && final[0]}", the answers given make ${expected} of ${ROUND}`);
  for (const k of ['zone', 'overlap', 'wrong test', 'first touch']) if (!kinds.has(k)) fail(`no ${k} question in the round`);
  // The address bar follows the question; U leaves the quiz.
  const hash = await page.evaluate(() => location.hash);
  if (!hash.includes(`quiz=${SEED}:${ROUND}`)) fail(`the URL fragment does not name question ${ROUND}: ${hash}`);
  await page.keyboard.press('u');
  await waitStatus((t) => !t.startsWith('Quiz'), 'the quiz to end on U');
  ok('U leaves the quiz');
} catch (e) {
  fail(String(e && e.stack || e));
}
await finish('quiz test passed');
