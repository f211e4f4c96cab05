//! Loading a whole game: `game.yaml`, then every component's cards, in one language.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::i18n::Catalogue;
use crate::model::cards::{Card, CardRules, parse_yaml_cards};
use crate::model::fields::FieldType;
use crate::model::lang::{self, Langs};
use crate::model::print::{CardSize, MissingTranslation};
use crate::model::sheet::{cards_from_table, is_sheet, read_table, split_sheet};
use crate::model::yaml::{find_line, find_line_after, locate, parse_yaml};
use crate::model::{
    Component, ComponentKind, ComponentSpec, GameFile, MAX_ID_BYTES, TemplateRule, is_slug,
    validate,
};
use crate::project::Project;

/// A whole game, loaded and validated, in one of its languages.
#[derive(Debug, Clone)]
pub struct Game {
    /// The directory name under `data/`.
    pub id: String,
    /// The project it belongs to: every file it reads comes through it.
    pub project: Project,
    pub file: GameFile,
    pub components: Vec<Component>,
    /// The game's languages and the one this load is in.
    pub langs: Langs,
    /// The words protopress prints itself in this language (`i18n`).
    pub catalogue: Arc<Catalogue>,
}

impl Game {
    /// Points `e` at the line of `game.yaml`, within the component `component`'s entry, that
    /// holds `needle`: a key (`size:`, which must begin the line) or a value (a template's
    /// name, as a whole word), with the line shown. `e` is left as it is when no such line is
    /// found.
    pub fn at_component_line(&self, component: &str, needle: &str, e: Error) -> Error {
        let path = Project::game_file(&self.id);
        let Ok(source) = self.project.read_text(&path) else {
            return e;
        };
        match component_line(&source, component, needle) {
            Some((line, column)) => e.in_file(&path).at(line, column).with_source(&source),
            None => e,
        }
    }

    /// `data/<game>`, relative to the project root.
    pub fn data_dir(&self) -> PathBuf {
        Project::data_dir(&self.id)
    }

    /// `templates/<game>`, relative to the project root.
    pub fn template_dir(&self) -> PathBuf {
        Project::templates_dir(&self.id)
    }

    /// The rules of the language loaded: `rules.md` in the first language, `rules.<lang>.md`
    /// in the others. A region without its own reads its base language's (`rules.de.md` for
    /// `de-CH`, or `rules.md` when the first language is German); then, when translations may
    /// fall back, `rules.md`.
    pub fn rules_file(&self) -> PathBuf {
        let first = self.data_dir().join("rules.md");
        let current = &self.langs.current;
        let Some(first_lang) = self.langs.all.first().filter(|l| *l != current) else {
            return first;
        };
        let own = self.data_dir().join(format!("rules.{current}.md"));
        let base = match lang::base(current).eq_ignore_ascii_case(lang::base(first_lang)) {
            true => first.clone(),
            false => self
                .data_dir()
                .join(format!("rules.{}.md", lang::base(current))),
        };
        if self.project.is_file(&own) {
            own
        } else if self.project.is_file(&base) {
            base
        } else if self.langs.fallback {
            first
        } else {
            own
        }
    }

    /// The language the rules text is in: the one loaded (a region reading its base
    /// language's rules reads them as its own), or the first language when its `rules.md`
    /// stands in for a missing translation.
    pub fn rules_language(&self) -> &str {
        let first = self.langs.all.first().map_or("en", String::as_str);
        let same_base = lang::base(first).eq_ignore_ascii_case(lang::base(&self.langs.current));
        if self.rules_file() == self.data_dir().join("rules.md") && !same_base {
            first
        } else {
            &self.langs.current
        }
    }

    /// A game with rules must have them in the language loaded, unless translations fall
    /// back to the first language.
    fn check_rules_translated(&self) -> Result<()> {
        let first = self.data_dir().join("rules.md");
        let own = self.rules_file();
        if own == first || self.project.is_file(&own) || !self.project.is_file(&first) {
            return Ok(());
        }
        Err(Error::new(format!(
            "the rules have no `{}` translation: there is no {}",
            self.langs.current,
            own.display()
        ))
        .game(&self.id)
        .help(
            "translate rules.md into it, or set `missing_translation: first-language` in `print`",
        ))
    }

    /// Whether the game is printed in more than one language (one kit each).
    pub fn is_multilingual(&self) -> bool {
        self.langs.all.len() > 1
    }

    /// Loads `data/<id>/game.yaml` of `project` and every cards file it names, in the game's
    /// first language.
    pub fn load(project: &Project, id: &str) -> Result<Game> {
        Game::load_in(project, id, None)
    }

    /// Loads the game in `lang` (one of its languages), or in its first language.
    pub fn load_in(project: &Project, id: &str, lang: Option<&str>) -> Result<Game> {
        project.check_game(id)?;
        let game_path = Project::game_file(id);
        let source = project.read_text(&game_path)?;
        let mut file: GameFile = parse_yaml(&source, &game_path)?;
        let game_err = |e: Error| e.game(id);
        let langs = languages(&file, lang)
            .map_err(|(e, key)| locate(e.in_file(&game_path), find_line(&source, key), &source))
            .map_err(game_err)?;
        file.language = langs.current.clone();
        localize(&mut file, &langs, &source)
            .map_err(|(e, line)| locate(e.in_file(&game_path), line, &source).game(id))?;
        check_slug(&file.components, &game_path, &source).map_err(game_err)?;
        validate::check_profile(&file.print).map_err(|e| {
            let line = find_line_after(&source, "print:", &format!("{}:", e.field));
            locate(e.into_error().in_file(&game_path), line, &source).game(id)
        })?;
        validate::check_cover(&file).map_err(|e| {
            let line = find_line(&source, &format!("{}:", e.field));
            locate(e.into_error().in_file(&game_path), line, &source).game(id)
        })?;
        for spec in &file.components {
            check_spec(spec, &game_path, &source).map_err(|e| e.game(id).component(&spec.id))?;
        }
        let mut components = Vec::with_capacity(file.components.len());
        for spec in &file.components {
            let (cards, cards_file) = load_cards(project, id, spec, &langs)
                .map_err(|e| e.component(&spec.id).game(id))?;
            components.push(Component {
                spec: spec.clone(),
                cards,
                cards_file,
            });
        }
        let pieces: u64 = components.iter().map(|c| u64::from(c.copies())).sum();
        validate::check_pieces(pieces).map_err(|e| e.in_file(&game_path).game(id))?;
        crate::allocator::fit_to(pieces);
        let catalogue = Arc::new(Catalogue::load(project, &langs.current).map_err(game_err)?);
        let game = Game {
            id: id.to_owned(),
            project: project.clone(),
            file,
            components,
            langs,
            catalogue,
        };
        game.check_rules_translated()?;
        game.check_stand_ins()?;
        Ok(game)
    }

    /// A bought part's `stand_in` that misses a printed component's id by a letter or two is
    /// refused: it would print as if it were a description (`a phone timer`) on the
    /// parts-to-buy page.
    fn check_stand_ins(&self) -> Result<()> {
        let printed: Vec<&str> = self
            .components
            .iter()
            .filter(|c| c.printed())
            .map(|c| c.spec.id.as_str())
            .collect();
        for comp in self.components.iter().filter(|c| !c.printed()) {
            for part in &comp.cards {
                let Some(stand_in) = part.fields.get("stand_in").and_then(|v| v.as_str()) else {
                    continue;
                };
                if printed.contains(&stand_in) {
                    continue;
                }
                // Words of the designer's own (`coins`, `a phone timer`) print as they are;
                // only a near miss of a component's id is taken for a typo.
                let Some(meant) = crate::error::nearest(stand_in, printed.iter().copied()) else {
                    continue;
                };
                let mut e = Error::new(format!(
                    "`stand_in: {stand_in}` names no printed component (did you mean `{meant}`?)"
                ))
                .in_file(&comp.cards_file)
                .game(&self.id)
                .component(&comp.spec.id)
                .card(&part.name);
                let source = self.project.read_text(&comp.cards_file).unwrap_or_default();
                let place = part.line.map(|l| {
                    crate::model::cards::key_in_block(&source, l, "stand_in").unwrap_or((l, 1))
                });
                if let Some((line, column)) = place {
                    e = e.at(line, column).with_source(&source);
                }
                return Err(e);
            }
        }
        Ok(())
    }

    /// The languages `data/<id>/game.yaml` names, the first language first: one kit is built
    /// for each.
    pub fn languages_of(project: &Project, id: &str) -> Result<Vec<String>> {
        project.check_game(id)?;
        let game_path = Project::game_file(id);
        let source = project.read_text(&game_path)?;
        let file: GameFile = parse_yaml(&source, &game_path).map_err(|e| e.game(id))?;
        Ok(if file.languages.is_empty() {
            vec![file.language]
        } else {
            file.languages
        })
    }
}

/// The languages of `file`, with `lang` (or the first) as the one built; an error names the
/// key of `game.yaml` it is about.
fn languages(file: &GameFile, lang: Option<&str>) -> Result<Langs, (Error, &'static str)> {
    let all = if file.languages.is_empty() {
        vec![file.language.clone()]
    } else {
        file.languages.clone()
    };
    let key = if file.languages.is_empty() {
        "language:"
    } else {
        "languages:"
    };
    let mut seen = HashSet::new();
    for code in &all {
        lang::check_code(code).map_err(|m| (Error::new(m), key))?;
        // `de-CH` beside `de-DE` are two kits; `de` beside `DE` is one language twice.
        if !seen.insert(code.to_ascii_lowercase().replace('_', "-")) {
            return Err((Error::new(format!("`{code}` is listed twice")), key));
        }
    }
    let current = match lang {
        None => all.first().cloned().unwrap_or_else(|| "en".to_owned()),
        Some(l) => match lang::resolve(&all, l) {
            Some(listed) => listed.to_owned(),
            None => {
                return Err((
                    Error::new(format!("the game has no language `{l}`"))
                        .help(format!("its languages: {}", all.join(", "))),
                    key,
                ));
            }
        },
    };
    Ok(Langs {
        current,
        all,
        fallback: file.print.missing_translation == MissingTranslation::FirstLanguage,
    })
}

/// `file`'s texts in the language built: the game's name and subtitle, each component's
/// name, and every translated value of the game's and the components' `data`. An error comes
/// with the line of `game.yaml` it is about.
fn localize(
    file: &mut GameFile,
    langs: &Langs,
    source: &str,
) -> Result<(), (Error, Option<usize>)> {
    let at = |key: &str, m: String| (Error::new(format!("`{key}` {m}")), find_line(source, key));
    file.name.pick(langs).map_err(|m| at("name:", m))?;
    if let Some(subtitle) = &mut file.subtitle {
        subtitle.pick(langs).map_err(|m| at("subtitle:", m))?;
    }
    file.data = localize_map(&file.data, langs).map_err(|m| at("data:", m))?;
    for spec in &mut file.components {
        let in_spec = |key: &str, m: String| {
            let line = find_line_after(source, &format!("id: {}", spec.id), key);
            let e = Error::new(format!("component `{}`: `{key}` {m}", spec.id));
            (e, line)
        };
        spec.name.pick(langs).map_err(|m| in_spec("name:", m))?;
        spec.data = localize_map(&spec.data, langs).map_err(|m| in_spec("data:", m))?;
    }
    Ok(())
}

fn localize_map(
    map: &serde_json::Map<String, serde_json::Value>,
    langs: &Langs,
) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    match langs.localize(&serde_json::Value::Object(map.clone()), langs.fallback)? {
        serde_json::Value::Object(map) => Ok(map),
        _ => Err("must be a map of values".to_owned()),
    }
}

/// A component's numbers, its kind's fields and its template rules, located in `game.yaml`.
fn check_spec(spec: &ComponentSpec, game_path: &Path, source: &str) -> Result<()> {
    validate::check_component(spec).map_err(|e| {
        let line = find_line_after(
            source,
            &format!("id: {}", spec.id),
            &format!("{}:", e.field),
        );
        locate(e.into_error().in_file(game_path), line, source)
    })?;
    let at_component = find_line(source, &format!("id: {}", spec.id));
    check_kind(spec).map_err(|e| locate(e.in_file(game_path), at_component, source))?;
    check_windows(spec).map_err(|e| {
        let line = find_line_after(source, &format!("id: {}", spec.id), "windows:");
        locate(e.in_file(game_path), line.or(at_component), source)
    })?;
    check_fields_apply(spec).map_err(|(e, key)| {
        let line = find_line_after(source, &format!("id: {}", spec.id), &format!("{key}:"));
        locate(e.in_file(game_path), line.or(at_component), source)
    })?;
    check_rules(spec).map_err(|(e, key)| {
        let line = find_line_after(source, &format!("id: {}", spec.id), &format!("{key}:"));
        locate(e.in_file(game_path), line.or(at_component), source)
    })
}

/// `fronts` and `backs` name one declared field, and only values it may take.
fn check_rules(spec: &ComponentSpec) -> Result<(), (Error, &'static str)> {
    for (what, rule) in [("fronts", &spec.fronts), ("backs", &spec.backs)] {
        let Some(rule) = rule else { continue };
        check_rule(spec, what, rule).map_err(|e| (e, what))?;
    }
    if spec.backs.is_some() && spec.back.is_none() {
        return Err((
            Error::new("`backs` needs `back` (its `per_card` and the default template)"),
            "backs",
        ));
    }
    Ok(())
}

fn check_rule(spec: &ComponentSpec, what: &str, rule: &TemplateRule) -> Result<()> {
    let mut fields = rule.iter();
    let (Some((field, by_value)), None) = (fields.next(), fields.next()) else {
        return Err(Error::new(format!(
            "`{what}` picks templates by one field: `{what}: {{ kind: {{ loot: loot.svg.tera }} }}`"
        )));
    };
    let Some(decl) = spec.card_fields.get(field) else {
        return Err(Error::new(format!(
            "`{what}` picks by `{field}`, which is not in `card_fields` ({})",
            crate::error::suggestion(field, spec.card_fields.names())
        )));
    };
    if let FieldType::OneOf(allowed) = &decl.ty
        && let Some(bad) = by_value.keys().find(|v| !allowed.contains(v))
    {
        return Err(Error::new(format!(
            "`{what}` has a template for the value `{bad}` of `{field}`, which is one of {} ({})",
            allowed.join(", "),
            crate::error::suggestion(bad, allowed.iter().map(String::as_str))
        )));
    }
    Ok(())
}

/// Reads a component's cards, from YAML or a spreadsheet; returns them with the file read.
fn load_cards(
    project: &Project,
    id: &str,
    spec: &ComponentSpec,
    langs: &Langs,
) -> Result<(Vec<Card>, PathBuf)> {
    let data_dir = Project::data_dir(id);
    let (file, sheet) = split_sheet(&spec.cards);
    let path = data_dir.join(file);
    // Only a `#` in the file's name, not in a folder's (`art#2/cards.yaml`).
    if let Some((named, part)) = file.split_once('#')
        && !part.contains('/')
        && sheet.is_none()
        && !project.is_file(&path)
    {
        return Err(Error::new(format!(
            "`#{part}` picks a sheet of a workbook (.xlsx, .ods), and `{named}` is not one"
        ))
        .help(format!("write `cards: {named}`")));
    }
    let images = |value: &str| image_link(project, &data_dir, value);
    let rules = CardRules {
        fields: &spec.card_fields,
        images: &images,
        langs,
    };
    let cards = if is_sheet(file) {
        let bytes = project.read(&path)?;
        let table = read_table(&bytes, &path, sheet)?;
        cards_from_table(&table, &path, &rules)?
    } else {
        let source = project.read_text(&path)?;
        parse_yaml_cards(&source, &path, &rules)?
    };
    Ok((cards, path))
}

/// The line and column (in characters, 1-based) of `needle` in the entry of component `id`
/// of a `game.yaml` source: from its `id:` line to the next entry at the same indentation.
fn component_line(source: &str, id: &str, needle: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = source.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let is_id = |l: &str| {
        let key = l.trim_start().trim_start_matches("- ");
        key.strip_prefix("id:")
            .map(|v| v.trim().trim_matches(['"', '\'']) == id)
            .unwrap_or(false)
    };
    let start = lines.iter().position(|l| is_id(l))?;
    // The entry's list dash is at the `id:` line's indentation, or at that of its own line.
    let dash = indent(lines[start]);
    let word = |c: char| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '/');
    let found = |l: &str| -> Option<usize> {
        if needle.ends_with(':') {
            let key = l.trim_start().trim_start_matches("- ");
            return key.starts_with(needle).then(|| l.len() - key.len());
        }
        crate::model::yaml::word_at(l, needle, word)
    };
    for (i, l) in lines.iter().enumerate().skip(start) {
        let item = l.trim_start().starts_with("- ");
        if i > start && !l.trim().is_empty() && (indent(l) < dash || (item && indent(l) <= dash)) {
            return None;
        }
        if let Some(at) = found(l) {
            return Some((i + 1, l[..at].chars().count() + 1));
        }
    }
    None
}

/// Checks an image field's file (relative to `data/<game>/`) is a PNG, JPEG, WebP or SVG
/// image of the project, and returns the link a template puts in `<image href>` (templates
/// resolve links from `templates/<game>/`).
fn image_link(project: &Project, data_dir: &Path, value: &str) -> Result<String, String> {
    let path = data_dir.join(value);
    if value.contains("://") || Path::new(value).is_absolute() {
        return Err(format!(
            "is `{value}`: name a file of the game, relative to {}",
            data_dir.display()
        ));
    }
    match project.resolve(&path) {
        // Outside the project is the reason to give, not "no file": the file may well exist.
        Err(e) if e.message.contains("outside the project") => {
            return Err(format!("names `{value}`, which is outside the project"));
        }
        Ok(real) if real.is_file() => {}
        _ => {
            return Err(format!(
                "names `{value}`, but there is no file {}",
                path.display()
            ));
        }
    }
    let bytes = project.read(&path).map_err(|e| e.message.clone())?;
    let svg = value.to_ascii_lowercase().ends_with(".svg");
    let raster = matches!(
        imagesize::image_type(&bytes),
        Ok(imagesize::ImageType::Png | imagesize::ImageType::Jpeg | imagesize::ImageType::Webp)
    );
    if !svg && !raster {
        return Err(format!(
            "names `{value}`, which is not a PNG, JPEG, WebP or SVG image"
        ));
    }
    let link: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Ok(format!("../../{}", link.join("/")))
}

/// Each kind needs its own fields; say which is missing rather than fail later.
/// Refuses a setting the component's kind never reads: it would be ignored without a word
/// (`back` on a board prints it single-sided, `overlap_mm` on cards changes nothing).
fn check_fields_apply(spec: &ComponentSpec) -> Result<(), (Error, &'static str)> {
    use ComponentKind::{Board, Cards, Dashboard, Standee, Tokens};
    let kind = spec.kind;
    // A dashboard prints its backs in its grid, duplex, as cards do.
    let backed = matches!(kind, Cards | Tokens | Standee | Dashboard);
    let settings: [(&'static str, bool, bool, &str); 8] = [
        ("shape", spec.shape.is_some(), kind == Tokens, "tokens"),
        (
            "back",
            spec.back.is_some(),
            backed,
            "cards, tokens, dashboards and standees",
        ),
        (
            "backs",
            spec.backs.is_some(),
            backed,
            "cards, tokens, dashboards and standees",
        ),
        (
            "overlap_mm",
            spec.overlap_mm.is_some(),
            kind == Board,
            "boards",
        ),
        (
            "base_mm",
            spec.base_mm.is_some(),
            kind == Standee,
            "standees",
        ),
        (
            "corner_radius_mm",
            spec.corner_radius_mm.is_some(),
            matches!(kind, Cards | Tokens | Dashboard),
            "cards, tokens and dashboards",
        ),
        (
            "layout",
            spec.layout.is_some(),
            matches!(kind, Cards | Tokens | Dashboard),
            "cards, tokens and dashboards",
        ),
        (
            "copies",
            spec.copies.is_some(),
            matches!(kind, Board | Dashboard),
            "boards and dashboards: a sheet printed several times",
        ),
    ];
    match settings
        .into_iter()
        .find(|(_, set, applies, _)| *set && !applies)
    {
        Some((key, _, _, who)) => Err((
            Error::new(format!(
                "a `{}` component does not use `{key}` (only {who} do): remove it",
                kind.name()
            )),
            key,
        )),
        None => Ok(()),
    }
}

fn check_kind(spec: &ComponentSpec) -> Result<()> {
    let kind = spec.kind.name();
    let need =
        |what: &str, why: &str| Error::new(format!("a `{kind}` component needs `{what}` ({why})"));
    if spec.kind == ComponentKind::Bought {
        for (field, set) in [
            ("front", spec.front.is_some()),
            ("back", spec.back.is_some()),
            ("size", spec.size.is_some()),
        ] {
            if set {
                return Err(Error::new(format!(
                    "bought parts are not printed: remove `{field}`"
                )));
            }
        }
        return Ok(());
    }
    if spec.size.is_none() {
        return Err(need("size", "its trim size in mm, or a card size name"));
    }
    if spec.front.is_none() && spec.fronts.is_none() {
        return Err(need("front", "the template of its face"));
    }
    if spec.kind == ComponentKind::Die {
        if !spec.card_fields.contains("faces") {
            return Err(need("card_fields: [faces]", "each die lists its six faces"));
        }
        let s = spec.size.unwrap_or(CardSize::custom(1.0, 1.0));
        if (s.width_mm - s.height_mm).abs() > 0.01 {
            return Err(Error::new(
                "a die's faces are square: give equal width_mm and height_mm",
            ));
        }
    }
    if spec.top.is_some() && spec.kind != ComponentKind::Dashboard {
        return Err(Error::new("only dashboards have a `top` layer"));
    }
    Ok(())
}

/// A dashboard's windows have a size and lie inside it.
fn check_windows(spec: &ComponentSpec) -> Result<()> {
    let Some(top) = &spec.top else {
        return Ok(());
    };
    let s = spec.size.unwrap_or(CardSize::custom(1.0, 1.0));
    for (n, w) in top.windows.iter().enumerate() {
        if !(w.w_mm > 0.0 && w.h_mm > 0.0) {
            return Err(Error::new(format!(
                "window {} of `top` is {} × {} mm: a window needs a width and a height above 0",
                n + 1,
                w.w_mm,
                w.h_mm
            )));
        }
        let inside = w.x_mm >= 0.0
            && w.y_mm >= 0.0
            && w.x_mm + w.w_mm <= s.width_mm
            && w.y_mm + w.h_mm <= s.height_mm;
        if !inside {
            return Err(Error::new(format!(
                "window {} of `top`, at ({}, {}) sized {} × {} mm, lies outside the {} × {} mm dashboard",
                n + 1,
                w.x_mm,
                w.y_mm,
                w.w_mm,
                w.h_mm,
                s.width_mm,
                s.height_mm
            )));
        }
    }
    Ok(())
}

/// Component ids must be unique and usable in file names.
fn check_slug(components: &[ComponentSpec], path: &Path, source: &str) -> Result<()> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for spec in components {
        // A repeated id is shown where it repeats, not at its first use.
        let before = seen.get(spec.id.as_str()).copied().unwrap_or(0);
        let place = id_line(source, &spec.id, before);
        let at = |e: Error| match place {
            Some((l, c)) => e.at(l, c).with_source(source),
            None => e,
        };
        if !is_slug(&spec.id) {
            return Err(at(Error::new(format!(
                "component id `{}` may use only lower-case letters, digits and '-'",
                spec.id
            ))
            .in_file(path)));
        }
        if spec.id.len() > MAX_ID_BYTES {
            return Err(at(Error::new(format!(
                "component id `{}` is longer than {MAX_ID_BYTES} bytes (a letter beyond ASCII takes two or more); it names files",
                spec.id
            ))
            .in_file(path)));
        }
        if before > 0 {
            return Err(at(Error::new(format!(
                "two components have the id `{}`",
                spec.id
            ))
            .in_file(path)));
        }
        seen.insert(spec.id.as_str(), before + 1);
    }
    Ok(())
}

/// Line and column of the `nth` (from 0) `id: <id>` key of the file, the id whole.
fn id_line(source: &str, id: &str, nth: usize) -> Option<(usize, usize)> {
    // A component's own keys sit at one indent: the list's dash, or two past it. An `id:`
    // deeper down (in a component's `data:`) is the data's.
    let mut item_indent = None;
    let mut listed = false;
    source
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let indent = line.len() - line.trim_start().len();
            listed |= line.starts_with("components:");
            if listed && line.trim_start().starts_with("- ") {
                item_indent.get_or_insert(indent);
            }
            let at = line.find("id:")?;
            // `- id: x`, or a flow map's first key: `- { id: x, name: … }`.
            let value = line[at + 3..].split([',', '}']).next()?;
            let value = value.split(" #").next().unwrap_or("").trim();
            let before = line[..at].trim_start();
            let dashed = before.starts_with('-');
            let before = before.trim_start_matches('-').trim();
            let before = before.trim_start_matches('{').trim();
            let own = match item_indent {
                Some(n) => indent == n && dashed || indent == n + 2 && !dashed,
                None => false,
            };
            (own && before.is_empty() && value.trim_matches(['"', '\'']) == id)
                .then_some((i + 1, at + 1))
        })
        .nth(nth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_component_id_is_shown_where_it_repeats() {
        let source = "name: G\ncomponents:\n  - id: tokens-extra\n  - id: tokens\n    name: A\n  - name: B\n    id: \"tokens\"  # again\n  - { id: tokens, name: C }\n";
        let spec = |id: &str| -> ComponentSpec {
            serde_yaml::from_str(&format!(
                "id: {id}\nname: x\nsize: poker\nfront: f.svg.tera\ncards: c.yaml\n"
            ))
            .unwrap()
        };
        let components = [spec("tokens-extra"), spec("tokens"), spec("tokens")];
        let e = check_slug(&components, Path::new("data/g/game.yaml"), source).unwrap_err();
        assert!(
            e.message.contains("two components have the id `tokens`"),
            "{e}"
        );
        assert_eq!((e.line, e.column), (Some(7), Some(5)), "{e}");
        assert_eq!(id_line(source, "tokens", 0), Some((4, 5)));
        assert_eq!(id_line(source, "tokens", 2), Some((8, 7)));
        // An `id:` in an earlier component's data is not a component's.
        let nested = "name: G\nlanguages:\n    - en\ncomponents:\n  - id: board\n    data:\n      spaces:\n        - id: tokens\n      id: tokens\n  - id: tokens\n  - id: tokens\n";
        assert_eq!(id_line(nested, "tokens", 0), Some((10, 5)));
        assert_eq!(id_line(nested, "tokens", 1), Some((11, 5)));
    }

    #[test]
    fn a_component_line_is_found_within_its_own_entry_as_a_whole_word() {
        let yaml = "name: G\ncomponents:\n  - id: deck-extra\n    back: { template: back.svg.tera }\n  - id: deck\n    name: Deck\n    front: card-back.svg.tera\n    back: { template: back.svg.tera }\n    size: poker\n  - id: tokens\n    size: { width_mm: 20 }\n";
        assert_eq!(component_line(yaml, "deck", "back.svg.tera"), Some((8, 23)));
        assert_eq!(component_line(yaml, "deck", "size:"), Some((9, 5)));
        assert_eq!(component_line(yaml, "deck", "nothing.svg.tera"), None);
        // Not in the next component's entry.
        assert_eq!(component_line(yaml, "deck-extra", "size:"), None);
        assert_eq!(
            component_line(
                "components:\n  - id: d\n    front: fé.svg.tera\n",
                "d",
                "fé.svg.tera"
            ),
            Some((3, 12))
        );
    }

    #[test]
    fn an_image_field_outside_the_project_says_so_though_the_file_exists() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("project");
        std::fs::create_dir_all(root.join("data/g/art")).unwrap();
        std::fs::write(dir.path().join("outside.png"), b"\x89PNG").unwrap();
        let project = Project::open(&root).unwrap();
        let data = Path::new("data/g");
        let e = image_link(&project, data, "../../../outside.png").unwrap_err();
        assert!(e.contains("outside the project"), "{e}");
        let e = image_link(&project, data, "art/none.png").unwrap_err();
        assert!(e.contains("there is no file"), "{e}");
    }
}
