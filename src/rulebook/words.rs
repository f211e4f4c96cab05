//! The words protopress itself prints in a rulebook and a kit (cover lines, the printing
//! guide, the checklist, the calibration sheet, blank pages, credits), per language, so a
//! German kit does not wrap German rules in English pages. Each phrase is Typst markup.

/// The kit's own phrases in one language.
pub struct Words {
    /// The cover's facts: players, minutes and age, `{}` standing for the number.
    pub facts: [&'static str; 3],
    pub kit: &'static str,
    pub rulebook: &'static str,
    /// "{what} · revision {rev}": what the book is and its revision.
    pub edition: &'static str,
    /// A date: `{dd}` the day with two digits, `{d}` without padding, `{month}`, `{year}`.
    pub date: &'static str,
    pub months: [&'static str; 12],
    pub made_with: &'static str,
    pub contents: &'static str,
    pub blank: &'static str,
    pub guide: Guide,
    pub checklist: Checklist,
    pub calibration: Calibration,
    pub credits: Credits,
}

/// The page "How to print this kit".
pub struct Guide {
    pub title: &'static str,
    /// The print job of a duplex kit; `{flip}` is `long_edge` or `short_edge`.
    pub duplex_job: &'static str,
    pub gutter_fold_job: &'static str,
    /// The print job of a print-and-cut kit; `{cutter}` names the cutting machine.
    pub print_and_cut_job: &'static str,
    pub parts: &'static str,
    /// How many sheets a duplex kit takes: `{total}` sheets of `{paper}`, `{plain}` of them
    /// plain paper and `{card}` cardstock.
    pub sheets_duplex: &'static str,
    /// The same for a single-sided kit.
    pub sheets_single: &'static str,
    /// Pages, What, Paper, Print, Then.
    pub heads: [&'static str; 5],
    pub long_edge: &'static str,
    pub short_edge: &'static str,
    pub rules_and_components: &'static str,
    pub plain: &'static str,
    pub cardstock: &'static str,
    pub duplex_or_single: &'static str,
    pub single: &'static str,
    pub single_blank_backs: &'static str,
    pub keep: &'static str,
    pub calibrate: &'static str,
    pub parts_to_buy: &'static str,
    /// "{name} ({pieces})", the pieces counted by [`Words::pieces`].
    pub component: &'static str,
    /// After how a sheet prints, for a sheet printed several times; `{n}` is how many.
    pub copies: &'static str,
    pub finishing: Finishing,
}

/// What to do with a component's pieces once printed.
pub struct Finishing {
    pub crop_marks: &'static str,
    pub outlines: &'static str,
    pub layered_dashboard: &'static str,
    pub tiled_board: &'static str,
    pub die: &'static str,
    pub standee: &'static str,
    pub other: &'static str,
    pub gutter_fold: &'static str,
    pub print_and_cut: &'static str,
    /// Print-and-cut pieces with scored folds (dice, standees).
    pub print_and_cut_fold: &'static str,
    /// Print-and-cut dashboards with a top layer (the machine cuts its windows).
    pub print_and_cut_layered: &'static str,
}

/// The components page: the counting checklist and the parts to buy.
pub struct Checklist {
    pub title: &'static str,
    pub intro: &'static str,
    /// One piece, Component, Count.
    pub heads: [&'static str; 3],
    /// Before a component's page numbers: one page, several pages.
    pub page: &'static str,
    pub pages: &'static str,
    pub buy_title: &'static str,
    pub buy_intro: &'static str,
    /// Part, Count, Printed stand-in.
    pub buy_heads: [&'static str; 3],
    /// Cards, tokens, dashboard, board, die, standee, bought: as `ComponentKind::name`.
    pub kinds: [(&'static str, &'static str); 7],
}

/// The duplex calibration sheet.
pub struct Calibration {
    pub title: &'static str,
    pub front: &'static str,
    pub back_title: &'static str,
    pub back: &'static str,
}

/// The credits section.
pub struct Credits {
    pub title: &'static str,
    pub fonts: &'static str,
    pub icons: &'static str,
    pub tool: &'static str,
    /// Between the last two fonts of one maker: "Noto Emoji and Noto Sans".
    pub and: &'static str,
    /// A game's own font; `{}` is its family.
    pub own_font: &'static str,
    /// Icons the game brings without a credit of their own.
    pub no_icon_credits: &'static str,
    /// After the built-in icon set's credit, the icons of it a kit uses; `{}` is their list.
    pub icons_used: &'static str,
}

impl Words {
    /// A date as this language writes it.
    pub fn date(&self, (year, month, day): (i32, u8, u8)) -> String {
        let name = self.months[usize::from(month.clamp(1, 12)) - 1];
        self.date
            .replace("{dd}", &format!("{day:02}"))
            .replace("{d}", &day.to_string())
            .replace("{month}", name)
            .replace("{year}", &year.to_string())
    }

    /// "What · revision rev".
    pub fn edition(&self, what: &str, rev: &str) -> String {
        self.edition.replace("{what}", what).replace("{rev}", rev)
    }

    /// A count of a component's pieces for the printing guide: "1 card", "6 dashboards" in
    /// English, "6× Tableau" in German (the form the German rulebook uses).
    pub fn pieces(&self, count: u32, kind: &str) -> String {
        if std::ptr::eq(self, &GERMAN) {
            return format!("{count}× {}", self.kind(kind));
        }
        let noun = match (kind, count) {
            ("cards", 1) => "card",
            ("tokens", 1) => "token",
            ("dashboard" | "board" | "standee", 1) => kind,
            ("dashboard", _) => "dashboards",
            ("board", _) => "boards",
            ("standee", _) => "standees",
            ("die", 1) => "die",
            ("die", _) => "dice",
            (k, _) => k,
        };
        format!("{count} {noun}")
    }

    /// A component kind's name (`cards`, `die`) in this language.
    pub fn kind<'a>(&self, kind: &'a str) -> &'a str {
        self.checklist
            .kinds
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(kind, |(_, word)| word)
    }
}

/// The words of a language code (`de`, `de-CH`): the region is ignored, and a language
/// protopress does not speak yet gets English.
pub fn words(lang: &str) -> &'static Words {
    crate::model::lang::english_or_german(lang, &ENGLISH, &GERMAN)
}

/// The cover's facts (players, minutes, age) of a language code. French and Spanish covers
/// have their facts ahead of the rest of the kit's words.
pub fn cover_facts(lang: &str) -> [&'static str; 3] {
    match lang.split(['-', '_']).next().unwrap_or(lang) {
        "fr" => ["{} joueurs", "{} minutes", "dès {} ans"],
        "es" => ["{} jugadores", "{} minutos", "desde {} años"],
        _ => words(lang).facts,
    }
}

pub static ENGLISH: Words = Words {
    facts: ["{} players", "{} minutes", "ages {}+"],
    kit: "Print-and-play kit",
    rulebook: "Rulebook",
    edition: "{what} · revision {rev}",
    date: "{dd} {month} {year}",
    months: [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    made_with: "Made with protopress",
    contents: "Contents",
    blank: "This page is intentionally blank.",
    guide: Guide {
        title: "How to print this kit",
        duplex_job: "The whole PDF prints as *one duplex job* ({flip}), at *100 % (actual size)*: every card front is on an odd page with its back on the next page, and single-sided sheets are followed by a page marked _intentionally blank_, so nothing prints on their back.",
        gutter_fold_job: "The whole PDF prints as *one single-sided job*, at *100 % (actual size)*: no duplex printer needed. Card sheets are *gutter-fold*: fold each on its dashed line with the printed sides out, glue the blank sides together, then cut through both layers at the crop marks.",
        print_and_cut_job: "The whole PDF prints as *one single-sided job*, at *100 % (actual size)*. The sheets carry the registration marks of a {cutter} cutting machine: open each sheet's file from the `cut/` folder that comes with this kit in the machine's software, let it read the marks, and cut.",
        parts: "To print a part on its own, choose its pages below. Every sheet carries a ruler: measure it before cutting.",
        sheets_duplex: "The kit takes *{total} sheets of {paper}*, printed on both sides: {plain} of plain paper, {card} of cardstock.",
        sheets_single: "The kit takes *{total} sheets of {paper}*, printed on one side: {plain} of plain paper, {card} of cardstock.",
        heads: ["Pages", "What", "Paper", "Print", "Then"],
        long_edge: "duplex, flip on the long edge",
        short_edge: "duplex, flip on the short edge",
        rules_and_components: "Rules and components",
        plain: "plain",
        cardstock: "cardstock",
        duplex_or_single: "duplex or single-sided",
        single: "single-sided",
        single_blank_backs: "single-sided (blank backs)",
        keep: "Keep as the rulebook.",
        calibrate: "Hold to the light and read where the cross falls; its back page says what to do if it is off.",
        parts_to_buy: "Parts to buy",
        component: "{name} ({pieces})",
        copies: "*{n} copies*",
        finishing: Finishing {
            crop_marks: "Cut along the crop marks.",
            outlines: "Cut along the outlines.",
            layered_dashboard: "Cut out the hatched windows of each top layer, glue it onto its base, cut along the crop marks.",
            tiled_board: "Cut each tile at its crop marks, lay each one over the dashed strip of its neighbour with crosses on crosses, glue.",
            die: "Cut the solid lines, fold the dashed ones, glue the grey tabs inside.",
            standee: "Cut out, fold on the dashed lines, fold the grey bases outwards.",
            other: "Keep for reference.",
            gutter_fold: "Fold on the dashed line, printed sides out; glue the blank sides; cut along the crop marks through both layers.",
            print_and_cut: "Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it).",
            print_and_cut_fold: "Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it); fold the scored lines.",
            print_and_cut_layered: "Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it), windows and all; glue each top layer onto its base.",
        },
    },
    checklist: Checklist {
        title: "Components",
        intro: "Count the pieces once they are cut, and tick each line. The pages are those of this PDF; print the sheets at 100 % (actual size), duplex where a sheet has backs.",
        heads: ["One piece", "Component", "Count"],
        page: "page",
        pages: "pages",
        buy_title: "Parts to buy",
        buy_intro: "Not printed. Buy them, or use the printed stand-in named beside each.",
        buy_heads: ["Part", "Count", "Printed stand-in"],
        kinds: [
            ("cards", "cards"),
            ("tokens", "tokens"),
            ("dashboard", "dashboard"),
            ("board", "board"),
            ("die", "die"),
            ("standee", "standee"),
            ("bought", "bought"),
        ],
    },
    calibration: Calibration {
        title: "Duplex calibration",
        front: "Print this page and the next one on one sheet of plain paper, duplex, with the same printer settings as your card sheets. Hold the sheet against a window or a lamp with the *scale side* facing you and read where this cross shows through.",
        back_title: "Duplex calibration: the back",
        back: "Where does the centre of the cross from the front fall on these scales? On 0, 0 every back lands behind its front: print the card sheets as they are. A millimetre off hardly shows. Further off, note the two readings in millimetres (*x* to the right, *y* down), then shift the back side by those amounts, towards where the cross fell, in your printer's settings (often called image shift or back-side margin), and print this sheet again to check. Keep the setting for the card sheets.",
    },
    credits: Credits {
        title: "Credits",
        fonts: "Type.",
        icons: "Icons.",
        tool: "*Typeset and imposed* with protopress.",
        and: "and",
        own_font: "{}, the game's own typeface, under the licence of its makers",
        no_icon_credits: "Icons drawn or chosen by the game's maker.",
        icons_used: "This game uses {} from it.",
    },
};

pub static GERMAN: Words = Words {
    facts: ["{} Spieler", "{} Minuten", "ab {} Jahren"],
    kit: "Print-and-Play-Kit",
    rulebook: "Regelheft",
    edition: "{what} · Fassung {rev}",
    date: "{d}. {month} {year}",
    months: [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    made_with: "Gemacht mit protopress",
    contents: "Inhalt",
    blank: "Diese Seite bleibt absichtlich leer.",
    guide: Guide {
        title: "So druckt ihr dieses Kit",
        duplex_job: "Das ganze PDF wird als *ein beidseitiger Druckauftrag* ({flip}) gedruckt, in *100~% (Originalgröße)*: Jede Kartenvorderseite steht auf einer ungeraden Seite und ihre Rückseite auf der nächsten. Auf einseitige Bögen folgt eine Seite mit dem Vermerk _absichtlich leer_, damit nichts auf ihre Rückseite gedruckt wird.",
        gutter_fold_job: "Das ganze PDF wird als *ein einseitiger Druckauftrag* gedruckt, in *100~% (Originalgröße)*: Ein Duplexdrucker ist nicht nötig. Die Kartenbögen werden *gefaltet*: Knickt jeden Bogen an seiner gestrichelten Linie, die bedruckten Seiten nach außen, klebt die leeren Seiten zusammen und schneidet dann an den Schnittmarken durch beide Lagen.",
        print_and_cut_job: "Das ganze PDF wird als *ein einseitiger Druckauftrag* gedruckt, in *100~% (Originalgröße)*. Die Bögen tragen die Passermarken eines Schneideplotters ({cutter}): Öffnet die Datei jedes Bogens aus dem Ordner `cut/`, der zu diesem Kit gehört, in der Software der Maschine, lasst sie die Marken lesen und schneidet.",
        parts: "Wollt ihr nur einen Teil drucken, wählt unten seine Seiten. Jeder Bogen trägt ein Lineal: Messt es nach, bevor ihr schneidet.",
        sheets_duplex: "Das Kit braucht *{total} Bogen {paper}*, beidseitig bedruckt: {plain} Normalpapier, {card} Karton.",
        sheets_single: "Das Kit braucht *{total} Bogen {paper}*, einseitig bedruckt: {plain} Normalpapier, {card} Karton.",
        heads: ["Seiten", "Was", "Papier", "Druck", "Danach"],
        long_edge: "beidseitig, lange Kante",
        short_edge: "beidseitig, kurze Kante",
        rules_and_components: "Regeln und Spielmaterial",
        plain: "Normalpapier",
        cardstock: "Karton",
        duplex_or_single: "beidseitig oder einseitig",
        single: "einseitig",
        single_blank_backs: "einseitig (leere Rückseiten)",
        keep: "Als Regelheft aufbewahren.",
        calibrate: "Gegen das Licht halten und ablesen, wo das Kreuz liegt; seine Rückseite sagt, was zu tun ist, wenn es danebenliegt.",
        parts_to_buy: "Teile zum Kaufen",
        component: "{name} ({pieces})",
        copies: "*{n}-mal drucken*",
        finishing: Finishing {
            crop_marks: "An den Schnittmarken schneiden.",
            outlines: "An den Umrissen ausschneiden.",
            layered_dashboard: "Die schraffierten Fenster jeder oberen Lage ausschneiden, die Lage auf ihren Unterbogen kleben, an den Schnittmarken schneiden.",
            tiled_board: "Jedes Teilstück an seinen Schnittmarken schneiden, über den gestrichelten Streifen seines Nachbarn legen, Kreuz auf Kreuz, kleben.",
            die: "Die durchgezogenen Linien schneiden, die gestrichelten falten, die grauen Laschen innen festkleben.",
            standee: "Ausschneiden, an den gestrichelten Linien falten, die grauen Füße nach außen knicken.",
            other: "Zum Nachschlagen aufbewahren.",
            gutter_fold: "An der gestrichelten Linie falten, bedruckte Seiten nach außen; die leeren Seiten zusammenkleben; an den Schnittmarken durch beide Lagen schneiden.",
            print_and_cut: "Jeden Bogen mit seiner Datei aus `cut/` auf dem Schneideplotter schneiden (das Bogenetikett nennt sie).",
            print_and_cut_fold: "Jeden Bogen mit seiner Datei aus `cut/` auf dem Schneideplotter schneiden (das Bogenetikett nennt sie); die gerillten Linien falten.",
            print_and_cut_layered: "Jeden Bogen mit seiner Datei aus `cut/` auf dem Schneideplotter schneiden (das Bogenetikett nennt sie), samt Fenstern; jede obere Lage auf ihren Unterbogen kleben.",
        },
    },
    checklist: Checklist {
        title: "Spielmaterial",
        intro: "Zählt die Teile, sobald sie ausgeschnitten sind, und hakt jede Zeile ab. Die Seitenzahlen beziehen sich auf dieses PDF; druckt die Bögen in 100~% (Originalgröße), beidseitig, wo ein Bogen Rückseiten hat.",
        heads: ["Ein Teil", "Bestandteil", "Anzahl"],
        page: "Seite",
        pages: "Seiten",
        buy_title: "Teile zum Kaufen",
        buy_intro: "Nicht gedruckt. Kauft sie oder nehmt den gedruckten Ersatz, der daneben steht.",
        buy_heads: ["Teil", "Anzahl", "Gedruckter Ersatz"],
        kinds: [
            ("cards", "Karte"),
            ("tokens", "Marker"),
            ("dashboard", "Tableau"),
            ("board", "Spielplan"),
            ("die", "Würfel"),
            ("standee", "Aufsteller"),
            ("bought", "Kaufteil"),
        ],
    },
    calibration: Calibration {
        title: "Duplex-Kalibrierung",
        front: "Druckt diese und die nächste Seite beidseitig auf ein Blatt Normalpapier, mit denselben Druckereinstellungen wie eure Kartenbögen. Haltet das Blatt gegen ein Fenster oder eine Lampe, die *Seite mit den Skalen* zu euch, und lest ab, wo dieses Kreuz durchscheint.",
        back_title: "Duplex-Kalibrierung: die Rückseite",
        back: "Wo fällt die Mitte des Kreuzes von der Vorderseite auf diese Skalen? Auf 0, 0 liegt jede Rückseite genau hinter ihrer Vorderseite: Druckt die Kartenbögen so, wie sie sind. Ein Millimeter Versatz fällt kaum auf. Liegt es weiter daneben, notiert die beiden Werte in Millimetern (*x* nach rechts, *y* nach unten) und verschiebt dann die Rückseite um diese Werte dorthin, wo das Kreuz lag, in den Einstellungen eures Druckers (oft Bildverschiebung oder Rand der Rückseite genannt); druckt diesen Bogen zur Probe noch einmal und behaltet die Einstellung für die Kartenbögen bei.",
    },
    credits: Credits {
        title: "Nachweise",
        fonts: "Schriften.",
        icons: "Symbole.",
        tool: "*Gesetzt und ausgeschossen* mit protopress.",
        and: "und",
        own_font: "{}, die eigene Schrift des Spiels, unter der Lizenz ihrer Urheber",
        no_icon_credits: "Symbole, gezeichnet oder ausgewählt von den Machern des Spiels.",
        icons_used: "Dieses Spiel verwendet daraus {}.",
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_is_ignored_and_other_languages_get_english() {
        assert_eq!(words("de").guide.title, "So druckt ihr dieses Kit");
        assert_eq!(words("de-CH").contents, "Inhalt");
        assert_eq!(words("DE_at").blank, GERMAN.blank);
        for lang in ["en", "en-GB", "fr", "xx", ""] {
            assert_eq!(words(lang).guide.title, "How to print this kit", "{lang}");
        }
        assert_eq!(cover_facts("fr-CA")[0], "{} joueurs");
        assert_eq!(cover_facts("de-CH")[2], "ab {} Jahren");
        assert_eq!(cover_facts("it")[1], "{} minutes");
    }

    #[test]
    fn dates_name_their_month_in_the_language() {
        assert_eq!(ENGLISH.date((2025, 11, 5)), "05 November 2025");
        assert_eq!(GERMAN.date((2026, 3, 5)), "5. März 2026");
    }

    #[test]
    fn kinds_and_editions_follow_the_language() {
        assert_eq!(GERMAN.kind("cards"), "Karte");
        assert_eq!(ENGLISH.kind("die"), "die");
        assert_eq!(GERMAN.kind("custom"), "custom");
        assert_eq!(GERMAN.edition("Regelheft", "2"), "Regelheft · Fassung 2");
    }

    /// Every phrase set as Typst markup (the kinds and the date parts are escaped or plain).
    fn markup_phrases(w: &Words) -> Vec<&'static str> {
        let (g, f, l, c, r) = (
            &w.guide,
            &w.guide.finishing,
            &w.checklist,
            &w.calibration,
            &w.credits,
        );
        let mut all = vec![w.kit, w.rulebook, w.edition, w.made_with];
        all.extend([
            w.contents,
            w.blank,
            g.title,
            g.duplex_job,
            g.gutter_fold_job,
        ]);
        all.extend([g.print_and_cut_job, g.parts, g.long_edge, g.short_edge]);
        all.extend([
            g.sheets_duplex,
            g.sheets_single,
            r.own_font,
            r.no_icon_credits,
            r.icons_used,
        ]);
        all.extend([
            g.rules_and_components,
            g.plain,
            g.cardstock,
            g.duplex_or_single,
        ]);
        all.extend([
            g.single,
            g.single_blank_backs,
            g.keep,
            g.calibrate,
            g.parts_to_buy,
        ]);
        all.extend([g.component, g.copies, f.crop_marks, f.outlines]);
        all.push(f.layered_dashboard);
        all.extend([
            f.tiled_board,
            f.die,
            f.standee,
            f.other,
            f.gutter_fold,
            f.print_and_cut,
            f.print_and_cut_fold,
        ]);
        all.extend([l.title, l.intro, l.page, l.pages, l.buy_title, l.buy_intro]);
        all.extend([
            c.title,
            c.front,
            c.back_title,
            c.back,
            r.title,
            r.fonts,
            r.icons,
            r.tool,
        ]);
        all.extend(g.heads.iter().chain(&l.heads).chain(&l.buy_heads));
        all
    }

    /// A phrase can break the page it lands on: no markup opened and left open, no code or
    /// label, and both languages use the same placeholders.
    #[test]
    fn phrases_are_closed_markup_with_the_same_placeholders() {
        let (en, de) = (markup_phrases(&ENGLISH), markup_phrases(&GERMAN));
        assert_eq!(en.len(), de.len());
        for (e, d) in en.iter().zip(&de) {
            for p in [e, d] {
                // Underscores inside raw text (`back_offset_mm`) are not emphasis.
                let outside_raw: String = p.split('`').step_by(2).collect();
                for (mark, text) in [('*', &outside_raw), ('_', &outside_raw)] {
                    let n = text.matches(mark).count();
                    assert!(n % 2 == 0, "unbalanced {mark} in {p:?}");
                }
                assert!(p.matches('`').count() % 2 == 0, "unbalanced ` in {p:?}");
                for bad in ['#', '$', '<', '>', '@', '[', ']', '\\'] {
                    assert!(!outside_raw.contains(bad), "{bad} in {p:?}");
                }
            }
            let holes = |p: &str| {
                let mut v: Vec<String> = p
                    .split('{')
                    .skip(1)
                    .filter_map(|r| r.split_once('}').map(|(h, _)| h.to_owned()))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(holes(e), holes(d), "{e:?} and {d:?}");
        }
    }

    /// Both languages name every kind the model knows.
    #[test]
    fn every_kind_has_a_word() {
        use crate::model::ComponentKind as K;
        let kinds = [
            K::Cards,
            K::Tokens,
            K::Dashboard,
            K::Board,
            K::Die,
            K::Standee,
            K::Bought,
        ];
        for w in [&ENGLISH, &GERMAN] {
            for k in kinds {
                assert!(w.checklist.kinds.iter().any(|(n, _)| *n == k.name()));
            }
        }
    }
}
