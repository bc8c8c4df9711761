//! The lane kernel of the batched world step's free-space path ([`crate::world::step_many`]):
//! for a block of up to 64 balls, the velocity with gravity, the end each ball reaches when
//! nothing is in its way (computed as the strategy's own no-contact path computes it), and the
//! rectangle every query of its exact step stays within. Safe code, branch-free per lane; `avx2.rs`
//! and `avx512.rs` compile the same body under `#[target_feature]`, where LLVM vectorises it (the
//! same bits on every path: additions, multiplications, comparisons and selects only, no fused
//! multiply-add). The portable build stays scalar as compiled today (rustc 1.95: no packed
//! instructions for it with SSE2, nor on wasm with `simd128`, where the web profile's
//! `opt-level = "z"` also turns LLVM's vectorisers off).

#![forbid(unsafe_code)]

use super::layout::LANES;

/// The balls of one block: the kernel's lanes.
pub(crate) const BLOCK: usize = LANES;

/// How a strategy moves a ball that meets nothing: what its no-contact path computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Motion {
    /// The discrete strategies: `c + v` in `f32` (`Circle::translated`).
    Translate,
    /// `per-axis`: each axis with `v[k] ≠ 0` moved by an `f32` addition, the others kept.
    PerAxis,
    /// The swept slides: the centre kept when `v = 0`, else `narrow(c + v)` in `f64`, which is
    /// the `f32` sum (`f64` has more than twice `f32`'s precision, so the double rounding of a sum
    /// is exact; no overflow within the bounds the kernel accepts).
    Swept,
    /// `plane-solver`: `t = c + v`, `δ = t − c`, `narrow(c + δ)`, all in `f64`.
    Plane,
}

/// The radius of every lane, or one each.
#[derive(Clone, Copy)]
pub(crate) enum LaneRadii<'a> {
    One(f32),
    Each(&'a [f32]),
}

/// One block's input: up to 64 balls (every slice the same length).
#[derive(Clone, Copy)]
pub(crate) struct FreeIn<'a> {
    pub x: &'a [f32],
    pub y: &'a [f32],
    pub vx: &'a [f32],
    pub vy: &'a [f32],
    pub r: LaneRadii<'a>,
    pub gravity: [f32; 2],
    /// `Params::slop`, 0 when not positive (as `Params::tolerance` takes it).
    pub slop: f32,
    pub motion: Motion,
}

/// One block's output, lane by lane.
pub(crate) struct FreeOut {
    /// The end of a free move.
    pub x: [f32; LANES],
    pub y: [f32; LANES],
    /// The velocity with gravity (the outgoing velocity of a free move).
    pub vx: [f32; LANES],
    pub vy: [f32; LANES],
    /// The rectangle to ask [`World::clear`](crate::world::World::clear) about: `lo`, `hi` per axis.
    pub lo: [[f32; LANES]; 2],
    pub hi: [[f32; LANES]; 2],
    /// May the lane take the free path at all (a finite velocity, coordinates far from overflow)?
    pub ok: [bool; LANES],
}

impl Default for FreeOut {
    fn default() -> Self {
        FreeOut {
            x: [0.0; LANES],
            y: [0.0; LANES],
            vx: [0.0; LANES],
            vy: [0.0; LANES],
            lo: [[0.0; LANES]; 2],
            hi: [[0.0; LANES]; 2],
            ok: [false; LANES],
        }
    }
}

/// Coordinates and velocities at most this large take the free path (every sum stays finite).
const BIG: f32 = 1e30;

/// The margin's relative part: the resolvers' swept bounds grow by `1e-6` of the coordinates,
/// and the `f32` rounding of this kernel's own sums is below `1e-7` of them.
const REL: f32 = 4e-6;

/// `sel ? a : b`, as a select LLVM vectorises.
#[inline(always)]
fn pick(sel: bool, a: f32, b: f32) -> f32 {
    if sel {
        a
    } else {
        b
    }
}

/// One axis of a free move by `v` from `c`.
#[inline(always)]
fn end_of(motion: Motion, c: f32, v: f32, still: bool) -> f32 {
    match motion {
        Motion::Translate => c + v,
        Motion::PerAxis => pick(v != 0.0, c + v, c),
        Motion::Swept => pick(still, c, c + v),
        Motion::Plane => {
            let (c64, v64) = (c as f64, v as f64);
            let t = c64 + v64;
            let d = t - c64;
            (c64 + d) as f32
        }
    }
}

/// The kernel body (shared by every code path): lanes `0..n` of `inp`, `n ≤ 64`.
#[inline(always)]
pub(crate) fn free_lanes_body(inp: &FreeIn<'_>, out: &mut FreeOut) {
    match inp.motion {
        Motion::Translate => lanes::<0>(inp, out),
        Motion::PerAxis => lanes::<1>(inp, out),
        Motion::Swept => lanes::<2>(inp, out),
        Motion::Plane => lanes::<3>(inp, out),
    }
}

#[inline(always)]
fn lanes<const M: u8>(inp: &FreeIn<'_>, out: &mut FreeOut) {
    let motion = match M {
        0 => Motion::Translate,
        1 => Motion::PerAxis,
        2 => Motion::Swept,
        _ => Motion::Plane,
    };
    let n = inp.x.len().min(inp.y.len()).min(inp.vx.len()).min(inp.vy.len()).min(LANES);
    let (x, y, vx, vy) = (&inp.x[..n], &inp.y[..n], &inp.vx[..n], &inp.vy[..n]);
    let [gx, gy] = inp.gravity;
    for j in 0..n {
        let r = match inp.r {
            LaneRadii::One(r) => r,
            LaneRadii::Each(rs) => rs.get(j).copied().unwrap_or(0.0),
        };
        let (cx, cy) = (x[j], y[j]);
        let (ux, uy) = (vx[j] + gx, vy[j] + gy);
        // `Params::tolerance`, as it computes it.
        let scale = cx.abs().max(cy.abs()).max(r);
        let tol = inp.slop.max(4.0 * f32::EPSILON * scale);
        let still = ux == 0.0 && uy == 0.0;
        let (ex, ey) = (end_of(motion, cx, ux, still), end_of(motion, cy, uy, still));
        // Every query of the exact step stays within `r + tol` (plus the relative margin) of the
        // segment from the centre to `c + v`.
        let (tx, ty) = (cx + ux, cy + uy);
        let mx = r + tol + REL * (cx.abs() + ux.abs() + r + tol);
        let my = r + tol + REL * (cy.abs() + uy.abs() + r + tol);
        out.x[j] = ex;
        out.y[j] = ey;
        out.vx[j] = ux;
        out.vy[j] = uy;
        out.lo[0][j] = cx.min(tx) - mx;
        out.hi[0][j] = cx.max(tx) + mx;
        out.lo[1][j] = cy.min(ty) - my;
        out.hi[1][j] = cy.max(ty) + my;
        out.ok[j] = ux.abs() < BIG && uy.abs() < BIG && cx.abs() < BIG && cy.abs() < BIG && r < BIG;
    }
}
