//! `circle-aabb-lab query`: one case from the arguments, or many from CSV, one JSON object a line.

use crate::format::{parse_numbers, NumbersError};
use crate::report::{Case, CaseError, Query, Rotation};
use clap::Args;
use serde_json::json;
use std::io::{self, BufRead, Write};

pub const LONG_ABOUT: &str = "\
Test one circle/sphere against one box, or many from a CSV file, and print one JSON object per case.

  circle-aabb-lab query --circle CX,CY,R --box MINX,MINY,MAXX,MAXY
  circle-aabb-lab query --sphere CX,CY,CZ,R --box MINX,MINY,MINZ,MAXX,MAXY,MAXZ
  circle-aabb-lab query --circle CX,CY,R --box MINX,MINY,MAXX,MAXY --velocity VX,VY    (swept)
  circle-aabb-lab query --csv FILE          (FILE may be - for standard input)

Each object has: dim, circle|sphere {center, radius}, box {min, max}, zone (x + 3y [+ 9z], per axis
0 below min, 1 within, 2 above max), closest (the clamped centre), distance (signed: negative inside),
penetration, state (separated|touching|overlapping), response {case: none|outside|inside, push: the
vector that moves the centre to just touching, rounded outward by the few ulps it takes so that
centre + push in f32 never overlaps; face: for the inside case; after {center, distance, state}: the
centre moved by push in f32 and where that leaves it: touching or separated, never overlapping}, overlap {one boolean per
algorithm id}, disagree (the ids whose verdict differs from the exact state).

With --velocity V (VX,VY with --circle, VX,VY,VZ with --sphere) the centre moves along c + t*V, t in
[0, 1], and the object also has sweep {hit, t (the first time the ball touches the box; touching
counts), initial (true when it already touches or overlaps at t = 0; the normal is then the push-out
direction), feature (face|edge|corner), center (the centre at t), point (the contact point on the
box), normal (the box's outward unit normal there), end_state (separated|touching|overlapping: what a
discrete test says at c + V, so tunnelling shows as hit true with end_state separated)}. Without a
hit, t, feature, center, point and normal are null.

Rotated boxes: --angle DEG (with --circle) turns the box about its centre by DEG degrees
counter-clockwise; --rotation W,X,Y,Z (with --sphere) by that unit quaternion (|q| = 1 within 2e-4; it
is normalised). The circle is moved into the box's frame, where the box is the aligned box [-h, h],
and everything is answered there: zone is the zone in the box's frame, overlap runs every algorithm
on the moved circle, closest and push are turned back to world coordinates, response.face is a face
of the box's own frame. The object gains frame {angle | rotation, center (the box's), half_extents,
axes (the box's axes in world coordinates), local_center (the circle's centre in box coordinates),
local_closest, zone}. A NaN angle, a zero or non-unit quaternion, a box with min > max are refused
naming the field (exit 2).

CSV: a line of 7 numbers is a 2D case cx,cy,r,minx,miny,maxx,maxy; a line of 10 numbers a 3D case
cx,cy,cz,r,minx,miny,minz,maxx,maxy,maxz; a line of 9 numbers a swept 2D case (the 7, then vx,vy) and
13 numbers a swept 3D case (the 10, then vx,vy,vz); 8 numbers a 2D case with an angle (the 7, then
angle in degrees), 14 a 3D case with a rotation (the 10, then qw,qx,qy,qz) and 17 a swept 3D case with
a rotation (the 13, then qw,qx,qy,qz). A header line of column names (cx,cy,cz,r,minx,miny,minz,maxx,
maxy,maxz,vx,vy,vz,angle,qw,qx,qy,qz, any order) makes the following lines read by name: that is how a
swept 2D case takes an angle (its 10 numbers would read as a 3D case). Blank lines and lines starting with # are skipped. Every
object carries \"line\": N (1-based). A bad line prints {\"line\": N, \"error\": \"...\"} naming the
problem, and processing goes on.

Exit status: 0 when every case was read, 1 if any CSV line was bad, 2 for bad arguments or a CSV
file that cannot be read.";

#[derive(Args, Debug)]
pub struct QueryArgs {
    /// A circle: centre and radius.
    #[arg(long, value_name = "CX,CY,R", allow_hyphen_values = true, conflicts_with_all = ["sphere", "csv"])]
    pub circle: Option<String>,
    /// A sphere: centre and radius.
    #[arg(long, value_name = "CX,CY,CZ,R", allow_hyphen_values = true, conflicts_with = "csv")]
    pub sphere: Option<String>,
    /// The box: MINX,MINY,MAXX,MAXY with --circle, MINX,MINY,MINZ,MAXX,MAXY,MAXZ with --sphere.
    #[arg(long = "box", value_name = "MIN..,MAX..", allow_hyphen_values = true, conflicts_with = "csv")]
    pub aabb: Option<String>,
    /// Read cases from a CSV file (- for standard input).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
    /// Sweep the ball: its centre moves by this vector (VX,VY with --circle, VX,VY,VZ with --sphere);
    /// adds the "sweep" object (time of impact, feature, normal, state at the end).
    #[arg(long, value_name = "VX,VY[,VZ]", allow_hyphen_values = true, conflicts_with = "csv")]
    pub velocity: Option<String>,
    /// 2D: turn the box about its centre by DEG degrees (counter-clockwise); adds the "frame" object.
    #[arg(long, value_name = "DEG", allow_hyphen_values = true, conflicts_with_all = ["csv", "rotation"])]
    pub angle: Option<String>,
    /// 3D: turn the box about its centre by the unit quaternion W,X,Y,Z; adds the "frame" object.
    #[arg(long, value_name = "W,X,Y,Z", allow_hyphen_values = true, conflicts_with = "csv")]
    pub rotation: Option<String>,
}

/// `--angle DEG` / `--rotation W,X,Y,Z` (whichever is given) for a case of dimension `d`, checked
/// against the box: a NaN angle, a zero quaternion, ... are refused naming the field.
pub fn rotation_from_args(
    angle: Option<&str>,
    rotation: Option<&str>,
    d: usize,
) -> Result<Option<Rotation>, UsageError> {
    let rot = match (angle, rotation) {
        (None, None) => return Ok(None),
        (Some(a), None) => {
            if d != 2 {
                return Err(UsageError("--angle: turns a 2D box; use --rotation W,X,Y,Z with --sphere".into()));
            }
            let v = parse_numbers(a, Some(&["DEG"])).map_err(|e| UsageError(format!("--angle: {e}")))?;
            Rotation::Degrees(v[0])
        }
        (None, Some(q)) => {
            if d != 3 {
                return Err(UsageError("--rotation: turns a 3D box; use --angle DEG with --circle".into()));
            }
            let v =
                parse_numbers(q, Some(&["W", "X", "Y", "Z"])).map_err(|e| UsageError(format!("--rotation: {e}")))?;
            Rotation::Quat([v[0], v[1], v[2], v[3]])
        }
        (Some(_), Some(_)) => return Err(UsageError("give --angle (2D) or --rotation (3D), not both".into())),
    };
    Ok(Some(rot))
}

/// A usage error: printed to stderr, exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Builds the single case given by `--circle`/`--sphere`, `--box` and, for a swept case, `--velocity`.
pub fn query_from_args(args: &QueryArgs) -> Result<Query, UsageError> {
    let case = case_from_args(args)?;
    let rotation = rotation_from_args(args.angle.as_deref(), args.rotation.as_deref(), case.dim())?;
    if let Some(rot) = &rotation {
        let flag = if case.dim() == 2 { "--angle" } else { "--rotation" };
        let checked = match &case {
            Case::D2(_, a) => rot.obb2(a).map(drop),
            Case::D3(_, a) => rot.obb3(a).map(drop),
        };
        checked.map_err(|e| UsageError(format!("{flag}: {e}")))?;
    }
    let mut q = query_moving(args, case)?;
    q.rotation = rotation;
    Ok(q)
}

fn query_moving(args: &QueryArgs, case: Case) -> Result<Query, UsageError> {
    let Some(text) = &args.velocity else {
        return Ok(Query::still(case));
    };
    let (names, fields): (&[&str], &[&str]) = if case.dim() == 2 {
        (&["VX", "VY"], &["velocity.x", "velocity.y"])
    } else {
        (&["VX", "VY", "VZ"], &["velocity.x", "velocity.y", "velocity.z"])
    };
    let with = |e: CaseError| UsageError(format!("--velocity: {e}"));
    let v = parse_numbers(text, Some(names)).map_err(|e| match e {
        NumbersError::Count { expected, got } => with(CaseError::Count {
            expected: format!(
                "{expected} (the dimension of {})",
                if case.dim() == 2 { "--circle" } else { "--sphere" }
            ),
            got,
        }),
        e => with(e.into()),
    })?;
    Query::swept(case, &v, fields).map_err(with)
}

/// Builds the single case given by `--circle`/`--sphere` and `--box`.
pub fn case_from_args(args: &QueryArgs) -> Result<Case, UsageError> {
    let with = |flag: &str, e: CaseError| UsageError(format!("{flag}: {e}"));
    let (flag, ball, names): (&str, &String, &[&str]) = match (&args.circle, &args.sphere) {
        (Some(c), None) => ("--circle", c, &["CX", "CY", "R"]),
        (None, Some(s)) => ("--sphere", s, &["CX", "CY", "CZ", "R"]),
        _ => return Err(UsageError("give --circle or --sphere (with --box), or --csv FILE".into())),
    };
    let ball = parse_numbers(ball, Some(names)).map_err(|e| with(flag, e.into()))?;
    let Some(aabb) = &args.aabb else {
        return Err(UsageError(format!("{flag} needs --box")));
    };
    let box_names: &[&str] = if names.len() == 3 {
        &["MINX", "MINY", "MAXX", "MAXY"]
    } else {
        &["MINX", "MINY", "MINZ", "MAXX", "MAXY", "MAXZ"]
    };
    let aabb = parse_numbers(aabb, Some(box_names)).map_err(|e| with("--box", e.into()))?;
    let all: Vec<f32> = ball.into_iter().chain(aabb).collect();
    Case::from_numbers(&all).map_err(|e| {
        let flag = match &e {
            CaseError::Shape(s) if s.field().starts_with("min") || s.field().starts_with("max") => "--box",
            _ => flag,
        };
        with(flag, e)
    })
}

/// Runs the CSV mode over `input`, writing one JSON line per case to `out` (7 or 10 numbers: a still
/// case; 9 or 13: a swept case, see [`Query::from_csv_line`]).
/// Returns the number of bad lines. A line that is not valid UTF-8 is a bad line (it has been
/// consumed, so reading goes on); any other read error ends the run with that error, since the
/// same read would fail again forever (e.g. `--csv` given a directory).
///
/// ```
/// use circle_aabb_lab::cli::query::run_csv;
/// let input = "# a comment\n\n0,0,1,2,0,3,1\n1,2,3\n";
/// let mut out = Vec::new();
/// assert_eq!(run_csv(input.as_bytes(), &mut out).unwrap(), 1); // one bad line
/// let text = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert!(lines[0].starts_with(r#"{"line":3,"#) && lines[0].contains(r#""state":"separated""#));
/// assert!(lines[1].starts_with(r#"{"line":4,"error":"expected 7 numbers"#));
/// ```
pub fn run_csv(input: impl BufRead, mut out: impl Write) -> io::Result<usize> {
    let mut bad = 0;
    let mut header: Option<Vec<String>> = None;
    for (i, line) in input.lines().enumerate() {
        let n = i + 1;
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                bad += 1;
                writeln!(out, "{}", json!({"line": n, "error": format!("unreadable line: {e}")}))?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        // A header: column names instead of numbers (see `Query::from_csv_row`).
        if text.starts_with(|c: char| c.is_ascii_alphabetic())
            && text.split(',').next().is_some_and(|f| f.trim().parse::<f32>().is_err())
        {
            let columns: Vec<String> = text.split(',').map(|c| c.trim().to_ascii_lowercase()).collect();
            match Query::check_header(&columns) {
                Ok(()) => header = Some(columns),
                Err(e) => {
                    bad += 1;
                    header = None;
                    writeln!(out, "{}", json!({"line": n, "error": e.to_string()}))?;
                }
            }
            continue;
        }
        let parsed = match &header {
            Some(columns) => Query::from_csv_row(columns, text),
            None => Query::from_csv_line(text),
        };
        let obj = match parsed {
            Ok(case) => {
                let mut v = json!({"line": n});
                if let (Some(dst), serde_json::Value::Object(src)) = (v.as_object_mut(), case.report()) {
                    dst.extend(src);
                }
                v
            }
            Err(e) => {
                bad += 1;
                json!({"line": n, "error": e.to_string()})
            }
        };
        writeln!(out, "{obj}")?;
    }
    Ok(bad)
}

/// Runs `query`; returns the process exit status.
pub fn run(args: &QueryArgs) -> i32 {
    let stdout = io::stdout();
    if let Some(path) = &args.csv {
        let result = if path == "-" {
            run_csv(io::stdin().lock(), stdout.lock())
        } else {
            match std::fs::File::open(path) {
                Ok(f) => run_csv(io::BufReader::new(f), stdout.lock()),
                Err(e) => {
                    eprintln!("error: --csv: cannot open {path}: {e}");
                    return 2;
                }
            }
        };
        return match result {
            Ok(0) => 0,
            Ok(_) => 1,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Err(e) => {
                eprintln!("error: --csv: cannot read {path}: {e}");
                2
            }
        };
    }
    match query_from_args(args) {
        Ok(case) => {
            let _ = writeln!(stdout.lock(), "{}", case.report());
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
