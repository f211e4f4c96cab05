//! Faces pictured in a typeset document (the rulebook's figures, the kit's cover and
//! components page), drawn by protopress rather than by the typesetter.
//!
//! Typst lays such a face out as a stand-in: a two-pixel PNG naming the picture's place among
//! the document's pictures, which Typst writes as an image XObject of two pixels, scaled onto
//! the face's box. After Typst, each stand-in becomes a form holding the face exactly as the
//! sheets draw it ([`faces_pdf`], one page a picture, in the stand-ins' order;
//! `pdf::import::place_faces`). So a layout does not depend on what a pictured face
//! shows, and editing a card does not lay the rulebook and the kit out again.

use krilla::Document;
use krilla::geom::{Rect, Size, Transform};
use krilla::page::PageSettings;

use crate::error::{Error, Result};
use crate::model::print::mm;
use crate::pdf::sheets::{face_location, written_error};
use crate::render::faces::Face;
use crate::render::shaped::ParsedFace;

/// The first pixel of every stand-in: what tells it from an image of the game's own. The
/// second pixel is the picture's place, big-endian.
const MARK: [u8; 3] = [0x70, 0x70, 0x21];

/// The stand-in PNG of picture `place` (0 for a document's first): two RGB pixels, the mark
/// and the place. Its shape does not matter: Typst is given the face's width and height with
/// it. None past the 16,777,216 places three bytes can name.
pub fn stand_in_png(place: usize) -> Option<Vec<u8>> {
    let [0, a, b, c] = u32::try_from(place).ok()?.to_be_bytes() else {
        return None;
    };
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, 2, 1);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let written = enc
        .write_header()
        .and_then(|mut w| w.write_image_data(&[MARK[0], MARK[1], MARK[2], a, b, c]));
    written.ok()?;
    Some(out)
}

/// The place of the picture a stand-in image stands for, given the image's dictionary and
/// its decoded samples; none for any other image.
pub fn stand_in_place(image: &lopdf::Dictionary, samples: &[u8]) -> Option<usize> {
    if !is_stand_in_size(image) {
        return None;
    }
    match samples {
        [m0, m1, m2, a, b, c] if [*m0, *m1, *m2] == MARK => {
            Some(usize::from(*a) << 16 | usize::from(*b) << 8 | usize::from(*c))
        }
        _ => None,
    }
}

/// Whether an image of this dictionary has a stand-in's size: two pixels by one.
pub fn is_stand_in_size(image: &lopdf::Dictionary) -> bool {
    let int = |key: &[u8]| image.get(key).and_then(lopdf::Object::as_i64).ok();
    int(b"Width") == Some(2) && int(b"Height") == Some(1)
}

/// Pictured faces drawn one a page, to take the stand-ins' places: page `k` the stand-in of
/// picture `k`.
#[derive(Debug, Clone, Default)]
pub struct FacePages {
    pub pdf: Vec<u8>,
    /// The face (its index among the build's faces) on each page, in page order.
    pub faces: Vec<usize>,
}

/// The faces `pictured` (index, face, parsed tree), in the order of their pictures, drawn one
/// a page, each page the face with its bleed, as a sheet draws it (real text included).
pub fn faces_pdf(pictured: &[(usize, &Face, &ParsedFace)], faces: &[Face]) -> Result<FacePages> {
    let mut doc = Document::new();
    for &(index, face, tree) in pictured {
        add_face_page(&mut doc, index, face, tree)?;
    }
    let pdf = doc.finish().map_err(|e| written_error(e, faces))?;
    Ok(FacePages {
        pdf,
        faces: pictured.iter().map(|p| p.0).collect(),
    })
}

/// Adds face `index` as a page of `doc`: the MediaBox its size with bleed, its TrimBox the
/// trim, its BleedBox set.
pub fn add_face_page(doc: &mut Document, index: usize, f: &Face, tree: &ParsedFace) -> Result<()> {
    let (w, h) = (
        f.size.width_mm + 2.0 * f.bleed,
        f.size.height_mm + 2.0 * f.bleed,
    );
    let bad = || Error::new(format!("{}/{}: the face has no size", f.component, f.card));
    let bleed_box = Rect::from_xywh(0.0, 0.0, mm(w), mm(h)).ok_or_else(bad)?;
    let trim = Rect::from_xywh(
        mm(f.bleed),
        mm(f.bleed),
        mm(f.size.width_mm),
        mm(f.size.height_mm),
    )
    .ok_or_else(bad)?;
    let settings = PageSettings::from_wh(mm(w), mm(h))
        .ok_or_else(bad)?
        .with_trim_box(Some(trim))
        .with_bleed_box(Some(bleed_box));
    let size = Size::from_wh(mm(w), mm(h)).ok_or_else(bad)?;
    let mut page = doc.start_page_with(settings);
    let mut surface = page.surface();
    // An image that cannot be decoded is met as the file is written: name its face then.
    surface.set_location(face_location(index));
    surface.push_transform(&Transform::identity());
    crate::render::shaped::draw::to_pdf(&mut surface, tree, size);
    surface.pop();
    surface.reset_location();
    surface.finish();
    page.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(png: &[u8]) -> Vec<u8> {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        buf
    }

    #[test]
    fn a_stand_in_names_its_place_and_nothing_else_does() {
        let image = lopdf::dictionary! { "Width" => 2, "Height" => 1 };
        for place in [0, 7, 255, 256, 70_000, 0xff_ffff] {
            let samples = decoded(&stand_in_png(place).unwrap());
            assert_eq!(stand_in_place(&image, &samples), Some(place));
        }
        assert_eq!(stand_in_png(0x100_0000), None);
        // Two pixels of another colour, or the mark in an image of another size, are art.
        assert_eq!(stand_in_place(&image, &[1, 2, 3, 0, 0, 1]), None);
        let wide = lopdf::dictionary! { "Width" => 3, "Height" => 1 };
        assert_eq!(
            stand_in_place(&wide, &decoded(&stand_in_png(3).unwrap())[..6]),
            None
        );
    }
}
