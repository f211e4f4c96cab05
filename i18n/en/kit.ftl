# protopress: the words a kit prints itself, in English.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.

## The cover. `{ $n }` is a number (forms may be chosen on it) or a range such as 2–4, given as text (the default form prints).

cover-players =
    { $n ->
        [one] { $n } player
       *[other] { $n } players
    }
cover-minutes =
    { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
cover-ages = ages { $n }+

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Print-and-play kit
kit-rulebook = Rulebook
kit-edition = { $what } · revision { $rev }
kit-date = { $dd } { $month } { $year }
kit-made-with = Made with protopress
kit-contents = Contents
kit-blank = This page is intentionally blank.

## Month names, for dates written by `kit-date`.

date-month-1 = January
date-month-2 = February
date-month-3 = March
date-month-4 = April
date-month-5 = May
date-month-6 = June
date-month-7 = July
date-month-8 = August
date-month-9 = September
date-month-10 = October
date-month-11 = November
date-month-12 = December

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = How to print this kit
guide-duplex-job = The whole PDF prints as *one duplex job* ({ $flip }), at *100 % (actual size)*: every card front is on an odd page with its back on the next page, and single-sided sheets are followed by a page marked _intentionally blank_, so nothing prints on their back.
guide-gutter-fold-job = The whole PDF prints as *one single-sided job*, at *100 % (actual size)*: no duplex printer needed. Card sheets are *gutter-fold*: fold each on its dashed line with the printed sides out, glue the blank sides together, then cut through both layers at the crop marks.
guide-print-and-cut-job = The whole PDF prints as *one single-sided job*, at *100 % (actual size)*. The sheets carry the registration marks of a { $cutter } cutting machine: open each sheet's file from the `cut/` folder that comes with this kit in the machine's software, let it read the marks, and cut.
guide-parts = To print a part on its own, choose its pages below. Every sheet carries a ruler: measure it before cutting.
guide-sheets-duplex = The kit takes *{ $total } sheets of { $paper }*, printed on both sides: { $plain } of plain paper, { $card } of cardstock.
guide-sheets-single = The kit takes *{ $total } sheets of { $paper }*, printed on one side: { $plain } of plain paper, { $card } of cardstock.
guide-heads-pages = Pages
guide-heads-what = What
guide-heads-paper = Paper
guide-heads-print = Print
guide-heads-then = Then
guide-long-edge = duplex, flip on the long edge
guide-short-edge = duplex, flip on the short edge
guide-rules-and-components = Rules and components
guide-plain = plain
guide-cardstock = cardstock
guide-duplex-or-single = duplex or single-sided
guide-single = single-sided
guide-single-blank-backs = single-sided (blank backs)
guide-keep = Keep as the rulebook.
guide-calibrate = Hold to the light and read where the cross falls; its back page says what to do if it is off.
guide-parts-to-buy = Parts to buy
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies = *{ $n } copies*
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $kind ->
        [cards] { $count ->
            [one] { $count } card
           *[other] { $count } cards
        }
        [tokens] { $count ->
            [one] { $count } token
           *[other] { $count } tokens
        }
        [dashboard] { $count ->
            [one] { $count } dashboard
           *[other] { $count } dashboards
        }
        [board] { $count ->
            [one] { $count } board
           *[other] { $count } boards
        }
        [die] { $count ->
            [one] { $count } die
           *[other] { $count } dice
        }
        [standee] { $count ->
            [one] { $count } standee
           *[other] { $count } standees
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Cut along the crop marks.
finishing-outlines = Cut along the outlines.
finishing-layered-dashboard = Cut out the hatched windows of each top layer, glue it onto its base, cut along the crop marks.
finishing-tiled-board = Cut each tile at its crop marks, lay each one over the dashed strip of its neighbour with crosses on crosses, glue.
finishing-die = Cut the solid lines, fold the dashed ones, glue the grey tabs inside.
finishing-standee = Cut out, fold on the dashed lines, fold the grey bases outwards.
finishing-other = Keep for reference.
finishing-gutter-fold = Fold on the dashed line, printed sides out; glue the blank sides; cut along the crop marks through both layers.
finishing-print-and-cut = Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it).
finishing-print-and-cut-fold = Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it); fold the scored lines.
finishing-print-and-cut-layered = Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it), windows and all; glue each top layer onto its base.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Components
checklist-intro = Count the pieces once they are cut, and tick each line. The pages are those of this PDF; print the sheets at 100 % (actual size), duplex where a sheet has backs.
checklist-heads-piece = One piece
checklist-heads-component = Component
checklist-heads-count = Count
checklist-page = page
checklist-pages = pages
checklist-buy-title = Parts to buy
checklist-buy-intro = Not printed. Buy them, or use the printed stand-in named beside each.
checklist-buy-heads-part = Part
checklist-buy-heads-count = Count
checklist-buy-heads-stand-in = Printed stand-in

## Component kinds, as the checklist names one piece.

kind-cards = cards
kind-tokens = tokens
kind-dashboard = dashboard
kind-board = board
kind-die = die
kind-standee = standee
kind-bought = bought

## The duplex calibration sheet (Typst markup).

calibration-title = Duplex calibration
calibration-front = Print this page and the next one on one sheet of plain paper, duplex, with the same printer settings as your card sheets. Hold the sheet against a window or a lamp with the *scale side* facing you and read where this cross shows through.
calibration-back-title = Duplex calibration: the back
calibration-back = Where does the centre of the cross from the front fall on these scales? On 0, 0 every back lands behind its front: print the card sheets as they are. A millimetre off hardly shows. Further off, note the two readings in millimetres (*x* to the right, *y* down), then shift the back side by those amounts, towards where the cross fell, in your printer's settings (often called image shift or back-side margin), and print this sheet again to check. Keep the setting for the card sheets.

## The credits (Typst markup).

credits-title = Credits
credits-fonts = Type.
credits-icons = Icons.
credits-tool = *Typeset and imposed* with protopress.
credits-and = and
credits-own-font = { $family }, the game's own typeface, under the licence of its makers
credits-no-icon-credits = Icons drawn or chosen by the game's maker.
credits-icons-used = This game uses { $icons } from it.
credits-builtin-icons = Icons from game-icons.net by Lorc, Delapouite and the other game-icons.net contributors (game-icons.net/about.html names them all), licensed under Creative Commons Attribution 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. and the DejaVu fonts team
credits-dejavu-licence = Bitstream Vera Fonts licence (DejaVu's changes in the public domain)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · sheet { $n } of { $of }
sheet-fronts = fronts
sheet-single-sided = single-sided
sheet-base-layer = base layer
sheet-base-layer-single-sided = base layer, single-sided
sheet-backs = backs ({ $flip })
sheet-flip-long = flip on the long edge
sheet-flip-short = flip on the short edge
sheet-top-layer = top layer, single-sided: cut out the hatched windows
sheet-gutter-fold = gutter-fold, single-sided: fold on the dashed line, printed sides out, glue the blank sides together, then cut through both
sheet-tile = tile in row { $row }, column { $col } ({ $cols } × { $rows }: columns × rows)
sheet-tile-glue = glue over the dashed strips, crosses on crosses
sheet-revision = rev { $rev }
sheet-ruler = Print at 100 % (actual size): this bar must measure { $length }.
sheet-blank = This page is intentionally blank.
sheet-cut-out = CUT OUT
sheet-fold-hint = FOLD printed sides out · GLUE the blank sides
sheet-cut-sheet = { $game } · cut sheet { $n } of { $of }
sheet-shared-sheet = { $game } · shared sheet { $n } of { $of }
sheet-print-and-cut = print-and-cut ({ $machine }): { $how }, load cut/{ $stem }.svg
sheet-duplex-cut-from-front = duplex, cut from the front
sheet-shared-finish = cut the solid lines, fold the dashed ones, glue the grey tabs and bases
sheet-cut-finish = cut along the solid lines

## The changelog page of a reprint: plain text.

reprint-title = { $game }: reprint for revision { $rev }
reprint-intro = Changes since the last print (revision { $rev }). The sheets that follow hold only what to print.
reprint-component-added = New component { $component }: print all of it.
reprint-component-removed = Component { $component } is gone: discard it.
reprint-card-added = { $component } › { $card }: new card, print { $count }.
reprint-card-removed = { $component } › { $card }: removed, discard { $count }.
reprint-card-changed = { $component } › { $card }: changed ({ $what }); reprint all { $count }, discard the old ones.
reprint-faces-changed = its faces changed (template or shared data)
reprint-none = (none)
reprint-card-renamed = { $component } › { $card }: id { $from } -> { $to }, the same faces.
reprint-count-up = { $component } › { $card }: count { $old } -> { $new }, print { $n } more.
reprint-count-down = { $component } › { $card }: count { $old } -> { $new }, discard { $n }.
reprint-rules = Rules, "{ $section }": { $how }{ $pages }.
reprint-section-new = new section
reprint-section-changed = text changed
reprint-section-removed = removed
reprint-rules-page = ; it is now on page { $page } of rules.pdf
reprint-rules-pages = ; it is now on pages { $pages } of rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Files
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } page)
       *[other] ({ $n } pages)
    }
index-layout = Layout
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = Backs off their fronts? { $kit } holds a duplex calibration sheet (its printing guide names the pages). Print it on the printer the kit is for, read where the front's cross falls on the back's scales, write the two readings in millimetres into { $file } as { $key } (right and down are positive) and rebuild. The sheet itself tells players, who do not rebuild, to move the back side in their printer's settings or to send you the readings.
index-warning = Warning
index-components = Components
index-component = Component
index-kind = Kind
index-count = Count
index-unique-faces = Unique faces
index-file = File
index-pages = Pages
index-manifest-check = Manifest check
index-passed = passed
index-failed = failed
index-entry = Entry
index-declared = Declared
index-produced = Produced
index-rules = Rules
index-status = Status
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = mismatch
index-accepted = accepted
index-deck-stats = Deck statistics
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = The chance to see each kind of card in the first draws, from the card counts in the data ({ $file }).
index-deck-stats-chart = deck statistics chart
index-faces = Faces
index-bleed = bleed
index-trim = trim line
index-safe = safe zone
index-pick = component
index-all = all
index-find = card
index-find-hint = name or value
index-click = click a face for its data
index-copies =
    { $n ->
        [one] ({ $n } copy)
       *[other] ({ $n } copies)
    }
index-more-faces =
    { $n ->
        [one] and { $n } more face, not listed nor searched here: see the PDF.
       *[other] and { $n } more faces, not listed nor searched here: see the PDF.
    }
index-page = page { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] and { $n } more page: open { $file }.
       *[other] and { $n } more pages: open { $file }.
    }
# A face's side, under its picture.
index-side-front = front
index-side-back = back
index-side-top = top layer
index-side-die = die face { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = gutter-fold: print single-sided, fold each card sheet on its dashed line printed sides out, glue, cut through both layers
index-layout-print-and-cut =
    { $n ->
        [one] print-and-cut: cut each sheet on the machine with its file in cut/ ({ $n } file)
       *[other] print-and-cut: cut each sheet on the machine with its file in cut/ ({ $n } files)
    }
index-made-with = Made with protopress.
