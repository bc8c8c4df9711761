//! The judge: [`check_step`] and the reasoning behind each [`Check`] for one step.

use super::{budget, say, Check, Outcome, PathModel, RunState, Scene, Sink, Surface, FREEZE_STEPS};
use crate::geometry::{add, allowed, cells_near, dot, len, magnitude, rounding, scale, sub, wide, Cell, V};
use ball_aabb::world::{Params, StrategyId, Tile, TileMap, MAX_CONTACTS};

fn fmt2(p: V) -> String {
    format!("({}, {})", p[0] as f32, p[1] as f32)
}

/// Is one-way cell `c` solid for a ball starting at `p0` (its lowest point at or above the cell's
/// top, within the tolerance)? `margin` moves the threshold up (> 0: only a ball clearly above
/// it, to claim a violation) or down (< 0: any ball that may be above it, to count it as an
/// obstacle): the library rounds the lowest point to `f32`, so within a few ulps of the threshold
/// either answer is right.
fn one_way_active(c: &Cell, p0: V, r: f64, tol: f64, margin: f64) -> bool {
    p0[1] - r >= c.hi[1] - tol + margin
}

/// Cell `(col, row)` if it is solid or one-way.
fn cell_at(map: &TileMap, col: usize, row: usize) -> Option<Cell> {
    let tile = map.tile(col, row);
    (tile != Tile::Empty).then(|| {
        let rect = map.cell_rect(col, row);
        Cell { col, row, lo: wide(rect.min()), hi: wide(rect.max()), one_way: tile == Tile::OneWay }
    })
}

/// The run of one-way cells in `c`'s row through `c`, as one cell (the first's column).
fn one_way_run(map: &TileMap, c: &Cell) -> Cell {
    let (mut a, mut b) = (c.col, c.col);
    while a > 0 && map.tile(a - 1, c.row) == Tile::OneWay {
        a -= 1;
    }
    while map.tile(b + 1, c.row) == Tile::OneWay {
        b += 1;
    }
    let lo = wide(map.cell_rect(a, c.row).min());
    let hi = wide(map.cell_rect(b, c.row).max());
    Cell { col: a, row: c.row, lo, hi, one_way: true }
}

/// Where the segment `a → b` first comes closer than `rho` to the cell, if it does and did not
/// start that close (`None` then too): the distance along a segment is convex, so its minimum is
/// found by ternary search and the entry by bisection before it.
fn entry_point(c: &Cell, a: V, b: V, rho: f64) -> Option<V> {
    let d = sub(b, a);
    let at = |s: f64| add(a, scale(d, s));
    let f = |s: f64| c.distance(at(s));
    if f(0.0) < rho {
        return None;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..100 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if f(m1) <= f(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let mut inside = (lo + hi) / 2.0;
    if f(inside) >= rho {
        return None;
    }
    let mut outside = 0.0;
    for _ in 0..100 {
        let m = (outside + inside) / 2.0;
        if f(m) < rho {
            inside = m;
        } else {
            outside = m;
        }
    }
    Some(at(inside))
}

/// Judges one step. `velocity` is what the step was given (before gravity); `state` carries the
/// stall streak from the step before (reset it when the ball is respawned).
pub fn check_step(
    scene: &Scene,
    id: StrategyId,
    velocity: [f32; 2],
    out: &Outcome,
    state: &mut RunState,
    step_index: u64,
    sink: &mut dyn Sink,
) {
    let finite = out.end.iter().chain(&out.velocity).chain(&out.pushed_out).all(|x| x.is_finite());
    if !finite {
        say(sink, Check::Finite, || {
            format!("end {:?}, velocity {:?}, pushed_out {:?}", out.end, out.velocity, out.pushed_out)
        });
        return;
    }
    let j = Judge::new(scene, id, velocity, out);
    if j.push_out(sink) {
        return; // still embedded: what follows would judge the aftermath
    }
    j.end_overlap(sink);
    j.path_checks(sink);
    j.free_path(sink);
    j.freeze(state, step_index, sink);
    j.velocity_into_surface(sink);
    j.budget_clip(sink);
    j.speed_gain(sink);
    j.flush_slide(sink);
    j.graze_normal(sink);
}

/// The longest path a step can have: its start, each stored contact, an L's corner, its end.
const PATH: usize = MAX_CONTACTS + 3;

/// One step under judgement: the scene, the outcome, and what every check needs from them.
struct Judge<'a> {
    scene: &'a Scene<'a>,
    map: &'a TileMap,
    params: Params,
    id: StrategyId,
    out: &'a Outcome,
    r: f64,
    start: V,
    /// Where the move starts: after the push-out.
    p0: V,
    end: V,
    v_in: V,
    v_out: V,
    /// The velocity the step was given, before gravity.
    v_before: V,
    /// The library's tolerance for this step (from its start, as `step` computes it).
    tol_start: f64,
    tol0: f64,
    tol1: f64,
    /// 2 ulps at p0: the rounding band around the one-way threshold.
    band: f64,
    /// The path (see [`PathModel`]), `None` for the discrete strategies or when contacts were dropped.
    path: Option<([V; PATH], usize)>,
}

impl<'a> Judge<'a> {
    fn new(scene: &'a Scene<'a>, id: StrategyId, velocity: [f32; 2], out: &'a Outcome) -> Judge<'a> {
        let r = scene.r as f64;
        let (start, end) = (wide(out.start), wide(out.end));
        let p0 = add(start, wide(out.pushed_out));
        let mut j = Judge {
            scene,
            map: scene.map,
            params: scene.params,
            id,
            out,
            r,
            start,
            p0,
            end,
            v_in: wide(out.velocity_in),
            v_out: wide(out.velocity),
            v_before: wide(velocity),
            tol_start: 0.0,
            tol0: 0.0,
            tol1: 0.0,
            band: 0.0,
            path: None,
        };
        (j.tol_start, j.tol0, j.tol1, j.band) = (j.tol(start), j.tol(p0), j.tol(end), j.ulps2(p0));
        // The path the ball took: from p0 through each contact's centre (or the corner of its L)
        // to the end.
        let model = PathModel::of(id);
        if model != PathModel::None && out.dropped == 0 {
            let mut path = [[0.0f64; 2]; PATH];
            let mut n = 0;
            let mut push = |p: V| {
                path[n] = p;
                n += 1;
            };
            push(p0);
            match model {
                PathModel::Polyline => {
                    for c in out.contacts().iter().filter(|c| c.t > 0.0) {
                        push(wide(c.center));
                    }
                }
                PathModel::AxisByAxis => push([end[0], p0[1]]),
                PathModel::None => {}
            }
            push(end);
            j.path = Some((path, n));
        }
        j
    }

    /// The contact tolerance at `p`.
    fn tol(&self, p: V) -> f64 {
        self.params.tolerance([p[0] as f32, p[1] as f32], self.scene.r) as f64
    }

    /// The larger |coordinate| of the points (at least r).
    fn scale(&self, pts: &[V]) -> f64 {
        magnitude(pts, self.r)
    }

    /// 2 ulps of the coordinates at `p`: the rounding of a position to f32.
    fn ulps2(&self, p: V) -> f64 {
        2.0 * f32::EPSILON as f64 * self.scale(&[p])
    }

    /// Is cell `c` solid for this step, to claim a violation in it: solid, or a one-way cell the
    /// ball starts clearly above (by the step's tolerance, as the library decides it).
    fn surely_solid(&self, c: &Cell) -> bool {
        !c.one_way || one_way_active(c, self.p0, self.r, self.tol_start, self.band)
    }

    /// Is cell `c` possibly solid for this step, to count it as an obstacle: solid, or a one-way
    /// cell the ball may start above.
    fn maybe_solid(&self, c: &Cell) -> bool {
        !c.one_way || one_way_active(c, self.p0, self.r, self.tol_start, -self.band)
    }

    /// `push-out`; true when the ball is still embedded after it (the other checks are skipped).
    /// A band of ±1 % around the tolerance is not judged: there the library's own distance and
    /// this one may round to different sides.
    fn push_out(&self, sink: &mut dyn Sink) -> bool {
        let (map, r, start, p0, out) = (self.map, self.r, self.start, self.p0, self.out);
        let tol_start = self.tol_start;
        let mut deepest: Option<(f64, Cell)> = None;
        cells_near(map, start, start, r, |c| {
            let pen = r - c.distance(start);
            if !c.one_way && deepest.as_ref().is_none_or(|(d, _)| pen > *d) {
                deepest = Some((pen, c));
            }
        });
        let depth = deepest.as_ref().map_or(f64::NEG_INFINITY, |(d, _)| *d);
        if out.pushed_out != [0.0; 2] && depth < 0.99 * tol_start {
            say(sink, Check::PushOut, || {
                format!(
                    "started free (overlapping no solid by more than the tolerance {tol_start:.3e}; deepest {depth:.3e}) but was pushed by {}",
                    fmt2(wide(out.pushed_out))
                )
            });
            return true;
        }
        let Some((pen, c)) = deepest.filter(|(d, _)| *d > 1.01 * tol_start) else { return false };
        let over0 = self.tol0 + self.ulps2(p0);
        let mut still: Option<(f64, Cell)> = None;
        cells_near(map, p0, p0, r, |k| {
            let pen = r - k.distance(p0);
            if !k.one_way && pen > over0 && still.as_ref().is_none_or(|(d, _)| pen > *d) {
                still = Some((pen, k));
            }
        });
        let Some((pen2, k)) = still else { return false };
        say(sink, Check::PushOut, || {
            format!(
                "started overlapping cell {} by {pen:.6e} > tolerance {tol_start:.3e}; after the push-out {} it still overlaps cell {} by {pen2:.6e}",
                c.name(),
                fmt2(wide(out.pushed_out)),
                k.name()
            )
        });
        true
    }

    /// `overlap` at the end (tolerance + 2 ulps for the end's rounding); `one-way` at the end for
    /// the discrete strategies (those with a path are judged by where they entered, in
    /// [`Judge::path_checks`]: a discrete one must not end in a one-way cell it started above, it
    /// pushes up onto its top).
    fn end_overlap(&self, sink: &mut dyn Sink) {
        let (r, end, p0) = (self.r, self.end, self.p0);
        let (tol1, over1) = (self.tol1, self.tol1 + self.ulps2(end));
        let mut worst: Option<(f64, Cell)> = None;
        let mut worst_one_way: Option<(f64, Cell)> = None;
        cells_near(self.map, end, end, r, |c| {
            let pen = r - c.distance(end);
            if pen <= over1 {
                return;
            }
            let slot = if c.one_way { &mut worst_one_way } else { &mut worst };
            if self.surely_solid(&c) && slot.as_ref().is_none_or(|(d, _)| pen > *d) {
                *slot = Some((pen, c));
            }
        });
        if let Some((pen, c)) = worst {
            say(sink, Check::Overlap, || {
                format!(
                    "ends at {} overlapping solid cell {} by {pen:.6e} > tolerance {tol1:.3e} + 2 ulps",
                    fmt2(end),
                    c.name()
                )
            });
        }
        if let Some((pen, c)) = worst_one_way.filter(|_| PathModel::of(self.id) == PathModel::None) {
            say(sink, Check::OneWay, || {
                format!(
                    "started with its lowest point at {} ≥ one-way cell {}'s top {} and ends at {} overlapping it by {pen:.6e}",
                    (p0[1] - r) as f32,
                    c.name(),
                    c.hi[1] as f32,
                    fmt2(end)
                )
            });
        }
    }

    /// `tunnel`, and `one-way` along the path.
    fn path_checks(&self, sink: &mut dyn Sink) {
        let Some((path, n)) = self.path else { return };
        let (map, r) = (self.map, self.r);
        let band = self.band;
        let slack = |a: V, b: V| (self.tol(a) + self.ulps2(a)).max(self.tol(b) + self.ulps2(b));
        let mut through: Option<(f64, Cell, usize)> = None;
        let mut through_one_way: Option<(f64, Cell, usize)> = None;
        let mut one_way_near: Vec<Cell> = Vec::new();
        for k in 0..n - 1 {
            let (a, b) = (path[k], path[k + 1]);
            let t = slack(a, b);
            cells_near(map, a, b, r, |c| {
                if !self.surely_solid(&c) {
                    return;
                }
                let pen = r - c.segment_distance(a, b);
                if pen <= t {
                    return;
                }
                if c.one_way {
                    // A run of one-way cells in a row is one platform: its inner seams are not
                    // where a ball enters it.
                    let run = one_way_run(map, &c);
                    if !one_way_near.iter().any(|o: &Cell| (o.col, o.row) == (run.col, run.row)) {
                        one_way_near.push(run);
                    }
                } else if through.as_ref().is_none_or(|(d, _, _)| pen > *d) {
                    through = Some((pen, c, k));
                }
            });
        }
        // Passing into a one-way platform is a fault only through its top: where the path starts
        // to touch it, the centre is above the top (a contact on the top edge with an upward
        // normal, which blocks). A ball that starts to touch it from a side or from below passes,
        // even if its centre rises above the top while it overlaps. Each stretch of the path in
        // contact with it (distance < r) is judged by where that stretch began.
        for c in &one_way_near {
            let mut from_above: Option<bool> = None;
            for k in 0..n - 1 {
                let (a, b) = (path[k], path[k + 1]);
                if c.distance(a) < r {
                    if k == 0 {
                        from_above = Some(a[1] > c.hi[1] + band);
                    }
                } else {
                    from_above = entry_point(c, a, b, r).map(|e| e[1] > c.hi[1] + band);
                }
                let pen = r - c.segment_distance(a, b);
                if from_above == Some(true)
                    && pen > slack(a, b)
                    && through_one_way.as_ref().is_none_or(|(d, _, _)| pen > *d)
                {
                    through_one_way = Some((pen, *c, k));
                }
                if c.distance(b) >= r {
                    from_above = None;
                }
            }
        }
        let describe = |k: usize| {
            let pts: Vec<String> = path[..n].iter().map(|p| fmt2(*p)).collect();
            format!("segment {k} of the path {}", pts.join(" → "))
        };
        if let Some((pen, c, k)) = through {
            say(sink, Check::Tunnel, || {
                format!("{} passes {pen:.6e} deep into solid cell {} (beyond the tolerance)", describe(k), c.name())
            });
        }
        if let Some((pen, c, k)) = through_one_way {
            say(sink, Check::OneWay, || {
                format!(
                    "started above the one-way platform from cell {} (top {}); {} enters it through its top, {pen:.6e} deep",
                    c.name(),
                    c.hi[1] as f32,
                    describe(k)
                )
            });
        }
    }

    /// `free-path`: the straight path keeps `r + tol` clear of everything that may block it.
    fn free_path(&self, sink: &mut dyn Sink) {
        let (p0, v_in, v_out, end) = (self.p0, self.v_in, self.v_out, self.end);
        let target = add(p0, v_in);
        let margin = self.r + self.tol0.max(self.tol(target));
        let mut clearance = f64::INFINITY;
        cells_near(self.map, p0, target, margin, |c| {
            if self.maybe_solid(&c) {
                clearance = clearance.min(c.segment_distance(p0, target));
            }
        });
        if clearance < margin {
            return;
        }
        let miss = len(sub(end, target));
        let eps = rounding(self.scale(&[p0, target, end]));
        let dv = len(sub(v_out, v_in));
        if miss > eps || dv > 1e-6 * len(v_in) {
            say(sink, Check::FreePath, || {
                format!(
                    "the straight path {} → {} keeps {clearance:.6e} ≥ r + tol = {margin:.6e} clear of every solid, but the ball ends at {} ({miss:.3e} short) with velocity {} (in: {})",
                    fmt2(p0),
                    fmt2(target),
                    fmt2(end),
                    fmt2(v_out),
                    fmt2(v_in)
                )
            });
        }
    }

    /// The contacts the reference sees at `p`: cells within `r + within` that `solid` accepts,
    /// with their normal (a one-way cell only from above; a seam corner of a flush surface not at
    /// all), into `out`; and whether the centre is inside a cell.
    fn touching(&self, p: V, within: f64, solid: impl Fn(&Cell) -> bool, out: &mut [(Cell, V); 32]) -> (usize, bool) {
        let (map, r) = (self.map, self.r);
        let mut n = 0;
        let mut inside = false;
        cells_near(map, p, p, r + within, |c| {
            if !solid(&c) {
                return;
            }
            let q = c.closest(p);
            let d = len(sub(p, q));
            if d > r + within {
                return;
            }
            if d == 0.0 {
                inside = true;
                return;
            }
            let nrm = scale(sub(p, q), 1.0 / d);
            if c.one_way && nrm[1] <= 0.0 {
                return;
            }
            // A corner shared with a solid neighbour beside it (along x) or above or below it
            // (along y), on the side the centre is, is a seam of a flush surface: the neighbour's
            // face is nearer, and the region has no corner there (a sunk ball's ghost contact).
            if q[0] != p[0] && q[1] != p[1] {
                let step = |k: usize, up: bool| if up { k.checked_add(1) } else { k.checked_sub(1) };
                let (right, above) = (p[0] > q[0], p[1] > q[1]);
                let beside = step(c.col, right).and_then(|col| cell_at(map, col, c.row));
                let over = step(c.row, above).and_then(|row| cell_at(map, c.col, row));
                if beside.iter().chain(over.iter()).any(&solid) {
                    return;
                }
            }
            if n < out.len() {
                out[n] = (c, nrm);
                n += 1;
            }
        });
        (n, inside)
    }

    /// `freeze`: a stall is a step that moves less than 1 % of the velocity its contacts at p0
    /// allow (when that is more than twice the tolerance); [`FREEZE_STEPS`] in a row is a freeze.
    fn freeze(&self, state: &mut RunState, step_index: u64, sink: &mut dyn Sink) {
        let mut at_start = [EMPTY_CONTACT; 32];
        let (n0, inside0) = self.touching(self.p0, self.tol0, |c| self.maybe_solid(c), &mut at_start);
        let mut normals = [[0.0; 2]; 32];
        for (k, (_, n)) in at_start[..n0].iter().enumerate() {
            normals[k] = *n;
        }
        let free_v = allowed(self.v_in, &normals[..n0]);
        // How far the ball went: along its path where it has one (a ball that bounces and comes
        // back to the same place within a step moved), else from start to end.
        let moved = match self.path {
            Some((pts, n)) => {
                pts[..n].windows(2).map(|w| len(sub(w[1], w[0]))).sum::<f64>() + len(sub(self.p0, self.start))
            }
            None => len(sub(self.end, self.start)),
        };
        let stalled = !inside0 && len(free_v) > 2.0 * self.tol0 && moved < 0.01 * len(free_v);
        if !stalled {
            state.stall = 0;
            state.stall_from = None;
            return;
        }
        if state.stall == 0 {
            state.stall_from = Some((step_index, self.out.start, [self.v_before[0] as f32, self.v_before[1] as f32]));
        }
        state.stall += 1;
        if state.stall == FREEZE_STEPS {
            say(sink, Check::Freeze, || {
                format!(
                    "{FREEZE_STEPS} steps without moving (this one {moved:.3e}) at {} with velocity {} of which {} is allowed by its {} contact(s)",
                    fmt2(self.end),
                    fmt2(self.v_in),
                    fmt2(free_v),
                    n0
                )
            });
        }
    }

    /// `into-surface`: surfaces touched exactly (distance ≤ r, as the sweep's first step decides
    /// it; a relative 1e-12 for the square root) at the start, at every vertex of the path and at
    /// the end. A ball hovering above a surface by less than an ulp is not touching it, and one
    /// that bounced off it and is coming back (in a gap exactly 2r wide, with restitution) may end
    /// on it, rounded, with its velocity into it: that is flight, not velocity piling into a
    /// resting contact. At a corner grazed within rounding of one of its faces' lines the normal is
    /// known only to `√(2·rounding/r)`: that much of the velocity may go into it.
    fn velocity_into_surface(&self, sink: &mut dyn Sink) {
        let (r, p0, end) = (self.r, self.p0, self.end);
        let near = |p: V| 1e-12 * self.scale(&[p]);
        let mut at_end = [EMPTY_CONTACT; 32];
        let (n1, _) = self.touching(end, near(end), |c| self.surely_solid(c), &mut at_end);
        let stays = |c: &Cell| match self.path {
            Some((pts, n)) => pts[..n].iter().all(|q| c.distance(*q) <= r + near(*q)),
            None => true,
        };
        for (c, nrm) in &at_end[..n1] {
            if c.distance(p0) > r + near(p0) || !stays(c) {
                continue;
            }
            let into_out = (-dot(self.v_out, *nrm)).max(0.0);
            let into_before = (-dot(self.v_before, *nrm)).max(0.0);
            // The normal is known to the rounding of the positions over r; at a corner that the centre
            // passes within rounding of one of its faces' lines (`|n|` off an axis by at most
            // `√(2·rounding/r)`), only to that: the library takes the face's normal there, and a
            // rounding `δ` tilts the corner's normal by `√(2δ/r)`.
            let round = rounding(self.scale(&[end]));
            let graze = (2.0 * round / r).sqrt();
            let corner_graze = nrm[0] != 0.0 && nrm[1] != 0.0 && nrm[0].abs().min(nrm[1].abs()) <= graze;
            let angle = round / r + if corner_graze { graze } else { 0.0 };
            let eps = 1e-6 * (len(self.v_in) + len(self.v_before)) + angle * len(self.v_out) + f32::MIN_POSITIVE as f64;
            if into_out > into_before + eps {
                say(sink, Check::IntoSurface, || {
                    format!(
                        "touches cell {} all along the step (normal {}); the velocity goes {into_out:.6e} into it, the step began with {into_before:.6e} (velocity {} → {})",
                        c.name(),
                        fmt2(*nrm),
                        fmt2(self.v_before),
                        fmt2(self.v_out)
                    )
                });
                return;
            }
        }
    }

    /// `budget-clip`: the budget ran out when the strategy made all its sweeps ([`budget`]) and
    /// the last ended before the end of the step; then no contact of the move may keep velocity
    /// into it. The push-out's contact (the first, at t = 0, when the ball was pushed) is neither
    /// a sweep nor one of the move's contacts: its surface, which the ball may have left, is the
    /// push-out's to clip against, and it does.
    fn budget_clip(&self, sink: &mut dyn Sink) {
        let Some(b) = budget(self.id) else { return };
        let out = self.out;
        let skip = usize::from(out.pushed_out != [0.0; 2] && out.len > 0);
        let moves = &out.contacts()[skip..];
        let sweeps = moves.iter().filter(|c| c.t < 1.0).count();
        let last_t = moves.iter().filter(|c| c.t < 1.0).map(|c| c.t).next_back();
        if out.dropped > 0 || sweeps < b || last_t.is_none() {
            return;
        }
        let eps = 1e-6 * len(self.v_in) + f32::MIN_POSITIVE as f64;
        let v_out = self.v_out;
        if let Some(c) = moves.iter().find(|c| dot(v_out, wide(c.normal)) < -eps) {
            say(sink, Check::BudgetClip, || {
                format!(
                    "the budget ran out ({sweeps} sweeps, the last at t = {}) and the velocity {} still goes {:.6e} into contact normal {} (cell index {})",
                    last_t.unwrap_or(1.0),
                    fmt2(v_out),
                    -dot(v_out, wide(c.normal)),
                    fmt2(wide(c.normal)),
                    c.index
                )
            });
        }
    }

    /// `speed-gain`: without gravity (restitution at most 1), no step ends faster than it began.
    fn speed_gain(&self, sink: &mut dyn Sink) {
        let p = &self.params;
        let (a, b) = (len(self.v_in), len(self.v_out));
        if p.gravity == [0.0; 2] && p.restitution <= 1.0 && b > a * (1.0 + 1e-6) + 1e-30 {
            say(sink, Check::SpeedGain, || format!("without gravity the speed grew from {a:.9e} to {b:.9e}"));
        }
    }

    /// `flush-slide`, for a sliding ball (restitution 0) resting on one of the scene's surfaces.
    fn flush_slide(&self, sink: &mut dyn Sink) {
        if self.params.restitution != 0.0 || self.scene.surfaces.is_empty() {
            return;
        }
        let (map, r, p0, end, v_in, v_out, tol0) =
            (self.map, self.r, self.p0, self.end, self.v_in, self.v_out, self.tol0);
        // The surfaces the ball is at (within the tolerance) along the whole move, with their axis
        // and side: they are not obstacles to the slide.
        let ulps2 = self.ulps2(p0);
        let mut resting: Vec<(Surface, usize, f64)> = Vec::new();
        let mut rests = false;
        for s in self.scene.surfaces {
            let (line, ext) = s.geometry(map);
            let (a, side) = s.facing.axis_side();
            let b = 1 - a;
            let gap = (p0[a] - line) * side - r;
            let along_end = p0[b] + v_in[b];
            let within = |x: f64| ext[0] <= x && x <= ext[1];
            if gap.abs() <= tol0 && within(p0[b]) && within(along_end) {
                resting.push((*s, a, side));
                // Resting on it: touching or sunk within the tolerance, and not moving away; or
                // within the rounding of touching and moving exactly along it. (A ball hovering
                // above it within the tolerance may fall onto it: its height changes.)
                rests |= v_in[a] * side <= 0.0 && (gap <= 0.0 || (gap <= ulps2 && v_in[a] == 0.0));
            }
        }
        let Some(&(_, a, _)) = resting.first() else { return };
        if !rests || resting.iter().any(|(_, k, _)| *k != a) {
            return; // not resting; or at a floor and a wall at once: an inside corner, not a slide
        }
        let b = 1 - a;
        let mut along = [0.0; 2];
        along[b] = v_in[b];
        let target = add(p0, along);
        // Nothing else within reach of the path along the surface.
        let reach = r + tol0.max(self.tol(target));
        let mut clear = true;
        cells_near(map, p0, target, reach, |c| {
            if resting.iter().any(|(s, _, _)| s.contains(c.col, c.row)) || !self.maybe_solid(&c) {
                return;
            }
            clear &= c.segment_distance(p0, target) >= reach;
        });
        if !clear {
            return;
        }
        let eps = rounding(self.scale(&[p0, target, end]));
        let dv = 1e-6 * len(v_in) + f32::MIN_POSITIVE as f64;
        let height = (end[a] - p0[a]).abs();
        let short = (end[b] - target[b]).abs();
        if height > eps || short > eps || (v_out[b] - v_in[b]).abs() > dv || v_out[a].abs() > dv {
            say(sink, Check::FlushSlide, || {
                format!(
                    "resting on a flush {} surface at {} with velocity {}: ends at {} (height {} by {height:.3e}, {short:.3e} from the full move) with velocity {} (expected {})",
                    resting[0].0.facing.id(),
                    fmt2(p0),
                    fmt2(v_in),
                    fmt2(end),
                    if height > eps { "changed" } else { "kept" },
                    fmt2(v_out),
                    fmt2(along)
                )
            });
        }
    }

    /// `graze-normal`, for the swept slide family: there each sub-move is a straight sweep along
    /// the velocity left, and a velocity component that is exactly 0 keeps that coordinate of the
    /// centre exact. So a contact reached with `u[a] = 0`, whose centre is exactly r off its point
    /// along a and level with it along the other axis, is exactly tangent: its normal is the axis.
    fn graze_normal(&self, sink: &mut dyn Sink) {
        let out = self.out;
        if budget(self.id) != Some(ball_aabb::motion::MAX_ITERATIONS) || out.pushed_out != [0.0; 2] {
            return;
        }
        let slide = self.params.restitution.is_nan() || self.params.restitution <= 0.0;
        let mut exact = [out.velocity_in[0] == 0.0, out.velocity_in[1] == 0.0];
        for c in out.contacts().iter().take(ball_aabb::motion::MAX_ITERATIONS) {
            for a in 0..2 {
                let b = 1 - a;
                let off = c.center[a] as f64 - c.point[a] as f64;
                if !(exact[a] && c.center[b] == c.point[b] && off.abs() == self.r && self.r > 0.0) {
                    continue;
                }
                let mut want = [0.0f32; 2];
                want[a] = off.signum() as f32;
                if c.normal != want {
                    say(sink, Check::GrazeNormal, || {
                        format!(
                            "contact at centre {:?}, point {:?}, reached moving along {} only: exactly r = {} off along {}, normal {:?} instead of {:?}",
                            c.center,
                            c.point,
                            ["x", "y"][b],
                            self.scene.r,
                            ["x", "y"][a],
                            c.normal,
                            want
                        )
                    });
                    return;
                }
            }
            // What the response does to the velocity's exact zeros.
            let n = c.normal;
            for a in 0..2 {
                let along_a = n[1 - a] == 0.0 && n[a].abs() == 1.0;
                let along_other = n[a] == 0.0 && n[1 - a].abs() == 1.0;
                if along_a {
                    exact[a] |= slide;
                } else if !along_other {
                    exact[a] = false;
                }
            }
        }
    }
}

/// A placeholder for the fixed contact arrays.
const EMPTY_CONTACT: (Cell, V) = (Cell { col: 0, row: 0, lo: [0.0; 2], hi: [0.0; 2], one_way: false }, [0.0; 2]);
