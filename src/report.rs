//! One query case — a ball and a box in 2D or 3D, optionally with a velocity (a swept case) — parsed
//! from numbers and reported as JSON. Shared by the `query` command and anything else that prints or
//! copies a scene's verdicts.

use crate::geom::{contact, response, sweep, Aabb, Ball, Box3, Circle, Rect, ShapeError, Sphere, ALGORITHMS};
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
const CSV_COUNTS: &str = "7 numbers (2D), 10 (3D), 9 (2D swept) or 13 (3D swept)";

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

impl From<ShapeError> for CaseError {
    fn from(e: ShapeError) -> Self {
        CaseError::Shape(e)
    }
}

/// Splits `text` on commas and parses each piece as `f32`, naming the field of a bad piece.
/// `names` gives the field names; `None` accepts any count (names then are `#1`, `#2`, ...).
pub fn parse_numbers(text: &str, names: Option<&[&str]>) -> Result<Vec<f32>, CaseError> {
    let pieces: Vec<&str> = text.split(',').map(str::trim).collect();
    if let Some(names) = names {
        if pieces.len() != names.len() {
            return Err(CaseError::Count {
                expected: format!("{} numbers {}", names.len(), names.join(",")),
                got: pieces.len(),
            });
        }
    }
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.parse::<f32>().map_err(|_| CaseError::NotANumber {
                field: names.map_or_else(|| format!("value #{}", i + 1), |n| n[i].to_string()),
                text: p.to_string(),
            })
        })
        .collect()
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
}

impl Query {
    /// A still case (no velocity): reported exactly as [`Case::report`].
    #[must_use]
    pub fn still(case: Case) -> Query {
        Query { case, velocity: None }
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
        Ok(Query { case, velocity: Some(v) })
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
        let (names, case_len): (&[&str], usize) = match n {
            7 => (&FIELDS_2D, 7),
            10 => (&FIELDS_3D, 10),
            9 => (&FIELDS_2D_SWEPT, 7),
            13 => (&FIELDS_3D_SWEPT, 10),
            _ => return Err(CaseError::Count { expected: CSV_COUNTS.into(), got: n }),
        };
        let v = parse_numbers(line, Some(names))?;
        let case = Case::from_numbers(&v[..case_len])?;
        if n == case_len {
            Ok(Query::still(case))
        } else {
            Query::swept(case, &v[case_len..], &names[case_len..])
        }
    }

    /// [`Case::report`], and for a swept case a `"sweep"` object (see [`sweep_report`]).
    #[must_use]
    pub fn report(&self) -> Value {
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
        r["face"] = json!(format!("{}{}", if face.upper { "max." } else { "min." }, crate::geom::AXES[face.axis]));
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
