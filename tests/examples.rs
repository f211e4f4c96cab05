//! The example games that ship with protopress build, and produce what their data promises.

mod common;

use std::path::Path;

use common::Pdf;
use protopress::assemble::BuildOptions;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn options() -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-examples-unused"),
        mark_printed: false,
        layout: None,
    }
}

#[test]
fn every_example_game_builds() {
    let games = protopress::Project::open(repo()).unwrap().games().unwrap();
    assert!(games.contains(&"death-to-decorum".to_owned()), "{games:?}");
    for game in games {
        let built = protopress::assemble::Session::new(
            &protopress::Project::open(repo()).unwrap(),
            &options(),
        )
        .build_in_memory(&game)
        .unwrap_or_else(|e| panic!("{e}"));
        // Any warning is a regression, preflight's included, but one: The Captain is Dead's
        // deck plan has card slots side by side across its whole width, so two of them lie
        // where a seam must go, and the build says so.
        let warnings: Vec<&String> = built
            .report
            .warnings
            .iter()
            .filter(|w| !(game == "the-captain-is-dead" && w.starts_with("Starship Board: a seam")))
            .collect();
        assert!(warnings.is_empty(), "{game}: {warnings:?}");
    }
}

#[test]
fn death_to_decorum_decks_match_the_manifest() {
    let built =
        protopress::assemble::Session::new(&protopress::Project::open(repo()).unwrap(), &options())
            .build_in_memory("death-to-decorum")
            .unwrap();
    let by_id = |id: &str| built.report.component(id).unwrap().clone();
    let facility = by_id("facility");
    assert_eq!(facility.copies, 120);
    let comp = &built
        .game
        .components
        .iter()
        .find(|c| c.spec.id == "facility")
        .unwrap();
    let count = |kind: &str, tier: i64| -> u32 {
        comp.cards
            .iter()
            .filter(|c| c.fields["kind"] == kind && c.fields["tier"] == tier)
            .map(|c| c.count)
            .sum()
    };
    assert_eq!(
        (count("loot", 1), count("loot", 2), count("loot", 3)),
        (40, 20, 10)
    );
    assert_eq!(
        (count("hazard", 1), count("hazard", 2), count("hazard", 3)),
        (25, 15, 10)
    );
    for c in &comp.cards {
        let (kind, tier) = (
            c.fields["kind"].as_str().unwrap(),
            c.fields["tier"].as_i64().unwrap(),
        );
        if kind == "loot" {
            let value = [0, 3, 8, 15][tier as usize];
            assert_eq!(c.fields["value"], value, "{}", c.name);
        } else {
            assert_eq!(c.fields["damage"], tier, "{}", c.name);
        }
    }
    assert_eq!(by_id("apex").copies, 10);
    assert_eq!(by_id("actions").copies, 18);
    assert_eq!(by_id("quick-reference").copies, 6);
    // 120 + 10 + 18 cards and a quick-reference card per player (6) on 3 × 3 sheets, each sheet
    // a front and a back page: each deck's full sheets (13 + 1 + 2), then two sheets of the
    // 3 + 1 + 6 left over, five each (nine and one would leave one card alone on a sheet).
    assert_eq!(facility.sheets, 14);
    let pdf = Pdf::load(built.pdf("cards.pdf").unwrap());
    assert_eq!(pdf.pages.len(), 2 * (13 + 1 + 2 + 2));
    let placed: usize = pdf.pages.iter().map(|p| p.placements.len()).sum();
    assert_eq!(placed, 2 * 154);
    let card_faces: usize = built
        .report
        .components
        .iter()
        .filter(|c| c.kind == "cards")
        .map(|c| c.unique_faces)
        .sum();
    // The Apex Stalker reserve shares the Facility back (it is shuffled in at Midnight), so
    // the PDF holds that face once although both components count it.
    assert_eq!(pdf.distinct_placed(), card_faces - 1);
}

/// The five games of the seed documents, one per kind of design they stress.
const SEED_GAMES: [&str; 5] = [
    "death-to-decorum",
    "red-faction-underground",
    "the-captain-is-dead",
    "facility-07",
    "veil-runners",
];

#[test]
fn every_seed_game_ships_and_passes_its_manifest_check() {
    let games = protopress::Project::open(repo()).unwrap().games().unwrap();
    for id in SEED_GAMES {
        assert!(games.contains(&id.to_owned()), "{id} is missing: {games:?}");
        let game =
            protopress::model::Game::load(&protopress::Project::open(repo()).unwrap(), id).unwrap();
        let report = protopress::check::manifest::check_game(&game, None)
            .unwrap()
            .unwrap_or_else(|| panic!("{id} has no manifest"));
        assert!(report.passed, "{id}:\n{}", report.table());
        // Every top-level entry is stated in the rulebook too, not only declared.
        for e in report.entries.iter().filter(|e| !e.path.contains('›')) {
            assert!(
                !e.stated.is_empty(),
                "{id}: rules.md never states {}",
                e.path
            );
        }
    }
}

fn prepared(id: &str) -> protopress::assemble::Prepared {
    protopress::assemble::Session::new(
        &protopress::Project::open(repo()).unwrap(),
        &BuildOptions::default(),
    )
    .prepare(id)
    .unwrap()
}

/// A component's printed copies and its cards.
fn deck<'p>(
    p: &'p protopress::assemble::Prepared,
    id: &str,
) -> (
    &'p protopress::render::faces::Deck,
    &'p [protopress::model::Card],
) {
    let comp = p
        .game
        .components
        .iter()
        .position(|c| c.spec.id == id)
        .unwrap();
    let deck = p.faces.decks.iter().find(|d| d.component == comp).unwrap();
    (deck, &p.game.components[comp].cards)
}

#[test]
fn facility_07_room_tiles_open_exactly_the_edges_their_data_lists() {
    use protopress::render::raster::render_face;
    let p = prepared("facility-07");
    let (deck, cards) = deck(&p, "rooms");
    let paper = [0xf5, 0xf3, 0xee];
    // 10 px per mm: 76 mm with the bleed, the trim from 30 to 730 px.
    let (px, bleed) = (760u32, 30u32);
    let mut seen = std::collections::HashSet::new();
    for copy in &deck.copies {
        if !seen.insert(copy.card) {
            continue;
        }
        let card = &cards[copy.card];
        let doors: Vec<&str> = card.fields["doors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_str().unwrap())
            .collect();
        let img = render_face(
            &p.faces.faces[copy.front],
            &p.trees[copy.front],
            px,
            px,
            true,
        )
        .unwrap();
        let at = |x: u32, y: u32| {
            let i = ((y * px + x) * 4) as usize;
            [img.data()[i], img.data()[i + 1], img.data()[i + 2]]
        };
        // The middle of each edge, 2 mm inside the trim: inside the 4 mm wall if it is closed.
        let (mid, inside, far) = (px / 2, bleed + 20, px - bleed - 20);
        for (edge, (x, y)) in [
            ("n", (mid, inside)),
            ("e", (far, mid)),
            ("s", (mid, far)),
            ("w", (inside, mid)),
        ] {
            let open = at(x, y) == paper;
            assert_eq!(
                open,
                doors.contains(&edge),
                "{}: edge {edge} is {} but doors are {doors:?}",
                card.name,
                if open { "open" } else { "walled" }
            );
            // A doorway is 18 mm wide: 10 mm off centre along the edge is wall again.
            let (wx, wy) = if edge == "n" || edge == "s" {
                (mid + 100, y)
            } else {
                (x, mid + 100)
            };
            assert_ne!(
                at(wx, wy),
                paper,
                "{}: the {edge} wall beside the door",
                card.name
            );
        }
    }
    assert_eq!(seen.len(), 20, "every distinct room was looked at");
}

#[test]
fn veil_runners_clocks_have_the_segments_their_data_asks_for() {
    let p = prepared("veil-runners");
    let (deck, cards) = deck(&p, "clocks");
    let mut sizes = Vec::new();
    for copy in &deck.copies {
        let svg = &p.faces.faces[copy.front].svg;
        let start = svg.find("<g class=\"clock\">").expect("a clock group");
        let group = &svg[start..start + svg[start..].find("</g>").unwrap()];
        let wedges = group.matches("<path").count();
        let segments = cards[copy.card].fields["segments"].as_u64().unwrap() as usize;
        assert_eq!(wedges, segments, "{}", cards[copy.card].name);
        sizes.push(segments);
    }
    sizes.sort();
    assert_eq!(sizes, [4, 4, 6, 6, 8, 8, 10, 10, 12, 12]);
}

#[test]
fn the_captain_is_dead_two_sided_cards_and_alert_backs() {
    let p = prepared("the-captain-is-dead");
    let deck_of = |id: &str| deck(&p, id).0;
    // Systems, upgrades and tools: every card has a back of its own, unlike its front.
    for id in ["systems", "upgrades", "tools"] {
        let deck = deck_of(id);
        let backs: std::collections::HashSet<_> = deck
            .copies
            .iter()
            .map(|c| p.faces.faces[c.back.unwrap()].hash.clone())
            .collect();
        assert_eq!(backs.len(), deck.copies.len(), "{id}: one back per card");
        for c in &deck.copies {
            assert_ne!(
                p.faces.faces[c.front].hash,
                p.faces.faces[c.back.unwrap()].hash
            );
        }
    }
    // The three alert decks share no back, and within a deck every card shares one.
    let mut alert_backs = std::collections::HashSet::new();
    for id in ["yellow-alerts", "orange-alerts", "red-alerts"] {
        let deck = deck_of(id);
        let backs: std::collections::HashSet<_> =
            deck.copies.iter().map(|c| c.back.unwrap()).collect();
        assert_eq!(backs.len(), 1, "{id}");
        let back = p.faces.faces[*backs.iter().next().unwrap()].hash.clone();
        assert!(
            alert_backs.insert(back),
            "{id} shares its back with another alert deck"
        );
    }
    let copies = |id: &str| deck_of(id).copies.len();
    assert_eq!(
        (
            copies("yellow-alerts"),
            copies("orange-alerts"),
            copies("red-alerts")
        ),
        (24, 25, 6)
    );
    assert_eq!(
        (copies("systems"), copies("skills"), copies("roles")),
        (13, 48, 18)
    );
}

/// The pips a die face's form paints: its filled round paths (a pip is a circle, drawn with
/// curves; the face's background is a filled rectangle of straight lines).
fn pips(pdf: &Pdf, form: lopdf::ObjectId) -> usize {
    let stream = pdf.doc.get_object(form).unwrap().as_stream().unwrap();
    let content = stream
        .decompressed_content()
        .unwrap_or_else(|_| stream.content.clone());
    let mut curved = false;
    let mut pips = 0;
    for op in lopdf::content::Content::decode(&content)
        .unwrap()
        .operations
    {
        match op.operator.as_str() {
            "m" => curved = false,
            "c" | "v" | "y" => curved = true,
            "f" | "f*" | "F" | "b" | "B" if curved => {
                pips += 1;
                curved = false;
            }
            _ => {}
        }
    }
    pips
}

/// A folded square: its side's outward normal, and where the net's +x and +y point on it.
type Placed = ([i32; 3], [i32; 3], [i32; 3]);

/// Folds a net of squares (grid column and row of each) into a cube: the outward direction of
/// the side each square becomes. A square rolled onto from its neighbour turns the cube a
/// quarter about the edge they share.
fn fold(squares: &[(i32, i32)]) -> Vec<[i32; 3]> {
    let neg = |v: [i32; 3]| v.map(|c| -c);
    // Per square: the side's outward normal, and where the net's +x and +y point on it.
    let mut state: Vec<Option<Placed>> = vec![None; squares.len()];
    state[0] = Some(([0, 0, -1], [1, 0, 0], [0, 1, 0]));
    let mut todo = vec![0];
    while let Some(i) = todo.pop() {
        let (n, ex, ey) = state[i].unwrap();
        let (c, r) = squares[i];
        for (j, &(c2, r2)) in squares.iter().enumerate() {
            if state[j].is_some() {
                continue;
            }
            let next = match (c2 - c, r2 - r) {
                (1, 0) => (ex, neg(n), ey),
                (-1, 0) => (neg(ex), n, ey),
                (0, 1) => (ey, ex, neg(n)),
                (0, -1) => (neg(ey), ex, n),
                _ => continue,
            };
            state[j] = Some(next);
            todo.push(j);
        }
    }
    state
        .into_iter()
        .map(|s| s.expect("the net is in one piece").0)
        .collect()
}

#[test]
fn folding_a_net_finds_the_opposite_sides() {
    // The cross: a column of three crossed by a row of four through its middle.
    let cross = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];
    let sides = fold(&cross);
    let opposite = |a: usize, b: usize| sides[a] == sides[b].map(|c| -c);
    assert!(opposite(0, 5) && opposite(1, 3) && opposite(2, 4));
    assert!(!opposite(0, 1) && !opposite(2, 3));
    // A strip of six is no cube: two squares land on one side.
    let strip: Vec<(i32, i32)> = (0..6).map(|c| (c, 0)).collect();
    let mut s = fold(&strip);
    s.sort();
    s.dedup();
    assert!(s.len() < 6);
}

/// Read from the printed sheets: every die net folds into a cube whose opposite sides show
/// pips adding up to seven, wherever the layout puts each face.
#[test]
fn printed_six_sided_dice_have_opposite_faces_adding_up_to_seven() {
    for (game, component, edge) in [
        ("veil-runners", "ship-dice", 20.0),
        ("facility-07", "dice", 18.0),
    ] {
        let built = protopress::assemble::Session::new(
            &protopress::Project::open(repo()).unwrap(),
            &options(),
        )
        .build_in_memory(game)
        .unwrap();
        let comp = built.report.component(component).unwrap();
        let pdf = Pdf::load(built.pdf(comp.file.as_deref().unwrap()).unwrap());
        let mut nets = 0;
        for &page_no in &comp.pages {
            let page = &pdf.pages[page_no - 1];
            // The die faces on the page: unclipped squares of the die's edge.
            let faces: Vec<([f32; 4], usize)> = (0..page.placements.len())
                .filter(|&i| page.clips[i].is_none())
                .filter_map(|i| {
                    let id = page.placements[i].2;
                    let (w, h) = pdf.form_size(id);
                    ((w - edge).abs() < 0.05 && (h - edge).abs() < 0.05)
                        .then(|| (page.placed_rect(i, w, h), pips(&pdf, id)))
                })
                .collect();
            // Nets: faces joined edge to edge.
            let touch = |a: [f32; 4], b: [f32; 4]| {
                let (dx, dy) = ((a[0] - b[0]).abs(), (a[1] - b[1]).abs());
                (dx < 0.05 && (dy - edge).abs() < 0.05) || (dy < 0.05 && (dx - edge).abs() < 0.05)
            };
            let mut net_of: Vec<Option<usize>> = vec![None; faces.len()];
            for start in 0..faces.len() {
                if net_of[start].is_some() {
                    continue;
                }
                net_of[start] = Some(start);
                let mut todo = vec![start];
                while let Some(i) = todo.pop() {
                    for j in 0..faces.len() {
                        if net_of[j].is_none() && touch(faces[i].0, faces[j].0) {
                            net_of[j] = Some(start);
                            todo.push(j);
                        }
                    }
                }
                let members: Vec<usize> = (0..faces.len())
                    .filter(|&j| net_of[j] == Some(start))
                    .collect();
                let at = |j: usize| {
                    let r = faces[j].0;
                    (
                        ((r[0] - faces[start].0[0]) / edge).round() as i32,
                        ((r[1] - faces[start].0[1]) / edge).round() as i32,
                    )
                };
                let squares: Vec<(i32, i32)> = members.iter().map(|&j| at(j)).collect();
                let shown: Vec<usize> = members.iter().map(|&j| faces[j].1).collect();
                assert_eq!(
                    members.len(),
                    6,
                    "{game}: a net of {squares:?} on page {page_no}"
                );
                let sides = fold(&squares);
                let mut distinct = sides.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(
                    distinct.len(),
                    6,
                    "{game}: {squares:?} does not fold into a cube"
                );
                let mut values = shown.clone();
                values.sort();
                assert_eq!(
                    values,
                    [1, 2, 3, 4, 5, 6],
                    "{game}: pips {shown:?} on {squares:?}"
                );
                for a in 0..6 {
                    let b = (0..6).find(|&b| sides[b] == sides[a].map(|c| -c)).unwrap();
                    assert_eq!(
                        shown[a] + shown[b],
                        7,
                        "{game}: {} opposite {} on the net {squares:?} (pips {shown:?})",
                        shown[a],
                        shown[b]
                    );
                }
                nets += 1;
            }
        }
        assert_eq!(nets, comp.copies as usize, "{game}: one net per die");
    }
}
