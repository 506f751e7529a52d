"""Front's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import register

register(
    {
        "front.title": ("Front", "Front"),
        "front.score": ("Poäng", "Points"),
        "front.option.depth": ("Rader per spelares område (D)", "Rows per player's region (D)"),
        "front.option.target": ("Poäng som vinner", "Points to win"),
        "front.option.exact_score": (
            "Poäng bara med exakt slag in i ett basläger",
            "Score only by entering a base camp with the exact roll",
        ),
        "front.option.removed_return": (
            "Borttagna pjäser går tillbaka till ägarens basläger",
            "Removed pieces go back to their owner's base camp",
        ),
        "front.option.threat_range": (
            "Hot och skydd räknas högst så många steg bort (0 = hur långt som helst)",
            "Threat and protection count at most this many steps away (0 = any distance)",
        ),
        "front.option.rolloff": ("Vid lika slag om vem som börjar", "On a tie for who starts"),
        "front.option.rolloff.tied": ("slår bara de som delar högsta", "only the tied roll again"),
        "front.option.rolloff.all": ("slår alla om", "everybody rolls again"),
        "front.option.draw_turns": (
            "Oavgjort efter så många drag i rad utan poäng eller borttagning",
            "Draw after this many turns in a row without a point or a removal",
        ),
        "front.action.roll": ("Slå {value}", "Roll {value}"),
        "front.action.throw": ("Slå tärningen", "Roll the die"),
        "front.action.move": (
            "Flytta pjäsen på {square} (område {region}) {dir}",
            "Move the piece on {square} (region {region}) {dir}",
        ),
        "front.action.remove": (
            "Ta bort pjäsen på {square} (område {region})",
            "Remove the piece on {square} (region {region})",
        ),
        "front.action.return": (
            "Ställ pjäsen på {square} i baslägret",
            "Put the piece on {square} of the base camp",
        ),
        "front.dir.0": ("åt vänster", "left"),
        "front.dir.1": ("åt höger", "right"),
        "front.dir.2": ("nedåt", "down"),
        "front.dir.3": ("uppåt", "up"),
        "front.where": ("{owner_pos} {square}", "{owner_pos} {square}"),
        "front.move_to": (
            "Flytta {src} {dir} till {dst}",
            "Move {src} {dir} to {dst}",
        ),
        "front.scores_point": ("poäng!", "a point!"),
        "front.piece_on": ("{owner_pos} pjäs på {square}", "{owner_pos} piece on {square}"),
        "front.remove_at": (
            "Ta bort {victim_pos} pjäs på {square}",
            "Remove {victim_pos} piece on {square}",
        ),
        "front.throw_instead": (
            "Slå tärningen i stället för att ta bort",
            "Roll the die instead of removing",
        ),
        "front.return_to": ("Ställ pjäsen på {square}", "Put the piece on {square}"),
        "front.event.rolloff": (
            "{name} slår {value} om vem som börjar.",
            "{name} rolls {value} to see who starts.",
        ),
        "front.event.rolloff_tie": (
            "Lika ({value}) mellan {names}: omslag.",
            "A tie ({value}) between {names}: roll again.",
        ),
        "front.event.starts": (
            "{name} slog högst och börjar.",
            "{name} rolled highest and starts.",
        ),
        "front.event.throws": (
            "{name} tar inte bort någon pjäs utan slår tärningen.",
            "{name} removes no piece and rolls the die.",
        ),
        "front.event.rolled": ("{name} slår {value}.", "{name} rolls {value}."),
        "front.event.no_move": (
            "{name} kan inte flytta någon pjäs exakt så långt.",
            "{name} cannot move any piece exactly that far.",
        ),
        "front.event.moved": (
            "{name} flyttar från {src} till {dst}.",
            "{name} moves from {src} to {dst}.",
        ),
        "front.event.scored": (
            "{name} tar sig in i {camp_pos} basläger: {score} poäng!",
            "{name} gets into {camp_pos} base camp: {score} points!",
        ),
        "front.event.returned": (
            "{name} ställer pjäsen på {square} i sitt basläger.",
            "{name} puts the piece on {square} of their base camp.",
        ),
        "front.event.removed": (
            "{name} tar bort {victim_pos} pjäs på {square}!",
            "{name} removes {victim_pos} piece on {square}!",
        ),
        "front.event.sent_back": (
            "{name_pos} pjäs går tillbaka till {square} i baslägret.",
            "{name_pos} piece goes back to {square} of the base camp.",
        ),
        "front.event.eliminated": (
            "{name} har inga pjäser kvar och står över resten av spelet.",
            "{name} has no pieces left and sits out the rest of the game.",
        ),
        "front.event.won": (
            "{name} når {target} poäng och vinner!",
            "{name} reaches {target} points and wins!",
        ),
        "front.event.draw": (
            "{turns} drag i rad utan poäng eller borttagning: oavgjort.",
            "{turns} turns in a row without a point or a removal: a draw.",
        ),
        "front.event.turn": ("Det är {name_pos} tur.", "It is {name_pos} turn."),
        # --- the terminal view (terminal.py) -----------------------------------------------
        "front.cli.intro": (
            "Alla slår tärningen om vem som börjar.",
            "Everyone rolls the die to see who starts.",
        ),
        "front.cli.die": ("Tärning", "Die"),
        "front.cli.region": ("{mark} {name_pos} område", "{mark} {name_pos} region"),
        "front.cli.legend": (
            "{mark} {name} ({colour}{bot}): {score}/{target} poäng, {pieces} pjäser",
            "{mark} {name} ({colour}{bot}): {score}/{target} points, {pieces} pieces",
        ),
        "front.cli.bot": (", dator", ", computer"),
        "front.cli.removable": (
            "Kan tas bort: {list}",
            "May be removed: {list}",
        ),
        "front.cli.quiet": (
            "Drag utan poäng eller borttagning: {quiet} av {limit}",
            "Turns without a point or a removal: {quiet} of {limit}",
        ),
    }
)

# The game's web page (web/page.js), beside the client's shared ``web.*`` strings.
register(
    {
        "front.web.rolloff_banner": ("Vem börjar?", "Who starts?"),
        "front.web.rolls": ("slår tärningen", "rolls the die"),
        "front.web.score": ("{score}/{target} poäng", "{score}/{target} points"),
        "front.web.pieces": ("{n} pjäser", "{n} pieces"),
        "front.web.choose_piece": (
            "Välj en markerad pjäs, sedan en markerad ruta.",
            "Choose a highlighted piece, then a highlighted square.",
        ),
        "front.web.choose_target": (
            "Välj en markerad ruta för pjäsen på {square}.",
            "Choose a highlighted square for the piece on {square}.",
        ),
        "front.web.decide": (
            "Ta bort en markerad pjäs, eller slå tärningen.",
            "Remove a highlighted piece, or roll the die.",
        ),
        "front.web.return": (
            "Poäng! Välj en tom ruta i ditt basläger för pjäsen.",
            "A point! Choose an empty square of your base camp for the piece.",
        ),
        "front.web.no_piece_here": (
            "Den pjäsen kan inte flytta {value} steg.",
            "That piece cannot move {value} steps.",
        ),
        "front.web.square": ("{owner_pos} {square}", "{owner_pos} {square}"),
        "front.web.protected": ("skyddad: 3 behövs", "protected: 3 needed"),
        "front.web.quiet": (
            "{quiet}/{limit} drag utan poäng eller borttagning",
            "{quiet}/{limit} turns without a point or a removal",
        ),
        "front.web.rolloff_done": ("{name} började", "{name} started"),
        "front.web.rolloff_title": (
            "Vem börjar? Den som slår högst.",
            "Who starts? Highest roll starts.",
        ),
        "front.web.board": (
            "Spelplanen: en sexhörning med tre områden",
            "The board: a hexagon of three regions",
        ),
    }
)
