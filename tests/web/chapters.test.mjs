// tests/web/chapters.test.mjs — the tour's chapters in a real browser (run through scripts/test-web.sh).
//
//   node tests/web/chapters.test.mjs URL OUT_DIR
//
// Loads every step of every chapter by its URL fragment (#tour=still:1 … #tour=game:3, the steps read from
// docs/teaching.md's list, which a unit test keeps equal to src/teach/lessons.rs) and fails on any console
// error or warning, page error or failed request; checks that the page's status line names the step
// ("Tour: Motion, step 2 of 4: …") and its lesson region holds the step's text, that the caption's plate
// (palette::ZONE_HIGHLIGHT_TEXT) is on the canvas, and, for one step of each chapter, a colour only that
// chapter's mode draws. A bad step (#tour=bogus:1) is left out as any bad key of a fragment is. Saves one
// screenshot per chapter in OUT_DIR (chapter-<id>.png).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from './harness.mjs';

const { outDir, fail, ok, scenePage, countColour, finish } = await start('chapters');
const CANVAS = { x: 0, y: 0, w: 860, h: 800 }; // left of the panel (docs/web.md: the panel is ~410 px wide)

// The steps, from the docs' list: "| N | [Title](../index.html#tour=chapter:N) | …" under each chapter's
// heading "### `id` — Chapter title". A unit test (src/teach/lessons_tests.rs) keeps it equal to the code.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'docs', 'teaching.md'), 'utf8');
const chapters = [];
for (const line of doc.split('\n')) {
  const h = line.match(/^### `([^`]+)` — (.+)$/);
  if (h) { chapters.push({ id: h[1], title: h[2].trim(), steps: [] }); continue; }
  const s = line.match(/^\| (\d+) \| \[([^\]]+)\]\(\.\.\/index\.html#tour=([^:)]+):(\d+)\)/);
  if (s && chapters.length) chapters[chapters.length - 1].steps.push({ n: Number(s[1]), title: s[2], id: s[3] });
}
const total = chapters.reduce((n, c) => n + c.steps.length, 0);
if (chapters.length < 5 || total < 20) fail(`docs/teaching.md lists ${chapters.length} chapters, ${total} steps: the list was not found`);

// A colour each chapter's mode draws and the others' first steps do not (src/app/palette.rs), at one step.
const MARK = {
  still: { step: 1, rgb: [148, 118, 243], what: 'the box edge (BOX_EDGE)' },
  motion: { step: 1, rgb: [120, 220, 255], what: 'the velocity arrow (VELOCITY)' },
  tiles: { step: 1, rgb: [86, 98, 124], what: 'the tile cells (CELL)' },
  '3d': { step: 2, rgb: [255, 90, 70], what: 'the red WRONG banner (WARNING)' },
  game: { step: 1, rgb: [80, 200, 120], what: 'the ground normal (GROUND_NORMAL)' },
};
const CAPTION = [255, 228, 160]; // palette::ZONE_HIGHLIGHT_TEXT: the caption plate's frame and title

const { page, open, text, waitFor } = await scenePage();

try {
  for (const c of chapters) {
    for (const s of c.steps) {
      const tag = `${s.id}:${s.n}`;
      try {
        await open(`tour=${tag}`);
        const head = `Tour: ${c.title}, step ${s.n} of ${c.steps.length}: ${s.title}.`;
        if (!(await waitFor('a11y-status', `t.includes(${JSON.stringify(head)})`))) {
          fail(`#tour=${tag}: the status line does not say ${JSON.stringify(head)}: ${JSON.stringify(await text('a11y-status'))}`);
          continue;
        }
        const lesson = await text('a11y-lesson');
        if (!lesson.startsWith(`Tour: ${c.title}, step ${s.n} of ${c.steps.length}: ${s.title}. `)) fail(`#tour=${tag}: the lesson region holds ${JSON.stringify(lesson)}`);
        const caption = await countColour(page, CAPTION, CANVAS, 12);
        if (caption < 300) fail(`#tour=${tag}: no caption plate on the canvas (${caption} px of its colour)`);
        const mark = MARK[s.id];
        let seen = '';
        if (mark && mark.step === s.n) {
          const n = await countColour(page, mark.rgb, CANVAS, 16);
          if (n < 100) fail(`#tour=${tag}: ${mark.what} is not on the canvas (${n} px)`);
          seen = `, ${mark.what}: ${n} px`;
          await page.screenshot({ path: join(outDir, `chapter-${s.id}.png`) });
        }
        const url2 = await page.evaluate(() => location.hash);
        if (!url2.includes(`tour=${tag}`)) fail(`#tour=${tag}: the app wrote back ${url2}, without tour=${tag}`);
        ok(`#tour=${tag}: "${s.title}" loads, said on the page, caption ${caption} px${seen}`);
      } catch (e) {
        fail(`#tour=${tag}: ${e.message || e}`);
      }
    }
  }
  // A bad step is treated as any bad key of a fragment (src/main.rs, scene_from_fragment): left out, the
  // rest of the scene loads, no error on the console, no tour.
  try {
    await open('tour=bogus:1&algorithm=fold');
    const shown = await waitFor('a11y-status', 't.includes("Still scene.") && t.includes("Fold")');
    const status = await text('a11y-status');
    if (!shown || status.includes('Tour:')) fail(`#tour=bogus:1&algorithm=fold: not the fragment without its bad key: ${JSON.stringify(status)}`);
    else ok(`#tour=bogus:1&algorithm=fold: the bad tour left out, the rest loaded: ${JSON.stringify(status.slice(0, 100))}`);
  } catch (e) {
    fail(`#tour=bogus:1: ${e.message || e}`);
  }
} catch (e) {
  fail(`test driver: ${(e && e.stack) || e}`);
}
await finish(`chapters: all ${total} steps passed`);
