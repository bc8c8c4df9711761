//! Text over the scene that reports rather than labels: the status line with its warning banner,
//! the hint that the panel is hidden, and the frame-time readout.

use super::label::text;
use super::style::{to_color, Sizes};
use super::{paint, typeset};
use crate::app::palette;
use crate::app::{Analysis, ScreenRect, State};
use macroquad::prelude::*;

/// The frame-time readout (key F) at the bottom left of the canvas, on a plate.
pub fn draw_frame_stats(state: &State, line: &str) {
    let c = state.canvas;
    let sizes = Sizes::for_state(state);
    plate(line, sizes, None, |_| (c.x + 40.0 * sizes.scale, c.y + c.h - 48.0 * sizes.scale));
}

/// One line of canvas text at 14 px on a dark plate (edged in `edge`, if given): `at(measure)` gives
/// the text's origin (its baseline's left end) from its measured size.
fn plate(line: &str, sizes: Sizes, edge: Option<palette::Rgba>, at: impl FnOnce(&TextDimensions) -> (f32, f32)) {
    let fs = sizes.font(14.0);
    let m = typeset::measure(line, fs);
    let pad = 6.0 * sizes.scale;
    let (x, y) = at(&m);
    let (px, py, pw, ph) = (x - pad, y - m.offset_y - pad, m.width + 2.0 * pad, m.height + 2.0 * pad);
    paint::rectangle(px, py, pw, ph, to_color(palette::alpha(palette::BACKGROUND, 230)));
    if let Some(e) = edge {
        paint::rectangle_lines(px, py, pw, ph, sizes.line(2.0), to_color(e));
    }
    text(line, x, y, fs, to_color(palette::TEXT));
    typeset::flush();
}

/// Top of the canvas: the selected algorithm's verdict and the exact answer; a red banner when they
/// disagree.
pub fn draw_status(state: &State, a: &Analysis, sizes: Sizes) {
    let c = state.canvas;
    let algo = state.algorithm();
    let fs = sizes.font(17.0);
    let pad = 10.0 * sizes.scale;
    let verdict = if a.verdict { "overlap" } else { "no overlap" };
    let line1 = format!("{}: {}", algo.name, verdict);
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let m =
        text(&line1, c.x + pad + 40.0 * sizes.scale, c.y + pad + fs as f32 * 0.8, fs, to_color(palette::state(shown)));
    let exact = match Analysis::rounding_gap(&state.circle, &state.aabb) {
        Some(n) => format!("separated by {n} ulp{} (a push rounds outward)", if n == 1 { "" } else { "s" }),
        None => a.contact.state.as_str().to_string(),
    };
    let line2 = format!("exact: {exact}   zone {}   case: {}", a.contact.zone, a.response.case.as_str());
    let y2 = c.y + pad + fs as f32 * 0.8 + m.height + 8.0 * sizes.scale;
    text(&line2, c.x + pad + 40.0 * sizes.scale, y2, sizes.font(14.0), to_color(palette::state(a.contact.state)));

    if a.wrong() {
        let kind = if a.verdict { "false positive" } else { "false negative" };
        let msg = format!(
            "WRONG: {} says {}, but the circle is {} ({kind})",
            algo.id,
            if a.verdict { "overlap" } else { "no overlap" },
            a.contact.state.as_str()
        );
        banner(c, sizes, &msg, WRONG_BANNER_ALPHA);
    }
    // Embedded, the panel stays hidden: no hint (the toolbar stands there).
    if state.panel_hint_shown() {
        panel_hint(c, sizes, pad);
    }
}

/// The red banner near the bottom of the canvas that says the selected test is wrong (2D and 3D,
/// fill alpha 230) or that a move tunnelled (motion mode, opaque).
pub fn banner(c: ScreenRect, sizes: Sizes, msg: &str, fill_alpha: u8) {
    let bfs = sizes.font(18.0);
    let mm = typeset::measure(msg, bfs);
    let w = (mm.width + 24.0 * sizes.scale).min(c.w - 8.0);
    let x = c.x + 0.5 * (c.w - w);
    let y = c.y + c.h - 60.0 * sizes.scale - mm.height;
    paint::rectangle(x, y, w, mm.height + 18.0 * sizes.scale, to_color(palette::alpha(palette::WARNING, fill_alpha)));
    paint::rectangle_lines(x, y, w, mm.height + 18.0 * sizes.scale, sizes.line(2.0), to_color(palette::TEXT));
    text(msg, x + 12.0 * sizes.scale, y + 9.0 * sizes.scale + mm.offset_y, bfs, WHITE);
}

/// The wrong-test banner's fill alpha: the scene shows through a little.
pub const WRONG_BANNER_ALPHA: u8 = 230;

/// What the canvas says while the keys go to the panel ([`State::keys_in_panel`]).
pub const KEYS_IN_PANEL: &str = "Keys: panel (Esc gives them back to the scene)";

/// `KEYS_IN_PANEL` on a plate in the canvas's top-right corner, in the focus ring's amber, while a
/// panel widget has the keyboard focus: the scene's keys (digits, arrows, PgDn) do nothing then, and
/// this says why.
pub fn draw_keys_tag(state: &State) {
    if !state.keys_in_panel {
        return;
    }
    let c = state.canvas;
    let sizes = Sizes::for_state(state);
    let pad = 6.0 * sizes.scale;
    plate(KEYS_IN_PANEL, sizes, Some(palette::FOCUS_RING), |m| {
        (c.x + c.w - m.width - 3.0 * pad, c.y + 2.0 * pad + m.offset_y)
    });
}

/// "H: show panel" in the canvas's top-right corner, when the panel is hidden.
pub fn panel_hint(c: ScreenRect, sizes: Sizes, pad: f32) {
    let hint = "H: show panel";
    let hf = sizes.font(14.0);
    let mm = typeset::measure(hint, hf);
    text(hint, c.x + c.w - mm.width - pad, c.y + pad + mm.offset_y, hf, to_color(palette::HINT_TEXT));
}
