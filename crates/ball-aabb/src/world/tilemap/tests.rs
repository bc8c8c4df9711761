//! The push-out's index against brute force: open boxes always tight, the certificate always the
//! answer of looking at every cell.

use super::{Tile, TileMap};
use crate::testutil::Rng;
use alloc::vec::Vec;

/// Every open box of every level, worked out from the cells one by one.
fn check_boxes(map: &TileMap) {
    for (level, boxes) in map.open_boxes.iter().enumerate() {
        let k = level + super::escape::BOX_LEVEL;
        let w = map.pyramid[k - 1].0;
        for (n, b) in boxes.iter().enumerate() {
            let (i, j) = (n % w, n / w);
            let mut want = [u32::MAX, u32::MAX, 0, 0];
            for row in (j << k)..((j + 1) << k).min(map.height) {
                for col in (i << k)..((i + 1) << k).min(map.width) {
                    if !map.is_solid(col, row) {
                        want = [
                            want[0].min(col as u32),
                            want[1].min(row as u32),
                            want[2].max(col as u32),
                            want[3].max(row as u32),
                        ];
                    }
                }
            }
            assert_eq!(*b, want, "level {k}, block ({i}, {j})");
        }
    }
}

/// `solid_within` by looking at every cell: no non-solid cell whose rectangle is nearer than `d`.
fn solid_within_by_hand(map: &TileMap, c: [f64; 2], d: f64) -> bool {
    (0..map.height).all(|row| {
        (0..map.width).all(|col| {
            let r = map.cell_rect(col, row);
            let g = |a: usize| (r.min()[a] as f64 - c[a]).max(c[a] - r.max()[a] as f64).max(0.0);
            map.is_solid(col, row) || g(0) * g(0) + g(1) * g(1) >= d * d
        })
    })
}

/// Maps of odd sizes (blocks cut by the edges), filled and then edited at random — cells opened,
/// closed, made one-way, whole rectangles painted — with the boxes checked after every round and
/// the certificate against brute force at random centres and distances (on the edges included).
#[test]
fn open_boxes_stay_tight_and_the_certificate_is_exact() {
    let mut rng = Rng(0xB0_C5);
    for case in 0..24 {
        let (w, h) = (17 + (rng.next() % 60) as usize, 9 + (rng.next() % 70) as usize);
        let cell = [1.0f32, 0.5, 0.3][case % 3];
        let mut map = TileMap::new(w, h, cell, [-3.0 * cell, 2.0]).unwrap();
        for round in 0..6 {
            // A solid rectangle (a block of rock), then scattered edits.
            let (c0, r0) = ((rng.next() % w as u64) as usize, (rng.next() % h as u64) as usize);
            let (c1, r1) = ((c0 + 1 + (rng.next() % 40) as usize).min(w), (r0 + 1 + (rng.next() % 40) as usize).min(h));
            for row in r0..r1 {
                for col in c0..c1 {
                    map.set(col, row, true);
                }
            }
            for _ in 0..(round * 30) {
                let (col, row) = ((rng.next() % w as u64) as usize, (rng.next() % h as u64) as usize);
                let tile = [Tile::Empty, Tile::Solid, Tile::Solid, Tile::OneWay][(rng.next() % 4) as usize];
                map.set_tile(col, row, tile);
            }
            check_boxes(&map);
            for _ in 0..40 {
                let o = map.origin();
                let x = o[0] as f64 + (rng.next() % (4 * w as u64)) as f64 * cell as f64 / 4.0;
                let y = o[1] as f64 + (rng.next() % (4 * h as u64)) as f64 * cell as f64 / 4.0;
                let d = (rng.next() % 160) as f64 * cell as f64 / 8.0;
                let mut work = 0;
                assert_eq!(
                    map.solid_within([x, y], d, &mut work),
                    solid_within_by_hand(&map, [x, y], d),
                    "case {case} round {round}: c = ({x}, {y}), d = {d}"
                );
            }
        }
    }
}

/// A map built cell by cell equals the same map built in another order: the index depends on the
/// cells alone (so `==` on maps means the same cells).
#[test]
fn the_index_depends_on_the_cells_alone() {
    let mut rng = Rng(7);
    let (w, h) = (45, 38);
    let cells: Vec<bool> = (0..w * h).map(|_| rng.next().is_multiple_of(3)).collect();
    let mut a = TileMap::new(w, h, 1.0, [0.0; 2]).unwrap();
    let mut b = TileMap::new(w, h, 1.0, [0.0; 2]).unwrap();
    for (i, &s) in cells.iter().enumerate() {
        a.set(i % w, i / w, s);
    }
    for (i, &s) in cells.iter().enumerate().rev() {
        b.set(i % w, i / w, true);
        b.set(i % w, i / w, s);
    }
    assert_eq!(a, b);
    check_boxes(&a);
}
