//! The frame loop: gather an input snapshot from macroquad, run the egui panel, gate the canvas
//! input on egui's wants-pointer / wants-keyboard state, update, draw, and (in screenshot mode)
//! write the framebuffer to a PNG.
//!
//! Builds for the desktop and for `wasm32-unknown-unknown` (no clock, no files on the web).

use crate::app::{self, Analysis, Command, Input, Key, SceneOptions, ScreenRect, State};
use crate::render::damage;
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
    macroquad::Window::from_config(conf, run(options));
}

fn keys_pressed() -> Vec<Key> {
    let mut keys = Vec::new();
    for k in get_keys_pressed() {
        let key = match k {
            KeyCode::Key1 | KeyCode::Kp1 => Key::Digit(1),
            KeyCode::Key2 | KeyCode::Kp2 => Key::Digit(2),
            KeyCode::Key3 | KeyCode::Kp3 => Key::Digit(3),
            KeyCode::Key4 | KeyCode::Kp4 => Key::Digit(4),
            KeyCode::Key5 | KeyCode::Kp5 => Key::Digit(5),
            KeyCode::Key6 | KeyCode::Kp6 => Key::Digit(6),
            KeyCode::Key7 | KeyCode::Kp7 => Key::Digit(7),
            KeyCode::Key8 | KeyCode::Kp8 => Key::Digit(8),
            KeyCode::Key9 | KeyCode::Kp9 => Key::Digit(9),
            KeyCode::Space => Key::Space,
            KeyCode::Enter | KeyCode::KpEnter => Key::Enter,
            KeyCode::R => Key::R,
            KeyCode::H => Key::H,
            KeyCode::F => Key::F,
            KeyCode::Tab => Key::Tab,
            KeyCode::C => Key::C,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Equal | KeyCode::KpAdd => Key::Plus,
            KeyCode::Minus | KeyCode::KpSubtract => Key::Minus,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::N => Key::N,
            KeyCode::P => Key::P,
            KeyCode::T => Key::T,
            KeyCode::O => Key::O,
            KeyCode::M => Key::M,
            KeyCode::G => Key::G,
            KeyCode::S => Key::S,
            KeyCode::B => Key::B,
            KeyCode::L => Key::L,
            KeyCode::A => Key::A,
            KeyCode::D => Key::D,
            KeyCode::W => Key::W,
            KeyCode::Q => Key::Q,
            KeyCode::E => Key::E,
            KeyCode::I => Key::I,
            KeyCode::K => Key::K,
            KeyCode::X => Key::X,
            KeyCode::V => Key::V,
            _ => continue,
        };
        keys.push(key);
    }
    keys
}

/// The keys held down that the playground reads (run left / right).
fn keys_held() -> Vec<Key> {
    let mut keys = Vec::new();
    if is_key_down(KeyCode::Left) || is_key_down(KeyCode::A) {
        keys.push(Key::Left);
    }
    if is_key_down(KeyCode::Right) || is_key_down(KeyCode::D) {
        keys.push(Key::Right);
    }
    keys
}

/// The cursor that says what a drag of `handle` does.
fn cursor_for(handle: app::Handle) -> macroquad::miniquad::CursorIcon {
    use macroquad::miniquad::CursorIcon;
    match handle {
        app::Handle::CircleBody | app::Handle::BoxBody => CursorIcon::Move,
        app::Handle::CircleRim | app::Handle::VelocityTip | app::Handle::ThrowTip => CursorIcon::Crosshair,
        app::Handle::BoxEdge { axis: 0, .. } => CursorIcon::EWResize,
        app::Handle::BoxEdge { .. } => CursorIcon::NSResize,
        // Screen y is down: the bottom-left and top-right corners lie on the "/" diagonal.
        app::Handle::BoxCorner { upper } if upper[0] == upper[1] => CursorIcon::NESWResize,
        app::Handle::BoxCorner { .. } => CursorIcon::NWSEResize,
    }
}

/// Records where the primary button (or a touch) went down. When a press and the first moves
/// arrive in the same frame, `mouse_position()` is already past the grab point; the scene must
/// hit-test where the press happened.
struct PressTracker {
    id: usize,
    at: Option<Vec2>,
}

impl PressTracker {
    fn new() -> Self {
        PressTracker { id: macroquad::input::utils::register_input_subscriber(), at: None }
    }

    /// The press position of this frame, in logical pixels.
    fn poll(&mut self) -> Option<Vec2> {
        self.at = None;
        macroquad::input::utils::repeat_all_miniquad_input(self, self.id);
        self.at
    }
}

impl macroquad::miniquad::EventHandler for PressTracker {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_button_down_event(&mut self, button: macroquad::miniquad::MouseButton, x: f32, y: f32) {
        if button == macroquad::miniquad::MouseButton::Left && self.at.is_none() {
            self.at = Some(vec2(x, y) / screen_dpi_scale());
        }
    }
    fn touch_event(&mut self, phase: macroquad::miniquad::TouchPhase, _id: u64, x: f32, y: f32) {
        if phase == macroquad::miniquad::TouchPhase::Started && self.at.is_none() {
            self.at = Some(vec2(x, y) / screen_dpi_scale());
        }
    }
}

/// egui zoom for the window: 1 up to ~900 logical pixels high, growing to 2 on a 4K screen, so the
/// panel keeps its share of the window.
fn zoom_for(height: f32) -> f32 {
    (height / 900.0).clamp(1.0, 2.0)
}

async fn run(options: RunOptions) {
    let screenshot = options.screenshot.clone();
    let mut state = State::new(options.scene);
    // The benchmark panel's clock: macroquad's, which works on the web too.
    state.bench.clock = get_time;
    // Accessibility: the setting from the command line or the browser, the shortcuts on the page.
    let mut prefers_reduced = crate::page::prefers_reduced_motion();
    if options.reduced_motion || prefers_reduced == Some(true) {
        app::apply(&mut state, Command::Motion(app::motion::MotionCommand::SetReducedMotion(true)));
    }
    let mut status_line = app::status::StatusLine::default();
    let mut reported_reduced: Option<bool> = None;
    if crate::page::AVAILABLE {
        crate::page::set_shortcuts(&app::status::shortcuts_text());
    }
    let mut frame: u32 = 0;
    egui_macroquad::cfg(|ctx| {
        crate::ui::style(ctx);
        if screenshot.is_some() {
            // No animation: the picture must not depend on the clock.
            ctx.style_mut(|s| s.animation_time = 0.0);
        }
    });

    // egui's answers from the previous pass: where the canvas is, and whether egui wants the
    // pointer or the keyboard. The scene's input is judged against them (as egui itself does).
    let mut canvas = ScreenRect { x: 0.0, y: 0.0, w: screen_width(), h: screen_height() };
    let (mut pointer_over_ui, mut keyboard_taken) = (false, false);
    // Redrawing only what changed (the web page keeps the last frame): the last frame's canvas items,
    // what that frame's canvas depended on besides them, and whether egui drew over the canvas.
    let keeps_frames = crate::page::canvas_keeps_frames() && screenshot.is_none();
    let mut last_items: Option<Vec<damage::Item>> = None;
    let mut last_frame_key: Option<[f32; 7]> = None;
    let (mut egui_over_canvas, mut egui_was_over) = (false, false);
    let mut egui_items: Vec<damage::Item> = Vec::new();
    let mut last_egui_items: Option<Vec<damage::Item>> = None;
    let mut presses = PressTracker::new();
    // The teaching overlay (agreement map / distance field): computed only when its inputs change.
    let mut overlay_cache = app::overlay::OverlayCache::default();
    let mut overlay_layer = crate::render::overlay::OverlayLayer::default();
    let mut three_layer = crate::render::three::ThreeLayer::default();
    #[cfg(target_arch = "wasm32")]
    let mut url_fragment = String::new();

    crate::render::typeset::init();
    let mut frame_stats = app::frame_stats::FrameStats::default();
    let reactive = reactive(&options);
    // The loop slept before this frame (nothing moved): the time since the last frame is idle
    // time, not a step of an animation that starts now.
    let mut resumed = false;
    loop {
        if keeps_frames {
            crate::render::flat::end_keep_frame();
        }
        let t_start = get_time();
        let press = presses.poll();
        // 1. The scene's input first, so the panel drawn this frame already shows its effect.
        let input = if screenshot.is_some() {
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
                pointer_over_ui: pointer_over_ui && !press.is_some_and(|p| canvas.contains(p)),
                keyboard_taken,
                dt: if resumed { 0.0 } else { get_frame_time() },
                held: keys_held(),
                secondary_down: is_mouse_button_down(MouseButton::Right),
                erase_modifier: is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift),
            }
        };
        let tab_pressed = input.keys.contains(&Key::Tab);
        // The wheel over the panel scrolls it, a fixed step per frame (desktop and web wheel units differ).
        let panel_scroll = if pointer_over_ui && input.wheel != 0.0 { -48.0 * input.wheel.signum() } else { 0.0 };
        app::update(&mut state, &input);
        app::track_pointer(&mut state, input.pointer, input.pointer_over_ui);

        // 2. The panel.
        let t_egui = get_time();
        let sh = screen_height();
        let analysis = state.analysis();
        let mut commands: Vec<Command> = Vec::new();
        egui_macroquad::ui(|ctx| {
            // egui-miniquad 0.16 tells egui the DPI scale only when it changes, never the first one, so
            // on a high-DPI screen (a phone, devicePixelRatio 2) egui would draw at half size: ask for
            // points of `dpi scale × zoom` physical pixels directly.
            let ppp = screen_dpi_scale() * zoom_for(sh);
            if (ctx.pixels_per_point() - ppp).abs() > 1e-3 {
                ctx.set_pixels_per_point(ppp);
            }
            commands = crate::ui::panel_scrolled(ctx, &state, &analysis, panel_scroll);
            // egui points → macroquad logical pixels.
            let k = ctx.pixels_per_point() / screen_dpi_scale();
            let r = ctx.available_rect();
            canvas = ScreenRect { x: r.min.x * k, y: r.min.y * k, w: r.width() * k, h: r.height() * k };
            pointer_over_ui = ctx.wants_pointer_input() || ctx.is_pointer_over_area();
            // Anything of egui's on the canvas (a combo box's list, a tooltip) is drawn over it: such a
            // frame, and the one after it, draw the canvas in full. (The panel's own edge, a line
            // inside it, reaches the canvas by no more than its feather: the items' 2 px of margin.)
            if keeps_frames {
                egui_items = damage::egui_items(ctx, k);
                let canvas_bounds = damage::Bounds::new(canvas.x, canvas.y, canvas.w, canvas.h).padded(-EGUI_MARGIN);
                egui_over_canvas = egui_items.iter().any(|it| it.bounds.padded(-EGUI_MARGIN).intersects(canvas_bounds));
            }
            // Keys belong to the scene unless a text field (a number being typed) has the focus.
            let editing = ctx.wants_keyboard_input() && ctx.output(|o| o.ime.is_some());
            if !editing && tab_pressed {
                // Tab is the scene's "hide/show panel" key: no focus hopping onto a button, where a
                // later Space would press it as well as apply the response.
                if let Some(id) = ctx.memory(|m| m.focused()) {
                    ctx.memory_mut(|m| m.surrender_focus(id));
                }
            }
            keyboard_taken = editing;
        });
        let t_after_egui = get_time();
        for cmd in commands {
            app::apply(&mut state, cmd);
        }
        // A running benchmark gets ~8 ms of this frame, so the window stays responsive.
        app::bench::step(&mut state.bench, 0.008);
        // The canvas may have moved (panel shown or hidden, window resized): refit before drawing.
        app::set_canvas(&mut state, canvas);
        // Teaching overlay: recompute if its key changed (coarse while dragging), time it with
        // macroquad's clock (desktop and web), upload the image when it changed.
        overlay_cache.refresh(&state, &mut get_time);
        state.teach.overlay_info = overlay_cache.info();
        overlay_layer.sync(&overlay_cache);
        #[cfg(target_arch = "wasm32")]
        update_url_fragment(&state, &mut url_fragment);
        // The browser's preference changed while the page was open: follow it.
        let prefers_now = crate::page::prefers_reduced_motion();
        if prefers_now != prefers_reduced {
            if let Some(on) = prefers_now {
                app::apply(&mut state, Command::Motion(app::motion::MotionCommand::SetReducedMotion(on)));
            }
            prefers_reduced = prefers_now;
        }
        let reduced = state.motion.reduced_motion;
        if reported_reduced != Some(reduced) {
            // egui's own animations (collapsing sections, scrolling) follow the setting too.
            egui_macroquad::cfg(|ctx| {
                if screenshot.is_none() {
                    ctx.style_mut(|s| {
                        s.animation_time = if reduced { 0.0 } else { egui::Style::default().animation_time }
                    });
                }
            });
            crate::page::report_reduced_motion(reduced);
            reported_reduced = Some(reduced);
        }

        // Hover feedback also in the cursor (after egui, which sets its own every pass).
        if screenshot.is_none() && !pointer_over_ui {
            if let Some(icon) = state.drag.map(|d| d.handle).or(state.hover).map(cursor_for) {
                macroquad::miniquad::window::set_mouse_cursor(icon);
            }
        }

        // 3. Draw: the scene, then egui on top.
        let t_draw = get_time();
        let stats_line = state.frame_stats_visible.then(|| frame_stats.averages().line());
        // The 2D canvas's background depends on the scene (the distance field's lighter band is in it).
        let canvas_background =
            if state.mode.is_three() { crate::render::background() } else { crate::render::canvas_background(&state) };
        // The canvas keeps its last frame only where this frame draws the same canvas (same window,
        // same place) and egui drew nothing over it, then or now. (A redrawn region is cleared by the
        // scene's zones, which are recorded items: a change of background is damage like any other.)
        let frame_key = [screen_width(), screen_height(), screen_dpi_scale(), canvas.x, canvas.y, canvas.w, canvas.h];
        let comparable = last_frame_key == Some(frame_key) && !egui_over_canvas && !egui_was_over;
        last_frame_key = Some(frame_key);
        egui_was_over = egui_over_canvas;
        // The canvas's pixels (those whose centres are in it) and the panel's, the rest of the window.
        let dpi = screen_dpi_scale();
        let canvas_px = damage::Bounds::new(canvas.x, canvas.y, canvas.w, canvas.h).pixels_inside(dpi);
        let panel_px = damage::Bounds::new(canvas_px.x1, 0.0, screen_width() - canvas_px.x1, screen_height());
        // The 3D view and the playground draw the whole window every frame, and so does a desktop window.
        let whole_window = state.mode.is_three() || state.mode.playground() || !keeps_frames;
        if whole_window {
            last_items = None;
            clear_background(canvas_background);
        }
        if state.mode.is_three() {
            three_layer.sync(&state);
            let analysis3 = state.analysis3();
            if crate::page::AVAILABLE {
                if let Some(text) = status_line.next_3d(&state, &analysis3) {
                    crate::page::set_status(&text);
                }
            }
            crate::render::three::draw_three(&state, &analysis3, &three_layer);
        } else {
            let analysis: Analysis = state.analysis();
            if crate::page::AVAILABLE {
                // The page's aria-live status line: only when its text changed, never mid-drag.
                if let Some(text) = status_line.next(&state, &analysis) {
                    crate::page::set_status(&text);
                }
            }
            // Redrawing only what changed, the scene clears what it redraws (its zones); otherwise the
            // window was cleared to the canvas's background.
            let redraws_changes = keeps_frames && !state.mode.playground();
            let draw_canvas = || {
                crate::render::draw_scene(&state, &analysis, &overlay_layer, !redraws_changes);
                if let Some(line) = &stats_line {
                    crate::render::draw_frame_stats(&state, line);
                }
            };
            if redraws_changes {
                draw_changes(&mut last_items, comparable, canvas_px, draw_canvas);
            } else {
                draw_canvas();
            }
        }
        if state.mode.is_three() {
            if let Some(line) = &stats_line {
                crate::render::draw_frame_stats(&state, line);
            }
        }
        // The panel: in full, or (where the page keeps the last frame) only the part that changed.
        let panel_plan = if comparable && !whole_window {
            damage::plan(last_egui_items.as_deref(), &egui_items, panel_px, dpi)
        } else {
            damage::Plan::Full
        };
        last_egui_items = keeps_frames.then(|| std::mem::take(&mut egui_items));
        draw_panel(state.panel_visible, panel_px, &panel_plan);
        if keeps_frames {
            crate::render::flat::keep_frame();
        }
        let t_end = get_time();
        if reactive {
            // The next frame now, or when the next input arrives.
            let egui_moves = egui_macroquad_repaint();
            let keep = frame < SETTLE_FRAMES || app::animating(&state) || egui_moves || !get_keys_down().is_empty();
            if keep {
                macroquad::miniquad::window::schedule_update();
            }
            resumed = !keep;
        }
        // CPU time of this frame's parts (the GPU's share shows only in the frame rate).
        let ms = |a: f64, b: f64| (1000.0 * (b - a)) as f32;
        frame_stats.push(app::frame_stats::FrameSample {
            dt: get_frame_time(),
            update_ms: ms(t_start, t_egui) + ms(t_after_egui, t_draw),
            egui_ms: ms(t_egui, t_after_egui),
            draw_ms: ms(t_draw, t_end),
            batches: crate::render::typeset::take_batches(),
        });

        frame += 1;
        if let Some(limit) = options.frame_stats {
            if get_time() >= f64::from(limit) {
                println!("frame_stats: {}", frame_stats.averages().line());
                return;
            }
        }
        if let Some(path) = &screenshot {
            if frame >= SCREENSHOT_FRAMES {
                #[cfg(not(target_arch = "wasm32"))]
                write_screenshot(path);
                #[cfg(target_arch = "wasm32")]
                let _ = path;
                return;
            }
        }
        next_frame().await;
    }
}

/// Draws the 2D canvas where the framebuffer keeps the last frame: records the frame's items, and
/// draws all of it, nothing, or the region that changed ([`damage::plan`]); the scene clears what it
/// draws. `last` holds the items the framebuffer shows (`comparable`: on the same canvas, with
/// nothing of egui's over it).
fn draw_changes(
    last: &mut Option<Vec<damage::Item>>,
    comparable: bool,
    canvas: damage::Bounds,
    draw_canvas: impl Fn(),
) {
    let items = damage::record(&draw_canvas);
    let dpi = screen_dpi_scale();
    let plan = damage::plan(last.as_deref().filter(|_| comparable), &items, canvas, dpi);
    *last = Some(items);
    // The canvas is drawn under a scissor even in full, so that nothing of it reaches the panel, which
    // may keep its last frame.
    let regions = match plan {
        damage::Plan::Nothing => return,
        damage::Plan::Full => vec![canvas],
        damage::Plan::Regions(regions) => regions,
    };
    // macroquad's clip: physical pixels, y downwards (the regions' edges are whole pixels).
    let scissor = |r: Option<damage::Bounds>| {
        let px = |v: f32| (v * dpi).round() as i32;
        let clip = r.map(|r| (px(r.x0), px(r.y0), px(r.x1) - px(r.x0), px(r.y1) - px(r.y0)));
        // SAFETY: inside macroquad's frame loop, on its thread.
        unsafe { get_internal_gl() }.quad_gl.scissor(clip);
    };
    for r in regions {
        damage::clipped(r, scissor, &draw_canvas);
    }
}

/// Draws egui (the panel, and anything of egui's over the canvas) as `plan` says: in full (the panel's
/// background cleared under it, egui leaves it unfilled), not at all, or inside the union of the
/// regions that changed — egui's painter sets a scissor box for each of its meshes, and the page's
/// plugin confines them all to that region ([`crate::page::clip_scissor`]).
fn draw_panel(visible: bool, panel: damage::Bounds, plan: &damage::Plan) {
    let [r, g, b, _] = crate::ui::PANEL_FILL.to_array();
    let fill = Color::from_rgba(r, g, b, 255);
    let clear = |b: damage::Bounds| {
        if visible {
            crate::render::flat::clear_rect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, fill);
        }
    };
    let region = match plan {
        damage::Plan::Full => {
            clear(panel);
            egui_macroquad::draw();
            return;
        }
        damage::Plan::Nothing => damage::Bounds::new(0.0, 0.0, 0.0, 0.0),
        damage::Plan::Regions(rs) => rs.iter().fold(damage::Bounds::EMPTY, |u, r| u.union(*r)),
    };
    clear(region);
    // What the canvas queued is drawn first: egui's draw would flush it under the panel's clip.
    // SAFETY: inside macroquad's frame loop, on its thread.
    unsafe { get_internal_gl() }.flush();
    // The pixels a clear of the region takes, as a GL scissor box (none: an empty box).
    let dpi = screen_dpi_scale();
    let (w, h) = ((region.x1 - region.x0) * dpi, (region.y1 - region.y0) * dpi);
    let height = macroquad::miniquad::window::screen_size().1;
    let clip = crate::render::flat::scissor_box(region.x0 * dpi, region.y0 * dpi, w, h, height);
    crate::page::clip_scissor(Some(clip.unwrap_or((0, 0, 0, 0))));
    // Drawn even when nothing changed: it uploads egui's new textures (a glyph first shown) too.
    egui_macroquad::draw();
    // SAFETY: inside macroquad's frame loop, on its thread: egui's meshes are drawn by now.
    unsafe { get_internal_gl() }.flush();
    crate::page::clip_scissor(None);
}

/// The margin egui's items carry beyond their shapes ([`damage::egui_items`]): a shape is over the
/// canvas when it reaches into it by more than its feather.
const EGUI_MARGIN: f32 = 2.5;

/// Frames drawn at start whatever happens: egui settles its layout (panel width, fonts) over a
/// few passes.
const SETTLE_FRAMES: u32 = 4;

/// Whether egui asked for another pass (an animation of its own, a tooltip's delay, a text
/// cursor's blink, or the second pass it wants after any input).
fn egui_macroquad_repaint() -> bool {
    let mut wants = false;
    egui_macroquad::cfg(|ctx| wants = ctx.has_requested_repaint());
    wants
}

#[cfg(not(target_arch = "wasm32"))]
fn write_screenshot(path: &std::path::Path) {
    // get_screen_data reads the framebuffer bottom-up; export_png flips it to top-down.
    let mut image = get_screen_data();
    // The window is opaque, but the framebuffer's alpha holds what blending left there (a translucent
    // shape lowers it): a PNG with that alpha would show the page behind it through the picture.
    for px in image.bytes.chunks_exact_mut(4) {
        px[3] = 255;
    }
    let Some(p) = path.to_str() else {
        eprintln!("error: --screenshot: the path {} is not valid UTF-8", path.display());
        std::process::exit(2);
    };
    image.export_png(p);
    eprintln!("wrote {} ({}x{})", path.display(), image.width, image.height);
}

/// Keeps the page's URL fragment equal to the scene text, so copying the address bar shares the
/// scene. Written when the scene changed and nothing is being dragged (quad-url's `set_hash` pushes
/// a history entry each time). The first frame only records the scene.
#[cfg(target_arch = "wasm32")]
fn update_url_fragment(state: &State, last: &mut String) {
    if state.drag.is_some() {
        return;
    }
    let text = app::current_scene(state).to_fragment();
    if *last != text {
        if !last.is_empty() {
            quad_url::set_hash(&text);
        }
        *last = text;
    }
}
