//! The quiz: drawing questions from a seed, the answers against the core, nothing told while a
//! question is open, score and streak, and the keyboard's way through a round.

use super::*;
use crate::app::input::{Input, Key};
use crate::app::scene::SceneOptions;
use crate::app::status::{status_text, zone_words};
use crate::app::view::ScreenRect;
use crate::app::{update, State};
use crate::geom::{algo::ALGORITHMS, contact::contact, sweep};

const SEEDS: std::ops::Range<u64> = 0..60;
const PER_SEED: u32 = 12;

fn all_questions() -> impl Iterator<Item = (u64, u32, Question)> {
    SEEDS.flat_map(|s| (0..PER_SEED).map(move |n| (s, n, generate(s, n))))
}

#[test]
fn a_seed_gives_the_same_questions_every_time_and_seeds_differ() {
    for s in SEEDS {
        for n in 0..PER_SEED {
            assert_eq!(generate(s, n), generate(s, n), "seed {s} question {n}");
        }
    }
    // Different seeds, different sets; within a set, different scenes.
    let set = |s: u64| (0..8).map(|n| generate(s, n)).collect::<Vec<_>>();
    assert_ne!(set(1), set(2));
    let a = set(7);
    for i in 0..a.len() {
        for j in i + 1..a.len() {
            assert_ne!((a[i].circle, a[i].aabb), (a[j].circle, a[j].aabb), "questions {i} and {j} of seed 7");
        }
    }
}

#[test]
fn every_set_goes_round_every_kind_and_the_sets_order_them_differently() {
    let mut orders = std::collections::HashSet::new();
    for s in SEEDS {
        let first: Vec<Kind> = (0..KINDS.len() as u32).map(|n| kind_of(s, n)).collect();
        for k in KINDS {
            assert!(first.contains(&k), "seed {s}: {first:?}");
        }
        for n in 0..PER_SEED {
            assert_eq!(generate(s, n).kind, kind_of(s, n));
        }
        orders.insert(first.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(","));
    }
    assert!(orders.len() >= 6, "only {} orders of the kinds", orders.len());
}

#[test]
fn the_answers_agree_with_the_core_on_many_seeds() {
    let mut seen = [0usize; 4];
    let (mut overlapping, mut separated, mut touching) = (0, 0, 0);
    let mut wrong_ids = std::collections::HashSet::new();
    for (s, n, q) in all_questions() {
        let k = contact(&q.circle, &q.aabb);
        let at = format!("seed {s} question {n}: {q:?}");
        match q.truth {
            Truth::Zone(z) => {
                seen[0] += 1;
                assert_eq!(q.kind, Kind::Zone, "{at}");
                assert_eq!(z, k.zone, "{at}");
                // Near a boundary of its zone: within 0.6 r of a box edge's line, never on one.
                let (c, lo, hi, r) = (q.circle.center(), q.aabb.min(), q.aabb.max(), q.circle.radius());
                let gaps = [c[0] - lo[0], c[0] - hi[0], c[1] - lo[1], c[1] - hi[1]].map(f32::abs);
                assert!(gaps.iter().all(|&g| g > 0.0), "{at}");
                assert!(gaps.iter().any(|&g| g <= 0.6 * r), "{at}");
            }
            Truth::Overlap(o) => {
                seen[1] += 1;
                assert_eq!(o, k.state.is_overlap(), "{at}");
                let d = crate::geom::contact::signed_distance_f64(&q.circle.center(), &q.aabb) as f32;
                assert!((d - q.circle.radius()).abs() <= 0.45 * q.circle.radius() + 0.07, "{at}: distance {d}");
                match k.state {
                    crate::geom::ContactState::Overlapping => overlapping += 1,
                    crate::geom::ContactState::Touching => touching += 1,
                    crate::geom::ContactState::Separated => separated += 1,
                }
            }
            Truth::Wrong(slot) => {
                seen[2] += 1;
                let exact = k.state.is_overlap();
                let wrong: Vec<usize> = (0..CANDIDATES)
                    .filter(|&i| ALGORITHMS[q.candidates[i]].published_2d(&q.circle, &q.aabb) != exact)
                    .collect();
                assert_eq!(wrong, vec![slot], "{at}: exactly one candidate wrong, the answer");
                assert!(q.candidates.windows(2).all(|w| w[0] < w[1]), "{at}: in registry order, no repeats");
                wrong_ids.insert(ALGORITHMS[q.candidates[slot]].id);
            }
            Truth::Touch(p) => {
                seen[3] += 1;
                let hit = sweep(&q.circle, q.velocity, &q.aabb).expect("a throw that hits");
                assert!(!hit.initial, "{at}");
                assert_eq!(p, hit.point, "{at}");
                assert!(!k.state.is_overlap(), "{at}: starts apart");
            }
        }
    }
    assert!(seen.iter().all(|&n| n >= 100), "{seen:?}");
    assert!(overlapping > 20 && separated > 20 && touching > 5, "{overlapping} {separated} {touching}");
    // The registry's published forms and naive variant each the answer somewhere.
    for id in ["planes_naive", "branchless", "fold", "clamp"] {
        assert!(wrong_ids.contains(id), "{id} never the wrong test: {wrong_ids:?}");
    }
}

#[test]
fn the_numbers_are_sixteenths_so_their_text_is_exact() {
    for (s, n, q) in all_questions() {
        let (c, lo, hi) = (q.circle.center(), q.aabb.min(), q.aabb.max());
        for x in [c[0], c[1], q.circle.radius(), lo[0], lo[1], hi[0], hi[1], q.velocity[0], q.velocity[1]] {
            assert_eq!((x * 64.0).fract(), 0.0, "seed {s} question {n}: {x}");
            assert_eq!(format!("{x}").parse::<f32>().unwrap(), x);
        }
    }
}

fn window() -> Input {
    Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 1000.0, h: 800.0 }), ..Input::default() }
}

fn quiz_state(text: &str) -> State {
    let mut s = State::new(SceneOptions::from_fragment(text).unwrap());
    update(&mut s, &window());
    s
}

fn press(s: &mut State, key: Key) {
    update(s, &Input { keys: vec![key], ..window() });
}

/// The key that answers `q` rightly (or, `right == false`, wrongly), where one key does.
fn answer_key(q: &Question, right: bool) -> Option<Key> {
    Some(match q.truth {
        Truth::Zone(z) => Key::Digit(if right { z } else { (z + 1) % 9 } as u8),
        Truth::Overlap(o) => {
            if o == right {
                Key::Y
            } else {
                Key::N
            }
        }
        Truth::Wrong(k) => Key::Digit(if right { k + 1 } else { (k + 1) % CANDIDATES + 1 } as u8),
        Truth::Touch(_) => return None,
    })
}

#[test]
fn nothing_tells_the_answer_while_a_question_is_open() {
    for seed in 0..40 {
        let mut s = quiz_state(&format!("quiz={seed}"));
        for _ in 0..6 {
            let quiz = s.quiz.unwrap();
            assert!(quiz.asking());
            let q = quiz.question;
            let a = s.analysis();
            let mut said = status_text(&s, &a);
            said.push_str(&canvas_lines(&quiz).join("\n"));
            let k = contact(&q.circle, &q.aabb);
            let mut banned = vec![
                "separated".to_string(),
                "touching".to_string(),
                "overlapping".to_string(),
                "Response".to_string(),
                "push".to_string(),
                "exact state".to_string(),
                "Centre in zone".to_string(),
                "says".to_string(),
                "Trace".to_string(),
                format!("zone {}", k.zone),
                zone_words(k.zone).to_string(),
                "Right".to_string(),
                "Wrong:".to_string(),
                "wrong, as published".to_string(),
            ];
            if let Truth::Touch(p) = q.truth {
                // The contact point (unless it is a corner of the box, whose numbers the scene says).
                let (lo, hi) = (q.aabb.min(), q.aabb.max());
                if !([lo[0], hi[0]].contains(&p[0]) && [lo[1], hi[1]].contains(&p[1])) {
                    banned.push(format!("({}, {})", p[0], p[1]));
                }
                banned.push("first touches".to_string());
                banned.push("t =".to_string());
            }
            for b in &banned {
                assert!(!said.contains(b.as_str()), "seed {seed}: {b:?} in {said:?}");
            }
            // The scene on show is the question's, with nothing switched on that would tell.
            assert_eq!((s.circle, s.aabb), (q.circle, q.aabb));
            assert_eq!(s.teach.overlay, crate::teach::lessons::Overlay::None);
            assert!(!s.teach.as_published);
            // Answer (a touch question at the cursor) and go on.
            let key = answer_key(&q, seed % 2 == 0).unwrap_or(Key::Enter);
            press(&mut s, key);
            assert!(!s.quiz.unwrap().asking(), "seed {seed}: {key:?} answers {q:?}");
            // Revealed: the answer is said.
            let said = status_text(&s, &s.analysis());
            assert!(said.contains(&truth_words(&q)), "{said}");
            press(&mut s, Key::N);
        }
    }
}

#[test]
fn score_and_streak_count_right_answers_in_a_row() {
    let mut quiz = QuizState::new(QuizKey { seed: 3, question: 0 });
    let pattern = [true, true, false, true, true, true, false, false, true, true];
    let mut want_streak = 0;
    let mut best = 0;
    for (i, &right) in pattern.iter().enumerate() {
        let q = quiz.question;
        let guess = match q.truth {
            Truth::Zone(z) => Guess::Zone(if right { z } else { (z + 4) % 9 }),
            Truth::Overlap(o) => Guess::Overlap(o == right),
            Truth::Wrong(k) => Guess::Pick(if right { k } else { (k + 1) % CANDIDATES }),
            Truth::Touch(p) => {
                if right {
                    Guess::Point(p)
                } else {
                    Guess::Point([p[0] + 100.0, p[1] + 100.0])
                }
            }
        };
        // A guess of another kind is not an answer.
        let other = if matches!(q.truth, Truth::Overlap(_)) { Guess::Pick(0) } else { Guess::Overlap(true) };
        assert!(!quiz.answer(other));
        assert!(quiz.answer(guess));
        assert!(!quiz.answer(guess), "answered once only");
        want_streak = if right { want_streak + 1 } else { 0 };
        best = best.max(want_streak);
        assert_eq!(quiz.phase, Phase::Revealed { guess, right }, "question {i}");
        assert_eq!(quiz.answered, i as u32 + 1);
        assert_eq!(quiz.score, pattern[..=i].iter().filter(|&&r| r).count() as u32);
        assert_eq!((quiz.streak, quiz.best_streak), (want_streak, best));
        assert!(quiz.advance());
        assert!(!quiz.advance(), "not past an open question");
    }
    assert_eq!(score_words(&quiz), "Score 7 of 10, streak 2 (best 3).");
}

#[test]
fn a_touch_answer_counts_within_the_tolerance_on_the_outline() {
    let q = (0..200).map(|n| generate(11, n)).find(|q| q.kind == Kind::Touch).unwrap();
    let Truth::Touch(p) = q.truth else { unreachable!() };
    assert_eq!(judge(&q, Guess::Point(p)), Some(true));
    // Off the outline, it counts where it falls on it.
    let (lo, hi) = (q.aabb.min(), q.aabb.max());
    let out = [if p[0] >= hi[0] { p[0] + 2.0 } else { p[0] }, if p[1] >= hi[1] { p[1] + 2.0 } else { p[1] }];
    if p[0] >= hi[0] || p[1] >= hi[1] {
        assert_eq!(judge(&q, Guess::Point(out)), Some(true), "{q:?}");
    }
    let far = [lo[0] - 5.0, lo[1] - 5.0];
    assert_eq!(judge(&q, Guess::Point(far)), Some((on_outline(far, &q.aabb)[0] - p[0]).abs() < TOUCH_TOLERANCE));
}

#[test]
fn the_keyboard_plays_a_round_and_u_leaves() {
    let mut s = quiz_state("");
    assert!(s.quiz.is_none());
    press(&mut s, Key::U);
    let first = s.quiz.expect("U starts a quiz");
    assert_eq!((first.seed, first.number), (1, 0));
    let mut right = 0;
    for i in 0..10u32 {
        let quiz = s.quiz.unwrap();
        assert_eq!(quiz.number, i);
        let q = quiz.question;
        let want = i % 3 != 0;
        match q.truth {
            Truth::Touch(p) => {
                // Walk the cursor there with the arrows, then Enter.
                let start = quiz.cursor;
                let steps = |d: f32| (d / CURSOR_STEP).round() as i32;
                let (nx, ny) = (steps(p[0] - start[0]), steps(p[1] - start[1]));
                let keys: Vec<Key> =
                    std::iter::repeat_n(if nx > 0 { Key::Right } else { Key::Left }, nx.unsigned_abs() as usize)
                        .chain(std::iter::repeat_n(
                            if ny > 0 { Key::Up } else { Key::Down },
                            ny.unsigned_abs() as usize,
                        ))
                        .collect();
                if want {
                    update(&mut s, &Input { keys, ..window() });
                }
                press(&mut s, Key::Enter);
            }
            _ => press(&mut s, answer_key(&q, want).unwrap()),
        }
        let Phase::Revealed { right: r, .. } = s.quiz.unwrap().phase else { panic!("question {i} not answered") };
        // Unmoved, the cursor (the box's centre) may still land near the contact point.
        if !matches!(q.truth, Truth::Touch(_)) || want {
            assert_eq!(r, want, "question {i}: {q:?}");
        }
        right += u32::from(r);
        // Keys that would change the scene do nothing in a quiz.
        press(&mut s, Key::Left);
        press(&mut s, Key::R);
        assert_eq!((s.circle, s.aabb), (q.circle, q.aabb));
        press(&mut s, Key::Enter);
    }
    let quiz = s.quiz.unwrap();
    assert_eq!((quiz.number, quiz.answered, quiz.score), (10, 10, right));
    // The scene text names the quiz and its question; loaded, it shows that question.
    let text = crate::app::current_scene(&s).to_fragment();
    assert!(text.ends_with("&quiz=1:11"), "{text}");
    let o = SceneOptions::from_fragment(&text).unwrap();
    assert_eq!((o.circle, o.aabb, o.quiz), (quiz.question.circle, quiz.question.aabb, Some(quiz.key())));
    press(&mut s, Key::U);
    assert!(s.quiz.is_none());
    assert!(!crate::app::current_scene(&s).to_fragment().contains("quiz"));
    // U again: the next set.
    press(&mut s, Key::U);
    assert_eq!(s.quiz.unwrap().seed, 2);
}

#[test]
fn a_click_answers_a_zone_question() {
    let seed = (0..50).find(|&s| kind_of(s, 0) == Kind::Zone).unwrap();
    let mut s = quiz_state(&format!("quiz={seed}"));
    let q = s.quiz.unwrap().question;
    let at = s.view.to_screen(q.circle.center());
    update(&mut s, &Input { pointer: Some(at), press: Some(at), pressed: true, down: true, ..window() });
    assert_eq!(s.quiz.unwrap().phase, Phase::Revealed { guess: Guess::Point(s.view.to_world(at)), right: true });
}

#[test]
fn the_scene_key_round_trips_and_bad_values_name_quiz() {
    let o = SceneOptions::from_fragment("quiz=42:3&text=2&circle=9,9,9").unwrap();
    let q = generate(42, 2);
    assert_eq!(o.quiz, Some(QuizKey { seed: 42, question: 2 }));
    assert_eq!((o.circle, o.aabb), (q.circle, q.aabb), "the question's scene, not the text's circle");
    assert_eq!(o.presentation.text, crate::app::presentation::TextScale::parse("2").unwrap());
    assert_eq!(SceneOptions::from_fragment(&o.to_fragment()).unwrap(), o);
    assert_eq!(SceneOptions::from_fragment("quiz=5").unwrap().quiz, Some(QuizKey { seed: 5, question: 0 }));
    assert_eq!(SceneOptions::from_fragment("quiz=off").unwrap().quiz, None);
    for bad in ["quiz=", "quiz=x", "quiz=-1", "quiz=5:0", "quiz=5:x", "quiz=5:100001", "quiz=1:2:3"] {
        let e = SceneOptions::from_fragment(bad).unwrap_err();
        assert_eq!(e.field, "quiz", "{bad}: {e}");
    }
}
