//! Fitting the view to the scene: the world area each 2D mode shows, on the current canvas, with
//! the user's pinch zoom and pan ([`ViewZoom`](super::gesture::ViewZoom)) on top.

use super::embed::fit_canvas;
use super::layout::{drawer_width, Layout, LayoutKind};
use super::motion::MotionAnalysis;
use super::state::State;
use super::view::{self, ScreenRect, View};
use crate::geom::response::response;

impl State {
    /// Fits the view to the scene on the current canvas (embedded: left of the toolbar).
    pub fn refit(&mut self) {
        let canvas = fit_canvas(self.canvas, self.embed.is_some());
        let (lo, hi) = if self.mode.flat_playground() && self.playground.options.play {
            // Play: the camera's window onto the map, following the character.
            let m = &self.playground.options.map;
            super::playground::play::camera_window(self.playground.play.camera, m.cols(), m.rows(), canvas)
        } else if let (true, Some(r)) = (self.mode.flat_playground(), &self.playground.rain) {
            // The rain: its own level.
            let m = &r.swarm.map;
            ([0.0, 0.0], [m.width() as f32, m.height() as f32])
        } else if self.mode.flat_playground() {
            let m = &self.playground.options.map;
            ([-0.5, -0.5], [m.cols() as f32 + 0.5, m.rows() as f32 + 0.5])
        } else if self.mode.flat_motion() {
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
        let area = beside_drawer(area, &self.layout, self.text_scale.factor());
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

/// The part of `area` the open drawer leaves on its left (the drawer lies over the canvas's right side:
/// the scene moves beside it rather than under it). The bottom sheet needs nothing here: the canvas
/// egui leaves is already above it. `text`: the text scale (the drawer's width is in egui points).
fn beside_drawer(area: ScreenRect, layout: &Layout, text: f32) -> ScreenRect {
    if layout.kind != LayoutKind::Drawer || !layout.drawer_open {
        return area;
    }
    let k = super::view::zoom_for(area.h) * text;
    let w = drawer_width(area.w / k) * k;
    ScreenRect { w: (area.w - w).max(0.25 * area.w), ..area }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::SheetHeight;

    #[test]
    fn the_open_drawer_pushes_the_scene_left() {
        let c = ScreenRect { x: 0.0, y: 0.0, w: 844.0, h: 390.0 };
        let mut l = Layout { kind: LayoutKind::Drawer, sheet: SheetHeight::Collapsed, drawer_open: false };
        assert_eq!(beside_drawer(c, &l, 1.0), c, "shut: the whole canvas");
        l.drawer_open = true;
        let a = beside_drawer(c, &l, 1.0);
        assert_eq!((a.x, a.y, a.h), (0.0, 0.0, 390.0));
        assert!((a.w - (844.0 - 337.6)).abs() < 0.01, "{a:?}");
        let wide = Layout { kind: LayoutKind::Wide, ..l };
        assert_eq!(beside_drawer(c, &wide, 1.0), c);
    }

    #[test]
    fn a_phone_scene_is_large_enough_to_grab() {
        // The default scene on a phone's canvas above the collapsed sheet (390 x 784 CSS px): the circle
        // at least a finger (44 px) across, the box's middle near the canvas's.
        let mut s = State::new(crate::app::SceneOptions::default());
        s.layout = Layout { kind: LayoutKind::Sheet, ..Layout::default() };
        crate::app::set_canvas(&mut s, ScreenRect { x: 0.0, y: 0.0, w: 390.0, h: 784.0 });
        let d = 2.0 * s.circle.radius() * s.view.scale;
        assert!(d >= 44.0, "the circle is {d} px across");
        let (lo, hi) = (s.aabb.min(), s.aabb.max());
        let mid = s.view.to_screen([0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1])]);
        assert!((mid.x - 195.0).abs() < 100.0 && (mid.y - 392.0).abs() < 150.0, "{mid:?}");
    }
}
