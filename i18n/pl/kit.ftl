# protopress: the words a kit prints itself, in Polish.
#
# Each line is `id = text`. `{ $name }` is filled in by protopress; keep every one a
# message has. A kit in a language without some id prints English there, with a warning.
#
# Choices: instructions use the infinitive throughout, as Polish manuals do. Month names
# are in the genitive, as a date needs them. Terms: arkusz (sheet), karton (cardstock),
# znaczniki cięcia (crop marks), dwustronnie / druk dwustronny (duplex), jednostronnie
# (single-sided), arkusz składany na pół (gutter-fold), druk i cięcie (print-and-cut),
# ploter tnący (cutting machine), warstwa górna / warstwa spodnia (layers), awers / rewers
# (card fronts / backs), element (component), część do kupienia (part to buy).

## The cover. `{ $n }` is a number or a range such as 2–4, filled in as written.

cover-players =
    { $n ->
        [one] { $n } gracz
        [few] { $n } gracze
       *[other] { $n } graczy
    }
cover-minutes =
    { $n ->
        [one] { $n } minuta
        [few] { $n } minuty
       *[other] { $n } minut
    }
cover-ages = od { $n } lat

## The rulebook and kit around the rules. Typst markup: *strong*, _emphasis_, `raw`; never # $ < > @ [ ] \.

kit-kit = Zestaw do samodzielnego wydruku
kit-rulebook = Instrukcja
kit-edition = { $what } · wersja { $rev }
kit-date = { $d } { $month } { $year }
kit-made-with = Wykonano za pomocą protopress
kit-contents = Spis treści
kit-blank = Ta strona została celowo pozostawiona pusta.

## Month names, for dates written by `kit-date`.

date-month-1 = stycznia
date-month-2 = lutego
date-month-3 = marca
date-month-4 = kwietnia
date-month-5 = maja
date-month-6 = czerwca
date-month-7 = lipca
date-month-8 = sierpnia
date-month-9 = września
date-month-10 = października
date-month-11 = listopada
date-month-12 = grudnia

## The page "How to print this kit" (Typst markup as above). In guide-sheets-duplex and guide-sheets-single the numbers are filled in while the page is typeset: choose a form that reads right for any number.

guide-title = Jak wydrukować ten zestaw
guide-duplex-job = Cały plik PDF drukuje się jako *jedno zadanie druku dwustronnego* ({ $flip }), w skali *100% (rzeczywisty rozmiar)*: awers każdej karty jest na stronie nieparzystej, a jej rewers na następnej, zaś po każdym arkuszu jednostronnym następuje strona z napisem _celowo pozostawiona pusta_, aby na odwrocie arkusza nic się nie wydrukowało.
guide-gutter-fold-job = Cały plik PDF drukuje się jako *jedno zadanie druku jednostronnego*, w skali *100% (rzeczywisty rozmiar)*: drukarka z drukiem dwustronnym nie jest potrzebna. Arkusze kart są *składane na pół*: każdy złożyć wzdłuż jego linii przerywanej zadrukiem na zewnątrz, skleić ze sobą puste strony, a następnie przeciąć obie połówki naraz wzdłuż znaczników cięcia.
guide-print-and-cut-job = Cały plik PDF drukuje się jako *jedno zadanie druku jednostronnego*, w skali *100% (rzeczywisty rozmiar)*. Na arkuszach są znaczniki pozycjonujące plotera tnącego { $cutter }: otworzyć w programie plotera plik każdego arkusza z folderu `cut/` dołączonego do zestawu, pozwolić ploterowi odczytać znaczniki i wyciąć.
guide-parts = Aby wydrukować tylko jedną część, wystarczy wybrać jej strony w tabeli poniżej. Na każdym arkuszu jest linijka: przed cięciem należy ją zmierzyć.
guide-sheets-duplex = Liczba arkuszy { $paper } do druku dwustronnego: *{ $total }* (zwykły papier: { $plain }, karton: { $card }).
guide-sheets-single = Liczba arkuszy { $paper } do druku jednostronnego: *{ $total }* (zwykły papier: { $plain }, karton: { $card }).
guide-heads-pages = Strony
guide-heads-what = Co
guide-heads-paper = Papier
guide-heads-print = Druk
guide-heads-then = Następnie
guide-long-edge = dwustronnie, obracanie wzdłuż dłuższej krawędzi
guide-short-edge = dwustronnie, obracanie wzdłuż krótszej krawędzi
guide-rules-and-components = Zasady i elementy gry
guide-plain = zwykły papier
guide-cardstock = karton
guide-duplex-or-single = dwustronnie lub jednostronnie
guide-single = jednostronnie
guide-single-blank-backs = jednostronnie (puste rewersy)
guide-keep = Zachować jako instrukcję.
guide-calibrate = Spojrzeć pod światło i odczytać, gdzie wypada krzyżyk; na odwrocie opisano, co zrobić, jeśli jest przesunięty.
guide-parts-to-buy = Części do kupienia
guide-component = { $name } ({ $pieces })
# How often a sheet is printed; `{ $n }` is a number of 2 or more.
guide-copies =
    { $n ->
        [one] *{ $n } egzemplarz*
        [few] *{ $n } egzemplarze*
        [many] *{ $n } egzemplarzy*
       *[other] *{ $n } egzemplarza*
    }
# A component and its count in the guide: `{ $count }` is a number (select plural forms on it), `{ $kind }` one of cards, tokens, dashboard, board, die, standee, bought, or a kind of the game's own.
guide-pieces =
    { $kind ->
        [cards] { $count ->
            [one] { $count } karta
            [few] { $count } karty
            [many] { $count } kart
           *[other] { $count } karty
        }
        [tokens] { $count ->
            [one] { $count } żeton
            [few] { $count } żetony
            [many] { $count } żetonów
           *[other] { $count } żetonu
        }
        [dashboard] { $count ->
            [one] { $count } plansza gracza
            [few] { $count } plansze graczy
            [many] { $count } plansz graczy
           *[other] { $count } planszy gracza
        }
        [board] { $count ->
            [one] { $count } plansza
            [few] { $count } plansze
            [many] { $count } plansz
           *[other] { $count } planszy
        }
        [die] { $count ->
            [one] { $count } kość
            [few] { $count } kości
            [many] { $count } kości
           *[other] { $count } kości
        }
        [standee] { $count ->
            [one] { $count } figurka
            [few] { $count } figurki
            [many] { $count } figurek
           *[other] { $count } figurki
        }
        [bought] { $count ->
            [one] { $count } część do kupienia
            [few] { $count } części do kupienia
            [many] { $count } części do kupienia
           *[other] { $count } części do kupienia
        }
       *[other] { $count } { $kind }
    }

## What to do with a component once printed (Typst markup).

finishing-crop-marks = Przyciąć wzdłuż znaczników cięcia.
finishing-outlines = Wyciąć wzdłuż konturów.
finishing-layered-dashboard = Wyciąć zakreskowane okienka w każdej warstwie górnej, nakleić ją na jej warstwę spodnią, przyciąć wzdłuż znaczników cięcia.
finishing-tiled-board = Przyciąć każdy fragment wzdłuż jego znaczników cięcia, nałożyć go na pasek z linią przerywaną na sąsiednim fragmencie, krzyżyk na krzyżyk, i skleić.
finishing-die = Wyciąć wzdłuż linii ciągłych, zagiąć wzdłuż przerywanych, przykleić szare zakładki od wewnątrz.
finishing-standee = Wyciąć, zagiąć wzdłuż linii przerywanych, odgiąć szare podstawki na zewnątrz.
finishing-other = Zachować do wglądu.
finishing-gutter-fold = Złożyć wzdłuż linii przerywanej zadrukiem na zewnątrz; skleić puste strony; przyciąć obie połówki naraz wzdłuż znaczników cięcia.
finishing-print-and-cut = Wyciąć każdy arkusz na ploterze tnącym, używając jego pliku z `cut/` (nazwa pliku jest na marginesie arkusza).
finishing-print-and-cut-fold = Wyciąć każdy arkusz na ploterze tnącym, używając jego pliku z `cut/` (nazwa pliku jest na marginesie arkusza); zagiąć wzdłuż bigowanych linii.
finishing-print-and-cut-layered = Wyciąć każdy arkusz na ploterze tnącym, używając jego pliku z `cut/` (nazwa pliku jest na marginesie arkusza), razem z okienkami; nakleić każdą warstwę górną na jej warstwę spodnią.

## The components page: the checklist and the parts to buy (Typst markup).

checklist-title = Elementy gry
checklist-intro = Po wycięciu policzyć sztuki i odhaczyć każdy wiersz. Numery stron dotyczą tego pliku PDF; arkusze drukować w skali 100% (rzeczywisty rozmiar), dwustronnie tam, gdzie arkusz ma rewersy.
checklist-heads-piece = Jedna sztuka
checklist-heads-component = Element
checklist-heads-count = Liczba
checklist-page = strona
checklist-pages = strony
checklist-buy-title = Części do kupienia
checklist-buy-intro = Nie są drukowane. Kupić je albo użyć drukowanego zamiennika podanego obok każdej z nich.
checklist-buy-heads-part = Część
checklist-buy-heads-count = Liczba
checklist-buy-heads-stand-in = Drukowany zamiennik

## Component kinds, as the checklist names one piece.

kind-cards = karta
kind-tokens = żeton
kind-dashboard = plansza gracza
kind-board = plansza
kind-die = kość
kind-standee = figurka
kind-bought = część do kupienia

## The duplex calibration sheet (Typst markup).

calibration-title = Kalibracja druku dwustronnego
calibration-front = Wydrukować tę i następną stronę na jednym arkuszu zwykłego papieru, dwustronnie, z tymi samymi ustawieniami drukarki co arkusze kart. Przyłożyć arkusz do okna lub lampy *stroną ze skalami* do siebie i odczytać, gdzie prześwituje ten krzyżyk.
calibration-back-title = Kalibracja druku dwustronnego: tył arkusza
calibration-back = Gdzie na tych skalach wypada środek krzyżyka z przedniej strony? Przy 0, 0 każdy rewers trafia dokładnie za swój awers: drukować arkusze kart bez zmian. Milimetr przesunięcia jest prawie niewidoczny. Przy większym przesunięciu zanotować oba odczyty w milimetrach (*x* w prawo, *y* w dół), następnie w ustawieniach drukarki (często nazywanych przesunięciem obrazu lub marginesem tylnej strony) przesunąć tylną stronę o te wartości w kierunku, w którym wypadł krzyżyk, i wydrukować ten arkusz ponownie, aby to sprawdzić. Zachować to ustawienie dla arkuszy kart.

## The credits (Typst markup).

credits-title = Źródła
credits-fonts = Kroje pisma.
credits-icons = Ikony.
credits-tool = *Skład i impozycja* w programie protopress.
credits-and = i
credits-own-font = { $family }, własny krój pisma gry, na licencji jego twórców
credits-no-icon-credits = Ikony narysowane lub wybrane przez twórcę gry.
credits-icons-used = Ikony z tego zbioru użyte w grze: { $icons }.
credits-builtin-icons = Ikony z game-icons.net autorstwa Lorca, Delapouite’a i pozostałych twórców game-icons.net (wszystkich wymienia game-icons.net/about.html), na licencji Creative Commons Uznanie autorstwa 3.0 (creativecommons.org/licenses/by/3.0).
credits-dejavu-makers = Bitstream, Inc. i zespół fontów DejaVu
credits-dejavu-licence = licencja fontów Bitstream Vera (zmiany DejaVu w domenie publicznej)

## The label and hints the sheets carry in their margins: plain text, no markup.

sheet-sheet = { $title } · arkusz { $n } z { $of }
sheet-fronts = awersy
sheet-single-sided = jednostronnie
sheet-base-layer = warstwa spodnia
sheet-base-layer-single-sided = warstwa spodnia, jednostronnie
sheet-backs = rewersy ({ $flip })
sheet-flip-long = obrócić wzdłuż dłuższej krawędzi
sheet-flip-short = obrócić wzdłuż krótszej krawędzi
sheet-top-layer = warstwa górna, jednostronnie: wyciąć zakreskowane okienka
sheet-gutter-fold = arkusz składany na pół, jednostronnie: złożyć wzdłuż linii przerywanej zadrukiem na zewnątrz, skleić ze sobą puste strony, a następnie przeciąć obie połówki naraz
sheet-tile = fragment w rzędzie { $row }, kolumnie { $col } ({ $cols } × { $rows }: kolumny × rzędy)
sheet-tile-glue = nakleić na paski z linią przerywaną, krzyżyk na krzyżyk
sheet-revision = wersja { $rev }
sheet-ruler = Drukować w skali 100% (rzeczywisty rozmiar): ten pasek musi mieć { $length }.
sheet-blank = Ta strona została celowo pozostawiona pusta.
sheet-cut-out = WYCIĄĆ
sheet-fold-hint = ZŁOŻYĆ zadrukiem na zewnątrz · SKLEIĆ puste strony
sheet-cut-sheet = { $game } · arkusz do cięcia { $n } z { $of }
sheet-shared-sheet = { $game } · arkusz wspólny { $n } z { $of }
sheet-print-and-cut = druk i cięcie ({ $machine }): { $how }, wczytać cut/{ $stem }.svg
sheet-duplex-cut-from-front = dwustronnie, cięcie od strony awersów
sheet-shared-finish = ciąć wzdłuż linii ciągłych, zaginać wzdłuż przerywanych, przykleić szare zakładki i podstawki
sheet-cut-finish = ciąć wzdłuż linii ciągłych

## The changelog page of a reprint: plain text.

reprint-title = { $game }: dodruk do wersji { $rev }
reprint-intro = Zmiany od ostatniego druku (wersja { $rev }). Kolejne arkusze zawierają tylko to, co trzeba wydrukować.
reprint-component-added = Nowy element { $component }: wydrukować w całości.
reprint-component-removed = Elementu { $component } już nie ma: odłożyć go.
reprint-card-added = { $component } › { $card }: nowa karta, wydrukować { $count } szt.
reprint-card-removed = { $component } › { $card }: usunięta, odłożyć { $count } szt.
reprint-card-changed = { $component } › { $card }: zmieniona ({ $what }); wydrukować ponownie wszystkie ({ $count } szt.), stare odłożyć.
reprint-faces-changed = zmieniły się jej strony (szablon lub wspólne dane)
reprint-none = (brak)
reprint-card-renamed = { $component } › { $card }: id { $from } → { $to }, te same strony.
reprint-count-up = { $component } › { $card }: liczba { $old } → { $new }, dodrukować { $n } szt.
reprint-count-down = { $component } › { $card }: liczba { $old } → { $new }, odłożyć { $n } szt.
reprint-rules = Zasady, „{ $section }”: { $how }{ $pages }.
reprint-section-new = nowa sekcja
reprint-section-changed = zmieniony tekst
reprint-section-removed = usunięta
reprint-rules-page = ; teraz na stronie { $page } pliku rules.pdf
reprint-rules-pages = ; teraz na stronach { $pages } pliku rules.pdf

## The kit at a glance (index.html), for the designer: plain text, no markup.

index-files = Pliki
# How many pages a file has, after its name.
index-file-pages =
    { $n ->
        [one] ({ $n } strona)
        [few] ({ $n } strony)
        [many] ({ $n } stron)
       *[other] ({ $n } strony)
    }
index-layout = Układ
# `{ $kit }`, `{ $file }` and `{ $key }` are kit.pdf, game.yaml and the setting, shown as code.
index-calibration = Rewersy przesunięte względem awersów? { $kit } zawiera arkusz kalibracji druku dwustronnego (jego strony podaje część „Jak wydrukować ten zestaw”). Wydrukować go na drukarce, dla której przeznaczony jest zestaw, odczytać, gdzie krzyżyk z przedniej strony wypada na skalach tylnej strony, wpisać oba odczyty w milimetrach do { $file } jako { $key } (w prawo i w dół to wartości dodatnie) i ponownie zbudować zestaw. Sam arkusz podpowiada graczom, którzy nie budują zestawu od nowa, aby przesunęli tylną stronę w ustawieniach drukarki albo przesłali odczyty twórcy gry.
index-warning = Ostrzeżenie
index-components = Elementy gry
index-component = Element
index-kind = Rodzaj
index-count = Liczba
index-unique-faces = Unikalne strony
index-file = Plik
index-pages = Strony
index-manifest-check = Kontrola manifestu
index-passed = pomyślna
index-failed = niepomyślna
index-entry = Pozycja
index-declared = Zadeklarowane
index-produced = Wygenerowane
index-rules = Zasady
index-status = Stan
# The verdict of one entry of the manifest check.
index-ok = ok
index-mismatch = niezgodność
index-accepted = zaakceptowano
index-deck-stats = Statystyki talii
# `{ $file }` is deck-stats.json, a link.
index-deck-stats-intro = Prawdopodobieństwo zobaczenia każdego rodzaju karty w pierwszych dobraniach, obliczone na podstawie liczby kart podanej w danych ({ $file }).
index-deck-stats-chart = wykres statystyk talii
index-faces = Strony elementów
index-bleed = spad
index-trim = linia cięcia
index-safe = strefa bezpieczna
index-pick = element
index-all = wszystkie
index-find = karta
index-find-hint = nazwa lub wartość
index-click = kliknąć stronę, aby zobaczyć jej dane
index-copies =
    { $n ->
        [one] ({ $n } egzemplarz)
        [few] ({ $n } egzemplarze)
        [many] ({ $n } egzemplarzy)
       *[other] ({ $n } egzemplarza)
    }
index-more-faces =
    { $n ->
        [one] i jeszcze { $n } strona, pominięta na tej liście i w wyszukiwaniu: zob. plik PDF.
        [few] i jeszcze { $n } strony, pominięte na tej liście i w wyszukiwaniu: zob. plik PDF.
        [many] i jeszcze { $n } stron, pominiętych na tej liście i w wyszukiwaniu: zob. plik PDF.
       *[other] i jeszcze { $n } strony, pominięte na tej liście i w wyszukiwaniu: zob. plik PDF.
    }
index-page = strona { $n }
# `{ $file }` is the PDF, a link.
index-more-pages =
    { $n ->
        [one] i jeszcze { $n } strona: otworzyć { $file }.
        [few] i jeszcze { $n } strony: otworzyć { $file }.
        [many] i jeszcze { $n } stron: otworzyć { $file }.
       *[other] i jeszcze { $n } strony: otworzyć { $file }.
    }
# A face's side, under its picture.
index-side-front = awers
index-side-back = rewers
index-side-top = warstwa górna
index-side-die = ścianka kości { $n }
# How the sheets print when not as duplex pairs.
index-layout-gutter-fold = arkusz składany na pół: drukować jednostronnie, złożyć każdy arkusz kart wzdłuż przerywanej linii zadrukiem na zewnątrz, skleić i przeciąć przez obie warstwy
index-layout-print-and-cut = druk i cięcie: przyciąć każdy arkusz na ploterze z jego plikiem z cut/ (plików: { $n })
index-made-with = Wykonano za pomocą protopress.
