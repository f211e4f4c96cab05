//! The typed model of a game, loaded from `data/<game>/game.yaml` and the card files it names.
//!
//! Loading is strict: an unknown field is an error naming the file, line and column with the
//! nearest known field, because a typo that silently does nothing costs a designer a print run.

pub mod cards;
pub mod fields;
pub mod game;
pub mod game_file;
pub mod lang;
pub mod layout;
pub mod localized;
pub mod preflight;
pub mod print;
pub mod sheet;
pub mod table;
pub mod translations;
pub mod validate;
pub mod workbook;
pub mod yaml;

pub use cards::{Card, MAX_COPIES, RESERVED_CARD_FIELDS, parse_cards};
pub use fields::{CardFields, FieldDecl, FieldType};
pub use game::Game;
pub use game_file::{
    BackSpec, Component, ComponentKind, ComponentSpec, GameFile, Span, TemplateRule, TokenShape,
    TopLayer, Window,
};
pub use lang::Langs;
pub use yaml::{MAX_YAML_NESTING, parse_yaml, yaml_error};

pub use crate::slug::{MAX_ID_BYTES, id_from_name, is_slug, slugify};
