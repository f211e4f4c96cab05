//! `--format tgc` and `--format mpc`: card, chit and board images at each print service's own
//! pixel grid.
//!
//! Faces are never resampled to a service's size. The game is re-rendered with a bleed a little
//! wider than the service's (the templates draw their bleed, so nothing is stretched), then
//! each image is cut at exactly the service's resolution: one image pixel is one pixel at the
//! service's dpi, the trim is centred, and the bleed around it is the service's. A component
//! whose size no product of the service matches (within [`NEAR_MM`]) is listed and skipped.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use super::files::{Output, face_name, json_bytes, no_copies};
use super::kept::{KeptImages, Taken, face_key, limits};
use super::options::{ExportOptions, Format};
use crate::assemble::{BuildOptions, Prepared, Session};
use crate::error::{Error, Result};
use crate::model::print::CardSize;
use crate::model::{Component, ComponentKind, TokenShape, Window};
use crate::project::Project;
use crate::render::faces::{CardCopy, Face};
use crate::render::raster::{Area, blank, draw_layers, png_rgb_at};
use crate::render::shaped::ParsedFace;

/// What a product is cut as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    Card,
    RoundChit,
    SquareChit,
    Board,
}

impl Shape {
    fn plural(self) -> &'static str {
        match self {
            Shape::Card => "cards",
            Shape::RoundChit => "round chits",
            Shape::SquareChit => "square chits",
            Shape::Board => "boards",
        }
    }
}

/// One printed product of a service, by its trim in inches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Product {
    pub name: &'static str,
    pub shape: Shape,
    pub width_in: f32,
    pub height_in: f32,
}

/// A print service: its resolution, its bleed and its products.
#[derive(Debug)]
pub struct Service {
    pub format: Format,
    pub name: &'static str,
    pub dpi: f32,
    /// Bleed on each side, in inches.
    pub bleed_in: f32,
    pub products: &'static [Product],
}

const fn product(name: &'static str, shape: Shape, width_in: f32, height_in: f32) -> Product {
    Product {
        name,
        shape,
        width_in,
        height_in,
    }
}

/// The Game Crafter: 300 dpi, 1/8 in bleed (a poker card is 825 × 1125 px).
pub const TGC: Service = Service {
    format: Format::Tgc,
    name: "The Game Crafter",
    dpi: 300.0,
    bleed_in: 0.125,
    products: &[
        product("poker card", Shape::Card, 2.5, 3.5),
        product("bridge card", Shape::Card, 2.25, 3.5),
        product("mini card", Shape::Card, 1.75, 2.5),
        product("tarot card", Shape::Card, 2.75, 4.75),
        product("square card", Shape::Card, 2.5, 2.5),
        product("jumbo card", Shape::Card, 3.5, 5.5),
        product("small round chit", Shape::RoundChit, 0.75, 0.75),
        product("medium round chit", Shape::RoundChit, 1.0, 1.0),
        product("large round chit", Shape::RoundChit, 1.5, 1.5),
        product("small square chit", Shape::SquareChit, 0.75, 0.75),
        product("medium square chit", Shape::SquareChit, 1.0, 1.0),
        product("large square chit", Shape::SquareChit, 1.5, 1.5),
        product("bi-fold board", Shape::Board, 18.0, 9.0),
        product("quad-fold board", Shape::Board, 18.0, 18.0),
        product("six-fold board", Shape::Board, 27.0, 18.0),
    ],
};

/// MakePlayingCards: 300 dpi, 0.12 in bleed (a poker card is 822 × 1122 px). Its mini cards
/// are not 1.75 × 2.5 in, so protopress's `mini` has no match there.
pub const MPC: Service = Service {
    format: Format::Mpc,
    name: "MakePlayingCards",
    dpi: 300.0,
    bleed_in: 0.12,
    products: &[
        product("poker card", Shape::Card, 2.5, 3.5),
        product("bridge card", Shape::Card, 2.25, 3.5),
        product("tarot card", Shape::Card, 2.75, 4.75),
        product("square card", Shape::Card, 2.5, 2.5),
        product("jumbo card", Shape::Card, 3.5, 5.5),
    ],
};

/// The service of a format (MakePlayingCards for anything but `tgc`).
pub fn service(format: Format) -> &'static Service {
    match format {
        Format::Tgc => &TGC,
        _ => &MPC,
    }
}

/// How far a component's trim may differ from a product's, in mm on each of width and
/// height: a `tarot` deck (70 × 120 mm) prints as a 2.75 × 4.75 in tarot card, its cut falling
/// at most half of this inside its trim (in the safe zone) or outside it (in its bleed).
pub const NEAR_MM: f32 = 1.0;

/// Extra bleed drawn beyond the service's, so the cut never reaches past the face, even of a
/// product up to [`NEAR_MM`] larger than the trim.
const BLEED_MARGIN_MM: f32 = 0.5 + NEAR_MM / 2.0;

impl Service {
    pub fn bleed_mm(&self) -> f32 {
        self.bleed_in * 25.4
    }

    /// The image size of a product, bleed included.
    pub fn pixels(&self, p: &Product) -> (u32, u32) {
        let side = |inches: f32| ((inches + 2.0 * self.bleed_in) * self.dpi).round() as u32;
        (side(p.width_in), side(p.height_in))
    }

    /// The bleed in pixels on each side.
    pub fn bleed_px(&self) -> f32 {
        self.bleed_in * self.dpi
    }
}

/// What a component is printed as, if the service can print it at all.
fn shape_of(comp: &Component) -> Option<Shape> {
    match comp.spec.kind {
        ComponentKind::Cards => Some(Shape::Card),
        ComponentKind::Tokens => Some(match comp.spec.token_shape() {
            TokenShape::Circle => Shape::RoundChit,
            TokenShape::Square => Shape::SquareChit,
        }),
        ComponentKind::Board | ComponentKind::Dashboard => Some(Shape::Board),
        ComponentKind::Die | ComponentKind::Standee | ComponentKind::Bought => None,
    }
}

/// The product whose trim is the component's within [`NEAR_MM`] (the closest such), or why
/// there is none.
pub fn match_product(svc: &Service, comp: &Component) -> std::result::Result<Product, String> {
    let Some(shape) = shape_of(comp) else {
        return Err(format!(
            "{} exports no {} (print them from tokens.pdf)",
            svc.format.name(),
            comp.spec.kind.name()
        ));
    };
    let size = comp.size();
    let tolerance = NEAR_MM.max(25.4 / svc.dpi);
    let off = |p: &Product| {
        let dw = (p.width_in * 25.4 - size.width_mm).abs();
        let dh = (p.height_in * 25.4 - size.height_mm).abs();
        dw.max(dh)
    };
    let candidates = svc.products.iter().filter(|p| p.shape == shape);
    if candidates.clone().next().is_none() {
        return Err(format!("{} prints no {}", svc.name, shape.plural()));
    }
    let nearest = candidates.clone().min_by(|a, b| off(a).total_cmp(&off(b)));
    if let Some(p) = nearest.filter(|p| off(p) <= tolerance) {
        return Ok(*p);
    }
    let turned = |p: &Product| {
        (p.height_in * 25.4 - size.width_mm)
            .abs()
            .max((p.width_in * 25.4 - size.height_mm).abs())
            <= tolerance
    };
    let upright = match candidates.clone().find(|p| turned(p)) {
        Some(p) => format!(
            "; turned a quarter ({} × {} mm) it would be a {}: design it that way round to export it",
            trim(size.height_mm),
            trim(size.width_mm),
            p.name
        ),
        None => String::new(),
    };
    let nearest = nearest
        .map(|p| {
            format!(
                " (nearest: {}, {:.2} × {:.2} mm)",
                p.name,
                p.width_in * 25.4,
                p.height_in * 25.4
            )
        })
        .unwrap_or_default();
    Err(format!(
        "{} has no product of {} × {} mm{nearest}{upright}",
        svc.name,
        trim(size.width_mm),
        trim(size.height_mm)
    ))
}

/// Where a product's trim is not quite the component's: both sizes, so the designer knows
/// where the cut falls.
fn trim_note(product: &Product, comp: &Component) -> String {
    let size = comp.size();
    let (pw, ph) = (product.width_in * 25.4, product.height_in * 25.4);
    if (pw - size.width_mm).abs() < 0.05 && (ph - size.height_mm).abs() < 0.05 {
        return String::new();
    }
    format!(
        " (cut at {} × {} mm, the design's trim is {} × {} mm)",
        trim(pw),
        trim(ph),
        trim(size.width_mm),
        trim(size.height_mm)
    )
}

fn trim(v: f32) -> String {
    format!("{v:.2}")
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_owned()
}

/// The index written beside the images.
#[derive(Serialize)]
struct Index {
    service: &'static str,
    dpi: f32,
    bleed_in: f32,
    components: Vec<IndexComponent>,
    skipped: Vec<String>,
}

#[derive(Serialize)]
struct IndexComponent {
    component: String,
    product: &'static str,
    pixels: (u32, u32),
    /// The trim inside each image, in pixels (left, top, width, height).
    trim_px: (f32, f32, f32, f32),
    cards: Vec<IndexCard>,
}

#[derive(Serialize)]
struct IndexCard {
    card: String,
    name: String,
    count: u32,
    front: String,
    back: Option<String>,
}

/// One image to render: the faces drawn one over the other (a dashboard's base and top).
struct Job {
    file: String,
    layers: Vec<usize>,
    /// The top layer's windows, through which the base shows.
    windows: Vec<Window>,
    pixels: (u32, u32),
}

/// The service's images of every component it prints, and `index.json`, taking from the build
/// cache under `out` what an export before kept there (when `opts.cache`).
pub(super) fn export(
    project: &Project,
    id: &str,
    svc: &Service,
    opts: &ExportOptions,
    out: &Path,
) -> Result<Output> {
    let bleed = svc.bleed_mm() + BLEED_MARGIN_MM;
    // Only what the service prints is drawn with its bleed; the rest is not exported.
    let session = Session::new(project, &BuildOptions::default());
    let p = session.prepare_adjusted_unparsed_in(id, opts.lang.as_deref(), |game| {
        for c in &mut game.components {
            if match_product(svc, c).is_ok() {
                c.spec.bleed_mm = Some(bleed);
            }
        }
    })?;
    let mut output = Output::default();
    let mut jobs: Vec<Job> = Vec::new();
    let components = index_components(&p, svc, &mut jobs, &mut output);
    let limits = limits();
    let keys = jobs.iter().map(|job| job_key(svc, job, &p, &limits));
    let kept = KeptImages::read(
        (out, &p.game),
        svc.format.name(),
        opts.cache,
        keys.collect(),
    );
    let drawn = draw(&p, &jobs, &kept, svc.dpi)?;
    let names: Vec<String> = jobs.into_iter().map(|job| job.file).collect();
    let Taken {
        images,
        cache,
        taken,
    } = kept.with(drawn, &names)?;
    output.files = names.into_iter().zip(images).collect();
    (output.cache, output.cached) = (cache, taken);
    let index = Index {
        service: svc.name,
        dpi: svc.dpi,
        bleed_in: svc.bleed_in,
        components,
        skipped: output.skipped.clone(),
    };
    output
        .files
        .push(("index.json".to_owned(), json_bytes(&index)?));
    Ok(output)
}

/// The images of the jobs `kept` lacks, by their place among `jobs`, parsing only their
/// faces: a face no image drawn now shows (a skipped component's, a die's) is not parsed.
/// Collected whole, so the first error told is the first job's, not the first in time.
fn draw(p: &Prepared, jobs: &[Job], kept: &KeptImages, dpi: f32) -> Result<Vec<(usize, Vec<u8>)>> {
    let missing: Vec<usize> = (0..jobs.len()).filter(|&i| !kept.has(i)).collect();
    let wanted: HashSet<usize> = (missing.iter())
        .flat_map(|&i| jobs[i].layers.iter().copied())
        .collect();
    let trees = p.parse_where(|face| wanted.contains(&face))?;
    let drawn: Vec<Result<(usize, Vec<u8>)>> = (missing.par_iter())
        .map(|&i| Ok((i, render_job(&p.faces.faces, &trees, &jobs[i], dpi)?)))
        .collect();
    drawn.into_iter().collect()
}

/// Each component the service prints, with the images its cards need among `jobs`; the others
/// are skipped, saying why, and what each became said, in `output`.
fn index_components(
    p: &Prepared,
    svc: &Service,
    jobs: &mut Vec<Job>,
    output: &mut Output,
) -> Vec<IndexComponent> {
    let mut components = Vec::new();
    for deck in &p.faces.decks {
        let Some(comp) = p.game.components.get(deck.component) else {
            continue;
        };
        if !comp.printed() {
            continue;
        }
        if deck.copies.is_empty() {
            output.skipped.push(no_copies(&comp.spec.id));
            continue;
        }
        let product = match match_product(svc, comp) {
            Ok(product) => product,
            Err(reason) => {
                output.skipped.push(format!("{}: {reason}", comp.spec.id));
                continue;
            }
        };
        let pixels = svc.pixels(&product);
        let cards = index_cards(p, comp, &deck.copies, pixels, jobs);
        let (b, (w, h)) = (svc.bleed_px(), pixels);
        output
            .exported
            .push(exported_line(comp, &product, pixels, &cards));
        components.push(IndexComponent {
            component: comp.spec.id.clone(),
            product: product.name,
            pixels,
            trim_px: (b, b, w as f32 - 2.0 * b, h as f32 - 2.0 * b),
            cards,
        });
    }
    components
}

/// What a job's image is kept under: the service and its resolution, the image's pixels, the
/// windows of a top layer, and each layer's face (its hash, its art's within it, its size and
/// bleed) with the fonts they are set in and what could refuse the image ([`limits`]).
fn job_key(svc: &Service, job: &Job, p: &Prepared, limits: &str) -> String {
    let (w, h) = job.pixels;
    let mut key = format!(
        "{} {} dpi {w}x{h} {:?} {} {limits}",
        svc.name, svc.dpi, job.windows, p.fonts.digest
    );
    for face in job.layers.iter().filter_map(|&l| p.faces.faces.get(l)) {
        key.push(' ');
        key.push_str(&face_key(face));
    }
    key
}

/// What the export says of one component: its images' size, the product, its cards and copies.
fn exported_line(
    comp: &Component,
    product: &Product,
    (w, h): (u32, u32),
    cards: &[IndexCard],
) -> String {
    let copies: u32 = cards.iter().map(|c| c.count).sum();
    let count = |n: usize, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        _ => format!("{n} {many}"),
    };
    format!(
        "{}: {} × {} px {}{}, {} ({})",
        comp.spec.id,
        w,
        h,
        product.name,
        trim_note(product, comp),
        count(cards.len(), "card", "cards"),
        count(copies as usize, "copy", "copies"),
    )
}

/// One index entry per distinct card, adding the images it needs to `jobs`.
fn index_cards(
    p: &Prepared,
    comp: &Component,
    copies: &[CardCopy],
    pixels: (u32, u32),
    jobs: &mut Vec<Job>,
) -> Vec<IndexCard> {
    let mut file_of = |layers: Vec<usize>| -> Option<String> {
        let first = p.faces.faces.get(*layers.first()?)?;
        let file = format!("{}/{}.png", comp.spec.id, face_name(first));
        if !jobs.iter().any(|j| j.file == file) {
            jobs.push(Job {
                file: file.clone(),
                layers,
                windows: comp
                    .spec
                    .top
                    .as_ref()
                    .map_or_else(Vec::new, |t| t.windows.clone()),
                pixels,
            });
        }
        Some(file)
    };
    let mut cards = Vec::new();
    for (i, card) in comp.cards.iter().enumerate() {
        let Some(copy) = copies.iter().find(|c| c.card == i) else {
            continue;
        };
        // A dashboard's top layer is printed over its base.
        let front: Vec<usize> = std::iter::once(copy.front)
            .chain(copy.extra.iter().copied())
            .collect();
        let Some(front) = file_of(front) else {
            continue;
        };
        cards.push(IndexCard {
            card: card.id.clone(),
            name: card.name.clone(),
            count: card.count,
            front,
            back: copy.back.and_then(|b| file_of(vec![b])),
        });
    }
    cards
}

/// A job's image: its layers, parsed, drawn one over the other through the top's windows.
fn render_job(
    faces: &[Face],
    trees: &[Option<Arc<ParsedFace>>],
    job: &Job,
    dpi: f32,
) -> Result<Vec<u8>> {
    let (w, h) = job.pixels;
    let mut pixmap = blank(&job.file, w, h)?;
    let mut layers = Vec::new();
    for &layer in &job.layers {
        let Some(face) = faces.get(layer) else {
            continue;
        };
        let Some(Some(tree)) = trees.get(layer) else {
            return Err(Error::new("internal: a face to draw was not parsed"));
        };
        layers.push((face, &**tree, service_area(face, w, h, dpi)?));
    }
    draw_layers(&mut pixmap, &layers, &job.windows);
    png_rgb_at(&pixmap, dpi)
}

/// The part of a face an image of `w` × `h` pixels at `dpi` shows: one pixel per dot, the trim
/// centred. Errors when it would reach past the face's bleed.
pub fn service_area(face: &Face, w: u32, h: u32, dpi: f32) -> Result<Area> {
    let per_mm = dpi / 25.4;
    let (aw, ah) = (w as f32 / per_mm, h as f32 / per_mm);
    let size: CardSize = face.size;
    let area = Area {
        x: face.bleed + size.width_mm / 2.0 - aw / 2.0,
        y: face.bleed + size.height_mm / 2.0 - ah / 2.0,
        w: aw,
        h: ah,
    };
    if area.x < -0.01 || area.y < -0.01 {
        return Err(Error::new(format!(
            "{}/{}: the face's {} mm bleed is narrower than the image needs",
            face.component, face.card, face.bleed
        )));
    }
    Ok(area)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixel_sizes_are_the_services_own() {
        let poker = TGC.products[0];
        assert_eq!(TGC.pixels(&poker), (825, 1125));
        assert_eq!(MPC.pixels(&MPC.products[0]), (822, 1122));
        assert_eq!(TGC.pixels(&TGC.products[2]), (600, 825));
        assert_eq!(TGC.pixels(&TGC.products[3]), (900, 1500));
        assert_eq!(TGC.bleed_px(), 37.5);
    }

    #[test]
    fn the_area_is_the_trim_plus_the_services_bleed_at_one_pixel_per_dot() {
        let face = Face {
            svg: String::new(),
            hash: String::new(),
            size: CardSize::named("poker").unwrap(),
            bleed: 3.675,
            component: "deck".into(),
            card: "a".into(),
            side: crate::render::faces::Side::Front,
        };
        let a = service_area(&face, 825, 1125, 300.0).unwrap();
        assert!((a.w - 69.85).abs() < 1e-3 && (a.h - 95.25).abs() < 1e-3);
        assert!((a.x - 0.5).abs() < 1e-3 && (a.y - 0.5).abs() < 1e-3);
        let thin = Face { bleed: 3.0, ..face };
        assert!(service_area(&thin, 825, 1125, 300.0).is_err());
    }
}
