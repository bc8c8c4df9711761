//! Play's panel, run headless on a bare `egui::Context` (no window, no GPU).

use super::*;
use crate::app::levels::level_index;
use crate::app::{apply, SceneOptions};
use crate::geom::world::STRATEGIES;
use crate::ui::headless::{click, pass};

#[test]
fn the_switch_turns_play_on_and_its_buttons_ask_for_levels_and_the_race() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let mut state = State::new(SceneOptions::from_fragment("playground=on&level=stairs").unwrap());
    pass(&ctx, &state, vec![]);
    let got = click(&ctx, &state, PLAY_SWITCH);
    assert_eq!(got, vec![Command::Playground(PlaygroundCommand::TogglePlay)]);
    for c in got {
        apply(&mut state, c);
    }
    assert!(state.playground.options.play);
    for _ in 0..3 {
        assert!(pass(&ctx, &state, vec![]).is_empty(), "untouched, Play asks for nothing");
    }
    let shaft = level_index("course-shaft").unwrap();
    let got = click(&ctx, &state, &format!("{PLAY_LEVEL_BUTTON}.{shaft}"));
    assert_eq!(got, vec![Command::Playground(PlaygroundCommand::LoadLevel(shaft))]);
    assert_eq!(click(&ctx, &state, RACE_BUTTON), vec![Command::Playground(PlaygroundCommand::RaceGhosts)]);
    assert_eq!(click(&ctx, &state, AGAIN_BUTTON), vec![Command::Playground(PlaygroundCommand::Restart)]);
    let rows: usize = ctx.data(|d| d.get_temp(egui::Id::new(GHOST_ROWS))).unwrap();
    assert_eq!(rows, 0);
}

#[test]
fn a_race_lists_every_strategys_ghost() {
    let ctx = egui::Context::default();
    crate::ui::style(&ctx);
    let state =
        State::new(SceneOptions::from_fragment("play=on&level=course-run&inputs=R*60,RJ*30&race=on&steps=60").unwrap());
    pass(&ctx, &state, vec![]);
    assert!(pass(&ctx, &state, vec![]).is_empty());
    let rows: usize = ctx.data(|d| d.get_temp(egui::Id::new(GHOST_ROWS))).unwrap();
    assert_eq!(rows, STRATEGIES.len());
}
