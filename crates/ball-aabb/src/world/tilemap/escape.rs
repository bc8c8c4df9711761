//! The push-out's index of a [`TileMap`]: the pyramid of all-solid blocks, the boxes of each
//! block's open cells, and the rays and certificate behind [`World::axis_escape`](crate::world::World::axis_escape).

#![forbid(unsafe_code)]

use alloc::vec;
use alloc::vec::Vec;

use super::{Escape, Outside, TileMap};
use crate::shape::Rect;

/// The index of an empty map `width × height`: the pyramid's levels from 1 up (all bits clear) and
/// the open boxes from level [`BOX_LEVEL`] up (each block's part of the map).
#[allow(clippy::type_complexity)]
pub(super) fn empty_index(width: usize, height: usize) -> (Vec<(usize, usize, Vec<u64>)>, Vec<Vec<[u32; 4]>>) {
    let mut pyramid = Vec::new();
    let (mut w, mut h) = (width, height);
    while w > 1 || h > 1 {
        (w, h) = (w.div_ceil(2), h.div_ceil(2));
        pyramid.push((w, h, vec![0; (w * h).div_ceil(64)]));
    }
    let mut open_boxes = Vec::new();
    for (k, (w, h, _)) in pyramid.iter().enumerate().map(|(i, p)| (i + 1, p)).skip(BOX_LEVEL - 1) {
        let mut boxes = Vec::with_capacity(w * h);
        for j in 0..*h {
            for i in 0..*w {
                let (c1, r1) = (((i + 1) << k).min(width) - 1, ((j + 1) << k).min(height) - 1);
                boxes.push([(i << k) as u32, (j << k) as u32, c1 as u32, r1 as u32]);
            }
        }
        open_boxes.push(boxes);
    }
    (pyramid, open_boxes)
}

impl TileMap {
    /// Brings the index up to date after cell `(col, row)` changed (now non-solid if `open`).
    pub(super) fn update_index(&mut self, col: usize, row: usize, open: bool) {
        self.update_pyramid(col, row);
        self.update_boxes(col, row, open);
    }

    /// Is block `(i, j)` of pyramid level `k` (level 0: the cells) all solid? Blocks beyond the
    /// map count as solid.
    #[inline]
    fn full(&self, k: usize, i: usize, j: usize) -> bool {
        if k == 0 {
            return i >= self.width || j >= self.height || self.is_solid(i, j);
        }
        let (w, h, bits) = &self.pyramid[k - 1];
        let n = j * w + i;
        i >= *w || j >= *h || bits[n / 64] >> (n % 64) & 1 == 1
    }

    /// Updates the pyramid above cell `(col, row)`, level by level, until a bit does not change.
    fn update_pyramid(&mut self, col: usize, row: usize) {
        for k in 1..=self.pyramid.len() {
            let (i, j) = (col >> k, row >> k);
            let all = (0..4).all(|q| self.full(k - 1, 2 * i + (q & 1), 2 * j + (q >> 1)));
            let (w, _, bits) = &mut self.pyramid[k - 1];
            let n = j * *w + i;
            let (word, bit) = (n / 64, 1u64 << (n % 64));
            if (bits[word] & bit != 0) == all {
                return;
            }
            if all {
                bits[word] |= bit;
            } else {
                bits[word] &= !bit;
            }
        }
    }

    /// Updates the open boxes above cell `(col, row)`, now non-solid if `open`, level by level until a
    /// box does not change. A cell opened widens the boxes; a cell closed on the edge of its block's
    /// box shrinks it (read again from the bitset, 2^[`BOX_LEVEL`] rows), and the blocks above are
    /// the union of their four children.
    fn update_boxes(&mut self, col: usize, row: usize, open: bool) {
        if self.open_boxes.is_empty() {
            return;
        }
        let (x, y) = (col as u32, row as u32);
        let (i, j) = (col >> BOX_LEVEL, row >> BOX_LEVEL);
        let w = self.pyramid[BOX_LEVEL - 1].0;
        let old = self.open_boxes[0][j * w + i];
        let new = if open {
            union(old, [x, y, x, y])
        } else if old != NO_BOX && (self.line_closed(old, 1, y) || self.line_closed(old, 0, x)) {
            self.read_box(i, j)
        } else {
            return;
        };
        if new == old {
            return;
        }
        self.open_boxes[0][j * w + i] = new;
        for k in BOX_LEVEL + 1..=self.pyramid.len() {
            let (i, j) = (col >> k, row >> k);
            let (w, bw, bh) = (self.pyramid[k - 1].0, self.pyramid[k - 2].0, self.pyramid[k - 2].1);
            let mut b = NO_BOX;
            for q in 0..4 {
                let (ci, cj) = (2 * i + (q & 1), 2 * j + (q >> 1));
                if ci < bw && cj < bh {
                    b = union(b, self.open_boxes[k - 1 - BOX_LEVEL][cj * bw + ci]);
                }
            }
            let slot = &mut self.open_boxes[k - BOX_LEVEL][j * w + i];
            if *slot == b {
                return;
            }
            *slot = b;
        }
    }

    /// Is `k` an edge line of box `b` along axis `a` (a row if `a` is 1, a column if 0) on which no
    /// cell inside the box is open any more? Then the box must shrink.
    fn line_closed(&self, b: [u32; 4], a: usize, k: u32) -> bool {
        if k != b[a] && k != b[a + 2] {
            return false;
        }
        let (k, lo, hi) = (k as usize, b[1 - a] as usize, b[3 - a] as usize);
        if a == 1 {
            let start = k * self.width + lo;
            let n = hi - lo + 1;
            self.bits_at(&self.bits, start, n) & !self.bits_at(&self.one_way, start, n) == low_bits(n)
        } else {
            (lo..=hi).all(|row| self.is_solid(k, row))
        }
    }

    /// The open box of block `(i, j)` of level [`BOX_LEVEL`], read from the bitset.
    fn read_box(&self, i: usize, j: usize) -> [u32; 4] {
        let k = BOX_LEVEL;
        let (c0, r0) = (i << k, j << k);
        let (c1, r1) = (((i + 1) << k).min(self.width), ((j + 1) << k).min(self.height));
        let n = c1 - c0;
        let mut b = NO_BOX;
        for row in r0..r1 {
            let start = row * self.width + c0;
            let open = !(self.bits_at(&self.bits, start, n) & !self.bits_at(&self.one_way, start, n)) & low_bits(n);
            if open != 0 {
                let (lo, hi) = (c0 + open.trailing_zeros() as usize, c0 + 63 - open.leading_zeros() as usize);
                b = union(b, [lo as u32, row as u32, hi as u32, row as u32]);
            }
        }
        b
    }

    /// The cell `(col, row)` containing `c` strictly inside its edges, if any.
    fn cell_inside(&self, c: [f32; 2]) -> Option<(usize, usize)> {
        let q = Rect::new(c, c).ok()?;
        let ([c0, r0], [c1, r1]) = self.cell_range(&q)?;
        let strict = |a: usize, k: usize| self.edge(a, k) < c[a] && c[a] < self.edge(a, k + 1);
        (c0 == c1 && r0 == r1 && strict(0, c0) && strict(1, r0)).then_some((c0, r0))
    }

    /// From solid cell `(col, row)` along axis `a` (towards + if `up`): the face where the solid
    /// cells end (the first non-solid cell's edge, or the map's edge when the outside is empty) and
    /// the last solid cell's index; `None` when the solid reaches the edge of an [`Outside::Solid`]
    /// map. Jumps over the largest all-solid block of the pyramid containing the current cell.
    ///
    /// `Err` when the walk passes `limit` (a distance from `c` along the axis) first.
    #[allow(clippy::too_many_arguments)]
    fn ray(
        &self,
        c: f64,
        col: usize,
        row: usize,
        a: usize,
        up: bool,
        limit: f64,
        work: &mut usize,
    ) -> Result<Option<(f32, usize)>, ()> {
        let n = if a == 0 { self.width } else { self.height };
        let mut p = [col, row];
        let mut last = p;
        loop {
            *work += 1;
            let here = if up { self.edge(a, p[a].min(n)) } else { self.edge(a, p[a] + 1) };
            if (here as f64 - c).abs() > limit {
                return Err(());
            }
            let inside = p[0] < self.width && p[1] < self.height;
            if !inside || !self.is_solid(p[0], p[1]) {
                if !inside && self.outside == Outside::Solid {
                    return Ok(None);
                }
                let face = if up { self.edge(a, last[a] + 1) } else { self.edge(a, last[a]) };
                return Ok(Some((face, last[1] * self.width + last[0])));
            }
            let mut k = 0;
            while k < self.pyramid.len() && self.full(k + 1, p[0] >> (k + 1), p[1] >> (k + 1)) {
                k += 1;
                *work += 1;
            }
            // Every cell of the level-k block holding p is solid (or beyond the map): past it.
            let (lo, hi) = ((p[a] >> k) << k, ((p[a] >> k) + 1) << k);
            if up {
                last[a] = (hi - 1).min(n - 1);
                last[1 - a] = p[1 - a];
                p[a] = hi;
                if p[a] >= n {
                    // The map's edge: p is beyond it.
                    p[a] = n;
                }
            } else {
                last[a] = lo;
                last[1 - a] = p[1 - a];
                if lo == 0 {
                    // Beyond the low edge: only the outside is left.
                    if self.outside == Outside::Solid {
                        return Ok(None);
                    }
                    return Ok(Some((self.edge(a, 0), last[1] * self.width + last[0])));
                }
                p[a] = lo - 1;
            }
        }
    }

    /// Is no non-solid cell of the map nearer than `d` to `c` (cells beyond the map count as solid)?
    /// Descends the pyramid from the top, skipping blocks that are all solid or no nearer than `d`;
    /// a block of [`SCAN`] cells a side or less that must be looked into is read row by row from the
    /// bitset instead (one word or two a row, and in each row only the non-solid cells nearest to
    /// `c` on either side are measured: the others are farther).
    pub(super) fn solid_within(&self, c: [f64; 2], d: f64, work: &mut usize) -> bool {
        let top = self.pyramid.len();
        // Depth-first: at most 3 siblings wait on each level above the one being looked at.
        let mut stack = [(0usize, 0usize, 0usize); 3 * (usize::BITS as usize) + 1];
        stack[0] = (top, 0, 0);
        let mut len = 1;
        let gap = |a: usize, lo: usize, hi: usize| self.gap(c, a, lo, hi);
        while len > 0 {
            len -= 1;
            let (k, i, j) = stack[len];
            *work += 1;
            let (c0, r0) = (i << k, j << k);
            if c0 >= self.width || r0 >= self.height {
                continue;
            }
            let (c1, r1) = ((c0 + (1 << k)).min(self.width), (r0 + (1 << k)).min(self.height));
            // Where the block's non-solid cells can be: from level BOX_LEVEL up their box, below it
            // the block itself unless it is all solid (end-exclusive cell ranges).
            let open = if k >= BOX_LEVEL {
                let (w, h, _) = self.pyramid[k - 1];
                let b = if i < w && j < h { self.open_boxes[k - BOX_LEVEL][j * w + i] } else { NO_BOX };
                (b != NO_BOX).then(|| [b[0] as usize, b[1] as usize, b[2] as usize + 1, b[3] as usize + 1])
            } else {
                (!self.full(k, i, j)).then_some([c0, r0, c1, r1])
            };
            let Some([x0, y0, x1, y1]) = open else { continue };
            let (gx, gy) = (gap(0, x0, x1), gap(1, y0, y1));
            if gx * gx + gy * gy >= d * d {
                continue;
            }
            if k == 0 {
                return false;
            }
            if 1 << k <= SCAN {
                *work += r1 - r0;
                if !self.rows_solid_within(c, d, c0, c1, r0, r1) {
                    return false;
                }
                continue;
            }
            for q in 0..4 {
                stack[len] = (k - 1, 2 * i + (q & 1), 2 * j + (q >> 1));
                len += 1;
            }
        }
        true
    }

    /// [`TileMap::solid_within`] for the cells `c0..c1 × r0..r1` (inside the map, at most 64
    /// columns): is none of them non-solid and nearer than `d` to `c`? The same test as a leaf of
    /// the descent (the gap to the cell's rectangle), made only for the nearest non-solid cell of a
    /// row on each side of `c` (the gap along x grows away from `c`).
    fn rows_solid_within(&self, c: [f64; 2], d: f64, c0: usize, c1: usize, r0: usize, r1: usize) -> bool {
        let n = c1 - c0;
        let all = low_bits(n);
        let gap = |a: usize, lo: usize, hi: usize| self.gap(c, a, lo, hi);
        // How many columns of the block lie wholly left of c (their right edge at or before it): a
        // guess, then put right by the edges themselves.
        let guess = ((c[0] - self.origin[0] as f64) * self.inv_cell).clamp(c0 as f64, c1 as f64) as i64 as usize;
        let mut k = guess.clamp(c0, c1);
        while k > c0 && self.edge(0, k) as f64 > c[0] {
            k -= 1;
        }
        while k < c1 && self.edge(0, k + 1) as f64 <= c[0] {
            k += 1;
        }
        let cut = k - c0;
        for row in r0..r1 {
            let start = row * self.width + c0;
            let open = !(self.bits_at(&self.bits, start, n) & !self.bits_at(&self.one_way, start, n)) & all;
            if open == 0 {
                continue;
            }
            let gy = gap(1, row, row + 1);
            if gy * gy >= d * d {
                continue;
            }
            // The open cells nearest to c on each side: the highest one wholly left of c and the
            // lowest one of the rest (the gap falls to 0 at c's column, then grows).
            let left = open & low_bits(cut);
            let right = open & !low_bits(cut);
            let mut near = [None; 2];
            if left != 0 {
                near[0] = Some(63 - left.leading_zeros() as usize);
            }
            if right != 0 {
                near[1] = Some(right.trailing_zeros() as usize);
            }
            for k in near.into_iter().flatten() {
                let gx = gap(0, c0 + k, c0 + k + 1);
                if gx * gx + gy * gy < d * d {
                    return false;
                }
            }
        }
        true
    }

    /// How far `c[a]` lies outside the edges `lo..hi` of axis `a` (0 between them), in `f64`.
    #[inline]
    fn gap(&self, c: [f64; 2], a: usize, lo: usize, hi: usize) -> f64 {
        let (lo, hi) = (self.edge(a, lo) as f64, self.edge(a, hi) as f64);
        if lo > c[a] {
            lo - c[a]
        } else if c[a] > hi {
            c[a] - hi
        } else {
            0.0
        }
    }

    /// The `n ≤ 64` bits of `bits` from bit index `start` on, as the low bits of a word.
    #[inline]
    fn bits_at(&self, bits: &[u64], start: usize, n: usize) -> u64 {
        let (word, off) = (start / 64, start % 64);
        let low = bits[word] >> off;
        let high = if off + n > 64 { bits[word + 1] << (64 - off) } else { 0 };
        (low | high) & low_bits(n)
    }

    /// [`World::axis_escape`](crate::world::World::axis_escape), and the work it took: rays and pyramid nodes tested.
    pub(super) fn escape_with_work(&self, c: [f32; 2]) -> (Option<Escape>, usize) {
        let mut work = 0;
        let Some((col, row)) = self.cell_inside(c) else { return (None, work) };
        if !self.is_solid(col, row) {
            return (None, work);
        }
        // The four rays, each only as far as it can matter: within `limit`, which doubles (from 16
        // cells) until a face is found within it with room to spare (a face farther than the
        // nearest by more than a cell is no candidate, whatever the tie window).
        let s = self.cell as f64;
        let mut limit = 16.0 * s;
        let extent = (self.width.max(self.height) as f64 + 2.0) * s;
        let (out, nearest) = loop {
            let mut out = [None; 4];
            let mut nearest = f64::INFINITY;
            let mut open = false;
            for (k, slot) in out.iter_mut().enumerate() {
                let (a, up) = (k / 2, k % 2 == 1);
                match self.ray(c[a] as f64, col, row, a, up, limit, &mut work) {
                    Ok(Some((face, index))) => {
                        nearest = nearest.min((face as f64 - c[a] as f64).abs());
                        *slot = Some((face, index, self.cell_rect(index % self.width, index / self.width)));
                    }
                    Ok(None) => {}
                    Err(()) => open = true,
                }
            }
            if !open || nearest + s < limit || limit > 2.0 * extent {
                break (out, nearest);
            }
            limit *= 4.0;
        };
        if !nearest.is_finite() || !self.solid_within([c[0] as f64, c[1] as f64], nearest, &mut work) {
            return (None, work);
        }
        (Some(out), work)
    }

    /// How much work the push-out's shortcut ([`World::axis_escape`](crate::world::World::axis_escape)) does for a centre at `c`:
    /// cells and pyramid nodes tested. Its bound, for tests and benchmarks: it grows neither with the
    /// depth of `c` inside rock nor with the length of the faces near it (a few hundred at the
    /// centre of a 4096² block), only with the number of pyramid levels.
    #[must_use]
    pub fn escape_work(&self, c: [f32; 2]) -> usize {
        self.escape_with_work(c).1
    }
}

/// The first pyramid level with open boxes (blocks of 16 × 16 cells): one box of 16 bytes per 256
/// cells, and per 64 above.
pub(super) const BOX_LEVEL: usize = 4;

/// The box of a block with no non-solid cell.
const NO_BOX: [u32; 4] = [u32::MAX, u32::MAX, 0, 0];

/// The smallest box holding both (either may be [`NO_BOX`]).
#[inline]
fn union(a: [u32; 4], b: [u32; 4]) -> [u32; 4] {
    [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]
}

/// The `n ≤ 64` lowest bits set.
#[inline]
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The side of the largest block [`TileMap::solid_within`] reads row by row from the bitset rather
/// than descending into (at most 64: a row of it is one or two words).
const SCAN: usize = 8;
