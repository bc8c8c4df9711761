//! Where a state begins: [`State::new`] builds it from a scene, then shows the scene's response
//! case and fits the view, through the same functions every later change uses.

use super::bench::BenchState;
use super::embed::Embed;
use super::motion::MotionState;
use super::playground::PlaygroundState;
use super::quiz::QuizState;
use super::scene::{CaseMode, SceneOptions};
use super::state::State;
use super::still::case::set_case;
use super::teach::TeachState;
use super::three::state::ThreeState;
use super::view::{ScreenRect, View};

impl State {
    /// A state showing the scene `options` describe, on a default canvas.
    #[must_use]
    pub fn new(options: SceneOptions) -> State {
        let canvas = ScreenRect { x: 0.0, y: 0.0, w: 800.0, h: 600.0 };
        let mut s = State {
            mode: options.mode,
            circle: options.circle,
            aabb: options.aabb,
            angle: options.angle,
            algorithm: options.algorithm,
            case: CaseMode::Auto,
            // Embedded, the canvas is alone: no panel, no first-screen hint.
            panel_visible: options.presentation.panel && !options.presentation.embed,
            layout: super::layout::Layout::default(),
            text_scale: options.presentation.text,
            hint_visible: options.presentation.hint && !options.presentation.embed,
            frame_stats_visible: false,
            keys_in_panel: false,
            view: View::default(),
            canvas,
            hover: None,
            drag: None,
            initial: options,
            teach: TeachState::from_options(&options),
            bench: BenchState::default(),
            motion: MotionState::from_options(options.motion),
            playground: PlaygroundState::from_options(options.playground),
            three: ThreeState::from_options(options.three),
            embed: Embed::of(&options),
            quiz: options.quiz.map(QuizState::new),
            next_quiz_seed: options.quiz.map_or(1, |k| k.seed.wrapping_add(1)),
            touch: Default::default(),
            view_zoom: Default::default(),
        };
        set_case(&mut s, options.case);
        s.refit();
        s
    }
}
