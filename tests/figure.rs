//! `--svg FILE`, looked at as a user would: the file parsed as XML (roxmltree), checked for what a
//! teacher edits (a viewBox, a title, one group per part with its id), and rasterised (resvg) to find
//! the circle where the scene's numbers put it. The expected positions come from the mapping docs/cli.md
//! documents (the screenshot's canvas beside the panel, the scene's bounds, the fit), computed here
//! in f64 from the scene's numbers; never from the app's own code.

use crate::support::{bin, scratch_dir};
use std::collections::HashSet;
use std::path::PathBuf;

/// Runs `--svg` with these arguments into a fresh file; returns its path and text.
fn figure(name: &str, args: &[&str]) -> (PathBuf, String) {
    let path = scratch_dir("figure").join(format!("{name}.svg"));
    let _ = std::fs::remove_file(&path);
    let out = bin().arg("--svg").arg(&path).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

/// The ids in the document (each must be unique).
fn ids_of(text: &str) -> HashSet<String> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}"));
    let mut seen = HashSet::new();
    for n in doc.descendants().filter(|n| n.is_element()) {
        if let Some(id) = n.attribute("id") {
            assert!(seen.insert(id.to_string()), "id {id:?} twice");
        }
    }
    seen
}

/// The screenshot's canvas for a window of `w`×`h` with the panel shown (text scale 1): the panel takes
/// 30 % of the window's width in egui points (within 240..420, at most 42 %), egui's zoom being
/// `h / 900` within 1..2 (docs/cli.md, "--svg").
fn canvas(w: f64, h: f64) -> (f64, f64) {
    let zoom = (h / 900.0).clamp(1.0, 2.0);
    let points = w / zoom;
    let panel = (0.3 * points).clamp(240.0, 420.0).min(0.42 * points) * zoom;
    (w - panel, h)
}

/// The fit: the world rectangle `lo..hi` centred on the canvas, as large as fits inside a margin of
/// 48 px (at most a fifth of the shorter side). Returns (origin x, origin y, pixels per unit).
fn fit(lo: [f64; 2], hi: [f64; 2], cw: f64, ch: f64) -> (f64, f64, f64) {
    let margin = 48f64.min(0.2 * cw.min(ch));
    let scale = ((cw - 2.0 * margin) / (hi[0] - lo[0])).min((ch - 2.0 * margin) / (hi[1] - lo[1]));
    let mid = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1])];
    (0.5 * cw - mid[0] * scale, 0.5 * ch + mid[1] * scale, scale)
}

/// The still scene's world bounds: the box with `pad` around it (0.45 of its larger side, at least 0.8 r
/// and 1), grown to hold the circle and the pushed circle with 0.1 pad to spare.
fn still_bounds(c: [f64; 3], b: [f64; 4], push: [f64; 2]) -> ([f64; 2], [f64; 2]) {
    let size = (b[2] - b[0]).max(b[3] - b[1]);
    let pad = (0.45 * size).max(0.8 * c[2]).max(1.0);
    let (mut lo, mut hi) = ([b[0] - pad, b[1] - pad], [b[2] + pad, b[3] + pad]);
    for centre in [[c[0], c[1]], [c[0] + push[0], c[1] + push[1]]] {
        for i in 0..2 {
            lo[i] = lo[i].min(centre[i] - c[2] - 0.1 * pad);
            hi[i] = hi[i].max(centre[i] + c[2] + 0.1 * pad);
        }
    }
    (lo, hi)
}

/// The motion scene's bounds: the box and the circle at each of `centres`, with 8 % of the larger side.
fn motion_bounds(r: f64, b: [f64; 4], centres: &[[f64; 2]]) -> ([f64; 2], [f64; 2]) {
    let (mut lo, mut hi) = ([b[0], b[1]], [b[2], b[3]]);
    for c in centres {
        for i in 0..2 {
            lo[i] = lo[i].min(c[i] - r);
            hi[i] = hi[i].max(c[i] + r);
        }
    }
    let pad = 0.08 * (hi[0] - lo[0]).max(hi[1] - lo[1]);
    ([lo[0] - pad, lo[1] - pad], [hi[0] + pad, hi[1] + pad])
}

/// The figure rasterised at 1:1 (the canvas font loaded, as the figure names it first).
fn rasterise(text: &str) -> resvg::tiny_skia::Pixmap {
    let mut opt = resvg::usvg::Options::default();
    let font = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/egui-fonts/fonts/Ubuntu-Light.ttf")).unwrap();
    opt.fontdb_mut().load_font_data(font);
    let tree = resvg::usvg::Tree::from_str(text, &opt).unwrap_or_else(|e| panic!("usvg: {e}"));
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The bounding box (x0, y0, x1, y1) of the pixels within `window` (centre, half side) whose colour
/// is within 40 (sum of channel differences) of `rgb`.
fn colour_bbox(p: &resvg::tiny_skia::Pixmap, rgb: [u8; 3], centre: [f64; 2], half: f64) -> Option<[f64; 4]> {
    let (w, h) = (p.width() as i64, p.height() as i64);
    let (x0, x1) = (((centre[0] - half) as i64).max(0), ((centre[0] + half) as i64).min(w - 1));
    let (y0, y1) = (((centre[1] - half) as i64).max(0), ((centre[1] + half) as i64).min(h - 1));
    let mut b: Option<[f64; 4]> = None;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let px = p.pixel(x as u32, y as u32).unwrap().demultiply();
            let d: i32 =
                (0..3).map(|i| (i32::from([px.red(), px.green(), px.blue()][i]) - i32::from(rgb[i])).abs()).sum();
            if d <= 40 {
                let (fx, fy) = (x as f64 + 0.5, y as f64 + 0.5);
                b = Some(match b {
                    None => [fx, fy, fx, fy],
                    Some(b) => [b[0].min(fx), b[1].min(fy), b[2].max(fx), b[3].max(fy)],
                });
            }
        }
    }
    b
}

/// Checks the rasterised circle outline (colour `rgb`) is centred on `expected` with radius `r_px`,
/// within 3 px (the impact ghost's contact point, a disc on its rim, widens its box by 2.8).
fn assert_circle_at(p: &resvg::tiny_skia::Pixmap, rgb: [u8; 3], expected: [f64; 2], r_px: f64, what: &str) {
    // A window a little larger than the circle (the impact's label hangs just below its ghost).
    let b = colour_bbox(p, rgb, expected, 1.15 * r_px + 4.0).unwrap_or_else(|| panic!("{what}: no circle colour"));
    // From its left, right and top sides: a label (the impact's, the push's) may hang below it.
    let radius = 0.5 * (b[2] - b[0]);
    let centre = [0.5 * (b[0] + b[2]), b[1] + radius];
    assert!(
        (centre[0] - expected[0]).abs() <= 3.0 && (centre[1] - expected[1]).abs() <= 3.0,
        "{what}: circle centred at {centre:?}, the mapping puts it at {expected:?}"
    );
    // The outline is drawn on the radius, 2.5 px wide at this size (half of it outside).
    assert!((radius - r_px).abs() <= 4.0, "{what}: radius {radius} px, expected {r_px}");
}

/// A still scene: circle, box, push (hand arithmetic), window size, the outline's colour.
type StillCase = ([f64; 3], [f64; 4], [f64; 2], (f64, f64), [u8; 3]);

const SEPARATED: [u8; 3] = [70, 205, 255];
const OVERLAPPING: [u8; 3] = [230, 80, 20];

#[test]
fn a_figure_is_svg_1_1_with_a_view_box_a_title_and_a_group_for_each_part() {
    let (_, text) = figure("parts", &["--circle", "5,4,1.5", "--box", "0,0,4,2", "--algorithm", "arvo"]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert_eq!(root.attribute("version"), Some("1.1"));
    let (cw, ch) = canvas(1280.0, 800.0);
    assert_eq!(root.attribute("viewBox"), Some(format!("0 0 {cw} {ch}").as_str()));
    assert_eq!(root.attribute("width"), Some(format!("{cw}").as_str()));
    assert!(root.attribute("font-family").is_some_and(|f| f.starts_with("Ubuntu")));
    let title = root.children().find(|n| n.has_tag_name("title")).expect("a <title>");
    assert!(title.text().is_some_and(|t| t.contains("Arvo")), "{:?}", title.text());
    let desc = root.children().find(|n| n.has_tag_name("desc")).and_then(|n| n.text()).unwrap_or_default();
    assert!(desc.contains("circle=5,4,1.5"), "the scene text in <desc>: {desc}");
    let ids = ids_of(&text);
    for id in [
        "background",
        "grid",
        "zone-tints",
        "zone-lines",
        "grown-box",
        "box",
        "box-edge",
        "circle",
        "outline",
        "construction",
        "closest-point",
        "distance",
        "zone-labels",
        "zone-0",
        "zone-8",
        "status",
        "legend",
    ] {
        assert!(ids.contains(id), "no id {id:?}");
    }
    // No colour outside SVG 1.1: hex and opacity attributes, never rgba().
    assert!(!text.contains("rgba("), "rgba() is not SVG 1.1");
    // The zone of the centre is named: (5, 4) is right of and above [0, 4] x [0, 2]: zone 8.
    assert!(text.contains(">zone 8</text>"));
}

#[test]
fn the_rasterised_circle_is_where_the_scene_puts_it() {
    // (circle, box, push when the shapes overlap (hand arithmetic), size, colour of the outline).
    let still: [StillCase; 3] = [
        // Outside, separated: (5, 4) is sqrt(1 + 4) = 2.24 from the corner (4, 2), more than 1.5.
        ([5.0, 4.0, 1.5], [0.0, 0.0, 4.0, 2.0], [0.0, 0.0], (1280.0, 800.0), SEPARATED),
        // Inside: centre (1, 1.5) in [0, 4] x [0, 2]; nearest face y = 2 at 0.5: pushed up by 0.5 + 0.5.
        ([1.0, 1.5, 0.5], [0.0, 0.0, 4.0, 2.0], [0.0, 1.0], (1280.0, 800.0), OVERLAPPING),
        // Outside, overlapping, on a small window: (-1, 1) is 1 left of the face x = 0; r = 1.5 pushes 0.5 left.
        ([-1.0, 1.0, 1.5], [0.0, 0.0, 4.0, 2.0], [-0.5, 0.0], (800.0, 600.0), OVERLAPPING),
    ];
    for (i, (c, b, push, (w, h), rgb)) in still.into_iter().enumerate() {
        let circle = format!("{},{},{}", c[0], c[1], c[2]);
        let aabb = format!("{},{},{},{}", b[0], b[1], b[2], b[3]);
        let size = format!("{w}x{h}");
        let (_, text) = figure(&format!("still-{i}"), &["--circle", &circle, "--box", &aabb, "--size", &size]);
        let (cw, ch) = canvas(w, h);
        let (lo, hi) = still_bounds(c, b, push);
        let (ox, oy, scale) = fit(lo, hi, cw, ch);
        let expected = [ox + c[0] * scale, oy - c[1] * scale];
        assert_circle_at(&rasterise(&text), rgb, expected, c[2] * scale, &format!("still scene {i}"));
        if push != [0.0, 0.0] {
            let ids = ids_of(&text);
            assert!(ids.contains("push") && ids.contains("push-arrow") && ids.contains("pushed-circle"), "scene {i}");
            let inside = i == 1;
            assert_eq!(ids.contains("face-distances"), inside, "scene {i}: the face distances only inside");
            assert_eq!(ids.contains("closest-point"), !inside, "scene {i}: the closest point only outside");
            assert!(ids.contains("hatch"), "scene {i}: overlapping, the × over the centre");
        }
    }
    // Motion: from (-5, 1) by (8, 0) into the face x = 0 of [0, 4] x [0, 2], r = 0.5: the impact at
    // x = -0.5, where sliding along a face hit head-on stops; c + v = (3, 1).
    let (_, text) = figure("motion", &["--circle", "-5,1,0.5", "--box", "0,0,4,2", "--velocity", "8,0"]);
    let (cw, ch) = canvas(1280.0, 800.0);
    let (lo, hi) = motion_bounds(0.5, [0.0, 0.0, 4.0, 2.0], &[[-5.0, 1.0], [3.0, 1.0], [-0.5, 1.0]]);
    let (ox, oy, scale) = fit(lo, hi, cw, ch);
    let p = rasterise(&text);
    assert_circle_at(&p, SEPARATED, [ox - 5.0 * scale, oy - scale], 0.5 * scale, "motion scene's circle");
    // The impact ghost, in the impact colour, where the sweep stops.
    assert_circle_at(&p, [255, 214, 90], [ox - 0.5 * scale, oy - scale], 0.5 * scale, "impact ghost");
    let ids = ids_of(&text);
    for id in
        ["motion", "swept", "swept-fill", "velocity", "impact", "impact-ghost", "discrete-end", "rounded-box-fill"]
    {
        assert!(ids.contains(id), "motion: no id {id:?}");
    }
}

#[test]
fn the_agreement_map_is_drawn_as_regions_and_planes_naive_shows_its_ears() {
    let scene = "algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&overlay=agreement";
    let (_, text) = figure("agreement", &["--scene", scene]);
    let ids = ids_of(&text);
    for id in ["overlay", "agreement-agreed-overlap", "agreement-false-positive", "ears", "square-box", "banner"] {
        assert!(ids.contains(id), "no id {id:?}");
    }
    assert!(text.contains("class=\"agreement-map regions\""), "the map as exact regions");
    let (cw, ch) = canvas(1280.0, 800.0);
    let (lo, hi) = still_bounds([3.2, 2.7, 1.5], [-2.0, -1.0, 2.0, 1.5], [0.0, 0.0]);
    let (ox, oy, scale) = fit(lo, hi, cw, ch);
    let p = rasterise(&text);
    let at = |x: f64, y: f64| p.pixel((ox + x * scale) as u32, (oy - y * scale) as u32).unwrap().demultiply();
    // In the bottom-right ear (clear of the circle): (2 + 0.9·1.5, −1 − 0.9·1.5) is 0.9·1.5·√2 = 1.91
    // from the corner (2, −1), beyond r = 1.5, but inside the square box grown by r: a false
    // positive, tinted red.
    let ear = at(3.35, -2.35);
    assert!(ear.red() > ear.blue() + 40, "the ear is red: {ear:?}");
    // Inside the rounded box, left of the box (x = -2.75): agreed overlap, blue over the background.
    let agreed = at(-2.75, 0.25);
    assert!(agreed.blue() > agreed.red() + 20, "agreed overlap is blue: {agreed:?}");
    // An exact test: the same rounded box, no false positives, no ears.
    let (_, text) = figure("agreement-exact", &["--scene", &scene.replace("planes_naive", "fold")]);
    let exact = ids_of(&text);
    assert!(exact.contains("agreement-agreed-overlap"));
    assert!(!exact.contains("agreement-false-positive") && !exact.contains("ears"));
}

#[test]
fn the_distance_field_is_drawn_as_level_outlines() {
    let (_, text) = figure("distance", &["--scene", "circle=4,3,1&box=0,0,4,2&overlay=distance"]);
    let ids = ids_of(&text);
    for id in ["overlay", "field-bands", "field-lines", "field-radius-line", "field-zero-line", "field-base"] {
        assert!(ids.contains(id), "no id {id:?}");
    }
    // The line at r = 1: the box grown by 1 with corners rounded by 1 (in pixels: the scale).
    let doc = roxmltree::Document::parse(&text).unwrap();
    let line = doc.descendants().find(|n| n.attribute("id") == Some("field-radius-line")).unwrap();
    assert!(line.attribute("d").is_some_and(|d| d.contains('A')), "rounded corners are arcs");
    rasterise(&text);
}

#[test]
fn bad_input_is_refused_naming_the_field_and_writes_nothing() {
    let dir = scratch_dir("figure-bad");
    let path = dir.join("bad.svg");
    let cases: [(&[&str], &str); 11] = [
        (&["--scene", "angle=nan"], "angle"),
        (&["--scene", "angle=30deg"], "angle"),
        (&["--scene", "angle=30&overlay=agreement"], "angle: a turned box under an overlay"),
        (&["--scene", "angle=-45&overlay=distance"], "angle"),
        (&["--circle", "1,2"], "--circle"),
        (&["--circle", "1,2,-3"], "radius"),
        (&["--box", "0,5,1,1"], "min.y"),
        (&["--scene", "algorithm=nope"], "--scene"),
        (&["--size", "10x10"], "--size"),
        (&["--scene", "view=3d"], "3D"),
        (&["--velocity", "1,x"], "--velocity"),
    ];
    for (args, needle) in cases {
        let _ = std::fs::remove_file(&path);
        let out = bin().arg("--svg").arg(&path).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err:?} should name {needle}");
        assert!(!path.exists(), "{args:?}: a file was written");
    }
    // Not an .svg name; a folder that does not exist.
    let out = bin().args(["--svg", dir.join("figure.png").to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(".svg"));
    let out = bin().args(["--svg", "/no/such/folder/figure.svg"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write /no/such/folder/figure.svg"), "{err}");
}

/// The element with this id.
fn by_id<'a>(doc: &'a roxmltree::Document<'a>, id: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants().find(|n| n.attribute("id") == Some(id)).unwrap_or_else(|| panic!("no id {id:?}"))
}

/// A number attribute.
fn attr(n: &roxmltree::Node<'_, '_>, name: &str) -> f64 {
    n.attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no number {name} on {n:?}"))
}

/// A polygon's `points`.
fn points(n: &roxmltree::Node<'_, '_>) -> Vec<[f64; 2]> {
    assert!(n.has_tag_name("polygon"), "{:?} is not a polygon", n.attribute("id"));
    n.attribute("points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            [x.parse().unwrap(), y.parse().unwrap()]
        })
        .collect()
}

/// The box `b` (min x, min y, max x, max y) turned by `deg` about its centre: its corners in the world,
/// centre ± R·(±hx, ±hy), computed in f64.
fn turned_corners(b: [f64; 4], deg: f64) -> Vec<[f64; 2]> {
    let (c, h) = ([0.5 * (b[0] + b[2]), 0.5 * (b[1] + b[3])], [0.5 * (b[2] - b[0]), 0.5 * (b[3] - b[1])]);
    let (sn, cs) = deg.to_radians().sin_cos();
    [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]
        .iter()
        .map(|s| {
            let (x, y) = (s[0] * h[0], s[1] * h[1]);
            [c[0] + cs * x - sn * y, c[1] + sn * x + cs * y]
        })
        .collect()
}

/// Every expected point has one of `got` within `tol` px.
fn assert_same_points(got: &[[f64; 2]], expected: &[[f64; 2]], tol: f64, what: &str) {
    assert_eq!(got.len(), expected.len(), "{what}: {got:?}");
    for e in expected {
        let d = got.iter().map(|g| (g[0] - e[0]).hypot(g[1] - e[1])).fold(f64::INFINITY, f64::min);
        assert!(d <= tol, "{what}: no corner within {tol} px of {e:?} (off by {d}); got {got:?}");
    }
}

// A circle above the box [-2, 2] × [-1, 1.5], turned by 60° about its centre (0, 0.25). Unturned, the
// shapes are 3 − 1.5 = 1.5 apart, more than r = 1: separated, no push, so the view's bounds are
// `still_bounds` with no push. Turned, the centre in the box's frame is Rᵀ(0, 2.75) = (2.38, 1.375):
// beyond the corner (2, 1.25) by 0.40 < r, overlapping, the centre outside: a closest point and a push.
const TURNED: &str = "circle=0,3,1&box=-2,-1,2,1.5&angle=60";

#[test]
fn a_turned_still_box_is_drawn_at_its_real_corners() {
    let (_, text) = figure("turned", &["--scene", TURNED]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let (cw, ch) = canvas(1280.0, 800.0);
    let b = [-2.0, -1.0, 2.0, 1.5];
    let (lo, hi) = still_bounds([0.0, 3.0, 1.0], b, [0.0, 0.0]);
    let (ox, oy, scale) = fit(lo, hi, cw, ch);
    let to_px = |p: [f64; 2]| [ox + p[0] * scale, oy - p[1] * scale];
    let expected: Vec<[f64; 2]> = turned_corners(b, 60.0).into_iter().map(to_px).collect();
    for id in ["box-fill", "box-edge"] {
        assert_same_points(&points(&by_id(&doc, id)), &expected, 0.01, id);
    }
    // The turned zones, the grown box as straight sides and arcs, the numbers, the box's view.
    let ids = ids_of(&text);
    for id in ["zone-highlight", "zone-lines", "rounded-box", "zone-8", "rotation-knob", "box-view", "box-view-box"] {
        assert!(ids.contains(id), "no id {id:?}");
    }
    assert!(by_id(&doc, "rounded-box").attribute("d").is_some_and(|d| d.matches('A').count() == 4));
    // The zone lines are the box's edges extended: each runs along a turned edge (60° or 150°).
    for line in by_id(&doc, "zone-lines").children().filter(|n| n.has_tag_name("line")) {
        let (dx, dy) = (attr(&line, "x2") - attr(&line, "x1"), -(attr(&line, "y2") - attr(&line, "y1")));
        let deg = dy.atan2(dx).to_degrees().rem_euclid(180.0);
        assert!((deg - 60.0).abs() < 0.1 || (deg - 150.0).abs() < 0.1, "a zone line at {deg}°");
    }
    // The box's view shows the box aligned: a plain rectangle, wider than high as the box is (4 × 2.5).
    let inset = by_id(&doc, "box-view-box");
    assert!(inset.has_tag_name("rect"));
    let ratio = attr(&inset, "width") / attr(&inset, "height");
    assert!((ratio - 1.6).abs() < 0.01, "the box's view's box is 4 : 2.5, got {ratio}");
    // The centre is in the corner zone beyond (2, 1.25) in the box's frame: zone 8, named there too.
    assert!(text.contains(">zone 8</text>"));
}

#[test]
fn a_turned_box_s_closest_point_and_push_are_the_library_s() {
    let (_, text) = figure("turned-construction", &["--scene", TURNED]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let (cw, ch) = canvas(1280.0, 800.0);
    let (lo, hi) = still_bounds([0.0, 3.0, 1.0], [-2.0, -1.0, 2.0, 1.5], [0.0, 0.0]);
    let (ox, oy, scale) = fit(lo, hi, cw, ch);
    let to_px = |p: [f32; 2]| [ox + f64::from(p[0]) * scale, oy - f64::from(p[1]) * scale];
    let obb = ball_aabb::OrientedRect::from_degrees([0.0, 0.25], [2.0, 1.25], 60.0).unwrap();
    let ball = ball_aabb::Circle::new([0.0, 3.0], 1.0).unwrap();
    let k = obb.contact(&ball);
    let push = obb.push_out(&ball);
    // Overlapping, the centre outside: the hand arithmetic above.
    assert!(k.distance > 0.3 && k.distance < 0.5 && push != [0.0, 0.0], "{k:?} {push:?}");
    let closest = by_id(&doc, "closest-point");
    let want = to_px(k.closest);
    let got = [attr(&closest, "cx"), attr(&closest, "cy")];
    assert!((got[0] - want[0]).hypot(got[1] - want[1]) <= 0.01, "closest point at {got:?}, library {want:?}");
    // The push arrow ends (its head's tip, the polygon's first point) at the centre moved by the push.
    let moved = to_px([push[0], 3.0 + push[1]]);
    let head = by_id(&doc, "push-arrow").children().find(|n| n.has_tag_name("polygon")).expect("an arrow head");
    let tip = points(&head)[0];
    assert!((tip[0] - moved[0]).hypot(tip[1] - moved[1]) <= 0.01, "push arrow to {tip:?}, library {moved:?}");
    let ghost = by_id(&doc, "pushed-circle");
    let at = [attr(&ghost, "cx"), attr(&ghost, "cy")];
    assert!((at[0] - moved[0]).hypot(at[1] - moved[1]) <= 0.01, "pushed circle at {at:?}, library {moved:?}");
    // Overlapping: the verdict's dashed outline and × (the aligned box would say separated).
    assert!(ids_of(&text).contains("hatch"));
}

#[test]
fn angle_0_is_the_figure_with_no_angle_byte_for_byte() {
    for (name, scene) in [
        ("still", "circle=0,3,1&box=-2,-1,2,1.5"),
        ("motion", "circle=-3,2.5,0.6&box=-2,-1,2,1.5&motion=on&velocity=4,-3&response=slide"),
    ] {
        let (_, plain) = figure(&format!("angle-none-{name}"), &["--scene", scene]);
        let (_, zero) = figure(&format!("angle-0-{name}"), &["--scene", &format!("{scene}&angle=0")]);
        assert!(plain == zero, "{name}: angle=0 differs from no angle");
        let (_, turned) = figure(&format!("angle-30-{name}"), &["--scene", &format!("{scene}&angle=30")]);
        assert!(plain != turned, "{name}: angle=30 draws the same figure as no angle");
    }
}

#[test]
fn a_turned_motion_box_is_drawn_turned_with_its_rounded_box_and_the_capsule() {
    let scene = "circle=-3,2.5,0.6&box=-2,-1,2,1.5&motion=on&velocity=4,-3&response=slide&angle=30";
    let (_, text) = figure("motion-turned", &["--scene", scene]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let ids = ids_of(&text);
    for id in ["motion", "swept", "swept-fill", "velocity", "rounded-box-fill", "box-edge"] {
        assert!(ids.contains(id), "motion: no id {id:?}");
    }
    // The box: a rectangle whose long side (4) runs at 30° (y up on the figure: −30° on the screen)
    // and whose sides are 4 : 2.5.
    let q = points(&by_id(&doc, "box-edge"));
    assert_eq!(q.len(), 4);
    let side = |i: usize| {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        (b[0] - a[0], -(b[1] - a[1]))
    };
    let (long, short) = if side(0).0.hypot(side(0).1) > side(1).0.hypot(side(1).1) { (0, 1) } else { (1, 0) };
    let deg = side(long).1.atan2(side(long).0).to_degrees().rem_euclid(180.0);
    assert!((deg - 30.0).abs() < 0.1, "the long side runs at {deg}°, not 30°");
    let ratio = side(long).0.hypot(side(long).1) / side(short).0.hypot(side(short).1);
    assert!((ratio - 1.6).abs() < 0.01, "sides {ratio}, not 4 : 2.5");
    // The rounded box: four sides and four quarter arcs; the capsule a quadrilateral.
    assert!(by_id(&doc, "rounded-box-fill").attribute("d").is_some_and(|d| d.matches('A').count() == 4));
    assert_eq!(points(&by_id(&doc, "swept-fill")).len(), 4);
    // The sweep hits the turned box (the status names the hit).
    assert!(text.contains("Sweep: hit at t ="), "the sweep against the turned box hits");
}
