//! The quiz's panel: while a quiz is on, the whole panel. The question and its answer buttons
//! (the same answers as the keys), the score and the streak; once answered, the result, the
//! selected test's trace and Next. Like the canvas, it says nothing that answers an open question.

use super::widgets::c32;
use crate::app::palette;
use crate::app::quiz::{
    guess_words, heading, keys_words, plain_name, question_words, scene_words, score_words, truth_words, Guess, Kind,
    Phase, QuizCommand, QuizState, CANDIDATES,
};
use crate::app::{Command, State};
use egui::RichText;

fn cmd(out: &mut Vec<Command>, c: QuizCommand) {
    out.push(Command::Quiz(c));
}

/// The quiz section, the panel's only one while a quiz is on.
pub fn section(ui: &mut egui::Ui, state: &State, quiz: &QuizState, out: &mut Vec<Command>) {
    let q = &quiz.question;
    ui.heading("Quiz: predict, then reveal");
    ui.label(RichText::new(heading(quiz)).strong());
    ui.label(RichText::new(score_words(quiz)).size(18.0));
    ui.separator();
    ui.label(RichText::new(question_words(q)).size(18.0).strong());
    ui.label(RichText::new(scene_words(q)).monospace());
    match quiz.phase {
        Phase::Asking => {
            ui.label(RichText::new(keys_words(quiz)).small().weak());
            ui.horizontal_wrapped(|ui| match q.kind {
                Kind::Zone => {
                    for z in 0..9u32 {
                        if ui.button(format!("{z}")).clicked() {
                            cmd(out, QuizCommand::Answer(Guess::Zone(z)));
                        }
                    }
                }
                Kind::Overlap => {
                    if ui.button("Yes (Y)").clicked() {
                        cmd(out, QuizCommand::Answer(Guess::Overlap(true)));
                    }
                    if ui.button("No (N)").clicked() {
                        cmd(out, QuizCommand::Answer(Guess::Overlap(false)));
                    }
                }
                Kind::Wrong => {
                    ui.vertical(|ui| {
                        for (k, &i) in q.candidates.iter().enumerate().take(CANDIDATES) {
                            if ui.button(format!("{} {}", k + 1, plain_name(i))).clicked() {
                                cmd(out, QuizCommand::Answer(Guess::Pick(k)));
                            }
                        }
                    });
                }
                Kind::Touch => {
                    if ui.button("Answer at the cursor (Enter)").clicked() {
                        cmd(out, QuizCommand::AnswerAtCursor);
                    }
                }
            });
        }
        Phase::Revealed { guess, right } => {
            let colour = if right { palette::FACE_LEAST } else { palette::WARNING };
            ui.label(RichText::new(if right { "Right" } else { "Wrong" }).size(22.0).strong().color(c32(colour)));
            ui.label(format!("{}; {}.", guess_words(q, guess), truth_words(q)));
            if ui.button(RichText::new("Next question (Enter / N)").strong()).clicked() {
                cmd(out, QuizCommand::Next);
            }
            if q.kind != Kind::Touch {
                ui.separator();
                ui.label(RichText::new(format!("Trace: {}", state.algorithm().name)).strong());
                super::teach::trace_view(ui, state);
            }
        }
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        if ui.button("New set").on_hover_text("The next seed, from question 1, the score at 0").clicked() {
            cmd(out, QuizCommand::NewSet);
        }
        if ui.button("Leave the quiz (U)").clicked() {
            cmd(out, QuizCommand::Toggle);
        }
        if ui.button("Hide panel").on_hover_text("H shows it again").clicked() {
            out.push(Command::TogglePanel);
        }
    });
    ui.label(
        RichText::new(format!(
            "A class shares a set by its link: #quiz={} (question N: #quiz={}:N).",
            quiz.seed, quiz.seed
        ))
        .small()
        .weak(),
    );
}
