//! Tera templates: one environment per game, holding `templates/<game>/` and
//! `templates/common/` (the latter under names starting `common/`).
//!
//! Everything inserted from data is XML-escaped, since faces are SVG: a card called
//! `Salt & Pepper <Deluxe>` must render, not break the document.

use std::path::{Path, PathBuf};

use tera::{Context, ErrorKind, Tera};

use crate::error::{Error, Result, suggestion};
use crate::project::Project;
use crate::text::fit::TextEngine;
use std::sync::Arc;

/// Whether a template is shared: from `templates/common/`, or a game partial whose file name
/// starts with `_`.
fn is_shared(name: &str) -> bool {
    name.starts_with("common/") || name.rsplit('/').next().is_some_and(|f| f.starts_with('_'))
}

/// The template names `text` quotes (`"front.svg.tera"`, as an `include` names one), in any
/// of Tera's three quotes.
fn named_templates(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices(".tera").filter_map(move |(at, _)| {
        let end = at + ".tera".len();
        let quote = char::from(*text.as_bytes().get(end)?);
        if !['"', '\'', '`'].contains(&quote) {
            return None;
        }
        let start = text[..at].rfind(quote)? + 1;
        Some(&text[start..end])
    })
}

/// Whether `text` defines a Tera component (`{% component name(...) %}`), which any
/// template may call without naming the file it is in.
fn defines_component(text: &str) -> bool {
    text.match_indices("{%").any(|(at, _)| {
        let tag = text[at + 2..].trim_start_matches('-').trim_start();
        tag.strip_prefix("component")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_whitespace()))
    })
}

/// What every render depends on beyond its template and values: the largest SVG a face may
/// render to, so a render kept under a higher limit is not taken under a lower one.
pub fn render_limit() -> String {
    max_face_bytes().to_string()
}

/// A game's templates: (template name, its file) and (template name, its text).
type Sources = (Vec<(String, PathBuf)>, Vec<(String, String)>);

/// The template environment of one game.
pub struct Templates {
    tera: Tera,
    /// Template name -> the file it came from (relative to the project).
    files: Vec<(String, PathBuf)>,
    /// Template name -> hash of its source and of every shared template (which it may include).
    hashes: std::collections::HashMap<String, String>,
    /// Where error excerpts are read from.
    project: Project,
    /// The text engine the templates fit their text with: its icons, and the warnings it
    /// records.
    pub engine: Arc<TextEngine>,
}

impl Templates {
    /// Loads every `*.tera` file of the game and of `templates/common/`, with the text
    /// functions of `engine`.
    pub fn load(project: &Project, game: &str, engine: Arc<TextEngine>) -> Result<Templates> {
        let mut tera = Tera::new();
        tera.set_escape_fn(crate::xml::escape_into);
        let (files, sources) = Self::sources(project, game)?;
        tera.register_function("range", limited_range);
        // Autoescape every template: the suffix "" matches all names.
        tera.autoescape_on([""]);
        crate::text::fit::register(&mut tera, Arc::clone(&engine));
        crate::render::shapes::register(&mut tera);
        tera.add_raw_templates(sources.iter().map(|(n, s)| (n.as_str(), s.as_str())))
            .map_err(|e| Self::convert(&files, project, &e))?;
        use sha2::Digest;
        let mut common = sha2::Sha256::new();
        // Shared pieces: everything in common/ and the game's own partials (`_name.svg.tera`),
        // which any template may include, any template another names (to include it, or
        // extend it) and any that defines a component (which every template may call), so a
        // change to one re-renders every face.
        let named: std::collections::HashSet<&str> = sources
            .iter()
            .flat_map(|(_, text)| named_templates(text))
            .collect();
        let shared = |name: &str, text: &str| {
            is_shared(name) || named.contains(name) || defines_component(text)
        };
        for (name, text) in sources.iter().filter(|(n, t)| shared(n, t)) {
            common.update(name.as_bytes());
            common.update(text.as_bytes());
        }
        let common = common.finalize();
        let hashes = sources
            .iter()
            .map(|(name, text)| {
                let mut h = sha2::Sha256::new();
                h.update(common);
                h.update(text.as_bytes());
                (name.clone(), crate::digest::hex(&h.finalize()))
            })
            .collect();
        Ok(Templates {
            tera,
            files,
            hashes,
            project: project.clone(),
            engine,
        })
    }

    /// Every template of the game: the built-in common ones the project does not replace,
    /// its `templates/common/` and the game's own, as (template name, file) and (name, text).
    fn sources(project: &Project, game: &str) -> Result<Sources> {
        let mut files = Vec::new();
        let mut sources = Vec::new();
        let common = Project::common_dir();
        for (file, text) in crate::library::TEMPLATES {
            let rel = common.join(file);
            if !project.is_file(&rel) {
                files.push((format!("common/{file}"), crate::library::path_of(&rel)));
                sources.push((format!("common/{file}"), (*text).to_owned()));
            }
        }
        for (dir, prefix) in [(common, "common/"), (Project::templates_dir(game), "")] {
            for rel in project.files_under(&dir, ".tera")? {
                let name = format!(
                    "{prefix}{}",
                    rel.strip_prefix(&dir)
                        .unwrap_or(&rel)
                        .to_string_lossy()
                        .replace('\\', "/")
                );
                let text = project.read_text(&rel)?;
                files.push((name.clone(), rel));
                sources.push((name, text));
            }
        }
        Ok((files, sources))
    }

    /// A hash of a template's source and the shared templates (common/ and `_` partials),
    /// for the render cache.
    pub fn source_hash(&self, name: &str) -> &str {
        self.hashes.get(name).map_or("", String::as_str)
    }

    /// Makes every template's hash depend on `inputs` too (the digests of the icons and
    /// fonts its text is drawn with): the same template and values drawn with a changed icon
    /// or font is a changed face.
    pub fn depending_on(mut self, inputs: &[&str]) -> Templates {
        use sha2::Digest;
        for hash in self.hashes.values_mut() {
            let mut h = sha2::Sha256::new();
            h.update(hash.as_bytes());
            for input in inputs {
                h.update(input.as_bytes());
            }
            *hash = crate::digest::hex(&h.finalize());
        }
        self
    }

    /// The file a template was loaded from.
    pub fn file_of(&self, name: &str) -> Option<&Path> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.as_path())
    }

    /// Checks that a template a component names exists; the error suggests a close name.
    pub fn require(&self, name: &str) -> Result<()> {
        if self.tera.contains_template(name) {
            return Ok(());
        }
        let names: Vec<&str> = self.files.iter().map(|(n, _)| n.as_str()).collect();
        Err(
            Error::new(format!("template `{name}` not found")).help(format!(
                "{} (templates live in templates/<game>/ and templates/common/)",
                suggestion(name, names.iter().copied())
            )),
        )
    }

    /// Renders `name` with `ctx`.
    pub fn render(&self, name: &str, ctx: &Context) -> Result<String> {
        self.require(name)?;
        RANGE_LEFT.with(|c| c.set(RANGE_BUDGET));
        let limit = max_face_bytes();
        let mut out = Limited {
            bytes: Vec::new(),
            limit,
        };
        let result = self.tera.render_to(name, ctx, &mut out);
        if out.bytes.len() > limit {
            return Err(Error::new(format!(
                "the template made more than {} MB of SVG for one face",
                limit / (1024 * 1024)
            ))
            .in_file(self.file_of(name).unwrap_or(Path::new(name)))
            .help("check its loops; set PROTOPRESS_MAX_FACE_MB to raise the limit"));
        }
        result.map_err(|e| {
            let err = Self::convert(&self.files, &self.project, &e);
            with_suggestion(err, ctx)
        })?;
        // The buffer grew by doubling: a face's SVG is kept the whole build, and 10,000 faces
        // held twice their 45 MB of text.
        let mut bytes = out.bytes;
        bytes.shrink_to_fit();
        String::from_utf8(bytes).map_err(|_| Error::new("the template made invalid UTF-8"))
    }

    /// Turns a Tera error into one that names the template file, line and column.
    fn convert(files: &[(String, PathBuf)], project: &Project, err: &tera::Error) -> Error {
        let file_of = |name: &str| {
            files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, p)| p.clone())
                .unwrap_or_else(|| PathBuf::from(name))
        };
        let report = match err.kind() {
            ErrorKind::SyntaxError(r) => Some(("template syntax error", r)),
            ErrorKind::RenderingError(r) => Some(("template error", r)),
            _ => None,
        };
        let mut chain = String::new();
        let mut source = std::error::Error::source(err);
        while let Some(s) = source {
            chain.push_str(": ");
            chain.push_str(&s.to_string());
            source = s.source();
        }
        match report {
            Some((what, r)) => {
                let file = file_of(r.filename());
                let span = r.span();
                let mut message = r.message().to_string();
                let text = source_text(project, &file);
                let line = text
                    .as_deref()
                    .and_then(|t| line_from(t, span.start_line, span.start_col));
                let syntax = matches!(err.kind(), ErrorKind::SyntaxError(_));
                let start = (span.start_line, span.start_col + 1);
                let late = syntax && message.contains("but expected");
                let (line_no, mut column) = text
                    .as_deref()
                    .filter(|_| late)
                    .and_then(|t| after_last_token(t, start.0, start.1))
                    .unwrap_or(start);
                if let Some((l, expr)) =
                    line.and_then(|l| Some((l, undefined_argument(&message, l)?)))
                {
                    message = message.replacen(
                        "is given a value that does not exist",
                        &format!("is given `{expr}`, which does not exist"),
                        1,
                    );
                    // The caret on the misspelt expression, not on the call.
                    let at = l.find(expr).unwrap_or(0);
                    column += l[..at].chars().count();
                }
                let mut e = Error::new(format!("{what}: {message}{chain}"))
                    .in_file(&file)
                    .at(line_no, column);
                if let Some(text) = text {
                    if let Some(help) = unclosed_block(&text).filter(|_| syntax) {
                        e = e.help(help);
                    }
                    e = e.with_source(&text);
                }
                e
            }
            None => match validation_report(err) {
                // Checks run when the templates are loaded (an unknown filter, test or
                // function) come as text: "error: …" then " --> name:line:column".
                Some((message, name, line, column)) => {
                    let file = file_of(name);
                    let mut e = Error::new(format!("template error: {message}"))
                        .in_file(&file)
                        .at(line, column);
                    if let Some(text) = source_text(project, &file) {
                        e = e.with_source(&text);
                    }
                    e
                }
                None => Error::new(format!("template error: {err}{chain}")),
            },
        }
    }
}

/// The rest of line `line` (from 1) of `text` from its character `col` (from 0): from the call
/// on, for an earlier `width="56"` of the SVG is not its argument.
fn line_from(text: &str, line: usize, col: usize) -> Option<&str> {
    let line = text.lines().nth(line.checked_sub(1)?)?;
    let from = line.char_indices().nth(col).map_or(0, |(i, _)| i);
    Some(&line[from..])
}

/// The text of a template an error names: a project file, or a built-in one.
fn source_text(project: &Project, file: &Path) -> Option<String> {
    match crate::library::text_of(file) {
        Some(text) => Some(text.to_owned()),
        None => project.read_text(file).ok(),
    }
}

/// For an undefined `card.…` or `game.…` (or `component.…`) named in `err`, the help names the
/// nearest name the template could have meant, as a misspelt YAML field's does.
fn with_suggestion(err: Error, ctx: &Context) -> Error {
    if let Some(hint) = field_suggestion(&err.message) {
        return match err.help.clone() {
            Some(h) => err.help(format!("{hint} ({h})")),
            None => err.help(hint),
        };
    }
    let Some(expr) = err
        .message
        .split("is given `")
        .nth(1)
        .and_then(|r| r.split('`').next())
    else {
        return err;
    };
    let mut parts = expr.split('.');
    let (Some(root), Some(field)) = (parts.next(), parts.next()) else {
        return err;
    };
    let Some(map) = ctx.get(root).and_then(|v| v.as_map()) else {
        return err;
    };
    match crate::error::nearest(field, map.keys().filter_map(|k| k.as_str())) {
        Some(k) => {
            let hint = format!("did you mean `{root}.{k}`?");
            match err.help.clone() {
                Some(h) => err.help(format!("{hint} ({h})")),
                None => err.help(hint),
            }
        }
        None => err,
    }
}

/// For Tera's "Field `vaule` is not defined. Available fields: …", the nearest field listed.
fn field_suggestion(message: &str) -> Option<String> {
    let field = message.split("Field `").nth(1)?.split('`').next()?;
    let list = message.split("Available fields: ").nth(1)?;
    let list = list.split([':', '\n']).next()?;
    let names = list.split(',').map(str::trim).filter(|n| !n.is_empty());
    let near = crate::error::nearest(field, names)?;
    Some(format!("did you mean `{near}`?"))
}

/// The expression given to the argument that `message` says is undefined
/// (`` text_box(): `text` is given a value… ``), as written on the template's `line`.
fn undefined_argument<'a>(message: &str, line: &'a str) -> Option<&'a str> {
    let key = message.split("(): `").nth(1)?.split('`').next()?;
    let (mut start, mut depth) = (None, 0i32);
    for (at, _) in line.match_indices(&format!("{key}=")) {
        let before = line[..at].chars().next_back();
        if before.is_none_or(|c| c == '(' || c == ',' || c.is_whitespace()) {
            start = Some(at + key.len() + 1);
            break;
        }
    }
    let start = start?;
    let rest = &line[start..];
    let end = rest
        .char_indices()
        .find(|&(_, c)| {
            depth += match c {
                '(' | '[' => 1,
                ')' | ']' => -1,
                _ => 0,
            };
            depth < 0 || (depth == 0 && c == ',')
        })
        .map_or(rest.len(), |(i, _)| i);
    Some(rest[..end].trim()).filter(|e| !e.is_empty())
}

/// Where a token was missing when the parser only noticed at the start of a later line (an
/// unclosed `{{ card.name` is found out at the `{` of the next line): just after the last thing
/// written before it, on its own line. `line` and `column` count from 1.
fn after_last_token(text: &str, line: usize, column: usize) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let here = lines.get(line.checked_sub(1)?)?;
    let before: String = here.chars().take(column.saturating_sub(1)).collect();
    if !before.trim().is_empty() {
        return None;
    }
    (1..line).rev().find_map(|n| {
        let l = lines[n - 1].trim_end();
        (!l.is_empty()).then(|| (n, l.chars().count() + 1))
    })
}

/// A block tag opened more often than closed (`{% if %}` without its `{% endif %}`): the
/// parser then stumbles on a later tag, far from the mistake.
fn unclosed_block(template: &str) -> Option<String> {
    // Tags in comments do not count.
    let mut code = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(at) = rest.find("{#") {
        code.push_str(&rest[..at]);
        rest = rest[at..]
            .find("#}")
            .map_or("", |end| &rest[at + end + 2..]);
    }
    code.push_str(rest);
    let tags: Vec<&str> = code
        .split("{%")
        .skip(1)
        .filter_map(|t| t.split("%}").next())
        .map(|t| {
            t.trim_matches(['-', ' ', '\n', '\t'])
                .split_whitespace()
                .next()
                .unwrap_or("")
        })
        .collect();
    let count = |name: &str| tags.iter().filter(|t| **t == name).count();
    ["if", "for", "macro", "filter", "raw"]
        .into_iter()
        .find_map(|block| {
            let (opened, closed) = (count(block), count(&format!("end{block}")));
            (opened > closed).then(|| {
            format!(
                "{} `{{% {block} %}}` but {} `{{% end{block} %}}`: a block above may be left open",
                opened, closed
            )
        })
        })
}

/// The first report of a message Tera wrote when loading templates: its message, template
/// name, line and column.
fn validation_report(err: &tera::Error) -> Option<(&str, &str, usize, usize)> {
    let ErrorKind::Msg(text) = err.kind() else {
        return None;
    };
    let mut lines = text.lines();
    let message = lines.next()?.strip_prefix("error: ")?;
    let place = lines.next()?.trim_start().strip_prefix("--> ")?;
    let mut parts = place.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    Some((message, parts.next()?, line, column))
}

/// Numbers all `range(...)` calls of one face may produce together: nested loops multiply, so
/// a budget per render (not per call) is what keeps a face from looping without end.
pub const RANGE_BUDGET: u64 = 1_000_000;

thread_local! {
    /// What is left of [`RANGE_BUDGET`] in the render running on this thread.
    static RANGE_LEFT: std::cell::Cell<u64> = const { std::cell::Cell::new(RANGE_BUDGET) };
}

/// Tera's `range(start, end, step_by)`, drawing on the face's budget.
fn limited_range(kwargs: tera::Kwargs, _: &tera::State) -> tera::TeraResult<Vec<i64>> {
    let start = kwargs.get::<i64>("start")?.unwrap_or(0);
    let end = kwargs.must_get::<i64>("end")?;
    let step = kwargs.get::<i64>("step_by")?.unwrap_or(1);
    if step == 0 {
        return Err(tera::Error::message("range(): `step_by` must not be 0"));
    }
    let len = if (step > 0 && end > start) || (step < 0 && end < start) {
        (i128::from(end) - i128::from(start)).unsigned_abs() / u128::from(step.unsigned_abs())
    } else {
        0
    };
    let left = RANGE_LEFT.with(std::cell::Cell::get);
    if len > u128::from(left) {
        return Err(tera::Error::message(format!(
            "range() loops over more than {RANGE_BUDGET} numbers in one face; \
             check for nested loops"
        )));
    }
    RANGE_LEFT.with(|c| c.set(left - len as u64));
    let mut out = Vec::with_capacity(len as usize);
    let mut i = start;
    while (step > 0 && i < end) || (step < 0 && i > end) {
        out.push(i);
        i = i.saturating_add(step);
    }
    Ok(out)
}

/// The largest SVG one face may render to: 16 MB, or `PROTOPRESS_MAX_FACE_MB`.
fn max_face_bytes() -> usize {
    std::env::var("PROTOPRESS_MAX_FACE_MB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(16)
        .saturating_mul(1024 * 1024)
}

/// Collects a render, refusing to grow past `limit` so a runaway loop stops early.
struct Limited {
    bytes: Vec<u8>,
    limit: usize,
}

impl std::io::Write for Limited {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > self.limit {
            self.bytes.resize(self.limit + 1, 0);
            return Err(std::io::Error::other("face too large"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Arc<TextEngine> {
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        Arc::new(TextEngine::new(
            fonts.faces.clone(),
            crate::text::fit::Icons::default(),
            crate::model::print::OverflowPolicy::Error,
        ))
    }

    fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    /// The error of loading a game whose one template is `text`.
    fn load_error(text: &str) -> Error {
        let dir = project(&[("templates/g/f.svg.tera", text)]);
        match Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()) {
            Ok(_) => panic!("the template loads"),
            Err(e) => e,
        }
    }

    #[test]
    fn an_unknown_filter_is_placed_in_its_template() {
        let e = load_error("<text>\n{{ card.name | shout }}</text>");
        assert_eq!(e.message, "template error: Unknown filter `shout`");
        assert_eq!((e.line, e.column), (Some(2), Some(16)), "{e}");
        assert!(
            e.file.as_ref().unwrap().ends_with("templates/g/f.svg.tera"),
            "{e}"
        );
    }

    #[test]
    fn an_undefined_argument_is_named_as_written() {
        let m = "text_box(): `text` is given a value that does not exist; check the spelling";
        let line = r#"{{ text_box(name="text", text=card.txet | upper, x=f(1, 2), context=3) }}"#;
        assert_eq!(undefined_argument(m, line), Some("card.txet | upper"));
        let m = "icon(): `x` is given a value that does not exist";
        assert_eq!(undefined_argument(m, line), Some("f(1, 2)"));
        assert_eq!(undefined_argument("other", line), None);
    }

    #[test]
    fn an_open_block_is_named_when_the_parser_stumbles_later() {
        let e = load_error(
            "{% for c in cards %}\n{%- if c.name %}<text>{{ c.name }}</text>\n{% endfor %}",
        );
        let help = e.help.clone().unwrap_or_default();
        assert!(help.contains("1 `{% if %}` but 0 `{% endif %}`"), "{e}");
        assert_eq!(
            unclosed_block("{% if a %}x{% endif %}{% for b in c %}{% endfor %}"),
            None
        );
        assert_eq!(unclosed_block("{# {% if debug %} #}<rect/>"), None);
    }

    #[test]
    fn an_unclosed_expression_is_placed_on_its_own_line() {
        // The parser finds out at the `<` of line 3; the `}}` is missing at the end of line 2.
        let e = load_error("<svg>\n<text>{{ card.name | upper\n\n  </text></svg>");
        assert!(e.message.starts_with("template syntax error"), "{e}");
        assert_eq!((e.line, e.column), (Some(2), Some(27)), "{e}");
        // A mistake on the line itself keeps its place.
        let e = load_error("<svg>\n{{ card.name | upper ) }}</svg>");
        assert_eq!((e.line, e.column), (Some(2), Some(22)), "{e}");
        assert_eq!(after_last_token("a\n  b", 2, 3), Some((1, 2)));
        assert_eq!(after_last_token("a\nx b", 2, 3), None);
    }

    #[test]
    fn a_misspelt_field_gets_the_nearest_one() {
        let dir = project(&[("templates/g/f.svg.tera", "<text>{{ card.vaule }}</text>")]);
        let t = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap();
        let mut ctx = Context::new();
        ctx.insert("card", &serde_json::json!({"name": "A", "value": 1}));
        let err = t.render("f.svg.tera", &ctx).unwrap_err();
        assert_eq!(err.help.as_deref(), Some("did you mean `value`?"), "{err}");
        let m = "Field `flavor` is not defined. Available fields: flavour, name";
        assert_eq!(
            field_suggestion(m).as_deref(),
            Some("did you mean `flavour`?")
        );
        assert_eq!(
            field_suggestion("Field `zzz` is not defined. Available fields: a"),
            None
        );
    }

    #[test]
    fn data_is_xml_escaped() {
        let dir = project(&[("templates/g/f.svg.tera", "<text>{{ card.name }}</text>")]);
        let t = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap();
        let mut ctx = Context::new();
        ctx.insert(
            "card",
            &serde_json::json!({"name": "Salt & Pepper <Deluxe> \"x\""}),
        );
        let out = t.render("f.svg.tera", &ctx).unwrap();
        assert_eq!(
            out,
            "<text>Salt &amp; Pepper &lt;Deluxe&gt; &quot;x&quot;</text>"
        );
    }

    #[test]
    fn a_loop_over_a_map_goes_in_key_order_every_time() {
        let dir = project(&[(
            "templates/g/f.svg.tera",
            "{% for k, v in palette %}{{ k }}={{ v }} {% endfor %}",
        )]);
        let t = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap();
        let palette: serde_json::Value = serde_json::from_str(
            r##"{"red": "#f00", "green": "#0f0", "blue": "#00f", "yellow": "#ff0", "cyan": "#0ff", "magenta": "#f0f", "black": "#000"}"##,
        )
        .unwrap();
        for _ in 0..5 {
            // A fresh map each time: a hash map's order would differ between them.
            let mut ctx = Context::new();
            ctx.insert("palette", &palette);
            assert_eq!(
                t.render("f.svg.tera", &ctx).unwrap(),
                "black=#000 blue=#00f cyan=#0ff green=#0f0 magenta=#f0f red=#f00 yellow=#ff0 "
            );
        }
    }

    #[test]
    fn common_templates_are_included_by_prefix() {
        let dir = project(&[
            ("templates/common/frame.svg.tera", "<rect/>"),
            (
                "templates/g/f.svg.tera",
                "{% include \"common/frame.svg.tera\" %}",
            ),
        ]);
        let t = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap();
        let out = t.render("f.svg.tera", &Context::new()).unwrap();
        assert_eq!(out, "<rect/>");
    }

    /// The game `g`'s templates `files` loaded twice, with the file `path` holding each of
    /// `texts` in turn.
    fn loaded_twice(path: &str, texts: [&str; 2], files: &[(&str, &str)]) -> [Templates; 2] {
        texts.map(|changed| {
            let mut all = files.to_vec();
            all.push((path, changed));
            let dir = project(&all);
            Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap()
        })
    }

    #[test]
    fn a_change_to_a_partial_changes_the_hash_of_every_template() {
        let [ta, tb] = loaded_twice(
            "templates/g/_side.svg.tera",
            ["<rect/>", "<circle/>"],
            &[
                (
                    "templates/g/front.svg.tera",
                    "{% include \"_side.svg.tera\" %}",
                ),
                ("templates/g/other.svg.tera", "<g/>"),
            ],
        );
        assert_eq!(
            ta.render("front.svg.tera", &Context::new()).unwrap(),
            "<rect/>"
        );
        for name in ["front.svg.tera", "other.svg.tera"] {
            assert_ne!(ta.source_hash(name), tb.source_hash(name), "{name}");
        }
    }

    /// A back that includes its front by name is re-rendered when the front changes, though
    /// the front is no partial: the kept renders must not hide the change.
    #[test]
    fn a_template_another_includes_by_name_changes_its_hash() {
        let [ta, tb] = loaded_twice(
            "templates/g/front.svg.tera",
            ["<rect/>", "<circle/>"],
            &[
                (
                    "templates/g/back.svg.tera",
                    "{% include 'front.svg.tera' %}",
                ),
                ("templates/g/other.svg.tera", "<g/>"),
            ],
        );
        assert_eq!(
            tb.render("back.svg.tera", &Context::new()).unwrap(),
            "<circle/>"
        );
        assert_ne!(
            ta.source_hash("back.svg.tera"),
            tb.source_hash("back.svg.tera")
        );
        let text = r#"{% include "a/b.svg.tera" %} x.tera 'c.tera' "d.teral" `e.tera`"#;
        let names: Vec<&str> = named_templates(text).collect();
        assert_eq!(names, ["a/b.svg.tera", "c.tera", "e.tera"]);
    }

    /// A component is called by name from any template, its file named nowhere: a change to
    /// it renders its callers again.
    #[test]
    fn a_template_defining_a_component_changes_every_hash() {
        let badge = |mark: &str| format!("{{%- component badge() %}}{mark}{{% endcomponent %}}");
        let (a, b) = (badge("<rect/>"), badge("<circle/>"));
        let caller = ("templates/g/back.svg.tera", "{% <badge> %}{% </badge> %}");
        let [ta, tb] = loaded_twice("templates/g/widgets.svg.tera", [&a, &b], &[caller]);
        assert_eq!(
            ta.render("back.svg.tera", &Context::new()).unwrap(),
            "<rect/>"
        );
        assert_ne!(
            ta.source_hash("back.svg.tera"),
            tb.source_hash("back.svg.tera")
        );
        // A template that defines none is not shared for it.
        let [ta, tb] = loaded_twice(
            "templates/g/front.svg.tera",
            ["<rect/>", "<circle/>"],
            &[caller, ("templates/g/widgets.svg.tera", &a)],
        );
        assert_eq!(
            ta.source_hash("back.svg.tera"),
            tb.source_hash("back.svg.tera")
        );
        assert!(defines_component("{% component x() %}{% endcomponent %}"));
        assert!(!defines_component("{% components %} {{ component }}"));
    }

    #[test]
    fn syntax_error_names_file_and_line() {
        let dir = project(&[("templates/g/f.svg.tera", "<svg>\n{{ card.name \n</svg>")]);
        let err = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine())
            .err()
            .unwrap();
        assert_eq!(
            err.file.as_deref(),
            Some(Path::new("templates/g/f.svg.tera"))
        );
        assert!(err.line.is_some(), "{err}");
    }

    #[test]
    fn missing_template_suggests_a_close_name() {
        let dir = project(&[("templates/g/front.svg.tera", "x")]);
        let t = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap();
        let err = t.require("fornt.svg.tera").unwrap_err();
        assert!(err.help.as_deref().unwrap().contains("front.svg.tera"));
    }

    #[test]
    fn runtime_error_names_the_template() {
        let dir = project(&[("templates/g/f.svg.tera", "a\n{{ card.name | upper }}")]);
        let t = Templates::load(&Project::open(dir.path()).unwrap(), "g", engine()).unwrap();
        let err = t.render("f.svg.tera", &Context::new()).unwrap_err();
        assert_eq!(
            err.file.as_deref(),
            Some(Path::new("templates/g/f.svg.tera"))
        );
        assert_eq!(err.line, Some(2), "{err}");
    }
}
