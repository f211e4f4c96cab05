//! Links within the rules (`[setup](#setup)`) and the headings they go to.
//!
//! A heading's label is its slug (`Player's Turn` → `player-s-turn`), made unique with `-2`,
//! `-3`. Designers also write the links GitHub and most Markdown editors make: punctuation
//! dropped rather than made a hyphen (`#players-turn`), repeats counted from `-1`
//! (`#example-1` for the second "Example"), accents percent-encoded. Those are taken too. A
//! link may come before its heading, so links are resolved once every heading is known: the
//! markup holds a mark in each link's place until then.

use std::collections::{HashMap, HashSet};

use crate::slug::slugify;

/// Around a link's number in the markup until it is resolved: a noncharacter, which no text
/// holds (a private-use one may be an icon font's glyph).
const MARK: char = '\u{FDD0}';

/// Headings shown at most in the help of a link that goes nowhere.
const LISTED: usize = 12;

/// The headings seen so far and the links waiting for them.
#[derive(Default)]
pub struct Anchors {
    labels: HashSet<String>,
    /// The same labels in the order of their headings, for messages.
    in_order: Vec<String>,
    /// Other ways of writing a heading's link (GitHub's), to its label.
    aliases: HashMap<String, String>,
    /// GitHub's count of each of its slugs so far, for its `-1`, `-2`.
    github_seen: HashMap<String, usize>,
    /// Each link's target as written, and its offset in the Markdown.
    links: Vec<(String, usize)>,
}

/// A link that goes to no heading: where it is, what to say and what to suggest.
pub struct Unresolved {
    pub offset: usize,
    pub message: String,
    pub help: String,
}

impl Anchors {
    /// A heading's unique label, from its plain text.
    pub fn heading(&mut self, plain: &str) -> String {
        // A heading of signs alone (`## ???`) has no slug of its own; `<>` is no label.
        let base = Some(slugify(plain))
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "section".to_owned());
        let mut label = base.clone();
        let mut n = 2;
        while !self.labels.insert(label.clone()) {
            label = format!("{base}-{n}");
            n += 1;
        }
        self.in_order.push(label.clone());
        let github = github_slug(plain);
        let seen = self.github_seen.entry(github.clone()).or_default();
        let alias = match *seen {
            0 => github,
            n => format!("{github}-{n}"),
        };
        *seen += 1;
        self.aliases.entry(alias).or_insert_with(|| label.clone());
        label
    }

    /// The Typst label expression of a link to `#target` at `offset`, resolved later.
    pub fn link(&mut self, target: &str, offset: usize) -> String {
        self.links.push((target.to_owned(), offset));
        format!("label(\"{MARK}{}{MARK}\")", self.links.len() - 1)
    }

    /// The markup with every link's label filled in, or the first link that goes nowhere.
    pub fn resolve(&self, markup: &str) -> Result<String, Unresolved> {
        let labels = self
            .links
            .iter()
            .map(|(target, offset)| self.label_of(target, *offset))
            .collect::<Result<Vec<&str>, Unresolved>>()?;
        let mut out = String::with_capacity(markup.len());
        let mut parts = markup.split(MARK);
        out.push_str(parts.next().unwrap_or(""));
        // Marks come in pairs: a link's number, then the text up to the next link.
        while let (Some(number), Some(text)) = (parts.next(), parts.next()) {
            let label = number.parse().ok().and_then(|n: usize| labels.get(n));
            out.push_str(label.copied().unwrap_or(number));
            out.push_str(text);
        }
        Ok(out)
    }

    /// The label `target` goes to: a heading's own, or the one GitHub would give it. Should
    /// the two be different headings (GitHub's `#example-2` is the third "Example", ours the
    /// second), the link is refused rather than sent to one of them unasked.
    fn label_of(&self, target: &str, offset: usize) -> Result<&str, Unresolved> {
        match self.targets(target) {
            (Some(a), Some(b)) if a != b => Err(Unresolved {
                offset,
                message: format!("the link to `#{target}` could go to two headings"),
                help: format!(
                    "for the heading labelled `{a}` write {}, for `{b}` write {} (GitHub counts headings of one name from -1, the rulebook from -2)",
                    self.link_to(a),
                    self.link_to(b)
                ),
            }),
            (Some(label), _) | (None, Some(label)) => Ok(label),
            (None, None) => Err(self.unresolved(target, offset)),
        }
    }

    /// The heading `link` names by the rulebook's rule, and by GitHub's.
    fn targets(&self, link: &str) -> (Option<&str>, Option<&str>) {
        let decoded = percent_decoded(link);
        let own = self.labels.get(&slugify(&decoded)).map(String::as_str);
        let github = self
            .aliases
            .get(&decoded.to_lowercase())
            .map(String::as_str);
        (own, github)
    }

    /// A link that goes to `label` and nowhere else, for a message: the label itself, or
    /// else its heading's GitHub form.
    fn link_to(&self, label: &str) -> String {
        let alone = |link: &str| match self.targets(link) {
            (Some(a), Some(b)) => a == label && b == label,
            (Some(a), None) | (None, Some(a)) => a == label,
            (None, None) => false,
        };
        if alone(label) {
            return format!("`#{label}`");
        }
        match self.aliases.iter().find(|(a, l)| *l == label && alone(a)) {
            Some((alias, _)) => format!("`#{alias}`"),
            // `# A`, `# A`, `# A-1`: GitHub's `#a-1` is the second A, the rulebook's A-1.
            None => "(no link reaches it alone: rename it)".to_owned(),
        }
    }

    fn unresolved(&self, target: &str, offset: usize) -> Unresolved {
        let headings: Vec<&str> = self.in_order.iter().map(String::as_str).collect();
        let slug = slugify(&percent_decoded(target));
        let help = match crate::error::nearest(&slug, headings.iter().copied()) {
            Some(near) => format!("did you mean {}?", self.link_to(near)),
            None if headings.is_empty() => "the rules have no heading".to_owned(),
            None => {
                let listed: Vec<String> = headings
                    .iter()
                    .take(LISTED)
                    .map(|h| self.link_to(h))
                    .collect();
                let more = match headings.len().saturating_sub(LISTED) {
                    0 => String::new(),
                    n => format!(" and {n} more"),
                };
                format!(
                    "a heading's link is its name in lower case, words joined by hyphens: {}{more}",
                    listed.join(", ")
                )
            }
        };
        Unresolved {
            offset,
            message: format!("the link to `#{target}` goes to no heading"),
            help,
        }
    }
}

/// `text` without the character that marks links (a noncharacter, so nothing is lost).
pub fn unmarked(text: &str) -> std::borrow::Cow<'_, str> {
    match text.contains(MARK) {
        true => text.replace(MARK, "").into(),
        false => text.into(),
    }
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
fn github_slug(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// `%C3%A7a` → `ça`; anything that is no valid escape stays as written.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Headings, then links, resolved: each link's label or the message of the first failure.
    fn resolve(headings: &[&str], links: &[&str]) -> Result<Vec<String>, String> {
        let mut a = Anchors::default();
        for h in headings {
            a.heading(h);
        }
        let markup: Vec<String> = links.iter().map(|l| a.link(l, 0)).collect();
        let out = a
            .resolve(&markup.join("\n"))
            .map_err(|u| format!("{} / {}", u.message, u.help))?;
        Ok(out
            .lines()
            .map(|l| {
                l.trim_start_matches("label(\"")
                    .trim_end_matches("\")")
                    .to_owned()
            })
            .collect())
    }

    #[test]
    fn a_link_takes_our_slug_and_the_anchors_editors_write() {
        let headings = [
            "Player's Turn",
            "What's next?",
            "Q&A",
            "Example",
            "Example",
            "Ça va",
        ];
        let links = [
            "players-turn",
            "Player's-Turn",
            "whats-next",
            "qa",
            "example-1",
            "example-2",
            "%C3%A7a-va",
        ];
        assert_eq!(
            resolve(&headings, &links).unwrap(),
            [
                "player-s-turn",
                "player-s-turn",
                "what-s-next",
                "q-a",
                "example-2",
                "example-2",
                "ça-va"
            ]
        );
    }

    #[test]
    fn a_link_that_could_go_to_two_headings_is_refused() {
        // GitHub's `#example-2` is the third "Example"; the rulebook's, the second.
        let e = resolve(&["Example", "Example", "Example"], &["example-2"]).unwrap_err();
        assert!(
            e.starts_with("the link to `#example-2` could go to two headings"),
            "{e}"
        );
        assert!(
            e.contains("for the heading labelled `example-2` write `#example-1`, for `example-3` write `#example-3`"),
            "{e}"
        );
        // Suggestions are links that go to one heading.
        let e = resolve(&["Example", "Example", "Example"], &["example-2x"]).unwrap_err();
        assert!(e.ends_with("did you mean `#example-1`?"), "{e}");
        // "QA" is `#qa` by both rules, and "Q&A" is `#qa` by GitHub's.
        assert!(resolve(&["Q&A", "QA"], &["qa"]).is_err());
        // No link reaches "A-1" alone: GitHub's `#a-1` is the second "A".
        let e = resolve(&["A", "A", "A-1"], &["a-1"]).unwrap_err();
        assert!(
            e.contains("labelled `a-1` write (no link reaches it alone: rename it)"),
            "{e}"
        );
        assert_eq!(resolve(&["Q&A", "QA"], &["q-a"]).unwrap(), ["q-a"]);
    }

    #[test]
    fn a_link_to_no_heading_lists_a_few_headings() {
        let many: Vec<String> = (0..30).map(|i| format!("Rule {i}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let e = resolve(&many, &["zzzz"]).unwrap_err();
        assert!(
            e.starts_with("the link to `#zzzz` goes to no heading"),
            "{e}"
        );
        assert!(e.ends_with("`#rule-10`, `#rule-11` and 18 more"), "{e}");
        let e = resolve(&["Setup"], &["setpu"]).unwrap_err();
        assert!(e.ends_with("did you mean `#setup`?"), "{e}");
    }

    #[test]
    fn the_mark_in_the_text_is_dropped_before_links_are_marked() {
        let mut a = Anchors::default();
        a.heading("Setup");
        let text = format!("a{MARK}1{MARK}b ");
        let markup = format!("{}{}", unmarked(&text), a.link("setup", 0));
        assert_eq!(a.resolve(&markup).ok().unwrap(), "a1b label(\"setup\")");
    }

    #[test]
    fn percent_escapes_decode_and_broken_ones_stay() {
        assert_eq!(percent_decoded("%C3%A7a%20va"), "ça va");
        assert_eq!(percent_decoded("100%-sure%zz%+1"), "100%-sure%zz%+1");
    }
}
