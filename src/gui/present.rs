//! Putting the frame on the screen: the canvas redrawn where it changed, the panel, and (for a
//! screenshot) the framebuffer written to a PNG; on the web, the URL fragment kept equal to the scene.

#[cfg(target_arch = "wasm32")]
use crate::app::State;
use crate::render::damage;
use macroquad::prelude::*;

/// Draws the 2D canvas where the framebuffer keeps the last frame: records the frame's items, and
/// draws all of it, nothing, or the region that changed ([`damage::plan`]); the scene clears what it
/// draws. `last` holds the items the framebuffer shows (`comparable`: on the same canvas, with
/// nothing of egui's over it).
pub fn draw_changes(
    last: &mut Option<Vec<damage::Item>>,
    comparable: bool,
    canvas: damage::Bounds,
    draw_canvas: impl Fn(),
) {
    let items = damage::record(&draw_canvas);
    let dpi = screen_dpi_scale();
    let plan = damage::plan(last.as_deref().filter(|_| comparable), &items, canvas, dpi);
    *last = Some(items);
    // The canvas is drawn under a scissor even in full, so that nothing of it reaches the panel, which
    // may keep its last frame.
    let regions = match plan {
        damage::Plan::Nothing => return,
        damage::Plan::Full => vec![canvas],
        damage::Plan::Regions(regions) => regions,
    };
    // macroquad's clip: physical pixels, y downwards (the regions' edges are whole pixels).
    let scissor = |r: Option<damage::Bounds>| {
        let px = |v: f32| (v * dpi).round() as i32;
        let clip = r.map(|r| (px(r.x0), px(r.y0), px(r.x1) - px(r.x0), px(r.y1) - px(r.y0)));
        // SAFETY: inside macroquad's frame loop, on its thread.
        unsafe { get_internal_gl() }.quad_gl.scissor(clip);
    };
    for r in regions {
        damage::clipped(r, scissor, &draw_canvas);
    }
}

/// Draws egui (the panel, and anything of egui's over the canvas) as `plan` says: in full (the panel's
/// background cleared under it, egui leaves it unfilled), not at all, or inside the union of the
/// regions that changed — egui's painter sets a scissor box for each of its meshes, and the page's
/// plugin confines them all to that region ([`crate::page::clip_scissor`]).
pub fn draw_panel(visible: bool, panel: damage::Bounds, plan: &damage::Plan) {
    let [r, g, b, _] = crate::ui::PANEL_FILL.to_array();
    let fill = Color::from_rgba(r, g, b, 255);
    let clear = |b: damage::Bounds| {
        if visible {
            crate::render::flat::clear_rect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, fill);
        }
    };
    let region = match plan {
        damage::Plan::Full => {
            clear(panel);
            egui_macroquad::draw();
            return;
        }
        damage::Plan::Nothing => damage::Bounds::new(0.0, 0.0, 0.0, 0.0),
        damage::Plan::Regions(rs) => rs.iter().fold(damage::Bounds::EMPTY, |u, r| u.union(*r)),
    };
    clear(region);
    // What the canvas queued is drawn first: egui's draw would flush it under the panel's clip.
    // SAFETY: inside macroquad's frame loop, on its thread.
    unsafe { get_internal_gl() }.flush();
    // The pixels a clear of the region takes, as a GL scissor box (none: an empty box).
    let dpi = screen_dpi_scale();
    let (w, h) = ((region.x1 - region.x0) * dpi, (region.y1 - region.y0) * dpi);
    let height = macroquad::miniquad::window::screen_size().1;
    let clip = crate::render::flat::scissor_box(region.x0 * dpi, region.y0 * dpi, w, h, height);
    crate::page::clip_scissor(Some(clip.unwrap_or((0, 0, 0, 0))));
    // Drawn even when nothing changed: it uploads egui's new textures (a glyph first shown) too.
    egui_macroquad::draw();
    // SAFETY: inside macroquad's frame loop, on its thread: egui's meshes are drawn by now.
    unsafe { get_internal_gl() }.flush();
    crate::page::clip_scissor(None);
}

/// Whether egui asked for another pass (an animation of its own, a tooltip's delay, a text
/// cursor's blink, or the second pass it wants after any input).
pub fn egui_macroquad_repaint() -> bool {
    let mut wants = false;
    egui_macroquad::cfg(|ctx| wants = ctx.has_requested_repaint());
    wants
}

#[cfg(not(target_arch = "wasm32"))]
pub fn write_screenshot(path: &std::path::Path) {
    // get_screen_data reads the framebuffer bottom-up; export_png flips it to top-down.
    let mut image = get_screen_data();
    // The window is opaque, but the framebuffer's alpha holds what blending left there (a translucent
    // shape lowers it): a PNG with that alpha would show the page behind it through the picture.
    for px in image.bytes.chunks_exact_mut(4) {
        px[3] = 255;
    }
    let Some(p) = path.to_str() else {
        eprintln!("error: --screenshot: the path {} is not valid UTF-8", path.display());
        std::process::exit(2);
    };
    image.export_png(p);
    eprintln!("wrote {} ({}x{})", path.display(), image.width, image.height);
}

/// Keeps the embedded scene's "full demo" link (`embed=1`) on the toolbar's button and its address on
/// the scene on show (see [`crate::page::set_embed_link`]): told to the page when either changed.
#[cfg(target_arch = "wasm32")]
pub fn update_embed_link(state: &State, last: &mut Option<(String, [f32; 4])>) {
    let now = state.embed.and_then(|_| {
        let (_, r) = state.embed_buttons().into_iter().find(|(b, _)| *b == crate::app::embed::Button::FullDemo)?;
        Some((crate::app::full_demo_fragment(state), [r.x, r.y, r.w, r.h]))
    });
    if *last != now {
        crate::page::set_embed_link(now.as_ref().map(|(t, r)| (t.as_str(), *r)));
        *last = now;
    }
}

/// The embedded scene's "full demo" button pressed on the canvas (the desktop; on the web the page's
/// link lies over it): the desktop has no browser to open, so the scene text is printed, ready for
/// `circle-aabb-lab --scene`, and put on the clipboard.
pub fn full_demo_pressed(state: &mut crate::app::State) {
    let Some(e) = state.embed.as_mut().filter(|e| e.link_pressed) else { return };
    e.link_pressed = false;
    let text = crate::app::full_demo_fragment(state);
    println!("the full demo on this scene: circle-aabb-lab --scene '{text}'");
    #[cfg(not(target_arch = "wasm32"))]
    macroquad::miniquad::window::clipboard_set(&text);
}

/// Keeps the page's URL fragment equal to the scene text, so copying the address bar shares the
/// scene. Written when the scene changed and nothing is being dragged (quad-url's `set_hash` pushes
/// a history entry each time). The first frame only records the scene.
#[cfg(target_arch = "wasm32")]
pub fn update_url_fragment(state: &State, last: &mut String) {
    if state.drag.is_some() {
        return;
    }
    let text = crate::app::current_scene(state).to_fragment();
    if *last != text {
        if !last.is_empty() {
            quad_url::set_hash(&text);
        }
        *last = text;
    }
}
