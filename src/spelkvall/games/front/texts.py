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

# The rules panel of the match page ("Regler"): ``<id>.rules`` is read by the shared
# web/js/rules.js: blocks split by blank lines, "## " a heading, "- " lines a list, and a
# "[[name]] caption" block a picture drawn by web/rules.js (titles: front.rules.picture.*).
register(
    {
        "front.rules": (
            (
                "## Målet {#goal}\n"
                "Först till 10 poäng vinner. Du får en poäng varje gång en av dina pjäser "
                "tar sig in i en motståndares basläger.\n"
                "\n"
                "## Spelplanen {#board}\n"
                "- Tre spelare. Sexhörningen är delad i tre områden, ett per spelare, med "
                "8\u00a0×\u00a04 rutor.\n"
                "- Ditt basläger är den yttersta raden i ditt område, märkt med din form. Där "
                "står dina 8 pjäser när spelet börjar.\n"
                "- Rader och kolumner är raka linjer. En kolumn fortsätter över mitten in i "
                "en motståndares område och ner till den spelarens basläger: kolumn a–d "
                "leder till nästa spelare i tur, e–h till den andra.\n"
                "\n"
                "[[board]] Början. Prickarna visar vägen för röds (runda) pjäs på d1: upp "
                "genom kolumnen, över mitten och ner mot blås (fyrkantiga) basläger.\n"
                "\n"
                "## Vem börjar {#start}\n"
                "Alla slår tärningen en gång och den som slår högst börjar. Blir det lika "
                "slår bara de som delade högsta slaget om. Sedan går turen medurs.\n"
                "\n"
                "## En tur {#turn}\n"
                "- Slå tärningen och flytta en av dina pjäser exakt så många steg i rak "
                "linje: längs raden eller kolumnen, åt vilket håll du vill.\n"
                "- Du får inte hoppa över pjäser eller gå till en ruta där det står en pjäs.\n"
                "- Går något drag måste du göra det. Kan ingen pjäs gå exakt så långt går "
                "turen vidare.\n"
                "\n"
                "## Poäng {#points}\n"
                "- Slutar ditt drag på en ruta i en motståndares basläger får du 1 poäng. "
                "Slaget måste gå jämnt ut (en husregel låter ett för högt slag räcka).\n"
                "- Pjäsen går genast hem: du ställer den på en tom ruta i ditt eget "
                "basläger.\n"
                "\n"
                "## Ta bort en pjäs {#remove}\n"
                "- I början av din tur, i stället för att slå, får du ta bort en motståndares "
                "pjäs om två av dina linjer strålar samman på den: från två olika håll är "
                "din pjäs den första man möter längs raden eller kolumnen, med bara tomma "
                "rutor emellan. Avståndet spelar ingen roll, och linjerna fortsätter över "
                "mitten.\n"
                "- Då slutar turen och ingen pjäs flyttas. Högst en pjäs per tur, och den är "
                "ute ur spelet. Du får också slå som vanligt i stället.\n"
                "\n"
                "[[lines]] Två av röds (runda) linjer strålar samman på blås (fyrkantiga) "
                "pjäs: röd får ta bort den.\n"
                "\n"
                "## Skyddade pjäser {#protected}\n"
                "- En pjäs är skyddad när den första pjäs man möter åt något håll är en egen. "
                "Skyddet gäller åt båda hållen.\n"
                "- En skyddad pjäs kan bara tas bort när tre av dina linjer strålar samman på "
                "den.\n"
                "- Vid spelplanens ytterkant har en ruta bara tre håll (i hörnen två), så där "
                "kan en skyddad pjäs aldrig tas bort.\n"
                "\n"
                "[[protected]] Blås (fyrkantiga) pjäs skyddas av grannen i raden (heldragen "
                "linje). Röd (rund) behöver tre linjer: den tredje kommer över mitten.\n"
                "\n"
                "## Slutet {#end}\n"
                "- Den som först når 10 poäng vinner direkt.\n"
                "- Den som inte har några pjäser kvar står över resten av spelet.\n"
                "- Går det 300 turer i rad utan poäng eller borttagning blir det oavgjort."
            ),
            (
                "## The goal {#goal}\n"
                "The first to 10 points wins. You score a point each time one of your "
                "pieces gets into an opponent's base camp.\n"
                "\n"
                "## The board {#board}\n"
                "- Three players. The hexagon is split into three regions, one per player, "
                "of 8\u00a0×\u00a04 squares.\n"
                "- Your base camp is the outermost row of your region, marked with your "
                "shape. Your 8 pieces stand there at the start.\n"
                "- Rows and columns are straight lines. A column carries on across the middle"
                " into an opponent's region and down to their base camp: columns a–d lead "
                "to the next player in turn, e–h to the other.\n"
                "\n"
                "[[board]] The start. The dots show the way of red's (round) piece on d1: up "
                "its column, across the middle and down towards blue's (square) base camp.\n"
                "\n"
                "## Who starts {#start}\n"
                "Everybody rolls the die once and the highest roll starts. On a tie only "
                "those who shared the highest roll roll again. Then play goes clockwise.\n"
                "\n"
                "## A turn {#turn}\n"
                "- Roll the die and move one of your pieces exactly that many steps in a "
                "straight line: along its row or column, in any direction.\n"
                "- You may not jump over pieces or move to a square with a piece on it.\n"
                "- If any move is possible you must make one. If no piece can move exactly "
                "that far, the turn passes.\n"
                "\n"
                "## Points {#points}\n"
                "- When your move ends on a square of an opponent's base camp you score 1 "
                "point. The roll must be exact (a house rule lets a higher roll do).\n"
                "- The piece goes home at once: you put it on an empty square of your own "
                "base camp.\n"
                "\n"
                "## Removing a piece {#remove}\n"
                "- At the start of your turn, instead of rolling, you may remove an "
                "opponent's piece when two of your lines converge on it: from two different "
                "directions, the first piece met along the row or column is yours, with "
                "only empty squares between. The distance does not matter, and lines carry "
                "on across the middle.\n"
                "- That ends your turn and nothing moves. At most one piece per turn, and it "
                "is out of the game. You may also roll as usual instead.\n"
                "\n"
                "[[lines]] Two of red's (round) lines converge on blue's (square) piece: red "
                "may remove it.\n"
                "\n"
                "## Protected pieces {#protected}\n"
                "- A piece is protected when the first piece met in some direction is one of"
                " its own. The protection works both ways.\n"
                "- A protected piece can only be removed when three of your lines converge "
                "on it.\n"
                "- On the edge of the board a square has only three directions (two in the "
                "corners), so a protected piece there can never be removed.\n"
                "\n"
                "[[protected]] Blue's (square) piece is protected by its neighbour in the row"
                " (solid line). Red (round) needs three lines: the third comes across the "
                "middle.\n"
                "\n"
                "## The end {#end}\n"
                "- The first to reach 10 points wins at once.\n"
                "- A player with no pieces left sits out the rest of the game.\n"
                "- After 300 turns in a row without a point or a removal the game is a draw."
            ),
        ),
        "front.rules.picture.board": (
            "Spelplanen vid start: tre områden med 8 pjäser i varje basläger, och vägen "
            "för röds pjäs på d1 upp genom kolumnen, över mitten och ner mot blås basläger",
            "The board at the start: three regions with 8 pieces in each base camp, and the "
            "way of red's piece on d1 up its column, across the middle and down towards "
            "blue's base camp",
        ),
        "front.rules.picture.lines": (
            "Röds område: en blå fyrkant på d3, röda rundlar på d1 och g3. Två streckade "
            "linjer strålar samman på den blå pjäsen, som är inringad: röd får ta bort den",
            "Red's region: a blue square on d3, red circles on d1 and g3. Two dashed lines "
            "converge on the blue piece, which is ringed: red may remove it",
        ),
        "front.rules.picture.protected": (
            "Röds område: blå fyrkanter på d3 och b3, förenade av en heldragen linje, så d3 "
            "är skyddad. Röda rundlar på d1, g3 och över mitten i blås e4 ger tre streckade "
            "linjer mot d3: röd får ta bort den",
            "Red's region: blue squares on d3 and b3, joined by a solid line, so d3 is "
            "protected. Red circles on d1, g3 and across the middle on blue's e4 give three "
            "dashed lines to d3: red may remove it",
        ),
    }
)

# The win screen: the unit of the scores and the line of recap (``Front.recap``).
register(
    {
        "front.score.value": ("{score} poäng", "{score} points"),
        "front.score.value_one": ("{score} poäng", "{score} point"),
        "front.recap.won_none": (
            "{name} vann med {points} utan att ta bort en enda pjäs.",
            "{name} won with {points} without removing a single piece.",
        ),
        "front.recap.won_one": (
            "{name} vann med {points} och tog bort en pjäs.",
            "{name} won with {points} and removed one piece.",
        ),
        "front.recap.won_many": (
            "{name} vann med {points} och tog bort {n} pjäser.",
            "{name} won with {points} and removed {n} pieces.",
        ),
        "front.recap.draw": (
            "Oavgjort: {turns} drag i rad utan poäng eller borttagning.",
            "A draw: {turns} turns in a row without a point or a removal.",
        ),
    }
)

# The guided first game ("Lär dig spela", tutorial.py): one bubble per kind of decision. The
# remove and throw bubbles open together (both are offered at once), remove first.
register(
    {
        "front.tutorial.intro": (
            "Välkommen till Front! Du spelar mot två datorer. Du får en poäng när en av dina "
            "pjäser tar sig in i en motståndares basläger, och i den här övningen vinner den "
            "som först får 2 poäng (annars 10).",
            "Welcome to Front! You play against two computers. You score a point when one of "
            "your pieces gets into an opponent's base camp, and in this practice game the "
            "first to 2 points wins (normally 10).",
        ),
        "front.tutorial.roll": (
            "Slå tärningen: först om vem som börjar (högst börjar), sedan i varje tur. Du "
            "måste sedan flytta en pjäs exakt så många steg.",
            "Roll the die: first to see who starts (highest starts), then every turn. You "
            "must then move one piece exactly that many steps.",
        ),
        "front.tutorial.move": (
            "Välj en markerad pjäs och sedan en markerad ruta. Pjäsen går rakt längs sin rad "
            "eller kolumn, utan att hoppa över pjäser; kolumnerna fortsätter över mitten ner "
            "till en motståndares basläger. Slutar draget där får du en poäng.",
            "Choose a highlighted piece, then a highlighted square. The piece goes straight "
            "along its row or column without jumping over pieces; the columns carry on "
            "across the middle down to an opponent's base camp. End your move there and you "
            "score a point.",
        ),
        "front.tutorial.return": (
            "Poäng! Pjäsen går genast hem: välj en av de markerade tomma rutorna i ditt "
            "basläger för den.",
            "A point! The piece goes home at once: choose one of the highlighted empty "
            "squares of your base camp for it.",
        ),
        "front.tutorial.remove": (
            "Två av dina linjer strålar samman på en motståndares pjäs: från två håll är din "
            "pjäs den första man möter. Du får ta bort den ringade pjäsen i stället för att "
            "slå; den är ute ur spelet. En skyddad pjäs (en egen pjäs i linje) kräver tre.",
            "Two of your lines converge on an opponent's piece: from two sides your piece is "
            "the first one met. You may remove the ringed piece instead of rolling; it is "
            "out of the game. A protected piece (one of its own in line) needs three.",
        ),
        "front.tutorial.throw": (
            "… eller slå tärningen och flytta som vanligt.",
            "… or roll the die and move as usual.",
        ),
        "front.tutorial.end": (
            "Så spelas Front! Starta ett riktigt parti från lobbyn: där vinner den som först "
            "når 10 poäng.",
            "That is how Front is played! Start a real game from the lobby: there the first "
            "to 10 points wins.",
        ),
    }
)
