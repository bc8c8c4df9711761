//! The push-out of a ball that starts inside rock, on tile maps: where it goes (the two reproducers
//! of issue 35, the tie rule, what lies outside the map), that the bounded shortcut gives what the
//! search gives, and that its work does not grow with depth (counted, not timed).

use ball_aabb::world::{step, Outside, Params, Prefer, StrategyId, TileMap, World, STRATEGIES};
use ball_aabb::{Circle, Rect};

fn ball(c: [f32; 2], r: f32) -> Circle {
    Circle::new(c, r).unwrap()
}

/// Issue 35's first reproducer: a character (r = 0.41) spawned in the middle of a floor three rows
/// thick at the bottom of the map (rows 0–2, top at y = 3), centre y = 1.5. Up and down are both
/// 1.5 + 0.41 = 1.91 away (an exact tie). By default (prefer up, outside solid) every strategy puts
/// it on top, y = 3.41, and it stays there under gravity; with no preference and the outside empty
/// it goes down to y = −0.41 under the level (the old answer), and so with `Prefer::Down`.
#[test]
fn a_character_in_the_middle_of_a_thick_floor_comes_out_on_top() {
    let text = "........\n........\n........\n########\n########\n########";
    let map = TileMap::from_ascii(text, 1.0).unwrap();
    let gravity = Params::default().with_gravity([0.0, -0.02]);
    for st in STRATEGIES {
        let mut b = ball([3.5, 1.5], 0.41);
        let mut v = [0.0f32; 2];
        for k in 0..60 {
            let s = step(st.kind, &b, v, &map, &gravity);
            if k == 0 {
                assert_eq!(s.pushed_out, [0.0, 3.41 - 1.5], "{}: {s:?}", st.id);
            }
            assert!((s.end[1] - 3.41).abs() < 1e-6 && s.end[0] == 3.5, "{} step {k}: {s:?}", st.id);
            (b, v) = (ball(s.end, 0.41), s.velocity);
        }
    }
    let open = map.clone().with_outside(Outside::Empty);
    for prefer in [Prefer::None, Prefer::Down] {
        let s = step(
            StrategyId::default(),
            &ball([3.5, 1.5], 0.41),
            [0.0, 0.0],
            &open,
            &Params::default().with_prefer(prefer),
        );
        assert_eq!(s.end, [3.5, -0.41], "{prefer:?}: {s:?}");
    }
    // The outside solid alone is enough here (down would leave the map), whatever the rule.
    for prefer in [Prefer::None, Prefer::Down, Prefer::Up] {
        let s = step(
            StrategyId::default(),
            &ball([3.5, 1.5], 0.41),
            [0.0, 0.0],
            &map,
            &Params::default().with_prefer(prefer),
        );
        assert_eq!(s.end, [3.5, 3.41], "{prefer:?}: {s:?}");
    }
    // And the rule alone, with the outside empty.
    let s = step(StrategyId::default(), &ball([3.5, 1.5], 0.41), [0.0, 0.0], &open, &Params::default());
    assert_eq!(s.end, [3.5, 3.41], "{s:?}");
}

/// Issue 35's second reproducer: a corridor one cell high (row 1, y ∈ [1, 2]) between a wall row
/// at the bottom of the map and one at its top. A big ball, r = 0.5 (it just fits), spawned one
/// cell low, in the bottom wall at y = 0.5: up into the corridor (y = 1.5) and down out of the
/// map (y = −0.5) are both 1 away. By default it goes into the corridor, touching both walls, and
/// rolls along it; the old rule (no preference, outside empty) sent it out through the bottom wall.
/// A ball too big for the corridor (r = 0.6, at its middle) has no free position inside the map:
/// by default it stays in the corridor (not pushed at all); with the outside empty it went out
/// through the bottom wall (y = −0.6), or with `Prefer::Up` out through the top one (y = 3.6).
#[test]
fn a_big_ball_in_a_corridor_one_cell_high_stays_in_it() {
    let map = TileMap::from_ascii("##########\n..........\n##########", 1.0).unwrap();
    let open = map.clone().with_outside(Outside::Empty);
    for st in STRATEGIES {
        let s = step(st.kind, &ball([4.5, 0.5], 0.5), [0.25, 0.0], &map, &Params::default());
        assert_eq!(s.pushed_out, [0.0, 1.0], "{}: {s:?}", st.id);
        assert_eq!(s.end[1], 1.5, "{}: {s:?}", st.id);
        assert!(s.end[0] > 4.5, "{}: it rolls on along the corridor: {s:?}", st.id);
        // Not pushed; the discrete strategies then push it between the walls, within the corridor.
        let s = step(st.kind, &ball([4.5, 1.5], 0.6), [0.0, 0.0], &map, &Params::default());
        assert_eq!(s.pushed_out, [0.0; 2], "{}: {s:?}", st.id);
        assert!(s.end[0] == 4.5 && (1.0..=2.0).contains(&s.end[1]), "{}: {s:?}", st.id);
    }
    let old = Params::default().with_prefer(Prefer::None);
    let s = step(StrategyId::default(), &ball([4.5, 0.5], 0.5), [0.0, 0.0], &open, &old);
    assert_eq!(s.end, [4.5, -0.5], "{s:?}");
    let s = step(StrategyId::default(), &ball([4.5, 1.5], 0.6), [0.0, 0.0], &open, &old);
    assert_eq!(s.end, [4.5, -0.6], "{s:?}");
    let s = step(StrategyId::default(), &ball([4.5, 1.5], 0.6), [0.0, 0.0], &open, &Params::default());
    assert_eq!(s.end, [4.5, 3.6], "{s:?}");
}

/// Ties within the contact tolerance count: a ball 4·10⁻⁵ below the middle of a floor three rows
/// thick (down is nearer by 8·10⁻⁵, less than the default slop 10⁻⁴: a tie) still comes out on top
/// with the default; with `Prefer::None` (exact ties only) the nearer, down.
#[test]
fn near_ties_within_the_tolerance_prefer_up() {
    let text = "....\n....\n####\n####\n####";
    let map = TileMap::from_ascii(text, 1.0).unwrap().with_outside(Outside::Empty);
    let c = [1.5, 1.5 - 0.00004];
    let s = step(StrategyId::default(), &ball(c, 0.25), [0.0, 0.0], &map, &Params::default());
    assert_eq!(s.end, [1.5, 3.25], "{s:?}");
    let s = step(StrategyId::default(), &ball(c, 0.25), [0.0, 0.0], &map, &Params::default().with_prefer(Prefer::None));
    assert_eq!(s.end, [1.5, -0.25], "{s:?}");
}

/// The map seen without the push-out's shortcut and cut merging: the plain search over merged
/// rectangles, as before the shortcut existed (the outside as the map says).
struct Searched<'a>(&'a TileMap);

impl World for Searched<'_> {
    fn candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.0.candidates(bounds, f);
    }
    fn merged_candidates(&self, bounds: &Rect, f: impl FnMut(usize, Rect)) {
        self.0.merged_candidates(bounds, f);
    }
    fn solid_beyond(&self, point: [f32; 2], axis: usize, positive: bool, except: usize) -> bool {
        self.0.solid_beyond(point, axis, positive, except)
    }
    fn one_way(&self, index: usize) -> bool {
        self.0.one_way(index)
    }
    fn any_one_way(&self) -> bool {
        self.0.any_one_way()
    }
    fn push_out_region(&self) -> Option<Rect> {
        self.0.push_out_region()
    }
}

/// A seeded generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// The shortcut and the cut merging change no answer: random maps with solid blobs (rectangles of
/// rock, some touching the edges) and noise, balls inside them (centres on the grid or anywhere),
/// both outsides, every rule: the same end as the plain search over merged rectangles.
#[test]
fn the_shortcut_gives_what_the_search_gives() {
    let mut rng = Rng(0x35_0E5C);
    let (mut shortcut, mut exact, mut compared) = (0, 0, 0);
    for case in 0..4000 {
        let (w, h) = (4 + rng.below(40), 4 + rng.below(40));
        let cell = [1.0f32, 0.5, 0.3, 2.7][rng.below(4)];
        let origin = [[0.0, 0.0], [(rng.unit() - 0.5) * 100.0, (rng.unit() - 0.5) * 100.0]][rng.below(2)];
        let outside = [Outside::Empty, Outside::Solid][rng.below(2)];
        let mut map = TileMap::new(w, h, cell, origin).unwrap().with_outside(outside);
        let noise = [0, 5, 20][rng.below(3)];
        for row in 0..h {
            for col in 0..w {
                map.set(col, row, rng.below(100) < noise);
            }
        }
        for _ in 0..1 + rng.below(3) {
            let (c0, r0) = (rng.below(w), rng.below(h));
            let (c1, r1) = ((c0 + 1 + rng.below(w)).min(w), (r0 + 1 + rng.below(h)).min(h));
            for row in r0..r1 {
                for col in c0..c1 {
                    map.set(col, row, true);
                }
            }
        }
        let r = cell * [0.25f32, 0.5, 0.41, 0.9, 1.6][rng.below(5)];
        let c = if rng.below(2) == 0 {
            let g = |rng: &mut Rng, o: f32, n: usize| o + (rng.below(2 * n) as f32 + 1.0) * 0.5 * cell;
            [g(&mut rng, origin[0], w), g(&mut rng, origin[1], h)]
        } else {
            [origin[0] + rng.unit() * w as f32 * cell, origin[1] + rng.unit() * h as f32 * cell]
        };
        shortcut += usize::from(map.axis_escape(c).is_some());
        for prefer in [Prefer::Up, Prefer::None, Prefer::Down] {
            let params = Params::default().with_prefer(prefer);
            let a = step(StrategyId::default(), &ball(c, r), [0.0, 0.0], &map, &params);
            let b = step(StrategyId::default(), &ball(c, r), [0.0, 0.0], &Searched(&map), &params);
            // The same position; where two features give it (a face, and a crossing through the
            // same point), their arithmetic may round it an ulp apart.
            let scale = c[0].abs().max(c[1].abs()).max(r) * 4.0 * f32::EPSILON;
            // Or another position at the same distance within rounding (a near-exact tie that the
            // two computations of the distance order differently).
            let len = |p: [f32; 2]| f64::from(p[0]).hypot(f64::from(p[1]));
            let close = (0..2).all(|i| (a.end[i] - b.end[i]).abs() <= scale)
                || (len(a.pushed_out) - len(b.pushed_out)).abs() <= f64::from(scale);
            assert!(close, "case {case} {prefer:?} {outside:?} c {c:?} r {r}\n{a:?}\n{b:?}");
            exact += usize::from(a.end == b.end);
            compared += 1;
        }
    }
    assert!(shortcut > 500, "the shortcut answered {shortcut} times");
    assert!(exact * 100 >= compared * 99, "bit for bit in {exact} of {compared}");
}

/// A square block of rock `n` cells a side, inside a map with a free ring of two cells around it.
fn block(n: usize) -> TileMap {
    let mut map = TileMap::new(n + 4, n + 4, 1.0, [0.0, 0.0]).unwrap();
    for row in 2..n + 2 {
        for col in 2..n + 2 {
            map.set(col, row, true);
        }
    }
    map
}

/// The bound, counted: the shortcut's work (cells and pyramid nodes it tests) is at most 1,000 at
/// the centre of a 4096² block, 1, 10, 80 and 600 cells deep under the middle of a face of a 2000²
/// block, and at 500 random centres inside the 4096² block. It is not the area around the ball (16
/// million cells at the centre) nor the length of the faces near it (the open boxes let the
/// certificate pass a block reaching past a face without looking in), only the four rays and a few
/// nodes per pyramid level. And the ball comes out straight through the nearest face, touching it
/// (by hand: face + r).
#[test]
fn the_shortcut_work_does_not_grow_with_depth() {
    const BOUND: usize = 1000;
    let big = block(4096);
    let c = [2.0 + 2048.25, 2.0 + 2048.5]; // 2047.5 from the top face (y = 4098), the nearest
    let work = big.escape_work(c);
    assert!(big.axis_escape(c).is_some() && work <= BOUND, "centre of 4096²: {work}");
    let s = step(StrategyId::default(), &ball(c, 0.5), [0.0, 0.0], &big, &Params::default());
    assert_eq!(s.end, [c[0], 4098.5], "{s:?}");
    let mut rng = Rng(0x4096);
    let worst = (0..500)
        .map(|_| {
            let c = [2.0 + rng.below(4096) as f32 + 0.37, 2.0 + rng.below(4096) as f32 + 0.61];
            (big.escape_work(c), c)
        })
        .max_by_key(|w| w.0)
        .unwrap();
    assert!(worst.0 <= BOUND, "random centres of 4096²: {worst:?}");
    let map = block(2000);
    let mut works = Vec::new();
    for depth in [1usize, 10, 80, 600] {
        let c = [2.0 + 1000.5, 2.0 + 2000.0 - depth as f32 - 0.5];
        let work = map.escape_work(c);
        assert!(map.axis_escape(c).is_some() && work <= BOUND, "depth {depth}: {work} > {BOUND}");
        let s = step(StrategyId::default(), &ball(c, 0.3), [0.0, 0.0], &map, &Params::default());
        assert_eq!(s.end, [c[0], 2002.3], "depth {depth}: {s:?}");
        works.push(work);
    }
    eprintln!(
        "shortcut work at depths 1, 10, 80, 600: {works:?}; at the centre of 4096²: {work}; random worst {worst:?}"
    );
}

/// The search's answer is the nearest free position, checked against an independent reference: a
/// fine grid (1/16 of a cell) of centres tested against every solid cell. No grid centre that is
/// free (overlapping no cell, inside the map when the outside is solid) may be nearer than the
/// answer, beyond the slop and the f32 rounding; the answer itself is free; and a ball left where
/// it is has no free grid centre anywhere. Small random maps, dense enough that openings are
/// often narrower than the ball (the search's slow case, where its sieve and its filters prune),
/// radii from a quarter of a cell to 1.7 cells, balls anywhere.
#[test]
fn the_search_finds_no_farther_than_a_fine_grid() {
    let mut rng = Rng(0x35_9E1D);
    let (mut pushed, mut stayed) = (0, 0);
    for case in 0..160 {
        let n = 6 + rng.below(7);
        let fill = [0.25f32, 0.35, 0.5][rng.below(3)];
        let outside = [Outside::Empty, Outside::Solid][rng.below(2)];
        let mut map = TileMap::new(n, n, 1.0, [0.0, 0.0]).unwrap().with_outside(outside);
        let mut cells = Vec::new();
        for row in 0..n {
            for col in 0..n {
                if rng.unit() < fill {
                    map.set(col, row, true);
                    cells.push([col as f64, row as f64]);
                }
            }
        }
        let r = 0.25 + 1.45 * rng.unit();
        let c = [n as f32 * rng.unit(), n as f32 * rng.unit()];
        let (rw, size) = (r as f64, n as f64);
        // Depth of the ball at p in the solid cells: > 0 overlaps.
        let in_cells = |p: [f64; 2]| {
            let mut d = f64::NEG_INFINITY;
            for k in &cells {
                let e = [p[0] - p[0].clamp(k[0], k[0] + 1.0), p[1] - p[1].clamp(k[1], k[1] + 1.0)];
                let inside = (0..2).all(|a| p[a] > k[a] && p[a] < k[a] + 1.0);
                d = d.max(if inside { rw } else { rw - e[0].hypot(e[1]) });
            }
            d
        };
        // And in the outside, when solid: a free position is inside the map (the outside only
        // bounds where a ball is put; a ball overlapping the edge alone is not embedded).
        let depth = |p: [f64; 2]| {
            let mut d = in_cells(p);
            if outside == Outside::Solid {
                d = d.max((0..2).map(|a| (rw - p[a]).max(p[a] + rw - size)).fold(f64::NEG_INFINITY, f64::max));
            }
            d
        };
        let s =
            step(StrategyId::default(), &ball(c, r), [0.0, 0.0], &map, &Params::default().with_prefer(Prefer::None));
        let c64 = c.map(f64::from);
        let moved = (s.end[0] as f64 - c64[0]).hypot(s.end[1] as f64 - c64[1]);
        let slop = 1e-4;
        // The grid: around the map, as far as a free centre could be.
        let step_len = 1.0 / 16.0;
        let reach = size + 2.0 * rw + 2.0;
        let mut nearest = f64::INFINITY;
        let k = (reach / step_len) as i64;
        for iy in -k..=k {
            for ix in -k..=k {
                let p = [size / 2.0 + ix as f64 * step_len, size / 2.0 + iy as f64 * step_len];
                let d = (p[0] - c64[0]).hypot(p[1] - c64[1]);
                if d < nearest && depth(p) <= 0.0 {
                    nearest = d;
                }
            }
        }
        if in_cells(c64) <= slop {
            continue; // not embedded: not pushed
        }
        if s.pushed_out == [0.0; 2] {
            stayed += 1;
            assert!(nearest.is_infinite(), "case {case}: stayed at {c:?} (r {r}) but {nearest} away is free");
        } else {
            pushed += 1;
            assert!(depth(s.end.map(f64::from)) <= 2.0 * slop, "case {case}: the answer {:?} overlaps", s.end);
            assert!(nearest >= moved - 1e-3, "case {case}: {c:?} r {r}: pushed {moved}, free {nearest} away: {s:?}");
        }
    }
    assert!(pushed > 60 && stayed > 0, "pushed {pushed}, stayed {stayed}");
}
