//! The Play mode's inputs as text, in the language of `move --controller --input SCRIPT` (see
//! `docs/cli.md`): a run is a list of steps' keys, written as runs of equal steps
//! (`R*30,RJ*24,R*40,N*10`: run right 30 steps, jump while running and hold it 24 steps, run on 40,
//! stand 10). The scene key `inputs=` holds one ([`InputScript`], `Copy`, so it can live in a
//! scene); the race replays it with every strategy, and the player follows it from the start. The
//! same text, with `--dt 0.008333333` (the playground's 1/120 s), replays the run at the command line.
//!
//! A token is keys and an optional `*COUNT` (1 … [`MAX_COUNT`] steps, 1 if absent):
//!
//! | key | the controller's [`Input`] for those steps |
//! |---|---|
//! | `L` / `R` | `x = −1` / `x = 1` (neither: `x = 0`; not both) |
//! | `J` | jump held; **pressed** on a step where it is held and was not on the step before |
//! | `D` | down held (`D` with `J`: drop through a one-way platform) |
//! | `N` | no key (a token of its own) |
//!
//! So a jump press is the rising edge of "jump held": Play feeds the controller that way too
//! ([`edge`]), which is why every run it records is written exactly and reads back equal.

use crate::app::text::OptionError;
use crate::geom::controller::Input;

/// Most tokens a scene's script holds (a recorded run longer than this stays in the state only).
pub const MAX_TOKENS: usize = 64;
/// Most steps one token stands for (a minute at 120 steps a second).
pub const MAX_COUNT: u16 = 7200;

/// `count` steps with the same keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Token {
    /// −1, 0 or 1.
    pub x: i8,
    /// Jump held.
    pub jump: bool,
    /// Down held.
    pub down: bool,
    pub count: u16,
}

impl Token {
    /// The token's keys (`N` for none), in the order `L`/`R`, `D`, `J`.
    fn keys(&self) -> String {
        let mut s = String::new();
        match self.x {
            x if x < 0 => s.push('L'),
            x if x > 0 => s.push('R'),
            _ => {}
        }
        if self.down {
            s.push('D');
        }
        if self.jump {
            s.push('J');
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
        InputScript { tokens: [Token { x: 0, jump: false, down: false, count: 0 }; MAX_TOKENS], len: 0 };

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

    /// Every step's input, in order: a jump is pressed where it starts being held ([`edge`]).
    #[must_use]
    pub fn inputs(&self) -> Vec<Input> {
        let mut held_before = false;
        let mut out = Vec::with_capacity(self.steps());
        for t in self.tokens() {
            for _ in 0..t.count {
                let held = Input { x: f32::from(t.x), jump_pressed: false, jump_held: t.jump, down: t.down };
                out.push(edge(held, held_before));
                held_before = t.jump;
            }
        }
        out
    }

    /// A run's inputs as a script (`x` rounded to −1, 0 or 1; the presses are where the jump starts
    /// being held, as [`edge`] makes them); `None` when it needs more than [`MAX_TOKENS`] tokens.
    #[must_use]
    pub fn from_inputs(inputs: &[Input]) -> Option<InputScript> {
        let mut s = InputScript::EMPTY;
        for i in inputs {
            let x = if i.x < -0.5 {
                -1
            } else if i.x > 0.5 {
                1
            } else {
                0
            };
            let (jump, down) = (i.jump_held || i.jump_pressed, i.down);
            let n = s.len as usize;
            match s.tokens[..n].last_mut() {
                Some(t) if (t.x, t.jump, t.down) == (x, jump, down) && t.count < MAX_COUNT => t.count += 1,
                _ if n == MAX_TOKENS => return None,
                _ => {
                    s.tokens[n] = Token { x, jump, down, count: 1 };
                    s.len += 1;
                }
            }
        }
        Some(s)
    }

    /// Reads a script (`R*30,RJ*24,N`, any case); an empty text is an empty script. A bad token is
    /// refused naming it (from 1) and the key `inputs`.
    pub fn parse(text: &str) -> Result<InputScript, OptionError> {
        let bad = |m: String| OptionError { field: "inputs", message: m };
        let mut s = InputScript::EMPTY;
        for (k, tok) in text.split(',').map(str::trim).enumerate().filter(|(_, t)| !t.is_empty()) {
            let at = format!("token {} {tok:?}", k + 1);
            let (keys, count) = tok.split_once('*').unwrap_or((tok, "1"));
            let count = match count.trim().parse::<u16>() {
                Ok(n) if (1..=MAX_COUNT).contains(&n) => n,
                _ => {
                    return Err(bad(format!(
                        "{at}: the count {:?} is not a whole number 1..={MAX_COUNT}",
                        count.trim()
                    )))
                }
            };
            let keys = keys.trim().to_ascii_uppercase();
            if keys.is_empty() {
                return Err(bad(format!("{at}: no key (N for a step with none; keys: R, L, J, D, N)")));
            }
            let (mut t, mut seen) = (Token { count, ..Token::default() }, String::new());
            for ch in keys.chars() {
                if seen.contains(ch) {
                    return Err(bad(format!("{at}: key '{ch}' twice")));
                }
                seen.push(ch);
                match ch {
                    'R' => t.x += 1,
                    'L' => t.x -= 1,
                    'J' => t.jump = true,
                    'D' => t.down = true,
                    'N' => {}
                    other => return Err(bad(format!("{at}: {other:?} is not a key (R, L, J, D, N)"))),
                }
            }
            if keys.contains('N') && keys.len() > 1 {
                return Err(bad(format!("{at}: N (no key) cannot go with other keys")));
            }
            if keys.contains('R') && keys.contains('L') {
                return Err(bad(format!("{at}: R and L together")));
            }
            if s.len as usize == MAX_TOKENS {
                return Err(bad(format!("{at}: more than {MAX_TOKENS} tokens")));
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
            f.write_str(&t.keys())?;
            if t.count != 1 {
                write!(f, "*{}", t.count)?;
            }
        }
        Ok(())
    }
}

/// A step's input as Play feeds it to the controller: the jump held if it is held or was pressed
/// since the last step (a tap shorter than a step still holds it for that step), and **pressed**
/// exactly when it is held now and was not on the step before (`held_before`). A release and a new
/// press both between two steps are one long hold (no second jump): the rule `move --controller`'s
/// scripts follow, so a recorded run is its script.
#[must_use]
pub fn edge(i: Input, held_before: bool) -> Input {
    let held = i.jump_held || i.jump_pressed;
    Input { jump_held: held, jump_pressed: held && !held_before, ..i }
}
