//! `sin` and `cos` in `f64` without `std`, and the rotation an angle stands for.
//!
//! `core` has no `f64::sin`. The crate computes its own, the same way with and without `std`, so a
//! rotated box is the same box on every platform (desktop, `no_std`, WebAssembly): Cody–Waite
//! reduction by π/2 (a 33-bit and a 53-bit part, exact for `|k| < 2²⁰`) and fdlibm's minimax
//! polynomials on `[−π/4, π/4]` (`__kernel_sin`, `__kernel_cos`; public domain, Sun Microsystems
//! 1993). Error: within 2 `f64` ulps of the true value for `|angle| < 2²⁰·π/2` (tested against
//! `std` on 10⁵ angles). Beyond that the reduction loses digits, but `sin² + cos²` stays 1 within
//! rounding: the box is still a rotated box, at an angle that means nothing in `f32` anyway.
//!
//! # Right angles are exact
//! A multiple of π/2 has no exact `f32` (or `f64`) value, and the polynomials at the `f32` nearest
//! to π/2 give `cos = −4.4·10⁻⁸`, not 0. So an angle that *is* the `f32` nearest to `k·π/2` (and
//! within 2⁻²⁰ of it: every such angle below 32 radians) is taken as `k·π/2` exactly: `(cos, sin)` is `(1, 0)`, `(0, 1)`, `(−1, 0)` or `(0, −1)`. In degrees
//! ([`rotation_of_degrees`]) the reduction is exact: a multiple of 90° gives those values, and any
//! other angle is reduced to `[−45°, 45°]` exactly before it is converted to radians.

#![forbid(unsafe_code)]
// fdlibm's constants, verbatim as published (more digits than an f64 holds, as there).
#![allow(clippy::excessive_precision)]

use core::f64::consts::FRAC_PI_2;

/// How close (in radians) an `f32` angle that is the nearest to `k·π/2` must be to it to be read as
/// exactly `k·π/2`: 2⁻²⁰ ≈ 9.5·10⁻⁷, which every such angle below 32 radians (five turns) is. Further
/// out an `f32` is too coarse to mean a right angle (at 7·10⁴ its ulp is 0.008 rad).
const RIGHT_ANGLE_SNAP: f64 = 1.0 / (1u64 << 20) as f64;

const PIO2_HI: f64 = 1.570_796_326_734_125_614_17e+00; // the first 33 bits of π/2
const PIO2_LO: f64 = 6.077_100_506_506_192_249_32e-11; // π/2 − PIO2_HI

/// Round to the nearest integer, halves away from zero (`f64::round` is not in `core`).
fn round_i64(x: f64) -> i64 {
    if x >= 0.0 {
        (x + 0.5) as i64
    } else {
        (x - 0.5) as i64
    }
}

/// `sin x` for `|x| ≤ π/4` (fdlibm's `__kernel_sin` with `y = 0`).
fn kernel_sin(x: f64) -> f64 {
    const S1: f64 = -1.666_666_666_666_663_243_48e-01;
    const S2: f64 = 8.333_333_333_322_489_461_24e-03;
    const S3: f64 = -1.984_126_982_985_794_931_34e-04;
    const S4: f64 = 2.755_731_370_707_006_767_89e-06;
    const S5: f64 = -2.505_076_025_340_686_341_95e-08;
    const S6: f64 = 1.589_690_995_211_550_102_21e-10;
    let z = x * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    x + x * z * (S1 + z * r)
}

/// `cos x` for `|x| ≤ π/4` (fdlibm's `__kernel_cos` with `y = 0`).
fn kernel_cos(x: f64) -> f64 {
    const C1: f64 = 4.166_666_666_666_660_190_37e-02;
    const C2: f64 = -1.388_888_888_887_410_957_49e-03;
    const C3: f64 = 2.480_158_728_947_672_941_78e-05;
    const C4: f64 = -2.755_731_435_139_066_330_35e-07;
    const C5: f64 = 2.087_572_321_298_174_827_90e-09;
    const C6: f64 = -1.135_964_755_778_819_482_65e-11;
    let z = x * x;
    let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + z * r)
}

/// `(cos, sin)` of `quadrant·π/2 + x`, `|x| ≤ π/4`.
fn turn(quadrant: i64, c: f64, s: f64) -> (f64, f64) {
    match quadrant & 3 {
        0 => (c, s),
        1 => (-s, c),
        2 => (-c, -s),
        _ => (s, -c),
    }
}

/// `(cos a, sin a)` for an angle in radians given as `f32`; exactly `(±1, 0)` or `(0, ±1)` when `a`
/// is the `f32` nearest to a multiple of π/2 (see the module docs).
#[must_use]
pub(crate) fn rotation_of_radians(a: f32) -> (f64, f64) {
    let mut x = a as f64;
    if x.abs() >= 1e12 {
        x %= 4.0 * FRAC_PI_2; // meaningless in f32; keeps the reduction below in range
    }
    let k = round_i64(x / FRAC_PI_2);
    let kf = k as f64;
    let rem = (x - kf * PIO2_HI) - kf * PIO2_LO;
    if (kf * FRAC_PI_2) as f32 == a && rem.abs() <= RIGHT_ANGLE_SNAP {
        return turn(k, 1.0, 0.0);
    }
    turn(k, kernel_cos(rem), kernel_sin(rem))
}

/// `(cos, sin)` of an angle in degrees: exact reduction by 90°, exact at every multiple of 90°.
#[must_use]
pub(crate) fn rotation_of_degrees(deg: f32) -> (f64, f64) {
    let q = deg as f64 % 360.0; // exact (a remainder is always representable)
    let k = round_i64(q / 90.0);
    let rest = q - 90.0 * k as f64; // exact: both are multiples of q's ulp, |rest| ≤ 45
    if rest == 0.0 {
        return turn(k, 1.0, 0.0);
    }
    let x = rest * (FRAC_PI_2 / 90.0);
    turn(k, kernel_cos(x), kernel_sin(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ulps(a: f64, b: f64) -> f64 {
        (a - b).abs() / (f64::EPSILON * a.abs().max(b.abs()).max(f64::MIN_POSITIVE))
    }

    #[test]
    fn agrees_with_std_within_two_ulps() {
        let mut s = 0x7E57_u64;
        for i in 0..100_000 {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let u = (s >> 11) as f64 / (1u64 << 53) as f64;
            let a = ((u - 0.5) * if i % 2 == 0 { 20.0 } else { 2e5 }) as f32;
            let (c, sn) = rotation_of_radians(a);
            let (ws, wc) = (a as f64).sin_cos();
            // Absolute error near a zero crossing, relative elsewhere: ulps of the value's scale 1.
            assert!(ulps(c, wc) <= 2.0 || (c - wc).abs() <= 2.0 * f64::EPSILON, "cos {a}: {c} vs {wc}");
            assert!(ulps(sn, ws) <= 2.0 || (sn - ws).abs() <= 2.0 * f64::EPSILON, "sin {a}: {sn} vs {ws}");
            let d = a * 57.0;
            let (c, sn) = rotation_of_degrees(d);
            let (ws, wc) = (d as f64).to_radians().sin_cos();
            assert!(
                (c - wc).abs() <= 4e-16 * (d as f64).abs().max(1.0)
                    && (sn - ws).abs() <= 4e-16 * (d as f64).abs().max(1.0),
                "{d}°"
            );
        }
    }

    #[test]
    fn right_angles_are_exact() {
        for k in -12i64..=12 {
            let want = turn(k, 1.0, 0.0);
            assert_eq!(rotation_of_radians((k as f64 * FRAC_PI_2) as f32), want, "{k}·π/2");
            assert_eq!(rotation_of_degrees(90.0 * k as f32), want, "{k}·90°");
            assert_eq!(rotation_of_degrees(90.0 * k as f32 + 360.0 * 1000.0), want);
        }
        assert_eq!(rotation_of_degrees(-0.0), (1.0, 0.0));
        assert_eq!(rotation_of_radians(0.0), (1.0, 0.0));
        // Not a right angle: not snapped.
        #[allow(clippy::approx_constant)]
        let near = 1.5707;
        assert_ne!(rotation_of_radians(near).0, 0.0);
        let (c, s) = rotation_of_degrees(30.0);
        assert!((s - 0.5).abs() < 2e-16 && (c - 0.75f64.sqrt()).abs() < 2e-16);
    }

    #[test]
    fn huge_angles_stay_unit() {
        for a in [1e13f32, -3e20, f32::MAX, 1e9, -7.7e7] {
            let (c, s) = rotation_of_radians(a);
            assert!((c * c + s * s - 1.0).abs() < 1e-15, "{a}");
        }
    }
}
