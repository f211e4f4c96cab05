//! Rendering the designer's templates: Tera environments, the template context and its
//! functions, faces expanded from card counts, the rules text, and parsing the resulting SVG.

pub mod faces;
pub mod raster;
pub mod rules;
pub mod shapes;
pub mod svg;
pub mod templates;
