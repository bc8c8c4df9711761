//! The memory the timed loops read and write, set up outside the timed samples: the batched
//! kernels' inputs at their largest size (`BatchedData`; smaller rows use a prefix), views of a
//! range of structure-of-arrays pairs, and the contact kernels' outputs ([`ContactBuffers`]),
//! sized and touched before a sample so that no page is first touched inside one.

use super::plan::{BenchConfig, Task};
use super::rng::SplitMix64;
use super::sets::{generate, SetSpec};
use crate::geom::batch::{self, PairsSoa};

/// Batched inputs, structure-of-arrays, at the largest size (smaller rows use a prefix).
#[derive(Default)]
pub(super) struct BatchedData {
    /// Centre coordinates per axis (x, y, z) and radii.
    pub(super) center: [Vec<f32>; 3],
    pub(super) radius: Vec<f32>,
    /// Velocities per axis (the sweep rows) and the times of impact they write.
    pub(super) velocity: [Vec<f32>; 3],
    pub(super) toi: Vec<f32>,
    pub(super) pairs2: PairsSoa<2>,
    pub(super) pairs3: PairsSoa<3>,
    pub(super) mask: Vec<u64>,
}

impl BatchedData {
    /// The inputs of every batched task of the plan: balls spread around the one box (with
    /// velocities of up to 16 per axis for the sweep rows), pairs at a 50 % hit rate (the ceiling
    /// reads these same arrays).
    pub(super) fn generate(config: &BenchConfig, tasks: &[(Task, u64)]) -> BatchedData {
        let lanes = |pairs: bool| {
            tasks
                .iter()
                .filter_map(|t| match t.0 {
                    Task::Batched { kernel, n, .. } if (kernel == super::plan::Kernel::Pairs) == pairs => Some(n),
                    _ => None,
                })
                .max()
                .unwrap_or(0)
        };
        let n = lanes(false);
        let mut g = SplitMix64::new(0xBA7C_4ED0);
        let q = |x: f32| (x * 16.0).round() / 16.0;
        let mut b = BatchedData::default();
        for axis in 0..3 {
            b.center[axis] = (0..n).map(|_| q(g.range(-16.0, 16.0))).collect();
        }
        b.radius = (0..n).map(|_| q(g.range(0.0, 8.0))).collect();
        for axis in 0..3 {
            b.velocity[axis] = (0..n).map(|_| q(g.range(-16.0, 16.0))).collect();
        }
        b.toi = vec![0.0; n];
        let np = lanes(true);
        if config.dims.contains(&2) {
            let s = generate::<2>(&SetSpec::new("pairs", np, 50, 0xBA7C_0002));
            b.pairs2 = PairsSoa::from_shapes(&s.balls, &s.boxes);
        }
        if config.dims.contains(&3) {
            let s = generate::<3>(&SetSpec::new("pairs", np, 50, 0xBA7C_0003));
            b.pairs3 = PairsSoa::from_shapes(&s.balls, &s.boxes);
        }
        b.mask = vec![0; batch::mask_words(n.max(np))];
        b
    }
}

/// Pairs `r` of a structure-of-arrays set, as the kernels take them.
pub(super) fn pairs_range<const D: usize>(p: &PairsSoa<D>, r: std::ops::Range<usize>) -> batch::PairsRef<'_, D> {
    batch::PairsRef {
        center: std::array::from_fn(|i| &p.center[i][r.clone()]),
        radius: &p.radius[r.clone()],
        min: std::array::from_fn(|i| &p.min[i][r.clone()]),
        max: std::array::from_fn(|i| &p.max[i][r.clone()]),
    }
}

/// The first `n` pairs (at most all of them).
pub(super) fn prefix<const D: usize>(p: &PairsSoa<D>, n: usize) -> batch::PairsRef<'_, D> {
    pairs_range(p, 0..n.min(p.len()))
}

/// Owned output arrays for [`batch::contact_push_pairs`], reused across samples (the CLI run and
/// the criterion bench share it).
pub struct ContactBuffers<const D: usize> {
    distance: Vec<f32>,
    penetration: Vec<f32>,
    push: [Vec<f32>; D],
    state: Vec<u8>,
}

impl<const D: usize> Default for ContactBuffers<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const D: usize> ContactBuffers<D> {
    /// Empty buffers; [`ContactBuffers::grow`] sizes them.
    #[must_use]
    pub fn new() -> Self {
        ContactBuffers {
            distance: Vec::new(),
            penetration: Vec::new(),
            push: std::array::from_fn(|_| Vec::new()),
            state: Vec::new(),
        }
    }

    /// At least `n` slots, written once (so that no page is first touched inside a timed sample).
    pub fn grow(&mut self, n: usize) {
        if self.distance.len() < n {
            self.distance.resize(n, 1.0);
            self.penetration.resize(n, 1.0);
            for p in &mut self.push {
                p.resize(n, 1.0);
            }
            self.state.resize(n, 1);
        }
    }

    /// Runs [`batch::contact_push_pairs`] (or, with `fast`, [`batch::contact_push_pairs_f32`]) into the
    /// buffers; returns the number of overlaps.
    pub fn run(&mut self, p: batch::PairsRef<'_, D>, fast: bool) -> usize {
        let mut push = self.push.iter_mut();
        let out = batch::ContactsMut {
            distance: &mut self.distance,
            penetration: &mut self.penetration,
            push: std::array::from_fn(|_| push.next().expect("D arrays").as_mut_slice()),
            state: &mut self.state,
        };
        if fast {
            batch::contact_push_pairs_f32(p, out)
        } else {
            batch::contact_push_pairs(p, out)
        }
    }

    /// [`ContactBuffers::run`], or with `par` its `par_*` form (on the current rayon pool; on the
    /// web, always the single-thread one).
    pub fn run_on(&mut self, p: batch::PairsRef<'_, D>, fast: bool, par: bool) -> usize {
        #[cfg(not(target_arch = "wasm32"))]
        if par {
            let mut push = self.push.iter_mut();
            let out = batch::ContactsMut {
                distance: &mut self.distance,
                penetration: &mut self.penetration,
                push: std::array::from_fn(|_| push.next().expect("D arrays").as_mut_slice()),
                state: &mut self.state,
            };
            return if fast {
                batch::par_contact_push_pairs_f32(p, out)
            } else {
                batch::par_contact_push_pairs(p, out)
            };
        }
        let _ = par;
        self.run(p, fast)
    }
}
