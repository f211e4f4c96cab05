//! Words, tokens and the counts a rulebook writes: `12`, `70x`, `x8`, `120-card`, `twelve`,
//! `forty-eight`, `a dozen`, `a pair of`, `six (6)`, and `a`/`an` where the caller allows it;
//! the number words are the rulebook language's ([`Vocab`]).

use crate::check::vocab::{NumberWord, Vocab};

/// A piece of text: a word, a number, or one punctuation character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Word,
    Num(u32),
    /// `70x`
    NumX(u32),
    /// `x8`
    XNum(u32),
    Punct(char),
}

#[derive(Debug, Clone)]
pub struct Token {
    pub kind: Kind,
    /// Lower case, plural `s` dropped: what names are compared with.
    pub norm: String,
    /// Lower case as written.
    pub lower: String,
    /// Byte range in the text.
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn is_word(&self, w: &str) -> bool {
        self.kind == Kind::Word && self.lower == w
    }

    pub fn is_punct(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }
}

/// The words of a name: lower case, punctuation removed, plurals folded onto singulars.
pub fn words(text: &str, v: &Vocab) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| v.singular(w))
        .collect()
}

fn classify(run: &str) -> Kind {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let num = |s: &str| s.parse::<u32>().ok();
    if digits(run) {
        return num(run).map_or(Kind::Word, Kind::Num);
    }
    let lower = run.to_lowercase();
    if let Some(n) = lower.strip_suffix('x').filter(|s| digits(s)).and_then(num) {
        return Kind::NumX(n);
    }
    if let Some(n) = lower.strip_prefix('x').filter(|s| digits(s)).and_then(num) {
        return Kind::XNum(n);
    }
    Kind::Word
}

/// Splits text into words, numbers and punctuation; words are folded by `v`.
pub fn tokenize(text: &str, v: &Vocab) -> Vec<Token> {
    let mut out = Vec::new();
    let mut run_start: Option<usize> = None;
    let flush = |out: &mut Vec<Token>, start: usize, end: usize| {
        let run = &text[start..end];
        out.push(Token {
            kind: classify(run),
            norm: v.singular(run),
            lower: run.to_lowercase(),
            start,
            end,
        });
    };
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            run_start.get_or_insert(i);
            continue;
        }
        if let Some(s) = run_start.take() {
            flush(&mut out, s, i);
        }
        if !c.is_whitespace() {
            out.push(Token {
                kind: Kind::Punct(c),
                norm: c.to_string(),
                lower: c.to_string(),
                start: i,
                end: i + c.len_utf8(),
            });
        }
    }
    if let Some(s) = run_start {
        flush(&mut out, s, text.len());
    }
    out
}

/// A count read from the tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub value: u32,
    /// First token of the count.
    pub start: usize,
    /// The token after it (and after its `x`, `-card` or `(6)`).
    pub next: usize,
    /// Written with a unit: `120-card`.
    pub unit: bool,
    /// Written as `a` or `an`.
    pub article: bool,
}

/// Whether the tokens at `i` are `phrase` (words and punctuation as the data writes them).
pub fn phrase_at(toks: &[Token], i: usize, phrase: &[String]) -> bool {
    phrase.iter().enumerate().all(|(k, p)| {
        toks.get(i + k).is_some_and(|t| match t.kind {
            Kind::Word => t.lower == *p,
            // The data writes a straight apostrophe for both (`jusqu'à`, `jusqu’à`).
            Kind::Punct(c) => {
                let c = if c == '’' { '\'' } else { c };
                p.chars().eq([c])
            }
            _ => false,
        })
    })
}

/// Whether a phrase ends right before token `end`.
pub fn phrase_before(toks: &[Token], end: usize, phrase: &[String]) -> bool {
    end.checked_sub(phrase.len())
        .is_some_and(|i| phrase_at(toks, i, phrase))
}

/// Words joined by dashes with no space (`forty-eight`, `quatre-vingt-dix-neuf`), at most.
const MAX_RUN: usize = 5;

/// A number word at `i`: one word, or the longest run of words joined by dashes that is one
/// (`forty-eight`, `quatre-vingt-dix`; `two-player` is `two`). Its value, the token after it
/// and what it is.
fn number_word(toks: &[Token], i: usize, v: &Vocab) -> Option<(u32, usize, NumberWord)> {
    toks.get(i).filter(|t| t.kind == Kind::Word)?;
    let mut ends = vec![i + 1];
    let mut k = i;
    while ends.len() < MAX_RUN
        && toks.get(k + 1).is_some_and(|t| t.is_punct('-'))
        && toks.get(k + 2).is_some_and(|t| t.kind == Kind::Word)
        && adjacent(toks, k, k + 1)
        && adjacent(toks, k + 1, k + 2)
    {
        k += 2;
        ends.push(k + 1);
    }
    ends.iter().rev().find_map(|&end| {
        let run: String = toks[i..end].iter().map(|t| t.lower.as_str()).collect();
        v.number(&run).map(|(n, what)| (n, end, what))
    })
}

/// Below a hundred in words: `seven`, `forty-eight`, `achtundvierzig`, and tens and units
/// apart where the language writes them so (`forty eight`, `treinta y dos`, `vingt et un`).
fn small_words(toks: &[Token], i: usize, v: &Vocab) -> Option<(u32, usize)> {
    let (tens, next, what) = number_word(toks, i, v)?;
    if what != NumberWord::Tens {
        return Some((tens, next));
    }
    let unit = v.between().iter().find_map(|join| {
        if !phrase_at(toks, next, join) {
            return None;
        }
        match number_word(toks, next + join.len(), v)? {
            (u, after, NumberWord::Unit) if v.unit_fits(tens, u) => Some((tens + u, after)),
            _ => None,
        }
    });
    Some(unit.unwrap_or((tens, next)))
}

/// A phrase of `phrases` at `i` followed by the dozen word: the token after the dozen.
fn before_dozen(toks: &[Token], i: usize, phrases: &[Vec<String>], v: &Vocab) -> Option<usize> {
    phrases.iter().find_map(|p| {
        let d = i + p.len();
        (phrase_at(toks, i, p) && toks.get(d).is_some_and(|t| v.is_dozen(&t.lower)))
            .then(|| after_dozen(toks, d, v))
    })
}

/// The token after the dozen word at `d` and its `of` (French `douzaine de`, `douzaine d'`).
fn after_dozen(toks: &[Token], d: usize, v: &Vocab) -> usize {
    let of = toks
        .get(d + 1)
        .is_some_and(|t| t.kind == Kind::Word && v.is_dozen_of(&t.lower));
    if !of {
        return d + 1;
    }
    let apostrophe = toks
        .get(d + 2)
        .is_some_and(|t| (t.is_punct('\'') || t.is_punct('’')) && adjacent(toks, d + 1, d + 2));
    if apostrophe { d + 3 } else { d + 2 }
}

/// Whether token `i` is inside a `half a` (the `a` of `half a dozen` is no count).
fn inside_half(toks: &[Token], i: usize, v: &Vocab) -> bool {
    v.half_dozen()
        .iter()
        .any(|p| (1..p.len()).any(|k| i >= k && phrase_at(toks, i - k, p)))
}

/// A number in words, with `hundred` and the idioms `a dozen`, `half a dozen`, `a pair of`,
/// `a hundred` in the language's words (German `ein Dutzend`, French `une douzaine de`).
fn number_words(toks: &[Token], i: usize, voc: &Vocab) -> Option<(u32, usize)> {
    let t = toks.get(i)?;
    let word = |j: usize| toks.get(j).map_or("", |t| t.lower.as_str());
    if let Some(next) = before_dozen(toks, i, voc.half_dozen(), voc) {
        return Some((6, next));
    }
    if inside_half(toks, i, voc) {
        return None;
    }
    let one = voc.articles.contains(&t.lower) || voc.unit(&t.lower) == Some(1);
    if one && voc.is_dozen(word(i + 1)) {
        return Some((12, after_dozen(toks, i + 1, voc)));
    }
    if let Some(p) = voc.pair().iter().find(|p| phrase_at(toks, i, p)) {
        return Some((2, i + p.len()));
    }
    let (mut v, mut j) = if voc.articles.contains(&t.lower) && voc.is_hundred(word(i + 1)) {
        (1, i + 1)
    } else if voc.hundred_alone() && voc.is_hundred(&t.lower) {
        (1, i)
    } else {
        small_words(toks, i, voc)?
    };
    if voc.is_dozen(word(j)) {
        return Some((v * 12, after_dozen(toks, j, voc)));
    }
    if voc.is_hundred(word(j)) {
        v *= 100;
        j += 1;
        let k = if voc.is_hundred_and(word(j)) {
            j + 1
        } else {
            j
        };
        if let Some((rest, next)) = small_words(toks, k, voc) {
            v += rest;
            j = next;
        }
    }
    Some((v, j))
}

/// A number written with thousands separators (`1,000`, `12,500`) from its first group `n`
/// at `i`: its value and the token after it. None unless every later group has three digits.
fn thousands(toks: &[Token], i: usize, n: u32) -> Option<(u32, usize)> {
    let mut value = u64::from(n);
    let mut j = i + 1;
    while toks.get(j).is_some_and(|t| t.is_punct(','))
        && adjacent(toks, j - 1, j)
        && adjacent(toks, j, j + 1)
        && toks
            .get(j + 1)
            .is_some_and(|t| t.end - t.start == 3 && matches!(t.kind, Kind::Num(_)))
    {
        let Kind::Num(group) = toks[j + 1].kind else {
            break;
        };
        value = value * 1000 + u64::from(group);
        j += 2;
    }
    (j > i + 1).then_some((u32::try_from(value).ok()?, j))
}

fn adjacent(toks: &[Token], a: usize, b: usize) -> bool {
    match (toks.get(a), toks.get(b)) {
        (Some(x), Some(y)) => x.end == y.start,
        _ => false,
    }
}

/// Digits at `i`, rejected when they are a label, a price, a decimal, a range, a time or a
/// die's sides (`6-sided`); `1,000` is a thousand.
fn digits_at(toks: &[Token], i: usize, v: &Vocab) -> Option<(u32, usize, bool)> {
    let Kind::Num(n) = toks.get(i)?.kind else {
        return None;
    };
    if let Some((n, next)) = thousands(toks, i, n) {
        return Some((n, next, false));
    }
    if i > 0 {
        let prev = toks.get(i - 1)?;
        let money = ['.', '$', '#', '€', '£', '/', '+', '-', ','];
        if money.iter().any(|c| prev.is_punct(*c)) && adjacent(toks, i - 1, i) {
            return None;
        }
        if prev.kind == Kind::Word && v.labels.contains(prev.lower.as_str()) {
            return None;
        }
    }
    let Some(next) = toks.get(i + 1).filter(|_| adjacent(toks, i, i + 1)) else {
        return Some((n, i + 1, false));
    };
    let after_is_num = matches!(toks.get(i + 2).map(|t| &t.kind), Some(Kind::Num(_)));
    match next.kind {
        Kind::Punct('%') => None,
        Kind::Punct('.' | ':' | '/' | '-' | ',')
            if after_is_num && adjacent(toks, i + 1, i + 2) =>
        {
            None
        }
        Kind::Punct('-')
            if toks
                .get(i + 2)
                .is_some_and(|t| v.adjectives.contains(t.lower.as_str())) =>
        {
            None
        }
        Kind::Punct('-') if toks.get(i + 2).is_some_and(|t| t.kind == Kind::Word) => {
            Some((n, i + 3, true))
        }
        _ => Some((n, i + 1, false)),
    }
}

/// The count starting at token `i`. `article` lets `a`/`an` mean one.
pub fn count_at(toks: &[Token], i: usize, article: bool, v: &Vocab) -> Option<Count> {
    let t = toks.get(i)?;
    let (value, mut next, unit, art) = match t.kind {
        Kind::NumX(n) => (n, i + 1, false, false),
        Kind::Num(_) => {
            let (n, next, unit) = digits_at(toks, i, v)?;
            (n, next, unit, false)
        }
        Kind::Word => match number_words(toks, i, v) {
            Some((n, next)) => (n, next, false, false),
            None if article && v.articles.contains(t.lower.as_str()) => (1, i + 1, false, true),
            None => return None,
        },
        _ => return None,
    };
    // `70 x Loot`, `8 × Dice`
    if matches!(t.kind, Kind::Num(_))
        && !unit
        && toks
            .get(next)
            .is_some_and(|x| x.is_word("x") || x.is_punct('×'))
    {
        next += 1;
    }
    // `six (6)`
    if t.kind == Kind::Word
        && toks.get(next).is_some_and(|x| x.is_punct('('))
        && toks
            .get(next + 1)
            .is_some_and(|x| x.kind == Kind::Num(value))
        && toks.get(next + 2).is_some_and(|x| x.is_punct(')'))
    {
        next += 3;
    }
    Some(Count {
        value,
        start: i,
        next,
        unit,
        article: art,
    })
}

/// A count written after a name: `×30`, `x8`, `x 8`, `(4)`, `: 12`, `— 30`, `- 1`.
/// Returns the count with `next` after it.
pub fn suffix_count(toks: &[Token], i: usize, v: &Vocab) -> Option<Count> {
    let t = toks.get(i)?;
    let at = |c: Count| Some(Count { start: i, ..c });
    match &t.kind {
        Kind::XNum(n) => at(Count {
            value: *n,
            start: i,
            next: i + 1,
            unit: false,
            article: false,
        }),
        Kind::Punct('×') => count_at(toks, i + 1, false, v).and_then(at),
        Kind::Word if t.lower == "x" => count_at(toks, i + 1, false, v).and_then(at),
        Kind::Punct('(') => {
            let c = count_at(toks, i + 1, false, v)?;
            toks.get(c.next).filter(|x| x.is_punct(')'))?;
            at(Count {
                next: c.next + 1,
                ..c
            })
        }
        Kind::Punct(':' | '—' | '–' | '-' | '=') => {
            count_at(toks, i + 1, false, v).and_then(at)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::vocab::{ENGLISH, GERMAN};

    fn first(text: &str, article: bool) -> Option<(u32, usize)> {
        let t = tokenize(text, &ENGLISH);
        count_at(&t, 0, article, &ENGLISH).map(|c| (c.value, c.next))
    }

    #[test]
    fn digits_and_their_suffixes() {
        assert_eq!(first("70x Loot", false), Some((70, 1)));
        assert_eq!(first("70 x Loot", false), Some((70, 2)));
        assert_eq!(first("120-card deck", false), Some((120, 3)));
        assert_eq!(first("12 coins", false), Some((12, 1)));
        for bad in [
            "10% off",
            "1.5 cards",
            "2-5 players",
            "3c each",
            "4th peg",
            "10:30 am",
        ] {
            assert_eq!(first(bad, false), None, "{bad}");
        }
        let t = tokenize("tier 3 cards", &ENGLISH);
        assert_eq!(count_at(&t, 1, false, &ENGLISH), None);
    }

    #[test]
    fn number_words_and_idioms() {
        assert_eq!(first("forty-eight stall", false), Some((48, 3)));
        assert_eq!(first("forty eight stall", false), Some((48, 2)));
        assert_eq!(first("twelve coin", false), Some((12, 1)));
        assert_eq!(first("a dozen coins", false), Some((12, 2)));
        assert_eq!(first("two dozen coins", false), Some((24, 2)));
        assert_eq!(first("a pair of dice", false), Some((2, 3)));
        assert_eq!(first("six (6) dice", false), Some((6, 4)));
        assert_eq!(first("one hundred and twenty cards", false), Some((120, 4)));
        assert_eq!(first("a board", false), None);
        assert_eq!(first("a board", true), Some((1, 1)));
    }

    #[test]
    fn counts_after_names() {
        let s = |text: &str| {
            let t = tokenize(text, &ENGLISH);
            suffix_count(&t, 0, &ENGLISH).map(|c| c.value)
        };
        assert_eq!(s("×30"), Some(30));
        assert_eq!(s("x8"), Some(8));
        assert_eq!(s("x 8"), Some(8));
        assert_eq!(s("(4)"), Some(4));
        assert_eq!(s(": 12"), Some(12));
        assert_eq!(s("— thirty"), Some(30));
        assert_eq!(s("(4 players)"), None);
    }

    #[test]
    fn tokens_split_numbers_from_words() {
        let t = tokenize("Shell cards ×30, d6 x8", &ENGLISH);
        let kinds: Vec<Kind> = t.iter().map(|t| t.kind.clone()).collect();
        assert_eq!(
            kinds,
            vec![
                Kind::Word,
                Kind::Word,
                Kind::Punct('×'),
                Kind::Num(30),
                Kind::Punct(','),
                Kind::Word,
                Kind::XNum(8)
            ]
        );
        assert_eq!(t[1].norm, "card");
        assert_eq!(
            words("Captain's Journal", &ENGLISH),
            vec!["captain", "s", "journal"]
        );
    }

    #[test]
    fn german_number_words_and_articles() {
        let de = |text: &str| {
            let t = tokenize(text, &GERMAN);
            count_at(&t, 0, false, &GERMAN).map(|c| (c.value, c.next))
        };
        assert_eq!(de("zwölf Karten"), Some((12, 1)));
        assert_eq!(de("eine Uhr"), Some((1, 1)));
        assert_eq!(de("einen Bogen"), Some((1, 1)));
        assert_eq!(de("achtundvierzig Marker"), Some((48, 1)));
        assert_eq!(de("zwanzig Marker"), Some((20, 1)));
        assert_eq!(de("ein Dutzend Münzen"), Some((12, 2)));
        assert_eq!(de("zweihundert"), None);
        assert_eq!(de("hundert Karten"), None);
        assert_eq!(de("sechs (6) Würfel"), Some((6, 4)));
        let t = tokenize("Stufe 3 Karten", &GERMAN);
        assert_eq!(count_at(&t, 1, false, &GERMAN), None);
        // English words are not German numbers, nor the other way round.
        assert_eq!(de("twelve Karten"), None);
        assert_eq!(first("elf tokens", false), None);
    }

    /// The value and length in tokens of the count at the start of `text` in `code`.
    fn read(code: &str, text: &str) -> Option<(u32, usize)> {
        let v = Vocab::of(code);
        let t = tokenize(text, v);
        count_at(&t, 0, false, v).map(|c| (c.value, c.next))
    }

    #[test]
    fn number_words_and_idioms_in_every_language() {
        let cases = [
            ("fr", "soixante-dix-huit cartes", Some((78, 5))),
            ("fr", "vingt et une cartes", Some((21, 3))),
            ("fr", "soixante et onze cartes", Some((71, 3))),
            ("fr", "quatre-vingt-dix-neuf cartes", Some((99, 7))),
            ("fr", "une douzaine de jetons", Some((12, 3))),
            ("fr", "une douzaine d’œufs", Some((12, 4))),
            ("fr", "une demi-douzaine de dés", Some((6, 5))),
            ("fr", "une paire de dés", Some((2, 3))),
            ("fr", "cent vingt cartes", Some((120, 2))),
            ("fr", "deux cents cartes", Some((200, 2))),
            ("es", "setenta y ocho cartas", Some((78, 3))),
            ("es", "veintidós cartas", Some((22, 1))),
            ("es", "una docena de fichas", Some((12, 3))),
            ("es", "media docena de dados", Some((6, 3))),
            ("es", "cien cartas", Some((100, 1))),
            ("es", "ciento veinte cartas", Some((120, 2))),
            ("it", "quarantotto carte", Some((48, 1))),
            ("it", "ventitré carte", Some((23, 1))),
            ("it", "un paio di dadi", Some((2, 3))),
            ("it", "una dozzina di segnalini", Some((12, 3))),
            ("pl", "dwadzieścia dwa żetony", Some((22, 2))),
            ("pl", "czterdziestu ośmiu kart", Some((48, 2))),
            ("pl", "dwie plansze", Some((2, 1))),
            ("pl", "pięciu graczy", Some((5, 1))),
            ("nl", "achtenveertig kaarten", Some((48, 1))),
            ("nl", "drieëntwintig fiches", Some((23, 1))),
            ("nl", "een dozijn fiches", Some((12, 2))),
            ("pt", "vinte e dois peões", Some((22, 3))),
            ("pt", "duas cartas", Some((2, 1))),
            ("pt", "uma dúzia de fichas", Some((12, 3))),
            ("pt", "cento e vinte cartas", Some((120, 3))),
        ];
        for (code, text, want) in cases {
            assert_eq!(read(code, text), want, "{code}: {text}");
        }
        // A dash run is read as far as it is a number: `deux-joueurs` is two.
        assert_eq!(read("fr", "deux-joueurs"), Some((2, 1)));
    }
}
