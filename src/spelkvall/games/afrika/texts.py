"""Afrikas stjärna's entries in the translation table (Swedish, English): the title, options,
actions, places, tokens, log lines, and the terminal view's and web page's texts."""

from spelkvall.core.i18n import register

PLACES = {
    "tangier": ("Tangier", "Tangier"),
    "cairo": ("Cairo", "Cairo"),
    "addis_abeba": ("Addis Abeba", "Addis Ababa"),
    "ain_galaka": ("Ain-Galaka", "Ain-Galaka"),
    "bahr_el_ghasal": ("Bahr el Ghasal", "Bahr el Ghasal"),
    "canary_islands": ("Kanarieöarna", "Canary Islands"),
    "cape_guardafui": ("Kap Guardafui", "Cape Guardafui"),
    "cape_st_marie": ("Kap S:ta Marie", "Cape St. Marie"),
    "cape_verde": ("Kap Verde", "Cape Verde"),
    "capetown": ("Kapstaden", "Capetown"),
    "congo": ("Kongo", "Congo"),
    "dar_fur": ("Dar-Fur", "Dar-Fur"),
    "daressalam": ("Daressalam", "Daressalam"),
    "dragon_mountain": ("Drakberget", "Dragon Mountain"),
    "egypt": ("Egypten", "Egypt"),
    "gold_coast": ("Guldkusten", "Gold Coast"),
    "kandjama": ("Kandjama", "Kandjama"),
    "lake_victoria": ("Victoriasjön", "Lake Victoria"),
    "morocco": ("Marocko", "Morocco"),
    "mozambique": ("Moçambique", "Mozambique"),
    "ocomba": ("Ocomba", "Ocomba"),
    "sahara": ("Sahara", "Sahara"),
    "sierra_leone": ("Sierra Leone", "Sierra Leone"),
    "slave_coast": ("Slavkusten", "Slave Coast"),
    "st_helena": ("S:t Helena", "St. Helena"),
    "suakin": ("Suakin", "Suakin"),
    "tamatave": ("Tamatave", "Tamatave"),
    "timbuktu": ("Timbuktu", "Timbuktu"),
    "tripoli": ("Tripoli", "Tripoli"),
    "tunis": ("Tunis", "Tunis"),
    "victoria_falls": ("Victoriafallen", "Victoria Falls"),
    "whalefish_bay": ("Valfiskbukten", "Whalefish Bay"),
    "jl_tangier_morocco": ("vägskälet söder om Tangier", "the junction south of Tangier"),
    "jl_sierraleone_timbuktu": (
        "vägskälet mellan Sierra Leone och Timbuktu",
        "the junction between Sierra Leone and Timbuktu",
    ),
    "jl_slavecoast_darfur": (
        "vägskälet mellan Slavkusten och Dar-Fur",
        "the junction between Slave Coast and Dar-Fur",
    ),
    "jl_lakevictoria_mozambique": (
        "vägskälet vid Daressalam",
        "the junction by Daressalam",
    ),
    "jl_mozambique_dragon_a": (
        "norra vägskälet mellan Moçambique och Drakberget",
        "the northern junction between Mozambique and Dragon Mountain",
    ),
    "jl_mozambique_dragon_b": (
        "södra vägskälet mellan Moçambique och Drakberget",
        "the southern junction between Mozambique and Dragon Mountain",
    ),
    "js_off_tripoli": ("havet utanför Tripoli", "the sea off Tripoli"),
    "js_off_capeverde": ("havet utanför Kap Verde", "the sea off Cape Verde"),
    "js_off_slavecoast": ("havet utanför Slavkusten", "the sea off Slave Coast"),
    "js_off_capetown": ("havet utanför Kapstaden", "the sea off Capetown"),
    "hz_bedouins": ("beduinernas prick öster om Sahara", "the bedouins' dot east of Sahara"),
    "hz_pirates_north": (
        "piratvattnet norr om S:t Helena",
        "the pirate water north of St. Helena",
    ),
    "hz_pirates_south": (
        "piratvattnet söder om S:t Helena",
        "the pirate water south of St. Helena",
    ),
}

TOKENS = {
    "blank": ("tom bricka", "blank"),
    "horseshoe": ("hästsko", "horseshoe"),
    "robber": ("rövare", "robber"),
    "topaz": ("topas", "topaz"),
    "emerald": ("smaragd", "emerald"),
    "ruby": ("rubin", "ruby"),
    "star": ("Afrikas stjärna", "the Star of Africa"),
}

register({f"afrika.place.{k}": v for k, v in PLACES.items()})
register({f"afrika.token.{k}": v for k, v in TOKENS.items()})
register(
    {
        "afrika.title": ("Afrikas stjärna", "The Star of Africa"),
        "afrika.score": ("Pengar (£)", "Money (£)"),
        # --- options ---
        "afrika.option.free_passage_2005": (
            "2005 års regel: pank spelare får segla gratis, 2 steg per tur",
            "The 2005 rule: a broke player may sail for free, 2 steps a turn",
        ),
        "afrika.option.emerald_value": ("Smaragdens värde (£)", "Emerald value (£)"),
        "afrika.option.escape_roll_moves": (
            "Den som slår sig fri (1–2) flyttar det slaget",
            "Rolling free (1–2) also moves that roll",
        ),
        "afrika.option.turn_order": ("Turordning", "Turn order"),
        "afrika.option.turn_order.random": ("lottad", "drawn at random"),
        "afrika.option.turn_order.highest_roll": (
            "högsta slaget börjar",
            "highest roll starts",
        ),
        "afrika.option.sixth_player": ("En sjätte spelare", "A sixth player"),
        "afrika.option.strand_waits_for_capetown": (
            "Strandsätt inte pank fastlandsspelare förrän Kapstadens bonus är tagen",
            "Strand no broke mainland player before the Capetown bonus is taken",
        ),
        # --- actions ---
        "afrika.action.roll": ("Slå {value}", "Roll {value}"),
        "afrika.action.reveal": ("Brickan är: {token}", "The token is: {token}"),
        "afrika.action.order": ("Spelare {seat} i tur", "Player {seat} next in order"),
        "afrika.action.start": ("Börja i {place}", "Start in {place}"),
        "afrika.action.walk": ("Slå och gå landvägen", "Roll and travel by land"),
        "afrika.action.go": ("Gå till {place}", "Go to {place}"),
        "afrika.action.sail": ("Segla till {place} (£100)", "Sail to {place} (£100)"),
        "afrika.action.sail_free": (
            "Segla gratis till {place} (2 steg per tur)",
            "Sail for free to {place} (2 steps a turn)",
        ),
        "afrika.action.sail_on": ("Segla vidare 2 steg", "Sail on 2 steps"),
        "afrika.action.fly": ("Flyg till {place} (£300)", "Fly to {place} (£300)"),
        "afrika.action.try_token": (
            "Slå för brickan (4–6 vänder den)",
            "Roll for the token (4–6 opens it)",
        ),
        "afrika.action.buy": ("Köp brickan (£100)", "Buy the token (£100)"),
        "afrika.action.decline": ("Låt brickan ligga", "Leave the token"),
        "afrika.action.pass": ("Stå över", "Pass"),
        "afrika.go.stop": ("Stanna i {place}", "Stop in {place}"),
        "afrika.go.via": ("via {places}", "via {places}"),
        "afrika.go.direct": ("direkt", "directly"),
        "afrika.go.hazard": ("fara!", "danger!"),
        "afrika.dot.land": ("{n} steg från {a} mot {b}", "{n} steps from {a} toward {b}"),
        "afrika.dot.sea": (
            "till sjöss {n} steg från {a} mot {b}",
            "at sea {n} steps from {a} toward {b}",
        ),
        # --- events ---
        "afrika.event.order_drawn": (
            "{name} blir nummer {place} i turordningen.",
            "{name} is number {place} in the turn order.",
        ),
        "afrika.event.order_roll": (
            "{name} slår {value} om turordningen.",
            "{name} rolls {value} for the turn order.",
        ),
        "afrika.event.order_tie": (
            "Lika ({value}): {names} slår om.",
            "A tie ({value}): {names} roll again.",
        ),
        "afrika.event.order": ("Turordningen: {names}.", "The turn order: {names}."),
        "afrika.event.start": ("{name} börjar i {place}.", "{name} starts in {place}."),
        "afrika.event.turn": ("{name_pos} tur.", "{name_pos} turn."),
        "afrika.event.slave_turn": (
            "{name} är slav och står över (kvar: {left}).",
            "{name} is a slave and loses the turn ({left} left).",
        ),
        "afrika.event.rolled": ("{name} slår {value}.", "{name} rolls {value}."),
        "afrika.event.escaped": ("{name} slår sig fri!", "{name} rolls free!"),
        "afrika.event.still_captured": (
            "{name} är fortfarande fången.",
            "{name} is still captured.",
        ),
        "afrika.event.walked": ("{name} går till {place}.", "{name} walks to {place}."),
        "afrika.event.boarded": (
            "{name} går ombord mot {place} (£{fare}).",
            "{name} boards for {place} (£{fare}).",
        ),
        "afrika.event.sailed": (
            "{name} seglar, {left} steg kvar till {place}.",
            "{name} sails, {left} steps left to {place}.",
        ),
        "afrika.event.landed": ("{name} går i land i {place}.", "{name} lands in {place}."),
        "afrika.event.flew": ("{name} flyger till {place}.", "{name} flies to {place}."),
        "afrika.event.captured": ("{name} tas till fånga av {by}!", "{name} is captured by {by}!"),
        "afrika.captor.bedouins": ("beduiner", "bedouins"),
        "afrika.captor.pirates": ("pirater", "pirates"),
        "afrika.event.bonus": (
            "{name} är först i Kapstaden och får £{amount}!",
            "{name} is first in Capetown and gets £{amount}!",
        ),
        "afrika.event.try_token": (
            "{name} slår för brickan i {place}.",
            "{name} rolls for the token in {place}.",
        ),
        "afrika.event.token_stays": (
            "Brickan i {place} förblir stängd.",
            "The token in {place} stays closed.",
        ),
        "afrika.event.bought": (
            "{name} köper brickan i {place} för £100.",
            "{name} buys the token in {place} for £100.",
        ),
        "afrika.event.declined": (
            "{name} låter brickan i {place} ligga.",
            "{name} leaves the token in {place}.",
        ),
        "afrika.event.revealed": (
            "{name} vänder brickan i {place}: {token}.",
            "{name} opens the token in {place}: {token}.",
        ),
        "afrika.event.gem": ("{name} får £{amount}.", "{name} gets £{amount}."),
        "afrika.event.gem_double": (
            "{name} får £{amount} (dubbelt på Guldkusten).",
            "{name} gets £{amount} (double on the Gold Coast).",
        ),
        "afrika.event.robbed": (
            "{name} blir rånad på £{lost}!",
            "{name} is robbed of £{lost}!",
        ),
        "afrika.event.enslaved": (
            "{name} blir slav och står över {turns} turer!",
            "{name} is enslaved and loses {turns} turns!",
        ),
        "afrika.event.horseshoe_valid": (
            "Stjärnan är redan hittad: {name} har en giltig hästsko!",
            "The star is already found: {name} holds a valid horseshoe!",
        ),
        "afrika.event.horseshoe_spent": (
            "Hästskon gäller inte, stjärnan är inte hittad.",
            "The horseshoe is worthless: the star is not found yet.",
        ),
        "afrika.event.star": (
            "{name} har hittat Afrikas stjärna!",
            "{name} has found the Star of Africa!",
        ),
        "afrika.event.stranded": (
            "{name} är STRANDSATT ({reason})!",
            "{name} is STRANDED ({reason})!",
        ),
        "afrika.strand.S1": (
            "pank på en ö utan bricka",
            "broke on an island without a token",
        ),
        "afrika.strand.S2": (
            "pank på Madagaskar utan brickor",
            "broke on Madagascar without tokens",
        ),
        "afrika.strand.S3": (
            "pank, bara öarnas brickor kvar",
            "broke, only the islands' tokens left",
        ),
        "afrika.strand.S4": (
            "alla hästskor och stjärnan är borta",
            "every horseshoe and the star are gone",
        ),
        "afrika.event.won": (
            "{name} når {place} med {item} och vinner!",
            "{name} reaches {place} with {item} and wins!",
        ),
        "afrika.item.star": ("stjärnan", "the star"),
        "afrika.item.horseshoe": ("en giltig hästsko", "a valid horseshoe"),
        "afrika.event.instant_win": (
            "Alla hästskor var redan vända: {name} vinner direkt!",
            "Every horseshoe was already opened: {name} wins at once!",
        ),
        "afrika.event.no_winner": (
            "Alla är strandsatta: ingen vinner.",
            "Everybody is stranded: nobody wins.",
        ),
        "afrika.event.passed": ("{name} står över.", "{name} passes."),
    }
)

register(
    {
        "afrika.cli.intro": (
            "Hitta Afrikas stjärna och för den hem till Tangier eller Cairo!",
            "Find the Star of Africa and bring it home to Tangier or Cairo!",
        ),
        "afrika.cli.key": (
            "Karta: städerna med tecknet framför namnet i listan ovan (gul: brickan ligger "
            "kvar), T Tangier, C Cairo, ! fara (beduinerna öster om Sahara, piraterna vid "
            "S:t Helena), . land, ~ hav; spelarna med sina märken.",
            "Map: the cities by the sign before their name in the list above (yellow: the "
            "token is still there), T Tangier, C Cairo, ! danger (the bedouins east of Sahara, "
            "the pirates off St. Helena), . land, ~ sea; the players by their marks.",
        ),
        "afrika.cli.col.player": ("Spelare", "Player"),
        "afrika.cli.col.where": ("Var", "Where"),
        "afrika.cli.col.money": ("Pengar", "Money"),
        "afrika.cli.col.items": ("Fynd", "Items"),
        "afrika.cli.col.status": ("Läge", "Status"),
        "afrika.cli.star": ("★ stjärnan", "★ the star"),
        "afrika.cli.horseshoes": ("{n} giltig(a) hästsko(r)", "{n} valid horseshoe(s)"),
        "afrika.cli.stranded": ("STRANDSATT: {reason}", "STRANDED: {reason}"),
        "afrika.cli.at_sea": (
            "till sjöss mot {place}, {left} steg kvar",
            "at sea for {place}, {left} steps left",
        ),
        "afrika.cli.captured": ("fången (1–2 befriar)", "captured (1–2 frees)"),
        "afrika.cli.slave": ("slav {turns} turer till", "a slave for {turns} more turns"),
        "afrika.cli.gold_coast": ("(×2)", "(×2)"),
        "afrika.cli.slave_coast": ("(tom: slav)", "(blank: slave)"),
        "afrika.cli.capetown": ("(+£500)", "(+£500)"),
        "afrika.cli.capetown_claimed": ("(£500 tagna)", "(£500 taken)"),
        "afrika.cli.left": ("Stängda brickor: {n} ({kinds})", "Closed tokens: {n} ({kinds})"),
        "afrika.cli.die": ("Tärning", "Die"),
    }
)

register(
    {
        "afrika.web.map": ("Afrikas karta", "The map of Africa"),
        "afrika.web.legend": (
            "Svarta prickar: landvägar. Blå prickade linjer: sjövägar. Röda streckade bågar: "
            "flyg. ! fara. Klicka på en ring för att gå, segla eller flyga dit.",
            "Black dots: land routes. Blue dotted lines: sea lanes. Red dashed arcs: flights. "
            "! danger. Click a ring to walk, sail or fly there.",
        ),
        "afrika.web.facts": ("Brickorna", "The tokens"),
        "afrika.web.unopened": ("{n} brickor ligger kvar.", "{n} tokens left face down."),
        "afrika.web.star_not_found": (
            "Stjärnan är inte hittad. Hästskor vända: {n} av 5.",
            "The star is not found. Horseshoes opened: {n} of 5.",
        ),
        "afrika.web.star_is_found": (
            "Stjärnan är hittad! Hästskor vända: {n} av 5 (de som vänds nu gäller).",
            "The star is found! Horseshoes opened: {n} of 5 (those opened now count).",
        ),
        "afrika.web.bonus_waiting": (
            "Kapstaden: £500 till den förste som kommer dit.",
            "Capetown: £500 for the first to arrive.",
        ),
        "afrika.web.bonus_taken": ("Kapstadens £500 är tagna.", "Capetown's £500 are taken."),
        "afrika.web.slave_badge": ("tom: slav", "blank: slave"),
        "afrika.web.has_star": ("★ stjärnan", "★ the star"),
        "afrika.web.has_horseshoes": ("∩ {n} hästsko", "∩ {n} horseshoe"),
        "afrika.web.at_sea": (
            "till sjöss mot {place} ({left} kvar)",
            "at sea for {place} ({left} left)",
        ),
        "afrika.web.captured": ("FÅNGEN (1–2 befriar)", "CAPTURED (1–2 frees)"),
        "afrika.web.slave": ("SLAV {n} turer", "SLAVE {n} turns"),
        "afrika.web.stranded": ("STRANDSATT", "STRANDED"),
        "afrika.web.ordering": ("Turordningen avgörs", "The turn order is settled"),
        "afrika.web.rolls": ("slår", "rolls"),
        "afrika.web.choose_start": (
            "Välj startpunkt: Tangier eller Cairo",
            "Choose a start: Tangier or Cairo",
        ),
        "afrika.web.roll_for.move": ("Slå tärningen och gå landvägen", "Roll and travel by land"),
        "afrika.web.roll_for.token": (
            "Slå för brickan: 4–6 vänder den",
            "Roll for the token: 4–6 opens it",
        ),
        "afrika.web.roll_for.escape": (
            "Fången: slå 1–2 för att komma loss",
            "Captured: roll 1–2 to get free",
        ),
        "afrika.web.roll_for.sea": ("Till sjöss: slå och segla vidare", "At sea: roll and sail on"),
        "afrika.web.roll_for.order": ("Slå om turordningen", "Roll for the turn order"),
        "afrika.web.choose_stop": (
            "Slog {value}: välj var du stannar",
            "Rolled {value}: choose where to stop",
        ),
        "afrika.web.buy_question": ("Köpa brickan här för £100?", "Buy the token here for £100?"),
        "afrika.web.choose_action": (
            "Välj: gå, segla, flyg eller brickan",
            "Choose: walk, sail, fly or the token",
        ),
        "afrika.web.click_die.move": (
            "{name}, klicka på tärningen för att gå.",
            "{name}, click the die to walk.",
        ),
        "afrika.web.click_die.token": (
            "{name}, klicka på tärningen: 4–6 vänder brickan.",
            "{name}, click the die: 4–6 opens the token.",
        ),
        "afrika.web.click_die.escape": (
            "{name}, klicka på tärningen: 1–2 befriar dig.",
            "{name}, click the die: 1–2 sets you free.",
        ),
        "afrika.web.click_die.sea": (
            "{name}, klicka på tärningen för att segla.",
            "{name}, click the die to sail.",
        ),
        "afrika.web.click_die.order": (
            "{name}, klicka på tärningen om turordningen.",
            "{name}, click the die for the turn order.",
        ),
        "afrika.web.click_ring": (
            "Slog {value}: klicka på en ring på kartan där du vill stanna.",
            "Rolled {value}: click a ring on the map where you want to stop.",
        ),
        "afrika.web.or_list": ("…eller välj i listan:", "…or choose from the list:"),
        "afrika.web.choose_route": (
            "Flera vägar leder dit: välj en av de markerade.",
            "Several routes lead there: choose one of those marked.",
        ),
        "afrika.web.found_by": (
            "{name} vände brickan i {place}",
            "{name} opened the token in {place}",
        ),
        "afrika.web.gem_paid": ("+£{amount}!", "+£{amount}!"),
        "afrika.web.robbed": ("Alla pengar är borta!", "All money is gone!"),
        "afrika.web.enslaved": ("Slav i 3 turer!", "A slave for 3 turns!"),
        "afrika.web.shoe_valid": ("Den gäller som stjärnan!", "It counts as the star!"),
        "afrika.web.shoe_spent": ("Den gäller inte än.", "It does not count yet."),
        "afrika.web.star_found": (
            "Skynda hem till Tangier eller Cairo!",
            "Hurry home to Tangier or Cairo!",
        ),
    }
)

# The rules panel of the match page ("Regler"): ``<id>.rules`` is read by the shared
# web/js/rules.js: blocks split by blank lines, "## " a heading, "- " lines a list, and
# "[[name]] caption" a picture drawn by web/rules.js (with the map's own drawing code).
register(
    {
        "afrika.rules": (
            (
                "## Målet {#goal}\n"
                "Hitta Afrikas stjärna och ta den hem till Tangier eller Cairo, vilken som "
                "helst av dem. Den som först avslutar ett drag där med stjärnan vinner. När "
                "stjärnan väl är hittad duger en hästsko som vänds efter det lika bra, så "
                "loppet är inte avgjort bara för att någon annan hittade stjärnan. Pengarna "
                "räknas i pund (£): de betalar resor och brickor.\n"
                "\n"
                "## Förberedelser {#setup}\n"
                "- Alla får £300. Turordningen lottas.\n"
                "- I tur och ordning väljer var och en att börja i Tangier eller Cairo (de "
                "stora röda ringarna).\n"
                "- På var och en av de 30 städerna ligger en bricka med bildsidan nedåt.\n"
                "\n"
                "## En tur {#turn}\n"
                "Gör precis en sak:\n"
                "\n"
                "- Gå: slå tärningen och gå exakt så många steg längs de svarta prickarna; "
                "varje prick och stad är ett steg. Du väljer väg, men vänder inte tillbaka. "
                "Du får stanna i en stad eller startpunkt som du passerar, annars blir du "
                "kanske stående på en prick.\n"
                "- Segla (£100): från en hamn längs de blå prickarna. Välj hamn att segla "
                "till och slå tärningen; följande turer slår du och seglar vidare. Målet går"
                " inte att byta och överblivna steg går förlorade.\n"
                "- Flyga (£300): längs en röd linje direkt till andra änden, utan tärning.\n"
                "- Står du på en bricka: slå för den (4–6 vänder den gratis) eller köp den "
                "för £100.\n"
                "- Går inget av detta står du över.\n"
                "\n"
                "[[travel]] Svarta prickar är landvägar, blå prickar sjövägar och röda bågar "
                "med flygplan flyglinjer. Triangeln med ! är en farlig prick, och "
                "frågetecknen är brickor som ingen har vänt än.\n"
                "\n"
                "## Brickorna {#tokens}\n"
                "Kommer du fram till en stad med en bricka kvar får du köpa den direkt för "
                "£100. Vill du hellre slå för den får det vänta till nästa tur.\n"
                "\n"
                "[[tokens]] De 30 brickorna och vad de kan vara.\n"
                "\n"
                "- Tom bricka: inget händer.\n"
                "- Hästsko: värdelös så länge stjärnan inte är hittad; efter det lika bra "
                "som stjärnan.\n"
                "- Rövare: du blir av med alla pengar, men behåller stjärnan och hästskorna."
                "\n"
                "- Topas, smaragd och rubin: £300, £500 och £1000.\n"
                "- Afrikas stjärna: skynda hem! Var alla fem hästskorna redan vända vinner "
                "du direkt.\n"
                "\n"
                "## Särskilda platser {#places}\n"
                "- Guldkusten: ädelstenar ger dubbelt.\n"
                "- Slavkusten: vänder du en tom bricka här blir du slav och står över tre "
                "turer.\n"
                "- Kapstaden: den som kommer dit först får £500, innan brickan köps.\n"
                "- Fara (!): beduinerna öster om Sahara och piraterna på båda sidor om S:t "
                "Helena. Stannar du på en sådan prick, till lands eller till sjöss, blir du "
                "fången; att passera är ofarligt. En fånge slår varje tur: 1–2 gör dig fri "
                "och du går eller seglar vidare lika många steg.\n"
                "\n"
                "## Strandsatt {#stranded}\n"
                "Den som inte längre kan vinna blir STRANDSATT och hoppas över:\n"
                "\n"
                "- pank på Kanarieöarna, S:t Helena eller Madagaskar när öns brickor är "
                "vända (utan pengar kommer man inte därifrån),\n"
                "- pank på fastlandet utan stjärna eller hästsko när bara öarnas brickor är "
                "kvar och Kapstadens £500 redan är tagna,\n"
                "- utan stjärna eller hästsko när stjärnan och alla hästskor är vända.\n"
                "\n"
                "Blir alla strandsatta vinner ingen. Efter vinnaren placerar sig de andra "
                "efter pengarna. (Med 2005 års regel får den som är pank segla gratis, två "
                "steg per tur, och blir bara strandsatt på det sista sättet.)"
            ),
            (
                "## The goal {#goal}\n"
                "Find the Star of Africa and bring it home to Tangier or Cairo, either one. "
                "The first to end a move there with the star wins. Once the star has been "
                "found, a horseshoe opened after that is just as good, so the race is not "
                "over just because somebody else found the star. Money is in pounds (£): it"
                " pays for travel and tokens.\n"
                "\n"
                "## Setting up {#setup}\n"
                "- Everybody gets £300. The turn order is drawn at random.\n"
                "- In turn, each player chooses to start in Tangier or Cairo (the big red "
                "rings).\n"
                "- Each of the 30 cities has a token lying face down.\n"
                "\n"
                "## A turn {#turn}\n"
                "Do exactly one thing:\n"
                "\n"
                "- Walk: roll the die and go exactly that many steps along the black dots; "
                "every dot and city is one step. You choose the way, but never turn back. "
                "You may stop in a city or start point you pass; otherwise you may end up "
                "on a dot.\n"
                "- Sail (£100): from a port along the blue dots. Choose the port to sail to "
                "and roll; on later turns you roll and sail on. The destination cannot be "
                "changed and spare steps are lost.\n"
                "- Fly (£300): along a red line straight to its other end, no die.\n"
                "- On a token: roll for it (4–6 opens it for free) or buy it for £100.\n"
                "- If none of these is possible, you pass.\n"
                "\n"
                "[[travel]] Black dots are land routes, blue dots sea lanes and red arcs "
                "with a plane air routes. The triangle with ! is a danger dot, and the "
                "question marks are tokens nobody has opened yet.\n"
                "\n"
                "## The tokens {#tokens}\n"
                "When you arrive in a city whose token is still there, you may buy it at "
                "once for £100. Rolling for it has to wait until your next turn.\n"
                "\n"
                "[[tokens]] The 30 tokens and what they can be.\n"
                "\n"
                "- Blank: nothing happens.\n"
                "- Horseshoe: worthless while the star is not found; after that as good as "
                "the star.\n"
                "- Robber: you lose all your money, but keep the star and horseshoes.\n"
                "- Topaz, emerald and ruby: £300, £500 and £1000.\n"
                "- The Star of Africa: hurry home! If all five horseshoes were already "
                "opened, you win at once.\n"
                "\n"
                "## Special places {#places}\n"
                "- Gold Coast: gems pay double.\n"
                "- Slave Coast: open a blank here and you are a slave and lose three turns.\n"
                "- Capetown: the first to arrive gets £500, before buying the token.\n"
                "- Danger (!): the bedouins east of the Sahara and the pirates on either "
                "side of St. Helena. Stop on such a dot, on land or at sea, and you are "
                "captured; passing over is harmless. A captive rolls each turn: 1–2 sets "
                "you free and you walk or sail on that many steps.\n"
                "\n"
                "## Stranded {#stranded}\n"
                "A player who can no longer win is STRANDED and skipped:\n"
                "\n"
                "- broke on the Canary Islands, St. Helena or Madagascar once the island's "
                "tokens are opened (without money there is no way off),\n"
                "- broke on the mainland without the star or a horseshoe when only the "
                "islands' tokens are left and Capetown's £500 are taken,\n"
                "- without the star or a horseshoe once the star and every horseshoe are "
                "opened.\n"
                "\n"
                "If everybody is stranded, nobody wins. Below the winner the others are "
                "ranked by their money. (With the 2005 rule a broke player may sail for "
                "free, two steps a turn, and is stranded only in the last way.)"
            ),
        ),
        "afrika.rules.picture.travel": (
            "Kartan kring Tangier: landvägar med svarta prickar, sjövägar med blå prickar "
            "och flyglinjer som röda bågar, städer med brickor upp och ner",
            "The map around Tangier: land routes with black dots, sea lanes with blue dots "
            "and air routes as red arcs, cities with tokens face down",
        ),
        "afrika.rules.picture.tokens": (
            "En bricka upp och ner och de sju sorterna den kan vara, med antal",
            "A token face down and the seven kinds it can be, with their numbers",
        ),
        "afrika.rules.picture.face_down": ("upp och ner", "face down"),
    }
)

# The win screen: the unit of the scores and the line of recap (``Afrika.recap``).
register(
    {
        "afrika.score.value": ("£{score}", "£{score}"),
        "afrika.recap.star": (
            "{name} hittade stjärnan i {found} och kom hem till {home}.",
            "{name} found the star in {found} and got home to {home}.",
        ),
        "afrika.recap.instant": (
            "{name} hittade stjärnan i {found} när alla hästskor redan var vända och vann direkt.",
            "{name} found the star in {found} with every horseshoe already opened and won at once.",
        ),
        "afrika.recap.horseshoe": (
            "{name} kom hem till {home} med en giltig hästsko; stjärnan hittade {finder} i "
            "{found}.",
            "{name} got home to {home} with a valid horseshoe; {finder} found the star in {found}.",
        ),
        "afrika.recap.no_winner": (
            "Ingen vann: alla blev strandsatta. Mest pengar hade {names} ({money}).",
            "Nobody won: everybody was stranded. {names} had the most money ({money}).",
        ),
    }
)

# The guided first game ("Lär dig spela", tutorial.py): one bubble per kind of decision.
register(
    {
        "afrika.tutorial.intro": (
            "Välkommen till Afrikas stjärna! Du spelar röd mot en dator. Hitta stjärnan under "
            "brickorna på städerna och ta den hem till Tangier eller Cairo. Guiden förklarar "
            "varje nytt val när det dyker upp.",
            "Welcome to The Star of Africa! You play red against a computer. Find the star under "
            "the tokens on the cities and bring it home to Tangier or Cairo. The guide "
            "explains each new choice as it comes up.",
        ),
        "afrika.tutorial.start": (
            "Välj var du börjar: Tangier eller Cairo. De är lika bra, och du får gå hem med "
            "stjärnan till vilken av dem du vill.",
            "Choose where you start: Tangier or Cairo. They are equally good, and you may "
            "bring the star home to either of them.",
        ),
        "afrika.tutorial.walk": (
            "Gå: slå tärningen och gå så många steg längs de svarta prickarna. Gratis, men "
            "bara över land.",
            "Walk: roll the die and go that many steps along the black dots. Free, but only "
            "over land.",
        ),
        "afrika.tutorial.sail": (
            "Segla (£100): från en hamn längs de blå prickarna till hamnen du väljer. Du slår "
            "och seglar vidare varje tur tills du är framme.",
            "Sail (£100): from a port along the blue dots to the port you choose. You roll "
            "and sail on each turn until you arrive.",
        ),
        "afrika.tutorial.fly": (
            "Flyg (£300): längs en röd linje direkt till andra änden, utan tärning.",
            "Fly (£300): along a red line straight to its other end, without a die.",
        ),
        "afrika.tutorial.roll": (
            "Slå tärningen: först om turordningen (högst börjar), sedan för att gå eller segla "
            "så många steg. Slår du för en bricka vänder 4–6 den; en fånge kommer loss med 1–2.",
            "Roll the die: first for the turn order (highest starts), then to walk or sail "
            "that many steps. Rolling for a token, 4–6 opens it; a captive gets free with 1–2.",
        ),
        "afrika.tutorial.go": (
            "Välj var du stannar: en ring på kartan eller en knapp. Du får stanna i en stad "
            "du passerar, annars går du alla steg och kanske blir stående på en prick. "
            "Stannar du på en prick med ! blir du fången.",
            "Choose where to stop: a ring on the map or a button. You may stop in a city "
            "you pass, else you go every step and may end on a dot. End on a dot marked ! "
            "and you are captured.",
        ),
        "afrika.tutorial.buy": (
            "Köp brickan för £100 och vänd den direkt. Ädelstenar ger pengar och en rövare "
            "tar alla dina; en hästsko är värdelös tills stjärnan är hittad, sedan lika bra "
            "som stjärnan.",
            "Buy the token for £100 and open it at once. Gems pay money and a robber takes "
            "all yours; a horseshoe is worthless until the star is found, then as good as "
            "the star.",
        ),
        "afrika.tutorial.decline": (
            "… eller låt den ligga: nästa tur kan du slå för den eller köpa den då.",
            "… or leave it: next turn you may roll for it, or buy it then.",
        ),
        "afrika.tutorial.try_token": (
            "Slå för brickan: 4–6 vänder den gratis, annars är turen slut och brickan ligger "
            "kvar. Pjäsen flyttar inte.",
            "Roll for the token: 4–6 opens it for free, else your turn ends and the token "
            "stays. Your pawn does not move.",
        ),
        "afrika.tutorial.pass": (
            "Inget annat går just nu: du står över den här turen.",
            "Nothing else is possible now: you pass this turn.",
        ),
        "afrika.tutorial.end": (
            "Bra spelat! Stjärnan hem till Tangier eller Cairo vinner, och hittas den när "
            "alla fem hästskor redan är vända vinner den direkt. Starta ett riktigt spel från "
            "lobbyn.",
            "Well played! The star brought home to Tangier or Cairo wins, and found when all "
            "five horseshoes are already opened it wins at once. Start a real game from the "
            "lobby.",
        ),
    }
)
