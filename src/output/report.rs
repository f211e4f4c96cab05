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
