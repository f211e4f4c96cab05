//! The credits the rulebook and the kit print: every font they embed and the icon sets of
//! the icons they draw, spliced in as a block of their own.

use crate::error::Result;
use crate::model::Game;
use crate::rulebook::credits;
use crate::rulebook::words::words;
use crate::text::fit::Icons;

/// The credits, under the heading `label`: every font given, and the icon sets of the icons
/// `drawn`. The rulebook's credits are in its contents only as a bookmark (`outlined`): the
/// kit, which holds its contents page, leaves them out.
pub(super) fn credits_block(
    (game, icons): (&Game, &Icons),
    fonts: &std::collections::BTreeSet<String>,
    drawn: &std::collections::BTreeSet<String>,
    label: &str,
    outlined: bool,
) -> Result<String> {
    let icons = credits::icon_credits(game, icons, drawn)?;
    let w = words(game);
    Ok(credits::markup(fonts, &icons, &w.credits, label, outlined))
}

/// The fonts the kit's own pages name, its first guess at what it credits in a build from
/// nothing: page headers and cover facts in Noto Sans and, without a rulebook to bring its
/// own, Typst's default body font. (The printing guide no longer sets file names in DejaVu
/// Sans Mono; guessing it cost each of the five examples' kits a second layout.)
pub(super) fn own_page_fonts(has_rules: bool) -> impl Iterator<Item = String> {
    let body = (!has_rules).then_some("Libertinus Serif");
    ["Noto Sans"].into_iter().chain(body).map(str::to_owned)
}
