"""The REST API: games, creating and joining matches, playing, errors and the highscore."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import create, dice, send, state

from spelkvall.server import Settings, create_app


def test_the_page_and_its_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert client.get("/static/js/app.js").status_code == 200


def test_i18n_serves_the_swedish_and_english_tables(client: TestClient) -> None:
    sv = client.get("/api/i18n/sv").json()
    en = client.get("/api/i18n/en").json()
    assert sv["fia.title"] == "Fia med knuff" and sv["error.stale"] != en["error.stale"]
    assert sv["web.nav.play"] == "Spela"  # the page's own strings are in the same table
    assert client.get("/api/i18n/xx").json()["error"] == "error.language"


def test_games_list_fia_with_colours_options_bots_and_layout(client: TestClient) -> None:
    (fia,) = [g for g in client.get("/api/games").json() if g["id"] == "fia"]
    assert fia["colours"] == ["red", "blue", "yellow", "green"]
    assert {o["name"] for o in fia["options"]} == {"three_tries", "play_on"}
    assert "random" in [b["id"] for b in fia["bots"]]
    assert fia["layout"]["size"] == 11 and len(fia["layout"]["track"]) == 40


def test_a_hotseat_match_starts_at_once_and_its_token_holds_every_human_seat(
    client: TestClient,
) -> None:
    made = create(client, seats=[{"name": "Anna"}, {"bot": "random"}, {"name": "Bo"}])
    got = state(client, made["match_id"], made["token"])
    assert got["status"] == "playing" and got["version"] == 0
    assert got["you"] == [0, 2]
    assert [s["name"] for s in got["seats"]] == ["Anna", "Dator 1", "Bo"]
    assert [s["colour"] for s in got["seats"]] == ["red", "blue", "yellow"]
    assert got["roll_seat"] == 0 and got["view"]["phase"] == "rolloff"


def test_a_spectator_sees_the_match_but_holds_no_seat(client: TestClient) -> None:
    made = create(client)
    got = state(client, made["match_id"])
    assert got["you"] == [] and got["view"]["you"] is None


def test_setup_errors_come_back_as_translation_keys(client: TestClient) -> None:
    def error(body: dict[str, object]) -> str:
        response = client.post("/api/matches", json=body)
        assert response.status_code == 400
        return response.json()["error"]  # type: ignore[no-any-return]

    one = [{"name": "Anna"}]
    two = [{"name": "Anna"}, {"name": "Bo"}]
    assert error({"game": "fia", "mode": "hotseat", "seats": one}) == "error.players"
    assert error({"game": "nej", "mode": "hotseat", "seats": two}) == "error.unknown_game"
    assert error({"game": "fia", "mode": "x", "seats": two}) == "error.bad_request"
    long = [{"name": "x" * 40}, {"name": "Bo"}]
    assert error({"game": "fia", "mode": "hotseat", "seats": long}) == "error.name_long"
    bot = [{"name": "Anna"}, {"bot": "nobody"}]
    assert error({"game": "fia", "mode": "hotseat", "seats": bot}) == "error.bot_unknown"
    same = [{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}]
    assert error({"game": "fia", "mode": "hotseat", "seats": same}) == "error.colour_taken"
    opt = {"game": "fia", "mode": "hotseat", "seats": two, "options": {"x": True}}
    assert error(opt) == "error.option_unknown"
    creator = [{"name": None}, {"name": "Bo"}]
    assert error({"game": "fia", "mode": "online", "seats": creator}) == "error.creator_seat"


def test_error_messages_follow_the_language(client: TestClient) -> None:
    body = {"game": "fia", "mode": "hotseat", "seats": [{"name": "Anna"}]}
    sv = client.post("/api/matches?lang=sv", json=body).json()["message"]
    en = client.post("/api/matches?lang=en", json=body).json()["message"]
    assert "spelare" in sv and "players" in en


def test_online_invites_join_and_the_match_starts_when_full(client: TestClient) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}, {"name": None}])
    match_id = made["match_id"]
    assert [i["seat"] for i in made["invites"]] == [1, 2]
    assert made["invites"][0]["url"] == f"/#/join/{made['invites'][0]['token']}"
    listed = client.get("/api/matches/open?game=fia").json()
    assert [(m["match_id"], m["open_seats"]) for m in listed] == [(match_id, [1, 2])]
    assert listed[0]["created"].endswith("+00:00")
    assert "token" not in str(listed)

    invite = made["invites"][0]["token"]
    info = client.get(f"/api/invites/{invite}").json()
    assert info["seat"] == 1 and info["free_colours"] == ["blue", "yellow", "green"]
    assert state(client, match_id)["status"] == "waiting"
    assert (
        send(client, match_id, made["token"], {"type": "roll", "version": 0}).json()["error"]
        == "error.not_started"
    )

    joined = client.post(f"/api/invites/{invite}/join", json={"name": "Bo", "colour": "green"})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 1 and joined.json()["token"] != invite
    again = client.post(f"/api/invites/{invite}/join", json={"name": "Eve", "colour": "blue"})
    # A used invite says so (the seat is taken), unlike one that never existed.
    assert again.status_code == 410 and again.json()["error"] == "error.invite_used"
    assert again.json()["params"] == {"match_id": match_id, "seat": 1}

    second = made["invites"][1]["token"]
    taken = client.post(f"/api/invites/{second}/join", json={"name": "Cia", "colour": "green"})
    assert taken.json()["error"] == "error.colour_taken"
    assert client.post(f"/api/invites/{second}/join", json={"name": "Cia"}).status_code == 200

    got = state(client, match_id, joined.json()["token"])
    assert got["status"] == "playing" and got["you"] == [1]
    assert [(s["name"], s["colour"]) for s in got["seats"]] == [
        ("Anna", "red"),
        ("Bo", "green"),
        ("Cia", "blue"),
    ]
    assert client.get("/api/matches/open").json() == []


def test_an_online_match_without_open_seats_starts_at_once(client: TestClient) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"bot": "random"}])
    assert made["invites"] == [] and state(client, made["match_id"])["status"] != "waiting"


def test_a_roll_draws_a_die_and_a_move_is_checked_by_the_engine(client: TestClient) -> None:
    made = create(client)
    match_id, token = made["match_id"], made["token"]
    dice(client, match_id, 6, 2)  # roll-off: Anna 6, Bo 2 → Anna starts
    assert send(client, match_id, token, {"type": "roll", "version": 0}).json()["version"] == 1
    assert send(client, match_id, token, {"type": "roll", "version": 1}).json()["version"] == 2
    got = state(client, match_id, token)
    assert got["roll_seat"] == 0 and [e["events"][0]["type"] for e in got["log"]] == [
        "rolloff",
        "rolloff",
    ]
    assert got["log"][1]["text"]["sv"][-1].startswith("Anna")
    # Anna rolls a 6: not yet moved out, so a plain move of piece 1 is illegal.
    dice(client, match_id, 6)
    send(client, match_id, token, {"type": "roll", "version": 2})
    bad = send(
        client,
        match_id,
        token,
        {"type": "act", "version": 3, "action": {"type": "move", "piece": 1}},
    )
    assert bad.status_code == 400 and bad.json()["error"] == "error.illegal_action"
    legal = state(client, match_id, token)["view"]["legal"]
    assert {"type": "enter_two"} in [entry["action"] for entry in legal]
    ok = send(
        client, match_id, token, {"type": "act", "version": 3, "action": {"type": "enter_two"}}
    )
    assert ok.json() == {"ok": True, "version": 4}


def test_a_stale_version_is_refused(client: TestClient) -> None:
    made = create(client)
    send(client, made["match_id"], made["token"], {"type": "roll", "version": 0})
    stale = send(client, made["match_id"], made["token"], {"type": "roll", "version": 0})
    assert stale.status_code == 409 and stale.json()["error"] == "error.stale"


def test_the_dice_hook_does_not_exist_without_test_mode(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'x.sqlite3'}", bot_delay=0)
    with TestClient(create_app(settings)) as plain:
        made = create(plain)
        response = plain.post(f"/api/test/matches/{made['match_id']}/dice", json={"values": [6]})
        assert response.status_code in (404, 405)
        assert plain.get("/api/health").json()["test_mode"] is False


def test_an_unknown_match_is_404(client: TestClient) -> None:
    response = client.get("/api/matches/nothing")
    assert response.status_code == 404 and response.json()["error"] == "error.match_not_found"


def test_a_big_body_is_refused_unread(client: TestClient) -> None:
    response = client.post("/api/matches", content=b"{" + b" " * 20000 + b"}")
    assert response.status_code == 413 and response.json()["error"] == "error.message_too_large"


def test_names_come_back_verbatim_as_json_and_never_inside_the_page(client: TestClient) -> None:
    name = "<b>Anna</b>&"
    made = create(client, seats=[{"name": name}, {"name": "Bo"}])
    assert state(client, made["match_id"])["seats"][0]["name"] == name
    assert name not in client.get("/").text
