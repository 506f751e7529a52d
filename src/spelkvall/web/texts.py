"""The web client's entries in the translation table (Swedish, English).

The browser fetches the whole table from ``GET /api/i18n/{lang}``; every string the pages show
comes from here, from ``spelkvall.core.i18n`` or from a game's ``texts.py`` (a game's own
page: ``<id>.web.*``). Nothing here belongs to one game.
"""

from spelkvall.core.i18n import register

register(
    {
        "web.title": ("Spelkväll", "Spelkväll (game night)"),
        "web.nav.play": ("Spela", "Play"),
        "web.nav.highscore": ("Topplista", "Highscores"),
        "web.lang.switch_to_en": ("Switch to English", "Switch to English"),
        "web.lang.switch_to_sv": ("Byt till svenska", "Byt till svenska (Swedish)"),
        "web.error.unknown": ("Något gick fel.", "Something went wrong."),
        "web.error.network": (
            "Servern svarar inte. Kontrollera anslutningen.",
            "The server does not answer. Check the connection.",
        ),
        "web.error.offline": (
            "Ingen kontakt med servern just nu – försöker igen …",
            "No contact with the server right now – trying again …",
        ),
        # Start page
        "web.lobby.title": ("Nytt spel", "New game"),
        "web.lobby.game": ("Spel", "Game"),
        "web.lobby.players": ("Antal spelare", "Number of players"),
        "web.lobby.mode": ("Hur spelar ni?", "How do you play?"),
        "web.lobby.mode.hotseat": ("Samma enhet", "Same device"),
        "web.lobby.mode.online": ("Online", "Online"),
        "web.lobby.mode.hotseat.hint": (
            "Alla spelar på den här skärmen och turas om.",
            "Everyone plays on this screen and takes turns.",
        ),
        "web.lobby.mode.online.hint": (
            "Var och en spelar på sin egen enhet. Du får en inbjudningslänk per ledig plats.",
            "Everyone plays on their own device. You get one invite link per open seat.",
        ),
        "web.lobby.player_n": ("Spelare {n}", "Player {n}"),
        "web.lobby.name": ("Namn", "Name"),
        "web.lobby.name_placeholder": ("Skriv ett namn", "Type a name"),
        "web.lobby.colour": ("Färg", "Colour"),
        "web.lobby.colour_taken": ("Färgen är redan vald", "The colour is already taken"),
        "web.lobby.kind": ("Spelas av", "Played by"),
        "web.lobby.kind.you": ("Du", "You"),
        "web.lobby.kind.person": ("En person här", "A person here"),
        "web.lobby.kind.invite": ("En person (bjuds in)", "A person (invited)"),
        "web.lobby.kind.computer": ("Dator", "Computer"),
        "web.lobby.level": ("Nivå", "Level"),
        "web.lobby.open_seat_hint": (
            "Den inbjudna väljer namn och färg själv.",
            "The invited player chooses a name and colour.",
        ),
        "web.lobby.team": ("Lag {n}", "Team {n}"),
        "web.lobby.team_members": ("Lag {n}: {names}", "Team {n}: {names}"),
        "web.lobby.ffa": ("Alla mot alla.", "Everyone for themselves."),
        "web.lobby.rules": ("Husregler", "House rules"),
        "web.lobby.rules.standard": ("standardregler", "the standard rules"),
        "web.lobby.rules.changed_one": ("1 ändrad", "1 changed"),
        "web.lobby.rules.changed": ("{n} ändrade", "{n} changed"),
        "web.lobby.start": ("Starta spelet", "Start the game"),
        # Invites
        "web.invite.title": ("Bjud in", "Invite"),
        "web.invite.explain": (
            "Skicka en länk till varje person. Spelet börjar när alla har gått med.",
            "Send one link to each person. The game starts when everyone has joined.",
        ),
        "web.invite.link": ("Inbjudningslänk", "Invite link"),
        "web.invite.copy": ("Kopiera", "Copy"),
        "web.invite.copied": ("Kopierad!", "Copied!"),
        "web.invite.joined": ("{name} har gått med", "{name} has joined"),
        "web.invite.go_to_game": ("Till spelet", "Go to the game"),
        "web.open.title": ("Öppna spel", "Open games"),
        "web.open.none": (
            "Inga spel väntar på spelare just nu.",
            "No games are waiting for players.",
        ),
        "web.open.free": ("{n} lediga platser", "{n} open seats"),
        "web.open.free_seat": ("(ledig plats)", "(open seat)"),
        "web.open.ask_for_link": (
            "Be den som skapade spelet om en inbjudningslänk.",
            "Ask whoever created the game for an invite link.",
        ),
        "web.open.open": ("Öppna", "Open"),
        "web.open.watch": ("Titta på", "Watch"),
        "web.join.title": ("Gå med i ett spel", "Join a game"),
        "web.join.invited": (
            "Du är inbjuden till {game} som spelare {n}.",
            "You are invited to {game} as player {n}.",
        ),
        "web.join.players": ("Spelare", "Players"),
        "web.join.your_seat": ("Din plats", "Your seat"),
        "web.join.free_colours": ("Välj en ledig färg", "Choose a free colour"),
        "web.join.join": ("Gå med", "Join"),
        # The game page
        "web.game.board": ("Spelbrädet", "The board"),
        "web.game.players": ("Spelare", "Players"),
        "web.game.log": ("Vad har hänt", "What happened"),
        "web.game.waiting": ("Väntar på spelare …", "Waiting for players …"),
        "web.game.waiting_title": ("Väntar på att alla ska gå med", "Waiting for everyone to join"),
        "web.game.waiting_hint": (
            "Spelet börjar så snart alla platser är fyllda.",
            "The game starts as soon as every seat is taken.",
        ),
        "web.game.turn": ("tur", "turn"),
        "web.game.your_turn": ("Din tur!", "Your turn!"),
        "web.game.you": ("du", "you"),
        "web.game.roll_die": ("Slå tärningen.", "Roll the die."),
        "web.game.bot_thinking": ("Datorn tänker …", "The computer is thinking …"),
        "web.game.choose_move": ("Välj ett drag.", "Choose a move."),
        "web.game.choose_one": ("Välj ett av dragen nedan.", "Choose one of the moves below."),
        "web.game.wins": ("vinner!", "wins!"),
        "web.game.over": ("Spelet är slut.", "The game is over."),
        "web.game.roll": ("Slå tärningen", "Roll the die"),
        "web.game.die_shows": ("Tärningen visar {value}", "The die shows {value}"),
        "web.game.click_die": ("{name}: klicka på tärningen!", "{name}: click the die!"),
        "web.game.click_die_you": ("Klicka på tärningen!", "Click the die!"),
        "web.game.last_roll": ("{name} slog {value}.", "{name} rolled {value}."),
        "web.game.roll_first": ("Slå tärningen först.", "Roll the die first."),
        "web.game.not_your_turn_piece": ("Det är inte din tur.", "It is not your turn."),
        "web.game.not_your_piece": ("Det är inte din pjäs.", "That is not your piece."),
        "web.game.and": ("och", "and"),
        "web.game.win_plural": ("vinner!", "win!"),
        "web.game.draw": ("Oavgjort — ingen vann", "A draw — nobody won"),
        "web.game.team": ("Lag {n}", "Team {n}"),
        # Shared widgets (js/widgets/): grouped moves, a hand of cards
        "web.moves.group": ("{label} ({n} drag)", "{label} ({n} moves)"),
        "web.moves.back": ("← Tillbaka", "← Back"),
        "web.rules.open": ("Regler", "Rules"),
        "web.rules.title": ("Så spelar man {game}", "How to play {game}"),
        "web.rules.close": ("Stäng", "Close"),
        "web.privacy.since": ("Sedan din senaste tur", "Since your last turn"),
        "web.hand.new": ("ny", "new"),
        "web.hand.from": ("från {name}", "from {name}"),
        # The generic game page (a game without a page of its own)
        "web.generic.view": ("Läget", "The position"),
        "web.generic.yes": ("ja", "yes"),
        "web.generic.no": ("nej", "no"),
        # Tips: the move advisor on the game page
        "web.tips.button": ("Tips", "Hint"),
        "web.tips.hint": ("Vinstchansen för varje drag", "The chance to win for each move"),
        "web.tips.computing": ("Räknar …", "Calculating …"),
        "web.tips.title": ("Vinstchans per drag", "Chance to win, move by move"),
        "web.tips.title_place": (
            "Chans till plats {place} per drag",
            "Chance of place {place}, move by move",
        ),
        "web.tips.best": ("★ Bäst", "★ Best"),
        "web.tips.percent": ("{value} %", "{value}%"),
        "web.tips.interval": ("{low}–{high} %", "{low}–{high}%"),
        "web.tips.exact": ("säkert", "certain"),
        "web.tips.close": ("Stäng tipsen", "Close the hints"),
        "web.tips.note": (
            "Uppskattat ur {n} simulerade partier där alla spelar efter tumregler; "
            "intervallen är 95 %-intervall. Du väljer själv ditt drag.",
            "Estimated from {n} simulated games with everyone playing by rules of thumb; "
            "the ranges are 95% intervals. You still choose your move.",
        ),
        # The privacy screen on a shared device (hidden cards)
        "web.privacy.pass_to": ("Ge enheten till {name}", "Pass the device to {name}"),
        "web.privacy.hint": (
            "Alla andra tittar bort – sedan visas korten för {name}.",
            "Everybody else looks away – then the cards for {name} are shown.",
        ),
        "web.privacy.ready": ("Jag är {name} – visa mina kort", "I am {name} – show my cards"),
        # Win screen and highscores
        "web.win.highscore": ("Se topplistan", "See the highscores"),
        "web.win.new_game": ("Nytt spel", "New game"),
        "web.win.show_board": ("Visa brädet", "Show the board"),
        "web.highscore.title": ("Topplista", "Highscores"),
        "web.highscore.choose": ("Välj spel", "Choose a game"),
        "web.highscore.overall": ("Alla spel", "All games"),
        "web.highscore.name": ("Namn", "Name"),
        "web.highscore.wins": ("Vinster", "Wins"),
        "web.highscore.played": ("Spelade", "Played"),
        "web.highscore.win_rate": ("Vinstandel", "Win rate"),
        "web.highscore.empty": (
            "Inga avslutade spel än. Spela ett!",
            "No finished games yet. Play one!",
        ),
    }
)
