//! Helpers shared by the whole-pipeline tests: fixture games written to a temporary project,
//! and a small PDF inspector that reports what a page really draws (page boxes, where each form
//! XObject lands, every stroked line) in millimetres with a top-left origin, like the layout.
#![allow(dead_code)]

pub mod pdf_text;

use std::path::{Path, PathBuf};

use lopdf::content::Content;
use lopdf::{Document, Object, ObjectId};

pub const PT: f32 = 72.0 / 25.4;

/// Runs `protopress -C ROOT ARGS`, asserts it succeeded (showing what it printed if not) and
/// returns what it printed.
pub fn run_ok(root: &Path, args: &[&str]) -> String {
    run(root, args, None)
}

/// [`run_ok`] with a fixed build date: the date is printed, so builds on either side of
/// midnight would lay out anew.
pub fn run_dated(root: &Path, args: &[&str]) -> String {
    run(root, args, Some("1700000000"))
}

fn run(root: &Path, args: &[&str], date: Option<&str>) -> String {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_protopress"));
    if let Some(date) = date {
        command.env("SOURCE_DATE_EPOCH", date);
    }
    let out = command.arg("-C").arg(root).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    stdout
}

/// A temporary project with the repository's shared templates and the given files.
pub struct Project {
    pub dir: tempfile::TempDir,
}

impl Project {
    pub fn new(files: &[(&str, &str)]) -> Project {
        let dir = tempfile::tempdir().unwrap();
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        copy_dir(
            &repo.join("templates/common"),
            &dir.path().join("templates/common"),
        );
        let p = Project { dir };
        for (path, text) in files {
            p.write(path, text);
        }
        p
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn write(&self, path: &str, text: &str) {
        let p = self.dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    pub fn out(&self) -> PathBuf {
        self.dir.path().join("output")
    }

    /// Replaces the first `from` in the project's file `path` with `to`.
    pub fn edit(&self, path: &str, from: &str, to: &str) {
        edit_file(&self.dir.path().join(path), from, to);
    }

    /// Appends `text` to the project's file `path`.
    pub fn append(&self, path: &str, text: &str) {
        let full = self.dir.path().join(path);
        let before = std::fs::read_to_string(&full).unwrap();
        std::fs::write(full, before + text).unwrap();
    }
}

/// Replaces the first `from` in the file at `path` with `to`; `from` must be there.
/// The example games, in the order the docs list them.
#[allow(dead_code)]
pub const GAMES: [&str; 5] = [
    "death-to-decorum",
    "facility-07",
    "red-faction-underground",
    "the-captain-is-dead",
    "veil-runners",
];

pub fn edit_file(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A scratch copy of an example game (its data and templates, and `templates/common`), to
/// change and rebuild.
pub fn copy_game(id: &str) -> tempfile::TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    for sub in [
        format!("data/{id}"),
        format!("templates/{id}"),
        "templates/common".to_owned(),
    ] {
        copy_dir(&repo.join(&sub), &dir.path().join(&sub));
    }
    dir
}

/// Every file under `dir` (recursively) with its bytes, sorted: to compare an output folder
/// before and after.
pub fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.file_type().unwrap().is_dir() {
                stack.push(e.path());
            } else {
                let name = e.path().strip_prefix(dir).unwrap().display().to_string();
                out.push((name, std::fs::read(e.path()).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// A 4 × 4 grey PNG of the given shade.
pub fn gray_png(shade: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, 4, 4);
    enc.set_color(png::ColorType::Grayscale);
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&[shade; 16]).unwrap();
    drop(w);
    out
}

/// In a copy of Death to Decorum, puts `art.png` (dark grey) on the Facility back and returns
/// the image's path, to change it later.
pub fn facility_back_with_art(dir: &Path) -> PathBuf {
    let art = dir.join("templates/death-to-decorum/art.png");
    std::fs::write(&art, gray_png(20)).unwrap();
    let tpl = dir.join("templates/death-to-decorum/facility-back.svg.tera");
    let text = std::fs::read_to_string(&tpl).unwrap();
    let with_art = text.replacen(
        "{% </face_svg> %}",
        "<image href=\"art.png\" x=\"2\" y=\"2\" width=\"10\" height=\"10\"/>{% </face_svg> %}",
        1,
    );
    assert_ne!(with_art, text, "the template has a closing face_svg");
    std::fs::write(&tpl, with_art).unwrap();
    art
}

/// A minimal game: one poker deck with `cards` (YAML list) and a shared back.
pub fn deck_game(print: &str, cards: &str) -> Project {
    let game = format!(
        "name: Fixture\nrevision: \"1\"\nprint:\n{print}\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    back: {{ template: back.svg.tera }}\n    cards: deck.yaml\n    card_fields: [text]\n"
    );
    Project::new(&[
        ("data/fixture/game.yaml", &game),
        ("data/fixture/deck.yaml", cards),
        (
            "templates/fixture/front.svg.tera",
            "{% <face_svg bg=\"#eeeeee\"> %}{{ text_box(text=card.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=10, size=5, min_size=3) }}{% if card.text %}{{ text_box(name=\"text\", text=card.text, x=face.safe_left, y=40, width=face.safe_right - face.safe_left, height=20, size=4, min_size=3) }}{% endif %}{% </face_svg> %}",
        ),
        (
            "templates/fixture/back.svg.tera",
            "{% <face_svg bg=\"#222266\"> %}<circle cx=\"{{ face.width / 2 }}\" cy=\"{{ face.height / 2 }}\" r=\"10\" fill=\"#fff\"/>{% </face_svg> %}",
        ),
    ])
}

impl PageInfo {
    /// The rectangle (x, y, w, h in mm, top-left origin) covered by placement `i` of a form
    /// that is `w` × `h` mm in its own space, whatever its turn.
    pub fn placed_rect(&self, i: usize, w: f32, h: f32) -> [f32; 4] {
        let m = self.ctms[i];
        let page_h = self.height_mm * PT;
        let corners = [(0.0, 0.0), (w * PT, 0.0), (0.0, h * PT), (w * PT, h * PT)];
        let pts: Vec<(f32, f32)> = corners
            .iter()
            .map(|&(x, y)| {
                let (px, py) = apply(m, x, y);
                (px / PT, (page_h - py) / PT)
            })
            .collect();
        let x0 = pts.iter().map(|p| p.0).fold(f32::MAX, f32::min);
        let y0 = pts.iter().map(|p| p.1).fold(f32::MAX, f32::min);
        let x1 = pts.iter().map(|p| p.0).fold(f32::MIN, f32::max);
        let y1 = pts.iter().map(|p| p.1).fold(f32::MIN, f32::max);
        [x0, y0, x1 - x0, y1 - y0]
    }
}

/// What one page draws.
#[derive(Debug, Default)]
pub struct PageInfo {
    pub width_mm: f32,
    pub height_mm: f32,
    pub trim_box: Option<[f32; 4]>,
    pub bleed_box: Option<[f32; 4]>,
    /// Top-left corner (mm, top-left origin) and XObject id of every `Do`.
    pub placements: Vec<(f32, f32, ObjectId)>,
    /// Stroked straight segments, mm, top-left origin.
    pub lines: Vec<[f32; 4]>,
    /// Rectangles stroked (x, y, w, h) in mm, top-left origin.
    pub rects: Vec<[f32; 4]>,
    /// The bounding box (x, y, w, h) in mm, top-left origin, of every path filled (clips left
    /// out).
    pub fills: Vec<[f32; 4]>,
    /// The transformation in force at each placement (PDF user space, points), in step with
    /// `placements`.
    pub ctms: Vec<[f32; 6]>,
    /// The clip in force at each placement (x, y, w, h), in step with `placements`.
    pub clips: Vec<Option<[f32; 4]>>,
    /// Text runs: start and estimated end of the baseline (x1, y1, x2, y2), mm, and the
    /// font size in points.
    pub texts: Vec<[f32; 5]>,
}

pub struct Pdf {
    pub doc: Document,
    pub pages: Vec<PageInfo>,
}

type M = [f32; 6];

fn mul(a: M, b: M) -> M {
    // a then b (PDF row-vector convention: p' = p × a × b).
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

fn apply(m: M, x: f32, y: f32) -> (f32, f32) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

fn num(o: &Object) -> f32 {
    match o {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        _ => 0.0,
    }
}

fn rect_of(doc: &Document, page: ObjectId, key: &[u8]) -> Option<[f32; 4]> {
    let dict = doc.get_object(page).ok()?.as_dict().ok()?;
    let arr = dict.get(key).ok()?;
    let arr = match arr {
        Object::Reference(r) => doc.get_object(*r).ok()?,
        o => o,
    };
    let a = arr.as_array().ok()?;
    Some([num(&a[0]), num(&a[1]), num(&a[2]), num(&a[3])])
}

impl Pdf {
    pub fn open(path: &Path) -> Pdf {
        Pdf::load(&std::fs::read(path).unwrap())
    }

    pub fn load(bytes: &[u8]) -> Pdf {
        let doc = Document::load_mem(bytes).expect("a readable PDF");
        let mut pages = Vec::new();
        for (_, page_id) in doc.get_pages() {
            let media = rect_of(&doc, page_id, b"MediaBox").expect("every page has a MediaBox");
            let h = media[3] - media[1];
            let mut info = PageInfo {
                width_mm: (media[2] - media[0]) / PT,
                height_mm: h / PT,
                trim_box: rect_of(&doc, page_id, b"TrimBox"),
                bleed_box: rect_of(&doc, page_id, b"BleedBox"),
                ..Default::default()
            };
            let xobjects = xobject_names(&doc, page_id);
            let content = doc.get_page_content(page_id);
            let ops = Content::decode(&content).unwrap().operations;
            let to_mm = |(x, y): (f32, f32)| (x / PT, (h - y) / PT);
            let mut ctm: M = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
            let mut stack = Vec::new();
            let mut clip: Option<[f32; 4]> = None;
            let mut clip_stack = Vec::new();
            let mut pending_clip = false;
            let mut bbox: Option<[f32; 4]> = None;
            let mut tm: M = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
            let mut font_size = 0.0;
            let mut path: Vec<(f32, f32)> = Vec::new();
            let mut segments: Vec<[f32; 4]> = Vec::new();
            let mut rects: Vec<[f32; 4]> = Vec::new();
            for op in ops {
                let n: Vec<f32> = op.operands.iter().map(num).collect();
                match op.operator.as_str() {
                    "q" => {
                        stack.push(ctm);
                        clip_stack.push(clip);
                    }
                    "Q" => {
                        ctm = stack.pop().unwrap_or(ctm);
                        clip = clip_stack.pop().unwrap_or(clip);
                    }
                    "W" | "W*" => pending_clip = true,
                    "Tf" => font_size = n.get(1).copied().unwrap_or(0.0),
                    "Tm" => tm = [n[0], n[1], n[2], n[3], n[4], n[5]],
                    "Td" => tm = mul([1.0, 0.0, 0.0, 1.0, n[0], n[1]], tm),
                    "Tj" | "TJ" => {
                        let glyphs: usize = glyph_bytes(&op.operands) / 2;
                        let m = mul(tm, ctm);
                        let a = to_mm(apply(m, 0.0, 0.0));
                        let b = to_mm(apply(m, glyphs as f32 * font_size * 0.6, 0.0));
                        let scale = (m[0] * m[0] + m[1] * m[1]).sqrt();
                        info.texts.push([a.0, a.1, b.0, b.1, font_size * scale]);
                    }
                    "cm" => ctm = mul([n[0], n[1], n[2], n[3], n[4], n[5]], ctm),
                    "m" => {
                        path = vec![apply(ctm, n[0], n[1])];
                        grow(&mut bbox, to_mm(path[0]));
                    }
                    "l" => {
                        let p = apply(ctm, n[0], n[1]);
                        grow(&mut bbox, to_mm(p));
                        if let Some(&last) = path.last() {
                            let (a, b) = (to_mm(last), to_mm(p));
                            segments.push([a.0, a.1, b.0, b.1]);
                        }
                        path.push(p);
                    }
                    "h" => {
                        // Closing a subpath draws its last edge.
                        if let (Some(&first), Some(&last)) = (path.first(), path.last()) {
                            let (a, b) = (to_mm(last), to_mm(first));
                            segments.push([a.0, a.1, b.0, b.1]);
                        }
                    }
                    "re" => {
                        let a = to_mm(apply(ctm, n[0], n[1]));
                        let b = to_mm(apply(ctm, n[0] + n[2], n[1] + n[3]));
                        grow(&mut bbox, a);
                        grow(&mut bbox, b);
                        rects.push([
                            a.0.min(b.0),
                            a.1.min(b.1),
                            (b.0 - a.0).abs(),
                            (b.1 - a.1).abs(),
                        ]);
                    }
                    "S" | "s" => {
                        info.lines.append(&mut segments);
                        info.rects.append(&mut rects);
                        bbox = None;
                    }
                    "n" | "f" | "F" | "f*" | "B" | "b" => {
                        if !pending_clip
                            && op.operator != "n"
                            && let Some(b) = bbox
                        {
                            info.fills.push(b);
                        }
                        if pending_clip && let Some(b) = bbox {
                            clip = Some(match clip {
                                Some(c) => intersect(c, b),
                                None => b,
                            });
                        }
                        pending_clip = false;
                        bbox = None;
                        segments.clear();
                        rects.clear();
                    }
                    "Do" => {
                        let name = op.operands[0].as_name().unwrap().to_vec();
                        let id = xobjects
                            .iter()
                            .find(|(n, _)| *n == name)
                            .map(|(_, id)| *id)
                            .unwrap();
                        let (x, y) = to_mm(apply(ctm, 0.0, 0.0));
                        info.placements.push((x, y, id));
                        info.ctms.push(ctm);
                        info.clips.push(clip);
                    }
                    _ => {}
                }
            }
            pages.push(info);
        }
        Pdf { doc, pages }
    }

    /// The RGB fill colours a form XObject paints, its nested forms included: enough to tell
    /// which face a placement shows when every face of a fixture has a colour of its own.
    pub fn form_fills(&self, id: ObjectId) -> Vec<[u8; 3]> {
        let mut out = Vec::new();
        let mut todo = vec![id];
        while let Some(id) = todo.pop() {
            let Ok(stream) = self.doc.get_object(id).and_then(|o| o.as_stream()) else {
                continue;
            };
            let content = stream
                .decompressed_content()
                .unwrap_or_else(|_| stream.content.clone());
            if let Ok(c) = Content::decode(&content) {
                for op in c.operations {
                    let n: Vec<f32> = op.operands.iter().map(num).collect();
                    if matches!(op.operator.as_str(), "rg" | "sc" | "scn") && n.len() == 3 {
                        out.push([n[0], n[1], n[2]].map(|v| (v * 255.0).round() as u8));
                    }
                }
            }
            // Nested forms, through the stream's own resources.
            if let Some(res) = stream
                .dict
                .get(b"Resources")
                .ok()
                .and_then(|r| dict_of(&self.doc, r))
            {
                todo.extend(xobjects_in(&self.doc, res).into_iter().map(|(_, id)| id));
            }
        }
        out
    }

    /// Distinct form XObjects placed anywhere in the document.
    pub fn distinct_placed(&self) -> usize {
        let mut ids: Vec<ObjectId> = self
            .pages
            .iter()
            .flat_map(|p| p.placements.iter().map(|x| x.2))
            .collect();
        ids.sort();
        ids.dedup();
        ids.len()
    }

    /// Whether any embedded font program is present.
    pub fn embeds_fonts(&self) -> bool {
        self.doc.objects.values().any(|o| {
            o.as_dict()
                .is_ok_and(|d| d.has(b"FontFile2") || d.has(b"FontFile3") || d.has(b"FontFile"))
        })
    }
}

fn xobject_names(doc: &Document, page: ObjectId) -> Vec<(Vec<u8>, ObjectId)> {
    let mut out = Vec::new();
    let Ok((res, ids)) = doc.get_page_resources(page) else {
        return out;
    };
    let mut dicts: Vec<&lopdf::Dictionary> = res.into_iter().collect();
    for id in ids {
        if let Ok(d) = doc.get_dictionary(id) {
            dicts.push(d);
        }
    }
    for d in dicts {
        out.extend(xobjects_in(doc, d));
    }
    out
}

/// A dictionary given inline or by reference.
fn dict_of<'d>(doc: &'d Document, o: &'d Object) -> Option<&'d lopdf::Dictionary> {
    match o {
        Object::Reference(r) => doc.get_dictionary(*r).ok(),
        Object::Dictionary(d) => Some(d),
        _ => None,
    }
}

/// The form XObjects a resource dictionary names, with their object ids.
fn xobjects_in(doc: &Document, resources: &lopdf::Dictionary) -> Vec<(Vec<u8>, ObjectId)> {
    let Some(x) = resources.get(b"XObject").ok().and_then(|x| dict_of(doc, x)) else {
        return Vec::new();
    };
    x.iter()
        .filter_map(|(k, v)| v.as_reference().ok().map(|r| (k.clone(), r)))
        .collect()
}

/// Grows a bounding box (x, y, w, h) by a point.
fn grow(bbox: &mut Option<[f32; 4]>, (x, y): (f32, f32)) {
    *bbox = Some(match *bbox {
        None => [x, y, 0.0, 0.0],
        Some([bx, by, bw, bh]) => {
            let (x0, y0) = (bx.min(x), by.min(y));
            let (x1, y1) = ((bx + bw).max(x), (by + bh).max(y));
            [x0, y0, x1 - x0, y1 - y0]
        }
    });
}

fn intersect(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    let (x0, y0) = (a[0].max(b[0]), a[1].max(b[1]));
    let (x1, y1) = (
        (a[0] + a[2]).min(b[0] + b[2]),
        (a[1] + a[3]).min(b[1] + b[3]),
    );
    [x0, y0, (x1 - x0).max(0.0), (y1 - y0).max(0.0)]
}

/// Bytes of the strings a text operator shows.
fn glyph_bytes(operands: &[Object]) -> usize {
    operands
        .iter()
        .map(|o| match o {
            Object::String(s, _) => s.len(),
            Object::Array(a) => glyph_bytes(a),
            _ => 0,
        })
        .sum()
}

/// A page's drawing reduced to its operators and numbers (names and strings left out), to
/// recognise a sheet page embedded in another PDF.
pub fn fingerprint(content: &[u8]) -> Vec<String> {
    fingerprint_with(content, |_| None)
}

/// As [`fingerprint`], naming what each `Do` draws by `form` (the content of the XObject of
/// that resource name), so that two pages placing different faces at the same spots differ.
pub fn fingerprint_with(content: &[u8], form: impl Fn(&[u8]) -> Option<String>) -> Vec<String> {
    let Ok(c) = Content::decode(content) else {
        return Vec::new();
    };
    c.operations
        .iter()
        .map(|o| {
            let nums: Vec<String> = o
                .operands
                .iter()
                .filter_map(|x| match x {
                    Object::Real(r) => Some(format!("{r:.2}")),
                    Object::Integer(i) => Some(i.to_string()),
                    Object::Name(n) if o.operator == "Do" => form(n),
                    _ => None,
                })
                .collect();
            format!("{} {}", o.operator, nums.join(" "))
        })
        .collect()
}

impl Pdf {
    /// The fingerprint of every page's own content.
    pub fn page_fingerprints(&self) -> Vec<Vec<String>> {
        self.doc
            .get_pages()
            .values()
            .map(|&id| {
                let xobjects = self
                    .doc
                    .get_page_resources(id)
                    .ok()
                    .and_then(|(res, refs)| {
                        let res = match res {
                            Some(r) => r.clone(),
                            None => self.doc.get_dictionary(*refs.first()?).ok()?.clone(),
                        };
                        match res.get(b"XObject").ok()? {
                            Object::Reference(r) => self.doc.get_dictionary(*r).ok().cloned(),
                            o => o.as_dict().ok().cloned(),
                        }
                    });
                // A form is named by the length and a simple sum of its decoded content: the
                // same face imported into another document keeps its content.
                let form = |name: &[u8]| -> Option<String> {
                    let id = xobjects.as_ref()?.get(name).ok()?.as_reference().ok()?;
                    let stream = self.doc.get_object(id).ok()?.as_stream().ok()?;
                    let bytes = stream
                        .decompressed_content()
                        .unwrap_or_else(|_| stream.content.clone());
                    let sum = bytes.iter().fold(0u64, |h, &b| {
                        h.wrapping_mul(1_099_511_628_211).wrapping_add(u64::from(b))
                    });
                    Some(format!("form{}:{sum:x}", bytes.len()))
                };
                fingerprint_with(&self.doc.get_page_content(id), form)
            })
            .collect()
    }

    /// The first placement on `page` of a form `w` mm wide (a face with its bleed).
    pub fn placement_of_width(&self, page: &PageInfo, w: f32) -> Option<usize> {
        (0..page.placements.len()).find(|&i| close(self.form_size(page.placements[i].2).0, w))
    }

    /// Width and height of a form XObject's bounding box, in mm.
    pub fn form_size(&self, id: ObjectId) -> (f32, f32) {
        let Ok(stream) = self.doc.get_object(id).and_then(|o| o.as_stream()) else {
            return (0.0, 0.0);
        };
        let Ok(b) = stream.dict.get(b"BBox").and_then(|b| b.as_array()) else {
            return (0.0, 0.0);
        };
        let v: Vec<f32> = b.iter().map(num).collect();
        ((v[2] - v[0]).abs() / PT, (v[3] - v[1]).abs() / PT)
    }
}

pub fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.05
}

/// A thumbnail on the index page: a window of `width` × `height` pixels onto the sprite
/// `src`, at (`x`, `y`) in it.
#[derive(Debug)]
pub struct SpriteWindow {
    pub src: String,
    pub x: usize,
    pub y: usize,
    pub width: usize,
    pub height: usize,
}

/// The thumbnail whose `<img>` tag holds `marker` (an `alt="…"`, say).
pub fn sprite_window(html: &str, marker: &str) -> SpriteWindow {
    let at = html.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let start = html[..at].rfind("<img").expect("an img tag");
    let tag = &html[start..start + html[start..].find('>').expect("a closed tag")];
    let attr = |name: &str| {
        let from = tag
            .find(&format!(" {name}=\""))
            .unwrap_or_else(|| panic!("{name} in {tag}"));
        let value = &tag[from + name.len() + 3..];
        value[..value.find('"').unwrap()].to_owned()
    };
    let offsets: Vec<usize> = attr("style")
        .trim_start_matches("object-position:")
        .split_whitespace()
        .map(|v| {
            v.trim_start_matches('-')
                .trim_end_matches("px")
                .parse()
                .unwrap()
        })
        .collect();
    SpriteWindow {
        src: attr("src"),
        x: offsets[0],
        y: offsets[1],
        width: attr("width").parse().unwrap(),
        height: attr("height").parse().unwrap(),
    }
}
