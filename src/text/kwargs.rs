//! Checking the arguments templates pass to protopress's functions (`text_box`, `icon`,
//! `clock`, `walls`): a misspelt name (`min_sz=2.6`) or a value that does not exist
//! (`text=card.carg`) is an error, not a silent default.

use tera::{Kwargs, TeraResult};

use crate::error::suggestion;

/// Fails on any argument of `function` not in `known`, suggesting the nearest, and on any
/// argument whose value is undefined.
pub fn check(kwargs: &Kwargs, function: &str, known: &[&str]) -> TeraResult<()> {
    for (key, value) in kwargs.iter() {
        let key = key.to_string();
        let key = key.trim_matches('"');
        if !known.contains(&key) {
            return Err(tera::Error::message(format!(
                "{function}() has no argument `{key}` ({})",
                suggestion(key, known.iter().copied())
            )));
        }
        if value.is_undefined() {
            return Err(tera::Error::message(format!(
                "{function}(): `{key}` is given a value that does not exist; \
                 check the spelling of the field (cards may only use their declared fields)"
            )));
        }
    }
    Ok(())
}
