//! The player's components page: a counting checklist of every component (a tick box, a
//! picture of one piece, its name, count and pages), then the parts to buy with their printed
//! stand-ins.

use crate::rulebook::figure::{FaceSource, trimmed_face};
use crate::rulebook::markdown::escape;

use super::assets::GameAssets;
use super::inputs::{KitInput, kit_words};
use super::marks::Numbers;
use super::plan::KitPlan;

/// A tick box to mark a piece as counted.
const TICK: &str = "box(width: 3.6mm, height: 3.6mm, stroke: 0.7pt + luma(40), radius: 0.5mm)";

/// A picture of one piece of a component (its first printed front, trimmed), at most
/// `max_w` × `max_h` mm; none for a component that prints nothing.
fn piece_picture(
    input: &KitInput,
    assets: &mut GameAssets,
    id: &str,
    (max_w, max_h): (f32, f32),
) -> Option<String> {
    let index = input.game.components.iter().position(|c| c.spec.id == id)?;
    let deck = input.faces.decks.iter().find(|d| d.component == index)?;
    let copy = deck.copies.first()?;
    let face = &input.faces.faces[copy.front];
    let card = &input.game.components[index].cards.get(copy.card)?.id;
    let file = FaceSource::face(assets, &format!("{id}/{card}")).ok()?;
    let (tw, th) = (face.size.width_mm, face.size.height_mm);
    let width = tw * (max_w / tw).min(max_h / th);
    Some(trimmed_face(&file, width, "0.3pt + luma(150)"))
}

/// The player's components page: a counting checklist (tick box, a picture of one piece, the
/// name, the count and its pages), then the parts to buy with their printed stand-ins.
pub(super) fn components_page(
    input: &KitInput,
    assets: &mut GameAssets,
    (plan, numbers): (&KitPlan, Numbers),
) -> String {
    let w = kit_words(input);
    let l = &w.checklist;
    let mut s = format!(
        "\n#pagebreak(weak: true)\n= {} <kit-components>\n\n{}\n\n",
        l.title, l.intro
    );
    let [piece, component, count] = &l.heads;
    s.push_str(&format!("#table(columns: (auto, 26mm, 1fr, auto), align: (center + horizon, center + horizon, left + horizon, right + horizon), stroke: (x, y) => (bottom: 0.4pt + luma(190)), table.header([], [{piece}], [{component}], [{count}]),\n"));
    for c in input.components.iter().filter(|c| c.kind != "bought") {
        // A component printed on no sheet page has no place in the print plan.
        let pages = match plan.spans.get(c.id.as_str()) {
            Some(&span) => format!(
                "[ · {}]",
                numbers.pages_of(&c.id, span, (&l.page, &l.pages))
            ),
            None => "[]".to_owned(),
        };
        let picture =
            piece_picture(input, assets, &c.id, (24.0, 16.0)).unwrap_or_else(|| "[—]".to_owned());
        s.push_str(&format!(
            "  {TICK}, {picture}, [*{}* \\ #text(size: 8pt, fill: luma(90))[{}{pages}]], [#text(size: 13pt, weight: \"bold\")[{}]],\n",
            escape(&c.name),
            escape(w.kind(&c.kind)),
            c.copies,
            pages = format_args!("#{pages}"),
        ));
    }
    s.push_str(")\n\n");
    s.push_str(&parts_to_buy(input, assets));
    s
}

/// The parts a player buys, each with its printed stand-in and a tick box.
fn parts_to_buy(input: &KitInput, assets: &mut GameAssets) -> String {
    let bought: Vec<&crate::model::Card> = input
        .game
        .components
        .iter()
        .filter(|c| !c.printed())
        .flat_map(|c| c.cards.iter())
        .collect();
    if bought.is_empty() {
        return String::new();
    }
    let l = &kit_words(input).checklist;
    // One block: the heading never ends a page without its table.
    let mut s = format!(
        "#block(breakable: false)[\n== {}\n\n{}\n\n",
        l.buy_title, l.buy_intro
    );
    let [part, count, stand_in] = &l.buy_heads;
    s.push_str(&format!("#table(columns: (auto, 1fr, auto, 1fr), align: (center + horizon, left + horizon, right + horizon, left + horizon), stroke: (x, y) => (bottom: 0.4pt + luma(190)), table.header([], [{part}], [{count}], [{stand_in}]),\n"));
    for part in bought {
        let stand_in = part
            .fields
            .get("stand_in")
            .and_then(|v| v.as_str())
            .unwrap_or("");
        let stand_in_name = input
            .components
            .iter()
            .find(|c| c.id == stand_in)
            .map_or_else(|| stand_in.to_owned(), |c| c.name.clone());
        let stand_in_cell = match piece_picture(input, assets, stand_in, (10.0, 10.0)) {
            Some(picture) => format!(
                "grid(columns: (auto, 1fr), column-gutter: 2mm, align: horizon, {picture}, [{}])",
                escape(&stand_in_name)
            ),
            None => format!("[{}]", escape(&stand_in_name)),
        };
        s.push_str(&format!(
            "  {TICK}, [{}], [*{}*], {stand_in_cell},\n",
            escape(&part.name),
            part.count,
        ));
    }
    s.push_str(")\n]\n\n");
    s
}
