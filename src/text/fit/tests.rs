//! The fitter end to end: markup parsed, text fitted, and what usvg renders of it measured
//! against what was fitted.

use super::boxes::{Align, BoxSpec, Fitted, VAlign};
use super::icons::{Icons, parse_icon};
use super::markup::{Atom, Style, parse_markup};
use super::shaping::TextEngine;
use crate::model::print::OverflowPolicy;
use crate::text::fonts::{DEFAULT_FAMILY, Fonts};

fn engine() -> TextEngine {
    let fonts = Fonts::bundled().unwrap();
    let mut icons = Icons::default();
    icons.map.insert(
        "coin".into(),
        parse_icon(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="currentColor"/></svg>"#).unwrap(),
    );
    TextEngine::new(fonts.faces.clone(), icons, OverflowPolicy::Error)
}

fn spec(width: f32, height: f32, size: f32, min: f32) -> BoxSpec {
    BoxSpec {
        x: 5.0,
        y: 5.0,
        width,
        height,
        size,
        min_size: min,
        family: DEFAULT_FAMILY.into(),
        bold: false,
        italic: false,
        align: Align::Left,
        valign: VAlign::Top,
        line_height: 1.2,
        max_lines: usize::MAX,
        fill: "#000".into(),
        icon_scale: 1.1,
    }
}

/// Renders the fitted text with usvg and returns the text's bounding box.
fn usvg_bbox(engine: &TextEngine, fitted: &Fitted, spec: &BoxSpec) -> usvg::Rect {
    usvg_tree(engine, fitted, spec).root().abs_bounding_box()
}

/// The fitted text as usvg reads it, on a 100 × 100 canvas.
fn usvg_tree(engine: &TextEngine, fitted: &Fitted, spec: &BoxSpec) -> usvg::Tree {
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">{}</svg>"#,
        engine.to_svg(fitted, spec)
    );
    let opts = usvg::Options {
        fontdb: engine.db.clone(),
        font_family: DEFAULT_FAMILY.into(),
        ..Default::default()
    };
    usvg::Tree::from_str(&svg, &opts).unwrap()
}

#[test]
fn markup_parses_styles_icons_and_breaks() {
    let e = engine();
    // A colon inside a word opens no icon.
    let atoms = parse_markup("für Spieler:innen: alle", &e.icons).unwrap();
    assert_eq!(
        atoms[2],
        Atom::Text("Spieler:innen:".into(), Style::default())
    );
    let atoms = parse_markup("Gain **3** :coin: *now*\nthen", &e.icons).unwrap();
    assert_eq!(
        atoms,
        vec![
            Atom::Text("Gain".into(), Style::default()),
            Atom::Space,
            Atom::Text(
                "3".into(),
                Style {
                    bold: true,
                    italic: false
                }
            ),
            Atom::Space,
            Atom::Icon("coin".into()),
            Atom::Space,
            Atom::Text(
                "now".into(),
                Style {
                    bold: false,
                    italic: true
                }
            ),
            Atom::Break,
            Atom::Text("then".into(), Style::default()),
        ]
    );
    assert!(
        parse_markup("pay {coins}", &e.icons)
            .unwrap_err()
            .contains("did you mean `coin`")
    );
    assert!(parse_markup("**open", &e.icons).is_err());
    // Times like 10:30: are not icons.
    assert!(parse_markup("at 10:30:", &e.icons).is_ok());
    // An icon named in another script.
    let mut icons = Icons::default();
    let coin = e.icons.map.get("coin").unwrap().clone();
    icons.map.insert("münze".into(), coin);
    let atoms = parse_markup("2 :münze: {münze}", &icons).unwrap();
    assert_eq!(atoms[2], Atom::Icon("münze".into()));
    assert_eq!(atoms[4], Atom::Icon("münze".into()));
}

/// Renders `text` as plain words with `[b]`/`[i]` around styled runs, for short asserts.
fn styled(text: &str) -> String {
    let e = engine();
    let atoms = parse_markup(text, &e.icons).unwrap();
    atoms
        .iter()
        .map(|a| match a {
            Atom::Text(t, s) if s.bold => format!("[b]{t}"),
            Atom::Text(t, s) if s.italic => format!("[i]{t}"),
            Atom::Text(t, _) => t.clone(),
            Atom::Space => " ".into(),
            _ => "|".into(),
        })
        .collect()
}

#[test]
fn a_star_that_pairs_with_none_is_text() {
    assert_eq!(styled("Dragon*"), "Dragon*");
    assert_eq!(styled("Deal 2 * 3 damage"), "Deal 2 * 3 damage");
    assert_eq!(styled("*Rare card"), "*Rare card");
    assert_eq!(styled("Attack 5* (see rules)"), "Attack 5* (see rules)");
    assert_eq!(styled("a *b *c* d"), "a *b [i]c d");
    assert_eq!(styled("Gain **2** gold*"), "Gain [b]2 gold*");
    assert_eq!(styled("***all***"), "[b]all");
    assert_eq!(styled("keep \\*this*"), "keep *this*");
    // A forgotten close of bold is still an error: it is rarely meant as text.
    let e = engine();
    assert!(
        parse_markup("Gain **3 gold", &e.icons)
            .unwrap_err()
            .contains("unclosed `**`")
    );
    // A `**` opened and never closed before the next opens: its close was forgotten.
    assert!(
        parse_markup("Gain **3 gold, then **draw** a card", &e.icons)
            .unwrap_err()
            .contains("unclosed `**`")
    );
    // A `**` between spaces opens nothing, so it is text.
    assert_eq!(styled("2 ** 3"), "2 ** 3");
}

#[test]
fn short_text_keeps_its_size_on_one_line() {
    let e = engine();
    let s = spec(50.0, 10.0, 4.0, 2.0);
    let f = e.fit("Copper Wiring", &s).unwrap();
    assert_eq!((f.size, f.lines.len(), f.fits), (4.0, 1, true));
}

#[test]
fn long_text_wraps_and_shrinks_and_stays_inside_usvg_bbox() {
    let e = engine();
    let text = "When you draw this card, roll the **combat die** :coin: and *every* player in the \
                room loses one life unless someone spends 3 coins to patch the leak before Midnight.";
    let s = spec(40.0, 20.0, 4.0, 2.0);
    let f = e.fit(text, &s).unwrap();
    assert!(f.fits);
    assert!(f.size < 4.0 && f.size >= 2.0, "shrunk to {}", f.size);
    assert!(f.lines.len() > 2);
    let bbox = usvg_bbox(&e, &f, &s);
    assert!(bbox.left() >= s.x - 0.05, "{bbox:?}");
    assert!(bbox.right() <= s.x + s.width + 0.05, "{bbox:?}");
    assert!(bbox.top() >= s.y - 0.05, "{bbox:?}");
    assert!(bbox.bottom() <= s.y + s.height + 0.05, "{bbox:?}");
}

#[test]
fn measured_width_matches_usvg_exactly() {
    let e = engine();
    let s = spec(200.0, 20.0, 5.0, 5.0);
    let f = e.fit("Salvage the ☠️ 🪓 reactor", &s).unwrap();
    let bbox = usvg_bbox(&e, &f, &s);
    // The ink box is inside the advance box, and close to it.
    let measured = f.lines[0].width;
    assert!(
        bbox.width() <= measured + 0.01,
        "{} vs {measured}",
        bbox.width()
    );
    assert!(
        bbox.width() >= measured - 1.0,
        "{} vs {measured}",
        bbox.width()
    );
}

/// The words usvg draws, line by line: each word's text and the x of its first glyph, from
/// usvg's own layout of the fitted SVG.
fn usvg_words(engine: &TextEngine, fitted: &Fitted, spec: &BoxSpec) -> Vec<Vec<(f32, String)>> {
    let tree = usvg_tree(engine, fitted, spec);
    let Some(usvg::Node::Text(text)) = tree.root().children().first() else {
        panic!("no text");
    };
    let mut lines: Vec<(f32, Vec<(f32, String)>)> = Vec::new();
    // A span (a run of one style) starts a word; so does a space.
    let glyphs = text.layouted().iter().flat_map(|s| {
        let starts = (0..s.positioned_glyphs.len()).map(|i| i == 0);
        s.positioned_glyphs.iter().zip(starts)
    });
    for (glyph, span_start) in glyphs {
        let t = glyph.transform();
        if lines.last().is_none_or(|(y, _)| (y - t.ty).abs() > 0.01) {
            lines.push((t.ty, Vec::new()));
        }
        let words = &mut lines.last_mut().unwrap().1;
        if span_start {
            words.push((f32::NAN, String::new()));
        }
        match glyph.text.trim().is_empty() {
            true => words.push((f32::NAN, String::new())),
            false => match words.last_mut() {
                Some((x, w)) if x.is_nan() || !w.is_empty() => {
                    if x.is_nan() {
                        *x = t.tx;
                    }
                    w.push_str(&glyph.text);
                }
                _ => words.push((t.tx, glyph.text.clone())),
            },
        }
    }
    let words = |w: Vec<(f32, String)>| w.into_iter().filter(|(_, w)| !w.is_empty()).collect();
    lines.into_iter().map(|(_, w)| words(w)).collect()
}

/// Where each word of a line must end, by the engine's own measure: `(start, end)`.
fn word_spans(e: &TextEngine, line: &[(f32, String)], size: f32, bold: &[&str]) -> Vec<(f32, f32)> {
    line.iter()
        .map(|(x, w)| {
            let style = Style {
                bold: bold.contains(&w.as_str()),
                italic: false,
            };
            (*x, x + e.advance(DEFAULT_FAMILY, style, w) * size)
        })
        .collect()
}

#[test]
fn a_space_kept_inside_a_word_does_not_widen() {
    let e = engine();
    let mut s = spec(42.0, 40.0, 3.0, 3.0);
    s.align = Align::Justify;
    let f = e
        .fit(
            "Pay 10\\ gold to draw a card and keep it hidden until the final round of play",
            &s,
        )
        .unwrap();
    let svg = e.to_svg(&f, &s);
    // The part with the kept space is a piece of its own, not widened.
    assert!(svg.contains(">10 gold</tspan>"), "{svg}");
    let piece = svg
        .split("<tspan")
        .find(|t| t.contains(">10 gold<"))
        .unwrap();
    assert!(!piece.contains("word-spacing"), "{piece}");
}

#[test]
fn justify_fills_the_width_except_the_last_line() {
    let e = engine();
    let mut s = spec(30.0, 100.0, 3.0, 3.0);
    s.align = Align::Justify;
    let f = e
        .fit(
            "one two three four five six seven eight nine ten eleven twelve",
            &s,
        )
        .unwrap();
    assert!(f.lines.len() >= 2);
    let lines = usvg_words(&e, &f, &s);
    let first = word_spans(&e, &lines[0], f.size, &[]);
    let end = first.last().unwrap().1;
    assert!((end - (s.x + s.width)).abs() < 0.01, "line ends at {end}");
    let last = word_spans(&e, lines.last().unwrap(), f.size, &[]);
    assert!(last.last().unwrap().1 < s.x + s.width - 1.0, "{last:?}");
}

#[test]
fn a_right_to_left_line_reads_from_the_right_across_styles() {
    // Three Hebrew words, the middle one bold: read from the right, the first word is
    // rightmost and the last leftmost. A Latin line keeps its order.
    let e = engine();
    let s = spec(80.0, 10.0, 4.0, 4.0);
    let x_of = |text: &str, marks: [char; 3]| -> Vec<f32> {
        let f = e.fit(text, &s).unwrap();
        let words = usvg_words(&e, &f, &s).concat();
        marks
            .iter()
            .map(|m| words.iter().find(|(_, w)| w.contains(*m)).unwrap().0)
            .collect()
    };
    let hebrew = x_of("אבג **דהו** זחט", ['א', 'ד', 'ז']);
    assert!(hebrew[0] > hebrew[1] && hebrew[1] > hebrew[2], "{hebrew:?}");
    // Within a piece, too: the words read from the right and the full stop ends the
    // sentence on the left.
    let sentence = x_of("אבג דהו זחט.", ['א', 'ד', '.']);
    assert!(
        sentence[0] > sentence[1] && sentence[1] > sentence[2],
        "{sentence:?}"
    );
    let latin = x_of("abc **def** ghi", ['a', 'd', 'g']);
    assert!(latin[0] < latin[1] && latin[1] < latin[2], "{latin:?}");
    // Still on the box's left, as wide as before.
    assert!((hebrew[2] - s.x).abs() < 0.01, "{hebrew:?}");
}

#[test]
fn words_run_on_where_the_fitter_placed_them() {
    // A justified box with bold words mid-line, laid out by usvg from runs of words: each
    // word starts at the box's left or one even gap after the word before, and every line
    // but the last ends at the box's right.
    let e = engine();
    let mut s = spec(42.0, 40.0, 3.0, 2.0);
    s.align = Align::Justify;
    let text = "Spend **two coins** to move the guard one room, then draw a card and keep \
                it hidden until the **final round** when every player shows theirs.";
    let f = e.fit(text, &s).unwrap();
    let bold = ["two", "coins", "final", "round"];
    let lines = usvg_words(&e, &f, &s);
    assert_eq!(lines.len(), f.lines.len());
    assert!(lines.len() >= 3, "{lines:?}");
    assert!(
        f.lines.iter().any(|l| l.pieces.len() > 1),
        "a line mixes bold and regular"
    );
    let runs: usize = f.lines.iter().map(|l| l.pieces.len()).sum();
    let words: usize = lines.iter().map(Vec::len).sum();
    assert!(runs * 2 < words, "{runs} runs for {words} words");
    for (n, line) in lines.iter().enumerate() {
        let spans = word_spans(&e, line, f.size, &bold);
        assert!(
            (spans[0].0 - s.x).abs() < 0.01,
            "line {n} starts at {}",
            spans[0].0
        );
        let gaps: Vec<f32> = spans.windows(2).map(|w| w[1].0 - w[0].1).collect();
        for g in &gaps {
            assert!((g - gaps[0]).abs() < 0.01, "line {n}: uneven gaps {gaps:?}");
        }
        let end = spans.last().unwrap().1;
        if n + 1 < lines.len() {
            assert!(
                (end - (s.x + s.width)).abs() < 0.02,
                "line {n} ends at {end}"
            );
        }
    }
    // Centred, the same runs sit in the middle.
    s.align = Align::Center;
    let f = e.fit(text, &s).unwrap();
    for (n, line) in usvg_words(&e, &f, &s).iter().enumerate() {
        let spans = word_spans(&e, line, f.size, &bold);
        let (left, right) = (spans[0].0 - s.x, s.x + s.width - spans.last().unwrap().1);
        assert!(
            (left - right).abs() < 0.02,
            "line {n}: {left} left, {right} right"
        );
    }
}

#[test]
fn text_that_cannot_fit_reports_overflow() {
    let e = engine();
    let s = spec(10.0, 4.0, 3.0, 2.5);
    let f = e
        .fit("This sentence is far too long for a tiny box", &s)
        .unwrap();
    assert!(!f.fits);
}

#[test]
fn overflowing_text_is_cut_to_its_box_and_max_lines_with_an_ellipsis() {
    let e = engine();
    let long = "Dragon of the Extraordinarily Long Name That Goes On And On Forever";
    let mut s = spec(30.0, 10.0, 5.0, 4.0);
    s.max_lines = 1;
    let f = e.fit(long, &s).unwrap();
    assert!(!f.fits);
    assert_eq!(f.lines.len(), 1);
    let text = |f: &Fitted| format!("{:?}", f.lines);
    assert!(text(&f).contains('…'), "{}", text(&f));
    // Without max_lines the box's height decides: 12 mm holds two lines at 4 mm.
    s.max_lines = usize::MAX;
    s.height = 12.0;
    let f = e.fit(long, &s).unwrap();
    assert_eq!(f.lines.len(), 2);
    assert!(text(&f).contains('…'));
    // A box too low for one line still keeps one.
    s.height = 1.0;
    assert_eq!(e.fit(long, &s).unwrap().lines.len(), 1);
}

#[test]
fn max_lines_one_shrinks_a_title() {
    let e = engine();
    let mut s = spec(30.0, 10.0, 6.0, 2.0);
    s.max_lines = 1;
    let f = e.fit("Quantum Flux Capacitor", &s).unwrap();
    assert_eq!(f.lines.len(), 1);
    assert!(f.fits && f.size < 6.0);
}
