use ball_aabb::controller::{Config, Controller, Input};
use ball_aabb::world::TileMap;
fn run(rows: &[&str], cell: f32, p: [f32; 2], r: f32) {
    let level = TileMap::from_ascii(&rows.join("\n"), cell).unwrap();
    let mut c = Controller::new(p, r, Config::default()).unwrap();
    for frame in 0..120 {
        let rep = c.step(Input::run(1.0), 1.0 / 60.0, &level);
        if !rep.events.is_empty() || !rep.grounded || rep.on_wall {
            println!(
                "{frame} {:?} {:?} g={} n={:?} {} wall={} ceil={}",
                rep.position, rep.velocity, rep.grounded, rep.ground_normal, rep.events, rep.on_wall, rep.on_ceiling
            );
        }
    }
}
fn main() {
    run(&["....................", "##########..........", "####################"], 1.0, [5.5, 2.4], 0.4);
    println!("---");
    run(
        &["..............................", "..........####################", "##############################"],
        0.5,
        [1.0, 0.9],
        0.4,
    );
}
