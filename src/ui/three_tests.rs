//! The panel in the 3D view, headless.

use super::headless::{click, pass};
use super::three::{slice_picture_button, COUNTER_EXAMPLE_BUTTON};
use super::*;
use crate::app::three::PLANES_COUNTER_EXAMPLE;
use crate::app::{apply, SceneOptions};

#[test]
fn the_3d_panel_runs_untouched_and_its_button_loads_the_face_plane_counter_example() {
    let ctx = egui::Context::default();
    style(&ctx);
    let mut state = State::new(SceneOptions::from_fragment("view=3d&sphere=0,0,3,1&box3=-1,-1,-1,1,1,1").unwrap());
    for _ in 0..3 {
        let cmds = pass(&ctx, &state, vec![]);
        assert!(cmds.is_empty(), "{cmds:?}");
    }
    let cmds = click(&ctx, &state, COUNTER_EXAMPLE_BUTTON);
    assert_eq!(cmds.len(), 1, "{cmds:?}");
    for c in cmds {
        apply(&mut state, c);
    }
    let want = SceneOptions::from_fragment(PLANES_COUNTER_EXAMPLE).unwrap();
    assert_eq!(state.three.options, want.three);
    assert_eq!(state.algorithm().id, "planes");
    let a = state.analysis3();
    assert!(a.wrong(), "planes' false positive");
}

#[test]
fn with_a_slice_on_the_panel_offers_its_three_pictures() {
    use crate::app::three::{SlicePicture, ThreeCommand};
    let ctx = egui::Context::default();
    style(&ctx);
    let mut state =
        State::new(SceneOptions::from_fragment("view=3d&sphere=0.5,0.2,0.1,0.6&box3=-1,-1,-1,1,1,1&slice=z").unwrap());
    pass(&ctx, &state, vec![]);
    for p in [SlicePicture::Distance, SlicePicture::Zones, SlicePicture::Agreement] {
        let cmds = click(&ctx, &state, &slice_picture_button(p));
        assert!(
            cmds.iter().any(|c| matches!(c, Command::Three(ThreeCommand::SetSlicePicture(q)) if *q == p)),
            "{p:?}: {cmds:?}"
        );
        for c in cmds {
            apply(&mut state, c);
        }
        assert_eq!(state.three.options.slice_picture, p);
    }
}
