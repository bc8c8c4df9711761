//! [`TileMap`]: a grid of solid and empty cells, its checked constructors and its grid walk.

#![forbid(unsafe_code)]

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::{Escape, World};
use crate::shape::Rect;

mod escape;
#[cfg(test)]
mod tests;

/// Why a map could not be built: one variant per cause. Lines and columns count from 1, as an
/// editor shows them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MapError {
    /// The text has no row (empty, or only blank lines).
    Empty,
    /// A row ends before the map's width (its widest row, trailing spaces not counted).
    Ragged {
        /// The line of the row (1-based).
        line: usize,
        /// The first missing column: one past the row's end (1-based, in characters, in the text as
        /// given).
        column: usize,
        /// The map's width.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A character other than `#` (solid), `-` (one-way), `.` or a space (empty).
    UnknownChar {
        /// The line (1-based).
        line: usize,
        /// The column (1-based, in characters).
        column: usize,
        /// The character.
        found: char,
    },
    /// The cell size is zero, negative or not finite.
    BadCell {
        /// The cell size given.
        cell: f32,
    },
    /// A coordinate of the origin is not finite.
    BadOrigin {
        /// The origin given.
        origin: [f32; 2],
    },
    /// The map has no cell: a width or a height of 0.
    NoCells {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
    },
    /// The map is too large: its far corner is beyond `f32`'s range, it has more cells than memory
    /// can index, or 2³¹ columns or rows or more.
    TooLarge {
        /// The width given.
        width: usize,
        /// The height given.
        height: usize,
    },
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MapError::Empty => write!(f, "the map is empty"),
            MapError::Ragged { line, column, expected, found } => {
                write!(f, "line {line}, column {column}: row of {found} cells, the map is {expected} wide (its widest row)")
            }
            MapError::UnknownChar { line, column, found } => write!(
                f,
                "line {line}, column {column}: unknown character {found:?} (use '#' solid, '-' one-way, '.' or ' ' empty)"
            ),
            MapError::BadCell { cell } => write!(f, "cell size {cell}: must be finite and > 0"),
            MapError::BadOrigin { origin } => write!(f, "origin ({}, {}): must be finite", origin[0], origin[1]),
            MapError::NoCells { width, height } => write!(f, "a {width} × {height} map has no cell"),
            MapError::TooLarge { width, height } => {
                write!(f, "a {width} × {height} map is too large: its far corner is beyond f32's range, or a side has 2^31 cells or more")
            }
        }
    }
}

impl core::error::Error for MapError {}

/// What a cell of a [`TileMap`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Tile {
    /// Nothing: `.` or a space in ASCII.
    #[default]
    Empty,
    /// Solid from every side: `#`.
    Solid,
    /// A one-way platform, `-`: solid only against a ball that comes from above and moves down
    /// (its lowest point at or above the cell's top, within the contact tolerance, at the start of
    /// the step); a ball passes through it from below and from the sides (see
    /// [`World::one_way`](super::World::one_way)).
    OneWay,
}

/// What lies beyond a [`TileMap`]'s edges, for the push-out of an embedded ball
/// ([`TileMap::with_outside`]).
///
/// Motion is the same either way: a map has no walls at its edges unless its cells make them (a
/// ball rolls off an open edge and goes on; put solid cells on the border for walls). What changes
/// is where the push-out may put a ball that starts inside rock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Outside {
    /// Open space: the push-out may put a ball beyond the edges (the nearest free position can be
    /// under the level, where nothing holds it up).
    Empty,
    /// Rock, for the push-out: a ball is put only where it lies inside the map (within the
    /// tolerance), never beyond its edges — the default, because a level's edges are where the
    /// game ends, not a place to respawn. A ball that overlaps the outside but no cell is not
    /// embedded (it is not moved), and when no free position exists inside the map the ball stays
    /// where it is.
    #[default]
    Solid,
}

impl Outside {
    /// Every choice, with its identifier (`"empty"`, `"solid"`): the CLI's `--outside` values.
    pub const ALL: [(Outside, &'static str); 2] = [(Outside::Empty, "empty"), (Outside::Solid, "solid")];

    /// The choice with this identifier.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Outside> {
        Outside::ALL.iter().find(|(_, s)| *s == id).map(|(o, _)| *o)
    }

    /// Its identifier.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        Outside::ALL.iter().find(|(o, _)| *o == self).map_or("solid", |(_, s)| s)
    }
}

/// A grid of solid, one-way and empty cells, `width × height`, cell size `s > 0`, origin `(x0, y0)` at the bottom
/// left, y up: cell `(col, row)` covers `[x0 + col·s, x0 + (col+1)·s] × [y0 + row·s, y0 + (row+1)·s]`
/// (each edge computed in `f64` and rounded to `f32` once, so neighbouring cells share their edges
/// exactly). Cell index: `row·width + col`.
///
/// Stored as two bitsets, one bit per cell (`Vec<u64>`): solid or one-way (what the queries
/// report), and one-way. Querying ([`World::candidates`]) walks only
/// the cells whose closed rectangle meets the query rectangle, without allocating.
///
/// Beside them, the push-out's index ([`World::axis_escape`]): a **pyramid of "all solid" bits**
/// (level `k` says, for each block of `2^k × 2^k` cells, whether every cell of it is solid; cells
/// beyond the map count as solid), one third of a bit per cell, and from blocks of 16 × 16 cells
/// up the **box of each block's non-solid cells** (16 bytes per 256 cells, and a third more above).
/// With them the distance to the nearest non-solid cell along each axis, and the certificate that
/// nothing is nearer, cost a few hundred node tests whatever the depth and however long the faces.
/// [`TileMap::set`] and [`TileMap::set_tile`] update both along one path of the pyramid, stopping
/// at the first level that does not change (a cell closed on the edge of its block's box reads the
/// block's 16 rows again).
///
/// ```
/// use ball_aabb::world::{TileMap, World};
/// let map = TileMap::from_ascii("#..\n###", 1.0)?;
/// assert_eq!((map.width(), map.height()), (3, 2));
/// assert!(map.is_solid(0, 1) && !map.is_solid(1, 1) && map.is_solid(2, 0));
/// assert_eq!(map.cell_rect(2, 0).max(), [3.0, 1.0]);
/// # Ok::<(), ball_aabb::world::MapError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TileMap {
    width: usize,
    height: usize,
    cell: f32,
    origin: [f32; 2],
    /// Solid or one-way: the cells the queries report.
    bits: Vec<u64>,
    /// One-way.
    one_way: Vec<u64>,
    /// How many cells are one-way.
    one_way_cells: usize,
    /// What lies beyond the edges, for the push-out.
    outside: Outside,
    /// The pyramid: level `k + 1` (blocks of `2^(k+1)` cells a side) at index `k`, as
    /// `(columns, rows, bits)`; a bit is set when every cell of the block is solid.
    pyramid: Vec<(usize, usize, Vec<u64>)>,
    /// Above the pyramid's level 4 (16 × 16 cells): for each block, the bounding box of its non-solid
    /// cells inside the map (`[col0, row0, col1, row1]`, inclusive; `[u32::MAX, u32::MAX, 0, 0]` when
    /// it has none), at index `level − 4`, laid out as the pyramid's bits. Always the tight box: it
    /// lets the push-out's certificate pass by a block that reaches past a face without looking
    /// into it.
    open_boxes: Vec<Vec<[u32; 4]>>,
    /// `1 / cell`, worked out once (the guesses of [`TileMap::range`] and of the push-out's scan).
    inv_cell: f64,
}

impl TileMap {
    /// An empty map. Fails, naming the cause, when `cell` is not finite and positive
    /// ([`MapError::BadCell`]), the origin is not finite ([`MapError::BadOrigin`]), a size is 0
    /// ([`MapError::NoCells`]), or the far corner is not finite in `f32`, the cells cannot be counted
    /// in memory or a side has 2³¹ cells or more ([`MapError::TooLarge`]).
    pub fn new(width: usize, height: usize, cell: f32, origin: [f32; 2]) -> Result<Self, MapError> {
        if !(cell.is_finite() && cell > 0.0) {
            return Err(MapError::BadCell { cell });
        }
        if !origin.iter().all(|x| x.is_finite()) {
            return Err(MapError::BadOrigin { origin });
        }
        if width == 0 || height == 0 {
            return Err(MapError::NoCells { width, height });
        }
        let fits = ((origin[0] as f64 + width as f64 * cell as f64) as f32).is_finite()
            && ((origin[1] as f64 + height as f64 * cell as f64) as f32).is_finite()
            && width.checked_mul(height).is_some()
            && (width.max(height) as u64) < 1 << 31; // cannot be allocated anyway; keeps `index_f64` exact and cells in u32
        if !fits {
            return Err(MapError::TooLarge { width, height });
        }
        let words = (width * height).div_ceil(64);
        let (pyramid, open_boxes) = escape::empty_index(width, height);
        let map = TileMap {
            width,
            height,
            cell,
            origin,
            bits: vec![0; words],
            one_way: vec![0; words],
            one_way_cells: 0,
            outside: Outside::default(),
            pyramid,
            inv_cell: 1.0 / cell as f64,
            open_boxes,
        };
        Ok(map)
    }

    /// The same map with `outside` beyond its edges (default [`Outside::Solid`]).
    #[must_use]
    pub fn with_outside(mut self, outside: Outside) -> Self {
        self.outside = outside;
        self
    }

    /// What lies beyond the edges, for the push-out.
    #[must_use]
    pub fn outside(&self) -> Outside {
        self.outside
    }

    /// Parses an ASCII map: one row a line, `#` solid, `-` one-way, `.` or a space empty, the **top
    /// line is the highest row** (the bottom line is row 0), origin `(0, 0)`.
    ///
    /// The text may be written the way a raw string sits in Rust code. The rule:
    /// - lines holding only spaces and tabs **before the first row and after the last** are dropped
    ///   (a leading newline, an indented closing quote), and so is a `\r` before a line break;
    /// - the **indentation common to every row** (leading spaces and tabs) is removed;
    /// - the map's width is its **widest row, not counting trailing spaces**; a row's trailing spaces
    ///   are empty cells up to that width and ignored beyond it; a row that ends before the width
    ///   (nothing written there, not even a space) is refused as ragged.
    ///
    /// Errors name the line and column of the text as given (1-based).
    ///
    /// ```
    /// use ball_aabb::world::{MapError, TileMap};
    /// // A newline first, every row indented, trailing spaces, the closing quote on its own line.
    /// let indented = TileMap::from_ascii("\n    #..#   \n    ####\n    ", 1.0);
    /// assert_eq!(indented, TileMap::from_ascii("#..#\n####", 1.0));
    /// assert_eq!(TileMap::from_ascii("##\n#", 1.0), Err(MapError::Ragged { line: 2, column: 2, expected: 2, found: 1 }));
    /// assert_eq!(TileMap::from_ascii("#.\n#x", 1.0), Err(MapError::UnknownChar { line: 2, column: 2, found: 'x' }));
    /// assert_eq!(TileMap::from_ascii("\n", 1.0), Err(MapError::Empty));
    /// ```
    pub fn from_ascii(text: &str, cell: f32) -> Result<Self, MapError> {
        let blank = |l: &str| l.chars().all(|c| c == ' ' || c == '\t');
        let all: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        let (Some(first), Some(last)) = (all.iter().position(|l| !blank(l)), all.iter().rposition(|l| !blank(l)))
        else {
            return Err(MapError::Empty);
        };
        let rows = &all[first..=last];
        // The common indentation, in characters (spaces and tabs alike), of the rows that are not blank.
        let indent_of = |l: &str| l.chars().take_while(|&c| c == ' ' || c == '\t').count();
        let indent = rows.iter().filter(|l| !blank(l)).map(|l| indent_of(l)).min().unwrap_or(0);
        let cells = |l: &str| -> Vec<char> { l.chars().skip(indent).collect() };
        let written = |cs: &[char]| cs.iter().rposition(|&c| c != ' ').map_or(0, |k| k + 1);
        let width = rows.iter().map(|l| written(&cells(l))).max().unwrap_or(0);
        if width == 0 {
            return Err(MapError::Empty);
        }
        let height = rows.len();
        for (i, l) in rows.iter().enumerate() {
            let line = first + i + 1;
            let cs = cells(l);
            if let Some(j) = cs.iter().take(width).position(|&c| tile_of(c).is_none()) {
                return Err(MapError::UnknownChar { line, column: indent + j + 1, found: cs[j] });
            }
            if cs.len() < width {
                return Err(MapError::Ragged { line, column: indent + cs.len() + 1, expected: width, found: cs.len() });
            }
        }
        let mut map = TileMap::new(width, height, cell, [0.0, 0.0])?;
        for (i, l) in rows.iter().enumerate() {
            let row = height - 1 - i;
            for (col, ch) in cells(l).into_iter().take(width).enumerate() {
                map.set_tile(col, row, tile_of(ch).unwrap_or_default());
            }
        }
        Ok(map)
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell size.
    #[must_use]
    pub fn cell(&self) -> f32 {
        self.cell
    }

    /// The bottom-left corner of cell `(0, 0)`.
    #[must_use]
    pub fn origin(&self) -> [f32; 2] {
        self.origin
    }

    /// Makes a cell solid or empty. Cells outside the map are ignored.
    pub fn set(&mut self, col: usize, row: usize, solid: bool) {
        self.set_tile(col, row, if solid { Tile::Solid } else { Tile::Empty });
    }

    /// Sets a cell's kind. Cells outside the map are ignored.
    pub fn set_tile(&mut self, col: usize, row: usize, tile: Tile) {
        if col < self.width && row < self.height {
            let i = row * self.width + col;
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            let put = |bits: &mut Vec<u64>, on: bool| if on { bits[word] |= bit } else { bits[word] &= !bit };
            let was = self.one_way_bit(i);
            put(&mut self.bits, tile != Tile::Empty);
            put(&mut self.one_way, tile == Tile::OneWay);
            self.one_way_cells = self.one_way_cells + usize::from(tile == Tile::OneWay) - usize::from(was);
            self.update_index(col, row, tile != Tile::Solid);
        }
    }

    /// The cell's kind. Outside the map: empty.
    #[must_use]
    pub fn tile(&self, col: usize, row: usize) -> Tile {
        if col >= self.width || row >= self.height {
            return Tile::Empty;
        }
        let i = row * self.width + col;
        match (self.solid_bit(i), self.one_way_bit(i)) {
            (false, _) => Tile::Empty,
            (true, false) => Tile::Solid,
            (true, true) => Tile::OneWay,
        }
    }

    /// Is the cell solid (from every side, not one-way)? Outside the map: empty.
    #[must_use]
    #[inline]
    pub fn is_solid(&self, col: usize, row: usize) -> bool {
        col < self.width
            && row < self.height
            && self.solid_bit(row * self.width + col)
            && !self.one_way_bit(row * self.width + col)
    }

    /// Is the cell of index `row·width + col` (inside the map) one-way?
    #[inline]
    fn one_way_bit(&self, i: usize) -> bool {
        self.one_way[i / 64] >> (i % 64) & 1 == 1
    }

    /// Is the cell of index `row·width + col` (inside the map) solid or one-way?
    #[inline]
    fn solid_bit(&self, i: usize) -> bool {
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// Are the `len` cells from index `start` on (inside the map) all empty? Word by word.
    #[inline]
    fn row_clear(&self, start: usize, len: usize) -> bool {
        let (mut i, end) = (start, start + len);
        while i < end {
            let (word, off) = (i / 64, i % 64);
            let take = (64 - off).min(end - i);
            let mask = if take == 64 { u64::MAX } else { ((1u64 << take) - 1) << off };
            if self.bits[word] & mask != 0 {
                return false;
            }
            i += take;
        }
        true
    }

    /// Number of solid cells (one-way ones not counted).
    #[must_use]
    pub fn solid_count(&self) -> usize {
        self.bits.iter().zip(&self.one_way).map(|(s, o)| (s & !o).count_ones() as usize).sum()
    }

    /// Number of one-way cells.
    #[must_use]
    pub fn one_way_count(&self) -> usize {
        self.one_way_cells
    }

    #[inline]
    fn edge(&self, axis: usize, k: usize) -> f32 {
        (self.origin[axis] as f64 + index_f64(k) * self.cell as f64) as f32
    }

    /// The rectangle of cell `(col, row)` (solid or not; outside the map too).
    #[must_use]
    pub fn cell_rect(&self, col: usize, row: usize) -> Rect {
        self.block_rect(col, row, col + 1, row + 1)
    }

    /// The rectangle of the cells `col0..col1 × row0..row1` (end exclusive).
    fn block_rect(&self, col0: usize, row0: usize, col1: usize, row1: usize) -> Rect {
        let lo = [self.edge(0, col0), self.edge(1, row0)];
        let hi = [self.edge(0, col1), self.edge(1, row1)];
        // Finite (checked at construction for in-map cells) and ordered: always valid.
        Rect::new(lo, hi).unwrap_or_else(|_| Rect::new([0.0; 2], [0.0; 2]).expect("zero rect"))
    }

    /// The range of indices `k` in `0..n` whose closed interval `[edge(k), edge(k + 1)]` meets
    /// `[lo, hi]` (`lo ≤ hi`, as in every `Rect`), or `None`.
    ///
    /// The answer is defined by the edges alone: the first index is the one `a` with
    /// `(a = 0 or edge(a) < lo) and edge(a + 1) ≥ lo`, the last the one `b ≥ a` with
    /// `(b + 1 = n or edge(b + 1) > hi) and (b = a or edge(b) ≤ hi)` (unique, the edges being
    /// non-decreasing). A guess by multiplication with `1/s` is checked against those conditions and
    /// is almost always right; when it is not, [`TileMap::range_search`] walks to the answer. This is
    /// the inner loop of every query: kept small and branch-light.
    #[inline]
    fn range(&self, axis: usize, n: usize, lo: f32, hi: f32) -> Option<(usize, usize)> {
        let (o, s) = (self.origin[axis] as f64, self.cell as f64);
        let edge = |k: usize| (o + index_f64(k) * s) as f32; // = self.edge(axis, k)
        if hi < edge(0) || lo > edge(n) {
            return None;
        }
        let (inv, last) = (self.inv_cell, index_f64(n - 1));
        // Truncation = floor here; through `i64` (in range after the clamp): the same value, cheaper.
        let guess = |x: f32| ((x as f64 - o) * inv).clamp(0.0, last) as i64 as usize;
        let a = guess(lo);
        let b = guess(hi).max(a);
        let a_ok = (a == 0 || edge(a) < lo) && edge(a + 1) >= lo;
        let b_ok = (b + 1 == n || edge(b + 1) > hi) && (b == a || edge(b) <= hi);
        if a_ok && b_ok {
            Some((a, b))
        } else {
            Some(self.range_search(axis, n, lo, hi, a, b))
        }
    }

    /// [`TileMap::range`]'s answer by walking from the guesses `a`, `b` (rarely needed: out of line).
    #[cold]
    #[inline(never)]
    fn range_search(&self, axis: usize, n: usize, lo: f32, hi: f32, mut a: usize, b: usize) -> (usize, usize) {
        while a > 0 && self.edge(axis, a) >= lo {
            a -= 1;
        }
        while self.edge(axis, a + 1) < lo {
            a += 1;
        }
        let mut b = b.max(a);
        while b + 1 < n && self.edge(axis, b + 1) <= hi {
            b += 1;
        }
        while b > a && self.edge(axis, b) > hi {
            b -= 1;
        }
        (a, b)
    }

    /// The cell ranges (inclusive) whose closed rectangles meet the closed rectangle `r`.
    #[must_use]
    pub fn cell_range(&self, r: &Rect) -> Option<([usize; 2], [usize; 2])> {
        let (c0, c1) = self.range(0, self.width, r.min()[0], r.max()[0])?;
        let (r0, r1) = self.range(1, self.height, r.min()[1], r.max()[1])?;
        Some(([c0, r0], [c1, r1]))
    }

    /// Visits every cell (solid or not) whose closed rectangle meets the closed rectangle `r`, row by
    /// row from the bottom, left to right: the grid walk behind [`World::candidates`].
    pub fn walk(&self, r: &Rect, mut f: impl FnMut(usize, usize)) {
        if let Some(([c0, r0], [c1, r1])) = self.cell_range(r) {
            for row in r0..=r1 {
                for col in c0..=c1 {
                    f(col, row);
                }
            }
        }
    }

    /// The horizontal run of solid cells through `(col, row)` (which must be solid): `[a, b)`.
    fn run(&self, col: usize, row: usize) -> (usize, usize) {
        let mut a = col;
        while a > 0 && self.is_solid(a - 1, row) {
            a -= 1;
        }
        let mut b = col + 1;
        while self.is_solid(b, row) {
            b += 1;
        }
        (a, b)
    }

    /// Does `row` hold exactly the run `[a, b)` (solid there, empty on both sides)?
    fn has_run(&self, row: usize, a: usize, b: usize) -> bool {
        (a == 0 || !self.is_solid(a - 1, row)) && !self.is_solid(b, row) && (a..b).all(|c| self.is_solid(c, row))
    }

    /// The merged rectangle containing solid cell `(col, row)`: its row run `[a, b)`, stacked over
    /// every consecutive row that holds exactly the same run. Returns `(a, b, bottom, top)` (ends
    /// exclusive).
    fn merged_block(&self, col: usize, row: usize) -> (usize, usize, usize, usize) {
        let (a, b) = self.run(col, row);
        let mut lo = row;
        while lo > 0 && self.has_run(lo - 1, a, b) {
            lo -= 1;
        }
        let mut hi = row + 1;
        while hi < self.height && self.has_run(hi, a, b) {
            hi += 1;
        }
        (a, b, lo, hi)
    }

    /// Every merged rectangle (see [`World::merged_candidates`]) of the whole map, with the index of
    /// its bottom-left cell: for display, and to build a [`BoxList`](super::BoxList).
    pub fn merged_rects(&self, mut f: impl FnMut(usize, Rect)) {
        for row in 0..self.height {
            for col in 0..self.width {
                if self.is_solid(col, row) && (col == 0 || !self.is_solid(col - 1, row)) {
                    let (a, b, lo, hi) = self.merged_block(col, row);
                    if lo == row {
                        f(row * self.width + a, self.block_rect(a, lo, b, hi));
                    }
                }
            }
        }
    }
}

/// The tile an ASCII character stands for, if any.
fn tile_of(ch: char) -> Option<Tile> {
    match ch {
        '#' => Some(Tile::Solid),
        '-' => Some(Tile::OneWay),
        '.' | ' ' => Some(Tile::Empty),
        _ => None,
    }
}

/// `k as f64` for a cell or edge index of a map (`k ≤ width` or `height`, both below 2^31 by
/// [`TileMap::new`]), converted through `i64`: the same value, but one instruction on x86-64, where
/// the unsigned conversion is a branchy sequence (a third of [`TileMap::range`]'s instructions).
#[inline]
fn index_f64(k: usize) -> f64 {
    k as i64 as f64
}

impl World for TileMap {
    /// The solid cells under `bounds` (closed rectangles meeting it), row by row from the bottom,
    /// left to right; index `row·width + col`. Cost: `O(cells in the range)`, no allocation.
    /// ([`World::candidates_along`] upwards: that walk's rows, each left to right.)
    fn candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        self.candidates_along(bounds, [0.0, 1.0], |i, _, r| {
            f(i, r);
            true
        });
    }

    /// The cells of [`World::candidates`] (the same range), walked along the motion: the slabs of
    /// the major axis `k` of `d` (columns when `|d.x| ≥ |d.y|`, else rows) from the ball's side in
    /// the direction of `d[k]`, and within each slab the cells in the direction of the other
    /// component (upwards or rightwards when it is 0). The rank is the cell index `row·width + col`,
    /// which is `candidates`' order. Returning `false` from `f` stops the walk: every cell after it
    /// lies in the same slab or a later one, so its near face along `k` is at or beyond.
    fn candidates_along(&self, bounds: &Rect, d: [f32; 2], mut f: impl FnMut(usize, usize, Rect) -> bool) {
        let Some((lo, hi)) = self.cell_range(bounds) else { return };
        let a = super::major_axis(d);
        let b = 1 - a;
        let stride = [1, self.width];
        let forward = [d[0] >= 0.0, d[1] >= 0.0];
        for j in 0..=hi[a] - lo[a] {
            let ka = if forward[a] { lo[a] + j } else { hi[a] - j };
            let (a0, a1) = (self.edge(a, ka), self.edge(a, ka + 1));
            for m in 0..=hi[b] - lo[b] {
                let kb = if forward[b] { lo[b] + m } else { hi[b] - m };
                let i = ka * stride[a] + kb * stride[b];
                if self.solid_bit(i) {
                    let (b0, b1) = (self.edge(b, kb), self.edge(b, kb + 1));
                    let (mut min, mut max) = ([a0; 2], [a1; 2]);
                    (min[b], max[b]) = (b0, b1);
                    // Edges are finite (checked by `new`) and ordered: the cell's rectangle as `cell_rect`.
                    if !f(i, i, Rect::from_ordered(min, max)) {
                        return;
                    }
                }
            }
        }
    }

    /// As the default (a solid cell other than `except` containing `point`, reaching beyond it along
    /// `axis`), without a grid query: when `point` lies in cell `except` and strictly inside the
    /// edges of its 3 × 3 neighbourhood, only those nine cells can contain it. Otherwise (a point
    /// elsewhere, or cells so thin that `f32` edges coincide) the default's query.
    fn solid_beyond(&self, point: [f32; 2], axis: usize, positive: bool, except: usize) -> bool {
        let (w, h) = (self.width, self.height);
        let (col, row) = (except % w, except / w);
        let near = |a: usize, k: usize, p: f32| {
            (k == 0 || self.edge(a, k - 1) < p)
                && self.edge(a, k) <= p
                && p <= self.edge(a, k + 1)
                && p < self.edge(a, k + 2)
        };
        if row >= h || !near(0, col, point[0]) || !near(1, row, point[1]) {
            return super::solid_beyond_by_query(self, point, axis, positive, except);
        }
        // The cells containing the point: `except`'s, and its neighbour on a side where the point
        // lies on the shared edge (the ring check above rules out any other).
        let span = |a: usize, k: usize, n: usize| {
            let p = point[a];
            let first = if k > 0 && p == self.edge(a, k) { k - 1 } else { k };
            let last = if k + 1 < n && p == self.edge(a, k + 1) { k + 1 } else { k };
            first..=last
        };
        for r in span(1, row, h) {
            for c in span(0, col, w) {
                if (c, r) == (col, row) || !self.is_solid(c, r) {
                    continue;
                }
                let k = if axis == 0 { c } else { r };
                let beyond =
                    if positive { self.edge(axis, k + 1) > point[axis] } else { self.edge(axis, k) < point[axis] };
                if beyond {
                    return true;
                }
            }
        }
        false
    }

    /// Clear when `bounds` lies strictly inside the map's edges and no solid or one-way cell of its
    /// cell range ([`TileMap::cell_range`], the range every query walks) is set: per row, one or
    /// two word tests of the bitset. A rectangle reaching the border or beyond is never called clear
    /// (what lies outside is the push-out's business).
    fn clear(&self, bounds: &Rect) -> bool {
        let (lo, hi) = (bounds.min(), bounds.max());
        let inside = (0..2).all(|a| {
            let n = if a == 0 { self.width } else { self.height };
            self.edge(a, 0) < lo[a] && hi[a] < self.edge(a, n)
        });
        if !inside {
            return false;
        }
        let Some(([c0, r0], [c1, r1])) = self.cell_range(bounds) else { return false };
        (r0..=r1).all(|row| self.row_clear(row * self.width + c0, c1 - c0 + 1))
    }

    /// One-way cells report the index `row·width + col` of a one-way cell as such.
    fn one_way(&self, index: usize) -> bool {
        index < self.width * self.height && self.solid_bit(index) && self.one_way_bit(index)
    }

    fn any_one_way(&self) -> bool {
        self.one_way_cells > 0
    }

    /// The map's rectangle when the outside is [`Outside::Solid`].
    fn push_out_region(&self) -> Option<Rect> {
        (self.outside == Outside::Solid).then(|| self.block_rect(0, 0, self.width, self.height))
    }

    /// The solid cells of the range merged within it: each row's runs cut at the range's ends,
    /// stacked while consecutive rows hold the same cut run; ordered by bottom row, then left end
    /// (index: the bottom-left cell). Cost: the range's cells, however long the runs through it.
    fn push_out_candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        let Some(([c0, r0], [c1, r1])) = self.cell_range(bounds) else { return };
        // (a, b, bottom): the stacks still open, from the rows below.
        let mut open: Vec<(usize, usize, usize)> = Vec::new();
        let mut next = Vec::new();
        let mut done: Vec<(usize, usize, usize, usize)> = Vec::new();
        for row in r0..=r1 + 1 {
            next.clear();
            let mut col = c0;
            while row <= r1 && col <= c1 {
                if !self.is_solid(col, row) {
                    col += 1;
                    continue;
                }
                let a = col;
                while col <= c1 && self.is_solid(col, row) {
                    col += 1;
                }
                let bottom = open.iter().find(|o| o.0 == a && o.1 == col).map_or(row, |o| o.2);
                next.push((a, col, bottom));
            }
            for o in &open {
                if !next.iter().any(|n| (n.0, n.1, n.2) == *o) {
                    done.push((o.2, o.0, o.1, row));
                }
            }
            core::mem::swap(&mut open, &mut next);
        }
        done.sort_unstable();
        for (bottom, a, b, top) in done {
            f(bottom * self.width + a, self.block_rect(a, bottom, b, top));
        }
    }

    /// From the pyramid and the open boxes (see [`TileMap`]): four rays and a certificate, a few
    /// hundred node tests.
    fn axis_escape(&self, c: [f32; 2]) -> Option<Escape> {
        self.escape_with_work(c).0
    }

    /// The merged rectangles meeting `bounds`: greedy horizontal runs of solid cells, then runs with
    /// the same extent in consecutive rows stacked into one rectangle — computed on the fly from the
    /// bitset for the cells under `bounds` (each reported once, with the index of its bottom-left
    /// cell), so there is nothing to rebuild after [`TileMap::set`]. Cost: the walk, plus the length
    /// of each run and the height of each stack that reaches into the range. Runs of one-way cells
    /// are merged along their row only (index: the run's first cell).
    fn merged_candidates(&self, bounds: &Rect, mut f: impl FnMut(usize, Rect)) {
        let Some(([c0, r0], _)) = self.cell_range(bounds) else { return };
        self.walk(bounds, |col, row| {
            if self.tile(col, row) == Tile::OneWay {
                // A run of one-way cells in a row is one platform (not stacked: each row's top is
                // its own floor). Reported once, from its first cell in the range.
                if col == c0 || self.tile(col - 1, row) != Tile::OneWay {
                    let (mut a, mut b) = (col, col + 1);
                    while a > 0 && self.tile(a - 1, row) == Tile::OneWay {
                        a -= 1;
                    }
                    while self.tile(b, row) == Tile::OneWay {
                        b += 1;
                    }
                    f(row * self.width + a, self.block_rect(a, row, b, row + 1));
                }
                return;
            }
            if !self.is_solid(col, row) || (col > c0 && self.is_solid(col - 1, row)) {
                return; // not the first cell of its run inside the range
            }
            let (a, b, lo, hi) = self.merged_block(col, row);
            if lo.max(r0) == row {
                f(lo * self.width + a, self.block_rect(a, lo, b, hi));
            }
        });
    }
}
