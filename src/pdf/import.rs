//! Copies finished pages of one PDF onto pages of another, object for object.
//!
//! The kit holds the rulebook's pages and every sheet page. Laying the sheets out a second time
//! (Typst placing each page as an image) cost more than the rest of the build together and grew
//! faster than the deck, and typesetting the rules a second time was a third of the kit's time.
//! Here the kit's Typst document holds an empty page of the right size where each rulebook or
//! sheet page goes, with its labels and outline entries, so page numbers and bookmarks stay
//! Typst's; then each empty page takes the source page's content stream, resources, page boxes
//! (trim and bleed included) and links, copied as they are. Objects shared by many pages (a
//! face drawn 40 times, a font) are copied once per source file.

use std::collections::HashMap;

use lopdf::{Dictionary, Document, Object, ObjectId};

use crate::error::{Error, Result};
use crate::pdf::figures::{FacePages, is_stand_in_size, stand_in_place};

/// One empty page of the target to fill with a page of a source file.
#[derive(Debug, Clone)]
pub struct PageFill {
    /// 0-based index of the page in the target document.
    pub target: usize,
    /// The source file's name, as given in `sources`.
    pub file: String,
    /// 1-based page of the source file.
    pub page: usize,
}

/// The page keys that say what a page shows and where it is cut; everything else (the parent,
/// the structure tree's keys) stays the target's. Link annotations come along apart
/// (`Importer::links`).
const PAGE_KEYS: [&[u8]; 8] = [
    b"Contents",
    b"Resources",
    b"MediaBox",
    b"CropBox",
    b"BleedBox",
    b"TrimBox",
    b"ArtBox",
    b"Group",
];

/// Fills the pages of `target` named by `fills` with pages of `sources` (file name, PDF bytes)
/// and returns the new PDF. A filled page keeps its links: the source page's link annotations
/// come along, and the source's named destinations on taken pages are added to the target,
/// pointing at the filled pages (a destination on a page not taken is left out). The faces
/// `target` pictures take their stand-ins' places, drawn as `faces` holds them.
pub fn fill_pages(
    target: &[u8],
    sources: &[(&str, &[u8])],
    fills: &[PageFill],
    faces: &FacePages,
) -> Result<Vec<u8>> {
    let taken = |name: &str| fills.iter().any(|f| f.file == name);
    // The kit is read beside its first source (the sheets at thousands of pages): reading is
    // one thread's work, and the rest of the fill waits for both.
    let first = sources.iter().position(|(name, _)| taken(name));
    let (doc, mut first_read) = rayon::join(
        || load(target, "the kit"),
        || first.map(|i| load(sources[i].1, sources[i].0)),
    );
    let mut doc = doc?;
    // Before any page comes in: only the target's own objects are looked at.
    place_stand_ins(&mut doc, faces)?;
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    let mut dests = Vec::new();
    for &(name, bytes) in sources {
        let mine: Vec<&PageFill> = fills.iter().filter(|f| f.file == name).collect();
        if mine.is_empty() {
            continue;
        }
        let src = match first_read.take() {
            Some(read) => read?,
            None => load(bytes, name)?,
        };
        let mut importer = Importer::new(src);
        let source_pages: Vec<ObjectId> = importer.src.get_pages().into_values().collect();
        // Read before any object moves out of the source: a destination may be shared.
        let source_dests = importer.resolved_named_dests();
        let mut moves = Vec::new();
        for fill in mine {
            let (Some(&to), Some(&from)) = (
                pages.get(fill.target),
                fill.page.checked_sub(1).and_then(|p| source_pages.get(p)),
            ) else {
                return Err(Error::new(format!(
                    "kit page {} cannot take page {} of {name}: no such page",
                    fill.target + 1,
                    fill.page
                )));
            };
            // A reference to a taken page (a link's destination) becomes one to its new place.
            importer.ids.insert(from, to);
            moves.push((from, to, fill.target));
        }
        for (from, to, target) in moves {
            importer.fill_page(from, (to, target), &mut doc)?;
        }
        dests.extend(importer.named_dests(source_dests, &pages, &mut doc));
        let_go_beside(importer.src);
    }
    add_named_dests(&mut doc, dests);
    // The empty pages' own content streams are now unreferenced.
    doc.prune_objects();
    // About the size of its parts (see `save`).
    let parts = target.len()
        + sources
            .iter()
            .filter(|(name, _)| taken(name))
            .map(|(_, b)| b.len())
            .sum::<usize>();
    let out = crate::pdf::save::save(&mut doc, parts + parts / 8)
        .map_err(|e| Error::new(format!("the kit PDF could not be written: {e}")))?;
    // Written: its objects are freed beside what is left of the build (10,000 cards: 5 ms).
    if doc.objects.len() >= FREED_BESIDE {
        crate::budget::free_beside(doc);
    }
    Ok(out)
}

/// `target` (a typeset PDF) with each stand-in of a pictured face replaced by the face itself,
/// drawn as `faces` holds it (see [`crate::pdf::figures`]); `target` as it is when it has
/// none.
pub fn place_faces(target: &[u8], faces: &FacePages) -> Result<Vec<u8>> {
    let mut doc = load(target, "the rulebook")?;
    if !place_stand_ins(&mut doc, faces)? {
        return Ok(target.to_vec());
    }
    doc.prune_objects();
    let out = crate::pdf::save::save(&mut doc, target.len() + faces.pdf.len())
        .map_err(|e| Error::new(format!("the rulebook PDF could not be written: {e}")))?;
    Ok(out)
}

/// Replaces every stand-in image among `doc`'s objects with a form drawing its picture's page
/// of `faces`: the form maps the page onto the unit square, as an image is mapped, so the page's
/// content that placed the image places the face unchanged. Whether it found any.
fn place_stand_ins(doc: &mut Document, faces: &FacePages) -> Result<bool> {
    let found: Vec<(ObjectId, usize)> = doc
        .objects
        .iter()
        .filter_map(|(&id, object)| {
            let Object::Stream(s) = object else {
                return None;
            };
            if s.dict.get(b"Subtype").and_then(Object::as_name).ok()? != b"Image"
                || !is_stand_in_size(&s.dict)
            {
                return None;
            }
            // Only a two-pixel image is decoded, and no more than a stand-in's bytes of it:
            // an image the rules embed may claim that size over a stream of gigabytes.
            let samples = s.decompressed_content_with_limit(64).ok()?;
            // The document's stand-ins name the places of the faces drawn for it, and no
            // others: an image past them is the game's own, however like a stand-in it looks.
            let place = stand_in_place(&s.dict, &samples)?;
            (place < faces.faces.len()).then_some((id, place))
        })
        .collect();
    if found.is_empty() {
        return Ok(false);
    }
    let mut importer = Importer::new(load(&faces.pdf, "the pictured faces")?);
    let pages: Vec<ObjectId> = importer.src.get_pages().into_values().collect();
    for (id, place) in found {
        let Some(&page) = pages.get(place) else {
            return Err(Error::new(format!(
                "internal: {} faces were drawn on {} pages",
                faces.faces.len(),
                pages.len()
            )));
        };
        let form = importer.page_form(page, doc)?;
        doc.objects.insert(id, Object::Stream(form));
    }
    Ok(true)
}

/// A page's MediaBox (x0, y0, x1, y1), among its keys' `values`; none unless it has an area.
fn media_box(values: &HashMap<Vec<u8>, Object>) -> Option<[f32; 4]> {
    let Some(Object::Array(numbers)) = values.get(b"MediaBox".as_slice()) else {
        return None;
    };
    let number = |o: &Object| o.as_float().or_else(|_| o.as_i64().map(|i| i as f32));
    let numbers: Vec<f32> = numbers
        .iter()
        .map(number)
        .collect::<lopdf::Result<_>>()
        .ok()?;
    let [x0, y0, x1, y1] = numbers[..] else {
        return None;
    };
    (x1 > x0 && y1 > y0).then_some([x0, y0, x1, y1])
}

/// A page's content (its `/Contents`, moved into `doc`) as one stream: its only stream as it
/// is, or its several streams (seldom) decoded and joined; none when one cannot be read.
fn content_stream(doc: &Document, contents: Option<&Object>) -> Option<lopdf::Stream> {
    let stream = |o: &Object| {
        let id = o.as_reference().ok()?;
        doc.get_object(id).and_then(Object::as_stream).ok()
    };
    match contents? {
        Object::Array(parts) => {
            let mut joined = Vec::new();
            for part in parts {
                joined.extend(stream(part)?.decompressed_content().ok()?);
                joined.push(b'\n');
            }
            Some(lopdf::Stream::new(Dictionary::new(), joined))
        }
        one => stream(one).cloned(),
    }
}

/// Objects of a written kit past which it is freed on a thread of its own: below, the thread
/// costs more than freeing it here.
const FREED_BESIDE: usize = 2_000;

/// Frees a large document read back on a thread of its own, while the build goes on: a kit of
/// 50,000 cards holds millions of objects, and freeing them took 50 ms of the build's last
/// stretch, where one core works alone. A smaller one is freed here, before the kit is
/// written: freed beside it, its memory would add to the written kit's at the build's peak.
fn let_go_beside(doc: Document) {
    const LARGE: usize = 100_000;
    if doc.objects.len() >= LARGE {
        crate::budget::free_beside(doc);
    }
}

/// One entry of a PDF's outline.
#[derive(Debug, Clone, PartialEq)]
pub struct Bookmark {
    /// 1 for a top-level entry.
    pub level: usize,
    pub title: String,
    /// 0-based page it jumps to.
    pub page: usize,
}

/// The outline of a PDF, depth first; entries whose page cannot be found are left out.
pub fn bookmarks(pdf: &[u8]) -> Result<Vec<Bookmark>> {
    let doc = load(pdf, "the rulebook")?;
    let index: HashMap<ObjectId, usize> = doc
        .get_pages()
        .into_values()
        .enumerate()
        .map(|(i, id)| (id, i))
        .collect();
    let names: HashMap<Vec<u8>, Object> = named_dests_of(&doc).into_iter().collect();
    let mut out = Vec::new();
    let first = catalog(&doc)
        .and_then(|c| c.get(b"Outlines").ok())
        .and_then(|o| resolve(&doc, o).as_dict().ok())
        .and_then(|o| o.get(b"First").and_then(Object::as_reference).ok());
    // (item, level), siblings pushed in reverse so they come out in order.
    let mut stack: Vec<(ObjectId, usize)> = first.into_iter().map(|f| (f, 1)).collect();
    let mut seen = std::collections::HashSet::new();
    while let Some((id, level)) = stack.pop() {
        let Ok(item) = doc.get_dictionary(id) else {
            continue;
        };
        if !seen.insert(id) {
            continue;
        }
        if let Ok(next) = item.get(b"Next").and_then(Object::as_reference) {
            stack.push((next, level));
        }
        if let Ok(child) = item.get(b"First").and_then(Object::as_reference) {
            stack.push((child, level + 1));
        }
        let title = match item.get(b"Title").map(|t| resolve(&doc, t)) {
            Ok(Object::String(raw, _)) => decode_text(raw),
            _ => continue,
        };
        let page = jump_of(&doc, item)
            .and_then(|d| dest_page(&doc, d, &names))
            .and_then(|p| index.get(&p).copied());
        if let Some(page) = page {
            out.push(Bookmark { level, title, page });
        }
    }
    Ok(out)
}

/// A PDF text string: UTF-16 with a byte order mark, else PDFDocEncoding (Latin-1 here).
fn decode_text(raw: &[u8]) -> String {
    match raw.strip_prefix(&[0xFE, 0xFF]) {
        Some(be) => {
            let units: Vec<u16> = be
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c.get(1).copied().unwrap_or(0)]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        None => raw.iter().map(|&b| b as char).collect(),
    }
}

fn catalog(doc: &Document) -> Option<&Dictionary> {
    let root = doc.trailer.get(b"Root").ok()?;
    resolve(doc, root).as_dict().ok()
}

/// The object itself, or the one a reference names.
fn resolve<'a>(doc: &'a Document, object: &'a Object) -> &'a Object {
    match object {
        Object::Reference(id) => doc.get_object(*id).unwrap_or(object),
        other => other,
    }
}

/// The page a destination (an array, a reference to one, or a name) jumps to.
fn dest_page(doc: &Document, dest: &Object, names: &HashMap<Vec<u8>, Object>) -> Option<ObjectId> {
    let mut dest = dest;
    // A name may lead to a dictionary or to another name; a loop of them leads nowhere.
    for _ in 0..8 {
        dest = match resolve(doc, dest) {
            Object::Array(items) => return items.first()?.as_reference().ok(),
            Object::String(name, _) | Object::Name(name) => names.get(name)?,
            Object::Dictionary(d) => d.get(b"D").ok()?,
            _ => return None,
        };
    }
    None
}

/// Where an outline entry or a link jumps: its `/Dest`, or the `/D` of its go-to action.
fn jump_of<'a>(doc: &'a Document, item: &'a Dictionary) -> Option<&'a Object> {
    item.get(b"Dest").ok().or_else(|| {
        let action = resolve(doc, item.get(b"A").ok()?).as_dict().ok()?;
        action.get(b"D").ok()
    })
}

/// Every named destination of a document (the catalog's `/Names /Dests` tree).
fn named_dests_of(doc: &Document) -> Vec<(Vec<u8>, Object)> {
    let mut out = Vec::new();
    let tree = catalog(doc)
        .and_then(|c| c.get(b"Names").ok())
        .and_then(|n| resolve(doc, n).as_dict().ok())
        .and_then(|n| n.get(b"Dests").ok());
    let mut nodes: Vec<&Object> = tree.into_iter().collect();
    let mut visited = 0;
    while let Some(node) = nodes.pop() {
        visited += 1;
        let Ok(node) = resolve(doc, node).as_dict() else {
            continue;
        };
        if visited > 10_000 {
            break;
        }
        if let Ok(Object::Array(pairs)) = node.get(b"Names").map(|n| resolve(doc, n)) {
            for pair in pairs.chunks(2) {
                if let [Object::String(name, _), dest] = pair {
                    out.push((name.clone(), dest.clone()));
                }
            }
        }
        if let Ok(Object::Array(kids)) = node.get(b"Kids").map(|k| resolve(doc, k)) {
            nodes.extend(kids.iter());
        }
    }
    out
}

/// Adds named destinations to the catalog's `/Names /Dests` tree of `doc` (one flat node,
/// sorted by name as the format asks). A name the document already has now jumps to the
/// filled page: the links copied with that page use it, the document's own seldom do.
fn add_named_dests(doc: &mut Document, extra: Vec<(Vec<u8>, Object)>) {
    if extra.is_empty() {
        return;
    }
    let mut all: std::collections::BTreeMap<Vec<u8>, Object> =
        named_dests_of(doc).into_iter().collect();
    all.extend(extra);
    let names: Vec<Object> = all
        .into_iter()
        .flat_map(|(name, dest)| [Object::string_literal(name), dest])
        .collect();
    let tree = doc.add_object(lopdf::dictionary! { "Names" => names });
    let Some(root) = doc.trailer.get(b"Root").and_then(Object::as_reference).ok() else {
        return;
    };
    let mut names_dict = match doc.get_dictionary(root).and_then(|c| c.get(b"Names")) {
        Ok(Object::Reference(id)) => doc.get_dictionary(*id).cloned().unwrap_or_default(),
        Ok(Object::Dictionary(d)) => d.clone(),
        _ => Dictionary::new(),
    };
    names_dict.set("Dests", tree);
    if let Ok(catalog) = doc.get_object_mut(root).and_then(Object::as_dict_mut) {
        catalog.set("Names", Object::Dictionary(names_dict));
    }
}

fn load(bytes: &[u8], what: &str) -> Result<Document> {
    Document::load_mem(bytes).map_err(|e| Error::new(format!("{what} could not be read back: {e}")))
}

/// Moves objects out of one source document into the target, each at most once.
struct Importer {
    src: Document,
    /// Source id → target id of every object copied or promised.
    ids: HashMap<ObjectId, ObjectId>,
    /// Source objects promised an id but not yet moved.
    queue: Vec<ObjectId>,
}

impl Importer {
    fn new(src: Document) -> Importer {
        Importer {
            src,
            ids: HashMap::new(),
            queue: Vec::new(),
        }
    }

    /// The values of the page keys of source page `page`, rewritten to point at objects moved
    /// into `dst`. Resources inherited from a parent node are looked up there.
    fn page_values(&mut self, page: ObjectId, dst: &mut Document) -> Vec<(Vec<u8>, Object)> {
        let dict = self.src.get_dictionary(page).cloned().unwrap_or_default();
        let mut values = Vec::new();
        for key in PAGE_KEYS {
            let value = match dict.get(key) {
                Ok(v) => Some(v.clone()),
                Err(_) => self.inherited(&dict, key),
            };
            if let Some(v) = value {
                let v = self.rewrite(v, dst);
                values.push((key.to_vec(), v));
            }
        }
        if let Some(annots) = self.links(&dict) {
            let annots = self.rewrite(annots, dst);
            values.push((b"Annots".to_vec(), annots));
        }
        self.drain(dst);
        values
    }

    /// Gives page `to` of `dst` (the kit's page `target`, 0-based) source page `from`'s
    /// content, resources, boxes and links.
    fn fill_page(
        &mut self,
        from: ObjectId,
        (to, target): (ObjectId, usize),
        dst: &mut Document,
    ) -> Result<()> {
        let values = self.page_values(from, dst);
        let page = dst
            .get_object_mut(to)
            .and_then(Object::as_dict_mut)
            .map_err(|e| Error::new(format!("kit page {}: {e}", target + 1)))?;
        for key in PAGE_KEYS {
            page.remove(key);
        }
        for (key, value) in values {
            page.set(key, value);
        }
        Ok(())
    }

    /// Source page `page` as a form XObject of `dst` that draws it into the unit square.
    fn page_form(&mut self, page: ObjectId, dst: &mut Document) -> Result<lopdf::Stream> {
        let values: HashMap<Vec<u8>, Object> = self.page_values(page, dst).into_iter().collect();
        let bad = |what: &str| Error::new(format!("internal: a pictured face's page {what}"));
        let [x0, y0, x1, y1] = media_box(&values).ok_or_else(|| bad("has no size"))?;
        let (w, h) = (x1 - x0, y1 - y0);
        let contents = values.get(b"Contents".as_slice());
        let mut form = content_stream(dst, contents).ok_or_else(|| bad("cannot be read"))?;
        let dict = &mut form.dict;
        dict.set("Type", Object::Name(b"XObject".to_vec()));
        dict.set("Subtype", Object::Name(b"Form".to_vec()));
        dict.set("BBox", vec![x0.into(), y0.into(), x1.into(), y1.into()]);
        let matrix = [1.0 / w, 0.0, 0.0, 1.0 / h, -x0 / w, -y0 / h];
        dict.set("Matrix", matrix.map(Object::Real).to_vec());
        let resources = values.get(b"Resources".as_slice()).cloned();
        dict.set("Resources", resources.unwrap_or(Dictionary::new().into()));
        if let Some(group) = values.get(b"Group".as_slice()) {
            dict.set("Group", group.clone());
        }
        Ok(form)
    }

    /// The page's link annotations, without their place in the source's structure tree
    /// (which does not come along).
    fn links(&self, page: &Dictionary) -> Option<Object> {
        let annots = match page.get(b"Annots").ok()? {
            Object::Reference(id) => self.src.get_object(*id).ok()?.as_array().ok()?,
            Object::Array(a) => a,
            _ => return None,
        };
        let links: Vec<Object> = annots
            .iter()
            .filter_map(|a| {
                let mut dict = match a {
                    Object::Reference(id) => self.src.get_dictionary(*id).ok()?.clone(),
                    Object::Dictionary(d) => d.clone(),
                    _ => return None,
                };
                if dict.get(b"Subtype").and_then(Object::as_name).ok()? != b"Link" {
                    return None;
                }
                // A jump straight to a page left behind would drag that page along.
                if let Some(Object::Array(d)) =
                    jump_of(&self.src, &dict).map(|d| resolve(&self.src, d))
                {
                    let page = d.first()?.as_reference().ok()?;
                    self.ids.get(&page)?;
                }
                dict.remove(b"StructParent");
                dict.remove(b"P");
                Some(Object::Dictionary(dict))
            })
            .collect();
        (!links.is_empty()).then_some(Object::Array(links))
    }

    /// The source's named destinations, each with the page it jumps to and the destination
    /// itself (not a reference to it).
    fn resolved_named_dests(&self) -> Vec<(Vec<u8>, Option<ObjectId>, Object)> {
        let all = named_dests_of(&self.src);
        let names: HashMap<Vec<u8>, Object> = all.iter().cloned().collect();
        all.into_iter()
            .map(|(name, dest)| {
                let page = dest_page(&self.src, &dest, &names);
                (name, page, resolve(&self.src, &dest).clone())
            })
            .collect()
    }

    /// Of the source's named destinations (`source`), those on a page moved into the target
    /// (one of `pages`), rewritten to point at its new place there.
    fn named_dests(
        &mut self,
        source: Vec<(Vec<u8>, Option<ObjectId>, Object)>,
        pages: &[ObjectId],
        dst: &mut Document,
    ) -> Vec<(Vec<u8>, Object)> {
        let mut out = Vec::new();
        for (name, page, dest) in source {
            let taken = page
                .and_then(|p| self.ids.get(&p))
                .is_some_and(|t| pages.contains(t));
            if taken {
                out.push((name, self.rewrite(dest, dst)));
            }
        }
        self.drain(dst);
        out
    }

    /// Resources and boxes may sit on an ancestor page-tree node.
    fn inherited(&self, page: &Dictionary, key: &[u8]) -> Option<Object> {
        let mut node = page.get(b"Parent").and_then(Object::as_reference).ok();
        while let Some(id) = node {
            let dict = self.src.get_dictionary(id).ok()?;
            if let Ok(v) = dict.get(key) {
                return Some(v.clone());
            }
            node = dict.get(b"Parent").and_then(Object::as_reference).ok();
        }
        None
    }

    /// `object` with every reference replaced by the target id of the object it names.
    fn rewrite(&mut self, mut object: Object, dst: &mut Document) -> Object {
        self.rewrite_in_place(&mut object, dst);
        object
    }

    /// [`Importer::rewrite`] where the object lies: a dictionary keeps its keys and their
    /// order, and no array or dictionary is built again (at 4,454 sheet pages, rebuilding them
    /// was most of the time the kit's pages took to fill).
    fn rewrite_in_place(&mut self, object: &mut Object, dst: &mut Document) {
        match object {
            Object::Reference(id) => *id = self.target_id(*id, dst),
            Object::Array(items) => {
                for item in items {
                    self.rewrite_in_place(item, dst);
                }
            }
            Object::Dictionary(dict) => self.rewrite_dict(dict, dst),
            Object::Stream(stream) => self.rewrite_dict(&mut stream.dict, dst),
            _ => {}
        }
    }

    fn rewrite_dict(&mut self, dict: &mut Dictionary, dst: &mut Document) {
        for (_, value) in dict.iter_mut() {
            self.rewrite_in_place(value, dst);
        }
    }

    fn target_id(&mut self, id: ObjectId, dst: &mut Document) -> ObjectId {
        *self.ids.entry(id).or_insert_with(|| {
            self.queue.push(id);
            dst.new_object_id()
        })
    }

    /// Moves every promised object into `dst` (which may promise more).
    fn drain(&mut self, dst: &mut Document) {
        while let Some(id) = self.queue.pop() {
            let object = self.src.objects.remove(&id).unwrap_or(Object::Null);
            let new_id = self.ids[&id];
            let object = self.rewrite(object, dst);
            dst.objects.insert(new_id, object);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::{Stream, dictionary};

    /// A one-or-more-page PDF whose pages each draw `content` with a shared XObject.
    fn pdf(pages: usize, content: &[u8], size: [i64; 2]) -> Vec<u8> {
        let mut doc = Document::with_version("1.7");
        let pages_id = doc.new_object_id();
        let form = doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()] },
            b"0 0 10 10 re f".to_vec(),
        ));
        let mut kids = Vec::new();
        for _ in 0..pages {
            let contents = doc.add_object(Stream::new(dictionary! {}, content.to_vec()));
            let page = doc.add_object(dictionary! {
                "Type" => "Page",
                "Parent" => pages_id,
                "Contents" => contents,
                "Resources" => dictionary! { "XObject" => dictionary! { "F" => form } },
                "MediaBox" => vec![0.into(), 0.into(), size[0].into(), size[1].into()],
                "TrimBox" => vec![8.into(), 8.into(), (size[0] - 8).into(), (size[1] - 8).into()],
            });
            kids.push(page.into());
        }
        doc.objects.insert(
            pages_id,
            Object::Dictionary(
                dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => pages as i64 },
            ),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    /// A PDF whose first page draws two images of two pixels: the stand-in of its second
    /// picture (compressed, as Typst may write it) and art of another colour.
    fn picturing_second(pages: usize) -> Vec<u8> {
        let mut doc = Document::load_mem(&pdf(pages, b"", [300, 400])).unwrap();
        let image = |samples: Vec<u8>| {
            Stream::new(
                dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 2, "Height" => 1, "BitsPerComponent" => 8, "ColorSpace" => "DeviceRGB" },
                samples,
            )
        };
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut z, &[0x70, 0x70, 0x21, 0, 0, 1]).unwrap();
        let mut stand_in = image(z.finish().unwrap());
        stand_in.dict.set("Filter", "FlateDecode");
        let stand_in = doc.add_object(stand_in);
        let art = doc.add_object(image(vec![1, 2, 3, 4, 5, 6]));
        let page = doc.page_iter().next().unwrap();
        let contents = doc.get_dictionary(page).unwrap().get(b"Contents").unwrap();
        let contents = contents.as_reference().unwrap();
        let Object::Stream(s) = doc.get_object_mut(contents).unwrap() else {
            unreachable!()
        };
        s.set_content(b"q 50 0 0 80 10 10 cm /S Do Q q 2 0 0 1 0 0 cm /A Do Q".to_vec());
        let page = doc.get_object_mut(page).unwrap().as_dict_mut().unwrap();
        page.set(
            "Resources",
            dictionary! { "XObject" => dictionary! { "S" => stand_in, "A" => art } },
        );
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    /// Faces 3 and 7 drawn one a page for two pictures: the second page has its MediaBox off
    /// the origin and its content in two streams.
    fn faces_3_and_7() -> FacePages {
        let mut doc = Document::load_mem(&pdf(2, b"0 0 100 200 re f", [100, 200])).unwrap();
        let second = doc.page_iter().nth(1).unwrap();
        let parts = [&b"10 20 m"[..], b"110 220 l S"]
            .map(|c| Object::Reference(doc.add_object(Stream::new(dictionary! {}, c.to_vec()))));
        let page = doc.get_object_mut(second).unwrap().as_dict_mut().unwrap();
        page.set("Contents", parts.to_vec());
        page.set(
            "MediaBox",
            vec![10.into(), 20.into(), 110.into(), 220.into()],
        );
        let mut pdf = Vec::new();
        doc.save_to(&mut pdf).unwrap();
        FacePages {
            pdf,
            faces: vec![3, 7],
        }
    }

    /// The XObject named `name` in the first page's resources.
    fn xobject(doc: &Document, name: &[u8]) -> Stream {
        let page = doc.page_iter().next().unwrap();
        let resources = doc.get_dictionary(page).unwrap().get(b"Resources").unwrap();
        let id = resources
            .as_dict()
            .unwrap()
            .get(b"XObject")
            .unwrap()
            .as_dict()
            .unwrap();
        let id = id.get(name).unwrap().as_reference().unwrap();
        doc.get_object(id).unwrap().as_stream().unwrap().clone()
    }

    /// The numbers of the array `key` of `dict`.
    fn numbers(dict: &Dictionary, key: &[u8]) -> Vec<f32> {
        let a = dict.get(key).unwrap().as_array().unwrap();
        a.iter()
            .map(|n| {
                n.as_float()
                    .or_else(|_| n.as_i64().map(|i| i as f32))
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn a_stand_in_becomes_its_face_mapped_as_the_image_was() {
        let faces = faces_3_and_7();
        let placed = place_faces(&picturing_second(1), &faces).unwrap();
        let doc = Document::load_mem(&placed).unwrap();
        let form = xobject(&doc, b"S");
        assert_eq!(
            form.dict.get(b"Subtype").unwrap().as_name().unwrap(),
            b"Form"
        );
        assert_eq!(numbers(&form.dict, b"BBox"), [10.0, 20.0, 110.0, 220.0]);
        // The page onto the unit square, its corner at the origin: where the page's `cm` put
        // the image, the face goes.
        assert_eq!(
            numbers(&form.dict, b"Matrix"),
            [0.01, 0.0, 0.0, 0.005, -0.1, -0.1]
        );
        assert_eq!(form.content, b"10 20 m\n110 220 l S\n");
        // The face's own resources came along.
        let inner = form.dict.get(b"Resources").unwrap().as_dict().unwrap();
        let inner = inner.get(b"XObject").unwrap().as_dict().unwrap();
        let inner = inner.get(b"F").unwrap().as_reference().unwrap();
        assert!(doc.get_object(inner).unwrap().as_stream().is_ok());
        // The art is left as it is.
        let art = xobject(&doc, b"A");
        assert_eq!(
            art.dict.get(b"Subtype").unwrap().as_name().unwrap(),
            b"Image"
        );
        assert_eq!(art.content, [1, 2, 3, 4, 5, 6]);

        // A PDF without stand-ins comes back as it was; so does one whose only stand-in names
        // a place past the faces drawn for it: an image of the game's own.
        let plain = pdf(1, b"", [300, 400]);
        assert_eq!(place_faces(&plain, &faces).unwrap(), plain);
        let one = FacePages {
            pdf: pdf(1, b"", [100, 200]),
            faces: vec![3],
        };
        let forged = picturing_second(1);
        assert_eq!(place_faces(&forged, &one).unwrap(), forged);
    }

    /// The kit places the faces its own pages picture as it fills its other pages.
    #[test]
    fn a_filled_kit_has_its_own_stand_ins_placed() {
        let sheet = pdf(1, b"0 0 5 5 re f", [300, 400]);
        let fills = [PageFill {
            target: 1,
            file: "cards.pdf".into(),
            page: 1,
        }];
        let kit = picturing_second(2);
        let filled = fill_pages(&kit, &[("cards.pdf", &sheet)], &fills, &faces_3_and_7());
        let doc = Document::load_mem(&filled.unwrap()).unwrap();
        let form = xobject(&doc, b"S");
        assert_eq!(
            form.dict.get(b"Subtype").unwrap().as_name().unwrap(),
            b"Form"
        );
        assert_eq!(form.content, b"10 20 m\n110 220 l S\n");
        let second = doc.page_iter().nth(1).unwrap();
        let content = doc.get_page_content(second);
        assert!(
            content.starts_with(b"0 0 5 5 re f"),
            "the sheet's page filled the kit's"
        );
    }

    #[test]
    fn fills_pages_with_content_boxes_and_one_copy_of_shared_objects() {
        let target = pdf(3, b"", [595, 842]);
        let sheet = pdf(2, b"/F Do", [600, 850]);
        let fills = [1, 2].map(|t| PageFill {
            target: t,
            file: "cards.pdf".into(),
            page: t,
        });
        let out = fill_pages(
            &target,
            &[("cards.pdf", &sheet)],
            &fills,
            &FacePages::default(),
        )
        .unwrap();
        let doc = Document::load_mem(&out).unwrap();
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        assert_eq!(pages.len(), 3);
        let content = |i: usize| doc.get_page_content(pages[i]).trim_ascii().to_vec();
        assert_eq!(content(0), b"".to_vec());
        assert_eq!(content(1), b"/F Do".to_vec());
        assert_eq!(content(2), b"/F Do".to_vec());
        let page = doc.get_dictionary(pages[1]).unwrap();
        let trim = page.get(b"TrimBox").unwrap().as_array().unwrap();
        assert_eq!(trim[2].as_i64().unwrap(), 592);
        let form = |i: usize| {
            let page = doc.get_dictionary(pages[i]).unwrap();
            let res = page.get(b"Resources").unwrap().as_dict().unwrap();
            let xobjects = res.get(b"XObject").unwrap().as_dict().unwrap();
            xobjects.get(b"F").unwrap().as_reference().unwrap()
        };
        // The sheet's form is copied once and shared by both filled pages.
        assert_eq!(form(1), form(2));
        assert_ne!(form(0), form(1));
    }

    #[test]
    fn a_missing_source_page_is_an_error() {
        let target = pdf(1, b"", [595, 842]);
        let sheet = pdf(1, b"/F Do", [595, 842]);
        let fills = [PageFill {
            target: 0,
            file: "cards.pdf".into(),
            page: 2,
        }];
        let err = fill_pages(
            &target,
            &[("cards.pdf", &sheet)],
            &fills,
            &FacePages::default(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("page 2 of cards.pdf"), "{err}");
    }

    /// `pdf(2, …)` with a link on its second page to a named destination on that page, and
    /// an outline entry (in UTF-16) jumping there.
    fn linked() -> Vec<u8> {
        let mut doc = Document::load_mem(&pdf(2, b"/F Do", [595, 842])).unwrap();
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let dest = || {
            Object::Array(vec![
                pages[1].into(),
                "XYZ".into(),
                0.into(),
                0.into(),
                0.into(),
            ])
        };
        let link = doc.add_object(dictionary! {
            "Type" => "Annot", "Subtype" => "Link", "StructParent" => 3,
            "Rect" => vec![0.into(), 0.into(), 10.into(), 10.into()],
            "Dest" => Object::string_literal("rules"),
        });
        let page = doc.get_object_mut(pages[1]).unwrap().as_dict_mut().unwrap();
        page.set("Annots", vec![link.into()]);
        let dests = doc
            .add_object(dictionary! { "Names" => vec![Object::string_literal("rules"), dest()] });
        let outlines = doc.new_object_id();
        let title = [
            &[0xFE, 0xFF][..],
            &"Règles"
                .encode_utf16()
                .flat_map(u16::to_be_bytes)
                .collect::<Vec<_>>(),
        ]
        .concat();
        let item = doc.add_object(dictionary! {
            "Title" => Object::String(title, lopdf::StringFormat::Literal),
            "Parent" => outlines, "Dest" => Object::string_literal("rules"),
        });
        doc.objects.insert(
            outlines,
            Object::Dictionary(dictionary! { "First" => item, "Last" => item, "Count" => 1 }),
        );
        let root = doc.trailer.get(b"Root").unwrap().as_reference().unwrap();
        let catalog = doc.get_object_mut(root).unwrap().as_dict_mut().unwrap();
        catalog.set("Names", dictionary! { "Dests" => dests });
        catalog.set("Outlines", outlines);
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    #[test]
    fn reads_the_outline_with_its_pages() {
        let marks = bookmarks(&linked()).unwrap();
        assert_eq!(
            marks,
            vec![Bookmark {
                level: 1,
                title: "Règles".into(),
                page: 1
            }]
        );
    }

    #[test]
    fn a_filled_page_keeps_its_links_and_their_destinations() {
        let target = pdf(3, b"", [595, 842]);
        let source = linked();
        let fills = [PageFill {
            target: 2,
            file: "rules.pdf".into(),
            page: 2,
        }];
        let out = fill_pages(
            &target,
            &[("rules.pdf", &source)],
            &fills,
            &FacePages::default(),
        )
        .unwrap();
        let doc = Document::load_mem(&out).unwrap();
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let page = doc.get_dictionary(pages[2]).unwrap();
        let annots = page.get(b"Annots").unwrap().as_array().unwrap();
        let link = annots[0].as_dict().unwrap();
        assert!(
            link.get(b"StructParent").is_err(),
            "no dangling structure key"
        );
        let names: HashMap<Vec<u8>, Object> = named_dests_of(&doc).into_iter().collect();
        assert_eq!(
            dest_page(&doc, &names[&b"rules".to_vec()], &names),
            Some(pages[2])
        );
        // The source's pages themselves are not copied along with the destination.
        assert_eq!(doc.get_pages().len(), 3);
        let page_objects = doc
            .objects
            .values()
            .filter(|o| {
                o.as_dict()
                    .is_ok_and(|d| d.get(b"Type").and_then(Object::as_name).ok() == Some(b"Page"))
            })
            .count();
        assert_eq!(page_objects, 3);
    }

    #[test]
    fn a_destination_shared_with_a_link_is_kept() {
        // The named destination is an object of its own that a second link also jumps to
        // directly: copying that link moves the object, and the name must still be found.
        let mut doc = Document::load_mem(&linked()).unwrap();
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let shared = doc.add_object(Object::Array(vec![pages[1].into(), "Fit".into()]));
        let direct = doc.add_object(dictionary! {
            "Type" => "Annot", "Subtype" => "Link",
            "Rect" => vec![0.into(), 0.into(), 5.into(), 5.into()],
            "Dest" => shared,
        });
        let page = doc.get_object_mut(pages[1]).unwrap().as_dict_mut().unwrap();
        let mut annots = page.get(b"Annots").unwrap().as_array().unwrap().clone();
        annots.insert(0, direct.into());
        page.set("Annots", annots);
        let root = doc.trailer.get(b"Root").unwrap().as_reference().unwrap();
        let dests = doc.add_object(
            dictionary! { "Names" => vec![Object::string_literal("rules"), shared.into()] },
        );
        let names = dictionary! { "Dests" => dests };
        let catalog = doc.get_object_mut(root).unwrap().as_dict_mut().unwrap();
        catalog.set("Names", names);
        let mut source = Vec::new();
        doc.save_to(&mut source).unwrap();
        let fills = [PageFill {
            target: 1,
            file: "rules.pdf".into(),
            page: 2,
        }];
        let out = fill_pages(
            &pdf(2, b"", [595, 842]),
            &[("rules.pdf", &source)],
            &fills,
            &FacePages::default(),
        )
        .unwrap();
        let doc = Document::load_mem(&out).unwrap();
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let names: HashMap<Vec<u8>, Object> = named_dests_of(&doc).into_iter().collect();
        let rules = names.get(b"rules".as_slice()).expect("the name is kept");
        assert_eq!(dest_page(&doc, rules, &names), Some(pages[1]));
    }
}
