//! How a command ended, as the process exit code says it.

/// How a command ended, as the process exit code says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done (exit 0).
    Done,
    /// The kit was written but its manifest check failed (exit 1).
    CheckFailed,
}
