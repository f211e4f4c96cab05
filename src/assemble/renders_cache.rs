//! The faces' renders kept in the command line's build cache for the next build.
//!
//! Filling in the templates and fitting their text was a tenth of Death to Decorum's rebuild
//! after one card's edit, and of a 10,000-card deck's, though every face but one came out as
//! it had. The render cache `watch` keeps in memory ([`RenderCache`]) is kept here between
//! processes: each face's SVG and the warnings fitting it gave, by the key of its template and
//! values. All renders are one entry, rewritten when a face was rendered anew.

use std::collections::HashMap;

use crate::output::cache::{DiskCache, Entry};
use crate::render::faces::{RenderCache, Rendered};

/// The entry's key: one per kit.
const KEY: &str = "renders";

/// Renders of more SVG than this in all are not kept: read back, they would sit beside the
/// faces made from them, doubling a large deck's SVG in memory (10,000 rich unique faces).
const MOST_KEPT: usize = 32 << 20;

/// The render cache of a command-line build: the last build's renders, read back.
pub(super) struct KeptRenders {
    pub(super) cache: RenderCache,
    /// How many renders were read back.
    read: usize,
}

impl KeptRenders {
    /// The renders `disk` kept, or none.
    pub(super) fn read(disk: &DiskCache) -> KeptRenders {
        let renders = disk
            .get(Entry::Renders, KEY, |bytes| decode(&bytes))
            .unwrap_or_default();
        KeptRenders {
            read: renders.len(),
            cache: RenderCache::holding(renders),
        }
    }

    /// Keeps this build's renders for the next, unless they are the ones read back (then the
    /// entry read stays) or too large to hold ([`MOST_KEPT`]).
    pub(super) fn keep(self, disk: &DiskCache) {
        let rendered = self
            .cache
            .rendered
            .load(std::sync::atomic::Ordering::Relaxed);
        let asked = self.cache.into_asked();
        if rendered == 0 && asked.len() == self.read {
            return;
        }
        let bytes: usize = asked.iter().map(|(_, r)| r.svg.len()).sum();
        if bytes <= MOST_KEPT {
            disk.put(Entry::Renders, KEY, &encode(&asked));
        }
    }
}

/// Renders as the entry holds them: for each, its key, its warnings and its SVG, each a
/// little-endian 32-bit length and its bytes (a warnings count before the warnings).
fn encode(renders: &[(String, Rendered)]) -> Vec<u8> {
    let size: usize = renders
        .iter()
        .map(|(k, r)| k.len() + r.svg.len() + 16)
        .sum();
    let mut out = Vec::with_capacity(size);
    let put = |text: &str, out: &mut Vec<u8>| {
        out.extend((text.len() as u32).to_le_bytes());
        out.extend(text.as_bytes());
    };
    for (key, rendered) in renders {
        put(key, &mut out);
        out.extend((rendered.warnings.len() as u32).to_le_bytes());
        for warning in &rendered.warnings {
            put(warning, &mut out);
        }
        put(&rendered.svg, &mut out);
    }
    out
}

/// Renders by key from the entry's bytes; none when they are not such.
fn decode(bytes: &[u8]) -> Option<HashMap<String, Rendered>> {
    let mut rest = bytes;
    let mut renders = HashMap::new();
    while !rest.is_empty() {
        let key = take_text(&mut rest)?;
        let count = take_u32(&mut rest)?;
        let warnings = (0..count)
            .map(|_| take_text(&mut rest))
            .collect::<Option<Vec<_>>>()?;
        let svg = take_text(&mut rest)?;
        renders.insert(key, Rendered { svg, warnings });
    }
    Some(renders)
}

fn take_u32(rest: &mut &[u8]) -> Option<u32> {
    let (head, tail) = rest.split_first_chunk::<4>()?;
    *rest = tail;
    Some(u32::from_le_bytes(*head))
}

fn take_text(rest: &mut &[u8]) -> Option<String> {
    let len = take_u32(rest)? as usize;
    let (text, tail) = rest.split_at_checked(len)?;
    *rest = tail;
    String::from_utf8(text.to_vec()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(svg: &str, warnings: &[&str]) -> Rendered {
        Rendered {
            svg: svg.to_owned(),
            warnings: warnings.iter().map(|w| (*w).to_owned()).collect(),
        }
    }

    #[test]
    fn renders_read_back_are_the_renders_kept() {
        let renders = vec![
            ("a1".to_owned(), rendered("<svg>é</svg>", &[])),
            ("b2".to_owned(), rendered("", &["card `X`: too long", ""])),
        ];
        let back = decode(&encode(&renders)).unwrap();
        assert_eq!(back.len(), 2);
        for (key, r) in &renders {
            assert_eq!(&back[key], r);
        }
    }

    #[test]
    fn bytes_cut_short_or_not_text_are_no_renders() {
        let bytes = encode(&[("key".to_owned(), rendered("<svg/>", &["w"]))]);
        for end in 1..bytes.len() {
            assert!(decode(&bytes[..end]).is_none(), "cut at {end}");
        }
        let mut bad = bytes.clone();
        let at = bad.len() - 2;
        bad[at] = 0xFF;
        assert!(decode(&bad).is_none());
        assert_eq!(decode(&[]).unwrap().len(), 0);
    }
}
