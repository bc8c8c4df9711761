//! The 27 regions around the box (`zone = x + 3y + 9z`), by kind and by name.

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
