//! The playground's tile maps as plain data: [`PlayMap`] (a small grid of solid, one-way and empty
//! cells that is `Copy`, so it can live in a scene), its scene text (rows separated by `/`, each row
//! run-length coded: `24.` or `3.2#4-15.`), and the built-in levels ([`LEVELS`]): the strategies'
//! lessons, and the Play mode's course ([`Level::play`]).
//!
//! Cell `(col, row)` covers `[col, col+1] × [row, row+1]` in world units, rows counted from the
//! bottom (y up), as in the core's [`TileMap`]; [`PlayMap::tile_map`] builds that.

use crate::geom::world::{Tile, TileMap};

/// The largest playground map: 64 columns (one `u64` a row) × 32 rows.
pub const MAX_COLS: usize = 64;
pub const MAX_ROWS: usize = 32;

/// A grid of solid, one-way and empty cells, at most [`MAX_COLS`] × [`MAX_ROWS`], row 0 at the
/// bottom. A one-way cell (`-`) is the core's [`Tile::OneWay`]: solid only against a ball coming
/// down onto it from above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayMap {
    cols: u8,
    rows: u8,
    /// `bits[row] >> col & 1`: is the cell solid?
    bits: [u64; MAX_ROWS],
    /// `one_way[row] >> col & 1`: is the cell one-way? (Never both.)
    one_way: [u64; MAX_ROWS],
}

impl PlayMap {
    /// An empty map; `None` when a side is 0 or over the limit.
    #[must_use]
    pub fn empty(cols: usize, rows: usize) -> Option<PlayMap> {
        ((1..=MAX_COLS).contains(&cols) && (1..=MAX_ROWS).contains(&rows)).then_some(PlayMap {
            cols: cols as u8,
            rows: rows as u8,
            bits: [0; MAX_ROWS],
            one_way: [0; MAX_ROWS],
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

    /// Is the cell solid (from every side)? Outside the map: no.
    #[must_use]
    pub fn is_solid(&self, col: usize, row: usize) -> bool {
        col < self.cols() && row < self.rows() && (self.bits[row] >> col) & 1 == 1
    }

    /// Is the cell a one-way platform? Outside the map: no.
    #[must_use]
    pub fn is_one_way(&self, col: usize, row: usize) -> bool {
        col < self.cols() && row < self.rows() && (self.one_way[row] >> col) & 1 == 1
    }

    /// The cell's kind. Outside the map: empty.
    #[must_use]
    pub fn tile(&self, col: usize, row: usize) -> Tile {
        if self.is_solid(col, row) {
            Tile::Solid
        } else if self.is_one_way(col, row) {
            Tile::OneWay
        } else {
            Tile::Empty
        }
    }

    /// Makes a cell solid or empty (what the brush paints); outside the map nothing happens.
    /// Returns whether it changed.
    pub fn set(&mut self, col: usize, row: usize, solid: bool) -> bool {
        self.set_tile(col, row, if solid { Tile::Solid } else { Tile::Empty })
    }

    /// Sets a cell's kind; outside the map nothing happens. Returns whether it changed.
    pub fn set_tile(&mut self, col: usize, row: usize, tile: Tile) -> bool {
        if col >= self.cols() || row >= self.rows() || self.tile(col, row) == tile {
            return false;
        }
        let bit = 1u64 << col;
        let put = |word: &mut u64, on: bool| if on { *word |= bit } else { *word &= !bit };
        put(&mut self.bits[row], tile == Tile::Solid);
        put(&mut self.one_way[row], tile == Tile::OneWay);
        true
    }

    /// The cell under a world point, if it is on the map.
    #[must_use]
    pub fn cell_at(&self, p: [f32; 2]) -> Option<(usize, usize)> {
        let (x, y) = (p[0].floor(), p[1].floor());
        (x >= 0.0 && y >= 0.0 && (x as usize) < self.cols() && (y as usize) < self.rows())
            .then_some((x as usize, y as usize))
    }

    /// How many cells are solid (one-way ones not counted).
    #[must_use]
    pub fn solid_count(&self) -> usize {
        self.bits.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// How many cells are one-way.
    #[must_use]
    pub fn one_way_count(&self) -> usize {
        self.one_way.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The core's tile map of these cells (cell size 1, origin at 0, 0).
    #[must_use]
    pub fn tile_map(&self) -> TileMap {
        let mut m = TileMap::new(self.cols(), self.rows(), 1.0, [0.0, 0.0]).expect("a playground map is never empty");
        for row in 0..self.rows() {
            for col in 0..self.cols() {
                match self.tile(col, row) {
                    Tile::Empty => {}
                    t => m.set_tile(col, row, t),
                }
            }
        }
        m
    }

    /// From ASCII art: one row a line, the top line the highest row, `#` solid, `-` one-way, `.`
    /// empty.
    pub fn from_ascii(text: &str) -> Result<PlayMap, String> {
        let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        Self::from_rows(&lines.iter().map(|l| l.to_string()).collect::<Vec<_>>())
    }

    /// From the scene text: rows top first, separated by `/`; each row a sequence of runs, a run
    /// being an optional count and `#` (solid), `-` (one-way) or `.` (empty): `3.2#4-15.` is 3
    /// empty, 2 solid, 4 one-way, 15 empty. Every row must have the same width.
    pub fn parse(text: &str) -> Result<PlayMap, String> {
        let mut rows = Vec::new();
        for (i, row) in text.trim().split('/').enumerate() {
            let mut s = String::new();
            let mut count = String::new();
            for ch in row.trim().chars() {
                match ch {
                    '0'..='9' => count.push(ch),
                    '#' | '-' | '.' => {
                        let n = if count.is_empty() { 1 } else { count.parse::<usize>().unwrap_or(usize::MAX) };
                        if n == 0 || n > MAX_COLS {
                            return Err(format!("row {}: a run of {count} is not 1..={MAX_COLS}", i + 1));
                        }
                        s.extend(std::iter::repeat_n(ch, n));
                        count.clear();
                    }
                    other => return Err(format!("row {}: {other:?} is not a count, #, - or .", i + 1)),
                }
            }
            if !count.is_empty() {
                return Err(format!("row {}: the count {count} has no #, - or . after it", i + 1));
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
                        m.set_tile(col, row, Tile::Solid);
                    }
                    '-' => {
                        m.set_tile(col, row, Tile::OneWay);
                    }
                    '.' => {}
                    other => return Err(format!("row {}, column {}: {other:?} is not #, - or .", i + 1, col + 1)),
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
                let tile = self.tile(col, row);
                let start = col;
                while col < self.cols() && self.tile(col, row) == tile {
                    col += 1;
                }
                let ch = match tile {
                    Tile::Solid => '#',
                    Tile::OneWay => '-',
                    Tile::Empty => '.',
                };
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
    /// ASCII, top line highest, `#` solid, `-` one-way, `.` empty.
    pub ascii: &'static str,
    /// The ball's centre and radius at the start.
    pub ball: [f32; 3],
    /// The throw, world units per second.
    pub throw: [f32; 2],
    /// A level of the Play mode's course (the character's start stands on the floor, the throw is
    /// 0); the others are the strategies' lessons.
    pub play: bool,
    /// The race's measurement window, simulated seconds from the throw: the speed lost is read at
    /// its end (0: over the whole run). The flush floor's ends before the balls reach the end of
    /// the floor and fall, so a strategy that keeps its speed reads 0 lost.
    pub measure: f32,
    /// Rotated boxes beside the map, each `[cx, cy, hx, hy, degrees]` (the scene's `obb=`).
    pub tilted: &'static [[f32; 5]],
    /// Moving boxes (Play's platforms and lifts), over the map and the rotated boxes.
    pub movers: &'static [MoverSpec],
}

/// A moving box of a level, as plain data: where it is at time 0 (`[x0, y0, x1, y1]`), the offsets
/// it goes through and back (the first `[0, 0]`), its speed in cells a second, and whether it is a
/// one-way platform. The core's [`Mover`](crate::geom::world::Mover) on a back-and-forth
/// [`Path`](crate::geom::world::Path).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoverSpec {
    pub rect: [f32; 4],
    pub points: &'static [[f32; 2]],
    pub speed: f32,
    pub one_way: bool,
}

impl Level {
    /// Its map (every built-in level parses: tested).
    #[must_use]
    pub fn map(&self) -> PlayMap {
        PlayMap::from_ascii(self.ascii).expect("built-in levels parse")
    }
}

/// The built-in levels (the first is the default): the strategies' lessons, then the Play mode's
/// course ([`Level::play`]).
pub const LEVELS: &[Level] = &[
    Level {
        id: "flush-floor",
        name: "Flush floor",
        note: "A floor of single tiles: a rolling ball must not feel the seams between them.",
        ascii: "........................................
                ........................................
                ........................................
                ........................................
                ........................................
                ........................................
                ........................................
                ########################################",
        ball: [38.5, 1.5, 0.5],
        throw: [-14.0, 0.0],
        play: false,
        measure: 2.5,
        tilted: &[],
        movers: &[],
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
        play: false,
        measure: 0.0,
        tilted: &[],
        movers: &[],
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
        play: false,
        measure: 0.0,
        tilted: &[],
        movers: &[],
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
        play: false,
        measure: 0.0,
        tilted: &[],
        movers: &[],
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
        play: false,
        measure: 0.0,
        tilted: &[],
        movers: &[],
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
        play: false,
        measure: 0.0,
        tilted: &[],
        movers: &[],
    },
    Level {
        id: "course-run",
        name: "Course 1: run and jump",
        note: "Jump up through the one-way platforms (-) and land on them; jump the steps up, walk the \
            steps down (the snap keeps you on the ground), jump the pits.",
        ascii: "#..............................................................#
                #..............................................................#
                #..............................................................#
                #..............................................................#
                #..............................................................#
                #..............................................................#
                #..............................................................#
                #........-----.................................................#
                #.......................########...............................#
                #....------------.....############.....................----....#
                #...................################...........................#
                #######################################.###..###...#############
                #######################################.###..###...#############
                ################################################################",
        ball: [2.5, 3.4, 0.4],
        throw: [0.0, 0.0],
        play: true,
        measure: 0.0,
        tilted: &[],
        movers: &[],
    },
    Level {
        id: "course-shaft",
        name: "Course 2: ceiling and shaft",
        note: "Jump under the low ceiling (hit-ceiling), drop down the narrow shaft (one cell wide: \
            0.1 to spare on each side), then climb the one-way platforms; down + jump drops through.",
        ascii: "#..............................................................#
                #..............................................................#
                #..............................................................#
                #..............................................................#
                #..............................##########......................#
                #.......###############........##########......................#
                #..............................##########.........##############
                #..............................##########......................#
                ##############################.##########......................#
                ##############################.##########................------#
                ##############################.##########......................#
                ##############################.##########...........-----......#
                ##############################.##########......................#
                ##############################.##########......-----...........#
                ##############################.................................#
                ##############################............-----................#
                ##############################.................................#
                ################################################################
                ################################################################
                ################################################################",
        ball: [2.5, 12.4, 0.4],
        throw: [0.0, 0.0],
        play: true,
        measure: 0.0,
        tilted: &[],
        movers: &[],
    },
    Level {
        id: "course-fall",
        name: "Course 3: the long fall",
        note: "Run off the ledge and fall 22 cells onto a platform one cell thick (or steer onto the \
            one-way platform on the way).",
        ascii: "#......................................#
                #......................................#
                #......................................#
                #......................................#
                #########..............................#
                #########..............................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #...................-------............#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #............................#######...#
                #......................................#
                #......................................#
                #......................................#
                #........#########.....................#
                #......................................#
                #......................................#
                #......................................#
                ########################################
                ########################################",
        ball: [2.5, 28.4, 0.4],
        throw: [0.0, 0.0],
        play: true,
        measure: 0.0,
        tilted: &[],
        movers: &[],
    },
    Level {
        id: "course-ramps",
        name: "Course 4: ramps",
        note: "Walk up the 30° ramp (a rotated box: ground, it follows the face) onto the plateau, drop \
            down past the 60° face beyond it (too steep to stand on: a wall, slid down), run up the 25° kicker and jump \
            from its top up through the one-way platform, then jump onto the goal: the high ledge at \
            the right end.",
        ascii: "#..........................................#
                #..........................................#
                #..........................................#
                #..........................................#
                #..........................................#
                #..........................................#
                #....................................#######
                #..........#######...........-------.#######
                #..........#######...................#######
                #..........#######...................#######
                ############################################
                ############################################",
        ball: [2.5, 2.4, 0.4],
        throw: [0.0, 0.0],
        play: true,
        measure: 0.0,
        // The 30° ramp's face runs from the floor (x ≈ 5.8) to the plateau's corner (11, 5); the
        // steep face from the plateau's other corner (18, 5) down to the floor (x ≈ 19.7); the
        // kicker's from the floor at x = 24 up to (26.27, 3.06). Each box's hidden part is inside
        // solid cells, and every corner is inside the map (tested).
        tilted: &[
            [8.2189, 2.817, 3.5, 0.5, 30.0],
            [18.683, 2.817, 2.232, 0.5, -60.0],
            [24.9967, 1.6372, 1.75, 0.75, 25.0],
        ],
        movers: &[],
    },
    Level {
        id: "course-platforms",
        name: "Course 5: moving platforms",
        note: "Step onto the platform at the pit's edge and stand still: it carries you across. Take \
            the lift (in its shaft on the right) up to the high ledge. On the left, jump up through the \
            moving one-way platform and ride it; down + jump drops through it.",
        ascii: "#......................................#
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #............................###########
                #......................................#
                #......................................#
                #......................................#
                #......................................#
                #########................##..###########
                #########................##..###########",
        ball: [7.5, 2.4, 0.4],
        throw: [0.0, 0.0],
        play: true,
        measure: 0.0,
        tilted: &[],
        // Across the pit (x 9 … 25) and back, its top level with both floors; the lift in its
        // shaft (x 27 … 29), its top from the floor (2) to the ledge (7); the one-way platform over
        // the start, its top from 4 to 6.
        movers: &[
            MoverSpec { rect: [9.0, 1.5, 12.0, 2.0], points: &[[0.0, 0.0], [13.0, 0.0]], speed: 2.0, one_way: false },
            MoverSpec { rect: [27.0, 1.5, 29.0, 2.0], points: &[[0.0, 0.0], [0.0, 5.0]], speed: 1.5, one_way: false },
            MoverSpec { rect: [2.0, 3.5, 6.0, 4.0], points: &[[0.0, 0.0], [0.0, 2.0]], speed: 1.0, one_way: true },
        ],
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

/// The indices of the Play mode's course, in order.
pub fn course() -> impl Iterator<Item = usize> {
    (0..LEVELS.len()).filter(|&i| LEVELS[i].play)
}
