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

    /// Reads a script (`R*30,RJ*24,N`, any case; [`parse_runs`]'s rules, at most [`MAX_COUNT`] steps a
    /// token and [`MAX_TOKENS`] tokens); an empty text is an empty script. A bad token is refused
    /// naming it (from 1) and the key `inputs`.
    pub fn parse(text: &str) -> Result<InputScript, OptionError> {
        let bad = |m: String| OptionError { field: "inputs", message: m };
        let runs = parse_runs(text, u64::from(MAX_COUNT)).map_err(bad)?;
        if let Some(extra) = runs.get(MAX_TOKENS) {
            return Err(bad(format!("{}: more than {MAX_TOKENS} tokens", extra.at)));
        }
        let mut s = InputScript::EMPTY;
        for run in &runs {
            // parse_runs kept every count within MAX_COUNT, a u16.
            let count = u16::try_from(run.count).unwrap_or(MAX_COUNT);
            s.tokens[s.len as usize] = Token { count, ..run.token };
            s.len += 1;
        }
        Ok(s)
    }
}

/// What the keys of a script mean, for the error messages.
pub const KEY_LIST: &str = "R right, L left, N none, J jump, D down";

/// One token of a script as read by [`parse_runs`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Its keys (`count` left at 0: the repeat is [`Run::count`]).
    pub token: Token,
    /// How many steps it stands for, 1 … the caller's maximum.
    pub count: u64,
    /// Its keys as written, in upper case (`"RJ"`).
    pub keys: String,
    /// Where it is, for an error message: `token 3 "X*2"`.
    pub at: String,
}

/// Reads the input-script language, the one parser behind a scene's `inputs=` ([`InputScript::parse`])
/// and `move --controller --input` (`cli::controller`): comma-separated tokens, each a combination of
/// the keys `R`, `L`, `J`, `D` (or `N`, no key, alone) with an optional repeat `*COUNT` (1 …
/// `max_count`), any case, spaces around a token ignored. An empty (or blank) text has no tokens; an
/// empty token between commas is refused. The error names the token (from 1) and what is wrong.
pub fn parse_runs(text: &str, max_count: u64) -> Result<Vec<Run>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut runs = Vec::new();
    for (k, raw) in text.split(',').enumerate() {
        let tok = raw.trim();
        let at = format!("token {} {tok:?}", k + 1);
        let (keys, count) = match tok.split_once('*') {
            None => (tok, 1),
            Some((keys, c)) => match c.trim().parse::<u64>() {
                Ok(n) if (1..=max_count).contains(&n) => (keys.trim(), n),
                _ => {
                    return Err(format!("{at}: the repeat count {:?} is not a whole number 1..={max_count}", c.trim()));
                }
            },
        };
        if keys.is_empty() {
            return Err(format!("{at}: no key (use N for a step with no key; keys: {KEY_LIST})"));
        }
        let (mut token, mut seen) = (Token::default(), String::new());
        for ch in keys.chars() {
            let up = ch.to_ascii_uppercase();
            if seen.contains(up) {
                return Err(format!("{at}: key '{up}' twice"));
            }
            seen.push(up);
            match up {
                'R' => token.x += 1,
                'L' => token.x -= 1,
                'J' => token.jump = true,
                'D' => token.down = true,
                'N' => {}
                _ => return Err(format!("{at}: unknown key '{ch}' (keys: {KEY_LIST})")),
            }
        }
        if seen.contains('N') && seen.len() > 1 {
            return Err(format!("{at}: 'N' (no key) cannot be combined with other keys"));
        }
        if seen.contains('R') && seen.contains('L') {
            return Err(format!("{at}: 'R' and 'L' together"));
        }
        runs.push(Run { token, count, keys: seen, at });
    }
    Ok(runs)
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
