//! Small pictures packed into a few larger images (sprites), each shown through a window onto
//! its sprite (`object-position` on an `<img>`).
//!
//! A file costs more than its bytes: on a disk that has seen many files come and go, creating
//! one took close to a millisecond (170 thumbnails 145 ms, the same bytes as 6 files 6 ms), and a
//! rebuild deletes every one again. Death to Decorum's index showed 168 pictures as 168 files;
//! packed, they are ten. A sprite holds a bounded number of pixels, so a big game's page
//! still loads lazily, a sprite at a time.

use std::sync::Arc;

use rayon::prelude::*;
use resvg::tiny_skia::Pixmap;
use sha2::{Digest, Sha256};

use crate::digest::hex;
use crate::error::Result;
use crate::render::raster::{png_preview, rgb_into};

/// A sprite's width in pixels, unless a wider picture needs more.
const SPRITE_WIDTH: u32 = 1200;
/// A sprite's height in pixels before the next sprite starts (a taller picture starts one,
/// which then grows to its height): two rows of card thumbnails. A rebuild after one card's
/// edit reads the thumbnails of, composes and encodes the sprites that show the card and its
/// sheet page: at 1,600 pixels (three sprites for Death to Decorum's index, rather than ten)
/// that was three to five times the pixels, and the edit took 0.149 s rather than 0.132 s
/// (15 runs interleaved; 248 → 215 ms of CPU), a build from nothing or of nothing changed the
/// same.
const SPRITE_HEIGHT: u32 = 400;

/// Where a picture is: its sprite's path (relative to the page) and its place in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    pub src: String,
    pub x: u32,
    pub y: u32,
}

/// An image file beside the page: its path relative to the page, and its PNG bytes.
pub type Image = (String, Vec<u8>);

/// A picture to pack: its size, and a name for what it shows. Pictures of the same name are
/// the same pixels, so a sprite of the same pictures at the same places is the sprite made
/// before.
pub struct Picture {
    pub size: (u32, u32),
    pub name: String,
}

/// Where sprites made by earlier builds are kept, by a digest of what they show
/// ([`sprite_key`]).
pub trait SpriteStore: Sync {
    fn sprite(&self, key: &str) -> Option<Vec<u8>>;
    fn keep_sprite(&self, key: &str, png: &[u8]);
}

/// Packs `pictures` in order, left to right in rows, into sprites named `<prefix>-<n>.png`
/// (from 1), and returns each picture's slot and the sprites' files.
///
/// A sprite `store` holds is taken as it is; only the pictures of the others are drawn, by
/// `draw` (given their indices, it returns their pixels, none for a picture it cannot draw,
/// which leaves its place white). A rebuild after one card's edit draws and encodes the
/// sprites of faces and of pages that show it, one or two of each, and one that changed
/// nothing reads every sprite back without drawing or reading a thumbnail.
pub fn pack(
    prefix: &str,
    pictures: &[Picture],
    store: Option<&dyn SpriteStore>,
    draw: impl FnOnce(&[usize]) -> Result<Vec<Option<Arc<Pixmap>>>>,
) -> Result<(Vec<Slot>, Vec<Image>)> {
    let places = shelves(pictures.iter().map(|p| p.size));
    let sprites = places.iter().map(|p| p.sprite + 1).max().unwrap_or(0);
    let members: Vec<Vec<usize>> = (0..sprites)
        .map(|n| {
            (0..places.len())
                .filter(|&i| places[i].sprite == n)
                .collect()
        })
        .collect();
    let keys: Vec<String> = members
        .iter()
        .map(|m| sprite_key(prefix, m.iter().map(|&i| (&pictures[i], &places[i]))))
        .collect();
    let kept: Vec<Option<Vec<u8>>> = keys
        .par_iter()
        .map(|key| store.and_then(|s| s.sprite(key)))
        .collect();
    let missing: Vec<usize> = (0..sprites)
        .filter(|&n| kept[n].is_none())
        .flat_map(|n| members[n].iter().copied())
        .collect();
    let mut drawn: Vec<Option<Arc<Pixmap>>> = vec![None; pictures.len()];
    if !missing.is_empty() {
        for (i, pixels) in missing.iter().zip(draw(&missing)?) {
            drawn[*i] = pixels;
        }
    }
    let name = |n: usize| format!("{prefix}-{}.png", n + 1);
    let images = kept
        .into_par_iter()
        .enumerate()
        .map(|(n, kept)| {
            let png = match kept {
                Some(png) => png,
                None => {
                    let at: Vec<(&Pixmap, &Place)> = members[n]
                        .iter()
                        .filter_map(|&i| Some((&**drawn[i].as_ref()?, &places[i])))
                        .collect();
                    let sized = members[n].iter().map(|&i| (pictures[i].size, &places[i]));
                    let size = sprite_size(sized);
                    let png = png_preview(size, &compose(size, &at))?;
                    // A picture not drawn leaves a hole a later build could fill: not kept.
                    if let (Some(store), true) = (store, at.len() == members[n].len()) {
                        store.keep_sprite(&keys[n], &png);
                    }
                    png
                }
            };
            Ok((name(n), png))
        })
        .collect::<Result<Vec<Image>>>()?;
    let slots = places
        .iter()
        .map(|p| Slot {
            src: name(p.sprite),
            x: p.x,
            y: p.y,
        })
        .collect();
    Ok((slots, images))
}

/// The key of a sprite: a digest of its prefix and of each picture's name, size and place.
fn sprite_key<'a>(prefix: &str, members: impl Iterator<Item = (&'a Picture, &'a Place)>) -> String {
    let mut hash = Sha256::new();
    hash.update(prefix.as_bytes());
    for (picture, at) in members {
        hash.update((picture.name.len() as u64).to_le_bytes());
        hash.update(picture.name.as_bytes());
        for v in [picture.size.0, picture.size.1, at.x, at.y] {
            hash.update(v.to_le_bytes());
        }
    }
    hex(&hash.finalize())
}

/// The size of a sprite: to the right and lower edges of its pictures.
fn sprite_size<'a>(members: impl Iterator<Item = ((u32, u32), &'a Place)>) -> (u32, u32) {
    members.fold((1, 1), |(w, h), ((pw, ph), at)| {
        (w.max(at.x + pw), h.max(at.y + ph))
    })
}

/// A picture's sprite and its top-left corner in it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Place {
    sprite: usize,
    x: u32,
    y: u32,
}

/// Shelf packing: a picture goes right of the last one when the row has room, else starts a
/// row below the row's tallest; a row that would pass the sprite's height starts a sprite.
fn shelves(sizes: impl Iterator<Item = (u32, u32)>) -> Vec<Place> {
    let mut places = Vec::new();
    let (mut sprite, mut x, mut y, mut row) = (0, 0, 0, 0);
    for (w, h) in sizes {
        if x > 0 && x + w > SPRITE_WIDTH {
            (x, y, row) = (0, y + row, 0);
        }
        if y > 0 && y + h.max(row) > SPRITE_HEIGHT {
            (sprite, x, y, row) = (sprite + 1, 0, 0, 0);
        }
        places.push(Place { sprite, x, y });
        x += w;
        row = row.max(h);
    }
    places
}

/// One sprite's RGB pixels: white, its pictures copied to their places row by row, without
/// their alpha (a drawing call would blend every pixel; the thumbnails are opaque, so a copy is
/// the same picture). Put together as RGB, a sprite is not held twice, as pixels and again
/// as the encoder's RGB (Death to Decorum's 1200 × 1600 sprites were 7.7 MB each).
fn compose((width, height): (u32, u32), members: &[(&Pixmap, &Place)]) -> Vec<u8> {
    let stride = width as usize * 3;
    let mut sprite = vec![0xFF; stride * height as usize];
    for (picture, at) in members {
        // Drawn at another size than it was placed for, it would spill out of its place.
        if at.x + picture.width() > width || at.y + picture.height() > height {
            continue;
        }
        let (row, out) = (picture.width() as usize * 4, picture.width() as usize * 3);
        for (y, line) in picture.data().chunks_exact(row).enumerate() {
            let start = (at.y as usize + y) * stride + at.x as usize * 3;
            rgb_into(line, &mut sprite[start..start + out]);
        }
    }
    sprite
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(sprite: usize, x: u32, y: u32) -> Place {
        Place { sprite, x, y }
    }

    #[test]
    fn rows_wrap_at_the_width_and_sprites_at_the_height() {
        // Ten 110 × 150 cards fill a row: the eleventh would pass 1200 px.
        let places = shelves(std::iter::repeat_n((110, 150), 120));
        assert_eq!(places[0], place(0, 0, 0));
        assert_eq!(places[9], place(0, 990, 0));
        assert_eq!(places[10], place(0, 0, 150));
        // Two rows of 150 px fill 300 of 400 px; the third starts a sprite.
        assert_eq!(places[19], place(0, 990, 150));
        assert_eq!(places[20], place(1, 0, 0));
        assert_eq!(places[119], place(5, 990, 150));
    }

    #[test]
    fn a_row_is_as_tall_as_its_tallest_picture() {
        let places = shelves([(200, 100), (200, 160), (200, 50), (1100, 10)].into_iter());
        assert_eq!(places[3], place(0, 0, 160));
    }

    #[test]
    fn a_picture_wider_or_taller_than_a_sprite_makes_its_sprite_as_big() {
        let places = shelves([(100, 100), (3000, 100), (100, 2000), (100, 100)].into_iter());
        assert_eq!(
            places,
            [
                place(0, 0, 0),
                place(0, 0, 100),
                place(1, 0, 0),
                place(1, 100, 0)
            ]
        );
    }

    /// `pictures` to pack, each named by its colour.
    fn named(pictures: &[Pixmap]) -> Vec<Picture> {
        pictures
            .iter()
            .map(|p| Picture {
                size: (p.width(), p.height()),
                name: format!("{:?}", p.pixel(0, 0).map(|c| c.red())),
            })
            .collect()
    }

    /// Packs `pictures`, named by their colour.
    fn pack_all(pictures: &[Pixmap], store: Option<&dyn SpriteStore>) -> (Vec<Slot>, Vec<Image>) {
        pack("thumbs/faces", &named(pictures), store, |wanted| {
            Ok(wanted
                .iter()
                .map(|&i| Some(Arc::new(pictures[i].clone())))
                .collect())
        })
        .unwrap()
    }

    /// Sprites in memory, counting those made.
    #[derive(Default)]
    struct Kept(std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>);

    impl SpriteStore for Kept {
        fn sprite(&self, key: &str) -> Option<Vec<u8>> {
            self.0.lock().unwrap().get(key).cloned()
        }
        fn keep_sprite(&self, key: &str, png: &[u8]) {
            self.0.lock().unwrap().insert(key.to_owned(), png.to_vec());
        }
    }

    fn colour(r: u8, w: u32, h: u32) -> Pixmap {
        let mut p = Pixmap::new(w, h).unwrap();
        p.fill(resvg::tiny_skia::Color::from_rgba8(r, 0, 0, 255));
        p
    }

    #[test]
    fn a_sprite_of_the_same_pictures_is_taken_from_the_store_and_only_it() {
        // 30 cards: two sprites, the second of 10.
        let mut pictures: Vec<Pixmap> = (0..30u32).map(|i| colour(i as u8, 110, 150)).collect();
        let store = Kept::default();
        let (_, first) = pack_all(&pictures, Some(&store));
        assert_eq!((first.len(), store.0.lock().unwrap().len()), (2, 2));
        let drawn = |pictures: &[Pixmap]| {
            let mut asked = Vec::new();
            let (_, images) = pack("thumbs/faces", &named(pictures), Some(&store), |wanted| {
                asked = wanted.to_vec();
                Ok(wanted
                    .iter()
                    .map(|&i| Some(Arc::new(pictures[i].clone())))
                    .collect())
            })
            .unwrap();
            (asked, images)
        };
        // Nothing changed: nothing is drawn, and the files are the same.
        let (asked, again) = drawn(&pictures);
        assert!(asked.is_empty());
        assert_eq!(again, first);
        // One picture of the second sprite changed: only that sprite's 10 are drawn.
        pictures[25] = colour(250, 110, 150);
        let (asked, changed) = drawn(&pictures);
        assert_eq!(asked, (20..30).collect::<Vec<_>>());
        assert_eq!(changed[0], first[0]);
        assert_ne!(changed[1], first[1]);
        assert_eq!(changed[1], pack_all(&pictures, None).1[1]);
    }

    #[test]
    fn each_picture_is_found_at_its_slot() {
        let pictures: Vec<Pixmap> = (0..20u32)
            .map(|i| colour(i as u8 * 8, 90 + i, 150))
            .collect();
        let (slots, images) = pack_all(&pictures, None);
        assert_eq!(images.len(), 1);
        assert_eq!(images[0].0, "thumbs/faces-1.png");
        let mut reader = png::Decoder::new(std::io::Cursor::new(&images[0].1))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        for (i, (slot, picture)) in slots.iter().zip(&pictures).enumerate() {
            assert_eq!(slot.src, "thumbs/faces-1.png");
            // Both corners of the picture hold its colour.
            for (dx, dy) in [(0, 0), (picture.width() - 1, picture.height() - 1)] {
                let at = (slot.y + dy) as usize * frame.line_size + (slot.x + dx) as usize * 3;
                assert_eq!(buf[at], i as u8 * 8, "picture {i} at {slot:?}");
            }
        }
    }
}
