//! The words the rules check reads, per rulebook language: number words, the words that make
//! a count a label, a rate or an amount moved in play, the headings of a components section,
//! and how a name's plural is folded onto its singular.
//!
//! Each language's words are data, `i18n/<code>/check.yaml`, compiled into the binary and
//! parsed on first use, so adding a language is adding one file. English is the default and
//! the fallback for a language without a file; a region (`de-CH`, `pt-BR`) reads its base
//! language. A project may replace a language's words, or add a language, with a
//! `locales/<code>/check.yaml` of its own ([`Vocab::for_project`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use serde::Deserialize;

use crate::error::{Error, Result};

// The shipped languages' words, from `i18n/<code>/check.yaml` (one list with the catalogues).
use crate::i18n::CHECKS as SHIPPED;

/// A list of words as written in lower case.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct Words(Vec<String>);

impl Words {
    pub fn contains(&self, word: &str) -> bool {
        self.0.iter().any(|w| w == word)
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }
}

/// A phrase split as the check splits text: words and single punctuation marks, lower case
/// (`up to`, `jusqu'à` is `jusqu`, `'`, `à`).
pub type Phrase = Vec<String>;

/// The words of one rulebook language (the fields are those of `check.yaml`).
#[derive(Debug)]
pub struct Vocab {
    /// The language code, as its folder is named.
    pub code: String,
    numbers: Numbers,
    /// Articles that mean one inside a list (`a`, `an`).
    pub articles: Words,
    /// Words before a number that make it a label (`tier 3`, `day 1`).
    pub labels: Words,
    /// Verbs of play and phrases (`take`, `up to`): a count right after one is an amount moved
    /// or a limit, not a total.
    pub play_before: Vec<Phrase>,
    /// Words that may stand between a count and its name (`40 double-sided Crew cards`);
    /// after a number and a dash they are no unit (`6-sided`).
    pub adjectives: Words,
    /// Words right after a name that make its count a rate (`each`, `per`).
    pub rate_after: Words,
    /// Words after a count that make it a rate or a share, not a part (`15 per era`).
    pub per_words: Words,
    /// Words that join list items (`and`, `plus`).
    pub list_and: Words,
    /// Words that mark an elided list (`etc`).
    pub etc: Words,
    /// Phrases that introduce the parts of a count (`split into`).
    pub connectors: Vec<Phrase>,
    /// Outside the section, phrases right before a count that make it a total (`all`,
    /// `of the`, `the game contains`, `in all,`).
    pub total_before: Vec<Phrase>,
    /// Words before a `54-card` count that make it a total (`the`, `whole`).
    pub total_unit_before: Words,
    /// Phrases right after the name that make its count a total (`altogether`, `in all`).
    pub total_after: Vec<Phrase>,
    /// Table headers of a count column and of a name column.
    pub count_headers: Words,
    pub name_headers: Words,
    /// Heading words and phrases of a components section, as written (folded when compared).
    pub section_words: Words,
    pub section_phrases: Words,
    /// A heading phrase that is not the section (`table of contents`).
    pub not_section: Words,
    /// The words a table cell may start with before the name (`the`).
    pub cell_articles: Words,
    plural: Plural,
}

/// How a number below a hundred is written, and the words around it.
#[derive(Debug)]
struct Numbers {
    /// Every spelling of one to nineteen (`one`, German `eine`, French `dix-sept`).
    units: BTreeMap<String, u32>,
    /// Twenty to ninety (`forty`, French `quatre-vingts`).
    tens: BTreeMap<String, u32>,
    /// Forms found only inside a compound: Spanish `veinti-`, Italian `quarant-`, `-tré`.
    unit_stems: BTreeMap<String, u32>,
    tens_stems: BTreeMap<String, u32>,
    units_first: bool,
    /// What joins tens and units inside one word or a hyphenated run (`-`, `und`, ``).
    joiners: Vec<String>,
    /// What may stand between a tens word and a units word written apart: `[]` is nothing
    /// but a space, `[-]` a spaced dash, `[et]` a word.
    between: Vec<Phrase>,
    /// Tens that take ten to nineteen as their units (French `soixante-dix`).
    teens_after: Vec<u32>,
    hundred: Words,
    /// Whether the hundred word alone is a hundred (French `cent`).
    hundred_alone: bool,
    /// Words that may follow a hundred before the rest (`one hundred and twenty`).
    hundred_and: Words,
    dozen: Words,
    /// Words after a dozen before its name (French `une douzaine de`).
    dozen_of: Words,
    /// Phrases before the dozen word that make it six (`half a`).
    half_dozen: Vec<Phrase>,
    /// Phrases that are two (`a pair of`).
    pair: Vec<Phrase>,
}

/// What a number word is: a unit, a tens word alone (which units written apart may follow),
/// or a whole compound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberWord {
    Unit,
    Tens,
    Compound,
}

/// How plurals (and case endings) fold onto one key per name: whole irregular words, then
/// character folds, then steps of ending rules.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Plural {
    /// Plural (or other form) to singular, whole words: `dice: die`.
    #[serde(default)]
    irregular: BTreeMap<String, String>,
    /// Replacements everywhere in the word, in order: `[ä, a]`, `[ß, ss]`.
    #[serde(default)]
    folds: Vec<[String; 2]>,
    #[serde(default)]
    steps: Vec<Step>,
}

/// One step: the first rule that applies changes the word; repeated up to `repeat` times.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    #[serde(default = "once")]
    repeat: usize,
    rules: Vec<Rule>,
}

fn once() -> usize {
    1
}

/// How often a step may repeat: endings stack two or three deep at most.
const MAX_REPEAT: usize = 4;

/// Replaces `ending` with `becomes` in a word of at least `min` characters, when the
/// character before the ending is one of `after` (if given) and none of `not_after`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Rule {
    ending: String,
    #[serde(default)]
    becomes: String,
    #[serde(default)]
    min: usize,
    #[serde(default)]
    after: Option<String>,
    #[serde(default)]
    not_after: Option<String>,
    /// Ends the folding: no later step runs.
    #[serde(default)]
    stop: bool,
}

impl Rule {
    fn applies(&self, w: &str) -> bool {
        let Some(stem) = w.strip_suffix(self.ending.as_str()) else {
            return false;
        };
        let before = stem.chars().next_back();
        w.chars().count() >= self.min
            && self
                .after
                .as_ref()
                .is_none_or(|a| before.is_some_and(|c| a.contains(c)))
            && self
                .not_after
                .as_ref()
                .is_none_or(|a| before.is_none_or(|c| !a.contains(c)))
    }
}

impl Plural {
    /// Refuses what would fold every word into noise or run long: an empty ending or fold,
    /// a step repeated more than a few times.
    fn check(&self) -> std::result::Result<(), Bad> {
        if self
            .steps
            .iter()
            .flat_map(|s| &s.rules)
            .any(|r| r.ending.is_empty())
        {
            return Err(("a plural rule has an empty `ending`".to_owned(), None));
        }
        if self.folds.iter().any(|[from, _]| from.is_empty()) {
            return Err((
                "a plural fold replaces nothing (`[\"\", …]`)".to_owned(),
                None,
            ));
        }
        if let Some(s) = self.steps.iter().find(|s| s.repeat > MAX_REPEAT) {
            let msg = format!(
                "a plural step repeats {} times; at most {MAX_REPEAT}",
                s.repeat
            );
            return Err((msg, Some(format!("repeat: {}", s.repeat))));
        }
        Ok(())
    }

    fn fold(&self, w: &str) -> String {
        let mut s = self.irregular.get(w).map_or(w, String::as_str).to_owned();
        for [from, to] in &self.folds {
            s = s.replace(from.as_str(), to);
        }
        for step in &self.steps {
            for _ in 0..step.repeat {
                let Some(rule) = step.rules.iter().find(|r| r.applies(&s)) else {
                    break;
                };
                s.truncate(s.len() - rule.ending.len());
                s.push_str(&rule.becomes);
                if rule.stop {
                    return s;
                }
            }
        }
        s
    }
}

/// A handle on a shipped vocabulary that reads as the vocabulary itself (`&ENGLISH`).
pub struct Shipped(&'static str);

impl std::ops::Deref for Shipped {
    type Target = Vocab;
    fn deref(&self) -> &Vocab {
        Vocab::of(self.0)
    }
}

pub static ENGLISH: Shipped = Shipped("en");
pub static GERMAN: Shipped = Shipped("de");

/// The shipped vocabulary at `index` of [`SHIPPED`], parsed the first time it is asked for:
/// parsing all eight for the one a game reads was 4 % of Death to Decorum's rebuild that
/// changed nothing.
fn shipped(index: usize) -> &'static Vocab {
    static PARSED: [OnceLock<Vocab>; SHIPPED.len()] = [const { OnceLock::new() }; SHIPPED.len()];
    PARSED[index].get_or_init(|| {
        let (code, text) = SHIPPED[index];
        let path = PathBuf::from(format!("i18n/{code}/check.yaml"));
        // A shipped file that does not parse is a bug, caught by a unit test.
        Vocab::parse(code, text, &path).unwrap_or_else(|e| panic!("{e:?}"))
    })
}

impl Vocab {
    /// The vocabulary of `code` (`de`, `de-CH`); English for a language without its own.
    pub fn of(code: &str) -> &'static Vocab {
        let base = crate::model::lang::base(code).to_ascii_lowercase();
        shipped(SHIPPED.iter().position(|(c, _)| *c == base).unwrap_or(0))
    }

    /// The vocabulary of `code` in `project`: its own `locales/<code>/check.yaml` when it has
    /// one (for the base language), else the shipped one.
    pub fn for_project(project: &crate::project::Project, code: &str) -> Result<&'static Vocab> {
        let base = crate::model::lang::base(code).to_ascii_lowercase();
        let rel = crate::project::Project::locale_dir(&base).join("check.yaml");
        match project.read_optional_text(&rel)? {
            Some(text) => own(&base, text, &rel),
            None => Ok(Vocab::of(code)),
        }
    }

    /// Parses and checks the text of a `check.yaml`; errors name `path` and the line.
    pub fn parse(code: &str, text: &str, path: &Path) -> Result<Vocab> {
        let raw: Raw = crate::model::yaml::parse_yaml(text, path)?;
        raw.compile(code).map_err(|(message, word)| {
            let mut e = Error::new(message).in_file(path);
            if let Some(line) = word.and_then(|w| crate::model::yaml::find_line(text, &w)) {
                e = e.at(line, 1).with_source(text);
            }
            e
        })
    }

    /// A word's singular, in lower case: what names are compared by.
    pub fn singular(&self, word: &str) -> String {
        self.plural.fold(&word.to_lowercase())
    }

    /// The value of a units word (`seven`, German `eine`, French `dix-sept`).
    pub fn unit(&self, word: &str) -> Option<u32> {
        self.numbers.units.get(word).copied()
    }

    /// The value of a tens word (`forty`) or of a compound in one word (`achtundvierzig`).
    pub fn tens(&self, word: &str) -> Option<u32> {
        match self.number(word)? {
            (v, NumberWord::Tens | NumberWord::Compound) => Some(v),
            _ => None,
        }
    }

    /// The value of a number below a hundred written as one word or a hyphenated run
    /// (`forty-eight`, `quatre-vingt-dix`, `veintidós`, `drieëntwintig`), and what it is.
    pub fn number(&self, word: &str) -> Option<(u32, NumberWord)> {
        let n = &self.numbers;
        if let Some(v) = n.units.get(word) {
            return Some((*v, NumberWord::Unit));
        }
        if let Some(v) = n.tens.get(word) {
            return Some((*v, NumberWord::Tens));
        }
        let v = (1..word.len())
            .filter(|i| word.is_char_boundary(*i))
            .find_map(|i| {
                let (a, b) = word.split_at(i);
                match n.units_first {
                    true => n.compound(b, a),
                    false => n.compound(a, b),
                }
            })?;
        Some((v, NumberWord::Compound))
    }

    /// Whether a units word of value `unit` may follow the tens word of value `tens`.
    pub fn unit_fits(&self, tens: u32, unit: u32) -> bool {
        unit < 10 || (unit < 20 && self.numbers.teens_after.contains(&tens))
    }

    /// What may stand between a tens word and its units written apart.
    pub fn between(&self) -> &[Phrase] {
        &self.numbers.between
    }

    pub fn is_hundred(&self, word: &str) -> bool {
        self.numbers.hundred.contains(word)
    }

    pub fn hundred_alone(&self) -> bool {
        self.numbers.hundred_alone
    }

    pub fn is_hundred_and(&self, word: &str) -> bool {
        self.numbers.hundred_and.contains(word)
    }

    pub fn is_dozen(&self, word: &str) -> bool {
        self.numbers.dozen.contains(word)
    }

    pub fn is_dozen_of(&self, word: &str) -> bool {
        self.numbers.dozen_of.contains(word)
    }

    pub fn half_dozen(&self) -> &[Phrase] {
        &self.numbers.half_dozen
    }

    pub fn pair(&self) -> &[Phrase] {
        &self.numbers.pair
    }
}

impl Numbers {
    /// A compound's value from its tens part (with the joiner) and its units part.
    fn compound(&self, tens: &str, unit: &str) -> Option<u32> {
        let tens_part = |s: &str| self.tens.get(s).or_else(|| self.tens_stems.get(s));
        let unit_part = |s: &str| self.units.get(s).or_else(|| self.unit_stems.get(s));
        self.joiners.iter().find_map(|j| {
            // The joiner sits after the tens when they come first, else before them.
            let (t, u) = match self.units_first {
                true => (tens.strip_prefix(j.as_str())?, unit),
                false => (tens, unit.strip_prefix(j.as_str())?),
            };
            let (t, u) = (*tens_part(t)?, *unit_part(u)?);
            (u < 10 || (u < 20 && self.teens_after.contains(&t))).then_some(t + u)
        })
    }
}

/// Vocabularies of project files, by language and text: parsed once per process (`watch`
/// checks again after every change) and kept, since the scanner holds `'static` words.
fn own(code: &str, text: String, rel: &Path) -> Result<&'static Vocab> {
    type Cache = Mutex<Vec<(String, String, &'static Vocab)>>;
    static OWN: OnceLock<Cache> = OnceLock::new();
    let cache = OWN.get_or_init(Cache::default);
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, _, v)) = cache.iter().find(|(c, t, _)| c == code && *t == text) {
        return Ok(v);
    }
    let vocab: &'static Vocab = Box::leak(Box::new(Vocab::parse(code, &text, rel)?));
    cache.push((code.to_owned(), text, vocab));
    Ok(vocab)
}

/// Splits a phrase of the data as the check splits text (see [`Phrase`]).
fn phrase(text: &str) -> Phrase {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// `check.yaml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    numbers: RawNumbers,
    articles: Words,
    labels: Words,
    play_before: Vec<String>,
    adjectives: Words,
    rate_after: Words,
    per_words: Words,
    list_and: Words,
    etc: Words,
    connectors: Vec<String>,
    total_before: Vec<String>,
    total_unit_before: Words,
    total_after: Vec<String>,
    count_headers: Words,
    name_headers: Words,
    section_words: Words,
    section_phrases: Words,
    not_section: Words,
    cell_articles: Words,
    #[serde(default)]
    plural: Plural,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNumbers {
    units: BTreeMap<u32, Vec<String>>,
    tens: BTreeMap<u32, Vec<String>>,
    #[serde(default)]
    unit_stems: BTreeMap<u32, Vec<String>>,
    #[serde(default)]
    tens_stems: BTreeMap<u32, Vec<String>>,
    #[serde(default)]
    order: Order,
    #[serde(default)]
    joiners: Vec<String>,
    #[serde(default)]
    between: Vec<String>,
    #[serde(default)]
    teens_after: Vec<u32>,
    hundred: Words,
    #[serde(default)]
    hundred_alone: bool,
    #[serde(default)]
    hundred_and: Words,
    dozen: Words,
    #[serde(default)]
    dozen_of: Words,
    #[serde(default)]
    half_dozen: Vec<String>,
    #[serde(default)]
    pair: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Order {
    #[default]
    TensFirst,
    UnitsFirst,
}

/// A problem in a `check.yaml`: the message, and a word to find its line by.
type Bad = (String, Option<String>);

/// Word → value, each value in `range` (and a multiple of ten for tens).
fn by_word(
    field: &str,
    map: BTreeMap<u32, Vec<String>>,
    ok: impl Fn(u32) -> bool,
) -> std::result::Result<BTreeMap<String, u32>, Bad> {
    let mut out = BTreeMap::new();
    for (value, words) in map {
        if !ok(value) {
            let msg = format!("`numbers.{field}` has no place for {value}");
            return Err((msg, Some(format!("{value}:"))));
        }
        for w in words {
            lower_case(field, &w)?;
            out.insert(w, value);
        }
    }
    Ok(out)
}

/// Words are compared with the text in lower case, so the data must be in lower case.
fn lower_case(field: &str, w: &str) -> std::result::Result<(), Bad> {
    if w.to_lowercase() == w && !w.trim().is_empty() {
        return Ok(());
    }
    let msg = format!("`{field}` has `{w}`: write words in lower case, and none empty");
    Err((msg, Some(w.to_owned())))
}

fn phrases(field: &str, list: Vec<String>) -> std::result::Result<Vec<Phrase>, Bad> {
    list.iter().try_for_each(|p| lower_case(field, p))?;
    Ok(list.iter().map(|p| phrase(p)).collect())
}

fn words(field: &str, w: Words) -> std::result::Result<Words, Bad> {
    w.iter().try_for_each(|x| lower_case(field, x))?;
    Ok(w)
}

impl RawNumbers {
    fn compile(self) -> std::result::Result<Numbers, Bad> {
        let unit = |v: u32| (1..20).contains(&v);
        let tens = |v: u32| (20..100).contains(&v) && v.is_multiple_of(10);
        if let Some(t) = self.teens_after.iter().find(|t| !tens(**t)) {
            let msg = format!("`numbers.teens_after` has {t}, which is not a tens value");
            return Err((msg, Some("teens_after".to_owned())));
        }
        Ok(Numbers {
            units: by_word("units", self.units, unit)?,
            tens: by_word("tens", self.tens, tens)?,
            unit_stems: by_word("unit_stems", self.unit_stems, unit)?,
            tens_stems: by_word("tens_stems", self.tens_stems, tens)?,
            units_first: matches!(self.order, Order::UnitsFirst),
            joiners: self.joiners,
            between: self.between.iter().map(|b| phrase(b)).collect(),
            teens_after: self.teens_after,
            hundred: words("numbers.hundred", self.hundred)?,
            hundred_alone: self.hundred_alone,
            hundred_and: words("numbers.hundred_and", self.hundred_and)?,
            dozen: words("numbers.dozen", self.dozen)?,
            dozen_of: words("numbers.dozen_of", self.dozen_of)?,
            half_dozen: phrases("numbers.half_dozen", self.half_dozen)?,
            pair: phrases("numbers.pair", self.pair)?,
        })
    }
}

impl Raw {
    fn compile(self, code: &str) -> std::result::Result<Vocab, Bad> {
        self.plural.check()?;
        Ok(Vocab {
            code: code.to_owned(),
            numbers: self.numbers.compile()?,
            articles: words("articles", self.articles)?,
            labels: words("labels", self.labels)?,
            play_before: phrases("play_before", self.play_before)?,
            adjectives: words("adjectives", self.adjectives)?,
            rate_after: words("rate_after", self.rate_after)?,
            per_words: words("per_words", self.per_words)?,
            list_and: words("list_and", self.list_and)?,
            etc: words("etc", self.etc)?,
            connectors: phrases("connectors", self.connectors)?,
            total_before: phrases("total_before", self.total_before)?,
            total_unit_before: words("total_unit_before", self.total_unit_before)?,
            total_after: phrases("total_after", self.total_after)?,
            count_headers: words("count_headers", self.count_headers)?,
            name_headers: words("name_headers", self.name_headers)?,
            section_words: words("section_words", self.section_words)?,
            section_phrases: words("section_phrases", self.section_phrases)?,
            not_section: words("not_section", self.not_section)?,
            cell_articles: words("cell_articles", self.cell_articles)?,
            plural: self.plural,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs of forms that must fold onto one key, and a pair that must not.
    fn folds_together(code: &str, same: &[(&str, &str)], apart: (&str, &str)) {
        let v = Vocab::of(code);
        assert_eq!(v.code, code);
        for (a, b) in same {
            assert_eq!(v.singular(a), v.singular(b), "{code}: {a} / {b}");
        }
        assert_ne!(
            v.singular(apart.0),
            v.singular(apart.1),
            "{code}: {apart:?}"
        );
    }

    /// Number words (one word, a dashed run, or `tens joiner unit` for `between`) and values.
    fn reads_numbers(code: &str, cases: &[(&str, u32)]) {
        let v = Vocab::of(code);
        for (word, value) in cases {
            let read = v.number(word).map(|n| n.0).or_else(|| {
                // Tens and units apart: the last word is the unit.
                let (tens, unit) = word.rsplit_once(' ')?;
                let tens = tens.split(' ').next()?;
                let t = v.tens(tens)?;
                let u = v.unit(unit).filter(|u| v.unit_fits(t, *u))?;
                Some(t + u)
            });
            assert_eq!(read, Some(*value), "{code}: {word}");
        }
    }

    #[test]
    fn every_shipped_vocabulary_parses_and_is_found_by_its_code() {
        for (code, _) in SHIPPED {
            let v = Vocab::of(code);
            assert_eq!(v.code, code);
            assert!(
                !v.section_words.0.is_empty() && !v.count_headers.0.is_empty(),
                "{code}"
            );
            assert!(
                !v.total_before.is_empty() && !v.total_after.is_empty(),
                "{code}"
            );
            assert!(
                v.numbers.units.len() >= 19 && v.numbers.tens.len() >= 8,
                "{code}"
            );
            let reg = format!("{code}-XY");
            assert!(std::ptr::eq(Vocab::of(&reg), v), "{reg}");
        }
        assert!(std::ptr::eq(Vocab::of("de-CH"), &*GERMAN));
        assert!(std::ptr::eq(Vocab::of("pt-BR"), Vocab::of("pt")));
        assert!(std::ptr::eq(Vocab::of("sv"), &*ENGLISH));
        assert_eq!(phrase("jusqu'à 4"), ["jusqu", "'", "à", "4"]);
        assert_eq!(phrase("En tout,"), ["en", "tout", ","]);
    }

    #[test]
    fn every_check_yaml_of_the_repository_is_shipped() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("i18n");
        for folder in std::fs::read_dir(&dir).unwrap() {
            let code = folder.unwrap().file_name().to_string_lossy().into_owned();
            if dir.join(&code).join("check.yaml").is_file() {
                assert!(
                    SHIPPED.iter().any(|(c, _)| *c == code),
                    "add {code} to the shipped!(…) list in src/i18n/shipped.rs"
                );
            }
        }
    }

    #[test]
    fn a_broken_vocabulary_is_an_error_at_its_line() {
        let path = Path::new("locales/xx/check.yaml");
        let en = SHIPPED[0].1;
        let typo = en.replacen("articles:", "artikles:", 1);
        let e = Vocab::parse("xx", &typo, path).unwrap_err();
        assert!(e.message.contains("artikles"), "{}", e.message);
        assert_eq!(e.file.as_deref(), Some(path));
        assert!(
            e.line
                .is_some_and(|l| typo.lines().nth(l - 1).unwrap().contains("artikles"))
        );
        let upper = en.replacen("articles: [a, an]", "articles: [A, an]", 1);
        let e = Vocab::parse("xx", &upper, path).unwrap_err();
        assert!(e.message.contains("lower case"), "{}", e.message);
        assert!(
            e.line
                .is_some_and(|l| upper.lines().nth(l - 1).unwrap().contains("[A, an]"))
        );
        let big = en.replacen("19: [nineteen]", "25: [nineteen]", 1);
        let e = Vocab::parse("xx", &big, path).unwrap_err();
        assert!(e.message.contains("no place for 25"), "{}", e.message);
        let de = SHIPPED[1].1.replacen("repeat: 2", "repeat: 50", 1);
        let e = Vocab::parse("xx", &de, path).unwrap_err();
        assert!(e.message.contains("repeats 50 times"), "{}", e.message);
        assert!(
            e.line
                .is_some_and(|l| de.lines().nth(l - 1).unwrap().contains("repeat: 50"))
        );
    }

    #[test]
    fn english_plurals_meet_their_singulars() {
        let same = [
            ("Card", "Cards"),
            ("Die", "Dice"),
            ("Box", "Boxes"),
            ("Berry", "Berries"),
            ("Leaf", "Leaves"),
            ("Wolf", "Wolves"),
            ("Goose", "Geese"),
            ("Person", "People"),
            ("Child", "Children"),
            ("Cactus", "Cacti"),
            ("Zombie", "Zombies"),
            ("Cache", "Caches"),
            ("Match", "Matches"),
            ("Glass", "Glasses"),
            ("Key", "Keys"),
            ("Boss", "Bosses"),
        ];
        folds_together("en", &same, ("Card", "Cart"));
    }

    #[test]
    fn german_plurals_meet_their_singulars() {
        let same = [
            ("Karte", "Karten"),
            ("Bogen", "Bögen"),
            ("Marker", "Markern"),
            ("Token", "Tokens"),
            ("Uhr", "Uhren"),
            ("Würfel", "Würfeln"),
            ("Deck", "Decks"),
        ];
        folds_together("de", &same, ("Karte", "Kante"));
    }

    #[test]
    fn plurals_of_the_other_languages_meet_their_singulars() {
        let fr = [
            ("Carte", "Cartes"),
            ("Plateau", "Plateaux"),
            ("Cheval", "Chevaux"),
            ("Jeu", "Jeux"),
            ("Dé", "Dés"),
            ("Jeton", "Jetons"),
            ("Caillou", "Cailloux"),
        ];
        folds_together("fr", &fr, ("Carte", "Carton"));
        let es = [
            ("Carta", "Cartas"),
            ("Peón", "Peones"),
            ("Marcador", "Marcadores"),
            ("Luz", "Luces"),
            ("Base", "Bases"),
            ("Reloj", "Relojes"),
            ("Dado", "Dados"),
        ];
        folds_together("es", &es, ("Carta", "Cartón"));
        let it = [
            ("Carta", "Carte"),
            ("Gettone", "Gettoni"),
            ("Dado", "Dadi"),
            ("Plancia", "Plance"),
            ("Banco", "Banchi"),
            ("Premio", "Premi"),
            ("Segnalino", "Segnalini"),
        ];
        folds_together("it", &it, ("Carta", "Carro"));
        let pl = [
            ("Karta", "Karty"),
            ("Karta", "Kart"),
            ("Karta", "Kartami"),
            ("Żeton", "Żetonów"),
            ("Pionek", "Pionki"),
            ("Kostka", "Kostek"),
            ("Kość", "Kości"),
            ("Plansza", "Plansze"),
            ("Czerwone", "Czerwonych"),
            ("Niebieska", "Niebieskiej"),
            ("Niebieskie", "Niebieskich"),
            ("Zadanie", "Zadania"),
            ("Zadanie", "Zadaniami"),
        ];
        folds_together("pl", &pl, ("Karta", "Kasa"));
        let nl = [
            ("Kaart", "Kaarten"),
            ("Dobbelsteen", "Dobbelstenen"),
            ("Pion", "Pionnen"),
            ("Fiche", "Fiches"),
            ("Token", "Tokens"),
            ("Huis", "Huizen"),
            ("Spelbord", "Spelborden"),
        ];
        folds_together("nl", &nl, ("Kaart", "Kist"));
        let pt = [
            ("Carta", "Cartas"),
            ("Peão", "Peões"),
            ("Papel", "Papéis"),
            ("Animal", "Animais"),
            ("Marcador", "Marcadores"),
            ("Luz", "Luzes"),
            ("Ficha", "Fichas"),
        ];
        folds_together("pt", &pt, ("Carta", "Carro"));
    }

    #[test]
    fn german_number_words() {
        let g = &GERMAN;
        assert_eq!(g.unit("zwölf"), Some(12));
        assert_eq!(g.unit("eine"), Some(1));
        assert_eq!(g.unit("einen"), Some(1));
        assert_eq!(g.tens("zwanzig"), Some(20));
        assert_eq!(g.tens("einundzwanzig"), Some(21));
        assert_eq!(g.tens("achtundvierzig"), Some(48));
        assert_eq!(g.tens("zwölfundzwanzig"), None);
        assert_eq!(ENGLISH.tens("einundzwanzig"), None);
        assert!(std::ptr::eq(Vocab::of("de-CH"), &*GERMAN));
        assert!(std::ptr::eq(Vocab::of("xx"), &*ENGLISH));
    }

    #[test]
    fn number_words_of_every_language() {
        reads_numbers(
            "en",
            &[("twelve", 12), ("forty-eight", 48), ("forty eight", 48)],
        );
        reads_numbers(
            "de",
            &[("zwölf", 12), ("achtundsiebzig", 78), ("einundzwanzig", 21)],
        );
        let fr = [
            ("un", 1),
            ("une", 1),
            ("dix-sept", 17),
            ("vingt-deux", 22),
            ("vingt-et-un", 21),
            ("vingt et un", 21),
            ("soixante-dix", 70),
            ("soixante et onze", 71),
            ("soixante-dix-huit", 78),
            ("quatre-vingts", 80),
            ("quatre-vingt-un", 81),
            ("quatre-vingt-dix-neuf", 99),
            ("septante-deux", 72),
            ("nonante", 90),
        ];
        reads_numbers("fr", &fr);
        let es = [
            ("una", 1),
            ("dieciséis", 16),
            ("veintiuno", 21),
            ("veintidós", 22),
            ("veintitrés", 23),
            ("treinta y dos", 32),
            ("setenta y ocho", 78),
        ];
        reads_numbers("es", &es);
        let it = [
            ("diciassette", 17),
            ("ventuno", 21),
            ("ventidue", 22),
            ("ventitré", 23),
            ("quarantotto", 48),
            ("settantotto", 78),
            ("novantanove", 99),
        ];
        reads_numbers("it", &it);
        let pl = [
            ("dwa", 2),
            ("dwie", 2),
            ("dwóch", 2),
            ("pięciu", 5),
            ("dwanaście", 12),
            ("dwadzieścia dwa", 22),
            ("siedemdziesiąt osiem", 78),
            ("czterdziestu ośmiu", 48),
        ];
        reads_numbers("pl", &pl);
        let nl = [
            ("één", 1),
            ("twaalf", 12),
            ("eenentwintig", 21),
            ("drieëntwintig", 23),
            ("achtenveertig", 48),
            ("achtenzeventig", 78),
        ];
        reads_numbers("nl", &nl);
        let pt = [
            ("um", 1),
            ("uma", 1),
            ("duas", 2),
            ("dezasseis", 16),
            ("dezesseis", 16),
            ("vinte e dois", 22),
            ("setenta e oito", 78),
        ];
        reads_numbers("pt", &pt);
        // Not numbers: a unit too big for its tens, and words of another language.
        assert_eq!(Vocab::of("it").number("ventidodici"), None);
        assert_eq!(Vocab::of("fr").number("vingt-onze"), None);
        assert_eq!(Vocab::of("es").number("twelve"), None);
    }
}
