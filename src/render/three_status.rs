//! The 3D view's text over the scene: its status lines, the warning banner and its legend.

use super::label::text;
use super::legend::legend_row;
use super::status::{banner, panel_hint, WRONG_BANNER_ALPHA};
use super::style::{to_color, Sizes};
use super::typeset;
use crate::app::palette::{self, Rgba};
use crate::app::three::{euler_degrees, region_kind, region_name, Analysis3, SliceImage, SlicePicture};
use crate::app::State;
use crate::format::number;
use macroquad::prelude::*;

/// The rounded grown box (the true overlap region of the centre): teal, apart from the box's blue.
pub const ROUNDED: Rgba = [70, 200, 180, 255];

/// The status lines at the top left: the verdict, the exact answer, the region, the view, the slice.
pub fn draw_status(state: &State, a: &Analysis3, sizes: Sizes, slice: &Option<SliceImage>) {
    let c = state.canvas;
    let o = &state.three.options;
    let algo = state.algorithm();
    let pad = 12.0 * sizes.scale;
    let fs = sizes.font(18.0);
    let shown = palette::shown_state(a.verdict, a.contact.state);
    let mut lines: Vec<(String, u16, Color)> = Vec::new();
    let line1 = format!("3D · {}: {}", algo.name, if a.verdict { "overlap" } else { "no overlap" });
    lines.push((line1, fs, to_color(palette::state(shown))));
    let line2 = format!(
        "exact: {}   distance {}   r = {}   case: {}",
        a.contact.state.as_str(),
        number(a.contact.distance),
        number(o.sphere.radius()),
        a.response.case.as_str()
    );
    lines.push((line2, sizes.font(15.0), to_color(palette::state(a.contact.state))));
    let zone = a.contact.zone;
    let frame = crate::app::status::frame_words(a);
    let line3 = format!("region {zone} = x + 3y + 9z{frame}: {}", region_name(zone));
    lines.push((line3, sizes.font(15.0), to_color(palette::ZONE_HIGHLIGHT_TEXT)));
    if let Some(p) = a.local_center {
        let [yaw, pitch, roll] = euler_degrees(o.rotation);
        let t = format!(
            "box turned (yaw {}°, pitch {}°, roll {}°); the centre in its frame ({}, {}, {}): the regions and axes are the box's",
            number(yaw),
            number(pitch),
            number(roll),
            number(p[0]),
            number(p[1]),
            number(p[2])
        );
        lines.push((t, sizes.font(13.0), to_color(palette::ZONE_HIGHLIGHT_TEXT)));
    }
    let what = match region_kind(zone) {
        "inside" => "the centre is in the box: push out through the nearest face",
        "face" => "beside a face: one axis decides, the closest point is on the face",
        "edge" => "beside an edge: two axes decide, the closest point is on the edge",
        _ => "beside a corner: all three axes decide, the closest point is the corner",
    };
    lines.push((what.to_string(), sizes.font(13.0), to_color(palette::TICK_TEXT)));
    if let Some(w) = &a.sweep {
        let end = if w.end_overlap { "overlap" } else { "no overlap" };
        let (t, colour) = match w.hit {
            Some(h) => {
                let n = h.normal;
                let mut t = format!(
                    "sweep: impact at t = {} on a {}, normal ({}, {}, {}); discrete test at c + v: {end}",
                    number(h.t),
                    h.feature.as_str(),
                    number(n[0]),
                    number(n[1]),
                    number(n[2])
                );
                if w.tunnelled() {
                    t.push_str(" (tunnelling)");
                }
                (t, if w.tunnelled() { palette::WARNING } else { palette::IMPACT })
            }
            None => (format!("sweep: no impact in this move; discrete test at c + v: {end}"), palette::VELOCITY),
        };
        lines.push((t, sizes.font(13.0), to_color(colour)));
    }
    if let Some(s) = slice {
        use crate::teach::agreement::Class;
        let axis = ["x", "y", "z"][s.axis];
        let at = if a.local_center.is_some() {
            format!("slice across the box's {axis} axis at {axis} = {} (its frame)", number(s.at))
        } else {
            format!("slice {axis} = {}", number(s.at))
        };
        let t = match s.picture {
            SlicePicture::Agreement => format!(
                "{at}: agreement map of {} in this plane ({} false positive, {} false negative cells)",
                algo.id,
                s.counts[Class::FalsePositive.index()],
                s.counts[Class::FalseNegative.index()]
            ),
            SlicePicture::Distance => format!(
                "{at}: distance to the box in 3D (white: 0, the box's cut; yellow: r = {}, where the centre touches)",
                number(o.sphere.radius())
            ),
            SlicePicture::Zones => {
                format!("{at}: the regions this plane crosses (yellow: the centre's; orange inside, blue faces, teal edges, violet corners)")
            }
        };
        lines.push((t, sizes.font(13.0), to_color(palette::TICK_TEXT)));
    }
    // In four views the lines sit over the orbit view (and may run into the top view): a plate
    // behind them keeps both readable.
    if o.four {
        let (mut w, mut h) = (0.0f32, 0.0f32);
        for (t, size, _) in &lines {
            let m = typeset::measure(t, *size);
            w = w.max(m.width);
            h += m.height + 9.0 * sizes.scale;
        }
        let plate = to_color(palette::alpha(palette::BACKGROUND, 215));
        draw_rectangle(c.x + 0.5 * pad, c.y + 0.5 * pad, w + pad, h + pad, plate);
    }
    let mut y = c.y + pad + fs as f32 * 0.8;
    for (t, size, colour) in &lines {
        let m = text(t, c.x + pad, y, *size, *colour);
        y += m.height + 9.0 * sizes.scale;
    }

    if a.wrong() {
        let kind = if a.verdict { "false positive" } else { "false negative" };
        let msg = format!(
            "WRONG: {} says {}, but the sphere is {} ({kind}: {} from the box, r = {}){}",
            algo.id,
            if a.verdict { "overlap" } else { "no overlap" },
            a.contact.state.as_str(),
            number(a.contact.distance),
            number(o.sphere.radius()),
            if a.local_center.is_some() { ", tested in the box's frame" } else { "" }
        );
        banner(c, sizes, &msg, WRONG_BANNER_ALPHA);
    }
    if state.panel_hint_shown() {
        panel_hint(c, sizes, pad);
    }
}

pub fn draw_legend(state: &State, sizes: Sizes) {
    let c = state.canvas;
    let fs = sizes.font(13.0);
    let items: [(&str, Rgba); 8] = [
        ("separated", palette::SEPARATED),
        ("touching", palette::TOUCHING),
        ("overlapping", palette::OVERLAPPING),
        ("closest point", palette::CLOSEST),
        ("push-out", palette::PUSH),
        (
            if state.three.options.oriented().is_some() { "region (the box's frame)" } else { "region" },
            palette::ZONE_HIGHLIGHT_TEXT,
        ),
        ("grown by r: rounded", ROUNDED),
        ("square", palette::WARNING),
    ];
    legend_row(c, sizes, fs, &items, 20.0, 20.0);
}
