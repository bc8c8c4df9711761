//! The float helpers every algorithm uses: compare-and-select `max`/`min`, and square roots with
//! and without `std`.
//!
//! `core` has no `f64::sqrt` on stable Rust. With the `std` feature (the default) the crate calls the
//! platform's (one instruction on x86-64 and wasm); without it, [`soft_sqrt`] computes the same
//! correctly rounded result from an integer square root, so a `no_std` build gives bit-identical
//! answers, only slower.

#![forbid(unsafe_code)]

/// `√x`, correctly rounded (IEEE 754), NaN for negative `x`.
#[inline]
#[must_use]
pub(crate) fn sqrt(x: f64) -> f64 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        soft_sqrt(x)
    }
}

/// `√x` in `f32`, correctly rounded: rounding the correctly rounded `f64` root to `f32` is exact
/// (53 ≥ 2·24 + 2 bits, so the double rounding cannot go wrong).
#[inline]
#[must_use]
pub(crate) fn sqrtf(x: f32) -> f32 {
    #[cfg(feature = "std")]
    {
        x.sqrt()
    }
    #[cfg(not(feature = "std"))]
    {
        soft_sqrt(x as f64) as f32
    }
}

/// Correctly rounded `√x` from integers only.
///
/// Write `x = m · 2^e` with an integer `m` and an even `e`, scale `m` by `4^k` so that it has 105 or
/// 106 bits, and take the integer square root `q = ⌊√(m·4^k)⌋`, which has 53 bits: `√x = (q + f)·2^(e/2 − k)`
/// with `0 ≤ f < 1`. Round to nearest: `f ≥ ½ ⇔ m·4^k ≥ q² + q + ¼ ⇔ m·4^k − q² > q` (integers; a tie
/// is impossible). `q + 1` may reach `2^53`, still exact; the power of two is always a normal number
/// (the root of any positive `f64` lies in `[2^−537, 2^512)`), so the product is exact.
#[must_use]
#[cfg_attr(feature = "std", allow(dead_code))]
pub(crate) fn soft_sqrt(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return x; // keeps the sign of −0, as IEEE 754 asks
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if biased == 0 {
        (fraction as u128, -1074) // subnormal
    } else {
        ((fraction | (1u64 << 52)) as u128, biased - 1075)
    };
    if e % 2 != 0 {
        m <<= 1;
        e -= 1;
    }
    let k = (106 - (128 - m.leading_zeros() as i32)) / 2;
    let scaled = m << (2 * k);
    let mut q = scaled.isqrt();
    if scaled - q * q > q {
        q += 1;
    }
    let exp = e / 2 - k;
    q as f64 * f64::from_bits(((exp + 1023) as u64) << 52)
}

/// `max(a, b)` as a compare-and-select. Shapes are validated, so the NaN handling of `f32::max`
/// is not needed, and it would cost a second compare in the hot loops.
#[inline(always)]
#[must_use]
pub(crate) fn fmax(a: f32, b: f32) -> f32 {
    if a > b {
        a
    } else {
        b
    }
}

/// `min(a, b)` as a compare-and-select; see [`fmax`].
#[inline(always)]
#[must_use]
pub(crate) fn fmin(a: f32, b: f32) -> f32 {
    if a < b {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::soft_sqrt;

    #[test]
    fn soft_sqrt_is_the_correctly_rounded_root() {
        let specials = [0.0, -0.0, 1.0, 2.0, 4.0, 0.25, f64::MIN_POSITIVE, 5e-324, f64::MAX, f64::INFINITY, 1e-310];
        for x in specials {
            assert_eq!(soft_sqrt(x).to_bits(), x.sqrt().to_bits(), "{x:e}");
        }
        assert!(soft_sqrt(-1.0).is_nan() && soft_sqrt(f64::NAN).is_nan());
        // Every exponent, random fractions (SplitMix64), and the neighbours of perfect squares,
        // where rounding is closest to a tie.
        let mut s = 0x5EED_u64;
        let mut next = || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for _ in 0..200_000 {
            let x = f64::from_bits(next() & !(1u64 << 63));
            if x.is_finite() {
                assert_eq!(soft_sqrt(x).to_bits(), x.sqrt().to_bits(), "{x:e}");
            }
        }
        for i in 1..20_000u64 {
            let sq = (i * i) as f64;
            for x in [sq, f64::from_bits(sq.to_bits() - 1), f64::from_bits(sq.to_bits() + 1)] {
                assert_eq!(soft_sqrt(x).to_bits(), x.sqrt().to_bits(), "{x:e}");
            }
        }
    }
}
