//! The 3D view's state as plain data: the sphere and box, the orbit camera, the view switches
//! (four views, slice, x-ray, grown box), the scene-text keys that carry them, and the pure
//! functions the canvas and the panel share (the camera's matrices, picking rays, the layout of the
//! four views, the region names). Nothing here draws; every geometric answer comes from
//! [`crate::geom`] through [`Analysis3`].
//!
//! ```text
//!  scene text  view=3d&sphere=CX,CY,CZ,R&box3=MINX,MINY,MINZ,MAXX,MAXY,MAXZ
//!              &camera=YAW,PITCH,DISTANCE,TX,TY,TZ&views=4&slice=z&slicemap=distance&xray=on&grown=both
//!              &velocity3=VX,VY,VZ
//! ```

use super::scene::{next_choice, parse_choice, parse_flag, OptionError, VELOCITY_LIMIT};
use super::teach::uses_arvo_mode;
use super::view::ScreenRect;
use crate::geom::algo::arvo::{overlap_mode, ArvoMode};
use crate::geom::algo::Trace;
use crate::geom::contact::face_distances;
use crate::geom::{contact, response, sweep, Box3, Contact, Hit, Response, Sphere, ALGORITHMS};
use crate::report::parse_numbers;
use glam::{Mat4, Vec2, Vec3, Vec4};

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

/// The orbit camera: it looks at `target` from `distance` away, `yaw` degrees around +z from +x and
/// `pitch` degrees above the xy plane (z is up; the top view is the 2D picture's x-y plane).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
    pub target: [f32; 3],
}

/// The camera's vertical field of view, degrees (macroquad's default).
pub const FOV_DEG: f32 = 45.0;
/// Pitch is kept within ±this many degrees (never straight up or down: the up vector stays valid).
pub const PITCH_LIMIT: f32 = 89.0;
/// Camera distance limits.
pub const DISTANCE_RANGE: (f32, f32) = (0.2, 1.0e5);
/// Degrees of orbit per pixel of drag.
pub const ORBIT_DEG_PER_PX: f32 = 0.4;
/// Degrees of orbit per arrow key.
pub const ORBIT_KEY_DEG: f32 = 10.0;
/// Zoom factor per wheel notch or `+` / `−`.
pub const ZOOM_FACTOR: f32 = 1.15;
/// Sphere move per key (W/S, A/D, Q/E), world units.
pub const MOVE_STEP: f32 = 0.1;

impl Camera {
    /// The camera that frames the sphere, the box and the move by `velocity` (if any) from the
    /// default direction.
    #[must_use]
    pub fn fit(sphere: &Sphere, aabb: &Box3, velocity: Option<[f32; 3]>) -> Camera {
        let (lo, hi) = bounds(sphere, aabb, velocity);
        let target = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
        let half = Vec3::from(hi) - Vec3::from(lo);
        let radius = (0.5 * half.length()).max(0.5);
        let distance = (radius / (0.5 * FOV_DEG.to_radians()).sin() * 1.05).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1);
        Camera { yaw: -58.0, pitch: 24.0, distance, target }
    }

    /// Where the eye is.
    #[must_use]
    pub fn eye(&self) -> Vec3 {
        let (y, p) = (self.yaw.to_radians(), self.pitch.to_radians());
        Vec3::from(self.target) + self.distance * Vec3::new(p.cos() * y.cos(), p.cos() * y.sin(), p.sin())
    }

    /// Orbits by the given degrees (pitch clamped to ±[`PITCH_LIMIT`], yaw kept in −180..180).
    #[must_use]
    pub fn orbited(self, dyaw: f32, dpitch: f32) -> Camera {
        if !(dyaw.is_finite() && dpitch.is_finite()) {
            return self;
        }
        let yaw = (self.yaw + dyaw + 180.0).rem_euclid(360.0) - 180.0;
        Camera { yaw, pitch: (self.pitch + dpitch).clamp(-PITCH_LIMIT, PITCH_LIMIT), ..self }
    }

    /// Moves the eye `factor` times as far from the target (within [`DISTANCE_RANGE`]).
    #[must_use]
    pub fn zoomed(self, factor: f32) -> Camera {
        if !(factor.is_finite() && factor > 0.0) {
            return self;
        }
        Camera { distance: (self.distance * factor).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1), ..self }
    }

    /// `yaw,pitch,distance,tx,ty,tz` (`camera=`): finite, distance within [`DISTANCE_RANGE`], pitch
    /// within ±[`PITCH_LIMIT`].
    pub fn parse(text: &str) -> Result<Camera, OptionError> {
        let bad = |m: String| OptionError { field: "camera", message: m };
        let v = parse_numbers(text, Some(&["yaw", "pitch", "distance", "tx", "ty", "tz"]))
            .map_err(|e| bad(e.to_string()))?;
        if let Some(x) = v.iter().find(|x| !x.is_finite()) {
            return Err(bad(format!("{x} is not a finite number")));
        }
        if !(-PITCH_LIMIT..=PITCH_LIMIT).contains(&v[1]) {
            return Err(bad(format!("pitch {} is not within ±{PITCH_LIMIT}", v[1])));
        }
        if !(DISTANCE_RANGE.0..=DISTANCE_RANGE.1).contains(&v[2]) {
            return Err(bad(format!("distance {} is not in {}..={}", v[2], DISTANCE_RANGE.0, DISTANCE_RANGE.1)));
        }
        Ok(Camera { yaw: v[0], pitch: v[1], distance: v[2], target: [v[3], v[4], v[5]] })
    }

    /// The scene text of [`Camera::parse`].
    #[must_use]
    pub fn to_text(&self) -> String {
        let t = self.target;
        format!("{},{},{},{},{},{}", self.yaw, self.pitch, self.distance, t[0], t[1], t[2])
    }
}

/// The smallest axis-aligned bounds holding the sphere, the box grown by r, the pushed-out sphere and
/// the sphere at the end of the move by `velocity` (if any).
#[must_use]
pub fn bounds(sphere: &Sphere, aabb: &Box3, velocity: Option<[f32; 3]>) -> ([f32; 3], [f32; 3]) {
    let (c, r) = (sphere.center(), sphere.radius());
    let push = response(sphere, aabb).push;
    let v = velocity.unwrap_or([0.0; 3]);
    let (mut lo, mut hi) = (aabb.min(), aabb.max());
    let (blo, bhi) = (aabb.min(), aabb.max());
    for i in 0..3 {
        let ends = [c[i] + push[i] - r, c[i] + push[i] + r, c[i] + v[i] - r, c[i] + v[i] + r];
        for x in [c[i] - r, c[i] + r, blo[i] - r, bhi[i] + r].into_iter().chain(ends) {
            if x.is_finite() {
                lo[i] = lo[i].min(x);
                hi[i] = hi[i].max(x);
            }
        }
    }
    (lo, hi)
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
/// `xray=`, `grown=`, `velocity3=`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThreeOptions {
    /// The 3D view is shown (`view=3d`).
    pub on: bool,
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
}

impl Default for ThreeOptions {
    /// A sphere over the box's top-right-front corner edge: the outside case, with a push-out.
    fn default() -> Self {
        ThreeOptions {
            on: false,
            sphere: Sphere::new([2.6, 2.0, 0.6], 1.4).expect("valid default sphere"),
            aabb: Box3::new([-2.0, -1.0, -1.0], [2.0, 1.5, 1.0]).expect("valid default box"),
            camera: None,
            four: false,
            slice: None,
            slice_picture: SlicePicture::Agreement,
            xray: false,
            grown: Grown::Off,
            velocity: None,
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

/// How many comma-separated numbers a `--box` text has (4: 2D, 6: 3D).
#[must_use]
pub fn arity(text: &str) -> usize {
    text.split(',').count()
}

impl ThreeOptions {
    /// The 3D keys of a scene text, only when they differ from the default.
    #[must_use]
    pub fn to_fragment(&self) -> String {
        if *self == ThreeOptions::default() {
            return String::new();
        }
        let (c, lo, hi) = (self.sphere.center(), self.aabb.min(), self.aabb.max());
        let mut s = format!(
            "&view={}&sphere={},{},{},{}&box3={},{},{},{},{},{}",
            if self.on { "3d" } else { "2d" },
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
        s
    }

    /// Applies one 3D key of a scene text (`view`, `sphere`, `box3`, `camera`, `views`, `slice`,
    /// `slicemap`, `xray`, `grown`, `velocity3`). `Ok(false)`: not a 3D key.
    pub fn set_key(&mut self, key: &str, value: &str) -> Result<bool, OptionError> {
        match key {
            "view" => self.on = parse_view(value)?,
            "sphere" => {
                self.sphere = parse_sphere(value)?;
                self.on = true;
            }
            "box3" => self.aabb = parse_box3("box3", value)?,
            "camera" => self.camera = Some(Camera::parse(value)?),
            "views" => self.four = parse_views(value)?,
            "slice" => self.slice = parse_slice(value)?,
            "slicemap" => self.slice_picture = SlicePicture::parse(value)?,
            "xray" => self.xray = parse_flag("xray", value)?,
            "grown" => self.grown = Grown::parse(value)?,
            "velocity3" => self.velocity = parse_velocity3(value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The 3D keys, for error messages.
pub const KEYS: &str = "view, sphere, box3, camera, views, slice, slicemap, xray, grown, velocity3";

/// The 3D view's state: the scene part ([`ThreeOptions`]) and the drag in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThreeState {
    pub options: ThreeOptions,
    pub drag: Option<Drag3>,
    /// The pointer is over the sphere (hover feedback).
    pub hover: bool,
}

impl ThreeState {
    #[must_use]
    pub fn from_options(options: ThreeOptions) -> ThreeState {
        ThreeState { options, drag: None, hover: false }
    }

    /// The camera in effect: the scene's, or one framing the scene.
    #[must_use]
    pub fn camera(&self) -> Camera {
        self.options
            .camera
            .unwrap_or_else(|| Camera::fit(&self.options.sphere, &self.options.aabb, self.options.velocity))
    }
}

/// A drag in the 3D view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drag3 {
    /// Orbiting: where the pointer was last frame.
    Orbit { last: Vec2 },
    /// Moving the sphere in the plane through its centre facing the camera: the plane's normal,
    /// and the offset from the grab point to the centre.
    Sphere { normal: Vec3, offset: Vec3, plane_point: Vec3 },
}

/// What the panel and keys ask of the 3D view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ThreeCommand {
    /// 2D ↔ 3D.
    ToggleView,
    SetView(bool),
    /// Orbit by (yaw, pitch) degrees.
    Orbit(f32, f32),
    /// Camera distance × factor.
    Zoom(f32),
    /// Back to the camera framing the scene.
    FitCamera,
    /// Move the sphere by a world vector.
    MoveSphere([f32; 3]),
    SetSphere(Sphere),
    SetBox(Box3),
    /// Radius × factor.
    ScaleRadius(f32),
    /// Move the sphere by its push-out vector.
    ApplyResponse,
    ToggleFour,
    /// Off → x → y → z → off.
    CycleSlice,
    SetSlice(Option<usize>),
    /// Agreement map → distance field → zones; with no slice on, turns the z slice on first.
    CycleSlicePicture,
    SetSlicePicture(SlicePicture),
    ToggleXray,
    CycleGrown,
    SetGrown(Grown),
    /// The sphere's velocity for one move (`None`: no motion); a non-finite or too large
    /// component is ignored.
    SetVelocity(Option<[f32; 3]>),
}

/// The command a key stands for in the 3D view; `None`: the key's ordinary meaning.
#[must_use]
pub fn key_command(key: super::Key) -> Option<ThreeCommand> {
    use super::Key;
    let m = MOVE_STEP;
    Some(match key {
        Key::Left => ThreeCommand::Orbit(-ORBIT_KEY_DEG, 0.0),
        Key::Right => ThreeCommand::Orbit(ORBIT_KEY_DEG, 0.0),
        Key::Up => ThreeCommand::Orbit(0.0, ORBIT_KEY_DEG),
        Key::Down => ThreeCommand::Orbit(0.0, -ORBIT_KEY_DEG),
        Key::Plus => ThreeCommand::Zoom(1.0 / ZOOM_FACTOR),
        Key::Minus => ThreeCommand::Zoom(ZOOM_FACTOR),
        Key::A => ThreeCommand::MoveSphere([-m, 0.0, 0.0]),
        Key::D => ThreeCommand::MoveSphere([m, 0.0, 0.0]),
        Key::W => ThreeCommand::MoveSphere([0.0, m, 0.0]),
        Key::S => ThreeCommand::MoveSphere([0.0, -m, 0.0]),
        Key::E => ThreeCommand::MoveSphere([0.0, 0.0, m]),
        Key::Q => ThreeCommand::MoveSphere([0.0, 0.0, -m]),
        Key::Space | Key::Enter => ThreeCommand::ApplyResponse,
        Key::I => ThreeCommand::ToggleFour,
        Key::K => ThreeCommand::CycleSlice,
        Key::O => ThreeCommand::CycleSlicePicture,
        Key::X => ThreeCommand::ToggleXray,
        Key::G => ThreeCommand::CycleGrown,
        Key::V => ThreeCommand::ToggleView,
        _ => return None,
    })
}

/// Applies a command to the 3D state (the sphere and box only through the core's checked
/// constructors: no command makes an invalid shape).
pub fn apply(t: &mut ThreeState, cmd: ThreeCommand) {
    let cam = t.camera();
    let o = &mut t.options;
    match cmd {
        ThreeCommand::ToggleView => o.on = !o.on,
        ThreeCommand::SetView(on) => o.on = on,
        ThreeCommand::Orbit(dy, dp) => o.camera = Some(cam.orbited(dy, dp)),
        ThreeCommand::Zoom(f) => o.camera = Some(cam.zoomed(f)),
        ThreeCommand::FitCamera => o.camera = None,
        ThreeCommand::MoveSphere(d) => {
            if let Some(s) = o.sphere.translated(d) {
                o.sphere = s;
            }
        }
        ThreeCommand::SetSphere(s) => o.sphere = s,
        ThreeCommand::SetBox(b) => o.aabb = b,
        ThreeCommand::ScaleRadius(f) => {
            if let Ok(s) = Sphere::new(o.sphere.center(), o.sphere.radius() * f) {
                o.sphere = s;
            }
        }
        ThreeCommand::ApplyResponse => {
            if let Some(s) = o.sphere.translated(response(&o.sphere, &o.aabb).push) {
                o.sphere = s;
            }
        }
        ThreeCommand::ToggleFour => o.four = !o.four,
        ThreeCommand::CycleSlice => o.slice = next_choice(&SLICES, o.slice),
        ThreeCommand::SetSlice(s) => o.slice = s.filter(|&a| a < 3),
        ThreeCommand::CycleSlicePicture => match o.slice {
            None => o.slice = Some(2),
            Some(_) => o.slice_picture = o.slice_picture.next(),
        },
        ThreeCommand::SetSlicePicture(p) => o.slice_picture = p,
        ThreeCommand::ToggleXray => o.xray = !o.xray,
        ThreeCommand::CycleGrown => o.grown = o.grown.next(),
        ThreeCommand::SetGrown(g) => o.grown = g,
        ThreeCommand::SetVelocity(v) => {
            if v.is_none_or(|v| v.iter().all(|x| x.is_finite() && x.abs() <= VELOCITY_LIMIT)) {
                o.velocity = v;
            }
        }
    }
}

/// One of the four views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// The orbit camera (perspective).
    Orbit,
    /// Looking down −z: x right, y up (the 2D picture).
    Top,
    /// Looking along +y: x right, z up.
    Front,
    /// Looking along −x: y right, z up.
    Side,
}

impl ViewKind {
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ViewKind::Orbit => "orbit (drag to turn)",
            ViewKind::Top => "top (x right, y up)",
            ViewKind::Front => "front (x right, z up)",
            ViewKind::Side => "side (y right, z up)",
        }
    }
}

/// Where each view goes on the canvas: the whole canvas for the orbit view alone, or a 2 × 2 grid
/// (orbit top left, top view top right, front bottom left, side bottom right).
#[must_use]
pub fn layout(canvas: ScreenRect, four: bool) -> Vec<(ViewKind, ScreenRect)> {
    if !four {
        return vec![(ViewKind::Orbit, canvas)];
    }
    let (w, h) = ((canvas.w * 0.5).floor(), (canvas.h * 0.5).floor());
    let at = |i: f32, j: f32| ScreenRect { x: canvas.x + i * w, y: canvas.y + j * h, w, h };
    vec![
        (ViewKind::Orbit, at(0.0, 0.0)),
        (ViewKind::Top, at(1.0, 0.0)),
        (ViewKind::Front, at(0.0, 1.0)),
        (ViewKind::Side, at(1.0, 1.0)),
    ]
}

/// A camera ready to draw with: eye, target, up, and the projection (perspective with a vertical
/// field of view, or orthographic with a visible height).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewCamera {
    pub eye: Vec3,
    pub target: Vec3,
    pub up: Vec3,
    /// `None`: perspective with [`FOV_DEG`]; `Some(h)`: orthographic, `h` world units high.
    pub ortho_height: Option<f32>,
}

/// Near and far planes (macroquad's defaults).
pub const Z_NEAR: f32 = 0.01;
pub const Z_FAR: f32 = 10000.0;

impl ViewCamera {
    /// The camera of one view of the scene.
    #[must_use]
    pub fn of(kind: ViewKind, t: &ThreeState) -> ViewCamera {
        let cam = t.camera();
        let target = Vec3::from(cam.target);
        let (lo, hi) = bounds(&t.options.sphere, &t.options.aabb, t.options.velocity);
        let size = Vec3::from(hi) - Vec3::from(lo);
        let centre = 0.5 * (Vec3::from(hi) + Vec3::from(lo));
        let far = 2.0 * size.length().max(1.0);
        // The orthographic views frame the scene's bounds with a margin, whatever the orbit camera does.
        // The quadrants are about as wide as tall (a wide canvas split in four): fit the width as if
        // they were square, so a long move is not cut off at the sides.
        let fit = |w: f32, h: f32| Some(1.25 * h.max(w).max(1e-3));
        match kind {
            ViewKind::Orbit => ViewCamera { eye: cam.eye(), target, up: Vec3::Z, ortho_height: None },
            ViewKind::Top => ViewCamera {
                eye: centre + far * Vec3::Z,
                target: centre,
                up: Vec3::Y,
                ortho_height: fit(size.x, size.y),
            },
            ViewKind::Front => ViewCamera {
                eye: centre - far * Vec3::Y,
                target: centre,
                up: Vec3::Z,
                ortho_height: fit(size.x, size.z),
            },
            ViewKind::Side => ViewCamera {
                eye: centre + far * Vec3::X,
                target: centre,
                up: Vec3::Z,
                ortho_height: fit(size.y, size.z),
            },
        }
    }

    /// World → clip space for a viewport of this aspect ratio (as macroquad's `Camera3D` computes it).
    #[must_use]
    pub fn matrix(&self, aspect: f32) -> Mat4 {
        let view = Mat4::look_at_rh(self.eye, self.target, self.up);
        match self.ortho_height {
            None => Mat4::perspective_rh_gl(FOV_DEG.to_radians(), aspect, Z_NEAR, Z_FAR) * view,
            Some(h) => {
                let (top, right) = (0.5 * h, 0.5 * h * aspect);
                Mat4::orthographic_rh_gl(-right, right, -top, top, Z_NEAR, Z_FAR) * view
            }
        }
    }

    /// A world point → a screen point in `rect` (logical pixels), if it is in front of the camera.
    #[must_use]
    pub fn project(&self, p: Vec3, rect: ScreenRect) -> Option<Vec2> {
        let clip = self.matrix(rect.w / rect.h.max(1.0)) * p.extend(1.0);
        if clip.w <= 1e-6 {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        Some(Vec2::new(rect.x + (ndc.x + 1.0) * 0.5 * rect.w, rect.y + (1.0 - ndc.y) * 0.5 * rect.h))
    }

    /// The ray through a screen point in `rect`: origin and unit direction.
    #[must_use]
    pub fn ray(&self, s: Vec2, rect: ScreenRect) -> (Vec3, Vec3) {
        let inv = self.matrix(rect.w / rect.h.max(1.0)).inverse();
        let nx = 2.0 * (s.x - rect.x) / rect.w.max(1.0) - 1.0;
        let ny = 1.0 - 2.0 * (s.y - rect.y) / rect.h.max(1.0);
        let unproject = |z: f32| {
            let v: Vec4 = inv * Vec4::new(nx, ny, z, 1.0);
            v.truncate() / v.w
        };
        let (a, b) = (unproject(-1.0), unproject(1.0));
        (a, (b - a).normalize_or_zero())
    }
}

/// Where a ray first meets a sphere (`t ≥ 0`), if it does.
#[must_use]
pub fn ray_sphere(origin: Vec3, dir: Vec3, centre: Vec3, r: f32) -> Option<f32> {
    let oc = origin - centre;
    let b = oc.dot(dir);
    let c = oc.length_squared() - r * r;
    let disc = b * b - c;
    if disc < 0.0 {
        return None;
    }
    let t = -b - disc.sqrt();
    let t = if t >= 0.0 { t } else { -b + disc.sqrt() };
    (t >= 0.0).then_some(t)
}

/// Where a ray meets a plane, if it does (not parallel, in front).
#[must_use]
pub fn ray_plane(origin: Vec3, dir: Vec3, point: Vec3, normal: Vec3) -> Option<Vec3> {
    let d = dir.dot(normal);
    if d.abs() < 1e-6 {
        return None;
    }
    let t = (point - origin).dot(normal) / d;
    (t >= 0.0).then(|| origin + t * dir)
}

/// The 3D view's pointer: press on the sphere (orbit view) to drag it in the plane facing the
/// camera, press elsewhere to orbit; the wheel zooms. `usable`: the point is on the canvas and not
/// over the panel.
pub fn pointer(t: &mut ThreeState, input: &super::Input, canvas: ScreenRect) {
    let views = layout(canvas, t.options.four);
    let orbit_rect = views[0].1;
    let usable = |p: Vec2| !input.pointer_over_ui && canvas.contains(p);
    if let Some(drag) = t.drag {
        if !input.down {
            t.drag = None;
            return;
        }
        let Some(p) = input.pointer else { return };
        match drag {
            Drag3::Orbit { last } => {
                let d = p - last;
                apply(t, ThreeCommand::Orbit(-d.x * ORBIT_DEG_PER_PX, d.y * ORBIT_DEG_PER_PX));
                t.drag = Some(Drag3::Orbit { last: p });
            }
            Drag3::Sphere { normal, offset, plane_point } => {
                let cam = ViewCamera::of(ViewKind::Orbit, t);
                let (o, dir) = cam.ray(p, orbit_rect);
                if let Some(hit) = ray_plane(o, dir, plane_point, normal) {
                    let c = hit + offset;
                    if let Ok(s) = Sphere::new(c.to_array(), t.options.sphere.radius()) {
                        t.options.sphere = s;
                    }
                }
            }
        }
        return;
    }
    let centre = Vec3::from(t.options.sphere.center());
    let on_sphere = |t: &ThreeState, p: Vec2| -> Option<Vec3> {
        if !orbit_rect.contains(p) {
            return None;
        }
        let cam = ViewCamera::of(ViewKind::Orbit, t);
        let (o, dir) = cam.ray(p, orbit_rect);
        ray_sphere(o, dir, centre, t.options.sphere.radius()).map(|s| o + s * dir)
    };
    t.hover = input.pointer.filter(|&p| usable(p)).and_then(|p| on_sphere(t, p)).is_some();
    if input.wheel != 0.0 && input.pointer.is_some_and(usable) {
        apply(t, ThreeCommand::Zoom(ZOOM_FACTOR.powf(-input.wheel.signum())));
    }
    if !input.pressed {
        return;
    }
    let Some(at) = input.press.or(input.pointer).filter(|&p| usable(p)) else { return };
    t.drag = Some(match on_sphere(t, at) {
        Some(hit) => {
            let cam = ViewCamera::of(ViewKind::Orbit, t);
            Drag3::Sphere { normal: (cam.eye - cam.target).normalize_or_zero(), offset: centre - hit, plane_point: hit }
        }
        None => Drag3::Orbit { last: input.pointer.unwrap_or(at) },
    });
    if !input.down {
        t.drag = None;
    }
}

/// What the core says about the 3D scene: everything the 3D canvas and the panel show.
#[derive(Clone, Debug)]
pub struct Analysis3 {
    pub contact: Contact<3>,
    pub response: Response<3>,
    /// The selected algorithm's verdict (Arvo's mode / as published as the teaching options say).
    pub verdict: bool,
    /// The exact answer: touching or overlapping.
    pub exact: bool,
    /// Every algorithm's 3D verdict, in registry order.
    pub verdicts: Vec<bool>,
    /// Distances from the centre to the faces, measured inwards.
    pub faces: [[f64; 2]; 3],
    /// The selected algorithm's traced run.
    pub trace: Trace<3>,
    /// The sweep by the scene's velocity, when it has one.
    pub sweep: Option<Sweep3>,
}

/// The sphere swept by a velocity against the box: the core's first touch and what a discrete test
/// at the end of the move would see.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep3 {
    pub start: [f32; 3],
    pub velocity: [f32; 3],
    /// The sweep's first touch, if any (`t ∈ [0, 1]`).
    pub hit: Option<Hit<3>>,
    /// Where a discrete test would look: `c + v`.
    pub end: [f32; 3],
    /// The exact overlap test at `c + v`: touching or overlapping.
    pub end_overlap: bool,
}

impl Sweep3 {
    /// Runs the core's sweep and the exact test at the end of the move.
    #[must_use]
    pub fn of(sphere: &Sphere, velocity: [f32; 3], aabb: &Box3) -> Sweep3 {
        let c = sphere.center();
        let end = [c[0] + velocity[0], c[1] + velocity[1], c[2] + velocity[2]];
        let end_overlap = Sphere::new(end, sphere.radius()).is_ok_and(|e| contact(&e, aabb).state.is_overlap());
        Sweep3 { start: c, velocity, hit: sweep(sphere, velocity, aabb), end, end_overlap }
    }

    /// The sweep hit (after the start) but the exact test at `c + v` says separated: a frame-by-frame
    /// overlap test would have missed the collision.
    #[must_use]
    pub fn tunnelled(&self) -> bool {
        self.hit.is_some_and(|h| !h.initial) && !self.end_overlap
    }
}

impl Analysis3 {
    /// Runs the core on the 3D scene, with the selected algorithm tested as the teaching options say.
    #[must_use]
    pub fn of(sphere: &Sphere, aabb: &Box3, algorithm: usize, as_published: bool, arvo: ArvoMode) -> Analysis3 {
        let i = algorithm.min(ALGORITHMS.len() - 1);
        let contact = contact(sphere, aabb);
        let verdicts: Vec<bool> = ALGORITHMS.iter().map(|a| (a.overlap_3d)(sphere, aabb)).collect();
        Analysis3 {
            contact,
            response: response(sphere, aabb),
            verdict: tested3(i, as_published, arvo)(sphere, aabb),
            exact: contact.state.is_overlap(),
            verdicts,
            faces: face_distances(&sphere.center(), aabb),
            trace: (ALGORITHMS[i].trace_3d)(sphere, aabb),
            sweep: None,
        }
    }

    /// Does the selected algorithm disagree with the exact answer?
    #[must_use]
    pub fn wrong(&self) -> bool {
        self.verdict != self.exact
    }
}

/// The selected algorithm's 3D test as the teaching options say (Arvo's mode when Arvo is selected,
/// else the published variant when asked for and one exists, else the plain test).
pub fn tested3(algorithm: usize, as_published: bool, arvo: ArvoMode) -> impl Fn(&Sphere, &Box3) -> bool {
    let a = &ALGORITHMS[algorithm.min(ALGORITHMS.len() - 1)];
    let mode = uses_arvo_mode(algorithm, arvo).then_some(arvo);
    move |s: &Sphere, b: &Box3| match mode {
        Some(m) => overlap_mode(s, b, m),
        None if as_published => a.as_published_3d.unwrap_or(a.overlap_3d)(s, b),
        None => (a.overlap_3d)(s, b),
    }
}

/// The digits of region `zone = x + 3y + 9z`: per axis 0 below the box, 1 within, 2 above.
#[must_use]
pub fn region_sides(zone: u32) -> [u32; 3] {
    [zone % 3, (zone / 3) % 3, (zone / 9) % 3]
}

/// The kind of region `zone = x + 3y + 9z` is: how many axes the centre is outside the box on.
#[must_use]
pub fn region_kind(zone: u32) -> &'static str {
    let outside = region_sides(zone).iter().filter(|&&s| s != 1).count();
    match outside {
        0 => "inside",
        1 => "face",
        2 => "edge",
        _ => "corner",
    }
}

/// A region's name, e.g. `edge (+x, +y)`, `face (−z)`, `inside`.
#[must_use]
pub fn region_name(zone: u32) -> String {
    let sides: Vec<&str> = (region_sides(zone).into_iter().enumerate())
        .filter_map(|(i, s)| match s {
            0 => Some(["−x", "−y", "−z"][i]),
            2 => Some(["+x", "+y", "+z"][i]),
            _ => None,
        })
        .collect();
    if sides.is_empty() {
        "inside".to_string()
    } else {
        format!("{} ({})", region_kind(zone), sides.join(", "))
    }
}

/// The slice plane's picture, in the plane through the centre perpendicular to `axis`: the
/// agreement map of the selected 3D test (the same map as the 2D overlay, computed by the same
/// [`agreement_map`](crate::teach::agreement::agreement_map), each cell a sphere centred there), the
/// distance field (the 2D overlay's colours, [`field_image`](crate::teach::field::field_image), of the
/// 3D signed distance) or the zones (the 27 regions, [`zone_tint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SliceImage {
    /// The axis the plane is perpendicular to, and where it cuts it (the centre's coordinate).
    pub axis: usize,
    pub at: f32,
    /// The plane's two axes, in order: the grid's x and y.
    pub plane_axes: [usize; 2],
    /// What it shows.
    pub picture: SlicePicture,
    pub spec: crate::teach::GridSpec,
    /// RGBA, top row first (ready to upload).
    pub rgba: Vec<u8>,
    /// Cells per class, indexed like [`Class::ALL`](crate::teach::agreement::Class::ALL) (the
    /// agreement map; all zero for the other pictures).
    pub counts: [usize; 5],
}

/// A zone's tint in the slice's zones picture: inside orange, faces blue, edges teal, corners
/// violet; the centre's own region (`current`) in the 3D view's region yellow, stronger.
#[must_use]
pub fn zone_tint(zone: u32, current: u32) -> [u8; 4] {
    if zone == current {
        return [250, 210, 70, 150];
    }
    match region_kind(zone) {
        "inside" => [230, 140, 60, 95],
        "face" => [70, 130, 220, 80],
        "edge" => [60, 180, 170, 80],
        _ => [160, 100, 220, 80],
    }
}

/// The two axes of the plane perpendicular to `axis`.
#[must_use]
pub fn plane_axes(axis: usize) -> [usize; 2] {
    match axis {
        0 => [1, 2],
        1 => [0, 2],
        _ => [0, 1],
    }
}

/// The slice picture for the scene, when a slice is on: at most `max_cells` cells.
#[must_use]
pub fn slice_image(
    t: &ThreeOptions,
    algorithm: usize,
    as_published: bool,
    arvo: ArvoMode,
    max_cells: usize,
) -> Option<SliceImage> {
    use crate::geom::{Circle, Rect};
    use crate::teach::agreement::{agreement_map, Reference};
    let axis = t.slice?.min(2);
    let [u, v] = plane_axes(axis);
    let (c, r) = (t.sphere.center(), t.sphere.radius());
    let (lo, hi) = (t.aabb.min(), t.aabb.max());
    let margin = 1.15 * r + 0.1 * (hi[u] - lo[u]).max(hi[v] - lo[v]).max(0.5);
    let (glo, ghi) = ([lo[u] - margin, lo[v] - margin], [hi[u] + margin, hi[v] + margin]);
    let step = (ghi[0] - glo[0]).max(ghi[1] - glo[1]) / 200.0;
    let spec = crate::teach::GridSpec::covering(glo, ghi, step, max_cells)?;
    let rect = Rect::new([lo[u], lo[v]], [hi[u], hi[v]]).ok()?;
    let at = c[axis];
    // The sphere's circle in this plane, as seen by the plane's part of the box: r shrinks by the
    // distance to the box along the cut axis (zero when the plane crosses the box).
    let dw = (at - at.clamp(lo[axis], hi[axis])).abs();
    let r_eff = (r * r - dw * dw).max(0.0).sqrt();
    let picture = t.slice_picture;
    let image =
        |rgba: Vec<u8>, counts: [usize; 5]| SliceImage { axis, at, plane_axes: [u, v], picture, spec, rgba, counts };
    // The point of the plane under a grid cell's centre, in 3D.
    let point = |p: [f32; 2]| {
        let mut q = [0.0f32; 3];
        q[axis] = at;
        q[u] = p[0];
        q[v] = p[1];
        q
    };
    // Row-major, row 0 at the bottom, as the 2D overlay's grids; images are top row first.
    let rows_top_first = || (0..spec.rows).rev().flat_map(move |row| (0..spec.cols).map(move |col| (col, row)));
    match picture {
        SlicePicture::Agreement => {
            let test3 = tested3(algorithm, as_published, arvo);
            let lift = |p: [f32; 2]| Sphere::new(point(p), r).ok();
            let test = |circle: &Circle, _: &Rect| lift(circle.center()).is_some_and(|s| test3(&s, &t.aabb));
            let exact = |circle: &Circle, _: &Rect| {
                lift(circle.center()).is_some_and(|s| contact(&s, &t.aabb).state.is_overlap())
            };
            let map = agreement_map(&rect, r_eff, spec, &test, Reference::Other(&exact));
            Some(image(map.to_rgba(), map.counts))
        }
        SlicePicture::Distance => {
            use crate::teach::field::{field_image, FieldStyle};
            let d: Vec<f32> = (0..spec.rows)
                .flat_map(|row| (0..spec.cols).map(move |col| (col, row)))
                .map(|(col, row)| crate::geom::signed_distance_f64(&point(spec.center(col, row)), &t.aabb) as f32)
                .collect();
            let spacing = crate::app::overlay::nice_spacing(&rect);
            let style = FieldStyle { spacing, radius: r, line: 0.75 * spec.step };
            Some(image(field_image(&d, spec, &style), [0; 5]))
        }
        SlicePicture::Zones => {
            let current = crate::geom::zone_of(&c, &t.aabb);
            let rgba = rows_top_first()
                .flat_map(|(col, row)| zone_tint(crate::geom::zone_of(&point(spec.center(col, row)), &t.aabb), current))
                .collect();
            Some(image(rgba, [0; 5]))
        }
    }
}

/// The face-plane test's counter-example (seed post 004's erratum): box [−1, 1]³, r = 1, centre
/// (1.65, 1.65, 1.65): 1.126 from the box, and `planes` says they intersect.
pub const PLANES_COUNTER_EXAMPLE: &str =
    "algorithm=planes&view=3d&sphere=1.65,1.65,1.65,1&box3=-1,-1,-1,1,1,1&grown=both";

#[cfg(test)]
#[path = "three_tests.rs"]
mod tests;
