//! Plain pages: the parts to buy, a reprint's changelog.

use krilla::geom::Point;
use krilla::paint::Fill;

use crate::layout::plan::Role;
use crate::layout::tiling::TILE_MARGIN;
use crate::model::print::mm;
use crate::pdf::draw::page_settings;
use crate::pdf::sheets::{PagesUsed, SheetWriter};

impl SheetWriter<'_> {
    /// Plain list pages (the parts to buy, a changelog): a title, then one line per entry,
    /// continued on further pages as needed.
    pub fn add_list_page(&mut self, title: &str, intro: &str, rows: &[String]) -> PagesUsed {
        let (pw, ph) = self.paper.size_mm();
        // Wrap long rows (about 0.53 em a character at 9.5 pt) with a hanging indent.
        let max_chars = ((pw - 2.0 * TILE_MARGIN - 16.0) / 1.78).floor() as usize;
        let wrapped: Vec<String> = rows.iter().flat_map(|r| wrap(r, max_chars)).collect();
        let rows = &wrapped[..];
        let per_page = (((ph - 52.0 - 20.0) / 7.0).floor() as usize).max(1);
        let chunks: Vec<&[String]> = if rows.is_empty() {
            vec![&[][..]]
        } else {
            rows.chunks(per_page).collect()
        };
        let mut used = PagesUsed::default();
        for (n, chunk) in chunks.iter().enumerate() {
            let number = self.open(pw, ph, Role::Plain);
            let mut page = self.doc.start_page_with(page_settings(pw, ph));
            let mut surface = page.surface();
            let x = mm(TILE_MARGIN + 8.0);
            surface.set_fill(Some(Fill::default()));
            let heading = if n == 0 {
                title.to_owned()
            } else {
                format!("{title} (continued)")
            };
            let font = &self.label_font;
            font.draw(&mut surface, Point::from_xy(x, mm(30.0)), 16.0, &heading);
            font.draw(&mut surface, Point::from_xy(x, mm(40.0)), 9.0, intro);
            for (i, row) in chunk.iter().enumerate() {
                let y = mm(52.0 + i as f32 * 7.0);
                font.draw(&mut surface, Point::from_xy(x, y), 9.5, row);
            }
            surface.set_fill(None);
            surface.finish();
            page.finish();
            used.sheets += 1;
            used.pages.push(number);
        }
        used
    }
}

/// Splits `text` into lines of at most `width` characters at spaces; continuation lines are
/// indented.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let cur = lines.last_mut().expect("never empty");
        if !cur.trim().is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            lines.push(format!("    {word}"));
        } else {
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
        }
    }
    lines
}
