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
import { join } from 'node:path';
import { start } from './harness.mjs';

const { outDir, fail, ok, scenePage, countColour, finish } = await start('rotmotion');
const CANVAS = { x: 0, y: 0, w: 860, h: 800 }; // left of the panel
const TILTED = 'circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide';
const CONTINUATION = [200, 120, 255]; // palette::CONTINUATION: the slide's path and end

const { page, open, text, waitFor } = await scenePage();
const status = () => text('a11y-status');
const hash = () => page.evaluate(() => decodeURIComponent(location.hash.slice(1)));
const waitStatus = (test) => waitFor('a11y-status', test);

try {
  await open(`${TILTED}&angle=30`);
  if (await waitStatus('t.includes("Motion mode.") && t.includes("Box turned 30°.") && t.includes("(face)")')) {
    ok(`#…&angle=30: the status line names the angle: ${JSON.stringify((await status()).slice(0, 120))}`);
  } else {
    fail(`#…&angle=30: the status line does not say "Box turned 30°." with a face hit: ${JSON.stringify(await status())}`);
  }
  const violet = await countColour(page, CONTINUATION, CANVAS, 30);
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
await finish('rotmotion: all passed');
