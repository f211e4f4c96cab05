//! `build.json`: what a build produced, per component and per game.
//!
//! Written with sorted keys and no timestamps, so two builds of the same input give the same
//! bytes and the file can be diffed in review.

use serde::Serialize;

use crate::model::print::{CardSize, Layout, Paper};

#[derive(Debug, Clone, Serialize)]
pub struct ComponentReport {
    pub id: String,
    pub name: String,
    pub kind: String,
    /// Trim size (none for bought parts).
    pub size: Option<CardSize>,
    /// Distinct card entries in the data.
    pub cards: usize,
    /// Printed copies (the sum of counts).
    pub copies: u32,
    /// Distinct faces (fronts and backs) this component uses.
    pub unique_faces: usize,
    pub sheets: usize,
    /// The file and its 1-based pages holding this component (none for bought parts).
    pub file: Option<String>,
    pub pages: Vec<usize>,
    /// Pages in another file: the last copies of a deck that went onto the shared sheets.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<(String, Vec<usize>)>,
    /// How it is laid out: cards per sheet, tiles, nets.
    pub layout: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct BuildReport {
    pub game: String,
    pub name: String,
    pub revision: String,
    pub paper: Paper,
    pub components: Vec<ComponentReport>,
    /// Distinct faces in the whole game.
    pub unique_faces: usize,
    /// Pages per output file.
    pub files: Vec<FileReport>,
    /// How `kit.pdf` is made up.
    pub kit: KitPages,
    pub warnings: Vec<String>,
    /// The sheet layout, when it is not `duplex` (left out of build.json then).
    #[serde(skip_serializing_if = "Layout::is_duplex")]
    pub layout: Layout,
    /// Print-and-cut: the cut files written to `cut/`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cut_files: Vec<String>,
    /// Every printed side of the sheet files (fronts and single sides; a backs page mirrors
    /// its front): what it holds and how much of the paper it uses.
    pub sheet_pages: Vec<SheetPageReport>,
}

/// One printed side of a sheet file.
#[derive(Debug, Clone, Serialize)]
pub struct SheetPageReport {
    pub file: String,
    /// 1-based, in its file.
    pub page: usize,
    /// `front` (its backs on the next page) or `single` (nothing printed behind it).
    pub role: crate::layout::plan::Role,
    /// The share of the printable area (the paper inside the printable margin) under the
    /// pieces' trims, 0 to 1, to three places.
    pub fill: f32,
    /// Each component on the page and how many of its faces it holds (a die's six, a
    /// standee's two sides).
    pub pieces: Vec<(String, usize)>,
}

/// The printed sides among a file's pages: for each page its role, the faces drawn on it (each
/// face's component and trim area in mm²) and, where known, the paper under its pieces' cuts;
/// `printable` is the paper's area inside the printable margin.
pub fn sheet_page_reports(
    file: &str,
    roles: &[crate::layout::plan::Role],
    faces_on_pages: &[Vec<(&str, f32)>],
    trims: impl Fn(usize) -> Option<f32>,
    printable: f32,
) -> Vec<SheetPageReport> {
    use crate::layout::plan::Role;
    let mut out = Vec::new();
    for (i, (role, faces)) in roles.iter().zip(faces_on_pages).enumerate() {
        if !matches!(role, Role::Front | Role::Single) || faces.is_empty() {
            continue;
        }
        let mut pieces: Vec<(String, usize)> = Vec::new();
        for (component, _) in faces {
            match pieces.iter_mut().find(|(c, _)| c == component) {
                Some((_, n)) => *n += 1,
                None => pieces.push(((*component).to_owned(), 1)),
            }
        }
        let area = trims(i + 1).unwrap_or_else(|| faces.iter().map(|(_, a)| a).sum());
        out.push(SheetPageReport {
            file: file.to_owned(),
            page: i + 1,
            role: *role,
            fill: ((area / printable.max(1.0)) * 1000.0).round() / 1000.0,
            pieces,
        });
    }
    out
}

#[derive(Debug, Clone, Serialize)]
pub struct FileReport {
    pub file: String,
    pub pages: usize,
    pub bytes: usize,
}

impl BuildReport {
    /// The report of the component `id`.
    pub fn component(&self, id: &str) -> Option<&ComponentReport> {
        self.components.iter().find(|c| c.id == id)
    }

    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("reports serialize");
        s.push('\n');
        s
    }
}

/// Page counts of the parts of a kit, for `build.json` and the tests.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct KitPages {
    pub front_and_rules: usize,
    pub components: usize,
    pub calibration: usize,
    pub sheets: usize,
    pub total: usize,
}
