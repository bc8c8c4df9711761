//! The quiz ("predict, then reveal") as plain data: the questions drawn from a seed, the answer
//! given, the score and the streak. Nothing here draws or reads the window; the canvas, the panel
//! and the status line read [`QuizState`] and the texts below, and `update` changes it only through
//! [`QuizCommand`]s made from plain key and pointer values ([`key_command`], [`click_command`]).
//!
//! A question is drawn near a decision that matters, from `SplitMix64::stream(seed, number)`
//! (integer arithmetic and exact `f32` sums and products of multiples of 1/16: the same scene on
//! the desktop and in the browser, no clock), and its answer comes from the geometry core at once
//! (the exact contact and zone, the registry's tests as published, the sweep), never from a table:
//!
//! | kind | the scene | answered by |
//! |---|---|---|
//! | [`Kind::Zone`] | the centre within a fraction of r of a zone boundary | keys `0`–`8`, or a click in the zone |
//! | [`Kind::Overlap`] | the centre within 0.4 r of the rounded box's outline (sometimes exactly on it) | `Y` / `N` |
//! | [`Kind::Wrong`] | in the face-plane test's ears, on an exact tangency, or just inside the outline | keys `1`–`4`: one of four registry tests |
//! | [`Kind::Touch`] | a circle thrown at the box, often grazing a corner | a click on the box's outline, or the arrows and Enter |
//!
//! While a question is open the texts here say the scene and the question, never the answer (the
//! tests check that the zone, the state and the verdicts appear in none of them).

use super::view::ScreenRect;
use crate::bench::rng::SplitMix64;
use crate::geom::{algo::ALGORITHMS, contact::contact, sweep, Circle, Rect};

/// The question kinds, in the order a set of questions goes through them (each set shuffles it).
pub const KINDS: [Kind; 4] = [Kind::Zone, Kind::Overlap, Kind::Wrong, Kind::Touch];

/// How many tests a [`Kind::Wrong`] question offers (exactly one of them wrong).
pub const CANDIDATES: usize = 4;

/// How far (world units) a [`Kind::Touch`] answer may be from the sweep's contact point and count.
pub const TOUCH_TOLERANCE: f32 = 0.3;

/// How far one arrow key moves the [`Kind::Touch`] cursor (world units).
pub const CURSOR_STEP: f32 = 0.125;

/// The largest question number the scene text accepts (`quiz=SEED:N`).
pub const MAX_QUESTION: u32 = 100_000;

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Which zone holds the centre?
    Zone,
    /// Do the circle and the box overlap (touching counts)?
    Overlap,
    /// Every test as its source prints it: which one of these is wrong here?
    Wrong,
    /// Where does the moving circle first touch the box?
    Touch,
}

impl Kind {
    /// A short name for the panel and the tests.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Zone => "zone",
            Kind::Overlap => "overlap",
            Kind::Wrong => "wrong test",
            Kind::Touch => "first touch",
        }
    }
}

/// A quiz's place in the scene text: `quiz=SEED` (question 1) or `quiz=SEED:N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuizKey {
    pub seed: u64,
    /// Counted from 0 (the text counts from 1).
    pub question: u32,
}

impl QuizKey {
    /// `SEED` or `SEED:N`, as the scene text writes it.
    #[must_use]
    pub fn to_text(self) -> String {
        if self.question == 0 {
            self.seed.to_string()
        } else {
            format!("{}:{}", self.seed, self.question + 1)
        }
    }

    /// `SEED` or `SEED:N` (N from 1 to [`MAX_QUESTION`]); `off` or `none` is no quiz. The error
    /// message says what is wrong; the caller names the field.
    pub fn parse(text: &str) -> Result<Option<QuizKey>, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("off") || t.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        let (seed, n) = t.split_once(':').unwrap_or((t, "1"));
        let seed = seed
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("{t:?}: the seed {seed:?} is not a whole number 0..=18446744073709551615"))?;
        let n = n
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_QUESTION).contains(n))
            .ok_or_else(|| format!("{t:?}: the question {n:?} is not 1..={MAX_QUESTION} (SEED or SEED:N)"))?;
        Ok(Some(QuizKey { seed, question: n - 1 }))
    }
}

/// The right answer, as the core gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Truth {
    /// The centre's zone, `x + 3y`.
    Zone(u32),
    /// Overlapping or touching (`true`), or separated.
    Overlap(bool),
    /// The slot (0-based) among the question's candidates of the one test that is wrong.
    Wrong(usize),
    /// Where on the box the moving circle first touches it (the sweep's contact point).
    Touch([f32; 2]),
}

/// An answer given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Guess {
    Zone(u32),
    Overlap(bool),
    /// A candidate's slot (0-based).
    Pick(usize),
    /// A point (world units); it counts where it falls on the box's outline.
    Point([f32; 2]),
}

/// One question: its scene and its answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Question {
    pub kind: Kind,
    pub circle: Circle,
    pub aabb: Rect,
    /// The circle's move ([`Kind::Touch`]; zero otherwise).
    pub velocity: [f32; 2],
    /// The registry indices offered ([`Kind::Wrong`]), in registry order.
    pub candidates: [usize; CANDIDATES],
    pub truth: Truth,
}

/// Where a question stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// The question is open: nothing on screen tells the answer.
    Asking,
    /// Answered: the answer shown, with the picture that explains it.
    Revealed { guess: Guess, right: bool },
}

/// What the quiz asks for (from its keys, a click or the panel).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum QuizCommand {
    /// Start a quiz (question 1 of the next seed) or leave it: key `U`.
    Toggle,
    /// Answer the open question.
    Answer(Guess),
    /// Move the [`Kind::Touch`] cursor by this world vector.
    MoveCursor([f32; 2]),
    /// Answer a [`Kind::Touch`] question at the cursor.
    AnswerAtCursor,
    /// The next question (once this one is answered).
    Next,
    /// A new set of questions: the next seed, from question 1, the score reset.
    NewSet,
}

/// The quiz's part of the state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuizState {
    pub seed: u64,
    /// The question's number, from 0.
    pub number: u32,
    pub question: Question,
    pub phase: Phase,
    /// Questions answered right, and answered in all.
    pub score: u32,
    pub answered: u32,
    /// Right answers in a row, and the longest such run.
    pub streak: u32,
    pub best_streak: u32,
    /// The [`Kind::Touch`] cursor (world units): starts at the box's centre.
    pub cursor: [f32; 2],
}

impl QuizState {
    /// A quiz at the question `key` names, with no score yet.
    #[must_use]
    pub fn new(key: QuizKey) -> QuizState {
        let question = generate(key.seed, key.question);
        QuizState {
            seed: key.seed,
            number: key.question,
            question,
            phase: Phase::Asking,
            score: 0,
            answered: 0,
            streak: 0,
            best_streak: 0,
            cursor: box_centre(&question.aabb),
        }
    }

    /// Where this quiz is, as scene text.
    #[must_use]
    pub fn key(&self) -> QuizKey {
        QuizKey { seed: self.seed, question: self.number }
    }

    /// Is a question open?
    #[must_use]
    pub fn asking(&self) -> bool {
        self.phase == Phase::Asking
    }

    /// Answers the open question: scores it and reveals the answer. Returns whether it was taken
    /// (an answered question, or a guess of another kind, changes nothing).
    pub fn answer(&mut self, guess: Guess) -> bool {
        if !self.asking() {
            return false;
        }
        let Some(right) = judge(&self.question, guess) else { return false };
        self.answered += 1;
        if right {
            self.score += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        if let Guess::Point(p) = guess {
            self.cursor = p;
        }
        self.phase = Phase::Revealed { guess, right };
        true
    }

    /// Goes on to the next question (only once this one is answered). Returns whether it did.
    pub fn advance(&mut self) -> bool {
        if self.asking() || self.number >= MAX_QUESTION - 1 {
            return false;
        }
        self.number += 1;
        self.question = generate(self.seed, self.number);
        self.phase = Phase::Asking;
        self.cursor = box_centre(&self.question.aabb);
        true
    }
}

/// Is `guess` right for `q`? `None` when it is not an answer to this kind of question.
#[must_use]
pub fn judge(q: &Question, guess: Guess) -> Option<bool> {
    Some(match (q.truth, guess) {
        (Truth::Zone(z), Guess::Zone(g)) if g < 9 => z == g,
        (Truth::Zone(z), Guess::Point(p)) => z == point_zone(p, &q.aabb),
        (Truth::Overlap(o), Guess::Overlap(g)) => o == g,
        (Truth::Wrong(w), Guess::Pick(g)) if g < CANDIDATES => w == g,
        (Truth::Touch(t), Guess::Point(p)) => {
            let s = on_outline(p, &q.aabb);
            let (dx, dy) = (s[0] - t[0], s[1] - t[1]);
            dx * dx + dy * dy <= TOUCH_TOLERANCE * TOUCH_TOLERANCE
        }
        _ => return None,
    })
}

/// The zone of a point (a radius-0 circle's, from the core).
#[must_use]
pub fn point_zone(p: [f32; 2], aabb: &Rect) -> u32 {
    Circle::new(p, 0.0).map_or(4, |c| contact(&c, aabb).zone)
}

/// The point of the box's outline nearest to `p`: the clamp outside the box (the core's closest
/// point), the nearest face inside it.
#[must_use]
pub fn on_outline(p: [f32; 2], aabb: &Rect) -> [f32; 2] {
    let Ok(c) = Circle::new(p, 0.0) else { return aabb.min() };
    let k = contact(&c, aabb);
    if k.distance > 0.0 {
        return k.closest;
    }
    let (lo, hi) = (aabb.min(), aabb.max());
    let gaps = [p[0] - lo[0], hi[0] - p[0], p[1] - lo[1], hi[1] - p[1]];
    let i = (0..4).fold(0, |b, i| if gaps[i] < gaps[b] { i } else { b });
    match i {
        0 => [lo[0], p[1]],
        1 => [hi[0], p[1]],
        2 => [p[0], lo[1]],
        _ => [p[0], hi[1]],
    }
}

fn box_centre(aabb: &Rect) -> [f32; 2] {
    let (lo, hi) = (aabb.min(), aabb.max());
    [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1])]
}

// ---------------------------------------------------------------------------------------------
// Drawing the questions.

/// The kind of question `number` of `seed`: each seed shuffles [`KINDS`] once and goes round it.
#[must_use]
pub fn kind_of(seed: u64, number: u32) -> Kind {
    let mut rng = SplitMix64::new(seed ^ 0x5155_495A);
    let mut order = KINDS;
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    order[number as usize % order.len()]
}

/// Question `number` of `seed`: the scene and its answer from the core.
#[must_use]
pub fn generate(seed: u64, number: u32) -> Question {
    let mut rng = SplitMix64::stream(seed, number as u64);
    let kind = kind_of(seed, number);
    // A few draws are refused (a throw that misses, no single wrong test): the next draw then.
    for _ in 0..64 {
        if let Some(q) = draw(kind, &mut rng) {
            return q;
        }
    }
    fallback(kind)
}

/// `lo + k·step` for a uniform `k` with the result in `[lo, hi]`.
fn grid(rng: &mut SplitMix64, lo: f32, hi: f32, step: f32) -> f32 {
    let n = ((hi - lo) / step) as u64;
    lo + step * rng.below(n + 1) as f32
}

/// An odd multiple of 1/16 in `(0, hi]` (never 0: a centre never sits on a zone boundary).
fn odd_sixteenth(rng: &mut SplitMix64, hi: f32) -> f32 {
    let n = ((hi * 16.0 + 1.0) / 2.0).max(1.0) as u64;
    (2 * rng.below(n) + 1) as f32 / 16.0
}

/// A box and a radius on the 1/8 grid.
fn draw_box(rng: &mut SplitMix64) -> (Rect, f32) {
    let x = grid(rng, -3.0, -1.0, 0.125);
    let y = grid(rng, -2.0, -0.75, 0.125);
    let w = grid(rng, 2.5, 5.0, 0.25);
    let h = grid(rng, 1.5, 3.5, 0.25);
    let r = grid(rng, 0.5, 1.5, 0.125);
    (Rect::new([x, y], [x + w, y + h]).unwrap_or_else(|_| fallback_box()), r)
}

fn fallback_box() -> Rect {
    Rect::new([-2.0, -1.0], [2.0, 1.5]).expect("valid box")
}

/// A sign: -1 or 1.
fn sign(rng: &mut SplitMix64) -> f32 {
    if rng.below(2) == 0 {
        -1.0
    } else {
        1.0
    }
}

/// A centre about `d` from the box, by the feature the draw picks: a face (its zone's axis) or a
/// corner (both), `(ax, ay)`: per axis -1 below, 0 within, 1 above. For a corner the offsets are
/// `(a, √(d² − a²))` rounded to 1/16.
fn centre_near(rng: &mut SplitMix64, aabb: &Rect, d: f32) -> [f32; 2] {
    let (lo, hi) = (aabb.min(), aabb.max());
    let zone = loop {
        let z = rng.below(9) as i32;
        if z != 4 {
            break z;
        }
    };
    let (ax, ay) = (zone % 3 - 1, zone / 3 - 1);
    let along = |rng: &mut SplitMix64, a: f32, b: f32| a + odd_sixteenth(rng, b - a - 0.0625).min(b - a);
    let side = |v: i32, lo: f32, hi: f32, off: f32| if v < 0 { lo - off } else { hi + off };
    let round = |x: f32| (x * 16.0).round() / 16.0;
    match (ax, ay) {
        (0, v) => [along(rng, lo[0], hi[0]), side(v, lo[1], hi[1], d)],
        (v, 0) => [side(v, lo[0], hi[0], d), along(rng, lo[1], hi[1])],
        (vx, vy) => {
            let a = round(grid(rng, 0.0, d, 0.0625));
            let b = round((d * d - a * a).max(0.0).sqrt());
            let (a, b) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            [side(vx, lo[0], hi[0], a), side(vy, lo[1], hi[1], b)]
        }
    }
}

fn draw(kind: Kind, rng: &mut SplitMix64) -> Option<Question> {
    let (aabb, r) = draw_box(rng);
    let (lo, hi) = (aabb.min(), aabb.max());
    let mut q = Question {
        kind,
        circle: Circle::new([0.0, 0.0], r).ok()?,
        aabb,
        velocity: [0.0, 0.0],
        candidates: [0; CANDIDATES],
        truth: Truth::Zone(0),
    };
    match kind {
        Kind::Zone => {
            // A zone, and the centre within 0.6 r of one of its boundaries (never on one).
            let z = rng.below(9) as i32;
            let near = 0.6 * r;
            let mut c = [0.0; 2];
            for (axis, v) in [(0, z % 3), (1, z / 3)] {
                let (a, b) = (lo[axis], hi[axis]);
                let off = odd_sixteenth(rng, near);
                c[axis] = match v {
                    0 => a - off,
                    2 => b + off,
                    _ if rng.below(2) == 0 => a + odd_sixteenth(rng, near.min(0.5 * (b - a))),
                    _ => b - odd_sixteenth(rng, near.min(0.5 * (b - a))),
                };
            }
            q.circle = Circle::new(c, r).ok()?;
            q.truth = Truth::Zone(contact(&q.circle, &aabb).zone);
        }
        Kind::Overlap => {
            // Within 0.4 r of the rounded outline, one in six exactly on it.
            let delta = if rng.below(6) == 0 { 0.0 } else { sign(rng) * grid(rng, 0.0625, 0.4 * r, 0.0625) };
            let c = centre_near(rng, &aabb, r + delta);
            q.circle = Circle::new(c, r).ok()?;
            q.truth = Truth::Overlap(contact(&q.circle, &aabb).state.is_overlap());
        }
        Kind::Wrong => {
            let c = match rng.below(3) {
                // The ears: beyond a corner on both axes by less than r, yet farther than r.
                0 => {
                    let (a, b) = (grid(rng, 0.25 * r, r, 0.0625), grid(rng, 0.25 * r, r, 0.0625));
                    if a * a + b * b <= r * r || a >= r || b >= r {
                        return None;
                    }
                    [
                        if rng.below(2) == 0 { lo[0] - a } else { hi[0] + a },
                        if rng.below(2) == 0 { lo[1] - b } else { hi[1] + b },
                    ]
                }
                // Exactly touching: a face at r, or a corner at a 3-4-5 offset.
                1 => {
                    if rng.below(2) == 0 {
                        centre_near(rng, &aabb, r)
                    } else {
                        let k = grid(rng, 0.125, 0.25, 0.0625);
                        q.circle = Circle::new([0.0, 0.0], 5.0 * k).ok()?;
                        let (a, b) = if rng.below(2) == 0 { (3.0 * k, 4.0 * k) } else { (4.0 * k, 3.0 * k) };
                        [
                            if rng.below(2) == 0 { lo[0] - a } else { hi[0] + a },
                            if rng.below(2) == 0 { lo[1] - b } else { hi[1] + b },
                        ]
                    }
                }
                // Just inside the outline.
                _ => {
                    let d = r - grid(rng, 0.0625, 0.4 * r, 0.0625);
                    centre_near(rng, &aabb, d)
                }
            };
            q.circle = Circle::new(c, q.circle.radius()).ok()?;
            let exact = contact(&q.circle, &aabb).state.is_overlap();
            let (wrong, right): (Vec<usize>, Vec<usize>) =
                (0..ALGORITHMS.len()).partition(|&i| ALGORITHMS[i].published_2d(&q.circle, &aabb) != exact);
            if wrong.is_empty() || right.len() < CANDIDATES - 1 {
                return None;
            }
            let answer = wrong[rng.below(wrong.len() as u64) as usize];
            let mut pool = right;
            let mut picked = vec![answer];
            for _ in 1..CANDIDATES {
                picked.push(pool.remove(rng.below(pool.len() as u64) as usize));
            }
            picked.sort_unstable();
            q.candidates.copy_from_slice(&picked);
            q.truth = Truth::Wrong(picked.iter().position(|&i| i == answer)?);
        }
        Kind::Touch => {
            // Aim at a centre on the rounded outline (a corner's arc in a third of the throws:
            // grazing), from 1.5 to 4 away, moving 1.25 to 2 times the way there.
            let aim = centre_near(rng, &aabb, r);
            let out = [grid(rng, 1.5, 4.0, 0.125), grid(rng, -2.0, 2.0, 0.125)];
            let (lo_c, hi_c) = (box_centre(&aabb), aim);
            // Away from the box along the aim's side: the larger axis of (aim - centre) leads.
            let (dx, dy) = (hi_c[0] - lo_c[0], hi_c[1] - lo_c[1]);
            let lead = if dx.abs() * (hi[1] - lo[1]) >= dy.abs() * (hi[0] - lo[0]) { 0 } else { 1 };
            let mut u = [0.0; 2];
            u[lead] = out[0] * if [dx, dy][lead] < 0.0 { -1.0 } else { 1.0 };
            u[1 - lead] = out[1];
            let start = [aim[0] + u[0], aim[1] + u[1]];
            let m = [1.25, 1.5, 2.0][rng.below(3) as usize];
            q.circle = Circle::new(start, r).ok()?;
            q.velocity = [-u[0] * m, -u[1] * m];
            if contact(&q.circle, &aabb).state.is_overlap() {
                return None;
            }
            let hit = sweep(&q.circle, q.velocity, &aabb)?;
            if hit.initial {
                return None;
            }
            q.truth = Truth::Touch(hit.point);
        }
    }
    Some(q)
}

/// A question of `kind` that never fails to draw (should 64 draws in a row be refused).
fn fallback(kind: Kind) -> Question {
    let aabb = fallback_box();
    let circle = Circle::new([3.0625, 0.4375], 1.0).expect("valid circle");
    let mut q = Question { kind, circle, aabb, velocity: [0.0, 0.0], candidates: [0, 1, 2, 3], truth: Truth::Zone(5) };
    match kind {
        Kind::Zone => {}
        Kind::Overlap => q.truth = Truth::Overlap(false),
        Kind::Wrong | Kind::Touch => {
            q.kind = Kind::Overlap;
            q.truth = Truth::Overlap(false);
        }
    }
    q
}

// ---------------------------------------------------------------------------------------------
// What the quiz says: the canvas, the panel and the status line read these.

/// A number as the scene holds it: every digit (the quiz's numbers are multiples of 1/16, so a
/// reader can compute with them exactly).
fn exact(x: f32) -> String {
    if x == 0.0 {
        "0".to_string()
    } else {
        format!("{x}")
    }
}

fn point(p: [f32; 2]) -> String {
    format!("({}, {})", exact(p[0]), exact(p[1]))
}

/// The scene in words, with every number exact.
#[must_use]
pub fn scene_words(q: &Question) -> String {
    let c = &q.circle;
    let mut s = format!(
        "Circle centre {}, radius {}; box {} to {}.",
        point(c.center()),
        exact(c.radius()),
        point(q.aabb.min()),
        point(q.aabb.max())
    );
    if q.kind == Kind::Touch {
        s.push_str(&format!(" Velocity {}.", point(q.velocity)));
    }
    s
}

/// The question itself, one sentence.
#[must_use]
pub fn question_words(q: &Question) -> String {
    match q.kind {
        Kind::Zone => "Which zone holds the centre?".to_string(),
        Kind::Overlap => "Do the circle and the box overlap (a mere touch counts as yes)?".to_string(),
        Kind::Wrong => format!("Every test as its source prints it: which one is wrong here? {}", candidates_words(q)),
        Kind::Touch => "Where does the moving circle first touch the box?".to_string(),
    }
}

/// "1 Arvo (…), 2 …": the candidates with their keys.
#[must_use]
pub fn candidates_words(q: &Question) -> String {
    let names: Vec<String> = q
        .candidates
        .iter()
        .enumerate()
        .map(|(k, &i)| format!("{} {} ({})", k + 1, plain_name(i), ALGORITHMS[i].id))
        .collect();
    names.join(", ") + "."
}

/// A registry test's name without the "(flawed)" its name carries where it is always wrong
/// somewhere: in a question, that would be a hint.
#[must_use]
pub fn plain_name(i: usize) -> &'static str {
    ALGORITHMS[i].name.trim_end_matches(" (flawed)")
}

/// How to answer, by key.
#[must_use]
pub fn keys_words(quiz: &QuizState) -> String {
    match quiz.question.kind {
        Kind::Zone => "Keys 0 to 8: the zone's number (or click the zone).".to_string(),
        Kind::Overlap => "Y: yes, N: no.".to_string(),
        Kind::Wrong => format!("Keys 1 to {CANDIDATES}: the test."),
        Kind::Touch => format!(
            "Click the box's outline, or move the cursor with the arrow keys (now at {}) and press Enter.",
            point(quiz.cursor)
        ),
    }
}

/// "Score 3 of 4, streak 2 (best 3)."
#[must_use]
pub fn score_words(quiz: &QuizState) -> String {
    format!("Score {} of {}, streak {} (best {}).", quiz.score, quiz.answered, quiz.streak, quiz.best_streak)
}

/// The answer, said: "the centre is in zone 5", "they overlap", "Fold (fold) is wrong", "it first
/// touches the box at (2, 0.5)".
#[must_use]
pub fn truth_words(q: &Question) -> String {
    match q.truth {
        Truth::Zone(z) => format!("the centre is in zone {z}"),
        Truth::Overlap(true) => "they overlap (or touch)".to_string(),
        Truth::Overlap(false) => "they are separated".to_string(),
        Truth::Wrong(k) => {
            let a = &ALGORITHMS[q.candidates[k]];
            format!("{} {} ({}) is wrong, as published", k + 1, a.name, a.id)
        }
        Truth::Touch(p) => format!("it first touches the box at {}", point(p)),
    }
}

/// The guess, said: "you said zone 4", "you said no", "you picked 2", "you chose (1.5, 1.5)".
#[must_use]
pub fn guess_words(q: &Question, g: Guess) -> String {
    match g {
        Guess::Zone(z) => format!("you said zone {z}"),
        Guess::Overlap(true) => "you said yes".to_string(),
        Guess::Overlap(false) => "you said no".to_string(),
        Guess::Pick(k) => format!("you picked {}", k + 1),
        Guess::Point(p) if q.kind == Kind::Touch => format!("you chose {}", point(on_outline(p, &q.aabb))),
        Guess::Point(p) => format!("you chose zone {}", point_zone(p, &q.aabb)),
    }
}

/// The heading: "Quiz 7, question 3 (zone)".
#[must_use]
pub fn heading(quiz: &QuizState) -> String {
    format!("Quiz {}, question {} ({})", quiz.seed, quiz.number + 1, quiz.question.kind.as_str())
}

/// The status line's text for the quiz: while asking, the question, the scene and the keys; once
/// answered, right or wrong and the answer. The score and the streak in both.
#[must_use]
pub fn status_words(quiz: &QuizState) -> String {
    let q = &quiz.question;
    match quiz.phase {
        Phase::Asking => format!(
            "{}: {} {} {} {}",
            heading(quiz),
            question_words(q),
            scene_words(q),
            keys_words(quiz),
            score_words(quiz)
        ),
        Phase::Revealed { guess, right } => format!(
            "{}: {}: {}, and {}. {} Enter or N: next question.",
            heading(quiz),
            if right { "Right" } else { "Wrong" },
            guess_words(q, guess),
            truth_words(q),
            score_words(quiz)
        ),
    }
}

/// The lines the canvas shows over the scene: the heading with the score, the question, how to
/// answer (or the result and what next).
#[must_use]
pub fn canvas_lines(quiz: &QuizState) -> Vec<String> {
    let q = &quiz.question;
    let head = format!("{}   score {}/{}   streak {}", heading(quiz), quiz.score, quiz.answered, quiz.streak);
    match quiz.phase {
        Phase::Asking => {
            let mut v = vec![head, question_words(q)];
            v.push(match q.kind {
                Kind::Zone => "0-8: the zone (or click it)".to_string(),
                Kind::Overlap => "Y: yes    N: no".to_string(),
                Kind::Wrong => format!("1-{CANDIDATES}: the test"),
                Kind::Touch => "click the outline, or arrows + Enter".to_string(),
            });
            v
        }
        Phase::Revealed { right, .. } => vec![
            head,
            format!("{}: {}", if right { "RIGHT" } else { "WRONG" }, truth_words(q)),
            "Enter / N: next question    U: leave the quiz".to_string(),
        ],
    }
}

/// The height of the quiz's plate across the top of the canvas (screen px), for a canvas and a text
/// scale factor (key Z): three lines of 18, 24 and 16 px type at the canvas's scale (as the renderer's
/// `Sizes`), with their gaps. The view is fitted below it, so the plate never covers the scene.
#[must_use]
pub fn plate_height(canvas: ScreenRect, text: f32) -> f32 {
    let scale = (canvas.w.min(canvas.h) / 720.0).clamp(0.85, 2.4);
    (58.0 * 1.3 * text + 44.0) * scale
}

/// The canvas below the quiz's plate (the whole canvas when the plate would take half of it).
#[must_use]
pub fn below_plate(canvas: ScreenRect, text: f32) -> ScreenRect {
    let h = plate_height(canvas, text);
    if h >= 0.5 * canvas.h {
        return canvas;
    }
    ScreenRect { y: canvas.y + h, h: canvas.h - h, ..canvas }
}

/// The command a key stands for in the quiz (`shift`: Shift is held); `None`: the key means
/// nothing here (the caller lets only `U`, `H`, `Z` and `F` through).
#[must_use]
pub fn key_command(quiz: &QuizState, key: super::input::Key) -> Option<QuizCommand> {
    use super::input::Key;
    let q = &quiz.question;
    if !quiz.asking() {
        return matches!(key, Key::Enter | Key::N | Key::Space).then_some(QuizCommand::Next);
    }
    let step = CURSOR_STEP;
    Some(match (q.kind, key) {
        (Kind::Zone, Key::Digit(d)) if d <= 8 => QuizCommand::Answer(Guess::Zone(u32::from(d))),
        (Kind::Overlap, Key::Y) => QuizCommand::Answer(Guess::Overlap(true)),
        (Kind::Overlap, Key::N) => QuizCommand::Answer(Guess::Overlap(false)),
        (Kind::Wrong, Key::Digit(d)) if (1..=CANDIDATES as u8).contains(&d) => {
            QuizCommand::Answer(Guess::Pick(usize::from(d) - 1))
        }
        (Kind::Touch, Key::Left) => QuizCommand::MoveCursor([-step, 0.0]),
        (Kind::Touch, Key::Right) => QuizCommand::MoveCursor([step, 0.0]),
        (Kind::Touch, Key::Up) => QuizCommand::MoveCursor([0.0, step]),
        (Kind::Touch, Key::Down) => QuizCommand::MoveCursor([0.0, -step]),
        (Kind::Touch, Key::Enter | Key::Space) => QuizCommand::AnswerAtCursor,
        _ => return None,
    })
}

/// The command a click at world point `p` stands for: an answer to a zone or first-touch question.
#[must_use]
pub fn click_command(quiz: &QuizState, p: [f32; 2]) -> Option<QuizCommand> {
    (quiz.asking() && matches!(quiz.question.kind, Kind::Zone | Kind::Touch))
        .then_some(QuizCommand::Answer(Guess::Point(p)))
}

/// The question's scene as scene text (every key it sets): the quiz's scene goes over any other
/// key of the same text, so a link to `quiz=SEED:N` always shows the question as asked.
#[must_use]
pub fn scene_text(q: &Question) -> String {
    let (c, lo, hi) = (q.circle.center(), q.aabb.min(), q.aabb.max());
    let mut s = format!(
        "algorithm={}&circle={},{},{}&box={},{},{},{}&case=auto&overlay=none&published=off&tour=none\
         &playground=off&play=off&view=2d",
        ALGORITHMS[0].id,
        c[0],
        c[1],
        q.circle.radius(),
        lo[0],
        lo[1],
        hi[0],
        hi[1],
    );
    if q.kind == Kind::Touch {
        s.push_str(&format!("&motion=on&velocity={},{}&response=slide", q.velocity[0], q.velocity[1]));
    } else {
        s.push_str("&motion=off");
    }
    s
}

#[cfg(test)]
#[path = "quiz_tests.rs"]
mod tests;
