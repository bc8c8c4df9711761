//! The 2D canvas, layer by layer: which painter draws what, in which order.

use super::backdrop::Backdrop;
use super::construction::draw_construction;
use super::grid::draw_grid;
use super::legend::draw_legend;
use super::overlap_region::draw_overlap_region;
use super::shapes::{draw_box, draw_circle_shape};
use super::status::draw_status;
use super::style::Sizes;
use super::zones::{draw_zone_labels, draw_zone_lines};
use super::{embed, flat, motion, overlay, playground, quiz, turned, typeset};
use crate::app::{Analysis, State};
use macroquad::prelude::*;

/// Draws the whole canvas with the teaching layer: the overlay image under the shapes, the trace's
/// focus over them, the hover read-out and the lesson caption on top (see [`overlay`]). `cleared`: the
/// canvas was cleared to [`super::canvas_background`]; else the zones under everything cover all of it (or
/// of the region being redrawn), each pixel once.
pub fn draw_scene(state: &State, a: &Analysis, layer: &overlay::OverlayLayer, cleared: bool) {
    // Shapes without the default material's texture lookup (text and images switch back for their draws).
    flat::begin();
    draw_scene_layers(state, a, layer, cleared);
    flat::end();
}

fn draw_scene_layers(state: &State, a: &Analysis, layer: &overlay::OverlayLayer, cleared: bool) {
    let sizes = Sizes::for_state(state);
    if state.mode.flat_playground() {
        playground::draw_playground(state, sizes);
        typeset::flush();
        overlay::draw_mode_caption(state, sizes);
        typeset::flush();
        embed::draw_toolbar(state);
        return;
    }
    // No background rectangle: the frame loop clears the whole window to the background colour
    // (a clear costs next to nothing; a canvas-sized quad is a full layer of blended fill).
    // Labels keep off the circle's centre marker (and, in placement order, off each other).
    let centre = state.view.to_screen(state.circle.center());
    let s = sizes.line(7.0);
    // Embedded, the toolbar's buttons too.
    let mut keep_clear = vec![Rect::new(centre.x - s, centre.y - s, 2.0 * s, 2.0 * s)];
    keep_clear.extend(state.embed_buttons().into_iter().map(|(_, r)| Rect::new(r.x, r.y, r.w, r.h)));
    typeset::begin_labels(&keep_clear);
    // A quiz question open: its own picture, which answers nothing.
    if let Some(q) = state.quiz.as_ref().filter(|q| q.asking()) {
        quiz::draw_question(state, q, sizes, cleared);
        return;
    }
    // The still test's picture highlights the centre's zone and, with the trace on the canvas,
    // the axis slabs it tests; motion mode shows neither.
    // With the box turned (`a.frame`), the zones are drawn in its frame, turned with it, and the
    // trace's axis slabs (aligned with the world) are left out.
    let frame = a.frame;
    let trace = if a.motion.is_none() && frame.is_none() { overlay::canvas_trace(state) } else { None };
    let backdrop = if a.motion.is_none() && frame.is_none() {
        Backdrop::new(state, Some(a.contact.zone), overlay::axis_slabs(trace.as_ref()))
    } else {
        Backdrop::new(state, None, [false; 2])
    };
    backdrop.lay(cleared);
    draw_grid(state, sizes, &backdrop);
    match &frame {
        Some(f) => turned::draw_turned_zones(state, f, Some(a.contact.zone), sizes),
        None if a.motion.is_none() => draw_zone_lines(state, sizes, &backdrop),
        None => {}
    }
    overlay::draw_overlay(state, layer, sizes);
    // A turned box's rounded outline is the motion layer's (turned with it).
    if a.motion.as_ref().and_then(|m| m.target.turned()).is_none() {
        draw_overlap_region(state, sizes);
    }
    if let Some(m) = &a.motion {
        // Motion mode: the sweep's picture instead of the still test's construction.
        match m.target.turned() {
            Some(o) => motion::draw_turned_box(state, &o, sizes),
            None => draw_box(state, sizes),
        }
        motion::draw_motion(state, m, sizes);
        draw_circle_shape(state, a, sizes);
        if state.quiz.is_none() {
            motion::draw_motion_status(state, m, sizes);
        }
    } else {
        draw_box(state, sizes);
        draw_circle_shape(state, a, sizes);
        draw_construction(state, a, sizes);
        overlay::draw_trace_focus(state, trace.as_ref(), sizes);
        match &frame {
            Some(f) => turned::draw_turned_labels(state, f, Some(a.contact.zone), quiz::top_clear(state), sizes),
            None => draw_zone_labels(state, Some(a.contact.zone), quiz::top_clear(state), sizes),
        }
        // The status line's warning banner goes over the labels: their text first.
        typeset::flush();
        // In a quiz the quiz's lines take the status line's place.
        if state.quiz.is_none() {
            draw_status(state, a, sizes);
        }
        draw_legend(state, sizes);
        // The box's view: the scene turned back so the box is aligned, over the bottom-left corner.
        if let Some(f) = &frame {
            typeset::flush();
            turned::draw_box_view(state, a, f, sizes);
        }
    }

    typeset::flush();
    overlay::draw_hover(state, sizes);
    typeset::flush();
    overlay::draw_captions(state, sizes);
    typeset::flush();
    if let Some(q) = &state.quiz {
        quiz::draw_reveal(state, q, sizes);
    }
    embed::draw_toolbar(state);
}
