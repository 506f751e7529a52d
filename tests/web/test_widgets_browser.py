"""The shared widgets (``src/spelkvall/web/js/widgets/``) on their own, in the browser: the
move list's groups and where it keeps the keyboard focus, the hand's markers, the player
list, the score line and the die's face. Each test loads the client (for the translation
table) and drives a widget through its module, as a game page does."""

from __future__ import annotations

from typing import Any

from web_helpers import shoot


def client(new_page: Any) -> Any:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("select[name='game']")
    page.evaluate(
        """async () => {
          const box = document.createElement('div');
          box.id = 'widget';
          box.className = 'card';
          document.querySelector('main').prepend(box);
          window.w = {
            moves: await import('/static/js/widgets/moves.js'),
            hand: await import('/static/js/widgets/hand.js'),
            players: await import('/static/js/widgets/players.js'),
            scores: await import('/static/js/widgets/scores.js'),
            die: await import('/static/js/widgets/die.js'),
          };
        }"""
    )
    return page


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.textContent"))


def test_many_moves_are_grouped_by_piece_and_the_focus_follows_the_keyboard(
    new_page: Any,
) -> None:
    page = client(new_page)
    page.evaluate(
        """() => {
          const entries = [{ action: { type: 'forfeit' }, label: 'Kasta kortet' }];
          for (const piece of [4, 6]) {
            for (let steps = 1; steps <= 7; steps++) {
              entries.push({ action: { type: 'play', card: '1-7', piece, steps },
                             label: `Pjäs ${piece}: ${steps} steg` });
            }
          }
          window.chosen = [];
          window.opened = [];
          const list = new w.moves.MoveList({
            onChoose: (entry) => chosen.push(entry.action),
            groupBy: 'piece',
            groupLabel: (key, list) => `Pjäs ${key} (${list.length} drag)`,
            onOpen: (key) => opened.push(key),
          });
          document.getElementById('widget').append(list.root);
          list.render(entries);
          window.list = list;
          list.focus();
        }"""
    )
    # 15 moves: the one without a piece, then one group per piece.
    assert page.locator("#widget button").all_inner_texts() == [
        "Kasta kortet",
        "Pjäs 4 (7 drag)",
        "Pjäs 6 (7 drag)",
    ]
    assert focused(page) == "Kasta kortet"
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.inner_text("#widget .moves-group-title") == "Pjäs 4 (7 drag)"
    assert page.locator("#widget button.move").count() == 7
    assert focused(page) == "Pjäs 4: 1 steg", "the focus is on the group's first move"
    shoot(page, "widget-moves-group")
    for _ in range(7):
        page.keyboard.press("Tab")
    assert focused(page) == "← Tillbaka"
    page.keyboard.press(" ")
    assert focused(page) == "Pjäs 4 (7 drag)", "back on the group it came from"
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("chosen") == [{"type": "play", "card": "1-7", "piece": 6, "steps": 2}]
    assert page.evaluate("opened") == ["4", None, "6"]
    # A piece clicked on the board opens its group; few moves are not grouped at all.
    assert page.evaluate("list.open(4)") is True
    assert page.locator("#widget button.move").count() == 7
    page.evaluate("list.render(list.entries.slice(0, 4))")
    assert page.locator("#widget button.choice").count() == 0
    assert page.locator("#widget button.move").count() == 4
    # The generic page's guess: the field that splits many moves into the fewest groups.
    field = page.evaluate(
        """() => {
          const moves = (n) =>
            Array.from({ length: n }, (_, i) => ({ action: { type: 'use', die: i % 3, n: i } }));
          return [w.moves.groupField(moves(9)), w.moves.groupField(moves(8))];
        }"""
    )
    assert field == ["die", None]


def test_cards_that_come_in_are_marked_new_or_with_the_giver(new_page: Any) -> None:
    page = client(new_page)
    marks = page.evaluate(
        """() => {
          const hand = new w.hand.Hand({ title: 'Dina kort', onPick: () => {} });
          document.getElementById('widget').append(hand.root);
          const cards = (ids) => ids.map((id) => ({ id, label: id, tone: 'red' }));
          const seen = () => [...hand.root.querySelectorAll('.card-face')].map((el) => {
            const mark = el.querySelector('.card-mark');
            return mark ? `${el.dataset.card}:${mark.textContent}` : el.dataset.card;
          });
          const out = [];
          hand.render(cards([]), { owner: 0 });
          hand.render(cards(['2', '5', '5']), { owner: 0 });  // a deal: nothing marked
          out.push(seen());
          hand.expect(0, 'från Bo');
          hand.render(cards(['2', '5', '5', '9']), { owner: 0 });
          out.push(seen());
          hand.render(cards(['2', '5', '9']), { owner: 0, selected: 2 });  // a 5 was played
          out.push(seen());
          hand.expect(0);
          hand.render(cards(['2', '5', '9', '9']), { owner: 0 });  // drawn: "ny"
          out.push(seen());
          hand.render(cards(['2', '5']), { owner: 0 });
          out.push(seen());
          return out;
        }"""
    )
    assert marks == [
        ["2", "5", "5"],
        ["2", "5", "5", "9:från Bo"],
        ["2", "5", "9:från Bo"],
        ["2", "5", "9:från Bo", "9:ny"],
        ["2", "5"],
    ]


def test_player_list_score_line_and_die_face(new_page: Any) -> None:
    page = client(new_page)
    page.evaluate(
        """() => {
          const seats = [
            { seat: 0, name: 'Anna', colour: 'red', bot: null },
            { seat: 1, name: 'Bo', colour: 'green', bot: 'easy' },
            { seat: 2, name: 'Cia', colour: 'blue', bot: null },
            { seat: 3, name: 'Dan', colour: 'yellow', bot: null },
          ];
          const list = new w.players.PlayerList();
          list.render({ seats, current: [1], teams: [[0, 2], [1, 3]], info: (s) => `${s} i mål` });
          document.getElementById('widget').append(
            list.root, w.scores.scoreLine(seats, [1.5, 1200, 0, undefined], { label: 'Pengar' }),
            w.die.dieFace(4), w.die.dieFace(9));
        }"""
    )
    bo = page.locator("#widget .player[data-seat='1']")
    assert bo.get_attribute("aria-current") == "true"
    assert " ".join(bo.inner_text().split()) == "▶ Bo Lag 2 dator 1 i mål"
    assert page.inner_text("#widget .player[data-seat='2'] .tag.team") == "Lag 1"
    assert page.locator("#widget .player[data-seat='0'] svg.swatch circle").count() == 1
    assert page.locator("#widget .score .score-value").all_inner_texts() == ["1,5", "1\xa0200", "0"]
    assert page.locator("#widget .pips[data-value='4'] .pip.on").count() == 4
    assert page.inner_text("#widget .pips.number") == "9"


def test_a_die_to_roll_now_is_blank_and_a_roll_just_made_is_held_a_moment(new_page: Any) -> None:
    page = client(new_page)
    faces = page.evaluate(
        """async () => {
          const die = new w.die.Die({ onRoll: () => {} });
          document.getElementById('widget').append(die.button);
          const seen = () => [die.button.dataset.value, die.button.getAttribute('aria-label')];
          const out = [];
          die.setReady(false); die.rest(4); out.push(seen());  // another's turn: the last roll
          die.setReady(true); die.rest(4); out.push(seen());   // ours to roll: blank
          die.show(5);                                         // a roll came in (a computer's)
          await new Promise((r) => setTimeout(r, 700)); out.push(seen());  // held: seen
          await new Promise((r) => setTimeout(r, 1600)); out.push(seen()); // then blank again
          return out;
        }"""
    )
    assert faces == [
        ["4", "Tärningen visar 4"],
        ["", "Slå tärningen"],
        ["5", "Tärningen visar 5"],
        ["", "Slå tärningen"],
    ]


def test_the_open_matches_count_their_free_seats_in_good_swedish(new_page: Any) -> None:
    page = client(new_page)
    texts = page.evaluate(
        """async () => {
          const lobby = await import('/static/js/lobby.js');
          return [1, 2, 3].map((n) => lobby.freeSeats(n));
        }"""
    )
    assert texts == ["1 ledig plats", "2 lediga platser", "3 lediga platser"]
