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
        "cli.help.game": ("Spelets id, t.ex. fia.", "The game's id, e.g. fia."),
        "cli.help.lang": ("Språk: sv eller en.", "Language: sv or en."),
        "cli.help.seed": (
            "Frö för slumpen (samma frö ger samma tärningsslag).",
            "Random seed (the same seed gives the same dice).",
        ),
        "cli.help.three_tries": (
            "Husregel: tre försök att slå 1 eller 6 när inga pjäser är ute.",
            "House rule: three tries to roll a 1 or 6 with no piece on the board.",
        ),
        "cli.help.play_on": (
            "Husregel: spela vidare om placeringarna efter första vinnaren.",
            "House rule: play on for the places after the first winner.",
        ),
        "cli.help.delay": (
            "Paus i sekunder efter datorspelarnas drag (standard 0,4 i en terminal).",
            "Pause in seconds after computer moves (default 0.4 in a terminal).",
        ),
        "cli.help.games": ("Antal partier.", "Number of games."),
        "cli.help.seats": (
            "Datorspelare per plats, kommaseparerade, t.ex. heuristic,random,random,random.",
            "Bots per seat, comma separated, e.g. heuristic,random,random,random.",
        ),
        "cli.help.json": (
            "Skriv resultatet som JSON (ingen förloppsindikator).",
            "Print the result as JSON (no progress bar).",
        ),
        # --- setup -----------------------------------------------------------------------
        "cli.setup.title": ("Nytt spel: {title}", "New game: {title}"),
        "cli.setup.players": (
            "Hur många spelare ({min}–{max})?",
            "How many players ({min}–{max})?",
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
            "Vilken datorspelare ska {name} vara?",
            "Which computer player is {name}?",
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
        "cli.bot.random": ("drar på måfå", "picks any legal move"),
        "cli.bot.heuristic": (
            "tumregler: slår ut, undviker fara, springer hem",
            "rules of thumb: knocks out, avoids danger, races home",
        ),
        # --- play ------------------------------------------------------------------------
        "cli.play.rolloff": (
            "Alla slår tärningen om vem som börjar.",
            "Everyone rolls the die to see who starts.",
        ),
        "cli.play.press_roll": (
            "{name}, tryck Enter för att slå tärningen",
            "{name}, press Enter to roll the die",
        ),
        "cli.play.moves": (
            "{name} slog {die}. Möjliga drag:",
            "{name} rolled {die}. Possible moves:",
        ),
        "cli.play.choose": ("Välj ett drag (1–{n})", "Choose a move (1–{n})"),
        "cli.play.turn": ("{name_pos} tur", "{name_pos} turn"),
        "cli.play.knocks_out": ("slår ut {victim_pos} pjäs", "knocks out {victim_pos} piece"),
        "cli.play.stops_at": ("stannar på {dst}", "stops on {dst}"),
        "cli.play.standings": ("Slutställning", "Final standings"),
        "cli.play.place": ("{place}. {name}", "{place}. {name}"),
        "cli.play.aborted": ("Spelet avbröts.", "The game was stopped."),
        "cli.play.no_view": (
            "{game} går inte att spela i terminalen än.",
            "{game} cannot be played in the terminal yet.",
        ),
        "cli.play.die": ("Tärning", "Die"),
        # --- the Fia board ---------------------------------------------------------------
        "cli.fia.legend": ("{mark} {name} ({colour}{bot})", "{mark} {name} ({colour}{bot})"),
        "cli.fia.count": (
            "   boet {nest} · ute {out} · mål {goal}",
            "   nest {nest} · out {out} · home {goal}",
        ),
        "cli.fia.bot": (", dator", ", computer"),
        "cli.fia.key": (
            "[ ] startruta  · bana  - mittfält  ★ mål  ○ boplats",
            "[ ] start  · track  - middle lane  ★ goal  ○ nest slot",
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
            "{game} spelas av {min} till {max} spelare, men --seats anger {n}.",
            "{game} is played by {min} to {max} players, but --seats gives {n}.",
        ),
        "cli.error.games": (
            "Antalet partier måste vara minst 1.",
            "The number of games must be at least 1.",
        ),
        "cli.error.lang": (
            "Okänt språk: {lang} (sv eller en).",
            "Unknown language: {lang} (sv or en).",
        ),
        "cli.error.option": (
            "{game} har ingen regel {name}.",
            "{game} has no rule option {name}.",
        ),
    }
)
