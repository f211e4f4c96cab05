//! Faces to pixels with resvg, from the very parsed faces the PDF draws (their text boxes
//! drawn from the glyphs, `render::shaped::pixels`), so images match the print.

use resvg::tiny_skia::{self, Pixmap};

use crate::error::{Error, Result};
use crate::model::Window;
use crate::render::faces::Face;
use crate::render::shaped::ParsedFace;

/// A rectangle of a face in millimetres, measured from the face's top-left corner (bleed
/// included); it may reach past the face.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    /// The whole face with its bleed, or only the trim.
    pub fn of(face: &Face, bleed: bool) -> Area {
        if bleed {
            Area {
                x: 0.0,
                y: 0.0,
                w: face.size.width_mm + 2.0 * face.bleed,
                h: face.size.height_mm + 2.0 * face.bleed,
            }
        } else {
            Area {
                x: face.bleed,
                y: face.bleed,
                w: face.size.width_mm,
                h: face.size.height_mm,
            }
        }
    }
}

/// Refuses images above [`max_pixels`].
pub fn check_pixels(what: &str, w: u32, h: u32) -> Result<()> {
    let limit = max_pixels();
    if u64::from(w) * u64::from(h) > limit {
        return Err(Error::new(format!(
            "{what}: a {w} × {h} pixel image is more than {} megapixels",
            limit / 1_000_000
        ))
        .help("lower --dpi, or set PROTOPRESS_MAX_EXPORT_MP to raise the limit"));
    }
    Ok(())
}

/// Renders a face to an opaque pixmap of `w` × `h` pixels; without bleed, only the trim.
pub fn render_face(
    face: &Face,
    face_tree: &ParsedFace,
    w: u32,
    h: u32,
    bleed: bool,
) -> Result<Pixmap> {
    render_area(face, face_tree, w, h, Area::of(face, bleed))
}

/// Renders `area` of a face to an opaque (white-backed) pixmap of `w` × `h` pixels.
pub fn render_area(
    face: &Face,
    face_tree: &ParsedFace,
    w: u32,
    h: u32,
    area: Area,
) -> Result<Pixmap> {
    let mut pixmap = blank(&format!("{}/{}", face.component, face.card), w, h)?;
    draw_area(&mut pixmap, face, face_tree, area);
    Ok(pixmap)
}

/// [`render_face`] with its bleed, drawn from `under`: the face already rendered without its
/// shaped text boxes, at least as finely (the preflight's render of it), shrunk to `w` × `h`
/// over white, then the text boxes drawn over it at this size. The index page's thumbnail so
/// costs the face one render, not two.
pub fn render_face_over(
    face: &Face,
    face_tree: &ParsedFace,
    (w, h): (u32, u32),
    under: &Pixmap,
) -> Result<Pixmap> {
    let mut pixmap = blank(&format!("{}/{}", face.component, face.card), w, h)?;
    shrink_over_white(under, &mut pixmap);
    let tree = face_tree.tree.size();
    let t = tiny_skia::Transform::from_scale(
        pixmap.width() as f32 / tree.width(),
        pixmap.height() as f32 / tree.height(),
    );
    crate::render::shaped::pixels::texts_to_pixels(&mut pixmap.as_mut(), face_tree, t);
    Ok(pixmap)
}

/// `from`, scaled down to `onto`'s size (bilinear, in fixed point), laid over white into
/// `onto`. tiny-skia's filtered drawing of a scaled pixmap cost more than drawing the face
/// again.
fn shrink_over_white(from: &Pixmap, onto: &mut Pixmap) {
    let (fw, fh) = (from.width() as usize, from.height() as usize);
    let (ow, oh) = (onto.width() as usize, onto.height() as usize);
    let (xs, ys) = (taps(fw, ow), taps(fh, oh));
    // Across first: each row of `from` scaled to `ow` pixels, 8 bits of weight kept.
    let mut across = vec![0u16; fh * ow * 4];
    for (row, out) in from
        .data()
        .chunks_exact(fw * 4)
        .zip(across.chunks_exact_mut(ow * 4))
    {
        for (px, &(x, w1)) in out.chunks_exact_mut(4).zip(&xs) {
            let (a, b) = (&row[x * 4..x * 4 + 4], &row[(x + 1).min(fw - 1) * 4..][..4]);
            for c in 0..4 {
                px[c] = u16::from(a[c]) * (256 - w1) + u16::from(b[c]) * w1;
            }
        }
    }
    // Then down, laid over white (source over, premultiplied: white shows through by what
    // the pixel leaves uncovered).
    for (out, &(y, w1)) in onto.data_mut().chunks_exact_mut(ow * 4).zip(&ys) {
        let a = &across[y * ow * 4..][..ow * 4];
        let b = &across[(y + 1).min(fh - 1) * ow * 4..][..ow * 4];
        let (wa, wb) = (u32::from(256 - w1), u32::from(w1));
        for ((d, a), b) in out
            .chunks_exact_mut(4)
            .zip(a.chunks_exact(4))
            .zip(b.chunks_exact(4))
        {
            let px: [u32; 4] = std::array::from_fn(|c| {
                (u32::from(a[c]) * wa + u32::from(b[c]) * wb + 32768) >> 16
            });
            let white = 255 - px[3].min(255);
            for c in 0..3 {
                d[c] = (px[c] + white).min(255) as u8;
            }
            d[3] = 255;
        }
    }
}

/// For each of `to` pixels scaled from `from`, the first of the two pixels of `from` it
/// samples and the weight (of 256) of the second.
fn taps(from: usize, to: usize) -> Vec<(usize, u16)> {
    let step = from as f32 / to as f32;
    (0..to)
        .map(|i| {
            let at = ((i as f32 + 0.5) * step - 0.5).clamp(0.0, (from - 1) as f32);
            let first = at.floor();
            (first as usize, ((at - first) * 256.0).round() as u16)
        })
        .collect()
}

/// A white pixmap of `w` × `h`, within the pixel limit.
pub fn blank(what: &str, w: u32, h: u32) -> Result<Pixmap> {
    check_pixels(what, w, h)?;
    filled((w, h), [255; 4])
}

/// A pixmap of `w` × `h` (1 at least) whose every pixel is `rgba` (premultiplied), its bytes
/// written once: a pixmap made and then filled was written twice, zeroed first (the zeroing
/// was a fiftieth of a Tabletop Simulator export's samples; the wall time moved by less than
/// this machine's noise).
pub fn filled((w, h): (u32, u32), rgba: [u8; 4]) -> Result<Pixmap> {
    let too_large = || Error::new("image too large to render");
    let size = tiny_skia::IntSize::from_wh(w.max(1), h.max(1)).ok_or_else(too_large)?;
    let pixels = (size.width() as usize)
        .checked_mul(size.height() as usize)
        .filter(|n| n.checked_mul(4).is_some())
        .ok_or_else(too_large)?;
    let bytes = match rgba {
        // One byte over and over (white): set by one memset rather than copying the pixel.
        [b, g, r, a] if b == g && g == r && r == a => vec![b; pixels * 4],
        _ => rgba.repeat(pixels),
    };
    Pixmap::from_vec(bytes, size).ok_or_else(too_large)
}

/// Draws `area` of a face over the whole of `pixmap` (over what is there: layers stack).
pub fn draw_area(pixmap: &mut Pixmap, face: &Face, face_tree: &ParsedFace, area: Area) {
    let (fw, fh) = (
        face.size.width_mm + 2.0 * face.bleed,
        face.size.height_mm + 2.0 * face.bleed,
    );
    let tree_size = face_tree.tree.size();
    // Tree units per mm of face.
    let (ux, uy) = (tree_size.width() / fw, tree_size.height() / fh);
    let (sx, sy) = (
        pixmap.width() as f32 / (area.w * ux),
        pixmap.height() as f32 / (area.h * uy),
    );
    let t = tiny_skia::Transform::from_row(sx, 0.0, 0.0, sy, -area.x * ux * sx, -area.y * uy * sy);
    crate::render::shaped::pixels::to_pixels(&mut pixmap.as_mut(), face_tree, t);
}

/// Draws a face's layers one over the other, each its `area` as [`draw_area`] draws it: the first is the base, the
/// ones after it a dashboard's top layer, whose `windows` (mm from the trim) are left open so
/// that the base shows through them, as it does once the cut-out layer is glued on.
pub fn draw_layers(pixmap: &mut Pixmap, layers: &[(&Face, &ParsedFace, Area)], windows: &[Window]) {
    for (n, &(face, tree, area)) in layers.iter().enumerate() {
        if n == 0 || windows.is_empty() {
            draw_area(pixmap, face, tree, area);
            continue;
        }
        let Some(mut layer) = Pixmap::new(pixmap.width(), pixmap.height()) else {
            continue;
        };
        draw_area(&mut layer, face, tree, area);
        let (sx, sy) = (
            pixmap.width() as f32 / area.w,
            pixmap.height() as f32 / area.h,
        );
        let open = tiny_skia::Paint {
            blend_mode: tiny_skia::BlendMode::Clear,
            ..tiny_skia::Paint::default()
        };
        for w in windows {
            let x = (face.bleed + w.x_mm - area.x) * sx;
            let y = (face.bleed + w.y_mm - area.y) * sy;
            if let Some(r) = tiny_skia::Rect::from_xywh(x, y, w.w_mm * sx, w.h_mm * sy) {
                layer.fill_rect(r, &open, tiny_skia::Transform::identity(), None);
            }
        }
        pixmap.draw_pixmap(
            0,
            0,
            layer.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            tiny_skia::Transform::identity(),
            None,
        );
    }
}

/// Pixels per metre of `dpi`, for the pHYs chunk.
fn per_metre(dpi: f32) -> u32 {
    (f64::from(dpi) / 0.0254)
        .round()
        .clamp(1.0, f64::from(u32::MAX)) as u32
}

/// Encodes a small preview, `size` (width, height) RGB pixels (the index page's sprites are
/// put together as RGB, not drawn), as a PNG, quickly: they are made on every build. The
/// balanced setting spent a tenth of a small game's build on them; the fastest (each row
/// against the one above, no search for the best filter) takes half the fast setting's time,
/// for files about half as large again (2.3 MB of thumbnails for Death to Decorum, read from
/// the disk beside the page).
pub fn png_preview(size: (u32, u32), rgb: &[u8]) -> Result<Vec<u8>> {
    encode(size, rgb, png::ColorType::Rgb, None, Effort::Preview)
}

/// Encodes an opaque pixmap as an RGB PNG (print services reject alpha), marked sRGB and
/// with its resolution (`dpi`) in a pHYs chunk: deflate level 3, each row filtered against the
/// one above. Measured on Death to Decorum's faces at 300 dpi, level 4 wrote them in two thirds
/// of the time of the balanced setting (level 6, the best filter searched for each row), for
/// files 0.2 % larger; level 3 takes a twentieth less of the whole export again (0.41 → 0.39
/// s), for files 0.75 % larger (7.37 → 7.43 MB); the fast setting halves the time again but
/// doubles the files.
///
/// The rows are made as they are compressed ([`up_rows`]), a few hundred kilobytes at a time.
/// Copying the whole image without its alpha first, then filtering that, held an RGB copy of
/// the image (100 MB for a large board at 300 dpi) and touched every byte of it twice.
pub fn png_rgb_at(pixmap: &Pixmap, dpi: f32) -> Result<Vec<u8>> {
    let idat = up_rows(pixmap, u32::from(PRINT_LEVEL)).map_err(png_error)?;
    let mut out = Vec::with_capacity(idat.len() + 128);
    let size = (pixmap.width(), pixmap.height());
    let mut writer = header(&mut out, size, png::ColorType::Rgb, Some(dpi))
        .write_header()
        .map_err(png_error)?;
    // Chunks of at most 2³¹ - 1 bytes, as PNG allows.
    for chunk in idat.chunks(i32::MAX as usize) {
        writer
            .write_chunk(png::chunk::IDAT, chunk)
            .map_err(png_error)?;
    }
    writer.finish().map_err(png_error)?;
    Ok(out)
}

/// The deflate level of PNGs for print (see [`png_rgb_at`]).
const PRINT_LEVEL: u8 = 3;

/// An encoder's or compressor's error, as the build reports it.
fn png_error(e: impl std::fmt::Display) -> Error {
    Error::new(format!("PNG: {e}"))
}

/// The rows compressed at a time by [`up_rows`]: about 256 kB of them.
const ROWS_BYTES: usize = 256 << 10;

/// A PNG's image data (zlib at `level`) for an opaque pixmap as RGB, every row filtered "Up"
/// (each byte less the one above it; the first row less nothing).
fn up_rows(pixmap: &Pixmap, level: u32) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let src_len = pixmap.width() as usize * 4;
    let rgb_len = pixmap.width() as usize * 3;
    let row_len = 1 + rgb_len;
    let rows_at_once = (ROWS_BYTES / row_len).max(1);
    let mut rows = vec![0u8; rows_at_once * row_len];
    // This row and the one above, without their alpha, so that the subtraction runs sixteen
    // bytes at a time.
    let (mut this, mut above) = (vec![0u8; rgb_len], vec![0u8; rgb_len]);
    let level = flate2::Compression::new(level);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), level);
    for block in pixmap.data().chunks(src_len * rows_at_once) {
        let made = block.len() / src_len * row_len;
        for (src, dst) in block
            .chunks_exact(src_len)
            .zip(rows.chunks_exact_mut(row_len))
        {
            rgb_into(src, &mut this);
            // PNG's filter type 2, "Up".
            dst[0] = 2;
            for ((d, t), a) in dst[1..].iter_mut().zip(&this).zip(&above) {
                *d = t.wrapping_sub(*a);
            }
            std::mem::swap(&mut this, &mut above);
        }
        z.write_all(&rows[..made])?;
    }
    z.finish()
}

/// Four RGBA pixels as twelve RGB bytes: as one 128-bit number, each pixel's three bytes
/// shifted down over the alpha bytes before it. Moved a byte at a time (x86-64's baseline has
/// no byte shuffle) it was twice as slow.
fn drop_alpha(s: &[u8; 16]) -> [u8; 12] {
    const RGB: u128 = 0xFF_FFFF;
    let v = u128::from_le_bytes(*s);
    let packed = (v & RGB)
        | ((v >> 8) & (RGB << 24))
        | ((v >> 16) & (RGB << 48))
        | ((v >> 24) & (RGB << 72));
    let mut rgb = [0u8; 12];
    rgb.copy_from_slice(&packed.to_le_bytes()[..12]);
    rgb
}

/// The pixels of `src`, RGBA, without their alpha into `dst` (three bytes for every four; an
/// opaque pixmap's premultiplied pixels are plain), four pixels at a time ([`drop_alpha`]).
/// Collecting a `flat_map` of arrays took 6 % of a PNG export, a pixel at a time 5 %.
pub fn rgb_into(src: &[u8], dst: &mut [u8]) {
    let (src4, src_rest) = src.as_chunks::<16>();
    let (dst4, dst_rest) = dst.as_chunks_mut::<12>();
    for (d, s) in dst4.iter_mut().zip(src4) {
        *d = drop_alpha(s);
    }
    for (d, s) in dst_rest.chunks_exact_mut(3).zip(src_rest.chunks_exact(4)) {
        d.copy_from_slice(&s[..3]);
    }
}

/// Encodes a pixmap with its transparency (token outlines for Tabletop Simulator) as an RGBA
/// PNG, marked sRGB and with its resolution.
pub fn png_rgba(pixmap: &Pixmap, dpi: f32) -> Result<Vec<u8>> {
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    encode(
        (pixmap.width(), pixmap.height()),
        &rgba,
        png::ColorType::Rgba,
        Some(dpi),
        Effort::Print,
    )
}

/// How hard a PNG is compressed (an RGB one for print is [`png_rgb_at`]'s own).
#[derive(Clone, Copy)]
enum Effort {
    /// The index page's thumbnails, drawn on every build: the fastest setting.
    Preview,
    /// Files for print services and virtual tabletops, kept and uploaded: as [`png_rgb_at`].
    Print,
}

/// A PNG encoder of `size` (width, height) and `color`, 8 bits a channel, marked sRGB and,
/// with a `dpi`, with its resolution.
fn header<'a>(
    out: &'a mut Vec<u8>,
    (width, height): (u32, u32),
    color: png::ColorType,
    dpi: Option<f32>,
) -> png::Encoder<'a, &'a mut Vec<u8>> {
    let mut enc = png::Encoder::new(out, width, height);
    enc.set_color(color);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_source_srgb(png::SrgbRenderingIntent::Perceptual);
    if let Some(dpi) = dpi {
        let ppm = per_metre(dpi);
        enc.set_pixel_dims(Some(png::PixelDimensions {
            xppu: ppm,
            yppu: ppm,
            unit: png::Unit::Meter,
        }));
    }
    enc
}

fn encode(
    size: (u32, u32),
    data: &[u8],
    color: png::ColorType,
    dpi: Option<f32>,
    effort: Effort,
) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut enc = header(&mut out, size, color, dpi);
        match effort {
            Effort::Preview => enc.set_compression(png::Compression::Fastest),
            Effort::Print => {
                enc.set_deflate_compression(png::DeflateCompression::Level(PRINT_LEVEL));
                enc.set_filter(png::Filter::Up);
            }
        }
        let mut writer = enc.write_header().map_err(png_error)?;
        writer.write_image_data(data).map_err(png_error)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The pixels of `pixmap` without their alpha.
    fn rgb(pixmap: &Pixmap) -> Vec<u8> {
        let mut out = vec![0u8; pixmap.data().len() / 4 * 3];
        rgb_into(pixmap.data(), &mut out);
        out
    }

    /// A blank pixmap, or one filled grey, is the pixmap a new one filled so is.
    #[test]
    fn a_filled_pixmap_is_a_new_one_filled() {
        let grey = tiny_skia::Color::from_rgba8(235, 235, 235, 255);
        for (w, h) in [(1, 1), (3, 2), (17, 5)] {
            let (mut white, mut greyed) = (Pixmap::new(w, h).unwrap(), Pixmap::new(w, h).unwrap());
            white.fill(tiny_skia::Color::WHITE);
            greyed.fill(grey);
            assert_eq!(blank("test", w, h).unwrap(), white, "{w} x {h}");
            assert_eq!(filled((w, h), [235, 235, 235, 255]).unwrap(), greyed);
        }
        assert!(blank("test", 0, 0).is_ok_and(|p| (p.width(), p.height()) == (1, 1)));
    }

    #[test]
    fn a_shrunk_pixmap_keeps_its_colours_and_lets_white_through_what_it_leaves_uncovered() {
        let mut from = Pixmap::new(25, 19).unwrap();
        from.fill(tiny_skia::Color::from_rgba8(200, 100, 50, 255));
        // Half covered (premultiplied: each channel at half) on its right half.
        for row in from.data_mut().chunks_exact_mut(25 * 4) {
            for px in row[13 * 4..].chunks_exact_mut(4) {
                px.copy_from_slice(&[100, 50, 25, 128]);
            }
        }
        let mut onto = blank("test", 20, 15).unwrap();
        shrink_over_white(&from, &mut onto);
        let px = |x: usize, y: usize| &onto.data()[(y * 20 + x) * 4..][..4];
        assert_eq!(px(2, 7), [200, 100, 50, 255]);
        // Half the colour, and half white.
        for (got, want) in px(17, 7).iter().zip([227u8, 177, 152, 255]) {
            assert!(got.abs_diff(want) <= 1, "{:?}", px(17, 7));
        }
        // One pixel to one pixel, and one pixel to many, stay in bounds.
        for (w, h) in [(1, 1), (20, 15)] {
            let mut small = blank("test", w, h).unwrap();
            shrink_over_white(&Pixmap::new(w, h).unwrap(), &mut small);
            assert!(small.data().iter().all(|&v| v == 255));
        }
    }

    #[test]
    fn rgb_drops_the_alpha_of_every_pixel_in_order() {
        // Seven pixels: one group of four and three left over.
        let mut pixmap = Pixmap::new(7, 1).unwrap();
        for (i, p) in pixmap.data_mut().chunks_exact_mut(4).enumerate() {
            let v = i as u8 * 10;
            p.copy_from_slice(&[v, v + 1, v + 2, 255]);
        }
        let want: Vec<u8> = (0..7u8)
            .flat_map(|i| [i * 10, i * 10 + 1, i * 10 + 2])
            .collect();
        assert_eq!(rgb(&pixmap), want);
    }

    fn chunk(png: &[u8], name: &[u8; 4]) -> Option<Vec<u8>> {
        let mut at = 8;
        while at + 8 <= png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().ok()?) as usize;
            if &png[at + 4..at + 8] == name {
                return Some(png[at + 8..at + 8 + len].to_vec());
            }
            at += 12 + len;
        }
        None
    }

    #[test]
    fn pngs_carry_their_resolution_and_srgb() {
        let mut p = Pixmap::new(3, 2).unwrap();
        p.fill(tiny_skia::Color::from_rgba8(10, 20, 30, 255));
        for png in [png_rgb_at(&p, 300.0).unwrap(), png_rgba(&p, 300.0).unwrap()] {
            let phys = chunk(&png, b"pHYs").unwrap();
            assert_eq!(u32::from_be_bytes(phys[0..4].try_into().unwrap()), 11811);
            assert_eq!(u32::from_be_bytes(phys[4..8].try_into().unwrap()), 11811);
            assert_eq!(phys[8], 1, "unit: metre");
            assert!(chunk(&png, b"sRGB").is_some());
        }
        let screen = png_preview((3, 2), &rgb(&p)).unwrap();
        assert!(chunk(&screen, b"sRGB").is_some() && chunk(&screen, b"pHYs").is_none());
    }

    /// A PNG for print decodes to the pixmap's every pixel, across the blocks of rows it is
    /// compressed in, for a width that is not a multiple of four pixels.
    #[test]
    fn an_rgb_png_decodes_to_the_pixels_drawn() {
        let (w, h) = (3001u32, 70u32);
        assert!(
            h as usize > 2 * (ROWS_BYTES / (1 + 3 * w as usize)),
            "three blocks"
        );
        let mut pixmap = Pixmap::new(w, h).unwrap();
        let mut seed = 7u32;
        for p in pixmap.data_mut().chunks_exact_mut(4) {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let [r, g, b, _] = seed.to_le_bytes();
            p.copy_from_slice(&[r, g, b, 255]);
        }
        let png = png_rgb_at(&pixmap, 300.0).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (w, h));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(pixels[..info.buffer_size()], rgb(&pixmap)[..]);
    }

    #[test]
    fn the_pixel_limit_names_the_image() {
        let err = check_pixels("deck/card", 100_000, 100_000)
            .unwrap_err()
            .to_string();
        assert!(err.contains("deck/card"), "{err}");
    }
}
