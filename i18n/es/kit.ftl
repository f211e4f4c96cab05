# protopress: the words a kit prints itself, in Spanish.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.
#
# Choices: instructions use neutral infinitives throughout (no tú, no vosotros). Terms:
# hoja (sheet), cartulina (cardstock), marcas de corte (crop marks), a doble cara (duplex),
# a una cara (single-sided), hoja para plegar (gutter-fold), imprimir y cortar
# (print-and-cut), máquina de corte (cutting machine), capa superior / capa base (layers).

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players =
    { $n ->
        [one] { $n } jugador
       *[other] { $n } jugadores
    }
cover-minutes =
    { $n ->
        [one] { $n } minuto
       *[other] { $n } minutos
    }
cover-ages = a partir de { $n } años

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Kit para imprimir y jugar
kit-rulebook = Reglamento
kit-edition = { $what } · revisión { $rev }
kit-date = { $d } de { $month } de { $year }
kit-made-with = Hecho con protopress
kit-contents = Índice
kit-blank = Esta página se ha dejado en blanco intencionadamente.

## Month names, for dates written by `kit-date`.

date-month-1 = enero
date-month-2 = febrero
date-month-3 = marzo
date-month-4 = abril
date-month-5 = mayo
date-month-6 = junio
date-month-7 = julio
date-month-8 = agosto
date-month-9 = septiembre
date-month-10 = octubre
date-month-11 = noviembre
date-month-12 = diciembre

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = Cómo imprimir este kit
guide-duplex-job = Todo el PDF se imprime como *un único trabajo a doble cara* ({ $flip }), al *100~% (tamaño real)*: el anverso de cada carta está en una página impar y su reverso en la página siguiente, y tras cada hoja a una cara viene una página marcada _en blanco intencionadamente_, para que no se imprima nada en su dorso.
guide-gutter-fold-job = Todo el PDF se imprime como *un único trabajo a una cara*, al *100~% (tamaño real)*: no hace falta una impresora a doble cara. Las hojas de cartas son *para plegar*: plegar cada una por su línea discontinua con las caras impresas hacia fuera, pegar entre sí las caras en blanco y después cortar las dos mitades a la vez por las marcas de corte.
guide-print-and-cut-job = Todo el PDF se imprime como *un único trabajo a una cara*, al *100~% (tamaño real)*. Las hojas llevan las marcas de registro de una máquina de corte { $cutter }: abrir en el programa de la máquina el archivo de cada hoja, que está en la carpeta `cut/` incluida con este kit, dejar que la máquina lea las marcas y cortar.
guide-parts = Para imprimir solo una parte, elegir sus páginas en la tabla de abajo. Cada hoja lleva una regla: medirla antes de cortar.
guide-sheets-duplex = El kit necesita hojas { $paper } impresas a doble cara: *{ $total } en total*, { $plain } de papel normal y { $card } de cartulina.
guide-sheets-single = El kit necesita hojas { $paper } impresas a una cara: *{ $total } en total*, { $plain } de papel normal y { $card } de cartulina.
guide-heads-pages = Páginas
guide-heads-what = Qué
guide-heads-paper = Papel
guide-heads-print = Impresión
guide-heads-then = Después
guide-long-edge = doble cara, girar por el borde largo
guide-short-edge = doble cara, girar por el borde corto
guide-rules-and-components = Reglas y componentes
guide-plain = papel normal
guide-cardstock = cartulina
guide-duplex-or-single = doble cara o una cara
guide-single = una cara
guide-single-blank-backs = una cara (reversos en blanco)
guide-keep = Guardar como reglamento.
guide-calibrate = Mirar la hoja a contraluz y leer dónde cae la cruz; su reverso explica qué hacer si está desplazada.
guide-parts-to-buy = Piezas que comprar
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies =
    { $n ->
        [one] *{ $n } copia*
        [many] *{ $n } copias*
       *[other] *{ $n } copias*
    }
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $kind ->
        [cards] { $count ->
            [one] { $count } carta
            [many] { $count } cartas
           *[other] { $count } cartas
        }
        [tokens] { $count ->
            [one] { $count } ficha
            [many] { $count } fichas
           *[other] { $count } fichas
        }
        [dashboard] { $count ->
            [one] { $count } tablero personal
            [many] { $count } tableros personales
           *[other] { $count } tableros personales
        }
        [board] { $count ->
            [one] { $count } tablero
            [many] { $count } tableros
           *[other] { $count } tableros
        }
        [die] { $count ->
            [one] { $count } dado
            [many] { $count } dados
           *[other] { $count } dados
        }
        [standee] { $count ->
            [one] { $count } figura de cartón
            [many] { $count } figuras de cartón
           *[other] { $count } figuras de cartón
        }
        [bought] { $count ->
            [one] { $count } pieza que comprar
            [many] { $count } piezas que comprar
           *[other] { $count } piezas que comprar
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Cortar por las marcas de corte.
finishing-outlines = Recortar por el contorno.
finishing-layered-dashboard = Recortar las ventanas rayadas de cada capa superior, pegarla sobre su capa base y cortar por las marcas de corte.
finishing-tiled-board = Cortar cada sección por sus marcas de corte, colocarla sobre la franja discontinua de la sección vecina, cruz sobre cruz, y pegar.
finishing-die = Cortar las líneas continuas, plegar las discontinuas y pegar las pestañas grises por dentro.
finishing-standee = Recortar, plegar por las líneas discontinuas y plegar las peanas grises hacia fuera.
finishing-other = Guardar como referencia.
finishing-gutter-fold = Plegar por la línea discontinua, con las caras impresas hacia fuera; pegar las caras en blanco; cortar las dos mitades a la vez por las marcas de corte.
finishing-print-and-cut = Cortar cada hoja en la máquina de corte con su archivo de `cut/` (indicado en el margen de la hoja).
finishing-print-and-cut-fold = Cortar cada hoja en la máquina de corte con su archivo de `cut/` (indicado en el margen de la hoja); plegar por las líneas hendidas.
finishing-print-and-cut-layered = Cortar cada hoja en la máquina de corte con su archivo de `cut/` (indicado en el margen de la hoja), ventanas incluidas; pegar cada capa superior sobre su capa base.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Componentes
checklist-intro = Contar las piezas una vez cortadas y marcar cada línea. Las páginas son las de este PDF; imprimir las hojas al 100~% (tamaño real), a doble cara cuando una hoja tenga reversos.
checklist-heads-piece = Una pieza
checklist-heads-component = Componente
checklist-heads-count = Cantidad
checklist-page = página
checklist-pages = páginas
checklist-buy-title = Piezas que comprar
checklist-buy-intro = No se imprimen. Comprarlas o usar el sustituto impreso indicado junto a cada una.
checklist-buy-heads-part = Pieza
checklist-buy-heads-count = Cantidad
checklist-buy-heads-stand-in = Sustituto impreso

## Component kinds, as the checklist names one piece.

kind-cards = carta
kind-tokens = ficha
kind-dashboard = tablero personal
kind-board = tablero
kind-die = dado
kind-standee = figura de cartón
kind-bought = pieza que comprar

## The duplex calibration sheet (Typst markup).

calibration-title = Calibración de la doble cara
calibration-front = Imprimir esta página y la siguiente en una sola hoja de papel normal, a doble cara, con los mismos ajustes de impresora que las hojas de cartas. Poner la hoja a contraluz, contra una ventana o una lámpara, mirando la *cara de las escalas*, y leer dónde se transparenta esta cruz.
calibration-back-title = Calibración de la doble cara: el reverso
calibration-back = ¿Dónde cae el centro de la cruz del anverso en estas escalas? En 0, 0, cada reverso queda justo detrás de su anverso: imprimir las hojas de cartas tal cual. Un milímetro de desvío apenas se nota. Si el desvío es mayor, anotar las dos lecturas en milímetros (*x* hacia la derecha, *y* hacia abajo), desplazar el reverso esas mismas cantidades, hacia donde cayó la cruz, en los ajustes de la impresora (a menudo llamados desplazamiento de imagen o margen del reverso) y volver a imprimir esta hoja para comprobarlo. Conservar ese ajuste para las hojas de cartas.

## The credits (Typst markup).

credits-title = Créditos
credits-fonts = Tipografías.
credits-icons = Iconos.
credits-tool = *Composición e imposición* con protopress.
credits-and = y
credits-own-font = { $family }, la tipografía propia del juego, bajo la licencia de sus autores
credits-no-icon-credits = Iconos dibujados o elegidos por el autor del juego.
credits-icons-used = Iconos usados en este juego: { $icons }.
credits-builtin-icons = Iconos de game-icons.net por Lorc, Delapouite y los demás colaboradores de game-icons.net (game-icons.net/about.html los nombra a todos), con licencia Creative Commons Reconocimiento 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. y el equipo de las fuentes DejaVu
credits-dejavu-licence = licencia de las fuentes Bitstream Vera (cambios de DejaVu en el dominio público)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · hoja { $n } de { $of }
sheet-fronts = anversos
sheet-single-sided = a una cara
sheet-base-layer = capa base
sheet-base-layer-single-sided = capa base, a una cara
sheet-backs = reversos ({ $flip })
sheet-flip-long = girar por el borde largo
sheet-flip-short = girar por el borde corto
sheet-top-layer = capa superior, a una cara: recortar las ventanas rayadas
sheet-gutter-fold = hoja para plegar, a una cara: plegar por la línea discontinua con las caras impresas hacia fuera, pegar entre sí las caras en blanco y cortar después las dos mitades a la vez
sheet-tile = sección de la fila { $row }, columna { $col } ({ $cols } × { $rows }: columnas × filas)
sheet-tile-glue = pegar sobre las franjas discontinuas, cruz sobre cruz
sheet-revision = rev. { $rev }
sheet-ruler = Imprimir al 100 % (tamaño real): esta barra debe medir { $length }.
sheet-blank = Esta página se ha dejado en blanco intencionadamente.
sheet-cut-out = RECORTAR
sheet-fold-hint = PLEGAR con las caras impresas hacia fuera · PEGAR las caras en blanco
sheet-cut-sheet = { $game } · hoja de corte { $n } de { $of }
sheet-shared-sheet = { $game } · hoja compartida { $n } de { $of }
sheet-print-and-cut = imprimir y cortar ({ $machine }): { $how }, cargar cut/{ $stem }.svg
sheet-duplex-cut-from-front = doble cara, cortar por el anverso
sheet-shared-finish = cortar las líneas continuas, plegar las discontinuas, pegar las pestañas y peanas grises
sheet-cut-finish = cortar por las líneas continuas

## The changelog page of a reprint: plain text.

reprint-title = { $game }: reimpresión para la revisión { $rev }
reprint-intro = Cambios desde la última impresión (revisión { $rev }). Las hojas siguientes contienen solo lo que hay que imprimir.
reprint-component-added = Componente nuevo { $component }: imprimirlo entero.
reprint-component-removed = El componente { $component } ya no existe: retirarlo.
reprint-card-added = { $component } › { $card }: carta nueva, imprimir { $count }.
reprint-card-removed = { $component } › { $card }: eliminada, retirar { $count }.
reprint-card-changed = { $component } › { $card }: modificada ({ $what }); volver a imprimirlas todas ({ $count }) y retirar las antiguas.
reprint-faces-changed = han cambiado sus caras (plantilla o datos compartidos)
reprint-none = (vacío)
reprint-card-renamed = { $component } › { $card }: id { $from } → { $to }, mismas caras.
reprint-count-up = { $component } › { $card }: cantidad { $old } → { $new }, imprimir { $n } más.
reprint-count-down = { $component } › { $card }: cantidad { $old } → { $new }, retirar { $n }.
reprint-rules = Reglas, «{ $section }»: { $how }{ $pages }.
reprint-section-new = sección nueva
reprint-section-changed = texto modificado
reprint-section-removed = eliminada
reprint-rules-page = ; ahora está en la página { $page } de rules.pdf
reprint-rules-pages = ; ahora está en las páginas { $pages } de rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Archivos
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } página)
        [many] ({ $n } páginas)
       *[other] ({ $n } páginas)
    }
index-layout = Disposición
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = ¿Reversos desplazados respecto a los anversos? { $kit } incluye una hoja de calibración de la doble cara (su guía de impresión indica las páginas). Imprimirla en la impresora a la que va destinado el kit, leer dónde cae la cruz del anverso en las escalas del reverso, escribir las dos lecturas en milímetros en { $file } como { $key } (hacia la derecha y hacia abajo son positivas) y volver a generar el kit. La propia hoja indica a los jugadores, que no vuelven a generar el kit, que desplacen el reverso en los ajustes de su impresora o que envíen las lecturas al autor del juego.
index-warning = Advertencia
index-components = Componentes
index-component = Componente
index-kind = Tipo
index-count = Cantidad
index-unique-faces = Caras distintas
index-file = Archivo
index-pages = Páginas
index-manifest-check = Comprobación del manifiesto
index-passed = superada
index-failed = fallida
index-entry = Entrada
index-declared = Declarado
index-produced = Generado
index-rules = Reglas
index-status = Estado
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = discrepancia
index-accepted = aceptado
index-deck-stats = Estadísticas del mazo
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = La probabilidad de ver cada tipo de carta en los primeros robos, calculada a partir de las cantidades de cartas indicadas en los datos ({ $file }).
index-deck-stats-chart = gráfico de las estadísticas del mazo
index-faces = Caras
index-bleed = sangrado
index-trim = línea de corte
index-safe = zona segura
index-pick = componente
index-all = todos
index-find = carta
index-find-hint = nombre o valor
index-click = hacer clic en una cara para ver sus datos
index-copies =
    { $n ->
        [one] ({ $n } copia)
        [many] ({ $n } copias)
       *[other] ({ $n } copias)
    }
index-more-faces =
    { $n ->
        [one] y { $n } cara más, que no aparece en esta lista ni en la búsqueda: ver el PDF.
        [many] y { $n } caras más, que no aparecen en esta lista ni en la búsqueda: ver el PDF.
       *[other] y { $n } caras más, que no aparecen en esta lista ni en la búsqueda: ver el PDF.
    }
index-page = página { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] y { $n } página más: abrir { $file }.
        [many] y { $n } páginas más: abrir { $file }.
       *[other] y { $n } páginas más: abrir { $file }.
    }
# A face's side, under its picture.
index-side-front = anverso
index-side-back = reverso
index-side-top = capa superior
index-side-die = cara del dado { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = hoja para plegar: imprimir a una cara, plegar cada hoja de cartas por su línea discontinua con las caras impresas hacia fuera, pegar y cortar a través de ambas capas
index-layout-print-and-cut = imprimir y cortar: cortar cada hoja en la máquina con su archivo de cut/ (archivos: { $n })
index-made-with = Hecho con protopress.
