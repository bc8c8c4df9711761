//! One query case — a ball and a box in 2D or 3D, optionally with a velocity (a swept case) — parsed
//! from numbers and reported as JSON. Shared by the `query` command and anything else that prints or
//! copies a scene's verdicts.

use crate::format::parse_numbers;
use crate::format::NumbersError;
use crate::geom::{
    algo::ALGORITHMS, contact::contact, response::response, sweep, Aabb, Ball, Box3, Circle, OrientedBox, OrientedBox3,
    OrientedRect, Rect, ShapeError, Sphere,
};
use serde_json::{json, Map, Value};
use std::fmt;

/// A 2D or 3D case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Case {
    D2(Circle, Rect),
    D3(Sphere, Box3),
}

/// Field names of a 2D case in input order (`cx,cy,r,minx,miny,maxx,maxy`).
pub const FIELDS_2D: [&str; 7] = ["cx", "cy", "r", "minx", "miny", "maxx", "maxy"];
/// Field names of a 3D case in input order.
pub const FIELDS_3D: [&str; 10] = ["cx", "cy", "cz", "r", "minx", "miny", "minz", "maxx", "maxy", "maxz"];
/// Field names of a 2D swept case in input order (`cx,cy,r,minx,miny,maxx,maxy,vx,vy`).
pub const FIELDS_2D_SWEPT: [&str; 9] = ["cx", "cy", "r", "minx", "miny", "maxx", "maxy", "vx", "vy"];
/// Field names of a 3D swept case in input order (the 3D case, then `vx,vy,vz`).
pub const FIELDS_3D_SWEPT: [&str; 13] =
    ["cx", "cy", "cz", "r", "minx", "miny", "minz", "maxx", "maxy", "maxz", "vx", "vy", "vz"];
/// What a CSV line of the wrong length is told.
const CSV_COUNTS: &str =
    "7 numbers (2D), 10 (3D), 9 (2D swept), 13 (3D swept), 8 (2D + angle), 14 (3D + qw,qx,qy,qz) or 17 (3D swept + qw,qx,qy,qz)";
/// Field names of a 2D case with an angle (`cx,cy,r,minx,miny,maxx,maxy,angle`).
pub const FIELDS_2D_ROTATED: [&str; 8] = ["cx", "cy", "r", "minx", "miny", "maxx", "maxy", "angle"];
/// Field names of a 3D case with a rotation (the 3D case, then `qw,qx,qy,qz`).
pub const FIELDS_3D_ROTATED: [&str; 14] =
    ["cx", "cy", "cz", "r", "minx", "miny", "minz", "maxx", "maxy", "maxz", "qw", "qx", "qy", "qz"];
/// Field names of a 3D swept case with a rotation (the swept case, then `qw,qx,qy,qz`).
pub const FIELDS_3D_SWEPT_ROTATED: [&str; 17] =
    ["cx", "cy", "cz", "r", "minx", "miny", "minz", "maxx", "maxy", "maxz", "vx", "vy", "vz", "qw", "qx", "qy", "qz"];
/// Every column name a CSV header may use.
pub const CSV_COLUMNS: [&str; 18] = [
    "cx", "cy", "cz", "r", "minx", "miny", "minz", "maxx", "maxy", "maxz", "vx", "vy", "vz", "angle", "qw", "qx", "qy",
    "qz",
];

/// The box turned about its centre: an angle in degrees (2D, counter-clockwise) or a unit
/// quaternion `W,X,Y,Z` (3D).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rotation {
    /// 2D: degrees, counter-clockwise.
    Degrees(f32),
    /// 3D: `[w, x, y, z]`.
    Quat([f32; 4]),
}

impl Rotation {
    /// The rotated rectangle: `b` turned about its centre.
    pub fn obb2(&self, b: &Rect) -> Result<OrientedRect, CaseError> {
        match *self {
            Rotation::Degrees(d) => Ok(OrientedRect::from_degrees(b.center(), b.half_extents(), d)?),
            Rotation::Quat(_) => {
                Err(CaseError::Invalid("rotation: a quaternion turns a 3D box; use --angle DEG in 2D".into()))
            }
        }
    }

    /// The rotated 3D box: `b` turned about its centre.
    pub fn obb3(&self, b: &Box3) -> Result<OrientedBox3, CaseError> {
        match *self {
            Rotation::Quat(q) => Ok(OrientedBox3::new(b.center(), b.half_extents(), q)?),
            Rotation::Degrees(_) => {
                Err(CaseError::Invalid("angle: an angle turns a 2D box; use --rotation W,X,Y,Z in 3D".into()))
            }
        }
    }
}

/// A case with a rotated box, checked: the rotation must fit the dimension and be valid.
fn check_rotation(case: &Case, rotation: &Rotation) -> Result<(), CaseError> {
    match case {
        Case::D2(_, a) => rotation.obb2(a).map(drop),
        Case::D3(_, a) => rotation.obb3(a).map(drop),
    }
}

/// Why a case could not be read. The message names the field.
#[derive(Clone, Debug, PartialEq)]
pub enum CaseError {
    /// Wrong number of values.
    Count { expected: String, got: usize },
    /// A value that is not a number.
    NotANumber { field: String, text: String },
    /// The numbers do not make a valid shape.
    Shape(ShapeError),
    /// Any other bad value; the message names the field.
    Invalid(String),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Count { expected, got } => write!(f, "expected {expected}, got {got} value(s)"),
            CaseError::NotANumber { field, text } => write!(f, "{field}: {text:?} is not a number"),
            CaseError::Shape(e) => write!(f, "{e}"),
            CaseError::Invalid(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for CaseError {}

impl From<NumbersError> for CaseError {
    fn from(e: NumbersError) -> Self {
        match e {
            NumbersError::Count { expected, got } => CaseError::Count { expected, got },
            NumbersError::NotANumber { field, text } => CaseError::NotANumber { field, text },
        }
    }
}

impl From<ShapeError> for CaseError {
    fn from(e: ShapeError) -> Self {
        CaseError::Shape(e)
    }
}

impl Case {
    /// A 2D case from `cx,cy,r,minx,miny,maxx,maxy` or a 3D case from
    /// `cx,cy,cz,r,minx,miny,minz,maxx,maxy,maxz`.
    pub fn from_numbers(v: &[f32]) -> Result<Case, CaseError> {
        match v.len() {
            7 => Ok(Case::D2(Ball::new([v[0], v[1]], v[2])?, Aabb::new([v[3], v[4]], [v[5], v[6]])?)),
            10 => {
                Ok(Case::D3(Ball::new([v[0], v[1], v[2]], v[3])?, Aabb::new([v[4], v[5], v[6]], [v[7], v[8], v[9]])?))
            }
            n => Err(CaseError::Count { expected: "7 numbers (2D) or 10 numbers (3D)".into(), got: n }),
        }
    }

    /// Parses one CSV line (7 or 10 comma-separated numbers). Errors name the field.
    ///
    /// ```
    /// use circle_aabb_lab::report::Case;
    /// assert_eq!(Case::from_csv_line("5, 5, 5, 0, 0, 2, 1").unwrap().dim(), 2);
    /// assert_eq!(Case::from_csv_line("0,0,0,1,-1,-1,-1,1,1,1").unwrap().dim(), 3);
    /// let err = Case::from_csv_line("5,5,five,0,0,2,1").unwrap_err();
    /// assert_eq!(err.to_string(), "r: \"five\" is not a number");
    /// let err = Case::from_csv_line("5,5,-1,0,0,2,1").unwrap_err();
    /// assert!(err.to_string().starts_with("radius"));
    /// ```
    pub fn from_csv_line(line: &str) -> Result<Case, CaseError> {
        let n = line.split(',').count();
        let names: Option<&[&str]> = match n {
            7 => Some(&FIELDS_2D),
            10 => Some(&FIELDS_3D),
            _ => return Err(CaseError::Count { expected: "7 numbers (2D) or 10 numbers (3D)".into(), got: n }),
        };
        Case::from_numbers(&parse_numbers(line, names)?)
    }

    /// The dimension, 2 or 3.
    #[must_use]
    pub fn dim(&self) -> usize {
        match self {
            Case::D2(..) => 2,
            Case::D3(..) => 3,
        }
    }

    /// Every algorithm's verdict, in registry order.
    #[must_use]
    pub fn verdicts(&self) -> Vec<(&'static str, bool)> {
        ALGORITHMS
            .iter()
            .map(|a| {
                let v = match self {
                    Case::D2(b, r) => (a.overlap_2d)(b, r),
                    Case::D3(b, r) => (a.overlap_3d)(b, r),
                };
                (a.id, v)
            })
            .collect()
    }

    /// The full report as one JSON object: inputs, zone, closest point, signed distance, state,
    /// response, every algorithm's verdict, and the ids that disagree with the exact state.
    ///
    /// ```
    /// use circle_aabb_lab::report::Case;
    /// // Holden's counter-example: the sphere misses the box's corner, the face-plane tests say it hits.
    /// let v = Case::from_csv_line("1.65,1.65,1.65,1,-1,-1,-1,1,1,1").unwrap().report();
    /// assert_eq!(v["state"], "separated");
    /// assert_eq!(v["zone"], 26);
    /// assert_eq!(v["overlap"]["arvo"], false);
    /// assert_eq!(v["overlap"]["planes"], true);
    /// assert_eq!(v["disagree"], serde_json::json!(["planes", "planes_naive"]));
    /// ```
    #[must_use]
    pub fn report(&self) -> Value {
        match self {
            Case::D2(b, a) => report_of(b, a, "circle", self.verdicts()),
            Case::D3(b, a) => report_of(b, a, "sphere", self.verdicts()),
        }
    }
}

/// A case and, for a swept case, the velocity of the centre: `c + t·v` for `t` in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Query {
    /// The ball and the box.
    pub case: Case,
    /// The velocity (its first `case.dim()` components are used), or `None` for a still case.
    pub velocity: Option<[f32; 3]>,
    /// The box turned about its centre (`--angle`, `--rotation`, or the CSV's extra columns).
    pub rotation: Option<Rotation>,
}

impl Query {
    /// A still case (no velocity): reported exactly as [`Case::report`].
    #[must_use]
    pub fn still(case: Case) -> Query {
        Query { case, velocity: None, rotation: None }
    }

    /// A swept case: `velocity` must have `case.dim()` finite components, and the end centre
    /// `c + v` must be finite too (its contact state is reported). `names` gives the velocity's field
    /// names for the messages (`["vx", "vy"]` in CSV, `["velocity.x", "velocity.y"]` for a flag).
    pub fn swept(case: Case, velocity: &[f32], names: &[&str]) -> Result<Query, CaseError> {
        let d = case.dim();
        if velocity.len() != d {
            return Err(CaseError::Count {
                expected: format!("{d} numbers (one per axis of the {d}D case)"),
                got: velocity.len(),
            });
        }
        let center = match case {
            Case::D2(b, _) => [b.center()[0], b.center()[1], 0.0],
            Case::D3(b, _) => b.center(),
        };
        let mut v = [0.0; 3];
        for i in 0..d {
            let field = names.get(i).copied().unwrap_or("velocity");
            if !velocity[i].is_finite() {
                return Err(CaseError::Invalid(format!("{field} must be a finite number, got {}", velocity[i])));
            }
            if !(center[i] + velocity[i]).is_finite() {
                return Err(CaseError::Invalid(format!(
                    "{field}: the end centre c + v leaves the f32 range ({} + {})",
                    center[i], velocity[i]
                )));
            }
            v[i] = velocity[i];
        }
        Ok(Query { case, velocity: Some(v), rotation: None })
    }

    /// Parses one CSV line: 7 or 10 numbers are a still case (as [`Case::from_csv_line`]), 9 or 13
    /// numbers a swept case (the case, then `vx,vy` or `vx,vy,vz`). Errors name the field.
    ///
    /// ```
    /// use circle_aabb_lab::report::Query;
    /// let q = Query::from_csv_line("0,0,0.5,5,-1,5.5,1,100,0").unwrap();
    /// assert_eq!((q.case.dim(), q.velocity), (2, Some([100.0, 0.0, 0.0])));
    /// assert!(Query::from_csv_line("0,0,0.5,5,-1,5.5,1").unwrap().velocity.is_none());
    /// assert_eq!(Query::from_csv_line("0,0,0.5,5,-1,5.5,1,1,inf").unwrap_err().to_string(),
    ///            "vy must be a finite number, got inf");
    /// ```
    pub fn from_csv_line(line: &str) -> Result<Query, CaseError> {
        let n = line.split(',').count();
        // (names, case length, velocity length, rotation length)
        let (names, case_len, vel_len, rot_len): (&[&str], usize, usize, usize) = match n {
            7 => (&FIELDS_2D, 7, 0, 0),
            10 => (&FIELDS_3D, 10, 0, 0),
            9 => (&FIELDS_2D_SWEPT, 7, 2, 0),
            13 => (&FIELDS_3D_SWEPT, 10, 3, 0),
            8 => (&FIELDS_2D_ROTATED, 7, 0, 1),
            14 => (&FIELDS_3D_ROTATED, 10, 0, 4),
            17 => (&FIELDS_3D_SWEPT_ROTATED, 10, 3, 4),
            _ => return Err(CaseError::Count { expected: CSV_COUNTS.into(), got: n }),
        };
        let v = parse_numbers(line, Some(names))?;
        Query::from_parts(&v, names, case_len, vel_len, rot_len)
    }

    /// A query from numbers in the canonical order: the case, then the velocity, then the rotation.
    fn from_parts(
        v: &[f32],
        names: &[&str],
        case_len: usize,
        vel_len: usize,
        rot_len: usize,
    ) -> Result<Query, CaseError> {
        let case = Case::from_numbers(&v[..case_len])?;
        let mut q = if vel_len == 0 {
            Query::still(case)
        } else {
            Query::swept(case, &v[case_len..case_len + vel_len], &names[case_len..case_len + vel_len])?
        };
        let rot = &v[case_len + vel_len..];
        q.rotation = match rot_len {
            0 => None,
            1 => Some(Rotation::Degrees(rot[0])),
            _ => Some(Rotation::Quat([rot[0], rot[1], rot[2], rot[3]])),
        };
        if let Some(r) = &q.rotation {
            check_rotation(&q.case, r)?;
        }
        Ok(q)
    }

    /// Checks a CSV header line (column names, any order; see [`CSV_COLUMNS`]): a 2D or a 3D case,
    /// with or without a velocity, an `angle` (2D) or `qw,qx,qy,qz` (3D).
    pub fn check_header(columns: &[String]) -> Result<(), CaseError> {
        for c in columns {
            if !CSV_COLUMNS.contains(&c.as_str()) {
                return Err(CaseError::Invalid(format!(
                    "header: unknown column {c:?}; columns: {}",
                    CSV_COLUMNS.join(",")
                )));
            }
        }
        let has = |n: &str| columns.iter().any(|c| c == n);
        let d3 = has("cz");
        let need: &[&str] = if d3 { &FIELDS_3D } else { &FIELDS_2D };
        if let Some(m) = need.iter().find(|n| !has(n)) {
            return Err(CaseError::Invalid(format!("header: column {m:?} is missing")));
        }
        Ok(())
    }

    /// Parses a CSV row under a header (column names in any order): the same case as the row of
    /// numbers in the canonical order would give. This is how a 2D swept case takes an angle (its
    /// 10 numbers would otherwise read as a 3D case).
    ///
    /// ```
    /// use circle_aabb_lab::report::{Query, Rotation};
    /// let header: Vec<String> = "angle,cx,cy,r,minx,miny,maxx,maxy,vx,vy".split(',').map(String::from).collect();
    /// let q = Query::from_csv_row(&header, "90,0,0,0.5,5,-1,5.5,1,100,0").unwrap();
    /// assert_eq!((q.rotation, q.velocity), (Some(Rotation::Degrees(90.0)), Some([100.0, 0.0, 0.0])));
    /// ```
    pub fn from_csv_row(columns: &[String], line: &str) -> Result<Query, CaseError> {
        let names: Vec<&str> = columns.iter().map(String::as_str).collect();
        let v = parse_numbers(line, Some(&names))?;
        let get = |n: &str| names.iter().position(|c| *c == n).map(|i| v[i]);
        let d3 = get("cz").is_some();
        let (case_names, vel_names, rot_names): (&[&str], &[&str], &[&str]) = if d3 {
            (&FIELDS_3D, &["vx", "vy", "vz"], &["qw", "qx", "qy", "qz"])
        } else {
            (&FIELDS_2D, &["vx", "vy"], &["angle"])
        };
        let mut all = Vec::new();
        let mut canon: Vec<&str> = Vec::new();
        for n in case_names {
            all.push(get(n).ok_or_else(|| CaseError::Invalid(format!("header: column {n:?} is missing")))?);
            canon.push(n);
        }
        fn pick<'a>(
            group: &[&'a str],
            get: &dyn Fn(&str) -> Option<f32>,
            all: &mut Vec<f32>,
            canon: &mut Vec<&'a str>,
        ) -> Result<usize, CaseError> {
            let present = group.iter().filter(|n| get(n).is_some()).count();
            if present == 0 {
                return Ok(0);
            }
            if present != group.len() {
                return Err(CaseError::Invalid(format!("header: give all of {} or none", group.join(","))));
            }
            for n in group {
                all.push(get(n).unwrap_or(0.0));
                canon.push(n);
            }
            Ok(group.len())
        }
        let vel_len = pick(vel_names, &get, &mut all, &mut canon)?;
        let rot_len = pick(rot_names, &get, &mut all, &mut canon)?;
        for other in ["angle", "qw", "qx", "qy", "qz", "vz"] {
            if get(other).is_some() && !canon.contains(&other) {
                return Err(CaseError::Invalid(format!("{other}: not a column of a {}D case", if d3 { 3 } else { 2 })));
            }
        }
        Query::from_parts(&all, &canon, case_names.len(), vel_len, rot_len)
    }

    /// [`Case::report`], and for a swept case a `"sweep"` object (see [`sweep_report`]).
    #[must_use]
    pub fn report(&self) -> Value {
        if let Some(rot) = &self.rotation {
            return match self.case {
                Case::D2(b, a) => match rot.obb2(&a) {
                    Ok(o) => oriented_report(&b, &a, &o, "circle", json!({"angle": num_deg(rot)}), self.velocity),
                    Err(e) => json!({"error": e.to_string()}),
                },
                Case::D3(b, a) => match rot.obb3(&a) {
                    Ok(o) => {
                        let q = match rot {
                            Rotation::Quat(q) => nums(q),
                            Rotation::Degrees(_) => Value::Null,
                        };
                        oriented_report(&b, &a, &o, "sphere", json!({"rotation": q}), self.velocity)
                    }
                    Err(e) => json!({"error": e.to_string()}),
                },
            };
        }
        let mut v = self.case.report();
        if let (Some(vel), Some(obj)) = (self.velocity, v.as_object_mut()) {
            let sweep = match self.case {
                Case::D2(b, a) => sweep_report(&b, [vel[0], vel[1]], &a),
                Case::D3(b, a) => sweep_report(&b, vel, &a),
            };
            obj.insert("sweep".into(), sweep);
        }
        v
    }
}

/// The swept test as JSON: `{"hit", "t", "initial", "feature", "center", "point", "normal",
/// "end_state"}`. Without a hit, `t`, `feature`, `center`, `point` and `normal` are `null` and
/// `initial` is false. `end_state` is the exact contact state at `c + v` — what a discrete test at
/// the end of the motion says — so a tunnelling move shows as `hit: true`, `end_state: "separated"`.
/// `c + v` must be finite ([`Query::swept`] checks it); if it were not, `end_state` is `null`.
#[must_use]
pub fn sweep_report<const D: usize>(ball: &Ball<D>, velocity: [f32; D], aabb: &Aabb<D>) -> Value {
    let end_state = ball.translated(velocity).map_or(Value::Null, |end| json!(contact(&end, aabb).state));
    match sweep(ball, velocity, aabb) {
        Some(h) => json!({
            "hit": true,
            "t": num(h.t),
            "initial": h.initial,
            "feature": h.feature.as_str(),
            "center": nums(&h.center),
            "point": nums(&h.point),
            "normal": nums(&h.normal),
            "end_state": end_state,
        }),
        None => json!({
            "hit": false,
            "t": null,
            "initial": false,
            "feature": null,
            "center": null,
            "point": null,
            "normal": null,
            "end_state": end_state,
        }),
    }
}

/// An `f32` as a JSON number with its shortest decimal form (`1.65`, not `1.649999976158142`).
/// Negative zero is written as `0` (a push or distance of −0 is just 0); a non-finite value, which a
/// valid case never produces, becomes `null`.
///
/// ```
/// use circle_aabb_lab::report::num;
/// assert_eq!(num(1.65).to_string(), "1.65");
/// assert_eq!(num(-0.0).to_string(), "0.0");
/// assert!(num(f32::NAN).is_null());
/// ```
#[must_use]
pub fn num(x: f32) -> Value {
    let x = if x == 0.0 { 0.0 } else { x };
    x.to_string().parse::<f64>().map_or(Value::Null, Value::from)
}

/// An `f32` vector as a JSON array of [`num`]s.
#[must_use]
pub fn nums(v: &[f32]) -> Value {
    Value::Array(v.iter().map(|&x| num(x)).collect())
}

fn report_of<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>, ball_key: &str, verdicts: Vec<(&str, bool)>) -> Value {
    let k = contact(ball, aabb);
    let resp = response(ball, aabb);
    let exact = k.state.is_overlap();
    let mut overlap = Map::new();
    let mut wrong = Vec::new();
    for (id, v) in verdicts {
        overlap.insert(id.to_string(), Value::Bool(v));
        if v != exact {
            wrong.push(id);
        }
    }
    let mut obj = Map::new();
    obj.insert("dim".into(), json!(D));
    obj.insert(ball_key.into(), json!({"center": nums(&ball.center()), "radius": num(ball.radius())}));
    obj.insert("box".into(), json!({"min": nums(&aabb.min()), "max": nums(&aabb.max())}));
    obj.insert("zone".into(), json!(k.zone));
    obj.insert("closest".into(), nums(&k.closest));
    obj.insert("distance".into(), num(k.distance));
    obj.insert("penetration".into(), num(k.penetration));
    obj.insert("state".into(), json!(k.state));
    let mut r = json!({"case": resp.case, "push": nums(&resp.push)});
    if let Some(face) = resp.face {
        r["face"] =
            json!(format!("{}{}", if face.upper { "max." } else { "min." }, crate::geom::shape::AXES[face.axis]));
    }
    if let Some(moved) = ball.translated(resp.push) {
        // What the push does, added in f32 as a program adds it: touching or separated, never overlapping.
        let after = contact(&moved, aabb);
        r["after"] = json!({"center": nums(&moved.center()), "distance": num(after.distance), "state": after.state});
    }
    obj.insert("response".into(), r);
    obj.insert("overlap".into(), Value::Object(overlap));
    obj.insert("disagree".into(), json!(wrong));
    Value::Object(obj)
}

fn num_deg(r: &Rotation) -> Value {
    match r {
        Rotation::Degrees(d) => num(*d),
        Rotation::Quat(_) => Value::Null,
    }
}

/// The report of a case whose box is turned about its centre: the same keys as [`Case::report`]
/// (the zone in the box's frame, the closest point and the push in world coordinates, every
/// algorithm run on the circle moved into the box's frame), plus `"frame"`: the rotation, the box's
/// centre, half extents and axes, the centre and the closest point in the box's coordinates, and
/// the zone there.
fn oriented_report<const D: usize>(
    ball: &Ball<D>,
    aabb: &Aabb<D>,
    o: &OrientedBox<D>,
    ball_key: &str,
    rotation: Value,
    velocity: Option<[f32; 3]>,
) -> Value {
    let k = o.contact(ball);
    let resp = o.response(ball);
    let exact = k.state.is_overlap();
    let local = o.local_ball(ball);
    let laabb = o.local_aabb();
    let mut overlap = Map::new();
    let mut wrong = Vec::new();
    for a in ALGORITHMS {
        let Some(lb) = local else { break };
        let v = run_algorithm(a, &lb, &laabb);
        overlap.insert(a.id.to_string(), Value::Bool(v));
        if v != exact {
            wrong.push(a.id);
        }
    }
    let mut frame = Map::new();
    if let Value::Object(r) = rotation {
        frame.extend(r);
    }
    frame.insert("center".into(), nums(&o.center()));
    frame.insert("half_extents".into(), nums(&o.half_extents()));
    let axes: Vec<Value> = o.axes().iter().map(|a| nums(&a.map(|x| x as f32))).collect();
    frame.insert("axes".into(), Value::Array(axes));
    let local_center = o.to_box_frame(ball.center());
    frame.insert("local_center".into(), nums(&local_center));
    frame.insert("local_closest".into(), nums(&crate::geom::contact::closest_point(&local_center, &laabb)));
    frame.insert("zone".into(), json!(k.zone));
    let mut obj = Map::new();
    obj.insert("dim".into(), json!(D));
    obj.insert(ball_key.into(), json!({"center": nums(&ball.center()), "radius": num(ball.radius())}));
    obj.insert("box".into(), json!({"min": nums(&aabb.min()), "max": nums(&aabb.max())}));
    obj.insert("frame".into(), Value::Object(frame));
    obj.insert("zone".into(), json!(k.zone));
    obj.insert("closest".into(), nums(&k.closest));
    obj.insert("distance".into(), num(k.distance));
    obj.insert("penetration".into(), num(k.penetration));
    obj.insert("state".into(), json!(k.state));
    let mut r = json!({"case": resp.case, "push": nums(&resp.push)});
    if let Some(face) = resp.face {
        // The face of the box's own frame.
        r["face"] =
            json!(format!("{}{}", if face.upper { "max." } else { "min." }, crate::geom::shape::AXES[face.axis]));
    }
    if let Some(moved) = ball.translated(resp.push) {
        let after = o.contact(&moved);
        r["after"] = json!({"center": nums(&moved.center()), "distance": num(after.distance), "state": after.state});
    }
    obj.insert("response".into(), r);
    obj.insert("overlap".into(), Value::Object(overlap));
    obj.insert("disagree".into(), json!(wrong));
    if let Some(vel) = velocity {
        let v: [f32; D] = core::array::from_fn(|i| vel[i]);
        let end_state = ball.translated(v).map_or(Value::Null, |end| json!(o.contact(&end).state));
        let sweep = match o.sweep(ball, v) {
            Some(h) => json!({
                "hit": true, "t": num(h.t), "initial": h.initial, "feature": h.feature.as_str(),
                "center": nums(&h.center), "point": nums(&h.point), "normal": nums(&h.normal), "end_state": end_state,
            }),
            None => json!({
                "hit": false, "t": null, "initial": false, "feature": null, "center": null, "point": null,
                "normal": null, "end_state": end_state,
            }),
        };
        obj.insert("sweep".into(), sweep);
    }
    Value::Object(obj)
}

/// A registry algorithm's verdict in dimension `D` (2 or 3).
fn run_algorithm<const D: usize>(a: &crate::geom::algo::Algorithm, ball: &Ball<D>, aabb: &Aabb<D>) -> bool {
    use std::any::Any;
    if let (Some(b), Some(x)) = ((ball as &dyn Any).downcast_ref::<Circle>(), (aabb as &dyn Any).downcast_ref::<Rect>())
    {
        return (a.overlap_2d)(b, x);
    }
    if let (Some(b), Some(x)) = ((ball as &dyn Any).downcast_ref::<Sphere>(), (aabb as &dyn Any).downcast_ref::<Box3>())
    {
        return (a.overlap_3d)(b, x);
    }
    false
}
