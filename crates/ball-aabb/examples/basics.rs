//! The questions a game asks of a ball and a box, answered with plain `std` and no graphics:
//! `cargo run -p ball-aabb --example basics`.

use ball_aabb::batch::{mask_words, overlap_mask_one_box_fixed};
use ball_aabb::{sweep, Circle, ContactState, Rect, ShapeError};

fn main() -> Result<(), ShapeError> {
    let wall = Rect::new([0.0, 0.0], [4.0, 2.0])?;
    let ball = Circle::new([5.0, 1.5], 1.5)?;

    // 1. Does this circle touch this box? (Touching counts.)
    println!("overlaps: {}", ball.overlaps(&wall));

    // 2. Where is it, exactly? Closest point, signed distance, zone; the state is exact.
    let k = ball.contact(&wall);
    println!("closest point {:?}, distance {}, {:?}, zone {}", k.closest, k.distance, k.state, k.zone);

    // 3. Push it out: the smallest move that leaves it just touching.
    let push = ball.push_out(&wall);
    let pushed = ball.translated(push).expect("a push of a finite ball is finite");
    println!("push {push:?} -> {:?}", pushed.contact(&wall).state);
    assert_eq!(pushed.contact(&wall).state, ContactState::Touching);

    // 4. Where does it hit when it moves? A ball thrown at the wall from the right.
    let thrown = Circle::new([10.0, 1.0], 0.5)?;
    match sweep(&thrown, [-8.0, 0.0], &wall) {
        Some(hit) => println!("hits at t = {} with its centre at {:?}, normal {:?}", hit.t, hit.center, hit.normal),
        None => println!("misses"),
    }

    // 5. A bad shape names its field instead of panicking.
    match Circle::new([f32::NAN, 0.0], 1.0) {
        Err(e) => println!("refused: {e} (field {})", e.field()),
        Ok(_) => unreachable!(),
    }

    // 6. A million circles against one box, as a bitmask.
    let n = 1 << 20;
    let xs: Vec<f32> = (0..n).map(|i| (i % 1024) as f32 / 64.0 - 4.0).collect();
    let ys: Vec<f32> = (0..n).map(|i| (i / 1024) as f32 / 64.0 - 4.0).collect();
    let mut mask = vec![0u64; mask_words(n)];
    let hits = overlap_mask_one_box_fixed(&wall, 0.5, [&xs, &ys], &mut mask);
    println!("{hits} of {n} circles of radius 0.5 on a 16 x 16 grid touch the wall");
    Ok(())
}
