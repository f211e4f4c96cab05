//! Cards kept in a spreadsheet: `.csv`, `.tsv`, `.xlsx` or `.ods`, read into a [`Table`] of
//! cells, each with its row and column so errors can point at it.
//!
//! The first non-empty row holds the column names. A workbook's sheet is picked with
//! `cards.xlsx#Sheet`; without `#`, the first sheet is read.

use std::path::Path;

use serde_json::Value;

use crate::error::{Error, Result, suggestion};
use crate::model::cards::{
    Card, CardRules, Origin, RESERVED_CARD_FIELDS, RawCard, check_count, finish,
};
use crate::model::fields::{FieldType, scalar_text};
use crate::model::lang;
use crate::model::table::Grid;
pub use crate::model::table::{Row, Table, column_letter};
use crate::model::workbook::{self, Format};

/// The spreadsheet formats a cards file may have, by file name.
pub fn is_sheet(path: &str) -> bool {
    sheet_kind(path).is_some()
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Csv,
    Tsv,
    Workbook,
    /// The binary `.xls` of old Excel versions, refused with a way out.
    OldExcel,
}

fn sheet_kind(path: &str) -> Option<Kind> {
    let file = path.split('#').next().unwrap_or(path).to_ascii_lowercase();
    let ext = file.rsplit('.').next().unwrap_or_default();
    match ext {
        "csv" => Some(Kind::Csv),
        "tsv" | "tab" => Some(Kind::Tsv),
        "xlsx" | "xlsm" | "ods" => Some(Kind::Workbook),
        "xls" => Some(Kind::OldExcel),
        _ => None,
    }
}

/// Splits `cards.xlsx#Loot` into the file and the sheet.
pub fn split_sheet(cards: &str) -> (&str, Option<&str>) {
    match cards.split_once('#') {
        Some((file, sheet)) if sheet_kind(file) == Some(Kind::Workbook) => (file, Some(sheet)),
        _ => (cards, None),
    }
}

/// Reads the spreadsheet `bytes` of `path` (`sheet` for a workbook).
pub fn read_table(bytes: &[u8], path: &Path, sheet: Option<&str>) -> Result<Table> {
    let grid = match sheet_kind(&path.to_string_lossy()) {
        Some(Kind::Csv) => read_delimited(bytes, path, b',')?,
        Some(Kind::Tsv) => read_delimited(bytes, path, b'\t')?,
        Some(Kind::Workbook) => {
            let ods = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("ods"));
            let format = if ods { Format::Ods } else { Format::Xlsx };
            workbook::read(bytes, path, format, sheet)?
        }
        Some(Kind::OldExcel) => {
            return Err(Error::new("the old Excel format (.xls) is not read")
                .in_file(path)
                .help("save the workbook as .xlsx (Excel Workbook) or .ods, or export the sheet as CSV"));
        }
        None => {
            return Err(Error::new("not a spreadsheet (.csv, .tsv, .xlsx or .ods)").in_file(path));
        }
    };
    to_table(grid, path)
}

fn read_delimited(bytes: &[u8], path: &Path, delimiter: u8) -> Result<Grid> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        Error::new("the file is not UTF-8 text")
            .in_file(path)
            .at(line, 1)
            .help("export the sheet as CSV UTF-8")
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(line) = unclosed_quote(text, delimiter) {
        return Err(
            Error::new("a quoted cell opens on this line and is never closed")
                .in_file(path)
                .at(line, 1)
                .help("close it with a \"; a quote inside a quoted cell is written twice (\"\")"),
        );
    }
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    // The reader's own line numbers skip blank lines, so lines are counted from byte offsets,
    // onward from the last record's: one pass over the file, however many rows.
    let mut lines = LineCounter::new(text.as_bytes());
    let mut cells = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(1, |p| lines.line_at(p.byte()));
            Error::new(format!("cannot read the table: {e}"))
                .in_file(path)
                .at(line, 1)
        })?;
        let row = record.position().map_or(1, |p| lines.line_at(p.byte()));
        for (c, cell) in record.iter().enumerate() {
            if !cell.trim().is_empty() {
                cells.push((row, c + 1, Value::String(cell.to_owned())));
            }
        }
    }
    Ok(Grid { sheet: None, cells })
}

/// The 1-based line of byte offsets asked for in increasing order, counted onward from the
/// last offset asked for.
struct LineCounter<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            at: 0,
            line: 1,
        }
    }

    fn line_at(&mut self, byte: u64) -> usize {
        let mut end = (byte as usize).min(self.bytes.len());
        // A record's position may be that of the blank lines before it.
        while self
            .bytes
            .get(end)
            .is_some_and(|b| *b == b'\n' || *b == b'\r')
        {
            end += 1;
        }
        if end < self.at {
            (self.at, self.line) = (0, 1);
        }
        self.line += memchr::memchr_iter(b'\n', &self.bytes[self.at..end]).count();
        self.at = end;
        self.line
    }
}

/// The line of a quoted cell that is never closed: the CSV reader would take the rest of the
/// file into it, and the rows after it would be lost without a word. A quote opens a quoted
/// cell only at the cell's start; elsewhere it is an ordinary character (`5" tall`).
fn unclosed_quote(text: &str, delimiter: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut line, mut i, mut cell_start) = (1, 0, true);
    while i < bytes.len() {
        if cell_start && bytes[i] == b'"' {
            let opened = line;
            i += 1;
            loop {
                match bytes.get(i) {
                    None => return Some(opened),
                    Some(b'"') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                    Some(b'"') => break,
                    Some(b) => {
                        line += usize::from(*b == b'\n');
                        i += 1;
                    }
                }
            }
        }
        let b = bytes[i];
        line += usize::from(b == b'\n');
        cell_start = b == delimiter || b == b'\n' || b == b'\r';
        i += 1;
    }
    None
}

/// Turns cells into a table: the first row holding anything names the columns.
fn to_table(grid: Grid, path: &Path) -> Result<Table> {
    let Grid { sheet, cells } = grid;
    let mut table = Table {
        sheet,
        ..Table::default()
    };
    let Some(header_row) = cells.first().map(|c| c.0) else {
        return Ok(table);
    };
    table.header_row = header_row;
    for (_, col, value) in cells.iter().filter(|c| c.0 == header_row) {
        let name = scalar_text(value).trim().to_owned();
        if table.columns.iter().any(|(n, _)| *n == name) {
            return Err(table.error(
                path,
                header_row,
                *col,
                &format!("a second column is named `{name}`"),
            ));
        }
        table.columns.push((name, *col));
    }
    for (row, col, value) in cells.into_iter().filter(|c| c.0 != header_row) {
        let Some(index) = table.columns.iter().position(|(_, c)| *c == col) else {
            return Err(table.error(
                path,
                row,
                col,
                "this cell has a value but its column has no name in the first row",
            ));
        };
        if table.rows.last().is_none_or(|r| r.number != row) {
            table.rows.push(Row {
                number: row,
                cells: vec![Value::Null; table.columns.len()],
            });
        }
        if let Some(slot) = table.rows.last_mut().and_then(|r| r.cells.get_mut(index)) {
            *slot = value;
        }
    }
    Ok(table)
}

/// What a column of a cards sheet holds.
#[derive(Debug, Clone, PartialEq)]
enum Column {
    Id,
    Name,
    Count,
    Front,
    /// A declared field.
    Field(String),
    /// A translation: the name or a declared text field, and the language.
    Translation(String, String),
    /// A value for a per-card back: `back.<key>`.
    Back(String),
}

/// What column `name` holds, or why it may not be there.
fn column(name: &str, rules: &CardRules) -> std::result::Result<Column, String> {
    match name {
        "id" => return Ok(Column::Id),
        "name" => return Ok(Column::Name),
        "count" => return Ok(Column::Count),
        "front" => return Ok(Column::Front),
        f if rules.fields.contains(f) => return Ok(Column::Field(f.to_owned())),
        _ => {}
    }
    if let Some((field, lang)) = name.rsplit_once('.') {
        if field == "back" {
            return Ok(Column::Back(lang.to_owned()));
        }
        // As in YAML, a text field or one of no declared type takes translations.
        let text = field == "name"
            || rules
                .fields
                .get(field)
                .is_some_and(|d| d.ty.is_text() || d.ty == crate::model::fields::FieldType::Any);
        let listed = |l: &String| l.eq_ignore_ascii_case(lang) || lang::base(l) == lang;
        if text && rules.langs.all.iter().any(listed) {
            return Ok(Column::Translation(field.to_owned(), lang.to_owned()));
        }
        if text {
            return Err(format!(
                "column `{name}`: `{lang}` is not one of the game's languages ({})",
                rules.langs.all.join(", ")
            ));
        }
    }
    let known = RESERVED_CARD_FIELDS
        .iter()
        .copied()
        .chain(rules.fields.names());
    Err(format!(
        "unknown column `{name}` ({}; declare new fields in the component's `card_fields`)",
        suggestion(name, known)
    ))
}

/// The cards of a sheet, checked like those of a YAML file.
pub fn cards_from_table(table: &Table, path: &Path, rules: &CardRules) -> Result<Vec<Card>> {
    if !table.columns.iter().any(|(n, _)| n == "name") {
        return Err(Error::new("the sheet has no `name` column")
            .in_file(path)
            .at(table.header_row.max(1), 1)
            .help("the first row names the columns: name, count, and the card fields"));
    }
    let mut columns = Vec::with_capacity(table.columns.len());
    for (name, col) in &table.columns {
        let kind =
            column(name, rules).map_err(|m| table.error(path, table.header_row, *col, &m))?;
        columns.push(kind);
    }
    let first_lang = rules.langs.all.first().map_or("en", |l| lang::base(l));
    let mut raw = Vec::new();
    let mut rows = Vec::new();
    for row in &table.rows {
        raw.push(raw_card(table, path, row, &columns, first_lang)?);
        rows.push(row.number);
    }
    let origin = Origin::Sheet { table, rows };
    finish(raw, path, &origin, rules, true)
}

/// One row as a card, before the checks every card gets.
fn raw_card(
    table: &Table,
    path: &Path,
    row: &Row,
    columns: &[Column],
    first_lang: &str,
) -> Result<RawCard> {
    let mut card = RawCard::default();
    let mut translations: Vec<(String, String, Value)> = Vec::new();
    for ((kind, (_, col)), value) in columns.iter().zip(&table.columns).zip(&row.cells) {
        if value.is_null() {
            continue;
        }
        let text = || scalar_text(value).trim().to_owned();
        match kind {
            Column::Id => card.id = Some(text()),
            Column::Name => card.name = Some(Value::String(text())),
            Column::Front => card.front = Some(text()),
            Column::Count => {
                let count = FieldType::Integer
                    .coerce(value.clone(), true)
                    .map_err(|m| format!("the count {m}"))
                    .and_then(|v| check_count(v.as_i64().unwrap_or(-1)));
                card.count = Some(count.map_err(|m| table.error(path, row.number, *col, &m))?);
            }
            Column::Field(f) => {
                card.fields.insert(f.clone(), value.clone());
            }
            Column::Back(k) => {
                card.back.insert(k.clone(), value.clone());
            }
            Column::Translation(f, l) => translations.push((f.clone(), l.clone(), value.clone())),
        }
    }
    for (field, lang, value) in translations {
        let current = match field.as_str() {
            "name" => card.name.take(),
            _ => card.fields.remove(&field),
        };
        let mut map = match current {
            Some(Value::Object(m)) => m,
            Some(plain) => {
                let mut m = serde_json::Map::new();
                m.insert(first_lang.to_owned(), plain);
                m
            }
            None => serde_json::Map::new(),
        };
        map.insert(lang, value);
        match field.as_str() {
            "name" => card.name = Some(Value::Object(map)),
            _ => {
                card.fields.insert(field, Value::Object(map));
            }
        }
    }
    Ok(card)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_letters() {
        assert_eq!(column_letter(1), "A");
        assert_eq!(column_letter(26), "Z");
        assert_eq!(column_letter(27), "AA");
        assert_eq!(column_letter(0), "");
    }

    #[test]
    fn sheet_names_follow_a_hash() {
        assert_eq!(split_sheet("cards.xlsx#Loot"), ("cards.xlsx", Some("Loot")));
        assert_eq!(split_sheet("cards.csv"), ("cards.csv", None));
        assert_eq!(split_sheet("odd#name.yaml"), ("odd#name.yaml", None));
        assert!(is_sheet("a.ODS") && is_sheet("b.tsv") && !is_sheet("c.yaml"));
    }

    #[test]
    fn csv_rows_keep_their_lines() {
        let csv = "\u{feff}name,count,text\n\nAlpha,2,\"two\nlines\"\nBeta,,x\n";
        let t = read_table(csv.as_bytes(), Path::new("d.csv"), None).unwrap();
        assert_eq!(t.header_row, 1);
        assert_eq!(t.columns[2], ("text".to_owned(), 3));
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0].number, 3);
        assert_eq!(t.rows[1].number, 5);
        assert!(t.rows[1].cells[1].is_null());
        assert_eq!(t.place(5, 3), "row 5, column C (text)");
    }

    #[test]
    fn a_quoted_cell_never_closed_is_an_error_at_its_line() {
        let csv = "name,count,text\nScout,6,\"Look \"\"here\"\"\"\nGuard,2,\"unclosed\nMerchant,4,Trade\n";
        let e = read_table(csv.as_bytes(), Path::new("d.csv"), None).unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("never closed"), "{e}");
        // A quote inside an unquoted cell is only a character.
        let inches = "name,count,text\nBoard,1,5\" tall\nPeg,2,x\n";
        let t = read_table(inches.as_bytes(), Path::new("d.csv"), None).unwrap();
        assert_eq!(t.rows.len(), 2);
    }

    #[test]
    fn a_value_without_a_column_name_is_an_error() {
        let e = read_table(b"name,\nA,x\n", Path::new("d.csv"), None).unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(2)), "{e}");
        let e = read_table(b"name\tname\n", Path::new("d.tsv"), None).unwrap_err();
        assert!(e.message.contains("second column"), "{e}");
    }

    #[test]
    fn a_row_whose_name_makes_no_id_asks_for_the_id_column() {
        let fields = crate::model::fields::CardFields::untyped::<&str>(&[]);
        let rules = CardRules {
            fields: &fields,
            images: &|f| Ok(f.to_owned()),
            langs: &lang::Langs::default(),
        };
        let path = Path::new("d.csv");
        let t = read_table("name,count\n🐉,1\n".as_bytes(), path, None).unwrap();
        let e = cards_from_table(&t, path, &rules).unwrap_err();
        assert!(e.message.contains("fill in its `id` column"), "{e}");
        assert!(!e.message.contains("`id:`"), "{e}");
        assert_eq!(e.line, Some(2), "{e}");
    }

    #[test]
    fn garbage_is_not_a_workbook() {
        let e = read_table(b"PK\x03\x04junk", Path::new("d.xlsx"), None).unwrap_err();
        assert!(e.message.contains("cannot read the workbook"), "{e}");
    }
}
