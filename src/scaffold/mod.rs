//! `protopress new NAME`: a small working game to start from: a deck with a back, a token
//! sheet, a board, a manifest and rules, with their templates. It builds and checks clean as
//! soon as it is written, so every later error is the designer's own change.

pub mod schema;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::project::{Project, is_game_name};

/// "space-traders" -> "Space Traders".
fn title(id: &str) -> String {
    id.split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The files of a new game, relative to the project root.
pub fn files(id: &str) -> Vec<(PathBuf, String)> {
    let mut files = data_files(id);
    files.extend(template_files(id));
    files
}

/// The new game's data: `game.yaml`, its card lists, its manifest and its rules.
fn data_files(id: &str) -> Vec<(PathBuf, String)> {
    let name = title(id);
    let data = |f: &str| Path::new("data").join(id).join(f);
    vec![
        (
            data("game.yaml"),
            game_yaml(&name),
        ),
        (
            data("deck.yaml"),
            r#"# The cards of the Main Deck; `count` copies of each are printed.
- name: Scout
  count: 6
  kind: crew
  value: 1
  text: "Look at the top card of the deck. Gain **1** :coin:."
- name: Merchant
  count: 4
  kind: crew
  value: 2
  text: "Trade one card from your hand for **2** gold."
- name: Dragon
  count: 2
  kind: threat
  value: 5
  text: "Every player loses *half* their gold, rounded down."
"#
            .to_owned(),
        ),
        (
            data("tokens.yaml"),
            "# Gold tokens: 10 worth 1 and 5 worth 5.\n- name: One Gold\n  count: 10\n  value: 1\n- name: Five Gold\n  count: 5\n  value: 5\n".to_owned(),
        ),
        (data("board.yaml"), "- name: Market Board\n".to_owned()),
        (
            data("manifest.yaml"),
            r#"# What the box holds; `protopress check` compares it with the data and the rules.
entries:
  - name: Main Deck Cards
    count: 12
    component: deck
    parts:
      - { name: Crew Cards, count: 10, where: { kind: crew } }
      - { name: Threat Cards, count: 2, where: { kind: threat } }
  - name: Gold Tokens
    count: 15
    component: tokens
  - name: Market Board
    count: 1
    component: board
"#
            .to_owned(),
        ),
        (
            data("rules.md"),
            rules_md(&name),
        ),
    ]
}

/// The new game's templates: a card's front and back, a token and the board.
fn template_files(id: &str) -> Vec<(PathBuf, String)> {
    let tpl = |f: &str| Path::new("templates").join(id).join(f);
    vec![
        (
            tpl("card-front.svg.tera"),
            r##"{#- The front of a Main Deck card. -#}
{%- set L = face.safe_left -%}{%- set R = face.safe_right -%}{%- set T = face.safe_top -%}
{% <face_svg bg={game.ink}> %}
<rect x="{{ face.bleed + 1.5 }}" y="{{ face.bleed + 1.5 }}" width="{{ face.trim_width - 3 }}" height="{{ face.trim_height - 3 }}" rx="3" fill="#ffffff"/>
<rect x="{{ face.bleed + 1.5 }}" y="{{ face.bleed + 1.5 }}" width="{{ face.trim_width - 3 }}" height="14" rx="3" fill="{{ game.accent }}"/>
{{ text_box(name="name", text=card.name, x=L + 1, y=T + 0.5, width=R - L - 12, height=10, size=6, min_size=3.5, family="DejaVu Sans Condensed", bold=true, fill="#ffffff", valign="middle", max_lines=1) }}
{{ text_box(name="value", text=card.value, x=R - 10, y=T + 0.5, width=9, height=10, size=6, min_size=4, bold=true, fill="#ffffff", align="right", valign="middle") }}
{{ text_box(name="kind", text=card.kind | upper, x=L + 1, y=T + 16, width=R - L - 2, height=6, size=3.5, min_size=2.5, fill=game.accent, align="center") }}
{{ text_box(name="text", text=card.text, x=L + 2, y=50, width=R - L - 4, height=28, size=4.2, min_size=2.6, align="center", valign="middle", fill=game.ink) }}
{% </face_svg> %}
"##
            .to_owned(),
        ),
        (
            tpl("card-back.svg.tera"),
            r##"{#- The shared back of the Main Deck. -#}
{% <face_svg bg={game.accent}> %}
<circle cx="{{ face.width / 2 }}" cy="{{ face.height / 2 }}" r="18" fill="none" stroke="#ffffff" stroke-width="1.2"/>
{{ text_box(name="title", text=game.name, x=face.safe_left, y=face.height / 2 - 5, width=face.safe_right - face.safe_left, height=10, size=5, min_size=3, bold=true, fill="#ffffff", align="center", valign="middle") }}
{% </face_svg> %}
"##
            .to_owned(),
        ),
        (
            tpl("token.svg.tera"),
            r##"{#- A gold token. -#}
{% <face_svg bg="#d4af37"> %}
{{ text_box(name="value", text=card.value, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=face.safe_bottom - face.safe_top, size=8, min_size=4, bold=true, fill="#22252b", align="center", valign="middle") }}
{% </face_svg> %}
"##
            .to_owned(),
        ),
        (
            tpl("board.svg.tera"),
            r##"{#- The Market Board: a row of market spaces. -#}
{%- set n = component.spaces -%}
{%- set w = (face.safe_right - face.safe_left) / n -%}
{% <face_svg bg="#f2efe6"> %}
{{ text_box(name="title", text=component.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=14, size=9, min_size=5, bold=true, fill=game.ink, align="center", valign="middle") }}
{%- for i in range(end=n) %}
<rect x="{{ face.safe_left + i * w + 1 }}" y="50" width="{{ w - 2 }}" height="{{ w - 2 }}" rx="2" fill="#ffffff" stroke="{{ game.accent }}" stroke-width="0.6"/>
{{ text_box(name="space", text=i + 1, x=face.safe_left + i * w + 1, y=52 + w, width=w - 2, height=6, size=4, min_size=3, align="center", fill=game.ink) }}
{%- endfor %}
{% </face_svg> %}
"##
            .to_owned(),
        ),
    ]
}

/// `game.yaml` of a new game called `name`: a deck, tokens and a board.
fn game_yaml(name: &str) -> String {
    format!(
        r##"# {name}: a new game made with `protopress new`. Edit freely.
name: {name}
revision: "1"
# On the rulebook's cover: how many play, minutes a game takes, youngest age.
players: [2, 4]
play_time: 30
age: 10
print:
  paper: a4
  bleed_mm: 3
  duplex: long-edge
data:
  ink: "#22252b"
  accent: "#2f6db5"
components:
  - id: deck
    name: Main Deck
    size: poker
    front: card-front.svg.tera
    back: {{ template: card-back.svg.tera }}
    cards: deck.yaml
    card_fields: [kind, value, text]
  - id: tokens
    name: Gold Tokens
    kind: tokens
    shape: circle
    size: {{ width_mm: 20, height_mm: 20 }}
    front: token.svg.tera
    cards: tokens.yaml
    card_fields: [value]
  - id: board
    name: Market Board
    kind: board
    size: {{ width_mm: 180, height_mm: 120 }}
    front: board.svg.tera
    cards: board.yaml
    data: {{ spaces: 10 }}
"##
    )
}

/// `rules.md` of a new game called `name`, stating the counts its manifest checks.
fn rules_md(name: &str) -> String {
    format!(
        r#"# {name}

Collect the most gold before the deck runs out.

## Components

- **12 Main Deck Cards**: 10 Crew Cards and 2 Threat Cards.
- **15 Gold Tokens**.
- **1 Market Board** with {{{{ components.board.spaces }}}} market spaces.

## Setup

1. Put the Market Board in the middle of the table.
2. Shuffle the deck and deal 3 cards to each player.
3. Put the gold tokens in a bank beside the board.

## Playing

On your turn, play a card and do what it says, then draw a card. A *threat* card affects
every player.

## The End

When the deck runs out, the player with the most gold :coin: wins.
"#
    )
}

/// Writes a new game `id` under `root`; refuses to overwrite anything.
pub fn create(root: &Path, id: &str) -> Result<Vec<PathBuf>> {
    if !is_game_name(id) {
        return Err(Error::new(format!("`{id}` is not a usable game name"))
            .help("use lower-case letters, digits and dashes, e.g. `space-traders`"));
    }
    if id == crate::project::COMMON {
        return Err(crate::project::common_taken().help("pick another name, e.g. `space-traders`"));
    }
    for dir in [Project::data_dir(id), Project::templates_dir(id)] {
        if root.join(&dir).exists() {
            return Err(Error::new(format!(
                "{} already exists; pick another name",
                dir.display()
            )));
        }
    }
    let mut written = Vec::new();
    for (path, text) in files(id) {
        crate::output::write_atomic(&root.join(&path), text.as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_from_ids() {
        assert_eq!(title("space-traders"), "Space Traders");
        assert_eq!(title("x"), "X");
    }

    #[test]
    fn refuses_bad_names_and_existing_games() {
        let dir = tempfile::tempdir().unwrap();
        assert!(create(dir.path(), "Bad Name").is_err());
        // Its templates would be the ones every game shares.
        let e = create(dir.path(), "common").unwrap_err();
        assert!(e.message.contains("cannot be named `common`"), "{e}");
        assert!(!dir.path().join("data").exists());
        create(dir.path(), "ok").unwrap();
        assert!(
            create(dir.path(), "ok")
                .unwrap_err()
                .message
                .contains("already exists")
        );
    }
}
