//! Input snapshot → state changes. Pointer and keys arrive as plain values; the panel's wishes
//! arrive as [`Command`]s (the teaching layer's as [`TeachCommand`]s inside them). All are applied
//! here and nowhere else, and a whole scene (parsed from its text by [`SceneOptions::from_fragment`])
//! enters the state through one function, [`load_scene`].

use super::bench::apply_bench;
use super::commands::BOX_MIN_SIZE;
pub use super::commands::{key_command, motion_key, play_key, playground_key, shifted_key, Command};
use super::gesture::{self, Event};
pub use super::input::{Input, Key, CONTROLS};
use super::layout::{LayoutCommand, LayoutKind};
use super::mode::{Flat, Mode};
use super::motion::{self, MotionCommand, MotionState, PRESETS};
use super::playground::{self, play, PlaygroundCommand, PlaygroundState};
use super::quiz::{self, Guess, Kind, QuizCommand, QuizKey, QuizState, Truth};
use super::scene::{CaseMode, MotionKind, OptionError, SceneOptions, OVERLAYS, VELOCITY_LIMIT};
use super::state::State;
use super::still;
use super::still::case::{leave_case_if_needed, set_case};
use super::still::options::normal_angle;
use super::teach::{LessonRef, TeachCommand, TeachState};
use super::three::{self, ThreeCommand, ThreeState};
use super::view::ScreenRect;
use crate::geom::{algo::ALGORITHMS, response::response, Circle, Rect};
use crate::teach::lessons::{TourStep, CHAPTERS};
use glam::Vec2;

/// Applies one frame of input: keys (unless egui has the keyboard), then the pointer (unless egui
/// has it and no scene drag is in progress).
pub fn update(state: &mut State, input: &Input) {
    state.keys_in_panel = input.keyboard_taken;
    update_frame(state, input);
    sync_angle(state);
}

/// One box, one angle: the still scene's turn (`state.angle`) and motion mode's
/// (`motion.options.angle`) are the same `angle=`. The mode on screen owns it (its keys, knob and
/// field change it); the other follows, so a scene moved between modes keeps its box.
fn sync_angle(state: &mut State) {
    if state.mode.flat_motion() {
        state.angle = state.motion.options.angle;
    } else {
        state.motion.options.angle = state.angle;
    }
}

fn update_frame(state: &mut State, input: &Input) {
    if let Some(canvas) = input.canvas {
        set_canvas(state, canvas);
    }
    // The first-screen hint has done its work once the canvas or the keyboard has been used.
    if input.pressed || !input.keys.is_empty() {
        state.hint_visible = false;
    }
    if state.drag.is_none() {
        state.refit();
    }

    // Embedded, the toolbar has the pointer first: a press on a button is not the scene's.
    let toolbar = state.embed_buttons();
    let playground = state.mode.flat_playground();
    let taken = state.embed.as_mut().and_then(|e| e.take_pointer(&toolbar, input, playground));
    if let Some(Some(cmd)) = taken {
        apply(state, cmd);
    }
    let masked;
    let input = if taken.is_some() {
        masked = Input { pressed: false, press: None, down: false, ..input.clone() };
        &masked
    } else {
        input
    };
    if state.quiz.is_some() {
        quiz_input(state, input);
        if state.mode.flat_motion() {
            motion::advance(&mut state.motion, input.dt);
        }
        if state.drag.is_none() {
            state.refit();
        }
        return;
    }

    // Two fingers zoom (and pan, in 2D); the scene's pointer waits until they have all lifted.
    let pinched;
    let input = if touch_gesture(state, input) {
        pinched = Input {
            pointer: None,
            pressed: false,
            press: None,
            down: false,
            wheel: 0.0,
            secondary_down: false,
            ..input.clone()
        };
        &pinched
    } else {
        input
    };

    if state.mode.is_three() {
        update_3d(state, input);
        return;
    }

    if !input.keyboard_taken {
        for &k in &input.keys {
            let cmd = match (state.mode.flat_playground(), state.playground.options.play) {
                (true, true) => play_key(k),
                (true, false) => playground_key(k),
                _ if state.mode.flat_motion() => motion_key(k),
                _ => None,
            };
            let plain = || if input.shift { shifted_key(k).or_else(|| key_command(k)) } else { key_command(k) };
            if let Some(cmd) = cmd.unwrap_or_else(plain) {
                apply(state, cmd);
            }
        }
    }

    if state.mode.flat_playground() && state.playground.options.play {
        play_input(state, input);
        playground::advance(&mut state.playground, input.dt);
        play::follow(&mut state.playground.play, input.dt, state.motion.reduced_motion);
    } else if let (true, Some(r)) = (state.mode.flat_playground(), &mut state.playground.rain) {
        // The rain: no painting, no throw, no driving; its steps timed with the app's clock.
        r.clock = state.bench.clock;
        playground::advance(&mut state.playground, input.dt);
    } else if state.mode.flat_playground() {
        let held: &[Key] = if input.keyboard_taken { &[] } else { &input.held };
        state.playground.drive = play::keys_input(held, false, false).x;
        if let Some(cmd) = playground::pointer::pointer(state, input) {
            apply_playground(state, cmd);
        }
        playground::advance(&mut state.playground, input.dt);
    } else if let Some(cmd) = still::pointer::pointer(state, input) {
        apply(state, cmd);
    }
    long_press_hover(state);
    if state.mode.flat_motion() {
        motion::advance(&mut state.motion, input.dt);
    }

    if state.drag.is_none() {
        state.refit();
    }
}

/// A quiz's frame: its keys are the quiz's (answers, the cursor, the next question), with only U
/// (leave), H, Z and F keeping their meaning; a press on the canvas answers a zone or first-touch
/// question. Nothing is dragged.
fn quiz_input(state: &mut State, input: &Input) {
    state.hover = None;
    if !input.keyboard_taken {
        for &k in &input.keys {
            let Some(q) = state.quiz else { return };
            let cmd = quiz::key_command(&q, k).map(Command::Quiz).or_else(|| match k {
                Key::U | Key::H | Key::Z | Key::F => key_command(k),
                _ => None,
            });
            if let Some(cmd) = cmd {
                apply(state, cmd);
            }
        }
    }
    let press = input.press.or(input.pointer).filter(|&p| state.canvas.contains(p));
    if let (true, false, Some(q), Some(p)) = (input.pressed, input.pointer_over_ui, state.quiz, press) {
        if let Some(cmd) = quiz::click_command(&q, state.view.to_world(p)) {
            apply(state, Command::Quiz(cmd));
        }
    }
}

/// The fingers of this frame through the gesture machine ([`gesture::step`]), and its event
/// applied: a second finger cancels the drag in progress (the scene as it was before it), a pinch
/// zooms and pans the 2D view or zooms the 3D camera. `true` while the scene's pointer must not see
/// the frame (a pinch, or a finger left after one). Only fingers on the canvas count, and in Play
/// not those on a touch pad (two fingers there are a run and a jump).
fn touch_gesture(state: &mut State, input: &Input) -> bool {
    if let Some(touch) = input.touch_input {
        state.touch.active = touch;
    }
    state.touch.active |= !input.touches.is_empty();
    let play = state.mode.flat_playground() && state.playground.options.play;
    let on_pad = |p: Vec2| play && play::pads_held(state.canvas, &[p]).contains(&true);
    let fingers: Vec<Vec2> =
        input.touches.iter().copied().filter(|&p| state.canvas.contains(p) && !on_pad(p)).collect();
    match gesture::step(&mut state.touch.gesture, &fingers, input.dt) {
        Event::PinchStart => cancel_drag(state),
        Event::Pinch { factor, .. } if state.mode.is_three() => {
            three::apply(&mut state.three, ThreeCommand::Zoom(1.0 / factor));
        }
        Event::Pinch { factor, from, to } => {
            let (c, size) = state.zoom_frame();
            state.view_zoom = state.view_zoom.pinched(factor, from, to, c, size);
            state.refit();
        }
        Event::LongPress | Event::None => {}
    }
    state.touch.pinching()
}

/// Ends the drag in progress without its effect: the circle, the box, the velocity or the throw,
/// the 3D sphere as they were when it began (a second finger landed: it was a pinch, not a drag).
fn cancel_drag(state: &mut State) {
    if let Some(d) = state.drag.take() {
        (state.circle, state.aabb) = (d.start_circle, d.start_box);
        match d.handle {
            super::state::Handle::VelocityTip => state.motion.options.velocity = d.start_value,
            super::state::Handle::ThrowTip => {
                playground::apply(&mut state.playground, PlaygroundCommand::SetThrow(d.start_value));
            }
            _ => {}
        }
        leave_case_if_needed(state);
    }
    state.playground.stroke = None;
    if let Some(three::state::Drag3::Sphere { start, .. }) = state.three.drag {
        state.three.options.sphere = start;
    }
    state.three.drag = None;
    state.hover = None;
}

/// With touch, hover shows only during a long press: the grab outline of what is under the finger
/// (the read-out follows [`track_pointer`]). Outside one, nothing is hovered (a lifted finger leaves
/// no hover behind, as a mouse pointer would).
fn long_press_hover(state: &mut State) {
    if !state.touch.active || state.drag.is_some() {
        return;
    }
    let at = state.touch.long_press().filter(|&p| state.canvas.contains(p));
    state.hover = at.and_then(|p| {
        if state.mode.flat_playground() {
            playground::pointer::throw_hit(state, p)
        } else {
            still::pointer::hit(state, p)
        }
    });
}

/// Play's input of a frame: the keys held (none while egui has the keyboard) and the touch pads
/// held (the touches, and the mouse while its button is down on the canvas); a pad's press is a
/// jump's press as a key's is.
fn play_input(state: &mut State, input: &Input) {
    let mut points = input.touches.clone();
    if input.down && !input.pointer_over_ui {
        points.extend(input.pointer);
    }
    let pads = play::pads_held(state.canvas, &points);
    let p = &mut state.playground.play;
    let jump = play::Pad::ALL.iter().position(|&q| q == play::Pad::Jump).unwrap_or(3);
    if pads[jump] && !p.pads[jump] {
        p.jump_latch = true;
    }
    p.pads = pads;
    p.held = if input.keyboard_taken { Vec::new() } else { input.held.clone() };
    p.held.extend(play::pad_keys(pads));
}

/// Whether the app changes with no input: the motion animation plays, the playground's ball runs
/// (in Play: the character or the ghosts move, or a key is held), a benchmark runs, or the
/// frame-time readout is on (its figures are about frames drawn one after another). The window
/// draws a frame only when this holds or an input arrived (the frame loop in `gui`), so a still
/// scene costs no frames.
#[must_use]
pub fn animating(state: &State) -> bool {
    let (m, p) = (&state.motion, &state.playground);
    (state.mode.flat_motion() && m.playback.playing)
        || (state.mode.flat_playground() && p.moving())
        || state.bench.is_running()
        || state.frame_stats_visible
        || state.touch.waiting()
}

/// The 3D view's frame: its keys first (the ordinary ones for what it does not use: algorithms,
/// reset, panel, case), then the pointer (orbit, sphere drag, wheel zoom).
fn update_3d(state: &mut State, input: &Input) {
    if !input.keyboard_taken {
        for &k in &input.keys {
            // Shift + arrows turn the box; the other keys mean the same with Shift.
            let shifted = input.shift.then(|| three::shifted_key_command(k)).flatten();
            let three_key = shifted.or_else(|| three::key_command(k));
            let cmd = three_key.map(Command::Three).or_else(|| match k {
                // Motion and playground keys mean nothing in 3D; nor does the 2D response case (C),
                // which would move the hidden 2D circle, nor the 2D box's `[` `]`. The tour's keys
                // (T, N, P) work as in 2D: the tour has a 3D chapter.
                Key::M | Key::L | Key::B | Key::C => None,
                Key::LeftBracket | Key::RightBracket => None,
                _ => key_command(k),
            });
            if let Some(cmd) = cmd {
                apply(state, cmd);
            }
        }
    }
    three::pointer(&mut state.three, input, state.canvas);
}

/// Tells the state where the canvas now is (the panel was shown or hidden, the window resized);
/// the view is refitted when it changed.
pub fn set_canvas(state: &mut State, canvas: ScreenRect) {
    if canvas != state.canvas {
        state.canvas = canvas;
        state.refit();
    }
}

/// Chooses the layout again for a window `w` × `h` CSS px (each frame: a resize or a rotation).
/// Embedded, the layout stays the wide one with its panel hidden: the toolbar's.
pub fn set_window(state: &mut State, w: f32, h: f32) {
    if state.embed.is_none() {
        state.layout.set_window(w, h);
    }
}

/// Applies a command from the panel or the keyboard.
pub fn apply(state: &mut State, cmd: Command) {
    apply_command(state, cmd);
    sync_angle(state);
}

fn apply_command(state: &mut State, cmd: Command) {
    let n = ALGORITHMS.len();
    let mode = state.mode;
    match cmd {
        Command::SelectAlgorithm(i) => {
            if i < n {
                state.algorithm = i;
            }
        }
        Command::NextAlgorithm => state.algorithm = (state.algorithm + 1) % n,
        Command::PrevAlgorithm => state.algorithm = (state.algorithm + n - 1) % n,
        Command::SetCase(mode) => set_case(state, mode),
        Command::CycleCase => set_case(state, state.case.next()),
        Command::ApplyResponse => {
            // With the box turned, the rotated box's push (world coordinates).
            let push = state
                .box_frame()
                .map_or_else(|| response(&state.circle, &state.aabb).push, |f| f.obb.push_out(&state.circle));
            if let Some(c) = state.circle.translated(push) {
                state.circle = c;
            }
            leave_case_if_needed(state);
        }
        // Embedded: back to the scene as embedded (a tour step's scene too, wherever N or P went).
        Command::Reset if state.embed.is_some() => {
            if let Some(e) = state.embed {
                load_scene(state, &e.home);
            }
        }
        Command::Reset => {
            state.view_zoom = Default::default();
            let init = state.initial;
            state.circle = init.circle;
            state.aabb = init.aabb;
            state.angle = init.angle;
            state.algorithm = init.algorithm;
            state.mode = init.mode;
            state.drag = None;
            state.case = CaseMode::Auto;
            state.motion.options = init.motion;
            state.motion.playback = motion::Playback::default();
            state.playground = keep_settings(&state.playground, PlaygroundState::from_options(init.playground));
            state.three = ThreeState::from_options(init.three);
            hold_for_reduced_motion(state);
            set_case(state, init.case);
        }
        // Embedded, the panel stays hidden (the iframe has no room for it; the toolbar's link opens
        // the full demo, which has it).
        Command::TogglePanel if state.embed.is_some() => {}
        // The sheet and the drawer are never hidden (a phone has no H to bring them back): H collapses or
        // opens them instead.
        Command::TogglePanel if state.layout.kind != LayoutKind::Wide => state.layout.toggle(),
        Command::TogglePanel => state.panel_visible = !state.panel_visible,
        Command::Layout(LayoutCommand::SetSheet(h)) => state.layout.sheet = h,
        Command::Layout(LayoutCommand::SetDrawer(open)) => state.layout.drawer_open = open,
        Command::CycleTextScale => state.text_scale = state.text_scale.next(),
        Command::ToggleFrameStats => state.frame_stats_visible = !state.frame_stats_visible,
        Command::SetCircle(c) => {
            state.circle = c;
            leave_case_if_needed(state);
        }
        Command::SetBox(b) => {
            state.aabb = b;
            leave_case_if_needed(state);
        }
        Command::Nudge(d) => {
            if let Some(c) = state.circle.translated(d) {
                state.circle = c;
            }
            leave_case_if_needed(state);
        }
        Command::ScaleRadius(f) => {
            let r = state.circle.radius();
            // A zero radius would stay zero under scaling: restart from a small one.
            let r = if r > 0.0 { r * f } else { 0.05 * f };
            if let Ok(c) = Circle::new(state.circle.center(), r.clamp(0.0, 1.0e4)) {
                state.circle = c;
            }
            leave_case_if_needed(state);
        }
        Command::MoveBox(d) => {
            if let Some(b) = state.aabb.translated(d) {
                state.aabb = b;
            }
            leave_case_if_needed(state);
        }
        // Only the still scene turns its box (the other modes keep it aligned).
        Command::RotateBox(_) if state.mode != Mode::Flat(Flat::Still) => {}
        Command::RotateBox(by) => {
            state.angle = normal_angle(state.angle + by);
            leave_case_if_needed(state);
        }
        Command::SetAngle(a) => {
            state.angle = normal_angle(a);
            leave_case_if_needed(state);
        }
        Command::ResizeBox { axis, by } => {
            if let Some(b) = resized(&state.aabb, axis, by) {
                state.aabb = b;
            }
            leave_case_if_needed(state);
        }
        Command::Teach(t) => apply_teach(state, t),
        Command::Bench(b) => apply_bench(&mut state.bench, b),
        Command::Motion(m) => apply_motion(state, m),
        Command::Playground(p) => apply_playground(state, p),
        Command::Three(ThreeCommand::ToggleView) => state.mode = state.mode.with_three(!state.mode.is_three()),
        Command::Three(ThreeCommand::SetView(on)) => state.mode = state.mode.with_three(on),
        Command::Three(t) => three::apply(&mut state.three, t),
        Command::Quiz(q) => apply_quiz(state, q),
    }
    // Another mode shows another part of the world: the fitted view, unzoomed.
    if state.mode != mode {
        state.view_zoom = Default::default();
    }
    if state.drag.is_none() {
        state.refit();
    }
}

/// `aabb` grown along `axis` by `by` (negative: shrunk) about its centre. Shrinking stops at
/// [`BOX_MIN_SIZE`] (a box already thinner, from a drag, is left as it is): min ≤ max always.
/// `None` for a bad axis or a result that is not finite.
#[must_use]
pub fn resized(aabb: &Rect, axis: usize, by: f32) -> Option<Rect> {
    let (mut lo, mut hi) = (aabb.min(), aabb.max());
    let size = *hi.get(axis)? - lo[axis];
    let new = if by < 0.0 { (size + by).max(size.min(BOX_MIN_SIZE)) } else { size + by };
    let mid = 0.5 * (lo[axis] + hi[axis]);
    (lo[axis], hi[axis]) = (mid - 0.5 * new, mid + 0.5 * new);
    Rect::new(lo, hi).ok()
}

// ---------------------------------------------------------------------------------------------
// The teaching layer's commands, and the one way a scene (parsed from its text) enters the state.

/// Applies a teaching command.
pub fn apply_teach(state: &mut State, cmd: TeachCommand) {
    let n = ALGORITHMS.len();
    match cmd {
        TeachCommand::SetOverlay(o) => state.teach.overlay = o,
        TeachCommand::CycleOverlay => state.teach.overlay = super::scene::next_choice(&OVERLAYS, state.teach.overlay),
        TeachCommand::SetPublished(p) => state.teach.as_published = p,
        TeachCommand::SetCompare(b) => state.teach.compare = b.filter(|&b| b < n),
        TeachCommand::SetArvo(m) => state.teach.arvo = m,
        TeachCommand::LoadErratum(i) => load_lesson(state, LessonRef::Erratum(i)),
        TeachCommand::ToggleTour => match state.teach.tour() {
            Some(_) => state.teach.lesson = None,
            None => load_lesson(state, LessonRef::Tour(TourStep::FIRST)),
        },
        TeachCommand::TourNext => {
            let next = state.teach.tour().map_or(TourStep::FIRST, TourStep::next);
            if state.teach.tour() != Some(next) {
                load_lesson(state, LessonRef::Tour(next));
            }
        }
        TeachCommand::TourPrev => {
            let prev = state.teach.tour().map_or(TourStep::FIRST, TourStep::prev);
            if state.teach.tour() != Some(prev) {
                load_lesson(state, LessonRef::Tour(prev));
            }
        }
        TeachCommand::TourChapter(c) => {
            if c < CHAPTERS.len() {
                load_lesson(state, LessonRef::Tour(TourStep::start_of(c)));
            }
        }
        TeachCommand::CloseLesson => state.teach.lesson = None,
        TeachCommand::LoadScene(o) => load_scene(state, &o),
        TeachCommand::ToggleTraceOnCanvas => state.teach.trace_on_canvas = !state.teach.trace_on_canvas,
    }
}

/// Applies a quiz command: start or leave, answer (and reveal), move the cursor, go on.
pub fn apply_quiz(state: &mut State, cmd: QuizCommand) {
    match cmd {
        QuizCommand::Toggle if state.quiz.is_some() => {
            // The last question's scene stays on screen, as it is (revealed or not), with no quiz.
            state.quiz = None;
            state.initial.quiz = None;
        }
        QuizCommand::Toggle => start_quiz(state, state.next_quiz_seed),
        QuizCommand::NewSet => start_quiz(state, state.quiz.map_or(state.next_quiz_seed, |q| q.seed.wrapping_add(1))),
        QuizCommand::Answer(g) => {
            if state.quiz.as_mut().is_some_and(|q| q.answer(g)) {
                reveal(state);
            }
        }
        QuizCommand::AnswerAtCursor => {
            if let Some(q) = state.quiz {
                apply_quiz(state, QuizCommand::Answer(Guess::Point(q.cursor)));
            }
        }
        QuizCommand::MoveCursor(d) => {
            if let Some(q) = state.quiz.as_mut().filter(|q| q.asking()) {
                q.cursor = [(q.cursor[0] + d[0]).clamp(-1.0e4, 1.0e4), (q.cursor[1] + d[1]).clamp(-1.0e4, 1.0e4)];
            }
        }
        QuizCommand::Next => {
            if state.quiz.as_mut().is_some_and(QuizState::advance) {
                show_question(state);
            }
        }
    }
}

/// A quiz from question 1 of `seed`, the score at 0.
fn start_quiz(state: &mut State, seed: u64) {
    state.next_quiz_seed = seed.wrapping_add(1);
    state.quiz = Some(QuizState::new(QuizKey { seed, question: 0 }));
    show_question(state);
}

/// Loads the quiz's current question's scene (the quiz itself, its score, stays).
fn show_question(state: &mut State) {
    let Some(q) = state.quiz else { return };
    let Ok(mut o) = SceneOptions::from_fragment(&format!("quiz={}", q.key().to_text())) else { return };
    o.presentation = super::presentation::Presentation {
        text: state.text_scale,
        panel: state.panel_visible,
        hint: false,
        embed: state.embed.is_some(),
    };
    load_scene(state, &o);
}

/// The picture that explains the answer: the zone highlighted with the trace (zone), the distance
/// field (overlap), the wrong test selected as published over its agreement map (wrong test), the
/// sweep with its impact (first touch: motion mode's own picture).
fn reveal(state: &mut State) {
    let Some(q) = state.quiz else { return };
    state.teach.trace_on_canvas = true;
    match (q.question.kind, q.question.truth) {
        (Kind::Overlap, _) => state.teach.overlay = super::teach::Overlay::Distance,
        (Kind::Wrong, Truth::Wrong(k)) => {
            state.algorithm = q.question.candidates[k];
            state.teach.as_published = true;
            state.teach.overlay = super::teach::Overlay::Agreement;
        }
        _ => {}
    }
}

/// Loads a lesson's scene with its overlay and "as published" setting, and shows its text. A lesson
/// whose scene text does not parse changes nothing (the lesson tests make sure none does).
pub fn load_lesson(state: &mut State, which: LessonRef) {
    let Some(lesson) = which.lesson() else { return };
    let Ok(mut o) = SceneOptions::from_fragment(lesson.scene) else { return };
    o.overlay = lesson.overlay;
    o.as_published = lesson.as_published;
    o.tour = None;
    load_scene(state, &o);
    state.teach.lesson = Some(which);
}

/// Replaces the whole scene (shapes, algorithm, case, teaching options); it also becomes the scene
/// that Reset returns to. The window size is not part of a scene and stays as it is.
pub fn load_scene(state: &mut State, o: &SceneOptions) {
    state.drag = None;
    state.view_zoom = Default::default();
    state.circle = o.circle;
    state.aabb = o.aabb;
    state.angle = normal_angle(o.angle);
    state.algorithm = o.algorithm.min(ALGORITHMS.len() - 1);
    state.case = CaseMode::Auto;
    set_case(state, o.case);
    let keep = (state.teach.trace_on_canvas, state.teach.pointer, state.teach.overlay_info);
    state.teach = TeachState::from_options(o);
    (state.teach.trace_on_canvas, state.teach.pointer, state.teach.overlay_info) = keep;
    state.motion = MotionState { reduced_motion: state.motion.reduced_motion, ..MotionState::from_options(o.motion) };
    // A scene that is a gallery preset (loaded by its text, --scene or the URL) shows as selected.
    state.motion.preset = PRESETS.iter().position(|p| {
        SceneOptions::from_fragment(p.scene).is_ok_and(|q| {
            (q.circle, q.aabb, q.motion, q.mode.flat_motion()) == (o.circle, o.aabb, o.motion, o.mode.flat_motion())
        })
    });
    state.playground = keep_settings(&state.playground, PlaygroundState::from_options(o.playground));
    state.three = ThreeState::from_options(o.three);
    state.mode = o.mode;
    hold_for_reduced_motion(state);
    state.initial = SceneOptions { size: state.initial.size, ..*o };
    // A quiz goes on where the scene is its current question; a scene with another quiz starts that
    // one; a scene with none ends it.
    state.quiz = match o.quiz {
        Some(k) if state.quiz.is_some_and(|q| q.key() == k) => state.quiz,
        Some(k) => {
            state.next_quiz_seed = k.seed.wrapping_add(1);
            Some(QuizState::new(k))
        }
        None => None,
    };
    state.refit();
}

/// With reduced motion on, nothing moves unless asked: a playground that would run by itself (the
/// ball falling, the race) waits paused until G (or Step) asks for it. Called when the setting is
/// turned on, when the playground is turned on and when a scene is loaded. (Motion mode's Play is
/// always asked for; with reduced motion it jumps to the end, see [`motion::advance`].)
///
/// In Play the character moves only when the keys ask, so nothing waits; a race of ghosts, which
/// would run by itself, jumps to its end at once instead (all its trails drawn, nothing animated).
fn hold_for_reduced_motion(state: &mut State) {
    if !(state.motion.reduced_motion && state.mode.flat_playground()) {
        return;
    }
    let p = &mut state.playground;
    if p.options.play {
        let map = p.options.map.tile_map();
        let tilted = p.options.tilted.obbs();
        play::finish_race(&mut p.play, &map, &tilted, p.steps, playground::STEP_SECONDS);
        p.play.camera = p.play.player.position();
    } else {
        p.paused = true;
    }
}

/// A new playground state with the old one's settings that are not part of a scene (the brush;
/// the time scale is the scene's `speed=`).
fn keep_settings(old: &PlaygroundState, new: PlaygroundState) -> PlaygroundState {
    PlaygroundState { brush: old.brush, ..new }
}

/// Applies a playground command. Turning the playground on turns motion mode off (one mode on the
/// canvas at a time); the view is refitted to the map.
pub fn apply_playground(state: &mut State, cmd: PlaygroundCommand) {
    // Y outside the playground: into the playground's Play mode (not out of it).
    let into_play = cmd == PlaygroundCommand::TogglePlay && !state.mode.flat_playground();
    if !(into_play && state.playground.options.play) {
        playground::apply(&mut state.playground, cmd);
    }
    if into_play {
        state.mode = state.mode.with_flat(Flat::Playground, true);
        state.drag = None;
        state.playground.stroke = None;
    }
    if matches!(cmd, PlaygroundCommand::TogglePlay | PlaygroundCommand::RaceGhosts)
        || (state.playground.options.play && matches!(cmd, PlaygroundCommand::SetRace(true)))
    {
        hold_for_reduced_motion(state);
    }
    if cmd == PlaygroundCommand::Toggle {
        state.mode = state.mode.with_flat(Flat::Playground, !state.mode.flat_playground());
        state.drag = None;
        state.playground.stroke = None;
        if state.mode.flat_playground() {
            hold_for_reduced_motion(state);
        }
    }
    if state.drag.is_none() {
        state.refit();
    }
}

/// Applies a motion command. A change of the scene's motion (velocity, response, restitution, the
/// box's angle) rewinds the animation, so it never shows a position of another move.
pub fn apply_motion(state: &mut State, cmd: MotionCommand) {
    let was_on = state.mode.flat_motion();
    let m = &mut state.motion;
    let before = m.options;
    match cmd {
        MotionCommand::Toggle => {
            state.mode = state.mode.with_flat(Flat::Motion, !was_on);
            // Entering with the circle in contact: a separated start and a velocity that hits, so
            // the first view shows a sweep (see `motion::separated_start`).
            if !was_on {
                let (angle, v) = (m.options.angle, m.options.velocity);
                if let Some((c, v)) = motion::separated_start(&state.circle, &state.aabb, angle, v) {
                    state.circle = c;
                    m.options.velocity = v;
                }
            }
        }
        MotionCommand::SetVelocity(v) => {
            if v.iter().all(|x| x.is_finite() && x.abs() <= VELOCITY_LIMIT) {
                m.options.velocity = v;
            }
        }
        MotionCommand::SetResponse(k) => m.options.response = k,
        MotionCommand::CycleResponse => {
            m.options.response = match m.options.response {
                MotionKind::Slide => MotionKind::Bounce,
                MotionKind::Bounce => MotionKind::Slide,
            }
        }
        MotionCommand::SetRestitution(e) => {
            if e.is_finite() {
                m.options.restitution = e.clamp(0.0, 1.0);
            }
        }
        MotionCommand::PlayPause => motion::play_pause(m),
        MotionCommand::Step => {
            if let Some(a) = state.motion_analysis() {
                motion::step(&mut state.motion, &a.stages());
            }
        }
        MotionCommand::Rewind => m.playback = motion::Playback { looping: m.playback.looping, ..Default::default() },
        MotionCommand::SetLooping(l) => m.playback.looping = l,
        MotionCommand::Turn(by) => m.options.angle = motion::turned(m.options.angle, by),
        MotionCommand::SetAngle(a) => {
            if a.is_finite() {
                m.options.angle = super::still::options::normal_angle(a);
            }
        }
        MotionCommand::SetReducedMotion(r) => {
            m.reduced_motion = r;
            hold_for_reduced_motion(state);
        }
        MotionCommand::LoadPreset(i) => {
            if let Some(o) = PRESETS.get(i).and_then(|p| SceneOptions::from_fragment(p.scene).ok()) {
                load_scene(state, &o);
            }
            return;
        }
    }
    let toggled = state.mode.flat_motion() != was_on;
    let m = &mut state.motion;
    if m.options != before || toggled {
        m.playback = motion::Playback { looping: m.playback.looping, ..Default::default() };
        if m.options.velocity != before.velocity || m.options.angle != before.angle || toggled {
            m.preset = None;
        }
    }
    if state.drag.is_none() {
        state.refit();
    }
}

/// Parses a scene text and loads it. On a bad text the scene stays exactly as it was and the error
/// names the bad key.
pub fn load_scene_text(state: &mut State, text: &str) -> Result<(), OptionError> {
    let o = SceneOptions::from_fragment(text)?;
    // A scene given as text (the URL, Load) also sets the room's settings; a lesson's scene keeps them.
    state.embed = super::embed::Embed::of(&o);
    load_scene(state, &o);
    state.text_scale = o.presentation.text;
    state.panel_visible = o.presentation.panel && state.embed.is_none();
    Ok(())
}

/// Remembers where the pointer is over the canvas (world units), for the hover read-outs. After a
/// touch, the pointer is the long press's finger, while it rests (a finger has no hover otherwise).
pub fn track_pointer(state: &mut State, pointer: Option<glam::Vec2>, over_ui: bool) {
    let pointer = if state.touch.active { state.touch.long_press() } else { pointer };
    state.teach.pointer = pointer.filter(|&p| !over_ui && state.canvas.contains(p)).map(|p| state.view.to_world(p));
}
