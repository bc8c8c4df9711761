//! The Play mode's inputs as text: a run is a list of steps' inputs, written as runs of equal
//! steps (`R*30,RJ*24,R*40,N*10`: run right 30 steps, jump while running and hold it 24 steps, run
//! on 40, stand 10). The scene key `inputs=` holds one ([`InputScript`], `Copy`, so it can live in a
//! scene); the race replays it with every strategy, and the player follows it from the start.
//!
//! A token is letters and an optional `*COUNT` (1 … [`MAX_COUNT`] steps, 1 if absent):
//!
//! | letter | the controller's [`Input`] for those steps |
//! |---|---|
//! | `L` / `R` | `x = −1` / `x = 1` (neither: `x = 0`) |
//! | `J` | jump pressed on the token's first step, and held for all of them |
//! | `H` | jump held (no new press: a jump held on from the token before) |
//! | `D` | down held (`D` with `J`: drop through a one-way platform) |
//! | `N` | nothing (a token of its own) |
//!
//! A jump press always comes with the jump held (a press shorter than a step still held it for part
//! of that step: see [`normalise`]), so every recorded run is written exactly and reads back equal.

use crate::app::text::OptionError;
use crate::geom::controller::Input;

/// Most tokens a scene's script holds (a recorded run longer than this stays in the state only).
pub const MAX_TOKENS: usize = 64;
/// Most steps one token stands for (a minute at 120 steps a second).
pub const MAX_COUNT: u16 = 7200;

/// How a token holds the jump button.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Jump {
    #[default]
    Off,
    /// Held on (`H`).
    Held,
    /// Pressed on the first step, held on (`J`).
    Pressed,
}

/// `count` equal steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Token {
    /// −1, 0 or 1.
    pub x: i8,
    pub jump: Jump,
    pub down: bool,
    pub count: u16,
}

impl Token {
    /// The input of this token's `k`-th step (from 0).
    #[must_use]
    pub fn input(&self, k: usize) -> Input {
        Input {
            x: f32::from(self.x),
            jump_pressed: self.jump == Jump::Pressed && k == 0,
            jump_held: self.jump != Jump::Off,
            down: self.down,
        }
    }

    /// The token's letters (`N` for nothing).
    fn letters(&self) -> String {
        let mut s = String::new();
        match self.x {
            x if x < 0 => s.push('L'),
            x if x > 0 => s.push('R'),
            _ => {}
        }
        if self.down {
            s.push('D');
        }
        match self.jump {
            Jump::Off => {}
            Jump::Held => s.push('H'),
            Jump::Pressed => s.push('J'),
        }
        if s.is_empty() {
            s.push('N');
        }
        s
    }
}

/// A run's inputs as at most [`MAX_TOKENS`] tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputScript {
    tokens: [Token; MAX_TOKENS],
    len: u8,
}

impl Default for InputScript {
    fn default() -> Self {
        InputScript::EMPTY
    }
}

impl InputScript {
    /// No steps.
    pub const EMPTY: InputScript =
        InputScript { tokens: [Token { x: 0, jump: Jump::Off, down: false, count: 0 }; MAX_TOKENS], len: 0 };

    #[must_use]
    pub fn tokens(&self) -> &[Token] {
        &self.tokens[..self.len as usize]
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of steps it stands for.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.tokens().iter().map(|t| t.count as usize).sum()
    }

    /// Every step's input, in order.
    #[must_use]
    pub fn inputs(&self) -> Vec<Input> {
        self.tokens().iter().flat_map(|t| (0..t.count as usize).map(move |k| t.input(k))).collect()
    }

    /// A run's inputs as a script (each [`normalise`]d, `x` rounded to −1, 0 or 1); `None` when it
    /// needs more than [`MAX_TOKENS`] tokens.
    #[must_use]
    pub fn from_inputs(inputs: &[Input]) -> Option<InputScript> {
        let mut s = InputScript::EMPTY;
        let mut last: Option<Token> = None;
        for i in inputs {
            let i = normalise(*i);
            let jump = match (i.jump_pressed, i.jump_held) {
                (true, _) => Jump::Pressed,
                (false, true) => Jump::Held,
                (false, false) => Jump::Off,
            };
            let x = if i.x < -0.5 {
                -1
            } else if i.x > 0.5 {
                1
            } else {
                0
            };
            // A step continues the token before when it is the same and presses nothing new (a
            // pressed token continues with held steps).
            let continued = jump != Jump::Pressed
                && last.is_some_and(|t| {
                    t.x == x
                        && t.down == i.down
                        && t.count < MAX_COUNT
                        && (t.jump == jump || (t.jump == Jump::Pressed && jump == Jump::Held))
                });
            if continued {
                let n = s.len as usize - 1;
                s.tokens[n].count += 1;
                last = Some(s.tokens[n]);
            } else {
                if s.len as usize == MAX_TOKENS {
                    return None;
                }
                let t = Token { x, jump, down: i.down, count: 1 };
                s.tokens[s.len as usize] = t;
                s.len += 1;
                last = Some(t);
            }
        }
        Some(s)
    }

    /// Reads a script (`R*30,RJ*24,N`); an empty text is an empty script. A bad token is refused
    /// naming it and the key `inputs`.
    pub fn parse(text: &str) -> Result<InputScript, OptionError> {
        let bad = |m: String| OptionError { field: "inputs", message: m };
        let mut s = InputScript::EMPTY;
        for tok in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let (letters, count) = tok.split_once('*').unwrap_or((tok, "1"));
            let count = match count.trim().parse::<u16>() {
                Ok(n) if (1..=MAX_COUNT).contains(&n) => n,
                _ => {
                    return Err(bad(format!(
                        "token {tok:?}: the count {count:?} is not a whole number 1..={MAX_COUNT}"
                    )))
                }
            };
            let mut t = Token { count, ..Token::default() };
            let mut nothing = false;
            for ch in letters.trim().chars() {
                let clash = match ch.to_ascii_uppercase() {
                    'L' | 'R' if t.x != 0 => true,
                    'L' => {
                        t.x = -1;
                        false
                    }
                    'R' => {
                        t.x = 1;
                        false
                    }
                    'J' | 'H' if t.jump != Jump::Off => true,
                    'J' => {
                        t.jump = Jump::Pressed;
                        false
                    }
                    'H' => {
                        t.jump = Jump::Held;
                        false
                    }
                    'D' if t.down => true,
                    'D' => {
                        t.down = true;
                        false
                    }
                    'N' if nothing => true,
                    'N' => {
                        nothing = true;
                        false
                    }
                    other => {
                        return Err(bad(format!(
                            "token {tok:?}: {other:?} is not L, R, J, H, D or N (e.g. R*30,RJ*24,N*10)"
                        )))
                    }
                };
                if clash {
                    return Err(bad(format!("token {tok:?}: {ch:?} twice, or L with R, or J with H")));
                }
            }
            if letters.trim().is_empty() || (nothing && t != Token { count, ..Token::default() }) {
                return Err(bad(format!("token {tok:?}: give letters (N alone for nothing)")));
            }
            if s.len as usize == MAX_TOKENS {
                return Err(bad(format!("more than {MAX_TOKENS} tokens")));
            }
            s.tokens[s.len as usize] = t;
            s.len += 1;
        }
        Ok(s)
    }
}

/// The script's text ([`InputScript::parse`] reads it back).
impl std::fmt::Display for InputScript {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, t) in self.tokens().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(&t.letters())?;
            if t.count != 1 {
                write!(f, "*{}", t.count)?;
            }
        }
        Ok(())
    }
}

/// A step's input as the Play mode records and replays it: a jump press holds the jump for that
/// step too (a press and release within one step is still a short jump, cut on the next step).
#[must_use]
pub fn normalise(i: Input) -> Input {
    Input { jump_held: i.jump_held || i.jump_pressed, ..i }
}
