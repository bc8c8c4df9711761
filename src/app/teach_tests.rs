//! The teaching layer's state, commands, scene text and overlay cache, without a window.

use super::*;
use crate::app::overlay::{compute_overlay, hover, visible_texels, OverlayCache, OverlayKey};
use crate::app::{
    apply, current_scene, load_scene_text, teach_verdict, track_pointer, update, CaseMode, Command, Drag, Handle,
    Input, Key, ScreenRect, State,
};
use crate::geom::algo::algorithm;
use crate::teach::agreement::Class;
use crate::teach::lessons::{CHAPTERS, TOUR};

fn state() -> State {
    let mut s = State::new(SceneOptions::default());
    update(&mut s, &Input { canvas: Some(ScreenRect { x: 0.0, y: 0.0, w: 900.0, h: 700.0 }), ..Input::default() });
    s
}

fn idx(id: &str) -> usize {
    ALGORITHMS.iter().position(|a| a.id == id).unwrap()
}

fn teach(s: &mut State, c: TeachCommand) {
    apply(s, Command::Teach(c));
}

// ---- scene text ------------------------------------------------------------------------------

#[test]
fn scene_text_round_trips_every_field() {
    let o = SceneOptions {
        mode: crate::app::Mode::MOTION,
        circle: Circle::new([1.25, -0.5], 0.75).unwrap(),
        aabb: Rect::new([-3.0, -2.0], [4.5, 1.0]).unwrap(),
        angle: -12.5,
        algorithm: idx("qrf"),
        case: CaseMode::Inside,
        size: None,
        overlay: Overlay::Agreement,
        as_published: true,
        compare: Some(idx("planes_naive")),
        arvo: ArvoMode::HollowBoxSolidBall,
        tour: Some(TourStep { chapter: 0, step: 4 }),
        motion: crate::app::MotionOptions {
            velocity: [2.5, -1.0],
            response: crate::app::MotionKind::Bounce,
            restitution: 0.5,
            // One box, one angle: motion mode's turn is the scene's `angle=`.
            angle: -12.5,
        },
        playground: crate::app::PlaygroundOptions::default(),
        three: crate::app::three::ThreeOptions::default(),
        presentation: crate::app::presentation::Presentation {
            text: crate::app::presentation::TextScale::Two,
            panel: false,
            hint: false,
            embed: true,
        },
        // A quiz replaces the scene's keys with its question's (see app/quiz_tests.rs).
        quiz: None,
    };
    let text = o.to_fragment();
    for key in [
        "algorithm=qrf",
        "circle=1.25,-0.5,0.75",
        "box=-3,-2,4.5,1",
        "case=inside",
        "overlay=agreement",
        "published=1",
        "compare=planes_naive",
        "arvo=hollow-solid",
        "tour=still:5",
    ] {
        assert!(text.contains(key), "{key} missing from {text}");
    }
    assert_eq!(SceneOptions::from_fragment(&text).unwrap(), o);
    // Each teaching field on its own, every value.
    for overlay in OVERLAYS {
        let o = SceneOptions { overlay, ..SceneOptions::default() };
        assert_eq!(SceneOptions::from_fragment(&o.to_fragment()).unwrap(), o);
    }
    for arvo in ArvoMode::ALL {
        let o = SceneOptions { arvo, ..SceneOptions::default() };
        assert_eq!(SceneOptions::from_fragment(&o.to_fragment()).unwrap(), o);
    }
    for b in 0..ALGORITHMS.len() {
        let o = SceneOptions { compare: Some(b), ..SceneOptions::default() };
        assert_eq!(SceneOptions::from_fragment(&o.to_fragment()).unwrap(), o);
    }
    // A tour step with a scene far from its own: the text gives the scene back; the step comes back
    // too where the text can say so (always in the still chapter), else the text leaves it out.
    for t in TourStep::all() {
        let o = SceneOptions { tour: Some(t), ..SceneOptions::default() };
        let back = SceneOptions::from_fragment(&o.to_fragment()).unwrap();
        assert_eq!(SceneOptions { tour: o.tour, ..back }, o, "{t}");
        assert!(back.tour == Some(t) || (t.chapter > 0 && back.tour.is_none()), "{t}");
    }
    // Defaults are not written: the text stays short.
    let d = SceneOptions::default().to_fragment();
    assert!(!d.contains("overlay") && !d.contains("published") && !d.contains("&arvo="), "{d}");
}

#[test]
fn the_state_s_scene_round_trips_through_text() {
    let mut s = state();
    teach(&mut s, TeachCommand::SetOverlay(Overlay::Distance));
    teach(&mut s, TeachCommand::SetArvo(ArvoMode::SolidBoxHollowBall));
    apply(&mut s, Command::SelectAlgorithm(idx("arvo")));
    let text = current_scene(&s).to_fragment();
    let mut t = state();
    load_scene_text(&mut t, &text).unwrap();
    assert_eq!(current_scene(&t), current_scene(&s));
    assert_eq!((t.circle, t.aabb, t.algorithm), (s.circle, s.aabb, s.algorithm));
}

#[test]
fn bad_scene_text_names_the_key_and_leaves_the_scene_unchanged() {
    let cases = [
        ("circle=1,2", "circle"),
        ("overlay=heatmap", "overlay"),
        ("published=maybe", "published"),
        ("compare=quick", "compare"),
        ("arvo=solid", "arvo"),
        ("tour=99", "tour"),
        ("tour=0", "tour"),
        ("algorithm=fold&colour=red", "fragment"),
        ("box=2,0,1,1", "box"),
    ];
    for (text, field) in cases {
        let mut s = state();
        teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
        let before = (s.circle, s.aabb, s.algorithm, s.case, s.teach.clone(), s.initial);
        let e = load_scene_text(&mut s, text).unwrap_err();
        assert_eq!(e.field, field, "{text}: {e}");
        if field == "fragment" {
            assert!(e.message.contains("colour"), "the unknown key is named: {e}");
        }
        assert_eq!((s.circle, s.aabb, s.algorithm, s.case, s.teach.clone(), s.initial), before, "{text}");
    }
}

// ---- errata and tour ---------------------------------------------------------------------------

#[test]
fn errata_buttons_load_their_scenes() {
    for (i, lesson) in ERRATA.iter().enumerate() {
        let mut s = state();
        teach(&mut s, TeachCommand::LoadErratum(i));
        let want = SceneOptions::from_fragment(lesson.scene).unwrap();
        assert_eq!((s.circle, s.aabb, s.algorithm), (want.circle, want.aabb, want.algorithm), "{}", lesson.title);
        assert_eq!(s.teach.overlay, lesson.overlay, "{}", lesson.title);
        assert_eq!(s.teach.as_published, lesson.as_published, "{}", lesson.title);
        assert_eq!(s.teach.lesson, Some(LessonRef::Erratum(i)));
        // Reset now returns to the lesson's scene.
        apply(&mut s, Command::Nudge([1.0, 0.0]));
        apply(&mut s, Command::Reset);
        assert_eq!(s.circle, want.circle, "{}", lesson.title);
    }
    // The branch-free erratum: the map it turns on is all false negatives.
    let mut s = state();
    let i = ERRATA.iter().position(|l| l.title.contains("sign error")).unwrap();
    teach(&mut s, TeachCommand::LoadErratum(i));
    assert!(!teach_verdict(&s) && (s.algorithm().overlap_2d)(&s.circle, &s.aabb));
    // Out of range: nothing happens.
    let before = current_scene(&s);
    teach(&mut s, TeachCommand::LoadErratum(ERRATA.len()));
    assert_eq!(current_scene(&s), before);
}

#[test]
fn tour_next_and_previous_stop_at_the_ends() {
    let mut s = state();
    assert_eq!(s.teach.tour(), None);
    teach(&mut s, TeachCommand::TourPrev); // from no tour: the first step
    assert_eq!(s.teach.tour(), Some(TourStep::FIRST));
    teach(&mut s, TeachCommand::TourPrev);
    assert_eq!(s.teach.tour(), Some(TourStep::FIRST));
    // N walks every step of every chapter in order, on from a chapter's last step to the next
    // chapter's first, each step with its own scene and mode.
    let all: Vec<TourStep> = TourStep::all().collect();
    for &want in &all[1..] {
        teach(&mut s, TeachCommand::TourNext);
        assert_eq!(s.teach.tour(), Some(want));
        let step = want.lesson().unwrap();
        let o = SceneOptions::from_fragment(step.scene).unwrap();
        assert_eq!((s.circle, s.algorithm, s.teach.overlay, s.mode), (o.circle, o.algorithm, step.overlay, o.mode));
    }
    let last = *all.last().unwrap();
    teach(&mut s, TeachCommand::TourNext);
    assert_eq!(s.teach.tour(), Some(last), "the tour's last step stays");
    // P walks back the same way, to still:1, where it stays.
    for &want in all.iter().rev().skip(1) {
        teach(&mut s, TeachCommand::TourPrev);
        assert_eq!(s.teach.tour(), Some(want));
    }
    teach(&mut s, TeachCommand::TourPrev);
    assert_eq!(s.teach.tour(), Some(TourStep::FIRST));
    teach(&mut s, TeachCommand::TourNext);
    teach(&mut s, TeachCommand::ToggleTour);
    assert_eq!(s.teach.tour(), None);
    teach(&mut s, TeachCommand::ToggleTour);
    assert_eq!(s.teach.tour(), Some(TourStep::FIRST));
    // The chapter picker: a chapter's first step; a chapter that does not exist changes nothing.
    for (c, chapter) in CHAPTERS.iter().enumerate() {
        teach(&mut s, TeachCommand::TourChapter(c));
        assert_eq!(s.teach.tour(), Some(TourStep::start_of(c)), "{}", chapter.id);
    }
    teach(&mut s, TeachCommand::TourChapter(CHAPTERS.len()));
    assert_eq!(s.teach.tour(), Some(TourStep::start_of(CHAPTERS.len() - 1)));
}

#[test]
fn tour_keys_move_through_the_steps_unless_egui_has_the_keyboard() {
    let mut s = state();
    update(&mut s, &Input { keys: vec![Key::T], ..Input::default() });
    assert_eq!(s.teach.tour(), Some(TourStep::FIRST));
    update(&mut s, &Input { keys: vec![Key::N, Key::N], ..Input::default() });
    assert_eq!(s.teach.tour(), Some(TourStep { chapter: 0, step: 2 }));
    update(&mut s, &Input { keys: vec![Key::P], ..Input::default() });
    assert_eq!(s.teach.tour(), Some(TourStep { chapter: 0, step: 1 }));
    update(&mut s, &Input { keys: vec![Key::N], keyboard_taken: true, ..Input::default() });
    assert_eq!(s.teach.tour(), Some(TourStep { chapter: 0, step: 1 }));
    update(&mut s, &Input { keys: vec![Key::O], ..Input::default() });
    assert_ne!(s.teach.overlay, TOUR[1].overlay);
    assert!(crate::app::CONTROLS.iter().any(|(k, _)| k.contains('N')), "keys listed in the help");
}

#[test]
fn the_tour_keys_work_in_every_chapter_s_mode() {
    // In each chapter (the 3D view and Play among them) N, P and T do what they do in the still
    // scene: the keys of a mode never swallow them.
    for (c, chapter) in CHAPTERS.iter().enumerate() {
        let mut s = state();
        teach(&mut s, TeachCommand::TourChapter(c));
        let first = TourStep::start_of(c);
        update(&mut s, &Input { keys: vec![Key::N], ..Input::default() });
        assert_eq!(s.teach.tour(), Some(first.next()), "{}: N", chapter.id);
        update(&mut s, &Input { keys: vec![Key::P], ..Input::default() });
        assert_eq!(s.teach.tour(), Some(first), "{}: P", chapter.id);
        update(&mut s, &Input { keys: vec![Key::T], ..Input::default() });
        assert_eq!(s.teach.tour(), None, "{}: T leaves", chapter.id);
    }
}

// ---- trace -------------------------------------------------------------------------------------

#[test]
fn trace_highlighting_marks_exactly_the_lines_run() {
    let scenes = [([2.9, 2.3], 1.8), ([10.0, 0.0], 1.0), ([0.0, 0.0], 0.5), ([5.0, 5.5], 5.0)];
    let aabb = Rect::new([-2.0, -1.0], [2.0, 1.5]).unwrap();
    for a in ALGORITHMS {
        for (c, r) in scenes {
            let circle = Circle::new(c, r).unwrap();
            let trace = (a.trace_2d)(&circle, &aabb);
            let lines = trace_lines(a.pseudocode, &trace);
            assert_eq!(lines.len(), a.pseudocode.len());
            let run: Vec<usize> = lines.iter().enumerate().filter(|(_, l)| l.run).map(|(i, _)| i).collect();
            let mut want = trace.lines_run();
            want.sort_unstable();
            assert_eq!(run, want, "{} at {c:?}", a.id);
            let notes: usize = lines.iter().map(|l| l.notes.len()).sum();
            assert_eq!(notes, trace.steps.len(), "every step's note is shown once");
            assert!(lines.iter().all(|l| l.run || l.notes.is_empty()));
        }
    }
    // QRI far to the right: only the x early out ran, and its note says so.
    let qri = algorithm("qri").unwrap();
    let t = (qri.trace_2d)(&Circle::new([10.0, 0.0], 1.0).unwrap(), &aabb);
    let lines = trace_lines(qri.pseudocode, &t);
    assert!(lines.iter().flat_map(|l| &l.notes).any(|n| n.contains("early out")));
}

// ---- tested variant, hover ---------------------------------------------------------------------

#[test]
fn arvo_modes_and_published_variants_change_the_tested_verdict() {
    let b = Rect::new([-10.0, -10.0], [10.0, 10.0]).unwrap();
    let inside = Circle::new([0.0, 0.0], 1.0).unwrap();
    let arvo = idx("arvo");
    assert!(tested(arvo, false, ArvoMode::SolidBoxSolidBall)(&inside, &b));
    assert!(!tested(arvo, false, ArvoMode::HollowBoxSolidBall)(&inside, &b));
    // The mode only applies to Arvo.
    assert!(tested(idx("clamp"), false, ArvoMode::HollowBoxSolidBall)(&inside, &b));
    // Branch-free as published says "no" to an overlap.
    assert!(!tested(idx("branchless"), true, ArvoMode::SolidBoxSolidBall)(&inside, &b));
    assert!(tested(idx("branchless"), false, ArvoMode::SolidBoxSolidBall)(&inside, &b));
}

#[test]
fn hover_reads_the_distance_and_class_at_the_pointer() {
    let mut s = state();
    s.aabb = Rect::new([-2.0, -1.0], [2.0, 1.0]).unwrap();
    s.circle = Circle::new([0.0, 5.0], 1.5).unwrap();
    apply(&mut s, Command::SelectAlgorithm(idx("planes_naive")));
    s.teach.pointer = Some([3.25, 2.25]); // in the top-right ear
    assert_eq!(hover(&s), None, "no overlay, no read-out");
    teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
    let h = hover(&s).unwrap();
    assert!((h.distance - (1.25f64 * 1.25 * 2.0).sqrt()).abs() < 1e-9);
    assert_eq!(h.class, Some(Class::FalsePositive));
    s.teach.pointer = Some([0.0, 0.5]); // inside: negative distance
    teach(&mut s, TeachCommand::SetOverlay(Overlay::Distance));
    let h = hover(&s).unwrap();
    assert!((h.distance + 0.5).abs() < 1e-9 && h.class.is_none());
}

#[test]
fn pointer_is_tracked_only_over_the_canvas() {
    let mut s = state();
    let p = s.view.to_screen([1.0, 0.5]);
    track_pointer(&mut s, Some(p), false);
    let w = s.teach.pointer.unwrap();
    assert!((w[0] - 1.0).abs() < 1e-4 && (w[1] - 0.5).abs() < 1e-4);
    track_pointer(&mut s, Some(p), true);
    assert_eq!(s.teach.pointer, None);
    track_pointer(&mut s, Some(glam::Vec2::new(5000.0, 5000.0)), false);
    assert_eq!(s.teach.pointer, None);
}

// ---- overlay cache -----------------------------------------------------------------------------

fn clock() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 0.004;
        t
    }
}

#[test]
fn overlay_cache_recomputes_only_when_its_key_changes() {
    let mut s = state();
    let mut cache = OverlayCache::default();
    let mut clk = clock();
    assert!(!cache.refresh(&s, &mut clk), "no overlay, nothing to compute");
    assert!(cache.image.is_none());

    teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
    assert!(cache.refresh(&s, &mut clk));
    assert_eq!(cache.computed, 1);
    assert!((cache.cost_ms - 4.0).abs() < 1e-9, "cost measured with the given clock");
    assert!(!cache.refresh(&s, &mut clk), "nothing changed");
    assert_eq!(cache.computed, 1);

    // Moving the circle does not change the map (it depends on the box and the radius only) …
    apply(&mut s, Command::Nudge([0.1, 0.0]));
    let moved = OverlayKey::of(&s).unwrap();
    // … unless the refit moved the view; either way the key decides.
    let changed = cache.refresh(&s, &mut clk);
    assert_eq!(changed, cache.computed == 2);
    let n = cache.computed;
    assert_eq!(OverlayKey::of(&s), Some(moved));

    // Each input of the map invalidates it.
    type Edit = Box<dyn Fn(&mut State)>;
    let edits: Vec<Edit> = vec![
        Box::new(|s| apply(s, Command::ScaleRadius(1.1))),
        Box::new(|s| apply(s, Command::SetBox(Rect::new([-2.0, -1.0], [2.5, 1.5]).unwrap()))),
        Box::new(|s| apply(s, Command::NextAlgorithm)),
        Box::new(|s| teach(s, TeachCommand::SetPublished(!s.teach.as_published))),
        Box::new(|s| teach(s, TeachCommand::SetCompare(Some(0)))),
        Box::new(|s| teach(s, TeachCommand::SetArvo(ArvoMode::HollowBoxHollowBall))),
    ];
    for (k, edit) in edits.iter().enumerate() {
        edit(&mut s);
        assert!(cache.refresh(&s, &mut clk), "edit {k} must invalidate");
        assert_eq!(cache.computed, n + k as u64 + 1);
        assert!(!cache.refresh(&s, &mut clk));
    }
    assert_eq!(cache.info().unwrap().overlay, Overlay::Agreement);

    // The distance field, then off: no image (the field is drawn as contours); it goes away once.
    for overlay in [Overlay::Distance, Overlay::None] {
        let (g, n) = (cache.generation, cache.computed);
        teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
        cache.refresh(&s, &mut clk);
        teach(&mut s, TeachCommand::SetOverlay(overlay));
        assert!(cache.refresh(&s, &mut clk));
        assert!(cache.image.is_none() && cache.info().is_none());
        assert!(cache.generation > g && cache.computed <= n + 1);
        assert!(!cache.refresh(&s, &mut clk));
    }
}

#[test]
fn overlay_is_coarse_while_dragging_and_full_when_still() {
    let mut s = state();
    teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
    let mut cache = OverlayCache::default();
    let mut clk = clock();
    cache.refresh(&s, &mut clk);
    let full = cache.info().unwrap();
    assert!(!full.coarse);
    // A box resize in progress: the key changes every frame and the image is coarse.
    s.drag = Some(Drag {
        handle: Handle::BoxEdge { axis: 0, upper: true },
        start_pointer: [2.0, 0.0],
        start_circle: s.circle,
        start_box: s.aabb,
        start_value: [0.0, 0.0],
    });
    s.aabb = Rect::new([-2.0, -1.0], [2.4, 1.5]).unwrap();
    assert!(cache.refresh(&s, &mut clk));
    let coarse = cache.info().unwrap();
    assert!(coarse.coarse && coarse.cols * coarse.rows < full.cols * full.rows);
    assert!(!cache.refresh(&s, &mut clk), "same key while dragging: keep the coarse image");
    // Released: the same key is recomputed once at full resolution.
    s.drag = None;
    assert!(cache.refresh(&s, &mut clk));
    assert!(!cache.info().unwrap().coarse);
    assert!(!cache.refresh(&s, &mut clk));
}

#[test]
fn overlay_image_shows_the_ears_for_planes_naive_and_nothing_wrong_for_clamp() {
    let mut s = state();
    s.aabb = Rect::new([-2.0, -1.0], [2.0, 1.0]).unwrap();
    s.circle = Circle::new([0.0, 4.0], 1.5).unwrap();
    s.refit();
    teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
    let fp = Class::FalsePositive.index();
    apply(&mut s, Command::SelectAlgorithm(idx("clamp")));
    let img = compute_overlay(&OverlayKey::of(&s).unwrap(), false).unwrap();
    assert_eq!(img.rgba.len(), img.spec.len() * 4);
    assert_eq!(img.counts.unwrap()[fp] + img.counts.unwrap()[Class::FalseNegative.index()], 0);
    apply(&mut s, Command::SelectAlgorithm(idx("planes_naive")));
    let img = compute_overlay(&OverlayKey::of(&s).unwrap(), false).unwrap();
    assert!(img.counts.unwrap()[fp] > 100);
    // Arvo, hollow box: circles wholly inside the box are now "misses" against the exact answer.
    apply(&mut s, Command::SelectAlgorithm(idx("arvo")));
    teach(&mut s, TeachCommand::SetArvo(ArvoMode::HollowBoxSolidBall));
    apply(&mut s, Command::SetBox(Rect::new([-4.0, -3.0], [4.0, 3.0]).unwrap())); // room for r = 1.5 inside
    let img = compute_overlay(&OverlayKey::of(&s).unwrap(), false).unwrap();
    assert!(img.counts.unwrap()[Class::FalseNegative.index()] > 0);
    assert_eq!(img.counts.unwrap()[fp], 0);
}

#[test]
fn the_scene_s_verdict_is_the_tested_variant() {
    let mut s = state();
    let i = ERRATA.iter().position(|l| l.title.contains("sign error")).unwrap();
    teach(&mut s, TeachCommand::LoadErratum(i));
    // Overlapping, and the published branch-free code says no: the canvas shows the false negative.
    let a = s.analysis();
    assert!(a.exact && !a.verdict && a.wrong());
    teach(&mut s, TeachCommand::SetPublished(false));
    assert!(s.analysis().verdict && !s.analysis().wrong());
    // With every teaching option off, the verdict is the registry's plain test for every algorithm.
    for (k, algo) in ALGORITHMS.iter().enumerate() {
        apply(&mut s, Command::SelectAlgorithm(k));
        assert_eq!(s.analysis().verdict, (algo.overlap_2d)(&s.circle, &s.aabb));
    }
}

#[test]
fn only_the_texels_that_show_are_drawn() {
    // A 6 × 4 image, transparent but for texels (2, 1) and (3, 2).
    let mut rgba = vec![0u8; 6 * 4 * 4];
    for (c, r) in [(2, 1), (3, 2)] {
        rgba[(r * 6 + c) * 4 + 3] = 70;
    }
    assert_eq!(visible_texels(&rgba, 6, 0), Some((2, 1, 2, 2)));
    // A margin grows the rectangle, within the image.
    assert_eq!(visible_texels(&rgba, 6, 1), Some((1, 0, 4, 4)));
    assert_eq!(visible_texels(&rgba, 6, 9), Some((0, 0, 6, 4)));
    assert_eq!(visible_texels(&[0u8; 96], 6, 2), None);
    assert_eq!(visible_texels(&rgba, 0, 2), None);
    // The agreement map of a real scene: the box grown by r, with the naive test's ears, is a part of the canvas.
    let mut s = state();
    teach(&mut s, TeachCommand::SetOverlay(Overlay::Agreement));
    apply(&mut s, Command::SelectAlgorithm(idx("planes_naive")));
    let img = compute_overlay(&OverlayKey::of(&s).unwrap(), false).unwrap();
    let (_, _, cols, rows) = visible_texels(&img.rgba, img.spec.cols, 2).unwrap();
    assert!(cols * rows < img.spec.len() / 2, "{cols}×{rows} of {}×{}", img.spec.cols, img.spec.rows);
}

// ---- links: a tour step and every preset reproduce their scene from the text ---------------------

/// What the canvas shows of a scene, beside its text: shapes, algorithm, case, mode, overlay and
/// "as published", the lesson, the motion and the playground.
fn shown(s: &State) -> (SceneOptions, Circle, Rect, usize, Option<LessonRef>) {
    (current_scene(s), s.circle, s.aabb, s.algorithm, s.teach.lesson)
}

#[test]
fn a_tour_link_shows_the_step_with_its_own_scene() {
    for t in TourStep::all() {
        let lesson = t.lesson().unwrap();
        // What the tour shows at step t …
        let mut toured = state();
        crate::app::update::load_lesson(&mut toured, LessonRef::Tour(t));
        // … is what the link `tour=chapter:step` shows, alone on a fresh state …
        let mut linked = state();
        load_scene_text(&mut linked, &format!("tour={t}")).unwrap();
        assert_eq!(shown(&linked), shown(&toured), "{}", lesson.title);
        assert_eq!(linked.mode, SceneOptions::from_fragment(lesson.scene).unwrap().mode, "{t}: its mode");
        if t.chapter == 0 {
            // `tour=N` keeps meaning `still:N`.
            let mut bare = state();
            load_scene_text(&mut bare, &format!("tour={}", t.step + 1)).unwrap();
            assert_eq!(shown(&bare), shown(&linked), "{t}");
        }
        let step = SceneOptions::from_fragment(lesson.scene).unwrap();
        assert_eq!((linked.circle, linked.aabb, linked.algorithm), (step.circle, step.aabb, step.algorithm));
        assert_eq!((linked.teach.overlay, linked.teach.as_published), (lesson.overlay, lesson.as_published));
        // … and the scene text written back from it reproduces it.
        let text = current_scene(&linked).to_fragment();
        assert!(text.ends_with(&format!("&tour={t}")), "the app writes tour=chapter:step: {text}");
        let mut again = state();
        load_scene_text(&mut again, &text).unwrap();
        assert_eq!(shown(&again), shown(&linked), "{text}");
    }
}

#[test]
fn a_tour_step_s_scene_text_still_reproduces_it_after_the_mode_keys_change_it() {
    // The step's scene lies under the text the app writes back: keys the step sets and the text
    // would leave out as defaults (race=off, play=off, view=2d, motion off) must be spelt out, or
    // the step's values would come back.
    let keys = [Key::M, Key::L, Key::Y, Key::V, Key::O, Key::B, Key::G];
    let mut dropped = Vec::new();
    for t in TourStep::all() {
        for k in keys {
            let mut s = state();
            crate::app::update::load_lesson(&mut s, LessonRef::Tour(t));
            update(&mut s, &Input { keys: vec![k], ..Input::default() });
            if s.mode.flat_playground() && s.playground.options.race {
                apply(&mut s, Command::Playground(crate::app::playground::PlaygroundCommand::SetRace(false)));
            }
            // (Only scenes whose text reproduces them without a tour: still:3 + M, in the outside case
            // with the circle moved clear of the box, comes back in that case, elsewhere.)
            let plain = SceneOptions { tour: None, ..current_scene(&s) }.to_fragment();
            let mut alone = state();
            load_scene_text(&mut alone, &plain).unwrap();
            if (SceneOptions { tour: s.teach.tour(), ..current_scene(&alone) }) != current_scene(&s) {
                continue;
            }
            let text = current_scene(&s).to_fragment();
            let mut again = state();
            load_scene_text(&mut again, &text).unwrap_or_else(|e| panic!("{t} + {k:?}: {text}: {e}"));
            // The scene always; the step too unless the text cannot say it (Play's inputs, once Play
            // is off, have no text: then the step is left out and the scene loads as it is).
            let back = current_scene(&again);
            assert_eq!(SceneOptions { tour: s.teach.tour(), ..back }, current_scene(&s), "{t} + {k:?}: {text}");
            if back.tour.is_none() {
                dropped.push(format!("{t} + {k:?}"));
            }
        }
    }
    // The spelt-out defaults keep the step in all but a few.
    assert!(dropped.len() <= 8, "the step left out of {} texts: {dropped:?}", dropped.len());
}

#[test]
fn a_bad_tour_is_refused_naming_tour() {
    for bad in ["bogus:1", "motion:0", "motion:99", "still:9", "9", "0", "motion", ":2", "3d:x", "tiles:-1"] {
        let e = SceneOptions::from_fragment(&format!("tour={bad}")).unwrap_err();
        assert_eq!(e.field, "tour", "{bad}: {e}");
    }
    let e = SceneOptions::from_fragment("tour=bogus:1").unwrap_err();
    assert!(e.message.contains("bogus") && e.message.contains("motion"), "it names the chapters: {e}");
    // Spelt either way, the ids are the chapters' (case aside), the steps counted from 1.
    assert_eq!(TourStep::parse("Motion:2"), Ok(TourStep { chapter: 1, step: 1 }));
    assert_eq!(TourStep::parse("5"), Ok(TourStep { chapter: 0, step: 4 }));
    assert_eq!(SceneOptions::from_fragment("tour=none").unwrap().tour, None);
}

#[test]
fn keys_beside_a_tour_step_override_the_step_s_scene() {
    // Step 5's scene, but another circle and the distance field: the explicit keys win, wherever
    // they stand in the text; the step's other settings stay.
    let step = SceneOptions::from_fragment(TOUR[4].scene).unwrap();
    for text in ["tour=5&circle=9,9,0.5&overlay=distance", "circle=9,9,0.5&overlay=distance&tour=still:5"] {
        let o = SceneOptions::from_fragment(text).unwrap();
        assert_eq!(o.tour, Some(TourStep { chapter: 0, step: 4 }), "{text}");
        assert_eq!(o.circle, Circle::new([9.0, 9.0], 0.5).unwrap(), "{text}");
        assert_eq!(o.overlay, Overlay::Distance, "{text}");
        assert_eq!((o.aabb, o.algorithm), (step.aabb, step.algorithm), "{text}");
    }
}

#[test]
fn every_preset_s_written_scene_text_reproduces_it() {
    use crate::app::levels::LEVELS;
    use crate::app::motion::{MotionCommand, PRESETS};
    use crate::app::playground::PlaygroundCommand;
    use crate::teach::lessons::ERRATA;
    let chosen: Vec<(String, Command)> = (0..ERRATA.len())
        .map(|i| (format!("erratum {i}"), Command::Teach(TeachCommand::LoadErratum(i))))
        .chain(
            (0..PRESETS.len())
                .map(|i| (format!("motion preset {}", PRESETS[i].id), Command::Motion(MotionCommand::LoadPreset(i)))),
        )
        .chain(
            (0..LEVELS.len())
                .map(|i| (format!("level {}", LEVELS[i].id), Command::Playground(PlaygroundCommand::LoadLevel(i)))),
        )
        .collect();
    for (what, cmd) in chosen {
        let mut s = state();
        if matches!(cmd, Command::Playground(_)) {
            apply(&mut s, Command::Playground(crate::app::playground::PlaygroundCommand::Toggle));
        }
        apply(&mut s, cmd);
        let text = current_scene(&s).to_fragment();
        let mut t = state();
        load_scene_text(&mut t, &text).unwrap_or_else(|e| panic!("{what}: {text}: {e}"));
        assert_eq!(current_scene(&t), current_scene(&s), "{what}: {text}");
        assert_eq!((t.circle, t.aabb, t.algorithm, t.mode), (s.circle, s.aabb, s.algorithm, s.mode), "{what}");
        assert_eq!((t.teach.overlay, t.teach.as_published), (s.teach.overlay, s.teach.as_published), "{what}");
        assert_eq!(t.motion.preset, s.motion.preset, "{what}: the gallery shows the same preset chosen");
        assert_eq!(t.playground.options, s.playground.options, "{what}");
    }
}
