//! The playground's tile maps as plain data: [`PlayMap`] (a small grid of solid/empty cells that is
//! `Copy`, so it can live in a scene), its scene text (rows separated by `/`, each row run-length
//! coded: `24.` or `3.2#19.`), and the built-in levels ([`LEVELS`]).
//!
//! Cell `(col, row)` covers `[col, col+1] × [row, row+1]` in world units, rows counted from the
//! bottom (y up), as in the core's [`TileMap`]; [`PlayMap::tile_map`] builds that.

use crate::geom::world::TileMap;

/// The largest playground map: 64 columns (one `u64` a row) × 32 rows.
pub const MAX_COLS: usize = 64;
pub const MAX_ROWS: usize = 32;

/// A grid of solid/empty cells, at most [`MAX_COLS`] × [`MAX_ROWS`], row 0 at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayMap {
    cols: u8,
    rows: u8,
    /// `bits[row] >> col & 1`: is the cell solid?
    bits: [u64; MAX_ROWS],
}

impl PlayMap {
    /// An empty map; `None` when a side is 0 or over the limit.
    #[must_use]
    pub fn empty(cols: usize, rows: usize) -> Option<PlayMap> {
        ((1..=MAX_COLS).contains(&cols) && (1..=MAX_ROWS).contains(&rows)).then_some(PlayMap {
            cols: cols as u8,
            rows: rows as u8,
            bits: [0; MAX_ROWS],
        })
    }

    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Is the cell solid? Outside the map: no.
    #[must_use]
    pub fn is_solid(&self, col: usize, row: usize) -> bool {
        col < self.cols() && row < self.rows() && (self.bits[row] >> col) & 1 == 1
    }

    /// Makes a cell solid or empty; outside the map nothing happens. Returns whether it changed.
    pub fn set(&mut self, col: usize, row: usize, solid: bool) -> bool {
        if col >= self.cols() || row >= self.rows() || self.is_solid(col, row) == solid {
            return false;
        }
        self.bits[row] ^= 1 << col;
        true
    }

    /// The cell under a world point, if it is on the map.
    #[must_use]
    pub fn cell_at(&self, p: [f32; 2]) -> Option<(usize, usize)> {
        let (x, y) = (p[0].floor(), p[1].floor());
        (x >= 0.0 && y >= 0.0 && (x as usize) < self.cols() && (y as usize) < self.rows())
            .then_some((x as usize, y as usize))
    }

    /// How many cells are solid.
    #[must_use]
    pub fn solid_count(&self) -> usize {
        self.bits.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The core's tile map of these cells (cell size 1, origin at 0, 0).
    #[must_use]
    pub fn tile_map(&self) -> TileMap {
        let mut m = TileMap::new(self.cols(), self.rows(), 1.0, [0.0, 0.0]).expect("a playground map is never empty");
        for row in 0..self.rows() {
            for col in 0..self.cols() {
                if self.is_solid(col, row) {
                    m.set(col, row, true);
                }
            }
        }
        m
    }

    /// From ASCII art: one row a line, the top line the highest row, `#` solid, `.` empty.
    pub fn from_ascii(text: &str) -> Result<PlayMap, String> {
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        Self::from_rows(&lines.iter().map(|l| l.to_string()).collect::<Vec<_>>())
    }

    /// From the scene text: rows top first, separated by `/`; each row a sequence of runs, a run
    /// being an optional count and `#` (solid) or `.` (empty): `3.2#19.` is 3 empty, 2 solid, 19
    /// empty. Every row must have the same width.
    pub fn parse(text: &str) -> Result<PlayMap, String> {
        let mut rows = Vec::new();
        for (i, row) in text.trim().split('/').enumerate() {
            let mut s = String::new();
            let mut count = String::new();
            for ch in row.trim().chars() {
                match ch {
                    '0'..='9' => count.push(ch),
                    '#' | '.' => {
                        let n = if count.is_empty() { 1 } else { count.parse::<usize>().unwrap_or(usize::MAX) };
                        if n == 0 || n > MAX_COLS {
                            return Err(format!("row {}: a run of {count} is not 1..={MAX_COLS}", i + 1));
                        }
                        s.extend(std::iter::repeat_n(ch, n));
                        count.clear();
                    }
                    other => return Err(format!("row {}: {other:?} is not a count, # or .", i + 1)),
                }
            }
            if !count.is_empty() {
                return Err(format!("row {}: the count {count} has no # or . after it", i + 1));
            }
            rows.push(s);
        }
        Self::from_rows(&rows)
    }

    fn from_rows(lines: &[String]) -> Result<PlayMap, String> {
        let height = lines.len();
        let width = lines.first().map_or(0, |l| l.chars().count());
        let mut m = PlayMap::empty(width, height)
            .ok_or_else(|| format!("a map is 1..={MAX_COLS} columns × 1..={MAX_ROWS} rows, not {width} × {height}"))?;
        for (i, line) in lines.iter().enumerate() {
            let row = height - 1 - i;
            if line.chars().count() != width {
                return Err(format!("row {} has {} cells, the first has {width}", i + 1, line.chars().count()));
            }
            for (col, ch) in line.chars().enumerate() {
                match ch {
                    '#' => {
                        m.set(col, row, true);
                    }
                    '.' => {}
                    other => return Err(format!("row {}, column {}: {other:?} is not # or .", i + 1, col + 1)),
                }
            }
        }
        Ok(m)
    }

    /// The scene text of the map ([`PlayMap::parse`] reads it back).
    #[must_use]
    pub fn to_compact(&self) -> String {
        let mut out = Vec::new();
        for row in (0..self.rows()).rev() {
            let mut s = String::new();
            let mut col = 0;
            while col < self.cols() {
                let solid = self.is_solid(col, row);
                let start = col;
                while col < self.cols() && self.is_solid(col, row) == solid {
                    col += 1;
                }
                let ch = if solid { '#' } else { '.' };
                match col - start {
                    1 => s.push(ch),
                    n => s.push_str(&format!("{n}{ch}")),
                }
            }
            out.push(s);
        }
        out.join("/")
    }
}

/// A built-in level: its map, where the ball starts and the throw it starts with.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    pub id: &'static str,
    pub name: &'static str,
    /// What to look at.
    pub note: &'static str,
    /// ASCII, top line highest, `#` solid.
    pub ascii: &'static str,
    /// The ball's centre and radius at the start.
    pub ball: [f32; 3],
    /// The throw, world units per second.
    pub throw: [f32; 2],
}

impl Level {
    /// Its map (every built-in level parses: tested).
    #[must_use]
    pub fn map(&self) -> PlayMap {
        PlayMap::from_ascii(self.ascii).expect("built-in levels parse")
    }
}

/// The built-in levels (the first is the default).
pub const LEVELS: &[Level] = &[
    Level {
        id: "flush-floor",
        name: "Flush floor",
        note: "A floor of single tiles: a rolling ball must not feel the seams between them.",
        ascii: "........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ########################",
        ball: [22.5, 1.5, 0.5],
        throw: [-14.0, 0.0],
    },
    Level {
        id: "stairs",
        name: "Stairs",
        note: "Steps down, three cells wide: real corners, which every strategy must respect.",
        ascii: "........................
                ........................
                ........................
                ........................
                ###.....................
                ######..................
                #########...............
                ############............
                ###############.........
                ########################",
        ball: [1.5, 6.5, 0.5],
        throw: [4.0, 0.0],
    },
    Level {
        id: "narrow-corridor",
        name: "Narrow corridor",
        note: "A corridor exactly one ball high: seams above and below, both touched at once.",
        ascii: "........................
                ........................
                ........................
                ........................
                ########################
                ........................
                ########################
                ........................
                ........................
                ########################",
        ball: [1.5, 4.5, 0.5],
        throw: [6.0, 0.0],
    },
    Level {
        id: "thin-platform",
        name: "Thin platform",
        note: "A fast fall onto a one-cell-thick platform: the discrete strategies go straight through.",
        ascii: "........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ........................
                ........................
                .......##########.......
                ........................
                ........................
                ........................
                ########################",
        ball: [8.5, 12.6, 0.5],
        throw: [2.0, -400.0],
    },
    Level {
        id: "inner-corner",
        name: "Inner corner",
        note: "A floor meeting a wall: two faces at once, and the seams of both.",
        ascii: ".......................#
                .......................#
                .......................#
                .......................#
                .......................#
                .......................#
                .......................#
                ########################",
        ball: [2.5, 5.5, 0.5],
        throw: [12.0, 4.0],
    },
    Level {
        id: "tile-slope",
        name: "Slope of tiles",
        note: "A staircase of single cells: a slope only on average; every step is a corner.",
        ascii: "#.......................
                ##......................
                ###.....................
                ####....................
                #####...................
                ######..................
                #######.................
                ########................
                #########...............
                ########################",
        ball: [0.5, 10.5, 0.5],
        throw: [3.0, 0.0],
    },
];

/// A level's index by id.
#[must_use]
pub fn level_index(id: &str) -> Option<usize> {
    LEVELS.iter().position(|l| l.id == id)
}

/// The level ids, comma separated (for error messages).
#[must_use]
pub fn level_ids() -> String {
    LEVELS.iter().map(|l| l.id).collect::<Vec<_>>().join(", ")
}
