"""The server's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import keys, register

register(
    {
        "server.title": ("Spelkväll", "Game night"),
        "server.bot_name": ("Dator {n}", "Computer {n}"),
        "server.bot.random": ("Slumpspelare", "Random player"),
        "server.bot.heuristic": ("Tumregelspelare", "Rule-of-thumb player"),
        "server.status.waiting": ("Väntar på spelare", "Waiting for players"),
        "server.status.playing": ("Pågår", "In progress"),
        "server.status.over": ("Slut", "Over"),
        "server.serving": ("Spelkväll finns på {url}", "Spelkväll is at {url}"),
        "server.database": ("Databas: {where}", "Database: {where}"),
        "error.bad_request": ("Felaktig förfrågan: {why}", "Bad request: {why}"),
        "error.malformed_message": (
            "Meddelandet gick inte att förstå: {why}",
            "The message could not be understood: {why}",
        ),
        "error.message_too_large": (
            "Meddelandet är för stort (högst {max} byte).",
            "The message is too large (at most {max} bytes).",
        ),
        "error.stale": (
            "Spelet har gått vidare sedan du tittade. Försök igen.",
            "The game has moved on since you looked. Try again.",
        ),
        "error.not_your_seat": (
            "Du får inte spela för den platsen.",
            "You may not play for that seat.",
        ),
        "error.not_your_die": (
            "Det är inte din tärning att slå.",
            "It is not your die to roll.",
        ),
        "error.no_roll": ("Det finns ingen tärning att slå nu.", "There is no die to roll now."),
        "error.not_started": (
            "Spelet har inte börjat: alla platser är inte fyllda.",
            "The game has not started: not every seat is taken.",
        ),
        "error.match_not_found": ("Spelet finns inte.", "There is no such game."),
        "error.invite_invalid": (
            "Inbjudan gäller inte längre (platsen kan redan vara tagen).",
            "The invitation is no longer valid (the seat may be taken).",
        ),
        "error.bot_unknown": ("Okänd datorspelare: {bot}.", "Unknown computer player: {bot}."),
        "error.creator_seat": (
            "Plats 1 är din: den behöver ditt namn och kan inte vara en dator.",
            "Seat 1 is yours: it needs your name and cannot be a computer.",
        ),
        "error.language": ("Okänt språk: {lang}.", "Unknown language: {lang}."),
        "error.dice": (
            "Slumputfallet {value} går inte nu: det passar {matches} möjliga utfall, inte ett.",
            "The chance outcome {value} cannot be used now: it fits {matches} possible "
            "outcomes, not one.",
        ),
        "error.internal": ("Något gick fel på servern.", "Something went wrong on the server."),
        # Tips (the move advisor on the game page)
        "error.advice_unavailable": (
            "Tips finns inte för {game}: där kan datorn inte räkna ut vinstchanser rättvist "
            "och snabbt nog.",
            "Hints are not available for {game}: the computer cannot work out win chances "
            "there both fairly and quickly enough.",
        ),
        "error.advice_spectator": (
            "Tips får bara den som spelar och ska välja drag nu, inte den som tittar på.",
            "Only a player who must choose a move now gets hints, not someone watching.",
        ),
        "error.advice_not_your_turn": (
            "Du kan bara få tips när det är din tur att välja drag.",
            "You can only get hints when it is your turn to choose a move.",
        ),
        "error.advice_no_decision": (
            "Inget drag att välja just nu: tips finns när tärningen är slagen och ett drag ska "
            "väljas.",
            "No move to choose right now: hints are there once the die is rolled and a move "
            "must be chosen.",
        ),
        "error.advice_busy": (
            "Tipsen för det här spelet räknas redan. Vänta ett ögonblick.",
            "The hints for this game are already being worked out. Wait a moment.",
        ),
    }
)

# core.registry raises this key but core registers no text for it (yet); fill the gap without
# clashing with a later core entry.
if "error.unknown_game" not in keys():
    register({"error.unknown_game": ("Okänt spel: {game}.", "Unknown game: {game}.")})
