//! `circle-aabb-lab bench`: the whole benchmark matrix in one process, with a progress bar.

use crate::bench::tilemap::TilemapSpec;
use crate::bench::{std_clock, BenchConfig, BenchRun, Results, ScalarResult};
use crate::geom::algo::ALGORITHMS;
use clap::Args;
use std::io::Write;

pub const LONG_ABOUT: &str = "\
Measure every overlap test of the registry, 2D and 3D, on seeded input sets, plus the contact + push-out
computation, the batched kernels and their memory-read ceiling (batch::stream_read), all in this process.

Input sets: small-10/50/90 (256 pairs cycled in cache: the branch predictor learns them), 32k-10/50/90
(32768 random pairs) and 1m-50 (1,048,576 random pairs); the number is the percentage of overlapping pairs.
Every hit count is checked against the exact contact; a wrong count is reported and makes the exit status 1.
Rows contact+push (geom::response::contact_response, one pair at a time), contact+push/soa
(geom::batch::contact_push_pairs, structure-of-arrays, f64) and contact+push/f32 (contact_push_pairs_f32, the
f32 fast path) time the contact + push-out computation.
Row sweep times geom::sweep (a ball moving by v against a box: the first time of contact, centre, point, normal),
ns per sweep, on sweep sets of the same names: seeded cases that start apart, 10/50/90 % of which hit; the hit
count is checked against the count decided when the cases were made (the path's exact smallest distance to the
box; no case is within 1e-3 of a graze).
Each figure is the fastest of several samples. The peers (parry2d/parry3d, cast_shapes for the sweep) are
measured by `cargo bench` only, except the tile-map peer below.

Tile map: 100k balls (--quick: 10k) moved one step each through a seeded random 4096x4096 map (--quick:
512x512), 30 % solid cells, each ball in an empty cell with a velocity of up to 3 cells per step on each axis,
with the default strategy (world::step, swept-slide-seamless), on 1 thread and on every core (rayon); and the
peer, parry2d 0.31: a grid walk over the solid cells under the swept bounds with cast_shapes ball vs cuboid on
every one and a slide with the earliest blocking hit, 8 iterations (built with the `peers` cargo feature, on by default on the desktop), on the same inputs in the
same run. The end positions are compared: mismatches counts the balls more than 1e-4 apart, and each mismatch
is settled by an f64 reference slide (closed-form contact times): ours_right / peer_right / neither / both say
whose end is within 1e-4 of it. Beside them, the controller rows: one character per ten balls on the same map,
run by the library's character controller (default Config) for 60 steps of 1/60 s each with seeded inputs (run
left, right or not, jumps), on 1 thread and every core: ns per character step, and that as world steps (over the
tile-map row's ns per step on as many threads), the share of steps ending grounded, the events counted.
Then the rotated-box rows: 65 536 balls (--quick: 4 096) against rotated boxes, ns per test of the oriented
overlap (OrientedBox::overlaps) beside the aligned one on the same boxes unrotated and, in 2D with `peers`,
parry2d's intersection_test (Ball, rotated Cuboid) on the same inputs; the JSON key is \"oriented\".

Swarm: one step of 10^6 balls (--quick: 10^4) through a 1024x1024 map (--quick: 128x128), default strategy, in
five scenarios: noise (30 % random solid cells, radius 0.3, up to 2 cells a step), bullets (5 % solid, radius
0.1, up to 8 cells a step), crowd (40 % solid, radius 0.45, up to 0.5 a step, gravity 0.1), rest (balls resting on floors
every 4 rows under gravity 0.01), level (platforms, radius 0.3, up to 2 cells a step, gravity 0.05). ns per
ball-step of the plain loop over world::step, of the batched step on 1 and 2 threads (its ends checked equal to
the loop's, bit for bit), and of the parry2d peer of the tile-map rows on 1 thread (its ends compared within
1e-4); the per-ball memory beyond positions and velocities. --swarm-only runs these rows alone.

Batched kernels (structure-of-arrays, one mask bit per test): one_box (one box, balls with their own radii),
one_box_fixed_r (one box, one radius: the agreement map), pairs (box i against ball i), and sweep (one box, balls
with their own radii and velocities: batch::sweep_one_box writes each one's time of impact, an f32; its hit count
is checked against the scalar sweep; 2D vectorised, 3D the scalar sweep lane by lane). Sizes: one per cache
level (L1, L2, L3, DRAM), chosen from the machine's caches (Linux sysfs; printed), every kernel reading the same
bytes at a size. Threads: 1 (the kernel), then 2, ... available (its par_* form in a pool of that many). Each
sample of a kernel is followed by its ceiling: batch::stream_read (par_stream_read) over the kernel's own arrays,
the same code path and threads; % ceil is the kernel's bytes/s over the ceiling's, noise the row's band (fastest
even sample against fastest odd, kernel or ceiling, whichever is larger); eff is tests/s over threads x 1 thread.
The contact + push batch (contact_push_pairs[_f32], par_* above 1 thread) is timed on the largest set per thread
count. --plot FILE.svg draws tests/s against bytes read with each kernel's ceiling (the roofline picture).

--json prints one JSON object: {\"level\", \"scalar\": [{\"algorithm\", \"dim\", \"set\", \"n\", \"ns_per_test\",
\"hits\", \"exact_hits\"}], \"contact\": [same], \"sweep\": [same, ns_per_test is per sweep], \"bandwidth_gb_s\", \"batched\": [{\"kernel\", \"dim\", \"n\",
\"tests_per_s\", \"bytes_per_test\", \"sum_gb_s\", \"percent_of_bandwidth\"}], \"tilemap\": [{\"balls\", \"map\", \"fill\", \"strategy\", \"threads\",
\"ns_per_step\", \"peer\", \"peer_ns_per_step\", \"speedup\", \"mismatches\", \"ours_right\", \"peer_right\", \"neither\", \"both\",
\"ours_not_right\", \"max_diff\", \"first_mismatches\"}], \"controller\": [{\"characters\", \"steps_per_character\", \"map\", \"fill\",
\"threads\", \"ns_per_step\", \"world_ns_per_step\", \"world_steps_per_step\", \"grounded_share\", \"events\": {name: count}}],
\"oriented\": [..], \"swarm\": [{\"name\", \"balls\", \"map\", \"fill\", \"radius\", \"speed\", \"gravity\", \"strategy\", \"scalar_ns\",
\"batch_ns\", \"batch_2t_ns\", \"hit_share\", \"fast_share\", \"batch_bytes_per_ball\", \"outcome_bytes\", \"scalar_step_bytes\",
\"peer\", \"peer_ns\", \"speedup\", \"speedup_2t\", \"mismatches\"}], \"errors\": [..]}.";

#[derive(Args, Debug, Default)]
pub struct BenchArgs {
    /// Few, short samples: finishes in seconds (a smoke test; the figures are rough).
    #[arg(long)]
    pub quick: bool,
    /// Print the results as one JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Use the portable code path even where the CPU has AVX2 (to compare the two).
    #[arg(long)]
    pub portable: bool,
    /// Only the tile-map rows (ours on 1 thread and every core, and the parry2d peer) and the
    /// controller rows beside them: skip the matrix.
    #[arg(long)]
    pub tilemap_only: bool,
    /// Only the swarm rows (many balls, one batched step, beside the plain loop and the peer).
    #[arg(long, conflicts_with = "tilemap_only")]
    pub swarm_only: bool,
    /// Also draw the batched kernels against their ceilings (tests/s against bytes read) into FILE.svg.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
}

/// Runs the benchmark; returns the exit status (0, or 1 when a hit count was wrong).
pub fn run(args: &BenchArgs) -> i32 {
    if args.portable {
        crate::geom::batch::set_level(crate::geom::batch::Level::Portable);
    }
    let config = if args.quick { BenchConfig::quick() } else { BenchConfig::full() };
    let mut run = BenchRun::new(config, std_clock());
    let bar = indicatif::ProgressBar::new(1000);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {percent:>3}% {elapsed:>4} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    if !args.tilemap_only && !args.swarm_only {
        run.run_to_end(|r| {
            bar.set_position((r.progress() * 1000.0) as u64);
            bar.set_message(r.current());
        });
    }
    let mut results = run.into_results();
    let spec = if args.quick { TilemapSpec::quick() } else { TilemapSpec::full() };
    let mut clock = std_clock();
    if !args.swarm_only {
        results.tilemap = crate::bench::tilemap::run(&spec, &mut clock, |m| bar.set_message(m.to_string()));
        let world_ns = [0, 1].map(|i| results.tilemap.get(i).map(|t| t.ns_per_step));
        results.controller =
            crate::bench::controller::run(&spec, &mut clock, world_ns, |m| bar.set_message(m.to_string()));
    }
    if !args.tilemap_only {
        let specs = crate::bench::swarm::specs(args.quick);
        match crate::bench::swarm::run(&specs, &mut clock, |m| bar.set_message(m.to_string())) {
            Ok(rows) => results.swarm = rows,
            Err(e) => results.errors.push(e),
        }
    }
    if !args.swarm_only {
        bar.set_message("rotated boxes");
        results.oriented = crate::bench::oriented::run(args.quick, &mut clock);
    }
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &results).map_err(std::io::Error::from).and_then(|_| writeln!(out))
    } else {
        out.write_all(tables(&results).as_bytes())
    };
    if let Err(e) = written {
        eprintln!("error: cannot write the results: {e}");
        return 1;
    }
    if let Some(path) = &args.plot {
        if let Err(e) = crate::bench::plot::write_svg(&results, path) {
            eprintln!("error: cannot write the plot {}: {e}", path.display());
            return 1;
        }
    }
    for e in &results.errors {
        eprintln!("error: {e}");
    }
    i32::from(!results.errors.is_empty())
}

/// The results as text tables.
#[must_use]
pub fn tables(r: &Results) -> String {
    let mut s = String::new();
    let mut sets: Vec<&str> = Vec::new();
    for row in r.scalar.iter().chain(&r.contact).chain(&r.sweep) {
        if !sets.contains(&row.set.as_str()) {
            sets.push(&row.set);
        }
    }
    let find = |rows: &[ScalarResult], id: &str, dim: usize, set: &str| {
        rows.iter().find(|x| x.algorithm == id && x.dim == dim && x.set == set).map(|x| x.ns_per_test)
    };
    s += "Scalar tests: ns/test (million tests/s), fastest of the samples; count_pairs loop over array-of-structs.\n";
    s += &format!("{:<18}{:>3}", "algorithm", "D");
    for set in &sets {
        s += &format!("{set:>15}");
    }
    s += "\n";
    let ids = ALGORITHMS.iter().map(|a| (a.id, &r.scalar)).chain([
        ("contact+push", &r.contact),
        ("contact+push/soa", &r.contact),
        ("contact+push/f32", &r.contact),
        ("sweep", &r.sweep),
    ]);
    for dim in [2, 3] {
        for (id, rows) in ids.clone() {
            if !rows.iter().any(|x| x.algorithm == id && x.dim == dim) {
                continue;
            }
            let exact = !matches!(ALGORITHMS.iter().find(|a| a.id == id), Some(a) if !a.is_exact(dim));
            let label = if exact { id.to_string() } else { format!("{id}*") };
            s += &format!("{label:<18}{dim:>3}");
            for set in &sets {
                match find(rows, id, dim, set) {
                    Some(ns) => s += &format!("{:>15}", format!("{:.2} ({:.0})", ns, 1e3 / ns)),
                    None => s += &format!("{:>15}", "-"),
                }
            }
            s += "\n";
        }
    }
    s += "* not exact in this dimension (its hit count is not checked).\n";
    s += "contact+push: contact_response per pair (array-of-structs); contact+push/soa: batch::contact_push_pairs (f64, \
          bit-identical to contact + response); contact+push/f32: batch::contact_push_pairs_f32 (the f32 fast path).\n";
    s += "sweep: geom::sweep, ns per sweep, on the sweep cases of the same name (that % of the sweeps hit).\n\n";
    let c = &r.caches;
    s += &format!(
        "Caches ({}): L1d {} KiB, L2 {} KiB, L3 {} KiB; threads available: {}. Batched code path: {}.\n",
        c.source,
        c.l1d >> 10,
        c.l2 >> 10,
        c.l3 >> 10,
        r.threads_available,
        r.level
    );
    s += &format!("Ceiling (stream_read, 1 thread) over the largest batched input: {:.1} GB/s.\n", r.bandwidth_gb_s);
    s += &format!(
        "{:<16}{:>3}{:>10}{:>6}{:>8}{:>4}{:>10}{:>9}{:>10}{:>8}{:>7}{:>6}\n",
        "kernel", "D", "n", "cache", "path", "thr", "Gtests/s", "GB/s", "ceil GB/s", "% ceil", "noise", "eff"
    );
    for b in &r.batched {
        let gb = b.tests_per_s * b.bytes_per_test as f64 / 1e9;
        s += &format!(
            "{:<16}{:>3}{:>10}{:>6}{:>8}{:>4}{:>10.2}{:>9.1}{:>10.1}{:>7.0}%{:>6.0}%{:>6.2}\n",
            b.kernel,
            b.dim,
            b.n,
            b.cache_level,
            b.path,
            b.threads,
            b.tests_per_s / 1e9,
            gb,
            b.ceiling_gb_s,
            b.percent_of_ceiling,
            b.noise_percent,
            b.efficiency
        );
    }
    if !r.contact_threads.is_empty() {
        s += &format!("{:<18}{:>3}{:>10}{:>4}{:>10}{:>6}\n", "contact batch", "D", "n", "thr", "Mtests/s", "eff");
        for t in &r.contact_threads {
            s += &format!(
                "{:<18}{:>3}{:>10}{:>4}{:>10.1}{:>6.2}\n",
                t.name,
                t.dim,
                t.n,
                t.threads,
                t.tests_per_s / 1e6,
                t.efficiency
            );
        }
    }
    if !r.tilemap.is_empty() {
        s += "\nTile map: one step per ball with the default strategy; ns per step (fastest sample), peer on the same \
              inputs in the same run;\n\
              a mismatch (ends > 1e-4 apart) is settled by an f64 reference slide.\n";
        s += &format!(
            "{:>8}{:>11}{:>6}{:>8}{:>12}{:>12}{:>9}{:>11}{:>26}  peer\n",
            "balls", "map", "fill", "threads", "ns/step", "peer ns", "speedup", "mismatch", "ours/peer/neither right"
        );
        for t in &r.tilemap {
            let opt = |x: Option<f64>, p: usize| x.map_or("-".to_string(), |x| format!("{x:.p$}"));
            s += &format!(
                "{:>8}{:>11}{:>6.2}{:>8}{:>12.1}{:>12}{:>9}{:>11}{:>26}  {}\n",
                t.balls,
                t.map,
                t.fill,
                t.threads,
                t.ns_per_step,
                opt(t.peer_ns_per_step, 1),
                opt(t.speedup, 1),
                t.mismatches.map_or("-".to_string(), |m| m.to_string()),
                match (t.ours_right, t.peer_right, t.neither) {
                    (Some(o), Some(p), Some(n)) => format!("{o}/{p}/{n}"),
                    _ => "-".to_string(),
                },
                t.peer.unwrap_or("none (built without the `peers` feature)")
            );
        }
    }
    if !r.controller.is_empty() {
        s += "\nController: characters run by ball_aabb::controller (default Config, 1/60 s steps, seeded inputs) \
              through the tile-map rows' map;\n\
              ns per character step, and as world steps (the tile-map row's ns/step on as many threads).\n";
        s += &format!(
            "{:>8}{:>7}{:>11}{:>8}{:>12}{:>13}{:>10}  events\n",
            "chars", "steps", "map", "threads", "ns/step", "world steps", "grounded"
        );
        for c in &r.controller {
            let events: Vec<String> =
                c.events.iter().filter(|(_, n)| **n > 0).map(|(e, n)| format!("{e} {n}")).collect();
            s += &format!(
                "{:>8}{:>7}{:>11}{:>8}{:>12.1}{:>13}{:>9.0}%  {}\n",
                c.characters,
                c.steps_per_character,
                c.map,
                c.threads,
                c.ns_per_step,
                c.world_steps_per_step.map_or("-".to_string(), |x| format!("{x:.2}")),
                c.grounded_share * 100.0,
                events.join(", ")
            );
        }
    }
    if !r.oriented.is_empty() {
        s += "\nRotated boxes: ns per overlap test on the same balls; aligned = the boxes unrotated (Ball::overlaps), \
              oriented = OrientedBox::overlaps, parry = parry2d intersection_test(Ball, rotated Cuboid).\n";
        s += &format!(
            "{:>3}{:>8}{:>10}{:>11}{:>12}{:>10}{:>15}\n",
            "D", "n", "overlap", "aligned", "oriented", "parry", "parry differs"
        );
        for o in &r.oriented {
            let opt = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
            s += &format!(
                "{:>3}{:>8}{:>9.0}%{:>11.2}{:>12.2}{:>10}{:>15}\n",
                o.dim,
                o.n,
                100.0 * o.overlaps as f64 / o.n as f64,
                o.aligned_ns,
                o.oriented_ns,
                opt(o.parry_ns),
                o.parry_disagree.map_or("-".to_string(), |d| d.to_string())
            );
        }
    }
    if !r.swarm.is_empty() {
        s += "\nSwarm: one step of every ball, default strategy; ns per ball-step (fastest sample): the plain loop over \
              world::step, the batched step on 1 and 2 threads,\n\
              the peer on 1 thread; speedup = peer / batched (1 thread); bytes = per-ball memory beyond positions and \
              velocities (batched; the loop's Step).\n";
        s += &format!(
            "{:>8}{:>9}{:>11}{:>6}{:>7}{:>10}{:>10}{:>10}{:>10}{:>9}{:>6}{:>8}{:>10}  peer\n",
            "row",
            "balls",
            "map",
            "fill",
            "hit",
            "loop ns",
            "batch ns",
            "2t ns",
            "peer ns",
            "speedup",
            "fast",
            "bytes",
            "mismatch"
        );
        for w in &r.swarm {
            let opt = |x: Option<f64>, p: usize| x.map_or("-".to_string(), |x| format!("{x:.p$}"));
            s += &format!(
                "{:>8}{:>9}{:>11}{:>6.2}{:>6.0}%{:>10.1}{:>10.1}{:>10.1}{:>10}{:>9}{:>5.0}%{:>8}{:>10}  {}\n",
                w.name,
                w.balls,
                w.map,
                w.fill,
                w.hit_share * 100.0,
                w.scalar_ns,
                w.batch_ns,
                w.batch_2t_ns,
                opt(w.peer_ns, 1),
                opt(w.speedup, 1),
                w.fast_share * 100.0,
                format!("{}/{}", w.batch_bytes_per_ball, w.scalar_step_bytes),
                w.mismatches.map_or("-".to_string(), |m| m.to_string()),
                w.peer.unwrap_or("none (built without the `peers` feature)")
            );
        }
    }
    if !r.errors.is_empty() {
        s += &format!("\n{} WRONG HIT COUNT(S), see the errors below.\n", r.errors.len());
    }
    s
}
