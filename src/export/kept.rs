//! Exported images kept in the build cache for the next export in the same format
//! (`<out>/.cache/<game>/<kit>/export-<format>/`), each under a key naming all it is drawn
//! from: an export after one card's edit draws that card's images again, and parses only the
//! faces it draws. An entry another protopress wrote, or a damaged one, is a miss; the folder
//! holds what the format's last export used. The files are the same byte for byte either way.

use std::path::Path;

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::model::Game;
use crate::output::cache::{DiskCache, Entry};
use crate::render::faces::Face;

/// The images of one export that the cache kept, by their place in its list of keys.
pub(super) struct KeptImages {
    cache: Option<DiskCache>,
    keys: Vec<String>,
    images: Vec<Option<Vec<u8>>>,
}

impl KeptImages {
    /// The images kept under `keys` for `game`'s exports in `format`, read when `cached` (else
    /// none are, and none will be kept).
    pub(super) fn read(
        (out, game): (&Path, &Game),
        format: &str,
        cached: bool,
        keys: Vec<String>,
    ) -> KeptImages {
        let cache = cached
            .then(|| DiskCache::of_export(out, game, format))
            .flatten();
        let kept = |key: &String| cache.as_ref()?.get(Entry::Image, key, Some);
        let images = keys.par_iter().map(kept).collect();
        KeptImages {
            cache,
            keys,
            images,
        }
    }

    /// Whether image `i` was kept.
    pub(super) fn has(&self, i: usize) -> bool {
        self.images.get(i).is_some_and(Option::is_some)
    }

    /// Every image in order, kept or among `drawn` (by place). The images drawn now are
    /// entered in the cache as they go, to be copied from their files once the export is
    /// written ([`Taken::cache`], committed beside the export's folder), so no image is held
    /// twice in memory: `names` are those files, relative to that folder, in the keys' order.
    pub(super) fn with(self, drawn: Vec<(usize, Vec<u8>)>, names: &[String]) -> Result<Taken> {
        let KeptImages {
            cache,
            keys,
            mut images,
        } = self;
        let taken = images.iter().filter(|i| i.is_some()).count();
        for (i, png) in drawn {
            if let Some(cache) = &cache {
                cache.put_written(Entry::Image, &keys[i], &names[i], &png);
            }
            images[i] = Some(png);
        }
        let lost = || Error::new("internal: an exported image was neither kept nor drawn");
        let images = images.into_iter().map(|i| i.ok_or_else(lost));
        Ok(Taken {
            images: images.collect::<Result<_>>()?,
            cache,
            taken,
        })
    }
}

/// An export's images, with the cache to commit once its files are written.
pub(super) struct Taken {
    pub(super) images: Vec<Vec<u8>>,
    pub(super) cache: Option<DiskCache>,
    /// How many came from the cache.
    pub(super) taken: usize,
}

/// A face as an image's key names it: its hash (its art's within it), its size and bleed.
pub(super) fn face_key(face: &Face) -> String {
    let (wmm, hmm) = (face.size.width_mm, face.size.height_mm);
    format!("{} {wmm}x{hmm}+{}", face.hash, face.bleed)
}

/// What could refuse an image, for its key: the largest image an export draws and the limits
/// parsing a face keeps to (`PROTOPRESS_MAX_*`), which a face whose image was kept never meets.
pub(super) fn limits() -> String {
    let pixels = crate::render::raster::max_pixels();
    format!("{pixels} px, {}", crate::render::parse_limits())
}
