//! Fold-up shapes: the net of a six-sided die and a fold-over standee.
//!
//! Geometry only, in mm from the shape's own top-left corner. Cut lines are solid, fold lines
//! dashed when drawn; a die net carries seven glue tabs, one on an edge of each pair of edges
//! that meet when the cube is folded.

use crate::layout::imposition::{Line, Rect};

/// The cross-shaped net of a cube:
///
/// ```text
///       [0]
///   [1] [2] [3] [4]
///       [5]
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct DieNet {
    /// Edge of one face.
    pub edge: f32,
    /// Depth of a glue tab.
    pub tab: f32,
    pub faces: [Rect; 6],
    /// Each tab as a quadrilateral (base on the face edge first).
    pub tabs: Vec<[(f32, f32); 4]>,
    pub cuts: Vec<Line>,
    pub folds: Vec<Line>,
    pub width: f32,
    pub height: f32,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Edge {
    Top,
    Right,
    Bottom,
    Left,
}

/// Face grid positions (column, row) of the cross net.
const CROSS: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];

/// The outer edges that carry a tab: one of each pair that meets when folded.
const TABBED: [(usize, Edge); 7] = [
    (1, Edge::Top),    // meets face 0's left
    (3, Edge::Top),    // meets face 0's right
    (4, Edge::Top),    // meets face 0's top
    (1, Edge::Bottom), // meets face 5's left
    (3, Edge::Bottom), // meets face 5's right
    (4, Edge::Bottom), // meets face 5's bottom
    (4, Edge::Right),  // meets face 1's left
];

impl DieNet {
    pub fn new(edge: f32) -> DieNet {
        let tab = (edge * 0.22).clamp(4.0, 9.0);
        // The net sits `tab` in from the top and left so tabs stay inside its box.
        let face = |i: usize| {
            let (c, r) = CROSS[i];
            Rect {
                x: c as f32 * edge,
                y: tab + r as f32 * edge,
                w: edge,
                h: edge,
            }
        };
        let faces = [face(0), face(1), face(2), face(3), face(4), face(5)];
        let mut cuts = Vec::new();
        let mut folds = Vec::new();
        let mut tabs = Vec::new();
        for (i, f) in faces.iter().enumerate() {
            for e in [Edge::Top, Edge::Right, Edge::Bottom, Edge::Left] {
                let ((x1, y1), (x2, y2)) = edge_ends(f, e);
                let line = Line { x1, y1, x2, y2 };
                if has_neighbour(i, e) {
                    // Shared edges are folds; count each once.
                    if matches!(e, Edge::Right | Edge::Bottom) {
                        folds.push(line);
                    }
                } else if TABBED.contains(&(i, e)) {
                    folds.push(line);
                    let (quad, tab_cuts) = glue_tab(line, e, edge, tab);
                    cuts.extend(tab_cuts);
                    tabs.push(quad);
                } else {
                    cuts.push(line);
                }
            }
        }
        DieNet {
            edge,
            tab,
            faces,
            tabs,
            cuts,
            folds,
            width: 4.0 * edge + tab,
            height: 3.0 * edge + 2.0 * tab,
        }
    }
}

/// Whether face `i` of the cross net meets another face along its edge `e`.
fn has_neighbour(i: usize, e: Edge) -> bool {
    let (c, r) = CROSS[i];
    let (c, r) = (c as i32, r as i32);
    let (nc, nr) = match e {
        Edge::Top => (c, r - 1),
        Edge::Bottom => (c, r + 1),
        Edge::Left => (c - 1, r),
        Edge::Right => (c + 1, r),
    };
    CROSS.iter().any(|&(a, b)| a as i32 == nc && b as i32 == nr)
}

/// The ends of edge `e` of face `f`, clockwise round the face.
fn edge_ends(f: &Rect, e: Edge) -> ((f32, f32), (f32, f32)) {
    match e {
        Edge::Top => ((f.x, f.y), (f.right(), f.y)),
        Edge::Bottom => ((f.right(), f.bottom()), (f.x, f.bottom())),
        Edge::Left => ((f.x, f.bottom()), (f.x, f.y)),
        Edge::Right => ((f.right(), f.y), (f.right(), f.bottom())),
    }
}

/// The glue tab on edge `e` (the fold `line`) of a face `edge` wide: a trapezoid `tab` deep
/// with 45° sides, pointing out of the face, and the three lines that cut it out.
fn glue_tab(line: Line, e: Edge, edge: f32, tab: f32) -> ([(f32, f32); 4], [Line; 3]) {
    let Line { x1, y1, x2, y2 } = line;
    // Outward normal, then a trapezoid with 45° sides.
    let (nx, ny) = match e {
        Edge::Top => (0.0, -1.0),
        Edge::Bottom => (0.0, 1.0),
        Edge::Left => (-1.0, 0.0),
        Edge::Right => (1.0, 0.0),
    };
    let (dx, dy) = ((x2 - x1) / edge, (y2 - y1) / edge);
    let p3 = (x2 + nx * tab - dx * tab, y2 + ny * tab - dy * tab);
    let p4 = (x1 + nx * tab + dx * tab, y1 + ny * tab + dy * tab);
    let quad = [(x1, y1), (x2, y2), p3, p4];
    let cuts = [
        Line {
            x1: x2,
            y1: y2,
            x2: p3.0,
            y2: p3.1,
        },
        Line {
            x1: p3.0,
            y1: p3.1,
            x2: p4.0,
            y2: p4.1,
        },
        Line {
            x1: p4.0,
            y1: p4.1,
            x2: x1,
            y2: y1,
        },
    ];
    (quad, cuts)
}

/// A fold-over standee: a strip of base tab, back (upside down), front, base tab.
#[derive(Debug, Clone, PartialEq)]
pub struct Standee {
    pub front: Rect,
    /// The back figure, drawn rotated by 180° so it reads upright once folded.
    pub back: Rect,
    pub bases: [Rect; 2],
    pub folds: Vec<Line>,
    pub outline: Rect,
}

impl Standee {
    pub fn new(w: f32, h: f32, base: f32) -> Standee {
        let back = Rect {
            x: 0.0,
            y: base,
            w,
            h,
        };
        let front = Rect {
            x: 0.0,
            y: base + h,
            w,
            h,
        };
        let bases = [
            Rect {
                x: 0.0,
                y: 0.0,
                w,
                h: base,
            },
            Rect {
                x: 0.0,
                y: base + 2.0 * h,
                w,
                h: base,
            },
        ];
        let fold = |y: f32| Line {
            x1: 0.0,
            y1: y,
            x2: w,
            y2: y,
        };
        Standee {
            front,
            back,
            bases,
            folds: vec![fold(base), fold(base + h), fold(base + 2.0 * h)],
            outline: Rect {
                x: 0.0,
                y: 0.0,
                w,
                h: 2.0 * h + 2.0 * base,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn len(l: &Line) -> f32 {
        ((l.x2 - l.x1).powi(2) + (l.y2 - l.y1).powi(2)).sqrt()
    }

    #[test]
    fn die_net_has_six_equal_faces_and_seven_tabs() {
        let net = DieNet::new(25.0);
        for f in &net.faces {
            assert_eq!((f.w, f.h), (25.0, 25.0));
        }
        assert_eq!(net.tabs.len(), 7);
        // 5 joins between faces + 7 tab bases are folds.
        assert_eq!(net.folds.len(), 12);
        // Outline: 14 outer edges, 7 of them replaced by 3-sided tabs.
        assert_eq!(net.cuts.len(), 7 + 7 * 3);
        // Faces do not overlap and tabs stay inside the net's box.
        for (i, a) in net.faces.iter().enumerate() {
            for b in &net.faces[i + 1..] {
                let apart = a.right() <= b.x + 1e-3
                    || b.right() <= a.x + 1e-3
                    || a.bottom() <= b.y + 1e-3
                    || b.bottom() <= a.y + 1e-3;
                assert!(apart);
            }
        }
        for quad in &net.tabs {
            for &(x, y) in quad {
                assert!(
                    x >= -1e-3 && x <= net.width + 1e-3 && y >= -1e-3 && y <= net.height + 1e-3
                );
            }
        }
    }

    #[test]
    fn tabs_are_trapezoids_on_a_full_edge() {
        let net = DieNet::new(20.0);
        for q in &net.tabs {
            let base = Line {
                x1: q[0].0,
                y1: q[0].1,
                x2: q[1].0,
                y2: q[1].1,
            };
            let outer = Line {
                x1: q[2].0,
                y1: q[2].1,
                x2: q[3].0,
                y2: q[3].1,
            };
            assert!((len(&base) - 20.0).abs() < 1e-3);
            assert!((len(&outer) - (20.0 - 2.0 * net.tab)).abs() < 1e-3);
        }
    }

    /// A tab is about a fifth of the edge deep, never under 4 mm nor over 9 mm; the net's box
    /// is four faces and a tab wide, three faces and two tabs tall.
    #[test]
    fn tab_depth_and_net_size_follow_the_edge() {
        for (edge, tab) in [(10.0, 4.0), (25.0, 5.5), (50.0, 9.0)] {
            let net = DieNet::new(edge);
            assert!((net.tab - tab).abs() < 1e-4, "{edge}: {}", net.tab);
            assert!((net.width - (4.0 * edge + tab)).abs() < 1e-4);
            assert!((net.height - (3.0 * edge + 2.0 * tab)).abs() < 1e-4);
            // The cross: face 2 in the middle, a tab's depth below the top.
            assert_eq!(
                net.faces[2],
                Rect {
                    x: edge,
                    y: tab + edge,
                    w: edge,
                    h: edge
                }
            );
        }
    }

    /// Each tab stands out of its face, `tab` deep, off every face; the cut lines close round
    /// the net (every corner they reach, two of them meet at).
    #[test]
    fn tabs_point_out_of_the_net_and_the_cuts_close_round_it() {
        let net = DieNet::new(20.0);
        let inside = |x: f32, y: f32, f: &Rect| {
            x > f.x + 1e-3 && x < f.right() - 1e-3 && y > f.y + 1e-3 && y < f.bottom() - 1e-3
        };
        for q in &net.tabs {
            let (a, b) = (q[0], q[1]);
            for &(x, y) in &q[2..] {
                assert!(net.faces.iter().all(|f| !inside(x, y, f)), "{q:?}");
                // Distance from the base line: the tab's depth.
                let d = ((b.0 - a.0) * (a.1 - y) - (a.0 - x) * (b.1 - a.1)).abs() / 20.0;
                assert!((d - net.tab).abs() < 1e-3, "{q:?}: {d}");
            }
            // Its midpoint is off every face too: it points out, not in.
            let mid = ((q[2].0 + q[3].0) / 2.0, (q[2].1 + q[3].1) / 2.0);
            assert!(net.faces.iter().all(|f| !inside(mid.0, mid.1, f)));
        }
        let key = |x: f32, y: f32| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
        let mut ends = std::collections::HashMap::new();
        for l in &net.cuts {
            *ends.entry(key(l.x1, l.y1)).or_insert(0) += 1;
            *ends.entry(key(l.x2, l.y2)).or_insert(0) += 1;
        }
        assert!(ends.values().all(|&n| n == 2), "{ends:?}");
        // Folds are whole edges of faces.
        assert!(net.folds.iter().all(|f| (len(f) - 20.0).abs() < 1e-3));
    }

    #[test]
    fn standee_folds_between_its_parts() {
        let s = Standee::new(25.0, 40.0, 15.0);
        assert_eq!(s.outline.h, 110.0);
        assert_eq!(s.front.y, s.back.bottom());
        assert_eq!(s.folds.len(), 3);
        assert!(s.folds.iter().any(|f| f.y1 == s.front.y));
        // Base, back, front, base, top to bottom; a fold across the strip between each two.
        let parts = [s.bases[0], s.back, s.front, s.bases[1]];
        let heights: Vec<f32> = parts.iter().map(|p| p.h).collect();
        assert_eq!(heights, [15.0, 40.0, 40.0, 15.0]);
        for (pair, fold) in parts.windows(2).zip(&s.folds) {
            assert_eq!(pair[0].bottom(), pair[1].y);
            assert_eq!((fold.y1, fold.y2), (pair[1].y, pair[1].y));
            assert_eq!((fold.x1, fold.x2), (0.0, 25.0));
        }
        assert!(parts.iter().all(|p| p.x == 0.0 && p.w == 25.0));
        assert_eq!(s.outline.w, 25.0);
    }
}
