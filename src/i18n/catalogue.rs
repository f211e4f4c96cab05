//! One language's catalogue: its messages, English behind them, and what it lacks.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use super::codes::base;
use super::shipped::shipped;
use crate::error::{Error, Result};
use crate::project::Project;

type Bundle = FluentBundle<FluentResource>;

/// A value a message is filled with: text as it is, a number for plural forms to select on.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    Text(&'a str),
    Number(u64),
}

/// The messages of one language, English behind them.
pub struct Catalogue {
    /// The language as the game lists it (`de-CH`).
    lang: String,
    own: Bundle,
    english: Bundle,
    /// What English has and this language does not, each warned about once.
    warnings: Vec<String>,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue")
            .field("lang", &self.lang)
            .finish()
    }
}

impl Catalogue {
    /// The catalogue of `lang` for a game of `project`: the shipped messages of its base
    /// language and its region, each overridden by the project's own `locales/<code>/kit.ftl`.
    /// A project file that does not parse, names a message protopress does not print or fills
    /// in a name it does not give is an error at its line.
    pub fn load(project: &Project, lang: &str) -> Result<Catalogue> {
        Catalogue::from_chain(lang, |code| chain(Some(project), code))
    }

    /// The shipped English catalogue, for words printed outside any game (a summary on the
    /// terminal) and as the default of a sheet writer.
    pub fn english() -> Arc<Catalogue> {
        static ENGLISH: OnceLock<Arc<Catalogue>> = OnceLock::new();
        ENGLISH
            .get_or_init(|| Arc::new(Catalogue::shipped("en").expect("English is shipped")))
            .clone()
    }

    /// The shipped catalogue of `lang`, without a project.
    pub fn shipped(lang: &str) -> Result<Catalogue> {
        Catalogue::from_chain(lang, |code| chain(None, code))
    }

    /// `lang`'s catalogue from the files `chain` gives a language, English behind it (plain
    /// English is English alone).
    fn from_chain(lang: &str, chain: impl Fn(&str) -> Result<Vec<Source>>) -> Result<Catalogue> {
        let english_sources = chain("en")?;
        let english = bundle("en", &english_sources)?;
        let sources = if lang.eq_ignore_ascii_case("en") {
            Vec::new()
        } else {
            chain(lang)?
        };
        let own = bundle(lang, &sources)?;
        let mut warnings = check_names(&english_sources)?;
        warnings.extend(check_names(&sources)?);
        warnings.extend(missing(lang, &own, &english, sources.is_empty()));
        Ok(Catalogue {
            lang: lang.to_owned(),
            own,
            english,
            warnings,
        })
    }

    /// The language as the game lists it.
    pub fn lang(&self) -> &str {
        &self.lang
    }

    /// What this language lacks, one line each, for the build's warnings.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The message `id` filled with `args`, in this language or else in English.
    pub fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(t) => fluent.set(*name, FluentValue::from(*t)),
                Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
            }
        }
        self.format(id, Some(&fluent))
    }

    /// The message `id` with each name it fills in left as `{name}`, for the callers that fill
    /// it in later (a page typeset by Typst, a label drawn per sheet). Plural forms cannot be
    /// chosen here: the messages that need them are filled with [`Catalogue::text`].
    pub fn template(&self, id: &str) -> String {
        let Some((bundle, pattern)) = self.pattern(id) else {
            return id.to_owned();
        };
        let mut names = Vec::new();
        variables(pattern, &mut names);
        let holes: Vec<String> = names.iter().map(|n| format!("{{{n}}}")).collect();
        let mut args = FluentArgs::new();
        for (name, hole) in names.iter().zip(&holes) {
            args.set(*name, FluentValue::from(hole.as_str()));
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&args), &mut errors)
            .into_owned()
    }

    fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let Some((bundle, pattern)) = self.pattern(id) else {
            return id.to_owned();
        };
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned()
    }

    /// The bundle that has `id` (this language's, else English's) and the message's pattern.
    fn pattern(&self, id: &str) -> Option<(&Bundle, &ast::Pattern<&str>)> {
        [&self.own, &self.english].into_iter().find_map(|b| {
            let pattern = b.get_message(id)?.value()?;
            Some((b, pattern))
        })
    }
}

/// One catalogue file: where it came from and its text.
struct Source {
    /// The file a designer would open, for errors.
    file: PathBuf,
    text: Cow<'static, str>,
    /// Shipped files are checked by the test suite; only a project's are checked on load.
    own: bool,
}

impl Source {
    fn shipped(code: &str, text: &'static str) -> Source {
        Source {
            file: Path::new("i18n").join(code).join("kit.ftl"),
            text: Cow::Borrowed(text),
            own: false,
        }
    }
}

/// `de-CH` → `de`, `de-CH`: the base first, so the region overrides it.
fn codes(lang: &str) -> Vec<String> {
    let b = base(lang).to_ascii_lowercase();
    match b.len() == lang.len() {
        true => vec![b],
        false => vec![b, lang.to_owned()],
    }
}

/// The files of `lang` in the order they override each other: per code (base, then region),
/// the shipped file and then the project's, when there is a project.
fn chain(project: Option<&Project>, lang: &str) -> Result<Vec<Source>> {
    let mut out = Vec::new();
    for code in codes(lang) {
        if let Some(text) = shipped(&code) {
            out.push(Source::shipped(&code, text));
        }
        let Some(project) = project else { continue };
        let file = Project::locale_file(&code);
        if let Some(text) = project.read_optional_text(&file)? {
            out.push(Source {
                file,
                text: Cow::Owned(text),
                own: true,
            });
        }
    }
    Ok(out)
}

/// A bundle of `sources`, later ones overriding earlier ones.
fn bundle(lang: &str, sources: &[Source]) -> Result<Bundle> {
    let id = lang.parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // The marks around filled-in values (for mixed writing directions) would print as
    // stray characters in Typst and on sheet labels.
    bundle.set_use_isolating(false);
    for source in sources {
        check_nesting(source)?;
        let resource = FluentResource::try_new(source.text.clone().into_owned())
            .map_err(|(_, errors)| parse_error(source, &errors[0]))?;
        bundle.add_resource_overriding(resource);
    }
    Ok(bundle)
}

/// How deep braces may nest in a catalogue: a plural inside a choice is three; the Fluent
/// parser recurses once a level, so a file of a million `{` would overflow its stack.
const MAX_NESTING: usize = 16;

/// Refuses braces nested deeper than [`MAX_NESTING`], at the brace that goes too deep.
fn check_nesting(source: &Source) -> Result<()> {
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    for (at, c) in source.text.char_indices() {
        if std::mem::take(&mut escaped) {
            continue;
        }
        match c {
            // A string literal (`{ "{" }`, `{ "\"" }`) is no nesting.
            '\\' if quoted => escaped = true,
            '"' if depth > 0 => quoted = !quoted,
            '{' if !quoted => depth += 1,
            '}' if !quoted => depth = depth.saturating_sub(1),
            '\n' => quoted = false,
            _ => {}
        }
        if depth > MAX_NESTING {
            let (line, column) = line_column(&source.text, at);
            return Err(Error::new(format!(
                "braces nest deeper than {MAX_NESTING} levels here"
            ))
            .in_file(&source.file)
            .at(line, column)
            .with_source(&source.text)
            .help("a message needs a brace for each name it fills in and each choice it makes, rarely more than three deep"));
        }
    }
    Ok(())
}

fn parse_error(source: &Source, e: &fluent_syntax::parser::ParserError) -> Error {
    let (line, column) = line_column(&source.text, e.pos.start);
    Error::new(format!("this catalogue does not read as Fluent: {}", e.kind))
        .in_file(&source.file)
        .at(line, column)
        .with_source(&source.text)
        .help("each message is `id = text`, a name to fill in is `{ $name }`, and a literal brace is `{\"{\"}`")
}

/// The 1-based line and column of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
    (line, column)
}

/// A project's messages, each checked against what protopress gives it ([`check_message`]);
/// the warnings of what they leave out.
fn check_names(sources: &[Source]) -> Result<Vec<String>> {
    let mut warnings = Vec::new();
    for source in sources.iter().filter(|s| s.own) {
        let Ok(resource) = FluentResource::try_new(source.text.clone().into_owned()) else {
            continue;
        };
        for entry in resource.entries() {
            if let ast::Entry::Message(message) = entry {
                warnings.extend(check_message(source, message)?);
            }
        }
    }
    Ok(warnings)
}

/// The messages protopress fills with numbers, whose forms a selector may choose; the others
/// are filled in later as text (on a page Typst sets, a label drawn per sheet), where a
/// selector would always take its default.
fn chooses_forms(id: &str) -> bool {
    matches!(id, "guide-pieces" | "guide-copies")
        || id.starts_with("index-")
        || id.starts_with("cover-")
}

/// A project's message must be one protopress prints (a misspelt id would never show), may
/// fill in only the names protopress gives it (Fluent would print any other as `{$name}`),
/// and may choose forms only where protopress gives numbers. One that leaves out a name every
/// shipped catalogue fills in (a sheet's number) is a warning.
fn check_message(source: &Source, message: &ast::Message<&str>) -> Result<Option<String>> {
    let id = message.id.name;
    let at = |needle: &str| {
        let start = message_start(&source.text, id);
        let offset = source.text[start..]
            .find(needle)
            .map_or(start, |o| start + o);
        line_column(&source.text, offset)
    };
    let error = |text: String, (line, column): (usize, usize)| {
        Error::new(text)
            .in_file(&source.file)
            .at(line, column)
            .with_source(&source.text)
    };
    let Some(given) = given_names().get(id) else {
        return Err(unknown_message(source, id));
    };
    let Some(pattern) = &message.value else {
        return Ok(None);
    };
    let mut used = Vec::new();
    variables(pattern, &mut used);
    if let Some(bad) = used.iter().find(|n| !given.names.iter().any(|g| g == *n)) {
        let e = error(
            format!("`{id}` fills in `{{ ${bad} }}`, which protopress does not give it"),
            at(&format!("${bad}")),
        );
        return Err(e.help(format!("its names are: {}", list(&given.names))));
    }
    if !chooses_forms(id) && has_selector(pattern) {
        let e = error(
            format!(
                "`{id}` chooses a form, but protopress fills it in as text, where only its default form would print"
            ),
            at("->"),
        );
        return Err(e.help("only guide-pieces, guide-copies and the cover- and index- messages are filled with numbers to choose forms by; write one form that reads right for any value"));
    }
    let left_out: Vec<&String> = given
        .required
        .iter()
        .filter(|n| !used.contains(&n.as_str()))
        .collect();
    Ok((!left_out.is_empty()).then(|| {
        let (line, _) = at(id);
        let names: Vec<String> = left_out.iter().map(|n| format!("{{ ${n} }}")).collect();
        format!(
            "{}:{line}: `{id}` leaves out {}, which every shipped catalogue prints",
            source.file.display(),
            names.join(", ")
        )
    }))
}

/// Where message `id` begins in `text`: at the start of a line, not inside another's text.
fn message_start(text: &str, id: &str) -> usize {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let rest = line.strip_prefix(id).map(str::trim_start);
        if rest.is_some_and(|r| r.starts_with('=')) {
            return offset;
        }
        offset += line.len();
    }
    0
}

/// Whether `pattern` chooses among forms anywhere.
fn has_selector(pattern: &ast::Pattern<&str>) -> bool {
    pattern.elements.iter().any(|e| match e {
        ast::PatternElement::Placeable { expression } => expression_selects(expression),
        ast::PatternElement::TextElement { .. } => false,
    })
}

fn expression_selects(expression: &ast::Expression<&str>) -> bool {
    match expression {
        ast::Expression::Select { .. } => true,
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            expression_selects(expression)
        }
        ast::Expression::Inline(_) => false,
    }
}

/// What the shipped catalogues give one message: every name any of them fills in, and those
/// all of them do.
#[derive(Default)]
struct Given {
    names: Vec<String>,
    required: Vec<String>,
}

/// Every message the shipped catalogues have, with the names they fill in.
fn given_names() -> &'static BTreeMap<String, Given> {
    static GIVEN: OnceLock<BTreeMap<String, Given>> = OnceLock::new();
    GIVEN.get_or_init(|| {
        let mut given: BTreeMap<String, Given> = BTreeMap::new();
        for (n, (_, text)) in super::SHIPPED.iter().enumerate() {
            let Ok(resource) = FluentResource::try_new((*text).to_owned()) else {
                continue;
            };
            for entry in resource.entries() {
                let ast::Entry::Message(message) = entry else {
                    continue;
                };
                let mut used = Vec::new();
                if let Some(pattern) = &message.value {
                    variables(pattern, &mut used);
                }
                let g = given.entry(message.id.name.to_owned()).or_default();
                if n == 0 {
                    g.required = used.iter().map(|u| (*u).to_owned()).collect();
                }
                g.required.retain(|r| used.contains(&r.as_str()));
                for u in used {
                    if !g.names.iter().any(|g| g == u) {
                        g.names.push(u.to_owned());
                    }
                }
            }
        }
        given
    })
}

/// A project message no shipped catalogue has would never print: most likely a misspelt id.
fn unknown_message(source: &Source, id: &str) -> Error {
    let (line, column) = line_column(&source.text, message_start(&source.text, id));
    let hint = crate::error::suggestion(id, given_names().keys().map(String::as_str));
    Error::new(format!(
        "`{id}` is not a message protopress prints ({hint})"
    ))
    .in_file(&source.file)
    .at(line, column)
    .with_source(&source.text)
}

fn list(names: &[String]) -> String {
    match names.is_empty() {
        true => "none".to_owned(),
        false => names
            .iter()
            .map(|n| format!("{{ ${n} }}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// One warning per message English has and `own` lacks; a language with no catalogue at all
/// gets one warning, not one per message.
fn missing(lang: &str, own: &Bundle, english: &Bundle, no_catalogue: bool) -> Vec<String> {
    if base(lang).eq_ignore_ascii_case("en") {
        return Vec::new();
    }
    if no_catalogue {
        return vec![format!(
            "protopress has no catalogue for `{lang}`: the kit's own pages are in English (translate them in locales/{}/kit.ftl)",
            base(lang)
        )];
    }
    given_names()
        .keys()
        .filter(|id| english.has_message(id) && !own.has_message(id))
        .map(|id| format!("the `{lang}` catalogue has no `{id}`: it is printed in English"))
        .collect()
}

/// The names `pattern` fills in, in order of first use.
fn variables<'a>(pattern: &ast::Pattern<&'a str>, out: &mut Vec<&'a str>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables<'a>(expression: &ast::Expression<&'a str>, out: &mut Vec<&'a str>) {
    match expression {
        ast::Expression::Inline(inline) => inline_variables(inline, out),
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                variables(&variant.value, out);
            }
        }
    }
}

fn inline_variables<'a>(inline: &ast::InlineExpression<&'a str>, out: &mut Vec<&'a str>) {
    match inline {
        ast::InlineExpression::VariableReference { id } if !out.contains(&id.name) => {
            out.push(id.name)
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_keep_their_holes_and_texts_fill_them() {
        let de = Catalogue::shipped("de").unwrap();
        assert_eq!(de.template("sheet-sheet"), "{title} · Bogen {n} von {of}");
        let text = de.text(
            "sheet-sheet",
            &[
                ("title", Arg::Text("Karten")),
                ("n", Arg::Number(2)),
                ("of", Arg::Number(5)),
            ],
        );
        assert_eq!(text, "Karten · Bogen 2 von 5");
        assert!(de.warnings().is_empty(), "{:?}", de.warnings());
    }

    #[test]
    fn plural_forms_follow_the_number() {
        let en = Catalogue::shipped("en").unwrap();
        let pieces = |n, kind| {
            en.text(
                "guide-pieces",
                &[("count", Arg::Number(n)), ("kind", Arg::Text(kind))],
            )
        };
        assert_eq!(pieces(1, "die"), "1 die");
        assert_eq!(pieces(6, "die"), "6 dice");
        assert_eq!(pieces(1, "cards"), "1 card");
        assert_eq!(pieces(3, "meeples"), "3 meeples");
    }

    #[test]
    fn a_region_reads_its_base_and_an_unknown_language_reads_english_with_one_warning() {
        let ch = Catalogue::shipped("de-CH").unwrap();
        assert_eq!(ch.template("kit-contents"), "Inhalt");
        assert!(ch.warnings().is_empty());
        let ja = Catalogue::shipped("ja").unwrap();
        assert_eq!(ja.template("kit-contents"), "Contents");
        assert_eq!(ja.warnings().len(), 1, "{:?}", ja.warnings());
        assert!(ja.warnings()[0].contains("`ja`"));
    }

    #[test]
    fn braces_nested_too_deep_are_refused_before_the_parser_sees_them() {
        let source = |text: String| Source {
            file: PathBuf::from("locales/fr/kit.ftl"),
            text: Cow::Owned(text),
            own: true,
        };
        let deep = format!("a = {}x{}\n", "{ ".repeat(100_000), " }".repeat(100_000));
        let e = check_nesting(&source(deep)).unwrap_err();
        assert_eq!((e.line, e.column), (Some(1), Some(4 + 2 * MAX_NESTING + 1)));
        let shipped = "a = { $n -> [one] { \"{\" } *[other] x }\n".to_owned();
        assert!(check_nesting(&source(shipped)).is_ok());
        for (code, text) in super::super::SHIPPED {
            assert!(
                check_nesting(&Source::shipped(code, text)).is_ok(),
                "{code}"
            );
        }
    }

    /// Every shipped language has every message English has, and no other: a missing one
    /// would print English in its kits, an extra one would never print.
    #[test]
    fn every_shipped_catalogue_has_exactly_the_english_messages() {
        let ids = |text: &str| -> Vec<String> {
            let resource = FluentResource::try_new(text.to_owned()).expect("shipped Fluent");
            let mut ids: Vec<String> = resource
                .entries()
                .filter_map(|e| match e {
                    ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                    _ => None,
                })
                .collect();
            ids.sort();
            ids
        };
        let english = ids(super::super::SHIPPED[0].1);
        for (code, text) in super::super::SHIPPED {
            assert_eq!(ids(text), english, "{code}");
            let catalogue = Catalogue::shipped(code).unwrap();
            assert!(
                catalogue.warnings().is_empty(),
                "{code}: {:?}",
                catalogue.warnings()
            );
        }
    }

    #[test]
    fn lines_and_columns_count_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
    }
}
