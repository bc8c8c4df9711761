//! Which layout the window gets, as plain data: the side panel on a wide window, a bottom sheet on a
//! portrait one (phone, tablet), a drawer over the canvas on a landscape phone. Chosen from the
//! window's size in CSS pixels (macroquad's logical pixels: the device scale is already divided out,
//! so a phone at device scale 3 and a desktop window of the same CSS size get the same layout), and
//! chosen again on every resize and rotation ([`Layout::set_window`]).
//!
//! ```text
//!  Wide  (landscape, >= 720 x 560)     Sheet (portrait, narrower than 900)   Drawer (landscape, lower than 560)
//!  +-----------------+--------+        +-----------------+                   +---------------------+---+
//!  |                 |        |        |     canvas      |                   |       canvas    +-------+
//!  |     canvas      | panel  |        |                 |                   |                 |drawer |
//!  |                 |        |        +=====handle======+                   |                 | (open)|
//!  +-----------------+--------+        | verdict  | state|  <- collapsed bar +-----------------+-------+
//! ```
//!
//! The sheet is collapsed to its bar (the verdict and the exact state on one line), half or full
//! height; the drawer is closed (a ☰ button) or open. The panel's egui code (`ui::sheet`) shows what
//! this says; [`report`] writes the widgets' rectangles as the small JSON the page keeps in
//! `window.__layout` for the browser test.

use super::view::ScreenRect;

/// The three layouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LayoutKind {
    /// The side panel right of the canvas (the desktop's).
    #[default]
    Wide,
    /// The canvas on top at full width, the panel as a bottom sheet.
    Sheet,
    /// The canvas on the whole window, the panel as a drawer opened over it.
    Drawer,
}

impl LayoutKind {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            LayoutKind::Wide => "wide",
            LayoutKind::Sheet => "sheet",
            LayoutKind::Drawer => "drawer",
        }
    }
}

/// How far the bottom sheet is pulled up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SheetHeight {
    /// Only its bar: the handle, the verdict and the exact state.
    #[default]
    Collapsed,
    Half,
    Full,
}

impl SheetHeight {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SheetHeight::Collapsed => "collapsed",
            SheetHeight::Half => "half",
            SheetHeight::Full => "full",
        }
    }

    /// One step up (a drag up, the ▲ button): collapsed → half → full.
    #[must_use]
    pub fn up(self) -> SheetHeight {
        match self {
            SheetHeight::Collapsed => SheetHeight::Half,
            _ => SheetHeight::Full,
        }
    }

    /// One step down (a drag down, the ▼ button): full → half → collapsed.
    #[must_use]
    pub fn down(self) -> SheetHeight {
        match self {
            SheetHeight::Full => SheetHeight::Half,
            _ => SheetHeight::Collapsed,
        }
    }
}

/// Below this width (CSS px) a portrait window gets the bottom sheet.
pub const SHEET_MAX_WIDTH: f32 = 900.0;
/// Below this height (CSS px) a landscape window gets the drawer (a phone on its side) ...
pub const DRAWER_MAX_HEIGHT: f32 = 560.0;
/// ... and below this width too: the side panel would leave the scene too little.
pub const DRAWER_MAX_WIDTH: f32 = 720.0;
/// The sheet's bar (handle and one line), in egui points (a point is at least a CSS pixel): a
/// finger's 44 plus the handle's strip.
pub const BAR_PT: f32 = 60.0;
/// A finger's target, egui points.
pub const TARGET_PT: f32 = 44.0;
/// A drag of the handle at least this far (points) moves the sheet a step.
pub const DRAG_STEP_PT: f32 = 24.0;

/// The layout for a window `w` × `h` CSS pixels.
#[must_use]
pub fn choose(w: f32, h: f32) -> LayoutKind {
    if !(w > 0.0 && h > 0.0) {
        return LayoutKind::Wide;
    }
    if h >= w && w < SHEET_MAX_WIDTH {
        LayoutKind::Sheet
    } else if h < DRAWER_MAX_HEIGHT || w < DRAWER_MAX_WIDTH {
        LayoutKind::Drawer
    } else {
        LayoutKind::Wide
    }
}

/// The layout in use and what the user did with it (the sheet's height, the drawer open).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub kind: LayoutKind,
    pub sheet: SheetHeight,
    pub drawer_open: bool,
}

impl Layout {
    /// Chooses the layout again for a window `w` × `h` CSS px. A change of layout (a rotation) starts
    /// the new one collapsed / closed: the scene first.
    pub fn set_window(&mut self, w: f32, h: f32) {
        let kind = choose(w, h);
        if kind != self.kind {
            *self = Layout { kind, ..Layout::default() };
        }
    }

    /// Key H and "Hide panel" outside the wide layout: collapse the sheet or close the drawer, or open
    /// them (half height) when they are.
    pub fn toggle(&mut self) {
        match self.kind {
            LayoutKind::Wide => {}
            LayoutKind::Sheet => {
                self.sheet =
                    if self.sheet == SheetHeight::Collapsed { SheetHeight::Half } else { SheetHeight::Collapsed }
            }
            LayoutKind::Drawer => self.drawer_open = !self.drawer_open,
        }
    }

    /// The panel's whole content is on show (the side panel, the sheet pulled up, the drawer open).
    #[must_use]
    pub fn panel_open(&self) -> bool {
        match self.kind {
            LayoutKind::Wide => true,
            LayoutKind::Sheet => self.sheet != SheetHeight::Collapsed,
            LayoutKind::Drawer => self.drawer_open,
        }
    }
}

/// What the first screen asks of a newcomer (until the first drag or key): keys on a wide window,
/// fingers on a phone or tablet, where there is no keyboard to press T or Z on.
#[must_use]
pub fn first_hint(kind: LayoutKind) -> &'static str {
    match kind {
        LayoutKind::Wide => "drag the circle · T for the tour · Z for larger text",
        LayoutKind::Sheet => "drag the circle · pinch to zoom · tap the bar below",
        LayoutKind::Drawer => "drag the circle · pinch to zoom · menu at top right",
    }
}

/// What the panel's layout buttons and the handle ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutCommand {
    SetSheet(SheetHeight),
    SetDrawer(bool),
}

/// The sheet's height for a screen `screen_h` high (same unit as the result, egui points in the
/// panel): the bar alone, half the screen, or all of it but a strip of the canvas (a quarter,
/// at least two bars).
#[must_use]
pub fn sheet_height(screen_h: f32, sheet: SheetHeight) -> f32 {
    let h = match sheet {
        SheetHeight::Collapsed => BAR_PT,
        SheetHeight::Half => 0.5 * screen_h,
        SheetHeight::Full => screen_h - (0.25 * screen_h).max(2.0 * BAR_PT),
    };
    h.max(BAR_PT).min(screen_h.max(0.0))
}

/// The drawer's width for a screen `screen_w` wide (points): 40 %, within 260 … 360, leaving a
/// finger's width of the canvas to tap it shut.
#[must_use]
pub fn drawer_width(screen_w: f32) -> f32 {
    (0.4 * screen_w).clamp(260.0, 360.0).min(screen_w - TARGET_PT).max(0.0)
}

/// The page's test hook: the layout and its widgets' rectangles (CSS px, `[x, y, w, h]`, rounded to
/// a tenth) as one small JSON object, e.g.
/// `{"kind":"sheet","sheet":"collapsed","drawer":false,"viewport":[0,0,390,844],"rects":{"canvas":[…],…}}`.
/// Names are the app's own (no quoting needed); a rectangle that is not finite is left out.
#[must_use]
pub fn report(layout: &Layout, viewport: ScreenRect, rects: &[(&str, ScreenRect)]) -> String {
    let r = |r: &ScreenRect| {
        let n = |v: f32| (v * 10.0).round() / 10.0;
        format!("[{},{},{},{}]", n(r.x), n(r.y), n(r.w), n(r.h))
    };
    let fine = |s: &ScreenRect| [s.x, s.y, s.w, s.h].iter().all(|v| v.is_finite());
    let body: Vec<String> = rects.iter().filter(|(_, s)| fine(s)).map(|(k, s)| format!("\"{k}\":{}", r(s))).collect();
    format!(
        "{{\"kind\":\"{}\",\"sheet\":\"{}\",\"drawer\":{},\"viewport\":{},\"rects\":{{{}}}}}",
        layout.kind.as_str(),
        layout.sheet.as_str(),
        layout.drawer_open,
        r(&viewport),
        body.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_hint_names_keys_only_where_a_keyboard_is_likely() {
        let wide = first_hint(LayoutKind::Wide);
        assert!(wide.contains("T for the tour") && wide.contains("Z for larger text"));
        for kind in [LayoutKind::Sheet, LayoutKind::Drawer] {
            let hint = first_hint(kind);
            assert!(hint.starts_with("drag the circle") && hint.contains("pinch"), "{hint}");
            assert!(!hint.contains(" for the tour") && !hint.contains("Z for"), "{kind:?} names keys: {hint}");
            // No wider than the desktop's, which fits a 390 px phone at the hint's size.
            assert!(hint.chars().count() <= wide.chars().count(), "{hint}");
        }
    }

    #[test]
    fn phones_tablets_and_desktops_get_their_layouts() {
        assert_eq!(choose(390.0, 844.0), LayoutKind::Sheet, "phone, portrait");
        assert_eq!(choose(820.0, 1180.0), LayoutKind::Sheet, "tablet, portrait");
        assert_eq!(choose(844.0, 390.0), LayoutKind::Drawer, "phone, landscape");
        assert_eq!(choose(932.0, 430.0), LayoutKind::Drawer, "large phone, landscape");
        assert_eq!(choose(640.0, 600.0), LayoutKind::Drawer, "a small window");
        for (w, h) in [(1280.0, 800.0), (1000.0, 700.0), (1920.0, 1080.0), (1180.0, 820.0), (1000.0, 1100.0)] {
            assert_eq!(choose(w, h), LayoutKind::Wide, "{w}x{h}");
        }
        assert_eq!(choose(0.0, 0.0), LayoutKind::Wide, "no window yet");
        assert_eq!(choose(f32::NAN, 800.0), LayoutKind::Wide);
    }

    #[test]
    fn a_rotation_chooses_again_and_starts_collapsed() {
        let mut l = Layout::default();
        l.set_window(390.0, 844.0);
        assert_eq!(l.kind, LayoutKind::Sheet);
        l.toggle();
        assert_eq!(l.sheet, SheetHeight::Half);
        l.set_window(390.0, 800.0); // the address bar hid: same layout, same sheet
        assert_eq!(l.sheet, SheetHeight::Half);
        l.set_window(844.0, 390.0);
        assert_eq!((l.kind, l.sheet, l.drawer_open), (LayoutKind::Drawer, SheetHeight::Collapsed, false));
        l.toggle();
        assert!(l.drawer_open && l.panel_open());
        l.toggle();
        assert!(!l.panel_open());
        l.set_window(1280.0, 800.0);
        assert!(l.panel_open(), "the side panel is the panel");
    }

    #[test]
    fn the_sheet_steps_and_leaves_the_canvas_room() {
        use SheetHeight::*;
        assert_eq!((Collapsed.up(), Half.up(), Full.up()), (Half, Full, Full));
        assert_eq!((Full.down(), Half.down(), Collapsed.down()), (Half, Collapsed, Collapsed));
        let h = 844.0;
        assert_eq!(sheet_height(h, Collapsed), BAR_PT);
        assert!(h - sheet_height(h, Collapsed) >= 0.6 * h, "collapsed: the canvas has >= 60 %");
        assert_eq!(sheet_height(h, Half), 422.0);
        assert_eq!(sheet_height(h, Full), 633.0);
        assert!(sheet_height(100.0, Full) <= 100.0 && sheet_height(100.0, Full) >= 0.0);
        assert_eq!(drawer_width(844.0), 337.6);
        assert_eq!(drawer_width(300.0), 256.0, "a finger's width left to tap it shut");
    }

    #[test]
    fn the_report_is_small_json() {
        let l = Layout { kind: LayoutKind::Sheet, sheet: SheetHeight::Half, drawer_open: false };
        let v = ScreenRect { x: 0.0, y: 0.0, w: 390.0, h: 844.0 };
        let c = ScreenRect { x: 0.0, y: 0.0, w: 390.0, h: 421.96 };
        let bad = ScreenRect { x: f32::NAN, ..c };
        assert_eq!(
            report(&l, v, &[("canvas", c), ("bad", bad)]),
            r#"{"kind":"sheet","sheet":"half","drawer":false,"viewport":[0,0,390,844],"rects":{"canvas":[0,0,390,422]}}"#
        );
    }
}
