//! The motion panel, run headless on a bare `egui::Context` (no window, no GPU).

use super::*;
use crate::app::motion::preset_index;
use crate::app::{apply, SceneOptions};
use crate::ui::headless::{click, pass};

#[test]
fn the_switch_turns_motion_on_and_the_panel_then_shows_the_sweep() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let mut state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    let got = click(&ctx, &state, MOTION_SWITCH);
    assert_eq!(got, vec![Command::Motion(MotionCommand::Toggle)]);
    for c in got {
        apply(&mut state, c);
    }
    assert!(state.mode.flat_motion());
    // Untouched, the motion panel asks for nothing, frame after frame.
    for _ in 0..3 {
        assert!(pass(&ctx, &state, vec![]).is_empty());
    }
    assert!(ctx.data(|d| d.get_temp::<egui::Rect>(egui::Id::new(PLAY_BUTTON))).is_some());
}

#[test]
fn play_step_and_a_gallery_preset_return_their_commands() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let mut state = State::new(SceneOptions::default());
    apply(&mut state, Command::Motion(MotionCommand::LoadPreset(0)));
    pass(&ctx, &state, vec![]);
    pass(&ctx, &state, vec![]);
    assert_eq!(click(&ctx, &state, PLAY_BUTTON), vec![Command::Motion(MotionCommand::PlayPause)]);
    assert_eq!(click(&ctx, &state, STEP_BUTTON), vec![Command::Motion(MotionCommand::Step)]);
    let slide = preset_index("slide").unwrap();
    let got = click(&ctx, &state, &format!("{PRESET_BUTTON}.{slide}"));
    assert_eq!(got, vec![Command::Motion(MotionCommand::LoadPreset(slide))]);
    for c in got {
        apply(&mut state, c);
    }
    assert_eq!(state.motion.preset, Some(slide));
    assert_eq!(state.motion.options.velocity, [4.0, -3.0]);
    // Every preset renders the panel without a command of its own.
    for (i, p) in PRESETS.iter().enumerate() {
        apply(&mut state, Command::Motion(MotionCommand::LoadPreset(i)));
        assert!(pass(&ctx, &state, vec![]).is_empty(), "{}", p.id);
    }
}

#[test]
fn a_turned_box_s_panel_renders_without_asking_for_anything() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let mut state = State::new(SceneOptions::default());
    let text = "circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide&angle=30";
    crate::app::load_scene_text(&mut state, text).unwrap();
    for _ in 0..3 {
        assert!(pass(&ctx, &state, vec![]).is_empty());
    }
    // Q turns it on; the panel follows without a command of its own.
    apply(&mut state, Command::Motion(MotionCommand::Turn(15.0)));
    assert_eq!(state.motion.options.angle, 45.0);
    assert!(pass(&ctx, &state, vec![]).is_empty());
}
