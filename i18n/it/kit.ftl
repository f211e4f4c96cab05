# protopress: the words a kit prints itself, in Italian.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.
#
# Choices: instructions use the infinitive throughout, as Italian manuals do. Terms:
# foglio (sheet), cartoncino (cardstock), segni di taglio (crop marks), fronte-retro
# (duplex), solo fronte (single-sided), foglio da piegare (gutter-fold), stampa e taglia
# (print-and-cut), plotter da taglio (cutting machine), strato superiore / strato di base
# (layers), linea tratteggiata (dashed line), finestre rigate (hatched windows).

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players =
    { $n ->
        [one] { $n } giocatore
       *[other] { $n } giocatori
    }
cover-minutes =
    { $n ->
        [one] { $n } minuto
       *[other] { $n } minuti
    }
cover-ages = età { $n }+

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Kit print and play
kit-rulebook = Regolamento
kit-edition = { $what } · revisione { $rev }
kit-date = { $d } { $month } { $year }
kit-made-with = Realizzato con protopress
kit-contents = Indice
kit-blank = Questa pagina è stata lasciata intenzionalmente bianca.

## Month names, for dates written by `kit-date`.

date-month-1 = gennaio
date-month-2 = febbraio
date-month-3 = marzo
date-month-4 = aprile
date-month-5 = maggio
date-month-6 = giugno
date-month-7 = luglio
date-month-8 = agosto
date-month-9 = settembre
date-month-10 = ottobre
date-month-11 = novembre
date-month-12 = dicembre

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = Come stampare questo kit
guide-duplex-job = L'intero PDF si stampa come *un unico lavoro fronte-retro* ({ $flip }), al *100% (dimensioni reali)*: il fronte di ogni carta si trova su una pagina dispari e il suo retro sulla pagina successiva, e ogni foglio solo fronte è seguito da una pagina con la dicitura _lasciata intenzionalmente bianca_, così sul suo retro non viene stampato nulla.
guide-gutter-fold-job = L'intero PDF si stampa come *un unico lavoro solo fronte*, al *100% (dimensioni reali)*: non serve una stampante fronte-retro. I fogli delle carte sono *da piegare*: piegare ciascuno lungo la sua linea tratteggiata con i lati stampati verso l'esterno, incollare tra loro i lati bianchi, poi tagliare insieme le due metà lungo i segni di taglio.
guide-print-and-cut-job = L'intero PDF si stampa come *un unico lavoro solo fronte*, al *100% (dimensioni reali)*. I fogli riportano i segni di registro di un plotter da taglio { $cutter }: aprire nel software del plotter il file di ciascun foglio, che si trova nella cartella `cut/` fornita con questo kit, lasciargli leggere i segni e tagliare.
guide-parts = Per stampare solo una parte, sceglierne le pagine nella tabella qui sotto. Ogni foglio riporta un righello: misurarlo prima di tagliare.
guide-sheets-duplex = Il kit richiede fogli { $paper } stampati fronte-retro: *{ $total } in tutto*, di cui { $plain } di carta comune e { $card } di cartoncino.
guide-sheets-single = Il kit richiede fogli { $paper } stampati solo fronte: *{ $total } in tutto*, di cui { $plain } di carta comune e { $card } di cartoncino.
guide-heads-pages = Pagine
guide-heads-what = Cosa
guide-heads-paper = Carta
guide-heads-print = Stampa
guide-heads-then = Poi
guide-long-edge = fronte-retro, capovolgere sul lato lungo
guide-short-edge = fronte-retro, capovolgere sul lato corto
guide-rules-and-components = Regole e componenti
guide-plain = carta comune
guide-cardstock = cartoncino
guide-duplex-or-single = fronte-retro o solo fronte
guide-single = solo fronte
guide-single-blank-backs = solo fronte (retro bianchi)
guide-keep = Conservare come regolamento.
guide-calibrate = Guardare il foglio controluce e leggere dove cade la croce; il retro spiega cosa fare se è spostata.
guide-parts-to-buy = Pezzi da acquistare
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies =
    { $n ->
        [one] *{ $n } copia*
        [many] *{ $n } copie*
       *[other] *{ $n } copie*
    }
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $kind ->
        [cards] { $count ->
            [one] { $count } carta
            [many] { $count } carte
           *[other] { $count } carte
        }
        [tokens] { $count ->
            [one] { $count } segnalino
            [many] { $count } segnalini
           *[other] { $count } segnalini
        }
        [dashboard] { $count ->
            [one] { $count } plancia giocatore
            [many] { $count } plance giocatore
           *[other] { $count } plance giocatore
        }
        [board] { $count ->
            [one] { $count } tabellone
            [many] { $count } tabelloni
           *[other] { $count } tabelloni
        }
        [die] { $count ->
            [one] { $count } dado
            [many] { $count } dadi
           *[other] { $count } dadi
        }
        [standee] { $count ->
            [one] { $count } sagoma
            [many] { $count } sagome
           *[other] { $count } sagome
        }
        [bought] { $count ->
            [one] { $count } pezzo da acquistare
            [many] { $count } pezzi da acquistare
           *[other] { $count } pezzi da acquistare
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Tagliare lungo i segni di taglio.
finishing-outlines = Ritagliare lungo i contorni.
finishing-layered-dashboard = Ritagliare le finestre rigate di ogni strato superiore, incollarlo sul suo strato di base, tagliare lungo i segni di taglio.
finishing-tiled-board = Tagliare ogni sezione lungo i suoi segni di taglio, sovrapporla alla striscia tratteggiata della sezione vicina, croce su croce, e incollare.
finishing-die = Tagliare le linee continue, piegare quelle tratteggiate, incollare all'interno le linguette grigie.
finishing-standee = Ritagliare, piegare lungo le linee tratteggiate, piegare le basi grigie verso l'esterno.
finishing-other = Conservare per consultazione.
finishing-gutter-fold = Piegare lungo la linea tratteggiata, lati stampati verso l'esterno; incollare i lati bianchi; tagliare insieme le due metà lungo i segni di taglio.
finishing-print-and-cut = Tagliare ogni foglio con il plotter da taglio usando il suo file in `cut/` (indicato nel margine del foglio).
finishing-print-and-cut-fold = Tagliare ogni foglio con il plotter da taglio usando il suo file in `cut/` (indicato nel margine del foglio); piegare le linee cordonate.
finishing-print-and-cut-layered = Tagliare ogni foglio con il plotter da taglio usando il suo file in `cut/` (indicato nel margine del foglio), finestre comprese; incollare ogni strato superiore sul suo strato di base.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Componenti
checklist-intro = Contare i pezzi una volta ritagliati e spuntare ogni riga. Le pagine sono quelle di questo PDF; stampare i fogli al 100% (dimensioni reali), fronte-retro dove un foglio ha il retro.
checklist-heads-piece = Un pezzo
checklist-heads-component = Componente
checklist-heads-count = Quantità
checklist-page = pagina
checklist-pages = pagine
checklist-buy-title = Pezzi da acquistare
checklist-buy-intro = Non stampati. Acquistarli, oppure usare il sostituto stampato indicato accanto a ciascuno.
checklist-buy-heads-part = Pezzo
checklist-buy-heads-count = Quantità
checklist-buy-heads-stand-in = Sostituto stampato

## Component kinds, as the checklist names one piece.

kind-cards = carta
kind-tokens = segnalino
kind-dashboard = plancia giocatore
kind-board = tabellone
kind-die = dado
kind-standee = sagoma
kind-bought = pezzo da acquistare

## The duplex calibration sheet (Typst markup).

calibration-title = Calibrazione fronte-retro
calibration-front = Stampare questa pagina e la successiva su un solo foglio di carta comune, fronte-retro, con le stesse impostazioni di stampa dei fogli delle carte. Tenere il foglio contro una finestra o una lampada, con il *lato delle scale* rivolto verso di sé, e leggere dove traspare questa croce.
calibration-back-title = Calibrazione fronte-retro: il retro
calibration-back = Dove cade il centro della croce del fronte su queste scale? Su 0, 0 ogni retro cade esattamente dietro il suo fronte: stampare i fogli delle carte così come sono. Uno scarto di un millimetro si nota appena. Se lo scarto è maggiore, annotare le due letture in millimetri (*x* verso destra, *y* verso il basso), poi spostare il retro di quei valori, nella direzione in cui cadeva la croce, nelle impostazioni della stampante (spesso chiamate spostamento immagine o margine del retro), e ristampare questo foglio per verificare. Mantenere l'impostazione per i fogli delle carte.

## The credits (Typst markup).

credits-title = Crediti
credits-fonts = Caratteri.
credits-icons = Icone.
credits-tool = *Composizione e imposizione* con protopress.
credits-and = e
credits-own-font = { $family }, il carattere proprio del gioco, secondo la licenza dei suoi autori
credits-no-icon-credits = Icone disegnate o scelte dall'autore del gioco.
credits-icons-used = Icone usate in questo gioco: { $icons }.
credits-builtin-icons = Icone di game-icons.net disegnate da Lorc, Delapouite e dagli altri autori di game-icons.net (game-icons.net/about.html li elenca tutti), con licenza Creative Commons Attribuzione 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. e il gruppo dei caratteri DejaVu
credits-dejavu-licence = licenza dei caratteri Bitstream Vera (modifiche di DejaVu di pubblico dominio)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · foglio { $n } di { $of }
sheet-fronts = fronti
sheet-single-sided = solo fronte
sheet-base-layer = strato di base
sheet-base-layer-single-sided = strato di base, solo fronte
sheet-backs = retro ({ $flip })
sheet-flip-long = capovolgere sul lato lungo
sheet-flip-short = capovolgere sul lato corto
sheet-top-layer = strato superiore, solo fronte: ritagliare le finestre rigate
sheet-gutter-fold = foglio da piegare, solo fronte: piegare lungo la linea tratteggiata con i lati stampati verso l'esterno, incollare tra loro i lati bianchi, poi tagliare insieme le due metà
sheet-tile = sezione alla riga { $row }, colonna { $col } ({ $cols } × { $rows }: colonne × righe)
sheet-tile-glue = incollare sopra le strisce tratteggiate, croce su croce
sheet-revision = rev. { $rev }
sheet-ruler = Stampare al 100% (dimensioni reali): questa barra deve misurare { $length }.
sheet-blank = Questa pagina è stata lasciata intenzionalmente bianca.
sheet-cut-out = RITAGLIARE
sheet-fold-hint = PIEGARE con i lati stampati all'esterno · INCOLLARE i lati bianchi
sheet-cut-sheet = { $game } · foglio di taglio { $n } di { $of }
sheet-shared-sheet = { $game } · foglio condiviso { $n } di { $of }
sheet-print-and-cut = stampa e taglia ({ $machine }): { $how }, caricare cut/{ $stem }.svg
sheet-duplex-cut-from-front = fronte-retro, tagliare dal fronte
sheet-shared-finish = tagliare le linee continue, piegare quelle tratteggiate, incollare le linguette e le basi grigie
sheet-cut-finish = tagliare lungo le linee continue

## The changelog page of a reprint: plain text.

reprint-title = { $game }: ristampa per la revisione { $rev }
reprint-intro = Modifiche dall'ultima stampa (revisione { $rev }). I fogli che seguono contengono solo ciò che va stampato.
reprint-component-added = Nuovo componente { $component }: stamparlo per intero.
reprint-component-removed = Il componente { $component } non c'è più: metterlo da parte.
reprint-card-added = { $component } › { $card }: nuova carta, stamparne { $count }.
reprint-card-removed = { $component } › { $card }: rimossa, scartarne { $count }.
reprint-card-changed = { $component } › { $card }: modificata ({ $what }); ristamparle tutte ({ $count }), scartare le vecchie.
reprint-faces-changed = le sue facce sono cambiate (modello o dati condivisi)
reprint-none = (vuoto)
reprint-card-renamed = { $component } › { $card }: id { $from } → { $to }, stesse facce.
reprint-count-up = { $component } › { $card }: quantità { $old } → { $new }, stamparne altre { $n }.
reprint-count-down = { $component } › { $card }: quantità { $old } → { $new }, scartarne { $n }.
reprint-rules = Regole, «{ $section }»: { $how }{ $pages }.
reprint-section-new = nuova sezione
reprint-section-changed = testo modificato
reprint-section-removed = rimossa
reprint-rules-page = ; ora è a pagina { $page } di rules.pdf
reprint-rules-pages = ; ora è alle pagine { $pages } di rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = File
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } pagina)
        [many] ({ $n } pagine)
       *[other] ({ $n } pagine)
    }
index-layout = Impaginazione
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = Retro non allineati ai fronti? { $kit } contiene un foglio di calibrazione fronte-retro (la sua guida di stampa ne indica le pagine). Stamparlo con la stampante a cui è destinato il kit, leggere dove cade la croce del fronte sulle scale del retro, scrivere le due letture in millimetri in { $file } come { $key } (verso destra e verso il basso sono positive) e rigenerare il kit. Il foglio stesso invita i giocatori, che non rigenerano il kit, a spostare il retro nelle impostazioni della stampante o a inviare le letture all'autore del gioco.
index-warning = Avviso
index-components = Componenti
index-component = Componente
index-kind = Tipo
index-count = Quantità
index-unique-faces = Facce distinte
index-file = File
index-pages = Pagine
index-manifest-check = Verifica del manifest
index-passed = superata
index-failed = non superata
index-entry = Voce
index-declared = Dichiarato
index-produced = Generato
index-rules = Regole
index-status = Stato
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = discrepanza
index-accepted = accettato
index-deck-stats = Statistiche del mazzo
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = La probabilità di vedere ciascun tipo di carta nelle prime pescate, calcolata dalle quantità di carte indicate nei dati ({ $file }).
index-deck-stats-chart = grafico delle statistiche del mazzo
index-faces = Facce
index-bleed = abbondanza
index-trim = linea di taglio
index-safe = area di sicurezza
index-pick = componente
index-all = tutti
index-find = carta
index-find-hint = nome o valore
index-click = fare clic su una faccia per vederne i dati
index-copies =
    { $n ->
        [one] ({ $n } copia)
        [many] ({ $n } copie)
       *[other] ({ $n } copie)
    }
index-more-faces =
    { $n ->
        [one] e { $n } faccia in più, non elencata né inclusa nella ricerca: vedere il PDF.
        [many] e { $n } facce in più, non elencate né incluse nella ricerca: vedere il PDF.
       *[other] e { $n } facce in più, non elencate né incluse nella ricerca: vedere il PDF.
    }
index-page = pagina { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] e { $n } pagina in più: aprire { $file }.
        [many] e { $n } pagine in più: aprire { $file }.
       *[other] e { $n } pagine in più: aprire { $file }.
    }
# A face's side, under its picture.
index-side-front = fronte
index-side-back = retro
index-side-top = strato superiore
index-side-die = faccia del dado { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = foglio da piegare: stampare solo fronte, piegare ogni foglio di carte lungo la linea tratteggiata con i lati stampati all’esterno, incollare e tagliare attraverso entrambi gli strati
index-layout-print-and-cut = stampa e taglia: tagliare ogni foglio con il plotter usando il suo file in cut/ (file: { $n })
index-made-with = Realizzato con protopress.
