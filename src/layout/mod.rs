//! Where pieces go on paper: pure geometry in millimetres, no drawing.

pub mod fit;
pub mod imposition;
pub mod nets;
pub mod pack;
pub mod plan;
pub mod tiling;
