//! The command line, as clap types only: what each command accepts and its help text.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Turn a tabletop game kept as YAML data, SVG templates and Markdown rules into a
/// print-and-play kit.
///
/// A project holds `data/<game>/game.yaml` (the game, its print profile and components),
/// card files next to it, and templates in `templates/<game>/`; the common templates and icons
/// are built in (a project's `templates/common/` may replace them). protopress finds the
/// project from any folder inside it. Run with no arguments to build every game into
/// `output/`.
///
/// Exit codes: 0 built (and checked); 1 the manifest check failed (the kit was written);
/// 2 bad input or usage (nothing was replaced); 3 an internal error.
#[derive(Parser)]
#[command(name = "protopress", version, about, long_about)]
pub struct Cli {
    /// Run as if started in this folder. The project is found as cargo finds its manifest:
    /// the nearest folder holding data/<game>/game.yaml, this one or one above it.
    #[arg(long, short = 'C', global = true, default_value = ".")]
    pub project: PathBuf,

    /// Print only errors.
    #[arg(long, short, global = true)]
    pub quiet: bool,

    /// Print the time of every stage.
    #[arg(long, short, global = true, conflicts_with = "quiet")]
    pub verbose: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Build games into print-and-play kits: output/<game>/kit.pdf, rules.pdf, the sheet PDFs
    /// (cards, boards, tokens), build.json, check.json, index.html with its thumbs/, and
    /// deck-stats.json and .svg for a game with decks.
    Build(BuildArgs),
    /// Start a new game: data/NAME/ and templates/NAME/ with a deck, a back, tokens, a board,
    /// a manifest and rules that build and check clean at once.
    New {
        /// The game's directory name (lower case and dashes, e.g. space-traders).
        name: String,
    },
    /// List the icons card text and rules can draw (`:coin:`): the built-in set, the
    /// project's templates/common/icons/ and, for a game, its own icons, each with where it
    /// comes from. A project's icon replaces a built-in one of the same name.
    Icons {
        /// List what this game can draw, its own icons included.
        game: Option<String>,
        /// Also write a page showing every icon: <OUT>/icons.html (icons-<GAME>.html).
        #[arg(long)]
        page: bool,
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Which translations are stale: their first-language text changed since they were
    /// confirmed. `--confirm` records every translation as it is now in
    /// data/<game>/translated.json (commit it with the game); `build` and `check` then warn of
    /// each translation whose source text changes.
    Translations {
        /// The games (all when none is named).
        games: Vec<String>,
        /// Only this language's translations.
        #[arg(long)]
        lang: Option<String>,
        /// Record the translations as they are now: they are up to date.
        #[arg(long)]
        confirm: bool,
    },
    /// Print the completion script for a shell, for example
    /// `protopress completions bash > ~/.local/share/bash-completion/completions/protopress`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), for example `protopress man > ~/.local/share/man/man1/protopress.1`.
    Man,
    /// Write JSON Schemas for the YAML files (game, manifest, each component's cards) so an
    /// editor can autocomplete fields and flag typos.
    Schema {
        #[arg(long, default_value = "schemas")]
        out: PathBuf,
    },
    /// Deck statistics for any game (output/<game>/deck-stats.json and .svg); for Death to
    /// Decorum, many seeded games from its data: win rates by crew size, why games are lost,
    /// which numbers matter (simulation.json, simulation-*.svg).
    Simulate(SimulateArgs),
    /// Rebuild a game whenever its files change, re-rendering only the faces whose template or
    /// data changed. Stop with Ctrl-C.
    Watch {
        /// The game; the project's only game when not given.
        game: Option<String>,
        #[arg(long, value_enum)]
        paper: Option<PaperArg>,
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// Rebuild only the kit in this language; by default every language's kit.
        #[arg(long)]
        lang: Option<String>,
    },
    /// Serve the kit in a browser on this computer, rebuilt and reloaded on every save.
    Serve(ServeArgs),
    /// Check components against the manifest, the rulebook's component list and the deck
    /// backs, and preflight every face (text contrast and size, art resolution, line widths,
    /// bleed), without printing anything. Writes output/<game>/check.json; exits 1 on any
    /// mismatch or preflight error, 2 on bad input (a manifest or rulebook that cannot be read).
    Check {
        /// Games to check; all games when none is given.
        games: Vec<String>,
        /// Output root for check.json.
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// text for people, json (one document on stdout) or github (annotations on the
        /// rules lines); each ends with a summary across games.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
        /// Check only the rules in this language; by default a game in several languages is
        /// checked once per language, each against its own rulebook.
        #[arg(long)]
        lang: Option<String>,
        /// Look at every face anew, without reading what the last build under <OUT> found
        /// on the faces it kept (its build cache). The findings are the same either way.
        #[arg(long)]
        no_cache: bool,
    },
    /// Export for print services and virtual tabletops: png, tts, tgc, mpc or pdf-cards,
    /// each into its own folder output/<game>/export/<format>/, replaced whole.
    Export(ExportArgs),
    /// Print only what changed since the last `build --mark-printed` (or a git revision):
    /// output/<game>/reprint.pdf with a changelog page.
    Reprint {
        game: String,
        /// Compare with the game at this git revision instead of printed.json.
        #[arg(long)]
        since: Option<String>,
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// Reprint only the kit in this language; by default one reprint per language, in
        /// output/<game>/<lang>/.
        #[arg(long)]
        lang: Option<String>,
    },
}

#[derive(clap::Args, Default)]
pub struct BuildArgs {
    /// Games to build (directory names under data/); all games when none is given.
    pub games: Vec<String>,
    /// Paper for every sheet, overriding each game's print profile.
    #[arg(long, value_enum)]
    pub paper: Option<PaperArg>,
    /// Output root; each game is written to <OUT>/<game>/.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// Record what was printed in data/<game>/printed.json (commit it with the game),
    /// so `reprint` can later print only what changed.
    #[arg(long)]
    pub mark_printed: bool,
    /// Build only the kit in this language (one of the game's `languages`); by default a game
    /// in several languages gets one kit per language, in <OUT>/<game>/<lang>/.
    #[arg(long)]
    pub lang: Option<String>,
    /// Sheet layout for every game, overriding each game's print profile.
    #[arg(long, value_enum)]
    pub layout: Option<LayoutArg>,
    /// Neither read nor write the build cache (<OUT>/.cache/, the typeset rulebook and kit
    /// and the index page's thumbnails of the last build): every kit is made from nothing.
    /// The files are the same byte for byte either way.
    #[arg(long)]
    pub no_cache: bool,
}

#[derive(clap::Args)]
pub struct SimulateArgs {
    /// The game: by default death-to-decorum, or the project's only game. Every game gets
    /// deck statistics; a game with Death to Decorum's components is also played.
    pub game: Option<String>,
    /// Crew sizes: one (2), a range (1-6), or `all` (the default) for every size the quota
    /// table covers.
    #[arg(long)]
    pub players: Option<String>,
    /// Games per strategy and crew size (1 to 1,000,000; default 10,000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: Option<u32>,
    /// Random seed: the same seed gives the same results, whatever the thread count
    /// (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The strategies to play (default all).
    #[arg(long, value_enum)]
    pub strategy: Option<StrategyArg>,
    /// Try a change without editing files, e.g. --set quota.day3=30 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Games per step of the sensitivity report (0 leaves it out; 0 to 100,000; default 2,000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub sensitivity_games: Option<u32>,
    /// Print one seeded game turn by turn instead.
    #[arg(long)]
    pub narrate: bool,
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
}

#[derive(clap::Args)]
pub struct ExportArgs {
    pub game: String,
    #[arg(long, value_enum)]
    pub format: FormatArg,
    /// Resolution of png exports (36 to 1200; 300 when not given). Other formats have their
    /// own resolution, and refuse it.
    #[arg(long)]
    pub dpi: Option<f32>,
    /// Leave the bleed off png exports.
    #[arg(long)]
    pub no_bleed: bool,
    /// tts: the web address the images will be uploaded to (each image's URL is this followed
    /// by its path in the export folder); local file:/// paths when not given.
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// Export only this language; by default a game in several languages is exported once per
    /// language, into output/<game>/<lang>/export/<format>/.
    #[arg(long)]
    pub lang: Option<String>,
    /// png, tgc, mpc: neither read nor write the build cache (<OUT>/.cache/), where each
    /// export keeps its images for the next, which draws only the faces that changed. The
    /// files are the same byte for byte either way.
    #[arg(long)]
    pub no_cache: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
    Github,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum PaperArg {
    A4,
    A3,
    A5,
    Letter,
    Legal,
    Tabloid,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum LayoutArg {
    /// A fronts page and its backs page per sheet, printed as one duplex job.
    Duplex,
    /// Each front beside its own back, mirrored about a fold: single-sided, folded, glued.
    GutterFold,
    /// Registration marks for a cutting machine and a cut file per sheet in cut/.
    PrintAndCut,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    /// One PNG per face.
    Png,
    /// A Tabletop Simulator saved object with its deck sheets, tokens, boards and dice.
    Tts,
    /// The Game Crafter images (cards, chits, boards) at its own pixel sizes.
    Tgc,
    /// MakePlayingCards card images at its own pixel sizes.
    Mpc,
    /// One card per page PDFs.
    PdfCards,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StrategyArg {
    Cautious,
    Balanced,
    Greedy,
    All,
}

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The game; the project's only game when not given.
    pub game: Option<String>,
    /// Port to listen on; 0 picks a free one (printed at start).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Open the kit in the browser once it is served.
    #[arg(long)]
    pub open: bool,
    /// The address to listen on: 127.0.0.1 (this computer only) unless given; another
    /// address (0.0.0.0 for every network interface) lets other computers read the kit.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    #[arg(long, value_enum)]
    pub paper: Option<PaperArg>,
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
    /// The language of the kit to serve (one page shows one kit); the first when not given.
    #[arg(long)]
    pub lang: Option<String>,
}
