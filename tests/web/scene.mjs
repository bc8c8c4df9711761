// tests/web/scene.mjs — the scene tests/web/browser.test.mjs opens, and where the demo draws things in a
// 1280x800 window (CSS px). Colours are src/app/palette.rs's; the selection colour is egui's dark theme.
// The test finds the circle, the box and the panel's widgets by these colours, not by fixed positions.
export const SCENE = {
  // Arvo, a circle of radius 1 left of a 4x2 box and apart from it (drawn sky blue); the default scene
  // is different (the circle right of the box), so finding this one proves the fragment is read.
  fragment: 'algorithm=arvo&circle=-3,1,1&box=0,0,4,2',
  colours: {
    separated: [70, 205, 255], // palette::SEPARATED: the circle's outline
    boxEdge: [148, 118, 243], // palette::BOX_EDGE
    selection: [0, 92, 128], // egui's selected row
    widget: [60, 60, 60], // egui's button / combo box background
    panel: [32, 35, 43], // the panel's background (src/ui)
    tolerance: 40, // the outlines are antialiased
  },
  // Where to look for the circle and the box: the canvas left of the panel, without the banner at its
  // top (algorithm name, verdict) and the legend at its bottom.
  sceneRegion: { x: 0, y: 64, w: 860, h: 800 - 64 - 48 },
  bannerRegion: { x: 0, y: 0, w: 860, h: 60 },
  panelRegion: { x: 870, y: 0, w: 410, h: 800 },
  drag: { dx: -100, dy: 0 }, // mouse drag of the circle, from its centre
  touch: { dx: 0, dy: 90 }, // touch drag of the circle, from its centre
  pick: { id: 'qri' }, // in the combo box, the row below the selected arvo: the registry's second
  key: { digit: 3, id: 'qrf' }, // pressing 3 selects the registry's third algorithm
  // Motion mode by URL fragment: the tunnelling preset (src/app/motion/mod.rs). The canvas must show the
  // velocity arrow (palette::VELOCITY) and the TUNNELLED mark (palette::WARNING), which no still scene draws.
  motion: {
    fragment: 'circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide',
    velocity: [120, 220, 255],
    warning: [255, 90, 70],
  },
  // The playground by URL fragment: a race on the flush floor (src/app/levels.rs), the ball sunk 1/64,
  // 150 fixed steps simulated on loading. The canvas must show the tile cells (palette::CELL) and the
  // discrete-in-order trail with its bump marks (palette::STRATEGY[0]); a mouse drag over the empty
  // cells above the floor (touch arrives as mouse events) must paint new cells.
  playground: {
    fragment: 'playground=on&level=flush-floor&race=on&ball=22.5,1.484375,0.5&steps=150',
    cell: [86, 98, 124],
    discrete: [255, 90, 70],
  },
  // Play by URL fragment (src/app/playground/play.rs, docs/demo.md#play): course 1 (src/app/levels.rs), the
  // character standing at (2.5, 3.4) on the floor (top y = 3) and the first one-way platform's top at y = 5
  // over x 5 … 17, so standing on it puts the centre at y = 5.4 (radius 0.4). The test holds → and Space,
  // lets go, and reads where the character stands from the status line, which says so only once it is at
  // rest (src/app/status.rs): "The character stands on a one-way platform at (x, 5.4)."
  play: {
    fragment: 'play=on&level=course-run',
    start: 'The character stands on the ground at (2.5, 3.4).',
    platform: { y: 5.4, x: [4.6, 17.4] },
    floorY: 3.4,
    race: 'Ghost race of 7 strategies',
    // The touch pads: PAD_PX and PAD_GAP of src/app/playground/play.rs, left and right in the canvas's
    // bottom-left corner.
    pad: { size: 64, gap: 14 },
  },
  // Course 5 (src/app/levels.rs, course-platforms): the script runs right for half a second (60 steps of 1/120 s)
  // from x = 7.5 onto the platform at the pit's edge (x 9 … 12 at the start, moving right at 2 u/s), then stands
  // still: carried, the status line says "rides a moving platform". Placed at (4, 4.4) on the one-way platform over
  // the start (top 4, rising at 1 u/s), ↓ + Space drops it onto the floor (top 2): it stands at (4, 2.4).
  platforms: {
    carried: 'play=on&level=course-platforms&inputs=R*60,N*240&steps=300',
    rides: 'The character rides a moving platform.',
    oneWay: 'play=on&level=course-platforms&ball=4,4.4,0.4',
    ridesOneWay: 'The character rides a moving one-way platform.',
    floor: 'The character stands on the ground at (4, 2.4).',
  },
  // The page's text for screen readers (web/a11y.js; src/app/status.rs): the status line of the scene above
  // (arvo, circle left of the box: separated, its centre in zone 3, nothing to push) must name these, in
  // the app's words; a drag of the circle onto the box's centre must make it say these instead.
  a11y: {
    loaded: ['Still scene.', 'Arvo', 'says no overlap', 'exact state is separated', 'zone 3', 'Response: none'],
    onBox: ['says overlap', 'exact state is overlapping', 'zone 4', 'Response: inside, push-out'],
    reduced: 'Reduced motion on.',
    playgroundPaused: ['Playground: level Flush floor', 'paused'],
    controls: 'src/app/input.rs', // the app's controls table (CONTROLS) the shortcuts list must equal
  },
  // The keyboard alone (no pointer), from the scene above: Tab through the panel (the page's focus region,
  // a11y-focus, names the widget reached: src/ui/focus.rs), Space opens the errata, Enter on the first Show
  // loads erratum 1 (src/teach/lessons.rs: branchless, circle (2.5, 1) r 1.5); Space on the motion switch,
  // Enter on the tunnelling preset (src/app/motion/mod.rs). A tour link, #tour=5, must show step 5's own
  // scene (qrf, circle (5, 3.5) r 1.2, the agreement map) and its whole text in the lesson region.
  keyboard: {
    errataHeader: /^Panel: Errata in the published posts/,
    show: /^Panel: Show: button/,
    erratum: { lesson: 'Erratum: Branch-free sign error. ', status: ['Circle centre (2.5, 1), radius 1.5', 'Branch'] },
    canvas: 'Canvas: the keys act on the scene again',
    motionSwitch: /^Panel: swept circle/,
    preset: /^Panel: Tunnelling through a thin wall/,
    ring: [255, 196, 0], // ui::FOCUS_RING, round the focused widget
    presetStatus: ['Motion mode.', 'Velocity (6.5, 0)', 'tunnelled'],
    tour: {
      fragment: 'tour=5',
      status: ['Tour: The still scene, step 5 of 8', 'Circle centre (5, 3.5), radius 1.2', 'Overlay: agreement map'],
      lesson: 'Tour: The still scene, step 5 of 8: The family and what each saves. Arvo sums squared excesses;',
    },
  },
  // The 3D view by URL fragment: the face-plane test's counter-example (seed post 004's erratum), where
  // `planes` is wrong, so the canvas shows the WRONG banner (palette::WARNING at alpha 230 over the
  // background) near its bottom; pressing V switches the same page to the 2D view, which must differ.
  three: {
    fragment: 'algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1',
    banner: [232, 84, 66],
    bannerRegion: { x: 0, y: 560, w: 860, h: 200 },
  },
  // Bad fragments: the page must still run (defaults for what cannot be read), with no console message.
  badFragments: [
    'algorithm=nope&circle=a,b&box=1,2&zzz',
    'circle=1,2,-5&box=4,4,0,0&case=sideways&size=1x1',
    '%E0%A4%A&&&===&circle=NaN,inf,1e99',
    'motion=maybe&velocity=1,nan&response=stick&restitution=7',
    'playground=on&level=cliff&map=3./4.&strategy=teleport&steps=-1',
    'view=5d&sphere=1,2&box3=1,1,1,0,0,0&camera=0,95,0,0,0,0&slice=w&grown=maybe',
  ],
};
