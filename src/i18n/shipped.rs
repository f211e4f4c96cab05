//! The catalogues compiled into the binary, so a kit speaks these languages with no file
//! around the installed command.

/// Both arrays of the shipped languages from one list, so a language is added in one place
/// (with its folder `i18n/<code>/`).
macro_rules! shipped {
    ($($code:literal),*) => {
        /// Each shipped language's code and its `kit.ftl`, English first.
        pub const SHIPPED: [(&str, &str); [$($code),*].len()] =
            [$(($code, include_str!(concat!("../../i18n/", $code, "/kit.ftl")))),*];
        /// Each shipped language's code and the rules check's words, `check.yaml`.
        pub const CHECKS: [(&str, &str); [$($code),*].len()] =
            [$(($code, include_str!(concat!("../../i18n/", $code, "/check.yaml")))),*];
    };
}

shipped!("en", "de", "fr", "es", "it", "pl", "nl", "pt");

/// The shipped catalogue of exactly `code` (`de`, not `de-CH`).
pub fn shipped(code: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map(|(_, text)| *text)
}
