//! The lessons: the errata of the published posts and the guided tour, as plain data. Each one sets
//! a scene (as the same `key=value&…` text the URL fragment and `--scene` use, mode keys included)
//! and says two or three sentences; the app shows them, the tests check that every scene shows what
//! its text claims.
//!
//! The tour is [`CHAPTERS`], each a few steps in one mode: `still` (the still 2D scene, [`TOUR`]),
//! `motion`, `tiles` (many boxes: the playground), `3d` and `game` (Play, the character controller).
//! A step is named `chapter:step`, counted from 1 (`motion:2`): [`TourStep`].

/// Which overlay a lesson turns on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    None,
    /// The agreement map of the selected algorithm.
    Agreement,
    /// The signed-distance field.
    Distance,
}

/// One lesson: a scene and what to say about it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lesson {
    pub title: &'static str,
    /// The scene, in scene-text form (`algorithm=…&circle=…&box=…&case=…`).
    pub scene: &'static str,
    /// Show the algorithm "as published" (the literal variant) rather than the corrected one.
    pub as_published: bool,
    pub overlay: Overlay,
    /// Two or three sentences.
    pub text: &'static str,
}

/// The errors in the published posts, each with a scene that shows it.
pub const ERRATA: &[Lesson] = &[
    Lesson {
        title: "Branch-free sign error",
        scene: "algorithm=branchless&circle=2.5,1,1.5&box=-2,-1,2,1.5&case=auto",
        as_published: true,
        overlay: Overlay::Agreement,
        text: "The post's early-out reads 'if (e <= r) return false'. The excess e is never negative, so \
               whenever the circle reaches the box every axis passes e ≤ r and the test returns 'separated': \
               the whole rounded box turns into false negatives. The early-out must be e > r.",
    },
    Lesson {
        title: "Strict or inclusive tangency",
        scene: "algorithm=fold&circle=5,5.5,5&box=-2,-1,2,1.5&case=auto",
        as_published: true,
        overlay: Overlay::None,
        text: "The circle touches the corner (2, 1.5) exactly: a 3-4-5 triangle. The fold and clamp posts \
               compare with '<' and call this separated; Arvo, Larsson and the nine-zone post use '≤' and \
               call it overlap. This lab counts touching as overlap everywhere.",
    },
    Lesson {
        title: "Face planes in 3D",
        scene: "algorithm=planes&circle=2.65,2.15,1&box=-1,-1,1,1&case=auto",
        as_published: false,
        overlay: Overlay::Agreement,
        text: "In 2D the face-plane test is exact (its map shows no disagreement). In 3D it is not: for the \
               box [-1,1]³, r = 1 and centre (1.65, 1.65, 1.65) the distance is 1.126 > 1, yet it says \
               'overlap', because it grows each face by the cut radius with square corners.",
    },
    Lesson {
        title: "Outside push on the boundary",
        scene: "algorithm=clamp&circle=2,0.25,1&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::None,
        text: "The centre lies exactly on the right face, so the closest point is the centre itself and the \
               outside formula (c − s)/|c − s| divides by zero. Here a centre on the boundary takes the \
               inside case: out through the nearest face, by the radius.",
    },
    Lesson {
        title: "Ties in the inside case",
        scene: "algorithm=clamp&circle=0,0,1&box=-2,-2,2,2&case=inside",
        as_published: false,
        overlay: Overlay::None,
        text: "At the centre of a square all four faces are equally near. Any fixed rule works, but it must \
               be a rule: this lab takes the first of x-min, x-max, y-min, y-max (left), while the post's \
               'abs(a) < abs(b) ? a : b' picks the other side.",
    },
    Lesson {
        title: "Zones numbered with y down",
        scene: "algorithm=zones&circle=-3.5,3,1&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::None,
        text: "The nine-zone post draws y growing downwards, so its zone 0 is the top-left. Here y grows \
               upwards: the centre is above and left of the box, zone 0 + 3·2 = 6; the post would call it 0.",
    },
    Lesson {
        title: "The square ears of the naive test",
        scene: "algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Agreement,
        text: "'Not outside any face plane' is the box grown by r with square corners. Here the centre is \
               1.2 beyond the corner on both axes: 1.7 away in all, more than r = 1.5, yet the test says \
               overlap. The map shows the four ears where it is wrong.",
    },
];

/// The tour's first chapter, `still`: the still 2D scene, in teaching order.
pub const TOUR: &[Lesson] = &[
    Lesson {
        title: "Nine zones",
        scene: "algorithm=zones&circle=4,3,1.2&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::None,
        text: "The box's edge lines cut the plane into nine zones, numbered x + 3y from the bottom-left. \
               Inside (4) the shapes overlap; beside a face only one axis matters; in a corner zone only \
               the corner can be nearest. Drag the circle through all nine.",
    },
    Lesson {
        title: "Clamping",
        scene: "algorithm=clamp&circle=3.5,0.5,1.2&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Distance,
        text: "Clamping the centre into the box's range on each axis gives the closest point s, in every \
               zone at once. The contours are the distance to the box: round around the corners, straight \
               beside the faces. The shapes overlap when |c − s| ≤ r.",
    },
    Lesson {
        title: "Push-out, outside",
        scene: "algorithm=clamp&circle=2.75,2.5,1.875&box=-2,-1,2,1.5&case=outside",
        as_published: false,
        overlay: Overlay::None,
        text: "With the centre outside, the shortest way out is straight away from the closest point: push \
               along c − s by r − |c − s|. The ghost shows where the circle ends up, just touching. Press \
               Apply to move it.",
    },
    Lesson {
        title: "Push-out, inside",
        scene: "algorithm=clamp&circle=1.25,0.5,0.75&box=-2,-1,2,1.5&case=inside",
        as_published: false,
        overlay: Overlay::None,
        text: "With the centre inside, s = c and the outside formula has no direction. Guess the circle came \
               in through the least-penetrated face: the four face distances are drawn, the smallest wins, \
               and the push is that distance plus r.",
    },
    Lesson {
        title: "The family and what each saves",
        scene: "algorithm=qrf&circle=5,3.5,1.2&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Agreement,
        text: "Arvo sums squared excesses; QRI and QRF add quick rejections against the box grown by r; the \
               fold uses symmetry to keep one corner; the nine zones branch on the region. Open Compare all: \
               every correct test agrees, they differ only in the work done.",
    },
    Lesson {
        title: "Where the branches are",
        scene: "algorithm=branchless&circle=2.5,2,1.5&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::None,
        text: "The lines on the canvas cut the plane into the nine zones, and a branchy test takes another \
               path in each: the nine-zone method picks its code by the zone, QRI stops at the first axis more \
               than r out (drag the circle across a line and watch their traces). The branch-free form does \
               the same arithmetic everywhere, e = max(min − c, 0) + max(c − max, 0) on each axis with the \
               early out kept only as a mask, so the processor has no branch to guess. Whether that is faster \
               depends on the machine and the data, which a picture cannot show: the bench command measures it.",
    },
    Lesson {
        title: "The face-plane trap",
        scene: "algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Agreement,
        text: "Testing against the face planes alone misses that planes are infinite: in the corner regions \
               the circle can be within r of both planes and still miss the box. Always test a new method \
               against the exact answer — the map makes the mistake visible at once.",
    },
    Lesson {
        title: "The box's frame",
        scene: "algorithm=zones&circle=1.3,3.2,1.2&box=-2,-1,2,1.5&case=auto&angle=30",
        as_published: false,
        overlay: Overlay::None,
        text: "A turned box needs no new test: move the circle into the box's frame, local = R^T (c − b), and \
               the box is aligned there again. The inset shows the box's view: the circle sits in corner zone \
               8 of the box's own zones (unturned, the same spot would be zone 7), clamped and pushed out \
               exactly as before, and every algorithm runs unchanged on the moved circle. Turn the box with \
               Q / E or the knob above it.",
    },
];

/// A tour step in a mode of its own: no overlay, not "as published" (its scene text sets the rest).
const fn step(title: &'static str, scene: &'static str, text: &'static str) -> Lesson {
    Lesson { title, scene, as_published: false, overlay: Overlay::None, text }
}

/// The tour's `motion` chapter: the circle moves by a velocity in one step.
pub const MOTION: &[Lesson] = &[
    step(
        "The discrete test tunnels",
        "circle=-3,0,0.5&box=-0.1,-2,0.1,2&motion=on&velocity=6.5,0&response=slide",
        "A discrete test looks only where the move ends, c + v: there the circle is clear of the thin wall, \
         so it sees no collision (TUNNELLED). The sweep tests the whole path and finds the impact at \
         t = 0.369, where the amber ghost touches the wall.",
    ),
    step(
        "A ray against the rounded box",
        "circle=-4,3,0.8&box=-2,-1,2,1&motion=on&velocity=3.5,-3.5&response=slide",
        "The sweep casts the centre, a point, as a ray against the box grown by r with rounded corners \
         (the shaded region). Where the ray enters it, the circle first touches the box: here on a rounded \
         corner, so the normal n points from the box's corner to the centre.",
    ),
    step(
        "Contact at t = 0",
        "circle=-0.5,1.5,0.5&box=-1,-1,1,1&motion=on&velocity=3,0&response=slide",
        "The circle already rests on the top face: the sweep reports a hit at t = 0 (initial). Moving \
         along the face does not push into it, so the slide goes on to the end: a touching start must not \
         stop a ball that slides.",
    ),
    step(
        "Slide against bounce",
        "circle=-3,2.5,0.6&box=-2,-1,2,1&motion=on&velocity=4,-3&response=bounce&restitution=0.8",
        "Both responses start at the same impact, t = 0.3 on the top face. A bounce reflects the velocity's \
         normal part, here at 0.8 of its speed; a slide drops it and moves on along the face. Press B to \
         switch: the violet path after the impact changes, the impact does not.",
    ),
    step(
        "Slide along a tilted wall",
        "circle=1,3,0.5&box=-5,-0.5,5,0.5&motion=on&velocity=-3,-5&response=slide&angle=30",
        "The wall is a box turned 30° about its centre (angle=30; Q and E turn it by 15°). The sweep asks its \
         question in the box's frame, where the wall is aligned again, and turns the answer back: the impact, \
         the contact point and n, the tilted face's normal, are in the world. The slide drops v's part along n \
         and goes on along the face: the violet path runs down the slope, parallel to the wall, not along v.",
    ),
];

/// The tour's `tiles` chapter: a ball through many boxes (the playground's tile maps and race).
pub const TILES: &[Lesson] = &[
    step(
        "Seams and ghost bumps",
        "playground=on&level=flush-floor&race=on&steps=150",
        "A flat floor of single tiles: to a collision test each tile is a box of its own, so the floor has \
         seams. Rolling over them, discrete-in-order (red) is pushed back by the corner of the tile it \
         leaves: each red triangle is a bump, speed lost on a floor that is flat.",
    ),
    step(
        "Order dependence",
        "playground=on&level=stairs&race=on&steps=330",
        "Landing on a step, a ball overlaps several tiles at once. Discrete-in-order (red) pushes it out of \
         them in world order and gains speed on each landing: it runs ahead. Deepest first (orange) resolves \
         the same overlaps in another order and stays with the swept strategies.",
    ),
    step(
        "Per axis at the foot of a ramp",
        "play=on&level=course-ramps&inputs=R*300&race=on&steps=100",
        "One run to the right, replayed by every strategy as a ghost. Per-axis (violet) moves x, then \
         y: the x move goes into the 30° ramp's face and stops there, and the y move has nothing to do, \
         so the ball never climbs (the square mark at the ramp's foot). The six other ghosts slide along \
         the face, on their way up to the plateau. A corner catches per-axis only on a diagonal move; a \
         slope catches it at every step.",
    ),
    step(
        "Internal edges removed",
        "playground=on&level=flush-floor&strategy=swept-slide-seamless&ball=22.5,1.484375,0.5&steps=150",
        "The default strategy, swept-slide-seamless, treats the flush tiles as one floor: it ignores the \
         edges inside the solid. The ball starts sunk 1/64 into the floor, and still it bumps nowhere \
         and keeps its 14 units/s.",
    ),
];

/// The tour's `3d` chapter: a sphere against a box.
pub const THREE: &[Lesson] = &[
    step(
        "27 regions",
        "algorithm=zones&view=3d&sphere=1.8,0.3,1.7,0.6&box3=-1,-1,-1,1,1,1&slice=z&slicemap=zones",
        "In 3D the box's face planes cut space into 27 regions, numbered x + 3y + 9z: inside (13), six \
         beside faces, twelve beside edges, eight beside corners. The status line names the centre's: 23, \
         beside the edge (+x, +z), where two axes matter and the closest point lies on that edge. The z slice \
         shows the regions its plane crosses.",
    ),
    step(
        "The face-plane trap in 3D",
        "algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1",
        "The face-plane test is exact in 2D but not in 3D: this sphere is 1.126 from the box's corner, \
         more than r = 1, yet the test says overlap (the red banner). Cutting the sphere by each face plane \
         and growing that face by the cut's radius leaves square corners.",
    ),
    step(
        "Rounded wedges against square ones",
        "algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1&grown=both",
        "The teal surface is the box grown by r with rounded edges and corners: exactly the centres where \
         the sphere overlaps. The red box, grown by r on every axis, is what a test with square corners \
         accepts; the red wedges sticking out of the teal are its false positives, and the centre sits in one.",
    ),
    step(
        "A turned box: the regions turn with it",
        "algorithm=zones&view=3d&sphere=1.6,0,1.3,0.5&box3=-1,-1,-1,1,1,1&rotation=0.9238795,0,0,0.38268343\
         &slice=z&slicemap=zones",
        "The box is turned 45° about z (Shift + arrow keys, the ring round the box, or the panel's angles \
         turn it). Beside the aligned box this centre would be in region 23, the edge (+x, +z); the core \
         moves it into the box's frame, R^T (c − centre) = (1.13, −1.13, 1.3), and there it is in region 20, \
         the corner (+x, −y, +z): all three axes decide. Clamp, push-out and every test run there as before, \
         and the closest point is turned back.",
    ),
];

/// The tour's `game` chapter: Play, the ball as a character moved by the core's controller.
pub const GAME: &[Lesson] = &[
    step(
        "Resting contact",
        "play=on&level=course-run&steps=120",
        "A game calls the collision step every frame, 120 times a second here. Standing still, the \
         character touches the floor every step: grounded, with the ground normal pointing up. Resting \
         contact is touching, not overlapping, so nothing pushes it and it does not jitter.",
    ),
    step(
        "Snap to ground",
        "play=on&level=course-run&inputs=R*690&steps=720",
        "Running down steps, the character would leave the ground at each edge and fall for a few frames. \
         The controller probes a short way down and snaps it onto the step below (the blue 'snap' chevrons), \
         so it stays grounded down the stairs.",
    ),
    step(
        "One-way platforms",
        "play=on&level=course-run&inputs=R*30,RJ*40,R*30,N*40&steps=140",
        "The platform drawn as a slab on posts is one-way: the character jumped up through it from below \
         and now stands on it (grounded). It holds only a character coming down onto it from above; ↓ with \
         jump drops back through it.",
    ),
];

/// A chapter of the tour: an id (the scene text's `tour=<id>:<step>`), a title and its steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chapter {
    pub id: &'static str,
    pub title: &'static str,
    pub steps: &'static [Lesson],
}

/// The tour's chapters, in teaching order (the ids are fixed: links and the docs use them).
pub const CHAPTERS: &[Chapter] = &[
    Chapter { id: "still", title: "The still scene", steps: TOUR },
    Chapter { id: "motion", title: "Motion", steps: MOTION },
    Chapter { id: "tiles", title: "Many boxes", steps: TILES },
    Chapter { id: "3d", title: "3D", steps: THREE },
    Chapter { id: "game", title: "The game loop", steps: GAME },
];

/// A step of the tour: a chapter (index into [`CHAPTERS`]) and a step in it (from 0; the text counts
/// from 1: `motion:2` is `TourStep { chapter: 1, step: 1 }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TourStep {
    pub chapter: usize,
    pub step: usize,
}

impl TourStep {
    /// The tour's first step, `still:1`.
    pub const FIRST: TourStep = TourStep { chapter: 0, step: 0 };

    /// The chapter's first step.
    #[must_use]
    pub const fn start_of(chapter: usize) -> TourStep {
        TourStep { chapter, step: 0 }
    }

    #[must_use]
    pub fn chapter(self) -> Option<&'static Chapter> {
        CHAPTERS.get(self.chapter)
    }

    /// The step's lesson; `None` when it names no step.
    #[must_use]
    pub fn lesson(self) -> Option<&'static Lesson> {
        self.chapter().and_then(|c| c.steps.get(self.step))
    }

    /// The next step: on in the chapter, then on to the next chapter's first; the tour's last step
    /// stays.
    #[must_use]
    pub fn next(self) -> TourStep {
        match self.chapter() {
            Some(c) if self.step + 1 < c.steps.len() => TourStep { step: self.step + 1, ..self },
            Some(_) if self.chapter + 1 < CHAPTERS.len() => TourStep::start_of(self.chapter + 1),
            _ => self,
        }
    }

    /// The previous step: back in the chapter, then back to the previous chapter's last; the tour's
    /// first step stays.
    #[must_use]
    pub fn prev(self) -> TourStep {
        if self.step > 0 {
            TourStep { step: self.step - 1, ..self }
        } else if let Some(c) = self.chapter.checked_sub(1).and_then(|i| CHAPTERS.get(i)) {
            TourStep { chapter: self.chapter - 1, step: c.steps.len() - 1 }
        } else {
            self
        }
    }

    /// Where the step stands, for the panel, the caption and the status line: "Motion, step 2 of 4".
    #[must_use]
    pub fn position(self) -> String {
        let Some(c) = self.chapter() else { return String::new() };
        format!("{}, step {} of {}", c.title, self.step + 1, c.steps.len())
    }

    /// Every step of the tour, in order.
    pub fn all() -> impl Iterator<Item = TourStep> {
        CHAPTERS
            .iter()
            .enumerate()
            .flat_map(|(chapter, c)| (0..c.steps.len()).map(move |step| TourStep { chapter, step }))
    }

    /// Reads `chapter:step` (`motion:2`; steps from 1), or a bare `N`, which is `still:N`.
    pub fn parse(text: &str) -> Result<TourStep, String> {
        let t = text.trim();
        let (id, n) = match t.split_once(':') {
            Some(pair) => pair,
            None if t.bytes().all(|b| b.is_ascii_digit()) => ("still", t),
            None => (t, ""),
        };
        let ids = || CHAPTERS.iter().map(|c| c.id).collect::<Vec<_>>().join(", ");
        let chapter = CHAPTERS.iter().position(|c| c.id.eq_ignore_ascii_case(id.trim())).ok_or_else(|| {
            format!("{t:?}: no chapter {:?} (chapters: {}; steps from 1, e.g. motion:2)", id.trim(), ids())
        })?;
        let len = CHAPTERS[chapter].steps.len();
        match n.trim().parse::<usize>() {
            Ok(k) if (1..=len).contains(&k) => Ok(TourStep { chapter, step: k - 1 }),
            _ => Err(format!("{t:?}: chapter {} has steps 1..={len}", CHAPTERS[chapter].id)),
        }
    }
}

impl std::fmt::Display for TourStep {
    /// `chapter:step`, the step counted from 1 (`motion:2`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let id = self.chapter().map_or("?", |c| c.id);
        write!(f, "{id}:{}", self.step + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::SceneOptions;
    use crate::geom::{
        contact::contact,
        response::{response, PushCase},
        ContactState,
    };

    fn scene(l: &Lesson) -> SceneOptions {
        SceneOptions::from_fragment(l.scene).unwrap_or_else(|e| panic!("{}: {e}", l.title))
    }

    #[test]
    fn every_lesson_scene_parses() {
        for l in ERRATA.iter().chain(TOUR) {
            let _ = scene(l);
            assert!(!l.text.is_empty() && l.text.split(". ").count() <= 4, "{}: two or three sentences", l.title);
        }
    }

    fn errata(title: &str) -> SceneOptions {
        scene(ERRATA.iter().find(|l| l.title.contains(title)).unwrap())
    }

    #[test]
    fn step_6_shows_what_it_says_the_branchy_paths_change_by_zone_the_branch_free_one_does_not() {
        use crate::geom::{algo::ALGORITHMS, Circle};
        let step = &TOUR[5];
        let s = scene(step);
        let algo = |id: &str| ALGORITHMS.iter().find(|a| a.id == id).unwrap();
        assert_eq!(ALGORITHMS[s.algorithm].id, "branchless", "the step shows the branch-free form");
        // The lines each test runs, for a centre in each of the nine zones (radius 1.5, as the step's).
        let (lo, hi) = (s.aabb.min(), s.aabb.max());
        let xs = [lo[0] - 1.0, 0.5 * (lo[0] + hi[0]), hi[0] + 1.0];
        let ys = [lo[1] - 1.0, 0.5 * (lo[1] + hi[1]), hi[1] + 1.0];
        let paths = |id: &str| -> std::collections::BTreeSet<Vec<usize>> {
            let a = algo(id);
            let mut seen = std::collections::BTreeSet::new();
            for x in xs {
                for y in ys {
                    let c = Circle::new([x, y], s.circle.radius()).unwrap();
                    // The branch-free form's early out is a mask: its trace marks it (line 3), it
                    // runs no other code. Left out, the lines run are the same in every zone.
                    let lines: Vec<usize> = (a.trace_2d)(&c, &s.aabb)
                        .steps
                        .iter()
                        .map(|st| st.line)
                        .filter(|&l| id != "branchless" || l != 3)
                        .collect();
                    seen.insert(lines);
                }
            }
            seen
        };
        assert_eq!(paths("branchless").len(), 1, "the branch-free form: one path everywhere");
        assert!(paths("zones").len() >= 3, "the nine-zone method: a path per kind of zone");
        assert!(paths("qri").len() >= 2, "QRI: an early exit in some zones");
    }

    #[test]
    fn each_erratum_scene_shows_its_error() {
        use crate::geom::algo::ALGORITHMS;
        // Branch-free: overlapping, yet the published form says no.
        let s = errata("sign error");
        let a = &ALGORITHMS[s.algorithm];
        assert_eq!(contact(&s.circle, &s.aabb).state, ContactState::Overlapping);
        assert!(!a.published_2d(&s.circle, &s.aabb) && (a.overlap_2d)(&s.circle, &s.aabb));
        // Tangency: exactly touching; the strict published fold says no, the lab says yes.
        let s = errata("tangency");
        let a = &ALGORITHMS[s.algorithm];
        assert_eq!(contact(&s.circle, &s.aabb).state, ContactState::Touching);
        assert!(!a.published_2d(&s.circle, &s.aabb) && (a.overlap_2d)(&s.circle, &s.aabb));
        // Boundary: the centre is on the box and the response is the inside case, finite.
        let s = errata("boundary");
        let r = response(&s.circle, &s.aabb);
        assert_eq!(contact(&s.circle, &s.aabb).distance, 0.0);
        assert_eq!(r.case, PushCase::Inside);
        assert!(r.push.iter().all(|v| v.is_finite()));
        // Ties: all four faces equally near, the left one wins.
        let s = errata("Ties");
        assert_eq!(response(&s.circle, &s.aabb).push, [-3.0, 0.0]);
        // Zones: top-left is zone 6 here.
        assert_eq!(contact(&errata("y down").circle, &errata("y down").aabb).zone, 6);
        // Ears: separated, yet planes_naive says overlap.
        let s = errata("ears");
        assert_eq!(contact(&s.circle, &s.aabb).state, ContactState::Separated);
        assert!((ALGORITHMS[s.algorithm].overlap_2d)(&s.circle, &s.aabb));
    }

    #[test]
    fn the_3d_counter_example_in_the_face_plane_erratum_holds() {
        let planes = crate::geom::algo::algorithm("planes").unwrap();
        let b = crate::geom::Sphere::new([1.65, 1.65, 1.65], 1.0).unwrap();
        let x = crate::geom::Box3::new([-1.0; 3], [1.0; 3]).unwrap();
        assert_eq!(contact(&b, &x).state, ContactState::Separated);
        assert!((planes.overlap_3d)(&b, &x));
    }

    #[test]
    fn tour_response_steps_are_in_their_case() {
        let out = scene(&TOUR[2]);
        assert_eq!(response(&out.circle, &out.aabb).case, PushCase::Outside);
        let ins = scene(&TOUR[3]);
        assert_eq!(response(&ins.circle, &ins.aabb).case, PushCase::Inside);
    }
}

#[cfg(test)]
#[path = "lessons_tests.rs"]
mod chapter_tests;
