//! Finding the component counts a rulebook states.
//!
//! Rulebooks state counts in many layouts: `- 24 Yellow Alerts (Level 1)`,
//! `**70x Loot Cards:** 40x Tier 1 (3c), 20x Tier 2 (8c)`, `113 OPS CARDS`,
//! `Shuffle the 120-card Facility Deck`, `6 System Cards (Jump Core, Teleporter, ...)`.
//! The scanner looks for a number followed by a known component name (the manifest's names and
//! aliases, compared without case, punctuation or plural `s`), and reads the counts that follow
//! on the same line as parts of the first entry the line names. A bracketed list of names after
//! a count must not hold more names than the count.
//!
//! Counts written as Tera expressions (`{{ ... }}`) come from the data and are skipped.

use serde::Serialize;

/// A count the rules state for a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statement {
    /// 1-based line in `rules.md`.
    pub line: usize,
    pub count: u32,
    /// The phrase as written, for messages.
    pub text: String,
}

/// What a scan found: statements under their (normalised) name path, and list problems.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    pub statements: Vec<(Vec<String>, Statement)>,
    pub problems: Vec<String>,
}

/// Lower case, punctuation removed, plural `s` dropped from each word.
pub fn normalise(name: &str) -> String {
    words(name).join(" ")
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
                w[..w.len() - 1].to_owned()
            } else {
                w
            }
        })
        .collect()
}

/// Removes Markdown emphasis and Tera expressions, keeping character positions meaningful.
fn clean(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        out.push_str(" § ");
        rest = match rest[start..].find("}}") {
            Some(end) => &rest[start + end + 2..],
            None => "",
        };
    }
    out.push_str(rest);
    out.replace("**", "")
        .replace(['*', '`', '[', ']', '#'], "")
        .replace('×', "x")
}

/// A number at byte `i` of `s`, with what follows it: (count, byte index after the number and
/// its `x`/`-card` suffix). Rejects ordinals, prices and percentages (`4th`, `3c`, `10%`).
fn number_at(s: &str, i: usize) -> Option<(u32, usize)> {
    let bytes = s.as_bytes();
    if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'.') {
        return None;
    }
    let mut j = i;
    while j < bytes.len() && bytes[j].is_ascii_digit() {
        j += 1;
    }
    if j == i {
        return None;
    }
    // "tier 3 Apex Stalkers", "Day 1 quota": a label, not a count.
    let before = s[..i].trim_end();
    let prev_word: String = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase();
    const LABELS: [&str; 14] = [
        "tier", "level", "day", "rank", "step", "phase", "page", "slot", "round", "turn", "line",
        "chapter", "no", "number",
    ];
    if LABELS.contains(&prev_word.as_str()) {
        return None;
    }
    let n: u32 = s[i..j].parse().ok()?;
    let rest = &s[j..];
    let skip = if let Some(r) = rest.strip_prefix(['x', 'X']) {
        // "70x Loot" or "70 x Loot"
        if r.starts_with(' ') { 1 } else { return None }
    } else if rest.starts_with(" x ") || rest.starts_with(" X ") {
        2
    } else if let Some(r) = rest.strip_prefix('-') {
        // "120-card Facility Deck": skip the unit word.
        let unit = r.find(' ').unwrap_or(r.len());
        if r[..unit].chars().all(char::is_alphabetic) && unit > 0 {
            1 + unit
        } else {
            return None;
        }
    } else if rest.starts_with(' ') {
        0
    } else {
        return None;
    };
    Some((n, j + skip))
}

/// Scans `source` for counts of `names` (each with its parent name, if it is a part).
pub fn scan(source: &str, names: &[(String, Vec<String>)]) -> Scan {
    let known: Vec<(Vec<String>, Option<String>, String)> = names
        .iter()
        .map(|(n, parent)| (words(n), parent.first().map(|p| normalise(p)), normalise(n)))
        .filter(|(w, _, _)| !w.is_empty())
        .collect();
    let mut scan = Scan::default();
    let mut fenced = false;
    for (index, raw) in source.lines().enumerate() {
        let line_no = index + 1;
        if raw.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let line = clean(raw);
        let mut main: Option<String> = None;
        let mut i = 0;
        while i < line.len() {
            if !line.is_char_boundary(i) || !line.as_bytes()[i].is_ascii_digit() {
                i += 1;
                continue;
            }
            let Some((count, after)) = number_at(&line, i) else {
                while i < line.len() && line.as_bytes()[i].is_ascii_digit() {
                    i += 1;
                }
                continue;
            };
            let rest = &line[after..];
            let rest_words = words(rest);
            // The longest known name the text continues with; parts of the line's main entry
            // win over other names.
            let best = known
                .iter()
                .filter(|(w, _, _)| rest_words.len() >= w.len() && rest_words[..w.len()] == w[..])
                .max_by_key(|(w, parent, _)| {
                    let is_part_of_main = parent.is_some() && parent.as_ref() == main.as_ref();
                    (is_part_of_main, w.len())
                });
            let Some((w, parent, norm)) = best else {
                i = after.max(i + 1);
                continue;
            };
            let path = match (parent, &main) {
                (Some(p), Some(m)) if p == m => vec![p.clone(), norm.clone()],
                _ => vec![norm.clone()],
            };
            // The phrase: the number through the name.
            let name_end = end_of_words(rest, w.len());
            let text = format!("{}{}", &line[i..after], &rest[..name_end])
                .trim()
                .to_owned();
            if main.is_none() {
                main = Some(norm.clone());
            }
            // A bracketed list of names right after the name.
            let tail = rest[name_end..].trim_start();
            if let Some(list) = tail.strip_prefix('(').and_then(|t| t.split(')').next()) {
                let items: Vec<&str> = list
                    .split([',', ';'])
                    .flat_map(|p| p.split(" and "))
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .collect();
                let elided = items.iter().any(|p| p.contains("...") || p.contains('…'));
                if items.len() >= 2 && !elided && items.len() as u32 > count {
                    scan.problems.push(format!(
                        "line {line_no}: \"{text}\" but the list that follows names {}",
                        items.len()
                    ));
                }
            }
            scan.statements.push((
                path,
                Statement {
                    line: line_no,
                    count,
                    text,
                },
            ));
            i = after + name_end;
        }
    }
    scan
}

/// Byte length of the first `n` words of `s`.
fn end_of_words(s: &str, n: usize) -> usize {
    let mut seen = 0;
    let mut in_word = false;
    for (i, c) in s.char_indices() {
        let w = c.is_alphanumeric();
        if w && !in_word {
            seen += 1;
        }
        if !w && in_word && seen == n {
            return i;
        }
        in_word = w;
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[(&str, Option<&str>)]) -> Vec<(String, Vec<String>)> {
        list.iter()
            .map(|(n, p)| {
                (
                    n.to_string(),
                    p.map(|p| vec![p.to_string()]).unwrap_or_default(),
                )
            })
            .collect()
    }

    fn found(scan: &Scan) -> Vec<(String, u32, usize)> {
        scan.statements
            .iter()
            .map(|(p, s)| (p.join(" › "), s.count, s.line))
            .collect()
    }

    #[test]
    fn markdown_bullets_and_bold_nx_forms() {
        let src = "# Components\n* **70x Loot Cards (Exponential Value):** 40x Tier 1 (3c), 20x Tier 2 (8c), 10x Tier 3 (15c).\n- 24 Yellow Alerts (Level 1)\n";
        let n = names(&[
            ("Loot Cards", Some("Main Facility Deck")),
            ("Tier 1", Some("Loot Cards")),
            ("Tier 2", Some("Loot Cards")),
            ("Tier 3", Some("Loot Cards")),
            ("Yellow Alert", None),
        ]);
        let s = scan(src, &n);
        assert_eq!(
            found(&s),
            vec![
                ("loot card".into(), 70, 2),
                ("loot card › tier 1".into(), 40, 2),
                ("loot card › tier 2".into(), 20, 2),
                ("loot card › tier 3".into(), 10, 2),
                ("yellow alert".into(), 24, 3),
            ]
        );
    }

    #[test]
    fn capitalised_lines_and_unit_forms() {
        let src = "113 OPS CARDS\nShuffle the 120-card Facility Deck face-down.\nDraw the 4th red peg; pay 35c.\n";
        let n = names(&[
            ("Ops Cards", None),
            ("Facility Deck", None),
            ("Red Peg", None),
        ]);
        let s = scan(src, &n);
        assert_eq!(
            found(&s),
            vec![
                ("ops card".into(), 113, 1),
                ("facility deck".into(), 120, 2)
            ]
        );
    }

    #[test]
    fn a_name_list_longer_than_its_count_is_a_problem() {
        let src = "- 6 System Cards (Jump Core, Teleporter, Shields, Comm System, External Scanners, Computers, Internal Sensors, Trauma Station, Torpedo Tube, Security Station, Captain's Journal, Cargo Pod, Research Station)\n- 48 Skill Cards (Command, Engineering, Science, Tactical)\n";
        let n = names(&[("System Cards", None), ("Skill Cards", None)]);
        let s = scan(src, &n);
        assert_eq!(s.problems.len(), 1, "{:?}", s.problems);
        assert!(s.problems[0].contains("line 1") && s.problems[0].contains("names 13"));
        assert_eq!(found(&s).len(), 2);
    }

    #[test]
    fn tera_expressions_and_code_are_skipped() {
        let src = "{{ components.facility.copies }} Facility Deck\n```\n9 Facility Deck\n```\n";
        let s = scan(src, &names(&[("Facility Deck", None)]));
        assert!(s.statements.is_empty());
    }

    #[test]
    fn labels_are_not_counts() {
        let src = "10 Monster Reserve Cards: tier 3 Apex Stalkers that deal 3 damage.\n";
        let n = names(&[("Monster Reserve Cards", None), ("Apex Stalkers", None)]);
        assert_eq!(
            found(&scan(src, &n)),
            vec![("monster reserve card".into(), 10, 1)]
        );
    }

    #[test]
    fn plurals_and_case_do_not_matter() {
        assert_eq!(normalise("Telemetry Pegs"), normalise("TELEMETRY PEG"));
        assert_eq!(normalise("Boss"), "boss");
    }
}
