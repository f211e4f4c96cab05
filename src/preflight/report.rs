//! Findings in words, and the report of a whole kit: what `check` prints and writes to
//! `check.json`, and the warnings a build shows.
//!
//! A deck whose template sets every card's rules in a pale grey has the same finding on every
//! card: `check.json` lists each (a script may want them all), while the terminal and a build's
//! warnings name the first few cards of a component and count the rest, so that one mistake
//! in a template reads as one.

use std::collections::BTreeMap;

use resvg::tiny_skia::Pixmap;
use serde::Serialize;

use crate::preflight::bleed::Gap;
use crate::preflight::contrast::{background, hex, over, ratio, required};
use crate::preflight::measures::{Image, Stroke, TextRun};
use crate::preflight::{Class, Finding, Severity};

/// A finding before it is placed on its component and card.
#[derive(Clone)]
pub struct Raw {
    pub class: Class,
    pub element: String,
    pub value: f32,
    pub limit: f32,
    pub message: String,
}

/// A finding as the build cache keeps it: numbers by their bits, so that a finding read back
/// is the finding made, to the last digit of `check.json`.
#[derive(Serialize, serde::Deserialize)]
pub struct Kept(Class, String, u32, u32, String);

impl From<&Raw> for Kept {
    fn from(r: &Raw) -> Kept {
        let (value, limit) = (r.value.to_bits(), r.limit.to_bits());
        Kept(r.class, r.element.clone(), value, limit, r.message.clone())
    }
}

impl From<Kept> for Raw {
    fn from(Kept(class, element, value, limit, message): Kept) -> Raw {
        Raw {
            class,
            element,
            value: f32::from_bits(value),
            limit: f32::from_bits(limit),
            message,
        }
    }
}

/// Words of a text as a finding quotes them: the first few, and its id when it has one.
fn quote(run: &TextRun) -> String {
    const MAX: usize = 40;
    let mut words: String = run.words.chars().take(MAX).collect();
    if run.words.chars().count() > MAX {
        words.push('…');
    }
    match run.id.as_str() {
        "" => format!("text \"{words}\""),
        id => format!("text #{id} \"{words}\""),
    }
}

/// The text runs of each `<text>` element, in face order.
fn by_element(texts: &[TextRun]) -> BTreeMap<usize, Vec<&TextRun>> {
    let mut map: BTreeMap<usize, Vec<&TextRun>> = BTreeMap::new();
    for t in texts {
        map.entry(t.element).or_default().push(t);
    }
    map
}

/// Text under WCAG 2's contrast against its background: the worst run of each text element.
pub fn contrast(texts: &[TextRun], pixmap: &Pixmap, px_per_mm: f32) -> Vec<Raw> {
    let mut out = Vec::new();
    for runs in by_element(texts).values() {
        let worst = runs
            .iter()
            .filter_map(|run| {
                let (fill, opacity) = run.fill?;
                let bg = background(pixmap, px_per_mm, run.bbox)?;
                let fg = over(fill, opacity, bg);
                let r = ratio(fg, bg);
                let need = required(run.size_pt, run.bold);
                // Judged at two decimals, as the ratio is written.
                ((r * 100.0).round() / 100.0 < need).then_some((r, need, fg, bg, *run))
            })
            .min_by(|a, b| (a.0 / a.1).total_cmp(&(b.0 / b.1)));
        if let Some((r, need, fg, bg, run)) = worst {
            let large = if need < 4.5 { "large " } else { "" };
            out.push(Raw {
                class: Class::Contrast,
                element: quote(run),
                value: r,
                limit: need,
                message: format!(
                    "{} has a contrast of {r:.2}:1 ({} on {}); {large}text of {:.1} pt{} needs {need}:1",
                    quote(run),
                    hex(fg),
                    hex(bg),
                    run.size_pt,
                    if run.bold { " bold" } else { "" },
                ),
            });
        }
    }
    out
}

/// Text under `min_pt`: the smallest run of each text element.
pub fn small_text(texts: &[TextRun], min_pt: f32) -> Vec<Raw> {
    let mut out = Vec::new();
    for runs in by_element(texts).values() {
        let smallest = runs
            .iter()
            .filter(|r| r.size_pt < min_pt - 0.005)
            .min_by(|a, b| a.size_pt.total_cmp(&b.size_pt));
        if let Some(run) = smallest {
            out.push(Raw {
                class: Class::SmallText,
                element: quote(run),
                value: run.size_pt,
                limit: min_pt,
                message: format!(
                    "{} is set at {:.2} pt ({:.2} mm); the smallest text to print is {min_pt} pt",
                    quote(run),
                    run.size_pt,
                    run.size_pt * crate::preflight::measures::MM_PER_PT,
                ),
            });
        }
    }
    out
}

/// Strokes under `min_pt`: one finding a face, for its thinnest, with how many there are
/// (a grid of fifty hairlines is one mistake).
pub fn hairlines(strokes: &[Stroke], min_pt: f32) -> Vec<Raw> {
    let thin: Vec<&Stroke> = strokes
        .iter()
        .filter(|s| s.width_pt < min_pt - 0.0005)
        .collect();
    let Some(thinnest) = thin.iter().min_by(|a, b| a.width_pt.total_cmp(&b.width_pt)) else {
        return Vec::new();
    };
    let element = match thinnest.id.as_str() {
        "" => format!("a line at {:.1}, {:.1} mm", thinnest.at.0, thinnest.at.1),
        id => format!("line #{id}"),
    };
    let others = match thin.len() {
        1 => String::new(),
        n => format!(" (the thinnest of {n} such lines)"),
    };
    vec![Raw {
        class: Class::Hairline,
        message: format!(
            "{element} is {:.3} pt ({:.3} mm) wide{others}; lines under {min_pt} pt may not print",
            thinnest.width_pt,
            thinnest.width_pt * crate::preflight::measures::MM_PER_PT,
        ),
        element,
        value: thinnest.width_pt,
        limit: min_pt,
    }]
}

/// Raster art under `min_dpi`, with 1 % to spare (299.7 dpi is 300), named by its link.
pub fn low_dpi(
    game: &crate::model::Game,
    face: &crate::render::faces::Face,
    images: &[Image],
    min_dpi: f32,
) -> Vec<Raw> {
    images
        .iter()
        .filter(|i| soft(i.dpi, min_dpi))
        .map(|i| {
            let element = image_name(game, face, i);
            Raw {
                class: Class::LowDpi,
                message: format!(
                    "{element} prints at {:.0} dpi ({} × {} px over {:.1} × {:.1} mm); \
                     use at least {min_dpi} dpi for a sharp print",
                    i.dpi, i.pixels.0, i.pixels.1, i.size_mm.0, i.size_mm.1,
                ),
                element,
                value: i.dpi,
                limit: min_dpi,
            }
        })
        .collect()
}

/// Whether art at `dpi` prints under `min_dpi`, with 1 % to spare: an image scaled to fit a
/// box a hair too large (299.7 dpi) is not the designer's mistake.
fn soft(dpi: f32, min_dpi: f32) -> bool {
    dpi < min_dpi * 0.99
}

/// An image by its link in the face's SVG (the tree keeps only the pixels), else its id.
fn image_name(game: &crate::model::Game, face: &crate::render::faces::Face, i: &Image) -> String {
    let href = crate::render::faces::linked_image(game, face, i.data);
    match (href, i.id.as_str()) {
        (Some(h), _) => format!("image `{h}`"),
        (None, "") => "an embedded image".to_owned(),
        (None, id) => format!("image #{id}"),
    }
}

/// Sides whose art stops short of the bleed edge.
pub fn bleed(gaps: &[Gap], bleed_mm: f32) -> Vec<Raw> {
    gaps.iter()
        .map(|g| Raw {
            class: Class::Bleed,
            element: format!("{} edge", g.side.name()),
            value: g.reach_mm,
            limit: bleed_mm,
            message: format!(
                "the art reaches the trim but stops short of the bleed along {:.0} % of the {} \
                 edge (it reaches {:.1} of {bleed_mm} mm past the trim); extend it to the face's \
                 edge, or a cut a little off leaves a white sliver",
                g.share * 100.0,
                g.side.name(),
                g.reach_mm,
            ),
        })
        .collect()
}

/// The preflight of a kit, as `check.json` holds it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Report {
    /// No finding is an error.
    pub passed: bool,
    pub errors: usize,
    pub warnings: usize,
    pub findings: Vec<Finding>,
}

/// Findings of one component and class a terminal or a build's warnings show before counting
/// the rest.
const SHOWN: usize = 3;

impl Report {
    pub fn new(findings: Vec<Finding>) -> Report {
        let errors = findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count();
        Report {
            passed: errors == 0,
            errors,
            warnings: findings.len() - errors,
            findings,
        }
    }

    /// Findings grouped by component and class (in order of first appearance), each group
    /// cut to its first [`SHOWN`] findings and how many more there are.
    fn shown(&self) -> Vec<(Vec<&Finding>, usize)> {
        let mut groups: Vec<((&str, Class), Vec<&Finding>)> = Vec::new();
        for f in &self.findings {
            let key = (f.component.as_str(), f.class);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => list.push(f),
                None => groups.push((key, vec![f])),
            }
        }
        groups
            .into_iter()
            .map(|(_, mut list)| {
                let more = list.len().saturating_sub(SHOWN);
                list.truncate(SHOWN);
                (list, more)
            })
            .collect()
    }

    /// Lines for the terminal: `error contrast facility/Copper Wiring front: ...`.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (list, more) in self.shown() {
            for f in &list {
                let word = match f.severity {
                    Severity::Error => "ERROR",
                    Severity::Warning => "warning",
                };
                out.push(format!(
                    "{word} {}: {}: {}",
                    f.class.name(),
                    f.place(),
                    f.message
                ));
            }
            if more > 0 {
                out.push(format!(
                    "    ... and {more} more {} finding{} in {}",
                    list[0].class.name(),
                    if more == 1 { "" } else { "s" },
                    list[0].component
                ));
            }
        }
        out
    }

    /// The findings as a build's warnings (a build never fails for them).
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (list, more) in self.shown() {
            for f in &list {
                out.push(format!(
                    "preflight {}: {}: {}",
                    f.class.name(),
                    f.place(),
                    f.message
                ));
            }
            if more > 0 {
                out.push(format!(
                    "preflight {}: {} more in {} (see check.json)",
                    list[0].class.name(),
                    more,
                    list[0].component
                ));
            }
        }
        out
    }

    /// `preflight passed`, or `preflight FAILED: 2 errors, 1 warning`.
    pub fn summary(&self) -> String {
        let n = |k: usize, one: &str| format!("{k} {one}{}", if k == 1 { "" } else { "s" });
        match (self.passed, self.findings.is_empty()) {
            (true, true) => "preflight passed".to_owned(),
            (true, false) => format!("preflight passed with {}", n(self.warnings, "warning")),
            (false, _) => format!(
                "preflight FAILED: {}, {}",
                n(self.errors, "error"),
                n(self.warnings, "warning")
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(component: &str, card: &str, severity: Severity) -> Finding {
        Finding {
            class: Class::Contrast,
            severity,
            component: component.to_owned(),
            card: card.to_owned(),
            side: "front".to_owned(),
            element: "text \"x\"".to_owned(),
            value: 2.0,
            limit: 4.5,
            unit: ":1",
            message: "text \"x\" has a contrast of 2.00:1".to_owned(),
            file: None,
            line: None,
        }
    }

    #[test]
    fn art_within_one_percent_of_the_limit_passes() {
        assert!(!soft(299.7, 300.0));
        assert!(!soft(297.0, 300.0));
        assert!(soft(296.9, 300.0));
        assert!(soft(150.0, 300.0));
        assert!(!soft(600.0, 300.0));
    }

    #[test]
    fn one_mistake_on_many_cards_reads_as_a_few_lines() {
        let findings = (0..10)
            .map(|i| finding("deck", &format!("Card {i}"), Severity::Error))
            .chain([finding("tokens", "Coin", Severity::Warning)])
            .collect();
        let r = Report::new(findings);
        assert!(!r.passed);
        assert_eq!((r.errors, r.warnings), (10, 1));
        let w = r.warnings();
        assert_eq!(w.len(), 5, "{w:?}");
        assert!(
            w[0].starts_with("preflight contrast: deck/Card 0 front: "),
            "{w:?}"
        );
        assert_eq!(w[3], "preflight contrast: 7 more in deck (see check.json)");
        assert_eq!(r.summary(), "preflight FAILED: 10 errors, 1 warning");
        assert_eq!(Report::new(Vec::new()).summary(), "preflight passed");
    }
}
