# protopress: the words a kit prints itself, in French.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.
#
# Choices: the builders are addressed as "vous" (imperative) in sentences; the labels in
# the sheets' margins use the infinitive. Terms: feuille (sheet), papier cartonné
# (cardstock), traits de coupe (crop marks), recto verso (duplex), recto seul
# (single-sided), feuille à plier (gutter-fold), impression et découpe (print-and-cut),
# machine de découpe (cutting machine), couche supérieure / couche de base (layers).

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players =
    { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }
cover-minutes =
    { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
cover-ages = dès { $n } ans

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Kit à imprimer
kit-rulebook = Livret de règles
kit-edition = { $what } · révision { $rev }
kit-date = { $d } { $month } { $year }
kit-made-with = Réalisé avec protopress
kit-contents = Sommaire
kit-blank = Cette page est volontairement laissée blanche.

## Month names, for dates written by `kit-date`.

date-month-1 = janvier
date-month-2 = février
date-month-3 = mars
date-month-4 = avril
date-month-5 = mai
date-month-6 = juin
date-month-7 = juillet
date-month-8 = août
date-month-9 = septembre
date-month-10 = octobre
date-month-11 = novembre
date-month-12 = décembre

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = Comment imprimer ce kit
guide-duplex-job = Le PDF entier s'imprime en *une seule tâche recto verso* ({ $flip }), à *100~% (taille réelle)*~: chaque recto de carte se trouve sur une page impaire et son verso sur la page suivante, et chaque feuille imprimée en recto seul est suivie d'une page marquée _volontairement laissée blanche_, pour que rien ne s'imprime au dos.
guide-gutter-fold-job = Le PDF entier s'imprime en *une seule tâche en recto seul*, à *100~% (taille réelle)*~: nul besoin d'une imprimante recto verso. Les feuilles de cartes sont *à plier*~: pliez chacune sur sa ligne pointillée, faces imprimées à l'extérieur, collez les faces blanches l'une contre l'autre, puis découpez les deux épaisseurs ensemble en suivant les traits de coupe.
guide-print-and-cut-job = Le PDF entier s'imprime en *une seule tâche en recto seul*, à *100~% (taille réelle)*. Les feuilles portent les repères d'alignement d'une machine de découpe { $cutter }~: ouvrez le fichier de chaque feuille, pris dans le dossier `cut/` fourni avec ce kit, dans le logiciel de la machine, laissez-la lire les repères, puis lancez la découpe.
guide-parts = Pour imprimer une partie seule, choisissez ses pages ci-dessous. Chaque feuille porte une règle~: mesurez-la avant de découper.
guide-sheets-duplex = Ce kit demande des feuilles { $paper } imprimées recto verso~: *{ $total } au total*, dont { $plain } en papier ordinaire et { $card } en papier cartonné.
guide-sheets-single = Ce kit demande des feuilles { $paper } imprimées en recto seul~: *{ $total } au total*, dont { $plain } en papier ordinaire et { $card } en papier cartonné.
guide-heads-pages = Pages
guide-heads-what = Contenu
guide-heads-paper = Papier
guide-heads-print = Impression
guide-heads-then = Ensuite
guide-long-edge = recto verso, retournement sur le bord long
guide-short-edge = recto verso, retournement sur le bord court
guide-rules-and-components = Règles et matériel
guide-plain = papier ordinaire
guide-cardstock = papier cartonné
guide-duplex-or-single = recto verso ou recto seul
guide-single = recto seul
guide-single-blank-backs = recto seul (versos blancs)
guide-keep = À conserver comme livret de règles.
guide-calibrate = Tenez la feuille à contre-jour et lisez où tombe la croix~; son verso explique quoi faire en cas de décalage.
guide-parts-to-buy = Pièces à acheter
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies =
    { $n ->
        [one] *{ $n } exemplaire*
        [many] *{ $n } exemplaires*
       *[other] *{ $n } exemplaires*
    }
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $kind ->
        [cards] { $count ->
            [one] { $count } carte
            [many] { $count } cartes
           *[other] { $count } cartes
        }
        [tokens] { $count ->
            [one] { $count } jeton
            [many] { $count } jetons
           *[other] { $count } jetons
        }
        [dashboard] { $count ->
            [one] { $count } plateau individuel
            [many] { $count } plateaux individuels
           *[other] { $count } plateaux individuels
        }
        [board] { $count ->
            [one] { $count } plateau de jeu
            [many] { $count } plateaux de jeu
           *[other] { $count } plateaux de jeu
        }
        [die] { $count ->
            [one] { $count } dé
            [many] { $count } dés
           *[other] { $count } dés
        }
        [standee] { $count ->
            [one] { $count } figurine en carton
            [many] { $count } figurines en carton
           *[other] { $count } figurines en carton
        }
        [bought] { $count ->
            [one] { $count } pièce à acheter
            [many] { $count } pièces à acheter
           *[other] { $count } pièces à acheter
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Découpez en suivant les traits de coupe.
finishing-outlines = Découpez en suivant les contours.
finishing-layered-dashboard = Évidez les fenêtres hachurées de chaque couche supérieure, collez-la sur sa couche de base, puis découpez en suivant les traits de coupe.
finishing-tiled-board = Découpez chaque morceau à ses traits de coupe, posez-le sur la bande pointillée de son voisin, croix sur croix, et collez.
finishing-die = Découpez les traits pleins, pliez les pointillés, collez les languettes grises à l'intérieur.
finishing-standee = Découpez, pliez sur les pointillés, repliez les socles gris vers l'extérieur.
finishing-other = À conserver pour s'y reporter.
finishing-gutter-fold = Pliez sur la ligne pointillée, faces imprimées à l'extérieur~; collez les faces blanches~; découpez les deux épaisseurs ensemble en suivant les traits de coupe.
finishing-print-and-cut = Découpez chaque feuille à la machine de découpe avec son fichier du dossier `cut/` (indiqué dans la marge de la feuille).
finishing-print-and-cut-fold = Découpez chaque feuille à la machine de découpe avec son fichier du dossier `cut/` (indiqué dans la marge de la feuille)~; pliez les lignes rainées.
finishing-print-and-cut-layered = Découpez chaque feuille à la machine de découpe avec son fichier du dossier `cut/` (indiqué dans la marge de la feuille), fenêtres comprises~; collez chaque couche supérieure sur sa couche de base.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Matériel
checklist-intro = Comptez les pièces une fois découpées et cochez chaque ligne. Les pages sont celles de ce PDF~; imprimez les feuilles à 100~% (taille réelle), en recto verso quand une feuille a des versos.
checklist-heads-piece = Une pièce
checklist-heads-component = Élément
checklist-heads-count = Nombre
checklist-page = page
checklist-pages = pages
checklist-buy-title = Pièces à acheter
checklist-buy-intro = Non imprimées. Achetez-les, ou utilisez le substitut imprimé indiqué à côté de chacune.
checklist-buy-heads-part = Pièce
checklist-buy-heads-count = Nombre
checklist-buy-heads-stand-in = Substitut imprimé

## Component kinds, as the checklist names one piece.

kind-cards = carte
kind-tokens = jeton
kind-dashboard = plateau individuel
kind-board = plateau de jeu
kind-die = dé
kind-standee = figurine en carton
kind-bought = pièce à acheter

## The duplex calibration sheet (Typst markup).

calibration-title = Calibrage recto verso
calibration-front = Imprimez cette page et la suivante sur une seule feuille de papier ordinaire, en recto verso, avec les mêmes réglages d'imprimante que vos feuilles de cartes. Tenez la feuille contre une fenêtre ou une lampe, *côté échelles* vers vous, et lisez où cette croix apparaît par transparence.
calibration-back-title = Calibrage recto verso~: le verso
calibration-back = Où le centre de la croix du recto tombe-t-il sur ces échelles~? À 0, 0, chaque verso tombe pile derrière son recto~: imprimez les feuilles de cartes telles quelles. Un millimètre d'écart se voit à peine. Au-delà, notez les deux valeurs en millimètres (*x* vers la droite, *y* vers le bas), puis, dans les réglages de votre imprimante (souvent appelés décalage de l'image ou marge du verso), décalez le verso d'autant, du côté où tombait la croix, et réimprimez cette feuille pour vérifier. Gardez ce réglage pour les feuilles de cartes.

## The credits (Typst markup).

credits-title = Crédits
credits-fonts = Polices.
credits-icons = Icônes.
credits-tool = *Composé et imposé* avec protopress.
credits-and = et
credits-own-font = { $family }, la police propre au jeu, sous la licence de ses créateurs
credits-no-icon-credits = Icônes dessinées ou choisies par l'auteur du jeu.
credits-icons-used = Icônes utilisées par ce jeu : { $icons }.
credits-builtin-icons = Icônes de game-icons.net par Lorc, Delapouite et les autres contributeurs de game-icons.net (game-icons.net/about.html les nomme tous), sous licence Creative Commons Attribution 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. et l’équipe des polices DejaVu
credits-dejavu-licence = licence des polices Bitstream Vera (modifications de DejaVu dans le domaine public)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · feuille { $n } sur { $of }
sheet-fronts = rectos
sheet-single-sided = recto seul
sheet-base-layer = couche de base
sheet-base-layer-single-sided = couche de base, recto seul
sheet-backs = versos ({ $flip })
sheet-flip-long = retourner sur le bord long
sheet-flip-short = retourner sur le bord court
sheet-top-layer = couche supérieure, recto seul : évider les fenêtres hachurées
sheet-gutter-fold = feuille à plier, recto seul : plier sur la ligne pointillée, faces imprimées à l'extérieur, coller les faces blanches l'une contre l'autre, puis découper les deux épaisseurs ensemble
sheet-tile = morceau ligne { $row }, colonne { $col } ({ $cols } × { $rows } : colonnes × lignes)
sheet-tile-glue = coller sur les bandes pointillées, croix sur croix
sheet-revision = rév. { $rev }
sheet-ruler = Imprimer à 100 % (taille réelle) : cette barre doit mesurer { $length }.
sheet-blank = Cette page est volontairement laissée blanche.
sheet-cut-out = À DÉCOUPER
sheet-fold-hint = PLIER faces imprimées à l'extérieur · COLLER les faces blanches
sheet-cut-sheet = { $game } · feuille de découpe { $n } sur { $of }
sheet-shared-sheet = { $game } · feuille commune { $n } sur { $of }
sheet-print-and-cut = impression et découpe ({ $machine }) : { $how }, charger cut/{ $stem }.svg
sheet-duplex-cut-from-front = recto verso, découpe côté recto
sheet-shared-finish = découper les traits pleins, plier les pointillés, coller les languettes et les socles gris
sheet-cut-finish = découper le long des traits pleins

## The changelog page of a reprint: plain text.

reprint-title = { $game } : réimpression pour la révision { $rev }
reprint-intro = Modifications depuis la dernière impression (révision { $rev }). Les feuilles qui suivent ne contiennent que ce qu'il faut imprimer.
reprint-component-added = Nouvel élément { $component } : l'imprimer en entier.
reprint-component-removed = L'élément { $component } a disparu : le retirer du jeu.
reprint-card-added = { $component } › { $card } : nouvelle carte, en imprimer { $count }.
reprint-card-removed = { $component } › { $card } : supprimée, en retirer { $count }.
reprint-card-changed = { $component } › { $card } : modifiée ({ $what }) ; tout réimprimer ({ $count }), retirer les anciennes.
reprint-faces-changed = ses faces ont changé (modèle ou données partagées)
reprint-none = (vide)
reprint-card-renamed = { $component } › { $card } : identifiant { $from } → { $to }, mêmes faces.
reprint-count-up = { $component } › { $card } : nombre { $old } → { $new }, en imprimer { $n } de plus.
reprint-count-down = { $component } › { $card } : nombre { $old } → { $new }, en retirer { $n }.
reprint-rules = Règles, « { $section } » : { $how }{ $pages }.
reprint-section-new = nouvelle section
reprint-section-changed = texte modifié
reprint-section-removed = supprimée
reprint-rules-page = , désormais en page { $page } de rules.pdf
reprint-rules-pages = , désormais aux pages { $pages } de rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Fichiers
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } page)
        [many] ({ $n } pages)
       *[other] ({ $n } pages)
    }
index-layout = Mise en page
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = Versos décalés par rapport aux rectos ? { $kit } contient une feuille de calibrage recto verso (son guide d'impression en indique les pages). Imprimez-la sur l'imprimante à laquelle le kit est destiné, lisez où la croix du recto tombe sur les échelles du verso, reportez les deux valeurs en millimètres dans { $file } sous { $key } (vers la droite et vers le bas, elles sont positives) puis régénérez le kit. La feuille elle-même invite les joueurs, qui ne régénèrent pas le kit, à décaler le verso dans les réglages de leur imprimante ou à vous envoyer les valeurs.
index-warning = Avertissement
index-components = Matériel
index-component = Élément
index-kind = Type
index-count = Nombre
index-unique-faces = Faces distinctes
index-file = Fichier
index-pages = Pages
index-manifest-check = Vérification du manifeste
index-passed = réussie
index-failed = échouée
index-entry = Entrée
index-declared = Déclaré
index-produced = Produit
index-rules = Règles
index-status = État
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = écart
index-accepted = accepté
index-deck-stats = Statistiques du paquet
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = La probabilité de voir chaque type de carte lors des premières pioches, calculée d'après le nombre de cartes indiqué dans les données ({ $file }).
index-deck-stats-chart = graphique des statistiques du paquet
index-faces = Faces
index-bleed = fond perdu
index-trim = ligne de coupe
index-safe = zone de sécurité
index-pick = élément
index-all = tous
index-find = carte
index-find-hint = nom ou valeur
index-click = cliquez sur une face pour voir ses données
index-copies =
    { $n ->
        [one] ({ $n } exemplaire)
        [many] ({ $n } exemplaires)
       *[other] ({ $n } exemplaires)
    }
index-more-faces =
    { $n ->
        [one] et { $n } autre face, absente de cette liste et de la recherche : voir le PDF.
        [many] et { $n } autres faces, absentes de cette liste et de la recherche : voir le PDF.
       *[other] et { $n } autres faces, absentes de cette liste et de la recherche : voir le PDF.
    }
index-page = page { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] et { $n } autre page : ouvrez { $file }.
        [many] et { $n } autres pages : ouvrez { $file }.
       *[other] et { $n } autres pages : ouvrez { $file }.
    }
# A face's side, under its picture.
index-side-front = recto
index-side-back = verso
index-side-top = couche supérieure
index-side-die = face de dé { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = feuille à plier : imprimer en recto seul, plier chaque feuille de cartes sur son trait pointillé, faces imprimées à l’extérieur, coller, découper à travers les deux épaisseurs
index-layout-print-and-cut = impression et découpe : découper chaque feuille sur la machine avec son fichier dans cut/ (fichiers : { $n })
index-made-with = Réalisé avec protopress.
