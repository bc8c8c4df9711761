//! The `query` command end to end: the JSON contract, CSV from a file and from stdin, bad lines,
//! exit statuses, negative numbers in arguments, the help text, and no display needed.

use crate::support::{bin, floats, json_lines, run, scratch_dir};
use circle_aabb_lab::geom::algo::ALGORITHMS;
use serde_json::Value;

/// The keys every case object must carry, with `overlap` holding exactly one boolean per registry id.
fn assert_contract(obj: &Value, dim: usize) {
    for key in ["zone", "closest", "distance", "state", "response", "overlap", "box"] {
        assert!(obj.get(key).is_some(), "missing {key} in {obj}");
    }
    assert_eq!(floats(&obj["closest"]).len(), dim);
    assert!(obj["zone"].is_u64());
    assert!(obj["distance"].is_number());
    assert!(["separated", "touching", "overlapping"].contains(&obj["state"].as_str().unwrap()));
    assert!(["none", "outside", "inside"].contains(&obj["response"]["case"].as_str().unwrap()));
    assert_eq!(floats(&obj["response"]["push"]).len(), dim);
    let overlap = obj["overlap"].as_object().unwrap();
    assert_eq!(overlap.len(), ALGORITHMS.len(), "{obj}");
    for a in ALGORITHMS {
        assert!(overlap[a.id].is_boolean(), "overlap.{} in {obj}", a.id);
    }
    let ball = if dim == 2 { &obj["circle"] } else { &obj["sphere"] };
    assert_eq!(floats(&ball["center"]).len(), dim, "{obj}");
    assert!(ball["radius"].is_number());
    assert_eq!(floats(&obj["box"]["min"]).len(), dim);
    assert_eq!(floats(&obj["box"]["max"]).len(), dim);
}

#[test]
fn circle_and_box_give_the_json_contract() {
    // Corner (2, 1), centre 3 right and 4 up, r = 5: touching; r = 6: overlapping by 1, pushed 1 along (3,4)/5.
    let (code, out, _, err) = run(&["query", "--circle", "5,5,6", "--box", "0,0,2,1"], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.len(), 1);
    let o = &out[0];
    assert_contract(o, 2);
    assert_eq!(o["zone"], 8);
    assert_eq!(floats(&o["closest"]), [2.0, 1.0]);
    assert_eq!(o["distance"].as_f64(), Some(5.0));
    assert_eq!(o["state"], "overlapping");
    assert_eq!(o["response"]["case"], "outside");
    let push = floats(&o["response"]["push"]);
    assert!((push[0] - 0.6).abs() < 1e-6 && (push[1] - 0.8).abs() < 1e-6, "{push:?}");
    assert_eq!(floats(&o["circle"]["center"]), [5.0, 5.0]);
    assert_eq!(o["circle"]["radius"].as_f64(), Some(6.0));
    assert_eq!(floats(&o["box"]["min"]), [0.0, 0.0]);
    assert_eq!(floats(&o["box"]["max"]), [2.0, 1.0]);
    for a in ALGORITHMS {
        assert_eq!(o["overlap"][a.id], true, "{}", a.id);
    }
    // Touching at the same corner.
    let (_, out, _, _) = run(&["query", "--circle", "5,5,5", "--box", "0,0,2,1"], None);
    assert_eq!(out[0]["state"], "touching");
    assert_eq!(floats(&out[0]["response"]["push"]), [0.0, 0.0]);
}

#[test]
fn sphere_and_box_give_the_json_contract() {
    // Holden's counter-example: planes says overlap, the exact tests do not.
    let (code, out, _, err) = run(&["query", "--sphere", "1.65,1.65,1.65,1", "--box", "-1,-1,-1,1,1,1"], None);
    assert_eq!(code, 0, "{err}");
    let o = &out[0];
    assert_contract(o, 3);
    assert_eq!(o["zone"], 26);
    assert_eq!(o["state"], "separated");
    assert_eq!(o["response"]["case"], "none");
    assert_eq!(floats(&o["response"]["push"]), [0.0, 0.0, 0.0]);
    for a in ALGORITHMS {
        assert_eq!(o["overlap"][a.id], !a.is_exact(3), "{}", a.id);
    }
    assert_eq!(floats(&o["sphere"]["center"]), [1.65, 1.65, 1.65]);
    // Inside: nearest face z-max (0.5 away), pushed up by 0.5 + 2.
    let (_, out, _, _) = run(&["query", "--sphere", "0,0,0.5,2", "--box", "-1,-1,-1,1,1,1"], None);
    assert_eq!(out[0]["response"]["case"], "inside");
    assert_eq!(floats(&out[0]["response"]["push"]), [0.0, 0.0, 2.5]);
    assert_eq!(out[0]["distance"].as_f64(), Some(-0.5));
    assert_eq!(out[0]["zone"], 13);
    // On the boundary (r = 0): distance 0 written as a plain 0, touching, an inside push of 0.
    let out = bin().args(["query", "--circle", "1,0.5,0", "--box", "0,0,1,1"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("-0.0"), "no negative zeros in the output: {text}");
    let o: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!((o["distance"].as_f64(), o["state"].as_str()), (Some(0.0), Some("touching")));
    assert_eq!(o["response"]["case"], "inside");
}

#[test]
fn negative_numbers_in_arguments() {
    let (code, out, _, err) = run(&["query", "--circle", "-1,-2,3", "--box", "-5,-5,-4,-4"], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(floats(&out[0]["circle"]["center"]), [-1.0, -2.0]);
    assert_eq!(floats(&out[0]["box"]["min"]), [-5.0, -5.0]);
    // Corner (-4, -4) to (-1, -2): (3, 2), distance √13 ≈ 3.606 > 3.
    assert_eq!(out[0]["state"], "separated");
    let (code, _, _, err) = run(&["query", "--sphere=-1,-2,-3,0.5", "--box=-1,-2,-3,0,0,0"], None);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn bad_arguments_exit_2_and_name_the_problem() {
    let cases: [(&[&str], &str); 8] = [
        (&["query", "--circle", "1,2", "--box", "0,0,1,1"], "--circle"),
        (&["query", "--circle", "1,x,3", "--box", "0,0,1,1"], "CY"),
        (&["query", "--circle", "1,2,-3", "--box", "0,0,1,1"], "radius"),
        (&["query", "--circle", "nan,2,3", "--box", "0,0,1,1"], "center.x"),
        (&["query", "--circle", "1,2,3", "--box", "0,5,1,1"], "min.y"),
        (&["query", "--circle", "1,2,3", "--box", "0,0,0,1,1,1"], "--box"),
        (&["query", "--circle", "1,2,3"], "--box"),
        (&["query", "--sphere", "1,2,3,1", "--box", "0,0,0,1,1,inf"], "max.z"),
    ];
    for (args, needle) in cases {
        let (code, out, _, err) = run(args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(needle), "{args:?}: stderr {err:?} should name {needle}");
    }
    // Usage errors from the parser itself.
    for args in [&["query", "--circle", "1,2,3", "--sphere", "1,2,3,4"][..], &["query", "--bogus"], &["query"]] {
        let (code, _, _, _) = run(args, None);
        assert_eq!(code, 2, "{args:?}");
    }
    let (code, _, _, err) = run(&["query", "--csv", "/no/such/file.csv"], None);
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.csv"), "{err}");
}

const CSV: &str = "\
# cx,cy,r,minx,miny,maxx,maxy  (a comment)

5,5,5,0,0,2,1
  # an indented comment
1.65,1.65,1.65,1,-1,-1,-1,1,1,1
1,2,3,4,5,6
1,2,abc,0,0,1,1
NaN,0,1,0,0,1,1
0,0,-1,0,0,1,1
0,0,1,2,0,1,1
   
0,0,0,1,-1,-1,-1,1,1,1
";

fn check_csv_output(code: i32, out: &[Value]) {
    assert_eq!(code, 1, "a bad line makes the status 1");
    let lines: Vec<u64> = out.iter().map(|o| o["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 5, 6, 7, 8, 9, 10, 12], "one object per non-blank, non-comment line, in order");
    // Line 3: 2D touching case.
    assert_contract(&out[0], 2);
    assert_eq!(out[0]["state"], "touching");
    // Line 5: 3D case.
    assert_contract(&out[1], 3);
    assert_eq!(out[1]["state"], "separated");
    // The bad lines: error only, naming the problem.
    let expect = [(2, "got 6"), (3, "r: \"abc\""), (4, "center.x"), (5, "radius"), (6, "min.x")];
    for (k, needle) in expect {
        let o = &out[k];
        let msg = o["error"].as_str().unwrap_or_else(|| panic!("line {}: no error in {o}", o["line"]));
        assert!(msg.contains(needle), "line {}: {msg:?} should mention {needle}", o["line"]);
        assert!(o.get("state").is_none());
    }
    assert!(out[2]["error"].as_str().unwrap().contains("7 numbers"), "{}", out[2]);
    // Processing went on after the bad lines.
    assert_contract(&out[7], 3);
    assert_eq!(out[7]["state"], "overlapping");
    assert_eq!(out[7]["response"]["case"], "inside");
}

#[test]
fn csv_from_a_file() {
    let dir = scratch_dir("circle-aabb-lab-cli");
    let path = dir.join("cases.csv");
    std::fs::write(&path, CSV).unwrap();
    let (code, out, _, _) = run(&["query", "--csv", path.to_str().unwrap()], None);
    check_csv_output(code, &out);
    // CRLF line endings read the same.
    std::fs::write(&path, CSV.replace('\n', "\r\n")).unwrap();
    let (code, out, _, _) = run(&["query", "--csv", path.to_str().unwrap()], None);
    check_csv_output(code, &out);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn csv_from_stdin() {
    let (code, out, _, _) = run(&["query", "--csv", "-"], Some(CSV));
    check_csv_output(code, &out);
}

#[test]
fn csv_with_only_good_lines_exits_0() {
    let (code, out, _, err) = run(&["query", "--csv", "-"], Some("# header\n\n0,0,1,2,0,3,1\n0,0,0,1,2,2,2,3,3,3\n"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.len(), 2);
    assert_eq!((out[0]["line"].as_u64(), out[1]["line"].as_u64()), (Some(3), Some(4)));
    assert_eq!(out[0]["state"], "separated");
    assert_eq!(out[0]["response"]["case"], "none");
    let (code, out, _, _) = run(&["query", "--csv", "-"], Some(""));
    assert_eq!((code, out.len()), (0, 0));
}

/// A line that is not UTF-8 is a bad line like any other; the lines after it still come out.
#[test]
fn csv_line_that_is_not_utf8() {
    let out = bin()
        .args(["query", "--csv", "-"])
        .write_stdin(&b"0,0,1,2,0,3,1\n\xff\xfe,1\n0,0,3,2,0,3,1\n"[..])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["state"], "separated");
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"].is_string());
    assert_eq!((lines[2]["line"].as_u64(), lines[2]["state"].as_str()), (Some(3), Some("overlapping")));
}

/// Reading a directory fails on every read: the command must stop with an error, not loop.
#[test]
fn csv_from_an_unreadable_source_stops() {
    let dir = std::env::temp_dir();
    let mut cmd = bin();
    cmd.args(["query", "--csv", dir.to_str().unwrap()]).timeout(std::time::Duration::from_secs(20));
    let out = cmd.output().unwrap();
    assert_ne!(out.status.code(), Some(0), "reading a directory is an error");
    assert!(out.status.code().is_some(), "the command must end by itself, not be killed");
    assert!(out.stdout.len() < 10_000, "it must not print an error per retry");
}

#[test]
fn help_mentions_every_mode() {
    let out = bin().args(["query", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in ["--circle", "--sphere", "--box", "--csv", "standard input", "line", "error", "Exit status", "zone"] {
        assert!(help.contains(needle), "query --help should mention {needle}:\n{help}");
    }
    let out = bin().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    use clap::CommandFactory;
    for sub in circle_aabb_lab::cli::Cli::command().get_subcommands() {
        assert!(help.contains(sub.get_name()), "--help should list {}:\n{help}", sub.get_name());
    }
    assert!(help.contains("--screenshot"), "{help}");
}

/// The push-out contract from the command line, as a script would use it: query ordinary decimal
/// circles (2D) and spheres (3D) that overlap the box, add each `push` to the centre in f32, query
/// the moved centres again: touching or separated, never overlapping — and `after` said so first.
#[test]
fn applying_the_push_never_leaves_an_overlap() {
    let mut seed = 0x2626_u64;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) as f64 / (1u64 << 31) as f64) as f32
    };
    let mut csv = String::new();
    for k in 0..400 {
        // Two decimals, as a person types them: rarely exact in binary.
        let d = |x: f32| (x * 100.0).round() / 100.0;
        let r = d(0.2 + 1.8 * next());
        if k % 2 == 0 {
            let (x, y) = (d(-2.0 - r + (4.0 + 2.0 * r) * next()), d(-1.0 - r + (2.5 + 2.0 * r) * next()));
            csv.push_str(&format!("{x},{y},{r},-2,-1,2,1.5\n"));
        } else {
            let c: Vec<f32> = (0..3).map(|_| d(-1.0 - r + (2.2 + 2.0 * r) * next())).collect();
            csv.push_str(&format!("{},{},{},{r},-1,-1,-0.9,1.2,1,1.1\n", c[0], c[1], c[2]));
        }
    }
    let (code, out, raw, err) = run(&["query", "--csv", "-"], Some(&csv));
    assert_eq!(code, 0, "{err}");
    let mut again = String::new();
    let mut overlapping = 0;
    for o in &out {
        let dim = o["dim"].as_u64().unwrap() as usize;
        let ball = if dim == 2 { &o["circle"] } else { &o["sphere"] };
        let c: Vec<f32> = floats(&ball["center"]).iter().map(|&x| x as f32).collect();
        let push: Vec<f32> = floats(&o["response"]["push"]).iter().map(|&x| x as f32).collect();
        let moved: Vec<String> = c.iter().zip(&push).map(|(a, b)| format!("{:?}", a + b)).collect();
        let bx: Vec<String> =
            floats(&o["box"]["min"]).iter().chain(&floats(&o["box"]["max"])).map(|x| format!("{x}")).collect();
        again.push_str(&format!("{},{},{}\n", moved.join(","), ball["radius"], bx.join(",")));
        overlapping += (o["state"] == "overlapping") as usize;
        assert_ne!(o["response"]["after"]["state"], "overlapping", "{o}");
    }
    assert!(overlapping > 200, "the cases are meant to overlap: {overlapping} of {}\n{raw}", out.len());
    let (code, after, _, err) = run(&["query", "--csv", "-"], Some(&again));
    assert_eq!((code, after.len()), (0, out.len()), "{err}");
    let (mut touching, mut separated) = (0, 0);
    for (o, a) in out.iter().zip(&after) {
        assert_ne!(a["state"], "overlapping", "pushed {o}\n→ {a}");
        assert_eq!(a["state"], o["response"]["after"]["state"], "{o}\n→ {a}");
        if o["state"] == "overlapping" {
            touching += (a["state"] == "touching") as usize;
            separated += (a["state"] == "separated") as usize;
        }
    }
    // Both outcomes occur: exact cases end touching, the rest a few ulps apart.
    assert!(touching > 0 && separated > 0, "{touching} touching, {separated} separated");
}
