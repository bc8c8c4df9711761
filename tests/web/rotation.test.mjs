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
import { join } from 'node:path';
import { start } from './harness.mjs';

const { outDir, fail, ok, scenePage, countColour, finish } = await start('rotation');
const INSET = { x: 10, y: 574, w: 240, h: 176 }; // the canvas's bottom left (src/render/turned.rs, inset_rect)
const BOX_EDGE = [148, 118, 243];
const SCENE = 'algorithm=zones&circle=1.3,3.2,1.2&box=-2,-1,2,1.5&case=auto';

const { page, open, text, waitFor } = await scenePage();

try {
  await open(`${SCENE}&angle=30`);
  if (!(await waitFor('a11y-status', 't.includes("Box turned by 30 degrees") && t.includes("zone 8")'))) {
    fail(`#angle=30: the status line does not name the angle and zone 8: ${JSON.stringify(await text('a11y-status'))}`);
  } else {
    ok(`#angle=30: status ${JSON.stringify((await text('a11y-status')).slice(0, 160))}`);
  }
  const hash = await page.evaluate(() => location.hash);
  if (!hash.includes('angle=30')) fail(`#angle=30: the app wrote back ${hash}`);
  const turned = await countColour(page, BOX_EDGE, INSET, 14);
  await page.screenshot({ path: join(outDir, 'rotation.png') });
  await open(SCENE);
  await waitFor('a11y-status', 't.includes("zone 7")');
  const status0 = await text('a11y-status');
  if (status0.includes('turned')) fail(`angle 0: the status line says the box is turned: ${JSON.stringify(status0)}`);
  const aligned = await countColour(page, BOX_EDGE, INSET, 14);
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
}
await finish('rotation: all passed');
