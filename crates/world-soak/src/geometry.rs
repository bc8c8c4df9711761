//! The reference the checks judge a step by, written here and not taken from the code under test:
//! distances from a point or a segment to a cell in `f64`, the cells near a segment, and the
//! directions a set of contacts allows.
//!
//! Every input is an `f32` value widened to `f64`, so differences of two coordinates are exact and
//! a distance is off by a few `f64` ulps at most: far below any tolerance the checks use. The only
//! things read from the library are the map's cells ([`TileMap::tile`], [`TileMap::cell_rect`]:
//! the definition of the world, not a collision answer) and the contact tolerance's formula
//! ([`ball_aabb::world::Params::tolerance`]).

#![forbid(unsafe_code)]

use ball_aabb::world::{Tile, TileMap};

/// A point or a vector in `f64`.
pub type V = [f64; 2];

/// `f32` to `f64`, each coordinate.
#[inline]
#[must_use]
pub fn wide(p: [f32; 2]) -> V {
    [p[0] as f64, p[1] as f64]
}

#[inline]
#[must_use]
pub fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

#[inline]
#[must_use]
pub fn sub(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1]]
}

#[inline]
#[must_use]
pub fn add(a: V, b: V) -> V {
    [a[0] + b[0], a[1] + b[1]]
}

#[inline]
#[must_use]
pub fn scale(a: V, k: f64) -> V {
    [a[0] * k, a[1] * k]
}

#[inline]
#[must_use]
pub fn len(a: V) -> f64 {
    dot(a, a).sqrt()
}

/// The larger `|coordinate|` of the points given (at least `floor`).
#[must_use]
pub fn magnitude(points: &[V], floor: f64) -> f64 {
    points.iter().flat_map(|p| p.iter()).fold(floor, |m, x| m.max(x.abs()))
}

/// Rounding level at magnitude `scale`: 8 `f32` ulps. Positions that an exact resolver computes
/// with one or two roundings to `f32` are this close to the exact answer.
#[inline]
#[must_use]
pub fn rounding(scale: f64) -> f64 {
    8.0 * f32::EPSILON as f64 * scale + f32::MIN_POSITIVE as f64
}

/// A cell of the map, as the checks see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub col: usize,
    pub row: usize,
    pub lo: V,
    pub hi: V,
    pub one_way: bool,
}

impl Cell {
    /// The point of the cell closest to `p`.
    #[must_use]
    pub fn closest(&self, p: V) -> V {
        [p[0].clamp(self.lo[0], self.hi[0]), p[1].clamp(self.lo[1], self.hi[1])]
    }

    /// Distance from `p` to the cell (0 inside).
    #[must_use]
    pub fn distance(&self, p: V) -> f64 {
        len(sub(p, self.closest(p)))
    }

    /// The smallest distance from the segment `a → b` to the cell (0 when it meets the cell).
    #[must_use]
    pub fn segment_distance(&self, a: V, b: V) -> f64 {
        if self.meets_segment(a, b) {
            return 0.0;
        }
        // Two disjoint convex sets: the closest pair has a vertex of one of them, so an end of the
        // segment or a corner of the cell.
        let corners = [self.lo, [self.hi[0], self.lo[1]], self.hi, [self.lo[0], self.hi[1]]];
        let mut best = self.distance(a).min(self.distance(b));
        for k in corners {
            best = best.min(point_segment_distance(k, a, b));
        }
        best
    }

    /// Does the segment `a → b` meet the closed cell (Liang–Barsky)?
    fn meets_segment(&self, a: V, b: V) -> bool {
        let d = sub(b, a);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        for i in 0..2 {
            if d[i] == 0.0 {
                if a[i] < self.lo[i] || a[i] > self.hi[i] {
                    return false;
                }
                continue;
            }
            let (u, w) = ((self.lo[i] - a[i]) / d[i], (self.hi[i] - a[i]) / d[i]);
            t0 = t0.max(u.min(w));
            t1 = t1.min(u.max(w));
            if t0 > t1 {
                return false;
            }
        }
        true
    }

    /// `"(col, row)"`.
    #[must_use]
    pub fn name(&self) -> String {
        format!("({}, {})", self.col, self.row)
    }
}

/// Distance from `p` to the segment `a → b`.
#[must_use]
pub fn point_segment_distance(p: V, a: V, b: V) -> f64 {
    let d = sub(b, a);
    let dd = dot(d, d);
    let t = if dd > 0.0 { (dot(sub(p, a), d) / dd).clamp(0.0, 1.0) } else { 0.0 };
    len(sub(p, add(a, scale(d, t))))
}

/// Visits every solid or one-way cell of `map` whose rectangle may lie within `reach` of the
/// segment `a → b` — at least those (a superset: each slab is widened by a whole cell on every
/// side, far more than the rounding of the `f32` cell edges).
pub fn cells_near(map: &TileMap, a: V, b: V, reach: f64, mut f: impl FnMut(Cell)) {
    let s = map.cell() as f64;
    let o = wide(map.origin());
    let n = [map.width(), map.height()];
    let d = sub(b, a);
    // Walk slabs across the major axis k of the segment; in each, the rows (or columns) along m.
    let k = usize::from(d[1].abs() > d[0].abs());
    let m = 1 - k;
    let index = |axis: usize, x: f64| ((x - o[axis]) / s).floor();
    let clamp = |axis: usize, x: f64| x.clamp(0.0, n[axis] as f64 - 1.0) as usize;
    let (lo_k, hi_k) = (a[k].min(b[k]) - reach, a[k].max(b[k]) + reach);
    let (j0, j1) = (index(k, lo_k) - 1.0, index(k, hi_k) + 1.0);
    if !(j0.is_finite() && j1.is_finite()) || j1 < 0.0 || j0 > n[k] as f64 - 1.0 {
        return;
    }
    for j in clamp(k, j0)..=clamp(k, j1) {
        // The slab's extent along k, widened by the reach and one cell; the segment's part in it.
        let (e0, e1) = (o[k] + (j as f64 - 1.0) * s - reach, o[k] + (j as f64 + 2.0) * s + reach);
        let (t0, t1) = if d[k] == 0.0 {
            (0.0, 1.0)
        } else {
            let (u, w) = ((e0 - a[k]) / d[k], (e1 - a[k]) / d[k]);
            (u.min(w).max(0.0), u.max(w).min(1.0))
        };
        if t0 > t1 {
            continue;
        }
        let (p, q) = (a[m] + t0 * d[m], a[m] + t1 * d[m]);
        let (i0, i1) = (index(m, p.min(q) - reach) - 1.0, index(m, p.max(q) + reach) + 1.0);
        if i1 < 0.0 || i0 > n[m] as f64 - 1.0 {
            continue;
        }
        for i in clamp(m, i0)..=clamp(m, i1) {
            let (col, row) = if k == 0 { (j, i) } else { (i, j) };
            let tile = map.tile(col, row);
            if tile == Tile::Empty {
                continue;
            }
            let rect = map.cell_rect(col, row);
            f(Cell { col, row, lo: wide(rect.min()), hi: wide(rect.max()), one_way: tile == Tile::OneWay });
        }
    }
}

/// The part of `v` that contacts with outward normals `normals` allow: its projection onto the
/// cone `{d : d·n ≥ 0 for every n}` (within a relative `1e-6` on each normal, for the rounding of
/// normals made from `f32` positions). In 2D the projection is `v` itself, or `v` projected on one
/// normal's line, or zero: the nearest of those that every normal allows.
#[must_use]
pub fn allowed(v: V, normals: &[V]) -> V {
    let ok = |d: V| {
        let l = len(d);
        normals.iter().all(|n| dot(d, *n) >= -1e-6 * l)
    };
    if ok(v) {
        return v;
    }
    let mut best = [0.0; 2];
    let mut best_gap = len(v);
    for n in normals {
        let c = sub(v, scale(*n, dot(v, *n)));
        let gap = len(sub(v, c));
        if gap < best_gap && ok(c) {
            (best, best_gap) = (c, gap);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(lo: V, hi: V) -> Cell {
        Cell { col: 0, row: 0, lo, hi, one_way: false }
    }

    #[test]
    fn segment_distance_by_hand() {
        let c = cell([0.0, 0.0], [1.0, 1.0]);
        assert_eq!(c.segment_distance([-1.0, 2.0], [2.0, 2.0]), 1.0); // above, parallel
        assert_eq!(c.segment_distance([-1.0, 0.5], [2.0, 0.5]), 0.0); // through
        assert_eq!(c.segment_distance([2.0, 0.0], [0.0, 2.0]), 0.0); // touches the corner (1, 1)
        let d = c.segment_distance([3.0, 0.0], [0.0, 3.0]); // the corner (1, 1) is √2/2 away
        assert!((d - 0.5f64.sqrt()).abs() < 1e-15);
        assert_eq!(c.segment_distance([4.0, 5.0], [4.0, 5.0]), 5.0); // a point: 3-4-5 from (1, 1)
    }

    #[test]
    fn cells_near_is_a_superset_of_brute_force() {
        let mut map = TileMap::new(40, 30, 0.3, [1234.5, -77.0]).unwrap();
        let mut g = crate::rng::SplitMix64::new(3);
        for row in 0..30 {
            for col in 0..40 {
                if g.chance(0.3) {
                    map.set(col, row, true);
                }
            }
        }
        for _ in 0..2000 {
            let p = |g: &mut crate::rng::SplitMix64| {
                [1234.5 + g.range(-3.0, 15.0) as f64, -77.0 + g.range(-3.0, 12.0) as f64]
            };
            let (a, b) = (p(&mut g), p(&mut g));
            let reach = g.range(0.0, 1.0) as f64;
            let mut seen = std::collections::BTreeSet::new();
            cells_near(&map, a, b, reach, |c| {
                seen.insert((c.col, c.row));
            });
            for row in 0..30 {
                for col in 0..40 {
                    if map.is_solid(col, row) {
                        let r = map.cell_rect(col, row);
                        let c = Cell { col, row, lo: wide(r.min()), hi: wide(r.max()), one_way: false };
                        if c.segment_distance(a, b) <= reach {
                            assert!(seen.contains(&(col, row)), "{a:?} {b:?} {reach} misses ({col}, {row})");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn allowed_directions() {
        let up = [0.0, 1.0];
        let left = [-1.0, 0.0];
        assert_eq!(allowed([1.0, -1.0], &[up]), [1.0, 0.0]); // on a floor: slide
        assert_eq!(allowed([1.0, -1.0], &[up, left]), [0.0, 0.0]); // into the corner of a pocket
        assert_eq!(allowed([-1.0, -1.0], &[up, left]), [-1.0, 0.0]); // out of it along the floor
        assert_eq!(allowed([0.5, 2.0], &[up]), [0.5, 2.0]); // away
    }
}
