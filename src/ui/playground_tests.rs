//! The playground panel, run headless on a bare `egui::Context` (no window, no GPU).

use super::*;
use crate::app::levels::level_index;
use crate::app::{apply, SceneOptions};
use crate::ui::headless::{click, pass};

#[test]
fn the_switch_turns_the_playground_on_and_a_level_button_loads_it() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let mut state = State::new(SceneOptions::default());
    pass(&ctx, &state, vec![]);
    let got = click(&ctx, &state, PLAYGROUND_SWITCH);
    assert_eq!(got, vec![Command::Playground(PlaygroundCommand::Toggle)]);
    for c in got {
        apply(&mut state, c);
    }
    assert!(state.mode.flat_playground());
    // Untouched, the playground panel asks for nothing, frame after frame.
    for _ in 0..3 {
        assert!(pass(&ctx, &state, vec![]).is_empty());
    }
    let stairs = level_index("stairs").unwrap();
    let got = click(&ctx, &state, &format!("{LEVEL_BUTTON}.{stairs}"));
    assert_eq!(got, vec![Command::Playground(PlaygroundCommand::LoadLevel(stairs))]);
    assert_eq!(click(&ctx, &state, PAUSE_BUTTON), vec![Command::Playground(PlaygroundCommand::PauseResume)]);
    assert_eq!(click(&ctx, &state, STEP_BUTTON), vec![Command::Playground(PlaygroundCommand::Step)]);
    assert_eq!(click(&ctx, &state, RACE_SWITCH), vec![Command::Playground(PlaygroundCommand::SetRace(true))]);
}

#[test]
fn a_race_shows_one_speed_line_per_strategy() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let state = State::new(SceneOptions::from_fragment("playground=on&level=flush-floor&race=on&steps=120").unwrap());
    pass(&ctx, &state, vec![]);
    assert!(pass(&ctx, &state, vec![]).is_empty());
    let lines: usize = ctx.data(|d| d.get_temp(egui::Id::new(SPEED_LINES))).unwrap();
    assert_eq!(lines, STRATEGIES.len());
    assert!(crate::ui::headless::rect(&ctx, SPEED_PLOT).height() > 100.0);
    // The bump list names every strategy that bumped (discrete-in-order at least), no other.
    let bumped = state.playground.runners.iter().filter(|r| !r.bumps.is_empty()).count();
    assert!(bumped >= 1);
    let rows: usize = ctx.data(|d| d.get_temp(egui::Id::new(BUMP_ROWS))).unwrap();
    assert_eq!(rows, bumped);
}
