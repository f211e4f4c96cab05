# protopress: the words a kit prints itself, in German.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players = { $n } Spieler
cover-minutes =
    { $n ->
        [one] { $n } Minute
       *[other] { $n } Minuten
    }
cover-ages = ab { $n } Jahren

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Print-and-Play-Kit
kit-rulebook = Regelheft
kit-edition = { $what } · Fassung { $rev }
kit-date = { $d }. { $month } { $year }
kit-made-with = Gemacht mit protopress
kit-contents = Inhalt
kit-blank = Diese Seite bleibt absichtlich leer.

## Month names, for dates written by `kit-date`.

date-month-1 = Januar
date-month-2 = Februar
date-month-3 = März
date-month-4 = April
date-month-5 = Mai
date-month-6 = Juni
date-month-7 = Juli
date-month-8 = August
date-month-9 = September
date-month-10 = Oktober
date-month-11 = November
date-month-12 = Dezember

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = So druckt ihr dieses Kit
guide-duplex-job = Das ganze PDF wird als *ein beidseitiger Druckauftrag* ({ $flip }) gedruckt, in *100~% (Originalgröße)*: Jede Kartenvorderseite steht auf einer ungeraden Seite und ihre Rückseite auf der nächsten. Auf einseitige Bögen folgt eine Seite mit dem Vermerk _absichtlich leer_, damit nichts auf ihre Rückseite gedruckt wird.
guide-gutter-fold-job = Das ganze PDF wird als *ein einseitiger Druckauftrag* gedruckt, in *100~% (Originalgröße)*: Ein Duplexdrucker ist nicht nötig. Die Kartenbögen werden *gefaltet*: Knickt jeden Bogen an seiner gestrichelten Linie, die bedruckten Seiten nach außen, klebt die leeren Seiten zusammen und schneidet dann an den Schnittmarken durch beide Lagen.
guide-print-and-cut-job = Das ganze PDF wird als *ein einseitiger Druckauftrag* gedruckt, in *100~% (Originalgröße)*. Die Bögen tragen die Passermarken eines Schneideplotters ({ $cutter }): Öffnet die Datei jedes Bogens aus dem Ordner `cut/`, der zu diesem Kit gehört, in der Software der Maschine, lasst sie die Marken lesen und schneidet.
guide-parts = Wollt ihr nur einen Teil drucken, wählt unten seine Seiten. Jeder Bogen trägt ein Lineal: Messt es nach, bevor ihr schneidet.
guide-sheets-duplex = Das Kit braucht *{ $total } Bogen { $paper }*, beidseitig bedruckt: { $plain } Normalpapier, { $card } Karton.
guide-sheets-single = Das Kit braucht *{ $total } Bogen { $paper }*, einseitig bedruckt: { $plain } Normalpapier, { $card } Karton.
guide-heads-pages = Seiten
guide-heads-what = Was
guide-heads-paper = Papier
guide-heads-print = Druck
guide-heads-then = Danach
guide-long-edge = beidseitig, lange Kante
guide-short-edge = beidseitig, kurze Kante
guide-rules-and-components = Regeln und Spielmaterial
guide-plain = Normalpapier
guide-cardstock = Karton
guide-duplex-or-single = beidseitig oder einseitig
guide-single = einseitig
guide-single-blank-backs = einseitig (leere Rückseiten)
guide-keep = Als Regelheft aufbewahren.
guide-calibrate = Gegen das Licht halten und ablesen, wo das Kreuz liegt; seine Rückseite sagt, was zu tun ist, wenn es danebenliegt.
guide-parts-to-buy = Teile zum Kaufen
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies = *{ $n }-mal drucken*
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $count }× { $kind ->
        [cards] Karte
        [tokens] Marker
        [dashboard] Tableau
        [board] Spielplan
        [die] Würfel
        [standee] Aufsteller
        [bought] Kaufteil
       *[other] { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = An den Schnittmarken schneiden.
finishing-outlines = An den Umrissen ausschneiden.
finishing-layered-dashboard = Die schraffierten Fenster jeder oberen Lage ausschneiden, die Lage auf ihren Unterbogen kleben, an den Schnittmarken schneiden.
finishing-tiled-board = Jedes Teilstück an seinen Schnittmarken schneiden, über den gestrichelten Streifen seines Nachbarn legen, Kreuz auf Kreuz, kleben.
finishing-die = Die durchgezogenen Linien schneiden, die gestrichelten falten, die grauen Laschen innen festkleben.
finishing-standee = Ausschneiden, an den gestrichelten Linien falten, die grauen Füße nach außen knicken.
finishing-other = Zum Nachschlagen aufbewahren.
finishing-gutter-fold = An der gestrichelten Linie falten, bedruckte Seiten nach außen; die leeren Seiten zusammenkleben; an den Schnittmarken durch beide Lagen schneiden.
finishing-print-and-cut = Jeden Bogen mit seiner Datei aus `cut/` auf dem Schneideplotter schneiden (das Bogenetikett nennt sie).
finishing-print-and-cut-fold = Jeden Bogen mit seiner Datei aus `cut/` auf dem Schneideplotter schneiden (das Bogenetikett nennt sie); die gerillten Linien falten.
finishing-print-and-cut-layered = Jeden Bogen mit seiner Datei aus `cut/` auf dem Schneideplotter schneiden (das Bogenetikett nennt sie), samt Fenstern; jede obere Lage auf ihren Unterbogen kleben.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Spielmaterial
checklist-intro = Zählt die Teile, sobald sie ausgeschnitten sind, und hakt jede Zeile ab. Die Seitenzahlen beziehen sich auf dieses PDF; druckt die Bögen in 100~% (Originalgröße), beidseitig, wo ein Bogen Rückseiten hat.
checklist-heads-piece = Ein Teil
checklist-heads-component = Bestandteil
checklist-heads-count = Anzahl
checklist-page = Seite
checklist-pages = Seiten
checklist-buy-title = Teile zum Kaufen
checklist-buy-intro = Nicht gedruckt. Kauft sie oder nehmt den gedruckten Ersatz, der daneben steht.
checklist-buy-heads-part = Teil
checklist-buy-heads-count = Anzahl
checklist-buy-heads-stand-in = Gedruckter Ersatz

## Component kinds, as the checklist names one piece.

kind-cards = Karte
kind-tokens = Marker
kind-dashboard = Tableau
kind-board = Spielplan
kind-die = Würfel
kind-standee = Aufsteller
kind-bought = Kaufteil

## The duplex calibration sheet (Typst markup).

calibration-title = Duplex-Kalibrierung
calibration-front = Druckt diese und die nächste Seite beidseitig auf ein Blatt Normalpapier, mit denselben Druckereinstellungen wie eure Kartenbögen. Haltet das Blatt gegen ein Fenster oder eine Lampe, die *Seite mit den Skalen* zu euch, und lest ab, wo dieses Kreuz durchscheint.
calibration-back-title = Duplex-Kalibrierung: die Rückseite
calibration-back = Wo fällt die Mitte des Kreuzes von der Vorderseite auf diese Skalen? Auf 0, 0 liegt jede Rückseite genau hinter ihrer Vorderseite: Druckt die Kartenbögen so, wie sie sind. Ein Millimeter Versatz fällt kaum auf. Liegt es weiter daneben, notiert die beiden Werte in Millimetern (*x* nach rechts, *y* nach unten) und verschiebt dann die Rückseite um diese Werte dorthin, wo das Kreuz lag, in den Einstellungen eures Druckers (oft Bildverschiebung oder Rand der Rückseite genannt); druckt diesen Bogen zur Probe noch einmal und behaltet die Einstellung für die Kartenbögen bei.

## The credits (Typst markup).

credits-title = Nachweise
credits-fonts = Schriften.
credits-icons = Symbole.
credits-tool = *Gesetzt und ausgeschossen* mit protopress.
credits-and = und
credits-own-font = { $family }, die eigene Schrift des Spiels, unter der Lizenz ihrer Urheber
credits-no-icon-credits = Symbole, gezeichnet oder ausgewählt von den Machern des Spiels.
credits-icons-used = Dieses Spiel verwendet daraus { $icons }.
credits-builtin-icons = Symbole von game-icons.net, gezeichnet von Lorc, Delapouite und den anderen Mitwirkenden von game-icons.net (game-icons.net/about.html nennt sie alle), lizenziert unter Creative Commons Namensnennung 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. und das Team der DejaVu-Schriften
credits-dejavu-licence = Lizenz der Bitstream-Vera-Schriften (die Änderungen von DejaVu sind gemeinfrei)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · Bogen { $n } von { $of }
sheet-fronts = Vorderseiten
sheet-single-sided = einseitig
sheet-base-layer = Grundschicht
sheet-base-layer-single-sided = Grundschicht, einseitig
sheet-backs = Rückseiten ({ $flip })
sheet-flip-long = an der langen Kante wenden
sheet-flip-short = an der kurzen Kante wenden
sheet-top-layer = obere Schicht, einseitig: die schraffierten Fenster ausschneiden
sheet-gutter-fold = Falzbogen, einseitig: an der gestrichelten Linie falten, bedruckte Seiten nach außen, die leeren Seiten zusammenkleben, dann durch beide schneiden
sheet-tile = Teil in Reihe { $row }, Spalte { $col } ({ $cols } × { $rows }: Spalten × Reihen)
sheet-tile-glue = über die gestrichelten Streifen kleben, Kreuz auf Kreuz
sheet-revision = Rev. { $rev }
sheet-ruler = Mit 100 % (Originalgröße) drucken: dieser Balken muss { $length } messen.
sheet-blank = Diese Seite bleibt absichtlich leer.
sheet-cut-out = AUSSCHNEIDEN
sheet-fold-hint = Bedruckte Seiten nach außen FALTEN · leere Seiten KLEBEN
sheet-cut-sheet = { $game } · Schneidebogen { $n } von { $of }
sheet-shared-sheet = { $game } · Sammelbogen { $n } von { $of }
sheet-print-and-cut = Drucken und Schneiden ({ $machine }): { $how }, cut/{ $stem }.svg laden
sheet-duplex-cut-from-front = beidseitig, von vorn geschnitten
sheet-shared-finish = an den durchgezogenen Linien schneiden, an den gestrichelten falten, die grauen Laschen und Sockel kleben
sheet-cut-finish = an den durchgezogenen Linien schneiden

## The changelog page of a reprint: plain text.

reprint-title = { $game }: Nachdruck für Revision { $rev }
reprint-intro = Änderungen seit dem letzten Druck (Revision { $rev }). Die folgenden Bögen enthalten nur, was zu drucken ist.
reprint-component-added = Neue Komponente { $component }: ganz drucken.
reprint-component-removed = Komponente { $component } entfällt: aussortieren.
reprint-card-added = { $component } › { $card }: neue Karte, { $count } drucken.
reprint-card-removed = { $component } › { $card }: entfernt, { $count } aussortieren.
reprint-card-changed = { $component } › { $card }: geändert ({ $what }); alle { $count } neu drucken, die alten aussortieren.
reprint-faces-changed = ihre Seiten haben sich geändert (Vorlage oder gemeinsame Daten)
reprint-none = (leer)
reprint-card-renamed = { $component } › { $card }: ID { $from } -> { $to }, dieselben Seiten.
reprint-count-up = { $component } › { $card }: Anzahl { $old } -> { $new }, { $n } weitere drucken.
reprint-count-down = { $component } › { $card }: Anzahl { $old } -> { $new }, { $n } aussortieren.
reprint-rules = Regeln, „{ $section }“: { $how }{ $pages }.
reprint-section-new = neuer Abschnitt
reprint-section-changed = Text geändert
reprint-section-removed = entfernt
reprint-rules-page = ; jetzt auf Seite { $page } von rules.pdf
reprint-rules-pages = ; jetzt auf den Seiten { $pages } von rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Dateien
index-file-pages =
    { $n ->
        [one] ({ $n } Seite)
       *[other] ({ $n } Seiten)
    }
index-layout = Anordnung
index-calibration = Rückseiten verrutscht? { $kit } enthält einen Bogen zur Duplex-Kalibrierung (die Druckanleitung nennt seine Seiten). Druckt ihn auf dem Drucker, für den das Kit gedacht ist, lest ab, wo das Kreuz der Vorderseite auf die Skalen der Rückseite fällt, tragt die beiden Werte in Millimetern in { $file } als { $key } ein (rechts und unten sind positiv) und baut neu. Der Bogen selbst sagt Spielern, die nicht neu bauen, wie sie die Rückseite in den Druckereinstellungen verschieben oder euch die Werte schicken.
index-warning = Warnung
index-components = Bestandteile
index-component = Bestandteil
index-kind = Art
index-count = Anzahl
index-unique-faces = Verschiedene Seiten
index-file = Datei
index-pages = Seiten
index-manifest-check = Abgleich mit dem Manifest
index-passed = bestanden
index-failed = nicht bestanden
index-entry = Eintrag
index-declared = Angegeben
index-produced = Erzeugt
index-rules = Regeln
index-status = Ergebnis
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = Abweichung
index-accepted = akzeptiert
index-deck-stats = Stapelstatistik
index-deck-stats-intro = Die Wahrscheinlichkeit, jede Kartenart in den ersten Zügen zu sehen, aus den Kartenzahlen der Daten ({ $file }).
index-deck-stats-chart = Diagramm der Stapelstatistik
index-faces = Kartenseiten
index-bleed = Beschnitt
index-trim = Schnittlinie
index-safe = Sicherheitsbereich
index-pick = Bestandteil
index-all = alle
index-find = Karte
index-find-hint = Name oder Wert
index-click = Klickt auf eine Seite, um ihre Daten zu sehen
index-copies =
    { $n ->
        [one] ({ $n } Exemplar)
       *[other] ({ $n } Exemplare)
    }
index-more-faces =
    { $n ->
        [one] und { $n } weitere Seite, hier weder gezeigt noch durchsucht: siehe das PDF.
       *[other] und { $n } weitere Seiten, hier weder gezeigt noch durchsucht: siehe das PDF.
    }
index-page = Seite { $n }
index-more-pages =
    { $n ->
        [one] und { $n } weitere Seite: öffnet { $file }.
       *[other] und { $n } weitere Seiten: öffnet { $file }.
    }
# A face's side, under its picture.
index-side-front = Vorderseite
index-side-back = Rückseite
index-side-top = obere Lage
index-side-die = Würfelseite { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = Falzbogen: einseitig drucken, jeden Kartenbogen an der gestrichelten Linie falten, bedruckte Seiten nach außen, kleben, durch beide Lagen schneiden
index-layout-print-and-cut = Drucken und Schneiden: jeden Bogen auf der Maschine mit seiner Datei aus cut/ schneiden (Dateien: { $n })
index-made-with = Gemacht mit protopress.
