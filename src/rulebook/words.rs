//! The words protopress itself prints in a rulebook and a kit (cover lines, the printing
//! guide, the checklist, the calibration sheet, blank pages, credits), in the kit's language,
//! from its catalogue (`i18n`), so a French kit does not wrap French rules in English pages.
//! Each phrase is Typst markup; `{name}` marks what the caller fills in.

use std::sync::Arc;

use crate::i18n::{Arg, Catalogue};
use crate::model::Game;
use crate::model::game_file::Span;

/// The kit's own phrases in one language.
pub struct Words {
    pub kit: String,
    pub rulebook: String,
    /// "{what} · revision {rev}": what the book is and its revision.
    pub edition: String,
    /// A date: `{dd}` the day with two digits, `{d}` without padding, `{month}`, `{year}`.
    pub date: String,
    pub months: [String; 12],
    pub made_with: String,
    pub contents: String,
    pub blank: String,
    pub guide: Guide,
    pub checklist: Checklist,
    pub calibration: Calibration,
    pub credits: Credits,
    /// For the phrases whose form follows a number.
    catalogue: Arc<Catalogue>,
}

/// The page "How to print this kit".
pub struct Guide {
    pub title: String,
    /// The print job of a duplex kit; `{flip}` is `long_edge` or `short_edge`.
    pub duplex_job: String,
    pub gutter_fold_job: String,
    /// The print job of a print-and-cut kit; `{cutter}` names the cutting machine.
    pub print_and_cut_job: String,
    pub parts: String,
    /// How many sheets a duplex kit takes: `{total}` sheets of `{paper}`, `{plain}` of them
    /// plain paper and `{card}` cardstock.
    pub sheets_duplex: String,
    /// The same for a single-sided kit.
    pub sheets_single: String,
    /// Pages, What, Paper, Print, Then.
    pub heads: [String; 5],
    pub long_edge: String,
    pub short_edge: String,
    pub rules_and_components: String,
    pub plain: String,
    pub cardstock: String,
    pub duplex_or_single: String,
    pub single: String,
    pub single_blank_backs: String,
    pub keep: String,
    pub calibrate: String,
    pub parts_to_buy: String,
    /// "{name} ({pieces})", the pieces counted by [`Words::pieces`].
    pub component: String,
    pub finishing: Finishing,
}

/// What to do with a component's pieces once printed.
pub struct Finishing {
    pub crop_marks: String,
    pub outlines: String,
    pub layered_dashboard: String,
    pub tiled_board: String,
    pub die: String,
    pub standee: String,
    pub other: String,
    pub gutter_fold: String,
    pub print_and_cut: String,
    /// Print-and-cut pieces with scored folds (dice, standees).
    pub print_and_cut_fold: String,
    /// Print-and-cut dashboards with a top layer (the machine cuts its windows).
    pub print_and_cut_layered: String,
}

/// The components page: the counting checklist and the parts to buy.
pub struct Checklist {
    pub title: String,
    pub intro: String,
    /// One piece, Component, Count.
    pub heads: [String; 3],
    /// Before a component's page numbers: one page, several pages.
    pub page: String,
    pub pages: String,
    pub buy_title: String,
    pub buy_intro: String,
    /// Part, Count, Printed stand-in.
    pub buy_heads: [String; 3],
    /// Cards, tokens, dashboard, board, die, standee, bought: as `ComponentKind::name`.
    pub kinds: [(&'static str, String); 7],
}

/// The duplex calibration sheet.
pub struct Calibration {
    pub title: String,
    pub front: String,
    pub back_title: String,
    pub back: String,
}

/// The credits section.
pub struct Credits {
    pub title: String,
    pub fonts: String,
    pub icons: String,
    pub tool: String,
    /// Between the last two fonts of one maker: "Noto Emoji and Noto Sans".
    pub and: String,
    /// A game's own font; `{}` is its family.
    pub own_font: String,
    /// Icons the game brings without a credit of their own.
    pub no_icon_credits: String,
    /// After the built-in icon set's credit, the icons of it a kit uses; `{}` is their list.
    pub icons_used: String,
    /// The built-in icon set's credit.
    pub builtin_icons: String,
    /// The makers and the licence of the DejaVu fonts, which describe rather than name.
    pub dejavu_makers: String,
    pub dejavu_licence: String,
}

impl Words {
    /// The words of `catalogue`'s language.
    pub fn of(catalogue: &Arc<Catalogue>) -> Words {
        let t = |id: &str| catalogue.template(id);
        let anonymous = |id: &str, name: &str| t(id).replace(&format!("{{{name}}}"), "{}");
        Words {
            kit: t("kit-kit"),
            rulebook: t("kit-rulebook"),
            edition: t("kit-edition"),
            date: t("kit-date"),
            months: std::array::from_fn(|m| t(&format!("date-month-{}", m + 1))),
            made_with: t("kit-made-with"),
            contents: t("kit-contents"),
            blank: t("kit-blank"),
            guide: Guide::of(&t),
            checklist: Checklist::of(&t),
            calibration: Calibration {
                title: t("calibration-title"),
                front: t("calibration-front"),
                back_title: t("calibration-back-title"),
                back: t("calibration-back"),
            },
            credits: Credits {
                title: t("credits-title"),
                fonts: t("credits-fonts"),
                icons: t("credits-icons"),
                tool: t("credits-tool"),
                and: t("credits-and"),
                own_font: anonymous("credits-own-font", "family"),
                no_icon_credits: t("credits-no-icon-credits"),
                icons_used: anonymous("credits-icons-used", "icons"),
                builtin_icons: t("credits-builtin-icons"),
                dejavu_makers: t("credits-dejavu-makers"),
                dejavu_licence: t("credits-dejavu-licence"),
            },
            catalogue: catalogue.clone(),
        }
    }

    /// A date as this language writes it.
    pub fn date(&self, (year, month, day): (i32, u8, u8)) -> String {
        let name = &self.months[usize::from(month.clamp(1, 12)) - 1];
        self.date
            .replace("{dd}", &format!("{day:02}"))
            .replace("{d}", &day.to_string())
            .replace("{month}", name)
            .replace("{year}", &year.to_string())
    }

    /// A fact of the cover (`players`, `minutes`, `ages`) for `span`: a number chooses its
    /// form ("1 player"), a range is given as text ("2–4 players").
    pub fn fact(&self, which: &str, span: Span) -> String {
        let text = span.text();
        let n = match span {
            Span::Exactly(n) => Arg::Number(n.into()),
            Span::Between(..) => Arg::Text(&text),
        };
        self.catalogue.text(&format!("cover-{which}"), &[("n", n)])
    }

    /// "What · revision rev".
    pub fn edition(&self, what: &str, rev: &str) -> String {
        self.edition.replace("{what}", what).replace("{rev}", rev)
    }

    /// A count of a component's pieces for the printing guide: "1 card", "6 dashboards" in
    /// English, "6× Tableau" in German, in the plural form the number takes.
    pub fn pieces(&self, count: u32, kind: &str) -> String {
        let args = [
            ("count", Arg::Number(count.into())),
            ("kind", Arg::Text(kind)),
        ];
        self.catalogue.text("guide-pieces", &args)
    }

    /// How many times a sheet is printed: "*3 copies*".
    pub fn copies(&self, n: u32) -> String {
        self.catalogue
            .text("guide-copies", &[("n", Arg::Number(n.into()))])
    }

    /// A component kind's name (`cards`, `die`) in this language.
    pub fn kind<'a>(&'a self, kind: &'a str) -> &'a str {
        self.checklist
            .kinds
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(kind, |(_, word)| word)
    }
}

impl Guide {
    fn of(t: &dyn Fn(&str) -> String) -> Guide {
        Guide {
            title: t("guide-title"),
            duplex_job: t("guide-duplex-job"),
            gutter_fold_job: t("guide-gutter-fold-job"),
            print_and_cut_job: t("guide-print-and-cut-job"),
            parts: t("guide-parts"),
            sheets_duplex: t("guide-sheets-duplex"),
            sheets_single: t("guide-sheets-single"),
            heads: ["pages", "what", "paper", "print", "then"]
                .map(|h| t(&format!("guide-heads-{h}"))),
            long_edge: t("guide-long-edge"),
            short_edge: t("guide-short-edge"),
            rules_and_components: t("guide-rules-and-components"),
            plain: t("guide-plain"),
            cardstock: t("guide-cardstock"),
            duplex_or_single: t("guide-duplex-or-single"),
            single: t("guide-single"),
            single_blank_backs: t("guide-single-blank-backs"),
            keep: t("guide-keep"),
            calibrate: t("guide-calibrate"),
            parts_to_buy: t("guide-parts-to-buy"),
            component: t("guide-component"),
            finishing: Finishing {
                crop_marks: t("finishing-crop-marks"),
                outlines: t("finishing-outlines"),
                layered_dashboard: t("finishing-layered-dashboard"),
                tiled_board: t("finishing-tiled-board"),
                die: t("finishing-die"),
                standee: t("finishing-standee"),
                other: t("finishing-other"),
                gutter_fold: t("finishing-gutter-fold"),
                print_and_cut: t("finishing-print-and-cut"),
                print_and_cut_fold: t("finishing-print-and-cut-fold"),
                print_and_cut_layered: t("finishing-print-and-cut-layered"),
            },
        }
    }
}

impl Checklist {
    fn of(t: &dyn Fn(&str) -> String) -> Checklist {
        Checklist {
            title: t("checklist-title"),
            intro: t("checklist-intro"),
            heads: ["piece", "component", "count"].map(|h| t(&format!("checklist-heads-{h}"))),
            page: t("checklist-page"),
            pages: t("checklist-pages"),
            buy_title: t("checklist-buy-title"),
            buy_intro: t("checklist-buy-intro"),
            buy_heads: ["part", "count", "stand-in"]
                .map(|h| t(&format!("checklist-buy-heads-{h}"))),
            kinds: KINDS.map(|k| (k, t(&format!("kind-{k}")))),
        }
    }
}

/// The component kinds the checklist names, as `ComponentKind::name`.
const KINDS: [&str; 7] = [
    "cards",
    "tokens",
    "dashboard",
    "board",
    "die",
    "standee",
    "bought",
];

/// The words of a shipped catalogue, for tests that need no game.
#[cfg(test)]
pub(crate) fn shipped_words(lang: &str) -> Words {
    Words::of(&Arc::new(
        Catalogue::shipped(lang).expect("a shipped catalogue"),
    ))
}

/// The words of the language `game` is loaded in.
pub fn words(game: &Game) -> Words {
    Words::of(&game.catalogue)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::SHIPPED;

    use super::shipped_words as shipped;

    #[test]
    fn a_region_reads_its_base_language() {
        assert_eq!(shipped("de").guide.title, "So druckt ihr dieses Kit");
        assert_eq!(shipped("de-CH").contents, "Inhalt");
        assert_eq!(shipped("en-GB").guide.title, "How to print this kit");
        assert_eq!(
            shipped("de-CH").fact("ages", Span::Exactly(10)),
            "ab 10 Jahren"
        );
    }

    #[test]
    fn cover_facts_take_the_form_of_their_number() {
        let (en, pl) = (shipped("en"), shipped("pl"));
        assert_eq!(en.fact("players", Span::Exactly(1)), "1 player");
        assert_eq!(en.fact("players", Span::Between(2, 4)), "2–4 players");
        assert_eq!(pl.fact("players", Span::Exactly(3)), "3 gracze");
        assert_eq!(pl.fact("minutes", Span::Exactly(30)), "30 minut");
    }

    #[test]
    fn dates_name_their_month_in_the_language() {
        assert_eq!(shipped("en").date((2025, 11, 5)), "05 November 2025");
        assert_eq!(shipped("de").date((2026, 3, 5)), "5. März 2026");
    }

    #[test]
    fn kinds_pieces_and_editions_follow_the_language() {
        let (en, de) = (shipped("en"), shipped("de"));
        assert_eq!(de.kind("cards"), "Karte");
        assert_eq!(en.kind("die"), "die");
        assert_eq!(de.kind("custom"), "custom");
        assert_eq!(de.edition("Regelheft", "2"), "Regelheft · Fassung 2");
        assert_eq!(en.pieces(2, "die"), "2 dice");
        assert_eq!(de.pieces(6, "dashboard"), "6× Tableau");
        assert_eq!(en.copies(3), "*3 copies*");
    }

    /// Every phrase set as Typst markup (the kinds and the date parts are escaped or plain).
    fn markup_phrases(w: &Words) -> Vec<String> {
        let (g, f, l, c, r) = (
            &w.guide,
            &w.guide.finishing,
            &w.checklist,
            &w.calibration,
            &w.credits,
        );
        let mut all = vec![&w.kit, &w.rulebook, &w.edition, &w.made_with, &w.contents];
        all.extend([&w.blank, &g.title, &g.duplex_job, &g.gutter_fold_job]);
        all.extend([&g.print_and_cut_job, &g.parts, &g.long_edge, &g.short_edge]);
        all.extend([&g.sheets_duplex, &g.sheets_single, &r.own_font]);
        all.extend([&r.no_icon_credits, &r.icons_used, &g.rules_and_components]);
        all.extend([&g.plain, &g.cardstock, &g.duplex_or_single, &g.single]);
        all.extend([
            &g.single_blank_backs,
            &g.keep,
            &g.calibrate,
            &g.parts_to_buy,
        ]);
        all.extend([
            &g.component,
            &f.crop_marks,
            &f.outlines,
            &f.layered_dashboard,
        ]);
        all.extend([&f.tiled_board, &f.die, &f.standee, &f.other, &f.gutter_fold]);
        all.extend([
            &f.print_and_cut,
            &f.print_and_cut_fold,
            &f.print_and_cut_layered,
        ]);
        all.extend([
            &l.title,
            &l.intro,
            &l.page,
            &l.pages,
            &l.buy_title,
            &l.buy_intro,
        ]);
        all.extend([&c.title, &c.front, &c.back_title, &c.back]);
        all.extend([&r.title, &r.fonts, &r.icons, &r.tool]);
        all.extend(g.heads.iter().chain(&l.heads).chain(&l.buy_heads));
        let mut all: Vec<String> = all.into_iter().cloned().collect();
        all.extend([w.pieces(1, "cards"), w.pieces(5, "die"), w.copies(2)]);
        all
    }

    /// A phrase can break the page it lands on: no markup opened and left open, no code or
    /// label, and every shipped language fills in the same names as English.
    #[test]
    fn phrases_are_closed_markup_with_the_same_placeholders() {
        let en = markup_phrases(&shipped("en"));
        for (lang, _) in SHIPPED {
            let other = markup_phrases(&shipped(lang));
            assert_eq!(en.len(), other.len());
            for (e, d) in en.iter().zip(&other) {
                assert_closed_markup(d);
                assert_eq!(holes(e), holes(d), "{lang}: {e:?} and {d:?}");
            }
        }
    }

    fn assert_closed_markup(p: &str) {
        // Underscores inside raw text (`back_offset_mm`) are not emphasis.
        let outside_raw: String = p.split('`').step_by(2).collect();
        for mark in ['*', '_'] {
            let n = outside_raw.matches(mark).count();
            assert!(n % 2 == 0, "unbalanced {mark} in {p:?}");
        }
        assert!(
            p.matches('`').count().is_multiple_of(2),
            "unbalanced ` in {p:?}"
        );
        for bad in ['#', '$', '<', '>', '@', '[', ']', '\\'] {
            assert!(!outside_raw.contains(bad), "{bad} in {p:?}");
        }
    }

    fn holes(p: &str) -> Vec<String> {
        let mut v: Vec<String> = p
            .split('{')
            .skip(1)
            .filter_map(|r| r.split_once('}').map(|(h, _)| h.to_owned()))
            .collect();
        v.sort();
        v
    }

    /// Every shipped language names every kind the model knows.
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
        for (lang, _) in SHIPPED {
            let w = shipped(lang);
            for k in kinds {
                let word = w.kind(k.name());
                assert!(
                    !word.is_empty() && word != format!("kind-{}", k.name()),
                    "{lang}"
                );
            }
        }
    }
}
