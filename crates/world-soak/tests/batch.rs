//! The batched world step against the one-ball step, bit for bit: [`step_many`] on thousands of
//! balls every strategy, in the soak's scenarios (flush floors, exact `2r` gaps, corners, one-way
//! cells, embedded starts, random maps) and beside them balls scattered at random in the same map
//! (mostly in free space, so both paths run), each ball stepped a few times in a row; with one
//! radius for all and one each, batch lengths that leave a SIMD tail, and every SIMD level this CPU
//! has. The expected value of each ball is `world::step` on that ball alone.

use ball_aabb::batch::{available_levels, set_level, Level};
use ball_aabb::world::{
    step, step_many, BallsMut, BatchError, Flags, Outcome, Radii, StrategyId, Tally, Tile, STRATEGIES,
};
use ball_aabb::Circle;
use world_soak::rng::SplitMix64;
use world_soak::Scenario;

/// The seed of the scenarios (not the soak's: other places).
const SEED: u64 = 35;

/// One scenario's `count` balls: the scenario's own spawns (its awkward place) and random ones in its
/// map. `deep`: spawns deep in rock too (their push-out searches); otherwise only spawns with a
/// non-solid cell beside them.
fn balls(sc: &mut Scenario, g: &mut SplitMix64, count: usize, deep: bool) -> (Vec<[f32; 2]>, Vec<[f32; 2]>, Vec<f32>) {
    let (mut c, mut v, mut r) = (vec![sc.start], vec![sc.velocity], vec![sc.r]);
    let s = sc.map.cell();
    let o = sc.map.origin();
    while c.len() < count {
        if g.chance(0.4) {
            let (p, u) = sc.spawn();
            let cell = |a: usize| ((p[a] - o[a]) / s).floor() as i64;
            let shallow = (-1..=1).any(|dy| {
                (-1..=1).any(|dx| {
                    let (col, row) = (cell(0) + dx, cell(1) + dy);
                    col < 0 || row < 0 || sc.map.tile(col as usize, row as usize) == Tile::Empty
                })
            });
            if !(shallow || deep) {
                continue;
            }
            c.push(p);
            v.push(u);
        } else {
            let (col, row) = (g.below(sc.map.width() as u64) as usize, g.below(sc.map.height() as u64) as usize);
            if sc.map.tile(col, row) != Tile::Empty {
                continue;
            }
            c.push([o[0] + s * (col as f32 + g.unit()), o[1] + s * (row as f32 + g.unit())]);
            let speed = s * g.pick(&[0.0f32, 0.01, 0.3, 1.0, 2.0, 40.0]);
            v.push([speed * g.range(-1.0, 1.0), speed * g.range(-1.0, 1.0)]);
        }
        r.push(if g.chance(0.7) { sc.r } else { sc.r * g.range(0.25, 1.5) });
    }
    (c, v, r)
}

/// A million balls a strategy (200 scenarios of 5,001 balls, one step each: every batch ends in a
/// partial SIMD block), with the scenarios' awkward places beside random balls, shallow starts only.
#[test]
fn batched_equals_one_ball_bit_for_bit() {
    let n = identity(SEED, 200, 5001, 1, false);
    assert!(n >= 1_000_000, "{n}");
}

/// Fewer balls, three steps in a row each, and starts deep in rock too (the push-out's search).
#[test]
fn batched_equals_one_ball_with_deep_starts() {
    let n = identity(SEED + 2, 24, 101, 3, true);
    assert_eq!(n, 24 * 101 * 3);
}

/// Steps `count` balls in each of `scenarios` scenarios `steps` times with every strategy, batched
/// and one by one, and asserts every ball's bits and outcome agree; the ball-steps per strategy.
fn identity(seed: u64, scenarios: u64, count: usize, steps: usize, deep: bool) -> usize {
    let levels = available_levels();
    let mut total = [0usize; 7];
    let mut fast = 0usize;
    let mut tally_sum = Tally::default();
    for index in 0..scenarios {
        let mut sc = Scenario::generate(seed, index);
        let mut g = SplitMix64::stream(seed ^ 0xba7c, index);
        let (c0, v0, rs) = balls(&mut sc, &mut g, count, deep);
        // Which radii and level this scenario runs with (every combination, many times over).
        let each = index % 2 == 1;
        let level = levels[(index as usize / 2) % levels.len()];
        assert!(set_level(level));
        for (k, st) in STRATEGIES.iter().enumerate() {
            let radius = |i: usize| if each { rs[i] } else { sc.r };
            let (mut c, mut v) = (c0.clone(), v0.clone());
            let (mut x, mut y): (Vec<f32>, Vec<f32>) = c.iter().map(|p| (p[0], p[1])).unzip();
            let (mut vx, mut vy): (Vec<f32>, Vec<f32>) = v.iter().map(|p| (p[0], p[1])).unzip();
            let mut out = vec![Outcome::default(); count];
            for s in 0..steps {
                let expected: Vec<_> = (0..count)
                    .map(|i| step(st.kind, &Circle::new(c[i], radius(i)).unwrap(), v[i], &sc.map, &sc.params))
                    .collect();
                let balls = BallsMut { x: &mut x, y: &mut y, vx: &mut vx, vy: &mut vy };
                let radii = if each { Radii::Each(&rs) } else { Radii::One(sc.r) };
                let tally = step_many(st.kind, &sc.map, &sc.params, balls, radii, &mut out).unwrap();
                for (i, e) in expected.iter().enumerate() {
                    let got = ([x[i].to_bits(), y[i].to_bits()], [vx[i].to_bits(), vy[i].to_bits()]);
                    let want = (e.end.map(f32::to_bits), e.velocity.map(f32::to_bits));
                    assert_eq!(
                        got,
                        want,
                        "{} scenario {index} ball {i} step {s} level {level:?} each {each}: start {:?} v {:?} r {}",
                        st.id,
                        c[i],
                        v[i],
                        radius(i)
                    );
                    // The outcome says what the step says.
                    let o = out[i];
                    let hit = !e.contacts().is_empty() || e.dropped > 0;
                    assert_eq!(o.flags.contains(Flags::HIT), hit, "{} scenario {index} ball {i}", st.id);
                    assert_eq!(o.flags.contains(Flags::TUNNELLED), e.tunnelled);
                    assert_eq!(o.flags.contains(Flags::BUMP), e.bump);
                    assert_eq!(o.flags.contains(Flags::PUSHED_OUT), e.pushed_out != [0.0; 2]);
                    if e.dropped == 0 {
                        assert_eq!(o.normal, e.contacts().last().map_or([0.0; 2], |k| k.normal));
                    }
                    c[i] = e.end;
                    v[i] = e.velocity;
                }
                assert_eq!(tally.balls, count);
                assert_eq!(tally.hit, out.iter().filter(|o| o.flags.contains(Flags::HIT)).count());
                // A ball that took the free-space path met nothing.
                assert!(tally.fast <= count - tally.hit);
                tally_sum = tally_sum + tally;
                total[k] += count;
                fast += tally.fast;
            }
        }
    }
    set_level(*levels.last().unwrap());
    // Both paths ran: the identity covers the free-space path as well as the exact one.
    let all: usize = total.iter().sum();
    assert!(fast > 0 && fast < all, "fast {fast} of {all}; {tally_sum:?}");
    eprintln!("identity: {} ball-steps per strategy, {fast} of {all} on the free-space path; {tally_sum:?}", total[0]);
    total[0]
}

/// The same batch at every level gives the same bits (the lane kernel's clones agree).
#[test]
fn every_level_same_bits() {
    let mut results = Vec::new();
    for level in available_levels() {
        assert!(set_level(level));
        let mut all = Vec::new();
        for index in 0..10 {
            let mut sc = Scenario::generate(SEED + 1, index);
            let mut g = SplitMix64::stream(SEED + 1, index);
            let (c, v, rs) = balls(&mut sc, &mut g, 101, false);
            for st in STRATEGIES {
                let (mut x, mut y): (Vec<f32>, Vec<f32>) = c.iter().map(|p| (p[0], p[1])).unzip();
                let (mut vx, mut vy): (Vec<f32>, Vec<f32>) = v.iter().map(|p| (p[0], p[1])).unzip();
                let balls = BallsMut { x: &mut x, y: &mut y, vx: &mut vx, vy: &mut vy };
                step_many(st.kind, &sc.map, &sc.params, balls, Radii::Each(&rs), &mut []).unwrap();
                all.extend(x.iter().chain(&y).chain(&vx).chain(&vy).map(|f| f.to_bits()));
            }
        }
        results.push((level, all));
    }
    let levels: Vec<Level> = results.iter().map(|r| r.0).collect();
    assert!(results.windows(2).all(|w| w[0].1 == w[1].1), "levels {levels:?} differ");
    set_level(*levels.last().unwrap());
}

/// Bad input: an error naming the field, and nothing moved.
#[test]
fn errors_name_the_field_and_move_nothing() {
    let sc = Scenario::generate(SEED, 0);
    let (mut x, mut y, mut vx, mut vy) = (vec![1.0f32; 3], vec![1.0f32; 3], vec![0.5f32; 3], vec![0.5f32; 3]);
    let mut short = vec![1.0f32; 2];
    let mut out3 = vec![Outcome::default(); 3];
    let id = StrategyId::default();
    let call = |x: &mut [f32], y: &mut [f32], vx: &mut [f32], vy: &mut [f32], r: Radii<'_>, o: &mut [Outcome]| {
        step_many(id, &sc.map, &sc.params, BallsMut { x, y, vx, vy }, r, o)
    };
    let e = call(&mut x, &mut short, &mut vx, &mut vy, Radii::One(0.1), &mut []).unwrap_err();
    assert_eq!(e, BatchError::Length { field: "y", len: 2, expected: 3 });
    let e = call(&mut x, &mut y, &mut vx, &mut short, Radii::One(0.1), &mut []).unwrap_err();
    assert!(matches!(e, BatchError::Length { field: "vy", .. }));
    let e = call(&mut x, &mut y, &mut vx, &mut vy, Radii::Each(&[0.1, 0.1]), &mut []).unwrap_err();
    assert!(matches!(e, BatchError::Length { field: "radii", len: 2, expected: 3 }));
    let e = call(&mut x, &mut y, &mut vx, &mut vy, Radii::One(0.1), &mut out3[..1]).unwrap_err();
    assert!(matches!(e, BatchError::Length { field: "outcomes", len: 1, expected: 3 }));
    let e = call(&mut x, &mut y, &mut vx, &mut vy, Radii::One(-1.0), &mut []).unwrap_err();
    assert!(matches!(e, BatchError::Radius { field: "radius", .. }));
    let e = call(&mut x, &mut y, &mut vx, &mut vy, Radii::Each(&[0.1, f32::NAN, 0.1]), &mut []).unwrap_err();
    assert!(matches!(e, BatchError::Radius { field: "radii", index: 1, .. }));
    assert!(e.to_string().starts_with("radii[1]"), "{e}");
    y[2] = f32::INFINITY;
    let e = call(&mut x, &mut y, &mut vx, &mut vy, Radii::One(0.1), &mut out3).unwrap_err();
    assert_eq!(e, BatchError::Position { field: "y", index: 2, value: f32::INFINITY });
    // Nothing moved by any refused call.
    assert_eq!((x, &y[..2], vx, vy), (vec![1.0; 3], &[1.0f32, 1.0][..], vec![0.5; 3], vec![0.5; 3]));
    // Empty is fine.
    let t = call(&mut [], &mut [], &mut [], &mut [], Radii::One(0.1), &mut []).unwrap();
    assert_eq!(t, Tally::default());
}
