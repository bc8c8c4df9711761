//! What a screen reader hears: the scene's essentials as one plain sentence or three
//! ([`status_text`]), sent to the web page's `aria-live` status line by [`StatusLine`] only when
//! they changed (never every frame, never in the middle of a drag), and the keyboard shortcuts as
//! text ([`shortcuts_text`], from the one table [`CONTROLS`]). The reduced-motion setting's
//! desktop sources (flag and environment variable) are read here too ([`reduced_motion_setting`]).
//!
//! Plain data in, plain text out: nothing here knows about the page, macroquad or egui, so all of
//! it is unit-tested without a window; the frame loop passes the text to the page (`crate::page`).
//!
//! ```text
//!  State + Analysis ──status_text──► "Still scene. Algorithm 1 of 9, Arvo (…), says overlap: right, …"
//!                    ──StatusLine::next──► Some(text) when it differs from the last one sent, else None
//!  CONTROLS ──shortcuts_text──► "keys\twhat\n…" (the page lists it; parse_shortcuts reads it back)
//! ```

use super::motion::MotionAnalysis;
use super::playground::strategy_index;
use super::state::{Analysis, State};
use super::three::{region_name, Analysis3};
use super::update::CONTROLS;
use crate::format::{number, point, vector};
use crate::geom::controller::Event;
use crate::geom::world::{World, STRATEGIES};
use crate::geom::{algo::ALGORITHMS, response::PushCase, shape::AXES, PushOut};

/// Where zone `zone` (numbered `x + 3y`, 0 at the bottom left) lies relative to the box, in words:
/// "above and right of the box (a corner zone)", "left of the box (a face zone)", "inside the box".
#[must_use]
pub fn zone_words(zone: u32) -> &'static str {
    match zone {
        0 => "below and left of the box (a corner zone)",
        1 => "below the box (a face zone)",
        2 => "below and right of the box (a corner zone)",
        3 => "left of the box (a face zone)",
        4 => "inside the box",
        5 => "right of the box (a face zone)",
        6 => "above and left of the box (a corner zone)",
        7 => "above the box (a face zone)",
        8 => "above and right of the box (a corner zone)",
        _ => "outside the nine zones",
    }
}

/// The scene's essentials as text for a screen reader: the mode; in a still scene the selected
/// algorithm, its verdict (right or wrong against the exact state), the exact state, the centre's
/// zone and the response (case and push-out); in motion mode the sweep, the discrete test at
/// `c + v` and the continuation's end instead of zone and response; in the playground the level,
/// the strategy or race, whether it runs, and which strategies tunnelled. The tour step, and the
/// reduced-motion setting when on, come last. Nothing in it changes while an animation plays, so
/// the text changes only when the scene does.
///
/// In a quiz, the question instead while it is open (the scene's numbers, the question, the keys,
/// the score: nothing that answers it), and once answered, the result before the scene's text.
#[must_use]
pub fn status_text(state: &State, a: &Analysis) -> String {
    match &state.quiz {
        Some(q) if q.asking() => super::quiz::status_words(q),
        Some(q) => format!("{} {}", super::quiz::status_words(q), scene_text(state, a)),
        None => scene_text(state, a),
    }
}

/// [`status_text`] outside a quiz.
fn scene_text(state: &State, a: &Analysis) -> String {
    let mut parts: Vec<String> = Vec::new();
    if state.mode.flat_playground() && state.playground.options.play {
        parts.push(play_sentence(state));
    } else if let (true, Some(r)) = (state.mode.flat_playground(), &state.playground.rain) {
        parts.push(super::playground::rain::status_sentence(r, state.playground.paused));
    } else if state.mode.flat_playground() {
        parts.push(playground_sentence(state));
    } else {
        parts.push(if state.mode.flat_motion() { "Motion mode." } else { "Still scene." }.to_string());
        parts.push(verdict_sentence(state, a));
        parts.push(shapes_sentence(state, a));
        match &a.motion {
            Some(m) => parts.push(motion_sentence(state, m)),
            None => {
                if let Some(f) = &a.frame {
                    let l = f.circle.center();
                    parts.push(format!(
                        "Box turned by {} degrees; in the box's frame the centre is at ({}, {}).",
                        number(f.degrees),
                        number(l[0]),
                        number(l[1])
                    ));
                }
                parts.push(format!("Centre in zone {}, {}.", a.contact.zone, zone_words(a.contact.zone)));
                parts.push(response_words(&a.response));
                parts.push(trace_sentence(state, a));
            }
        }
        parts.extend(overlay_sentence(state));
        parts.extend(long_press_sentence(state));
    }
    parts.extend(view_sentence(state));
    parts.extend(tour_sentence(state));
    if state.motion.reduced_motion {
        parts.push("Reduced motion on.".to_string());
    }
    parts.join(" ")
}

/// "View zoomed 2×, centred on (1.5, 2)." while the user's pinch zoom or pan is on; nothing at the
/// fitted view.
fn view_sentence(state: &State) -> Option<String> {
    if state.view_zoom.is_identity() {
        return None;
    }
    let (c, _) = state.zoom_frame();
    let zoom = number((state.view_zoom.zoom * 100.0).round() / 100.0);
    Some(format!("View zoomed {zoom}×, centred on {}.", vector(state.view.to_world(c))))
}

/// "Long press at (1, 2): distance to the box 0.5." while a resting finger shows the hover read-out
/// (an overlay is on): what a mouse's hover shows, said.
fn long_press_sentence(state: &State) -> Option<String> {
    state.touch.long_press()?;
    let h = super::overlay::hover(state)?;
    Some(format!("Long press at {}: distance to the box {}.", vector(h.at), number(h.distance as f32)))
}

/// "Tour: Motion, step 2 of 4: A ray against the rounded box." while the tour is on.
fn tour_sentence(state: &State) -> Option<String> {
    let t = state.teach.tour()?;
    Some(format!("Tour: {}: {}.", t.position(), t.lesson()?.title))
}

/// The 3D view's essentials, as [`status_text`] gives the 2D scene's: the selected algorithm's 3D
/// verdict (right or wrong), the exact state, the region `x + 3y + 9z` in words, the response.
#[must_use]
pub fn status_text_3d(state: &State, a: &Analysis3) -> String {
    let mut parts = vec![
        if a.local_center.is_some() { "3D view, sphere against a turned box." } else { "3D view, sphere against box." }
            .to_string(),
        algorithm_sentence(state, a.verdict, a.verdict != a.exact, a.contact.state.as_str()),
        format!("Centre in region {}, {}{}.", a.contact.zone, region_name(a.contact.zone), frame_words(a)),
        shapes_sentence_3d(state, a),
    ];
    parts.push(response_words(&a.response));
    parts.extend(tour_sentence(state));
    if state.motion.reduced_motion {
        parts.push("Reduced motion on.".to_string());
    }
    parts.join(" ")
}

/// `" in the box's frame"` when the box is turned (the region is the box's own), else nothing.
#[must_use]
pub fn frame_words(a: &Analysis3) -> &'static str {
    if a.local_center.is_some() {
        " in the box's frame"
    } else {
        ""
    }
}

/// "Sphere centre (2, 3, 1), radius 3, distance to the box 2.236; box (0, 0, 0) to (1, 1, 1).": the
/// numbers the 2D sentence gives, for the 3D view (the box as set, before any turn).
fn shapes_sentence_3d(state: &State, a: &Analysis3) -> String {
    let o = &state.three.options;
    format!(
        "Sphere centre {}, radius {}, distance to the box {}; box {} to {}.",
        point(&o.sphere.center()),
        number(o.sphere.radius()),
        number(a.contact.distance),
        point(&o.aabb.min()),
        point(&o.aabb.max())
    )
}

/// "Circle centre (4.5, 2.5), radius 1, distance to the box 0.707; box (0, 0) to (4, 2)." The
/// distance is signed, as the panel's read-out: negative inside the box.
fn shapes_sentence(state: &State, a: &Analysis) -> String {
    let c = &state.circle;
    format!(
        "Circle centre {}, radius {}, distance to the box {}; box {} to {}.",
        vector(c.center()),
        number(c.radius()),
        number(a.contact.distance),
        vector(state.aabb.min()),
        vector(state.aabb.max())
    )
}

/// The selected algorithm's trace, as the panel's verdict line under it says: "Trace: 3 steps,
/// overlap." It is the corrected code's trace (the one the panel lists); where the variant tested
/// (as published) says otherwise, the sentence says so, as the panel does.
fn trace_sentence(state: &State, a: &Analysis) -> String {
    let trace = (state.algorithm().trace_2d)(&state.circle, &state.aabb);
    let n = trace.steps.len();
    let said = |v: bool| if v { "overlap" } else { "no overlap" };
    let mut s = format!("Trace: {n} step{}, {}", if n == 1 { "" } else { "s" }, said(trace.verdict));
    if trace.verdict != a.verdict {
        s.push_str(&format!(" (the corrected code's; the variant tested says {})", said(a.verdict)));
    }
    s.push('.');
    s
}

/// The overlay on the canvas, if any: "Overlay: distance field." For the agreement map, once its
/// image is computed at full resolution, its counts too: "Overlay: agreement map of 4800 centres:
/// 1200 agreed overlap, …, 0 false negative, 40 touching."
fn overlay_sentence(state: &State) -> Option<String> {
    use super::teach::{overlay_label, Overlay};
    use crate::teach::agreement::Class;
    let o = state.teach.overlay;
    if o == Overlay::None {
        return None;
    }
    let label = overlay_label(o).to_ascii_lowercase();
    let counts = state.teach.overlay_info.filter(|i| i.overlay == o && !i.coarse).and_then(|i| i.counts);
    Some(match (o, counts) {
        (Overlay::Agreement, Some(c)) => {
            let each: Vec<String> = Class::ALL.iter().map(|k| format!("{} {}", c[k.index()], k.label())).collect();
            format!("Overlay: {label} of {} centres: {}.", c.iter().sum::<usize>(), each.join(", "))
        }
        _ => format!("Overlay: {label}."),
    })
}

/// The lesson on show, whole, for its own live region on the page (`a11y-lesson`): "Tour: The still
/// scene, step 5 of 7: The family and what each saves. Arvo sums …" or "Erratum: Branch-free sign error. The
/// post's …"; empty when none is. It changes only when the lesson does, so a screen reader reads a
/// step's text once, not with every change of the scene.
#[must_use]
pub fn lesson_text(state: &State) -> String {
    let Some(which) = state.teach.lesson else { return String::new() };
    let Some(lesson) = which.lesson() else { return String::new() };
    let head = match which {
        super::teach::LessonRef::Tour(t) => format!("Tour: {}", t.position()),
        super::teach::LessonRef::Erratum(_) => "Erratum".to_string(),
    };
    format!("{head}: {}. {}", lesson.title, lesson.text)
}

/// "Algorithm 1 of 9, Arvo (sum of squared distances), says overlap: right, the exact state is
/// overlapping."
fn verdict_sentence(state: &State, a: &Analysis) -> String {
    algorithm_sentence(state, a.verdict, a.wrong(), a.contact.state.as_str())
}

/// The verdict sentence of either view.
fn algorithm_sentence(state: &State, verdict: bool, wrong: bool, exact: &str) -> String {
    let algo = state.algorithm();
    let said = if verdict { "overlap" } else { "no overlap" };
    let judged = match (wrong, verdict) {
        (false, _) => "right",
        (true, true) => "wrong (false positive)",
        (true, false) => "wrong (false negative)",
    };
    format!(
        "Algorithm {} of {}, {}, says {said}: {judged}, the exact state is {exact}.",
        state.algorithm.min(ALGORITHMS.len() - 1) + 1,
        ALGORITHMS.len(),
        algo.name,
    )
}

/// The response sentence of either view: the case, the push-out, and for the inside case its face.
fn response_words<const D: usize>(r: &PushOut<D>) -> String {
    let push = format!("({})", r.push.map(number).join(", "));
    match r.case {
        PushCase::None => "Response: none, nothing to push.".to_string(),
        PushCase::Outside => format!("Response: outside, push-out {push}."),
        PushCase::Inside => {
            let face = r.face.map_or(String::new(), |f| {
                format!(" through the {} {} face", if f.upper { "max" } else { "min" }, AXES[f.axis])
            });
            format!("Response: inside, push-out {push}{face}.")
        }
    }
}

/// "Velocity (6.5, 0). Sweep: hit at t = 0.369 (face). Discrete test at c + v: separated, tunnelled.
/// Slide end (0.3, 0)."; with a turned box it begins "Box turned 30°."
fn motion_sentence(state: &State, m: &MotionAnalysis) -> String {
    let sweep = m.sweep_words();
    let tunnelled = if m.tunnelled() { ", tunnelled: the sweep hit but the discrete test missed" } else { "" };
    let turned = match m.target.turned() {
        Some(_) => format!("Box turned {}°. ", crate::format::number(state.motion.options.angle)),
        None => String::new(),
    };
    format!(
        "{turned}Velocity {}. Sweep: {sweep}. Discrete test at c + v: {}{tunnelled}. {} end {}.",
        vector(m.velocity),
        m.end_state.as_str(),
        capitalised(state.motion.options.response.as_str()),
        vector(m.motion.end)
    )
}

/// "Playground: level Flush floor, race of 4 strategies, running. Tunnelled: Discrete, in order."
fn playground_sentence(state: &State) -> String {
    let p = &state.playground;
    let who = if p.options.race {
        format!("race of {} strategies", p.runners.len())
    } else {
        format!("strategy {}", STRATEGIES[strategy_index(p.options.strategy)].name)
    };
    let run = if p.finished() {
        "finished"
    } else if p.paused {
        "paused (G runs it)"
    } else {
        "running"
    };
    let tunnelled: Vec<&str> = p
        .runners
        .iter()
        .filter(|r| !r.tunnels.is_empty())
        .map(|r| STRATEGIES[strategy_index(r.strategy)].name)
        .collect();
    let mut s = format!("Playground: level {}, {who}, {run}.", p.level_name());
    if !tunnelled.is_empty() {
        s.push_str(&format!(" Tunnelled: {}.", tunnelled.join("; ")));
    }
    s
}

/// "Play: level Course 1: run and jump, strategy Swept slide without seams. The character stands on
/// a one-way platform at (8.45, 5.4)." — where it stands only once it is at rest (while it moves:
/// "The character is moving."; carried by a moving box: "The character rides a moving platform."),
/// so the text changes when it starts or stops, not every frame. A
/// race adds the ghosts' count, and once they are done, which strategies bumped, stuck or tunnelled.
fn play_sentence(state: &State) -> String {
    use super::playground::play::MarkKind;
    let p = &state.playground;
    let who = &p.play.player;
    let mut s = format!(
        "Play: level {}, strategy {}{}.",
        p.level_name(),
        STRATEGIES[strategy_index(p.options.strategy)].name,
        if p.paused { ", paused (G runs it)" } else { "" }
    );
    let riding = who.controller.grounded() && who.report.is_some_and(|r| r.events.contains(Event::Carried));
    if riding {
        // Carried, it moves every frame: the sentence says so, not where (it would change each frame).
        let c = who.position();
        let r = who.controller.radius();
        let m = &p.play.movers;
        let feet = [c[0], c[1] - r - 0.25];
        let one_way = (0..m.len()).any(|i| {
            let b = m.rect(i);
            m.one_way(i) && (b.min()[0]..=b.max()[0]).contains(&feet[0]) && (b.min()[1]..=b.max()[1]).contains(&feet[1])
        });
        let on = if one_way { "a moving one-way platform" } else { "a moving platform" };
        s.push_str(&format!(" The character rides {on}."));
    } else if who.at_rest() {
        let c = who.position();
        let r = who.controller.radius();
        let (col, row) = (c[0].floor(), (c[1] - r - 0.5).floor());
        let one_way = col >= 0.0 && row >= 0.0 && p.options.map.is_one_way(col as usize, row as usize);
        let on = if one_way { "a one-way platform" } else { "the ground" };
        s.push_str(&format!(" The character stands on {on} at {}.", vector(c)));
    } else {
        s.push_str(" The character is moving.");
    }
    if p.play.racing() {
        s.push_str(&format!(" Ghost race of {} strategies", p.play.ghosts.len()));
        if p.play.ghosts_done(p.steps) {
            let named = |k: MarkKind| -> Vec<&str> {
                p.play.ghosts.iter().filter(|g| g.count(k) > 0).map(|g| g.strategy.as_str()).collect()
            };
            let mut what: Vec<String> = Vec::new();
            for (k, word) in
                [(MarkKind::Bump, "bumped"), (MarkKind::Stuck, "stuck"), (MarkKind::Tunnelled, "tunnelled")]
            {
                let n = named(k);
                if !n.is_empty() {
                    what.push(format!("{word}: {}", n.join(", ")));
                }
            }
            if what.is_empty() {
                s.push_str(", done: none bumped, stuck or tunnelled.");
            } else {
                s.push_str(&format!(", done; {}.", what.join("; ")));
            }
        } else {
            s.push_str(", running.");
        }
    }
    s
}

/// `slide` → `Slide` (ASCII only: `char::to_uppercase` would link Unicode's case tables into the
/// .wasm, ~10 KB, for two words).
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_ascii_uppercase().to_string() + c.as_str())
}

/// Sends the status text only when it changed: what the frame loop asks every frame.
#[derive(Clone, Debug, Default)]
pub struct StatusLine {
    last: Option<String>,
    last_lesson: Option<String>,
}

impl StatusLine {
    /// The lesson's text ([`lesson_text`]) to send to the page now, if it changed since the last
    /// one sent (an empty text clears the page's lesson region).
    pub fn next_lesson(&mut self, state: &State) -> Option<String> {
        let text = lesson_text(state);
        if self.last_lesson.as_deref() == Some(text.as_str()) {
            return None;
        }
        self.last_lesson = Some(text.clone());
        Some(text)
    }

    /// The text to send to the page now, if any: `None` while something is being dragged (the
    /// page hears the result when the drag ends, not every step of it) and when the text equals
    /// the last one sent.
    pub fn next(&mut self, state: &State, a: &Analysis) -> Option<String> {
        self.offer(state, || status_text(state, a))
    }

    /// [`StatusLine::next`] for the 3D view.
    pub fn next_3d(&mut self, state: &State, a: &Analysis3) -> Option<String> {
        self.offer(state, || status_text_3d(state, a))
    }

    fn offer(&mut self, state: &State, text: impl FnOnce() -> String) -> Option<String> {
        if state.drag.is_some() || state.playground.stroke.is_some() || state.three.drag.is_some() {
            return None;
        }
        let text = text();
        if self.last.as_deref() == Some(text.as_str()) {
            return None;
        }
        self.last = Some(text.clone());
        Some(text)
    }
}

/// The keyboard and pointer controls ([`CONTROLS`], the panel's help table) as text for the page:
/// one line per row, `keys`, a tab, `what they do`.
#[must_use]
pub fn shortcuts_text() -> String {
    CONTROLS.iter().map(|(keys, what)| format!("{keys}\t{what}\n")).collect()
}

/// Reads [`shortcuts_text`] back into rows (what the page's plugin does in JS).
#[must_use]
pub fn parse_shortcuts(text: &str) -> Vec<(&str, &str)> {
    text.lines().filter_map(|l| l.split_once('\t')).collect()
}

/// The environment variable that turns reduced motion on for the desktop app
/// (`CIRCLE_AABB_LAB_REDUCED_MOTION=1`).
pub const REDUCED_MOTION_ENV: &str = "CIRCLE_AABB_LAB_REDUCED_MOTION";

/// The desktop's reduced-motion setting from the `--reduced-motion` flag and the value of
/// [`REDUCED_MOTION_ENV`]: on if the flag is given or the variable says `1`, `on`, `true` or
/// `yes`; off if it is unset, empty, `0`, `off`, `false` or `no`. Any other value is an error
/// naming the variable (the app exits with status 2).
pub fn reduced_motion_setting(flag: bool, env: Option<&str>) -> Result<bool, String> {
    // The scene text's on/off words; an empty value counts as unset.
    let from_env = match env.map(str::trim) {
        None | Some("") => false,
        Some(v) => super::scene::parse_flag(REDUCED_MOTION_ENV, v).map_err(|e| e.to_string())?,
    };
    Ok(flag || from_env)
}

#[cfg(test)]
#[path = "status_tests.rs"]
mod tests;
