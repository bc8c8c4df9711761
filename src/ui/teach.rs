//! The teaching panels: the lesson card (tour step or erratum), the live pseudocode trace, the
//! overlays (agreement map with compare mode, "as published" and Arvo's modes; distance field), the
//! guided tour, the errata and the scene text. Like the rest of the panel they only read the state
//! and return [`Command`]s.

use super::widgets::{c32, remember};
use crate::app::overlay::hover;
use crate::app::palette;
use crate::app::teach::{
    frame_change_line, overlay_label, trace_lines, uses_arvo_mode, ArvoMode, LessonRef, Overlay, TeachCommand,
    TraceLine, OVERLAYS,
};
use crate::app::{current_scene, teach_verdict, Command, SceneOptions, State};
use crate::geom::algo::ALGORITHMS;
use crate::teach::agreement::Class;
use crate::teach::lessons::{CHAPTERS, ERRATA};
use egui::{Color32, RichText};

/// Ids under which the tests find the teaching buttons' rectangles (egui temporary memory).
pub const TOUR_NEXT_BUTTON: &str = "teach.tour_next";
pub const TOUR_PREV_BUTTON: &str = "teach.tour_prev";
pub const COPY_SCENE_BUTTON: &str = "teach.copy_scene";
pub const COPY_TEST_BUTTON: &str = "teach.copy_test";
pub const LOAD_SCENE_BUTTON: &str = "teach.load_scene";
/// `"teach.chapter.{i}"` for the chapter picker's button of chapter `i`.
pub const CHAPTER_BUTTON: &str = "teach.chapter";
/// `"teach.erratum.{i}"` for erratum `i`'s "Show" button.
pub const ERRATUM_BUTTON: &str = "teach.erratum";
pub const ERRATA_HEADER: &str = "teach.errata_header";
/// egui memory: the scene-text field's contents, and the last load error.
pub const SCENE_INPUT: &str = "teach.scene_input";
pub const SCENE_ERROR: &str = "teach.scene_error";

fn cmd(out: &mut Vec<Command>, c: TeachCommand) {
    out.push(Command::Teach(c));
}

fn button(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, key: &str) -> egui::Response {
    let r = ui.button(text);
    remember(ui, key, r.rect);
    r
}

/// The lesson on show (tour step or erratum), large enough to read on a projector.
pub fn lesson_card(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let Some(which) = state.teach.lesson else { return };
    let Some(lesson) = which.lesson() else { return };
    let accent = Color32::from_rgb(250, 214, 110);
    egui::Frame::group(ui.style()).fill(Color32::from_rgb(40, 44, 56)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let kind = match which {
            LessonRef::Tour(t) => format!("Guided tour · {} · tour={t}", t.position()),
            LessonRef::Erratum(_) => "Erratum".to_string(),
        };
        if let LessonRef::Tour(t) = which {
            chapter_picker(ui, Some(t.chapter), out);
        }
        ui.label(RichText::new(kind).small().color(accent));
        ui.label(RichText::new(lesson.title).size(20.0).strong().color(Color32::WHITE));
        ui.label(RichText::new(lesson.text).size(15.5));
        ui.horizontal_wrapped(|ui| match which {
            LessonRef::Tour(t) => {
                let prev = ui.add_enabled_ui(t.prev() != t, |ui| button(ui, "◀ Previous  (P)", TOUR_PREV_BUTTON)).inner;
                if prev.clicked() {
                    prev.surrender_focus();
                    cmd(out, TeachCommand::TourPrev);
                }
                // At a chapter's last step N goes on to the next chapter: the button says so.
                let label = if t.next() != t && t.next().chapter != t.chapter {
                    format!("Next: {} ▶  (N)", CHAPTERS[t.next().chapter].title)
                } else {
                    "Next ▶  (N)".to_string()
                };
                let next = ui.add_enabled_ui(t.next() != t, |ui| button(ui, label, TOUR_NEXT_BUTTON)).inner;
                if next.clicked() {
                    next.surrender_focus();
                    cmd(out, TeachCommand::TourNext);
                }
                if ui.button("Leave tour  (T)").clicked() {
                    cmd(out, TeachCommand::ToggleTour);
                }
            }
            LessonRef::Erratum(_) => {
                if ui.button("Close").clicked() {
                    cmd(out, TeachCommand::CloseLesson);
                }
            }
        });
    });
    ui.separator();
}

/// The tour's chapters, one button each: a click goes to that chapter's first step. `on`: the
/// chapter on show.
pub fn chapter_picker(ui: &mut egui::Ui, on: Option<usize>, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Chapters:").small());
        for (i, c) in CHAPTERS.iter().enumerate() {
            let r = ui.selectable_label(on == Some(i), c.id).on_hover_text(format!(
                "{}: {} steps (tour={}:1)",
                c.title,
                c.steps.len(),
                c.id
            ));
            remember(ui, &format!("{CHAPTER_BUTTON}.{i}"), r.rect);
            if r.clicked() {
                r.surrender_focus();
                cmd(out, TeachCommand::TourChapter(i));
            }
        }
    });
}

/// The selected algorithm's pseudocode with the lines run for the current scene highlighted and the
/// values of each step below its line.
pub fn trace_view(ui: &mut egui::Ui, state: &State) {
    let algo = state.algorithm();
    if state.mode.is_three() {
        // The 3D scene's trace: the same listing, the sphere against the box.
        let a = state.analysis3();
        trace_listing(ui, &trace_lines(algo.pseudocode, &a.trace));
        let verdict = if a.trace.verdict { "overlap" } else { "no overlap" };
        let shown = palette::shown_state(a.trace.verdict, a.contact.state);
        ui.label(
            RichText::new(format!("Trace (3D): {} step(s): {verdict}", a.trace.steps.len()))
                .small()
                .color(c32(palette::state(shown))),
        );
        return;
    }
    // With the box turned, the frame change first, then the algorithm unchanged in the box's frame.
    let (circle, aabb) = state.tested_pair();
    let trace = (algo.trace_2d)(&circle, &aabb);
    let mut lines: Vec<_> = state.box_frame().map(|f| frame_change_line(&f, &state.circle)).into_iter().collect();
    lines.extend(trace_lines(algo.pseudocode, &trace));
    trace_listing(ui, &lines);
    let verdict = if trace.verdict { "overlap" } else { "no overlap" };
    ui.label(RichText::new(format!("Trace: {} step(s): {verdict}", trace.steps.len())).small().color(c32(
        palette::state(palette::shown_state(trace.verdict, crate::geom::contact::contact(&circle, &aabb).state)),
    )));
    let tested = teach_verdict(state);
    if tested != trace.verdict {
        ui.label(
            RichText::new(format!(
                "This is the corrected code's trace. The variant tested now ({}) says {}.",
                if uses_arvo_mode(state.algorithm, state.teach.arvo) { "Arvo's mode" } else { "as published" },
                if tested { "overlap" } else { "no overlap" }
            ))
            .small()
            .color(c32(palette::WARNING)),
        );
    }
}

/// Pseudocode lines, the ones that ran highlighted, each step's values below its line: the listing
/// the overlap tests' traces and the sweep's trace (motion mode) share.
pub fn trace_listing(ui: &mut egui::Ui, lines: &[TraceLine]) {
    let run_bg = Color32::from_rgb(58, 64, 40);
    let note_color = Color32::from_rgb(250, 214, 110);
    for (i, line) in lines.iter().enumerate() {
        let marker = if line.run { "▶" } else { " " };
        let text = RichText::new(format!("{marker}{:>2} {}", i + 1, line.text)).monospace();
        let text = if line.run { text.color(Color32::WHITE).background_color(run_bg) } else { text.weak() };
        ui.add(egui::Label::new(text).wrap());
        for note in &line.notes {
            ui.label(RichText::new(format!("     · {note}")).monospace().small().color(note_color));
        }
    }
}

/// Overlays, tour, errata and scene text.
pub fn section(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    // Every line of this section wraps, in the side panel too: at a 1000 px window one of its rows ran
    // 6 px past the panel's edge under egui's extend rule for rows.
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    ui.label(RichText::new("Teach").strong());
    if state.teach.tour().is_none() {
        ui.scope(|ui| chapter_picker(ui, None, out));
    }
    // Scopes, as the panel's sections (`ui::panel_scrolled`): the overlay's part grows and shrinks with
    // the scene, and the widgets after it keep their ids (and egui's keyboard focus).
    ui.scope(|ui| overlay_controls(ui, state, out));
    ui.separator();
    ui.scope(|ui| errata_list(ui, state, out));
    ui.separator();
    ui.scope(|ui| scene_text(ui, state, out));
}

fn overlay_controls(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let t = &state.teach;
    ui.horizontal_wrapped(|ui| {
        ui.label("Overlay:");
        for o in OVERLAYS {
            if ui.selectable_label(t.overlay == o, overlay_label(o)).clicked() && t.overlay != o {
                cmd(out, TeachCommand::SetOverlay(o));
            }
        }
    });
    let mut on = t.trace_on_canvas;
    if ui.checkbox(&mut on, "Show the trace on the canvas").changed() {
        cmd(out, TeachCommand::ToggleTraceOnCanvas);
    }

    let algo = state.algorithm();
    // "As published": the literal variant from the source, where it differs.
    let has_published = algo.as_published_2d.is_some();
    let mut published = t.as_published;
    let r =
        ui.add_enabled(has_published, egui::Checkbox::new(&mut published, "As published (the source's literal code)"));
    if r.changed() {
        cmd(out, TeachCommand::SetPublished(published));
    }
    if !has_published {
        ui.label(RichText::new(format!("{} is printed as the lab runs it.", algo.id)).small().weak());
    }

    // Arvo's four modes.
    egui::CollapsingHeader::new("Arvo's modes (solid / hollow)")
        .id_salt("arvo_modes")
        .default_open(uses_arvo_mode(state.algorithm, t.arvo))
        .show(ui, |ui| {
            for m in ArvoMode::ALL {
                if ui.radio(t.arvo == m, m.label()).clicked() && t.arvo != m {
                    cmd(out, TeachCommand::SetArvo(m));
                }
            }
            ui.label(RichText::new(t.arvo.meaning()).small());
            if algo.id != "arvo" {
                ui.label(RichText::new("Applies when Arvo is the selected algorithm (key 1).").small().weak());
            }
        });
    let variant = if uses_arvo_mode(state.algorithm, t.arvo) {
        format!("arvo, {}", t.arvo.label())
    } else if t.as_published && has_published {
        format!("{} as published", algo.id)
    } else {
        algo.id.to_string()
    };
    let v = teach_verdict(state);
    ui.label(RichText::new(format!("Tested: {variant}: {}", if v { "overlap" } else { "no overlap" })).small());

    match t.overlay {
        Overlay::None => {
            ui.label(
                RichText::new("The agreement map colours every centre position by the verdict; the distance field shows distances to the box.")
                    .small()
                    .weak(),
            );
        }
        Overlay::Agreement => agreement_controls(ui, state, out),
        Overlay::Distance => distance_legend(ui, state),
    }
}

fn agreement_controls(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let t = &state.teach;
    let against = t.compare.map_or("the exact answer".to_string(), |b| format!("B = {}", ALGORITHMS[b].id));
    ui.horizontal(|ui| {
        ui.label("Compare against:");
        let combo =
            egui::ComboBox::from_id_salt("compare").selected_text(against.clone()).truncate().show_ui(ui, |ui| {
                if ui.selectable_label(t.compare.is_none(), "the exact answer").clicked() && t.compare.is_some() {
                    cmd(out, TeachCommand::SetCompare(None));
                }
                for (i, a) in ALGORITHMS.iter().enumerate() {
                    if ui.selectable_label(t.compare == Some(i), format!("B = {}", a.id)).clicked()
                        && t.compare != Some(i)
                    {
                        cmd(out, TeachCommand::SetCompare(Some(i)));
                    }
                }
            });
        super::focus::name_combo(&combo.response, ui.is_enabled(), "Compare against", &against);
    });
    let what = match t.compare {
        None => {
            "Each point is a possible centre for this radius: coloured by the tested verdict against the exact one."
        }
        Some(_) => "Compare mode: A (the selected algorithm) against B. 'False positive' = A says overlap, B does not.",
    };
    ui.label(RichText::new(what).small());
    let info = state.teach.overlay_info.filter(|i| i.overlay == Overlay::Agreement);
    egui::Grid::new("agreement_legend").num_columns(3).spacing([8.0, 2.0]).show(ui, |ui| {
        for class in Class::ALL {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            let [r, g, b, _] = class.rgba();
            let fill = if class == Class::AgreedSeparation {
                Color32::from_rgb(24, 26, 32)
            } else {
                Color32::from_rgb(r, g, b)
            };
            ui.painter().rect_filled(rect, 2.0, fill);
            ui.painter().rect_stroke(rect, 2.0, egui::Stroke::new(1.0, Color32::GRAY), egui::StrokeKind::Inside);
            ui.label(class.label());
            let count = info.and_then(|i| i.counts).map_or("–".to_string(), |c| c[class.index()].to_string());
            let strong = matches!(class, Class::FalsePositive | Class::FalseNegative) && count != "0" && count != "–";
            let text = RichText::new(count).monospace();
            ui.label(if strong { text.strong().color(c32(palette::WARNING)) } else { text });
            ui.end_row();
        }
    });
    cost_line(ui, state);
    if let Some(h) = hover(state) {
        let class = h.class.map_or("", |c| c.label());
        ui.label(
            RichText::new(format!("at ({:.2}, {:.2}): {class}, distance {:.3}", h.at[0], h.at[1], h.distance))
                .monospace()
                .small(),
        );
    }
}

fn cost_line(ui: &mut egui::Ui, state: &State) {
    if let Some(i) = state.teach.overlay_info.filter(|i| i.overlay == state.teach.overlay) {
        ui.label(
            RichText::new(format!(
                "{}×{} cells in {:.1} ms{}",
                i.cols,
                i.rows,
                i.cost_ms,
                if i.coarse { " (coarse while dragging)" } else { "" }
            ))
            .small()
            .weak(),
        );
    }
}

fn distance_legend(ui: &mut egui::Ui, state: &State) {
    ui.label(
        RichText::new(
            "Signed distance to the box: outside in blue, inside in orange, iso-lines at a regular spacing; \
             white = the box's outline (distance 0), yellow = distance r (where the centre may be while touching).",
        )
        .small(),
    );
    cost_line(ui, state);
    let text = match hover(state) {
        Some(h) => format!("distance at ({:.2}, {:.2}) = {:.3}", h.at[0], h.at[1], h.distance),
        None => "Point at the canvas to read the distance.".to_string(),
    };
    ui.label(RichText::new(text).monospace());
}

fn errata_list(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    let shown = egui::CollapsingHeader::new(format!("Errata in the published posts ({})", ERRATA.len()))
        .id_salt("errata")
        .default_open(false)
        .show(ui, |ui| {
            for (i, e) in ERRATA.iter().enumerate() {
                ui.horizontal(|ui| {
                    let r = ui.button("Show");
                    remember(ui, &format!("{ERRATUM_BUTTON}.{i}"), r.rect);
                    if r.clicked() {
                        cmd(out, TeachCommand::LoadErratum(i));
                    }
                    let on = state.teach.lesson == Some(LessonRef::Erratum(i));
                    let title = RichText::new(e.title).strong();
                    ui.label(if on { title.color(Color32::from_rgb(250, 214, 110)) } else { title });
                });
                ui.label(RichText::new(e.text).small());
                ui.add_space(4.0);
            }
        });
    remember(ui, ERRATA_HEADER, shown.header_response.rect);
}

/// The scene text: copy it, copy the scene as a Rust test, or paste one and load it. A bad text
/// loads nothing and its error (naming the bad key) is shown under the field.
fn scene_text(ui: &mut egui::Ui, state: &State, out: &mut Vec<Command>) {
    ui.label(RichText::new("Share").strong());
    let scene = current_scene(state);
    let text = scene.to_fragment();
    ui.add(egui::Label::new(RichText::new(&text).monospace().small()).wrap());
    ui.horizontal_wrapped(|ui| {
        if button(ui, "Copy scene", COPY_SCENE_BUTTON)
            .on_hover_text("The text above, for --scene or a URL #fragment")
            .clicked()
        {
            ui.ctx().copy_text(text.clone());
        }
        if button(ui, "Copy as Rust test", COPY_TEST_BUTTON)
            .on_hover_text("A #[test] pinning every verdict here")
            .clicked()
        {
            ui.ctx().copy_text(crate::teach::rust_test::rust_test(&state.circle, &state.aabb, &text));
        }
    });
    let input_id = egui::Id::new(SCENE_INPUT);
    let error_id = egui::Id::new(SCENE_ERROR);
    let mut input: String = ui.data(|d| d.get_temp(input_id)).unwrap_or_default();
    let load = ui
        .horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut input)
                    .hint_text("paste a scene text")
                    .desired_width(ui.available_width() - 60.0),
            );
            field.widget_info(|| {
                let mut info = egui::WidgetInfo::text_edit(ui.is_enabled(), input.clone(), input.clone());
                info.label = Some("Scene text to load (paste a scene, Enter loads it)".to_string());
                info
            });
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            button(ui, "Load", LOAD_SCENE_BUTTON).clicked() || enter
        })
        .inner;
    ui.data_mut(|d| d.insert_temp(input_id, input.clone()));
    if load && !input.trim().is_empty() {
        match SceneOptions::from_fragment(&input) {
            Ok(o) => {
                cmd(out, TeachCommand::LoadScene(o));
                ui.data_mut(|d| d.remove::<String>(error_id));
            }
            Err(e) => ui.data_mut(|d| d.insert_temp(error_id, e.to_string())),
        }
    }
    if let Some(e) = ui.data(|d| d.get_temp::<String>(error_id)) {
        ui.label(RichText::new(format!("Not loaded: {e}")).color(c32(palette::WARNING)));
    }
}

#[cfg(test)]
#[path = "teach_tests.rs"]
mod tests;
