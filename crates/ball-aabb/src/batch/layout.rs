//! The structure-of-arrays layouts the kernels read and write (one slice per coordinate, so that
//! consecutive lanes are consecutive floats), and the bitmask they write: bit `i % 64` of word
//! `i / 64` is lane `i`.

#![forbid(unsafe_code)]

use crate::shape::{Aabb, Ball};
use alloc::vec::Vec;

/// Lanes per block: one mask word.
pub(crate) const LANES: usize = 64;

/// Number of `u64` mask words needed for `n` lanes.
#[must_use]
pub const fn mask_words(n: usize) -> usize {
    n.div_ceil(LANES)
}

/// Bit `i` of a mask (false past its end).
#[must_use]
pub fn mask_bit(mask: &[u64], i: usize) -> bool {
    mask.get(i / LANES).is_some_and(|w| w >> (i % LANES) & 1 == 1)
}

/// The number of lanes every slice has: the shortest length (with `extra`, if given).
pub(crate) fn common_len<const D: usize>(c: &[&[f32]; D], extra: Option<&[f32]>) -> usize {
    let mut n = extra.map_or(usize::MAX, |r| r.len());
    for s in c {
        n = n.min(s.len());
    }
    if D == 0 {
        0
    } else {
        n
    }
}

/// Many ball/box pairs as borrowed structure-of-arrays: pair `i` is ball `(center[..][i], radius[i])`
/// against box `[min[..][i], max[..][i]]`.
#[derive(Clone, Copy, Debug)]
pub struct PairsRef<'a, const D: usize> {
    /// The centres, one slice per axis.
    pub center: [&'a [f32]; D],
    /// The radii (`≥ 0`).
    pub radius: &'a [f32],
    /// The boxes' min corners, one slice per axis.
    pub min: [&'a [f32]; D],
    /// The boxes' max corners, one slice per axis.
    pub max: [&'a [f32]; D],
}

impl<const D: usize> PairsRef<'_, D> {
    /// The number of complete pairs (the shortest array wins).
    #[must_use]
    pub fn len(&self) -> usize {
        let mut n = common_len(&self.center, Some(self.radius));
        n = n.min(common_len(&self.min, None)).min(common_len(&self.max, None));
        n
    }

    /// No complete pair?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Owned structure-of-arrays pairs, built from the checked shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct PairsSoa<const D: usize> {
    /// The centres, one array per axis.
    pub center: [Vec<f32>; D],
    /// The radii.
    pub radius: Vec<f32>,
    /// The boxes' min corners, one array per axis.
    pub min: [Vec<f32>; D],
    /// The boxes' max corners, one array per axis.
    pub max: [Vec<f32>; D],
}

impl<const D: usize> Default for PairsSoa<D> {
    fn default() -> Self {
        PairsSoa {
            center: core::array::from_fn(|_| Vec::new()),
            radius: Vec::new(),
            min: core::array::from_fn(|_| Vec::new()),
            max: core::array::from_fn(|_| Vec::new()),
        }
    }
}

impl<const D: usize> PairsSoa<D> {
    /// Splits `balls[i]` vs `boxes[i]` into arrays (the shorter list wins).
    #[must_use]
    pub fn from_shapes(balls: &[Ball<D>], boxes: &[Aabb<D>]) -> Self {
        let n = balls.len().min(boxes.len());
        let mut p = PairsSoa {
            center: core::array::from_fn(|_| Vec::with_capacity(n)),
            radius: Vec::with_capacity(n),
            min: core::array::from_fn(|_| Vec::with_capacity(n)),
            max: core::array::from_fn(|_| Vec::with_capacity(n)),
        };
        for (b, a) in balls.iter().zip(boxes) {
            let (c, lo, hi) = (b.center(), a.min(), a.max());
            for i in 0..D {
                p.center[i].push(c[i]);
                p.min[i].push(lo[i]);
                p.max[i].push(hi[i]);
            }
            p.radius.push(b.radius());
        }
        p
    }

    /// Borrowed view for the kernels.
    #[must_use]
    pub fn as_ref(&self) -> PairsRef<'_, D> {
        PairsRef {
            center: core::array::from_fn(|i| self.center[i].as_slice()),
            radius: &self.radius,
            min: core::array::from_fn(|i| self.min[i].as_slice()),
            max: core::array::from_fn(|i| self.max[i].as_slice()),
        }
    }

    /// The number of pairs.
    #[must_use]
    pub fn len(&self) -> usize {
        self.radius.len()
    }

    /// No pairs?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.radius.is_empty()
    }
}

/// Where [`contact_push_pairs`](super::contact_push_pairs) writes, one slot per pair (the shortest slice wins).
#[derive(Debug)]
pub struct ContactsMut<'a, const D: usize> {
    /// Signed distance from the centre to the box, as [`Contact::distance`](crate::Contact).
    pub distance: &'a mut [f32],
    /// As [`Contact::penetration`](crate::Contact).
    pub penetration: &'a mut [f32],
    /// As [`PushOut::push`](crate::PushOut), per axis.
    pub push: [&'a mut [f32]; D],
    /// 0 separated, 1 touching, 2 overlapping (as [`ContactState`](crate::ContactState)).
    pub state: &'a mut [u8],
}
