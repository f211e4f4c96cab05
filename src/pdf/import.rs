//! Copies finished pages of one PDF onto pages of another, object for object.
//!
//! The kit is the rulebook followed by every sheet page. Laying the sheets out a second time
//! (Typst placing each page as an image) cost more than the rest of the build together and grew
//! faster than the deck. Here the kit's Typst document holds an empty page of the right size
//! where each sheet goes, with its labels and outline entries, so page numbers and bookmarks
//! stay Typst's; then each empty page takes the sheet page's content stream, resources and page
//! boxes (trim and bleed included), copied as they are. Objects shared by many sheet pages (a
//! face drawn 40 times, a font) are copied once per source file.

use std::collections::HashMap;

use lopdf::{Dictionary, Document, Object, ObjectId};

use crate::error::{Error, Result};

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
/// the structure and annotation links) stays the target's.
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
/// and returns the new PDF.
pub fn fill_pages(
    target: &[u8],
    sources: &[(String, Vec<u8>)],
    fills: &[PageFill],
) -> Result<Vec<u8>> {
    let mut doc = load(target, "the kit")?;
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    for (name, bytes) in sources {
        let mine: Vec<&PageFill> = fills.iter().filter(|f| &f.file == name).collect();
        if mine.is_empty() {
            continue;
        }
        let mut importer = Importer::new(load(bytes, name)?);
        let source_pages: Vec<ObjectId> = importer.src.get_pages().into_values().collect();
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
            let values = importer.page_values(from, &mut doc);
            let page = doc
                .get_object_mut(to)
                .and_then(Object::as_dict_mut)
                .map_err(|e| Error::new(format!("kit page {}: {e}", fill.target + 1)))?;
            for key in PAGE_KEYS {
                page.remove(key);
            }
            for (key, value) in values {
                page.set(key, value);
            }
        }
    }
    // The empty pages' own content streams are now unreferenced.
    doc.prune_objects();
    let mut out = Vec::new();
    doc.save_to(&mut out)
        .map_err(|e| Error::new(format!("the kit PDF could not be written: {e}")))?;
    Ok(out)
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
        self.drain(dst);
        values
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
    fn rewrite(&mut self, object: Object, dst: &mut Document) -> Object {
        match object {
            Object::Reference(id) => Object::Reference(self.target_id(id, dst)),
            Object::Array(items) => {
                Object::Array(items.into_iter().map(|o| self.rewrite(o, dst)).collect())
            }
            Object::Dictionary(dict) => Object::Dictionary(self.rewrite_dict(dict, dst)),
            Object::Stream(mut stream) => {
                stream.dict = self.rewrite_dict(std::mem::take(&mut stream.dict), dst);
                Object::Stream(stream)
            }
            other => other,
        }
    }

    fn rewrite_dict(&mut self, dict: Dictionary, dst: &mut Document) -> Dictionary {
        let mut out = Dictionary::new();
        for (key, value) in dict {
            let value = self.rewrite(value, dst);
            out.set(key, value);
        }
        out
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

    #[test]
    fn fills_pages_with_content_boxes_and_one_copy_of_shared_objects() {
        let target = pdf(3, b"", [595, 842]);
        let sheet = pdf(2, b"/F Do", [600, 850]);
        let fills = [1, 2].map(|t| PageFill {
            target: t,
            file: "cards.pdf".into(),
            page: t,
        });
        let out = fill_pages(&target, &[("cards.pdf".into(), sheet)], &fills).unwrap();
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
        let err = fill_pages(&target, &[("cards.pdf".into(), sheet)], &fills).unwrap_err();
        assert!(err.to_string().contains("page 2 of cards.pdf"), "{err}");
    }
}
