//! The panel's 3D parts: the 2D / 3D switch, and in 3D the response, the view switches (four
//! views, slice, x-ray, grown box, camera), the scene's numbers, the read-outs and the face-plane
//! erratum's counter-example. Reads the state, returns commands.

use super::widgets::{axis_name, c32, edit, num, remember, row, LIMIT};
use crate::app::palette;
use crate::app::three::{
    euler_degrees, from_euler_degrees, region_name, slice_id, Analysis3, Grown, SlicePicture, ThreeCommand, IDENTITY,
    PLANES_COUNTER_EXAMPLE, SLICES,
};
use crate::app::{Command, SceneOptions, State};
use crate::geom::{response::PushCase, Box3, Sphere};
use egui::RichText;

fn cmd(out: &mut Vec<Command>, c: ThreeCommand) {
    out.push(Command::Three(c));
}

/// Where the panel's "Load the 3D counter-example" button is (for the headless tests).
pub const COUNTER_EXAMPLE_BUTTON: &str = "three.counter_example";

/// The key under which a slice-picture button's rectangle is remembered (for the headless tests).
#[must_use]
pub fn slice_picture_button(p: SlicePicture) -> String {
    format!("three.slicemap.{}", p.as_str())
}

/// 2D or 3D, beside Reset at the top of the panel.
pub fn view_switch(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let on = state.mode.is_three();
    if ui.selectable_label(!on, "2D").on_hover_text("Circle against rectangle (V)").clicked() && on {
        cmd(out, ThreeCommand::SetView(false));
    }
    if ui.selectable_label(on, "3D").on_hover_text("Sphere against box (V)").clicked() && !on {
        cmd(out, ThreeCommand::SetView(true));
    }
}

/// The face-plane erratum with its one-click 3D counter-example (near the top of the 3D panel).
pub fn erratum(ui: &mut egui::Ui, out: &mut Vec<Command>) {
    ui.label(RichText::new("The face-plane test in 3D").strong());
    ui.label(
        RichText::new(
            "The face-plane test published as \"Correct Box Sphere Intersection\" (2013, fixed 2019) is exact in \
             2D but not in 3D: near an edge or a corner of the box it says \"overlapping\" for a sphere whose \
             centre is farther than r from the box. Load the example and look at the centre's corner wedge.",
        )
        .small(),
    );
    let b = ui.button("Load the 3D counter-example (planes)");
    remember(ui, COUNTER_EXAMPLE_BUTTON, b.rect);
    if b.clicked() {
        if let Ok(scene) = SceneOptions::from_fragment(PLANES_COUNTER_EXAMPLE) {
            out.push(Command::Teach(crate::app::teach::TeachCommand::LoadScene(scene)));
        }
    }
}

/// The 3D view's own section.
pub fn section(ui: &mut egui::Ui, state: &State, a: &Analysis3, out: &mut Vec<Command>) {
    let o = &state.three.options;
    ui.label(RichText::new("Response (3D)").strong());
    let what = match a.response.case {
        PushCase::None => "Separated: nothing to push.",
        PushCase::Outside => "Outside: push along centre − closest point, by r − distance.",
        PushCase::Inside => "Inside: push out through the nearest face, by its distance + r.",
    };
    ui.label(RichText::new(format!("Case: {}. {what}", a.response.case.as_str())).small());
    let r = ui.add_enabled(a.response.case != PushCase::None, egui::Button::new("Apply response  (Space)"));
    if r.clicked() {
        r.surrender_focus();
        cmd(out, ThreeCommand::ApplyResponse);
    }
    ui.separator();

    ui.label(RichText::new("3D view").strong());
    let mut four = o.four;
    if ui.checkbox(&mut four, "Four views: orbit, top, front, side  (I)").changed() {
        cmd(out, ThreeCommand::ToggleFour);
    }
    let mut xray = o.xray;
    if ui.checkbox(&mut xray, "X-ray: box and sphere see-through  (X)").changed() {
        cmd(out, ThreeCommand::ToggleXray);
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Slice through the centre (K):");
        for s in SLICES {
            if ui.selectable_label(o.slice == s, slice_id(s)).clicked() && o.slice != s {
                cmd(out, ThreeCommand::SetSlice(s));
            }
        }
    });
    if o.slice.is_some() {
        ui.horizontal_wrapped(|ui| {
            ui.label("The slice shows (O):");
            for p in SlicePicture::ALL {
                let b = ui.selectable_label(o.slice_picture == p, p.label());
                remember(ui, &slice_picture_button(p), b.rect);
                if b.clicked() && o.slice_picture != p {
                    cmd(out, ThreeCommand::SetSlicePicture(p));
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Box grown by r (G):");
        for g in Grown::ALL {
            if ui.selectable_label(o.grown == g, g.as_str()).clicked() && o.grown != g {
                cmd(out, ThreeCommand::SetGrown(g));
            }
        }
    });
    let cam = state.three.camera();
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!(
                "camera: yaw {:.0}°, pitch {:.0}°, distance {:.2}",
                cam.yaw, cam.pitch, cam.distance
            ))
            .small(),
        );
        if ui.small_button("Fit").on_hover_text("Frame the scene again").clicked() {
            cmd(out, ThreeCommand::FitCamera);
        }
    });
    ui.separator();

    scene_fields(ui, state, out);
    ui.separator();
    motion(ui, state, a, out);
    ui.separator();
    readouts(ui, a);
}

/// The velocity and what the core's sweep says about it.
fn motion(ui: &mut egui::Ui, state: &State, a: &Analysis3, out: &mut Vec<Command>) {
    let velocity = state.three.options.velocity;
    ui.label(RichText::new("Motion (3D)").strong());
    let mut on = velocity.is_some();
    if ui.checkbox(&mut on, "Sweep the sphere by a velocity: c → c + v").changed() {
        cmd(out, ThreeCommand::SetVelocity(on.then_some(MOTION_DEFAULT)));
    }
    let (Some(v), Some(w)) = (velocity, a.sweep) else {
        return;
    };
    egui::Grid::new("motion3").num_columns(4).spacing([8.0, 4.0]).show(ui, |ui| {
        ui.label("velocity");
        if let Some(nv) = edit3(ui, "velocity", v, 0.05) {
            cmd(out, ThreeCommand::SetVelocity(Some(nv)));
        }
        ui.end_row();
    });
    let p = |p: [f32; 3]| format!("({}, {}, {})", num(p[0]), num(p[1]), num(p[2]));
    egui::Grid::new("motion3_readouts").num_columns(2).spacing([12.0, 3.0]).show(ui, |ui| match w.hit {
        Some(h) => {
            let t = if h.initial { "0 (touching at the start)".to_string() } else { num(h.t) };
            row(ui, "time of impact t", t, Some(palette::IMPACT));
            row(ui, "centre at impact", p(h.center), Some(palette::IMPACT));
            row(ui, "feature", h.feature.as_str().to_string(), None);
            row(ui, "normal", p(h.normal), None);
        }
        None => row(ui, "time of impact t", "no hit in this move".to_string(), None),
    });
    let end = if w.end_overlap { "overlap" } else { "no overlap" };
    ui.label(RichText::new(format!("A discrete test at c + v {}: {end}.", p(w.end))).small());
    if w.tunnelled() {
        ui.label(
            RichText::new("Tunnelling: the sweep hits, but the test at the end sees nothing.")
                .small()
                .color(c32(palette::WARNING)),
        );
    }
}

/// Three number fields in a grid row (within ±LIMIT), named `what` x, y, z; the new vector when one
/// of them changed.
fn edit3(ui: &mut egui::Ui, what: &str, v: [f32; 3], speed: f64) -> Option<[f32; 3]> {
    let mut out = v;
    let mut changed = false;
    for (i, x) in out.iter_mut().enumerate() {
        if let Some(n) = edit(ui, &axis_name(what, i), *x, -LIMIT..=LIMIT, speed) {
            *x = n;
            changed = true;
        }
    }
    changed.then_some(out)
}

/// The velocity the Motion checkbox starts with: across the scene, along −x.
const MOTION_DEFAULT: [f32; 3] = [-6.0, -1.0, 0.0];

fn scene_fields(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let o = &state.three.options;
    ui.label(RichText::new("Scene (3D)").strong());
    let (c, r) = (o.sphere.center(), o.sphere.radius());
    let (lo, hi) = (o.aabb.min(), o.aabb.max());
    egui::Grid::new("scene3").num_columns(4).spacing([8.0, 4.0]).show(ui, |ui| {
        ui.label("sphere centre");
        if let Some(centre) = edit3(ui, "sphere centre", c, 0.02) {
            if let Ok(s) = Sphere::new(centre, r) {
                cmd(out, ThreeCommand::SetSphere(s));
            }
        }
        ui.end_row();
        ui.label("radius");
        if let Some(n) = edit(ui, "radius", r, 0.0..=LIMIT, 0.01) {
            if let Ok(s) = Sphere::new(c, n) {
                cmd(out, ThreeCommand::SetSphere(s));
            }
        }
        ui.end_row();
        for (name, corner, is_max) in [("box min", lo, false), ("box max", hi, true)] {
            ui.label(name);
            let mut p = corner;
            let mut changed = false;
            for (i, v) in p.iter_mut().enumerate() {
                // min stops at max and max at min: the box never turns inside out.
                let range = if is_max { lo[i]..=LIMIT } else { -LIMIT..=hi[i] };
                if let Some(n) = edit(ui, &axis_name(name, i), *v, range, 0.02) {
                    *v = n;
                    changed = true;
                }
            }
            if changed {
                let b = if is_max { Box3::new(lo, p) } else { Box3::new(p, hi) };
                if let Ok(b) = b {
                    cmd(out, ThreeCommand::SetBox(b));
                }
            }
            ui.end_row();
        }
        // The box's turn as three angles: editing one keeps the other two.
        ui.label("box turn °").on_hover_text(
            "Yaw about z, pitch about the turned y, roll about the turned x, in degrees \
             (Shift + arrow keys, or drag the ring round the box)",
        );
        let angles = euler_degrees(o.rotation);
        let mut a = angles;
        let mut changed = false;
        for (i, v) in a.iter_mut().enumerate() {
            let name = ["box yaw in degrees", "box pitch in degrees", "box roll in degrees"][i];
            if let Some(n) = edit(ui, name, *v, -180.0..=180.0, 1.0) {
                *v = n;
                changed = true;
            }
        }
        if changed {
            cmd(out, ThreeCommand::SetRotation(from_euler_degrees(a[0], a[1], a[2])));
        }
        ui.end_row();
    });
    if o.rotation != IDENTITY && ui.small_button("Square the box up (no turn)").clicked() {
        cmd(out, ThreeCommand::SetRotation(IDENTITY));
    }
}

fn readouts(ui: &mut egui::Ui, a: &Analysis3) {
    let v = |p: [f32; 3]| format!("({}, {}, {})", num(p[0]), num(p[1]), num(p[2]));
    ui.label(RichText::new("Read-outs (3D)").strong());
    egui::Grid::new("readouts3").num_columns(2).spacing([12.0, 3.0]).show(ui, |ui| {
        row(ui, "exact state", a.contact.state.as_str().to_string(), Some(palette::state(a.contact.state)));
        let frame = crate::app::status::frame_words(a);
        row(
            ui,
            "region",
            format!("{} = x + 3y + 9z{frame}: {}", a.contact.zone, region_name(a.contact.zone)),
            Some(palette::ZONE_HIGHLIGHT_TEXT),
        );
        if let Some(p) = a.local_center {
            row(ui, "centre in the box's frame", v(p), None);
        }
        row(ui, "closest point", v(a.contact.closest), Some(palette::CLOSEST));
        row(ui, "signed distance", num(a.contact.distance), None);
        row(ui, "penetration", num(a.contact.penetration), None);
        row(ui, "response case", a.response.case.as_str().to_string(), None);
        row(ui, "push vector", v(a.response.push), Some(palette::PUSH));
        if let Some(f) = a.response.face {
            let face = format!("{}{}{frame}", if f.upper { "+" } else { "−" }, ["x", "y", "z"][f.axis]);
            row(ui, "nearest face", face, None);
        }
    });
    ui.label(
        RichText::new("Every number above comes from the core (ball_aabb), in 3D.")
            .small()
            .color(c32(palette::TICK_TEXT)),
    );
}
