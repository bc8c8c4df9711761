//! The frame loop: gather an input snapshot from macroquad, run the egui panel, gate the canvas
//! input on egui's wants-pointer / wants-keyboard state, update, draw, and (in screenshot mode)
//! write the framebuffer to a PNG.
//!
//! Builds for the desktop and for `wasm32-unknown-unknown` (no clock, no files on the web).

use crate::app::{self, Analysis, Command, Input, Key, SceneOptions, ScreenRect, State};
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
}

/// The window configuration: `--size` (default 1280×800), high-DPI except in screenshot mode (a
/// screenshot has exactly the requested pixel size).
#[must_use]
pub fn window_conf(options: &RunOptions) -> Conf {
    let (w, h) = options.scene.size.unwrap_or((1280, 800));
    Conf {
        window_title: "circle-aabb-lab".to_string(),
        window_width: w as i32,
        window_height: h as i32,
        high_dpi: options.screenshot.is_none(),
        window_resizable: options.screenshot.is_none(),
        sample_count: 4,
        ..Default::default()
    }
}

/// Opens the window and runs the demo until it is closed (or the screenshot is written).
pub fn start(options: RunOptions) {
    macroquad::Window::from_config(window_conf(&options), run(options));
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
    let mut presses = PressTracker::new();
    // The teaching overlay (agreement map / distance field): computed only when its inputs change.
    let mut overlay_cache = app::overlay::OverlayCache::default();
    let mut overlay_layer = crate::render::overlay::OverlayLayer::default();
    #[cfg(target_arch = "wasm32")]
    let mut url_fragment = String::new();

    loop {
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
                dt: get_frame_time(),
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

        // Hover feedback also in the cursor (after egui, which sets its own every pass).
        if screenshot.is_none() && !pointer_over_ui {
            if let Some(icon) = state.drag.map(|d| d.handle).or(state.hover).map(cursor_for) {
                macroquad::miniquad::window::set_mouse_cursor(icon);
            }
        }

        // 3. Draw: the scene, then egui on top.
        clear_background(Color::from_rgba(24, 26, 32, 255));
        let analysis: Analysis = state.analysis();
        crate::render::draw_scene_with(&state, &analysis, Some(&overlay_layer));
        egui_macroquad::draw();

        frame += 1;
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

#[cfg(not(target_arch = "wasm32"))]
fn write_screenshot(path: &std::path::Path) {
    // get_screen_data reads the framebuffer bottom-up; export_png flips it to top-down.
    let image = get_screen_data();
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
