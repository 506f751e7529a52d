"""The command line's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import register

register(
    {
        # --- help texts (shown in Swedish, the default language) ---------------------------
        "cli.help.play": (
            "Spela ett spel i terminalen mot vänner eller datorspelare.",
            "Play a game in the terminal against friends or computer players.",
        ),
        "cli.help.simulate": (
            "Låt datorspelare spela många partier och visa statistik.",
            "Let computer players play many games and show statistics.",
        ),
        "cli.help.game": (
            "Spelets id (ett okänt id ger en lista över spelen).",
            "The game's id (an unknown id lists the games).",
        ),
        "cli.help.lang": ("Språk: sv eller en.", "Language: sv or en."),
        "cli.help.seed": (
            "Frö för slumpen (samma frö ger samma tärningsslag).",
            "Random seed (the same seed gives the same dice).",
        ),
        "cli.help.option": (
            "Husregel NAMN=VÄRDE (kan ges flera gånger), t.ex. --option play_on=true; ett okänt "
            "namn listar spelets regler.",
            "House rule NAME=VALUE (may be given more than once), e.g. --option play_on=true; an "
            "unknown name lists the game's options.",
        ),
        "cli.help.delay": (
            "Paus i sekunder efter datorspelarnas drag (standard 0,4 i en terminal).",
            "Pause in seconds after computer moves (default 0.4 in a terminal).",
        ),
        "cli.help.save": (
            "Spara partiet (JSON) i filen efter varje drag, t.ex. för spelkvall advise --match. "
            "Filen innehåller hela loggen, även dolda kort.",
            "Save the match (JSON) to the file after every move, e.g. for spelkvall advise "
            "--match. The file holds the whole log, hidden cards too.",
        ),
        "cli.help.games": ("Antal partier.", "Number of games."),
        "cli.help.seats": (
            "Datorspelare per plats, kommaseparerade, t.ex. heuristic,random (standard: heuristic "
            "mot random på alla platser spelet har).",
            "Bots per seat, comma separated, e.g. heuristic,random (default: heuristic against "
            "random in every seat the game has).",
        ),
        "cli.help.json": (
            "Skriv resultatet som JSON (ingen förloppsindikator).",
            "Print the result as JSON (no progress bar).",
        ),
        "cli.help.fast": (
            "Spela med spelets snabba simulator (om spelet har en; bara de platser den kan spela).",
            "Play with the game's fast simulator (if it has one; only the seats it can play).",
        ),
        "cli.help.ray": (
            "Spela partierna som Ray-uppgifter, på en ny Ray på alla datorns kärnor (samma "
            "resultat som utan --ray för samma frö).",
            "Play the games as Ray tasks, on a new Ray on every core of this machine (the same "
            "results as without --ray for the same seed).",
        ),
        "cli.help.ray_address": (
            "Spela på Ray-klustret på ADRESS i stället (t.ex. auto eller värd:6379; innebär "
            "--ray).",
            "Play on the Ray cluster at ADDRESS instead (e.g. auto or host:6379; implies --ray).",
        ),
        "cli.help.advise": (
            "Visa vinstchansen för varje tillåtet drag (från ett sparat parti eller en ställning).",
            "Show the chance to win of every legal move (from a saved match or a position).",
        ),
        "cli.help.match": (
            "Ett sparat parti (JSON-fil med partiets logg).",
            "A saved match (a JSON file with the match's log).",
        ),
        "cli.help.at": (
            "Ställningen efter de N första händelserna i loggen (standard: alla).",
            "The position after the first N log entries (default: all).",
        ),
        "cli.help.position": (
            "En ställning som JSON (text eller fil), se docs/advisor.md.",
            "A position as JSON (text or file), see docs/advisor.md.",
        ),
        "cli.help.policy": (
            "Spelstil för alla platser i utspelningarna: heuristic eller random.",
            "Policy for every seat in the playouts: heuristic or random.",
        ),
        "cli.help.half_width": (
            "Önskad halvbredd på 95 %-intervallen (0,01 = ±1 procentenhet).",
            "Wanted half-width of the 95 % intervals (0.01 = ±1 percentage point).",
        ),
        "cli.help.advise_json": ("Skriv svaret som JSON.", "Print the answer as JSON."),
        # --- setup -----------------------------------------------------------------------
        "cli.setup.title": ("Nytt spel: {title}", "New game: {title}"),
        "cli.setup.players": (
            "Hur många spelare ({counts})?",
            "How many players ({counts})?",
        ),
        "cli.setup.name": ("Spelare {n}, vad heter du?", "Player {n}, what is your name?"),
        "cli.setup.default_name": ("Spelare {n}", "Player {n}"),
        "cli.setup.name_taken": (
            "Namnet {name} är redan taget.",
            "The name {name} is already taken.",
        ),
        "cli.setup.colour": ("Vilken färg väljer {name}?", "Which colour does {name} choose?"),
        "cli.setup.kind": (
            "Är {name} en person eller en dator?",
            "Is {name} a person or a computer?",
        ),
        "cli.setup.bot": (
            "Hur svår ska datorn {name} vara?",
            "How strong should the computer {name} be?",
        ),
        "cli.setup.invalid": (
            "Svara med ett av alternativen: {choices}.",
            "Answer with one of the choices: {choices}.",
        ),
        "cli.setup.options": ("Husregler: {options}", "House rules: {options}"),
        "cli.setup.seat": (
            "{mark} {name} spelar {colour} ({kind}).",
            "{mark} {name} plays {colour} ({kind}).",
        ),
        "cli.setup.seat_plain": ("{mark} {name} ({kind}).", "{mark} {name} ({kind})."),
        "cli.setup.team": ("Lag {n}: {names}", "Team {n}: {names}"),
        "cli.bot.easy": ("Lätt: tumregler", "Easy: rules of thumb"),
        "cli.bot.medium": ("Medel: tänker efter en kort stund", "Medium: thinks for a moment"),
        "cli.bot.hard": (
            "Svår: provspelar många partier i förväg, upp till en sekund per drag",
            "Hard: plays many games ahead in its head, up to a second per move",
        ),
        "cli.bot.mcts": ("trädsökning (MCTS)", "tree search (MCTS)"),
        "cli.bot.ismcts": (
            "trädsökning som gissar dolda kort (IS-MCTS)",
            "tree search that guesses hidden cards (IS-MCTS)",
        ),
        "cli.bot.random": ("drar på måfå", "picks any legal move"),
        "cli.bot.heuristic": (
            "tumregler: spelets egna snabba val",
            "rules of thumb: the game's own quick choices",
        ),
        # --- play ------------------------------------------------------------------------
        "cli.play.press_roll": (
            "{name}, tryck Enter för att slå tärningen",
            "{name}, press Enter to roll the die",
        ),
        "cli.play.moves": (
            "{name} slog {die}. Möjliga drag:",
            "{name} rolled {die}. Possible moves:",
        ),
        "cli.play.moves_plain": ("{name}, möjliga drag:", "{name}, possible moves:"),
        "cli.play.no_winner": (
            "Ingen vinnare: spelet slutade oavgjort.",
            "No winner: the game ended in a draw.",
        ),
        "cli.play.team_won": ("vinner", "wins"),
        # --- the generic view (generic_view.py) --------------------------------------------
        "cli.view.table": ("Bordet", "The table"),
        "cli.view.seen_by": ("Det {name} ser", "What {name} sees"),
        "cli.view.yes": ("ja", "yes"),
        "cli.view.no": ("nej", "no"),
        "cli.play.choose": ("Välj ett drag (1–{n})", "Choose a move (1–{n})"),
        "cli.play.group": ("{heading} ({n} drag) …", "{heading} ({n} moves) …"),
        "cli.play.choose_group": ("Välj (1–{n})", "Choose (1–{n})"),
        "cli.play.back": ("Tillbaka", "Back"),
        "cli.play.choose_in_group": (
            "Välj ett drag (1–{n}, 0 tillbaka)",
            "Choose a move (1–{n}, 0 back)",
        ),
        "cli.play.turn": ("{name_pos} tur", "{name_pos} turn"),
        "cli.play.standings": ("Slutställning", "Final standings"),
        "cli.play.place": ("{place}. {name}", "{place}. {name}"),
        "cli.play.aborted": ("Spelet avbröts.", "The game was stopped."),
        "cli.play.preparing": (
            "Datorspelarna förbereder sig i bakgrunden (en gång, efter installationen); så "
            "länge spelar de direkt, med enklare drag.",
            "The computer players are getting ready in the background (once, after "
            "installing); until then they play at once, with simpler moves.",
        ),
        "cli.play.saved": ("Partiet är sparat i {path}.", "The match is saved in {path}."),
        "cli.play.save_failed": (
            "Kunde inte spara partiet i {path}: {reason}",
            "Could not save the match in {path}: {reason}",
        ),
        "cli.play.die": ("Tärning", "Die"),
        # --- replay ----------------------------------------------------------------------
        "cli.help.replay": (
            "Spela upp ett sparat parti steg för steg (--save, eller en matchfil från webben).",
            "Step through a saved match (--save, or a match file from the web page).",
        ),
        "cli.help.replay_file": ("Matchfilen (JSON).", "The match file (JSON)."),
        "cli.help.replay_to": (
            "Visa loggen och brädet efter steg N, utan att fråga.",
            "Show the log and the board after step N, without asking.",
        ),
        "cli.help.replay_all": (
            "Visa hela loggen och slutställningen, utan att fråga.",
            "Show the whole log and the final position, without asking.",
        ),
        "cli.help.replay_seat": (
            "Visa som spelare N ser det (med sin egen hand); annars som bordet ser det.",
            "Show it as player N sees it (with their own hand); else as the table sees it.",
        ),
        "cli.replay.title": ("Repris: {title}", "Replay: {title}"),
        "cli.replay.seen_by": ("Som {name} ser det.", "As {name} sees it."),
        "cli.replay.step": ("Steg {n} av {total}", "Step {n} of {total}"),
        "cli.replay.prompt": (
            "[Enter] nästa · b bakåt · 0–{last} hoppa · s slut · q avsluta",
            "[Enter] next · b back · 0–{last} jump · s end · q quit",
        ),
        "cli.replay.bad_key": (
            "Skriv Enter, b, s, q eller ett steg 0–{last}.",
            "Type Enter, b, s, q or a step 0–{last}.",
        ),
        "cli.replay.at_edge": ("Du är redan där.", "You are already there."),
        "cli.replay.bad_step": (
            "Steg {n} finns inte: partiet har steg 0–{last}.",
            "There is no step {n}: the match has steps 0–{last}.",
        ),
        "cli.replay.bad_seat": (
            "Spelare {seat} finns inte: partiet har spelare 1–{n}.",
            "There is no player {seat}: the match has players 1–{n}.",
        ),
        "cli.replay.not_over": (
            "Partiet tar slut här, utan resultat (det sparades innan det var slut).",
            "The match ends here, without a result (it was saved before the end).",
        ),
        # --- simulate --------------------------------------------------------------------
        "cli.sim.title": (
            "{games} partier {title}, frö {seed}",
            "{games} games of {title}, seed {seed}",
        ),
        "cli.sim.progress": ("Spelar", "Playing"),
        "cli.sim.seat": ("Plats", "Seat"),
        "cli.sim.bot": ("Datorspelare", "Bot"),
        "cli.sim.wins": ("Vinster", "Wins"),
        "cli.sim.rate": ("Andel", "Win rate"),
        "cli.sim.ci": ("95 % konfidensintervall", "95 % confidence interval"),
        "cli.sim.length": (
            "Genomsnittlig längd: {rolls} tärningsslag och {moves} drag per parti",
            "Average length: {rolls} die rolls and {moves} moves per game",
        ),
        "cli.sim.speed": (
            "{gps} partier per sekund ({seconds} s)",
            "{gps} games per second ({seconds} s)",
        ),
        "cli.sim.no_seed": ("inget", "none"),
        # --- tournament ------------------------------------------------------------------
        "cli.help.tournament": (
            "Låt datorspelare möta varandra på alla platser: vinstandel med 95 % "
            "konfidensintervall och Elo-tal.",
            "Bots meet in every seat: win rates with 95 % confidence intervals and Elo ratings.",
        ),
        "cli.help.bots": (
            "Datorspelarna, kommaseparerade, en per plats (samma får stå flera gånger).",
            "The bots, comma-separated, one per seat (a bot may appear more than once).",
        ),
        "cli.help.plot": (
            "Rita vinstandelar och Elo-tal i en PNG-fil (kräver matplotlib).",
            "Draw win rates and Elo ratings into a PNG file (needs matplotlib).",
        ),
        "cli.tour.title": (
            "Turnering i {title}: {games} partier ({rounds} varv med {seatings} placeringar), "
            "frö {seed}",
            "Tournament of {title}: {games} games ({rounds} rounds of {seatings} seatings), "
            "seed {seed}",
        ),
        "cli.tour.seats": ("Platser", "Seats"),
        "cli.tour.elo": ("Elo", "Elo"),
        "cli.tour.max_move": ("Längsta drag", "Longest move"),
        "cli.tour.chance": (
            "Av en slump vinner en plats {rate} %. Elo-talen är anpassade till parvisa resultat "
            "inom partierna (Bradley–Terry, medel 1500).",
            "A seat wins {rate} % by chance. The Elo ratings are fitted to pairwise results "
            "within the games (Bradley–Terry, mean 1500).",
        ),
        "cli.tour.plot_rate": (
            "vinstandel %, 95 % konfidensintervall\n(streckat: slumpens andel)",
            "win rate %, 95 % confidence interval\n(dashed: chance)",
        ),
        "cli.tour.plot_elo": ("Elo (medel 1500)", "Elo (mean 1500)"),
        "cli.tour.plotted": ("Diagrammet finns i {path}.", "The chart is in {path}."),
        "cli.error.no_matplotlib": (
            "--plot behöver matplotlib: pip install 'spelkvall[plot]'.",
            "--plot needs matplotlib: pip install 'spelkvall[plot]'.",
        ),
        "cli.error.no_ray": (
            "--ray behöver Ray: pip install 'spelkvall[cluster]'.",
            "--ray needs Ray: pip install 'spelkvall[cluster]'.",
        ),
        "cli.error.ray_connect": (
            "Hittade ingen Ray på {address}: starta klustret med ray start --head, eller kör "
            "--ray utan --ray-address för en Ray på den här datorn.",
            "Found no Ray at {address}: start the cluster with ray start --head, or run --ray "
            "without --ray-address for a Ray on this machine.",
        ),
        "cli.error.ray_fast": (
            "simulate --ray kräver --fast: spelmotorns partier drar sina tärningar ur en och "
            "samma slumpström och kan inte delas upp med samma resultat. Kör med --fast, eller "
            "spelkvall tournament --ray för andra datorspelare.",
            "simulate --ray needs --fast: the engine's games draw their dice from one shared "
            "random stream and cannot be split with the same results. Run with --fast, or "
            "spelkvall tournament --ray for other bots.",
        ),
        "cli.error.two_bots": (
            "En turnering behöver minst två olika datorspelare.",
            "A tournament needs at least two different bots.",
        ),
        # --- advise ---------------------------------------------------------------------
        "cli.advise.title": ("Råd för {name}", "Advice for {name}"),
        "cli.advise.action": ("Drag", "Move"),
        "cli.advise.win": ("Vinstchans", "Chance to win"),
        "cli.advise.win_team": ("Lagets vinstchans", "The team's chance to win"),
        "cli.advise.sampled": (
            "Det {name} inte ser (kort, pjäser, bud) lottades på nytt i varje utspelning ur det "
            "{name} kan se: råden bygger aldrig på de andras riktiga.",
            "What {name} cannot see (cards, pieces, bids) was drawn anew for every playout, at "
            "random from what {name} can see: the advice never rests on the others' real ones.",
        ),
        "cli.advise.playouts": ("Utspelningar", "Playouts"),
        "cli.advise.exact": ("säkert", "certain"),
        "cli.advise.how": (
            "Utspelningar med spelstilen {policy} för alla platser: {playouts} partier på "
            "{seconds} s ({method}).",
            "Playouts with the {policy} policy for every seat: {playouts} games in "
            "{seconds} s ({method}).",
        ),
        "cli.advise.method.batch": ("batchsimulatorn", "the batch simulator"),
        "cli.advise.method.engine": ("spelmotorn", "the game engine"),
        "cli.advise.source": (
            "Ange antingen --match FIL eller --position JSON.",
            "Give either --match FILE or --position JSON.",
        ),
        "cli.advise.other_game": (
            "Partiet gäller spelet {game}, inte det valda spelet.",
            "The match is of the game {game}, not the one chosen.",
        ),
        "cli.advise.at": (
            "--at måste vara mellan 0 och {n} (loggens längd).",
            "--at must be between 0 and {n} (the log's length).",
        ),
        # --- errors ----------------------------------------------------------------------
        "cli.error.unknown_game": (
            "Okänt spel: {game}. Kända spel: {known}.",
            "Unknown game: {game}. Known games: {known}.",
        ),
        "cli.error.unknown_bot": (
            "Okänd datorspelare: {bot}. Kända: {known}.",
            "Unknown bot: {bot}. Known bots: {known}.",
        ),
        "cli.error.seats": (
            "{game} spelas av {counts} spelare, men {flag} anger {n}.",
            "{game} is played by {counts} players, but {flag} gives {n}.",
        ),
        "cli.error.games": (
            "Antalet partier måste vara minst 1.",
            "The number of games must be at least 1.",
        ),
        "cli.error.fast_game": (
            "{game} har ingen snabb simulator; kör utan --fast.",
            "{game} has no fast simulator; run without --fast.",
        ),
        "cli.error.fast_bot": (
            "--fast spelar bara med {known}, inte {bot}.",
            "--fast plays only {known}, not {bot}.",
        ),
        "cli.error.option_form": (
            "--option ska skrivas NAMN=VÄRDE, inte {text}.",
            "--option is written NAME=VALUE, not {text}.",
        ),
        "cli.error.option_unknown": (
            "{game} har ingen regel {name}.",
            "{game} has no rule option {name}.",
        ),
        "cli.error.known_options": ("Reglerna är: {known}.", "The options are: {known}."),
        "cli.error.no_options": (
            "Spelet har inga regler att välja.",
            "The game has no options to choose.",
        ),
        "cli.error.option_allowed": ("Tillåtet: {allowed}.", "Allowed: {allowed}."),
        "cli.error.no_advice": (
            "{game} ger inga råd.",
            "{game} gives no advice.",
        ),
        "cli.error.file": (
            "Filen {path} gick inte att läsa ({why}).",
            "The file {path} could not be read ({why}).",
        ),
        "cli.error.json": ("Det där är inte giltig JSON.", "That is not valid JSON."),
        "cli.error.lang": (
            "Okänt språk: {lang} (sv eller en).",
            "Unknown language: {lang} (sv or en).",
        ),
    }
)
