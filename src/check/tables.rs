//! Component tables: the count in a column of its own (found by its header, such as `Qty` or
//! `#`, or because every cell of it is a count), in any position, with one or more name/count
//! column pairs per row. Cells that are neither are read as text.

use crate::check::markdown::{Block, Kind as BlockKind, Text};
use crate::check::numbers::{count_at, suffix_count, tokenize};
use crate::check::statements::{RowScanner, Statement};
use crate::check::vocab::Vocab;

/// The count a cell holds, when it holds nothing else (`12`, `×3`, `3x`, `twelve`).
fn cell_count(text: &str, v: &Vocab) -> Option<u32> {
    let toks = tokenize(text, v);
    let c = count_at(&toks, 0, false, v).or_else(|| suffix_count(&toks, 0, v))?;
    (c.next == toks.len()).then_some(c.value)
}

fn is_count_column(header: Option<&String>, body: &[&[Text]], col: usize, v: &Vocab) -> bool {
    let h = header.map_or("", |h| h.as_str());
    if v.count_headers.contains(h) {
        return true;
    }
    if v.name_headers.contains(h) {
        return false;
    }
    let cells: Vec<&str> = body
        .iter()
        .filter_map(|r| r.get(col))
        .map(|c| c.s.trim())
        .filter(|c| !c.is_empty())
        .collect();
    !cells.is_empty() && cells.iter().all(|c| cell_count(c, v).is_some())
}

/// Non-count columns by distance from `col`, the left one first.
fn name_order(col: usize, width: usize, count_cols: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..width).filter(|c| !count_cols.contains(c)).collect();
    order.sort_by_key(|&c| (c.abs_diff(col), c > col));
    order
}

/// Reads every row of table `table`.
pub(crate) fn read(s: &mut impl RowScanner, blocks: &[Block], table: usize) {
    let rows: Vec<(&Block, bool, &[Text])> = blocks
        .iter()
        .filter_map(|b| match &b.kind {
            BlockKind::Row {
                table: t,
                header,
                cells,
            } if *t == table => Some((b, *header, cells.as_slice())),
            _ => None,
        })
        .collect();
    let section = rows.first().is_some_and(|r| r.0.in_section);
    let body: Vec<&[Text]> = rows.iter().filter(|r| !r.1).map(|r| r.2).collect();
    if !section {
        for (b, _, _) in rows.iter().filter(|r| !r.1) {
            s.read_text(&b.text, false, &[]);
        }
        return;
    }
    let header: Vec<String> = rows
        .iter()
        .find(|r| r.1)
        .map(|r| r.2.iter().map(|c| c.s.trim().to_lowercase()).collect())
        .unwrap_or_default();
    let width = rows.iter().map(|r| r.2.len()).max().unwrap_or(0);
    let count_cols: Vec<usize> = (0..width)
        .filter(|&c| is_count_column(header.get(c), &body, c, s.vocab()))
        .collect();
    for cells in body {
        read_row(s, cells, &count_cols);
    }
}

fn read_row(s: &mut impl RowScanner, cells: &[Text], count_cols: &[usize]) {
    let mut used = vec![false; cells.len()];
    let mut owner: Option<usize> = None;
    for &cc in count_cols {
        let Some(count_cell) = cells.get(cc) else {
            continue;
        };
        let Some(count) = cell_count(&count_cell.s, s.vocab()) else {
            continue;
        };
        for nc in name_order(cc, cells.len(), count_cols) {
            if used.get(nc).copied().unwrap_or(true) {
                continue;
            }
            let Some(cell) = cells.get(nc) else {
                continue;
            };
            let toks = tokenize(&cell.s, s.vocab());
            let skip = usize::from(
                toks.first()
                    .is_some_and(|t| s.vocab().cell_articles.contains(t.lower.as_str())),
            );
            let hits = s.hits(&toks);
            let Some(&(start, end, entry)) = hits.first().filter(|h| h.0 == skip) else {
                continue;
            };
            if let Some(u) = used.get_mut(nc) {
                *u = true;
            }
            if let Some(u) = used.get_mut(cc) {
                *u = true;
            }
            let line = cell.line_at(0);
            let name = match (
                toks.get(start),
                end.checked_sub(1).and_then(|e| toks.get(e)),
            ) {
                (Some(a), Some(b)) => cell.s.get(a.start..b.end).unwrap_or_default(),
                _ => "",
            };
            if let Some(e) = entry {
                let text = format!("{} | {}", cell.s.trim(), count_cell.s.trim());
                s.push(
                    e,
                    Statement {
                        line,
                        count,
                        text,
                        section: true,
                    },
                );
                owner.get_or_insert(e);
            }
            s.after_count(&toks, end, count, name, line, entry);
            break;
        }
    }
    for (i, c) in cells.iter().enumerate() {
        if !used.get(i).copied().unwrap_or(false) {
            s.read_text(c, true, owner.as_slice());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::check::numbers::words;
    use crate::check::rulescan::scan;
    use crate::check::statements::Known;
    use crate::check::vocab::ENGLISH;

    fn known(names: &[&str]) -> Vec<Known> {
        names
            .iter()
            .map(|n| Known {
                parent: None,
                names: vec![words(n, &ENGLISH)],
            })
            .collect()
    }

    fn found(src: &str, names: &[&str]) -> Vec<(usize, u32, usize)> {
        scan(src, &known(names), &ENGLISH)
            .statements
            .iter()
            .map(|(e, s)| (*e, s.count, s.line))
            .collect()
    }

    #[test]
    fn count_column_by_header_in_any_position() {
        let src = "## Components\n\n| Component | Qty |\n| --- | --- |\n| Stone cards | 60 |\n| Score pad | 1 |\n";
        assert_eq!(
            found(src, &["Stone cards", "Score pad"]),
            vec![(0, 60, 5), (1, 1, 6)]
        );
        let src = "## Components\n\n| # | Component | Notes |\n| - | - | - |\n| 40 | Beacon cards | 4 suits of 10 |\n";
        assert_eq!(found(src, &["Beacon cards"]), vec![(0, 40, 5)]);
    }

    #[test]
    fn count_column_by_its_numbers_and_pairs_per_row() {
        let src = "## Contents\n\n| Piece | | Piece | |\n| - | - | - | - |\n| Dice | ×4 | Coins | 30 |\n| Board | 1 | Pad | one |\n";
        assert_eq!(
            found(src, &["Dice", "Coins", "Board", "Pad"]),
            vec![(0, 4, 5), (1, 30, 5), (2, 1, 6), (3, 1, 6)]
        );
    }
}
