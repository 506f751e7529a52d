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
        # The log's first line of a move a computer made for a seat's person (views.log_entry)
        "server.log.by_timer": (
            "Datorn spelade åt {name} – tiden tog slut",
            "The computer played for {name} – time ran out",
        ),
        "server.log.by_stand_in": (
            "Datorn spelade åt {name} ({name} är borta)",
            "The computer played for {name} ({name} is away)",
        ),
        # Why a match counts for nobody, or not for a seat's person (views.not_counted)
        "server.not_counted.stand_in": (
            "Räknas inte i topplistan för {name}: datorn spelade klart för {name}.",
            "Does not count for {name} in the highscore list: the computer finished the game "
            "for {name}.",
        ),
        "server.not_counted.guided": (
            "Räknas inte i topplistan: det här var en guidad omgång.",
            "Does not count in the highscore list: this was a guided game.",
        ),
        "server.not_counted.ended": (
            "Räknas inte i topplistan: värden avslutade matchen innan den var slut.",
            "Does not count in the highscore list: the host ended the match before it was over.",
        ),
        "server.serving": ("Spelkväll finns på {url}", "Spelkväll is at {url}"),
        "server.database": ("Databas: {where}", "Database: {where}"),
        "server.invite_base": (
            "Inbjudningslänkar pekar på {url}",
            "Invite links point to {url}",
        ),
        "server.loopback_only": (
            "Bara den här datorn når servern. Starta med --host 0.0.0.0 (make run "
            "HOST=0.0.0.0) så att vänner på samma nätverk kan öppna inbjudningarna.",
            "Only this computer can reach the server. Start it with --host 0.0.0.0 (make run "
            "HOST=0.0.0.0) so friends on the same network can open the invitations.",
        ),
        "server.kernels.title": (
            "Datorspelarna förbereder sig (en gång, efter installationen)",
            "The computer players are getting ready (once, after installing)",
        ),
        "server.kernels.compiling": (
            "{game}: datorspelarna förbereder sig … {percent} %",
            "{game}: the computer players are getting ready … {percent} %",
        ),
        "server.kernels.ready": (
            "{game}: datorspelarna är redo ({seconds} s)",
            "{game}: the computer players are ready ({seconds} s)",
        ),
        "server.kernels.failed": (
            "{game}: datorspelarna spelar enklare drag (förberedelsen misslyckades, se loggen)",
            "{game}: the computer players play simpler moves (getting ready failed, see the log)",
        ),
        "server.kernels.meanwhile": (
            "Under tiden spelar datorerna direkt, med enklare drag.",
            "Meanwhile the computers play at once, with simpler moves.",
        ),
        "server.public_url_bad": (
            "--public-url måste vara en http- eller https-adress utan ? och #: {url}",
            "--public-url must be an http or https address without ? and #: {url}",
        ),
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
        "error.invite_unknown": (
            "Det finns ingen sådan inbjudan. Kontrollera att hela länken kom med.",
            "There is no such invitation. Check that the whole link came through.",
        ),
        "error.invite_used": (
            "Inbjudan är redan använd: någon har tagit den platsen. Var det du? Öppna spelet "
            "under Mina spel i den webbläsare du gick med från.",
            "This invitation has been used: somebody took that seat. Was it you? Open the "
            "game under My games in the browser you joined from.",
        ),
        "error.match_cancelled": (
            "Spelet är avbrutet av värden.",
            "The host has called the game off.",
        ),
        "error.match_ended": (
            "Spelet är avslutat av värden, utan resultat.",
            "The host has ended the game, without a result.",
        ),
        "error.not_found": (
            "Det finns inget här ({path}).",
            "There is nothing here ({path}).",
        ),
        "error.method_not_allowed": (
            "Det går inte att göra {method} här.",
            "{method} cannot be done here.",
        ),
        "error.http": ("Förfrågan gick inte igenom.", "The request did not go through."),
        "error.turn_seconds": (
            "Tidsgränsen för en tur får vara högst {max} sekunder (0: ingen).",
            "The turn time limit may be at most {max} seconds (0: none).",
        ),
        "error.not_host": (
            "Bara värden (den som startade spelet) kan göra det.",
            "Only the host (who started the game) can do that.",
        ),
        "error.seat_unknown": ("Det finns ingen plats {seat}.", "There is no seat {seat}."),
        "error.seat_is_computer": (
            "Den platsen har redan en datorspelare.",
            "That seat already has a computer player.",
        ),
        "error.seat_computer": (
            "En dator spelar för den platsen nu. Ta tillbaka platsen först.",
            "A computer is playing that seat now. Take the seat back first.",
        ),
        "error.match_not_playing": (
            "Spelet pågår inte.",
            "The game is not under way.",
        ),
        "error.rematch_not_over": (
            "Spelet är inte slut än.",
            "The game is not over yet.",
        ),
        "error.rematch_spectator": (
            "Bara de som spelade kan spela igen.",
            "Only the players can play again.",
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
        "error.advice_server_busy": (
            "Servern räknar tips åt många just nu. Försök igen om {retry_after} s.",
            "The server is working out hints for many players right now. Try again in "
            "{retry_after} s.",
        ),
        "server.workers_need_redis": (
            "--workers över 1 kräver SPELKVALL_REDIS_URL: dragen når varje process "
            "anslutningar genom Redis.",
            "--workers above 1 needs SPELKVALL_REDIS_URL: moves reach every process's "
            "connections through Redis.",
        ),
        "error.rate_limited": (
            "För många förfrågningar på kort tid. Försök igen om {retry_after} s.",
            "Too many requests in a short time. Try again in {retry_after} s.",
        ),
        "error.replays_busy": (
            "Servern spelar upp andra matcher just nu. Försök igen om {retry_after} s.",
            "The server is busy replaying other matches. Try again in {retry_after} s.",
        ),
        "error.replay_too_costly": (
            "Den här uppspelningen tog för mycket av serverns tid och stoppades, så att "
            "pågående matcher inte stannar. Försök igen om {retry_after} s.",
            "This replay took too much of the server's time and was stopped, so that the "
            "matches being played do not stall. Try again in {retry_after} s.",
        ),
        "error.replay_not_started": (
            "Matchen har inte börjat: det finns inget att spela upp än.",
            "The match has not started: there is nothing to replay yet.",
        ),
        "error.record_live": (
            "Matchfilen kan laddas ner när matchen är slut (den visar allas kort).",
            "The match file can be downloaded once the match is over (it shows everybody's cards).",
        ),
        "error.record_private": (
            "Bara matchens spelare kan ladda ner matchfilen: den visar allas kort.",
            "Only the match's players can download the match file: it shows everybody's cards.",
        ),
        "error.too_many_sockets": (
            "För många öppna anslutningar från samma dator (högst {max}). Stäng några flikar.",
            "Too many open connections from one computer (at most {max}). Close some tabs.",
        ),
    }
)

# core.registry raises this key but core registers no text for it (yet); fill the gap without
# clashing with a later core entry.
if "error.unknown_game" not in keys():
    register({"error.unknown_game": ("Okänt spel: {game}.", "Unknown game: {game}.")})
