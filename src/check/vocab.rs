//! The words the rules check reads, per rulebook language: number words, the words that make
//! a count a label, a rate or an amount moved in play, the headings of a components section,
//! and how a name's plural is folded onto its singular.
//!
//! English is the default and the fallback for a language without its own list; German reads
//! `eins`/`ein`/`eine`/`einen`, `zwölf`, `achtundvierzig`, `je Spieler` and `pro Spieler`.

/// The words of one rulebook language.
#[derive(Debug)]
pub struct Vocab {
    /// The ISO 639-1 code.
    pub code: &'static str,
    /// `one` to `nineteen`, by value - 1.
    units: &'static [&'static str],
    /// `twenty` to `ninety`, by value / 10 - 2.
    tens: &'static [&'static str],
    /// Other spellings of one (German `ein`, `eine`, `einen`, ...).
    ones: &'static [&'static str],
    /// `hundred`.
    hundred: &'static str,
    /// `dozen`.
    dozen: &'static str,
    /// Articles that mean one inside a list (`a`, `an`).
    pub articles: &'static [&'static str],
    /// A units word is joined to its tens with this inside one word (German `und`).
    compound_and: Option<&'static str>,
    /// Words before a number that make it a label (`tier 3`, `day 1`).
    pub labels: &'static [&'static str],
    /// Verbs of play: a count right after one is an amount moved, not a total.
    pub play_verbs: &'static [&'static str],
    /// Two words right before a count that make it an amount of play or a limit (`up to 4`,
    /// `start with 3`).
    pub play_before2: &'static [[&'static str; 2]],
    /// Words that may stand between a count and its name (`40 double-sided Crew cards`,
    /// `2 6-sided dice`); after a number and a dash they are no unit (`6-sided`).
    pub adjectives: &'static [&'static str],
    /// Words right after a name that make its count a rate (`each`, `per`).
    pub rate_after: &'static [&'static str],
    /// Words after a count that make it a rate or a share, not a part (`15 per era`).
    pub per_words: &'static [&'static str],
    /// Words that join list items (`and`, `plus`).
    pub list_and: &'static [&'static str],
    /// Words that mark an elided list (`etc`).
    pub etc: &'static [&'static str],
    /// Phrases that introduce the parts of a count (`split into`).
    pub connectors: &'static [&'static [&'static str]],
    /// Explicit totals outside the section: a word right before the count (`all 20`).
    pub total_before: &'static [&'static str],
    /// Articles before a total (`of the 72`), after one of `total_before2`.
    pub total_articles: &'static [&'static str],
    pub total_before2: &'static [&'static str],
    /// Words before a `54-card` count that make it a total (`the`, `whole`).
    pub total_unit_before: &'static [&'static str],
    /// Words right after the name that make the count a total (`altogether`).
    pub total_after: &'static [&'static str],
    /// Two words after the name that do (`in all`).
    pub total_after2: &'static [[&'static str; 2]],
    /// Two words right before the count that say what the whole game holds (`game
    /// contains`, `box includes`).
    pub total_before_pair: &'static [[&'static str; 2]],
    /// Table headers of a count column and of a name column.
    pub count_headers: &'static [&'static str],
    pub name_headers: &'static [&'static str],
    /// Heading words and phrases of a components section, as written (folded when compared).
    pub section_words: &'static [&'static str],
    pub section_phrases: &'static [&'static str],
    /// A heading phrase that is not the section (`table of contents`).
    pub not_section: &'static [&'static str],
    /// The word a table cell may start with before the name (`the`).
    pub cell_articles: &'static [&'static str],
    /// Folds a lower-case word's plural onto its singular.
    fold: fn(&str) -> String,
}

impl Vocab {
    /// The vocabulary of `code` (`de`, `de-CH`); English for a language without its own.
    pub fn of(code: &str) -> &'static Vocab {
        match crate::model::lang::base(code).to_ascii_lowercase().as_str() {
            "de" => &GERMAN,
            _ => &ENGLISH,
        }
    }

    /// A word's singular, in lower case: what names are compared by.
    pub fn singular(&self, word: &str) -> String {
        (self.fold)(&word.to_lowercase())
    }

    /// The value of a units word (`seven`, German `sieben`, `eins`, `ein`).
    pub fn unit(&self, word: &str) -> Option<u32> {
        if self.ones.contains(&word) {
            return Some(1);
        }
        self.units
            .iter()
            .position(|u| *u == word)
            .and_then(|p| u32::try_from(p + 1).ok())
    }

    /// The value of a tens word (`forty`), or of a German compound (`achtundvierzig`).
    pub fn tens(&self, word: &str) -> Option<u32> {
        let plain = |w: &str| {
            self.tens
                .iter()
                .position(|u| *u == w)
                .and_then(|p| u32::try_from(p * 10 + 20).ok())
        };
        if let Some(v) = plain(word) {
            return Some(v);
        }
        let and = self.compound_and?;
        // `einundzwanzig`: the unit, `und`, the tens; `ein` is the unit's joining form.
        (1..word.len())
            .filter(|i| word.is_char_boundary(*i))
            .find_map(|i| {
                let (unit, rest) = word.split_at(i);
                let tens = plain(rest.strip_prefix(and)?)?;
                let u = if unit == "ein" { 1 } else { self.unit(unit)? };
                (u < 10).then_some(tens + u)
            })
    }

    pub fn is_hundred(&self, word: &str) -> bool {
        word == self.hundred
    }

    pub fn is_dozen(&self, word: &str) -> bool {
        word == self.dozen
    }

    /// Whether the language joins tens and units with a hyphen or space (`forty-eight`).
    pub fn separate_tens(&self) -> bool {
        self.compound_and.is_none()
    }
}

/// English irregular plurals, by their singular.
const IRREGULAR: [(&str, &str); 22] = [
    ("dice", "die"),
    ("people", "person"),
    ("children", "child"),
    ("geese", "goose"),
    ("mice", "mouse"),
    ("men", "man"),
    ("women", "woman"),
    ("teeth", "tooth"),
    ("feet", "foot"),
    ("oxen", "ox"),
    ("cacti", "cactus"),
    ("leaves", "leaf"),
    ("wolves", "wolf"),
    ("lives", "life"),
    ("knives", "knife"),
    ("halves", "half"),
    ("elves", "elf"),
    ("dwarves", "dwarf"),
    ("thieves", "thief"),
    ("shelves", "shelf"),
    ("wives", "wife"),
    ("staves", "staff"),
];

/// English: a plural and its singular folded onto one key (not always a word): irregular
/// plurals by a table, `berry`/`berries` both `berrie`, `box`/`boxes` both `boxe`,
/// `glasses` `glass`, then the plural `s` dropped (not from `ss` or short words).
fn english_singular(w: &str) -> String {
    let w = IRREGULAR
        .iter()
        .find(|(plural, _)| *plural == w)
        .map_or(w, |(_, singular)| singular);
    if let Some(stem) = w.strip_suffix("sses") {
        return format!("{stem}ss");
    }
    let mut key = w.to_owned();
    let consonant_y =
        w.len() > 3 && w.ends_with('y') && !w[..w.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        key.truncate(key.len() - 1);
        key.push_str("ie");
    } else if ["x", "ch", "sh", "z"].iter().any(|e| w.ends_with(e)) {
        key.push('e');
    }
    if key.chars().count() > 3 && key.ends_with('s') && !key.ends_with("ss") {
        key.pop();
    }
    key
}

/// German: umlauts folded and up to two plural or case endings dropped, so `Karte`,
/// `Karten`, `Bogen`, `Bögen`, `Marker`, `Markern`, `Token` and `Tokens` meet their pairs.
fn german_singular(w: &str) -> String {
    let mut s: String = w
        .chars()
        .map(|c| match c {
            'ä' => 'a',
            'ö' => 'o',
            'ü' => 'u',
            other => other,
        })
        .collect::<String>()
        .replace('ß', "ss");
    for _ in 0..2 {
        let Some(cut) = ["en", "er", "e", "n", "s"]
            .iter()
            .find(|e| s.ends_with(*e) && s.chars().count() >= e.len() + 3)
        else {
            break;
        };
        s.truncate(s.len() - cut.len());
    }
    s
}

pub static ENGLISH: Vocab = Vocab {
    code: "en",
    units: &[
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ],
    tens: &[
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ],
    ones: &[],
    hundred: "hundred",
    dozen: "dozen",
    articles: &["a", "an"],
    compound_and: None,
    labels: &[
        "tier", "level", "day", "rank", "step", "phase", "page", "slot", "round", "turn", "line",
        "chapter", "no", "number", "space", "era", "age",
    ],
    play_verbs: &[
        "take", "takes", "draw", "draws", "deal", "deals", "discard", "discards", "return",
        "returns", "gain", "gains", "spend", "spends", "use", "uses", "receive", "receives", "get",
        "gets", "place", "places", "put", "puts", "remove", "removes", "pay", "pays", "lose",
        "loses", "keep", "keeps", "hold", "holds", "choose", "chooses", "give", "gives", "reveal",
        "reveals", "roll", "rolls", "aside", "need", "needs", "worth", "most", "least",
    ],
    play_before2: &[
        ["up", "to"],
        ["start", "with"],
        ["starts", "with"],
        ["begin", "with"],
        ["begins", "with"],
    ],
    adjectives: &[
        "double",
        "single",
        "sided",
        "faced",
        "large",
        "small",
        "big",
        "tiny",
        "huge",
        "wooden",
        "wood",
        "cardboard",
        "plastic",
        "metal",
        "acrylic",
        "glass",
        "resin",
        "custom",
        "special",
        "blank",
        "standard",
        "thick",
        "thin",
        "mini",
        "jumbo",
        "premium",
        "punch",
        "out",
        "colour",
        "color",
        "coloured",
        "colored",
        "printed",
        "plain",
    ],
    rate_after: &["each", "per", "apiece"],
    per_words: &[
        "per", "each", "in", "of", "for", "to", "at", "from", "with", "on", "apiece", "a", "an",
    ],
    list_and: &["and", "plus"],
    etc: &["etc"],
    connectors: &[
        &["split", "into"],
        &["divided", "into"],
        &["sorted", "into"],
        &["made", "up", "of"],
        &["made", "of"],
        &["consisting", "of"],
        &["composed", "of"],
        &["comprising"],
    ],
    total_before: &["all"],
    total_articles: &["the"],
    total_before2: &["all", "of"],
    total_unit_before: &["the", "full", "entire", "whole"],
    total_after: &["altogether", "total"],
    total_after2: &[["in", "all"], ["in", "total"]],
    total_before_pair: &[
        ["game", "contains"],
        ["game", "includes"],
        ["box", "contains"],
        ["box", "includes"],
        ["kit", "contains"],
        ["kit", "includes"],
    ],
    count_headers: &[
        "#", "x", "×", "n", "no", "no.", "qty", "qty.", "quantity", "count", "number", "amount",
        "how many", "copies", "pcs", "total",
    ],
    name_headers: &[
        "component",
        "components",
        "item",
        "items",
        "name",
        "contents",
        "piece",
        "what",
    ],
    section_words: &["component", "content", "manifest", "inventory"],
    section_phrases: &[
        "in the box",
        "in the kit",
        "inside the box",
        "box content",
        "what you get",
        "what you need",
        "in this box",
    ],
    not_section: &["table of content"],
    cell_articles: &["the"],
    fold: english_singular,
};

pub static GERMAN: Vocab = Vocab {
    code: "de",
    units: &[
        "eins",
        "zwei",
        "drei",
        "vier",
        "fünf",
        "sechs",
        "sieben",
        "acht",
        "neun",
        "zehn",
        "elf",
        "zwölf",
        "dreizehn",
        "vierzehn",
        "fünfzehn",
        "sechzehn",
        "siebzehn",
        "achtzehn",
        "neunzehn",
    ],
    tens: &[
        "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig",
    ],
    ones: &["ein", "eine", "einen", "einem", "einer", "eines"],
    hundred: "hundert",
    dozen: "dutzend",
    articles: &[],
    compound_and: Some("und"),
    labels: &[
        "stufe",
        "level",
        "tag",
        "rang",
        "schritt",
        "phase",
        "seite",
        "feld",
        "runde",
        "zug",
        "zeile",
        "kapitel",
        "nr",
        "nummer",
        "ära",
        "zeitalter",
        "abschnitt",
    ],
    play_verbs: &[
        "nimm",
        "nimmt",
        "nehmt",
        "nehmen",
        "ziehe",
        "zieh",
        "zieht",
        "ziehen",
        "teile",
        "teilt",
        "lege",
        "legt",
        "legen",
        "wirf",
        "wirft",
        "gib",
        "gibt",
        "gebt",
        "geben",
        "erhalte",
        "erhält",
        "erhaltet",
        "erhalten",
        "verdiene",
        "verdient",
        "bekommst",
        "bekommt",
        "bekommen",
        "zahle",
        "zahlt",
        "zahlen",
        "bezahle",
        "bezahlt",
        "verliere",
        "verliert",
        "verlieren",
        "behalte",
        "behält",
        "behaltet",
        "wähle",
        "wählt",
        "wählen",
        "setze",
        "setzt",
        "entferne",
        "entfernt",
        "halte",
        "hält",
        "decke",
        "deckt",
        "gewinne",
        "gewinnt",
        "ausgeben",
        "ausgibt",
        "verwende",
        "verwendet",
        "nutze",
        "nutzt",
    ],
    play_before2: &[["bis", "zu"], ["höchstens", "zu"]],
    adjectives: &[
        "doppelseitige",
        "doppelseitigen",
        "seitige",
        "seitigen",
        "große",
        "großen",
        "kleine",
        "kleinen",
        "hölzerne",
        "hölzernen",
        "holz",
        "leere",
        "leeren",
    ],
    rate_after: &["je", "pro", "jeweils"],
    per_words: &[
        "je", "pro", "jeweils", "in", "im", "von", "vom", "für", "zu", "zum", "zur", "an", "am",
        "aus", "mit", "auf",
    ],
    list_and: &["und", "sowie", "plus"],
    etc: &["usw"],
    connectors: &[
        &["aufgeteilt", "in"],
        &["aufgeteilt", "auf"],
        &["unterteilt", "in"],
        &["sortiert", "in"],
        &["bestehend", "aus"],
        &["davon"],
    ],
    total_before: &["alle", "alles", "sämtliche", "insgesamt"],
    total_articles: &["die", "der", "den", "dem"],
    total_before2: &["alle", "von", "aus"],
    total_unit_before: &[
        "das",
        "der",
        "die",
        "den",
        "dem",
        "ganze",
        "ganzen",
        "gesamte",
        "gesamten",
        "vollständige",
        "vollständigen",
    ],
    total_after: &["insgesamt", "zusammen"],
    total_after2: &[["im", "ganzen"], ["in", "summe"]],
    total_before_pair: &[
        ["spiel", "enthält"],
        ["schachtel", "enthält"],
        ["kit", "enthält"],
    ],
    count_headers: &[
        "#",
        "x",
        "×",
        "n",
        "nr",
        "nr.",
        "anzahl",
        "menge",
        "stück",
        "stk",
        "stk.",
        "zahl",
        "gesamt",
        "kopien",
        "wie viele",
    ],
    name_headers: &[
        "komponente",
        "komponenten",
        "teil",
        "teile",
        "name",
        "inhalt",
        "material",
        "was",
    ],
    section_words: &[
        "komponente",
        "inhalt",
        "spielmaterial",
        "material",
        "bestandteile",
        "lieferumfang",
        "manifest",
    ],
    section_phrases: &[
        "im kit",
        "in der schachtel",
        "in der box",
        "im karton",
        "in der spielschachtel",
        "was du brauchst",
        "was ihr braucht",
    ],
    not_section: &["inhaltsverzeichnis"],
    cell_articles: &["der", "die", "das"],
    fold: german_singular,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_plurals_meet_their_singulars() {
        let e = &ENGLISH;
        for (a, b) in [
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
        ] {
            assert_eq!(e.singular(a), e.singular(b), "{a} / {b}");
        }
        assert_ne!(e.singular("Card"), e.singular("Cart"));
    }

    #[test]
    fn german_plurals_meet_their_singulars() {
        let g = &GERMAN;
        for (a, b) in [
            ("Karte", "Karten"),
            ("Bogen", "Bögen"),
            ("Marker", "Markern"),
            ("Token", "Tokens"),
            ("Uhr", "Uhren"),
            ("Würfel", "Würfeln"),
            ("Deck", "Decks"),
        ] {
            assert_eq!(g.singular(a), g.singular(b), "{a} / {b}");
        }
        assert_ne!(g.singular("Karte"), g.singular("Kante"));
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
        assert!(std::ptr::eq(Vocab::of("de-CH"), &GERMAN));
        assert!(std::ptr::eq(Vocab::of("fr"), &ENGLISH));
    }
}
