//! The lessons: the errata of the published posts and the guided tour, as plain data. Each one sets
//! a scene (as the same `key=value&…` text the URL fragment and `--scene` use) and says two or three
//! sentences; the app shows them, the tests check that every scene shows what its text claims.

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

/// The guided tour, in teaching order.
pub const TOUR: &[Lesson] = &[
    Lesson {
        title: "1. Nine zones",
        scene: "algorithm=zones&circle=4,3,1.2&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::None,
        text: "The box's edge lines cut the plane into nine zones, numbered x + 3y from the bottom-left. \
               Inside (4) the shapes overlap; beside a face only one axis matters; in a corner zone only \
               the corner can be nearest. Drag the circle through all nine.",
    },
    Lesson {
        title: "2. Clamping",
        scene: "algorithm=clamp&circle=3.5,0.5,1.2&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Distance,
        text: "Clamping the centre into the box's range on each axis gives the closest point s, in every \
               zone at once. The contours are the distance to the box: round around the corners, straight \
               beside the faces. The shapes overlap when |c − s| ≤ r.",
    },
    Lesson {
        title: "3. Push-out, outside",
        scene: "algorithm=clamp&circle=2.75,2.5,1.875&box=-2,-1,2,1.5&case=outside",
        as_published: false,
        overlay: Overlay::None,
        text: "With the centre outside, the shortest way out is straight away from the closest point: push \
               along c − s by r − |c − s|. The ghost shows where the circle ends up, just touching. Press \
               Apply to move it.",
    },
    Lesson {
        title: "4. Push-out, inside",
        scene: "algorithm=clamp&circle=1.25,0.5,0.75&box=-2,-1,2,1.5&case=inside",
        as_published: false,
        overlay: Overlay::None,
        text: "With the centre inside, s = c and the outside formula has no direction. Guess the circle came \
               in through the least-penetrated face: the four face distances are drawn, the smallest wins, \
               and the push is that distance plus r.",
    },
    Lesson {
        title: "5. The family and what each saves",
        scene: "algorithm=qrf&circle=5,3.5,1.2&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Agreement,
        text: "Arvo sums squared excesses; QRI and QRF add quick rejections against the box grown by r; the \
               fold uses symmetry to keep one corner; the nine zones branch on the region. Open Compare all: \
               every correct test agrees, they differ only in the work done.",
    },
    Lesson {
        title: "6. Where the branches are",
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
        title: "7. The face-plane trap",
        scene: "algorithm=planes_naive&circle=3.2,2.7,1.5&box=-2,-1,2,1.5&case=auto",
        as_published: false,
        overlay: Overlay::Agreement,
        text: "Testing against the face planes alone misses that planes are infinite: in the corner regions \
               the circle can be within r of both planes and still miss the box. Always test a new method \
               against the exact answer — the map makes the mistake visible at once.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::SceneOptions;
    use crate::geom::{contact, response, ResponseCase, State};

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
        use crate::geom::{Circle, ALGORITHMS};
        let step = TOUR.iter().find(|l| l.title.starts_with("6.")).unwrap();
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
        use crate::geom::ALGORITHMS;
        // Branch-free: overlapping, yet the published form says no.
        let s = errata("sign error");
        let a = &ALGORITHMS[s.algorithm];
        assert_eq!(contact(&s.circle, &s.aabb).state, State::Overlapping);
        assert!(!a.published_2d(&s.circle, &s.aabb) && (a.overlap_2d)(&s.circle, &s.aabb));
        // Tangency: exactly touching; the strict published fold says no, the lab says yes.
        let s = errata("tangency");
        let a = &ALGORITHMS[s.algorithm];
        assert_eq!(contact(&s.circle, &s.aabb).state, State::Touching);
        assert!(!a.published_2d(&s.circle, &s.aabb) && (a.overlap_2d)(&s.circle, &s.aabb));
        // Boundary: the centre is on the box and the response is the inside case, finite.
        let s = errata("boundary");
        let r = response(&s.circle, &s.aabb);
        assert_eq!(contact(&s.circle, &s.aabb).distance, 0.0);
        assert_eq!(r.case, ResponseCase::Inside);
        assert!(r.push.iter().all(|v| v.is_finite()));
        // Ties: all four faces equally near, the left one wins.
        let s = errata("Ties");
        assert_eq!(response(&s.circle, &s.aabb).push, [-3.0, 0.0]);
        // Zones: top-left is zone 6 here.
        assert_eq!(contact(&errata("y down").circle, &errata("y down").aabb).zone, 6);
        // Ears: separated, yet planes_naive says overlap.
        let s = errata("ears");
        assert_eq!(contact(&s.circle, &s.aabb).state, State::Separated);
        assert!((ALGORITHMS[s.algorithm].overlap_2d)(&s.circle, &s.aabb));
    }

    #[test]
    fn the_3d_counter_example_in_the_face_plane_erratum_holds() {
        let planes = crate::geom::algorithm("planes").unwrap();
        let b = crate::geom::Sphere::new([1.65, 1.65, 1.65], 1.0).unwrap();
        let x = crate::geom::Box3::new([-1.0; 3], [1.0; 3]).unwrap();
        assert_eq!(contact(&b, &x).state, State::Separated);
        assert!((planes.overlap_3d)(&b, &x));
    }

    #[test]
    fn tour_response_steps_are_in_their_case() {
        let out = scene(&TOUR[2]);
        assert_eq!(response(&out.circle, &out.aabb).case, ResponseCase::Outside);
        let ins = scene(&TOUR[3]);
        assert_eq!(response(&ins.circle, &ins.aabb).case, ResponseCase::Inside);
    }
}
