//! A small SVG 1.1 writer: elements as plain strings, numbers at 0.01 px, colours as the palette's
//! bytes (`fill="#rrggbb"` with `fill-opacity` where translucent: SVG 1.1 has no `rgba()`).

use crate::app::palette::Rgba;
use std::fmt::Write as _;

/// A number as SVG writes it: two decimals at most, no trailing zeros, no `-0`.
#[must_use]
pub fn num(x: f32) -> String {
    crate::format::decimals(if x.is_finite() { x } else { 0.0 }, 2)
}

/// `text` with XML's five special characters escaped.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// `fill` (or `stroke`) attributes for a palette colour: the hex colour and, unless opaque, its opacity.
#[must_use]
pub fn paint(attr: &str, c: Rgba) -> String {
    let mut s = format!("{attr}=\"#{:02x}{:02x}{:02x}\"", c[0], c[1], c[2]);
    if c[3] != 255 {
        let _ = write!(s, " {attr}-opacity=\"{}\"", num3(f32::from(c[3]) / 255.0));
    }
    s
}

fn num3(x: f32) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A filled shape's attributes: `fill` only.
#[must_use]
pub fn fill(c: Rgba) -> String {
    format!("{} stroke=\"none\"", paint("fill", c))
}

/// A stroked shape's attributes: no fill, the stroke in `c`, `w` px wide, dashed `dash` on and off
/// when given.
#[must_use]
pub fn stroke(c: Rgba, w: f32, dash: Option<f32>) -> String {
    let mut s = format!("fill=\"none\" {} stroke-width=\"{}\"", paint("stroke", c), num(w));
    if let Some(d) = dash {
        let _ = write!(s, " stroke-dasharray=\"{} {}\"", num(d), num(d));
    }
    s
}

/// The figure being written.
pub struct Svg {
    out: String,
    depth: usize,
}

impl Svg {
    /// Starts a `w`×`h` figure whose user units are the screenshot's pixels, with its `<title>` and
    /// `<desc>`; labels in `font` (a CSS font-family list).
    #[must_use]
    pub fn new(w: f32, h: f32, title: &str, desc: &str, font: &str) -> Svg {
        let mut out = String::new();
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" xml:space=\"preserve\" font-family=\"{font}\" font-weight=\"300\">",
            w = num(w),
            h = num(h),
            font = escape(font)
        );
        let _ = writeln!(out, "  <title>{}</title>", escape(title));
        let _ = writeln!(out, "  <desc>{}</desc>", escape(desc));
        Svg { out, depth: 1 }
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// Opens a group with this id (and attributes, e.g. a shared stroke).
    pub fn open(&mut self, id: &str, attrs: &str) {
        self.indent();
        if attrs.is_empty() {
            let _ = writeln!(self.out, "<g id=\"{}\">", escape(id));
        } else {
            let _ = writeln!(self.out, "<g id=\"{}\" {attrs}>", escape(id));
        }
        self.depth += 1;
    }

    /// Closes the innermost open group.
    pub fn close(&mut self) {
        self.depth = self.depth.saturating_sub(1).max(1);
        self.indent();
        self.out.push_str("</g>\n");
    }

    /// One element, written as given (`<rect … />`).
    pub fn element(&mut self, text: &str) {
        self.indent();
        self.out.push_str(text);
        self.out.push('\n');
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, attrs: &str) {
        let e = format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {attrs}/>",
            num(x),
            num(y),
            num(w.max(0.0)),
            num(h.max(0.0))
        );
        self.element(&e);
    }

    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, attrs: &str) {
        let e = format!("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {attrs}/>", num(cx), num(cy), num(r.max(0.0)));
        self.element(&e);
    }

    pub fn line(&mut self, a: [f32; 2], b: [f32; 2], attrs: &str) {
        let e = format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {attrs}/>",
            num(a[0]),
            num(a[1]),
            num(b[0]),
            num(b[1])
        );
        self.element(&e);
    }

    pub fn path(&mut self, d: &str, attrs: &str) {
        let e = format!("<path d=\"{d}\" {attrs}/>");
        self.element(&e);
    }

    pub fn polygon(&mut self, points: &[[f32; 2]], attrs: &str) {
        let pts: Vec<String> = points.iter().map(|p| format!("{},{}", num(p[0]), num(p[1]))).collect();
        let e = format!("<polygon points=\"{}\" {attrs}/>", pts.join(" "));
        self.element(&e);
    }

    /// Text with its baseline's left end at `(x, y)`, `size` px.
    pub fn text(&mut self, x: f32, y: f32, size: u16, c: Rgba, s: &str) {
        let e = format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{size}\" {}>{}</text>",
            num(x),
            num(y),
            paint("fill", c),
            escape(s)
        );
        self.element(&e);
    }

    /// The finished document.
    #[must_use]
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// An SVG path (`d`) for a rectangle with corners rounded by `r` (clamped to half the smaller side),
/// clockwise on the screen from the top-left corner.
#[must_use]
pub fn rounded_rect_path(x: f32, y: f32, w: f32, h: f32, r: f32) -> String {
    let r = r.clamp(0.0, 0.5 * w.min(h).max(0.0));
    let (x1, y1) = (x + w, y + h);
    if r <= 0.0 {
        return format!("M{},{}H{}V{}H{}Z", num(x), num(y), num(x1), num(y1), num(x));
    }
    let a = |x: f32, y: f32| format!("A{r},{r} 0 0 1 {},{}", num(x), num(y), r = num(r));
    format!(
        "M{},{}H{}{}V{}{}H{}{}V{}{}Z",
        num(x + r),
        num(y),
        num(x1 - r),
        a(x1, y + r),
        num(y1 - r),
        a(x1 - r, y1),
        num(x + r),
        a(x, y1 - r),
        num(y + r),
        a(x + r, y)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_minus_zero() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.254), "1.25");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(f32::NAN), "0");
    }

    #[test]
    fn colours_and_text_are_written_as_svg_1_1_wants() {
        assert_eq!(paint("fill", [70, 205, 255, 255]), "fill=\"#46cdff\"");
        assert_eq!(paint("stroke", [255, 0, 0, 51]), "stroke=\"#ff0000\" stroke-opacity=\"0.2\"");
        assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
    }

    #[test]
    fn a_rounded_rect_path_closes_and_a_zero_radius_is_a_plain_rect() {
        assert_eq!(rounded_rect_path(0.0, 0.0, 10.0, 4.0, 0.0), "M0,0H10V4H0Z");
        let p = rounded_rect_path(0.0, 0.0, 10.0, 4.0, 9.0);
        assert!(p.starts_with("M2,0H8A2,2 0 0 1 10,2") && p.ends_with('Z'), "{p}");
    }
}
