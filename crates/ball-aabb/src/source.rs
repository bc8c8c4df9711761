//! Where a published method comes from, as the registries ([`crate::algo::ALGORITHMS`], [`crate::motion::SWEEP`],
//! the world's strategies) cite it.

#![forbid(unsafe_code)]

/// Where an algorithm was published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    /// Who published it.
    pub author: &'static str,
    /// Where: the book, paper or post.
    pub venue: &'static str,
    /// When, if known.
    pub year: Option<u16>,
}

impl core::fmt::Display for Source {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.year {
            Some(y) => write!(f, "{}, {}, {}", self.author, self.venue, y),
            None => write!(f, "{}, {}", self.author, self.venue),
        }
    }
}
