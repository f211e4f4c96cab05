//! `--format png`: one PNG per face at `--dpi`, with or without bleed, and a contact sheet.

use rayon::prelude::*;
use resvg::tiny_skia::{self, Pixmap, PixmapPaint};

use super::files::{Output, face_name, px};
use super::options::ExportOptions;
use crate::assemble::{BuildOptions, Session};
use crate::error::{Error, Result};
use crate::project::Project;
use crate::render::raster::{png_rgb_at, render_face};

/// A face's file (name, PNG bytes) and its contact-sheet thumbnail.
type Rendered = ((String, Vec<u8>), Pixmap);

/// Height of a contact-sheet thumbnail, in pixels.
const THUMB_H: u32 = 240;

pub(super) fn export(project: &Project, id: &str, opts: &ExportOptions) -> Result<Output> {
    let p = Session::new(project, &BuildOptions::default())
        .prepare_images_in(id, opts.lang.as_deref())?;
    let dpi = opts.dpi.unwrap_or(300.0);
    let rendered: Vec<Result<Rendered>> = p
        .faces
        .faces
        .par_iter()
        .zip(&p.trees)
        .map(|(face, tree)| {
            let extra = if opts.bleed { 2.0 * face.bleed } else { 0.0 };
            let (wmm, hmm) = (face.size.width_mm + extra, face.size.height_mm + extra);
            let pixmap = render_face(face, tree, px(wmm, dpi), px(hmm, dpi), opts.bleed)?;
            let name = format!("{}/{}.png", face.component, face_name(face));
            let tw = ((THUMB_H as f32) * wmm / hmm).round().max(1.0) as u32;
            let thumb = render_face(face, tree, tw, THUMB_H, opts.bleed)?;
            Ok(((name, png_rgb_at(&pixmap, dpi)?), thumb))
        })
        .collect();
    let mut out = Output::default();
    let mut thumbs = Vec::new();
    for r in rendered {
        let (file, thumb) = r?;
        out.files.push(file);
        thumbs.push(thumb);
    }
    out.exported.push(format!(
        "{} faces at {dpi} dpi{}",
        thumbs.len(),
        if opts.bleed { " with bleed" } else { "" }
    ));
    out.files.push((
        "contact-sheet.png".to_owned(),
        png_rgb_at(&contact_sheet(&thumbs)?, 72.0)?,
    ));
    Ok(out)
}

/// Every thumbnail on one grey sheet, 10 a row.
fn contact_sheet(thumbs: &[Pixmap]) -> Result<Pixmap> {
    let cols = 10usize;
    let cell_w = thumbs.iter().map(Pixmap::width).max().unwrap_or(1) + 10;
    let cell_h = THUMB_H + 10;
    let rows = thumbs.len().div_ceil(cols).max(1);
    let mut sheet = Pixmap::new(cell_w * cols as u32 + 10, cell_h * rows as u32 + 10)
        .ok_or_else(|| Error::new("contact sheet too large"))?;
    sheet.fill(tiny_skia::Color::from_rgba8(235, 235, 235, 255));
    for (i, t) in thumbs.iter().enumerate() {
        let x = (i % cols) as u32 * cell_w + 10;
        let y = (i / cols) as u32 * cell_h + 10;
        sheet.draw_pixmap(
            x as i32,
            y as i32,
            t.as_ref(),
            &PixmapPaint::default(),
            tiny_skia::Transform::identity(),
            None,
        );
    }
    Ok(sheet)
}
