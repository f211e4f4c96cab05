//! Small pictures packed into a few larger images (sprites), each shown through a window onto
//! its sprite (`object-position` on an `<img>`).
//!
//! A file costs more than its bytes: on a disk that has seen many files come and go, creating
//! one took close to a millisecond (170 thumbnails 145 ms, the same bytes as 6 files 6 ms), and a
//! rebuild deletes every one again. Death to Decorum's index showed 168 pictures as 168 files;
//! packed, they are three. A sprite holds a bounded number of pixels, so a big game's page
//! still loads lazily, a sprite at a time.

use rayon::prelude::*;
use resvg::tiny_skia::{Color, Pixmap};

use crate::error::{Error, Result};
use crate::render::raster::png_preview;

/// A sprite's width in pixels, unless a wider picture needs more.
const SPRITE_WIDTH: u32 = 1200;
/// A sprite's height in pixels before the next sprite starts (a taller picture starts one,
/// which then grows to its height).
const SPRITE_HEIGHT: u32 = 1600;

/// Where a picture is: its sprite's path (relative to the page) and its place in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    pub src: String,
    pub x: u32,
    pub y: u32,
}

/// An image file beside the page: its path relative to the page, and its PNG bytes.
pub type Image = (String, Vec<u8>);

/// Packs `pictures` in order, left to right in rows, into sprites named
/// `<prefix>-<n>.png` (from 1), and returns each picture's slot and the sprites' files.
pub fn pack(prefix: &str, pictures: &[&Pixmap]) -> Result<(Vec<Slot>, Vec<Image>)> {
    let places = shelves(pictures.iter().map(|p| (p.width(), p.height())));
    let sprites = places.iter().map(|p| p.sprite + 1).max().unwrap_or(0);
    let name = |n: usize| format!("{prefix}-{}.png", n + 1);
    let images = (0..sprites)
        .into_par_iter()
        .map(|n| {
            let members: Vec<(&Pixmap, &Place)> = pictures
                .iter()
                .zip(&places)
                .filter(|(_, p)| p.sprite == n)
                .map(|(pic, p)| (*pic, p))
                .collect();
            Ok((name(n), png_preview(&compose(&members)?)?))
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

/// One sprite: white, its pictures copied to their places row by row (a drawing call would
/// blend every pixel; the thumbnails are opaque, so a copy is the same picture).
fn compose(members: &[(&Pixmap, &Place)]) -> Result<Pixmap> {
    let width = members.iter().map(|(p, at)| at.x + p.width()).max();
    let height = members.iter().map(|(p, at)| at.y + p.height()).max();
    let mut sprite = Pixmap::new(width.unwrap_or(1), height.unwrap_or(1))
        .ok_or_else(|| Error::new("index.html: a sprite of thumbnails has no size"))?;
    sprite.fill(Color::WHITE);
    let stride = sprite.width() as usize * 4;
    let data = sprite.data_mut();
    for (picture, at) in members {
        let row = picture.width() as usize * 4;
        for (y, line) in picture.data().chunks_exact(row).enumerate() {
            let start = (at.y as usize + y) * stride + at.x as usize * 4;
            data[start..start + row].copy_from_slice(line);
        }
    }
    Ok(sprite)
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
        // Ten rows of 150 px fill 1500 of 1600 px; the eleventh starts a sprite.
        assert_eq!(places[99], place(0, 990, 1350));
        assert_eq!(places[100], place(1, 0, 0));
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

    #[test]
    fn each_picture_is_found_at_its_slot() {
        let colour = |r: u8, w: u32, h: u32| {
            let mut p = Pixmap::new(w, h).unwrap();
            p.fill(Color::from_rgba8(r, 0, 0, 255));
            p
        };
        let pictures: Vec<Pixmap> = (0..30u32)
            .map(|i| colour(i as u8 * 8, 90 + i, 150))
            .collect();
        let refs: Vec<&Pixmap> = pictures.iter().collect();
        let (slots, images) = pack("thumbs/faces", &refs).unwrap();
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
