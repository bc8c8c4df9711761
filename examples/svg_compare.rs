//! Compares a `--svg` figure with the `--screenshot` PNG of the same scene (what
//! `scripts/test-desktop.sh` runs): the figure rasterised with resvg, then for each part the figure
//! names — the circle (its outline's colour), the box (its edge's colour), the impact ghost, the
//! closest point — the bounding box of that colour's pixels near the part, in both pictures. Exits 1
//! when a part is missing from either, or its boxes differ by more than 3 px on any side.
//!
//! `cargo run --example svg_compare -- FIGURE.svg SCREENSHOT.png [RASTER_OUT.png]`

use resvg::tiny_skia::Pixmap;

/// A part to find: its name, its colour, and the window (x0, y0, x1, y1) to look in.
struct Part {
    name: &'static str,
    rgb: [u8; 3],
    window: [f32; 4],
}

fn hex(s: &str) -> Option<[u8; 3]> {
    let s = s.strip_prefix('#')?;
    let v = u32::from_str_radix(s, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

fn attr(n: &roxmltree::Node<'_, '_>, name: &str) -> f32 {
    n.attribute(name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

/// The parts the figure holds, found by their ids.
fn parts(doc: &roxmltree::Document<'_>) -> Vec<Part> {
    let by_id = |id: &str| doc.descendants().find(|n| n.attribute("id") == Some(id));
    let mut out = Vec::new();
    // A circle's upper part: its left, top and right sides (labels hang below a circle: the impact's).
    let circle_window = |n: &roxmltree::Node<'_, '_>, k: f32| {
        let (cx, cy, r) = (attr(n, "cx"), attr(n, "cy"), attr(n, "r"));
        [cx - k * r - 8.0, cy - k * r - 8.0, cx + k * r + 8.0, cy + 0.5 * r]
    };
    if let (Some(fill), Some(outline)) = (by_id("circle-fill"), by_id("outline")) {
        if let Some(rgb) = outline.attribute("stroke").and_then(hex) {
            out.push(Part { name: "circle", rgb, window: circle_window(&fill, 1.15) });
        }
    }
    if let Some(edge) = by_id("box-edge") {
        // A rectangle, or a turned box's polygon (its points' bounding box).
        let (x, y, w, h) = match edge.attribute("points") {
            Some(points) => {
                let p: Vec<[f32; 2]> = points
                    .split_whitespace()
                    .filter_map(|p| p.split_once(','))
                    .filter_map(|(x, y)| Some([x.parse().ok()?, y.parse().ok()?]))
                    .collect();
                let lo = p.iter().fold([f32::INFINITY; 2], |a, q| [a[0].min(q[0]), a[1].min(q[1])]);
                let hi = p.iter().fold([f32::NEG_INFINITY; 2], |a, q| [a[0].max(q[0]), a[1].max(q[1])]);
                (lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1])
            }
            None => (attr(&edge, "x"), attr(&edge, "y"), attr(&edge, "width"), attr(&edge, "height")),
        };
        if let Some(rgb) = edge.attribute("stroke").and_then(hex) {
            out.push(Part { name: "box", rgb, window: [x - 10.0, y - 10.0, x + w + 10.0, y + h + 10.0] });
        }
    }
    if let Some(ghost) = by_id("impact-ghost") {
        if let Some(rgb) = ghost.attribute("stroke").and_then(hex) {
            out.push(Part { name: "impact ghost", rgb, window: circle_window(&ghost, 1.15) });
        }
    }
    if let Some(p) = by_id("closest-point") {
        if let Some(rgb) = p.attribute("fill").and_then(hex) {
            out.push(Part { name: "closest point", rgb, window: circle_window(&p, 1.0) });
        }
    }
    out
}

/// The bounding box of the pixels within `window` whose colour is within 40 (sum over the channels)
/// of `rgb`.
fn bbox(p: &Pixmap, rgb: [u8; 3], window: [f32; 4]) -> Option<[f32; 4]> {
    let x0 = window[0].max(0.0) as u32;
    let y0 = window[1].max(0.0) as u32;
    let x1 = (window[2].max(0.0) as u32).min(p.width().saturating_sub(1));
    let y1 = (window[3].max(0.0) as u32).min(p.height().saturating_sub(1));
    let mut b: Option<[f32; 4]> = None;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let px = p.pixel(x, y)?.demultiply();
            let d: i32 = [px.red(), px.green(), px.blue()]
                .iter()
                .zip(rgb)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).abs())
                .sum();
            if d <= 40 {
                let (fx, fy) = (x as f32, y as f32);
                b = Some(match b {
                    None => [fx, fy, fx, fy],
                    Some(b) => [b[0].min(fx), b[1].min(fy), b[2].max(fx), b[3].max(fy)],
                });
            }
        }
    }
    b
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: svg_compare FIGURE.svg SCREENSHOT.png [RASTER_OUT.png]");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[0]).expect("the figure");
    let mut opt = resvg::usvg::Options::default();
    let font = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/egui-fonts/fonts/Ubuntu-Light.ttf");
    opt.fontdb_mut().load_font_data(std::fs::read(font).expect("Ubuntu Light"));
    let tree = resvg::usvg::Tree::from_str(&text, &opt).expect("the figure parses");
    let size = tree.size().to_int_size();
    let mut figure = Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut figure.as_mut());
    if let Some(out) = args.get(2) {
        figure.save_png(out).expect("the raster written");
    }
    let shot = Pixmap::load_png(&args[1]).expect("the screenshot");
    let doc = roxmltree::Document::parse(&text).expect("the figure is XML");
    let parts = parts(&doc);
    let mut failed = parts.len() < 2;
    for part in &parts {
        let (a, b) = (bbox(&figure, part.rgb, part.window), bbox(&shot, part.rgb, part.window));
        let ok = match (a, b) {
            (Some(a), Some(b)) => a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 3.0),
            _ => false,
        };
        failed |= !ok;
        println!(
            "svg_compare: {} #{:02x}{:02x}{:02x}: figure {:?}, screenshot {:?}: {}",
            part.name,
            part.rgb[0],
            part.rgb[1],
            part.rgb[2],
            a,
            b,
            if ok { "ok" } else { "DIFFERENT" }
        );
    }
    std::process::exit(i32::from(failed));
}
