"""Fia's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import register

register(
    {
        "fia.title": ("Fia med knuff", "Ludo (Fia med knuff)"),
        "fia.option.three_tries": (
            "Tre försök att slå 1 eller 6 när inga pjäser är ute",
            "Three tries to roll a 1 or 6 with no piece on the board",
        ),
        "fia.option.play_on": (
            "Spela vidare om placeringarna efter första vinnaren",
            "Play on for the places after the first winner",
        ),
        "fia.action.roll": ("Slå {value}", "Roll {value}"),
        "fia.action.move": ("Flytta pjäs {piece}", "Move piece {piece}"),
        "fia.action.enter": (
            "Gå ut med en pjäs till ruta 1",
            "Bring one piece out to square 1",
        ),
        "fia.action.enter_two": (
            "Gå ut med två pjäser till ruta 1",
            "Bring two pieces out to square 1",
        ),
        "fia.action.enter_six": (
            "Gå ut med en pjäs till ruta 6",
            "Bring one piece out to square 6",
        ),
        "fia.where.nest": ("boet", "the nest"),
        "fia.where.square": ("ruta {n}", "square {n}"),
        "fia.where.lane": ("mittfält {n}", "middle square {n}"),
        "fia.where.goal": ("mål", "the goal"),
        "fia.move_to": (
            "Flytta pjäs {piece} från {src} till {dst}",
            "Move piece {piece} from {src} to {dst}",
        ),
        "fia.knocks_out": ("slår ut {victim}", "knocks out {victim}"),
        "fia.event.rolloff": (
            "{name} slår {value} om vem som börjar.",
            "{name} rolls {value} to see who starts.",
        ),
        "fia.event.rolloff_tie": (
            "Lika ({value})! {names} slår om.",
            "A tie ({value})! {names} roll again.",
        ),
        "fia.event.starts": ("{name} slog högst och börjar.", "{name} rolled highest and starts."),
        "fia.event.rolled": ("{name} slår {value}.", "{name} rolls {value}."),
        "fia.event.entered": (
            "{name} går ut med en pjäs till ruta {to}.",
            "{name} brings a piece out to square {to}.",
        ),
        "fia.event.moved": (
            "{name} flyttar pjäs {piece} från {src} till {dst}.",
            "{name} moves piece {piece} from {src} to {dst}.",
        ),
        "fia.event.knocked_out": (
            "{by} slog ut {victim_pos} pjäs!",
            "{by} knocked out {victim_pos} piece!",
        ),
        "fia.event.goal": ("{name} har en pjäs i mål.", "{name} has a piece in the goal."),
        "fia.event.finished": (
            "{name} har alla pjäser i mål och kommer på plats {place}.",
            "{name} has every piece home and takes place {place}.",
        ),
        "fia.event.game_over": ("{name} vinner!", "{name} wins!"),
        "fia.event.bonus_roll": (
            "En sexa: {name} slår igen med samma pjäs.",
            "A six: {name} rolls again with the same piece.",
        ),
        "fia.event.try_again": (
            "{name} har använt {tries} av 3 försök och får slå igen.",
            "{name} has used {tries} of 3 tries and may roll again.",
        ),
        "fia.event.no_move": ("{name} kan inte flytta.", "{name} cannot move."),
        "fia.event.turn": ("Det är {name_pos} tur.", "It is {name_pos} turn."),
        # --- the terminal view (terminal.py) -----------------------------------------------
        "fia.cli.intro": (
            "Alla slår tärningen om vem som börjar.",
            "Everyone rolls the die to see who starts.",
        ),
        "fia.cli.die": ("Tärning", "Die"),
        "fia.cli.legend": ("{mark} {name} ({colour}{bot})", "{mark} {name} ({colour}{bot})"),
        "fia.cli.count": (
            "   boet {nest} · ute {out} · mål {goal}",
            "   nest {nest} · out {out} · home {goal}",
        ),
        "fia.cli.bot": (", dator", ", computer"),
        "fia.cli.key": (
            "[ ] startruta  · bana  - mittfält  ★ mål  ○ boplats",
            "[ ] start  · track  - middle lane  ★ goal  ○ nest slot",
        ),
        "fia.cli.knocks_out": ("slår ut {victim_pos} pjäs", "knocks out {victim_pos} piece"),
        "fia.cli.stops_at": ("stannar på {dst}", "stops on {dst}"),
    }
)

# The game's web page (web/page.js), beside the client's shared ``web.*`` strings.
register(
    {
        "fia.web.rolloff_banner": ("Vem börjar?", "Who starts?"),
        "fia.web.rolls": ("slår tärningen", "rolls the die"),
        "fia.web.rolloff_title": (
            "Vem börjar? Den som slår högst.",
            "Who starts? Highest roll starts.",
        ),
        "fia.web.rolloff_done": ("{name} började", "{name} started"),
        "fia.web.rolloff_round": ("Omgång {n}:", "Round {n}:"),
        "fia.web.rolloff_waiting": ("Ska slå: {names}", "Still to roll: {names}"),
        "fia.web.nest_needs": (
            "Med en {value}:a kommer ingen pjäs ut ur boet – det krävs en 1:a eller 6:a.",
            "A {value} brings no piece out of the nest – that takes a 1 or a 6.",
        ),
        "fia.web.choose_move_hint": (
            "Klicka på en markerad pjäs eller ruta, eller välj här:",
            "Click a highlighted piece or square, or choose here:",
        ),
        "fia.web.enter_to": (
            "Gå ut med en pjäs till ruta {to}",
            "Bring one piece out to square {to}",
        ),
        "fia.web.home": ("{n}/4 i mål", "{n}/4 home"),
    }
)

# The rules panel of the match page ("Regler"): ``<id>.rules`` is read by the shared
# web/js/rules.js: blocks split by blank lines, "## " a heading (its "{#id}" the section the
# turn banner links to, the same in both languages), "- " lines a list.
register(
    {
        "fia.rules": (
            (
                "## Målet {#goal}\n"
                "Först att få alla fyra pjäser i mål vinner.\n"
                "\n"
                "## Vem börjar {#start}\n"
                "Alla slår tärningen en gång. Högst börjar; blir det lika slår bara de som "
                "delar högsta slaget om. Sedan går turen medurs.\n"
                "\n"
                "## En tur {#turn}\n"
                "- Slå tärningen och flytta en pjäs så många rutor. Går ett drag måste du "
                "göra det.\n"
                "- Slår du en sexa slår du igen efter draget, och då måste samma pjäs flytta."
                " Kan den inte, är turen slut.\n"
                "\n"
                "## Ut ur boet {#nest}\n"
                "- En etta ställer en pjäs på startrutan.\n"
                "- En sexa ställer två pjäser på startrutan, eller en pjäs på ruta 6 (eller "
                "flyttar en pjäs på brädet sex steg).\n"
                "- 2–5 tar inga pjäser ut. Står en egen pjäs på startrutan kommer ingen ut.\n"
                "\n"
                "## På banan {#track}\n"
                "- Banan är 40 rutor medurs. Motståndarnas pjäser hindrar inte.\n"
                "- Egna pjäser går man inte förbi: står en egen pjäs inom räckhåll stannar du"
                " rutan bakom den.\n"
                "- Knuff: landar du på en motståndares pjäs går den tillbaka till sitt bo och"
                " behöver en etta eller sexa för att komma ut igen.\n"
                "- Efter ett varv går pjäsen in på sitt eget mittfält (fyra rutor). Där kan "
                "ingen slå ut den.\n"
                "\n"
                "## Målet {#finish}\n"
                "Målrutan nås bara med exakt rätt antal steg. Ett för stort slag kan den "
                "pjäsen inte använda; ett mindre för den närmare. Hur många pjäser som helst "
                "får stå i mål."
            ),
            (
                "## The goal {#goal}\n"
                "The first to bring all four pieces into the goal wins.\n"
                "\n"
                "## Who starts {#start}\n"
                "Everybody rolls the die once. The highest starts; on a tie only those "
                "sharing the highest roll again. Then the turn goes clockwise.\n"
                "\n"
                "## A turn {#turn}\n"
                "- Roll the die and move one piece that many squares. If a move is possible "
                "you must make one.\n"
                "- After a six you roll again once you have moved, and the same piece must "
                "move. If it cannot, the turn ends.\n"
                "\n"
                "## Out of the nest {#nest}\n"
                "- A one puts a piece on the start square.\n"
                "- A six puts two pieces on the start square, or one piece on square 6 (or "
                "moves a piece on the board six squares).\n"
                "- 2–5 bring nothing out. With an own piece on the start square nobody comes "
                "out.\n"
                "\n"
                "## On the track {#track}\n"
                "- The track has 40 squares, clockwise. Opponents' pieces do not block.\n"
                "- You never pass your own pieces: with an own piece within reach you stop on"
                " the square behind it.\n"
                "- Knock-out: landing on an opponent's piece sends it back to its nest; it "
                "needs a one or a six to come out again.\n"
                "- After a lap the piece turns into its own middle lane (four squares). "
                "Nobody can knock it out there.\n"
                "\n"
                "## The goal square {#finish}\n"
                "The goal square is reached only with the exact number. A roll too large "
                "cannot be used by that piece; a smaller one moves it closer. Any number of "
                "pieces may stand in the goal."
            ),
        ),
    }
)

# The guided first game ("Lär dig spela", tutorial.py): one bubble per kind of decision.
register(
    {
        "fia.tutorial.intro": (
            "Välkommen till Fia! Du spelar röd mot en dator. Först till mål med alla fyra "
            "pjäser vinner. Guiden förklarar varje nytt val när det dyker upp.",
            "Welcome to Ludo! You play red against a computer. The first to bring all four "
            "pieces home wins. The guide explains each new choice as it comes up.",
        ),
        "fia.tutorial.roll": (
            "Slå tärningen: först om vem som börjar (högst börjar), sedan för att flytta. "
            "En 6:a ger ett extra slag, som samma pjäs måste använda.",
            "Roll the die: first to see who starts (highest starts), then to move. "
            "A 6 gives you another roll, for the same piece.",
        ),
        "fia.tutorial.enter_two": (
            "Med en 6:a går du ut ur boet: två pjäser till ruta 1 …",
            "With a 6 you leave the nest: two pieces onto square 1 …",
        ),
        "fia.tutorial.enter_six": (
            "… eller en pjäs direkt till ruta 6. Knapparna visar dina val.",
            "… or one piece straight to square 6. The buttons show your choices.",
        ),
        "fia.tutorial.enter": (
            "En 1:a tar en pjäs ut ur boet till ruta 1.",
            "A 1 brings one piece out of the nest onto square 1.",
        ),
        "fia.tutorial.move": (
            "Välj vilken pjäs som går så många steg som tärningen visar. Landar du på en "
            "motståndare knuffar du hem den till boet. In i mål krävs exakt rätt antal.",
            "Choose which piece moves as many steps as the die shows. Land on an opponent "
            "and you knock it back to its nest. Going home takes the exact number.",
        ),
        "fia.tutorial.end": (
            "Bra spelat! Nu kan du Fia. Starta ett riktigt spel från lobbyn.",
            "Well played! Now you know Ludo. Start a real game from the lobby.",
        ),
    }
)

# The win screen's line of recap (``Fia.recap``).
register(
    {
        "fia.recap.none": (
            "{name} fick hem alla fyra pjäserna först, utan att knuffa ut någon.",
            "{name} got all four pieces home first without knocking anybody out.",
        ),
        "fia.recap.one": (
            "{name} fick hem alla fyra pjäserna först och knuffade ut en pjäs på vägen.",
            "{name} got all four pieces home first and knocked out one piece on the way.",
        ),
        "fia.recap.many": (
            "{name} fick hem alla fyra pjäserna först och knuffade ut {n} pjäser på vägen.",
            "{name} got all four pieces home first and knocked out {n} pieces on the way.",
        ),
        "fia.recap.most_knocks": (
            "Flest knuffar: {name} ({n}).",
            "Most knock-outs: {name} ({n}).",
        ),
    }
)
