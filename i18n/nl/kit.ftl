# protopress: the words a kit prints itself, in Dutch.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.
#
# Choices: instructions use the imperative, and "je" where a pronoun is needed. Terms:
# vel (sheet; "10 vel" as a measure), karton (cardstock), snijtekens (crop marks),
# dubbelzijdig (duplex), enkelzijdig (single-sided), vouwvel (gutter-fold), afdrukken en
# snijden (print-and-cut), snijplotter (cutting machine), bovenlaag / onderlaag (layers),
# stippellijn (dashed line), onderdeel (component, part).

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players =
    { $n ->
        [one] { $n } speler
       *[other] { $n } spelers
    }
cover-minutes =
    { $n ->
        [one] { $n } minuut
       *[other] { $n } minuten
    }
cover-ages = vanaf { $n } jaar

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Print-and-playkit
kit-rulebook = Spelregels
kit-edition = { $what } · revisie { $rev }
kit-date = { $d } { $month } { $year }
kit-made-with = Gemaakt met protopress
kit-contents = Inhoud
kit-blank = Deze pagina is opzettelijk leeg gelaten.

## Month names, for dates written by `kit-date`.

date-month-1 = januari
date-month-2 = februari
date-month-3 = maart
date-month-4 = april
date-month-5 = mei
date-month-6 = juni
date-month-7 = juli
date-month-8 = augustus
date-month-9 = september
date-month-10 = oktober
date-month-11 = november
date-month-12 = december

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = Zo druk je deze kit af
guide-duplex-job = De hele pdf wordt afgedrukt als *één dubbelzijdige printopdracht* ({ $flip }), op *100% (ware grootte)*: elke kaartvoorkant staat op een oneven pagina met de achterkant op de volgende pagina, en na elk enkelzijdig vel volgt een pagina met de tekst _opzettelijk leeg gelaten_, zodat er niets op de achterkant van dat vel wordt afgedrukt.
guide-gutter-fold-job = De hele pdf wordt afgedrukt als *één enkelzijdige printopdracht*, op *100% (ware grootte)*: je hebt geen dubbelzijdige printer nodig. De kaartvellen zijn *vouwvellen*: vouw elk vel op zijn stippellijn met de bedrukte kanten naar buiten, lijm de blanco kanten op elkaar en knip daarna door beide helften tegelijk langs de snijtekens.
guide-print-and-cut-job = De hele pdf wordt afgedrukt als *één enkelzijdige printopdracht*, op *100% (ware grootte)*. De vellen dragen de registratietekens van een { $cutter }-snijplotter: open het bestand van elk vel uit de map `cut/` die bij deze kit hoort in de software van de snijplotter, laat hem de tekens inlezen en snijden.
guide-parts = Wil je maar een deel van de kit afdrukken, kies dan hieronder de pagina's ervan. Op elk vel staat een liniaal: meet die na voordat je gaat knippen.
guide-sheets-duplex = De kit gebruikt *{ $total } vel { $paper }*, dubbelzijdig bedrukt: { $plain } vel gewoon papier en { $card } vel karton.
guide-sheets-single = De kit gebruikt *{ $total } vel { $paper }*, enkelzijdig bedrukt: { $plain } vel gewoon papier en { $card } vel karton.
guide-heads-pages = Pagina's
guide-heads-what = Wat
guide-heads-paper = Papier
guide-heads-print = Afdrukken
guide-heads-then = Daarna
guide-long-edge = dubbelzijdig, omslaan langs de lange zijde
guide-short-edge = dubbelzijdig, omslaan langs de korte zijde
guide-rules-and-components = Regels en spelmateriaal
guide-plain = gewoon papier
guide-cardstock = karton
guide-duplex-or-single = dubbelzijdig of enkelzijdig
guide-single = enkelzijdig
guide-single-blank-backs = enkelzijdig (blanco achterkanten)
guide-keep = Bewaar dit als spelregelboekje.
guide-calibrate = Houd het vel tegen het licht en lees af waar het kruis valt; de achterkant vertelt wat je moet doen als het ernaast zit.
guide-parts-to-buy = Te kopen onderdelen
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies =
    { $n ->
        [one] *{ $n } exemplaar*
       *[other] *{ $n } exemplaren*
    }
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $kind ->
        [cards] { $count ->
            [one] { $count } kaart
           *[other] { $count } kaarten
        }
        [tokens] { $count ->
            [one] { $count } fiche
           *[other] { $count } fiches
        }
        [dashboard] { $count ->
            [one] { $count } spelersbord
           *[other] { $count } spelersborden
        }
        [board] { $count ->
            [one] { $count } speelbord
           *[other] { $count } speelborden
        }
        [die] { $count ->
            [one] { $count } dobbelsteen
           *[other] { $count } dobbelstenen
        }
        [standee] { $count ->
            [one] { $count } kartonnen figuur
           *[other] { $count } kartonnen figuren
        }
        [bought] { $count ->
            [one] { $count } te kopen onderdeel
           *[other] { $count } te kopen onderdelen
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Knip langs de snijtekens.
finishing-outlines = Knip langs de omtreklijnen.
finishing-layered-dashboard = Knip de gearceerde vensters uit elke bovenlaag, lijm die op zijn onderlaag en knip langs de snijtekens.
finishing-tiled-board = Knip elk deel langs zijn snijtekens, leg het over de gestippelde strook van het buurdeel, kruis op kruis, en lijm het vast.
finishing-die = Knip de doorgetrokken lijnen, vouw de gestippelde, lijm de grijze flapjes aan de binnenkant vast.
finishing-standee = Knip uit, vouw op de stippellijnen, vouw de grijze voetjes naar buiten.
finishing-other = Bewaar om na te slaan.
finishing-gutter-fold = Vouw op de stippellijn, bedrukte kanten naar buiten; lijm de blanco kanten op elkaar; knip langs de snijtekens door beide helften tegelijk.
finishing-print-and-cut = Snijd elk vel op de snijplotter met het bijbehorende bestand uit `cut/` (vermeld in de marge van het vel).
finishing-print-and-cut-fold = Snijd elk vel op de snijplotter met het bijbehorende bestand uit `cut/` (vermeld in de marge van het vel); vouw de gerilde lijnen.
finishing-print-and-cut-layered = Snijd elk vel op de snijplotter met het bijbehorende bestand uit `cut/` (vermeld in de marge van het vel), vensters inbegrepen; lijm elke bovenlaag op zijn onderlaag.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Spelmateriaal
checklist-intro = Tel de stukken zodra ze uitgeknipt zijn en vink elke regel af. De paginanummers zijn die van deze pdf; druk de vellen af op 100% (ware grootte), dubbelzijdig waar een vel achterkanten heeft.
checklist-heads-piece = Eén stuk
checklist-heads-component = Onderdeel
checklist-heads-count = Aantal
checklist-page = pagina
checklist-pages = pagina's
checklist-buy-title = Te kopen onderdelen
checklist-buy-intro = Niet afgedrukt. Koop ze, of gebruik de afgedrukte vervanger die ernaast staat.
checklist-buy-heads-part = Onderdeel
checklist-buy-heads-count = Aantal
checklist-buy-heads-stand-in = Afgedrukte vervanger

## Component kinds, as the checklist names one piece.

kind-cards = kaart
kind-tokens = fiche
kind-dashboard = spelersbord
kind-board = speelbord
kind-die = dobbelsteen
kind-standee = kartonnen figuur
kind-bought = te kopen onderdeel

## The duplex calibration sheet (Typst markup).

calibration-title = Kalibratie voor dubbelzijdig afdrukken
calibration-front = Druk deze pagina en de volgende dubbelzijdig af op één vel gewoon papier, met dezelfde printerinstellingen als je kaartvellen. Houd het vel tegen een raam of een lamp met de *kant met de schalen* naar je toe en lees af waar dit kruis doorschijnt.
calibration-back-title = Kalibratie voor dubbelzijdig afdrukken: de achterkant
calibration-back = Waar valt het midden van het kruis van de voorkant op deze schalen? Op 0, 0 valt elke achterkant precies achter zijn voorkant: druk de kaartvellen af zoals ze zijn. Een millimeter verschil zie je nauwelijks. Zit het verder ernaast, noteer dan beide waarden in millimeters (*x* naar rechts, *y* naar beneden) en verschuif de achterkant in de instellingen van je printer (vaak beeldverschuiving of marge achterzijde genoemd) met die waarden, in de richting waar het kruis viel; druk dit vel daarna opnieuw af om te controleren. Houd die instelling aan voor de kaartvellen.

## The credits (Typst markup).

credits-title = Verantwoording
credits-fonts = Lettertypen.
credits-icons = Iconen.
credits-tool = *Gezet en uitgeschoten* met protopress.
credits-and = en
credits-own-font = { $family }, het eigen lettertype van het spel, onder de licentie van de makers
credits-no-icon-credits = Iconen getekend of gekozen door de maker van het spel.
credits-icons-used = Dit spel gebruikt daaruit: { $icons }.
credits-builtin-icons = Pictogrammen van game-icons.net door Lorc, Delapouite en de andere makers van game-icons.net (game-icons.net/about.html noemt ze allemaal), onder de licentie Creative Commons Naamsvermelding 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. en het team van de DejaVu-lettertypen
credits-dejavu-licence = licentie van de Bitstream Vera-lettertypen (wijzigingen van DejaVu in het publieke domein)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · vel { $n } van { $of }
sheet-fronts = voorkanten
sheet-single-sided = enkelzijdig
sheet-base-layer = onderlaag
sheet-base-layer-single-sided = onderlaag, enkelzijdig
sheet-backs = achterkanten ({ $flip })
sheet-flip-long = omslaan langs de lange zijde
sheet-flip-short = omslaan langs de korte zijde
sheet-top-layer = bovenlaag, enkelzijdig: knip de gearceerde vensters uit
sheet-gutter-fold = vouwvel, enkelzijdig: vouw op de stippellijn met de bedrukte kanten naar buiten, lijm de blanco kanten op elkaar en knip daarna door beide helften
sheet-tile = deel in rij { $row }, kolom { $col } ({ $cols } × { $rows }: kolommen × rijen)
sheet-tile-glue = lijm over de gestippelde stroken, kruis op kruis
sheet-revision = rev. { $rev }
sheet-ruler = Druk af op 100% (ware grootte): deze balk moet { $length } lang zijn.
sheet-blank = Deze pagina is opzettelijk leeg gelaten.
sheet-cut-out = UITKNIPPEN
sheet-fold-hint = VOUW met de bedrukte kanten naar buiten · LIJM de blanco kanten
sheet-cut-sheet = { $game } · snijvel { $n } van { $of }
sheet-shared-sheet = { $game } · gedeeld vel { $n } van { $of }
sheet-print-and-cut = afdrukken en snijden ({ $machine }): { $how }, laad cut/{ $stem }.svg
sheet-duplex-cut-from-front = dubbelzijdig, snijden vanaf de voorkant
sheet-shared-finish = knip de doorgetrokken lijnen, vouw de gestippelde, lijm de grijze flapjes en voetjes
sheet-cut-finish = knip langs de doorgetrokken lijnen

## The changelog page of a reprint: plain text.

reprint-title = { $game }: herdruk voor revisie { $rev }
reprint-intro = Wijzigingen sinds de vorige druk (revisie { $rev }). De volgende vellen bevatten alleen wat afgedrukt moet worden.
reprint-component-added = Nieuw onderdeel { $component }: druk het helemaal af.
reprint-component-removed = Onderdeel { $component } is vervallen: leg het weg.
reprint-card-added = { $component } › { $card }: nieuwe kaart, druk er { $count } af.
reprint-card-removed = { $component } › { $card }: verwijderd, leg er { $count } weg.
reprint-card-changed = { $component } › { $card }: gewijzigd ({ $what }); druk ze allemaal opnieuw af ({ $count }), leg de oude weg.
reprint-faces-changed = de zijden zijn veranderd (sjabloon of gedeelde gegevens)
reprint-none = (leeg)
reprint-card-renamed = { $component } › { $card }: id { $from } → { $to }, dezelfde zijden.
reprint-count-up = { $component } › { $card }: aantal { $old } → { $new }, druk er { $n } extra af.
reprint-count-down = { $component } › { $card }: aantal { $old } → { $new }, leg er { $n } weg.
reprint-rules = Regels, ‘{ $section }’: { $how }{ $pages }.
reprint-section-new = nieuwe sectie
reprint-section-changed = tekst gewijzigd
reprint-section-removed = verwijderd
reprint-rules-page = ; staat nu op pagina { $page } van rules.pdf
reprint-rules-pages = ; staat nu op pagina's { $pages } van rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Bestanden
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } pagina)
       *[other] ({ $n } pagina's)
    }
index-layout = Indeling
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = Achterkanten verschoven ten opzichte van de voorkanten? { $kit } bevat een kalibratievel voor dubbelzijdig afdrukken (de afdrukinstructies noemen de pagina's). Druk het af op de printer waarvoor de kit bedoeld is, lees af waar het kruis van de voorkant op de schalen van de achterkant valt, vul de twee waarden in millimeters in { $file } in als { $key } (naar rechts en naar beneden is positief) en bouw de kit opnieuw. Het vel zelf vraagt spelers, die de kit niet opnieuw bouwen, om de achterkant te verschuiven in de instellingen van hun printer of om jou de waarden te sturen.
index-warning = Waarschuwing
index-components = Spelmateriaal
index-component = Onderdeel
index-kind = Soort
index-count = Aantal
index-unique-faces = Unieke zijden
index-file = Bestand
index-pages = Pagina's
index-manifest-check = Controle van het manifest
index-passed = geslaagd
index-failed = mislukt
index-entry = Item
index-declared = Opgegeven
index-produced = Gemaakt
index-rules = Regels
index-status = Status
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = afwijking
index-accepted = geaccepteerd
index-deck-stats = Stapelstatistieken
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = De kans om elke soort kaart bij de eerste trekkingen te zien, berekend uit de kaartaantallen in de gegevens ({ $file }).
index-deck-stats-chart = grafiek van de stapelstatistieken
index-faces = Zijden
index-bleed = afloop
index-trim = snijlijn
index-safe = veilige zone
index-pick = onderdeel
index-all = alle
index-find = kaart
index-find-hint = naam of waarde
index-click = klik op een zijde om de gegevens te zien
index-copies =
    { $n ->
        [one] ({ $n } exemplaar)
       *[other] ({ $n } exemplaren)
    }
index-more-faces =
    { $n ->
        [one] en nog { $n } zijde, hier niet getoond en niet doorzocht: zie de pdf.
       *[other] en nog { $n } zijden, hier niet getoond en niet doorzocht: zie de pdf.
    }
index-page = pagina { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] en nog { $n } pagina: open { $file }.
       *[other] en nog { $n } pagina's: open { $file }.
    }
# A face's side, under its picture.
index-side-front = voorkant
index-side-back = achterkant
index-side-top = bovenlaag
index-side-die = dobbelsteenvlak { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = vouwvel: enkelzijdig afdrukken, elk kaartvel op de stippellijn vouwen met de bedrukte kanten naar buiten, lijmen en door beide lagen snijden
index-layout-print-and-cut = afdrukken en snijden: snijd elk vel op de machine met zijn bestand in cut/ (bestanden: { $n })
index-made-with = Gemaakt met protopress.
