//! `output/<game>/index.html`: the whole kit at a glance in a browser. A contact sheet of every
//! face per component, a thumbnail of every page of every PDF, the manifest check and links to
//! the files. One self-contained file: face thumbnails are embedded once as PNG data and every
//! page thumbnail reuses them.

use std::fmt::Write as _;

use rayon::prelude::*;

use crate::check::manifest::{CheckReport, Status};
use crate::error::Result;
use crate::model::Game;
use crate::output::report::BuildReport;
use crate::pdf::sheets::Placed;
use crate::render::faces::Faces;
use crate::render::raster::{png_rgb, render_face};

/// Height of a face thumbnail in pixels.
const THUMB_PX: u32 = 150;

/// The pages of one PDF, for the previews.
pub struct FilePages {
    pub file: String,
    pub sizes: Vec<(f32, f32)>,
    pub placed: Vec<Vec<Placed>>,
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Builds the page.
pub fn index_html(
    game: &Game,
    report: &BuildReport,
    check: Option<&CheckReport>,
    faces: &Faces,
    trees: &[usvg::Tree],
    files: &[FilePages],
) -> Result<String> {
    // Thumbnails render in parallel; they are joined in face order, so the page is stable.
    let thumbs: Vec<Result<(u32, String)>> = faces
        .faces
        .par_iter()
        .zip(trees)
        .map(|(face, tree)| {
            let w = ((THUMB_PX as f32) * face.size.width_mm / face.size.height_mm)
                .round()
                .max(1.0) as u32;
            let png = png_rgb(&render_face(face, tree, w, THUMB_PX, false)?)?;
            Ok((w, base64(&png)))
        })
        .collect();
    let mut symbols = String::new();
    for (i, thumb) in thumbs.into_iter().enumerate() {
        let (w, data) = thumb?;
        let _ = write!(
            symbols,
            r#"<symbol id="f{i}" viewBox="0 0 {w} {h}" preserveAspectRatio="none"><image width="{w}" height="{h}" href="data:image/png;base64,{data}"/></symbol>"#,
            h = THUMB_PX,
        );
    }
    let mut html = String::new();
    let title = format!("{} · revision {}", game.file.name, game.file.revision);
    let _ = write!(
        html,
        r#"<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{t}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; color: #222; background: #fafafa; }}
h1 {{ margin-bottom: 0.2rem; }} h2 {{ margin-top: 2.2rem; border-bottom: 1px solid #ccc; }}
.faces, .pages {{ display: flex; flex-wrap: wrap; gap: 10px; }}
figure {{ margin: 0; text-align: center; font-size: 0.75rem; }}
figure svg {{ background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.25); }}
table {{ border-collapse: collapse; font-size: 0.85rem; }} td, th {{ border: 1px solid #ccc; padding: 3px 8px; text-align: left; }}
.ok {{ color: #2f8f4e; }} .bad {{ color: #c8323c; font-weight: bold; }} .acc {{ color: #b07a12; }}
</style></head><body>
<svg width="0" height="0" style="position:absolute">{symbols}</svg>
<h1>{t}</h1>
"#,
        lang = esc(&game.file.language),
        t = esc(&title),
    );
    html.push_str("<p>Files: ");
    let mut links: Vec<String> = report
        .files
        .iter()
        .map(|f| {
            format!(
                r#"<a href="{0}">{0}</a> ({1} pages)"#,
                esc(&f.file),
                f.pages
            )
        })
        .collect();
    links.push(r#"<a href="build.json">build.json</a>"#.to_owned());
    if check.is_some() {
        links.push(r#"<a href="check.json">check.json</a>"#.to_owned());
    }
    html.push_str(&links.join(" · "));
    html.push_str("</p>\n");
    for w in &report.warnings {
        let _ = writeln!(html, "<p class=\"bad\">Warning: {}</p>", esc(w));
    }

    html.push_str("<h2>Components</h2>\n<table><tr><th>Component</th><th>Kind</th><th>Count</th><th>Unique faces</th><th>File</th><th>Pages</th></tr>\n");
    for c in &report.components {
        let pages = match (c.pages.first(), c.pages.last()) {
            (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
            (Some(a), _) => a.to_string(),
            _ => "—".to_owned(),
        };
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{pages}</td></tr>",
            esc(&c.name),
            esc(&c.kind),
            c.copies,
            c.unique_faces,
            esc(c.file.as_deref().unwrap_or("—"))
        );
    }
    html.push_str("</table>\n");

    if let Some(check) = check {
        let _ = writeln!(
            html,
            "<h2>Manifest check: {}</h2>",
            if check.passed {
                "<span class=\"ok\">passed</span>"
            } else {
                "<span class=\"bad\">failed</span>"
            }
        );
        html.push_str("<table><tr><th>Entry</th><th>Declared</th><th>Produced</th><th>Rules</th><th>Status</th></tr>\n");
        for e in &check.entries {
            let class = match e.status {
                Status::Ok => "ok",
                Status::Mismatch => "bad",
                Status::Accepted => "acc",
            };
            let word = e.status.word();
            let stated = e.stated_text("");
            let problems = if e.problems.is_empty() {
                String::new()
            } else {
                format!("<br><small>{}</small>", esc(&e.problems.join("; ")))
            };
            let _ = writeln!(
                html,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"{class}\">{word}{problems}</td></tr>",
                esc(&e.path),
                e.declared,
                e.produced.map_or("—".to_owned(), |p| p.to_string()),
                esc(&stated)
            );
        }
        html.push_str("</table>\n");
    }

    html.push_str("<h2>Faces</h2>\n");
    for deck in &faces.decks {
        let comp = &game.components[deck.component];
        if deck.copies.is_empty() {
            continue;
        }
        let used = deck.used_faces();
        let _ = writeln!(
            html,
            "<h3 id=\"{}\">{} ({} {})</h3>\n<div class=\"faces\">",
            esc(&comp.spec.id),
            esc(&comp.spec.name),
            deck.copies.len(),
            if deck.copies.len() == 1 {
                "copy"
            } else {
                "copies"
            }
        );
        for f in used {
            let face = &faces.faces[f];
            let w = (THUMB_PX as f32 * face.size.width_mm / face.size.height_mm).round();
            let _ = writeln!(
                html,
                r##"<figure><svg width="{w}" height="{h}"><use href="#f{f}" width="{w}" height="{h}"/></svg><figcaption>{}<br>{}</figcaption></figure>"##,
                esc(&face.card),
                esc(&face.side.name()),
                h = THUMB_PX
            );
        }
        html.push_str("</div>\n");
    }

    html.push_str("<h2>Pages</h2>\n");
    for file in files {
        let _ = writeln!(html, "<h3>{}</h3>\n<div class=\"pages\">", esc(&file.file));
        for (n, ((pw, ph), placed)) in file.sizes.iter().zip(&file.placed).enumerate() {
            let scale = 160.0 / pw.max(*ph);
            let _ = write!(
                html,
                r##"<figure><svg width="{:.0}" height="{:.0}" viewBox="0 0 {pw} {ph}"><rect width="{pw}" height="{ph}" fill="#fff"/>"##,
                pw * scale,
                ph * scale
            );
            for p in placed {
                let face = &faces.faces[p.face];
                let trim = p
                    .rect
                    .grow(-face.bleed, -face.bleed, -face.bleed, -face.bleed);
                let c = p.clip;
                let _ = write!(
                    html,
                    r##"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{} {} {} {}"><use href="#f{}" x="{}" y="{}" width="{}" height="{}"/></svg>"##,
                    c.x, c.y, c.w, c.h, c.x, c.y, c.w, c.h, p.face, trim.x, trim.y, trim.w, trim.h
                );
            }
            let _ = writeln!(
                html,
                "</svg><figcaption>page {}</figcaption></figure>",
                n + 1
            );
        }
        html.push_str("</div>\n");
    }
    html.push_str("<p><small>Made with protopress.</small></p>\n</body></html>\n");
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
}
