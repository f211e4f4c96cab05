//! The words protopress prints itself (a kit's own pages, sheet labels, a reprint's
//! changelog), per language, from Fluent catalogues a translator edits without touching Rust.
//!
//! Every shipped language's `i18n/<code>/kit.ftl` is compiled into the binary; a project
//! may override any message, or add a language, with its own `locales/<code>/kit.ftl`. A kit
//! in `de-CH` reads `de` first and `de-CH` over it, so a region changes only what differs.
//! What a language lacks is printed in English, and each missing message is one warning.

mod catalogue;
pub mod codes;
mod shipped;

pub use catalogue::{Arg, Catalogue};
pub use shipped::{CHECKS, SHIPPED};
