"""Omringad's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import register

UNITS = {
    "mercenary": ("Legoknektar", "Mercenaries"),
    "elite": ("Elitsoldater", "Elite soldiers"),
    "archer": ("Bågskyttar", "Archers"),
    "rider": ("Ryttare", "Riders"),
    "catapult": ("Katapult", "Catapult"),
    "general": ("General", "General"),
    "diplomat": ("Diplomat", "Diplomat"),
    "dragon": ("Draken", "Dragon"),
    "horses": ("Hästar", "Horses"),
    "infiltrator": ("Infiltratör", "Infiltrator"),
    "elephants": ("Krigselefanter", "War elephants"),
    "magician": ("Magiker", "Magician"),
    "pirates": ("Pirater", "Pirates"),
    "sharpshooters": ("Prickskyttar", "Sharpshooters"),
}
TERRAIN = {
    "bare": ("Barmark", "Bare land"),
    "mountain": ("Berg", "Mountain"),
    "castle": ("Borg", "Castle"),
    "village": ("By", "Village"),
    "lake": ("Sjö", "Lake"),
    "forest": ("Skog", "Forest"),
}
PHASES = {
    "terrain": ("Terräng", "Terrain"),
    "setup": ("Uppställning", "Set-up"),
    "initiative": ("Initiativ", "Initiative"),
    "auction": ("Auktion", "Auction"),
    "purchase": ("Inköp", "Purchase"),
    "movement": ("Förflyttning", "Movement"),
    "combat": ("Strid", "Combat"),
    "reinforcement": ("Förstärkningar", "Reinforcement"),
    "income": ("Inkomst", "Income"),
    "scoring": ("Poängräkning", "Scoring"),
    "over": ("Slut", "Game over"),
}

SHORT = {
    "mercenary": ("Lk", "Me"),
    "elite": ("El", "El"),
    "archer": ("Bå", "Ar"),
    "rider": ("Ry", "Ri"),
    "catapult": ("Ka", "Ca"),
    "general": ("Ge", "Ge"),
    "diplomat": ("Di", "Di"),
    "dragon": ("Dr", "Dr"),
    "horses": ("Hä", "Ho"),
    "infiltrator": ("In", "In"),
    "elephants": ("Ke", "WE"),
    "magician": ("Ma", "Ma"),
    "pirates": ("Pi", "Pi"),
    "sharpshooters": ("Pr", "Sh"),
}

register(
    {
        "omringad.title": ("Omringad", "Omringad"),
        **{f"omringad.short.{k}": v for k, v in SHORT.items()},
        # terminal
        "omringad.cli.intro": (
            "Omringad: erövra borgar, byar, berg och skogar. Först till poänggränsen vinner.",
            "Omringad: conquer castles, villages, mountains and forests. First to the target wins.",
        ),
        "omringad.cli.country": ("Land {letter}: {name}", "Country {letter}: {name}"),
        "omringad.cli.sphere": (
            "Klotet: varje kant är ihopfogad med samma kant i det andra landet "
            "(N1 mot N1, Ö5 mot Ö5 …); ett hörn har tre grannar.",
            "The sphere: each edge is glued to the same edge of the other country "
            "(N1 to N1, E5 to E5 …); a corner has three neighbours.",
        ),
        "omringad.cli.torus": (
            "Torus: kartan går runt åt alla håll (högerkanten möter vänsterkanten, "
            "nederkanten överkanten).",
            "Torus: the map wraps every way (the right edge meets the left, the bottom the top).",
        ),
        "omringad.cli.status": (
            "Rond {round} · {phase} · initiativ: {holder} · mål {target} poäng",
            "Round {round} · {phase} · initiative: {holder} · target {target} points",
        ),
        "omringad.cli.player": (
            "{mark} {name}: {gold} guld, {points} poäng, {held} rutor",
            "{mark} {name}: {gold} gold, {points} points, {held} squares",
        ),
        "omringad.cli.team": ("(lag {n})", "(team {n})"),
        "omringad.cli.auction": (
            "Auktion: {unit}, bud {price} ({leader} leder)",
            "Auction: {unit}, bid {price} ({leader} leads)",
        ),
        "omringad.cli.battle": (
            "Strid på {square}, {step}: {dice}; {hits} träffar kvar att fördela",
            "Battle on {square}, {step}: {dice}; {hits} hits left to hand out",
        ),
        "omringad.cli.sieges": ("Belägrat: {list}", "Besieged: {list}"),
        "omringad.cli.full_siege": ("helt", "fully"),
        "omringad.cli.key": (
            "· barmark  ^ berg  # borg  o by  ~ sjö  * skog · efter terrängen: vem som "
            "kontrollerar rutan; sedan stapelns ägare, översta enhet (' skadad) och höjd",
            "· bare  ^ mountain  # castle  o village  ~ lake  * forest · after the terrain: "
            "who controls the square; then the stack's owner, top unit (' damaged) and height",
        ),
        "omringad.cli.hand": (
            "{name}: köpta enheter som väntar: {pending}. Poolen: {pool}.",
            "{name}: bought units waiting: {pending}. Pool: {pool}.",
        ),
        "omringad.cli.group": (
            "Gruppen: {units} (räckvidd {reach}).",
            "The group: {units} (reach {reach}).",
        ),
        "omringad.cli.gold_left": ("Guld kvar: {gold}.", "Gold left: {gold}."),
        "omringad.cli.tiles_left": (
            "{name}: brickor kvar att lägga: {tiles}.",
            "{name}: tiles left to lay: {tiles}.",
        ),
        "omringad.cli.tile_group": ("Lägg {tile}", "Put {tile}"),
        "omringad.cli.undo_tile": ("Ångra förra ({n} kvar)", "Undo the last ({n} left)"),
        "omringad.cli.which_tile": ("Vilken bricka (1–{n})?", "Which tile (1–{n})?"),
        "omringad.cli.bad_tile": (
            "Svara med brickans nummer (1–{n}) eller namn.",
            "Answer with the tile's number (1–{n}) or name.",
        ),
        "omringad.cli.where_tile": (
            "Var ska {tile} ligga? Rad (1–5), eller rutan, t.ex. {letter}3:2.",
            "Where to put {tile}? A row (1–5), or the square, e.g. {letter}3:2.",
        ),
        "omringad.cli.which_column": (
            "Kolumn i rad {row} ({columns} fria)?",
            "Column in row {row} ({columns} free)?",
        ),
        "omringad.cli.zero_back": ("0 tillbaka.", "0 back."),
        "omringad.cli.bad_square": (
            "Ingen ruta heter «{answer}»: skriv en rad 1–5, eller rutan som {letter}3:2 "
            "(land, rad, kolumn).",
            "No square is called “{answer}”: type a row 1–5, or the square as {letter}3:2 "
            "(country, row, column).",
        ),
        "omringad.cli.not_yours": (
            "«{answer}» ligger inte i ditt land: dina rutor är {letter}1:1–{letter}5:5.",
            "“{answer}” is not in your country: your squares are {letter}1:1–{letter}5:5.",
        ),
        "omringad.cli.not_free": (
            "{square} har redan en bricka: välj en fri ruta.",
            "{square} already has a tile: choose a free square.",
        ),
        "omringad.cli.row_full": (
            "Rad {row} har ingen fri ruta: välj en annan rad.",
            "Row {row} has no free square: choose another row.",
        ),
        # web page
        "omringad.web.side.N": ("N", "N"),
        "omringad.web.side.S": ("S", "S"),
        "omringad.web.side.E": ("Ö", "E"),
        "omringad.web.side.W": ("V", "W"),
        "omringad.web.wrap_top": (
            "↑ överkanten fortsätter vid nederkanten ↓",
            "↑ the top edge goes on at the bottom ↓",
        ),
        "omringad.web.wrap_bottom": (
            "↓ nederkanten fortsätter vid överkanten ↑",
            "↓ the bottom edge goes on at the top ↑",
        ),
        "omringad.web.wrap_left": ("← vänsterkanten möter högerkanten →", "← left meets right →"),
        "omringad.web.wrap_right": ("→ högerkanten möter vänsterkanten ←", "→ right meets left ←"),
        "omringad.web.secret": ("hemlig terräng", "secret terrain"),
        "omringad.web.held_by": ("kontrolleras av {name}", "held by {name}"),
        "omringad.web.stack_label": (
            "{name}: {n} enheter, {unit} överst",
            "{name}: {n} units, {unit} on top",
        ),
        "omringad.web.initiative": ("initiativet", "the initiative"),
        "omringad.web.ready": ("klar", "ready"),
        "omringad.web.phase_banner": (
            "{phase}: alla väljer samtidigt",
            "{phase}: everyone at once",
        ),
        # the turn banner: the phase and what it asks ("Auktion: bjud …")
        "omringad.web.phase_ask": ("{phase}: {ask}", "{phase}: {ask}"),
        "omringad.web.ask.terrain": (
            "lägg ut borg, byar, sjöar, skogar och berg i ditt land",
            "lay out castle, villages, lakes, forests and mountains in your country",
        ),
        "omringad.web.ask.setup": (
            "köp enheter för 25 guld och ställ dem i borgen och byarna",
            "buy units for 25 gold and put them in the castle and villages",
        ),
        "omringad.web.ask.initiative": (
            "alla slår, högst får initiativet",
            "everyone rolls, the highest gets the initiative",
        ),
        "omringad.web.ask.auction": (
            "bjud på specialenheten eller lägg dig",
            "bid for the special unit or drop out",
        ),
        "omringad.web.ask.purchase": (
            "köp vanliga enheter för guldet som är kvar",
            "buy ordinary units with the gold left",
        ),
        "omringad.web.ask.movement": (
            "flytta en grupp, eller stå över resten av fasen",
            "move a group, or pass for the rest of the phase",
        ),
        "omringad.web.ask.combat": (
            "välj strid och vilka enheter som tar träffarna",
            "choose the battle and the units that take the hits",
        ),
        "omringad.web.ask.reinforcement": (
            "ställ ut köpta enheter i borgar och byar",
            "place the bought units in castles and villages",
        ),
        "omringad.web.round": ("Rond {n}", "Round {n}"),
        "omringad.web.holder": ("initiativ: {name}", "initiative: {name}"),
        "omringad.web.target": ("mål {n} poäng", "target {n} points"),
        "omringad.web.gold": ("Guld", "Gold"),
        "omringad.web.squares": ("Rutor", "Squares"),
        "omringad.web.waiting_others": (
            "Du är klar. De andra väljer fortfarande.",
            "You are done. The others are still choosing.",
        ),
        "omringad.web.hint_tile": (
            "Välj en ruta i ditt land för {tile} (de andra ser den först när alla är klara).",
            "Choose a square of your country for the {tile} (the others see it only when all "
            "are done).",
        ),
        "omringad.web.hint_recruit": (
            "Köp {unit}: välj en borg eller by (högarna får skilja högst en).",
            "Buy {unit}: choose a castle or village (the piles may differ by one at most).",
        ),
        "omringad.web.hint_place": (
            "Placera {unit}: välj en borg eller by (≤2: delvis belägrad).",
            "Place {unit}: choose a castle or village (≤2: partly besieged).",
        ),
        "omringad.web.hint_special": (
            "Välj var specialenheten ska stå.",
            "Choose where the special goes.",
        ),
        "omringad.web.hint_select": (
            "Välj en ruta att flytta från, eller stå över resten av förflyttningen.",
            "Choose a square to move from, or pass for the rest of the movement.",
        ),
        "omringad.web.hint_take": (
            "Välj vilka enheter som följer med.",
            "Choose the units that go along.",
        ),
        "omringad.web.hint_step": (
            "Klicka vägen ruta för ruta, eller välj fler enheter.",
            "Click the path square by square, or take more units.",
        ),
        "omringad.web.hint_confirm": (
            "Flytta hit, eller ångra ett steg.",
            "Move here, or undo a step.",
        ),
        "omringad.web.hint_assign": (
            "Välj vilken enhet som tar träffen.",
            "Choose the unit that takes the hit.",
        ),
        "omringad.web.hint_target": (
            "Välj vilken motståndare som tar träffen.",
            "Choose which opponent takes the hit.",
        ),
        "omringad.web.hint_diplomat": (
            "Offra diplomaten för att avbryta striden, eller strid vidare.",
            "Sacrifice the Diplomat to end the battle, or fight on.",
        ),
        "omringad.web.hint_buy": (
            "Köp enheter; de placeras i förstärkningsfasen. Oanvänt guld går förlorat.",
            "Buy units; they are placed in the reinforcement phase. Unspent gold is lost.",
        ),
        "omringad.web.hint_bid": ("Bjud eller lägg dig.", "Bid or drop out."),
        "omringad.web.hint_battle": ("Välj nästa strid.", "Choose the next battle."),
        "omringad.web.choose_tile": ("Terrängbricka", "Terrain tile"),
        "omringad.web.choose_unit": ("Enhet", "Unit"),
        "omringad.web.initiative_roll": ("Initiativ: alla slår", "Initiative: everyone rolls"),
        "omringad.web.auction": ("Auktion: {unit}", "Auction: {unit}"),
        "omringad.web.price": (
            "Bud: {price} guld ({leader} leder)",
            "Bid: {price} gold ({leader} leads)",
        ),
        "omringad.web.bid_amount": ("Bud i guld", "Bid in gold"),
        "omringad.web.bid_button": ("Bjud", "Bid"),
        "omringad.web.bid_range": ("Bjud mellan {min} och {max}.", "Bid between {min} and {max}."),
        "omringad.web.defends": ("försvarar", "defends"),
        "omringad.web.battle": ("Strid på {square}: {step}", "Battle on {square}: {step}"),
        "omringad.web.no_dice": ("Inga tärningar än.", "No dice yet."),
        "omringad.web.hits_left": (
            "{n} träffar kvar att fördela (nu: {name}).",
            "{n} hits left to hand out (now: {name}).",
        ),
        "omringad.web.group": (
            "Grupp från {square} (räckvidd {reach})",
            "Group from {square} (reach {reach})",
        ),
        "omringad.web.group_empty": ("Inga enheter valda än.", "No units chosen yet."),
        "omringad.web.path": ("Väg: {path}", "Path: {path}"),
        "omringad.web.gold_left": ("Guld kvar: {n}", "Gold left: {n}"),
        "omringad.web.pending": ("Köpta, väntar: {units}", "Bought, waiting: {units}"),
        "omringad.web.pool": ("Din pool: {units}", "Your pool: {units}"),
        "omringad.web.look_hint": (
            "Peka på en ruta för att se vad som står där.",
            "Point at a square to see what stands there.",
        ),
        "omringad.web.hidden_unit": ("dold", "hidden"),
        "omringad.web.empty_square": ("Inga enheter.", "No units."),
        "omringad.web.siege_full": (
            "Helt belägrad ({n} rutor): inga förstärkningar.",
            "Fully besieged ({n} squares): no reinforcements.",
        ),
        "omringad.web.siege_part": (
            "Delvis belägrad: högst 2 förstärkningar.",
            "Partly besieged: at most 2 reinforcements.",
        ),
        "omringad.web.legend": ("Förkortningar", "Abbreviations"),
        "omringad.web.legend_marks": (
            "Hörnets form: vem som kontrollerar rutan; streckad ram: erövrad; siffran: "
            "stapelns höjd; ' och snedstreck: skadad; ≤2 / 0: belägring.",
            "The corner's shape: who holds the square; dashed frame: conquered; the number: "
            "the stack's height; ' and a slash: damaged; ≤2 / 0: siege.",
        ),
        "omringad.web.about.diplomat": (
            "F1. Kan avbryta en strid där den försvarar; anfallarna går tillbaka.",
            "F1. May end a battle it defends; the attackers go back.",
        ),
        "omringad.web.about.dragon": (
            "S2 (skadad S3), rör sig aldrig. Placeras på tomt berg, skog eller barmark i "
            "valfritt land och anfaller alla som kommer in.",
            "S2 (damaged S3), never moves. Placed on an empty mountain, forest or bare square "
            "anywhere and attacks all who enter.",
        ),
        "omringad.web.about.horses": (
            "+1 F till sin grupp (utom elefanter, högst 3). Kan inte träffas.",
            "+1 F for its group (not Elephants, at most 3). Cannot be hit.",
        ),
        "omringad.web.about.infiltrator": (
            "F2. Tar bort fiendegeneralers +1 i strid.",
            "F2. Cancels enemy Generals' +1 in battle.",
        ),
        "omringad.web.about.elephants": (
            "F3 S4 (skadade F2 S4). Kan inte använda hästar.",
            "F3 S4 (damaged F2 S4). Cannot use Horses.",
        ),
        "omringad.web.about.magician": (
            "F2 S3 på distans. Slås ut av en träff.",
            "F2 S3 at range. Eliminated by one hit.",
        ),
        "omringad.web.about.pirates": (
            "F2 S5 (skadade F1). Kan gå på sjöar som om de vore berg.",
            "F2 S5 (damaged F1). May use lakes as if they were mountains.",
        ),
        "omringad.web.about.sharpshooters": (
            "F2 S6 på distans. Skytten väljer vilken fiendeenhet som träffas.",
            "F2 S6 at range. The shooter picks the enemy unit hit.",
        ),
        "omringad.action.buy_cost": ("Köp {unit} ({cost} guld)", "Buy {unit} ({cost} gold)"),
        "omringad.action.target_name": ("Träffen går till {name}", "The hit goes to {name}"),
        "omringad.action.take_left": ("Ta med {unit} ({n} kvar)", "Take {unit} ({n} left)"),
        "omringad.score": ("Poäng", "Points"),
        "omringad.dragon_name": ("Draken", "the Dragon"),
        "omringad.damaged_mark": (" (skadad)", " (damaged)"),
        **{f"omringad.unit.{k}": v for k, v in UNITS.items()},
        **{f"omringad.terrain.{k}": v for k, v in TERRAIN.items()},
        **{f"omringad.phase.{k}": v for k, v in PHASES.items()},
        # options
        "omringad.option.target": ("Poänggräns", "Target points"),
        "omringad.option.target.50": ("50 (blixtkrig)", "50 (blitz)"),
        "omringad.option.target.100": ("100 (större fältslag)", "100 (field battle)"),
        "omringad.option.target.140": ("140 (totalt herravälde)", "140 (total dominion)"),
        "omringad.option.teams": ("Lag med fyra spelare", "Teams with four players"),
        "omringad.option.teams.diagonal": ("Diagonalt (0+3 mot 1+2)", "Diagonal (0+3 v 1+2)"),
        "omringad.option.teams.side": ("Sida vid sida (0+1 mot 2+3)", "Side by side (0+1 v 2+3)"),
        "omringad.option.teams.none": ("Alla mot alla", "Everybody for themselves"),
        "omringad.option.team_target": (
            "Lag: hur många i laget måste nå poänggränsen",
            "Teams: how many in a team must reach the target",
        ),
        "omringad.option.team_target.one": ("En", "One"),
        "omringad.option.team_target.both": ("Båda", "Both"),
        "omringad.option.auction": ("Auktion", "Auction"),
        "omringad.option.auction.ascending": (
            "Stigande bud i tur och ordning",
            "Ascending bids in turn",
        ),
        "omringad.option.auction.sealed": ("Dolda bud samtidigt", "Sealed bids at once"),
        "omringad.option.setup_purchase_separate": (
            "Uppställningens inköp har egna 25 guld",
            "The set-up purchase has its own 25 gold",
        ),
        "omringad.option.magician_ranged": (
            "Magikern strider på distans",
            "The Magician fights at range",
        ),
        "omringad.option.mountain_beats_horses": (
            "Från berg (pirater: sjö) går man bara 1 ruta, även med hästar",
            "From a mountain (Pirates: a lake) a move goes 1 square, even with Horses",
        ),
        "omringad.option.generals_conquer": (
            "Generaler kan erövra rutor",
            "Generals can conquer squares",
        ),
        "omringad.option.pin_counts_horses": (
            "Hästar räknas när enheter binds i en anfallen ruta",
            "Horses count when units are pinned in an attacked square",
        ),
        "omringad.option.lone_horses_return": (
            "Ensamma hästar går tillbaka till koppen efter förflyttningen",
            "Horses left alone return to the cup after movement",
        ),
        "omringad.option.battle_order": ("Stridernas ordning", "Order of the battles"),
        "omringad.option.battle_order.contested": (
            "I den ordning rutorna blev omstridda",
            "In the order the squares became contested",
        ),
        "omringad.option.battle_order.holder": (
            "Initiativhållaren väljer",
            "The initiative holder chooses",
        ),
        "omringad.option.dragon_besieges": ("Draken belägrar", "The Dragon besieges"),
        "omringad.option.noncombatants_take_control": (
            "Överlevande som inte kan erövra tar ändå rutan",
            "Survivors that cannot conquer still take the square",
        ),
        "omringad.option.unplaced_wait": (
            "Köpta enheter som inte får plats väntar till nästa rond",
            "Bought units that cannot be placed wait for the next round",
        ),
        "omringad.option.tie_rule": ("Lika poäng över gränsen", "A tie above the target"),
        "omringad.option.tie_rule.another_round": ("Spela en rond till", "Play another round"),
        "omringad.option.tie_rule.shared": ("Delad seger", "Shared win"),
        "omringad.option.open_stacks": (
            "Öppna staplar (alla ser alla enheter)",
            "Open stacks (everybody sees every unit)",
        ),
        "omringad.option.round_limit": (
            "Högsta antal ronder (sedan vinner flest poäng)",
            "Most rounds (then the most points win)",
        ),
        # actions
        "omringad.action.tile": ("Lägg {tile} på {square}", "Put {tile} on {square}"),
        "omringad.action.recruit": ("Köp {unit} till {square}", "Buy {unit} for {square}"),
        "omringad.action.back": ("Ångra", "Undo"),
        "omringad.action.done": ("Klar", "Done"),
        "omringad.action.die": ("Tärningen visar {value}", "The die shows {value}"),
        "omringad.action.draw": ("Dra {unit}", "Draw {unit}"),
        "omringad.action.bid": ("Bjud {amount} guld", "Bid {amount} gold"),
        "omringad.action.drop": ("Lägg dig", "Drop out"),
        "omringad.action.sealed": ("Bjud {amount} guld (dolt)", "Bid {amount} gold (sealed)"),
        "omringad.action.sealed_none": ("Inget bud", "No bid"),
        "omringad.action.place_special": ("Placera på {square}", "Place on {square}"),
        "omringad.action.buy": ("Köp {unit}", "Buy {unit}"),
        "omringad.action.select": ("Flytta från {square}", "Move from {square}"),
        "omringad.action.take": ("Ta med {unit}", "Take {unit}"),
        "omringad.action.step": ("Gå till {square}", "Go to {square}"),
        "omringad.action.confirm": ("Flytta hit", "Move here"),
        "omringad.action.pass": ("Stå över resten av förflyttningen", "Pass (no more moves)"),
        "omringad.action.battle": ("Strid på {square}", "Fight on {square}"),
        "omringad.action.diplomat": ("Offra diplomaten", "Sacrifice the Diplomat"),
        "omringad.action.fight": ("Strid vidare", "Fight on"),
        "omringad.action.target": ("Träffen går till spelare {n}", "The hit goes to player {n}"),
        "omringad.action.target_dragon": ("Träffen går till draken", "The hit goes to the Dragon"),
        "omringad.action.dragon_target": (
            "Drakens träff går till spelare {n}",
            "The Dragon's hit goes to player {n}",
        ),
        "omringad.action.assign": ("Träff på {unit}", "Hit {unit}"),
        "omringad.action.place": ("Placera {unit} på {square}", "Place {unit} on {square}"),
        "omringad.action.merge": (
            "Slå ihop två skadade {unit} på {square}",
            "Merge two damaged {unit} on {square}",
        ),
        # events
        "omringad.event.tile": ("{name} lägger en terrängbricka.", "{name} places a tile."),
        "omringad.event.tile_own": (
            "{name} lägger {tile} på {square}.",
            "{name} puts {tile} on {square}.",
        ),
        "omringad.event.back": ("{name} ångrar.", "{name} takes a step back."),
        "omringad.event.ready": ("{name} är klar.", "{name} is ready."),
        "omringad.event.terrain_revealed": (
            "Terrängen avslöjas: alla länder är klara.",
            "The terrain is revealed: every country is ready.",
        ),
        "omringad.event.recruit": (
            "{name} köper {unit} till {square}.",
            "{name} buys {unit} for {square}.",
        ),
        "omringad.event.setup_revealed": (
            "Uppställningen avslöjas: enheterna står i borgar och byar.",
            "The set-up is revealed: the units stand in castles and villages.",
        ),
        "omringad.event.round": ("Rond {round} börjar.", "Round {round} begins."),
        "omringad.event.init_roll": (
            "{name} slår {value} om initiativet.",
            "{name} rolls {value} for the initiative.",
        ),
        "omringad.event.init_tie": (
            "Lika: {names} slår om.",
            "A tie: {names} roll again.",
        ),
        "omringad.event.initiative": (
            "{name} har initiativet.",
            "{name} holds the initiative.",
        ),
        "omringad.event.drawn": (
            "{name} drar {unit} ur koppen: auktion!",
            "{name} draws {unit} from the cup: auction!",
        ),
        "omringad.event.no_bids": (
            "Ingen köper {unit}; den går tillbaka i koppen.",
            "Nobody buys {unit}; it goes back into the cup.",
        ),
        "omringad.event.dropped": ("{name} lägger sig.", "{name} drops out."),
        "omringad.event.bid": ("{name} bjuder {amount} guld.", "{name} bids {amount} gold."),
        "omringad.event.won_auction": (
            "{name} köper {unit} för {amount} guld.",
            "{name} buys {unit} for {amount} gold.",
        ),
        "omringad.event.sealed_bid": ("{name} har lagt sitt bud.", "{name} has placed a bid."),
        "omringad.event.sealed_bids": ("Buden: {bids}.", "The bids: {bids}."),
        "omringad.event.placed_special": (
            "{name} placerar {unit} på {square}.",
            "{name} places {unit} on {square}.",
        ),
        "omringad.event.phase": ("Fas: {phase}.", "Phase: {phase}."),
        "omringad.event.purchase_done": (
            "Inköpen är klara ({counts}). Oanvänt guld är förlorat.",
            "Purchases are done ({counts}). Unspent gold is lost.",
        ),
        "omringad.event.bought": ("{name} köper {unit}.", "{name} buys {unit}."),
        "omringad.event.select": (
            "{name} väljer enheter på {square}.",
            "{name} picks units on {square}.",
        ),
        "omringad.event.take": ("{name} tar med en enhet.", "{name} takes a unit along."),
        "omringad.event.step": ("{name} pekar ut {square}.", "{name} points at {square}."),
        "omringad.event.passed": (
            "{name} flyttar inget mer den här ronden.",
            "{name} makes no more moves this round.",
        ),
        "omringad.event.moved": (
            "{name} flyttar {count} enheter ({unit} överst) från {src} till {dst}.",
            "{name} moves {count} units ({unit} on top) from {src} to {dst}.",
        ),
        "omringad.event.conquered": ("{name} erövrar {square}.", "{name} conquers {square}."),
        "omringad.event.contested": ("{square} blir omstridd.", "{square} is contested."),
        "omringad.event.horses_returned": (
            "{name_pos} hästar på {square} står ensamma och går tillbaka till koppen.",
            "{name_pos} Horses on {square} are alone and go back to the cup.",
        ),
        "omringad.event.battle": (
            "Strid på {square}: {names} ({defender} försvarar).",
            "Battle on {square}: {names} ({defender} defends).",
        ),
        "omringad.event.battle_step": (
            "{step}: {count} tärningar.",
            "{step}: {count} dice.",
        ),
        "omringad.step.ranged": ("Distansstrid", "Ranged combat"),
        "omringad.step.melee": ("Närstrid", "Melee"),
        "omringad.event.nobody_rolls": (
            "Ingen på {square} kan slå: anfallarna drar sig tillbaka.",
            "Nobody on {square} can roll: the attackers withdraw.",
        ),
        "omringad.event.fight_on": ("{name} strider vidare.", "{name} fights on."),
        "omringad.event.roll": (
            "{name_pos} {unit} slår {value}: {verdict}.",
            "{name_pos} {unit} rolls {value}: {verdict}.",
        ),
        "omringad.verdict.hit": ("träff", "hit"),
        "omringad.verdict.miss": ("miss", "miss"),
        "omringad.event.hits": ("{count} träffar att fördela.", "{count} hits to hand out."),
        "omringad.event.target": (
            "{name} riktar träffen mot {target}.",
            "{name} aims the hit at {target}.",
        ),
        "omringad.event.dragon_target": (
            "Drakens träff går till {name}.",
            "The Dragon's hit goes to {name}.",
        ),
        "omringad.event.eliminated": (
            "{name_pos} {unit} slås ut på {square}.",
            "{name_pos} {unit} is eliminated on {square}.",
        ),
        "omringad.event.damaged": (
            "{name_pos} {unit} skadas på {square}.",
            "{name_pos} {unit} is damaged on {square}.",
        ),
        "omringad.event.diplomat": (
            "{name} offrar diplomaten: striden på {square} avbryts.",
            "{name} sacrifices the Diplomat: the battle on {square} ends.",
        ),
        "omringad.event.retreated": (
            "{count} av {name_pos} enheter drar sig tillbaka från {src} till {dst}.",
            "{count} of {name_pos} units withdraw from {src} to {dst}.",
        ),
        "omringad.event.took_control": (
            "{name} tar kontrollen över {square}.",
            "{name} takes control of {square}.",
        ),
        "omringad.event.battle_over": (
            "Striden på {square} är över: {names} står kvar.",
            "The battle on {square} is over: {names} remain.",
        ),
        "omringad.event.battle_over_none": (
            "Striden på {square} är över: ingen står kvar.",
            "The battle on {square} is over: nobody remains.",
        ),
        "omringad.event.placed": (
            "{name} placerar {unit} på {square}.",
            "{name} places {unit} on {square}.",
        ),
        "omringad.event.placed_hidden": (
            "{name} placerar en enhet på {square}.",
            "{name} places a unit on {square}.",
        ),
        "omringad.event.merged": (
            "{name} slår ihop två skadade {unit} på {square}.",
            "{name} merges two damaged {unit} on {square}.",
        ),
        "omringad.event.unplaced": (
            "{name} kunde inte placera {count} enheter; de går tillbaka.",
            "{name} could not place {count} units; they go back.",
        ),
        "omringad.event.income": ("Inkomst: {golds}.", "Income: {golds}."),
        "omringad.event.scored": (
            "Poäng den här ronden: {gained}. Totalt: {totals}.",
            "Points this round: {gained}. In total: {totals}.",
        ),
        "omringad.event.tie": (
            "Lika över gränsen ({names}): en rond till.",
            "A tie above the target ({names}): another round.",
        ),
        "omringad.event.round_limit": (
            "Rond {round} var den sista: flest poäng vinner.",
            "Round {round} was the last: the most points win.",
        ),
        "omringad.event.won": ("{names} vinner!", "{names} win!"),
        "omringad.event.won_one": ("{names} vinner!", "{names} wins!"),
        "omringad.and": ("och", "and"),
        # the rules panel ("Regler"): web/js/rules.js; the pictures are drawn by web/rules.js
        "omringad.rules": (
            (
                "## Målet {#goal}\n"
                "Erövra land och håll det. Efter varje rond får du poäng för rutorna du "
                "kontrollerar: borg 5, by 2, skog 1, berg 1, och 1 till om du ensam har flest "
                "rutor. Poängen läggs ihop. Den som efter en rond har nått poänggränsen (50, "
                "eller 100 eller 140 om ni valt det) vinner; når flera den vinner den med "
                "flest poäng, och blir det lika spelas en rond till. Fyra spelare spelar två "
                "mot två: laget vinner när en av dem når gränsen.\n"
                "\n"
                "## Kartan {#map}\n"
                "Varje spelare har ett eget land på 5 × 5 rutor. Med två spelare sitter "
                "länderna ihop som ett klot: varje kant är hopfogad med samma kant i det "
                "andra landet (N1 mot N1, Ö3 mot Ö3 och så vidare, som på brädet). Du har "
                "alltså aldrig ryggen fri. Med fyra spelare går kartan runt åt alla håll och "
                "lagkamraterna har diagonalt motsatta länder. Man går alltid rakt, aldrig "
                "snett.\n"
                "\n"
                "## Terräng {#terrain}\n"
                "Först lägger alla samtidigt och i hemlighet ut 1 borg, 2 byar, 2 sjöar, 2 "
                "skogar och 2 berg i sitt land; resten är barmark. Terrängen visas när alla "
                "är klara och ändras aldrig.\n"
                "\n"
                "- Borg: försvarare får +1 i strid.\n"
                "- Borg och by: här ställs nya enheter ut.\n"
                "- Berg: en grupp stannar när den går in på ett berg, och från ett berg går "
                "man bara ett steg. Elitsoldater som försvarar ett berg får +1.\n"
                "- Skog: bågskyttar och katapulter får −1 i strid här.\n"
                "- Sjö: ingen kan gå dit, utom pirater.\n"
                "\n"
                "## Uppställning {#setup}\n"
                "Sedan köper alla samtidigt enheter för 25 guld och delar dem i tre högar i "
                "borgen och de två byarna (högarna får skilja högst en). Högarna visas när "
                "alla är klara. Staplarna får vara hur höga som helst; de andra ser bara "
                "översta enheten och hur hög stapeln är.\n"
                "\n"
                "[[units]] Enheterna du kan köpa. F: hur många steg de går. S: vad tärningen "
                "måste visa för att de ska träffa. En skadad enhet har de sämre värdena. "
                "Generalen slår inte själv men ger dina enheter +1 i strider där den är med. "
                "Antal: så många har du.\n"
                "\n"
                "## En rond {#round}\n"
                "- Initiativ: i första ronden slår alla en tärning och högst får initiativet; "
                "sedan går det vidare medurs. Den som har det börjar auktion, förflyttning "
                "och förstärkningar; sedan går turen medurs.\n"
                "- Auktion och inköp.\n"
                "- Förflyttning, sedan strid på varje ruta där fiender möts.\n"
                "- Förstärkningar.\n"
                "- Inkomst: 1 guld för varje ruta du kontrollerar, även sjöar. Sedan poäng.\n"
                "\n"
                "Första ronden är fred: ingen går över gränsen, så ingen strider. Alla får 25 "
                "guld och 13 poäng.\n"
                "\n"
                "## Auktion och inköp {#auction}\n"
                "Från andra ronden drar den som har initiativet en av de åtta "
                "specialenheterna ur koppen. Med början hos den som drog höjer man "
                "budet i tur och ordning eller lägger sig för gott; den som blir kvar betalar "
                "sitt bud. Bara den som kan ställa ut enheten får bjuda. Vinnaren ställer den "
                "genast i en egen borg eller by, även en belägrad. Bjuder ingen går den "
                "tillbaka i koppen.\n"
                "\n"
                "- Draken: tillhör ingen. Ställs på en tom ruta med berg, skog eller barmark, "
                "i vilket land som helst, och strider mot alla som går dit. S2 (skadad S3), "
                "rör sig aldrig.\n"
                "- Hästar: gruppen de följer med får +1 F (högst 3). Kan inte träffas; står "
                "de ensamma går de tillbaka till koppen.\n"
                "- Diplomat: F1. Kan offras för att avsluta en strid (se Strid).\n"
                "- Infiltratör: F2. Tar bort fiendens generalbonus.\n"
                "- Krigselefanter: F3 S4 (skadade F2). Får inte hästarnas +1.\n"
                "- Magiker: F2 S3 på avstånd.\n"
                "- Pirater: F2 S5 (skadade F1). Får ensamma gå ut på en sjö, som är som ett "
                "berg för dem; där kan de inte belägra.\n"
                "- Prickskyttar: F2 S6 på avstånd. Skytten väljer vilken enhet som träffas.\n"
                "\n"
                "Diplomat, infiltratör och magiker kan inte erövra eller belägra.\n"
                "\n"
                "Sedan köper alla samtidigt vanliga enheter för det guld de har kvar. De "
                "ställs ut i förstärkningarna. Guld som inte används går förlorat.\n"
                "\n"
                "## Förflyttning {#movement}\n"
                "Med början hos den som har initiativet gör var och en ett drag i taget, "
                "eller står över för resten av fasen.\n"
                "\n"
                "- Ett drag: välj en ruta, några av dina enheter där och en väg. Gruppen går "
                "tillsammans hela vägen. Varje enhet flyttar högst en gång per rond.\n"
                "- Gruppen når så långt som dess lägsta F.\n"
                "- Den stannar när den går in på ett berg eller på en ruta med fiender eller "
                "draken. Där blir det strid.\n"
                "- Erövring: varje tom ruta som en motståndare kontrollerar och som gruppen "
                "går in på eller igenom blir din.\n"
                "- Har fiender gått in på en ruta där du står måste minst lika många av dina "
                "enheter stanna kvar, och ingen får gå ut åt det håll fienderna kom ifrån.\n"
                "\n"
                "## Förstärkningar {#reinforcements}\n"
                "I tur och ordning ställer alla ut sina köpta enheter i borgar och byar de "
                "kontrollerar, egna eller erövrade, så många de vill på varje. En borg eller "
                "by där fiender står går inte att använda, och en belägrad tar emot färre "
                "(se Belägring). Enheter som inte får plats går tillbaka till poolen. Två "
                "skadade enheter av samma sort i en borg eller by får slås ihop till en hel.\n"
                "\n"
                "## Strid {#battle}\n"
                "Efter förflyttningen strider man på varje ruta där fiender möts, en i taget, "
                "i den ordning de blev omstridda. Den som stod där först försvarar.\n"
                "\n"
                "- Först slår varje enhet som skjuter på avstånd (bågskyttar, katapulter, "
                "prickskyttar, magiker) en tärning, sedan varje enhet i närstrid. Alla "
                "tärningar slås innan träffarna delas ut. Så fortsätter det tills bara en sida "
                "är kvar.\n"
                "- En tärning träffar om den visar minst S. En sexa träffar alltid, en etta "
                "missar alltid.\n"
                "- +1 på tärningen: en egen general är med (om inte fienden har en "
                "infiltratör där), försvarare i en borg, elitsoldater som försvarar ett berg. "
                "−1: bågskyttar och katapulter i en skog.\n"
                "- Den som blir träffad väljer vilken enhet som tar träffen (prickskyttens "
                "träffar väljer skytten). Första träffen skadar, den andra slår ut. General, "
                "diplomat, infiltratör och magiker slås ut av första träffen.\n"
                "- Utslagna enheter går tillbaka till poolen, specialenheter till koppen.\n"
                "- De som överlever står kvar och tar rutan. Överlever ingen behåller den "
                "förra ägaren den.\n"
                "- Försvararen får offra en diplomat före varje tärningsomgång: striden "
                "slutar och anfallarna går tillbaka dit de kom ifrån. Det gör de också om "
                "ingen kvar på rutan kan slå.\n"
                "\n"
                "[[battle]] Ryttarna (S4) träffar på 4, 5 och 6. Elitsoldaterna behöver "
                "egentligen 5, men i borgen räcker 4. Försvararen väljer vilka två av sina "
                "enheter som tar träffarna, anfallaren vilken som tar sin.\n"
                "\n"
                "## Belägring {#siege}\n"
                "En borg eller by är belägrad när fiender står på rutorna bredvid: rakt "
                "intill, även över gränsen, aldrig snett. Det är antalet sådana rutor som "
                "räknas, inte antalet fiender.\n"
                "\n"
                "- En ruta med fiender intill: högst 2 nya enheter där den ronden.\n"
                "- Två eller fler: inga nya enheter alls.\n"
                "\n"
                "Diplomater, infiltratörer, magiker, hästar och draken belägrar inte. "
                "Specialenheter från auktionen får alltid ställas ut.\n"
                "\n"
                "[[siege]] Till vänster står fiender på en ruta intill byn (den snett intill "
                "räknas inte): högst 2 nya enheter. Till höger på två: inga."
            ),
            (
                "## The goal {#goal}\n"
                "Conquer land and hold it. After every round you score for the squares you "
                "control: castle 5, village 2, forest 1, mountain 1, and 1 more if you alone "
                "hold the most squares. Points add up. Whoever has reached the target (50, "
                "or 100 or 140 if you chose so) after a round wins; if several have, the "
                "most points win, and a tie plays another round. Four players play two "
                "against two: a team wins when one of them reaches the target.\n"
                "\n"
                "## The map {#map}\n"
                "Each player owns a country of 5 × 5 squares. With two players the countries "
                "make a ball: each edge is joined to the same edge of the other country (N1 "
                "to N1, E3 to E3 and so on, as on the board). So your back is never free. "
                "With four players the map wraps round every way and teammates have "
                "diagonally opposite countries. You always move straight, never "
                "diagonally.\n"
                "\n"
                "## Terrain {#terrain}\n"
                "First everybody lays 1 castle, 2 villages, 2 lakes, 2 forests and 2 "
                "mountains in their own country, at the same time and in secret; the rest is "
                "bare land. The terrain is shown when all are done and never changes.\n"
                "\n"
                "- Castle: defenders get +1 in battle.\n"
                "- Castle and village: new units are placed here.\n"
                "- Mountain: a group stops when it enters a mountain, and a move from a "
                "mountain goes one step only. Elite soldiers defending a mountain get +1.\n"
                "- Forest: Archers and Catapults get −1 in battles here.\n"
                "- Lake: nobody can go there, except Pirates.\n"
                "\n"
                "## Set-up {#setup}\n"
                "Then everybody at once buys units for 25 gold and splits them into three "
                "piles in the castle and the two villages (the piles may differ by one at "
                "most). The piles are shown when all are done. Stacks may be as high as you "
                "like; the others see only the top unit and the height.\n"
                "\n"
                "[[units]] The units you can buy. F: how many steps they move. S: what the "
                "die must show for them to hit. A damaged unit has the weaker values. The "
                "General does not roll but gives your units +1 in battles it is in. Count: "
                "how many you have.\n"
                "\n"
                "## A round {#round}\n"
                "- Initiative: in round 1 everybody rolls a die and the highest gets the "
                "initiative; after that it passes clockwise. Its holder starts the auction, "
                "the movement and the reinforcements; then the turn goes clockwise.\n"
                "- Auction and purchase.\n"
                "- Movement, then a battle on every square where enemies meet.\n"
                "- Reinforcements.\n"
                "- Income: 1 gold for every square you control, lakes too. Then points.\n"
                "\n"
                "Round 1 is peace: nobody crosses a border, so nobody fights. Everybody gets "
                "25 gold and 13 points.\n"
                "\n"
                "## Auction and purchase {#auction}\n"
                "From round 2 the initiative holder draws one of the eight special units "
                "from the cup. Starting with the holder, players raise the bid in turn or "
                "drop out for good; the last one left pays their bid. Only a player who could "
                "place the unit may bid. The winner places it at once in a castle or village "
                "they control, even a besieged one. If nobody bids it goes back into the "
                "cup.\n"
                "\n"
                "- Dragon: belongs to nobody. Placed on an empty mountain, forest or bare "
                "square in any country, and fights everybody who comes there. S2 (damaged "
                "S3), never moves.\n"
                "- Horses: the group they go with gets +1 F (at most 3). Cannot be hit; left "
                "alone they go back into the cup.\n"
                "- Diplomat: F1. May be sacrificed to end a battle (see Battles).\n"
                "- Infiltrator: F2. Cancels the enemy General's bonus.\n"
                "- War elephants: F3 S4 (damaged F2). Do not get the Horses' +1.\n"
                "- Magician: F2 S3 at range.\n"
                "- Pirates: F2 S5 (damaged F1). Alone they may go onto a lake, which is like "
                "a mountain to them; there they cannot besiege.\n"
                "- Sharpshooters: F2 S6 at range. The shooter picks the unit hit.\n"
                "\n"
                "The Diplomat, Infiltrator and Magician cannot conquer or besiege.\n"
                "\n"
                "Then everybody at once buys ordinary units with the gold they have left. "
                "They are placed in the reinforcements. Gold not spent is lost.\n"
                "\n"
                "## Movement {#movement}\n"
                "Starting with the initiative holder, everybody makes one move at a time, or "
                "passes for the rest of the phase.\n"
                "\n"
                "- A move: choose a square, some of your units there and a path. The group "
                "goes the whole way together. Each unit moves at most once a round.\n"
                "- The group reaches as far as its lowest F.\n"
                "- It stops when it enters a mountain or a square with enemies or the Dragon. "
                "There a battle follows.\n"
                "- Conquest: every empty square an opponent controls that the group enters or "
                "passes through becomes yours.\n"
                "- When enemies have entered a square where you stand, at least as many of "
                "your units must stay, and none may leave towards where the enemies came "
                "from.\n"
                "\n"
                "## Reinforcements {#reinforcements}\n"
                "In turn everybody places the units they bought in castles and villages they "
                "control, their own or conquered ones, as many as they like on each. A castle "
                "or village with enemies on it cannot be used, and a besieged one takes fewer "
                "(see Sieges). Units that cannot be placed go back to the pool. Two damaged "
                "units of one kind in a castle or village may merge into one whole unit.\n"
                "\n"
                "## Battles {#battle}\n"
                "After the movement there is a battle on every square where enemies meet, "
                "one at a time, in the order they became contested. Whoever was there first "
                "defends.\n"
                "\n"
                "- First every unit that shoots at range (Archers, Catapults, Sharpshooters, "
                "the Magician) rolls a die, then every unit in melee. All dice are rolled "
                "before the hits are handed out. This goes on until only one side is left.\n"
                "- A die hits if it shows at least S. A 6 always hits, a 1 always misses.\n"
                "- +1 on the die: your own General is there (unless the enemy has an "
                "Infiltrator there), defenders in a castle, Elite soldiers defending a "
                "mountain. −1: Archers and Catapults in a forest.\n"
                "- Whoever is hit chooses the unit that takes the hit (the shooter chooses "
                "for a Sharpshooter's hit). The first hit damages, the second eliminates. The "
                "General, Diplomat, Infiltrator and Magician are eliminated by the first "
                "hit.\n"
                "- Eliminated units go back to the pool, special units to the cup.\n"
                "- The survivors stay and take the square. If nobody survives, the former "
                "owner keeps it.\n"
                "- The defender may sacrifice a Diplomat before each round of dice: the "
                "battle ends and the attackers go back where they came from. They do the "
                "same if nobody left on the square can roll.\n"
                "\n"
                "[[battle]] The Riders (S4) hit on 4, 5 and 6. The Elite soldiers need 5, "
                "but in the castle 4 will do. The defender chooses which two of their units "
                "take the hits, the attacker which one takes theirs.\n"
                "\n"
                "## Sieges {#siege}\n"
                "A castle or village is besieged when enemies stand on the squares next to "
                "it: straight beside it, across borders too, never diagonally. The number of "
                "such squares counts, not the number of enemies.\n"
                "\n"
                "- One square with enemies next to it: at most 2 new units there that round.\n"
                "- Two or more: no new units at all.\n"
                "\n"
                "Diplomats, Infiltrators, Magicians, Horses and the Dragon do not besiege. "
                "Special units from the auction may always be placed.\n"
                "\n"
                "[[siege]] On the left enemies stand on one square next to the village (the "
                "diagonal one does not count): at most 2 new units. On the right on two: "
                "none."
            ),
        ),
        "omringad.rules.picture.units": (
            "Enheterna: symbol, pris i guld, F, S, värden som skadad och antal",
            "The units: symbol, cost in gold, F, S, damaged values and count",
        ),
        "omringad.rules.picture.battle": (
            "En strid i en borg: tre ryttare anfaller två elitsoldater; tärningarna och "
            "vilka som träffar",
            "A battle in a castle: three Riders attack two Elite soldiers; the dice and "
            "which of them hit",
        ),
        "omringad.rules.picture.siege": (
            "Belägring av en by: fiender på en ruta intill ger högst 2 nya enheter, på två "
            "rutor inga",
            "A siege of a village: enemies on one square next to it allow at most 2 new "
            "units, on two squares none",
        ),
        "omringad.rules.col.unit": ("Enhet", "Unit"),
        "omringad.rules.col.gold": ("Guld", "Gold"),
        "omringad.rules.col.damaged": ("Skadad", "Damaged"),
        "omringad.rules.col.count": ("Antal", "Count"),
        "omringad.rules.out": ("slås ut", "eliminated"),
        "omringad.rules.damaged_token": ("skadad", "damaged"),
        "omringad.rules.height_token": (
            "stapel med 3, ryttare överst",
            "stack of 3, Riders on top",
        ),
        "omringad.rules.battle.attacker": ("Anfallare: 3 ryttare, S4", "Attacker: 3 Riders, S4"),
        "omringad.rules.battle.defender": (
            "Försvarare: 2 elitsoldater, S5",
            "Defender: 2 Elite soldiers, S5",
        ),
        "omringad.rules.battle.castle": ("+1 i borgen: 4 räcker", "+1 in the castle: 4 will do"),
        "omringad.rules.battle.hits": ("{n} träffar", "{n} hits"),
        "omringad.rules.battle.hit_one": ("1 träff", "1 hit"),
        "omringad.rules.siege.one": ("1 ruta: högst 2", "1 square: at most 2"),
        "omringad.rules.siege.two": ("2 rutor: inga", "2 squares: none"),
    }
)

# The win screen: the unit of the scores and the line of recap (``Omringad.recap``).
register(
    {
        "omringad.score.value": ("{score} poäng", "{score} points"),
        "omringad.score.value_one": ("{score} poäng", "{score} point"),
        "omringad.recap.target": (
            "{names} nådde målet på {target} poäng efter {round} ronder och vann med {points}.",
            "{names} reached the target of {target} points after {round} rounds and won with "
            "{points}.",
        ),
        "omringad.recap.target_team": (
            "{names} nådde målet på {target} poäng efter {round} ronder och vann som lag med "
            "{points} tillsammans.",
            "{names} reached the target of {target} points after {round} rounds and won as a "
            "team with {points} together.",
        ),
        "omringad.recap.limit": (
            "Rond {round} var den sista, ingen nådde {target} poäng: {names} hade flest "
            "({points}).",
            "Round {round} was the last and nobody reached {target} points: {names} had the "
            "most ({points}).",
        ),
    }
)

# The guided first game ("Lär dig spela", tutorial.py): one bubble per kind of decision, the
# first time the learner meets it. The squares to choose have a black dashed edge.
register(
    {
        "omringad.tutorial.intro": (
            "Välkommen till Omringad! Du och en dator har varsitt land på 5×5 rutor, ihopsydda "
            "som ett klot: går du över en kant kommer du in i datorns land. Den här guidade "
            "omgången varar två ronder, sedan vinner den som har flest poäng.",
            "Welcome to Omringad! You and a computer each have a country of 5×5 squares, sewn "
            "together like a ball: cross an edge and you are in the computer's country. This "
            "guided game lasts two rounds, then the one with the most points wins.",
        ),
        "omringad.tutorial.tile": (
            "Lägg ut din terräng i hemlighet: välj sort med knapparna och sedan en ruta med "
            "streckad kant i ditt land. Varje rond ger borgen 5 poäng, en by 2, skog och berg 1. "
            "Sjöar går inte att passera och på ett berg stannar den som går in.",
            "Lay out your terrain in secret: choose a kind with the buttons, then a square "
            "with a dashed edge in your country. Each round the castle scores 5 points, a "
            "village 2, forest and mountain 1. Lakes cannot be crossed and a mountain stops "
            "whoever enters it.",
        ),
        "omringad.tutorial.back": (
            "Ångra tar tillbaka ditt senaste lilla steg: en bricka, ett köp eller ett steg på "
            "vägen. Du har 12 ångra per fas.",
            "Undo takes back your last small step: a tile, a purchase or a step of a path. "
            "You have 12 undos per phase.",
        ),
        "omringad.tutorial.done": (
            "Klar avslutar steget. Terräng och uppställning väljer ni samtidigt och i "
            "hemlighet; allt visas när båda är klara och kan inte ändras sedan.",
            "Done finishes the step. You both choose the terrain and the set-up at once and "
            "in secret; everything is shown when both are done and cannot change after that.",
        ),
        "omringad.tutorial.recruit": (
            "Köp din armé för 25 guld: välj enhet (priset står inom parentes) och sedan borgen "
            "eller en by med streckad kant; de tre högarna får skilja högst en enhet. Billiga "
            "legoknektar går 1 ruta, ryttare 3. Guld som blir över går förlorat.",
            "Buy your army for 25 gold: choose a unit (its price is in brackets), then the "
            "castle or a village with a dashed edge; the three piles may differ by one unit "
            "at most. Cheap mercenaries go 1 square, riders 3. Gold left over is lost.",
        ),
        "omringad.tutorial.select": (
            "Förflyttning: ni gör ett drag var i tur och ordning. Välj en ruta med streckad "
            "kant att flytta enheter från. I rond 1 är det fred: ingen får gå över gränsen.",
            "Movement: you take turns, one move each. Choose a square with a dashed edge to "
            "move units from. Round 1 is peace: nobody may cross the border.",
        ),
        "omringad.tutorial.pass": (
            "Stå över avslutar dina drag för resten av fasen; det går inte att ångra.",
            "Pass ends your moves for the rest of the phase; it cannot be undone.",
        ),
        "omringad.tutorial.take": (
            "Välj vilka enheter som följer med, en i taget. Gruppen går lika långt som den "
            "långsammaste enheten, och varje enhet flyttar en gång per rond.",
            "Choose the units that go along, one at a time. The group goes as far as its "
            "slowest unit, and each unit moves once a round.",
        ),
        "omringad.tutorial.step": (
            "Välj vägen ruta för ruta bland rutorna med streckad kant. Gruppen stannar på ett "
            "berg eller där fiender står, och tomma rutor som datorn har blir dina när gruppen "
            "går in på dem.",
            "Choose the path square by square among the squares with a dashed edge. The group "
            "stops on a mountain or where enemies stand, and empty squares the computer holds "
            "become yours when the group enters them.",
        ),
        "omringad.tutorial.confirm": (
            "Flytta hit gör draget. Sedan är det datorns tur; fasen slutar när båda har stått "
            "över.",
            "Move here makes the move. Then it is the computer's turn; the phase ends when "
            "both have passed.",
        ),
        "omringad.tutorial.drop": (
            "Rond 2 börjar med en auktion om en specialenhet, som den med initiativet har "
            "dragit. Lägg dig om du inte vill ha den: då är du ute för gott.",
            "Round 2 starts with an auction for a special unit, drawn by the player with the "
            "initiative. Drop out if you do not want it: then you are out for good.",
        ),
        "omringad.tutorial.bid": (
            "Vill du ha den, bjud minst 1 guld över priset. Den som är kvar sist betalar sitt "
            "bud med rondens guld.",
            "If you want it, bid at least 1 gold above the price. The last one left pays their "
            "bid with this round's gold.",
        ),
        "omringad.tutorial.place_special": (
            "Du vann auktionen! Ställ specialenheten i en borg eller by med streckad kant; den "
            "kan flytta redan den här ronden.",
            "You won the auction! Put the special unit in a castle or village with a dashed "
            "edge; it can move this very round.",
        ),
        "omringad.tutorial.buy": (
            "Inköp: du fick 1 guld per ruta du har. Köp enheter som ställs ut i "
            "förstärkningsfasen efter striderna; guld du inte använder går förlorat.",
            "Purchase: you got 1 gold for each square you hold. Buy units to place in the "
            "reinforcement phase after the battles; gold you do not spend is lost.",
        ),
        "omringad.tutorial.assign": (
            "Strid! Varje enhet slår en tärning och träffar på sitt S-värde eller mer; en 6:a "
            "träffar alltid, en 1:a aldrig. Välj vilken av dina enheter som tar träffen: den "
            "första träffen skadar, den andra slår ut.",
            "Battle! Each unit rolls a die and hits on its S value or more; a 6 always hits, a "
            "1 never does. Choose which of your units takes the hit: the first hit damages, the "
            "second knocks it out.",
        ),
        "omringad.tutorial.place": (
            "Förstärkningar: ställ ut enheterna du köpte, en i taget, i en borg eller by med "
            "streckad kant. Står fiender bredvid är den belägrad: en sådan grannruta ger högst 2 "
            "enheter, två ingen alls.",
            "Reinforcements: place the units you bought, one at a time, in a castle or village "
            "with a dashed edge. Enemies next to it besiege it: one such neighbouring square "
            "allows at most 2 units, two allow none.",
        ),
        "omringad.tutorial.merge": (
            "Två skadade enheter av samma sort i en borg eller by kan slås ihop till en hel.",
            "Two damaged units of the same kind in a castle or village can merge into one "
            "whole unit.",
        ),
        "omringad.tutorial.end": (
            "Bra kämpat! Nu har du sett alla faser: terräng, uppställning, auktion, "
            "förflyttning, strid och förstärkningar. Ett riktigt spel går till 50 poäng eller "
            "mer; starta ett från lobbyn.",
            "Well fought! Now you have seen every phase: terrain, set-up, auction, movement, "
            "battle and reinforcements. A real game goes to 50 points or more; start one from "
            "the lobby.",
        ),
    }
)
