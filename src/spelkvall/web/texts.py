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
        "web.nav.replay": ("Repris", "Replay"),
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
        "web.connection.lost": (
            "Ingen kontakt med servern – försöker igen …",
            "Connection lost – trying again …",
        ),
        # Pages that lead nowhere, with a way back
        "web.problem.home": ("Till startsidan", "To the start page"),
        "web.problem.my_games": ("Mina spel", "My games"),
        "web.problem.no_page": ("Sidan finns inte", "There is no such page"),
        "web.problem.no_page_hint": (
            "Adressen leder ingenstans. Börja om från startsidan.",
            "The address leads nowhere. Start again from the start page.",
        ),
        "web.problem.no_match": ("Spelet finns inte", "There is no such game"),
        "web.problem.no_match_hint": (
            "Länken kan vara avklippt, eller spelet finns på en annan server. Dina egna spel "
            "hittar du under Mina spel.",
            "The link may be cut short, or the game is on another server. Your own games are "
            "under My games.",
        ),
        "web.problem.trouble": ("Spelet gick inte att öppna", "The game could not be opened"),
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
        "web.lobby.timer": ("Tidsgräns per drag", "Time limit per move"),
        "web.lobby.timer.off": ("Ingen", "None"),
        "web.lobby.timer.seconds": ("{n} sekunder", "{n} seconds"),
        "web.lobby.timer.minutes": ("{n} min", "{n} min"),
        "web.lobby.timer.hint": (
            "När tiden är ute spelar datorn turen åt den som inte är där.",
            "When the time is up, the computer plays the turn for whoever is away.",
        ),
        # "Mina spel": the matches this browser holds a seat in
        "web.mine.title": ("Mina spel", "My games"),
        "web.mine.yours": (
            "Din tur i {n} av dem.",
            "Your turn in {n} of them.",
        ),
        "web.mine.your_turn": ("Din tur!", "Your turn!"),
        "web.mine.turn_of": ("{name} tur", "{name} turn"),
        "web.mine.computer_turn": ("{name} (dator) spelar", "{name} (computer) is playing"),
        "web.mine.playing": ("Pågår", "In progress"),
        "web.mine.waiting": ("Väntar på {n} spelare", "Waiting for {n} players"),
        "web.mine.won": ("Slut – {names} vann", "Over – {names} won"),
        "web.mine.draw": ("Slut – oavgjort", "Over – a draw"),
        "web.mine.ended": ("Avslutat utan resultat", "Ended without a result"),
        "web.mine.cancelled": ("Avbrutet", "Called off"),
        "web.mine.open": ("Fortsätt", "Continue"),
        "web.mine.show": ("Visa", "Show"),
        "web.mine.forget": ("Ta bort ur listan", "Remove from the list"),
        "web.mine.replay": ("Repris", "Replay"),
        # The replay page (replay.js)
        "web.replay.title": ("Repris", "Replay"),
        "web.replay.heading": ("Repris: {game}", "Replay: {game}"),
        "web.replay.first": ("Till början", "To the start"),
        "web.replay.back": ("Ett steg bakåt", "One step back"),
        "web.replay.next": ("Ett steg framåt", "One step ahead"),
        "web.replay.last": ("Till slutet", "To the end"),
        "web.replay.play": ("Spela upp", "Play"),
        "web.replay.pause": ("Pausa", "Pause"),
        "web.replay.slider": ("Steg", "Step"),
        "web.replay.position": ("Steg {n} av {total}", "Step {n} of {total}"),
        "web.replay.speed": ("Fart", "Speed"),
        "web.replay.per_second": ("{n} steg/s", "{n} steps/s"),
        "web.replay.keys": (
            "Tangentbord: ← → ett steg, Home/End början/slutet, mellanslag spelar/pausar. "
            "Klicka på en rad i loggen för att hoppa dit.",
            "Keyboard: ← → one step, Home/End start/end, space plays/pauses. Click a line of "
            "the log to jump there.",
        ),
        "web.replay.link": ("Länk till reprisen", "Link to the replay"),
        "web.replay.copy_link": ("Kopiera länken", "Copy the link"),
        "web.replay.download": ("Ladda ner matchfilen", "Download the match file"),
        "web.replay.download_later": (
            "Matchfilen kan laddas ner när matchen är slut.",
            "The match file can be downloaded once the match is over.",
        ),
        "web.replay.download_private": (
            "Bara matchens spelare kan ladda ner matchfilen: den visar allas kort.",
            "Only the match's players can download the match file: it shows everybody's cards.",
        ),
        "web.replay.to_match": ("Till matchen", "To the match"),
        "web.replay.live": (
            "Matchen pågår: reprisen går fram till nu. Ladda om sidan för det senaste.",
            "The match is under way: the replay goes up to now. Reload the page for the latest.",
        ),
        "web.replay.as_seat": (
            "Som {name} såg det: din egen hand syns, ingen annans.",
            "As {name} saw it: your own hand shows, nobody else's.",
        ),
        "web.replay.as_spectator": (
            "Som en åskådare såg det: ingens dolda kort syns.",
            "As a spectator saw it: nobody's hidden cards show.",
        ),
        "web.replay.from_file": (
            "Från en matchfil (inte sparad på servern).",
            "From a match file (not stored on the server).",
        ),
        "web.replay.open_title": ("Spela upp en matchfil", "Replay a match file"),
        "web.replay.open_hint": (
            "En matchfil från Ladda ner på en repris, eller från spelkvall play --save. Den "
            "spelas upp här och sparas inte.",
            "A match file from Download on a replay, or from spelkvall play --save. It is "
            "replayed here and not stored.",
        ),
        "web.replay.open_file": ("Välj matchfil", "Choose a match file"),
        "web.replay.too_large": ("Filen är för stor.", "The file is too large."),
        "web.replay.cannot": ("Reprisen kan inte visas", "The replay cannot be shown"),
        # The chance-to-win graph of a finished match (widgets/chance-graph.js)
        "web.chances.title": (
            "Chansen att vinna, steg för steg",
            "The chance to win, step by step",
        ),
        "web.chances.computing": (
            "Chanserna räknas fram i bakgrunden …",
            "The chances are being computed in the background …",
        ),
        "web.chances.computing_steps": (
            "Chanserna räknas fram i bakgrunden: {done} av {total} steg …",
            "The chances are being computed in the background: {done} of {total} steps …",
        ),
        "web.chances.none": (
            "Det finns ingen chansgraf för den här matchen.",
            "There is no chance graph for this match.",
        ),
        "web.chances.turning_point": (
            "Vändpunkten: steg {step}, {name} chans {before} → {after}.",
            "The turning point: step {step}, {name} chance {before} → {after}.",
        ),
        "web.chances.turning_short": ("Vändpunkten", "Turning point"),
        "web.chances.summary": (
            "{name}: {start} i början, {middle} i mitten, {end} i slutet.",
            "{name}: {start} at the start, {middle} in the middle, {end} at the end.",
        ),
        "web.chances.axis": ("Steg 0–{steps}", "Steps 0–{steps}"),
        "web.chances.as_text": ("Grafen som text", "The graph as text"),
        "web.chances.how": (
            "Varje punkt: {playouts} utspelade partier ({method}); {points} av {steps} steg.",
            "Each point: {playouts} games played out ({method}); {points} of {steps} steps.",
        ),
        "web.chances.how_exact": ("Inga utspelningar behövdes.", "No playouts were needed."),
        "web.chances.method.batch": ("snabbsimulatorn", "the fast simulator"),
        "web.chances.method.engine": ("spelmotorn", "the game engine"),
        "web.chances.method.mixed": (
            "snabbsimulatorn och spelmotorn",
            "the fast simulator and the game engine",
        ),
        "web.chances.sampled": (
            "Dolda kort och drag har dragits slumpvis ur det en åskådare kunde se vid varje steg: "
            "ingen spelares hemligheter används.",
            "Hidden cards and moves were drawn at random from what a spectator could see at each "
            "step: no player's secrets are used.",
        ),
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
        "web.invite.loopback": (
            "De här länkarna fungerar bara på den här datorn.",
            "These links only work on this computer.",
        ),
        "web.invite.loopback_how": (
            "Servern lyssnar bara på 127.0.0.1. Starta om den så att andra enheter på "
            "nätverket når den, så pekar länkarna dit:",
            "The server listens on 127.0.0.1 only. Restart it so other devices on the "
            "network can reach it, and the links will point there:",
        ),
        "web.open.title": ("Öppna spel", "Open games"),
        "web.open.none": (
            "Inga spel väntar på spelare just nu.",
            "No games are waiting for players.",
        ),
        "web.open.free": ("{n} lediga platser", "{n} open seats"),
        "web.open.free_one": ("1 ledig plats", "1 open seat"),
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
        "web.join.unknown": ("Ingen sådan inbjudan", "No such invitation"),
        "web.join.used": ("Inbjudan är redan använd", "The invitation has been used"),
        "web.join.cancelled": ("Spelet är avbrutet", "The game was called off"),
        "web.join.watch": ("Titta på spelet", "Watch the game"),
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
        "web.game.computers_preparing": (
            "Datorspelarna förbereder sig … {percent} %. Så länge spelar de enklare drag.",
            "The computer players are getting ready … {percent} %. Until then they play "
            "simpler moves.",
        ),
        "web.game.computers_queued": (
            "Datorspelarna väntar på sin tur att förberedas (i kö). Så länge spelar de "
            "enklare drag.",
            "The computer players wait their turn to get ready (queued). Until then they "
            "play simpler moves.",
        ),
        "web.game.computers_progress": (
            "Datorspelarnas förberedelse",
            "The computers' preparation",
        ),
        "web.game.computers_failed": (
            "Datorspelarna kunde inte förberedas och spelar enklare drag i kväll.",
            "The computer players could not get ready and play simpler moves tonight.",
        ),
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
        # Who is here, the host's hands, the turn timer, spectators
        "web.presence.online": ("online", "online"),
        "web.presence.offline": ("borta", "away"),
        "web.watch.title": ("Du tittar på.", "You are watching."),
        "web.watch.hint": (
            "Du har ingen plats i det här spelet.",
            "You have no seat in this game.",
        ),
        "web.host.title": ("Värd", "Host"),
        "web.host.hint": (
            "Är någon borta? Låt datorn spela deras plats tills de är tillbaka.",
            "Is somebody away? Let the computer play their seat until they are back.",
        ),
        "web.host.hand_over": ("Låt datorn spela", "Let the computer play"),
        "web.host.hand_over_for": (
            "Låt datorn spela för {name}",
            "Let the computer play for {name}",
        ),
        "web.host.take_back": ("Ta tillbaka", "Take back"),
        "web.host.level": (
            "Nivå för datorn som tar över",
            "Level of the computer that takes over",
        ),
        "web.host.take_back_for": (
            "Ge platsen tillbaka till {name}",
            "Give the seat back to {name}",
        ),
        "web.host.computer_plays": ("datorn spelar", "computer plays"),
        "web.host.computer_plays_you": (
            "En dator spelar för dig just nu.",
            "A computer is playing for you right now.",
        ),
        "web.host.computer_plays_for": (
            "En dator spelar för {name} just nu.",
            "A computer is playing for {name} right now.",
        ),
        "web.host.take_back_mine": ("Ta tillbaka platsen", "Take the seat back"),
        "web.host.end": ("Avsluta spelet", "End the game"),
        "web.host.end_sure": (
            "Avsluta utan resultat? Ingen vinner och topplistan räknar inte spelet.",
            "End without a result? Nobody wins and the highscores do not count the game.",
        ),
        "web.host.cancel": ("Avbryt spelet", "Call the game off"),
        "web.host.cancel_sure": (
            "Avbryta spelet? Inbjudningarna slutar gälla.",
            "Call the game off? The invitations stop working.",
        ),
        "web.host.yes": ("Ja, avsluta", "Yes, end it"),
        "web.host.no": ("Nej, spela vidare", "No, carry on"),
        "web.host.ended": (
            "Spelet är avslutat utan resultat.",
            "The game was ended without a result.",
        ),
        "web.host.ended_hint": (
            "Värden avslutade spelet. Ingen vann och topplistan räknar det inte.",
            "The host ended the game. Nobody won and the highscores do not count it.",
        ),
        "web.host.cancelled": ("Spelet är avbrutet.", "The game was called off."),
        "web.host.cancelled_hint": (
            "Värden avbröt spelet innan det började.",
            "The host called the game off before it began.",
        ),
        "web.timer.yours": ("Din tid: {time} kvar", "Your time: {time} left"),
        "web.timer.theirs": ("{name}: {time} kvar", "{name}: {time} left"),
        "web.timer.ran_out": (
            "Tiden tog slut – datorn spelar {name} tur.",
            "Time ran out – the computer plays {name} turn.",
        ),
        # The computer played for a person of this device (stays until they act)
        "web.played_for.you": ("Datorn spelade åt dig", "The computer played for you"),
        "web.played_for.name": ("Datorn spelade åt {name}", "The computer played for {name}"),
        "web.played_for.timer_you": (
            "– din tid tog slut. Se vad den gjorde under ”Vad har hänt”.",
            "– your time ran out. See what it did under “What happened”.",
        ),
        "web.played_for.timer": (
            "– tiden tog slut. Se vad den gjorde under ”Vad har hänt”.",
            "– the time ran out. See what it did under “What happened”.",
        ),
        "web.played_for.stand_in_you": (
            "medan du var borta. Se vad den gjorde under ”Vad har hänt”.",
            "while you were away. See what it did under “What happened”.",
        ),
        "web.played_for.stand_in": (
            "medan {name} var borta. Se vad den gjorde under ”Vad har hänt”.",
            "while {name} was away. See what it did under “What happened”.",
        ),
        # Turn alerts and this device
        "web.alerts.title": ("Din tur", "Your turn"),
        "web.alerts.body": ("Det är din tur i {game}.", "It is your turn in {game}."),
        "web.alerts.sound": ("Ljud när det blir min tur", "A sound when it is my turn"),
        "web.alerts.notify": (
            "Meddelande när det blir min tur (om fliken inte syns)",
            "A notification when it is my turn (if the tab is not showing)",
        ),
        "web.device.title": ("Den här enheten", "This device"),
        "web.device.other": ("Fortsätt på en annan enhet", "Continue on another device"),
        "web.device.other_hint": (
            "Öppna länken på telefonen eller en annan dator för att spela din plats där. "
            "Ge den inte till någon annan: den är din plats.",
            "Open the link on your phone or another computer to play your seat there. Do "
            "not give it to anybody else: it is your seat.",
        ),
        "web.device.link": ("Länk till din plats", "Link to your seat"),
        # Rematch
        "web.rematch.again": ("Spela igen", "Play again"),
        "web.rematch.accept": ("Ja, spela igen", "Yes, play again"),
        "web.rematch.they_want": ("{names} vill spela igen!", "{names} want to play again!"),
        "web.rematch.each_says_yes": (
            "Samma spelare och platser. Alla får frågan och spelet börjar när alla sagt ja.",
            "The same players and seats. Everybody is asked; the game starts when all said yes.",
        ),
        "web.rematch.you_said_yes": (
            "Du har sagt ja. Väntar på {names}.",
            "You said yes. Waiting for {names}.",
        ),
        "web.rematch.all_yes": ("Alla har sagt ja!", "Everybody said yes!"),
        "web.rematch.go": ("Till nya spelet", "To the new game"),
        "web.rematch.watch": ("Titta på nästa spel", "Watch the next game"),
        "web.rematch.waiting": ("Väntar på att alla säger ja …", "Waiting for everybody's yes …"),
        "web.rematch.waiting_for": ("Inte än: {names}", "Not yet: {names}"),
        "web.rematch.not_yet": ("inte än", "not yet"),
        # Shared widgets (js/widgets/): grouped moves, a hand of cards
        "web.moves.group": ("{label} ({n} drag)", "{label} ({n} moves)"),
        "web.moves.back": ("← Tillbaka", "← Back"),
        "web.rules.open": ("Regler", "Rules"),
        "web.rules.title": ("Så spelar man {game}", "How to play {game}"),
        "web.rules.close": ("Stäng", "Close"),
        "web.rules.section": ("Regler: {section}", "Rules: {section}"),
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
        "web.tips.title_team": (
            "Chans att ert lag vinner, per drag",
            "Your team's chance to win, move by move",
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
        "web.tips.preparing": (
            "Datorspelarna förbereder sig ännu: därför färre partier och bredare intervall. "
            "Fråga igen om en stund för ett skarpare svar.",
            "The computer players are still getting ready: hence fewer games and wider "
            "intervals. Ask again in a while for a sharper answer.",
        ),
        "web.tips.note_sampled": (
            "Uppskattat ur {n} simulerade partier där alla spelar efter tumregler och det du "
            "inte ser (de andras kort, pjäser eller bud) lottas ur det du kan se, aldrig det "
            "riktiga. Få partier ger breda 95 %-intervall. Du väljer själv ditt drag.",
            "Estimated from {n} simulated games with everyone playing by rules of thumb and what "
            "you cannot see (the others' cards, pieces or bids) drawn at random from what you "
            "can see, never the real thing. Few games give wide 95% intervals. You still choose "
            "your move.",
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
        "web.win.replay": ("Se reprisen", "Watch the replay"),
        "web.win.shared": ("delad plats", "shared place"),
        "web.win.only_winner": (
            "Det här spelet rankar bara vinnaren: alla andra delar plats {place}.",
            "This game ranks only the winner: everybody else shares place {place}.",
        ),
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
        "web.highscore.computers": (
            "Bara personer med minst ett avslutat spel står här. Datorspelare räknas inte bland "
            "personerna, inte heller när en dator vann (de har en egen lista nedan); inte heller "
            "ett spel som en dator spelade klart åt någon.",
            "Only people with at least one finished game are listed. Computer players do not "
            "count among the people, not even when a computer won (they have a list of their "
            "own below); nor does a game a computer finished for somebody.",
        ),
        "web.highscore.sort_by": ("Sortera efter", "Sort by"),
        "web.highscore.by_wins": ("Vinster", "Wins"),
        "web.highscore.by_rating": ("Rating", "Rating"),
        "web.highscore.period": ("Period", "Period"),
        "web.highscore.period.all": ("Hela tiden", "All time"),
        "web.highscore.period.30d": ("30 dagar", "30 days"),
        "web.highscore.period.7d": ("7 dagar", "7 days"),
        "web.highscore.rating": ("Rating", "Rating"),
        "web.highscore.rating_games": ("({n} spel)", "({n} games)"),
        "web.highscore.rating_one_game": ("(1 spel)", "(1 game)"),
        "web.highscore.rating_note": (
            "Rating räknar med motståndarnas styrka, per spel; talet är försiktigt (det som "
            "spelaren nästan säkert är bättre än) och växer med fler spel. 1000 är en nybörjare.",
            "The rating accounts for the opponents' strength, per game; the number is cautious "
            "(what the player is almost surely better than) and grows with more games. 1000 is a "
            "newcomer.",
        ),
        "web.highscore.rating_now": (
            "Vinster och spel räknas för perioden; ratingen är den nuvarande.",
            "Wins and games count for the period; the rating is the current one.",
        ),
        # Under the people's list: what "Spelade" and the rating's "(n spel)" count.
        "web.highscore.played_note": (
            "Spelade räknar varje avslutad match som räknas i topplistan en gång.",
            "Played counts every finished match that counts in the highscore list once.",
        ),
        "web.highscore.played_rating_note": (
            "Spelade och ratingens (n spel) räknar samma sak: avslutade matcher som räknas i "
            "topplistan, en gång var.",
            "Played and the rating's (n games) count the same thing: finished matches that "
            "count in the highscore list, once each.",
        ),
        "web.highscore.computers_title": ("Datorspelare", "Computer players"),
        "web.highscore.computers_empty": (
            "Inga datorspelare har avslutat ett spel här än.",
            "No computer player has finished a game here yet.",
        ),
        "web.highscore.level": ("Nivå", "Level"),
        # Profiles
        "web.profile.games": ("Spel", "Games"),
        "web.profile.game": ("Spel", "Game"),
        "web.profile.places": ("Placeringar", "Places"),
        "web.profile.place_times": ("{place}:a ×{n}", "{place}. ×{n}"),
        "web.profile.recent": ("Senaste spelen", "Recent games"),
        "web.profile.won": ("Vann", "Won"),
        "web.profile.place": ("Plats {place}", "Place {place}"),
        "web.profile.replay": ("Se reprisen", "Watch the replay"),
        "web.profile.computer": ("Dator", "Computer"),
        "web.profile.stand_in": ("(en dator spelade klart)", "(a computer finished)"),
        # A recent match a computer finished for the person: listed, but it counted nowhere.
        "web.profile.computer_finished": (
            "Datorn spelade klart åt dig",
            "A computer finished it for you",
        ),
        "web.profile.computer_finished_note": (
            "Räknas inte i topplistan, bland spelen ovan eller i ratingen.",
            "Does not count in the highscore list, the games above or the rating.",
        ),
        "web.profile.opponents": ("Mot vem", "Head to head"),
        "web.profile.opponent": ("Motståndare", "Opponent"),
        "web.profile.met": ("Möten", "Met"),
        "web.profile.ahead": ("Före", "Ahead"),
        "web.profile.behind": ("Efter", "Behind"),
        "web.profile.nobody": (
            "Inga motståndare än.",
            "No opponents yet.",
        ),
    }
)

# "Lär dig spela": the guided first game (tutorial.js, the lobby and the rules panel); the
# bubbles' own texts are each game's (<id>.tutorial.<kind>).
register(
    {
        "web.tutorial.start": ("Lär dig spela", "Learn to play"),
        "web.tutorial.hint": (
            "En kort omgång mot datorn där guiden förklarar varje nytt val.",
            "A short game against the computer where the guide explains each new choice.",
        ),
        "web.tutorial.title": ("Guiden", "The guide"),
        "web.tutorial.ok": ("Fortsätt", "Continue"),
        "web.tutorial.quit": ("Avsluta guiden", "Leave the guide"),
        "web.tutorial.badge": ("Guidad – räknas inte", "Guided – does not count"),
    }
)
