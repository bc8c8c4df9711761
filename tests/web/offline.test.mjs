// tests/web/offline.test.mjs — the demo with no network, once loaded (web/sw.js, docs/web.md#offline).
//
//   node tests/web/offline.test.mjs URL OUT_DIR
//
// Loads the page, waits for its service worker to be active and its copy to hold every file the build wrote
// (the list is sw.js's own), then takes the network away (the browser context offline) and loads the page
// again, and a scene of the course by its fragment: each must paint with no console error, page error or
// failed request (the harness), and the app must write its status line. Also checks that the page links a
// web app manifest the browser can read (name, start URL, an icon). Saves OUT_DIR/offline.png.
import { join } from 'node:path';
import { start } from './harness.mjs';

const { url, outDir, fail, ok, info, check, newPage, open, text, finish } = await start('offline');

const { page, context } = await newPage({ where: 'offline' });
if (await open(page, '', { where: 'online' })) {
  // The worker installs (fetching every file into its copy) and takes over the page.
  const state = await page.evaluate(async () => {
    const reg = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(() => r(null), 20000))]);
    if (!reg || !reg.active) return { active: false };
    const keys = await caches.keys();
    const mine = keys.filter((k) => k.startsWith('circle-aabb-lab-'));
    const cached = mine.length === 1 ? (await (await caches.open(mine[0])).keys()).map((r) => new URL(r.url).pathname) : [];
    return { active: true, caches: mine, cached };
  });
  info('service_worker', JSON.stringify(state));
  check(state.active, 'the service worker is active');
  check(state.caches && state.caches.length === 1, `one copy of this build (${(state.caches || []).join(', ')})`);
  const cached = state.cached || [];
  const wants = ['circle-aabb-lab.wasm', 'index.html', 'mq_js_bundle.js', 'a11y.js', 'favicon.svg', 'manifest.webmanifest'];
  const missing = wants.filter((f) => !cached.some((p) => p.endsWith('/' + f)));
  check(missing.length === 0, `its copy holds the page, the .wasm, the glue, the icon and the manifest (${cached.length} files${missing.length ? `; missing ${missing.join(', ')}` : ''})`);

  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    if (!link) return null;
    return (await fetch(link.href)).json();
  });
  check(manifest && manifest.name && manifest.start_url && (manifest.icons || []).length > 0,
    `the page links a web app manifest with a name, a start URL and an icon (${manifest ? manifest.short_name : 'none'})`);

  // No network: the page and a scene of the course load from the copy.
  await context.setOffline(true);
  const reloaded = await page.goto('about:blank').then(() => open(page, '', { where: 'offline' }));
  if (reloaded) {
    const status = await text(page, 'a11y-status');
    info('offline_status', JSON.stringify(status.slice(0, 100)));
    check(status.length > 0, 'offline, the page loads from the copy and the app runs (its status line is written)');
  }
  if (await open(page, '#play=on&level=course-platforms', { where: 'offline scene' })) {
    await page.waitForTimeout(500);
    const status = await text(page, 'a11y-status');
    check(status.includes('Course 5'), `offline, a scene of the course loads by its fragment (${JSON.stringify(status.slice(0, 80))})`);
    await page.screenshot({ path: join(outDir, 'offline.png') });
  }
  await context.setOffline(false);
}
await context.close();
await finish('offline: the demo loads and runs with no network once it has been loaded');
