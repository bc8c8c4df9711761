//! The 3D part of the scene text: [`ThreeOptions`] and every 3D key's parse and format.
//!
//! ```text
//!  view=3d&sphere=CX,CY,CZ,R&box3=MINX,MINY,MINZ,MAXX,MAXY,MAXZ
//!  &camera=YAW,PITCH,DISTANCE,TX,TY,TZ&views=4&slice=z&slicemap=distance&xray=on&grown=both
//!  &velocity3=VX,VY,VZ&rotation=W,X,Y,Z
//! ```

use super::camera::Camera;
use crate::app::text::{next_choice, parse_choice, parse_flag, OptionError, VELOCITY_LIMIT};
use crate::format::parse_numbers;
use crate::geom::{Box3, OrientedBox3, Sphere};

/// Which grown box is drawn around the box (`grown=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grown {
    /// None.
    #[default]
    Off,
    /// The box grown by r with rounded edges and corners: exactly where the centre may be for an overlap.
    Rounded,
    /// The box grown by r on every axis: what a face-plane test accepts.
    Square,
    /// Both, so the wedges between them (the false positives) show.
    Both,
}

impl Grown {
    pub const ALL: [Grown; 4] = [Grown::Off, Grown::Rounded, Grown::Square, Grown::Both];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Grown::Off => "off",
            Grown::Rounded => "rounded",
            Grown::Square => "square",
            Grown::Both => "both",
        }
    }

    /// Off → rounded → square → both → off.
    #[must_use]
    pub fn next(self) -> Grown {
        next_choice(&Grown::ALL, self)
    }

    /// Parses `off`, `rounded`, `square` or `both`.
    pub fn parse(text: &str) -> Result<Grown, OptionError> {
        parse_choice("grown", text, &Grown::ALL, Grown::as_str)
    }

    #[must_use]
    pub fn rounded(self) -> bool {
        matches!(self, Grown::Rounded | Grown::Both)
    }

    #[must_use]
    pub fn square(self) -> bool {
        matches!(self, Grown::Square | Grown::Both)
    }
}

/// What the slice plane shows (`slicemap=`): the 2D lessons, carried over to the plane through the
/// centre.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SlicePicture {
    /// The selected test's agreement map: every cell a sphere centred there, coloured by whether
    /// the test agrees with the exact answer.
    #[default]
    Agreement,
    /// The signed distance from each point of the plane to the box (in 3D), with iso-lines, the
    /// box's cut (0) and the sphere's radius (where the centre may go while touching) in bold.
    Distance,
    /// The regions (`x + 3y + 9z`) the plane crosses, tinted by kind: inside, face, edge, corner;
    /// the centre's own region brighter.
    Zones,
}

impl SlicePicture {
    pub const ALL: [SlicePicture; 3] = [SlicePicture::Agreement, SlicePicture::Distance, SlicePicture::Zones];

    /// The scene-text id.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SlicePicture::Agreement => "agreement",
            SlicePicture::Distance => "distance",
            SlicePicture::Zones => "zones",
        }
    }

    /// The panel's and the status line's words.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SlicePicture::Agreement => "agreement map",
            SlicePicture::Distance => "distance field",
            SlicePicture::Zones => "zones",
        }
    }

    /// Agreement map → distance field → zones → agreement map.
    #[must_use]
    pub fn next(self) -> SlicePicture {
        next_choice(&SlicePicture::ALL, self)
    }

    /// Parses `agreement`, `distance` or `zones`.
    pub fn parse(text: &str) -> Result<SlicePicture, OptionError> {
        parse_choice("slicemap", text, &SlicePicture::ALL, SlicePicture::as_str)
    }
}

/// The 3D part of a scene (`view=`, `sphere=`, `box3=`, `camera=`, `views=`, `slice=`, `slicemap=`,
/// `xray=`, `grown=`, `velocity3=`, `rotation=`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThreeOptions {
    pub sphere: Sphere,
    pub aabb: Box3,
    /// The camera; `None`: framed to the scene ([`Camera::fit`]).
    pub camera: Option<Camera>,
    /// Four views: the orbit view and the top, front and side views (`views=4`).
    pub four: bool,
    /// The slice plane through the centre, perpendicular to this axis (`slice=x|y|z|off`).
    pub slice: Option<usize>,
    /// What the slice shows (`slicemap=agreement|distance|zones`).
    pub slice_picture: SlicePicture,
    /// X-ray: the box translucent, the closest point and the push drawn through it (`xray=on`).
    pub xray: bool,
    /// The grown box shown (`grown=off|rounded|square|both`).
    pub grown: Grown,
    /// The sphere's velocity for one move (`velocity3=VX,VY,VZ`, or `off`): the centre goes from `c`
    /// to `c + v`, and the core's sweep finds where it first touches the box. `None`: no motion.
    pub velocity: Option<[f32; 3]>,
    /// The box turned about its centre by this unit quaternion `[w, x, y, z]` (`rotation=W,X,Y,Z`,
    /// as the command line's `--rotation`): kept as given, checked by the core's [`OrientedBox3::new`].
    /// [`IDENTITY`]: the aligned box, today's pictures and answers.
    pub rotation: [f32; 4],
}

/// The quaternion of no rotation, `[w, x, y, z]`.
pub const IDENTITY: [f32; 4] = [1.0, 0.0, 0.0, 0.0];

impl Default for ThreeOptions {
    /// A sphere over the box's top-right-front corner edge: the outside case, with a push-out.
    fn default() -> Self {
        ThreeOptions {
            sphere: Sphere::new([2.6, 2.0, 0.6], 1.4).expect("valid default sphere"),
            aabb: Box3::new([-2.0, -1.0, -1.0], [2.0, 1.5, 1.0]).expect("valid default box"),
            camera: None,
            four: false,
            slice: None,
            slice_picture: SlicePicture::Agreement,
            xray: false,
            grown: Grown::Off,
            velocity: None,
            rotation: IDENTITY,
        }
    }
}

/// `x`, `y`, `z` → the axis, `off` / `none` → no slice.
pub fn parse_slice(text: &str) -> Result<Option<usize>, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "off" | "none" => Ok(None),
        "x" => Ok(Some(0)),
        "y" => Ok(Some(1)),
        "z" => Ok(Some(2)),
        _ => Err(OptionError { field: "slice", message: format!("{text:?} is not one of x, y, z, off") }),
    }
}

/// The slice settings in cycling order: off, x, y, z.
pub const SLICES: [Option<usize>; 4] = [None, Some(0), Some(1), Some(2)];

/// The scene-text id of a slice axis.
#[must_use]
pub fn slice_id(slice: Option<usize>) -> &'static str {
    match slice {
        Some(0) => "x",
        Some(1) => "y",
        Some(2) => "z",
        _ => "off",
    }
}

/// `2d` or `3d` (`view=`, `--view`).
pub fn parse_view(text: &str) -> Result<bool, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "2d" => Ok(false),
        "3d" => Ok(true),
        _ => Err(OptionError { field: "view", message: format!("{text:?} is not one of 2d, 3d") }),
    }
}

/// `1` or `4` (`views=`): the orbit view alone or with the three orthographic views.
pub fn parse_views(text: &str) -> Result<bool, OptionError> {
    match text.trim() {
        "1" => Ok(false),
        "4" => Ok(true),
        _ => Err(OptionError { field: "views", message: format!("{text:?} is not 1 or 4") }),
    }
}

/// `cx,cy,cz,r` → a checked sphere (`sphere=`, `--sphere`).
pub fn parse_sphere(text: &str) -> Result<Sphere, OptionError> {
    let err = |e: String| OptionError { field: "sphere", message: e };
    let v = parse_numbers(text, Some(&["cx", "cy", "cz", "r"])).map_err(|e| err(e.to_string()))?;
    Sphere::new([v[0], v[1], v[2]], v[3]).map_err(|e| err(e.to_string()))
}

/// `minx,miny,minz,maxx,maxy,maxz` → a checked box (`box3=`, or a 6-number `box=` / `--box`).
pub fn parse_box3(field: &'static str, text: &str) -> Result<Box3, OptionError> {
    let err = |e: String| OptionError { field, message: e };
    let v =
        parse_numbers(text, Some(&["minx", "miny", "minz", "maxx", "maxy", "maxz"])).map_err(|e| err(e.to_string()))?;
    Box3::new([v[0], v[1], v[2]], [v[3], v[4], v[5]]).map_err(|e| err(e.to_string()))
}

/// `vx,vy,vz` → a finite velocity, each component within ±[`VELOCITY_LIMIT`]; `off` / `none` → no
/// motion (`velocity3=`, a 3-number `--velocity`).
pub fn parse_velocity3(text: &str) -> Result<Option<[f32; 3]>, OptionError> {
    if matches!(text.trim().to_ascii_lowercase().as_str(), "off" | "none") {
        return Ok(None);
    }
    let bad = |m: String| OptionError { field: "velocity3", message: m };
    let v = parse_numbers(text, Some(&["vx", "vy", "vz"])).map_err(|e| bad(e.to_string()))?;
    for (x, name) in v.iter().zip(["vx", "vy", "vz"]) {
        if !x.is_finite() || x.abs() > VELOCITY_LIMIT {
            return Err(bad(format!("{name} {x} is not a finite number within ±{VELOCITY_LIMIT:e}")));
        }
    }
    Ok(Some([v[0], v[1], v[2]]))
}

/// `w,x,y,z` → a unit quaternion (`rotation=`): four finite numbers of length 1 within the core's
/// tolerance ([`OrientedBox3::new`] decides; a zero or scaled quaternion is refused naming `rotation`). Kept
/// as given, so the scene text writes back the same numbers.
pub fn parse_rotation(text: &str) -> Result<[f32; 4], OptionError> {
    let bad = |m: String| OptionError { field: "rotation", message: m };
    let v = parse_numbers(text, Some(&["w", "x", "y", "z"])).map_err(|e| bad(e.to_string()))?;
    checked_rotation([v[0], v[1], v[2], v[3]])
}

/// `q` if the core takes it as a rotation (finite, unit within its tolerance), else the error naming
/// `rotation`.
pub fn checked_rotation(q: [f32; 4]) -> Result<[f32; 4], OptionError> {
    match OrientedBox3::new([0.0; 3], [0.0; 3], q) {
        Ok(_) => Ok(q),
        Err(e) => Err(OptionError { field: "rotation", message: e.to_string() }),
    }
}

/// How many comma-separated numbers a `--box` text has (4: 2D, 6: 3D).
#[must_use]
pub fn arity(text: &str) -> usize {
    text.split(',').count()
}

impl ThreeOptions {
    /// The 3D keys of a scene text, only when the view is on (`on`) or they differ from the default.
    #[must_use]
    pub fn to_fragment(&self, on: bool) -> String {
        if *self == ThreeOptions::default() && !on {
            return String::new();
        }
        let (c, lo, hi) = (self.sphere.center(), self.aabb.min(), self.aabb.max());
        let mut s = format!(
            "&view={}&sphere={},{},{},{}&box3={},{},{},{},{},{}",
            if on { "3d" } else { "2d" },
            c[0],
            c[1],
            c[2],
            self.sphere.radius(),
            lo[0],
            lo[1],
            lo[2],
            hi[0],
            hi[1],
            hi[2]
        );
        if let Some(cam) = self.camera {
            s.push_str(&format!("&camera={}", cam.to_text()));
        }
        if self.four {
            s.push_str("&views=4");
        }
        if self.slice.is_some() {
            s.push_str(&format!("&slice={}", slice_id(self.slice)));
        }
        if self.slice_picture != SlicePicture::default() {
            s.push_str(&format!("&slicemap={}", self.slice_picture.as_str()));
        }
        if self.xray {
            s.push_str("&xray=on");
        }
        if self.grown != Grown::Off {
            s.push_str(&format!("&grown={}", self.grown.as_str()));
        }
        if let Some(v) = self.velocity {
            s.push_str(&format!("&velocity3={},{},{}", v[0], v[1], v[2]));
        }
        if self.rotation != IDENTITY {
            let q = self.rotation;
            s.push_str(&format!("&rotation={},{},{},{}", q[0], q[1], q[2], q[3]));
        }
        s
    }

    /// The box turned by [`ThreeOptions::rotation`], when that is not the identity: the core's
    /// oriented box (centre and half extents from `aabb`). `None`: the box is aligned (the identity,
    /// or a quaternion within `f32` rounding of it, which the core snaps to it), and every answer
    /// comes from the aligned functions, as before rotations existed.
    #[must_use]
    pub fn oriented(&self) -> Option<OrientedBox3> {
        let b = OrientedBox3::new(self.aabb.center(), self.aabb.half_extents(), self.rotation).ok()?;
        let unit = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        (b.axes() != unit).then_some(b)
    }

    /// Applies one 3D key of a scene text (`view`, `sphere`, `box3`, `camera`, `views`, `slice`,
    /// `slicemap`, `xray`, `grown`, `velocity3`, `rotation`); `on` is whether the view is shown (`view=`, and a
    /// sphere turns it on). `Ok(false)`: not a 3D key.
    pub fn set_key(&mut self, on: &mut bool, key: &str, value: &str) -> Result<bool, OptionError> {
        match key {
            "view" => *on = parse_view(value)?,
            "sphere" => {
                self.sphere = parse_sphere(value)?;
                *on = true;
            }
            "box3" => self.aabb = parse_box3("box3", value)?,
            "camera" => self.camera = Some(Camera::parse(value)?),
            "views" => self.four = parse_views(value)?,
            "slice" => self.slice = parse_slice(value)?,
            "slicemap" => self.slice_picture = SlicePicture::parse(value)?,
            "xray" => self.xray = parse_flag("xray", value)?,
            "grown" => self.grown = Grown::parse(value)?,
            "velocity3" => self.velocity = parse_velocity3(value)?,
            "rotation" => self.rotation = parse_rotation(value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The 3D keys, for error messages.
pub const KEYS: &str = "view, sphere, box3, camera, views, slice, slicemap, xray, grown, velocity3, rotation";

/// The face-plane test's counter-example (the erratum of "Correct Box Sphere Intersection", 2013,
/// fixed 2019): box [−1, 1]³, r = 1, centre (1.65, 1.65, 1.65): 1.126 from the box, and `planes` says they intersect.
pub const PLANES_COUNTER_EXAMPLE: &str =
    "algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1&grown=both";
