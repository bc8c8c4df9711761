//! The frame-time readout (key F): frames per second, the CPU time of a frame split into update,
//! egui and drawing, and the canvas's draw batches, as rolling averages over the last frames.
//! Plain data: the frame loop pushes one [`FrameSample`] per frame; the canvas shows [`FrameStats::averages`].

use std::collections::VecDeque;

/// How many frames the averages cover (about one second at 60 fps).
pub const WINDOW: usize = 60;

/// One frame's measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameSample {
    /// Time since the previous frame, seconds (the frame rate's source).
    pub dt: f32,
    /// CPU time in the scene's update (input, analysis, overlay cache), milliseconds.
    pub update_ms: f32,
    /// CPU time building the egui panel, milliseconds.
    pub egui_ms: f32,
    /// CPU time issuing the drawing (canvas and egui), milliseconds.
    pub draw_ms: f32,
    /// Draw batches the canvas issued (texture switches in macroquad's batcher).
    pub batches: u32,
}

/// Averages over the last [`WINDOW`] frames.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameAverages {
    pub fps: f32,
    pub update_ms: f32,
    pub egui_ms: f32,
    pub draw_ms: f32,
    pub batches: f32,
    /// How many frames the averages cover.
    pub frames: usize,
}

/// The last [`WINDOW`] frames.
#[derive(Clone, Debug, Default)]
pub struct FrameStats {
    samples: VecDeque<FrameSample>,
}

impl FrameStats {
    /// Records a frame; the oldest drops out once the window is full. Non-finite or negative
    /// times count as zero.
    pub fn push(&mut self, s: FrameSample) {
        let clean = |x: f32| if x.is_finite() && x > 0.0 { x } else { 0.0 };
        let s = FrameSample {
            dt: clean(s.dt),
            update_ms: clean(s.update_ms),
            egui_ms: clean(s.egui_ms),
            draw_ms: clean(s.draw_ms),
            batches: s.batches,
        };
        if self.samples.len() == WINDOW {
            self.samples.pop_front();
        }
        self.samples.push_back(s);
    }

    /// The rolling averages; fps from the summed frame times (all zero with no frames).
    #[must_use]
    pub fn averages(&self) -> FrameAverages {
        let n = self.samples.len();
        if n == 0 {
            return FrameAverages::default();
        }
        let sum = |f: fn(&FrameSample) -> f32| self.samples.iter().map(f).sum::<f32>();
        let mean = |f: fn(&FrameSample) -> f32| sum(f) / n as f32;
        let total = sum(|s| s.dt);
        FrameAverages {
            fps: if total > 0.0 { n as f32 / total } else { 0.0 },
            update_ms: mean(|s| s.update_ms),
            egui_ms: mean(|s| s.egui_ms),
            draw_ms: mean(|s| s.draw_ms),
            batches: mean(|s| s.batches as f32),
            frames: n,
        }
    }
}

impl FrameAverages {
    /// The readout's one line, e.g. `60.0 fps · CPU 1.2 ms update + 3.4 ms egui + 0.8 ms draw · 8 batches`.
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "{:.1} fps · CPU {:.1} ms update + {:.1} ms egui + {:.1} ms draw · {:.0} batches",
            self.fps, self.update_ms, self.egui_ms, self.draw_ms, self.batches
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(dt: f32, ms: f32, batches: u32) -> FrameSample {
        FrameSample { dt, update_ms: ms, egui_ms: 2.0 * ms, draw_ms: 3.0 * ms, batches }
    }

    #[test]
    fn no_frames_no_numbers() {
        assert_eq!(FrameStats::default().averages(), FrameAverages::default());
    }

    #[test]
    fn averages_cover_the_pushed_frames() {
        let mut s = FrameStats::default();
        s.push(frame(0.02, 1.0, 8));
        s.push(frame(0.03, 2.0, 10));
        let a = s.averages();
        assert_eq!(a.frames, 2);
        assert!((a.fps - 40.0).abs() < 1e-3, "{}", a.fps);
        assert!((a.update_ms - 1.5).abs() < 1e-6);
        assert!((a.egui_ms - 3.0).abs() < 1e-6);
        assert!((a.draw_ms - 4.5).abs() < 1e-6);
        assert!((a.batches - 9.0).abs() < 1e-6);
    }

    #[test]
    fn the_window_rolls_and_old_frames_drop_out() {
        let mut s = FrameStats::default();
        for _ in 0..WINDOW {
            s.push(frame(0.1, 50.0, 100));
        }
        for _ in 0..WINDOW {
            s.push(frame(1.0 / 60.0, 1.0, 8));
        }
        let a = s.averages();
        assert_eq!(a.frames, WINDOW);
        assert!((a.fps - 60.0).abs() < 0.01, "{}", a.fps);
        assert!((a.update_ms - 1.0).abs() < 1e-5);
        assert!((a.batches - 8.0).abs() < 1e-6);
    }

    #[test]
    fn bad_times_count_as_zero() {
        let mut s = FrameStats::default();
        s.push(FrameSample { dt: f32::NAN, update_ms: -1.0, egui_ms: f32::INFINITY, draw_ms: 2.0, batches: 3 });
        let a = s.averages();
        assert_eq!((a.fps, a.update_ms, a.egui_ms, a.draw_ms), (0.0, 0.0, 0.0, 2.0));
        assert!(a.line().starts_with("0.0 fps · CPU 0.0 ms update"));
    }
}
