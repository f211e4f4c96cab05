//! Reading a workbook (`.xlsx`, `.xlsm`, `.ods`) within limits decided before any work.
//!
//! A workbook is a zip archive of XML parts, and both halves can be made to explode: a part
//! declared a few kilobytes may inflate to gigabytes, one cell far down a sheet makes a dense
//! reader allocate every cell above and left of it, and an `.ods` cell may say it repeats a
//! million times. So the archive's parts are measured by inflating them (never trusting the
//! declared sizes alone), an `.xlsx` sheet is streamed cell by cell into the sparse grid, and
//! an `.ods` sheet's used area is counted from its repeat attributes before calamine expands
//! it. Every limit names itself in its error.

use std::io::{Cursor, Read};
use std::path::Path;

use calamine::{Data, Ods, Reader, Xlsx};
use quick_xml::events::Event;
use serde_json::{Number, Value};

use super::table::{Grid, column_letter};
use crate::error::{Error, Result, suggestion};

/// The most one part of the archive (a sheet, the shared strings) may inflate to.
pub const PART_LIMIT: u64 = 64 << 20;
/// The most the whole archive may inflate to.
pub const ARCHIVE_LIMIT: u64 = 256 << 20;
/// The most non-empty cells a sheet may hold: ten columns of 100,000 cards.
pub const CELL_LIMIT: usize = 1_000_000;
/// The most cells an `.ods` sheet's used area (the rectangle up to its last value) may span,
/// since calamine holds that rectangle whole.
pub const AREA_LIMIT: u64 = 4_000_000;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Format {
    Xlsx,
    Ods,
}

/// Reads the sheet `sheet` (or the first) of the workbook `bytes`.
pub(super) fn read(bytes: &[u8], path: &Path, format: Format, sheet: Option<&str>) -> Result<Grid> {
    check_archive(bytes).map_err(|e| e.in_file(path))?;
    match format {
        Format::Xlsx => {
            let mut book: Xlsx<_> =
                Xlsx::new(Cursor::new(bytes)).map_err(|e| unreadable(&e, path))?;
            let name = pick_sheet(&book.sheet_names(), sheet, path)?;
            read_xlsx_sheet(&mut book, &name, path)
        }
        Format::Ods => {
            let sheets = ods_sheets(bytes).map_err(|e| e.in_file(path))?;
            let names: Vec<String> = sheets.iter().map(|s| s.name.clone()).collect();
            let name = pick_sheet(&names, sheet, path)?;
            if let Some(picked) = sheets.iter().find(|s| s.name == name) {
                check_ods_area(picked).map_err(|e| e.in_file(path))?;
            }
            let mut book: Ods<_> =
                Ods::new(Cursor::new(bytes)).map_err(|e| unreadable(&e, path))?;
            read_ods_sheet(&mut book, &name, path)
        }
    }
}

fn unreadable(e: &dyn std::fmt::Display, path: &Path) -> Error {
    Error::new(format!("cannot read the workbook: {e}"))
        .in_file(path)
        .help("save it as .xlsx or .ods, or export the sheet as CSV")
}

fn too_big(what: &str, limit: String) -> Error {
    Error::new(format!("the workbook is too big to read: {what}")).help(format!(
        "protopress reads at most {limit}; split the cards over several sheets or files, or \
         export the sheet as CSV"
    ))
}

/// Inflates every part of the archive, counting, and stops at the first part or total past
/// its limit; the declared sizes are checked first so an honest large file is refused at once.
fn check_archive(bytes: &[u8]) -> Result<()> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| Error::new(format!("cannot read the workbook: {e}")))?;
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut part = zip
            .by_index(i)
            .map_err(|e| Error::new(format!("cannot read the workbook: {e}")))?;
        let name = part.name().map(|n| n.into_owned()).unwrap_or_default();
        if part.size() > PART_LIMIT {
            return Err(part_too_big(&name));
        }
        let read = std::io::copy(&mut (&mut part).take(PART_LIMIT + 1), &mut std::io::sink())
            .map_err(|e| Error::new(format!("cannot read the workbook's part `{name}`: {e}")))?;
        if read > PART_LIMIT {
            return Err(part_too_big(&name));
        }
        total += read;
        if total > ARCHIVE_LIMIT {
            return Err(too_big(
                "its parts inflate past the limit",
                format!("{} MB inflated", ARCHIVE_LIMIT >> 20),
            ));
        }
    }
    Ok(())
}

fn part_too_big(name: &str) -> Error {
    too_big(
        &format!("its part `{name}` inflates past the limit"),
        format!("{} MB in one part", PART_LIMIT >> 20),
    )
}

/// The sheet asked for, or the first; an unknown name suggests the nearest.
fn pick_sheet(names: &[String], sheet: Option<&str>, path: &Path) -> Result<String> {
    match sheet {
        Some(s) if names.iter().any(|n| n == s) => Ok(s.to_owned()),
        Some(s) => Err(Error::new(format!("the workbook has no sheet `{s}`"))
            .in_file(path)
            .help(format!(
                "{}; its sheets: {}",
                suggestion(s, names.iter().map(String::as_str)),
                names.join(", ")
            ))),
        None => names
            .first()
            .cloned()
            .ok_or_else(|| Error::new("the workbook has no sheets").in_file(path)),
    }
}

/// Streams an `.xlsx` sheet's cells (never the dense rectangle), each with its formula.
fn read_xlsx_sheet(book: &mut Xlsx<Cursor<&[u8]>>, name: &str, path: &Path) -> Result<Grid> {
    let mut reader = book
        .worksheet_cells_reader(name)
        .map_err(|e| Error::new(format!("cannot read sheet `{name}`: {e}")).in_file(path))?;
    let mut cells = Vec::new();
    while let Some(cell) = reader
        .next_cell_with_formula()
        .map_err(|e| Error::new(format!("cannot read sheet `{name}`: {e}")).in_file(path))?
    {
        let (row, col) = (cell.pos.0 as usize + 1, cell.pos.1 as usize + 1);
        let data = Data::from(cell.value);
        let place = CellPlace {
            name,
            row,
            col,
            path,
        };
        if let Some(value) = cell_value(&data, cell.formula.as_deref(), &place)? {
            push_cell(&mut cells, (row, col, value), name, path)?;
        }
    }
    Ok(Grid {
        sheet: Some(name.to_owned()),
        cells,
    })
}

/// Reads an `.ods` sheet whose area was checked, values and formulas side by side.
fn read_ods_sheet(book: &mut Ods<Cursor<&[u8]>>, name: &str, path: &Path) -> Result<Grid> {
    let cannot = |e: &dyn std::fmt::Display| {
        Error::new(format!("cannot read sheet `{name}`: {e}")).in_file(path)
    };
    let range = book.worksheet_range(name).map_err(|e| cannot(&e))?;
    let formulas = book.worksheet_formula(name).map_err(|e| cannot(&e))?;
    let (r0, c0) = range.start().unwrap_or((0, 0));
    let mut cells = Vec::new();
    for (r, row) in range.rows().enumerate() {
        for (c, data) in row.iter().enumerate() {
            let at = (r0 + r as u32, c0 + c as u32);
            let formula = formulas.get_value(at).filter(|f| !f.is_empty());
            let (row, col) = (at.0 as usize + 1, at.1 as usize + 1);
            let place = CellPlace {
                name,
                row,
                col,
                path,
            };
            if let Some(value) = cell_value(data, formula.map(String::as_str), &place)? {
                push_cell(&mut cells, (row, col, value), name, path)?;
            }
        }
    }
    // A formula whose cell has no value at all lies outside the value range.
    for (r, c, formula) in formulas.used_cells() {
        if !formula.is_empty() && range.get_value((r as u32, c as u32)).is_none() {
            let place = CellPlace {
                name,
                row: r + 1,
                col: c + 1,
                path,
            };
            cell_value(&Data::Empty, Some(formula), &place)?;
        }
    }
    cells.sort_by_key(|&(r, c, _)| (r, c));
    Ok(Grid {
        sheet: Some(name.to_owned()),
        cells,
    })
}

fn push_cell(
    cells: &mut Vec<(usize, usize, Value)>,
    cell: (usize, usize, Value),
    name: &str,
    path: &Path,
) -> Result<()> {
    if cells.len() >= CELL_LIMIT {
        return Err(too_big(
            &format!("sheet `{name}` holds more than {CELL_LIMIT} cells with values"),
            format!("{CELL_LIMIT} cells in a sheet"),
        )
        .in_file(path)
        .at(cell.0, cell.1));
    }
    cells.push(cell);
    Ok(())
}

/// Where a cell is, for its errors.
struct CellPlace<'a> {
    name: &'a str,
    row: usize,
    col: usize,
    path: &'a Path,
}

impl CellPlace<'_> {
    fn error(&self, message: String) -> Error {
        Error::new(format!(
            "sheet `{}`, row {}, column {}: {message}",
            self.name,
            self.row,
            column_letter(self.col)
        ))
        .in_file(self.path)
        .at(self.row, self.col)
    }
}

/// A cell's value, `None` when empty. A formula whose result was never saved (a file written
/// by a program that does not compute) is an error, not an empty cell or a count of 1.
fn cell_value(data: &Data, formula: Option<&str>, place: &CellPlace) -> Result<Option<Value>> {
    let value = match data {
        Data::Empty => {
            if let Some(f) = formula {
                // An .ods writes `of:=6*2`, an .xlsx `6*2`.
                let f = f.strip_prefix("of:").unwrap_or(f).trim_start_matches('=');
                return Err(place
                    .error(format!("the formula `={f}` has no saved result"))
                    .help("open the file in a spreadsheet program and save it, so the result is stored beside the formula"));
            }
            return Ok(None);
        }
        Data::Error(e) => {
            return Err(place.error(format!("the cell holds the spreadsheet error {e}")));
        }
        Data::Int(i) => Value::from(*i),
        Data::Float(f) => sheet_number(*f),
        Data::Bool(b) => Value::Bool(*b),
        Data::String(s) if s.trim().is_empty() => return Ok(None),
        other => Value::String(other.to_string()),
    };
    Ok(Some(value))
}

/// What the scan of an `.ods`'s content reports.
enum OdsEvent {
    Table(String),
    /// A row repeated this many times.
    Row(u64),
    /// A cell repeated this many times, and whether it holds anything.
    Cell(u64, bool),
}

/// A sheet of an `.ods` as its content declares it, before calamine expands it: its name and
/// the rows and columns up to its last value, repeats counted.
struct OdsSheet {
    name: String,
    rows: u64,
    cols: u64,
}

/// Every sheet of an `.ods` with its used area, in one pass over its content.
fn ods_sheets(bytes: &[u8]) -> Result<Vec<OdsSheet>> {
    let mut sheets: Vec<OdsSheet> = Vec::new();
    let (mut row, mut row_repeat, mut col) = (0u64, 0u64, 0u64);
    scan_ods(bytes, |event| {
        match (event, sheets.last_mut()) {
            (OdsEvent::Table(name), _) => {
                sheets.push(OdsSheet {
                    name,
                    rows: 0,
                    cols: 0,
                });
                (row, row_repeat, col) = (0, 0, 0);
            }
            (OdsEvent::Row(repeat), Some(_)) => {
                row = row.saturating_add(row_repeat);
                (row_repeat, col) = (repeat, 0);
            }
            (OdsEvent::Cell(repeat, filled), Some(sheet)) => {
                col = col.saturating_add(repeat);
                if filled {
                    sheet.cols = sheet.cols.max(col);
                    sheet.rows = sheet.rows.max(row.saturating_add(row_repeat));
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(sheets)
}

/// Refuses a sheet whose used area, repeats counted, is past [`AREA_LIMIT`].
fn check_ods_area(sheet: &OdsSheet) -> Result<()> {
    if sheet.rows.saturating_mul(sheet.cols) <= AREA_LIMIT {
        return Ok(());
    }
    Err(too_big(
        &format!(
            "sheet `{}` spans {} rows by {} columns up to its last value (repeated cells \
             counted)",
            sheet.name, sheet.rows, sheet.cols
        ),
        format!("{AREA_LIMIT} cells of area"),
    ))
}

/// Streams `content.xml` of an `.ods` (already measured by [`check_archive`]).
fn scan_ods(bytes: &[u8], mut on: impl FnMut(OdsEvent) -> Result<()>) -> Result<()> {
    let bad = |e: &dyn std::fmt::Display| Error::new(format!("cannot read the workbook: {e}"));
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| bad(&e))?;
    let part = zip.by_name("content.xml").map_err(|e| bad(&e))?;
    let mut xml = quick_xml::Reader::from_reader(std::io::BufReader::new(part));
    let mut buf = Vec::new();
    loop {
        let event = xml.read_event_into(&mut buf).map_err(|e| bad(&e))?;
        let (start, empty) = match &event {
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::Eof => return Ok(()),
            _ => {
                buf.clear();
                continue;
            }
        };
        let attr = |key: &str| {
            start
                .try_get_attribute(key)
                .ok()
                .flatten()
                .map(|a| a.value.into_owned())
        };
        let repeat = |key: &str| attr(key).and_then(|v| v.parse::<u64>().ok()).unwrap_or(1);
        match start.name().as_ref() {
            "table:table" => on(OdsEvent::Table(attr("table:name").unwrap_or_default()))?,
            "table:table-row" => on(OdsEvent::Row(repeat("table:number-rows-repeated")))?,
            "table:table-cell" | "table:covered-table-cell" => {
                let filled = !empty
                    || attr("office:value-type").is_some()
                    || attr("table:formula").is_some();
                on(OdsEvent::Cell(
                    repeat("table:number-columns-repeated"),
                    filled,
                ))?;
            }
            _ => {}
        }
        buf.clear();
    }
}

/// A number cell as the spreadsheet shows it: workbooks store every number as a float, so
/// a whole one (`1`, stored 1.0) is an integer, and a computed one loses the binary noise
/// past 15 digits (0.1 + 0.2 is 0.3, not 0.30000000000000004).
pub(crate) fn sheet_number(f: f64) -> Value {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: every integer below is a float.
    if f.fract() == 0.0 && f.abs() < EXACT {
        return Value::from(f as i64);
    }
    let shown: f64 = format!("{f:.14e}").parse().unwrap_or(f);
    Number::from_f64(shown).map_or(Value::Null, Value::Number)
}

/// Small workbooks written from XML, for tests here and the attack suite in `tests/`.
#[doc(hidden)]
pub mod samples {
    use std::io::{Cursor, Write};

    fn zip(parts: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        for (name, bytes) in parts {
            out.start_file(*name, options).unwrap();
            out.write_all(bytes).unwrap();
        }
        out.finish().unwrap().into_inner()
    }

    /// A one-sheet `.xlsx` named `Cards` whose `<sheetData>` is `rows`.
    pub fn xlsx(rows: &str) -> Vec<u8> {
        let sheet = format!(
            r#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData></worksheet>"#
        );
        zip(&[
            ("[Content_Types].xml", br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#),
            ("_rels/.rels", br#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#),
            ("xl/workbook.xml", br#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>"#),
            ("xl/_rels/workbook.xml.rels", br#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#),
            ("xl/worksheets/sheet1.xml", sheet.as_bytes()),
        ])
    }

    /// A one-sheet `.ods` named `Cards` whose rows are `rows`.
    pub fn ods(rows: &str) -> Vec<u8> {
        let content = format!(
            r#"<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Cards">{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
        );
        zip(&[
            ("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"),
            ("META-INF/manifest.xml", br#"<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#),
            ("content.xml", content.as_bytes()),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::samples::{ods, xlsx};
    use super::*;

    fn text(r: &str, t: &str) -> String {
        format!(r#"<c r="{r}" t="inlineStr"><is><t>{t}</t></is></c>"#)
    }

    fn read_xlsx(bytes: &[u8]) -> Result<Grid> {
        read(bytes, Path::new("deck.xlsx"), Format::Xlsx, None)
    }

    fn read_ods(bytes: &[u8]) -> Result<Grid> {
        read(bytes, Path::new("deck.ods"), Format::Ods, None)
    }

    #[test]
    fn a_formula_without_a_saved_result_is_an_error_at_its_cell() {
        let rows = format!(
            r#"<row r="1">{}{}</row><row r="2">{}<c r="B2"><f>6*2</f></c></row>"#,
            text("A1", "name"),
            text("B1", "count"),
            text("A2", "Scout")
        );
        let e = read_xlsx(&xlsx(&rows)).err().unwrap().to_string();
        assert!(
            e.contains("row 2, column B: the formula `=6*2` has no saved result"),
            "{e}"
        );
        let saved = rows.replace("<f>6*2</f>", "<f>6*2</f><v>12</v>");
        let grid = read_xlsx(&xlsx(&saved)).unwrap();
        assert_eq!(grid.cells[3], (2, 2, Value::from(12)));

        let cell = |t: &str| {
            format!(
                r#"<table:table-cell office:value-type="string"><text:p>{t}</text:p></table:table-cell>"#
            )
        };
        let ods_rows = format!(
            r#"<table:table-row>{}{}</table:table-row><table:table-row>{}<table:table-cell table:formula="of:=6*2"/></table:table-row>"#,
            cell("name"),
            cell("count"),
            cell("Scout")
        );
        let e = read_ods(&ods(&ods_rows)).err().unwrap().to_string();
        assert!(
            e.contains("row 2, column B: the formula `=6*2` has no saved result"),
            "{e}"
        );
    }

    #[test]
    fn one_cell_far_down_the_sheet_is_read_sparse() {
        let rows = format!(
            r#"<row r="1">{}</row><row r="1048576">{}</row>"#,
            text("A1", "name"),
            text("XFD1048576", "x")
        );
        let grid = read_xlsx(&xlsx(&rows)).unwrap();
        assert_eq!(grid.cells.len(), 2);
        assert_eq!((grid.cells[1].0, grid.cells[1].1), (1_048_576, 16_384));
    }

    #[test]
    fn a_part_that_inflates_past_the_limit_is_refused_before_it_is_read() {
        let padding = " ".repeat(PART_LIMIT as usize + 1);
        let rows = format!(r#"<row r="1">{}</row>{padding}"#, text("A1", "name"));
        let e = read_xlsx(&xlsx(&rows)).err().unwrap().to_string();
        assert!(
            e.contains("part `xl/worksheets/sheet1.xml` inflates past the limit"),
            "{e}"
        );
    }

    #[test]
    fn an_ods_cell_repeated_over_a_huge_area_is_refused_before_it_is_expanded() {
        let rows = r#"<table:table-row table:number-rows-repeated="100000"><table:table-cell table:number-columns-repeated="1000" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#;
        let e = read_ods(&ods(rows)).err().unwrap().to_string();
        assert!(e.contains("spans 100000 rows by 1000 columns"), "{e}");
        // Empty repeated rows and cells, as spreadsheet programs write them, are no area.
        let trailing = r#"<table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row><table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>"#;
        assert_eq!(read_ods(&ods(trailing)).unwrap().cells.len(), 1);
    }

    #[test]
    fn workbook_numbers_read_as_the_sheet_shows_them() {
        assert_eq!(sheet_number(1.0), Value::from(1));
        assert_eq!(sheet_number(-3.0), Value::from(-3));
        assert_eq!(sheet_number(2.5).to_string(), "2.5");
        assert_eq!(sheet_number(0.1 + 0.2).to_string(), "0.3");
        assert_eq!(sheet_number(1e300).to_string(), "1e+300");
    }
}
