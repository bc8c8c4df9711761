//! Motion at the command line: `query --velocity` / swept CSV lines and the `move` command, end to
//! end through the binary.
//!
//! Expected values come from an exact reference written here (a piecewise-quadratic time of impact
//! decided in rational integer arithmetic), or from hand arithmetic written next to the case; never
//! from the code under test.

use crate::common::Seeded;
use crate::support::{bin, floats, run, scratch_dir};
use serde_json::Value;
use std::cmp::Ordering;

/// `move`'s one JSON object (the command must succeed).
fn run_move(args: &[&str]) -> Value {
    let mut all = vec!["move"];
    all.extend_from_slice(args);
    let (code, out, raw, err) = run(&all, None);
    assert_eq!(code, 0, "{all:?}: {err}");
    assert_eq!(out.len(), 1, "{raw}");
    assert!(!raw.contains("-0.0") && !raw.contains("null"), "{raw}");
    out.into_iter().next().unwrap()
}

// ---------------------------------------------------------------------------------------------
// The exact reference: a ball's centre moving along c + t·v, t ∈ [0, 1], against a box, all
// coordinates integers (the test's inputs are quarters, scaled by 4). The squared distance from
// the centre to the box, g(t) = Σ e_i(t)² with e_i = max(lo_i − x_i, 0, x_i − hi_i), is a
// quadratic between the times where the centre crosses a slab bound (rational breakpoints). On each
// piece the smallest t with g(t) ≤ r² is decided exactly in i128 (g at the piece's start, and at the
// vertex of the quadratic clamped to the piece); only the root itself is taken in f64.
// ---------------------------------------------------------------------------------------------

/// A non-negative rational p/q, q > 0.
#[derive(Clone, Copy, Debug)]
struct Rat {
    p: i128,
    q: i128,
}

impl Rat {
    fn new(p: i128, q: i128) -> Rat {
        if q < 0 {
            Rat { p: -p, q: -q }
        } else {
            Rat { p, q }
        }
    }
    fn cmp(self, o: Rat) -> Ordering {
        (self.p * o.q).cmp(&(o.p * self.q))
    }
    fn f64(self) -> f64 {
        self.p as f64 / self.q as f64
    }
    fn mid(self, o: Rat) -> Rat {
        Rat::new(self.p * o.q + o.p * self.q, 2 * self.q * o.q)
    }
}

#[derive(Clone, Debug)]
struct RefSweep<const D: usize> {
    c: [i64; D],
    r: i64,
    lo: [i64; D],
    hi: [i64; D],
    v: [i64; D],
}

#[derive(Debug, PartialEq)]
struct RefHit {
    t: f64,
    initial: bool,
}

impl<const D: usize> RefSweep<D> {
    /// Σ over the axes where the centre at t = p/q is outside the slab (judged at `at`, a time
    /// inside the same piece) of (q·(c − bound) + p·v)², and q²: g(t) = sum / q².
    fn g_scaled(&self, t: Rat, at: Rat) -> i128 {
        (0..D)
            .map(|i| {
                let x_at = self.c[i] as i128 * at.q + self.v[i] as i128 * at.p; // x(at)·at.q
                let bound = if x_at < self.lo[i] as i128 * at.q {
                    self.lo[i]
                } else if x_at > self.hi[i] as i128 * at.q {
                    self.hi[i]
                } else {
                    return 0;
                };
                let e = t.q * (self.c[i] - bound) as i128 + t.p * self.v[i] as i128;
                e * e
            })
            .sum()
    }

    fn solve(&self) -> Option<RefHit> {
        let r2 = (self.r as i128) * (self.r as i128);
        // Breakpoints in (0, 1), sorted, with 0 and 1.
        let mut ts = vec![Rat::new(0, 1), Rat::new(1, 1)];
        for i in 0..D {
            if self.v[i] != 0 {
                for b in [self.lo[i], self.hi[i]] {
                    let t = Rat::new((b - self.c[i]) as i128, self.v[i] as i128);
                    if t.cmp(Rat::new(0, 1)) == Ordering::Greater && t.cmp(Rat::new(1, 1)) == Ordering::Less {
                        ts.push(t);
                    }
                }
            }
        }
        ts.sort_by(|a, b| a.cmp(*b));
        for (k, w) in ts.windows(2).enumerate() {
            let (t0, t1) = (w[0], w[1]);
            if t0.cmp(t1) == Ordering::Equal {
                continue;
            }
            let mid = t0.mid(t1);
            // At the piece's start (g is continuous, so the piece's quadratic gives g(t0)).
            if self.g_scaled(t0, mid) <= r2 * t0.q * t0.q {
                return Some(RefHit { t: t0.f64(), initial: k == 0 });
            }
            // The quadratic of this piece: Σ (d_i + t v_i)² over the active axes = A t² + B t + C.
            let (mut a, mut b, mut c) = (0i128, 0i128, 0i128);
            for i in 0..D {
                let x_mid = self.c[i] as i128 * mid.q + self.v[i] as i128 * mid.p;
                let bound = if x_mid < self.lo[i] as i128 * mid.q {
                    self.lo[i]
                } else if x_mid > self.hi[i] as i128 * mid.q {
                    self.hi[i]
                } else {
                    continue;
                };
                let d = (self.c[i] - bound) as i128;
                let v = self.v[i] as i128;
                a += v * v;
                b += 2 * d * v;
                c += d * d;
            }
            if a == 0 {
                continue; // constant, > r² (checked at t0)
            }
            // Vertex −B/(2A), clamped to [t0, t1].
            let mut tm = Rat::new(-b, 2 * a);
            if tm.cmp(t0) == Ordering::Less {
                tm = t0;
            }
            if tm.cmp(t1) == Ordering::Greater {
                tm = t1;
            }
            if self.g_scaled(tm, mid) <= r2 * tm.q * tm.q {
                // The smaller root of A t² + B t + (C − r²) = 0 lies in (t0, tm].
                let disc = b * b - 4 * a * (c - r2);
                assert!(disc >= 0, "reference bug: no root but a point within r: {self:?}");
                let t = (-(b as f64) - (disc as f64).sqrt()) / (2.0 * a as f64);
                return Some(RefHit { t: t.clamp(t0.f64(), tm.f64()), initial: false });
            }
        }
        None
    }

    /// The exact contact state at c + v: "separated" / "touching" / "overlapping" (r > 0 here).
    fn end_state(&self) -> &'static str {
        let d2: i64 = (0..D)
            .map(|i| {
                let x = self.c[i] + self.v[i];
                let e = (self.lo[i] - x).max(0).max(x - self.hi[i]);
                e * e
            })
            .sum();
        match d2.cmp(&(self.r * self.r)) {
            Ordering::Less => "overlapping",
            Ordering::Equal => "touching",
            Ordering::Greater => "separated",
        }
    }

    /// The expected normal (unit) for a hit at `t` (in scaled units; the direction is the same).
    /// A later hit: from the closest point of the box to the centre (at distance r > 0). An initial
    /// one: the push-out direction — away from the closest point when the centre is strictly outside,
    /// otherwise out through the least-penetrated face, ties to the first of x-min, x-max, y-min, ...
    fn normal(&self, t: f64, initial: bool) -> [f64; D] {
        let x: Vec<f64> = (0..D).map(|i| self.c[i] as f64 + t * self.v[i] as f64).collect();
        let outside = (0..D).any(|i| x[i] < self.lo[i] as f64 || x[i] > self.hi[i] as f64);
        let mut n = [0.0; D];
        if !initial || outside {
            for i in 0..D {
                n[i] = x[i] - x[i].clamp(self.lo[i] as f64, self.hi[i] as f64);
            }
            let len = n.iter().map(|v| v * v).sum::<f64>().sqrt();
            n.iter_mut().for_each(|v| *v /= len);
        } else {
            let mut best = (f64::INFINITY, 0, 0.0);
            for (i, &xi) in x.iter().enumerate() {
                for (depth, sign) in [(xi - self.lo[i] as f64, -1.0), (self.hi[i] as f64 - xi, 1.0)] {
                    if depth < best.0 {
                        best = (depth, i, sign);
                    }
                }
            }
            n[best.1] = best.2;
        }
        n
    }

    /// The feature at a later hit: how many axes the centre is outside the slab on (1 face, 2 edge in
    /// 3D / corner in 2D, 3 corner); `None` when the centre is within `margin` of a slab bound.
    fn feature(&self, t: f64, margin: f64) -> Option<&'static str> {
        let mut outside = 0;
        for i in 0..D {
            let x = self.c[i] as f64 + t * self.v[i] as f64;
            let (lo, hi) = (self.lo[i] as f64, self.hi[i] as f64);
            if (x - lo).abs() < margin || (x - hi).abs() < margin {
                return None;
            }
            outside += usize::from(x < lo || x > hi);
        }
        Some(match (outside, D) {
            (1, _) => "face",
            (2, 3) => "edge",
            _ => "corner",
        })
    }
}

/// Quarters: every input is k/4, exact in f32; the reference works in units of 1/4.
const SCALE: f64 = 4.0;

fn random_sweep<const D: usize>(rng: &mut Seeded) -> RefSweep<D> {
    let mut lo = [0; D];
    let mut hi = [0; D];
    for i in 0..D {
        lo[i] = rng.int(-40, 40);
        // Now and then a degenerate box (a segment or a point).
        hi[i] = lo[i] + if rng.below(8) == 0 { 0 } else { rng.int(1, 48) };
    }
    let r = rng.int(1, 40);
    let mut c = [0; D];
    for ci in c.iter_mut() {
        *ci = rng.int(-160, 160);
    }
    let mut v = [0; D];
    match rng.below(10) {
        // Aimed at a point near the box, overshooting or falling short.
        0..=4 => {
            let k = rng.int(1, 3);
            for i in 0..D {
                let target = rng.int(lo[i] - r, hi[i] + r);
                v[i] = (target - c[i]) * k / 2 + rng.int(-3, 3);
            }
        }
        // Anywhere.
        5 | 6 => {
            for vi in v.iter_mut() {
                *vi = rng.int(-240, 240);
            }
        }
        // A graze: the centre exactly r outside one face's plane, moving parallel to it.
        7 | 8 => {
            let a = rng.below(D as u64) as usize;
            c[a] = if rng.coin() { hi[a] + r } else { lo[a] - r };
            for (i, vi) in v.iter_mut().enumerate() {
                *vi = if i == a { 0 } else { rng.int(-240, 240) };
            }
        }
        // Still.
        _ => {}
    }
    RefSweep { c, r, lo, hi, v }
}

fn csv_line<const D: usize>(s: &RefSweep<D>) -> String {
    let q = |x: i64| (x as f64 / SCALE).to_string();
    let mut parts: Vec<String> = s.c.iter().map(|&x| q(x)).collect();
    parts.push(q(s.r));
    parts.extend(s.lo.iter().chain(&s.hi).chain(&s.v).map(|&x| q(x)));
    parts.join(",")
}

/// Checks one `sweep` object against the reference; returns whether it was a hit.
fn check_sweep<const D: usize>(s: &RefSweep<D>, obj: &Value, line: &str) -> bool {
    let sw = &obj["sweep"];
    let keys: Vec<&str> = sw.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["hit", "t", "initial", "feature", "center", "point", "normal", "end_state"], "{line}");
    assert_eq!(sw["end_state"], s.end_state(), "{line}: {sw}");
    let expected = s.solve();
    assert_eq!(sw["hit"].as_bool(), Some(expected.is_some()), "{line}: reference {expected:?}, got {sw}");
    let Some(e) = expected else {
        for k in ["t", "feature", "center", "point", "normal"] {
            assert!(sw[k].is_null(), "{line}: {k} in {sw}");
        }
        assert_eq!(sw["initial"], false, "{line}");
        return false;
    };
    let t = sw["t"].as_f64().unwrap();
    assert!((t - e.t).abs() <= 2e-4, "{line}: t {t}, reference {}", e.t);
    assert_eq!(sw["initial"].as_bool(), Some(e.initial), "{line}: {sw}");
    if e.initial {
        assert_eq!(t, 0.0, "{line}");
    }
    // The centre at impact, in real units: c + t·v, within what t's tolerance allows.
    let speed = s.v.iter().map(|&x| (x as f64 / SCALE).powi(2)).sum::<f64>().sqrt();
    let center_tol = 2e-4 * speed + 1e-4;
    let center = floats(&sw["center"]);
    for i in 0..D {
        let want = (s.c[i] as f64 + e.t * s.v[i] as f64) / SCALE;
        assert!((center[i] - want).abs() <= center_tol, "{line}: center {center:?}, reference axis {i} {want}");
    }
    // The normal: unit, and the reference's direction.
    let normal = floats(&sw["normal"]);
    let len = normal.iter().map(|x| x * x).sum::<f64>().sqrt();
    assert!((len - 1.0).abs() < 1e-5, "{line}: |normal| = {len}");
    let want = s.normal(e.t, e.initial);
    let r = s.r as f64 / SCALE;
    for i in 0..D {
        assert!(
            (normal[i] - want[i]).abs() <= 1e-3 + 2.0 * center_tol / r,
            "{line}: normal {normal:?}, reference {want:?}"
        );
    }
    if !e.initial {
        // The contact point is on the box, r from the centre along the normal.
        let point = floats(&sw["point"]);
        for i in 0..D {
            assert!((point[i] - (center[i] - r * normal[i])).abs() <= 1e-3 + center_tol, "{line}: point {point:?}");
            assert!(point[i] >= s.lo[i] as f64 / SCALE - 1e-4 && point[i] <= s.hi[i] as f64 / SCALE + 1e-4);
        }
        if let Some(feature) = s.feature(e.t, 1e-3 * SCALE + 4.0 * center_tol * SCALE) {
            assert_eq!(sw["feature"], feature, "{line}: {sw}");
        }
    }
    assert!(["face", "edge", "corner"].contains(&sw["feature"].as_str().unwrap()), "{line}");
    true
}

/// Issue 10's check: `query --csv` on random swept cases (quarters) agrees with the exact reference
/// on hit, t (±2e-4), initial, center, normal, and on the state at the end, in 2D and 3D.
#[test]
fn swept_csv_agrees_with_the_exact_reference() {
    let mut rng = Seeded::new(0x5EE9);
    let cases2: Vec<RefSweep<2>> = (0..700).map(|_| random_sweep(&mut rng)).collect();
    let cases3: Vec<RefSweep<3>> = (0..700).map(|_| random_sweep(&mut rng)).collect();
    let mut input = String::from("# cx,cy,r,minx,miny,maxx,maxy,vx,vy and the 13-number 3D form\n");
    let lines2: Vec<String> = cases2.iter().map(csv_line).collect();
    let lines3: Vec<String> = cases3.iter().map(csv_line).collect();
    for l in lines2.iter().chain(&lines3) {
        input.push_str(l);
        input.push('\n');
    }
    let (code, out, _, err) = run(&["query", "--csv", "-"], Some(&input));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.len(), cases2.len() + cases3.len());
    let (mut hits, mut initial, mut through) = (0, 0, 0);
    for (k, s) in cases2.iter().enumerate() {
        assert_eq!(out[k]["line"].as_u64(), Some(k as u64 + 2));
        hits += usize::from(check_sweep(s, &out[k], &lines2[k]));
        initial += usize::from(out[k]["sweep"]["initial"] == true);
        through += usize::from(s.solve().is_some_and(|h| !h.initial) && out[k]["sweep"]["end_state"] == "separated");
    }
    for (k, s) in cases3.iter().enumerate() {
        let o = &out[cases2.len() + k];
        hits += usize::from(check_sweep(s, o, &lines3[k]));
        initial += usize::from(o["sweep"]["initial"] == true);
    }
    // The mix is worth something: many hits, some at t = 0, some misses, some passing through.
    let n = cases2.len() + cases3.len();
    assert!(hits > n / 3 && hits < n - n / 10, "hits {hits} of {n}");
    assert!(initial > 20, "initial {initial}");
    assert!(through > 10, "hit but separated at the end (tunnelling for a discrete test): {through}");
}

// ---------------------------------------------------------------------------------------------
// `query --velocity`, hand-computed.
// ---------------------------------------------------------------------------------------------

/// A thin wall at high speed: the discrete test at the end says separated, the sweep says hit.
#[test]
fn query_velocity_shows_tunnelling() {
    // Wall x ∈ [5, 5.5], ball r = 0.5 at the origin moving 100 to the right: it touches the wall when
    // the centre reaches x = 5 − 0.5 = 4.5, at t = 4.5 / 100 = 0.045; the contact point (5, 0), the
    // normal (−1, 0), a face. At the end (100, 0) it is far beyond the wall: separated.
    let (code, out, raw, err) =
        run(&["query", "--circle", "0,0,0.5", "--box", "5,-1,5.5,1", "--velocity", "100,0"], None);
    assert_eq!(code, 0, "{err}");
    assert!(!raw.contains("-0.0"), "{raw}");
    let sw = &out[0]["sweep"];
    assert_eq!(sw["hit"], true);
    assert!((sw["t"].as_f64().unwrap() - 0.045).abs() < 1e-6, "{sw}");
    assert_eq!(sw["initial"], false);
    assert_eq!(sw["feature"], "face");
    let c = floats(&sw["center"]);
    assert!((c[0] - 4.5).abs() < 1e-5 && c[1] == 0.0, "{sw}");
    let p = floats(&sw["point"]);
    assert!((p[0] - 5.0).abs() < 1e-5 && p[1] == 0.0, "{sw}");
    assert_eq!(floats(&sw["normal"]), [-1.0, 0.0]);
    assert_eq!(sw["end_state"], "separated");
    // The rest of the object is the still case's, at the start.
    assert_eq!(out[0]["state"], "separated");
    assert_eq!(floats(&out[0]["circle"]["center"]), [0.0, 0.0]);
}

#[test]
fn query_velocity_3d_corner_and_miss() {
    // Sphere r = 3 from (4, 4, 4) straight down the diagonal by (−4, −4, −4) against the unit box
    // [−1, 1]³: the centre (4 − 4t)·(1, 1, 1) is 3 from the corner (1, 1, 1) when √3·(3 − 4t) = 3,
    // t = (3 − √3) / 4 ≈ 0.316987; normal (1, 1, 1)/√3, point (1, 1, 1), a corner. The end (0, 0, 0)
    // is inside: overlapping.
    let (code, out, _, err) =
        run(&["query", "--sphere", "4,4,4,3", "--box", "-1,-1,-1,1,1,1", "--velocity", "-4,-4,-4"], None);
    assert_eq!(code, 0, "{err}");
    let sw = &out[0]["sweep"];
    assert_eq!((sw["hit"].as_bool(), sw["feature"].as_str()), (Some(true), Some("corner")), "{sw}");
    let t = (3.0 - 3f64.sqrt()) / 4.0;
    assert!((sw["t"].as_f64().unwrap() - t).abs() < 1e-5, "{sw}");
    let k = 1.0 / 3f64.sqrt();
    for (got, want) in floats(&sw["normal"]).iter().zip([k, k, k]) {
        assert!((got - want).abs() < 1e-5, "{sw}");
    }
    for got in floats(&sw["point"]) {
        assert!((got - 1.0).abs() < 1e-5, "{sw}");
    }
    assert_eq!(sw["end_state"], "overlapping");
    // Moving away along +x from 3 beyond the right face with r = 1: never touches.
    let (code, out, raw, _) =
        run(&["query", "--sphere", "4,0,0,1", "--box", "-1,-1,-1,1,1,1", "--velocity", "10,0,0"], None);
    assert_eq!(code, 0);
    let sw = &out[0]["sweep"];
    assert_eq!(sw["hit"], false);
    assert_eq!(sw["initial"], false);
    for k in ["t", "feature", "center", "point", "normal"] {
        assert!(sw[k].is_null(), "{k}: {raw}");
    }
    assert_eq!(sw["end_state"], "separated");
    // Already touching at t = 0, moving away: a hit at t = 0, initial, normal = the push direction.
    // Centre (2, 0, 0), r = 1: touching the face x = 1.
    let (_, out, _, _) = run(&["query", "--sphere", "2,0,0,1", "--box", "-1,-1,-1,1,1,1", "--velocity", "1,0,0"], None);
    let sw = &out[0]["sweep"];
    assert_eq!((sw["hit"].as_bool(), sw["initial"].as_bool(), sw["t"].as_f64()), (Some(true), Some(true), Some(0.0)));
    assert_eq!(floats(&sw["normal"]), [1.0, 0.0, 0.0]);
}

/// Without --velocity, and on 7/10-number CSV lines, the output has no "sweep" and is unchanged.
#[test]
fn still_cases_have_no_sweep() {
    let (_, out, raw, _) = run(&["query", "--circle", "5,5,5", "--box", "0,0,2,1"], None);
    assert!(out[0].get("sweep").is_none(), "{raw}");
    // The documented example, byte for byte (docs/cli.md).
    assert_eq!(
        raw.trim(),
        r#"{"dim":2,"circle":{"center":[5.0,5.0],"radius":5.0},"box":{"min":[0.0,0.0],"max":[2.0,1.0]},"zone":8,"closest":[2.0,1.0],"distance":5.0,"penetration":0.0,"state":"touching","response":{"case":"outside","push":[0.0,0.0],"after":{"center":[5.0,5.0],"distance":5.0,"state":"touching"}},"overlap":{"arvo":true,"qri":true,"qrf":true,"branchless":true,"fold":true,"zones":true,"clamp":true,"planes":true,"planes_naive":true},"disagree":[]}"#
    );
    let (code, out, _, _) = run(&["query", "--csv", "-"], Some("5,5,5,0,0,2,1\n5,5,5,0,0,2,1,1,1\n"));
    assert_eq!(code, 0);
    assert!(out[0].get("sweep").is_none());
    // A swept line is the still line plus "sweep", as the last key.
    let mut swept = out[1].clone();
    let sweep = swept.as_object_mut().unwrap().remove("sweep").expect("sweep");
    swept["line"] = Value::from(1);
    assert_eq!(swept, out[0]);
    assert_eq!(out[1].as_object().unwrap().keys().next_back().map(String::as_str), Some("sweep"));
    // Touching at t = 0 (the corner (2, 1) is 5 away): initial.
    assert_eq!((sweep["hit"].as_bool(), sweep["initial"].as_bool()), (Some(true), Some(true)));
}

#[test]
fn query_velocity_bad_input_exits_2() {
    let cases: [(&[&str], &str); 6] = [
        (&["query", "--circle", "0,0,1", "--box", "0,0,1,1", "--velocity", "1,2,3"], "--velocity"),
        (&["query", "--circle", "0,0,1", "--box", "0,0,1,1", "--velocity", "1,inf"], "velocity.y"),
        (&["query", "--circle", "0,0,1", "--box", "0,0,1,1", "--velocity", "nan,0"], "velocity.x"),
        (&["query", "--circle", "0,0,1", "--box", "0,0,1,1", "--velocity", "1,x"], "VY"),
        (&["query", "--sphere", "0,0,0,1", "--box", "0,0,0,1,1,1", "--velocity", "1,1"], "--velocity"),
        (&["query", "--circle", "3e38,0,1", "--box", "0,0,1,1", "--velocity", "3e38,0"], "velocity.x"),
    ];
    for (args, needle) in cases {
        let (code, out, raw, err) = run(args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && raw.is_empty(), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err:?} should name {needle}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    }
    let (code, _, _, _) = run(&["query", "--csv", "-", "--velocity", "1,0"], Some(""));
    assert_eq!(code, 2, "--velocity goes with --circle/--sphere, not --csv");
    // Bad swept CSV lines name the field; the run goes on. (Eight numbers are a 2D case with the
    // box's angle, so the count that fits nothing is eleven.)
    let (code, out, _, _) =
        run(&["query", "--csv", "-"], Some("0,0,1,2,0,3,1,1,nan\n0,0,1,2,0,3,1,1,0,1,2\n0,0,1,2,0,3,1,1,0\n"));
    assert_eq!(code, 1);
    assert!(out[0]["error"].as_str().unwrap().contains("vy"), "{}", out[0]);
    let count = out[1]["error"].as_str().unwrap();
    assert!(count.contains("got 11") && count.contains('9') && count.contains("13"), "{count}");
    assert_eq!(out[2]["sweep"]["hit"], true, "{}", out[2]);
}

// ---------------------------------------------------------------------------------------------
// `move`, hand-computed.
// ---------------------------------------------------------------------------------------------

fn assert_ends(m: &Value, end: &[f64], remaining: &[f64]) {
    assert_eq!(floats(&m["end"]), end, "end in {m}");
    assert_eq!(floats(&m["remaining"]), remaining, "remaining in {m}");
}

/// A ball rolling along a floor of flush tiles: the seams between them must not stop it.
#[test]
fn move_rolls_along_flush_tiles() {
    // Four unit tiles [k, k+1] × [−1, 0], k = 0..3; r = 0.5 resting on top at (0.5, 0.5), moving +3:
    // nothing is in the way (the floor's normal (0, 1) does not oppose (3, 0)), so it ends exactly at
    // (3.5, 0.5) with the whole velocity left.
    let tiles = "0,-1,1,0; 1,-1,2,0; 2,-1,3,0; 3,-1,4,0";
    let m = run_move(&["--circle", "0.5,0.5,0.5", "--velocity", "3,0", "--boxes", tiles]);
    assert_eq!(floats(&m["start"]), [0.5, 0.5]);
    assert_ends(&m, &[3.5, 0.5], &[3.0, 0.0]);
    for h in m["hits"].as_array().unwrap() {
        assert_eq!(floats(&h["normal"]), [0.0, 1.0], "only the floor's top may be reported: {h}");
    }
    // The same in 3D: a 3 × 3 floor of unit tiles [i, i+1] × [j, j+1] × [−1, 0], a sphere r = 0.5 on
    // top at (0.5, 0.5, 0.5) moving (1.5, 1.5, 0) across the seams and the shared tile corners: ends at
    // (0.5 + 1.5, 0.5 + 1.5, 0.5) = (2, 2, 0.5).
    let tiles: Vec<String> = (0..9).map(|k| format!("{},{},-1,{},{},0", k % 3, k / 3, k % 3 + 1, k / 3 + 1)).collect();
    let tiles = tiles.join(";");
    let m = run_move(&["--sphere", "0.5,0.5,0.5,0.5", "--velocity", "1.5,1.5,0", "--boxes", &tiles]);
    assert_ends(&m, &[2.0, 2.0, 0.5], &[1.5, 1.5, 0.0]);
}

/// A thin wall at high speed: the ball stops at the wall, it does not tunnel.
#[test]
fn move_stops_at_a_thin_wall() {
    // Wall x ∈ [5, 5.1]; r = 0.5 at the origin moving +100 in one step: touches at x = 5 − 0.5 = 4.5
    // (t = 0.045); sliding removes the whole x-velocity (normal (−1, 0)), nothing is left.
    let m = run_move(&["--circle", "0,0,0.5", "--velocity", "100,0", "--boxes", "5,-1,5.1,1", "--response", "slide"]);
    assert_ends(&m, &[4.5, 0.0], &[0.0, 0.0]);
    let hits = m["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 1, "{m}");
    let h = &hits[0];
    assert_eq!((h["box"].as_u64(), h["step"].as_u64(), h["feature"].as_str()), (Some(0), Some(0), Some("face")));
    assert!((h["t"].as_f64().unwrap() - 0.045).abs() < 1e-6, "{h}");
    assert_eq!(floats(&h["normal"]), [-1.0, 0.0]);
    assert_eq!(floats(&h["point"]), [5.0, 0.0]);
    // Diagonally into it, (100, 10): stops at x = 4.5 at t = 0.045, y = 0.45 then; the slide keeps
    // (0, 10) for the remaining 0.955 of the step: y = 0.45 + 9.55 = 10 — past the wall's top (y = 1)
    // so nothing else is hit. The end is (4.5, 10); the velocity left is (0, 10).
    let m = run_move(&["--circle", "0,0,0.5", "--velocity", "100,10", "--boxes", "5,-1,5.1,1"]);
    let end = floats(&m["end"]);
    assert!((end[0] - 4.5).abs() < 1e-5 && (end[1] - 10.0).abs() < 1e-4, "{m}");
    let rem = floats(&m["remaining"]);
    assert!(rem[0].abs() < 1e-6 && (rem[1] - 10.0).abs() < 1e-5, "{m}");
}

/// An inner corner (floor + wall): moving diagonally into it ends in the corner, exactly.
#[test]
fn move_into_an_inner_corner() {
    // Floor [−10, 10] × [−1, 0], wall [4, 5] × [−1, 10]; r = 1. The corner position is (3, 1).
    let boxes = "-10,-1,10,0; 4,-1,5,10";
    // From (0, 3) by (4, −4): reaches the floor (y = 1) at t = 0.5, x = 2; slides with (4, 0) for the
    // other half: x would reach 4 but the wall stops it at x = 3. End (3, 1), nothing left.
    let m = run_move(&["--circle", "0,3,1", "--velocity", "4,-4", "--boxes", boxes]);
    assert_ends(&m, &[3.0, 1.0], &[0.0, 0.0]);
    let hits = m["hits"].as_array().unwrap();
    let first = &hits[0];
    assert_eq!((first["box"].as_u64(), first["t"].as_f64()), (Some(0), Some(0.5)), "{m}");
    assert_eq!(floats(&first["normal"]), [0.0, 1.0]);
    assert!(hits.iter().any(|h| h["box"] == 1 && floats(&h["normal"]) == [-1.0, 0.0]), "{m}");
    // From (1, 3) by (4, −4): at t = 0.5 the centre is (3, 1), touching both at once. End (3, 1).
    let m = run_move(&["--circle", "1,3,1", "--velocity", "4,-4", "--boxes", boxes]);
    assert_ends(&m, &[3.0, 1.0], &[0.0, 0.0]);
    // 3D: a floor z ≤ 0 and walls x ≥ 4 and y ≥ 4, r = 1, from (0, 0, 3) by (4, 4, −4): floor at
    // t = 0.5 (2, 2, 1), then (4, 4, 0) for the rest would reach (4, 4) but both walls stop it at
    // (3, 3, 1), the corner.
    let boxes = "-10,-10,-1,10,10,0; 4,-10,-1,5,10,10; -10,4,-1,10,5,10";
    let m = run_move(&["--sphere", "0,0,3,1", "--velocity", "4,4,-4", "--boxes", boxes]);
    assert_ends(&m, &[3.0, 3.0, 1.0], &[0.0, 0.0, 0.0]);
}

/// Bounce: the normal component is reflected and scaled by the restitution.
#[test]
fn move_bounces_with_restitution() {
    // Wall x ∈ [5, 6]; r = 1 from (0, 0) by (8, 4): touches at x = 4, t = 0.5, centre (4, 2), normal
    // (−1, 0). v' = v − (1 + e)(v·n)n with v·n = −8:
    //   e = 0.5: v' = (8, 4) − 1.5·(−8)·(−1, 0) = (8 − 12, 4) = (−4, 4); the other half step moves
    //   (−2, 2): end (2, 4).
    //   e = 1 (the default): v' = (−8, 4); end (4, 2) + (−4, 2) = (0, 4).
    //   e = 0: v' = (0, 4); end (4, 4): it slides.
    let wall = "5,-10,6,10";
    let m = run_move(&[
        "--circle",
        "0,0,1",
        "--velocity",
        "8,4",
        "--boxes",
        wall,
        "--response",
        "bounce",
        "--restitution",
        "0.5",
    ]);
    assert_ends(&m, &[2.0, 4.0], &[-4.0, 4.0]);
    let h = &m["hits"][0];
    assert_eq!((h["t"].as_f64(), floats(&h["normal"])), (Some(0.5), vec![-1.0, 0.0]), "{m}");
    let m = run_move(&["--circle", "0,0,1", "--velocity", "8,4", "--boxes", wall, "--response", "bounce"]);
    assert_ends(&m, &[0.0, 4.0], &[-8.0, 4.0]);
    let m = run_move(&[
        "--circle",
        "0,0,1",
        "--velocity",
        "8,4",
        "--boxes",
        wall,
        "--response",
        "bounce",
        "--restitution",
        "0",
    ]);
    assert_ends(&m, &[4.0, 4.0], &[0.0, 4.0]);
}

/// `--steps`: a frame loop; each step starts with the velocity the last one ended with.
#[test]
fn move_steps_like_a_frame_loop() {
    // Floor y ≤ 0 (a wide box), r = 1 from (0, 7) by (2, −4) a step:
    //   step 0: (2, 3), no hit;
    //   step 1: from y = 3 the floor is touched at y = 1, t = 0.5, x = 3; the slide keeps (2, 0) for the
    //           half step: (4, 1); the velocity is now (2, 0);
    //   step 2: (6, 1). Remaining (2, 0).
    let floor = "-100,-1,100,0";
    let m = run_move(&["--circle", "0,7,1", "--velocity", "2,-4", "--boxes", floor, "--steps", "3"]);
    assert_ends(&m, &[6.0, 1.0], &[2.0, 0.0]);
    let hits = m["hits"].as_array().unwrap();
    let stopping: Vec<&Value> = hits.iter().filter(|h| h["t"].as_f64() != Some(0.0)).collect();
    assert_eq!(stopping.len(), 1, "{m}");
    let h = stopping[0];
    assert_eq!((h["step"].as_u64(), h["t"].as_f64(), h["box"].as_u64()), (Some(1), Some(0.5), Some(0)), "{m}");
    assert_eq!(floats(&h["center"]), [3.0, 1.0]);
    assert_eq!(floats(&h["point"]), [3.0, 0.0]);
    // Bounce, elastic, two steps: step 0 to (2, 3); step 1 hits at t = 0.5 (3, 1), reflects to (2, 4)
    // and moves half of it: (4, 3). Remaining (2, 4).
    let m = run_move(&[
        "--circle",
        "0,7,1",
        "--velocity",
        "2,-4",
        "--boxes",
        floor,
        "--steps",
        "2",
        "--response",
        "bounce",
    ]);
    assert_ends(&m, &[4.0, 3.0], &[2.0, 4.0]);
    // No boxes: free flight, 5 steps of (0.25, −0.5) from (1, 1): (2.25, −1.5).
    let m = run_move(&["--circle", "1,1,1", "--velocity", "0.25,-0.5", "--boxes", "", "--steps", "5"]);
    assert_ends(&m, &[2.25, -1.5], &[0.25, -0.5]);
    assert!(m["hits"].as_array().unwrap().is_empty());
}

/// `--boxes @FILE`: one box a line, blank lines and comments skipped; errors name the line.
#[test]
fn move_reads_boxes_from_a_file() {
    let dir = scratch_dir("circle-aabb-lab-move");
    let path = dir.join("boxes.txt");
    // The inner corner again, from a file.
    std::fs::write(&path, "# floor\n-10,-1,10,0\n\n  # wall\n4,-1,5,10\n").unwrap();
    let arg = format!("@{}", path.display());
    let m = run_move(&["--circle", "0,3,1", "--velocity", "4,-4", "--boxes", &arg]);
    assert_ends(&m, &[3.0, 1.0], &[0.0, 0.0]);
    std::fs::write(&path, "-10,-1,10,0\n# comment\n5,-1,4,10\n").unwrap();
    let (code, _, raw, err) = run(&["move", "--circle", "0,3,1", "--velocity", "4,-4", "--boxes", &arg], None);
    assert_eq!(code, 2);
    assert!(raw.is_empty());
    assert!(err.contains("line 3") && err.contains("boxes[1].min.x"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every bad input: exit 2, one line on stderr naming the field, nothing on stdout.
#[test]
fn move_bad_input_exits_2_naming_the_field() {
    let ok_boxes = "0,-1,1,0;1,-1,2,0";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--circle", "nan,0,1", "--velocity", "1,0", "--boxes", ok_boxes], "center.x"),
        (vec!["--circle", "0,0,1", "--velocity", "1,inf", "--boxes", ok_boxes], "velocity.y"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", "0,-1,1,nan"], "boxes[0].max.y"),
        (vec!["--circle", "0,0", "--velocity", "1,0", "--boxes", ok_boxes], "--circle"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0,0", "--boxes", ok_boxes], "--velocity"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", "0,-1,1,0;1,-1,2"], "boxes[1]"),
        (vec!["--circle", "0,0,-1", "--velocity", "1,0", "--boxes", ok_boxes], "radius"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", "0,0,1,1;0,0,1,1;3,0,1,1"], "boxes[2].min.x"),
        (vec!["--sphere", "0,0,0,1", "--velocity", "1,0,0", "--boxes", "0,0,0,1,1,1;0,0,5,1,1,1"], "boxes[1].min.z"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", ok_boxes, "--steps", "0"], "--steps"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", ok_boxes, "--steps", "-3"], "--steps"),
        (vec!["--sphere", "0,0,0,1", "--velocity", "1,0,0", "--boxes", "0,0,1,1"], "boxes[0]"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", "@/no/such/boxes.txt"], "/no/such/boxes.txt"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", ok_boxes, "--response", "stick"], "--response"),
        (
            vec![
                "--circle",
                "0,0,1",
                "--velocity",
                "1,0",
                "--boxes",
                ok_boxes,
                "--response",
                "bounce",
                "--restitution",
                "1.5",
            ],
            "--restitution",
        ),
        (vec!["--circle", "0,0,1", "--velocity", "1,0", "--boxes", ok_boxes, "--restitution", "0.5"], "--restitution"),
        (vec!["--circle", "0,0,1", "--boxes", ok_boxes], "--velocity"),
        (vec!["--circle", "0,0,1", "--velocity", "1,0"], "--boxes"),
        (vec!["--velocity", "1,0", "--boxes", ok_boxes], "--circle"),
        (vec!["--circle", "3e38,0,1", "--velocity", "1e38,0", "--boxes", ok_boxes, "--steps", "10"], "--velocity"),
    ];
    for (args, needle) in cases {
        let mut all = vec!["move"];
        all.extend(&args);
        let (code, _, raw, err) = run(&all, None);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(raw.is_empty(), "{all:?}: nothing on stdout, got {raw}");
        assert!(err.contains(needle), "{all:?}: {err:?} should name {needle}");
        assert_eq!(err.trim_end().lines().count(), 1, "{all:?}: one line: {err:?}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A 4-number box with --sphere says what it expected.
    let (_, _, _, err) = run(&["move", "--sphere", "0,0,0,1", "--velocity", "1,0,0", "--boxes", "0,0,1,1"], None);
    assert!(err.contains("6 numbers") && err.contains("got 4"), "{err}");
}

#[test]
fn move_help_describes_the_fields() {
    let out = bin().args(["move", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "--circle",
        "--sphere",
        "--velocity",
        "--boxes",
        "@FILE",
        "--steps",
        "--response",
        "--restitution",
        "start",
        "end",
        "hits",
        "remaining",
        "Exit status",
    ] {
        assert!(help.contains(needle), "move --help should mention {needle}:\n{help}");
    }
    let help = crate::support::help(&["query"]);
    for needle in ["--velocity", "sweep", "end_state", "9 numbers", "13"] {
        assert!(help.contains(needle), "query --help should mention {needle}:\n{help}");
    }
}
