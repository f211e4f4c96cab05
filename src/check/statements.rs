//! What a scan of the rules finds, shared by the scanner (`rulescan.rs`), the tables it reads
//! (`tables.rs`) and the manifest check that compares them (`manifest.rs`): the counts the
//! rules state, the problems in them, and the manifest's entries as the scanner sees them.

use serde::Serialize;

use crate::check::markdown::Text;
use crate::check::numbers::Token;

/// A count the rules state for an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statement {
    /// 1-based line in `rules.md`.
    pub line: usize,
    pub count: u32,
    /// The phrase as written, for messages.
    pub text: String,
    /// Whether it is in the components section (rather than an explicit total elsewhere).
    pub section: bool,
}

/// A count in the rules whose own parts or names disagree with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesProblem {
    pub line: usize,
    pub text: String,
}

/// One manifest entry as the scanner sees it: its parent (by index) and its names as words.
#[derive(Debug, Clone)]
pub struct Known {
    pub parent: Option<usize>,
    pub names: Vec<Vec<String>>,
}

/// What a scan found: statements by entry index, problems (with the entry they concern), and
/// whether the rules have a components section.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    pub statements: Vec<(usize, Statement)>,
    pub problems: Vec<(Option<usize>, RulesProblem)>,
    pub section: bool,
}

/// What reading a table's rows needs of the scanner: the rulebook's words, the entries a
/// cell's words name, and the statements it reads, found or pushed.
pub(crate) trait RowScanner {
    /// The words of the rulebook's language.
    fn vocab(&self) -> &'static crate::check::vocab::Vocab;
    /// Records that the rules state `statement` for entry `entry`.
    fn push(&mut self, entry: usize, statement: Statement);
    /// Reads the statements of a cell's text as a list item's; returns the entry it names.
    fn read_text(&mut self, text: &Text, section: bool, context: &[usize]) -> Option<usize>;
    /// Reads what follows the count `count` of `name` at token `p` (its parts, its names).
    fn after_count(
        &mut self,
        toks: &[Token],
        p: usize,
        count: u32,
        name: &str,
        line: usize,
        entry: Option<usize>,
    );
    /// The entries the tokens name: start, end and the entry each resolves to.
    fn hits(&self, toks: &[Token]) -> Vec<(usize, usize, Option<usize>)>;
}
