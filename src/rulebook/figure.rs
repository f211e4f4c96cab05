//! Diagrams in the rules, drawn from the game's own rendered faces.
//!
//! A fenced block whose language is `figure` holds YAML: real faces (cards, tiles, boards)
//! placed on a canvas in millimetres, callouts that point at a text or element found on a face
//! (so a callout follows the template when the design moves), and free notes with arrows.
//! The block becomes a Typst figure; nothing in it is drawn by hand.

use serde::Deserialize;

use crate::rulebook::markdown::string;

/// The YAML of a `figure` block.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// Printed under the figure.
    #[serde(default)]
    caption: Option<String>,
    /// Canvas size; the width must fit the text column.
    width_mm: f32,
    height_mm: f32,
    /// Span both columns of a two-column rulebook (placed at the top or bottom of a page).
    #[serde(default)]
    wide: bool,
    #[serde(default)]
    pieces: Vec<Piece>,
    #[serde(default)]
    notes: Vec<Note>,
}

/// One rendered face on the canvas.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Piece {
    /// `component/card`, optionally `/back`, as in `component:` images.
    face: String,
    /// Top-left corner of the trimmed piece on the canvas.
    at_mm: [f32; 2],
    /// Printed width of the trimmed piece (the height follows its proportions).
    width_mm: f32,
    #[serde(default)]
    callouts: Vec<Callout>,
}

/// A label with a leader line to a spot on a face.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Callout {
    /// A text shown on the face (its first match), or the id of an element of the face SVG.
    #[serde(default)]
    find: Option<String>,
    /// Or a point on the trimmed face, in mm from its top-left corner.
    #[serde(default)]
    at_mm: Option<[f32; 2]>,
    label: String,
    /// Where the label sits: `left` or `right` of the piece.
    #[serde(default = "right")]
    side: String,
    /// Moves the label up (negative) or down from the spot, to keep labels apart.
    #[serde(default)]
    dy_mm: f32,
}

fn right() -> String {
    "right".to_owned()
}

/// A free text on the canvas, with an optional arrow to a point.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Note {
    text: String,
    at_mm: [f32; 2],
    #[serde(default)]
    width_mm: Option<f32>,
    #[serde(default)]
    arrow_to_mm: Option<[f32; 2]>,
    /// `left` (default), `center` or `right` within its width.
    #[serde(default)]
    align: Option<String>,
}

/// A face resolved to a file of the Typst world.
#[derive(Debug, Clone)]
pub struct FaceFile {
    pub path: String,
    /// Trim size and bleed, in mm.
    pub trim_mm: (f32, f32),
    pub bleed_mm: f32,
    /// Whether the piece is cut round (a round token): its picture is too.
    pub round: bool,
}

/// How a figure reaches the game's faces.
pub trait FaceSource {
    /// The face named `component/card[/back]`.
    fn face(&mut self, spec: &str) -> Result<FaceFile, String>;
    /// The box (x, y, width, height) of the first text or element id `find` on that face, in
    /// mm from the top-left of the face including its bleed.
    fn locate(&mut self, spec: &str, find: &str) -> Result<[f32; 4], String>;
    /// The Typst markup of a caption, label or note: escaped, with `:icon:` names drawn as
    /// icons, as in the rules' text.
    fn text(&mut self, text: &str) -> Result<String, String>;
}

/// Gap between a found text and the dot that points at it, in mm on the page.
const DOT_GAP: f32 = 1.2;

/// Gap between a piece and its callout labels, in mm.
const GAP: f32 = 3.0;

/// The Typst markup of a `figure` block, or a message saying what is wrong with it.
pub fn to_typst(yaml: &str, faces: &mut dyn FaceSource) -> Result<String, String> {
    let fig: Figure = serde_yaml::from_str(yaml).map_err(|e| {
        let e = e.to_string();
        // The trap the docs warn of: `caption: Gain :coin:` reads as a key `Gain :coin`.
        let quote = match e.contains("mapping values are not allowed") {
            true => " (a value that holds `: ` or ends in `:`, as an icon does, must be quoted: `caption: \"Gain :coin:\"`)",
            false => "",
        };
        format!("in a figure block: {e}{quote}")
    })?;
    let size_ok = |v: f32| v.is_finite() && (5.0..=400.0).contains(&v);
    if !size_ok(fig.width_mm) || !size_ok(fig.height_mm) {
        return Err("a figure's `width_mm` and `height_mm` must be from 5 to 400".to_owned());
    }
    // An empty canvas would print as a blank hole in the rules, with its caption under it.
    if fig.pieces.is_empty() && fig.notes.is_empty() {
        return Err(
            "the figure shows nothing: give it `pieces` (faces of the game) or `notes`".to_owned(),
        );
    }
    let mut placed = Vec::new();
    for piece in &fig.pieces {
        let face = faces.face(&piece.face)?;
        let rect = piece_rect(piece, &face, &fig)?;
        placed.push((piece, face, rect));
    }
    let mut body = String::new();
    for (i, (piece, face, rect)) in placed.iter().enumerate() {
        let others: Vec<[f32; 4]> = (placed.iter().enumerate())
            .filter(|&(j, _)| j != i)
            .map(|(_, p)| p.2)
            .collect();
        body.push_str(&piece_markup(
            (piece, face, *rect),
            &others,
            fig.width_mm,
            faces,
        )?);
    }
    for note in &fig.notes {
        check_note(note, &fig)?;
        body.push_str(&note_markup(note, fig.width_mm, faces)?);
    }
    let canvas = format!(
        "block(width: {w}mm, height: {h}mm, breakable: false, {{\n  set par(justify: false)\n  set text(hyphenate: false)\n{body}}})",
        w = fig.width_mm,
        h = fig.height_mm
    );
    // A figure wider than its column (or page, when wide) is scaled down to fit it, labels
    // and all, rather than run off the page or vanish.
    let canvas = format!(
        "layout(size => scale(calc.min(100%, size.width / {w}mm * 100%), origin: top + left, reflow: true, {canvas}))",
        w = fig.width_mm
    );
    let caption = fig
        .caption
        .as_deref()
        .map(|c| faces.text(c).map(|t| format!(", caption: [{t}]")))
        .transpose()?
        .unwrap_or_default();
    // However wide the figure, its caption keeps a readable measure (85 mm at most).
    let figure = format!(
        "{{ show figure.caption: c => layout(size => block(width: calc.min(85mm, size.width), c)); figure(kind: image, {canvas}{caption}) }}"
    );
    Ok(if fig.wide {
        format!("\n#place(auto, float: true, scope: \"parent\", {figure})\n")
    } else {
        format!("\n#{figure}\n")
    })
}

/// Where `piece` stands on the canvas (x, y, width, height in mm), or why it cannot.
fn piece_rect(piece: &Piece, face: &FaceFile, fig: &Figure) -> Result<[f32; 4], String> {
    let (tw, th) = face.trim_mm;
    if !(piece.width_mm.is_finite() && piece.width_mm > 1.0) {
        return Err(format!(
            "piece `{}`: `width_mm` must be above 1",
            piece.face
        ));
    }
    let (x, y) = (piece.at_mm[0], piece.at_mm[1]);
    let (w, h) = (piece.width_mm, th * piece.width_mm / tw);
    let on_canvas = |v: f32, most: f32| (-0.01..=most + 0.01).contains(&v);
    if !(on_canvas(x, fig.width_mm)
        && on_canvas(x + w, fig.width_mm)
        && on_canvas(y, fig.height_mm)
        && on_canvas(y + h, fig.height_mm))
    {
        return Err(format!(
            "piece `{}` runs off the figure's {} × {} mm canvas: it spans {} to {} mm across and {} to {} mm down; move it (`at_mm`), make it smaller (`width_mm`) or the canvas bigger",
            piece.face,
            mm(fig.width_mm),
            mm(fig.height_mm),
            mm(x),
            mm(x + w),
            mm(y),
            mm(y + h)
        ));
    }
    Ok([x, y, w, h])
}

/// A piece at its place with its callouts, whose labels keep clear of the `others` pieces.
fn piece_markup(
    (piece, face, [x, y, w, _]): (&Piece, &FaceFile, [f32; 4]),
    others: &[[f32; 4]],
    canvas: f32,
    faces: &mut dyn FaceSource,
) -> Result<String, String> {
    let scale = w / face.trim_mm.0;
    let picture = trimmed_face(face, w, "0.4pt + luma(140)");
    let mut s = format!("  place(top + left, dx: {x}mm, dy: {y}mm, {picture})\n");
    for c in &piece.callouts {
        let (cx, cy) = match (&c.find, c.at_mm) {
            (Some(find), _) => {
                // The dot sits just beside what it points at, on the label's side, so it
                // never covers the words.
                let [bx, by, bw, bh] = faces.locate(&piece.face, find)?;
                let edge = match c.side.as_str() {
                    "right" => bx + bw + DOT_GAP / scale,
                    _ => bx - DOT_GAP / scale,
                };
                (edge - face.bleed_mm, by + bh / 2.0 - face.bleed_mm)
            }
            (None, Some([ax, ay])) => (ax, ay),
            (None, None) => {
                return Err(format!(
                    "a callout on `{}` needs `find` (a text on the face) or `at_mm`",
                    piece.face
                ));
            }
        };
        let spot = (x + cx * scale, y + cy * scale);
        let label = faces.text(&c.label)?;
        let span = label_span(&c.side, (x, x + w), spot.1 + c.dy_mm, others, canvas);
        let markup = callout_markup(c, &label, spot, (x, x + w), span)
            .map_err(|e| format!("the callout `{}` on `{}`: {e}", c.label, piece.face))?;
        s.push_str(&markup);
    }
    Ok(s)
}

/// The narrowest room a callout's label may have, in mm: a short word at the labels' size.
const LABEL_ROOM: f32 = 8.0;

/// The stretch of the canvas (from, to: mm across) a label may take on `side` of a piece
/// spanning `left` to `right`, at height `ly`: up to the canvas's edge, or to the nearest other
/// piece standing beside it there, which the label would otherwise print over.
fn label_span(
    side: &str,
    (left, right): (f32, f32),
    ly: f32,
    others: &[[f32; 4]],
    canvas: f32,
) -> (f32, f32) {
    // The label's first lines, from just above its line to a little below.
    let beside = |r: &&[f32; 4]| ly + 4.0 > r[1] && ly - 2.0 < r[1] + r[3];
    if side == "left" {
        let near = others.iter().filter(beside).filter(|r| r[0] + r[2] <= left);
        let from = near.map(|r| r[0] + r[2] + 1.0).fold(0.0, f32::max);
        (from, left - GAP - 1.0)
    } else {
        let near = others.iter().filter(beside).filter(|r| r[0] >= right);
        let to = near.map(|r| r[0] - 1.0).fold(canvas, f32::min);
        (right + GAP + 1.0, to)
    }
}

/// A face cut to its trim, `width_mm` wide, as Typst markup: the whole face, bleed and all, in
/// a box of the trim's size (round for a round piece) that clips it, outlined with `stroke`, as
/// the player holds it once cut. The face gets its height as well as its width: given its width
/// alone, Typst fits it into the room the box leaves (the trim's height) and centres it there,
/// which moved every face up by its bleed.
pub fn trimmed_face(face: &FaceFile, width_mm: f32, stroke: &str) -> String {
    let ((tw, th), bleed) = (face.trim_mm, face.bleed_mm);
    let scale = width_mm / tw;
    let radius = if face.round { ", radius: 50%" } else { "" };
    format!(
        "box(width: {w}mm, height: {h}mm, clip: true{radius}, stroke: {stroke}, place(top + left, dx: {b}mm, dy: {b}mm, image({path}, width: {fw}mm, height: {fh}mm, fit: \"stretch\")))",
        w = width_mm,
        h = th * scale,
        b = -bleed * scale,
        path = string(&face.path),
        fw = (tw + 2.0 * bleed) * scale,
        fh = (th + 2.0 * bleed) * scale,
    )
}

/// A length in mm for a message: at most two decimals.
fn mm(v: f32) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// A dot on the spot, a leader to the piece's edge and the label beyond it.
fn callout_markup(
    c: &Callout,
    label: &str,
    spot: (f32, f32),
    (left, right): (f32, f32),
    (from, to): (f32, f32),
) -> Result<String, String> {
    let on_left = match c.side.as_str() {
        "left" => true,
        "right" => false,
        other => return Err(format!("callout side `{other}`: use `left` or `right`")),
    };
    let ly = spot.1 + c.dy_mm;
    let room = to - from;
    if room < LABEL_ROOM {
        return Err(format!(
            "its label has {} mm {} of the piece, less than {LABEL_ROOM}: move the piece (`at_mm`), put the label on its other side (`side`), or widen the canvas",
            mm(room.max(0.0)),
            c.side
        ));
    }
    // A label left of its piece is set flush against it, as one on its right is.
    let text = format!("text(size: 7.5pt)[{label}]");
    let (end_x, text) = match on_left {
        true => (left - GAP, format!("align(right, {text})")),
        false => (right + GAP, text),
    };
    let label = format!(
        "place(top + left, dx: {from}mm, dy: {dy}mm, box(width: {room}mm, {text}))",
        dy = ly - 2.0
    );
    Ok(format!(
        "  place(top + left, line(start: ({sx}mm, {sy}mm), end: ({ex}mm, {ly}mm), stroke: 0.5pt + luma(60)))\n  place(top + left, dx: {cx}mm, dy: {cy}mm, circle(radius: 0.8mm, fill: luma(30), stroke: 0.4pt + white))\n  {label}\n",
        sx = spot.0,
        sy = spot.1,
        ex = end_x,
        cx = spot.0 - 0.8,
        cy = spot.1 - 0.8,
    ))
}

/// A note starts on the canvas and its arrow ends there: off it, Typst draws them over the
/// text around the figure, or nowhere on the page.
fn check_note(n: &Note, fig: &Figure) -> Result<(), String> {
    let on = |[x, y]: [f32; 2]| {
        (-0.01..=fig.width_mm + 0.01).contains(&x) && (-0.01..=fig.height_mm + 0.01).contains(&y)
    };
    let canvas = format!(
        "the figure's {} × {} mm canvas",
        mm(fig.width_mm),
        mm(fig.height_mm)
    );
    let at = |[x, y]: [f32; 2]| format!("[{}, {}]", mm(x), mm(y));
    if !on(n.at_mm) {
        return Err(format!(
            "note `{}` starts off {canvas}, at {} mm (`at_mm` is from the canvas's top-left corner)",
            n.text,
            at(n.at_mm)
        ));
    }
    // Without a width, the note wraps at the canvas's edge: it needs room to.
    if n.width_mm.is_none() && fig.width_mm - n.at_mm[0] < 5.0 {
        return Err(format!(
            "note `{}` starts {} mm from the right edge of {canvas}: give it room or a `width_mm`",
            n.text,
            mm(fig.width_mm - n.at_mm[0])
        ));
    }
    if let Some(w) = n.width_mm
        && !(w > 0.0 && n.at_mm[0] + w <= fig.width_mm + 0.01)
    {
        return Err(format!(
            "note `{}` is {} mm wide from {} mm across: it runs off {canvas}",
            n.text,
            mm(w),
            mm(n.at_mm[0])
        ));
    }
    match n.arrow_to_mm {
        Some(to) if !on(to) => Err(format!(
            "the arrow of note `{}` points off {canvas}, at {} mm",
            n.text,
            at(to)
        )),
        _ => Ok(()),
    }
}

/// A note, and its arrow from the nearest point of the note's box: a target to its right or
/// below is reached from that side, not across the text. The box's size is Typst's to know
/// (the note's own width, or its text's), so the start is found in a `context`.
fn note_markup(n: &Note, canvas_w: f32, faces: &mut dyn FaceSource) -> Result<String, String> {
    let align = match n.align.as_deref() {
        None | Some("left") => "left",
        Some("center") => "center",
        Some("right") => "right",
        Some(other) => return Err(format!("note align `{other}`: use left, center or right")),
    };
    let [x, y] = n.at_mm;
    let text = format!(
        "text(size: 7.5pt, style: \"italic\")[{}]",
        faces.text(&n.text)?
    );
    // A note without a width of its own is as wide as its words, up to the canvas's edge,
    // where it wraps.
    let width = match n.width_mm {
        Some(w) => format!("{w}mm"),
        None => format!("calc.min(measure(words).width, {}mm)", canvas_w - x),
    };
    let mut s = format!(
        "  context {{\n    let words = {text}\n    let note = box(width: {width}, align({align}, words))\n    place(top + left, dx: {x}mm, dy: {y}mm, note)\n"
    );
    if let Some([tx, ty]) = n.arrow_to_mm {
        s.push_str(&format!(
            // From the words' own sides, not the box's: a right-aligned note's words end at
            // its right edge and may start well inside it.
            "    let size = measure(note)\n    let inner = calc.min(measure(words).width, size.width)\n    let from = {x}mm + (size.width - inner) * {shift}\n    let sx = calc.min(calc.max({tx}mm, from - 0.8mm), from + inner + 0.8mm)\n    let sy = calc.min(calc.max({ty}mm, {y0}mm), {y}mm + size.height + 0.8mm)\n    place(top + left, line(start: (sx, sy), end: ({tx}mm, {ty}mm), stroke: 0.5pt + luma(60)))\n    place(top + left, dx: {cx}mm, dy: {cy}mm, circle(radius: 0.9mm, fill: luma(30)))\n",
            shift = match align {
                "right" => "1",
                "center" => "0.5",
                _ => "0",
            },
            y0 = y - 0.8,
            cx = tx - 0.9,
            cy = ty - 0.9,
        ));
    }
    s.push_str("  }\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::markdown::escape;

    struct Faces;
    impl FaceSource for Faces {
        fn face(&mut self, spec: &str) -> Result<FaceFile, String> {
            if spec == "deck/a" {
                Ok(FaceFile {
                    path: "faces/deck/a-front.png".into(),
                    trim_mm: (60.0, 90.0),
                    bleed_mm: 3.0,
                    round: false,
                })
            } else {
                Err(format!("no face `{spec}`"))
            }
        }
        fn locate(&mut self, _: &str, find: &str) -> Result<[f32; 4], String> {
            match find {
                "Title" => Ok([23.0, 11.0, 20.0, 4.0]),
                _ => Err(format!("`{find}` is not on the face")),
            }
        }
        fn text(&mut self, text: &str) -> Result<String, String> {
            Ok(escape(text).replace(":coin:", "#coin-icon;"))
        }
    }

    #[test]
    fn callouts_point_at_the_found_text() {
        let yaml = "caption: Anatomy\nwidth_mm: 120\nheight_mm: 60\npieces:\n  - face: deck/a\n    at_mm: [40, 0]\n    width_mm: 40\n    callouts:\n      - { find: Title, label: The name, side: left }\n";
        let t = to_typst(yaml, &mut Faces).unwrap();
        // The title's box starts 20 mm into the trim and is centred 10 mm down; at 40/60 scale
        // that is 13.33 x 6.67 mm, and the dot sits 1.2 mm left of it: 40 + 12.13 mm.
        assert!(t.contains("start: (52.13"), "{t}");
        assert!(t.contains("image(\"faces/deck/a-front.png\""), "{t}");
        assert!(t.contains("caption: [Anatomy]"), "{t}");
        let (errors, _) = typst::syntax::parse(&format!("#{}", t.trim().trim_start_matches('#')))
            .errors_and_warnings();
        assert!(errors.is_empty(), "{errors:?}");
    }

    /// A label keeps clear of a piece beside its own, and one with no room is an error
    /// naming it, never a word printed over a card or off the canvas.
    #[test]
    fn callout_labels_keep_to_the_room_beside_their_piece() {
        let figure = |a: f32, b: f32, side: &str| {
            format!(
                "width_mm: 120\nheight_mm: 60\npieces:\n  - face: deck/a\n    at_mm: [{a}, 0]\n    width_mm: 30\n    callouts:\n      - {{ find: Title, label: The name, side: {side} }}\n  - face: deck/a\n    at_mm: [{b}, 0]\n    width_mm: 30\n"
            )
        };
        // Right of the first piece (2 to 32 mm), up to the second at 80 mm: from 36 to 79.
        let t = to_typst(&figure(2.0, 80.0, "right"), &mut Faces).unwrap();
        assert!(t.contains("dx: 36mm, dy: 3mm, box(width: 43mm"), "{t}");
        // Left of a piece at 2 mm there is no room at all.
        let e = to_typst(&figure(2.0, 80.0, "left"), &mut Faces).unwrap_err();
        assert!(
            e.contains("`The name` on `deck/a`") && e.contains("0 mm left of the piece"),
            "{e}"
        );
        // Right of it, with the other piece 6 mm away, there is hardly any either.
        let e = to_typst(&figure(2.0, 38.0, "right"), &mut Faces).unwrap_err();
        assert!(e.contains("1 mm right of the piece"), "{e}");
        let e = to_typst(&figure(40.0, 80.0, "sideways"), &mut Faces).unwrap_err();
        assert!(e.contains("use `left` or `right`"), "{e}");
    }

    /// The image items of a laid-out page with their top-left corners and sizes, in mm.
    fn images(frame: &typst::layout::Frame, at: typst::layout::Point, out: &mut Vec<[f64; 4]>) {
        use typst::layout::FrameItem;
        for (pos, item) in frame.items() {
            let p = at + *pos;
            match item {
                FrameItem::Group(g) => images(&g.frame, p, out),
                FrameItem::Image(_, size, _) => {
                    out.push([p.x.to_mm(), p.y.to_mm(), size.x.to_mm(), size.y.to_mm()])
                }
                _ => {}
            }
        }
    }

    #[test]
    fn a_round_piece_is_pictured_round() {
        let token = |round| FaceFile {
            path: "t.png".into(),
            trim_mm: (25.0, 25.0),
            bleed_mm: 2.0,
            round,
        };
        assert!(trimmed_face(&token(true), 10.0, "none").contains("radius: 50%"));
        assert!(!trimmed_face(&token(false), 10.0, "none").contains("radius"));
    }

    #[test]
    fn a_face_is_cut_to_its_trim_where_it_stands() {
        // A 60 × 90 mm card with 3 mm of bleed, shown 30 mm wide at (10, 20) on the page: the
        // whole face is 33 × 48 mm, drawn 1.5 mm up and left of the trim's corner.
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="66mm" height="96mm" viewBox="0 0 66 96"><rect width="66" height="96" fill="red"/></svg>"#;
        let face = FaceFile {
            path: "a.svg".into(),
            trim_mm: (60.0, 90.0),
            bleed_mm: 3.0,
            round: false,
        };
        let picture = trimmed_face(&face, 30.0, "none");
        let markup = format!(
            "#set page(width: 100mm, height: 100mm, margin: 0mm)\n#place(top + left, dx: 10mm, dy: 20mm, {picture})\n"
        );
        let mut world = crate::rulebook::typeset::TypstWorld::new(markup, (2026, 1, 1));
        world.add_file("a.svg", svg.as_bytes().to_vec());
        let document = world.compile().unwrap();
        let mut found = Vec::new();
        images(
            &document.pages()[0].frame,
            typst::layout::Point::zero(),
            &mut found,
        );
        let [x, y, w, h] = found[0];
        let near = |a: f64, b: f64| (a - b).abs() < 0.01;
        assert!(near(x, 8.5) && near(y, 18.5), "at {x}, {y}");
        assert!(near(w, 33.0) && near(h, 48.0), "{w} × {h}");
    }

    #[test]
    fn a_piece_off_its_canvas_is_refused() {
        for at in ["[150, 0]", "[0, -20]", "[30, 10]"] {
            let yaml = format!(
                "width_mm: 60\nheight_mm: 60\npieces: [{{ face: deck/a, at_mm: {at}, width_mm: 40 }}]\n"
            );
            let e = to_typst(&yaml, &mut Faces).unwrap_err();
            assert!(e.contains("runs off the figure's 60 × 60 mm canvas"), "{e}");
        }
        let fits = "width_mm: 60\nheight_mm: 60\npieces: [{ face: deck/a, at_mm: [20, 0], width_mm: 40 }]\n";
        assert!(to_typst(fits, &mut Faces).is_ok());
    }

    #[test]
    fn icons_in_texts_and_arrows_from_the_near_side_of_the_note() {
        let yaml = "caption: \"Pay :coin:\"\nwidth_mm: 120\nheight_mm: 60\npieces:\n  - face: deck/a\n    at_mm: [40, 0]\n    width_mm: 40\n    callouts: [{ at_mm: [5, 5], label: \"Costs :coin:\" }]\nnotes:\n  - { text: \"Bank :coin:\", at_mm: [2, 40], arrow_to_mm: [60, 30] }\n  - { text: Plain, at_mm: [90, 50] }\n";
        let t = to_typst(yaml, &mut Faces).unwrap();
        assert_eq!(t.matches("#coin-icon;").count(), 3, "{t}");
        // The arrow starts where the note's box comes nearest its target, which Typst measures.
        // A note without a width of its own wraps at the canvas's edge: 118 mm from 2 mm.
        assert!(
            t.contains("let note = box(width: calc.min(measure(words).width, 118mm)"),
            "{t}"
        );
        assert!(t.contains("let size = measure(note)"), "{t}");
        assert!(
            t.contains("let from = 2mm + (size.width - inner) * 0\n    let sx = calc.min(calc.max(60mm, from - 0.8mm), from + inner + 0.8mm)"),
            "{t}"
        );
        assert!(t.contains("line(start: (sx, sy), end: (60mm, 30mm)"), "{t}");
        // A note without an arrow is placed as it is.
        assert!(
            t.contains("place(top + left, dx: 90mm, dy: 50mm, note)"),
            "{t}"
        );
    }

    #[test]
    fn mistakes_are_messages() {
        let bad_face = "width_mm: 50\nheight_mm: 50\npieces: [{ face: deck/b, at_mm: [0, 0], width_mm: 10 }]\n";
        assert!(
            to_typst(bad_face, &mut Faces)
                .unwrap_err()
                .contains("deck/b")
        );
        let bad_find = "width_mm: 50\nheight_mm: 50\npieces: [{ face: deck/a, at_mm: [0, 0], width_mm: 10, callouts: [{ find: Nope, label: x }] }]\n";
        assert!(to_typst(bad_find, &mut Faces).unwrap_err().contains("Nope"));
        assert!(to_typst("width_mm: 0\nheight_mm: 5\n", &mut Faces).is_err());
        assert!(to_typst("width_mm: 10\nheight_mm: 5\nbogus: 1\n", &mut Faces).is_err());
        for empty in ["", "pieces: []\n", "pieces: []\nnotes: []\n"] {
            let yaml = format!("caption: Setup\nwidth_mm: 50\nheight_mm: 50\n{empty}");
            let e = to_typst(&yaml, &mut Faces).unwrap_err();
            assert!(e.contains("shows nothing"), "{e}");
        }
        let off = "width_mm: 79\nheight_mm: 20\nnotes: [{ text: far away, at_mm: [500, 5] }]\n";
        let e = to_typst(off, &mut Faces).unwrap_err();
        assert_eq!(
            e,
            "note `far away` starts off the figure's 79 × 20 mm canvas, at [500, 5] mm (`at_mm` is from the canvas's top-left corner)"
        );
        let astray = "width_mm: 79\nheight_mm: 20\nnotes: [{ text: here, at_mm: [5, 5], arrow_to_mm: [-50, 400] }]\n";
        let e = to_typst(astray, &mut Faces).unwrap_err();
        assert!(
            e.contains(
                "arrow of note `here` points off the figure's 79 × 20 mm canvas, at [-50, 400] mm"
            ),
            "{e}"
        );
        let edge = "width_mm: 50\nheight_mm: 30\nnotes: [{ text: edge, at_mm: [48, 5] }]\n";
        let e = to_typst(edge, &mut Faces).unwrap_err();
        assert!(
            e.contains("note `edge` starts 2 mm from the right edge"),
            "{e}"
        );
        let wide =
            "width_mm: 50\nheight_mm: 30\nnotes: [{ text: long, at_mm: [40, 5], width_mm: 25 }]\n";
        let e = to_typst(wide, &mut Faces).unwrap_err();
        assert!(e.contains("note `long` is 25 mm wide from 40 mm across: it runs off the figure's 50 × 30 mm canvas"), "{e}");
        let notes_only =
            "width_mm: 50\nheight_mm: 50\nnotes: [{ text: Draw pile, at_mm: [5, 5] }]\n";
        assert!(to_typst(notes_only, &mut Faces).is_ok());
    }
}
