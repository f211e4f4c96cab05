//! The faces' SVG parsed into trees: all at once (exports, reprints), or as the sheets first
//! draw them and let go once drawn (builds), with what parsing finds (faces of the wrong
//! proportions, the preflight) in face order; and `check`'s preflight, which parses only the
//! faces the last build's notes do not cover.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::notes_cache::{FaceNote, KeptNotes, Looked};
use super::renders_cache::KeptRenders;
use crate::error::Result;
use crate::model::Game;
use crate::output::cache::DiskCache;
use crate::output::index::shown_faces;
use crate::preflight::{Finding, Report};
use crate::render::faces::{Face, Faces};
use crate::render::render_cache::RenderCache;
use crate::render::shaped::{ParsedFace, parse_face as parse_svg};
use crate::render::trees::FaceTrees;
use crate::sync::lock;
use crate::text::fonts::Fonts;

/// The faces' trees for `assemble`: those `prepare` parsed, or (a build) parsed as the sheets
/// draw them, with what parsing found noted in `notes`.
pub(super) fn face_trees<'a>(
    trees: Vec<Arc<ParsedFace>>,
    game: &'a Game,
    faces: &'a Faces,
    fonts: &'a Fonts,
    cache: Option<&'a RenderCache>,
    notes: &'a ParseNotes,
) -> FaceTrees<'a> {
    let set = if trees.len() == faces.faces.len() {
        FaceTrees::new(trees)
    } else {
        FaceTrees::lazy(
            faces.faces.len(),
            Box::new(move |i| {
                let face = &faces.faces[i];
                let tree = parse_face(game, face, fonts, cache)?;
                notes.note(i, game, face, &tree);
                Ok(tree)
            }),
        )
    };
    set.forget_once_drawn(forgettable(faces))
        .drawn_times(draws(game, faces))
}

/// How many times the decks draw each face: once for each copy that prints it (its back only
/// when backs print).
pub(super) fn draws(game: &Game, faces: &Faces) -> Vec<u32> {
    let backs = game.file.print.duplex != crate::model::print::Duplex::None;
    let mut draws = vec![0u32; faces.faces.len()];
    for copy in faces.decks.iter().flat_map(|d| &d.copies) {
        let back = copy.back.filter(|_| !backs);
        for f in copy.faces().filter(|&f| Some(f) != back) {
            if let Some(n) = draws.get_mut(f) {
                *n = n.saturating_add(1);
            }
        }
    }
    draws
}

/// What parsing faces on demand found, by face, so the warnings come out in face order
/// whatever order the sheets drew them in.
///
/// A face the index page shows is looked at (its preflight, which renders it small) when its
/// thumbnail is drawn, not when the sheets parse it: the thumbnail then starts from that
/// render ([`ParseNotes::look_for_thumb`]) instead of rendering the face again, and the look
/// leaves the sheets, the build's busiest stretch, for the kit's, where a core waits on Typst.
/// The sheets keep such a face's tree for its thumbnail anyway.
#[derive(Default)]
pub(super) struct ParseNotes {
    proportions: std::sync::Mutex<Vec<(usize, String)>>,
    preflight: std::sync::Mutex<Vec<(usize, Vec<crate::preflight::Finding>)>>,
    /// Faces whose text boxes the SVG reader laid out (see [`crate::render::shaped`]).
    fell_back: std::sync::Mutex<std::collections::BTreeMap<usize, String>>,
    /// Where a command-line build keeps each face's notes for the next.
    kept: Option<KeptNotes>,
    /// By face, whether its look may wait for its thumbnail: the faces the index page shows,
    /// when thumbnails are drawn from looks.
    for_thumbs: Vec<bool>,
    /// Faces parsed whose look waits for their thumbnail.
    waiting: std::sync::Mutex<std::collections::BTreeSet<usize>>,
    /// What the thumbnails are kept under beside a face's hash: the name of its fonts, and
    /// whether they are drawn from looks (the same face drawn the other way differs a little).
    thumbs_name: String,
}

impl ParseNotes {
    /// Notes that keep what parsing the faces found in `disk`, when there is one; with
    /// `thumbs_from_looks`, the looks of the faces the index page shows (`shown`) are made
    /// with their thumbnails, which start from them.
    pub(super) fn kept_in(
        disk: Option<Arc<DiskCache>>,
        fonts: &Fonts,
        shown: Vec<bool>,
        thumbs_from_looks: bool,
    ) -> ParseNotes {
        let drawn = if thumbs_from_looks { " from looks" } else { "" };
        ParseNotes {
            kept: disk.map(|disk| KeptNotes::new(disk, &fonts.digest)),
            for_thumbs: if thumbs_from_looks { shown } else { Vec::new() },
            thumbs_name: format!("{}{drawn}", fonts.digest),
            ..ParseNotes::default()
        }
    }

    /// What the thumbnails are kept under beside a face's hash.
    pub(super) fn thumbs_name(&self) -> &str {
        &self.thumbs_name
    }

    /// Notes what parsing face `i` into `tree` found: as the last build found it when the
    /// cache kept that, else looked at now, or with its thumbnail.
    fn note(&self, i: usize, game: &Game, face: &Face, tree: &ParsedFace) {
        if self.note_kept(i, game, face) {
            return;
        }
        if self.for_thumbs.get(i) == Some(&true) {
            lock(&self.waiting).insert(i);
            return;
        }
        self.look(i, game, face, tree);
    }

    /// Looks at face `i`, parsed into `tree`, now: notes what it finds (kept for the next
    /// build), and gives back the face as the look rendered it, when it did.
    fn look(&self, i: usize, game: &Game, face: &Face, tree: &ParsedFace) -> Option<Looked> {
        let (note, looked) = FaceNote::looked(game, face, tree);
        if let Some(kept) = &self.kept {
            kept.remember(game, face, &note);
        }
        self.record(i, game, face, note);
        looked
    }

    /// For the thumbnail of face `i`, when thumbnails are drawn from looks: the face without
    /// its shaped text as the look renders it, when that is the whole face but its shaped text
    /// (the SVG reader laid out none of it, which the look leaves out). It comes from the
    /// face's look, made now when it waited for the thumbnail, else is rendered now: whichever
    /// way, the same face gives the same thumbnail, cache or none.
    pub(super) fn look_for_thumb(
        &self,
        i: usize,
        game: &Game,
        face: &Face,
        tree: &ParsedFace,
    ) -> Option<Looked> {
        if self.for_thumbs.is_empty() || crate::preflight::pixels::has_text(tree.tree.root()) {
            return None;
        }
        let looked = match lock(&self.waiting).remove(&i) {
            true => self.look(i, game, face, tree),
            false => None,
        };
        looked.or_else(|| crate::preflight::pixels::render(face, &tree.tree).map(|(p, _)| p))
    }

    /// Looks at the faces whose look still waits: their thumbnails were kept, or not drawn.
    pub(super) fn look_at_waiting(&self, game: &Game, faces: &Faces, trees: &FaceTrees) {
        let waiting: Vec<usize> = std::mem::take(&mut *lock(&self.waiting))
            .into_iter()
            .collect();
        waiting.par_iter().for_each(|&i| {
            // A face that no longer parses has its error told by the sheets.
            if let Some(tree) = trees.get(i) {
                self.look(i, game, &faces.faces[i], &tree);
            }
        });
    }

    /// Notes what parsing face `i` found in an earlier build, if the build cache kept it;
    /// whether it did (the face then need not be parsed for its notes).
    pub(super) fn note_kept(&self, i: usize, game: &Game, face: &Face) -> bool {
        let Some(note) = self.kept.as_ref().and_then(|k| k.kept(game, face)) else {
            return false;
        };
        self.record(i, game, face, note);
        true
    }

    /// Records `note`, what parsing face `i` found, as its warnings and findings.
    fn record(&self, i: usize, game: &Game, face: &Face, note: FaceNote) {
        if let Some(w) = proportion_warning(face, note.size) {
            lock(&self.proportions).push((i, w));
        }
        if let Some(why) = note.fell_back {
            let face = format!("{}/{} ({})", face.component, face.card, face.side.name());
            lock(&self.fell_back).insert(i, format!("{face}: {}", why.why()));
        }
        let found = crate::preflight::placed(game, face, note.raw);
        lock(&self.preflight).push((i, found));
    }

    /// Keeps what parsing the faces found in the build cache for the next build (once every
    /// face is noted).
    pub(super) fn keep_notes(&self) {
        if let Some(kept) = &self.kept {
            kept.keep();
        }
    }

    /// Proportion warnings in face order, once per face (a face parsed again after being let
    /// go is noted twice).
    pub(super) fn warnings(&self) -> Vec<String> {
        let mut proportions = std::mem::take(&mut *lock(&self.proportions));
        proportions.sort_by_key(|(i, _)| *i);
        proportions.dedup_by_key(|(i, _)| *i);
        proportions.into_iter().map(|(_, w)| w).collect()
    }

    /// How many faces' text boxes the SVG reader laid out, and the first of them with why.
    pub(super) fn fell_back(&self) -> (usize, Option<String>) {
        let all = lock(&self.fell_back);
        (all.len(), all.values().next().cloned())
    }

    /// The preflight of every face (low-resolution art among it), in face order, once per face.
    pub(super) fn preflight(&self) -> crate::preflight::Report {
        let mut found = std::mem::take(&mut *lock(&self.preflight));
        found.sort_by_key(|(i, _)| *i);
        found.dedup_by_key(|(i, _)| *i);
        crate::preflight::Report::new(found.into_iter().flat_map(|(_, f)| f).collect())
    }
}

/// The faces a build may forget once drawn: those of a single component (so of a single sheet
/// file) that the index page does not show.
fn forgettable(faces: &Faces) -> Vec<bool> {
    let shown = shown_faces(faces);
    let mut decks_using = vec![0u8; faces.faces.len()];
    for deck in &faces.decks {
        for f in deck.used_faces() {
            if let Some(n) = decks_using.get_mut(f) {
                *n = n.saturating_add(1);
            }
        }
    }
    decks_using
        .iter()
        .zip(&shown)
        .map(|(&n, &shown)| n == 1 && !shown)
        .collect()
}

/// Parses every face in parallel; errors name the component, card and side.
pub(super) fn parse_faces(
    game: &Game,
    faces: &Faces,
    fonts: &Fonts,
    warnings: &mut Vec<String>,
    cache: Option<&RenderCache>,
) -> Result<Vec<Arc<ParsedFace>>> {
    let trees: Vec<Result<Arc<ParsedFace>>> = faces
        .faces
        .par_iter()
        .map(|face| parse_face(game, face, fonts, cache))
        .collect();
    let trees: Vec<Arc<ParsedFace>> = trees.into_iter().collect::<Result<_>>()?;
    for (face, tree) in faces.faces.iter().zip(&trees) {
        let size = tree.tree.size();
        warnings.extend(proportion_warning(face, (size.width(), size.height())));
    }
    Ok(trees)
}

impl crate::assemble::Prepared {
    /// The trees of the faces `wanted` picks, in face order (`None` for the others), parsed
    /// on every core: a `png` export parses only the faces it draws again. Of several faces
    /// that fail, the first in face order is told, as parsing them all would tell it.
    pub fn parse_where(
        &self,
        wanted: impl Fn(usize) -> bool + Sync,
    ) -> Result<Vec<Option<Arc<ParsedFace>>>> {
        let (game, fonts) = (&self.game, &self.fonts);
        let trees: Vec<Result<Option<Arc<ParsedFace>>>> = (self.faces.faces.par_iter())
            .enumerate()
            .map(|(i, face)| {
                let tree = wanted(i).then(|| parse_face(game, face, fonts, None));
                tree.transpose()
            })
            .collect();
        trees.into_iter().collect()
    }
}

/// A game's preflight on its own (`protopress check`), and how much of it the build cache held.
pub struct Preflight {
    pub report: Report,
    /// The faces looked at, and how many of them as the last build found them.
    pub faces: usize,
    pub kept: usize,
}

/// Preflight of a game on its own (`protopress check`): every face rendered (taken as the
/// kit's last build under `out` rendered it, when `cached` and unchanged), and parsed and
/// looked at unless that build kept what looking at it found. Only read: the cache stays the
/// last build's.
pub fn preflight_game(game: &Game, out: &Path, cached: bool) -> Result<Preflight> {
    let crate::render::Renderer {
        fonts, templates, ..
    } = crate::render::Renderer::load(game)?;
    let disk = cached
        .then(|| DiskCache::of_kit(out, game).map(Arc::new))
        .flatten();
    let renders = disk.as_deref().map(KeptRenders::read);
    let faces = crate::render::faces::render(game, &templates, renders.as_ref().map(|r| &r.cache))?;
    drop(renders);
    let notes = disk.map(|disk| KeptNotes::new(disk, &fonts.digest));
    let kept = AtomicUsize::new(0);
    let found: Vec<Vec<Finding>> = faces
        .faces
        .par_iter()
        .map(|f| {
            if let Some(note) = notes.as_ref().and_then(|k| k.kept(game, f)) {
                kept.fetch_add(1, Ordering::Relaxed);
                return Ok(crate::preflight::placed(game, f, note.raw));
            }
            let tree = parse_face(game, f, &fonts, None)?;
            Ok(crate::preflight::face(game, f, &tree))
        })
        .collect::<Result<_>>()?;
    Ok(Preflight {
        report: Report::new(found.into_iter().flatten().collect()),
        faces: faces.faces.len(),
        kept: kept.into_inner(),
    })
}

/// Parses one face, or takes its tree from the session's cache.
fn parse_face(
    game: &Game,
    face: &Face,
    fonts: &Fonts,
    cache: Option<&RenderCache>,
) -> Result<Arc<ParsedFace>> {
    // A tree depends on the SVG (and its art, in the hash) and on the fonts.
    let key = format!("{}{}", face.hash, fonts.digest);
    let cached = |c: &RenderCache| {
        let trees = lock(&c.trees);
        trees.get(&key).cloned()
    };
    if let Some(tree) = cache.and_then(cached) {
        return Ok(tree);
    }
    let base = game.template_dir();
    let parsed = parse_svg(&face.svg, fonts, &game.project, &base).map(Arc::new);
    if let (Some(c), Ok(tree)) = (cache, &parsed) {
        let mut trees = lock(&c.trees);
        trees.insert(key, tree.clone());
    }
    parsed.map_err(|e| {
        let card = format!("{} ({})", face.card, face.side.name());
        e.game(&game.id).component(&face.component).card(card)
    })
}

/// A template that forgot the bleed draws a face of the wrong proportions; it would be
/// stretched to fit, so say so. `size` is the SVG's width and height.
fn proportion_warning(face: &Face, (width, height): (f32, f32)) -> Option<String> {
    let bleed = face.bleed;
    let want = (face.size.width_mm + 2.0 * bleed) / (face.size.height_mm + 2.0 * bleed);
    let got = width / height;
    ((want - got).abs() / want > 0.01).then(|| {
        format!(
            "{}/{} {}: the SVG is {:.1} × {:.1} px, not the proportions of the face with \
             bleed ({:.2} × {:.2} mm); it is stretched to fit",
            face.component,
            face.card,
            face.side.name(),
            width,
            height,
            face.size.width_mm + 2.0 * bleed,
            face.size.height_mm + 2.0 * bleed,
        )
    })
}
