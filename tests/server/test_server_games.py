"""``GET /api/games`` from a game's declaration alone, and the static files: each game's web
folder at ``/static/games/<id>/``, never any Python source or notes."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

from spelkvall.core import Game, Seat, Teams, option, register_game, unregister_game
from spelkvall.core.i18n import DEFAULT_LANGUAGE, register
from spelkvall.core.palette import PALETTE

register(
    {
        "webtest.title": ("Webbtest", "Web test"),
        "webtest.option.sixth": ("En sjätte plats", "A sixth seat"),
        "webtest.option.pairs": ("Spela i par", "Play in pairs"),
        "webtest.option.speed": ("Fart", "Speed"),
        "webtest.option.speed.slow": ("Lugnt", "Slow"),
        "webtest.option.speed.fast": ("Snabbt", "Fast"),
        "webtest.option.rounds": ("Omgångar", "Rounds"),
    }
)


@dataclass(frozen=True)
class WebTestOptions:
    sixth: bool = False
    pairs: bool = True
    speed: str = option("slow", choices=("slow", "fast"))
    rounds: int = option(8, min=4, max=12)


class WebTestGame(Game[WebTestOptions, Any]):
    """Declarations only: 2, 4 or 5 players (6 with ``sixth``), pairs at 4 unless ``pairs``
    is off, and at 6 always."""

    id: ClassVar[str] = "webtest"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    colours: ClassVar[tuple[str, ...]] = ("purple", "black", "red", "blue", "green", "yellow")
    options_type = WebTestOptions
    action_types = ()
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {}

    def player_counts(self, options: WebTestOptions | None = None) -> tuple[int, ...]:
        options = options or WebTestOptions()
        return (2, 4, 5, 6) if options.sixth else (2, 4, 5)

    def teams(self, num_players: int, options: WebTestOptions | None = None) -> Teams | None:
        options = options or WebTestOptions()
        if num_players == 4 and options.pairs:
            return ((0, 2), (1, 3))
        if num_players == 6:
            return ((0, 3), (1, 4), (2, 5))
        return None

    def _new_state(self, seats: tuple[Seat, ...], options: WebTestOptions) -> Any:
        raise NotImplementedError

    def describe_event(
        self, event: Any, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        return None


@pytest.fixture
def webtest(tmp_path: Path) -> Iterator[Path]:
    """The game registered with a package of its own whose ``web/`` folder holds a page, a
    style sheet, an image, and Python source and notes that must never be served."""
    package = tmp_path / "webtest_pkg"
    web = package / "web"
    web.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (web / "page.js").write_text("export default class Page {}\n")
    (web / "board.js").write_text("export const x = 1;\n")
    (web / "style.css").write_text(".x { color: red; }\n")
    (web / "extra.css").write_text(".y { color: blue; }\n")
    (web / "piece.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>\n")
    (web / "secret.py").write_text("TOKEN = 'no'\n")
    (web / "NOTES.md").write_text("notes\n")
    sys.path.insert(0, str(tmp_path))
    register_game(WebTestGame(), "webtest_pkg")
    try:
        yield web
    finally:
        unregister_game("webtest")
        sys.path.remove(str(tmp_path))
        sys.modules.pop("webtest_pkg", None)


def info(client: TestClient, game_id: str) -> dict[str, Any]:
    (entry,) = [g for g in client.get("/api/games").json() if g["id"] == game_id]
    return entry  # type: ignore[no-any-return]


def test_player_counts_teams_and_capabilities_come_from_the_declaration(
    client: TestClient, webtest: Path
) -> None:
    game = info(client, "webtest")
    assert game["player_counts"] == [2, 4, 5]
    assert (game["min_players"], game["max_players"]) == (2, 6)
    assert game["teams"] == {"4": [[0, 2], [1, 3]]}
    assert game["capabilities"] == [] and game["layout"] is None
    assert game["perfect_information"] is True and game["advice"] is False
    fia = info(client, "fia")
    assert fia["capabilities"] == ["advice", "fast_simulator", "layout", "position"]
    assert fia["player_counts"] == [2, 3, 4] and fia["teams"] == {}
    assert fia["layout"]["size"] == 11
    dog = info(client, "dogroyal")
    assert dog["teams"] == {"4": [[0, 2], [1, 3]]} and dog["layout"] is None


def test_options_say_their_type_choices_range_and_what_they_change(
    client: TestClient, webtest: Path
) -> None:
    options = {o["name"]: o for o in info(client, "webtest")["options"]}
    assert list(options) == ["sixth", "pairs", "speed", "rounds"]
    sixth, pairs, speed, rounds = options.values()
    assert sixth["type"] == "bool" and sixth["default"] is False
    assert sixth["label"] == {"sv": "En sjätte plats", "en": "A sixth seat"}
    # A sixth seat adds the count 6, and with it its teams.
    teams_at_6 = [[0, 3], [1, 4], [2, 5]]
    assert sixth["when"] == {
        "true": {"player_counts": [2, 4, 5, 6], "teams": {"4": [[0, 2], [1, 3]], "6": teams_at_6}}
    }
    assert pairs["when"] == {"false": {"player_counts": [2, 4, 5], "teams": {}}}
    assert speed["type"] == "str" and speed["default"] == "slow"
    assert speed["choices"] == [
        {"value": "slow", "label": {"sv": "Lugnt", "en": "Slow"}},
        {"value": "fast", "label": {"sv": "Snabbt", "en": "Fast"}},
    ]
    assert speed["when"] == {}  # the speed changes neither counts nor teams
    assert "min" not in speed and "choices" not in rounds
    assert (rounds["type"], rounds["default"], rounds["min"], rounds["max"]) == ("int", 8, 4, 12)
    assert rounds["when"] == {}  # a range is not enumerated
    dog = {o["name"]: o for o in info(client, "dogroyal")["options"]}
    assert dog["teams"]["when"] == {"false": {"player_counts": [2, 3, 4], "teams": {}}}
    assert (dog["special_offset"]["min"], dog["special_offset"]["max"]) == (0, 15)


def test_the_palette_holds_the_games_colours_in_its_order(
    client: TestClient, webtest: Path
) -> None:
    game = info(client, "webtest")
    assert [c["id"] for c in game["palette"]] == game["colours"]
    shapes = [c["shape"] for c in game["palette"]]
    assert sorted(shapes) == ["circle", "diamond", "hexagon", "square", "star", "triangle"]
    purple = game["palette"][0]
    assert purple == {**PALETTE["purple"].to_json()}
    assert set(purple) == {"id", "fill", "ink", "light", "shape", "mark"}


def test_a_game_with_a_web_folder_names_its_page_and_styles(
    client: TestClient, webtest: Path
) -> None:
    game = info(client, "webtest")
    assert game["page"] == "/static/games/webtest/page.js"
    assert game["styles"] == ["/static/games/webtest/extra.css", "/static/games/webtest/style.css"]
    page = client.get(game["page"])
    assert page.status_code == 200 and "javascript" in page.headers["content-type"]
    assert client.get("/static/games/webtest/board.js").status_code == 200
    assert client.get("/static/games/webtest/style.css").text.startswith(".x")
    assert client.get("/static/games/webtest/piece.svg").status_code == 200


def test_a_game_without_a_web_folder_has_no_page(client: TestClient) -> None:
    register_game(WebTestGame())
    try:
        game = info(client, "webtest")
    finally:
        unregister_game("webtest")
    assert game["page"] is None and game["styles"] == []
    assert client.get("/static/games/webtest/page.js").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/static/__init__.py",
        "/static/texts.py",
        "/static/README.md",
        "/static/js/../texts.py",
        "/static/games/fia/__init__.py",
        "/static/games/fia/game.py",
        "/static/games/fia/texts.py",
        "/static/games/dogroyal/README.md",
        "/static/games/webtest/secret.py",
        "/static/games/webtest/NOTES.md",
        "/static/games/webtest/../__init__.py",
        "/static/games/webtest/%2e%2e/__init__.py",
        "/static/games/webtest/",
        "/static/games/nosuchgame/page.js",
    ],
)
def test_python_source_and_notes_are_never_served(
    client: TestClient, webtest: Path, path: str
) -> None:
    response = client.get(path)
    assert response.status_code == 404, path
    assert "TOKEN" not in response.text and "import" not in response.text
