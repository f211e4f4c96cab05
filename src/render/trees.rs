//! The parsed faces a build draws: parsed when first drawn, shared, and let go once drawn.
//!
//! A parsed face is a usvg tree with the text boxes' glyph runs beside it (text usvg laid out
//! itself it holds twice: glyph runs and the outlines it flattens them to, about 100 KB for a
//! card of thirty words): thousands of unique faces are hundreds of megabytes if parsed up
//! front. The sheets stage turns each face into one PDF form and never needs its tree again;
//! after it, only the faces the index page shows are drawn. So a build parses faces in small
//! parallel batches as the sheets first ask for them, marks the faces it can forget, and drops
//! each the moment its form is made: memory holds a batch, not the deck.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::render::shaped::ParsedFace;
use crate::sync::lock;

/// Parses one face by index.
pub type Parser<'a> = dyn Fn(usize) -> Result<Arc<ParsedFace>> + Sync + 'a;

/// How many faces one parse batch holds: enough to keep both cores busy, few enough that
/// the batch is a small part of memory.
const BATCH: usize = 32;

/// How many faces the thread parsing ahead of the sheets may hold undrawn.
const AHEAD: usize = 48;

enum Slot {
    Waiting,
    /// Taken into a batch another thread is parsing: not taken into a second batch.
    Parsing,
    Ready(Arc<ParsedFace>),
    /// Forgotten after drawing: parsed again if asked for (a lazy set).
    Gone,
    /// Failed to parse (the error is kept apart): never parsed again.
    Failed,
}

/// Every unique face's tree, by face index.
pub struct FaceTrees<'a> {
    slots: Vec<Mutex<Slot>>,
    /// Faces to forget once drawn.
    forget: Vec<bool>,
    /// How many more times the sheets will draw each face, as far as the decks tell: a face's
    /// PDF form is let go after its last drawing ([`FaceTrees::last_draw`]).
    draws_left: Vec<AtomicU32>,
    /// Parses faces not parsed yet (a lazy set); none for a set parsed up front.
    parser: Option<Box<Parser<'a>>>,
    /// Parse errors by face, and faces asked for after being forgotten in an eager set.
    errors: Mutex<Vec<(usize, Error)>>,
    /// Wall time spent parsing, for `--verbose`: while the sheets wait, and beside them.
    parsing: Mutex<Duration>,
    parsing_ahead: Mutex<Duration>,
    /// Faces parsed ahead of the sheets and not drawn yet, by face; and how many.
    ahead: Vec<AtomicBool>,
    ahead_count: AtomicUsize,
    /// Woken when a face is parsed, for readers waiting on a face another thread parses.
    wake: Mutex<()>,
    woken: Condvar,
    /// Faces parsed so far, a face parsed twice counting twice.
    parses: AtomicUsize,
    /// The thread drawing the sheets, which parses the next faces itself rather than wait
    /// ([`FaceTrees::get`]); other readers (thumbnails) wait.
    sheets_thread: Mutex<Option<std::thread::ThreadId>>,
}

impl<'a> FaceTrees<'a> {
    /// A set parsed up front, keeping every tree for as long as the value lives.
    pub fn new(trees: Vec<Arc<ParsedFace>>) -> FaceTrees<'a> {
        let slots = trees.into_iter().map(|t| Mutex::new(Slot::Ready(t)));
        FaceTrees::with_slots(slots.collect(), None)
    }

    /// A set of `count` faces parsed by `parser` in batches as they are first asked for.
    pub fn lazy(count: usize, parser: Box<Parser<'a>>) -> FaceTrees<'a> {
        let slots = (0..count).map(|_| Mutex::new(Slot::Waiting)).collect();
        FaceTrees::with_slots(slots, Some(parser))
    }

    fn with_slots(slots: Vec<Mutex<Slot>>, parser: Option<Box<Parser<'a>>>) -> FaceTrees<'a> {
        let slots_len = slots.len();
        FaceTrees {
            forget: vec![false; slots.len()],
            draws_left: Vec::new(),
            slots,
            parser,
            errors: Mutex::new(Vec::new()),
            parsing: Mutex::new(Duration::ZERO),
            parsing_ahead: Mutex::new(Duration::ZERO),
            parses: AtomicUsize::new(0),
            sheets_thread: Mutex::new(None),
            wake: Mutex::new(()),
            woken: Condvar::new(),
            ahead: (0..slots_len).map(|_| AtomicBool::new(false)).collect(),
            ahead_count: AtomicUsize::new(0),
        }
    }

    /// Marks the faces to drop after their first drawing. Faces beyond `forget` are kept.
    pub fn forget_once_drawn(mut self, forget: Vec<bool>) -> FaceTrees<'a> {
        self.forget = forget;
        self.forget.resize(self.slots.len(), false);
        self
    }

    /// Sets how many times the sheets will draw each face (faces beyond `draws` are never
    /// counted out).
    pub fn drawn_times(mut self, draws: Vec<u32>) -> FaceTrees<'a> {
        self.draws_left = draws.into_iter().map(AtomicU32::new).collect();
        self
    }

    /// Sets how many more times the sheets will draw each face, when they draw other than the
    /// decks tell (a build whose other sheet files come from the cache): a face set to none is
    /// not parsed ahead of them. A count too low only keeps a face's form longer.
    pub fn expect_draws(&self, draws: &[u32]) {
        for (left, &n) in self.draws_left.iter().zip(draws) {
            left.store(n, Ordering::Relaxed);
        }
    }

    /// Counts one drawing of `face`; whether it was the last the decks ask for. A face drawn
    /// more often than counted stays not-last: the caller then keeps what it made of it.
    pub fn last_draw(&self, face: usize) -> bool {
        let Some(left) = self.draws_left.get(face) else {
            return false;
        };
        let before = left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
            .unwrap_or(0);
        before == 1
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Lets go of every tree still held on a thread of its own: freeing a game's trees (some
    /// hundred thousand small nodes) takes longer than the last steps of a build that no
    /// longer needs them.
    pub fn release_in_background(self) {
        let held: Vec<Arc<ParsedFace>> = self
            .slots
            .into_iter()
            .filter_map(|slot| match slot.into_inner() {
                Ok(Slot::Ready(tree)) => Some(tree),
                _ => None,
            })
            .collect();
        if !held.is_empty() {
            crate::budget::free_beside(held);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The tree of `face`, parsing it (and the next waiting faces) first in a lazy set. None
    /// when it does not parse, or was forgotten in an eager set; either is recorded and
    /// reported by [`FaceTrees::finish`].
    pub fn get(&self, face: usize) -> Option<Arc<ParsedFace>> {
        let slot = self.slots.get(face)?;
        // While the thread parsing ahead is on this very face, parse the next ones here
        // rather than wait: parsing costs more than drawing, and waiting left a core idle
        // for a third of the sheets' time.
        let on_sheets = *lock(&self.sheets_thread) == Some(std::thread::current().id());
        if let (Some(parser), true) = (&self.parser, on_sheets) {
            while matches!(*lock(slot), Slot::Parsing) && self.help_ahead(face, parser) {}
        }
        if let Some(tree) = self.ready(face) {
            return Some(tree);
        }
        if matches!(*lock(slot), Slot::Failed) {
            return None;
        }
        let Some(parser) = &self.parser else {
            let e = Error::new("internal: a face was let go before it was drawn");
            lock(&self.errors).push((face, e));
            return None;
        };
        loop {
            self.parse_batch(face, parser);
            // Parsed here, or by the thread that took it first (waited for, not parsed twice).
            // One that gave it back unparsed (a reader beside the sheets whose parse failed) or
            // let it go since leaves it to this thread again.
            if let Some(tree) = self.ready(face) {
                return Some(tree);
            }
            if matches!(*lock(slot), Slot::Failed) {
                return None;
            }
        }
    }

    /// The tree of `face` for a reader beside the sheets (the rulebook's figures). A face not
    /// parsed yet is parsed alone, on the reader's thread: the reader (a figure looking for a
    /// text) needs one face now, and a batch would keep the rulebook waiting for thirty faces
    /// it does not need. None for a face let go in a set parsed up front, or one that does not
    /// parse: the reader then parses it itself, to say why, rather than failing the build.
    pub fn shared(&self, face: usize) -> Option<Arc<ParsedFace>> {
        let slot = self.slots.get(face)?;
        if let Some(tree) = self.ready(face) {
            return Some(tree);
        }
        if matches!(*lock(slot), Slot::Failed) {
            return None;
        }
        let parser = self.parser.as_ref()?;
        // Kept for the sheets when still waiting; parsed again only when it was let go.
        let claimed = self.claim(face);
        let start = Instant::now();
        self.parses.fetch_add(1, Ordering::Relaxed);
        let parsed = parser(face).ok();
        *lock(&self.parsing) += start.elapsed();
        if claimed {
            // A face that does not parse goes back to waiting: the sheets' own parse of it
            // records the error where the build reports it.
            *lock(&self.slots[face]) = match &parsed {
                Some(tree) => Slot::Ready(tree.clone()),
                None => Slot::Waiting,
            };
            let _wake = lock(&self.wake);
            self.woken.notify_all();
        }
        parsed
    }

    /// The tree of `face` when it is parsed, waiting while another thread parses it: the index
    /// page's thumbnails and the sheets ask for the same faces at once, and parsing a face
    /// twice would cost twice.
    fn ready(&self, face: usize) -> Option<Arc<ParsedFace>> {
        // The wake lock is held from the look at the slot to the wait, and a parse takes it to
        // wake the readers after storing its tree: no wake-up falls between.
        let mut wake = lock(&self.wake);
        loop {
            match &*lock(&self.slots[face]) {
                Slot::Ready(tree) => return Some(tree.clone()),
                Slot::Parsing => {}
                Slot::Waiting | Slot::Gone | Slot::Failed => return None,
            }
            wake = self.woken.wait(wake).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Runs `sheets` (which draw the faces in about face order) while a thread of its own
    /// parses the waiting faces ahead of them, at most [`AHEAD`] undrawn: drawing a face into
    /// the PDF is one thread's work, and the other core parses the next faces meanwhile
    /// instead of waiting for the sheets to ask.
    pub fn parsing_ahead<R: Send>(&self, sheets: impl FnOnce() -> R + Send) -> R {
        let Some(parser) = &self.parser else {
            return sheets();
        };
        let done = AtomicBool::new(false);
        *lock(&self.sheets_thread) = Some(std::thread::current().id());
        std::thread::scope(|scope| {
            // One face at a time on this thread, never through the shared thread pool: a
            // reader waiting for one of its faces may be holding a pool thread.
            let _ = std::thread::Builder::new().spawn_scoped(scope, || {
                self.parse_ahead(parser, &done);
                crate::budget::settle();
            });
            let result = sheets();
            *lock(&self.sheets_thread) = None;
            done.store(true, Ordering::Relaxed);
            let _wake = lock(&self.wake);
            self.woken.notify_all();
            result
        })
    }

    /// Parses waiting faces in face order while the sheets have fewer than [`AHEAD`] of them
    /// parsed and undrawn, until `done`.
    fn parse_ahead(&self, parser: &Parser<'a>, done: &AtomicBool) {
        let mut next = 0;
        while !done.load(Ordering::Relaxed) {
            if self.ahead_count.load(Ordering::Relaxed) >= AHEAD {
                let wake = lock(&self.wake);
                if self.ahead_count.load(Ordering::Relaxed) >= AHEAD
                    && !done.load(Ordering::Relaxed)
                {
                    let _ = self.woken.wait_timeout(wake, Duration::from_millis(20));
                }
                continue;
            }
            let Some(face) = (next..self.slots.len()).find(|&i| self.claim_ahead(i)) else {
                return;
            };
            next = face + 1;
            if let Some(a) = self.ahead.get(face) {
                a.store(true, Ordering::Relaxed);
                self.ahead_count.fetch_add(1, Ordering::Relaxed);
            }
            self.parse_timed(&[face], None, parser, &self.parsing_ahead, &|_| true);
        }
    }

    /// Parses one waiting face after `face` on this thread, as the thread parsing ahead
    /// would; false when there is none within [`AHEAD`] faces, or as many are parsed and
    /// undrawn already.
    fn help_ahead(&self, face: usize, parser: &Parser<'a>) -> bool {
        if self.ahead_count.load(Ordering::Relaxed) >= AHEAD {
            return false;
        }
        let end = (face + 1 + AHEAD).min(self.slots.len());
        let Some(next) = (face + 1..end).find(|&i| self.claim_ahead(i)) else {
            return false;
        };
        if let Some(a) = self.ahead.get(next) {
            a.store(true, Ordering::Relaxed);
            self.ahead_count.fetch_add(1, Ordering::Relaxed);
        }
        self.parse_timed(&[next], None, parser, &self.parsing, &|_| true);
        true
    }

    /// Parses `face` and the waiting faces after it, up to a batch, in parallel; nothing when
    /// another thread took `face` since it was found waiting (that thread parses it). The
    /// faces after it are claimed one by one as the batch comes to them: a reader beside the
    /// sheets (the rulebook's figures) asking for one of them meanwhile parses it itself
    /// rather than wait for the whole batch.
    fn parse_batch(&self, face: usize, parser: &Parser<'a>) {
        // A face let go after drawing is parsed again when asked for.
        let mut slot = lock(&self.slots[face]);
        if !matches!(*slot, Slot::Waiting | Slot::Gone) {
            return;
        }
        *slot = Slot::Parsing;
        drop(slot);
        let drawn_later = |i: usize| {
            let drawn = self.draws_left.get(i);
            drawn.is_none_or(|d| d.load(Ordering::Relaxed) > 0)
                && matches!(*lock(&self.slots[i]), Slot::Waiting)
        };
        let mut batch = vec![face];
        batch.extend(
            (face + 1..self.slots.len())
                .filter(|&i| drawn_later(i))
                .take(BATCH - 1),
        );
        let take = |i: usize| i == face || self.claim_ahead(i);
        self.parse_timed(&batch, Some(face), parser, &self.parsing, &take);
    }

    /// [`FaceTrees::claim`] for a face to parse ahead of the sheets: only one they will draw.
    /// A face they never draw (a back when no backs print) would hold a place among the
    /// [`AHEAD`] until the end, and stop the parsing ahead once enough of them had.
    fn claim_ahead(&self, i: usize) -> bool {
        let drawn = self
            .draws_left
            .get(i)
            .is_none_or(|d| d.load(Ordering::Relaxed) > 0);
        drawn && self.claim(i)
    }

    /// Marks face `i` as being parsed when it was waiting; whether it was.
    fn claim(&self, i: usize) -> bool {
        let mut slot = lock(&self.slots[i]);
        let waiting = matches!(*slot, Slot::Waiting);
        if waiting {
            *slot = Slot::Parsing;
        }
        waiting
    }

    /// Parses `faces` in parallel. A face drawn and let go meanwhile (another thread parsed it
    /// too) stays let go, except `asked`, the face a caller waits for.
    fn parse_all(&self, faces: &[usize], asked: Option<usize>, parser: &Parser<'a>) {
        self.parse_timed(faces, asked, parser, &self.parsing, &|_| true);
    }

    /// [`FaceTrees::parse_all`] of the faces `take` takes when their turn comes, its wall
    /// time added to `clock`. Each tree is stored, and its readers woken, as soon as it is
    /// parsed.
    fn parse_timed(
        &self,
        faces: &[usize],
        asked: Option<usize>,
        parser: &Parser<'a>,
        clock: &Mutex<Duration>,
        take: &(dyn Fn(usize) -> bool + Sync),
    ) {
        let start = Instant::now();
        let one = |&i: &usize| {
            if take(i) {
                self.parses.fetch_add(1, Ordering::Relaxed);
                self.store(i, parser(i), asked);
            }
        };
        // One face is parsed on the caller's thread: the thread parsing ahead must not wait
        // for the pool.
        match faces {
            [face] => one(face),
            _ => faces.par_iter().for_each(one),
        }
        *lock(clock) += start.elapsed();
    }

    /// Stores the parse of face `i` (unless it was let go meanwhile and is not `asked`), and
    /// wakes its readers.
    fn store(&self, i: usize, result: Result<Arc<ParsedFace>>, asked: Option<usize>) {
        {
            let mut slot = lock(&self.slots[i]);
            if Some(i) != asked && matches!(*slot, Slot::Ready(_) | Slot::Gone | Slot::Failed) {
                return;
            }
            *slot = match result {
                Ok(tree) => Slot::Ready(tree),
                Err(e) => {
                    lock(&self.errors).push((i, e));
                    Slot::Failed
                }
            };
        }
        let _wake = lock(&self.wake);
        self.woken.notify_all();
    }

    /// Called once `face` is drawn for good: forgets it when marked.
    pub fn drawn(&self, face: usize) {
        if self
            .ahead
            .get(face)
            .is_some_and(|a| a.swap(false, Ordering::Relaxed))
        {
            self.ahead_count.fetch_sub(1, Ordering::Relaxed);
            let _wake = lock(&self.wake);
            self.woken.notify_all();
        }
        if self.forget.get(face) == Some(&true)
            && let Some(slot) = self.slots.get(face)
        {
            let mut slot = lock(slot);
            if matches!(*slot, Slot::Ready(_)) {
                *slot = Slot::Gone;
            }
        }
    }

    /// How many faces were parsed so far: as many as there are unique faces, unless a face
    /// was asked for again after it was let go.
    pub fn parses(&self) -> usize {
        self.parses.load(Ordering::Relaxed)
    }

    /// Wall time spent parsing ahead of the sheets, on a thread beside them.
    pub fn parsing_ahead_time(&self) -> Duration {
        *lock(&self.parsing_ahead)
    }

    /// Wall time spent parsing so far.
    pub fn parsing_time(&self) -> Duration {
        *lock(&self.parsing)
    }

    /// Parses, and lets go of, every face no sheet asked for (so a broken face is found even
    /// when nothing prints it), then returns the first error in face order.
    pub fn finish(&self) -> Result<()> {
        self.finish_except(|_| false)
    }

    /// [`FaceTrees::finish`], but for the faces `known` takes: those an earlier build parsed
    /// as they are now, and noted what it found (`known` notes it again).
    pub fn finish_except(&self, known: impl Fn(usize) -> bool) -> Result<()> {
        if let Some(parser) = &self.parser {
            // A face another thread is still parsing is parsed here too, so its error is seen.
            let waiting: Vec<usize> = (0..self.slots.len())
                .filter(|&i| matches!(*lock(&self.slots[i]), Slot::Waiting | Slot::Parsing))
                .filter(|&i| !known(i))
                .collect();
            for chunk in waiting.chunks(BATCH) {
                self.parse_all(chunk, None, parser);
                for &i in chunk {
                    self.drawn(i);
                }
            }
        }
        let mut errors = std::mem::take(&mut *lock(&self.errors));
        errors.sort_by_key(|(i, _)| *i);
        match errors.into_iter().next() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn tree() -> Arc<ParsedFace> {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#;
        Arc::new(ParsedFace::whole(
            usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap(),
        ))
    }

    #[test]
    fn an_eager_set_forgets_marked_faces_once_drawn_and_keeps_the_rest() {
        let trees = FaceTrees::new(vec![tree(), tree()]).forget_once_drawn(vec![true, false]);
        assert!(trees.get(0).is_some());
        trees.drawn(0);
        trees.drawn(1);
        assert!(trees.get(1).is_some());
        assert!(trees.get(0).is_none());
        assert!(trees.finish().is_err());
    }

    #[test]
    fn a_shared_reader_gets_kept_faces_and_no_error_for_a_forgotten_one() {
        let trees = FaceTrees::new(vec![tree(), tree()]).forget_once_drawn(vec![true, false]);
        trees.drawn(0);
        assert!(trees.shared(0).is_none());
        assert!(trees.shared(1).is_some());
        assert!(trees.finish().is_ok());
        let lazy = FaceTrees::lazy(3, Box::new(|_| Ok(tree()))).forget_once_drawn(vec![true; 3]);
        assert!(lazy.shared(2).is_some());
        lazy.drawn(2);
        // A lazy set parses a forgotten face again for the reader.
        assert!(lazy.shared(2).is_some());
        assert!(lazy.finish().is_ok());
    }

    #[test]
    fn a_shared_reader_parses_one_face_alone_and_the_sheets_reuse_it() {
        let calls = AtomicUsize::new(0);
        let parser = |i: usize| {
            calls.fetch_add(1, Ordering::Relaxed);
            match i {
                7 => Err(Error::new("face 7 is broken")),
                _ => Ok(tree()),
            }
        };
        let trees = FaceTrees::lazy(100, Box::new(parser)).forget_once_drawn(vec![true; 100]);
        assert!(trees.shared(50).is_some());
        assert_eq!(calls.load(Ordering::Relaxed), 1, "one face, not a batch");
        assert!(trees.get(50).is_some());
        assert_eq!(
            calls.load(Ordering::Relaxed),
            1,
            "the sheets take the reader's tree"
        );
        // A broken face gives the reader nothing and stays the build's error to report.
        assert!(trees.shared(7).is_none());
        let err = trees.finish().unwrap_err();
        assert!(err.to_string().contains("face 7"), "{err}");
    }

    #[test]
    fn a_lazy_set_parses_in_batches_on_demand_and_again_after_forgetting() {
        let calls = AtomicUsize::new(0);
        let parser = |i: usize| {
            calls.fetch_add(1, Ordering::Relaxed);
            match i {
                70 => Err(Error::new("face 70 is broken")),
                _ => Ok(tree()),
            }
        };
        let trees = FaceTrees::lazy(100, Box::new(parser)).forget_once_drawn(vec![true; 100]);
        assert!(trees.get(0).is_some());
        // One batch parsed: the first face and the waiting ones after it.
        assert_eq!(calls.load(Ordering::Relaxed), BATCH);
        trees.drawn(0);
        assert!(trees.get(1).is_some());
        assert_eq!(calls.load(Ordering::Relaxed), BATCH);
        // A forgotten face in a lazy set is parsed again, not lost.
        assert!(trees.get(0).is_some());
        // The rest is parsed at the end, and the broken face reported: every face parsed
        // once, face 0 twice.
        let err = trees.finish().unwrap_err();
        assert!(err.to_string().contains("face 70"), "{err}");
        assert_eq!(calls.load(Ordering::Relaxed), 101);
    }

    #[test]
    fn threads_parse_ahead_of_the_sheets_and_each_face_is_parsed_once() {
        let calls = AtomicUsize::new(0);
        let parser = |i: usize| {
            calls.fetch_add(1, Ordering::Relaxed);
            match i {
                150 => Err(Error::new("face 150 is broken")),
                _ => Ok(tree()),
            }
        };
        let trees = FaceTrees::lazy(200, Box::new(parser)).forget_once_drawn(vec![true; 200]);
        let drawn = trees.parsing_ahead(|| {
            (0..200)
                .filter(|&f| {
                    let got = trees.get(f).is_some();
                    trees.drawn(f);
                    got
                })
                .count()
        });
        assert_eq!(drawn, 199, "all but the broken face");
        assert_eq!(calls.load(Ordering::Relaxed), 200, "each face once");
        assert_eq!(trees.parses(), 200);
        let err = trees.finish().unwrap_err();
        assert!(err.to_string().contains("face 150"), "{err}");
    }

    /// However the set was made, the threads parsing ahead stop at [`AHEAD`] undrawn faces
    /// (the count once lived in `forget_once_drawn`, and a set made without it parsed the
    /// whole deck ahead).
    #[test]
    fn parsing_ahead_holds_at_most_its_allowance_undrawn() {
        let trees = FaceTrees::lazy(500, Box::new(|_| Ok(tree())));
        let held = trees.parsing_ahead(|| {
            let give_up = Instant::now() + Duration::from_secs(30);
            while trees.ahead_count.load(Ordering::Relaxed) < AHEAD && Instant::now() < give_up {
                std::thread::yield_now();
            }
            // Room for a thread to overrun, were it going to.
            std::thread::sleep(Duration::from_millis(50));
            trees.parses()
        });
        assert_eq!(held, AHEAD);
    }

    /// Faces the sheets will not draw (a back when no backs print) are not parsed ahead: each
    /// would hold a place among the [`AHEAD`] to the end and stop the parsing ahead.
    #[test]
    fn faces_the_sheets_never_draw_are_not_parsed_ahead() {
        let calls = AtomicUsize::new(0);
        let parser = |_| {
            calls.fetch_add(1, Ordering::Relaxed);
            Ok(tree())
        };
        // Fronts at even places, their backs (never drawn) at odd ones.
        let draws = (0..400).map(|i| u32::from(i % 2 == 0)).collect();
        let trees = FaceTrees::lazy(400, Box::new(parser)).drawn_times(draws);
        trees.parsing_ahead(|| {
            for f in (0..400).step_by(2) {
                assert!(trees.get(f).is_some());
                trees.drawn(f);
            }
        });
        assert_eq!(calls.load(Ordering::Relaxed), 200, "the fronts, each once");
        assert_eq!(trees.ahead_count.load(Ordering::Relaxed), 0);
    }

    /// While the thread ahead parses the face the sheets need, the sheets' own thread parses
    /// the next faces rather than wait; a reader beside them (the index's thumbnails) waits.
    #[test]
    fn the_sheets_thread_parses_the_next_faces_while_its_face_is_parsed_elsewhere() {
        let by = Mutex::new(Vec::new());
        let (tell, told) = std::sync::mpsc::channel();
        let tell = Mutex::new(tell);
        let parser = |i: usize| {
            lock(&by).push((i, std::thread::current().id()));
            let _ = lock(&tell).send(i);
            Ok(tree())
        };
        let trees = FaceTrees::lazy(10, Box::new(parser));
        let me = std::thread::current().id();
        *lock(&trees.sheets_thread) = Some(me);
        // Face 0 is being parsed by another thread, which finishes it once this thread has
        // parsed face 1.
        assert!(trees.claim(0));
        let other = &trees;
        std::thread::scope(|scope| {
            scope.spawn(move || {
                while told.recv().is_ok_and(|i| i != 1) {}
                other.parse_all(&[0], None, &|_| Ok(tree()));
            });
            assert!(trees.get(0).is_some());
        });
        let by = lock(&by).clone();
        assert!(by.contains(&(1, me)), "face 1 parsed by the sheets: {by:?}");
        assert!(by.iter().all(|&(_, t)| t == me));
        // Not the sheets' thread: a reader waits for the face and parses nothing of its own.
        *lock(&trees.sheets_thread) = None;
        let readers = Mutex::new(Vec::new());
        let parser = |i: usize| {
            lock(&readers).push((i, std::thread::current().id()));
            Ok(tree())
        };
        let others = FaceTrees::lazy(10, Box::new(parser));
        assert!(others.claim(3));
        let reader = std::thread::scope(|scope| {
            let waiting = scope.spawn(|| (others.get(3).is_some(), std::thread::current().id()));
            others.parse_all(&[3], None, &|_| Ok(tree()));
            waiting.join().unwrap()
        });
        assert!(reader.0);
        assert!(lock(&readers).iter().all(|&(_, t)| t != reader.1));
    }

    /// A batch the sheets parse on demand leaves out the faces they will not draw.
    #[test]
    fn a_batch_leaves_out_the_faces_the_sheets_will_not_draw() {
        let draws = (0..100).map(|i| u32::from(i % 2 == 0)).collect();
        let trees = FaceTrees::lazy(100, Box::new(|_| Ok(tree()))).drawn_times(draws);
        assert!(trees.get(0).is_some());
        assert_eq!(trees.parses(), BATCH);
        for i in (1..100).step_by(2) {
            assert!(matches!(*lock(&trees.slots[i]), Slot::Waiting), "face {i}");
        }
    }
}
