//! The faces' renders kept in the command line's build cache for the next build.
//!
//! Filling in the templates and fitting their text was a tenth of Death to Decorum's rebuild
//! after one card's edit, and of a 10,000-card deck's, though every face but one came out as
//! it had. The render cache `watch` keeps in memory ([`RenderCache`]) is kept here between
//! processes: each face's SVG and the warnings fitting it gave, by the key of its template and
//! values. All renders are one entry, rewritten when a face was rendered anew.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use crate::output::cache::{DiskCache, Entry};
use crate::render::faces::Face;
use crate::render::render_cache::{RenderCache, Rendered};

/// The entry's key: one per kit.
const KEY: &str = "renders";

/// Renders of more SVG than this in all are not kept: read back, they sit beside the faces
/// made from them until the faces are rendered. A 10,000-card deck of 1,000 faces renders
/// 2 MB of SVG, Death to Decorum 1 MB; 10,000 rich unique faces, which are not kept, 90 MB.
const MOST_KEPT: usize = 8 << 20;

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

    /// Writes this build's renders of `faces` back for the next, unless they are the ones
    /// read (then that entry stays). Renders too large to hold ([`MOST_KEPT`]) leave an
    /// empty entry in place of the one read, which later builds would read for nothing.
    pub(super) fn write_back(self, disk: &DiskCache, faces: &[Face]) {
        let rendered = self.cache.rendered.load(Ordering::Relaxed);
        let asked = self.cache.asked();
        if rendered == 0 && asked.len() == self.read {
            return;
        }
        let svg = |face: usize| faces.get(face).map_or("", |f| f.svg.as_str());
        let bytes: usize = asked.values().map(|a| svg(a.face).len()).sum();
        let kept = match bytes <= MOST_KEPT {
            true => encode(asked.iter().map(|(key, a)| (key, svg(a.face), &a.warnings))),
            false if self.read > 0 => Vec::new(),
            false => return,
        };
        disk.put(Entry::Renders, KEY, &kept);
    }
}

/// Renders as the entry holds them: for each, its key, its warnings and its SVG, each a
/// little-endian 32-bit length and its bytes (a warnings count before the warnings).
fn encode<'r>(renders: impl Iterator<Item = (&'r String, &'r str, &'r Vec<String>)>) -> Vec<u8> {
    let mut out = Vec::new();
    let put = |text: &str, out: &mut Vec<u8>| {
        out.extend((text.len() as u32).to_le_bytes());
        out.extend(text.as_bytes());
    };
    for (key, svg, warnings) in renders {
        put(key, &mut out);
        out.extend((warnings.len() as u32).to_le_bytes());
        for warning in warnings {
            put(warning, &mut out);
        }
        put(svg, &mut out);
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

    /// `renders` as the entry holds them.
    fn encoded(renders: &[(String, Rendered)]) -> Vec<u8> {
        encode(
            renders
                .iter()
                .map(|(k, r)| (k, r.svg.as_str(), &r.warnings)),
        )
    }

    #[test]
    fn renders_read_back_are_the_renders_kept() {
        let renders = vec![
            ("a1".to_owned(), rendered("<svg>é</svg>", &[])),
            ("b2".to_owned(), rendered("", &["card `X`: too long", ""])),
        ];
        let back = decode(&encoded(&renders)).unwrap();
        assert_eq!(back.len(), 2);
        for (key, r) in &renders {
            assert_eq!(&back[key], r);
        }
    }

    #[test]
    fn bytes_cut_short_or_not_text_are_no_renders() {
        let bytes = encoded(&[("key".to_owned(), rendered("<svg/>", &["w"]))]);
        for end in 1..bytes.len() {
            assert!(decode(&bytes[..end]).is_none(), "cut at {end}");
        }
        let mut bad = bytes.clone();
        let at = bad.len() - 2;
        bad[at] = 0xFF;
        assert!(decode(&bad).is_none());
        assert_eq!(decode(&[]).unwrap().len(), 0);
        // Counts and lengths claiming more than the bytes hold: a miss, at once.
        let key = [&3u32.to_le_bytes()[..], b"key"].concat();
        let many_warnings = [&key[..], &u32::MAX.to_le_bytes()].concat();
        assert!(decode(&many_warnings).is_none());
        let long_svg = [
            &key[..],
            &0u32.to_le_bytes(),
            &u32::MAX.to_le_bytes(),
            b"<svg/>",
        ]
        .concat();
        assert!(decode(&long_svg).is_none());
    }
}
