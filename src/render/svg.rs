//! Parsing rendered face SVG into usvg trees, strictly.
//!
//! usvg is forgiving: a missing font family falls back, a missing glyph draws nothing, a broken
//! image link is skipped. Each of those prints a wrong card, so here they are collected and
//! turned into errors. Image links are also sandboxed to the project: no absolute paths, no
//! `..` escapes, no URLs.

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use usvg::{FontResolver, ImageHrefResolver, Options, Tree, fontdb};

use crate::error::{Error, Result};
use crate::project::Project;
use crate::sync::lock;
use crate::text::fonts::{DEFAULT_FAMILY, Fonts};

/// What went wrong while usvg read one face.
#[derive(Default)]
struct Problems {
    missing_families: Vec<String>,
    missing_glyphs: Vec<char>,
    bad_images: Vec<String>,
}

/// Parses SVG text made by a template. `base` is the project folder relative hrefs start from
/// (the game's templates); images are read through the project's sandbox.
pub fn parse(svg: &str, fonts: &Fonts, project: &Project, base: &Path) -> Result<Tree> {
    check_font_families(svg, fonts)?;
    check_links(svg, base)?;
    let doc = read_xml(svg)?;
    parse_doc(&doc, svg, fonts, project, base)
}

/// The SVG text as an XML tree, or where it is not well-formed.
pub(crate) fn read_xml(svg: &str) -> Result<roxmltree::Document<'_>> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(svg, options).map_err(|e| {
        let pos = e.pos();
        Error::new(format!(
            "the template produced invalid SVG: SVG data parsing failed cause {e}"
        ))
        .help(format!(
            "in the rendered SVG at line {}, column {}: {}",
            pos.row,
            pos.col,
            svg.lines().nth(pos.row as usize - 1).unwrap_or("").trim()
        ))
    })
}

/// Parses an XML tree read by [`read_xml`] from `svg` (whose fonts and links were checked)
/// into a usvg tree, strictly.
pub(crate) fn parse_doc(
    doc: &roxmltree::Document,
    svg: &str,
    fonts: &Fonts,
    project: &Project,
    base: &Path,
) -> Result<Tree> {
    check_links_read(doc, svg)?;
    let problems = Mutex::new(Problems::default());
    let tree = {
        let opts = options(fonts, project, base, &problems);
        Tree::from_xmltree(doc, &opts)
            .map_err(|e| Error::new(format!("the template produced invalid SVG: {e}")))?
    };
    let p = problems.into_inner().unwrap_or_default();
    if let Some(family) = p.missing_families.first() {
        let loaded = fonts.families();
        return Err(
            Error::new(format!("font family `{family}` is not loaded")).help(format!(
                "{}; put the font file in fonts/ or data/<game>/fonts/",
                crate::error::suggestion(family, loaded.iter().map(String::as_str))
            )),
        );
    }
    if !p.missing_glyphs.is_empty() {
        let missing = chars_without_glyph(svg, &p.missing_glyphs, &fonts.db);
        let chars: String = missing.iter().collect();
        let codes: Vec<String> = missing
            .iter()
            .map(|c| format!("U+{:04X}", *c as u32))
            .collect();
        return Err(Error::new(format!(
            "no loaded font has a glyph for {chars:?} ({}); it would print as an empty box",
            codes.join(", ")
        ))
        .help("put a font file that has it (.ttf or .otf) in fonts/ or data/<game>/fonts/: it is a fallback for every text, or name its family in the template's font-family"));
    }
    if let Some(image) = p.bad_images.first() {
        return Err(Error::new(image.clone()));
    }
    crate::render::filters::check_filter_cost(&tree)?;
    Ok(tree)
}

/// The characters of `svg`'s text that no loaded font has, `first` (those usvg reported)
/// first. usvg stops at the first character of a text it cannot place, so without this the
/// designer would meet them one build at a time. Only on the error path: every face is read.
fn chars_without_glyph(svg: &str, first: &[char], db: &fontdb::Database) -> Vec<char> {
    let mut out: Vec<char> = Vec::new();
    for &c in first {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    let has = |c: char| {
        db.faces().any(|f| {
            db.with_face_data(f.id, |data, index| {
                rustybuzz::ttf_parser::Face::parse(data, index)
                    .is_ok_and(|face| face.glyph_index(c).is_some())
            })
            .unwrap_or(false)
        })
    };
    let mut in_tag = false;
    let mut tried = std::collections::HashSet::new();
    for c in svg.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            // The bundled fonts cover ASCII; a bound keeps a huge face from taking long.
            c if !in_tag && !c.is_ascii() && !c.is_whitespace() && tried.insert(c) => {
                if tried.len() > 500 {
                    break;
                }
                if !out.contains(&c) && !has(c) {
                    out.push(c);
                }
            }
            _ => {}
        }
    }
    out
}

/// Generic CSS families, always available (they map to bundled fonts).
const GENERIC_FAMILIES: [&str; 5] = ["serif", "sans-serif", "monospace", "cursive", "fantasy"];

/// Checks every family a `font-family` attribute or style names. usvg silently falls back when
/// a value does not even parse (`font-family="Wingdings 9"`), so the text is read here.
pub(crate) fn check_font_families(svg: &str, fonts: &Fonts) -> Result<()> {
    let mut values = Vec::new();
    for marker in ["font-family=\"", "font-family='", "font-family:"] {
        let mut rest = svg;
        while let Some(pos) = rest.find(marker) {
            let after = &rest[pos + marker.len()..];
            let end = after.find(['"', ';', '>']).unwrap_or(after.len());
            let end = if marker.ends_with('\'') {
                after.find('\'').unwrap_or(end)
            } else {
                end
            };
            values.push(&after[..end]);
            rest = &after[end..];
        }
    }
    for value in values {
        for family in value.split(',') {
            let family = family.trim().trim_matches(['"', '\'']).trim();
            if family.is_empty() || GENERIC_FAMILIES.contains(&family.to_ascii_lowercase().as_str())
            {
                continue;
            }
            if !fonts.has_family(family) {
                let loaded = fonts.families();
                return Err(
                    Error::new(format!("font family `{family}` is not loaded")).help(format!(
                        "{}; put the font file in fonts/ or data/<game>/fonts/",
                        crate::error::suggestion(family, loaded.iter().map(String::as_str))
                    )),
                );
            }
        }
    }
    Ok(())
}

fn options<'a>(
    fonts: &Fonts,
    project: &'a Project,
    base: &'a Path,
    problems: &'a Mutex<Problems>,
) -> Options<'a> {
    let mut opts = Options {
        resources_dir: Some(project.root().join(base)),
        font_family: DEFAULT_FAMILY.to_owned(),
        fontdb: Arc::clone(&fonts.db),
        ..Options::default()
    };
    let default_resolver = FontResolver::default_font_selector();
    let fallback = FontResolver::default_fallback_selector();
    opts.font_resolver = FontResolver {
        select_font: Box::new(move |font, db: &mut Arc<fontdb::Database>| {
            for family in font.families() {
                if let usvg::FontFamily::Named(name) = family {
                    let known = db
                        .faces()
                        .any(|f| f.families.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)));
                    if !known {
                        lock(problems).missing_families.push(name.clone());
                    }
                }
            }
            default_resolver(font, db)
        }),
        select_fallback: Box::new(move |c, used, db| {
            let found = fallback(c, used, db);
            if found.is_none() && !c.is_whitespace() && !c.is_control() {
                lock(problems).missing_glyphs.push(c);
            }
            found
        }),
    };
    opts.image_href_resolver = ImageHrefResolver {
        resolve_data: ImageHrefResolver::default_data_resolver(),
        resolve_string: Box::new(move |href, opts| {
            let loaded = load_image(project, base, href).and_then(|bytes| {
                // "text/plain" makes usvg sniff the format from the bytes.
                (ImageHrefResolver::default_data_resolver())("text/plain", Arc::new(bytes), opts)
                    .ok_or_else(|| {
                        format!("image `{href}` is not a PNG, JPEG, GIF, WebP or SVG file")
                    })
            });
            loaded
                .map_err(|why| lock(problems).bad_images.push(why))
                .ok()
        }),
    };
    opts
}

/// Largest image, in pixels, before it is decoded: 100 megapixels, or
/// `PROTOPRESS_MAX_IMAGE_MP`.
pub(crate) fn max_image_pixels() -> u64 {
    std::env::var("PROTOPRESS_MAX_IMAGE_MP")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(100)
        .saturating_mul(1_000_000)
}

/// Reads the image `href` links to, through the project's sandbox, refusing images too large
/// to decode safely.
fn load_image(project: &Project, base: &Path, href: &str) -> Result<Vec<u8>, String> {
    let path = sandboxed(base, href)?;
    if std::fs::symlink_metadata(project.root().join(&path)).is_err() {
        return Err(format!("image `{href}` is missing ({})", path.display()));
    }
    let bytes = project
        .read(&path)
        .map_err(|e| format!("image `{href}`: {}", e.message))?;
    refuse_huge_image(href, &bytes)?;
    Ok(bytes)
}

/// Refuses, from its header alone, an image too large to decode safely (a PNG of 30,000
/// pixels square is 900 KB on disk and 3.6 GB decoded).
pub fn refuse_huge_image(href: &str, bytes: &[u8]) -> Result<(), String> {
    if let Ok(size) = imagesize::blob_size(bytes) {
        let pixels = size.width as u64 * size.height as u64;
        if pixels > max_image_pixels() {
            return Err(format!(
                "image `{href}` is {} × {} pixels, more than {} megapixels; scale it down \
                 (or set PROTOPRESS_MAX_IMAGE_MP)",
                size.width,
                size.height,
                max_image_pixels() / 1_000_000
            ));
        }
    }
    Ok(())
}

/// The file links (`href`, `xlink:href`) of rendered SVG text that draw a file (`<image>`,
/// `<feImage>`), in order: not fragments (`#id`) or inline data. Each is read as the XML
/// reader reads it (`&apos;` is `'`), since the face's hash must cover the very file drawn.
pub fn linked_files(svg: &str) -> Vec<String> {
    file_links(svg)
        .into_iter()
        .filter(|(tag, _)| draws_file(tag))
        .map(|(_, href)| href)
        .collect()
}

/// Whether an element of this name draws the file its link names.
fn draws_file(tag: &str) -> bool {
    let local = tag.rsplit(':').next().unwrap_or(tag);
    local == "image" || local == "feImage"
}

/// Each file link with the name of the element that carries it, outside comments; a
/// hyperlink (`<a href>`) names no file to draw and is left out. Read from the text, before
/// (and without) parsing it: a face's hash needs its links, and a face found in the build
/// cache is never parsed. [`check_links_read`] makes sure the parse reads no other.
fn file_links(svg: &str) -> Vec<(&str, String)> {
    let mut out = Vec::new();
    for (at, _) in svg.match_indices("href") {
        // An attribute of its own (`href`, `xlink:href`), not the end of another's name.
        let attribute = svg[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_whitespace() || c == ':');
        if !attribute || in_comment(svg, at) {
            continue;
        }
        let Some(raw) = attribute_value(&svg[at + 4..]) else {
            continue;
        };
        let href = read_references(raw);
        if !href.starts_with('#') && !href.starts_with("data:") && !href.is_empty() {
            let tag = svg[..at]
                .rfind('<')
                .map(|open| &svg[open + 1..at])
                .and_then(|t| t.split(|c: char| c.is_whitespace() || c == '/').next())
                .unwrap_or("");
            if tag.rsplit(':').next() != Some("a") {
                out.push((tag, href));
            }
        }
    }
    out
}

/// The quoted value after an attribute's name: `= "value"`, with any space XML allows around
/// the `=`.
fn attribute_value(rest: &str) -> Option<&str> {
    let space = |c: char| matches!(c, ' ' | '\t' | '\r' | '\n');
    let rest = rest.trim_start_matches(space).strip_prefix('=')?;
    let rest = rest.trim_start_matches(space);
    let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let end = rest[1..].find(quote)?;
    Some(&rest[1..1 + end])
}

/// An attribute value with its character references read: the five XML names and numbers
/// (`&#39;`, `&#x27;`). Any other (an entity a DTD declares) is left as it is written.
fn read_references(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let name = rest[1..].find(';').map(|end| &rest[1..1 + end]);
        let read = name.and_then(|name| match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let number = name.strip_prefix('#')?;
                let code = match number.strip_prefix('x') {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)
            }
        });
        match (read, name) {
            (Some(c), Some(name)) => {
                out.push(c);
                rest = &rest[name.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Refuses a face whose parsed XML draws a file its text did not show ([`file_links`]): one
/// named through an entity its DTD declares. Its hash would not cover that file, and the
/// build cache could serve the face as it was before the file changed.
pub(crate) fn check_links_read(doc: &roxmltree::Document, svg: &str) -> Result<()> {
    let shown = linked_files(svg);
    let drawn = doc
        .descendants()
        .filter(|n| n.is_element() && draws_file(n.tag_name().name()))
        .flat_map(|n| n.attributes().filter(|a| a.name() == "href"))
        .map(|a| a.value())
        .filter(|v| !v.is_empty() && !v.starts_with('#') && !v.starts_with("data:"));
    for href in drawn {
        if !shown.iter().any(|s| s == href) {
            return Err(Error::new(format!(
                "image `{href}` is named in a way protopress cannot read before parsing the SVG \
                 (an entity of its DTD)"
            ))
            .help("write the file's path in the `href` itself"));
        }
    }
    Ok(())
}

/// Whether byte `at` of `svg` lies inside an XML comment.
fn in_comment(svg: &str, at: usize) -> bool {
    svg[..at]
        .rfind("<!--")
        .is_some_and(|open| !svg[open..at].contains("-->"))
}

/// Refuses a face's links that would be read differently in different places: one that leaves
/// the project (the sheets would ignore it where the rulebook's figures refuse it), and a file
/// linked from anything but an image (a `<use>` of another file's shape), which no renderer
/// draws.
pub(crate) fn check_links(svg: &str, base: &Path) -> Result<()> {
    for (tag, href) in file_links(svg) {
        let href = href.as_str();
        if !draws_file(tag) {
            return Err(Error::new(format!(
                "`<{tag} href=\"{href}\">` links another file, which is not drawn: only an `<image>` may"
            ))
            .help("copy the shape into the template (a Tera `include` or macro), or show the file with `<image>`"));
        }
        sandboxed(base, href).map_err(Error::new)?;
    }
    Ok(())
}

/// Resolves an image link against `base` (relative to the project root), refusing anything
/// that leaves the project by its spelling; links are caught when the project reads the file.
pub fn sandboxed(base: &Path, href: &str) -> Result<PathBuf, String> {
    if href.contains("://") || href.starts_with("//") {
        return Err(format!(
            "image `{href}`: network links are not allowed; put the file in the project"
        ));
    }
    let href = href.strip_prefix("file:").unwrap_or(href);
    let rel = Path::new(href);
    if rel.is_absolute() || rel.has_root() {
        return Err(format!(
            "image `{href}`: absolute paths are not allowed; use a path relative to the template"
        ));
    }
    // Resolve `..` lexically, then make sure the result is still inside the project.
    let mut joined = PathBuf::new();
    for part in base.join(rel).components() {
        match part {
            Component::ParentDir => {
                if !joined.pop() {
                    return Err(format!("image `{href}` points outside the project"));
                }
            }
            Component::CurDir => {}
            other => joined.push(other),
        }
    }
    Ok(joined)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        Fonts::bundled().unwrap()
    }

    fn svg(body: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">{body}</svg>"#
        )
    }

    /// `text` parsed with the bundled fonts in an empty project.
    fn parse_alone(text: &str) -> Result<Tree> {
        let dir = tempfile::tempdir().unwrap();
        parse(
            text,
            &fonts(),
            &Project::open(dir.path()).unwrap(),
            Path::new(""),
        )
    }

    #[test]
    fn every_character_no_font_has_is_named_at_once() {
        let e = parse_alone(&svg(
            "<text x='1' y='5' font-size='2'>火龍 é</text><text x='1' y='8'>猫</text>",
        ))
        .unwrap_err();
        assert!(
            e.message.contains("\"火猫龍\" (U+706B, U+732B, U+9F8D)"),
            "{e}"
        );
        assert!(e.to_string().contains("fonts/"), "{e}");
    }

    #[test]
    fn parses_a_plain_face() {
        let tree = parse_alone(&svg("<rect width='5' height='5'/>")).unwrap();
        assert!((tree.size().width() - 10.0 * 96.0 / 25.4).abs() < 0.01);
    }

    #[test]
    fn unknown_font_family_is_an_error() {
        let err =
            parse_alone(&svg("<text font-family='Comic Sans MS' y='5'>Hi</text>")).unwrap_err();
        assert!(err.message.contains("Comic Sans MS"), "{err}");
    }

    #[test]
    fn emoji_print_through_the_emoji_font() {
        parse_alone(&svg("<text y='5'>☠️ 🪓 💥 🏃 ⚪ 🔴</text>")).unwrap();
    }

    #[test]
    fn missing_glyph_is_an_error() {
        // A private-use character no bundled font has.
        let err = parse_alone(&svg("<text y='5'>a\u{E000}b</text>")).unwrap_err();
        assert!(err.message.contains("U+E000"), "{err}");
    }

    #[test]
    fn invalid_svg_is_an_error_with_position() {
        let err = parse_alone("<svg><rect></svg>").unwrap_err();
        assert!(err.message.contains("invalid SVG"), "{err}");
    }

    #[test]
    fn finds_file_links_only() {
        let svg = r##"<use href="#a"/><image href="art/a.png"/><image xlink:href='b.jpg'/>
            <image href="data:image/png;base64,AA"/>"##;
        assert_eq!(linked_files(svg), ["art/a.png", "b.jpg"]);
    }

    #[test]
    fn links_are_read_as_the_xml_reader_reads_them() {
        let svg = "<image href = \"art/King&apos;s &amp; Queen.png\"/>\
            <image\n xlink:href=\n'b&#x2e;jpg'/><image href='&#99;.png'/><image href='&odd;'/>";
        assert_eq!(
            linked_files(svg),
            ["art/King's & Queen.png", "b.jpg", "c.png", "&odd;"]
        );
    }

    #[test]
    fn a_link_named_by_an_entity_of_the_dtd_is_refused() {
        let svg = r#"<!DOCTYPE svg [<!ENTITY art "a.png">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
            <image href="&art;" width="1" height="1"/></svg>"#;
        let e = parse_alone(svg).unwrap_err();
        assert!(
            e.message.contains("image `a.png`") && e.message.contains("entity"),
            "{e}"
        );
    }

    #[test]
    fn a_link_out_of_the_project_or_from_a_use_is_refused() {
        let parse_body = |body: &str| parse_alone(&svg(body)).map(|_| ());
        let e = parse_body(r#"<use href="/tmp/x.svg#a"/>"#).unwrap_err();
        assert!(e.message.contains("links another file"), "{e}");
        let e = parse_body(r#"<image href="/etc/hostname" width="1" height="1"/>"#).unwrap_err();
        assert!(e.message.contains("absolute paths are not allowed"), "{e}");
        let e = parse_body(r#"<use xlink:href="shapes.svg#star" x="1"/>"#).unwrap_err();
        assert!(
            e.message
                .contains("`<use href=\"shapes.svg#star\">` links another file"),
            "{e}"
        );
        assert!(parse_body(r##"<rect id="a" width="1" height="1"/><use href="#a"/>"##).is_ok());
        // A hyperlink, a commented-out link and another attribute ending in `href` read no file.
        for ok in [
            r#"<a href="https://example.com"><rect width="1" height="1"/></a>"#,
            r#"<a href="mailto:x@y.z"><rect width="1" height="1"/></a>"#,
            r#"<!-- <use href="shapes.svg#star"/> --><rect width="1" height="1"/>"#,
            r#"<rect data-href="shapes.svg" width="1" height="1"/>"#,
        ] {
            assert!(parse_body(ok).is_ok(), "{ok}: {:?}", parse_body(ok).err());
        }
    }

    #[test]
    fn hrefs_cannot_leave_the_project() {
        let base = Path::new("templates/g");
        assert!(sandboxed(base, "img/a.png").is_ok());
        assert!(sandboxed(base, "../common/a.png").is_ok());
        assert!(sandboxed(base, "../../../etc/passwd").is_err());
        assert!(sandboxed(base, "/etc/passwd").is_err());
        assert!(sandboxed(base, "https://example.com/a.png").is_err());
        assert!(sandboxed(base, "file:///etc/passwd").is_err());
    }

    #[test]
    fn a_forbidden_image_fails_the_parse() {
        let err =
            parse_alone(&svg("<image href='/etc/passwd' width='5' height='5'/>")).unwrap_err();
        assert!(err.message.contains("absolute paths"), "{err}");
    }
}
