//! Rendering the designer's templates: Tera environments, the template context and its
//! functions, faces expanded from card counts, the rules text, and parsing the resulting SVG.

pub mod faces;
pub mod filters;
pub mod keep;
pub mod raster;
pub mod render_cache;
pub mod rules;
pub mod shaped;
pub mod shapes;
pub mod svg;
pub mod templates;
pub mod trees;

use std::sync::Arc;

use crate::error::Result;
use crate::model::Game;
use crate::text::fit::{Icons, TextEngine};
use crate::text::fonts::Fonts;
use templates::Templates;

/// The limits a face's parse is held to (its images' pixels and files' bytes, its filters'
/// cost), each set by the environment: a face parsed under one set may fail under another, so
/// what a parse found is kept in the build cache under them (the faces' notes).
pub fn parse_limits() -> String {
    format!(
        "image {} px, filter {} Gops, file {} bytes",
        svg::max_image_pixels(),
        filters::limit_gops(),
        crate::project::max_file_bytes()
    )
}

/// What renders a game's faces: its fonts, the text engine (icons, overflow policy, the
/// warnings it collects) and the Tera environment with protopress's functions.
pub struct Renderer {
    pub fonts: Fonts,
    pub engine: Arc<TextEngine>,
    pub templates: Templates,
}

impl Renderer {
    /// Loads the fonts, icons and templates a build of `game` uses.
    pub fn load(game: &Game) -> Result<Renderer> {
        let (project, id) = (&game.project, game.id.as_str());
        let fonts = Fonts::of_game(project, id).map_err(|e| e.game(id))?;
        let icons = Icons::load(project, id).map_err(|e| e.game(id))?;
        let icons_digest = icons.digest();
        let engine = Arc::new(TextEngine::new(
            fonts.faces.clone(),
            icons,
            game.file.print.text_overflow,
        ));
        // What a render depends on beside its template and values: a kept render is one made
        // with the same icons, fonts, overflow policy and size limit.
        let settings = format!(
            "{:?} {}",
            game.file.print.text_overflow,
            templates::render_limit()
        );
        let templates = Templates::load(project, id, Arc::clone(&engine))
            .map_err(|e| e.game(id))?
            .depending_on(&[&icons_digest, &fonts.digest, &settings]);
        Ok(Renderer {
            fonts,
            engine,
            templates,
        })
    }
}
