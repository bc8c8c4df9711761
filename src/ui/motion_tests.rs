//! The motion panel, run headless on a bare `egui::Context` (no window, no GPU).

use super::*;
use crate::app::motion::preset_index;
use crate::app::{apply, SceneOptions};
use crate::ui::panel;

fn input(events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        events,
        ..Default::default()
    }
}

fn pass(ctx: &egui::Context, state: &State, events: Vec<egui::Event>) -> Vec<Command> {
    let a = state.analysis();
    let mut cmds = Vec::new();
    let _ = ctx.run(input(events), |ctx| cmds = panel(ctx, state, &a));
    cmds
}

fn click(ctx: &egui::Context, state: &State, key: &str) -> Vec<Command> {
    let rect = |ctx: &egui::Context| -> egui::Rect {
        ctx.data(|d| d.get_temp(egui::Id::new(key))).unwrap_or_else(|| panic!("{key} recorded"))
    };
    // Scroll the panel until the widget is on the screen (the gallery is below the trace).
    let a = state.analysis();
    for _ in 0..40 {
        if rect(ctx).max.y < 780.0 {
            break;
        }
        let _ = ctx.run(input(vec![]), |ctx| {
            crate::ui::panel_scrolled(ctx, state, &a, 60.0);
        });
    }
    let rect = rect(ctx);
    let p = rect.center();
    let button = |pressed| egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    let mut got = Vec::new();
    for events in [vec![egui::Event::PointerMoved(p)], vec![button(true)], vec![button(false)]] {
        got.extend(pass(ctx, state, events));
    }
    got
}

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
    assert!(state.motion.options.on);
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
    for i in 0..PRESETS.len() {
        apply(&mut state, Command::Motion(MotionCommand::LoadPreset(i)));
        assert!(pass(&ctx, &state, vec![]).is_empty(), "{}", PRESETS[i].id);
    }
}
