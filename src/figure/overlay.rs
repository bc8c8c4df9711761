//! The teaching overlay as vector shapes: the distance field's bands and level lines (rounded
//! rectangles outside the box, square ones inside: [`crate::teach::field::level_outline`]'s shapes),
//! and the agreement map as regions — the exact ones where the map is made of them (the box shrunk by
//! r, the rounded box, the square box grown by r: enough for every correct test, `planes_naive`'s
//! ears and a published form that misses the whole rounded box), else the map's own cells as
//! rectangles, one run of a class per row, merged down the rows.

use super::writer::{fill, rounded_rect_path, stroke, Svg};
use super::Figure;
use crate::app::overlay::{agreement_for, nice_spacing, OverlayKey};
use crate::app::palette::Rgba;
use crate::app::teach::Overlay;
use crate::geom::contact::signed_distance_f64;
use crate::teach::agreement::{AgreementMap, Class};
use crate::teach::field::{band_layers, band_rgba, LINE_INSIDE, LINE_OUTSIDE, RADIUS_LINE, ZERO_LINE};

/// The distance field's bands `k_lo..=k_hi` of `spacing` (band `k` from `k·spacing` to the next), the
/// deepest distance `d_min` inside the box; the canvas's `FieldView`.
struct Bands {
    spacing: f32,
    k_lo: i64,
    k_hi: i64,
    d_min: f32,
}

/// The field as the canvas shows it: `None` unless it is the overlay; its bands, unless they would be
/// closer than 2 px apart.
fn field_view(f: &Figure<'_>) -> Option<Option<Bands>> {
    let (state, v, c) = (f.state, f.state.view, f.state.canvas);
    let (aabb, scale) = (&state.aabb, v.scale);
    if state.teach.overlay != Overlay::Distance || scale.is_nan() || scale <= 0.0 {
        return None;
    }
    let spacing = nice_spacing(aabb);
    let half = aabb.half_extents();
    let d_min = -half[0].min(half[1]);
    let d_max = [(c.x, c.y), (c.x + c.w, c.y), (c.x, c.y + c.h), (c.x + c.w, c.y + c.h)]
        .into_iter()
        .map(|(x, y)| signed_distance_f64(&v.to_world(glam::Vec2::new(x, y)), aabb) as f32)
        .fold(d_min, f32::max);
    let (k_lo, k_hi) = ((d_min / spacing).floor() as i64, (d_max / spacing).floor() as i64);
    Some((spacing * scale >= 2.0 && k_hi - k_lo <= 2000).then_some(Bands { spacing, k_lo, k_hi, d_min }))
}

/// The lighter bands' colours outside the box and inside it, laid under everything when the field's
/// bands are drawn (the canvas's `field_base`).
pub fn field_base(f: &Figure<'_>) -> Option<[Rgba; 2]> {
    field_view(f)?.map(|_| [band_layers(true).0, band_layers(false).0])
}

/// The points at signed distance `d` from the box, as a screen path: the box grown by `d` with
/// corners rounded by `d` (`d > 0`), or shrunk by `|d|`, no further than its centre.
fn level_path(f: &Figure<'_>, d: f32) -> String {
    let (lo, hi, c) = (f.state.aabb.min(), f.state.aabb.max(), f.state.aabb.center());
    let (a, b, r) = if d > 0.0 {
        ([lo[0] - d, hi[1] + d], [hi[0] + d, lo[1] - d], d * f.state.view.scale)
    } else {
        ([(lo[0] - d).min(c[0]), (hi[1] + d).max(c[1])], [(hi[0] + d).max(c[0]), (lo[1] - d).min(c[1])], 0.0)
    };
    let (a, b) = (f.at(a), f.at(b));
    rounded_rect_path(a[0], a[1], b[0] - a[0], b[1] - a[1], r)
}

/// The overlay, if one is on.
pub fn draw(f: &Figure<'_>, svg: &mut Svg) {
    match f.state.teach.overlay {
        Overlay::Distance => distance_field(f, svg),
        Overlay::Agreement => agreement(f, svg),
        Overlay::None => {}
    }
}

/// The stronger bands over the lighter ones (which the background holds), the thin level lines, and
/// in bold the line at `r` (where the centre is while touching) and the box outline.
fn distance_field(f: &Figure<'_>, svg: &mut Svg) {
    let Some(bands) = field_view(f) else { return };
    let sizes = f.sizes;
    svg.open("overlay", "class=\"distance-field\"");
    if let Some(Bands { spacing, k_lo, k_hi, d_min }) = bands {
        svg.open("field-bands", "");
        for k in k_lo..=k_hi {
            let (d0, d1) = (k as f32 * spacing, (k + 1) as f32 * spacing);
            let mid = 0.5 * (d0 + d1);
            let (lighter, extra) = band_layers(mid > 0.0);
            if band_rgba(mid, spacing) != lighter {
                let d = format!("{}{}", level_path(f, d1), level_path(f, d0));
                svg.path(&d, &format!("fill-rule=\"evenodd\" {}", fill(extra)));
            }
        }
        svg.close();
        svg.open("field-lines", "");
        for k in k_lo..=k_hi {
            let d = k as f32 * spacing;
            if k != 0 && d > d_min {
                let colour = if d > 0.0 { LINE_OUTSIDE } else { LINE_INSIDE };
                svg.path(&level_path(f, d), &stroke(colour, sizes.line(1.5), None));
            }
        }
        svg.close();
    }
    let bold = sizes.line(3.0);
    svg.path(
        &level_path(f, f.state.circle.radius()),
        &format!("id=\"field-radius-line\" {}", stroke(RADIUS_LINE, bold, None)),
    );
    svg.path(&level_path(f, 0.0), &format!("id=\"field-zero-line\" {}", stroke(ZERO_LINE, bold, None)));
    svg.close();
}

/// The class's name as an id part (`false-positive`).
fn class_id(c: Class) -> String {
    c.label().replace(' ', "-")
}

/// The agreement map over the canvas, as regions or as cells.
fn agreement(f: &Figure<'_>, svg: &mut Svg) {
    let Some(map) = OverlayKey::of(f.state).and_then(|key| agreement_for(&key, false)) else { return };
    match exact_regions(f, &map) {
        Some(classes) => {
            svg.open("overlay", "class=\"agreement-map regions\"");
            regions(f, svg, classes);
        }
        None => {
            svg.open("overlay", "class=\"agreement-map cells\"");
            cells(f, svg, &map);
        }
    }
    svg.close();
}

/// The four nested regions the exact shapes make, inside out: the box shrunk by r (`d ≤ −r`), the
/// rest of the rounded box (`d ≤ r`), the rest of the square box grown by r, the rest of the canvas.
fn region_of(f: &Figure<'_>, p: [f32; 2], margin: f64) -> Option<usize> {
    let (aabb, r) = (&f.state.aabb, f64::from(f.state.circle.radius()));
    let d = signed_distance_f64(&p, aabb);
    let (lo, hi) = (aabb.min(), aabb.max());
    // How far outside the square box grown by r (its own, Chebyshev, distance).
    let sq = (0..2)
        .map(|i| (f64::from(lo[i]) - f64::from(p[i])).max(f64::from(p[i]) - f64::from(hi[i])))
        .fold(f64::MIN, f64::max)
        - r;
    if (d + r).abs() < margin || (d - r).abs() < margin || sq.abs() < margin {
        return None;
    }
    Some(if d <= -r {
        0
    } else if d <= r {
        1
    } else if sq <= 0.0 {
        2
    } else {
        3
    })
}

/// The class of each of the four regions, when the map is made of them: every cell a cell and a half
/// or more from a region's edge has its region's one class (cells nearer may round either way; a
/// region with no such cell is taken as agreed separation, drawn as nothing).
fn exact_regions(f: &Figure<'_>, map: &AgreementMap) -> Option<[Class; 4]> {
    let spec = map.spec;
    let margin = 1.5 * f64::from(spec.step);
    let mut seen: [Option<Class>; 4] = [None; 4];
    for row in 0..spec.rows {
        for col in 0..spec.cols {
            let p = spec.center(col, row);
            let Some(k) = region_of(f, p, margin) else { continue };
            let class = map.cells[row * spec.cols + col];
            match seen[k] {
                None => seen[k] = Some(class),
                Some(c) if c == class => {}
                Some(_) => return None,
            }
        }
    }
    Some(seen.map(|c| c.unwrap_or(Class::AgreedSeparation)))
}

/// Each class's regions as one even-odd path: a run of neighbouring regions `a..=b` is the ring
/// between boundary `b` and boundary `a − 1` (the boundaries nest).
fn regions(f: &Figure<'_>, svg: &mut Svg, classes: [Class; 4]) {
    let (state, c) = (f.state, f.state.canvas);
    let (lo, hi, r) = (state.aabb.min(), state.aabb.max(), state.circle.radius());
    let boundary = |k: usize| -> String {
        match k {
            0 => {
                let (a, b) = ([lo[0] + r, hi[1] - r], [hi[0] - r, lo[1] + r]);
                if a[0] >= b[0] || a[1] <= b[1] {
                    return String::new();
                }
                let (a, b) = (f.at(a), f.at(b));
                rounded_rect_path(a[0], a[1], b[0] - a[0], b[1] - a[1], 0.0)
            }
            1 => level_path(f, r),
            2 => {
                let (a, b) = (f.at([lo[0] - r, hi[1] + r]), f.at([hi[0] + r, lo[1] - r]));
                rounded_rect_path(a[0], a[1], b[0] - a[0], b[1] - a[1], 0.0)
            }
            _ => rounded_rect_path(c.x, c.y, c.w, c.h, 0.0),
        }
    };
    for class in Class::ALL {
        if class == Class::AgreedSeparation || !classes.contains(&class) {
            continue;
        }
        let mut d = String::new();
        let mut k = 0;
        while k < 4 {
            if classes[k] != class {
                k += 1;
                continue;
            }
            let a = k;
            while k + 1 < 4 && classes[k + 1] == class {
                k += 1;
            }
            d.push_str(&boundary(k));
            if a > 0 {
                d.push_str(&boundary(a - 1));
            }
            k += 1;
        }
        svg.path(&d, &format!("id=\"agreement-{}\" fill-rule=\"evenodd\" {}", class_id(class), fill(class.rgba())));
    }
}

/// The map's cells as rectangles: each row's runs of one class, a run merged with the same run in the
/// rows below it.
fn cells(f: &Figure<'_>, svg: &mut Svg, map: &AgreementMap) {
    let spec = map.spec;
    for class in Class::ALL {
        if class == Class::AgreedSeparation || !map.cells.contains(&class) {
            continue;
        }
        // Runs (col0, col1) per row, top row first; an open rectangle per run carried down.
        let mut open: Vec<(usize, usize, usize)> = Vec::new(); // (col0, col1, top row)
        let mut rects: Vec<(usize, usize, usize, usize)> = Vec::new(); // (col0, col1, top row, bottom row)
        for row in (0..spec.rows).rev() {
            let mut runs = Vec::new();
            let mut col = 0;
            while col < spec.cols {
                if map.cells[row * spec.cols + col] == class {
                    let start = col;
                    while col < spec.cols && map.cells[row * spec.cols + col] == class {
                        col += 1;
                    }
                    runs.push((start, col));
                } else {
                    col += 1;
                }
            }
            let mut next = Vec::new();
            for (c0, c1, top) in open.drain(..) {
                if runs.contains(&(c0, c1)) {
                    next.push((c0, c1, top));
                } else {
                    rects.push((c0, c1, top, row + 1));
                }
            }
            for run in runs {
                if !next.iter().any(|&(c0, c1, _)| (c0, c1) == run) {
                    next.push((run.0, run.1, row));
                }
            }
            open = next;
        }
        rects.extend(open.into_iter().map(|(c0, c1, top)| (c0, c1, top, 0)));
        svg.open(&format!("agreement-{}", class_id(class)), &fill(class.rgba()));
        for (c0, c1, top, bottom) in rects {
            // World: columns c0..c1, rows bottom..=top.
            let a = f.at([spec.x0 + c0 as f32 * spec.step, spec.y0 + (top + 1) as f32 * spec.step]);
            let b = f.at([spec.x0 + c1 as f32 * spec.step, spec.y0 + bottom as f32 * spec.step]);
            svg.element(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                super::writer::num(a[0]),
                super::writer::num(a[1]),
                super::writer::num(b[0] - a[0]),
                super::writer::num(b[1] - a[1])
            ));
        }
        svg.close();
    }
}
