//! The presentation settings, for a room rather than a desk: the text scale of the canvas and the
//! panel (`text=1|1.5|2`, key Z), the panel shown or hidden (`panel=on|off`, key H) and the
//! first-screen hint (`hint=on|off`); and for a course page, the scene embedded alone in an
//! `<iframe>` (`embed=1`: the canvas and a small toolbar, see [`super::embed`]). Their scene keys
//! are parsed and written here; the scene text ([`super::scene`]) hands them over.

use super::text::{parse_flag, OptionError};

/// How much larger than the desk size the text of the canvas and the panel is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextScale {
    #[default]
    One,
    OneAndHalf,
    Two,
}

impl TextScale {
    pub const ALL: [TextScale; 3] = [TextScale::One, TextScale::OneAndHalf, TextScale::Two];

    /// The multiplier of every text size.
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            TextScale::One => 1.0,
            TextScale::OneAndHalf => 1.5,
            TextScale::Two => 2.0,
        }
    }

    /// The scene text's value (`text=1.5`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            TextScale::One => "1",
            TextScale::OneAndHalf => "1.5",
            TextScale::Two => "2",
        }
    }

    /// The next larger scale, back to 1× after 2× (key Z).
    #[must_use]
    pub fn next(self) -> TextScale {
        match self {
            TextScale::One => TextScale::OneAndHalf,
            TextScale::OneAndHalf => TextScale::Two,
            TextScale::Two => TextScale::One,
        }
    }

    /// Parses `text=`'s value: `1`, `1.5` or `2` (an `x` or `×` after it is allowed).
    pub fn parse(t: &str) -> Result<TextScale, OptionError> {
        let v = t.trim().trim_end_matches(['x', '×']);
        TextScale::ALL
            .into_iter()
            .find(|s| s.as_str() == v || (v == "1.0" && *s == TextScale::One))
            .ok_or_else(|| OptionError { field: "text", message: format!("{t:?}: the text scale is 1, 1.5 or 2") })
    }
}

/// The presentation keys of a scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// Text scale of the canvas and the panel (`text=`).
    pub text: TextScale,
    /// The panel shown (`panel=on`, the default) or hidden (`panel=off`, as after H).
    pub panel: bool,
    /// The first-screen hint ("drag the circle · T for the tour") until the first drag or key
    /// (`hint=off`: never).
    pub hint: bool,
    /// Embedded in a course page (`embed=1`): the canvas alone with a small toolbar, no panel.
    pub embed: bool,
}

impl Default for Presentation {
    fn default() -> Self {
        Presentation { text: TextScale::One, panel: true, hint: true, embed: false }
    }
}

/// The presentation keys, for the scene text's "unknown key" message.
pub const KEYS: &str = "text, panel, hint, embed";

impl Presentation {
    /// Sets one key from its text; false when `key` is not one of [`KEYS`].
    pub fn set_key(&mut self, key: &str, value: &str) -> Result<bool, OptionError> {
        match key {
            "text" => self.text = TextScale::parse(value)?,
            "panel" => self.panel = parse_flag("panel", value)?,
            "hint" => self.hint = parse_flag("hint", value)?,
            "embed" => self.embed = parse_flag("embed", value)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The keys that differ from the default (`&text=2&panel=off&hint=off&embed=1`).
    #[must_use]
    pub fn to_fragment(&self) -> String {
        let mut s = String::new();
        if self.text != TextScale::One {
            s.push_str(&format!("&text={}", self.text.as_str()));
        }
        if !self.panel {
            s.push_str("&panel=off");
        }
        if !self.hint {
            s.push_str("&hint=off");
        }
        if self.embed {
            s.push_str("&embed=1");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_scale_parses_writes_and_cycles() {
        for s in TextScale::ALL {
            assert_eq!(TextScale::parse(s.as_str()), Ok(s));
        }
        assert_eq!(TextScale::parse("2x"), Ok(TextScale::Two));
        assert_eq!(TextScale::One.next().next().next(), TextScale::One);
        assert_eq!(TextScale::One.next().factor(), 1.5);
        for bad in ["3", "0", "", "big", "1.25"] {
            let e = TextScale::parse(bad).unwrap_err();
            assert_eq!(e.field, "text", "{bad}");
        }
    }

    #[test]
    fn keys_round_trip_and_only_differences_are_written() {
        assert_eq!(Presentation::default().to_fragment(), "");
        let mut p = Presentation::default();
        assert_eq!(p.set_key("text", "1.5"), Ok(true));
        assert_eq!(p.set_key("panel", "off"), Ok(true));
        assert_eq!(p.set_key("hint", "off"), Ok(true));
        assert_eq!(p.set_key("circle", "1,2,3"), Ok(false));
        assert_eq!(p.to_fragment(), "&text=1.5&panel=off&hint=off");
        assert_eq!(p.set_key("embed", "1"), Ok(true));
        assert_eq!(p.to_fragment(), "&text=1.5&panel=off&hint=off&embed=1");
        assert_eq!(p.set_key("embed", "off"), Ok(true));
        assert!(!p.embed);
        assert_eq!(p.set_key("panel", "sideways").unwrap_err().field, "panel");
        assert_eq!(p.set_key("embed", "2").unwrap_err().field, "embed");
    }
}
