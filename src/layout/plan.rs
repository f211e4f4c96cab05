//! The print plan: the order of pages in a document meant to be printed as one duplex job.
//!
//! A duplex printer takes pages two by two: page 1 on the front of the first sheet, page 2 on
//! its back, page 3 on the front of the second sheet, and so on. So every front must be on an
//! odd page with its back on the next page, and a page meant to be printed on one side only (a
//! board tile, a dashboard layer that is glued, a die net) must be on an odd page with a blank
//! page after it. Pure sequencing, no drawing: the kit and the reprint use it.

/// What a page of a sheet document is, for the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The front side of a sheet whose back is the next page.
    Front,
    /// The back side of the previous page.
    Back,
    /// A page printed on one side only: nothing may print on its back.
    Single,
    /// A plain-paper page (a list, a changelog) that may share a sheet with the next plain page.
    Plain,
    /// A page left blank on purpose.
    Blank,
}

/// One page of the planned document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Page `index` of the input.
    Page(usize),
    /// A blank page ("intentionally blank"), the size of the page before it.
    Blank,
}

/// Orders `roles` (the pages of the input, in order) for a duplex job that starts on an odd
/// page: a front and its back take one sheet, a single-sided page takes a sheet with a blank
/// back, plain pages run on and the last one is padded to a whole sheet. A front with no back
/// after it is treated as single-sided; a back with no front is given a blank front.
pub fn plan(roles: &[Role]) -> Vec<Slot> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < roles.len() {
        match roles[i] {
            Role::Front if roles.get(i + 1) == Some(&Role::Back) => {
                out.extend([Slot::Page(i), Slot::Page(i + 1)]);
                i += 2;
                continue;
            }
            Role::Front | Role::Single => out.extend([Slot::Page(i), Slot::Blank]),
            Role::Back => out.extend([Slot::Blank, Slot::Page(i)]),
            Role::Plain => {
                out.push(Slot::Page(i));
                if roles.get(i + 1) != Some(&Role::Plain) && out.len() % 2 == 1 {
                    out.push(Slot::Blank);
                }
            }
            Role::Blank => out.push(Slot::Blank),
        }
        i += 1;
    }
    if out.len() % 2 == 1 {
        out.push(Slot::Blank);
    }
    out
}

/// Orders `roles` for a single-sided job (gutter-fold, print-and-cut without backs): every
/// page in order and no blank page, since nothing prints on a back. A page meant as a back has
/// no place in such a job, so it is kept in order all the same (the layouts that plan this way
/// make none).
pub fn plan_single_sided(roles: &[Role]) -> Vec<Slot> {
    roles
        .iter()
        .enumerate()
        .filter(|(_, r)| **r != Role::Blank)
        .map(|(i, _)| Slot::Page(i))
        .collect()
}

/// Whether `slots` (starting on page `first`) keep every front on an odd page with its back
/// next, and every single-sided page on an odd page with a blank after it.
pub fn keeps_parity(roles: &[Role], slots: &[Slot], first: usize) -> bool {
    let role = |k: usize| match slots.get(k) {
        Some(Slot::Page(i)) => roles.get(*i).copied(),
        Some(Slot::Blank) => Some(Role::Blank),
        None => None,
    };
    (0..slots.len()).all(|k| {
        // (`first - k` would do as well: it has the parity of `first + k`, even wrapped.)
        let odd = (first + k) % 2 == 1;
        match role(k) {
            // A front with no back has a blank one.
            Some(Role::Front) => odd && matches!(role(k + 1), Some(Role::Back | Role::Blank)),
            Some(Role::Single) => odd && role(k + 1) == Some(Role::Blank),
            Some(Role::Back) => !odd,
            _ => true,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::*;

    #[test]
    fn fronts_land_on_odd_pages_with_their_backs_next() {
        let roles = [Front, Back, Front, Back, Single, Front, Back, Plain];
        let slots = plan(&roles);
        assert!(keeps_parity(&roles, &slots, 1));
        assert_eq!(slots.len(), 10, "single and plain pages get a blank back");
        assert_eq!(slots[5], Slot::Blank);
    }

    #[test]
    fn layers_never_print_on_each_others_backs() {
        // A dashboard base and its top layer: two single-sided pages, two sheets.
        let roles = [Single, Single];
        let slots = plan(&roles);
        assert_eq!(
            slots,
            [Slot::Page(0), Slot::Blank, Slot::Page(1), Slot::Blank]
        );
        assert!(keeps_parity(&roles, &slots, 3));
        assert!(!keeps_parity(&roles, &slots, 2));
    }

    #[test]
    fn a_single_sided_job_has_no_blank_pages() {
        let roles = [Plain, Single, Single, Plain];
        let slots = plan_single_sided(&roles);
        assert_eq!(
            slots,
            [Slot::Page(0), Slot::Page(1), Slot::Page(2), Slot::Page(3)]
        );
    }

    #[test]
    fn plain_pages_run_on_and_pad_to_a_sheet() {
        let roles = [Plain, Plain, Plain, Front, Back];
        let slots = plan(&roles);
        assert_eq!(slots[3], Slot::Blank);
        assert!(keeps_parity(&roles, &slots, 1));
        // An orphan front or back still keeps parity.
        let roles = [Front, Single, Back];
        assert!(keeps_parity(&roles, &plan(&roles), 1));
    }

    #[test]
    fn two_plain_pages_share_one_sheet() {
        assert_eq!(plan(&[Plain, Plain]), [Slot::Page(0), Slot::Page(1)]);
        // A lone plain page before a front takes a whole sheet, so the front stays odd.
        assert_eq!(
            plan(&[Plain, Front, Back]),
            [Slot::Page(0), Slot::Blank, Slot::Page(1), Slot::Page(2)]
        );
    }

    #[test]
    fn the_job_ends_on_a_whole_sheet() {
        assert_eq!(plan(&[Blank]), [Slot::Blank, Slot::Blank]);
        assert_eq!(plan(&[Front, Back, Blank, Blank, Blank]).len(), 6);
    }

    #[test]
    fn parity_rejects_fronts_on_even_pages_and_backs_on_odd_ones() {
        // A front with a blank back, but on an even page.
        assert!(!keeps_parity(&[Front], &[Slot::Page(0), Slot::Blank], 2));
        // A back on an odd page.
        assert!(!keeps_parity(&[Back], &[Slot::Blank, Slot::Page(0)], 2));
        // A front on an odd page whose next page prints something other than its back.
        assert!(!keeps_parity(
            &[Front, Plain],
            &[Slot::Page(0), Slot::Page(1)],
            1
        ));
    }
}
