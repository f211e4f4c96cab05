//! Where pieces go on paper: pure geometry in millimetres, no drawing.

pub mod cut;
pub mod fit;
pub mod fold;
pub mod imposition;
pub mod nets;
pub mod pack;
pub mod plan;
pub mod share;
pub mod tiling;
