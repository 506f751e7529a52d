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
