//! A sheet of cards as read from a spreadsheet: column names and rows of cells, and where a
//! cell is for messages. Shared by the reader (`sheet.rs`) and the card lists it becomes
//! (`cards.rs`).

use std::path::Path;

use serde_json::Value;

use crate::error::Error;

/// Cells as read: (1-based row, 1-based column, value), non-empty only, in reading order.
pub(crate) struct Grid {
    pub sheet: Option<String>,
    pub cells: Vec<(usize, usize, Value)>,
}

/// A sheet of cards: column names and rows of cells.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The sheet of a workbook, for messages.
    pub sheet: Option<String>,
    /// 1-based row of the column names.
    pub header_row: usize,
    /// Each column's name and 1-based column number.
    pub columns: Vec<(String, usize)>,
    pub rows: Vec<Row>,
}

/// One row: its 1-based number and a cell per column of [`Table::columns`] (`null` when empty).
#[derive(Debug, Clone)]
pub struct Row {
    pub number: usize,
    pub cells: Vec<Value>,
}

/// `A`, `B`, ..., `Z`, `AA` for 1-based column numbers.
pub fn column_letter(mut n: usize) -> String {
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

impl Table {
    /// Where a cell is, for messages: `sheet `Loot`, row 4, column C (tier)`.
    pub fn place(&self, row: usize, column: usize) -> String {
        let sheet = self
            .sheet
            .as_ref()
            .map(|s| format!("sheet `{s}`, "))
            .unwrap_or_default();
        let name = self
            .columns
            .iter()
            .find(|(_, c)| *c == column)
            .map(|(n, _)| format!(" ({n})"))
            .unwrap_or_default();
        format!("{sheet}row {row}, column {}{name}", column_letter(column))
    }

    /// An error at a cell: the message says where, and the error points at row and column.
    pub fn error(&self, path: &Path, row: usize, column: usize, message: &str) -> Error {
        Error::new(format!("{}: {message}", self.place(row, column)))
            .in_file(path)
            .at(row, column)
    }
}
