//! Fitting the view to the scene: the world area each 2D mode shows, on the current canvas, with
//! the user's pinch zoom and pan ([`ViewZoom`](super::gesture::ViewZoom)) on top.

use super::embed::fit_canvas;
use super::motion::MotionAnalysis;
use super::state::State;
use super::view::{self, View};
use crate::geom::response;

impl State {
    /// Fits the view to the scene on the current canvas (embedded: left of the toolbar).
    pub fn refit(&mut self) {
        let canvas = fit_canvas(self.canvas, self.embed.is_some());
        let (lo, hi) = if self.mode.playground() && self.playground.options.play {
            // Play: the camera's window onto the map, following the character.
            let m = &self.playground.options.map;
            super::playground::play::camera_window(self.playground.play.camera, m.cols(), m.rows(), canvas)
        } else if self.mode.playground() {
            let m = &self.playground.options.map;
            ([-0.5, -0.5], [m.cols() as f32 + 0.5, m.rows() as f32 + 0.5])
        } else if self.mode.motion() {
            let m = MotionAnalysis::of(&self.circle, &self.aabb, &self.motion);
            view::motion_bounds(&self.circle, &m.target.bounds(), &[m.end, m.motion.end])
        } else {
            view::scene_bounds(&self.circle, &self.aabb, &response(&self.circle, &self.aabb).push)
        };
        // A quiz's plate takes the top of the canvas: the scene is fitted below it.
        let area = match self.quiz {
            Some(_) => super::quiz::below_plate(canvas, self.text_scale.factor()),
            None => canvas,
        };
        // The user's pinch zoom and pan on top, about the canvas's centre.
        self.view = self.view_zoom.apply(View::fit(lo, hi, area), canvas.center());
    }

    /// Where the user's zoom is about (the fitted canvas's centre) and the canvas's size.
    #[must_use]
    pub fn zoom_frame(&self) -> (glam::Vec2, glam::Vec2) {
        let canvas = fit_canvas(self.canvas, self.embed.is_some());
        (canvas.center(), glam::Vec2::new(canvas.w, canvas.h))
    }
}
