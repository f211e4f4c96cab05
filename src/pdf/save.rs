//! A PDF read back with lopdf, written out again with its objects serialized on every core.
//!
//! The kit at 10,000 cards holds about 9,000 objects: lopdf writes them one after the other,
//! about 20 ms while the other core has nothing left to do. An object's bytes do not depend
//! on the others', only its offset does: here runs of objects are written apart, then joined
//! and their offsets counted. The bytes are lopdf's own (`Writer::write_object`), framed as
//! `Document::save_to` frames them, so the file is the same one.

use std::collections::BTreeMap;
use std::io::Write;

use lopdf::xref::XrefType;
use lopdf::{Document, Object, ObjectId, Writer};
use rayon::prelude::*;

/// Objects written together by one task: enough that a task costs more than handing it out.
const RUN: usize = 512;

/// Runs written at once, on however many cores there are, before they are joined.
const RUNS_AT_ONCE: usize = 8;

/// `doc` as `Document::save_to` writes it, into a buffer made `size_hint` bytes large at
/// first (about the file's size: grown by doubling, it would pass through copies of up to
/// twice the file). A document kept with a cross-reference stream, or with a binary mark
/// lopdf would refuse, is left to lopdf.
pub fn save(doc: &mut Document, size_hint: usize) -> std::io::Result<Vec<u8>> {
    let table = matches!(
        doc.reference_table.cross_reference_type,
        XrefType::CrossReferenceTable
    );
    let mut out = Vec::with_capacity(size_hint);
    if !table || doc.binary_mark.iter().any(|&b| b < 128) {
        doc.save_to(&mut out)?;
        return Ok(out);
    }
    let objects: Vec<(&ObjectId, &Object)> = doc
        .objects
        .iter()
        .filter(|(_, object)| !regenerated_on_save(object))
        .collect();
    writeln!(out, "%PDF-{}", doc.version)?;
    out.push(b'%');
    out.extend_from_slice(&doc.binary_mark);
    out.push(b'\n');
    // lopdf keeps one entry an object number, the last written.
    let mut xref: BTreeMap<u32, (u32, u16)> = BTreeMap::new();
    // A few runs at a time, each joined and let go as soon as its turn comes: all of them
    // at once held a second copy of the file (10,000 rich cards: 33 MB at the build's peak).
    for group in objects.chunks(RUN * RUNS_AT_ONCE) {
        let runs: Vec<Run> = group
            .par_chunks(RUN)
            .map(write_run)
            .collect::<std::io::Result<_>>()?;
        for run in runs {
            let base = out.len();
            for ((id, generation), at) in run.offsets {
                // A table's offsets have ten digits; lopdf would wrap past 4 GiB.
                let offset = u32::try_from(base + at)
                    .map_err(|_| std::io::Error::other("a PDF past 4 GiB"))?;
                xref.insert(id, (offset, generation));
            }
            out.extend_from_slice(&run.bytes);
        }
    }
    let xref_start = out.len();
    write_xref(&mut out, &xref)?;
    let mut trailer = doc.trailer.clone();
    trailer.set("Size", i64::from(doc.max_id) + 1);
    out.extend_from_slice(b"trailer\n");
    Writer::write_object(&mut out, &Object::Dictionary(trailer))?;
    write!(out, "\nstartxref\n{xref_start}\n%%EOF")?;
    Ok(out)
}

/// Objects lopdf makes again as it saves (object and cross-reference streams) or drops (the
/// linearization dictionary), and so never writes as they are.
fn regenerated_on_save(object: &Object) -> bool {
    let regenerated: [&[u8]; 3] = [b"ObjStm", b"XRef", b"Linearized"];
    object
        .type_name()
        .is_ok_and(|name| regenerated.contains(&name))
}

/// Objects written one after the other, each with its offset in `bytes`.
struct Run {
    bytes: Vec<u8>,
    offsets: Vec<(ObjectId, usize)>,
}

fn write_run(objects: &[(&ObjectId, &Object)]) -> std::io::Result<Run> {
    let mut bytes = Vec::new();
    let mut offsets = Vec::with_capacity(objects.len());
    for &(&(id, generation), object) in objects {
        offsets.push(((id, generation), bytes.len()));
        let space = if Writer::need_separator(object) {
            " "
        } else {
            ""
        };
        write!(bytes, "{id} {generation} obj\n{space}")?;
        Writer::write_object(&mut bytes, object)?;
        let space = if Writer::need_end_separator(object) {
            " "
        } else {
            ""
        };
        writeln!(bytes, "{space}\nendobj")?;
    }
    Ok(Run { bytes, offsets })
}

/// The cross-reference table: a subsection a run of consecutive object numbers, object 0 free
/// at the head of the first (its own subsection unless object 1 follows it).
fn write_xref(out: &mut Vec<u8>, xref: &BTreeMap<u32, (u32, u16)>) -> std::io::Result<()> {
    writeln!(out, "xref")?;
    let mut sections: Vec<(u32, Vec<(u32, u16)>)> = Vec::new();
    for (&id, &entry) in xref.range(1..) {
        match sections.last_mut() {
            Some((start, entries)) if *start + entries.len() as u32 == id => entries.push(entry),
            _ => sections.push((id, vec![entry])),
        }
    }
    // Object 0 is free, at the head of the first subsection when object 1 follows it.
    let joins_first = matches!(sections.first(), Some((1, _)));
    let zero = if joins_first {
        sections[0].1.len() + 1
    } else {
        1
    };
    write!(out, "0 {zero}\n0000000000 65535 f \n")?;
    for (i, (start, entries)) in sections.iter().enumerate() {
        if !(i == 0 && joins_first) {
            writeln!(out, "{start} {}", entries.len())?;
        }
        for (offset, generation) in entries {
            writeln!(out, "{offset:>010} {generation:>05} n ")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::{Stream, dictionary};

    fn lopdf_bytes(doc: &mut Document) -> Vec<u8> {
        let mut out = Vec::new();
        doc.save_to(&mut out).unwrap();
        out
    }

    /// A document of `pages` pages, each with its own content stream and a shared font, read
    /// back as the kit is, with `gap` object numbers left unused before its first object.
    fn document(pages: usize, gap: u32) -> Document {
        let mut doc = Document::with_version("1.7");
        doc.max_id = gap;
        let font = doc.add_object(dictionary! { "Type" => "Font", "BaseFont" => "Helvetica" });
        let tree = doc.new_object_id();
        let kids: Vec<Object> = (0..pages)
            .map(|i| {
                let content = format!("BT /F1 12 Tf ({i}) Tj ET");
                let stream = doc.add_object(Stream::new(dictionary! {}, content.into_bytes()));
                let page = dictionary! {
                    "Type" => "Page", "Parent" => tree, "Contents" => stream,
                    "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
                    "MediaBox" => vec![0.into(), 0.into(), 595.5.into(), 842.into()],
                };
                doc.add_object(page).into()
            })
            .collect();
        let count = kids.len() as i64;
        doc.objects.insert(
            tree,
            Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => tree });
        doc.trailer.set("Root", catalog);
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).unwrap();
        Document::load_mem(&bytes).unwrap()
    }

    #[test]
    fn writes_the_bytes_lopdf_writes() {
        // 2,100 pages hold more objects than one group of runs.
        let many = 2100;
        assert!(2 * many > RUN * RUNS_AT_ONCE);
        for (pages, gap) in [(1, 0), (3, 0), (many, 0), (2, 5)] {
            let mut doc = document(pages, gap);
            assert_eq!(
                save(&mut doc, 0).unwrap(),
                lopdf_bytes(&mut doc),
                "{pages} pages"
            );
        }
    }

    #[test]
    fn gaps_in_the_numbers_start_subsections() {
        let mut doc = document(40, 0);
        for id in [1, 7, 8, 30] {
            doc.objects.remove(&(id, 0));
        }
        let ours = save(&mut doc, 0).unwrap();
        assert_eq!(ours, lopdf_bytes(&mut doc));
        assert!(Document::load_mem(&ours).is_ok());
    }

    /// Object 0 in the body, one number at two generations (the last written is the one the
    /// table keeps) and an object stream lopdf would make again: the same bytes.
    #[test]
    fn odd_numbers_and_regenerated_objects_are_written_as_lopdf_writes_them() {
        let mut doc = document(4, 0);
        doc.objects.insert((0, 0), Object::Integer(7));
        doc.objects.insert((5, 1), Object::Integer(8));
        let packed = Stream::new(
            dictionary! { "Type" => "ObjStm", "N" => 0, "First" => 0 },
            vec![],
        );
        doc.objects.insert((3, 0), Object::Stream(packed));
        let ours = save(&mut doc, 0).unwrap();
        assert_eq!(ours, lopdf_bytes(&mut doc));
        assert!(!String::from_utf8_lossy(&ours).contains("ObjStm"));
    }

    #[test]
    fn a_cross_reference_stream_is_left_to_lopdf() {
        let mut doc = document(3, 0);
        doc.reference_table.cross_reference_type = XrefType::CrossReferenceStream;
        let ours = save(&mut doc, 0).unwrap();
        assert_eq!(ours, lopdf_bytes(&mut doc));
    }
}
