//! The catalogues compiled into the binary, so a kit speaks these languages with no file
//! around the installed command.

/// Each shipped language's code and its `kit.ftl`, English first.
pub const SHIPPED: [(&str, &str); 8] = [
    ("en", include_str!("../../i18n/en/kit.ftl")),
    ("de", include_str!("../../i18n/de/kit.ftl")),
    ("fr", include_str!("../../i18n/fr/kit.ftl")),
    ("es", include_str!("../../i18n/es/kit.ftl")),
    ("it", include_str!("../../i18n/it/kit.ftl")),
    ("pl", include_str!("../../i18n/pl/kit.ftl")),
    ("nl", include_str!("../../i18n/nl/kit.ftl")),
    ("pt", include_str!("../../i18n/pt/kit.ftl")),
];

/// The shipped catalogue of exactly `code` (`de`, not `de-CH`).
pub fn shipped(code: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map(|(_, text)| *text)
}
