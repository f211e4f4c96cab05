//! `protopress export`: images and PDFs for print services and Tabletop Simulator.

use protopress::export::{ExportOptions, Format};
use protopress::{Error, Project, Result};

use super::Outcome;
use super::args::{ExportArgs, FormatArg};
use super::ui::{self, say};

pub fn run(project: &Project, args: ExportArgs) -> Result<Outcome> {
    project.check_game(&args.game)?;
    if !(36.0..=1200.0).contains(&args.dpi) {
        return Err(Error::new("--dpi must be between 36 and 1200"));
    }
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
    };
    let out_dir = project.output_root(&args.out);
    let spinner = ui::spinner(format!("exporting {}", args.game));
    let files = protopress::export::export(project, &args.game, &opts, &out_dir);
    spinner.finish_and_clear();
    let files = files?;
    say!(
        "{}: exported {} -> {}",
        args.game,
        ui::plural(files.len(), "file", "files"),
        out_dir.join(&args.game).join("export").display()
    );
    Ok(Outcome::Done)
}
