//! The panel's keyboard focus made visible: a ring round the widget that has egui's focus (reached
//! with Tab / Shift+Tab), and the panel scrolled to it when it gains the focus, so a keyboard user
//! sees where Enter or Space will act. egui moves the focus itself (its Tab handling); it marks a
//! focused button only by a slightly lighter fill, too faint on a projector.

use egui::{Color32, Stroke, StrokeKind};

/// The ring's colour: [`palette::FOCUS_RING`](crate::app::palette::FOCUS_RING).
pub const FOCUS_RING: Color32 = {
    let [r, g, b, _] = crate::app::palette::FOCUS_RING;
    Color32::from_rgb(r, g, b)
};
/// The ring's width in points.
pub const FOCUS_RING_WIDTH: f32 = 2.5;

/// What a screen reader should hear about the panel's keyboard focus after this pass, if it changed:
/// the widget that gained the focus, as egui describes it ("Show: button", "swept circle  (M):
/// unchecked checkbox", "Errata in the published posts (7): collapsing header"), or, when no widget
/// has it any more and one had it before, that the keys are the canvas's again. Call once a pass,
/// after the panel; `had_focus` is whether a widget had the focus after the previous pass.
#[must_use]
pub fn focus_announcement(ctx: &egui::Context, had_focus: bool) -> Option<String> {
    let gained = ctx.output(|o| {
        o.events.iter().rev().find_map(|e| match e {
            egui::output::OutputEvent::FocusGained(info) => Some(describe(info)),
            _ => None,
        })
    });
    let has_focus = ctx.memory(|m| m.focused().is_some());
    // Tab past the last widget leaves no widget focused for one pass before the first one takes it:
    // not the canvas's turn.
    let tabbing = ctx.input(|i| i.key_pressed(egui::Key::Tab));
    match gained {
        Some(text) if has_focus => {
            let entered = if had_focus { "" } else { KEYS_TO_THE_PANEL };
            Some(format!("Panel: {}{entered}", text.trim_end_matches(": ")))
        }
        _ if had_focus && !has_focus && !tabbing => Some(CANVAS_HAS_THE_KEYS.to_string()),
        _ => None,
    }
}

/// How the page names a widget: `name: kind`, then its state and value, comma-separated ("Show:
/// button", "swept circle  (M): checkbox, unchecked", "Course 5: moving platforms: selectable,
/// selected", "Strategy, swept-slide-seamless: combo"). egui's own description runs a selectable
/// label's state into its kind ("selectableselected").
#[must_use]
pub fn describe(info: &egui::WidgetInfo) -> String {
    use egui::WidgetType as T;
    let kind = match info.typ {
        T::Link => "link",
        T::TextEdit => "text field",
        T::Button => "button",
        T::Checkbox => "checkbox",
        T::RadioButton => "radio button",
        T::RadioGroup => "radio group",
        T::SelectableLabel => "selectable",
        T::ComboBox => "combo",
        T::Slider => "slider",
        T::DragValue => "number field",
        T::ColorButton => "colour button",
        T::ImageButton => "image button",
        T::Image => "image",
        T::CollapsingHeader => "collapsing header",
        T::ProgressIndicator => "progress indicator",
        T::Window => "window",
        T::Label | T::Other => "",
    };
    let name = info.label.as_deref().unwrap_or("").trim();
    let mut text = match (name.is_empty(), kind.is_empty()) {
        (false, false) => format!("{name}: {kind}"),
        (false, true) => name.to_string(),
        (true, _) => kind.to_string(),
    };
    let mut more = |s: String| {
        if !s.is_empty() {
            text.push_str(", ");
            text.push_str(&s);
        }
    };
    match (info.typ, info.selected) {
        (T::Checkbox, Some(on)) => more(if on { "checked" } else { "unchecked" }.into()),
        (_, Some(true)) => more("selected".into()),
        _ => {}
    }
    if let Some(v) = &info.current_text_value {
        more(format!("value {v:?}"));
    }
    if let Some(v) = info.value {
        more(format!("value {}", crate::format::number(v as f32)));
    }
    text
}

/// Names a combo box for the page and screen readers: egui gives a combo built with
/// `ComboBox::from_id_salt` (its label drawn beside it by the panel, not by egui) an empty name.
/// `name` is what it chooses, `chosen` the choice on show.
pub fn name_combo(response: &egui::Response, enabled: bool, name: &str, chosen: &str) {
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::ComboBox, enabled, format!("{name}, {chosen}")));
}

/// Added to the first widget Tab reaches from the canvas: where the keys go now, and how to get
/// them back (the canvas shows it too, `render::status::KEYS_IN_PANEL`).
pub const KEYS_TO_THE_PANEL: &str = ". Keys go to the panel now; Esc gives them back to the scene.";

/// What the page says when the keys go back to the canvas (Esc, or a click on it).
pub const CANVAS_HAS_THE_KEYS: &str = "Canvas: the keys act on the scene again (Tab goes back to the panel).";

/// Called last inside the panel's scroll area: scrolls to a widget that just gained the focus (it
/// may be below the fold) and draws the ring round the focused widget.
pub fn show_focus(ui: &egui::Ui) {
    let ctx = ui.ctx();
    let Some(id) = ctx.memory(|m| m.focused()) else { return };
    let Some(r) = ctx.read_response(id) else { return };
    if r.gained_focus() {
        r.scroll_to_me(None);
    }
    ui.painter().rect_stroke(r.rect.expand(2.0), 4.0, Stroke::new(FOCUS_RING_WIDTH, FOCUS_RING), StrokeKind::Outside);
}

#[cfg(test)]
mod tests {
    use crate::app::motion::{MotionCommand, PRESETS};
    use crate::app::teach::TeachCommand;
    use crate::app::{apply, Command, SceneOptions, State};
    use crate::ui::headless::{pass, rect};
    use crate::ui::motion::{MOTION_SWITCH, PRESET_BUTTON};
    use crate::ui::teach::{ERRATA_HEADER, ERRATUM_BUTTON};

    fn ctx() -> egui::Context {
        let ctx = egui::Context::default();
        crate::ui::style(&ctx);
        ctx
    }

    fn key(key: egui::Key, shift: bool) -> egui::Event {
        let modifiers = egui::Modifiers { shift, ..Default::default() };
        egui::Event::Key { key, physical_key: None, pressed: true, repeat: false, modifiers }
    }

    /// The rectangle of the widget with egui's keyboard focus, if any.
    fn focused(ctx: &egui::Context) -> Option<egui::Rect> {
        ctx.memory(|m| m.focused()).and_then(|id| ctx.read_response(id)).map(|r| r.rect)
    }

    /// The focused widget is the one at `r` (the panel's layout may shift a fraction of a point from
    /// one pass to the next).
    fn is_at(focused: Option<egui::Rect>, r: egui::Rect) -> bool {
        focused.is_some_and(|f| f.center().distance(r.center()) < 1.0 && (f.size() - r.size()).length() < 1.0)
    }

    /// Presses Tab (a pass each) until the widget recorded under `target` has the focus; how many
    /// presses it took. Panics after 200.
    fn tab_to(ctx: &egui::Context, state: &State, target: &str) -> usize {
        for n in 1..=200 {
            let cmds = pass(ctx, state, vec![key(egui::Key::Tab, false)]);
            assert!(cmds.is_empty(), "Tab alone asks for nothing: {cmds:?}");
            if is_at(focused(ctx), rect(ctx, target)) {
                return n;
            }
        }
        panic!("Tab never reached {target}");
    }

    /// Presses `k` on the focused widget: the commands of that pass and the next.
    fn press(ctx: &egui::Context, state: &State, k: egui::Key) -> Vec<Command> {
        let mut cmds = pass(ctx, state, vec![key(k, false)]);
        cmds.extend(pass(ctx, state, vec![]));
        cmds
    }

    #[test]
    fn tab_reaches_the_errata_and_the_motion_presets_and_space_or_enter_presses_them() {
        let ctx = ctx();
        let mut state = State::new(SceneOptions::default());
        pass(&ctx, &state, vec![]);
        pass(&ctx, &state, vec![]);
        assert_eq!(focused(&ctx), None, "nothing has the focus before Tab");
        // The errata: open their section with Space, Tab on to the first Show, Enter.
        tab_to(&ctx, &state, ERRATA_HEADER);
        assert!(press(&ctx, &state, egui::Key::Space).is_empty(), "opening a section asks for nothing");
        tab_to(&ctx, &state, &format!("{ERRATUM_BUTTON}.0"));
        assert_eq!(press(&ctx, &state, egui::Key::Enter), vec![Command::Teach(TeachCommand::LoadErratum(0))]);
        apply(&mut state, Command::Teach(TeachCommand::LoadErratum(0)));
        pass(&ctx, &state, vec![]);
        assert!(
            is_at(focused(&ctx), rect(&ctx, &format!("{ERRATUM_BUTTON}.0"))),
            "the card appeared above: focus stays"
        );
        // Esc gives the keys back: no widget has the focus.
        pass(&ctx, &state, vec![key(egui::Key::Escape, false)]);
        assert_eq!(focused(&ctx), None);
        // Motion: the switch with Space, then the last preset with Enter (Shift+Tab goes back).
        tab_to(&ctx, &state, MOTION_SWITCH);
        let cmds = press(&ctx, &state, egui::Key::Space);
        assert_eq!(cmds, vec![Command::Motion(MotionCommand::Toggle)]);
        apply(&mut state, cmds[0]);
        let last = PRESETS.len() - 1;
        tab_to(&ctx, &state, &format!("{PRESET_BUTTON}.{last}"));
        pass(&ctx, &state, vec![key(egui::Key::Tab, true)]);
        pass(&ctx, &state, vec![]);
        assert!(is_at(focused(&ctx), rect(&ctx, &format!("{PRESET_BUTTON}.{}", last - 1))), "Shift+Tab: back one");
        assert_eq!(press(&ctx, &state, egui::Key::Enter), vec![Command::Motion(MotionCommand::LoadPreset(last - 1))]);
        apply(&mut state, Command::Motion(MotionCommand::LoadPreset(last - 1)));
        // The panel changes above the preset (the erratum's card goes): the focus stays on it.
        pass(&ctx, &state, vec![]);
        pass(&ctx, &state, vec![]);
        assert!(is_at(focused(&ctx), rect(&ctx, &format!("{PRESET_BUTTON}.{}", last - 1))), "the focus stays");
    }

    #[test]
    fn tab_gets_through_the_whole_panel_in_every_mode() {
        // The panel's last widget is reached: no widget on the way swallows the focus (a disabled
        // number field did, egui's DragValue takes the focus even when disabled).
        for text in [
            "",
            "motion=on&response=slide",
            "motion=on&response=bounce",
            "playground=on&level=flush-floor&race=on",
            "play=on&level=course-run",
            "view=3d",
        ] {
            let ctx = ctx();
            let mut state = State::new(SceneOptions::default());
            crate::app::load_scene_text(&mut state, text).unwrap();
            pass(&ctx, &state, vec![]);
            pass(&ctx, &state, vec![]);
            let n = tab_to(&ctx, &state, crate::ui::help::HELP_HEADER);
            assert!(n > 10, "{text:?}: only {n} stops");
        }
    }

    #[test]
    fn the_focused_widget_is_announced_and_so_is_the_canvas_getting_the_keys_back() {
        let ctx = ctx();
        let state = State::new(SceneOptions::default());
        let a = state.analysis();
        // One pass with these events; what the page would hear, asked inside the pass as the frame
        // loop does (egui hands its output events over when the pass ends).
        let heard = |events, had: bool| {
            let mut said = None;
            let _ = ctx.run(crate::ui::headless::input(events), |ctx| {
                crate::ui::panel(ctx, &state, &a);
                said = super::focus_announcement(ctx, had);
            });
            said
        };
        assert_eq!(heard(vec![], false), None, "nothing focused, nothing said");
        let mut said = Vec::new();
        let mut had = false;
        for _ in 0..3 {
            said.extend(heard(vec![key(egui::Key::Tab, false)], had));
            had = focused(&ctx).is_some();
        }
        assert_eq!(said.len(), 3, "each Tab names the widget it reached: {said:?}");
        assert!(said[0].ends_with(super::KEYS_TO_THE_PANEL), "the first says where the keys went: {said:?}");
        assert!(!said[1].contains("Keys go"), "then only the widgets: {said:?}");
        assert!(said.iter().all(|t| t.starts_with("Panel: ")), "{said:?}");
        assert!(said.iter().any(|t| t.contains("button")), "{said:?}");
        assert_eq!(heard(vec![], true), None, "nothing new, nothing said");
        assert_eq!(heard(vec![key(egui::Key::Escape, false)], true).as_deref(), Some(super::CANVAS_HAS_THE_KEYS));
    }

    #[test]
    fn on_a_screen_the_panel_scrolls_in_tab_stops_only_at_widgets() {
        // 1280 × 800: the panel scrolls, and egui's scroll area registers its drag area and its bar as
        // focusable. Tab must stop at neither (a ring round the whole panel, Enter doing nothing).
        let ctx = ctx();
        let state = State::new(SceneOptions::default());
        let a = state.analysis();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
        let run = |events| {
            let raw = egui::RawInput { screen_rect: Some(screen), events, ..Default::default() };
            let _ = ctx.run(raw, |ctx| {
                crate::ui::panel(ctx, &state, &a);
            });
        };
        run(vec![]);
        run(vec![]);
        let mut stops = 0;
        for _ in 0..150 {
            run(vec![key(egui::Key::Tab, false)]);
            if let Some(r) = focused(&ctx) {
                stops += 1;
                assert!(r.height() < 200.0, "stop {stops} is no widget: {r:?}");
            }
        }
        assert!(stops > 100, "{stops} stops");
        // Backwards too, from the first widget round to the last.
        for _ in 0..40 {
            run(vec![key(egui::Key::Tab, true)]);
            run(vec![]);
            if let Some(r) = focused(&ctx) {
                assert!(r.height() < 200.0 && r.width() > 12.0, "a Shift+Tab stop is no widget: {r:?}");
            }
        }
    }

    #[test]
    fn the_focused_widget_has_a_ring_round_it() {
        let ctx = ctx();
        let state = State::new(SceneOptions::default());
        pass(&ctx, &state, vec![]);
        let rings = |ctx: &egui::Context, state: &State, events| {
            let a = state.analysis();
            let out = ctx.run(crate::ui::headless::input(events), |ctx| {
                crate::ui::panel(ctx, state, &a);
            });
            out.shapes
                .iter()
                .filter(|s| matches!(&s.shape, egui::Shape::Rect(r) if r.stroke.color == super::FOCUS_RING))
                .count()
        };
        assert_eq!(rings(&ctx, &state, vec![]), 0, "no focus, no ring");
        assert_eq!(rings(&ctx, &state, vec![key(egui::Key::Tab, false)]), 1, "Tab: a ring");
        assert_eq!(rings(&ctx, &state, vec![key(egui::Key::Escape, false)]), 0, "Esc: gone");
    }

    /// Every widget Tab reaches in the panel of `fragment` (one lap), as the page announces it.
    fn lap(fragment: &str) -> Vec<String> {
        let ctx = ctx();
        let state = State::new(SceneOptions::from_fragment(fragment).unwrap());
        let a = state.analysis();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 2400.0));
        let mut said = Vec::new();
        for _ in 0..240 {
            let input = egui::RawInput {
                screen_rect: Some(screen),
                events: vec![key(egui::Key::Tab, false)],
                ..Default::default()
            };
            let out = ctx.run(input, |ctx| {
                crate::ui::panel(ctx, &state, &a);
            });
            // The last word of a pass, as `focus_announcement` takes it (a widget may name itself after
            // the widget egui built for it: a number field's text edit).
            let last = out.platform_output.events.iter().rev().find_map(|e| match e {
                egui::output::OutputEvent::FocusGained(info) => Some(super::describe(info)),
                _ => None,
            });
            said.extend(last);
            if said.len() > 2 && said.last() == said.first() {
                said.pop();
                break;
            }
        }
        said
    }

    /// A screen reader's pass over the panel (what the page's focus region says as Tab moves on): in
    /// the still scene, the playground, Play, the agreement map (its compare box), the quiz and the 3D
    /// view, every widget has a name before its kind, and no state runs into its kind.
    #[test]
    fn every_widget_tab_reaches_has_a_name() {
        let mut seen = std::collections::BTreeSet::new();
        for fragment in [
            "",
            "playground=on&level=flush-floor",
            "play=on&level=course-platforms",
            "overlay=agreement",
            "quiz=7",
            "view=3d",
        ] {
            let said = lap(fragment);
            assert!(said.len() >= 5, "{fragment}: Tab reached only {said:?}");
            for t in &said {
                let name = t.split(": ").next().unwrap_or("");
                assert!(!name.trim().is_empty() && t.contains(": "), "{fragment}: unnamed widget {t:?} in {said:?}");
                assert!(
                    !t.contains("selectableselected") && !t.contains("combo,") || t.contains(", "),
                    "{fragment}: {t:?}"
                );
            }
            seen.extend(said);
        }
        // The three combo boxes say what they choose.
        for want in
            ["Algorithm, 1", "Strategy, swept-slide-seamless: combo", "Compare against, the exact answer: combo"]
        {
            assert!(seen.iter().any(|t| t.starts_with(want)), "no {want:?} among {seen:?}");
        }
        assert!(seen.iter().any(|t| t.ends_with("selectable, selected")), "{seen:?}");
    }
}
