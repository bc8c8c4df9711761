//! The teaching panels, run headless on a bare `egui::Context`.

use super::*;
use crate::app::{apply, load_lesson};
use crate::ui::{panel, style};

/// A tall screen, so every section of the panel is on it without scrolling.
fn input(events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 4000.0))),
        events,
        ..Default::default()
    }
}

/// One pass: the commands, and the text egui was asked to copy.
fn pass(ctx: &egui::Context, state: &State, events: Vec<egui::Event>) -> (Vec<Command>, Vec<String>) {
    let a = state.analysis();
    let mut cmds = Vec::new();
    let out = ctx.run(input(events), |ctx| cmds = panel(ctx, state, &a));
    let copied = out
        .platform_output
        .commands
        .into_iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t),
            _ => None,
        })
        .collect();
    (cmds, copied)
}

fn rect(ctx: &egui::Context, key: &str) -> egui::Rect {
    ctx.data(|d| d.get_temp(egui::Id::new(key))).unwrap_or_else(|| panic!("{key}: no rect recorded"))
}

fn click(ctx: &egui::Context, state: &State, key: &str) -> (Vec<Command>, Vec<String>) {
    let p = rect(ctx, key).center();
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    let mut cmds = Vec::new();
    let mut copied = Vec::new();
    for events in [vec![egui::Event::PointerMoved(p)], vec![button(true)], vec![button(false)], vec![]] {
        let (c, t) = pass(ctx, state, events);
        cmds.extend(c);
        copied.extend(t);
    }
    (cmds, copied)
}

fn ctx() -> egui::Context {
    let ctx = egui::Context::default();
    style(&ctx);
    ctx
}

#[test]
fn every_algorithm_and_overlay_shows_without_commands() {
    let ctx = ctx();
    let mut state = State::new(SceneOptions::default());
    for i in 0..ALGORITHMS.len() {
        apply(&mut state, Command::SelectAlgorithm(i));
        for o in OVERLAYS {
            apply(&mut state, Command::Teach(TeachCommand::SetOverlay(o)));
            for _ in 0..2 {
                let (cmds, copied) = pass(&ctx, &state, vec![]);
                assert!(cmds.is_empty() && copied.is_empty(), "{cmds:?}");
            }
        }
    }
}

#[test]
fn tour_buttons_step_and_stop_at_the_ends() {
    let ctx = ctx();
    let mut state = State::new(SceneOptions::default());
    load_lesson(&mut state, LessonRef::Tour(0));
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    assert_eq!(click(&ctx, &state, TOUR_NEXT_BUTTON).0, vec![Command::Teach(TeachCommand::TourNext)]);
    // Previous is disabled on the first step.
    assert!(click(&ctx, &state, TOUR_PREV_BUTTON).0.is_empty());
    load_lesson(&mut state, LessonRef::Tour(TOUR.len() - 1));
    pass(&ctx, &state, vec![]);
    assert!(click(&ctx, &state, TOUR_NEXT_BUTTON).0.is_empty(), "Next is disabled on the last step");
    assert_eq!(click(&ctx, &state, TOUR_PREV_BUTTON).0, vec![Command::Teach(TeachCommand::TourPrev)]);
}

#[test]
fn errata_buttons_ask_for_their_scenes() {
    let ctx = ctx();
    let state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    click(&ctx, &state, ERRATA_HEADER); // open the list
    for (i, e) in ERRATA.iter().enumerate() {
        let (cmds, _) = click(&ctx, &state, &format!("{ERRATUM_BUTTON}.{i}"));
        assert_eq!(cmds, vec![Command::Teach(TeachCommand::LoadErratum(i))], "{}", e.title);
    }
}

#[test]
fn copy_buttons_copy_the_scene_text_and_a_rust_test() {
    let ctx = ctx();
    let mut state = State::new(SceneOptions::default());
    apply(&mut state, Command::Teach(TeachCommand::SetOverlay(Overlay::Distance)));
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    let (cmds, copied) = click(&ctx, &state, COPY_SCENE_BUTTON);
    assert!(cmds.is_empty());
    assert_eq!(copied, vec![current_scene(&state).to_fragment()]);
    assert!(copied[0].contains("overlay=distance"));
    let (_, copied) = click(&ctx, &state, COPY_TEST_BUTTON);
    assert_eq!(copied.len(), 1);
    assert!(copied[0].starts_with("#[test]") && copied[0].contains("Circle::new([2.9, 2.3], 1.8)"), "{}", copied[0]);
}

#[test]
fn pasted_scene_text_loads_or_shows_the_bad_key_and_loads_nothing() {
    let ctx = ctx();
    let state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    let set = |t: &str| ctx.data_mut(|d| d.insert_temp(egui::Id::new(SCENE_INPUT), t.to_string()));
    set("algorithm=fold&overlay=heatmap");
    let (cmds, _) = click(&ctx, &state, LOAD_SCENE_BUTTON);
    assert!(cmds.is_empty(), "{cmds:?}");
    let err: String = ctx.data(|d| d.get_temp(egui::Id::new(SCENE_ERROR))).expect("error shown");
    assert!(err.starts_with("overlay:") && err.contains("heatmap"), "{err}");

    let good = "algorithm=qrf&circle=1,2,0.5&box=0,0,4,1&overlay=agreement&compare=planes_naive";
    set(good);
    let (cmds, _) = click(&ctx, &state, LOAD_SCENE_BUTTON);
    assert_eq!(cmds, vec![Command::Teach(TeachCommand::LoadScene(SceneOptions::from_fragment(good).unwrap()))]);
    assert!(ctx.data(|d| d.get_temp::<String>(egui::Id::new(SCENE_ERROR))).is_none(), "error cleared");
}
