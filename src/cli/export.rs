//! `protopress export`: images and PDFs for print services and Tabletop Simulator.

use protopress::export::{ExportOptions, Format};
use protopress::{Project, Result};

use super::args::{ExportArgs, FormatArg};
use super::games::{kit_label, kit_languages};
use super::outcome::Outcome;
use super::ui::{self, say};

/// Exports the game in `--lang`, or once per language of a game in several.
pub fn run(project: &Project, args: ExportArgs) -> Result<Outcome> {
    project.check_game(&args.game)?;
    let format = match args.format {
        FormatArg::Png => Format::Png,
        FormatArg::Tts => Format::Tts,
        FormatArg::Tgc => Format::Tgc,
        FormatArg::Mpc => Format::Mpc,
        FormatArg::PdfCards => Format::PdfCards,
    };
    let opts = ExportOptions {
        format,
        dpi: args.dpi,
        bleed: !args.no_bleed,
        base_url: args.base_url,
        lang: None,
        cache: !args.no_cache,
    };
    // Options that do not apply are refused before any work.
    opts.check()?;
    let out_dir = project.output_root(&args.out)?;
    for lang in kit_languages(project, &args.game, args.lang.as_deref())? {
        let label = kit_label(&args.game, lang.as_deref());
        let opts = ExportOptions {
            lang,
            ..opts.clone()
        };
        let spinner = ui::spinner(format!("exporting {label}"));
        let report = protopress::export::export(project, &args.game, &opts, &out_dir);
        spinner.finish_and_clear();
        // Which game, and which language's kit, the error is of: the label replaces the bare
        // game id the error may carry from inside.
        let report = report.map_err(|mut e| {
            e.game = Some(label.clone());
            e
        })?;
        for line in &report.exported {
            say!("  {line}");
        }
        for line in &report.skipped {
            say!("  skipped {line}");
        }
        if report.cached > 0 {
            say!(
                "  {} of {} taken from the build cache",
                report.cached,
                ui::plural(report.files.len(), "file", "files")
            );
        }
        say!(
            "{label}: {} export, {} -> {}",
            format.name(),
            ui::plural(report.files.len(), "file", "files"),
            report.dir.display()
        );
    }
    Ok(Outcome::Done)
}
