//! Packing small pieces of different components onto shared pages.
//!
//! A skyline packer: pieces are taken tallest first (a stable sort, so the copies of one
//! component stay together) and each goes at the lowest, then leftmost, place where it fits
//! under the area's top edge; when none is left, a new page starts. Pure geometry in mm.

use crate::layout::imposition::Rect;

/// Where a piece goes: its page (0-based among the shared pages) and top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spot {
    pub page: usize,
    pub x: f32,
    pub y: f32,
}

/// One stretch of the skyline: from `x`, `w` wide, free from `y` down.
#[derive(Debug, Clone, Copy)]
struct Segment {
    x: f32,
    w: f32,
    y: f32,
}

/// Places pieces of sizes `sizes` (w, h) in `area` with at least `gap` between them; `None`
/// for a piece larger than the area.
pub fn pack(sizes: &[(f32, f32)], area: Rect, gap: f32) -> Vec<Option<Spot>> {
    pack_grouped(sizes, &vec![0; sizes.len()], area, gap)
}

/// As [`pack`], taking the pieces group by group (lowest `groups` value first), each group
/// tallest first: a later group's pieces fill what room an earlier group's last page leaves,
/// then pages of their own.
pub fn pack_grouped(
    sizes: &[(f32, f32)],
    groups: &[u8],
    area: Rect,
    gap: f32,
) -> Vec<Option<Spot>> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by(|&a, &b| {
        groups[a]
            .cmp(&groups[b])
            .then(sizes[b].1.total_cmp(&sizes[a].1))
    });
    pack_in_order(sizes, &order, area, gap)
}

/// Places the pieces in the order given, each on the first page with room for it (of the last
/// [`BACKFILL`] pages), at the lowest, then leftmost, place it fits there.
fn pack_in_order(sizes: &[(f32, f32)], order: &[usize], area: Rect, gap: f32) -> Vec<Option<Spot>> {
    let mut out = vec![None; sizes.len()];
    let fresh = || {
        vec![Segment {
            x: area.x,
            w: area.w + gap,
            y: area.y,
        }]
    };
    let mut skies: Vec<Vec<Segment>> = Vec::new();
    for &i in order {
        let (w, h) = sizes[i];
        if w > area.w + 1e-3 || h > area.h + 1e-3 {
            continue;
        }
        let from = skies.len().saturating_sub(BACKFILL);
        let found = (from..skies.len())
            .find_map(|p| lowest(&skies[p], w + gap, area.bottom() - h).map(|at| (p, at)));
        let (page, (x, y)) = found.unwrap_or_else(|| {
            skies.push(fresh());
            (skies.len() - 1, (area.x, area.y))
        });
        raise(&mut skies[page], x, w + gap, y + h + gap);
        out[i] = Some(Spot { page, x, y });
    }
    out
}

/// How many of the last pages a piece may go back to: enough for the gaps a few large pieces
/// leave, few enough that thousands of tokens pack in linear time.
const BACKFILL: usize = 16;

/// As [`pack_grouped`] (in tidy rows where they take no more pages), then tidied for a printed
/// sheet: when the last page's pieces would cover less than `min_fill` of the area with their
/// trims (`trims`, each piece's in mm²), the area is cut shorter, or else narrower, until just
/// before another page would be needed, which evens the pages out; then each page's pieces are
/// centred in the area as one block, so the free paper is shared by all sides.
pub fn pack_tidy(
    sizes: &[(f32, f32)],
    trims: &[f32],
    groups: &[u8],
    area: Rect,
    gap: f32,
    min_fill: f32,
) -> Vec<Option<Spot>> {
    let all_placed = |spots: &[Option<Spot>]| {
        spots
            .iter()
            .zip(sizes)
            .all(|(s, z)| s.is_some() || z.0 > area.w + 1e-3 || z.1 > area.h + 1e-3)
    };
    let mut spots = fewest_pages(sizes, groups, area, gap);
    let count = pages(&spots);
    if count >= 2 && last_fill(&spots, trims, area) < min_fill {
        // The shortest area, then the narrowest, that still takes `count` pages (to 0.5 mm):
        // fewer pieces go on the first pages and more are left for the last.
        let tallest = sizes.iter().map(|s| s.1).fold(0.0, f32::max);
        let widest = sizes.iter().map(|s| s.0).fold(0.0, f32::max);
        let smaller = |v: f32, tall: bool| match tall {
            true => Rect { h: v, ..area },
            false => Rect { w: v, ..area },
        };
        for (least, full, tall) in [(tallest, area.h, true), (widest, area.w, false)] {
            let (mut lo, mut hi) = (least, full);
            while hi - lo > 0.5 {
                let mid = (lo + hi) / 2.0;
                let trial = fewest_pages(sizes, groups, smaller(mid, tall), gap);
                if all_placed(&trial) && pages(&trial) == count {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let trial = fewest_pages(sizes, groups, smaller(hi, tall), gap);
            if all_placed(&trial) && pages(&trial) == count {
                spots = trial;
            }
            if last_fill(&spots, trims, area) >= min_fill {
                break;
            }
        }
    }
    centre(&mut spots, sizes, area);
    spots
}

/// The pages `spots` take.
pub fn pages(spots: &[Option<Spot>]) -> usize {
    spots
        .iter()
        .flatten()
        .map(|s| s.page + 1)
        .max()
        .unwrap_or(0)
}

/// The share of `area` the pieces on the last page cover with their trims (`trims`, in mm²).
fn last_fill(spots: &[Option<Spot>], trims: &[f32], area: Rect) -> f32 {
    let last = pages(spots);
    let on_last: f32 = spots
        .iter()
        .zip(trims)
        .filter(|(s, _)| s.is_some_and(|s| s.page + 1 == last))
        .map(|(_, a)| a)
        .sum();
    on_last / (area.w * area.h)
}

/// The pieces packed tallest first, widest first and largest first (each within its group),
/// whichever takes the fewest pages; the first of equals. Each is tried in tidy rows first:
/// a run of equal pieces (one component's) laid in rows as wide as the area allows, the rows
/// packed as pieces; loose pieces are used only when the rows take more pages.
fn fewest_pages(sizes: &[(f32, f32)], groups: &[u8], area: Rect, gap: f32) -> Vec<Option<Spot>> {
    let rows = in_rows(sizes, groups, area, gap);
    let row_sizes: Vec<(f32, f32)> = rows.iter().map(|r| r.size).collect();
    let row_groups: Vec<u8> = rows.iter().map(|r| r.group).collect();
    let tidy = rows_to_pieces(
        &rows,
        &best_order(&row_sizes, &row_groups, area, gap),
        sizes.len(),
        gap,
    );
    let loose = best_order(sizes, groups, area, gap);
    let placed = |s: &[Option<Spot>]| s.iter().flatten().count();
    if (placed(&tidy), std::cmp::Reverse(pages(&tidy)))
        >= (placed(&loose), std::cmp::Reverse(pages(&loose)))
    {
        tidy
    } else {
        loose
    }
}

/// A row of equal pieces, `first` to `first + count`, laid side by side.
struct Row {
    first: usize,
    count: usize,
    piece: (f32, f32),
    size: (f32, f32),
    group: u8,
}

/// Consecutive equal pieces of one group cut into rows as wide as `area` takes.
fn in_rows(sizes: &[(f32, f32)], groups: &[u8], area: Rect, gap: f32) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut i = 0;
    while i < sizes.len() {
        let (w, h) = sizes[i];
        let mut run = 1;
        while i + run < sizes.len() && sizes[i + run] == sizes[i] && groups[i + run] == groups[i] {
            run += 1;
        }
        let across = (((area.w + gap) / (w + gap)).floor() as usize).max(1);
        let mut first = i;
        while first < i + run {
            let count = across.min(i + run - first);
            let width = count as f32 * (w + gap) - gap;
            rows.push(Row {
                first,
                count,
                piece: (w, h),
                size: (width, h),
                group: groups[i],
            });
            first += count;
        }
        i += run;
    }
    rows
}

/// Each piece's spot, from the spots of the rows that hold them.
fn rows_to_pieces(rows: &[Row], spots: &[Option<Spot>], n: usize, gap: f32) -> Vec<Option<Spot>> {
    let mut out = vec![None; n];
    for (row, spot) in rows.iter().zip(spots) {
        let Some(spot) = spot else { continue };
        for k in 0..row.count {
            out[row.first + k] = Some(Spot {
                page: spot.page,
                x: spot.x + k as f32 * (row.piece.0 + gap),
                y: spot.y,
            });
        }
    }
    out
}

/// The pieces packed tallest first, widest first and largest first (each within its group),
/// whichever takes the fewest pages; the first of equals.
fn best_order(sizes: &[(f32, f32)], groups: &[u8], area: Rect, gap: f32) -> Vec<Option<Spot>> {
    let keys: [&dyn Fn(usize) -> f32; 3] = [&|i| sizes[i].1, &|i| sizes[i].0, &|i| {
        sizes[i].0 * sizes[i].1
    }];
    let mut best: Option<Vec<Option<Spot>>> = None;
    for key in keys {
        let mut order: Vec<usize> = (0..sizes.len()).collect();
        order.sort_by(|&a, &b| groups[a].cmp(&groups[b]).then(key(b).total_cmp(&key(a))));
        let spots = pack_in_order(sizes, &order, area, gap);
        let placed = |s: &[Option<Spot>]| s.iter().flatten().count();
        let better = best.as_ref().is_none_or(|b| {
            (placed(&spots), std::cmp::Reverse(pages(&spots)))
                > (placed(b), std::cmp::Reverse(pages(b)))
        });
        if better {
            best = Some(spots);
        }
    }
    best.unwrap_or_default()
}

/// Moves each page's pieces, as one block, to the middle of `area`.
fn centre(spots: &mut [Option<Spot>], sizes: &[(f32, f32)], area: Rect) {
    for page in 0..pages(spots) {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for (s, (w, h)) in spots.iter().zip(sizes) {
            if let Some(s) = s.filter(|s| s.page == page) {
                (x0, y0) = (x0.min(s.x), y0.min(s.y));
                (x1, y1) = (x1.max(s.x + w), y1.max(s.y + h));
            }
        }
        let dx = area.x + (area.w - (x1 - x0)) / 2.0 - x0;
        let dy = area.y + (area.h - (y1 - y0)) / 2.0 - y0;
        for s in spots.iter_mut().flatten().filter(|s| s.page == page) {
            s.x += dx;
            s.y += dy;
        }
    }
}

/// The lowest, then leftmost, top-left corner where a `w` wide piece fits with its top at or
/// above `max_y`.
fn lowest(sky: &[Segment], w: f32, max_y: f32) -> Option<(f32, f32)> {
    let right = sky.last().map_or(0.0, |s| s.x + s.w);
    let mut best: Option<(f32, f32)> = None;
    for start in sky {
        let x = start.x;
        if x + w > right + 1e-3 {
            break;
        }
        let y = sky
            .iter()
            .filter(|s| s.x < x + w - 1e-3 && s.x + s.w > x + 1e-3)
            .map(|s| s.y)
            .fold(f32::MIN, f32::max);
        if y <= max_y + 1e-3 && best.is_none_or(|(_, by)| y < by - 1e-3) {
            best = Some((x, y));
        }
    }
    best
}

/// Raises the skyline to `y` over `x .. x + w`.
fn raise(sky: &mut Vec<Segment>, x: f32, w: f32, y: f32) {
    let mut next = Vec::with_capacity(sky.len() + 2);
    for s in sky.iter() {
        let (s0, s1) = (s.x, s.x + s.w);
        if s1 <= x + 1e-3 || s0 >= x + w - 1e-3 {
            next.push(*s);
            continue;
        }
        if s0 < x {
            next.push(Segment {
                x: s0,
                w: x - s0,
                y: s.y,
            });
        }
        if s1 > x + w {
            next.push(Segment {
                x: x + w,
                w: s1 - x - w,
                y: s.y,
            });
        }
    }
    next.push(Segment { x, w, y });
    next.sort_by(|a, b| a.x.total_cmp(&b.x));
    *sky = next;
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Rect = Rect {
        x: 5.0,
        y: 5.0,
        w: 200.0,
        h: 280.0,
    };

    /// An area of `w` × `h` mm at the origin.
    fn at_origin(w: f32, h: f32) -> Rect {
        Rect {
            x: 0.0,
            y: 0.0,
            w,
            h,
        }
    }

    fn apart(a: (Spot, (f32, f32)), b: (Spot, (f32, f32)), gap: f32) -> bool {
        let ((p, (w, h)), (q, (v, k))) = (a, b);
        p.page != q.page
            || p.x + w + gap <= q.x + 1e-3
            || q.x + v + gap <= p.x + 1e-3
            || p.y + h + gap <= q.y + 1e-3
            || q.y + k + gap <= p.y + 1e-3
    }

    #[test]
    fn a_die_six_standees_and_39_tokens_share_one_page() {
        let mut sizes = vec![(105.5, 86.0)];
        sizes.extend(std::iter::repeat_n((26.0, 114.0), 6));
        sizes.extend(std::iter::repeat_n((19.0, 19.0), 39));
        let spots = pack(&sizes, AREA, 4.0);
        let spots: Vec<Spot> = spots.into_iter().map(|s| s.unwrap()).collect();
        assert!(spots.iter().all(|s| s.page == 0), "{spots:?}");
        for (i, a) in spots.iter().enumerate() {
            let (w, h) = sizes[i];
            assert!(a.x >= AREA.x && a.x + w <= AREA.right() + 1e-3);
            assert!(a.y >= AREA.y && a.y + h <= AREA.bottom() + 1e-3);
            for (j, b) in spots.iter().enumerate().skip(i + 1) {
                assert!(
                    apart((*a, sizes[i]), (*b, sizes[j]), 4.0),
                    "{i} and {j} overlap"
                );
            }
        }
    }

    #[test]
    fn a_thin_last_page_is_evened_out_and_every_page_is_centred() {
        // Tokens of 24 mm, 1 mm apart: 8 × 11 fit a page, so 100 leave 12 on a second page.
        let sizes = vec![(24.0, 24.0); 100];
        let spots: Vec<Spot> = pack_tidy(&sizes, &[576.0; 100], &[0; 100], AREA, 1.0, 0.35)
            .into_iter()
            .map(Option::unwrap)
            .collect();
        let on = |p: usize| spots.iter().filter(|s| s.page == p).count();
        assert_eq!(on(0) + on(1), 100);
        assert!(
            on(1) as f32 * 576.0 / (200.0 * 280.0) >= 0.35,
            "{} on page 2",
            on(1)
        );
        for p in 0..2 {
            let mine = || spots.iter().filter(|s| s.page == p);
            let left = mine().map(|s| s.x).fold(f32::MAX, f32::min) - AREA.x;
            let right = AREA.right() - mine().map(|s| s.x + 24.0).fold(f32::MIN, f32::max);
            let top = mine().map(|s| s.y).fold(f32::MAX, f32::min) - AREA.y;
            let foot = AREA.bottom() - mine().map(|s| s.y + 24.0).fold(f32::MIN, f32::max);
            assert!((left - right).abs() < 1e-3 && (top - foot).abs() < 1e-3);
        }
    }

    #[test]
    fn a_run_of_equal_pieces_is_laid_in_rows_as_wide_as_the_area() {
        // 24 mm a token with its gap: 8 fill the 190 mm (and a gap) exactly. Loose, the
        // tokens would fill the room beside the large piece instead.
        let mut sizes = vec![(80.0, 80.0)];
        sizes.extend([(22.0, 22.0); 12]);
        let area = at_origin(190.0, 280.0);
        let spots = fewest_pages(&sizes, &[0; 13], area, 2.0);
        for (k, s) in spots[1..].iter().enumerate() {
            let (col, row) = ((k % 8) as f32, (k / 8) as f32);
            let s = s.unwrap();
            assert_eq!((s.x, s.y), (col * 24.0, 82.0 + row * 24.0), "token {k}");
        }
    }

    #[test]
    fn a_row_never_runs_into_the_next_group_nor_under_its_neighbour() {
        let area = at_origin(190.0, 280.0);
        // Six tokens of each of two groups: a row of six each, not one of eight and one of four.
        let tokens = [(22.0, 22.0); 12];
        let groups: Vec<u8> = (0..12).map(|k| k / 6).collect();
        let spots = fewest_pages(&tokens, &groups, area, 2.0);
        for (k, s) in spots.iter().enumerate() {
            let (col, row) = ((k % 6) as f32, (k / 6) as f32);
            assert_eq!(s.map(|s| (s.x, s.y)), Some((col * 24.0, row * 24.0)), "{k}");
        }
        // A bar goes beside a row of four tokens, past the row's whole width.
        let mut sizes = vec![(22.0, 22.0); 4];
        sizes.push((90.0, 22.0));
        let spots = fewest_pages(&sizes, &[0; 5], area, 2.0);
        assert_eq!(spots[3].map(|s| s.x), Some(72.0));
        assert_eq!(spots[4].map(|s| (s.x, s.y)), Some((96.0, 0.0)));
    }

    #[test]
    fn largest_first_may_be_the_order_that_fits_one_page() {
        // Tallest first and widest first take two pages; largest (by area) first, one.
        let sizes = [(20.0, 50.0), (80.0, 20.0), (50.0, 40.0), (50.0, 50.0)];
        let area = at_origin(100.0, 100.0);
        assert_eq!(per_page(&best_order(&sizes, &[0; 4], area, 0.0)), [4]);
    }

    #[test]
    fn the_order_taking_the_fewest_pages_wins_and_the_first_of_equals() {
        // Tallest first, the strip goes under the narrow piece and leaves the flat one no
        // room: two pages. Widest first and largest first both take one, differently.
        let sizes = [(30.0, 50.0), (50.0, 30.0), (100.0, 50.0)];
        let area = at_origin(100.0, 100.0);
        let spots = best_order(&sizes, &[0; 3], area, 0.0);
        let at = |i: usize| spots[i].map(|s| (s.page, s.x, s.y));
        // Widest first: the strip, then the flat piece under it, the narrow one beside that.
        assert_eq!(at(2), Some((0, 0.0, 0.0)));
        assert_eq!(at(1), Some((0, 0.0, 50.0)));
        assert_eq!(at(0), Some((0, 50.0, 50.0)));
    }

    #[test]
    fn a_piece_as_large_as_the_area_fits_and_a_larger_one_is_left_out() {
        // A micrometre over is rounding, and fits; a tenth of a millimetre is not.
        let (w, h) = (AREA.w + 1e-3, AREA.h + 1e-3);
        let sizes = [(w, 10.0), (10.0, h), (w + 0.1, 10.0), (10.0, h + 0.1)];
        let spots = pack(&sizes, AREA, 0.0);
        assert!(spots[0].is_some() && spots[1].is_some(), "{spots:?}");
        assert!(spots[2].is_none() && spots[3].is_none(), "{spots:?}");
    }

    /// How many pieces each page holds.
    fn per_page(spots: &[Option<Spot>]) -> Vec<usize> {
        let mut n = vec![0; pages(spots)];
        for s in spots.iter().flatten() {
            n[s.page] += 1;
        }
        n
    }

    /// The pieces packed tidily in [`AREA`], 1 mm apart, their trims as large as they are.
    fn tidy(sizes: &[(f32, f32)], min_fill: f32) -> Vec<Option<Spot>> {
        let trims: Vec<f32> = sizes.iter().map(|(w, h)| w * h).collect();
        pack_tidy(sizes, &trims, &vec![0; sizes.len()], AREA, 1.0, min_fill)
    }

    #[test]
    fn a_thin_last_page_is_evened_out_shorter_or_else_narrower() {
        // 88 tokens of 24 mm fill a page, 12 are left: seven rows of eight a page even that.
        assert_eq!(per_page(&tidy(&[(24.0, 24.0); 100], 0.35)), [56, 44]);
        // Strips as tall as the page cannot go shorter: eight and one, or five and four.
        assert_eq!(per_page(&tidy(&[(24.0, 270.0); 9], 0.35)), [5, 4]);
    }

    #[test]
    fn pieces_too_large_for_the_area_do_not_stop_the_evening_out() {
        let mut tokens = vec![(24.0, 24.0); 100];
        tokens.push((300.0, 10.0));
        assert_eq!(per_page(&tidy(&tokens, 0.35)), [56, 44]);
        let mut strips = vec![(24.0, 270.0); 9];
        strips.push((10.0, 300.0));
        assert_eq!(per_page(&tidy(&strips, 0.35)), [5, 4]);
    }

    #[test]
    fn one_page_or_a_last_page_at_the_least_fill_is_left_as_packed() {
        let rows: Vec<f32> = tidy(&[(24.0, 24.0); 5], 0.35)
            .iter()
            .map(|s| s.unwrap().y)
            .collect();
        assert!(rows.iter().all(|&y| y == rows[0]), "one row: {rows:?}");
        // 12 tokens of 576 mm² cover just this share of the last page: not less, so it stays.
        let fill = 12.0 * 576.0 / (AREA.w * AREA.h);
        assert_eq!(per_page(&tidy(&[(24.0, 24.0); 100], fill)), [88, 12]);
    }

    #[test]
    fn a_piece_only_touching_a_taller_neighbour_is_not_lifted_onto_it() {
        let area = at_origin(100.0, 100.0);
        // 20 mm high on the left, 60 on the right: the third piece goes on the left one.
        let sizes = [(50.0, 20.0), (50.0, 60.0), (50.0, 30.0)];
        let spots = pack_in_order(&sizes, &[0, 1, 2], area, 0.0);
        assert_eq!(spots[1].map(|s| (s.x, s.y)), Some((50.0, 0.0)));
        assert_eq!(spots[2].map(|s| (s.x, s.y)), Some((0.0, 20.0)));
    }

    #[test]
    fn a_piece_goes_on_the_lowest_stretch_however_far_right() {
        let area = at_origin(150.0, 100.0);
        // Three 50 mm stretches end 60, 40 and 30 mm down: the last piece goes on the third.
        let sizes = [
            (50.0, 10.0),
            (50.0, 40.0),
            (50.0, 30.0),
            (50.0, 50.0),
            (50.0, 10.0),
        ];
        let spots = pack_in_order(&sizes, &[0, 1, 2, 3, 4], area, 0.0);
        assert_eq!(spots[3].map(|s| (s.x, s.y)), Some((0.0, 10.0)));
        assert_eq!(spots[4].map(|s| (s.x, s.y)), Some((100.0, 30.0)));
    }

    #[test]
    fn pieces_filling_the_area_to_its_foot_share_a_page() {
        let spots = pack(&[(200.0, 140.0), (200.0, 140.0)], AREA, 0.0);
        assert_eq!(spots[1].map(|s| (s.page, s.y)), Some((0, 145.0)));
    }

    #[test]
    fn pieces_run_over_to_new_pages_and_oversized_ones_are_left_out() {
        let sizes = vec![(150.0, 150.0), (150.0, 150.0), (300.0, 10.0)];
        let spots = pack(&sizes, AREA, 4.0);
        assert_eq!(spots[0].unwrap().page, 0);
        assert_eq!(spots[1].unwrap().page, 1);
        assert!(spots[2].is_none());
    }
}
