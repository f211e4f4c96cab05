//! Finding the component counts a rulebook states.
//!
//! The rulebook is read as a document ([`markdown`]): its components section (see
//! [`markdown::is_section_heading`]) is the list of what is in the box, and everything in it that
//! pairs a count with a manifest name (or alias, compared without case, punctuation or plural
//! `s`) is a statement of that entry's total:
//!
//! - a count before the name: `24 Lantern tokens`, `70x Loot Cards`, `the 120-card Facility
//!   Deck`, `forty-eight stall cards`, `a dozen coins`, `six (6) dice`, and `a`/`an` inside a
//!   list;
//! - a count after it: `Shell cards ×30`, `Crab tokens x8`, `Player screens (4)`,
//!   `Tide dial: 1`, `**Wind die:** 1`, `Cargo cubes — 30`;
//! - a table row, with the count in a column of its own;
//! - nested bullets, bracketed counts and lists after a colon or `split into`, which are parts
//!   of the count they follow and must add up to it; a bracketed list of names must not name
//!   more than its count.
//!
//! Outside the section only explicit totals count (`the 54-card Harbor deck`, `all 20 Water
//! tokens`, `the last of the 72 Root cards`, `24 tokens in all`); what one player takes, what a
//! turn draws and setup amounts never do, in the section or out of it.

use crate::check::markdown::{self, Block, Kind as BlockKind, Text};
use crate::check::numbers::{
    Count, Kind, Token, count_at, phrase_at, phrase_before, suffix_count, tokenize, words,
};
use crate::check::statements::{Known, RowScanner, RulesProblem, Scan, Statement};
use crate::check::vocab::Vocab;

/// Lower case, punctuation removed, plurals folded by `v` in each word.
pub fn normalise(name: &str, v: &Vocab) -> String {
    words(name, v).join(" ")
}

/// A known name found in the tokens.
#[derive(Debug, Clone)]
struct Hit {
    start: usize,
    end: usize,
    entries: Vec<usize>,
}

/// Punctuation a name may carry between its words (`Stand-in`, `Captain's`).
fn joiner(t: &Token) -> bool {
    matches!(t.kind, Kind::Punct('-' | '\'' | '’' | '/'))
}

fn match_name(toks: &[Token], i: usize, name: &[String]) -> Option<usize> {
    let mut j = i;
    for (k, w) in name.iter().enumerate() {
        if k > 0 {
            while toks.get(j).is_some_and(joiner) {
                j += 1;
            }
        }
        let t = toks.get(j)?;
        if matches!(t.kind, Kind::Punct(_)) || &t.norm != w {
            return None;
        }
        j += 1;
    }
    Some(j)
}

/// The longest known names, left to right, without overlaps.
fn name_hits(toks: &[Token], known: &[Known]) -> Vec<Hit> {
    let mut hits = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let mut best: Option<Hit> = None;
        for (e, k) in known.iter().enumerate() {
            for name in &k.names {
                let Some(end) = match_name(toks, i, name) else {
                    continue;
                };
                match best.as_mut() {
                    Some(b) if b.end == end && !b.entries.contains(&e) => b.entries.push(e),
                    Some(b) if b.end >= end => {}
                    _ => {
                        best = Some(Hit {
                            start: i,
                            end,
                            entries: vec![e],
                        })
                    }
                }
            }
        }
        match best {
            Some(h) => {
                i = h.end;
                hits.push(h);
            }
            None => i += 1,
        }
    }
    hits
}

fn is_descendant(known: &[Known], mut e: usize, ancestor: usize) -> Option<usize> {
    let mut depth = 0;
    while let Some(p) = known.get(e).and_then(|k| k.parent) {
        depth += 1;
        if p == ancestor {
            return Some(depth);
        }
        e = p;
    }
    None
}

/// Which of the entries a name may mean is meant here: a part of the nearest entry in
/// context, else a top-level entry, else the only one.
fn resolve(known: &[Known], entries: &[usize], context: &[usize]) -> Option<usize> {
    for ctx in context.iter().rev() {
        let best = entries
            .iter()
            .filter_map(|&e| is_descendant(known, e, *ctx).map(|d| (d, e)))
            .min();
        if let Some((_, e)) = best {
            return Some(e);
        }
    }
    if let Some(&e) = entries
        .iter()
        .find(|&&e| known.get(e).is_some_and(|k| k.parent.is_none()))
    {
        return Some(e);
    }
    match entries {
        [only] => Some(*only),
        _ => None,
    }
}

fn word_at(toks: &[Token], i: Option<usize>) -> &str {
    match i.and_then(|i| toks.get(i)) {
        Some(t) if t.kind == Kind::Word => &t.lower,
        _ => "",
    }
}

/// A count right after a verb of play (or `up to`), or followed by `each`/`per`, is not a
/// total.
fn is_play_amount(toks: &[Token], count: &Count, name_end: usize, v: &Vocab) -> bool {
    let next = word_at(toks, Some(name_end));
    v.play_before
        .iter()
        .any(|p| phrase_before(toks, count.start, p))
        || v.rate_after.contains(next)
}

/// Outside the components section: `all 20`, `of the 72`, `the 54-card`, `24 ... in all`,
/// `the game contains 41`.
fn is_explicit_total(toks: &[Token], count: &Count, name_end: usize, v: &Vocab) -> bool {
    let prev = word_at(toks, count.start.checked_sub(1));
    v.total_before
        .iter()
        .any(|p| phrase_before(toks, count.start, p))
        || (count.unit && v.total_unit_before.contains(prev))
        || v.total_after.iter().any(|p| phrase_at(toks, name_end, p))
}

/// An article may mean one only at the start of a list item or after a separator in it.
fn article_allowed(toks: &[Token], i: usize, v: &Vocab) -> bool {
    i == 0
        || toks.get(i - 1).is_some_and(|t| {
            t.is_punct(',') || t.is_punct(':') || v.list_and.contains(t.lower.as_str())
        })
}

/// Where a text is and what it may read.
#[derive(Clone, Copy)]
struct Place {
    section: bool,
    /// A list item or table cell: `a`/`an` may mean one.
    list: bool,
}

/// A count found for a name, and where reading may go on after it.
struct Found {
    count: Count,
    first: usize,
    last: usize,
}

/// Where counting may look: the next name's start, the first token not yet claimed by an
/// earlier name's suffix count, and the line of each token.
struct Bounds<'l> {
    next_hit: Option<usize>,
    claimed: usize,
    lines: &'l [usize],
}

/// Whether the tokens from `a` to `b` only describe what follows (`double-sided`, `wooden`,
/// `6-sided`): a count before them is the count of the name after them.
fn describes(toks: &[Token], a: usize, b: usize, v: &Vocab) -> bool {
    b > a
        && b - a <= MAX_DESCRIPTION
        && (a..b).all(|i| {
            let t = &toks[i];
            let dash_next = toks
                .get(i + 1)
                .is_some_and(|n| n.is_punct('-') && n.start == t.end);
            v.adjectives.contains(t.lower.as_str())
                || t.is_punct('-')
                || (dash_next && (matches!(t.kind, Kind::Num(_)) || v.unit(&t.lower).is_some()))
        })
}

/// Tokens a description between a count and its name may take (`6 - sided`).
const MAX_DESCRIPTION: usize = 4;

fn count_for(toks: &[Token], hit: &Hit, bounds: &Bounds, place: Place, v: &Vocab) -> Option<Found> {
    let from = hit
        .start
        .saturating_sub(4 + MAX_DESCRIPTION)
        .max(bounds.claimed);
    let prefix = (from..hit.start).find_map(|i| {
        let article = place.section && place.list && article_allowed(toks, i, v);
        count_at(toks, i, article, v).filter(|c| {
            // A description is read only where a count leads (an item's start, or after a
            // colon): inside parts, `18 colored pawns` names a share of the pawns, not them.
            let leads = c.start == 0 || toks[c.start - 1].is_punct(':');
            c.next == hit.start || (leads && describes(toks, c.next, hit.start, v))
        })
    });
    if let Some(c) = prefix {
        let ok = !is_play_amount(toks, &c, hit.end, v)
            && (place.section || is_explicit_total(toks, &c, hit.end, v));
        return ok.then_some(Found {
            count: c,
            first: c.start,
            last: hit.end,
        });
    }
    if !place.section {
        return None;
    }
    let c = suffix_count(toks, hit.end, v)?;
    // `Crew pawns: 4 each of 5 colours`: a rate, not the total.
    if v.rate_after.contains(word_at(toks, Some(c.next))) {
        return None;
    }
    // `Loot Cards: 40x Tier 1`: the 40 is Tier 1's, unless a line ends after it
    // (`**Wind die:** 1` and `**Era board:** 1` on lines of their own).
    let line = |i: usize| bounds.lines.get(i).copied();
    if bounds.next_hit == Some(c.next) && line(c.next.saturating_sub(1)) == line(c.next) {
        return None;
    }
    Some(Found {
        count: c,
        first: hit.start,
        last: c.next,
    })
}

/// What follows a count: parts that must add up to it, or a list of names.
enum After {
    Parts(Vec<u32>),
    Names(usize),
    Nothing,
}

fn connector(toks: &[Token], p: usize, v: &Vocab) -> Option<usize> {
    let p = if toks.get(p).is_some_and(|t| t.is_punct(',')) {
        p + 1
    } else {
        p
    };
    v.connectors
        .iter()
        .find_map(|f| phrase_at(toks, p, f).then_some(p + f.len()))
}

/// Token ranges of the items of a list that starts at `start`; `None` for an unclosed bracket.
fn items(toks: &[Token], start: usize, bracket: bool, v: &Vocab) -> Option<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut from = start;
    let mut j = start;
    loop {
        let Some(t) = toks.get(j) else {
            if bracket {
                return None;
            }
            break;
        };
        match t.kind {
            Kind::Punct('(') => depth += 1,
            Kind::Punct(')') if depth > 0 => depth -= 1,
            Kind::Punct(')') if bracket => break,
            Kind::Punct('.' | ';' | '!' | '?' | ')') if depth == 0 && !bracket => break,
            Kind::Punct(',' | ';' | '+' | '&') if depth == 0 => {
                out.push((from, j));
                from = j + 1;
            }
            Kind::Word if depth == 0 && v.list_and.contains(t.lower.as_str()) => {
                out.push((from, j));
                from = j + 1;
            }
            _ => {}
        }
        j += 1;
    }
    out.push((from, j));
    Some(out.into_iter().filter(|(a, b)| a < b).collect())
}

fn part_count(toks: &[Token], (a, b): (usize, usize), v: &Vocab) -> Option<u32> {
    let c = count_at(toks, a, false, v)?;
    let next = toks.get(c.next).filter(|_| c.next < b)?;
    (next.kind != Kind::Word || !v.per_words.contains(next.lower.as_str())).then_some(c.value)
}

fn after(toks: &[Token], p: usize, v: &Vocab) -> After {
    let (bracket, start) = match toks.get(p) {
        Some(t) if t.is_punct('(') => (true, p + 1),
        Some(t) if matches!(t.kind, Kind::Punct(':' | '—' | '–')) => (false, p + 1),
        _ => match connector(toks, p, v) {
            Some(s) => (false, s),
            None => return After::Nothing,
        },
    };
    let Some(list) = items(toks, start, bracket, v) else {
        return After::Nothing;
    };
    let counts: Vec<Option<u32>> = list.iter().map(|r| part_count(toks, *r, v)).collect();
    let parts: Vec<u32> = if bracket {
        counts
            .iter()
            .copied()
            .collect::<Option<Vec<u32>>>()
            .unwrap_or_default()
    } else {
        counts.iter().map_while(|c| *c).collect()
    };
    if parts.len() >= 2 {
        return After::Parts(parts);
    }
    let elided = list.iter().any(|&(a, b)| {
        toks.get(a..b).is_some_and(|ts| {
            ts.iter()
                .any(|t| t.is_punct('…') || v.etc.contains(t.lower.as_str()) || t.is_punct('.'))
        })
    });
    let no_counts = list
        .iter()
        .all(|&(a, _)| count_at(toks, a, false, v).is_none());
    if bracket && list.len() >= 2 && no_counts && !elided {
        return After::Names(list.len());
    }
    After::Nothing
}

fn slice(text: &Text, toks: &[Token], first: usize, last: usize) -> String {
    let (Some(a), Some(b)) = (
        toks.get(first),
        last.checked_sub(1).and_then(|l| toks.get(l)),
    ) else {
        return String::new();
    };
    text.s.get(a.start..b.end).unwrap_or_default().to_owned()
}

/// A count some statement or list item starts with.
#[derive(Debug, Clone)]
struct Lead {
    count: u32,
    name: String,
    line: usize,
    entry: Option<usize>,
}

/// What scanning one text gave: the entry it is about and the count it starts with.
#[derive(Debug, Clone, Default)]
struct TextResult {
    owner: Option<usize>,
    lead: Option<Lead>,
    /// For a list item: how many sets its children's counts are per (see [`sets_of`]).
    children_per: u32,
}

pub(crate) struct Scanner<'k> {
    known: &'k [Known],
    /// The words of the rulebook's language.
    pub(crate) vocab: &'static Vocab,
    scan: Scan,
}

impl Scanner<'_> {
    /// Reads the statements of one text; `context` holds the entries it is nested under.
    fn text(&mut self, text: &Text, place: Place, context: &[usize]) -> TextResult {
        let toks = tokenize(&text.s, self.vocab);
        let hits = name_hits(&toks, self.known);
        let mut result = TextResult::default();
        let mut ctx = context.to_vec();
        let lines: Vec<usize> = toks.iter().map(|t| text.line_at(t.start)).collect();
        let mut claimed = 0;
        for (n, hit) in hits.iter().enumerate() {
            let bounds = Bounds {
                next_hit: hits.get(n + 1).map(|h| h.start),
                claimed,
                lines: &lines,
            };
            let Some(found) = count_for(&toks, hit, &bounds, place, self.vocab) else {
                continue;
            };
            if found.first == hit.start {
                claimed = found.last;
            }
            let entry = resolve(self.known, &hit.entries, &ctx);
            let line = toks.get(found.first).map_or(1, |t| text.line_at(t.start));
            let value = found.count.value;
            let name = slice(text, &toks, hit.start, hit.end);
            if result.owner.is_none() && entry.is_some() {
                result.owner = entry;
                ctx.extend(entry);
            }
            if found.first == 0 && result.lead.is_none() {
                result.lead = Some(Lead {
                    count: value,
                    name: name.clone(),
                    line,
                    entry,
                });
            }
            let resume = found.last.max(hit.end);
            self.after(&toks, resume, value, &name, line, entry);
            if let Some(e) = entry {
                let statement = Statement {
                    line,
                    count: value,
                    text: slice(text, &toks, found.first, found.last),
                    section: place.section,
                };
                self.scan.statements.push((e, statement));
            }
        }
        if result.lead.is_none() && place.list {
            result.lead = plain_lead(text, &toks, self.vocab);
        }
        result
    }

    fn after(
        &mut self,
        toks: &[Token],
        p: usize,
        count: u32,
        name: &str,
        line: usize,
        entry: Option<usize>,
    ) {
        let text = match after(toks, p, self.vocab) {
            After::Parts(parts) => {
                let sum: u64 = parts.iter().map(|&p| u64::from(p)).sum();
                if sum == u64::from(count) {
                    return;
                }
                let terms: Vec<String> = parts.iter().map(u32::to_string).collect();
                format!("{count} {name} split into {} = {sum}", terms.join(" + "))
            }
            After::Names(n) if n > count as usize => format!("{count} {name} name {n}"),
            _ => return,
        };
        self.problem(entry, line, text);
    }

    fn problem(&mut self, entry: Option<usize>, line: usize, text: String) {
        let p = RulesProblem { line, text };
        if !self.scan.problems.iter().any(|(_, q)| *q == p) {
            self.scan.problems.push((entry, p));
        }
    }
}

/// An item that starts with a count and a word the manifest does not know (`36 Boat cards`).
fn plain_lead(text: &Text, toks: &[Token], v: &Vocab) -> Option<Lead> {
    let c = count_at(toks, 0, false, v)?;
    let word = toks.get(c.next).filter(|t| t.kind == Kind::Word)?;
    if v.per_words.contains(word.lower.as_str()) {
        return None;
    }
    let end = toks
        .iter()
        .skip(c.next)
        .take_while(|t| t.kind == Kind::Word || joiner(t))
        .count();
    Some(Lead {
        count: c.value,
        name: slice(text, toks, c.next, c.next + end),
        line: text.line_at(0),
        entry: None,
    })
}

/// Scans `source`, a rulebook in the language of `vocab`, for the counts of `known` entries
/// (whose names must be folded by the same `vocab`).
pub fn scan(source: &str, known: &[Known], vocab: &'static Vocab) -> Scan {
    let mut blocks = markdown::blocks(source, vocab);
    // A components heading with nothing under it is a section all the same (one that states
    // nothing), not a missing one.
    let headed = blocks.iter().any(|b| {
        matches!(b.kind, BlockKind::Heading) && markdown::is_section_heading(&b.text.s, vocab)
    });
    if !blocks.iter().any(|b| b.in_section) {
        mark_first_list(&mut blocks, known, vocab);
    }
    let mut s = Scanner {
        known,
        vocab,
        scan: Scan {
            section: headed || blocks.iter().any(|b| b.in_section),
            ..Scan::default()
        },
    };
    let results = read_blocks(&mut s, &blocks);
    nested_sums(&mut s, &blocks, &results);
    s.scan
}

/// Without a components heading, the first list or table that states counts of manifest
/// entries is the components list.
fn mark_first_list(blocks: &mut [Block], known: &[Known], vocab: &'static Vocab) {
    let mut groups: Vec<usize> = blocks
        .iter()
        .filter(|b| !matches!(b.kind, BlockKind::Heading | BlockKind::Paragraph))
        .map(|b| b.group)
        .collect();
    groups.dedup();
    for g in groups {
        let mut trial: Vec<Block> = blocks.iter().filter(|b| b.group == g).cloned().collect();
        for b in &mut trial {
            b.in_section = true;
        }
        let mut s = Scanner {
            known,
            vocab,
            scan: Scan::default(),
        };
        read_blocks(&mut s, &trial);
        if !s.scan.statements.is_empty() {
            for b in blocks.iter_mut().filter(|b| b.group == g) {
                b.in_section = true;
            }
            return;
        }
    }
}

fn read_blocks(s: &mut Scanner, blocks: &[Block]) -> Vec<TextResult> {
    let mut results: Vec<TextResult> = Vec::with_capacity(blocks.len());
    let mut done_tables: Vec<usize> = Vec::new();
    for b in blocks {
        let place = Place {
            section: b.in_section,
            list: matches!(b.kind, BlockKind::Item { .. }),
        };
        let r = match &b.kind {
            // A sub-heading of the section may state a count (`### Weather cards (16)`).
            BlockKind::Heading if b.in_section => s.text(&b.text, place, &[]),
            BlockKind::Heading => TextResult::default(),
            BlockKind::Paragraph => s.text(&b.text, place, &[]),
            BlockKind::Item { parent } => {
                let mut context = Vec::new();
                let mut p = *parent;
                while let Some(i) = p {
                    context.extend(results.get(i).and_then(|r| r.owner));
                    p = match blocks.get(i).map(|b| &b.kind) {
                        Some(BlockKind::Item { parent }) => *parent,
                        _ => None,
                    };
                }
                context.reverse();
                let before = s.scan.statements.len();
                let mut r = s.text(&b.text, place, &context);
                let sets = parent
                    .and_then(|p| results.get(p))
                    .map_or(1, |p| p.children_per.max(1));
                for (_, statement) in s.scan.statements[before..].iter_mut().filter(|_| sets > 1) {
                    statement.count = statement.count.saturating_mul(sets);
                    statement.text = format!("{}, in each of {sets} sets", statement.text);
                }
                r.children_per = sets.saturating_mul(sets_of(s.vocab, b, &r));
                r
            }
            BlockKind::Row { table, .. } => {
                if !done_tables.contains(table) {
                    done_tables.push(*table);
                    crate::check::tables::read(s, blocks, *table);
                }
                TextResult::default()
            }
        };
        results.push(r);
    }
    results
}

/// Nested items that all start with a count are parts of the item above them.
/// The sets an item's children count per, by the item alone: its count when it gives each
/// set's contents (`4 player sets, each containing:`), else 1. An item's children count per
/// the product of this over it and the items above it.
fn sets_of(v: &Vocab, b: &Block, r: &TextResult) -> u32 {
    match (gives_contents_of_each(v, b), &r.lead) {
        (true, Some(lead)) => lead.count,
        _ => 1,
    }
}

/// Whether an item's children list what each of its pieces holds (`4 player sets, each in a
/// colour, containing:`), not parts of its count.
fn gives_contents_of_each(v: &Vocab, b: &Block) -> bool {
    let toks = tokenize(&b.text.s, v);
    toks.iter().any(|t| v.rate_after.contains(t.lower.as_str()))
        && toks.last().is_some_and(|t| t.is_punct(':'))
}

fn nested_sums(s: &mut Scanner, blocks: &[Block], results: &[TextResult]) {
    for (i, b) in blocks.iter().enumerate() {
        if !b.in_section || gives_contents_of_each(s.vocab, b) {
            continue;
        }
        let Some(lead) = results.get(i).and_then(|r| r.lead.clone()) else {
            continue;
        };
        let children: Vec<Option<u32>> = blocks
            .iter()
            .zip(results)
            .filter(|(c, _)| matches!(c.kind, BlockKind::Item { parent: Some(p) } if p == i))
            .map(|(_, r)| r.lead.as_ref().map(|l| l.count))
            .collect();
        let Some(parts) = children.iter().copied().collect::<Option<Vec<u32>>>() else {
            continue;
        };
        let sum: u64 = parts.iter().map(|&p| u64::from(p)).sum();
        if parts.len() >= 2 && sum != u64::from(lead.count) {
            let terms: Vec<String> = parts.iter().map(u32::to_string).collect();
            let text = format!(
                "{} {} split into {} = {sum}",
                lead.count,
                lead.name,
                terms.join(" + ")
            );
            s.problem(lead.entry, lead.line, text);
        }
    }
}

impl RowScanner for Scanner<'_> {
    fn vocab(&self) -> &'static Vocab {
        self.vocab
    }

    fn push(&mut self, entry: usize, statement: Statement) {
        self.scan.statements.push((entry, statement));
    }

    fn read_text(&mut self, text: &Text, section: bool, context: &[usize]) -> Option<usize> {
        let place = Place {
            section,
            list: true,
        };
        self.text(text, place, context).owner
    }

    fn after_count(
        &mut self,
        toks: &[Token],
        p: usize,
        count: u32,
        name: &str,
        line: usize,
        entry: Option<usize>,
    ) {
        self.after(toks, p, count, name, line, entry);
    }

    fn hits(&self, toks: &[Token]) -> Vec<(usize, usize, Option<usize>)> {
        name_hits(toks, self.known)
            .into_iter()
            .map(|h| (h.start, h.end, resolve(self.known, &h.entries, &[])))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::vocab::{ENGLISH, GERMAN};

    /// Entries as (name, parent index).
    fn known(list: &[(&str, Option<usize>)]) -> Vec<Known> {
        list.iter()
            .map(|(n, p)| Known {
                parent: *p,
                names: vec![words(n, &ENGLISH)],
            })
            .collect()
    }

    fn found(s: &Scan) -> Vec<(usize, u32, usize)> {
        s.statements
            .iter()
            .map(|(e, s)| (*e, s.count, s.line))
            .collect()
    }

    #[test]
    fn bold_nx_forms_and_parts_by_context() {
        let src = "# Components\n* **70x Loot Cards (Value):** 40x Tier 1 (3c), 20x Tier 2 (8c), 10x Tier 3 (15c).\n- 24 Yellow Alerts (Level 1)\n";
        let k = known(&[
            ("Loot Cards", None),
            ("Tier 1", Some(0)),
            ("Tier 2", Some(0)),
            ("Tier 3", Some(0)),
            ("Yellow Alert", None),
        ]);
        let s = scan(src, &k, &ENGLISH);
        assert_eq!(
            found(&s),
            vec![(0, 70, 2), (1, 40, 2), (2, 20, 2), (3, 10, 2), (4, 24, 3)]
        );
        assert!(s.problems.is_empty(), "{:?}", s.problems);
    }

    #[test]
    fn outside_the_section_only_explicit_totals_count() {
        let src = "## Components\n\n- 72 Root cards\n\n## Play\n\nDraw 2 Root cards. Shuffle the 72-card Root cards pile. Each player takes 3 Root cards (72 Root cards in all). Discard all 72 Root cards.\n";
        let s = scan(src, &known(&[("Root cards", None)]), &ENGLISH);
        assert_eq!(
            found(&s),
            vec![(0, 72, 3), (0, 72, 7), (0, 72, 7), (0, 72, 7)]
        );
    }

    #[test]
    fn a_name_list_longer_than_its_count_is_a_problem() {
        let src = "## Components\n\n- 6 System Cards (Jump Core, Teleporter, Shields, Comm, Scanners, Computers, Sensors)\n- 48 Skill Cards (Command, Engineering, Science, Tactical)\n";
        let s = scan(
            src,
            &known(&[("System Cards", None), ("Skill Cards", None)]),
            &ENGLISH,
        );
        assert_eq!(s.problems.len(), 1, "{:?}", s.problems);
        assert_eq!(s.problems[0].1.text, "6 System Cards name 7");
        assert_eq!(s.problems[0].0, Some(0));
    }

    #[test]
    fn parts_in_brackets_and_after_split_into_must_add_up() {
        let src = "## Contents\n\nForty-eight stall cards split into twenty food, twenty craft and ten odd stalls.\n\n- Shells ×30 (10 Cowrie, 10 Conch, 9 Nautilus)\n";
        let s = scan(
            src,
            &known(&[("Stall cards", None), ("Shells", None)]),
            &ENGLISH,
        );
        let texts: Vec<&str> = s.problems.iter().map(|p| p.1.text.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "48 stall cards split into 20 + 20 + 10 = 50",
                "30 Shells split into 10 + 10 + 9 = 29"
            ]
        );
    }

    #[test]
    fn descriptions_between_count_and_name_and_numbers_as_rulebooks_write_them() {
        let src = "## Components\n\n- 40 double-sided Crew cards\n- 2 6-sided dice\n- 12 wooden Coins\n- Half a dozen Reef markers\n- 1,000 Chips\n- 30 Pawns (12 Alien pawns + 18 colored pawns)\n";
        let k = known(&[
            ("Crew cards", None),
            ("Dice", None),
            ("Coins", None),
            ("Reef markers", None),
            ("Chips", None),
            ("Pawns", None),
            ("Alien pawns", Some(5)),
        ]);
        let s = scan(src, &k, &ENGLISH);
        assert_eq!(
            found(&s),
            vec![
                (0, 40, 3),
                (1, 2, 4),
                (2, 12, 5),
                (3, 6, 6),
                (4, 1000, 7),
                (5, 30, 8),
                (6, 12, 8)
            ]
        );
    }

    #[test]
    fn struck_out_counts_alt_text_and_old_mac_lines() {
        let src = "## Components\r\r- ~~35 Coins~~ 30 Coins\r- ![12 Gems image](gems.png) 9 Gems\r";
        let k = known(&[("Coins", None), ("Gems", None)]);
        assert_eq!(found(&scan(src, &k, &ENGLISH)), vec![(0, 30, 3), (1, 9, 4)]);
    }

    #[test]
    fn limits_rolls_and_rates_in_the_section_are_no_totals() {
        let src = "## Components\n\n- 30 Coins\n- Roll 2 Dice to move.\n- Keep up to 4 Coins.\n- Players start with 3 Coins.\n- Crew pawns: 4 each of 5 colours\n";
        let k = known(&[("Coins", None), ("Dice", None), ("Crew pawns", None)]);
        assert_eq!(found(&scan(src, &k, &ENGLISH)), vec![(0, 30, 3)]);
    }

    #[test]
    fn a_sub_heading_of_the_section_states_its_count() {
        let src = "## Components\n\n- 15 Weather cards\n\n### Weather cards (16)\n\nStorms and droughts.\n\n### 8 Market tiles\n\n## Setup\n\n### Weather cards (3)\n";
        let k = known(&[("Weather cards", None), ("Market tiles", None)]);
        assert_eq!(
            found(&scan(src, &k, &ENGLISH)),
            vec![(0, 15, 3), (0, 16, 5), (1, 8, 9)]
        );
    }

    #[test]
    fn an_empty_components_heading_is_a_section_that_states_nothing() {
        let s = scan(
            "# Game\n\n## Components\n\n## Setup\n\nDeal.\n",
            &known(&[("Coins", None)]),
            &ENGLISH,
        );
        assert!(s.section);
        assert!(s.statements.is_empty());
        let s = scan("# Game\n\nDeal.\n", &known(&[("Coins", None)]), &ENGLISH);
        assert!(!s.section);
    }

    #[test]
    fn the_contents_of_each_set_count_once_per_set() {
        let src = "## Components\n\n- 4 player sets, each in a player colour, containing:\n  - 1 Player screen\n  - 10 Cubes\n- 54 Harbor cards\n  - 36 Boat cards\n  - 18 Storm cards\n";
        let k = known(&[("Player screen", None), ("Cubes", None)]);
        let s = scan(src, &k, &ENGLISH);
        assert_eq!(found(&s), vec![(0, 4, 4), (1, 40, 5)]);
        assert!(s.problems.is_empty(), "{:?}", s.problems);
    }

    #[test]
    fn what_the_game_contains_is_a_total_outside_the_section() {
        let src = "## Components\n\n- 40 Crew cards\n\n## About\n\nThe game contains 41 Crew cards. Each deck contains 10 Crew cards.\n";
        let k = known(&[("Crew cards", None)]);
        assert_eq!(
            found(&scan(src, &k, &ENGLISH)),
            vec![(0, 40, 3), (0, 41, 7)]
        );
    }

    #[test]
    fn nested_items_add_up_without_manifest_parts() {
        let src = "## Components\n\n- 54 Harbor cards\n  - 36 Boat cards\n  - 17 Storm cards\n";
        let s = scan(src, &known(&[("Harbor cards", None)]), &ENGLISH);
        assert_eq!(
            s.problems[0].1.text,
            "54 Harbor cards split into 36 + 17 = 53"
        );
        assert_eq!(s.problems[0].1.line, 3);
        // Parts too large to add up in 32 bits still do not add up.
        let src = "## Components\n\n- 1 Crew card\n  - 4294967295 Red cards\n  - 2 Blue cards\n";
        let s = scan(src, &known(&[("Crew card", None)]), &ENGLISH);
        assert_eq!(
            s.problems[0].1.text,
            "1 Crew card split into 4294967295 + 2 = 4294967297"
        );
    }

    #[test]
    fn tera_expressions_code_and_labels_are_skipped() {
        let src = "## Components\n\n- {{ n }} Facility Deck\n\n```\n9 Facility Deck\n```\n\n- 10 Reserve Cards: tier 3 Apex Stalkers.\n";
        let k = known(&[
            ("Facility Deck", None),
            ("Reserve Cards", None),
            ("Apex Stalkers", None),
        ]);
        assert_eq!(found(&scan(src, &k, &ENGLISH)), vec![(1, 10, 9)]);
    }

    #[test]
    fn without_a_heading_the_first_list_is_the_components_list() {
        let src = "Intro 5 Colour Cards.\n\n- 9 Colour Cards\n\nDraw 2 Colour Cards.\n";
        let s = scan(src, &known(&[("Colour Cards", None)]), &ENGLISH);
        assert_eq!(found(&s), vec![(0, 9, 3)]);
        assert!(s.section);
    }

    #[test]
    fn plurals_and_case_do_not_matter() {
        assert_eq!(
            normalise("Telemetry Pegs", &ENGLISH),
            normalise("TELEMETRY PEG", &ENGLISH)
        );
        assert_eq!(normalise("Boss", &ENGLISH), "boss");
    }

    #[test]
    fn a_german_components_section_is_read_in_german() {
        let src = "# Willkommen\n\n## Was im Kit steckt\n\n- **5 Crewbögen**, einer für jedes Crewmitglied.\n- **Zwölf Erkundungskarten**: 4 Fundkarten, 2 Entdeckungskarten und 6 Ärgerkarten.\n- **Ein Schiffsbogen**\n\n## Spiel\n\nJeder Spieler nimmt 2 Erkundungskarten. Mische alle 12 Erkundungskarten. Lege 3 Fokusmarker je Spieler bereit.\n";
        let k: Vec<Known> = [
            ("Crewbogen", None),
            ("Erkundungskarte", None),
            ("Fundkarte", Some(1)),
            ("Entdeckungskarte", Some(1)),
            ("Ärgerkarte", Some(1)),
            ("Schiffsbogen", None),
            ("Fokusmarker", None),
        ]
        .iter()
        .map(|(n, p)| Known {
            parent: *p,
            names: vec![words(n, &GERMAN)],
        })
        .collect();
        let s = scan(src, &k, &GERMAN);
        assert!(s.section);
        assert_eq!(
            found(&s),
            vec![
                (0, 5, 5),
                (1, 12, 6),
                (2, 4, 6),
                (3, 2, 6),
                (4, 6, 6),
                (5, 1, 7),
                (1, 12, 11)
            ]
        );
        // The same text read as English finds no section and no German numbers.
        let english = scan(src, &k, &ENGLISH);
        assert!(!found(&english).contains(&(1, 12, 6)));
    }
}
