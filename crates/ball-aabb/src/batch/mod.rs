//! Batched tests over structure-of-arrays data: many positions, pairs or moving balls at once.
//!
//! Three shapes of work:
//! - **one box, many balls** ([`overlap_mask_one_box`], [`overlap_mask_one_box_fixed`], [`grid_mask_2d`]):
//!   the box is loaded once, the balls stream through;
//! - **many pairs** ([`overlap_mask_pairs`]): pair `i` is ball `i` against box `i`, every field in its own array;
//! - **contact and push-out for many pairs** ([`contact_push_pairs`]): what [`contact`](crate::contact::contact()) and
//!   [`response`](crate::response::response()) give, bit for bit, for a whole array of pairs;
//! - **many balls swept against one box** ([`sweep_one_box`]): each one's time of impact, as
//!   [`sweep`](super::sweep()) gives it, bit for bit.
//!
//! The overlap kernels write a bitmask (bit `i % 64` of word `i / 64` is pair `i`; bits past the end
//! are 0) and return the number of overlaps; the `count_*` forms return only the count.
//!
//! # The test
//! Per lane, branch-free: `e = c − clamp(c, min, max)` per axis, `d = Σ e²` (axis order x, y, z, starting
//! from 0), overlap ⇔ `d ≤ r²`. That is exactly the arithmetic of the registry's `clamp` (and `arvo`), so
//! every bit agrees with them on any valid input, not just on nice numbers. Multiplications and additions
//! are kept separate (no fused multiply-add) for that reason.
//!
//! # Speed
//! No data-dependent branch anywhere. The portable code works on blocks of 64 lanes that LLVM
//! vectorises for whatever the compile-time target offers (SSE2 on a default x86-64 build, simd128 on
//! wasm when enabled, NEON). On x86-64 the CPU is probed once (`is_x86_feature_detected!`; [`set_level`]
//! can override it) and, when it has AVX2 + FMA + POPCNT, the overlap kernels switch to hand-written
//! AVX2 intrinsics (8 lanes per instruction, one `vmovmskps` per 8 mask bits) and the contact kernel
//! to an AVX2 clone of the portable loop (`#[target_feature]`, 4 `f64` lanes), all without
//! `-C target-cpu=native`. When the CPU also has AVX-512 F/BW/DQ/VL, the overlap kernels use AVX-512
//! intrinsics instead (16 lanes per instruction, the compare writing its 16 mask bits directly, masked
//! loads for the last block) and the contact kernel an AVX-512 clone. Every path gives the same bits.
//!
//! With the `parallel` feature, the `par_*` forms split large arrays across rayon's thread pool
//! (above `PAR_THRESHOLD` lanes, in chunks of `PAR_CHUNK`; below it they are the single-thread kernels).
//!
//! # Input
//! Plain `f32` slices (glam's SIMD types are off in this build: macroquad turns on `scalar-math`).
//! The values are assumed valid, as the checked constructors of [`Ball`](crate::Ball) and
//! [`Aabb`](crate::Aabb) guarantee: finite, `r ≥ 0`. With mismatched lengths the shortest slice wins,
//! and the work stops where the mask runs out of words; nothing panics.
//!
//! ```
//! use ball_aabb::batch::{mask_bit, mask_words, overlap_mask_one_box_fixed};
//! use ball_aabb::Rect;
//! let b = Rect::new([0.0, 0.0], [4.0, 2.0]).unwrap();
//! let xs = [5.0, 6.0, 2.0, -1.0];
//! let ys = [1.0, 1.0, 1.0, -1.0];
//! let mut mask = vec![0; mask_words(xs.len())];
//! let hits = overlap_mask_one_box_fixed(&b, 1.0, [&xs, &ys], &mut mask);
//! assert_eq!(hits, 2);
//! assert!(mask_bit(&mask, 0));  // touching at x = 4 + 1
//! assert!(!mask_bit(&mask, 1)); // 2 away
//! assert!(mask_bit(&mask, 2));  // inside
//! assert!(!mask_bit(&mask, 3)); // corner (0, 0) is √2 away
//! ```
//!
//! # Files
//! From the top down; each file imports only files below it.
//! - `parallel.rs` (feature `parallel`): the `par_*` forms, chunks of the kernels below on rayon's pool;
//! - `dispatch.rs`: the public kernels, each handing its lanes to the code path in use through one macro;
//! - `avx512.rs`: the AVX-512 intrinsics and `#[target_feature]` clones of the loops below — with
//!   `avx2.rs`, the only `unsafe` code of the crate;
//! - `avx2.rs`: the same for AVX2;
//! - `portable.rs`: the branch-free loops in plain Rust, blocks of 64 lanes (safe code only);
//! - `step.rs`: the lane kernel of the batched world step's free-space path
//!   ([`crate::world::step_many`]; safe code);
//! - `sweep.rs`: the batched sweep's loop (safe code, over the scalar sweep of [`crate::motion`]);
//! - `layout.rs`: the structure-of-arrays views ([`PairsRef`], [`PairsSoa`], [`ContactsMut`]) and the mask;
//! - `cpu.rs`: which code path this CPU runs ([`level`], [`set_level`]).

/// The CPU token of one instruction-set level and its safe doors to that file's `unsafe` functions
/// (`one_box`, `pairs`, `stream_read`, `sweep_one_box`, `contact_push`, `count_pairs`, each under
/// `#[target_feature]`): written once here, expanded in `avx2.rs` and `avx512.rs`. Only `get` makes
/// a token, and only when [`level`](cpu::level) selects the level (detected at run time;
/// [`set_level`](cpu::set_level) only chooses levels the CPU has): that is what makes every call
/// below sound, with the length checks each door makes first.
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
macro_rules! safe_doors {
    ($(#[$doc:meta])* $token:ident, $level:path, $isa:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $token(());

        impl $token {
            #[doc = concat!("`Some` when the ", $isa, " path is selected.")]
            #[inline]
            pub(crate) fn get() -> Option<$token> {
                (level() == $level).then_some($token(()))
            }

            /// One box against many balls; `c[i]` (and `radii` when given) have at least `n` elements.
            #[inline]
            #[allow(clippy::too_many_arguments)]
            pub(super) fn one_box<const D: usize, S: Sink>(
                self,
                lo: &[f32; D],
                hi: &[f32; D],
                c: [&[f32]; D],
                radii: Option<&[f32]>,
                fixed_r: f32,
                n: usize,
                sink: &mut S,
            ) -> usize {
                assert!(c.iter().all(|s| s.len() >= n) && radii.is_none_or(|r| r.len() >= n));
                // SAFETY: the token proves the features (see `get`); the assertion above is the
                // bound every read relies on.
                unsafe { one_box(lo, hi, c, radii, fixed_r, n, sink) }
            }

            /// Pairs `0..n`; every array of `p` has at least `n` elements.
            #[inline]
            pub(super) fn pairs<const D: usize, S: Sink>(self, p: &PairsRef<'_, D>, n: usize, sink: &mut S) -> usize {
                assert!(p.len() >= n);
                // SAFETY: the features are present (the token), and `n ≤ p.len()` bounds every read.
                unsafe { pairs(p, n, sink) }
            }

            #[doc = concat!("The memory reader (the ceiling's), ", $isa, ".")]
            #[inline]
            pub(super) fn stream_read<const K: usize>(self, s: &[&[f32]; K], n: usize) -> u32 {
                assert!(s.iter().all(|x| x.len() >= n));
                // SAFETY: the features are present (the token) and every stream has n lanes (checked above).
                unsafe { stream_read(s, n) }
            }

            #[doc = concat!("The batched sweep (safe code compiled for ", $isa, "); every slice has at least `n` lanes.")]
            #[inline]
            pub(super) fn sweep_one_box<const D: usize>(
                self,
                aabb: &Aabb<D>,
                c: [&[f32]; D],
                r: &[f32],
                v: [&[f32]; D],
                toi: &mut [f32],
                n: usize,
            ) -> usize {
                // SAFETY: the features are present (the token); the body is safe code (indexing is checked).
                unsafe { sweep_one_box(aabb, c, r, v, toi, n) }
            }

            #[doc = concat!("The contact + push loop (safe code compiled for ", $isa, ").")]
            #[inline]
            pub(super) fn contact_push<const D: usize, F: Real>(
                self,
                p: &PairsRef<'_, D>,
                out: ContactsMut<'_, D>,
                n: usize,
            ) -> usize {
                // SAFETY: the features are present (the token); the body is safe code (indexing is checked).
                unsafe { contact_push::<D, F>(p, out, n) }
            }

            #[doc = concat!("The registry's pair loop (safe code compiled for ", $isa, ").")]
            #[inline]
            pub(crate) fn count_pairs<A: OverlapTest, const D: usize>(self, balls: &[Ball<D>], boxes: &[Aabb<D>]) -> usize {
                // SAFETY: the features are present (the token); the body is safe code.
                unsafe { count_pairs::<A, D>(balls, boxes) }
            }
        }
    };
}

/// A `#[target_feature]` clone of a safe lane body, and the safe method on the CPU token that calls
/// it: written once here, expanded in `avx2.rs` and `avx512.rs` (the only files that allow
/// `unsafe`). The token exists only when the CPU has the features, which is what makes the call
/// sound; the body is safe code (every index checked).
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
macro_rules! target_clone {
    ($(#[$doc:meta])* $token:ident, $features:literal, fn $name:ident($($arg:ident: $ty:ty),*) = $body:path) => {
        #[target_feature(enable = $features)]
        fn $name($($arg: $ty),*) {
            $body($($arg),*)
        }

        impl $token {
            $(#[$doc])*
            #[inline]
            pub(crate) fn $name(self, $($arg: $ty),*) {
                // SAFETY: `self` exists only when the CPU has the features (see the token's `get`);
                // the body is safe code.
                unsafe { $name($($arg),*) }
            }
        }
    };
}

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
mod avx2;
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
mod avx512;
mod cpu;
mod dispatch;
mod layout;
#[cfg(feature = "parallel")]
mod parallel;
mod portable;
pub(crate) mod step;
mod sweep;

pub use cpu::{available_levels, level, set_level, Level};
pub(crate) use dispatch::free_lanes;
pub use dispatch::{
    contact_push_pairs, contact_push_pairs_f32, count_one_box, count_pairs, count_pairs_soa, grid_mask_2d,
    overlap_mask_one_box, overlap_mask_one_box_fixed, overlap_mask_pairs, stream_read, sweep_one_box,
};
pub use layout::{mask_bit, mask_words, ContactsMut, PairsRef, PairsSoa};
#[cfg(feature = "parallel")]
pub use parallel::{
    par_contact_push_pairs, par_contact_push_pairs_f32, par_count_one_box, par_count_pairs_soa,
    par_overlap_mask_one_box, par_overlap_mask_one_box_fixed, par_overlap_mask_pairs, par_stream_read,
    par_sweep_one_box, PAR_CHUNK, PAR_THRESHOLD,
};
