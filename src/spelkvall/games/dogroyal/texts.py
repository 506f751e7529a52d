"""DogRoyal's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import register

register(
    {
        "dogroyal.title": ("DogRoyal", "DogRoyal"),
        # options
        "dogroyal.option.teams": (
            "Fyra spelare spelar i två lag (partnern mittemot)",
            "Four players play in two teams (partner opposite)",
        ),
        "dogroyal.option.play_on": (
            "Alla mot alla: spela vidare om placeringarna efter första vinnaren",
            "Free-for-all: play on for the places after the first winner",
        ),
        "dogroyal.option.plus4_green": (
            "Hela ±4-kortet är grönt (även +4 struntar i rangordningen)",
            "The whole ±4 card is green (+4 ignores rank too)",
        ),
        "dogroyal.option.king_uses_one": (
            "Kungen får använda ettan på 1/11-kortet",
            "The King may use the 1 of the 1/11 card",
        ),
        "dogroyal.option.green_hits_king": (
            "Gröna kort får slå en kung",
            "Green cards may hit a King",
        ),
        "dogroyal.option.goal_entry_optional": (
            "Man får gå förbi målet och stanna på banan",
            "A piece may run past its goal and stay on the track",
        ),
        "dogroyal.option.special_offset": (
            "Specialfältens plats i varje kvarter (fält efter startfältet)",
            "Where the special fields lie in each quarter (fields after the start)",
        ),
        "dogroyal.option.citizen_jump_optional": (
            "Borgarens hopp är frivilligt",
            "The Citizen's jump is optional",
        ),
        "dogroyal.option.citizen_jump_draws": (
            "Borgaren drar ett kort till på fältet han hoppar till",
            "The Citizen draws another card on the field he jumps to",
        ),
        "dogroyal.option.swap_own": (
            "Byt-kortet får byta plats på två egna pjäser",
            "The Swap card may swap two own pieces",
        ),
        "dogroyal.option.king_swap_any_distance": (
            "Magnet och Byt får flytta kungen hur långt som helst (annars högst 7 fält)",
            "Magnet and Swap may move the King any distance (else at most 7 fields)",
        ),
        "dogroyal.option.copy_across_rounds": (
            "=-kortet får kopiera förra omgångens sista kort",
            "The = card may copy the last card of the previous round",
        ),
        "dogroyal.option.reshuffle_keeps_top": (
            "Översta kortet i slänghögen ligger kvar när högen blandas",
            "The top discard stays when the pile is reshuffled",
        ),
        "dogroyal.option.special_draw_reshuffle": (
            "Är leken slut när någon landar på ett specialfält blandas slänghögen",
            "An empty deck is refilled from the discard pile for a special-field draw",
        ),
        "dogroyal.option.first_dealer_random": (
            "Den som ger först lottas (annars ger första spelaren)",
            "The first dealer is drawn at random (else the first player deals)",
        ),
        "dogroyal.option.first_round_placement": (
            "Vid start ställer var och en ut en valfri pjäs",
            "At the start everyone puts one piece of choice out",
        ),
        "dogroyal.option.cheat_enabled": (
            "Fusk: fuska en gång och avslöja en gång per fem omgångar",
            "Cheating: cheat once and accuse once every five rounds",
        ),
        "dogroyal.option.round_limit": (
            "Spelet slutar efter så här många omgångar",
            "The game ends after this many rounds",
        ),
        # cards and pieces
        "dogroyal.card.2": ("2", "2"),
        "dogroyal.card.3": ("3", "3"),
        "dogroyal.card.4": ("±4", "±4"),
        "dogroyal.card.5": ("5", "5"),
        "dogroyal.card.6": ("6", "6"),
        "dogroyal.card.1-7": ("1–7", "1–7"),
        "dogroyal.card.8": ("8", "8"),
        "dogroyal.card.9": ("9", "9"),
        "dogroyal.card.10": ("10", "10"),
        "dogroyal.card.11": ("1/11", "1/11"),
        "dogroyal.card.12": ("12", "12"),
        "dogroyal.card.13": ("13", "13"),
        # The Tauscher is "Byt" in Swedish, everywhere (a German card name nobody says).
        "dogroyal.card.swap": ("Byt", "Swap"),
        "dogroyal.card.magnet": ("Magnet", "Magnet"),
        "dogroyal.card.copy": ("= (kopia)", "= (copy)"),
        "dogroyal.piece.king": ("kungen", "the King"),
        "dogroyal.piece.knight": ("riddaren", "the Knight"),
        "dogroyal.piece.citizen": ("borgaren", "the Citizen"),
        "dogroyal.piece.fool": ("narren", "the Fool"),
        "dogroyal.piece_of.king": ("{owner} kung", "{owner} King"),
        "dogroyal.piece_of.knight": ("{owner} riddare", "{owner} Knight"),
        "dogroyal.piece_of.citizen": ("{owner} borgare", "{owner} Citizen"),
        "dogroyal.piece_of.fool": ("{owner} narr", "{owner} Fool"),
        "dogroyal.own.king": ("sin kung", "their King"),
        "dogroyal.own.knight": ("sin riddare", "their Knight"),
        "dogroyal.own.citizen": ("sin borgare", "their Citizen"),
        "dogroyal.own.fool": ("sin narr", "their Fool"),
        "dogroyal.player": ("spelare {n}", "player {n}"),
        "dogroyal.player_pos": ("spelare {n}:s", "player {n}'s"),
        "dogroyal.where.kennel": ("kenneln", "the kennel"),
        "dogroyal.where.field": ("fält {n}", "field {n}"),
        "dogroyal.where.goal": ("målfält {n}", "goal field {n}"),
        # actions
        "dogroyal.action.dealer": ("Spelare {n} ger först", "Player {n} deals first"),
        "dogroyal.action.draw": ("Dra {card}", "Draw {card}"),
        "dogroyal.action.give": ("Ge {card} till partnern", "Give {card} to your partner"),
        "dogroyal.action.place": (
            "Ställ {piece} på startfältet",
            "Put {piece} on the start field",
        ),
        "dogroyal.action.jump": (
            "Hoppa till nästa lediga specialfält",
            "Jump to the next free special field",
        ),
        "dogroyal.action.stay": ("Stanna kvar", "Stay"),
        "dogroyal.action.accuse": ("Anklaga {name} för fusk", "Accuse {name} of cheating"),
        "dogroyal.action.forfeit": ("Kasta {card}", "Discard {card}"),
        "dogroyal.action.play": ("Spela {card}", "Play {card}"),
        "dogroyal.play.start": ("Spela {card}: ställ ut {piece}", "Play {card}: bring out {piece}"),
        "dogroyal.play.forward": (
            "Spela {card}: {piece} {steps} steg framåt",
            "Play {card}: {piece} {steps} forward",
        ),
        "dogroyal.play.forward_goal": (
            "Spela {card}: {piece} {steps} steg in i målet",
            "Play {card}: {piece} {steps} into the goal",
        ),
        "dogroyal.play.back": (
            "Spela {card}: {piece} 4 steg bakåt",
            "Play {card}: {piece} 4 back",
        ),
        "dogroyal.play.magnet": (
            "Spela {card}: {piece} {steps} steg fram till pjäsen framför",
            "Play {card}: {piece} {steps} up to the piece ahead",
        ),
        "dogroyal.play.swap": (
            "Spela {card}: byt plats på {piece} och {target}",
            "Play {card}: swap {piece} with {target}",
        ),
        "dogroyal.play.cheat": ("(fusk {delta})", "(cheat {delta})"),
        # why a card cannot be played now (why.py; the view's why_not)
        "dogroyal.why.copy_none": (
            "= kopierar det senast spelade kortet, och inget kort har spelats.",
            "= copies the last card played, and no card has been played.",
        ),
        "dogroyal.why.copy_copy": (
            "= kan inte kopiera ett annat =.",
            "= cannot copy another =.",
        ),
        "dogroyal.why.copy_round": (
            "= kopierar bara kort spelade i den här omgången.",
            "= only copies cards played in this round.",
        ),
        "dogroyal.why.kennel": (
            "Alla dina pjäser står i kenneln: bara 1/11 och 13 ställer ut en pjäs.",
            "All your pieces are in the kennel: only 1/11 and 13 bring a piece out.",
        ),
        "dogroyal.why.start_taken": (
            "Din egen pjäs står på startfältet, så ingen kan ställas ut, och ingen pjäs kan gå "
            "så långt.",
            "Your own piece stands on the start field, so none can come out, and no piece can "
            "move that far.",
        ),
        "dogroyal.why.king": (
            "Bara kungen är ute, och kungen får inte använda {card} (överkorsad krona).",
            "Only the King is out, and the King may not use {card} (crossed crown).",
        ),
        "dogroyal.why.goal": (
            "Pjäserna i målet kan inte gå så långt, och i målet hoppar man inte över någon.",
            "The pieces in the goal cannot move that far, and nothing is jumped in the goal.",
        ),
        "dogroyal.why.swap": (
            "Byt kräver en egen pjäs och en annans pjäs på banan (inte i kenneln, i målet "
            "eller spärrade på sitt startfält).",
            "Swap needs an own piece and another colour's piece on the track (not in the "
            "kennel, the goal, or blocking their start field).",
        ),
        "dogroyal.why.magnet": (
            "Magneten behöver en pjäs längre fram på banan med minst ett tomt fält emellan.",
            "The Magnet needs a piece further ahead on the track with a free field between.",
        ),
        "dogroyal.why.blocked": (
            "Ingen pjäs kan gå med {card}: ett spärrat startfält, en pjäs med högre rang eller "
            "målet är i vägen.",
            "No piece can move with {card}: a blocked start field, a piece of higher rank or "
            "the goal is in the way.",
        ),
        # describe_action (labels.py): what a legal action does, with fields and names
        "dogroyal.move.copy_as": ("= som {card}", "= as {card}"),
        "dogroyal.move.place": (
            "Ställ ut {piece} på startfältet ({field})",
            "Put {piece} out on the start field ({field})",
        ),
        "dogroyal.move.jump": (
            "Hoppa med {piece} från {src} till {dst}",
            "Jump {piece} from {src} to {dst}",
        ),
        "dogroyal.move.stay": ("Stanna kvar på {field}", "Stay on {field}"),
        "dogroyal.move.start": (
            "Spela {card}: ställ ut {piece} på startfältet ({field})",
            "Play {card}: bring {piece} out onto the start field ({field})",
        ),
        "dogroyal.move.swap": (
            "Spela {card}: byt {piece} på {src} mot {target} på {dst}",
            "Play {card}: swap {piece} on {src} with {target} on {dst}",
        ),
        "dogroyal.move.magnet": (
            "Spela {card}: {piece} {steps} steg fram till {dst}, bakom {ahead}",
            "Play {card}: {piece} {steps} forward to {dst}, behind {ahead}",
        ),
        "dogroyal.move.back": (
            "Spela {card}: {piece} 4 steg bakåt till {dst}",
            "Play {card}: {piece} 4 back to {dst}",
        ),
        "dogroyal.move.forward": (
            "Spela {card}: {piece} {steps} steg till {dst}",
            "Play {card}: {piece} {steps} forward to {dst}",
        ),
        "dogroyal.move.forward_goal": (
            "Spela {card}: {piece} {steps} steg in i målet till {dst}",
            "Play {card}: {piece} {steps} into the goal to {dst}",
        ),
        "dogroyal.move.fool_drops": (
            "(narren stryker {n} steg)",
            "(the Fool drops {n} steps)",
        ),
        "dogroyal.move.fool_drops_one": (
            "(narren stryker 1 steg)",
            "(the Fool drops 1 step)",
        ),
        "dogroyal.move.king_one": (
            "(kungen får bara ta ettan på 1/11)",
            "(the King may use only the 1 of the 1/11)",
        ),
        "dogroyal.play.hits": ("slår ut {victim}", "hits {victim}"),
        # events
        "dogroyal.event.first_dealer": ("{name} ger först.", "{name} deals first."),
        "dogroyal.event.round": (
            "Omgång {round}: {dealer} ger, {starter} börjar.",
            "Round {round}: {dealer} deals, {starter} starts.",
        ),
        "dogroyal.event.reshuffled": (
            "Slänghögen blandas in i leken ({count} kort).",
            "The discard pile is shuffled into the deck ({count} cards).",
        ),
        "dogroyal.event.chose": (
            "{name} har valt ett kort åt sin partner.",
            "{name} has chosen a card for the partner.",
        ),
        "dogroyal.event.exchanged": (
            "{a} och {b} byter kort.",
            "{a} and {b} exchange cards.",
        ),
        "dogroyal.event.received": (
            "Du får {card} av {giver}.",
            "You get {card} from {giver}.",
        ),
        "dogroyal.event.place_turn": (
            "{name} ställer ut en pjäs.",
            "{name} puts a piece out.",
        ),
        "dogroyal.event.placed": (
            "{name} ställer {piece} på startfältet.",
            "{name} puts {piece} on the start field.",
        ),
        "dogroyal.event.turn": ("Det är {name_pos} tur.", "It is {name_pos} turn."),
        "dogroyal.event.no_move": (
            "{name} kan inte spela något kort och lägger bort handen ({cards}).",
            "{name} cannot play any card and lays down the hand ({cards}).",
        ),
        "dogroyal.event.laid_down": (
            "{name} lägger bort resten av handen ({cards}).",
            "{name} lays down the rest of the hand ({cards}).",
        ),
        "dogroyal.event.played": ("{name} spelar {card}.", "{name} plays {card}."),
        "dogroyal.event.played_copy": (
            "{name} spelar = som {card}.",
            "{name} plays = as {card}.",
        ),
        "dogroyal.event.started": (
            "{name} sätter ut {piece}.",
            "{name} brings out {piece}.",
        ),
        "dogroyal.event.moved": (
            "{name} flyttar {piece} från {src} till {dst}.",
            "{name} moves {piece} from {src} to {dst}.",
        ),
        "dogroyal.event.swapped": (
            "{name} byter plats på {piece} och {other}.",
            "{name} swaps {piece} and {other}.",
        ),
        "dogroyal.event.hit": (
            "{by} slår ut {victim}, som går tillbaka till kenneln.",
            "{by} hits {victim}, back to the kennel.",
        ),
        "dogroyal.event.drew": (
            "{name} landar på ett specialfält och drar ett kort.",
            "{name} lands on a special field and draws a card.",
        ),
        "dogroyal.event.may_jump": (
            "{name} får hoppa med borgaren till nästa lediga specialfält.",
            "{name} may jump the Citizen to the next free special field.",
        ),
        "dogroyal.event.jumped": (
            "Borgaren hoppar från {src} till {dst}.",
            "The Citizen jumps from {src} to {dst}.",
        ),
        "dogroyal.event.stayed": ("Borgaren stannar.", "The Citizen stays."),
        "dogroyal.event.finished": (
            "{name} har alla fyra pjäser i mål.",
            "{name} has all four pieces home.",
        ),
        "dogroyal.event.won": ("{names} vinner!", "{names} win!"),
        "dogroyal.event.won_one": ("{names} vinner!", "{names} wins!"),
        "dogroyal.event.finished_place": (
            "{name} är klar som {place}.",
            "{name} finishes {place}.",
        ),
        "dogroyal.ordinal.1": ("etta", "first"),
        "dogroyal.ordinal.2": ("tvåa", "second"),
        "dogroyal.ordinal.3": ("trea", "third"),
        "dogroyal.ordinal.4": ("fyra", "fourth"),
        "dogroyal.event.round_limit": (
            "Spelet slutar efter {round} omgångar: flest pjäser i mål vinner.",
            "The game ends after {round} rounds: most pieces home wins.",
        ),
        "dogroyal.event.accused": (
            "{name} anklagar {target} för fusk: {verdict}",
            "{name} accuses {target} of cheating: {verdict}",
        ),
        "dogroyal.verdict.correct": ("rätt!", "correct!"),
        "dogroyal.verdict.wrong": ("fel!", "wrong!"),
        "dogroyal.event.sent_home": (
            "{piece} går tillbaka till kenneln.",
            "{piece} goes back to the kennel.",
        ),
        "dogroyal.event.forfeited": (
            "{name} måste kasta ett slumpat kort: {card}.",
            "{name} must discard a random card: {card}.",
        ),
        "dogroyal.and": ("och", "and"),
        # --- the terminal view (terminal.py) -----------------------------------------------
        "dogroyal.cli.intro": (
            "Korten blandas och delas ut, fem till var och en.",
            "The cards are shuffled and dealt, five to everyone.",
        ),
        "dogroyal.cli.hand": ("{name}, dina kort: {cards}.", "{name}, your cards: {cards}."),
        "dogroyal.cli.from": ("(från {name})", "(from {name})"),
        "dogroyal.cli.give_to": (
            "Välj ett kort att ge till din partner {partner}.",
            "Choose a card to give to your partner {partner}.",
        ),
        "dogroyal.cli.partner": ("Din partner är {partner}.", "Your partner is {partner}."),
        "dogroyal.cli.helping": (
            "Alla dina pjäser är i mål: du flyttar {partner_pos} pjäser.",
            "All your pieces are home: you move {partner_pos} pieces.",
        ),
        "dogroyal.cli.why": ("{card} går inte: {reason}", "{card} cannot be played: {reason}"),
        "dogroyal.cli.moves": ("Möjliga drag:", "Possible moves:"),
        "dogroyal.cli.group": ("Spela {card} med {piece}", "Play {card} with {piece}"),
        "dogroyal.cli.before_deal": (
            "Korten är inte utdelade än · leken: {deck} kort",
            "The cards are not dealt yet · deck: {deck} cards",
        ),
        "dogroyal.cli.copy_of": ("= är nu {card}", "= is now {card}"),
        "dogroyal.cli.seat": (
            "{mark} {name}: {cards} kort · kennel {kennel} · mål {goal}",
            "{mark} {name}: {cards} cards · kennel {kennel} · goal {goal}",
        ),
        "dogroyal.cli.table": (
            "Omgång {round} · slänghögen: {top} ({pile} kort) · leken: {deck} kort",
            "Round {round} · discard pile: {top} ({pile} cards) · deck: {deck} cards",
        ),
        "dogroyal.cli.key": (
            "Raderna är banans fyra kvarter medurs. [ ] startfält, ✦ specialfält; "
            "K kung, R riddare, B borgare, N narr.",
            "The rows are the track's four quarters, clockwise. [ ] start field, ✦ special "
            "field; K King, R Knight, B Citizen, N Fool.",
        ),
    }
)

# The game's web page (web/page.js), beside the client's shared ``web.*`` strings.
register(
    {
        "dogroyal.web.hand": ("Dina kort", "Your cards"),
        "dogroyal.web.cards_n": ("{n} kort", "{n} cards"),
        "dogroyal.web.team": ("Lag {n}", "Team {n}"),
        "dogroyal.web.has_chosen": ("har valt", "has chosen"),
        "dogroyal.web.exchange_banner": (
            "Kortbyte: var och en ger sin partner ett kort",
            "Exchange: everyone gives their partner one card",
        ),
        "dogroyal.web.dealing": ("Korten delas ut …", "Dealing the cards …"),
        "dogroyal.web.place_banner": ("Ställ ut en pjäs.", "Put a piece out."),
        "dogroyal.web.play_banner": ("Spela ett kort.", "Play a card."),
        "dogroyal.web.giving": ("Du ger: {card}", "You give: {card}"),
        "dogroyal.web.choose_give": (
            "Välj ett kort att ge till {name}.",
            "Choose a card to give to {name}.",
        ),
        "dogroyal.web.waiting_for": ("Väntar på: {names}", "Waiting for: {names}"),
        "dogroyal.web.confirm_give": (
            "Du har valt {card} åt {name}: bekräfta nedan, eller välj ett annat kort.",
            "You chose {card} for {name}: confirm below, or choose another card.",
        ),
        "dogroyal.web.give_confirm": ("Ge {card} till {name}", "Give {card} to {name}"),
        "dogroyal.web.partner_is": ("Din partner är {name}.", "Your partner is {name}."),
        "dogroyal.web.helping": (
            "Alla dina pjäser är i mål: du flyttar {name} pjäser.",
            "All your pieces are home: you move {name} pieces.",
        ),
        "dogroyal.web.helps": ("flyttar {name} pjäser", "moves {name} pieces"),
        "dogroyal.web.you": ("du", "you"),
        "dogroyal.web.your_partner": ("din partner", "your partner"),
        "dogroyal.web.zoom_in": ("Förstora brädet", "Enlarge the board"),
        "dogroyal.web.zoom_out": ("Hela brädet", "Whole board"),
        "dogroyal.web.copy_as": ("= (som {card})", "= (as {card})"),
        "dogroyal.web.copy_none": (
            "=-kortet har inget att kopiera",
            "The = card has nothing to copy",
        ),
        "dogroyal.web.why.wait": ("Vänta på din tur.", "Wait for your turn."),
        "dogroyal.web.choose_place": (
            "Klicka på pjäsen som ska ut på ditt startfält.",
            "Click the piece to put on your start field.",
        ),
        "dogroyal.web.choose_card": ("Välj ett kort.", "Choose a card."),
        "dogroyal.web.choose_piece": (
            "{card}: klicka på en markerad pjäs eller välj ett drag nedan.",
            "{card}: click a highlighted piece or choose a move below.",
        ),
        "dogroyal.web.piece_choice": ("{piece} ({n} drag)", "{piece} ({n} moves)"),
        "dogroyal.web.card_first": ("Välj ett kort först.", "Choose a card first."),
        "dogroyal.web.cannot_move": (
            "Den pjäsen kan inte flyttas med {card}.",
            "That piece cannot move with {card}.",
        ),
        "dogroyal.web.not_in_kennel": (
            "Välj en pjäs i din kennel.",
            "Choose a piece in your kennel.",
        ),
        "dogroyal.web.discard": ("Slänghögen ({n})", "Discard pile ({n})"),
        "dogroyal.web.empty": ("tom", "empty"),
        "dogroyal.web.deck": ("Kortlek: {n} kort", "Deck: {n} cards"),
        "dogroyal.web.copy_of": ("=-kortet är nu {card}", "The = card is now {card}"),
        "dogroyal.web.round": ("Omgång {n}", "Round {n}"),
        "dogroyal.web.home": ("{n}/4 i mål", "{n}/4 home"),
        # The letter on a piece (the piece's shape is its owner's) and the key under the board.
        "dogroyal.web.letter.king": ("K", "K"),
        "dogroyal.web.letter.knight": ("R", "N"),
        "dogroyal.web.letter.citizen": ("B", "C"),
        "dogroyal.web.letter.fool": ("N", "F"),
        "dogroyal.web.key": (
            "K kung · R riddare · B borgare · N narr",
            "K King · N Knight · C Citizen · F Fool",
        ),
        # A card's colour in words, beside its shape (a card is read without colour).
        "dogroyal.web.tone.blue": ("blå", "blue"),
        "dogroyal.web.tone.green": ("grön", "green"),
        "dogroyal.web.tone.red": ("röd", "red"),
        "dogroyal.web.tone.greenred": ("grön/röd", "green/red"),
    }
)

# The rules panel of the match page ("Regler"): ``<id>.rules`` is read by the shared
# web/js/rules.js: blocks split by blank lines, "## " a heading (its "{#id}" the section the
# turn banner links to, the same in both languages), "- " lines a list.
register(
    {
        "dogroyal.rules": (
            (
                "## Målet {#goal}\n"
                "Få hem alla dina fyra pjäser i målet. Fyra spelare spelar i två lag med "
                "partnern mittemot: laget vinner när båda har alla åtta pjäserna i mål. Den "
                "som är klar först flyttar sedan partnerns pjäser. Med två eller tre spelare "
                "spelar alla mot alla.\n"
                "\n"
                "## En omgång {#round}\n"
                "- Alla får fem kort. Den som sitter till vänster om givaren börjar.\n"
                "- Kortbyte med partnern (se nedan).\n"
                "- Första omgången ställer var och en ut en valfri pjäs på sitt startfält.\n"
                "- På sin tur spelar man ett kort och gör hela draget. Man får inte passa.\n"
                "- Kan man inte spela något kort visar man handen och lägger den under "
                "slänghögen; man står över resten av omgången.\n"
                "- Omgången slutar när alla kort är spelade.\n"
                "\n"
                "## Kortbyte {#exchange}\n"
                "Innan någon spelar väljer var och en i hemlighet ett kort ur handen åt sin "
                "partner. Korten byts när båda har valt, så du får ett kort som partnern tror "
                "att du behöver. Spelar ni utan lag byter ingen.\n"
                "\n"
                "## Banan {#track}\n"
                "- 64 fält medurs. Ditt startfält är fältet med din form; målet (fyra fält) "
                "går in från startfältet.\n"
                "- Från fältet före startfältet räknas startfältet som ett steg: med 2 når "
                "man första målfältet. Man får välja att gå förbi målet.\n"
                "- Ett drag som börjar på det egna startfältet går aldrig in i målet.\n"
                "- I målet hoppar man inte över någon och landar inte på en pjäs.\n"
                "\n"
                "## Blockad på startfältet {#blockade}\n"
                "En pjäs som står på sitt eget startfält spärrar det: ingen får landa där, "
                "passera, slå ut den eller byta med den, inte ens de egna pjäserna (riddaren "
                "är undantaget, se nedan). Gröna kort häver inte spärren.\n"
                "\n"
                "## Slå ut {#hitting}\n"
                "- Landar du på en pjäs på banan går den tillbaka till sin kennel, även en "
                "egen eller partnerns.\n"
                "- En kung kan bara slås ut av en kung, utom när en främmande kung står på "
                "ditt startfält.\n"
                "\n"
                "## Pjäserna (rang) {#pieces}\n"
                "- Kung (K, rang 4): ställs ut med 1/11 och 13 som alla, men går bara med 2, "
                "3, ±4, 5, 6, 1–7, ettan på 1/11, Byt och Magnet. Magnet och Byt når kungen "
                "hur långt bort som helst.\n"
                "- Riddare (R, rang 3): får gå över spärrade startfält (men inte landa där) "
                "och in i målet förbi en egen pjäs på startfältet.\n"
                "- Borgare (B, rang 2): landar han på ett specialfält (stjärna) och drar ett "
                "kort får han hoppa vidare till nästa lediga specialfält.\n"
                "- Narr (N, rang 1): på väg in i målet får han gå ett eller två steg kortare,"
                " så att han hamnar i målet.\n"
                "- Rang: en pjäs får inte gå förbi en pjäs med högre rang (även egna), utom "
                "med gröna kort.\n"
                "\n"
                "## Korten {#cards}\n"
                "- 2, 3, 5, 6 (blå): exakt så många steg framåt.\n"
                "- 8, 9, 12 (blå): exakt så många steg; inte kungen.\n"
                "- 10 (grön): tio steg; struntar i rangordningen; inte kungen.\n"
                "- ±4 (grön/röd): fyra steg framåt (rangen gäller) eller fyra bakåt (grönt, "
                "rangen gäller inte). Bakåt går aldrig in i målet.\n"
                "- 1–7 (röd): en pjäs 1 till 7 steg, du väljer.\n"
                "- 1/11 (röd): ställ ut en pjäs på startfältet, eller gå 1 eller 11 steg.\n"
                "- 13 (röd): ställ ut en pjäs, eller gå 13 steg.\n"
                "- Byt (röd): byt plats på en egen pjäs på banan och en annans (motståndare "
                "eller partner). Inte pjäser i kenneln, i målet eller som spärrar sitt "
                "startfält. Ingen slås ut.\n"
                "- Magnet (röd): gå fram till fältet närmast bakom nästa pjäs framför dig på "
                "banan.\n"
                "- = (röd): gör samma sak som det senast spelade kortet (inte ett annat =, "
                "och inte kort som lagts bort utan att spelas).\n"
                "- Bara 1/11 och 13 ställer ut pjäser. En egen pjäs på startfältet hindrar "
                "det; en främmande slås ut.\n"
                "\n"
                "## Specialfält {#special}\n"
                "Landar du själv på en stjärna (med ett sifferkort eller Magnet) drar du ett "
                "kort till handen. Ett byte drar inget."
            ),
            (
                "## The goal {#goal}\n"
                "Bring all four of your pieces home into the goal. Four players play in two "
                "teams, partners opposite: a team wins when all eight of its pieces are home."
                " Whoever finishes first then moves the partner's pieces. With two or three "
                "players it is everyone for themselves.\n"
                "\n"
                "## A round {#round}\n"
                "- Everybody gets five cards. The player left of the dealer starts.\n"
                "- The card exchange with the partner (see below).\n"
                "- In the first round everybody puts one piece of choice on their start "
                "field.\n"
                "- On your turn you play one card and make the whole move. There is no "
                "passing.\n"
                "- If no card can be played, you show your hand and put it under the discard "
                "pile; you sit out the rest of the round.\n"
                "- The round ends when all cards are played.\n"
                "\n"
                "## The exchange {#exchange}\n"
                "Before anyone plays, everybody secretly picks a card from the hand for the "
                "partner. The cards are swapped once both have chosen, so you get a card your "
                "partner thinks you need. Without teams nobody swaps.\n"
                "\n"
                "## The track {#track}\n"
                "- 64 fields, clockwise. Your start field is the field with your shape; the "
                "goal (four fields) branches off at it.\n"
                "- From the field before the start field, the start field counts as one step:"
                " a 2 reaches the first goal field. You may choose to run past the goal.\n"
                "- A move that begins on your own start field never enters the goal.\n"
                "- In the goal nothing is jumped and no piece is landed on.\n"
                "\n"
                "## The start-field blockade {#blockade}\n"
                "A piece on its own start field blocks it: nobody may land there, pass it, "
                "hit it or swap with it, not even its own side (the Knight is the exception, "
                "below). Green cards do not lift the blockade.\n"
                "\n"
                "## Hitting {#hitting}\n"
                "- Landing on a piece on the track sends it back to its kennel, even your own"
                " or your partner's.\n"
                "- A King can only be hit by a King, except a foreign King standing on your "
                "start field.\n"
                "\n"
                "## The pieces (rank) {#pieces}\n"
                "- King (K, rank 4): comes out with 1/11 and 13 like anyone, but moves only "
                "with 2, 3, ±4, 5, 6, 1–7, the 1 of the 1/11, Swap and Magnet. Magnet and "
                "Swap reach the King at any distance.\n"
                "- Knight (N, rank 3): may pass over blocked start fields (not land on them) "
                "and enter the goal past an own piece on the start field.\n"
                "- Citizen (C, rank 2): when he lands on a special field (star) and draws a "
                "card, he may jump on to the next free special field.\n"
                "- Fool (F, rank 1): entering the goal he may go one or two steps short, so "
                "as to end in the goal.\n"
                "- Rank: a piece may not pass a piece of higher rank (own pieces too), except"
                " with green cards.\n"
                "\n"
                "## The cards {#cards}\n"
                "- 2, 3, 5, 6 (blue): exactly that many steps forward.\n"
                "- 8, 9, 12 (blue): exactly that many steps; not the King.\n"
                "- 10 (green): ten steps, ignoring rank; not the King.\n"
                "- ±4 (green/red): four forward (rank applies) or four back (green, rank "
                "ignored). Backwards never enters the goal.\n"
                "- 1–7 (red): one piece 1 to 7 steps, your choice.\n"
                "- 1/11 (red): bring a piece out onto the start field, or move 1 or 11.\n"
                "- 13 (red): bring a piece out, or move 13.\n"
                "- Swap (red): swap an own piece on the track with another colour's piece "
                "(opponent or partner). Not pieces in the kennel, in the goal or blocking "
                "their start field. Nobody is hit.\n"
                "- Magnet (red): move up to the field right behind the next piece ahead on "
                "the track.\n"
                "- = (red): does what the card played last did (not another =, and not cards "
                "laid down unplayed).\n"
                "- Only 1/11 and 13 bring pieces out. An own piece on the start field "
                "prevents it; a foreign one is hit.\n"
                "\n"
                "## Special fields {#special}\n"
                "Landing on a star yourself (with a number card or the Magnet) draws a card "
                "into your hand. A swap draws nothing."
            ),
        ),
    }
)

# The win screen: the unit of the scores and the line of recap (``DogRoyal.recap``).
register(
    {
        "dogroyal.score": ("Pjäser i mål", "Pieces home"),
        "dogroyal.score.value": ("{score} i mål", "{score} home"),
        "dogroyal.recap.team": (
            "{names} fick hem alla åtta pjäserna som lag, efter {round} omgångar.",
            "{names} got all eight pieces home as a team, after {round} rounds.",
        ),
        "dogroyal.recap.one": (
            "{name} fick hem alla fyra pjäserna först, efter {round} omgångar.",
            "{name} got all four pieces home first, after {round} rounds.",
        ),
        "dogroyal.recap.place": ("{name} blev {place}.", "{name} came {place}."),
        "dogroyal.recap.limit_none": (
            "Spelet slutade efter {round} omgångar utan en enda pjäs i mål: {names} delar segern.",
            "The game ended after {round} rounds with no piece home: {names} share the win.",
        ),
        "dogroyal.recap.limit": (
            "Spelet slutade efter {round} omgångar: {names} hade flest pjäser i mål ({n}).",
            "The game ended after {round} rounds: {names} had the most pieces home ({n}).",
        ),
        # The guided first game ("Lär dig spela", tutorial.py): one bubble per kind of decision.
        "dogroyal.tutorial.intro": (
            "Välkommen till DogRoyal! Du spelar mot en dator: den som först får hem alla fyra "
            "pjäserna i målet vinner, och korten du får styr hur de går. Guiden förklarar varje "
            "nytt val när det dyker upp.",
            "Welcome to DogRoyal! You play against a computer: the first to bring all four "
            "pieces home to the goal wins, and the cards you get decide how they move. The guide "
            "explains each new choice when it comes up.",
        ),
        "dogroyal.tutorial.place": (
            "Först ställer du ut en valfri pjäs på ditt startfält: knapparna visar pjäserna. "
            "Rangen går kung, riddare, borgare, narr, och en pjäs får inte gå förbi en med "
            "högre rang, utom med gröna kort. Kungen går bara med kort upp till 7 och kan bara "
            "slås ut av en kung.",
            "First you put a piece of your choice on your start field: the buttons show the "
            "pieces. The ranks run King, Knight, Citizen, Fool, and a piece may not pass one of "
            "higher rank, except with green cards. The King moves only with cards up to 7 and "
            "can only be hit by a King.",
        ),
        "dogroyal.tutorial.play": (
            "Spela ett kort ur handen och välj ett av dess drag bland knapparna; pjäserna kortet "
            "kan flytta lyser på brädet. 13 och 1/11 tar ut en ny pjäs, ±4 går också bakåt (fyra "
            "steg bakåt från startfältet är genvägen till målet), och den du landar på åker hem.",
            "Play a card from your hand and pick one of its moves among the buttons; the pieces "
            "the card can move light up on the board. 13 and 1/11 bring out a new piece, ±4 also "
            "goes backwards (four steps back from the start field is the shortcut to the goal), "
            "and a piece you land on goes home.",
        ),
        "dogroyal.tutorial.jump": (
            "Din borgare landade på ett specialfält och drog ett kort. Nu får han hoppa vidare "
            "till nästa lediga specialfält medurs, eller stanna där han står.",
            "Your Citizen landed on a special field and drew a card. Now he may jump on to the "
            "next free special field clockwise, or stay where he is.",
        ),
        "dogroyal.tutorial.end": (
            "Bra spelat! Nu kan du DogRoyal. I en riktig match spelar ni fyra i två lag och ger "
            "partnern ett kort i början av varje omgång.",
            "Well played! Now you know DogRoyal. In a real game four play in two teams and give "
            "the partner a card at the start of each round.",
        ),
    }
)
