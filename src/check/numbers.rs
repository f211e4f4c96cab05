//! Words, tokens and the counts a rulebook writes: `12`, `70x`, `x8`, `120-card`, `twelve`,
//! `forty-eight`, `a dozen`, `a pair of`, `six (6)`, and `a`/`an` where the caller allows it;
//! the number words are the rulebook language's ([`Vocab`]).

use crate::check::vocab::Vocab;

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

fn unit_word(t: Option<&Token>, v: &Vocab) -> Option<u32> {
    let t = t.filter(|t| t.kind == Kind::Word)?;
    v.unit(&t.lower)
}

fn tens_word(t: Option<&Token>, v: &Vocab) -> Option<u32> {
    let t = t.filter(|t| t.kind == Kind::Word)?;
    v.tens(&t.lower)
}

/// Below a hundred in words: `seven`, `forty-eight`, `forty eight`.
fn small_words(toks: &[Token], i: usize, v: &Vocab) -> Option<(u32, usize)> {
    if let Some(n) = unit_word(toks.get(i), v) {
        return Some((n, i + 1));
    }
    let tens = tens_word(toks.get(i), v)?;
    if !v.separate_tens() {
        return Some((tens, i + 1));
    }
    let hyphen = toks.get(i + 1).is_some_and(|t| t.is_punct('-'));
    let j = if hyphen { i + 2 } else { i + 1 };
    match unit_word(toks.get(j), v).filter(|u| *u < 10) {
        Some(u) => Some((tens + u, j + 1)),
        None => Some((tens, i + 1)),
    }
}

/// A number in words, with `hundred` and the idioms `a dozen`, `a pair of`, `a hundred`
/// (German `ein Dutzend`, `hundert`).
fn number_words(toks: &[Token], i: usize, voc: &Vocab) -> Option<(u32, usize)> {
    let t = toks.get(i)?;
    let is = |j: usize, w: &str| toks.get(j).is_some_and(|t| t.is_word(w));
    // `half a dozen` is six; its `a dozen` is no count of its own.
    if t.is_word("half")
        && is(i + 1, "a")
        && toks.get(i + 2).is_some_and(|d| voc.is_dozen(&d.lower))
    {
        return Some((6, i + 3));
    }
    if t.is_word("a") && i > 0 && is(i - 1, "half") {
        return None;
    }
    if t.is_word("a") || t.is_word("one") || voc.unit(&t.lower) == Some(1) {
        if toks.get(i + 1).is_some_and(|d| voc.is_dozen(&d.lower)) {
            return Some((12, i + 2));
        }
        if t.is_word("a") && is(i + 1, "pair") && is(i + 2, "of") {
            return Some((2, i + 3));
        }
    }
    let (mut v, mut j) = if t.is_word("a") && is(i + 1, "hundred") {
        (1, i + 1)
    } else {
        small_words(toks, i, voc)?
    };
    let word = |j: usize| toks.get(j).map_or("", |t| t.lower.as_str());
    if voc.is_dozen(word(j)) {
        return Some((v * 12, j + 1));
    }
    if voc.is_hundred(word(j)) {
        v *= 100;
        j += 1;
        let k = if is(j, "and") { j + 1 } else { j };
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
        if prev.kind == Kind::Word && v.labels.contains(&prev.lower.as_str()) {
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
                .is_some_and(|t| v.adjectives.contains(&t.lower.as_str())) =>
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
            None if article && v.articles.contains(&t.lower.as_str()) => (1, i + 1, false, true),
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
}
