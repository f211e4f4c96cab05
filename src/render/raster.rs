//! Faces to pixels with resvg, from the very trees the PDF draws, so images match the print.

use resvg::tiny_skia::{self, Pixmap};

use crate::error::{Error, Result};
use crate::render::faces::Face;

/// Renders a face to an opaque pixmap of `w` × `h` pixels; without bleed, only the trim.
pub fn render_face(face: &Face, tree: &usvg::Tree, w: u32, h: u32, bleed: bool) -> Result<Pixmap> {
    let limit = max_pixels();
    if u64::from(w) * u64::from(h) > limit {
        return Err(Error::new(format!(
            "{}/{}: a {w} × {h} pixel image is more than {} megapixels",
            face.component,
            face.card,
            limit / 1_000_000
        ))
        .help("lower --dpi, or set PROTOPRESS_MAX_EXPORT_MP to raise the limit"));
    }
    let mut pixmap =
        Pixmap::new(w.max(1), h.max(1)).ok_or_else(|| Error::new("image too large to render"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let (fw, fh) = (
        face.size.width_mm + 2.0 * face.bleed,
        face.size.height_mm + 2.0 * face.bleed,
    );
    let tree_size = tree.size();
    // Tree units per mm of face.
    let (ux, uy) = (tree_size.width() / fw, tree_size.height() / fh);
    let (area_w, area_h, off) = if bleed {
        (fw, fh, 0.0)
    } else {
        (face.size.width_mm, face.size.height_mm, face.bleed)
    };
    let (sx, sy) = (w as f32 / (area_w * ux), h as f32 / (area_h * uy));
    let t = tiny_skia::Transform::from_row(sx, 0.0, 0.0, sy, -off * ux * sx, -off * uy * sy);
    resvg::render(tree, t, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Encodes an opaque pixmap as an RGB PNG (print services reject alpha).
pub fn png_rgb(pixmap: &Pixmap) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc
            .write_header()
            .map_err(|e| Error::new(format!("PNG: {e}")))?;
        let rgb: Vec<u8> = pixmap
            .data()
            .chunks(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        writer
            .write_image_data(&rgb)
            .map_err(|e| Error::new(format!("PNG: {e}")))?;
    }
    Ok(out)
}

/// The largest image rendered, in pixels: 250 megapixels (a 1 m board at 400 dpi), or
/// `PROTOPRESS_MAX_EXPORT_MP`.
pub fn max_pixels() -> u64 {
    std::env::var("PROTOPRESS_MAX_EXPORT_MP")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(250)
        .saturating_mul(1_000_000)
}
