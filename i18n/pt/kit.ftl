# protopress: the words a kit prints itself, in (European) Portuguese.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.
#
# Choices: European Portuguese, with instructions in the neutral infinitive throughout.
# Terms: folha (sheet), cartolina (cardstock), marcas de corte (crop marks), frente e verso
# (duplex), só de um lado (single-sided), folha para dobrar (gutter-fold), imprimir e
# cortar (print-and-cut), máquina de corte (cutting machine), camada superior / camada de
# base (layers), linha tracejada (dashed line), janelas hachuradas (hatched windows).

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players =
    { $n ->
        [one] { $n } jogador
       *[other] { $n } jogadores
    }
cover-minutes =
    { $n ->
        [one] { $n } minuto
       *[other] { $n } minutos
    }
cover-ages = a partir dos { $n } anos

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Kit para imprimir e jogar
kit-rulebook = Livro de regras
kit-edition = { $what } · revisão { $rev }
kit-date = { $d } de { $month } de { $year }
kit-made-with = Feito com protopress
kit-contents = Índice
kit-blank = Esta página foi deixada intencionalmente em branco.

## Month names, for dates written by `kit-date`.

date-month-1 = janeiro
date-month-2 = fevereiro
date-month-3 = março
date-month-4 = abril
date-month-5 = maio
date-month-6 = junho
date-month-7 = julho
date-month-8 = agosto
date-month-9 = setembro
date-month-10 = outubro
date-month-11 = novembro
date-month-12 = dezembro

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = Como imprimir este kit
guide-duplex-job = Todo o PDF é impresso como *um único trabalho frente e verso* ({ $flip }), a *100% (tamanho real)*: a frente de cada carta fica numa página ímpar e o verso na página seguinte, e cada folha impressa só de um lado é seguida de uma página com a indicação _intencionalmente em branco_, para que nada seja impresso no seu verso.
guide-gutter-fold-job = Todo o PDF é impresso como *um único trabalho só de um lado*, a *100% (tamanho real)*: não é necessária uma impressora frente e verso. As folhas de cartas são *para dobrar*: dobrar cada uma pela sua linha tracejada, com os lados impressos para fora, colar um ao outro os lados em branco e depois cortar as duas metades em conjunto pelas marcas de corte.
guide-print-and-cut-job = Todo o PDF é impresso como *um único trabalho só de um lado*, a *100% (tamanho real)*. As folhas têm as marcas de registo de uma máquina de corte { $cutter }: abrir no software da máquina o ficheiro de cada folha, que está na pasta `cut/` fornecida com este kit, deixar a máquina ler as marcas e cortar.
guide-parts = Para imprimir só uma parte, escolher as suas páginas na tabela abaixo. Cada folha tem uma régua: medi-la antes de cortar.
guide-sheets-duplex = O kit usa folhas { $paper } impressas frente e verso: *{ $total } no total*, { $plain } de papel normal e { $card } de cartolina.
guide-sheets-single = O kit usa folhas { $paper } impressas só de um lado: *{ $total } no total*, { $plain } de papel normal e { $card } de cartolina.
guide-heads-pages = Páginas
guide-heads-what = O quê
guide-heads-paper = Papel
guide-heads-print = Impressão
guide-heads-then = Depois
guide-long-edge = frente e verso, virar na margem longa
guide-short-edge = frente e verso, virar na margem curta
guide-rules-and-components = Regras e componentes
guide-plain = papel normal
guide-cardstock = cartolina
guide-duplex-or-single = frente e verso ou só de um lado
guide-single = só de um lado
guide-single-blank-backs = só de um lado (versos em branco)
guide-keep = Guardar como livro de regras.
guide-calibrate = Olhar a folha contra a luz e ler onde cai a cruz; o verso explica o que fazer se estiver desviada.
guide-parts-to-buy = Peças a comprar
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies =
    { $n ->
        [one] *{ $n } cópia*
        [many] *{ $n } cópias*
       *[other] *{ $n } cópias*
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
            [one] { $count } marcador
            [many] { $count } marcadores
           *[other] { $count } marcadores
        }
        [dashboard] { $count ->
            [one] { $count } tabuleiro de jogador
            [many] { $count } tabuleiros de jogador
           *[other] { $count } tabuleiros de jogador
        }
        [board] { $count ->
            [one] { $count } tabuleiro de jogo
            [many] { $count } tabuleiros de jogo
           *[other] { $count } tabuleiros de jogo
        }
        [die] { $count ->
            [one] { $count } dado
            [many] { $count } dados
           *[other] { $count } dados
        }
        [standee] { $count ->
            [one] { $count } figura de cartão
            [many] { $count } figuras de cartão
           *[other] { $count } figuras de cartão
        }
        [bought] { $count ->
            [one] { $count } peça a comprar
            [many] { $count } peças a comprar
           *[other] { $count } peças a comprar
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Cortar pelas marcas de corte.
finishing-outlines = Recortar pelos contornos.
finishing-layered-dashboard = Recortar as janelas hachuradas de cada camada superior, colá-la sobre a sua camada de base e cortar pelas marcas de corte.
finishing-tiled-board = Cortar cada secção pelas suas marcas de corte, sobrepô-la à faixa tracejada da secção vizinha, cruz sobre cruz, e colar.
finishing-die = Cortar as linhas contínuas, dobrar as tracejadas, colar as abas cinzentas por dentro.
finishing-standee = Recortar, dobrar pelas linhas tracejadas, dobrar as bases cinzentas para fora.
finishing-other = Guardar para consulta.
finishing-gutter-fold = Dobrar pela linha tracejada, com os lados impressos para fora; colar os lados em branco; cortar as duas metades em conjunto pelas marcas de corte.
finishing-print-and-cut = Cortar cada folha na máquina de corte com o seu ficheiro em `cut/` (indicado na margem da folha).
finishing-print-and-cut-fold = Cortar cada folha na máquina de corte com o seu ficheiro em `cut/` (indicado na margem da folha); dobrar pelas linhas vincadas.
finishing-print-and-cut-layered = Cortar cada folha na máquina de corte com o seu ficheiro em `cut/` (indicado na margem da folha), janelas incluídas; colar cada camada superior sobre a sua camada de base.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Componentes
checklist-intro = Contar as peças depois de cortadas e assinalar cada linha. As páginas são as deste PDF; imprimir as folhas a 100% (tamanho real), frente e verso quando uma folha tem versos.
checklist-heads-piece = Uma peça
checklist-heads-component = Componente
checklist-heads-count = Quantidade
checklist-page = página
checklist-pages = páginas
checklist-buy-title = Peças a comprar
checklist-buy-intro = Não são impressas. Comprá-las ou usar o substituto impresso indicado ao lado de cada uma.
checklist-buy-heads-part = Peça
checklist-buy-heads-count = Quantidade
checklist-buy-heads-stand-in = Substituto impresso

## Component kinds, as the checklist names one piece.

kind-cards = carta
kind-tokens = marcador
kind-dashboard = tabuleiro de jogador
kind-board = tabuleiro de jogo
kind-die = dado
kind-standee = figura de cartão
kind-bought = peça a comprar

## The duplex calibration sheet (Typst markup).

calibration-title = Calibração da impressão frente e verso
calibration-front = Imprimir esta página e a seguinte numa só folha de papel normal, frente e verso, com as mesmas definições de impressora das folhas de cartas. Segurar a folha contra uma janela ou um candeeiro, olhando para o *lado das escalas*, e ler onde esta cruz transparece.
calibration-back-title = Calibração da impressão frente e verso: o verso
calibration-back = Onde cai o centro da cruz da frente nestas escalas? Em 0, 0, cada verso fica exatamente atrás da sua frente: imprimir as folhas de cartas tal como estão. Um milímetro de desvio quase não se nota. Com um desvio maior, anotar as duas leituras em milímetros (*x* para a direita, *y* para baixo), depois deslocar o verso nesses valores, na direção onde caiu a cruz, nas definições da impressora (muitas vezes chamadas deslocamento da imagem ou margem do verso), e voltar a imprimir esta folha para verificar. Manter essa definição para as folhas de cartas.

## The credits (Typst markup).

credits-title = Créditos
credits-fonts = Tipos de letra.
credits-icons = Ícones.
credits-tool = *Composição e imposição* com protopress.
credits-and = e
credits-own-font = { $family }, o tipo de letra próprio do jogo, sob a licença dos seus autores
credits-no-icon-credits = Ícones desenhados ou escolhidos pelo autor do jogo.
credits-icons-used = Ícones usados neste jogo: { $icons }.
credits-builtin-icons = Ícones de game-icons.net por Lorc, Delapouite e os restantes colaboradores de game-icons.net (game-icons.net/about.html nomeia-os a todos), com licença Creative Commons Atribuição 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. e a equipa das fontes DejaVu
credits-dejavu-licence = licença das fontes Bitstream Vera (alterações da DejaVu no domínio público)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · folha { $n } de { $of }
sheet-fronts = frentes
sheet-single-sided = só de um lado
sheet-base-layer = camada de base
sheet-base-layer-single-sided = camada de base, só de um lado
sheet-backs = versos ({ $flip })
sheet-flip-long = virar na margem longa
sheet-flip-short = virar na margem curta
sheet-top-layer = camada superior, só de um lado: recortar as janelas hachuradas
sheet-gutter-fold = folha para dobrar, só de um lado: dobrar pela linha tracejada com os lados impressos para fora, colar um ao outro os lados em branco e depois cortar as duas metades em conjunto
sheet-tile = secção da linha { $row }, coluna { $col } ({ $cols } × { $rows }: colunas × linhas)
sheet-tile-glue = colar sobre as faixas tracejadas, cruz sobre cruz
sheet-revision = rev. { $rev }
sheet-ruler = Imprimir a 100% (tamanho real): esta barra deve medir { $length }.
sheet-blank = Esta página foi deixada intencionalmente em branco.
sheet-cut-out = RECORTAR
sheet-fold-hint = DOBRAR com os lados impressos para fora · COLAR os lados em branco
sheet-cut-sheet = { $game } · folha de corte { $n } de { $of }
sheet-shared-sheet = { $game } · folha partilhada { $n } de { $of }
sheet-print-and-cut = imprimir e cortar ({ $machine }): { $how }, carregar cut/{ $stem }.svg
sheet-duplex-cut-from-front = frente e verso, cortar pela frente
sheet-shared-finish = cortar as linhas contínuas, dobrar as tracejadas, colar as abas e as bases cinzentas
sheet-cut-finish = cortar pelas linhas contínuas

## The changelog page of a reprint: plain text.

reprint-title = { $game }: reimpressão para a revisão { $rev }
reprint-intro = Alterações desde a última impressão (revisão { $rev }). As folhas seguintes contêm só o que há a imprimir.
reprint-component-added = Novo componente { $component }: imprimi-lo por inteiro.
reprint-component-removed = O componente { $component } deixou de existir: pô-lo de parte.
reprint-card-added = { $component } › { $card }: carta nova, imprimir { $count }.
reprint-card-removed = { $component } › { $card }: removida, pôr de parte { $count }.
reprint-card-changed = { $component } › { $card }: alterada ({ $what }); voltar a imprimi-las todas ({ $count }) e pôr de parte as antigas.
reprint-faces-changed = as suas faces mudaram (modelo ou dados partilhados)
reprint-none = (vazio)
reprint-card-renamed = { $component } › { $card }: id { $from } → { $to }, as mesmas faces.
reprint-count-up = { $component } › { $card }: quantidade { $old } → { $new }, imprimir mais { $n }.
reprint-count-down = { $component } › { $card }: quantidade { $old } → { $new }, pôr de parte { $n }.
reprint-rules = Regras, «{ $section }»: { $how }{ $pages }.
reprint-section-new = secção nova
reprint-section-changed = texto alterado
reprint-section-removed = removida
reprint-rules-page = ; agora na página { $page } de rules.pdf
reprint-rules-pages = ; agora nas páginas { $pages } de rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Ficheiros
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } página)
        [many] ({ $n } páginas)
       *[other] ({ $n } páginas)
    }
index-layout = Disposição
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = Versos desalinhados em relação às frentes? { $kit } contém uma folha de calibração da impressão frente e verso (o guia de impressão do kit indica as suas páginas). Imprimi-la na impressora a que o kit se destina, ler onde a cruz da frente cai nas escalas do verso, escrever as duas leituras em milímetros em { $file } como { $key } (para a direita e para baixo são positivas) e voltar a gerar o kit. A própria folha pede aos jogadores, que não voltam a gerar o kit, que desloquem o verso nas definições da impressora ou que enviem as leituras ao autor do jogo.
index-warning = Aviso
index-components = Componentes
index-component = Componente
index-kind = Tipo
index-count = Quantidade
index-unique-faces = Faces distintas
index-file = Ficheiro
index-pages = Páginas
index-manifest-check = Verificação do manifesto
index-passed = aprovada
index-failed = reprovada
index-entry = Entrada
index-declared = Declarado
index-produced = Gerado
index-rules = Regras
index-status = Estado
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = discrepância
index-accepted = aceite
index-deck-stats = Estatísticas do baralho
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = A probabilidade de sair cada tipo de carta nas primeiras tiragens, calculada a partir das quantidades de cartas indicadas nos dados ({ $file }).
index-deck-stats-chart = gráfico das estatísticas do baralho
index-faces = Faces
index-bleed = sangria
index-trim = linha de corte
index-safe = zona de segurança
index-pick = componente
index-all = todos
index-find = carta
index-find-hint = nome ou valor
index-click = clicar numa face para ver os seus dados
index-copies =
    { $n ->
        [one] ({ $n } cópia)
        [many] ({ $n } cópias)
       *[other] ({ $n } cópias)
    }
index-more-faces =
    { $n ->
        [one] e mais { $n } face, não listada nem incluída na pesquisa: ver o PDF.
        [many] e mais { $n } faces, não listadas nem incluídas na pesquisa: ver o PDF.
       *[other] e mais { $n } faces, não listadas nem incluídas na pesquisa: ver o PDF.
    }
index-page = página { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] e mais { $n } página: abrir { $file }.
        [many] e mais { $n } páginas: abrir { $file }.
       *[other] e mais { $n } páginas: abrir { $file }.
    }
# A face's side, under its picture.
index-side-front = frente
index-side-back = verso
index-side-top = camada superior
index-side-die = face do dado { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = folha para dobrar: imprimir só de um lado, dobrar cada folha de cartas pela linha tracejada com os lados impressos para fora, colar e cortar através das duas camadas
index-layout-print-and-cut = imprimir e cortar: cortar cada folha na máquina com o seu ficheiro em cut/ (ficheiros: { $n })
index-made-with = Feito com protopress.
