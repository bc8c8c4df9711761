//! The teaching panels, run headless on a bare `egui::Context`.

use super::*;
use crate::app::{apply, load_lesson};
use crate::teach::lessons::{TourStep, TOUR};
use crate::ui::headless::{click_copying as click, pass_copying as pass};
use crate::ui::style;

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
    load_lesson(&mut state, LessonRef::Tour(TourStep::FIRST));
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    assert_eq!(click(&ctx, &state, TOUR_NEXT_BUTTON).0, vec![Command::Teach(TeachCommand::TourNext)]);
    // Previous is disabled on the first step.
    assert!(click(&ctx, &state, TOUR_PREV_BUTTON).0.is_empty());
    let last = TourStep::all().last().unwrap();
    load_lesson(&mut state, LessonRef::Tour(last));
    pass(&ctx, &state, vec![]);
    assert!(click(&ctx, &state, TOUR_NEXT_BUTTON).0.is_empty(), "Next is disabled on the last step");
    assert_eq!(click(&ctx, &state, TOUR_PREV_BUTTON).0, vec![Command::Teach(TeachCommand::TourPrev)]);
    // At a chapter's last step Next goes on (to the next chapter): enabled.
    load_lesson(&mut state, LessonRef::Tour(TourStep { chapter: 0, step: TOUR.len() - 1 }));
    pass(&ctx, &state, vec![]);
    assert_eq!(click(&ctx, &state, TOUR_NEXT_BUTTON).0, vec![Command::Teach(TeachCommand::TourNext)]);
}

#[test]
fn the_chapter_picker_asks_for_each_chapter() {
    use crate::teach::lessons::CHAPTERS;
    let ctx = ctx();
    // Touring (in the lesson card) and not (in the Teach section), in a 2D and a 3D chapter.
    for on in [None, Some(TourStep::start_of(3)), Some(TourStep::FIRST)] {
        let mut state = State::new(SceneOptions::default());
        if let Some(t) = on {
            load_lesson(&mut state, LessonRef::Tour(t));
        }
        pass(&ctx, &state, vec![]);
        pass(&ctx, &state, vec![]);
        for i in 0..CHAPTERS.len() {
            let key = format!("{CHAPTER_BUTTON}.{i}");
            assert_eq!(click(&ctx, &state, &key).0, vec![Command::Teach(TeachCommand::TourChapter(i))], "{on:?} {i}");
        }
    }
}

#[test]
fn the_tour_starts_from_the_top_of_the_panel() {
    let ctx = ctx();
    let state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    // In the header, beside Reset: the first thing under the title.
    let r = crate::ui::headless::rect(&ctx, crate::ui::TOUR_START_BUTTON);
    let reset = crate::ui::headless::rect(&ctx, crate::ui::RESET_BUTTON);
    assert!(r.min.y < 120.0 && (r.center().y - reset.center().y).abs() < 1.0, "the tour's button is at {r:?}");
    assert_eq!(click(&ctx, &state, crate::ui::TOUR_START_BUTTON).0, vec![Command::Teach(TeachCommand::ToggleTour)]);
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
    assert!(copied[0].starts_with("#[test]") && copied[0].contains("Circle::new([3.6, 0.4], 1.0)"), "{}", copied[0]);
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
