//! The sheet writers finished into their PDFs, in the fixed file order, with what the kit,
//! the report and the index page need of them: page plans, printed sides, previews, cut files
//! and each component's pages.

use crate::error::Result;
use crate::layout::plan::Role;
use crate::output::index::FilePages;
use crate::output::report::{ComponentReport, FileReport};
use crate::pdf::sheets::SheetWriter;
use crate::render::faces::Face;
use crate::rulebook::kit::SheetPage;

/// The PDFs a game can produce, in the order they are written and reported.
pub const PDF_FILES: [&str; 3] = ["cards.pdf", "boards.pdf", "tokens.pdf"];

/// A sheet file's name, page sizes and page roles.
pub(super) type FilePlan<'n> = (&'n str, Vec<(f32, f32)>, Vec<Role>);

/// Files by name (relative to the game's output folder) and bytes.
pub(super) type NamedFiles = Vec<(String, Vec<u8>)>;

/// The sheet PDFs of a build, finished: their bytes, reports, page plans and previews.
pub(super) struct Sheets {
    pub(super) pdfs: Vec<(String, Vec<u8>)>,
    /// Every printed side, for build.json.
    pub(super) pages: Vec<crate::output::report::SheetPageReport>,
    pub(super) files: Vec<FileReport>,
    pub(super) plans: Vec<FilePlan<'static>>,
    pub(super) previews: Vec<FilePages>,
    /// `cut/<file>-page-<n>.svg` and `.dxf` of every print-and-cut page.
    pub(super) cut_files: Vec<(String, Vec<u8>)>,
    /// The face of every form each PDF asked for, in order (`SheetWriter::drawn`).
    pub(super) drawn: Vec<Vec<usize>>,
    /// What a dry writer noted rather than drew (its text, where card grids' faces land), by
    /// PDF (`SheetWriter::noted`).
    pub(super) noted: Vec<Vec<u8>>,
}

/// Finishes each sheet writer into its PDF, in the fixed file order.
pub(super) fn finish_sheets(
    mut writers: Vec<(&str, SheetWriter)>,
    faces: &[Face],
    id: &str,
) -> Result<Sheets> {
    let mut sheets = Sheets {
        pdfs: Vec::new(),
        pages: Vec::new(),
        files: Vec::new(),
        plans: Vec::new(),
        previews: Vec::new(),
        cut_files: Vec::new(),
        drawn: Vec::new(),
        noted: Vec::new(),
    };
    for name in PDF_FILES {
        let Some(pos) = writers.iter().position(|(f, _)| *f == name) else {
            continue;
        };
        let (_, writer) = writers.remove(pos);
        let pages = writer.page_count();
        let sizes = writer.page_sizes().to_vec();
        sheets
            .plans
            .push((name, sizes.clone(), writer.roles().to_vec()));
        sheets.previews.push(FilePages {
            file: name.to_owned(),
            sizes,
            placed: writer.placements().to_vec(),
        });
        sheets.cut_files.extend(cut_files(&writer, "cut"));
        sheets.pages.extend(printed_sides(name, &writer, faces));
        sheets.drawn.push(writer.drawn().to_vec());
        sheets.noted.push(writer.noted());
        let bytes = writer.finish().map_err(|e| e.game(id))?;
        sheets.files.push(FileReport {
            file: name.to_owned(),
            pages,
            bytes: bytes.len(),
        });
        sheets.pdfs.push((name.to_owned(), bytes));
    }
    Ok(sheets)
}

/// What each printed side of `writer`'s pages holds and how much paper it uses.
fn printed_sides(
    file: &str,
    writer: &SheetWriter,
    faces: &[Face],
) -> Vec<crate::output::report::SheetPageReport> {
    let on_pages: Vec<Vec<(&str, f32)>> = writer
        .placements()
        .iter()
        .map(|page| {
            page.iter()
                .map(|p| {
                    // A board's tile shows only the part of the face its clip lets through.
                    let f = &faces[p.face];
                    let trim = f.size.width_mm * f.size.height_mm;
                    (f.component.as_str(), trim.min(p.clip.w * p.clip.h))
                })
                .collect()
        })
        .collect();
    let (pw, ph) = writer.paper_size();
    let m = writer.margin();
    let printable = (pw - 2.0 * m) * (ph - 2.0 * m);
    crate::output::report::sheet_page_reports(
        file,
        writer.roles(),
        &on_pages,
        |page| writer.trim_area(page),
        printable,
    )
}

/// The cut files (SVG and DXF) of a writer's print-and-cut pages, named `<dir>/<stem>.svg`
/// after the page they cut.
pub fn cut_files(writer: &SheetWriter, dir: &str) -> NamedFiles {
    let mut files = Vec::new();
    for sheet in writer.cut_sheets() {
        let stem = sheet.stem();
        files.push((format!("{dir}/{stem}.svg"), sheet.svg().into_bytes()));
        files.push((format!("{dir}/{stem}.dxf"), sheet.dxf().into_bytes()));
    }
    files
}

/// Every component's pages in the sheet PDFs, with their sizes and roles, for the kit. The
/// parts to buy are left out: the kit's components page lists them with pictures of their
/// printed stand-ins, and `tokens.pdf`'s own list page names its pages, not the kit's.
pub(super) fn sheet_pages(
    components: &[ComponentReport],
    plans: &[FilePlan],
) -> Vec<(String, Vec<SheetPage>)> {
    components
        .iter()
        .filter(|c| c.kind != "bought")
        .filter_map(|c| {
            let file = c.file.as_deref()?;
            let runs = std::iter::once((file, &c.pages))
                .chain(c.also.iter().map(|(f, p)| (f.as_str(), p)));
            let mut pages = Vec::new();
            for (file, numbers) in runs {
                let Some((_, sizes, roles)) = plans.iter().find(|(n, _, _)| *n == file) else {
                    continue;
                };
                pages.extend(numbers.iter().filter_map(|&page| {
                    let (w, h) = *sizes.get(page.checked_sub(1)?)?;
                    Some(SheetPage {
                        file: file.to_owned(),
                        page,
                        width_mm: w,
                        height_mm: h,
                        role: *roles.get(page - 1)?,
                    })
                }));
            }
            Some((c.id.clone(), pages))
        })
        .collect()
}
