//! The frame loop: gather an input snapshot from macroquad, run the egui panel, gate the canvas
//! input on egui's wants-pointer / wants-keyboard state, update, draw, and (in screenshot mode)
//! write the framebuffer to a PNG.
//!
//! Builds for the desktop and for `wasm32-unknown-unknown` (no clock, no files on the web).

mod input;
mod present;

use crate::app::{self, Analysis, Command, Input, SceneOptions, ScreenRect, State};
use crate::render::damage;
use input::{cursor_for, keys_held, keys_pressed, touch_points, PressTracker};
use macroquad::prelude::*;

/// Frames rendered before a screenshot is taken: enough for egui to settle its layout (panel
/// width, fonts, scroll area), with no input and no animation.
pub const SCREENSHOT_FRAMES: u32 = 8;

/// What to do with the window.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub scene: SceneOptions,
    /// Write one frame to this PNG and exit (desktop only).
    pub screenshot: Option<std::path::PathBuf>,
    /// Start with reduced motion on (`--reduced-motion`, `CIRCLE_AABB_LAB_REDUCED_MOTION`; on the
    /// web the browser's `prefers-reduced-motion` is read as well).
    pub reduced_motion: bool,
    /// Run this many seconds, print the frame-time figures and exit (desktop only).
    pub frame_stats: Option<f32>,
}

/// The window configuration: `--size` (default 1280×800), high-DPI except in screenshot mode (a
/// screenshot has exactly the requested pixel size).
#[must_use]
pub fn window_conf(options: &RunOptions) -> Conf {
    let (w, h) = options.scene.size.unwrap_or((1280, 800));
    let mut conf = Conf {
        window_title: "circle-aabb-lab".to_string(),
        window_width: w as i32,
        window_height: h as i32,
        high_dpi: options.screenshot.is_none(),
        window_resizable: options.screenshot.is_none(),
        // No multisampling: it multiplies the fill cost by 4 on software rasterisers, and the
        // canvas antialiases its lines and rims with geometry instead (see `render::aa`).
        sample_count: 1,
        ..Default::default()
    };
    // Frames on demand: a still scene draws nothing (see `reactive`).
    conf.platform.blocking_event_loop = reactive(options);
    conf
}

/// Draw only when something changed: macroquad's blocking event loop runs a frame on input (every
/// kind, see [`wake_on_input`]) and the loop asks for the next one while anything moves
/// ([`app::animating`], egui's own repaint requests, a key held). A still scene then costs no
/// frames at all — on a software rasteriser a full frame of this app costs tens of milliseconds,
/// and on a laptop, battery. Screenshots and `--frame-stats` draw every frame, as a measurement
/// must.
fn reactive(options: &RunOptions) -> bool {
    options.screenshot.is_none() && options.frame_stats.is_none()
}

/// Every kind of input wakes the blocking loop.
fn wake_on_input() -> macroquad::conf::UpdateTrigger {
    macroquad::conf::UpdateTrigger {
        key_down: true,
        mouse_down: true,
        mouse_up: true,
        mouse_motion: true,
        mouse_wheel: true,
        specific_key: None,
        touch: true,
    }
}

/// Opens the window and runs the demo until it is closed (or the screenshot is written).
pub fn start(options: RunOptions) {
    let conf = macroquad::conf::Conf {
        miniquad_conf: window_conf(&options),
        update_on: Some(wake_on_input()),
        ..Default::default()
    };
    macroquad::Window::from_config(conf, async move { FrameLoop::new(options).run().await });
}

/// The margin egui's items carry beyond their shapes ([`damage::egui_items`]): a shape is over the
/// canvas when it reaches into it by more than its feather.
const EGUI_MARGIN: f32 = 2.5;

/// Frames drawn at start whatever happens: egui settles its layout (panel width, fonts) over a
/// few passes.
const SETTLE_FRAMES: u32 = 4;

/// What the canvas's last frame was drawn on: the window and the canvas's place in it. The canvas
/// keeps its last frame only where this frame draws on the same.
#[derive(Clone, Copy, Debug, PartialEq)]
struct FrameKey {
    window_width: f32,
    window_height: f32,
    dpi_scale: f32,
    canvas: ScreenRect,
}

impl FrameKey {
    fn now(canvas: ScreenRect) -> FrameKey {
        FrameKey { window_width: screen_width(), window_height: screen_height(), dpi_scale: screen_dpi_scale(), canvas }
    }
}

/// When each phase of a frame started (macroquad's clock, seconds), for the frame-time readout.
#[derive(Clone, Copy, Debug, Default)]
struct PhaseTimes {
    start: f64,
    panel: f64,
    update: f64,
    draw: f64,
    end: f64,
}

/// The frame loop and what it carries from one frame to the next. Each frame runs its phases in
/// order: [`FrameLoop::input`], [`FrameLoop::panel`], [`FrameLoop::update`], [`FrameLoop::draw`],
/// [`FrameLoop::schedule`].
struct FrameLoop {
    options: RunOptions,
    state: State,
    /// The browser's reduced-motion preference as last read.
    prefers_reduced: Option<bool>,
    /// The reduced-motion setting egui and the page were last told.
    reported_reduced: Option<bool>,
    status_line: app::status::StatusLine,
    /// Frames drawn so far.
    frame: u32,
    // egui's answers from the previous pass: where the canvas is, and whether egui wants the
    // pointer or the keyboard. The scene's input is judged against them (as egui itself does).
    canvas: ScreenRect,
    pointer_over_ui: bool,
    keyboard_taken: bool,
    // Redrawing only what changed (the web page keeps the last frame): the last frame's canvas items,
    // what that frame's canvas depended on besides them, and whether egui drew over the canvas.
    keeps_frames: bool,
    last_items: Option<Vec<damage::Item>>,
    last_frame_key: Option<FrameKey>,
    egui_over_canvas: bool,
    egui_was_over: bool,
    egui_items: Vec<damage::Item>,
    last_egui_items: Option<Vec<damage::Item>>,
    presses: PressTracker,
    /// Where egui lies over the canvas (the drawer, its button): a touch there is the panel's.
    over_canvas_ui: Vec<ScreenRect>,
    /// The layout's report as the page was last told (`window.__layout`).
    layout_report: String,
    // The teaching overlay (agreement map / distance field): computed only when its inputs change.
    overlay_cache: app::overlay::OverlayCache,
    overlay_layer: crate::render::overlay::OverlayLayer,
    three_layer: crate::render::three::ThreeLayer,
    /// The rain of balls' picture (`rain=N`): one image, uploaded each frame.
    rain_layer: crate::render::rain::RainLayer,
    #[cfg(target_arch = "wasm32")]
    url_fragment: String,
    /// The embedded scene's link as the page was last told (`embed=1`).
    #[cfg(target_arch = "wasm32")]
    embed_link: Option<(String, [f32; 4])>,
    frame_stats: app::frame_stats::FrameStats,
    /// Frames on demand ([`reactive`]).
    reactive: bool,
    /// The loop slept before this frame (nothing moved): the time since the last frame is idle
    /// time, not a step of an animation that starts now.
    resumed: bool,
    times: PhaseTimes,
}

impl FrameLoop {
    fn new(options: RunOptions) -> FrameLoop {
        let mut state = State::new(options.scene);
        // The benchmark panel's clock: macroquad's, which works on the web too.
        state.bench.clock = get_time;
        FrameLoop {
            prefers_reduced: None,
            reported_reduced: None,
            status_line: app::status::StatusLine::default(),
            frame: 0,
            canvas: ScreenRect { x: 0.0, y: 0.0, w: 0.0, h: 0.0 },
            pointer_over_ui: false,
            keyboard_taken: false,
            keeps_frames: false,
            last_items: None,
            last_frame_key: None,
            egui_over_canvas: false,
            egui_was_over: false,
            egui_items: Vec::new(),
            last_egui_items: None,
            presses: PressTracker::new(),
            over_canvas_ui: Vec::new(),
            layout_report: String::new(),
            overlay_cache: app::overlay::OverlayCache::default(),
            overlay_layer: crate::render::overlay::OverlayLayer::default(),
            three_layer: crate::render::three::ThreeLayer::default(),
            rain_layer: crate::render::rain::RainLayer::default(),
            #[cfg(target_arch = "wasm32")]
            url_fragment: String::new(),
            #[cfg(target_arch = "wasm32")]
            embed_link: None,
            frame_stats: app::frame_stats::FrameStats::default(),
            reactive: reactive(&options),
            resumed: false,
            times: PhaseTimes::default(),
            state,
            options,
        }
    }

    /// Setup once the window exists, then one frame after another until the window closes (or the
    /// screenshot is written, or the frame-stats run ends).
    async fn run(mut self) {
        self.start();
        loop {
            if self.keeps_frames {
                crate::render::flat::end_keep_frame();
            }
            self.times.start = get_time();
            // The scene's input first, so the panel drawn this frame already shows its effect.
            let input = self.input();
            let commands = self.panel(&input);
            self.update(commands);
            self.draw();
            if self.schedule() {
                return;
            }
            next_frame().await;
        }
    }

    fn start(&mut self) {
        let screenshot = self.options.screenshot.is_some();
        // Accessibility: the setting from the command line or the browser, the shortcuts on the page.
        self.prefers_reduced = crate::page::prefers_reduced_motion();
        if self.options.reduced_motion || self.prefers_reduced == Some(true) {
            app::apply(&mut self.state, Command::Motion(app::motion::MotionCommand::SetReducedMotion(true)));
        }
        if crate::page::AVAILABLE {
            crate::page::set_shortcuts(&app::status::shortcuts_text());
        }
        egui_macroquad::cfg(|ctx| {
            crate::ui::style(ctx);
            if screenshot {
                // No animation: the picture must not depend on the clock.
                ctx.style_mut(|s| s.animation_time = 0.0);
            }
        });
        self.canvas = ScreenRect { x: 0.0, y: 0.0, w: screen_width(), h: screen_height() };
        self.keeps_frames = crate::page::canvas_keeps_frames() && !screenshot;
        crate::render::typeset::init();
    }

    /// The scene's input snapshot, and the scene updated with it.
    fn input(&mut self) -> Input {
        let press = self.presses.poll();
        let canvas = self.canvas;
        // Side panel, bottom sheet or drawer: chosen again on every resize and rotation.
        app::set_window(&mut self.state, screen_width(), screen_height());
        let input = if self.options.screenshot.is_some() {
            // Screenshot mode: the scene sees no pointer, no wheel, no keys, and no time passes (no
            // animation: the picture must not depend on the clock).
            Input { canvas: Some(canvas), ..Input::default() }
        } else {
            let (mx, my) = mouse_position();
            Input {
                canvas: Some(canvas),
                pointer: Some(vec2(mx, my)),
                pressed: is_mouse_button_pressed(MouseButton::Left),
                press,
                down: is_mouse_button_down(MouseButton::Left),
                wheel: mouse_wheel().1,
                keys: keys_pressed(),
                // egui's answer is from the previous pass, about where the pointer was then. A touch has no
                // hover before it lands: a press on the canvas is the scene's, whatever was touched before.
                // (Unless it lands on egui's drawer or button over the canvas.)
                pointer_over_ui: self.pointer_over_ui
                    && !press.is_some_and(|p| canvas.contains(p) && !self.over_canvas_ui.iter().any(|r| r.contains(p))),
                keyboard_taken: self.keyboard_taken,
                dt: if self.resumed { 0.0 } else { get_frame_time() },
                held: keys_held(),
                touches: touch_points(),
                secondary_down: is_mouse_button_down(MouseButton::Right),
                erase_modifier: is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift),
                shift: is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift) || self.presses.shifted(),
                touch_input: self.presses.touch_input(),
            }
        };
        app::update(&mut self.state, &input);
        app::track_pointer(&mut self.state, input.pointer, input.pointer_over_ui);
        input
    }

    /// The egui pass: the panel's commands, and egui's answers for the next frame's input (where
    /// the canvas is, whether egui wants the pointer or the keyboard).
    fn panel(&mut self, input: &Input) -> Vec<Command> {
        // The wheel over the panel scrolls it, a fixed step per frame (desktop and web wheel units differ).
        let panel_scroll = if self.pointer_over_ui && input.wheel != 0.0 { -48.0 * input.wheel.signum() } else { 0.0 };
        self.times.panel = get_time();
        let sh = screen_height();
        let analysis = self.state.analysis();
        let mut commands: Vec<Command> = Vec::new();
        egui_macroquad::ui(|ctx| {
            // egui-miniquad 0.16 tells egui the DPI scale only when it changes, never the first one, so
            // on a high-DPI screen (a phone, devicePixelRatio 2) egui would draw at half size: ask for
            // points of `dpi scale × zoom` physical pixels directly.
            let ppp = screen_dpi_scale() * app::view::zoom_for(sh) * self.state.text_scale.factor();
            if (ctx.pixels_per_point() - ppp).abs() > 1e-3 {
                ctx.set_pixels_per_point(ppp);
            }
            commands = crate::ui::panel_scrolled(ctx, &self.state, &analysis, panel_scroll);
            // egui points → macroquad logical pixels.
            let to_logical = ctx.pixels_per_point() / screen_dpi_scale();
            let r = ctx.available_rect();
            self.canvas = ScreenRect {
                x: r.min.x * to_logical,
                y: r.min.y * to_logical,
                w: r.width() * to_logical,
                h: r.height() * to_logical,
            };
            self.pointer_over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
            self.layout_rects(ctx, to_logical);
            // Anything of egui's on the canvas (a combo box's list, a tooltip) is drawn over it: such a
            // frame, and the one after it, draw the canvas in full. (The panel's own edge, a line
            // inside it, reaches the canvas by no more than its feather: the items' 2 px of margin.)
            if self.keeps_frames {
                self.egui_items = damage::egui_items(ctx, to_logical);
                let c = self.canvas;
                let canvas_bounds = damage::Bounds::new(c.x, c.y, c.w, c.h).padded(-EGUI_MARGIN);
                self.egui_over_canvas =
                    self.egui_items.iter().any(|it| it.bounds.padded(-EGUI_MARGIN).intersects(canvas_bounds));
            }
            // Keys belong to the scene unless a panel widget has egui's keyboard focus (reached with Tab, or a
            // number field being typed in): then they are the widget's (Space and Enter press a focused
            // button) until Esc, or a click on the canvas, gives them back.
            if crate::page::AVAILABLE {
                // The page hears which widget Tab reached (the canvas cannot show a screen reader).
                if let Some(text) = crate::ui::focus_announcement(ctx, self.keyboard_taken) {
                    crate::page::set_focus(&text);
                }
            }
            self.keyboard_taken = ctx.memory(|m| m.focused().is_some());
        });
        commands
    }

    /// The layout's widgets after the egui pass (`to_logical`: egui points → logical px): where egui lies
    /// over the canvas, and (on the web) the page's `window.__layout` report when it changed.
    fn layout_rects(&mut self, ctx: &egui::Context, to_logical: f32) {
        let rect = |r: egui::Rect| ScreenRect {
            x: r.min.x * to_logical,
            y: r.min.y * to_logical,
            w: r.width() * to_logical,
            h: r.height() * to_logical,
        };
        let mut rects: Vec<(&str, ScreenRect)> =
            crate::ui::layout_rects(ctx).into_iter().map(|(k, r)| (k, rect(r))).collect();
        let drawer = self.state.layout.kind == app::layout::LayoutKind::Drawer;
        self.over_canvas_ui =
            rects.iter().filter(|(k, _)| drawer && matches!(*k, "panel" | "menu")).map(|(_, r)| *r).collect();
        if crate::page::AVAILABLE {
            rects.push(("canvas", self.canvas));
            // The circle (2D still and motion): where a finger grabs it.
            let st = &self.state;
            if !st.mode.is_three() && !st.mode.flat_playground() {
                let (c, r) = (st.view.to_screen(st.circle.center()), st.circle.radius() * st.view.scale);
                rects.push(("circle", ScreenRect { x: c.x - r, y: c.y - r, w: 2.0 * r, h: 2.0 * r }));
            }
            let viewport = ScreenRect { x: 0.0, y: 0.0, w: screen_width(), h: screen_height() };
            let report = app::layout::report(&self.state.layout, viewport, &rects);
            if report != self.layout_report {
                crate::page::set_layout(&report);
                self.layout_report = report;
            }
        }
    }

    /// The panel's commands applied, and everything that follows from the new state: the benchmark's
    /// slice of the frame, the canvas's place, the overlay, the page, the reduced-motion setting and
    /// the cursor.
    fn update(&mut self, commands: Vec<Command>) {
        self.times.update = get_time();
        let state = &mut self.state;
        for cmd in commands {
            app::apply(state, cmd);
        }
        // A running benchmark gets ~8 ms of this frame, so the window stays responsive.
        app::bench::step(&mut state.bench, 0.008);
        // The canvas may have moved (panel shown or hidden, window resized): refit before drawing.
        app::set_canvas(state, self.canvas);
        // Teaching overlay: recompute if its key changed (coarse while dragging), time it with
        // macroquad's clock (desktop and web), upload the image when it changed.
        self.overlay_cache.refresh(state, &mut get_time);
        state.teach.overlay_info = self.overlay_cache.info();
        self.overlay_layer.sync(&self.overlay_cache);
        present::full_demo_pressed(state);
        #[cfg(target_arch = "wasm32")]
        present::update_url_fragment(state, &mut self.url_fragment);
        #[cfg(target_arch = "wasm32")]
        present::update_embed_link(state, &mut self.embed_link);
        // The browser's preference changed while the page was open: follow it.
        let prefers_now = crate::page::prefers_reduced_motion();
        if prefers_now != self.prefers_reduced {
            if let Some(on) = prefers_now {
                app::apply(state, Command::Motion(app::motion::MotionCommand::SetReducedMotion(on)));
            }
            self.prefers_reduced = prefers_now;
        }
        let reduced = state.motion.reduced_motion;
        if self.reported_reduced != Some(reduced) {
            // egui's own animations (collapsing sections, scrolling) follow the setting too.
            let screenshot = self.options.screenshot.is_some();
            egui_macroquad::cfg(|ctx| {
                if !screenshot {
                    ctx.style_mut(|s| {
                        s.animation_time = if reduced { 0.0 } else { egui::Style::default().animation_time }
                    });
                }
            });
            crate::page::report_reduced_motion(reduced);
            self.reported_reduced = Some(reduced);
        }

        // Hover feedback also in the cursor (after egui, which sets its own every pass).
        if self.options.screenshot.is_none() && !self.pointer_over_ui {
            if let Some(icon) = state.drag.map(|d| d.handle).or(state.hover).map(cursor_for) {
                macroquad::miniquad::window::set_mouse_cursor(icon);
            }
        }
    }

    /// Draws the scene, then egui on top: in full, or (where the page keeps the last frame) only
    /// what changed.
    fn draw(&mut self) {
        self.times.draw = get_time();
        let state = &self.state;
        let canvas = self.canvas;
        let keeps_frames = self.keeps_frames;
        let stats_line = state.frame_stats_visible.then(|| self.frame_stats.averages().line());
        let mut rain_ms = None;
        // The 2D canvas's background depends on the scene (the distance field's lighter band is in it).
        let canvas_background =
            if state.mode.is_three() { crate::render::background() } else { crate::render::canvas_background(state) };
        // The canvas keeps its last frame only where this frame draws the same canvas (same window,
        // same place) and egui drew nothing over it, then or now. (A redrawn region is cleared by the
        // scene's zones, which are recorded items: a change of background is damage like any other.)
        let frame_key = FrameKey::now(canvas);
        let comparable = self.last_frame_key == Some(frame_key) && !self.egui_over_canvas && !self.egui_was_over;
        self.last_frame_key = Some(frame_key);
        self.egui_was_over = self.egui_over_canvas;
        // The canvas's pixels (those whose centres are in it) and the panel's, the rest of the window: right
        // of the canvas, or below it (the bottom sheet).
        let dpi = screen_dpi_scale();
        let canvas_px = damage::Bounds::new(canvas.x, canvas.y, canvas.w, canvas.h).pixels_inside(dpi);
        let panel_px = if canvas_px.y1 < screen_height() - 0.5 {
            damage::Bounds::new(0.0, canvas_px.y1, screen_width(), screen_height() - canvas_px.y1)
        } else {
            damage::Bounds::new(canvas_px.x1, 0.0, screen_width() - canvas_px.x1, screen_height())
        };
        // The 3D view and the playground draw the whole window every frame, and so does a desktop window.
        let whole_window = state.mode.is_three() || state.mode.flat_playground() || !keeps_frames;
        if whole_window {
            self.last_items = None;
            clear_background(canvas_background);
        }
        if state.mode.is_three() {
            self.three_layer.sync(state);
            let analysis3 = state.analysis3();
            if crate::page::AVAILABLE {
                if let Some(text) = self.status_line.next_3d(state, &analysis3) {
                    crate::page::set_status(&text);
                }
                if let Some(text) = self.status_line.next_lesson(state) {
                    crate::page::set_lesson(&text);
                }
            }
            crate::render::three::draw_three(state, &analysis3, &self.three_layer);
        } else {
            let analysis: Analysis = state.analysis();
            if crate::page::AVAILABLE {
                // The page's aria-live status line: only when its text changed, never mid-drag.
                if let Some(text) = self.status_line.next(state, &analysis) {
                    crate::page::set_status(&text);
                }
                if let Some(text) = self.status_line.next_lesson(state) {
                    crate::page::set_lesson(&text);
                }
            }
            // Redrawing only what changed, the scene clears what it redraws (its zones); otherwise the
            // window was cleared to the canvas's background.
            let redraws_changes = keeps_frames && !state.mode.flat_playground();
            let overlay_layer = &self.overlay_layer;
            // The rain of balls: its picture made and uploaded (its draw time), drawn under the scene's text.
            rain_ms = self.rain_layer.sync(state, get_time);
            let rain_layer = &self.rain_layer;
            let draw_canvas = || {
                crate::render::rain::draw_rain(state, rain_layer);
                crate::render::draw_scene(state, &analysis, overlay_layer, !redraws_changes);
                if let Some(line) = &stats_line {
                    crate::render::draw_frame_stats(state, line);
                }
                crate::render::draw_keys_tag(state);
            };
            if redraws_changes {
                present::draw_changes(&mut self.last_items, comparable, canvas_px, draw_canvas);
            } else {
                draw_canvas();
            }
        }
        if state.mode.is_three() {
            if let Some(line) = &stats_line {
                crate::render::draw_frame_stats(state, line);
            }
            crate::render::draw_keys_tag(state);
        }
        // The panel: in full, or (where the page keeps the last frame) only the part that changed.
        let panel_plan = if comparable && !whole_window {
            damage::plan(self.last_egui_items.as_deref(), &self.egui_items, panel_px, dpi)
        } else {
            damage::Plan::Full
        };
        self.last_egui_items = keeps_frames.then(|| std::mem::take(&mut self.egui_items));
        present::draw_panel(state.panel_drawn(), panel_px, &panel_plan);
        if keeps_frames {
            crate::render::flat::keep_frame();
        }
        if let (Some(ms), Some(r)) = (rain_ms, &mut self.state.playground.rain) {
            r.record_draw(ms);
        }
        self.times.end = get_time();
    }

    /// Whether to draw another frame now or wait for input, the frame's times recorded; `true` when
    /// the run is over (the frame-stats run's time is up, or the screenshot is written).
    fn schedule(&mut self) -> bool {
        if self.reactive {
            // The next frame now, or when the next input arrives.
            let egui_moves = present::egui_macroquad_repaint();
            let keep =
                self.frame < SETTLE_FRAMES || app::animating(&self.state) || egui_moves || !get_keys_down().is_empty();
            if keep {
                macroquad::miniquad::window::schedule_update();
            }
            self.resumed = !keep;
        }
        // CPU time of this frame's parts (the GPU's share shows only in the frame rate).
        let ms = |a: f64, b: f64| (1000.0 * (b - a)) as f32;
        let t = self.times;
        self.frame_stats.push(app::frame_stats::FrameSample {
            dt: get_frame_time(),
            update_ms: ms(t.start, t.panel) + ms(t.update, t.draw),
            egui_ms: ms(t.panel, t.update),
            draw_ms: ms(t.draw, t.end),
            batches: crate::render::flat::take_batches(),
        });

        self.frame += 1;
        if let Some(limit) = self.options.frame_stats {
            if get_time() >= f64::from(limit) {
                println!("frame_stats: {}", self.frame_stats.averages().line());
                if let Some(r) = &self.state.playground.rain {
                    println!("rain: {}", app::playground::rain::summary(&r.stats()));
                }
                return true;
            }
        }
        if let Some(path) = &self.options.screenshot {
            if self.frame >= SCREENSHOT_FRAMES {
                #[cfg(not(target_arch = "wasm32"))]
                present::write_screenshot(path);
                #[cfg(target_arch = "wasm32")]
                let _ = path;
                return true;
            }
        }
        false
    }
}
