// tests/web/scene.mjs — where things are on screen in the scene browser.test.mjs opens.
// PROVISIONAL: values for a stand-in app until the demo's GUI exists; to be set from the real layout.
export const SCENE = {
  fragment: 'algorithm=fold',
  circle: { x: 300, y: 300 }, radius: 50,
  drag: { dx: 150, dy: 0 }, touch: { dx: 0, dy: 150 },
  algorithmClick: { x: 30, y: 62, what: 'radio fold' },
  panel: { x: 0, y: 0, w: 200, h: 800 },
  badFragments: ['algorithm=%%%&circle=a,b'],
};
