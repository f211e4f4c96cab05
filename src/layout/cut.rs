//! Print-and-cut for cutting machines: the registration marks a machine's optical sensor looks
//! for, the area inside them where pieces may go, and the cut file of a sheet (SVG and DXF)
//! whose paths are the pieces' trim outlines in the sheet's own frame (mm, top-left origin, the
//! paper's size), so a file laid on the page in the machine's software lands on the print.
//!
//! The numbers, and what the machines' programs must be set to, are in docs/printing.md.

use std::fmt::Write as _;

use crate::layout::imposition::{Line, Rect};
use crate::layout::tiling::LABEL_BAND;
use crate::model::print::{Cutter, Paper};

/// Silhouette Studio: distance of the marks from the paper edges (its default inset).
pub const SILHOUETTE_INSET: f32 = 10.0;
/// Silhouette Studio: side of the filled square mark at the top left.
pub const SILHOUETTE_SQUARE: f32 = 5.0;
/// Silhouette Studio: length of each arm of the L marks (its default length).
pub const SILHOUETTE_LENGTH: f32 = 20.0;
/// Silhouette Studio: line thickness of the L marks (its default thickness).
pub const SILHOUETTE_THICKNESS: f32 = 0.5;
/// Room kept clear between any mark and a piece.
pub const MARK_KEEPOUT: f32 = 2.0;
/// Cricut Design Space: the largest Print Then Cut image on Letter or A4, 6.75 × 9.25 in.
pub const CRICUT_AREA: (f32, f32) = (171.45, 234.95);
/// Cricut: thickness of the frame and its distance outside the image area.
pub const CRICUT_FRAME: f32 = 1.0;
pub const CRICUT_FRAME_GAP: f32 = 4.0;

/// The registration marks of a sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Registration {
    /// Filled squares (Silhouette's top-left mark).
    pub squares: Vec<Rect>,
    /// Stroked lines (Silhouette's L marks; the Cricut frame's four sides), centre lines.
    pub lines: Vec<Line>,
    /// Their stroke width, in mm.
    pub width: f32,
    /// Where pieces may go: inside the marks, clear of them by [`MARK_KEEPOUT`].
    pub area: Rect,
    /// The square each L mark spans, grown by [`MARK_KEEPOUT`]: the sensor reads the mark
    /// there, and a sheet's label printed inside an L could be taken for part of it.
    pub keep_clear: Vec<Rect>,
}

/// Print-and-cut: the bleed each piece keeps (a machine cuts within half a millimetre).
pub const CUT_BLEED: f32 = 1.5;

/// Where pieces go on a cut sheet: inside the cutter's registration marks, above the label.
pub fn cut_area(cutter: Cutter, paper: Paper) -> Rect {
    let (pw, ph) = paper.size_mm();
    let area = registration(cutter, pw, ph).area;
    Rect {
        h: area.h - LABEL_BAND,
        ..area
    }
}

/// The marks `cutter` looks for on a `pw` × `ph` mm sheet (portrait, as it is fed).
pub fn registration(cutter: Cutter, pw: f32, ph: f32) -> Registration {
    match cutter {
        Cutter::Silhouette => {
            let (i, s, l) = (SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_LENGTH);
            let line = |x1, y1, x2, y2| Line { x1, y1, x2, y2 };
            let clear = i + s + MARK_KEEPOUT;
            Registration {
                squares: vec![Rect {
                    x: i,
                    y: i,
                    w: s,
                    h: s,
                }],
                lines: vec![
                    // Top right: an L with its corner at the top right.
                    line(pw - i - l, i, pw - i, i),
                    line(pw - i, i, pw - i, i + l),
                    // Bottom left: an L with its corner at the bottom left.
                    line(i, ph - i, i + l, ph - i),
                    line(i, ph - i, i, ph - i - l),
                ],
                width: SILHOUETTE_THICKNESS,
                area: Rect {
                    x: clear,
                    y: clear,
                    w: pw - 2.0 * clear,
                    h: ph - 2.0 * clear,
                },
                keep_clear: [(pw - i - l, i), (i, ph - i - l)]
                    .into_iter()
                    .map(|(x, y)| {
                        let k = MARK_KEEPOUT;
                        Rect { x, y, w: l, h: l }.grow(k, k, k, k)
                    })
                    .collect(),
            }
        }
        Cutter::Cricut => {
            let (aw, ah) = (CRICUT_AREA.0.min(pw - 30.0), CRICUT_AREA.1.min(ph - 30.0));
            let area = Rect {
                x: (pw - aw) / 2.0,
                y: (ph - ah) / 2.0,
                w: aw,
                h: ah,
            };
            let f = area.grow(
                CRICUT_FRAME_GAP,
                CRICUT_FRAME_GAP,
                CRICUT_FRAME_GAP,
                CRICUT_FRAME_GAP,
            );
            let line = |x1, y1, x2, y2| Line { x1, y1, x2, y2 };
            Registration {
                squares: Vec::new(),
                lines: vec![
                    line(f.x, f.y, f.right(), f.y),
                    line(f.right(), f.y, f.right(), f.bottom()),
                    line(f.right(), f.bottom(), f.x, f.bottom()),
                    line(f.x, f.bottom(), f.x, f.y),
                ],
                width: CRICUT_FRAME,
                area,
                // The frame is outside the area: nothing printed in the area comes near it.
                keep_clear: Vec::new(),
            }
        }
    }
}

/// One path of a cut file, in mm in the sheet's frame.
#[derive(Debug, Clone, PartialEq)]
pub enum CutPath {
    /// A rectangle with corners rounded to `radius` (0: square corners).
    Rect {
        rect: Rect,
        radius: f32,
    },
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
    },
    /// A straight segment (die-net edges, folds).
    Line(Line),
}

impl CutPath {
    /// The SVG path data, in mm.
    pub fn svg_d(&self) -> String {
        match self {
            CutPath::Rect { rect: r, radius } => {
                let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
                if rad <= 1e-4 {
                    return format!(
                        "M{} {}H{}V{}H{}Z",
                        n(r.x),
                        n(r.y),
                        n(r.right()),
                        n(r.bottom()),
                        n(r.x)
                    );
                }
                let a = |x: f32, y: f32| format!("A{} {} 0 0 1 {} {}", n(rad), n(rad), n(x), n(y));
                format!(
                    "M{} {}H{}{}V{}{}H{}{}V{}{}Z",
                    n(r.x + rad),
                    n(r.y),
                    n(r.right() - rad),
                    a(r.right(), r.y + rad),
                    n(r.bottom() - rad),
                    a(r.right() - rad, r.bottom()),
                    n(r.x + rad),
                    a(r.x, r.bottom() - rad),
                    n(r.y + rad),
                    a(r.x + rad, r.y),
                )
            }
            CutPath::Circle { cx, cy, r } => format!(
                "M{} {}A{} {} 0 1 1 {} {}A{} {} 0 1 1 {} {}Z",
                n(cx + r),
                n(*cy),
                n(*r),
                n(*r),
                n(cx - r),
                n(*cy),
                n(*r),
                n(*r),
                n(cx + r),
                n(*cy)
            ),
            CutPath::Line(l) => format!("M{} {}L{} {}", n(l.x1), n(l.y1), n(l.x2), n(l.y2)),
        }
    }

    /// Bounding box.
    pub fn bounds(&self) -> Rect {
        match self {
            CutPath::Rect { rect, .. } => *rect,
            CutPath::Circle { cx, cy, r } => Rect {
                x: cx - r,
                y: cy - r,
                w: 2.0 * r,
                h: 2.0 * r,
            },
            CutPath::Line(l) => Rect {
                x: l.x1.min(l.x2),
                y: l.y1.min(l.y2),
                w: (l.x2 - l.x1).abs(),
                h: (l.y2 - l.y1).abs(),
            },
        }
    }
}

/// A number for a cut file: three decimals (a micrometre), no trailing zeros.
fn n(v: f32) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// The cut file of one sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct CutSheet {
    /// The PDF the sheet is a page of, and its 1-based page there.
    pub file: String,
    pub page: usize,
    pub paper_w: f32,
    pub paper_h: f32,
    pub cutter: Cutter,
    /// Cut through: the pieces' outlines, windows.
    pub cuts: Vec<CutPath>,
    /// Score or fold (die nets, standees): a separate layer, to set to a scoring tool or a
    /// light pass.
    pub scores: Vec<CutPath>,
}

impl CutSheet {
    /// The box around every path, cut and score; none for a sheet without paths. Design
    /// Space places an upload by this box, not by the page it was drawn on.
    pub fn bounds(&self) -> Option<Rect> {
        let boxes = self.cuts.iter().chain(&self.scores).map(CutPath::bounds);
        boxes.reduce(|a, b| {
            let (x, y) = (a.x.min(b.x), a.y.min(b.y));
            Rect {
                x,
                y,
                w: (a.x + a.w).max(b.x + b.w) - x,
                h: (a.y + a.h).max(b.y + b.h) - y,
            }
        })
    }

    /// The file name stem in `cut/`: `cards-page-3`.
    pub fn stem(&self) -> String {
        CutSheet::stem_of(&self.file, self.page)
    }

    /// The stem of page `page` of `file`.
    pub fn stem_of(file: &str, page: usize) -> String {
        let base = file.strip_suffix(".pdf").unwrap_or(file);
        format!("{base}-page-{page}")
    }

    /// The SVG: the paper's size in mm, a `cut` layer and a `score` layer, and the
    /// registration marks on a `registration` layer to line the file up with the print (not to
    /// be cut: it is hidden).
    pub fn svg(&self) -> String {
        let (w, h) = (n(self.paper_w), n(self.paper_h));
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\">"
        );
        let _ = writeln!(
            s,
            "<!-- protopress cut file: {} page {}, {} registration. Paths are the trim lines, in mm from the sheet's top-left corner. -->",
            self.file,
            self.page,
            self.cutter.name()
        );
        let reg = registration(self.cutter, self.paper_w, self.paper_h);
        if let (Cutter::Cricut, Some(b)) = (self.cutter, self.bounds()) {
            let _ = writeln!(
                s,
                "<!-- Design Space: keep these paths at their size, {} x {} mm, and place them {} mm right and {} mm down from the top-left corner of the Print Then Cut image (the sheet inside its frame). -->",
                n(b.w),
                n(b.h),
                n(b.x - reg.area.x),
                n(b.y - reg.area.y)
            );
        }
        let _ = writeln!(
            s,
            "<g id=\"registration\" display=\"none\" fill=\"#000\" stroke=\"#000\" stroke-width=\"{}\">",
            n(reg.width)
        );
        for q in &reg.squares {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke=\"none\"/>",
                n(q.x),
                n(q.y),
                n(q.w),
                n(q.h)
            );
        }
        for l in &reg.lines {
            let _ = writeln!(
                s,
                "<path d=\"{}\" fill=\"none\"/>",
                CutPath::Line(*l).svg_d()
            );
        }
        s.push_str("</g>\n");
        for (id, colour, paths) in [
            ("cut", "#ff0000", &self.cuts),
            ("score", "#0000ff", &self.scores),
        ] {
            if paths.is_empty() {
                continue;
            }
            let _ = writeln!(
                s,
                "<g id=\"{id}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"0.1\">"
            );
            for p in paths.iter() {
                let _ = writeln!(s, "<path d=\"{}\"/>", p.svg_d());
            }
            s.push_str("</g>\n");
        }
        s.push_str("</svg>\n");
        s
    }

    /// The DXF (R12, millimetres, y up from the sheet's bottom-left corner as DXF wants):
    /// layers CUT and SCORE; rounded corners as arcs, circles as circles.
    pub fn dxf(&self) -> String {
        let mut s = String::new();
        let ph = self.paper_h;
        let mut pair = |code: u32, value: &str| {
            let _ = writeln!(s, "{code}\n{value}");
        };
        pair(0, "SECTION");
        pair(2, "HEADER");
        pair(9, "$INSUNITS");
        pair(70, "4");
        pair(9, "$EXTMIN");
        pair(10, "0");
        pair(20, "0");
        pair(9, "$EXTMAX");
        pair(10, &n(self.paper_w));
        pair(20, &n(ph));
        pair(0, "ENDSEC");
        pair(0, "SECTION");
        pair(2, "TABLES");
        pair(0, "TABLE");
        pair(2, "LAYER");
        pair(70, "2");
        for (name, colour) in [("CUT", "1"), ("SCORE", "5")] {
            pair(0, "LAYER");
            pair(2, name);
            pair(70, "0");
            pair(62, colour);
            pair(6, "CONTINUOUS");
        }
        pair(0, "ENDTAB");
        pair(0, "ENDSEC");
        pair(0, "SECTION");
        pair(2, "ENTITIES");
        let mut entities = Vec::new();
        for (layer, paths) in [("CUT", &self.cuts), ("SCORE", &self.scores)] {
            for p in paths.iter() {
                dxf_entities(p, layer, ph, &mut entities);
            }
        }
        for (code, value) in entities {
            pair(code, &value);
        }
        pair(0, "ENDSEC");
        pair(0, "EOF");
        s
    }
}

/// The DXF entities of one path, y flipped.
fn dxf_entities(p: &CutPath, layer: &str, ph: f32, out: &mut Vec<(u32, String)>) {
    let line = |x1: f32, y1: f32, x2: f32, y2: f32, out: &mut Vec<(u32, String)>| {
        out.extend([
            (0, "LINE".to_owned()),
            (8, layer.to_owned()),
            (10, n(x1)),
            (20, n(ph - y1)),
            (11, n(x2)),
            (21, n(ph - y2)),
        ]);
    };
    let arc = |cx: f32, cy: f32, r: f32, a0: f32, a1: f32, out: &mut Vec<(u32, String)>| {
        out.extend([
            (0, "ARC".to_owned()),
            (8, layer.to_owned()),
            (10, n(cx)),
            (20, n(ph - cy)),
            (40, n(r)),
            (50, n(a0)),
            (51, n(a1)),
        ]);
    };
    match p {
        CutPath::Line(l) => line(l.x1, l.y1, l.x2, l.y2, out),
        CutPath::Circle { cx, cy, r } => out.extend([
            (0, "CIRCLE".to_owned()),
            (8, layer.to_owned()),
            (10, n(*cx)),
            (20, n(ph - cy)),
            (40, n(*r)),
        ]),
        CutPath::Rect { rect: q, radius } => {
            let r = radius.min(q.w / 2.0).min(q.h / 2.0).max(0.0);
            line(q.x + r, q.y, q.right() - r, q.y, out);
            line(q.right(), q.y + r, q.right(), q.bottom() - r, out);
            line(q.right() - r, q.bottom(), q.x + r, q.bottom(), out);
            line(q.x, q.bottom() - r, q.x, q.y + r, out);
            if r > 1e-4 {
                // Angles anticlockwise in DXF's y-up frame.
                arc(q.right() - r, q.y + r, r, 0.0, 90.0, out);
                arc(q.x + r, q.y + r, r, 90.0, 180.0, out);
                arc(q.x + r, q.bottom() - r, r, 180.0, 270.0, out);
                arc(q.right() - r, q.bottom() - r, r, 270.0, 360.0, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Page 1 of `cards.pdf`, A4, for `cutter`, with its cut and score paths.
    fn a4_sheet(cutter: Cutter, cuts: Vec<CutPath>, scores: Vec<CutPath>) -> CutSheet {
        CutSheet {
            file: "cards.pdf".into(),
            page: 1,
            paper_w: 210.0,
            paper_h: 297.0,
            cutter,
            cuts,
            scores,
        }
    }

    #[test]
    fn silhouette_marks_sit_at_the_studio_defaults() {
        let r = registration(Cutter::Silhouette, 210.0, 297.0);
        assert_eq!(
            r.squares[0],
            Rect {
                x: 10.0,
                y: 10.0,
                w: 5.0,
                h: 5.0
            }
        );
        // The L corners: top right at (200, 10), bottom left at (10, 287).
        assert!(r.lines.iter().any(|l| l.x2 == 200.0 && l.y2 == 10.0));
        assert!(r.lines.iter().any(|l| l.x1 == 10.0 && l.y1 == 287.0));
        assert!(r.lines.iter().all(|l| (l.length() - 20.0).abs() < 1e-4));
        assert_eq!(r.area.x, 17.0);
    }

    /// The cutting area is the sheet less the marks' clear margin all round, kept
    /// [`MARK_KEEPOUT`] from every mark; each L mark lies inside its keep-clear box (where the
    /// label band may not go), on the sheet.
    #[test]
    fn silhouette_keeps_the_cutting_area_clear_of_every_mark() {
        for (pw, ph) in [(210.0, 297.0), (215.9, 279.4)] {
            let r = registration(Cutter::Silhouette, pw, ph);
            let clear = SILHOUETTE_INSET + SILHOUETTE_SQUARE + MARK_KEEPOUT;
            let area = r.area;
            assert_eq!((area.x, area.y), (clear, clear));
            assert!((area.right() - (pw - clear)).abs() < 1e-4, "{area:?}");
            assert!((area.bottom() - (ph - clear)).abs() < 1e-4, "{area:?}");
            let inside = |k: &Rect, x: f32, y: f32| {
                k.x <= x + 1e-4
                    && x <= k.right() + 1e-4
                    && k.y <= y + 1e-4
                    && y <= k.bottom() + 1e-4
            };
            assert_eq!(r.keep_clear.len(), 2);
            for l in r.lines.chunks(2) {
                let held = r.keep_clear.iter().any(|k| {
                    l.iter()
                        .all(|l| inside(k, l.x1, l.y1) && inside(k, l.x2, l.y2))
                });
                assert!(held, "an L outside its box: {l:?} {:?}", r.keep_clear);
            }
            let apart = |a: &Rect, b: &Rect| {
                a.right() <= b.x || b.right() <= a.x || a.bottom() <= b.y || b.bottom() <= a.y
            };
            for k in &r.keep_clear {
                let side = SILHOUETTE_LENGTH + 2.0 * MARK_KEEPOUT;
                assert!(
                    (k.w - side).abs() < 1e-4 && (k.h - side).abs() < 1e-4,
                    "{k:?}"
                );
                assert!(k.x >= 0.0 && k.right() <= pw && k.y >= 0.0 && k.bottom() <= ph);
            }
            let k = MARK_KEEPOUT;
            let half = r.width / 2.0;
            let marks = r.lines.iter().map(|l| Rect {
                x: l.x1.min(l.x2) - half,
                y: l.y1.min(l.y2) - half,
                w: (l.x2 - l.x1).abs() + r.width,
                h: (l.y2 - l.y1).abs() + r.width,
            });
            for mark in marks.chain(r.squares.iter().copied()) {
                let kept = mark.grow(k, k, k, k);
                assert!(apart(&kept, &area), "{mark:?} too near {area:?}");
            }
        }
    }

    #[test]
    fn the_cut_area_is_the_marks_area_less_the_label_band_at_its_foot() {
        for cutter in [Cutter::Silhouette, Cutter::Cricut] {
            let reg = registration(cutter, 210.0, 297.0).area;
            let area = cut_area(cutter, Paper::A4);
            assert_eq!((area.x, area.y, area.w), (reg.x, reg.y, reg.w));
            assert!((area.bottom() - (reg.bottom() - LABEL_BAND)).abs() < 1e-3);
        }
    }

    #[test]
    fn cricut_area_is_the_largest_print_then_cut_image() {
        let r = registration(Cutter::Cricut, 215.9, 279.4);
        assert!((r.area.w - 171.45).abs() < 1e-3 && (r.area.h - 234.95).abs() < 1e-3);
        assert_eq!(r.lines.len(), 4);
        // On A5 the image is smaller than the largest: 15 mm of paper each side, centred.
        let r = registration(Cutter::Cricut, 148.0, 210.0);
        let a = r.area;
        assert!(
            (a.w - 118.0).abs() < 1e-3 && (a.h - 180.0).abs() < 1e-3,
            "{a:?}"
        );
        assert!(
            (a.x - 15.0).abs() < 1e-3 && (a.y - 15.0).abs() < 1e-3,
            "{a:?}"
        );
    }

    /// A corner is rounded to at most half the shorter side, whichever side that is: a tall
    /// and a wide piece with a radius too large for them both come out as stadiums.
    #[test]
    fn a_corner_radius_is_at_most_half_the_shorter_side() {
        let rounded = |w: f32, h: f32| {
            CutPath::Rect {
                rect: Rect {
                    x: 0.0,
                    y: 0.0,
                    w,
                    h,
                },
                radius: 8.0,
            }
            .svg_d()
        };
        assert_eq!(
            rounded(10.0, 20.0),
            "M5 0H5A5 5 0 0 1 10 5V15A5 5 0 0 1 5 20H5A5 5 0 0 1 0 15V5A5 5 0 0 1 5 0Z"
        );
        assert_eq!(
            rounded(20.0, 10.0),
            "M5 0H15A5 5 0 0 1 20 5V5A5 5 0 0 1 15 10H5A5 5 0 0 1 0 5V5A5 5 0 0 1 5 0Z"
        );
    }

    /// The box of a circle, of a segment drawn either way, and of a sheet's paths together
    /// (which Design Space places an upload by).
    #[test]
    fn the_bounds_of_each_path_and_of_a_sheet() {
        let circle = CutPath::Circle {
            cx: 50.0,
            cy: 40.0,
            r: 10.0,
        };
        let square = |x, y| Rect {
            x,
            y,
            w: 20.0,
            h: 20.0,
        };
        assert_eq!(circle.bounds(), square(40.0, 30.0));
        let line = CutPath::Line(Line {
            x1: 30.0,
            y1: 60.0,
            x2: 10.0,
            y2: 20.0,
        });
        assert_eq!(
            line.bounds(),
            Rect {
                x: 10.0,
                y: 20.0,
                w: 20.0,
                h: 40.0
            }
        );
        let sheet = a4_sheet(
            Cutter::Cricut,
            vec![circle],
            vec![CutPath::Rect {
                rect: Rect {
                    x: 20.0,
                    y: 35.0,
                    w: 10.0,
                    h: 40.0,
                },
                radius: 0.0,
            }],
        );
        assert_eq!(
            sheet.bounds(),
            Some(Rect {
                x: 20.0,
                y: 30.0,
                w: 40.0,
                h: 45.0
            })
        );
        // The same paths the other way round: each side of the union reached by either.
        let swapped = CutSheet {
            cuts: sheet.scores.clone(),
            scores: sheet.cuts.clone(),
            ..sheet.clone()
        };
        assert_eq!(swapped.bounds(), sheet.bounds());
        let empty = CutSheet {
            cuts: Vec::new(),
            scores: Vec::new(),
            ..sheet
        };
        assert_eq!(empty.bounds(), None);
    }

    /// DXF counts y up from the sheet's foot: every point is flipped, and a rounded corner is
    /// an arc about its own centre, anticlockwise from the side it starts on.
    #[test]
    fn dxf_entities_flip_y_and_round_corners_with_arcs() {
        let mut out = Vec::new();
        let line = Line {
            x1: 10.0,
            y1: 20.0,
            x2: 30.0,
            y2: 40.0,
        };
        dxf_entities(&CutPath::Line(line), "CUT", 297.0, &mut out);
        let circle = CutPath::Circle {
            cx: 50.0,
            cy: 40.0,
            r: 10.0,
        };
        dxf_entities(&circle, "CUT", 297.0, &mut out);
        let rect = Rect {
            x: 20.0,
            y: 30.0,
            w: 40.0,
            h: 20.0,
        };
        dxf_entities(
            &CutPath::Rect { rect, radius: 5.0 },
            "SCORE",
            297.0,
            &mut out,
        );
        let text: Vec<String> = out.iter().map(|(c, v)| format!("{c}={v}")).collect();
        let expected = "0=LINE 8=CUT 10=10 20=277 11=30 21=257 \
            0=CIRCLE 8=CUT 10=50 20=257 40=10 \
            0=LINE 8=SCORE 10=25 20=267 11=55 21=267 \
            0=LINE 8=SCORE 10=60 20=262 11=60 21=252 \
            0=LINE 8=SCORE 10=55 20=247 11=25 21=247 \
            0=LINE 8=SCORE 10=20 20=252 11=20 21=262 \
            0=ARC 8=SCORE 10=55 20=262 40=5 50=0 51=90 \
            0=ARC 8=SCORE 10=25 20=262 40=5 50=90 51=180 \
            0=ARC 8=SCORE 10=25 20=252 40=5 50=180 51=270 \
            0=ARC 8=SCORE 10=55 20=252 40=5 50=270 51=360";
        assert_eq!(text.join(" "), expected);
        // A radius too large for the shorter side, tall or wide, is cut down to half of it.
        for (w, h) in [(10.0, 20.0), (20.0, 10.0)] {
            let mut out = Vec::new();
            let rect = Rect {
                x: 0.0,
                y: 0.0,
                w,
                h,
            };
            dxf_entities(&CutPath::Rect { rect, radius: 8.0 }, "CUT", 100.0, &mut out);
            let radii: Vec<&str> = out
                .iter()
                .filter(|(c, _)| *c == 40)
                .map(|(_, v)| v.as_str())
                .collect();
            assert_eq!(radii, ["5"; 4], "{w} × {h}");
        }
        // A radius of a tenth of a micrometre is a square corner: no arcs.
        let mut out = Vec::new();
        let square = CutPath::Rect { rect, radius: 1e-4 };
        dxf_entities(&square, "CUT", 100.0, &mut out);
        assert!(out.iter().all(|(_, v)| v != "ARC"), "{out:?}");
        assert_eq!(out.iter().filter(|(_, v)| v == "LINE").count(), 4);
    }

    #[test]
    fn rounded_rectangles_in_svg_and_dxf() {
        let sheet = CutSheet {
            file: "cards.pdf".into(),
            page: 1,
            paper_w: 210.0,
            paper_h: 297.0,
            cutter: Cutter::Silhouette,
            cuts: vec![CutPath::Rect {
                rect: Rect {
                    x: 20.0,
                    y: 30.0,
                    w: 63.5,
                    h: 88.9,
                },
                radius: 3.0,
            }],
            scores: vec![],
        };
        let svg = sheet.svg();
        assert!(svg.contains("M23 30H80.5A3 3 0 0 1 83.5 33"), "{svg}");
        let dxf = sheet.dxf();
        assert_eq!(dxf.matches("\nARC\n").count(), 4);
        assert_eq!(dxf.matches("\nLINE\n").count(), 4);
        assert_eq!(sheet.stem(), "cards-page-1");
        assert!(
            !svg.contains("Design Space"),
            "a Silhouette file has no Cricut note"
        );
    }

    #[test]
    fn a_cricut_file_says_where_its_paths_go_on_the_image() {
        let rect = |x, y| CutPath::Rect {
            rect: Rect {
                x,
                y,
                w: 63.5,
                h: 88.9,
            },
            radius: 0.0,
        };
        let sheet = CutSheet {
            file: "cards.pdf".into(),
            page: 1,
            paper_w: 210.0,
            paper_h: 297.0,
            cutter: Cutter::Cricut,
            cuts: vec![rect(40.0, 50.0), rect(110.0, 50.0)],
            scores: vec![CutPath::Line(Line {
                x1: 40.0,
                y1: 150.0,
                x2: 60.0,
                y2: 150.0,
            })],
        };
        let b = sheet.bounds().unwrap();
        assert!(
            (b.w - 133.5).abs() < 1e-3 && (b.h - 100.0).abs() < 1e-3,
            "{b:?}"
        );
        // The area is 171.45 × 234.95 mm, centred on A4: it starts at (19.275, 31.025).
        let svg = sheet.svg();
        assert!(
            svg.contains("133.5 x 100 mm, and place them 20.725 mm right and 18.975 mm down"),
            "{svg}"
        );
    }
}
