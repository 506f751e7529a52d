"""``spelkvall replay FILE --chances`` and ``--plot out.png``: the chance-to-win graph of a
finished match (``bots.chances``) as a table in the terminal and as a picture.

Every player (or team) is one line, told apart by its mark and shape as well as its colour;
the turning point (the step that changed the winner's chance the most) is named, and so is
how the chances were found (playouts per step, from a spectator's view with hidden
information)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from spelkvall.bots.chances import Chances
from spelkvall.core import MatchRecord, PlayerColour
from spelkvall.core.i18n import register, t

from .generic_view import seat_look

register(
    {
        "cli.chances.title": (
            "Chansen att vinna, steg för steg",
            "The chance to win, step by step",
        ),
        "cli.chances.step": ("Steg", "Step"),
        "cli.chances.turning_point": (
            "Vändpunkten: steg {step}, {name}s chans {before} → {after}.",
            "The turning point: step {step}, {name}'s chance {before} → {after}.",
        ),
        "cli.chances.how": (
            "{playouts} utspelningar per steg ({method}), {points} steg av {steps}.",
            "{playouts} playouts a step ({method}), {points} steps of {steps}.",
        ),
        "cli.chances.how_exact": (
            "Inga utspelningar behövdes.",
            "No playouts were needed.",
        ),
        "cli.chances.method.batch": ("snabbsimulatorn", "the fast simulator"),
        "cli.chances.method.engine": ("spelmotorn", "the game engine"),
        "cli.chances.method.mixed": (
            "snabbsimulatorn och spelmotorn",
            "the fast simulator and the game engine",
        ),
        "cli.chances.sampled": (
            "Dolda kort och drag dras slumpvis ur det en åskådare såg vid varje steg.",
            "Hidden cards and moves are drawn at random from what a spectator saw at each step.",
        ),
        "cli.chances.turning_short": ("Vändpunkten", "The turning point"),
        "cli.chances.plot_saved": ("Grafen sparad i {path}.", "The graph was saved to {path}."),
        "cli.chances.no_matplotlib": (
            "--plot behöver matplotlib: pip install 'spelkvall[plot]'.",
            "--plot needs matplotlib: pip install 'spelkvall[plot]'.",
        ),
        "cli.chances.none": (
            "Chanserna kan inte räknas för den här matchen: {why}",
            "The chances cannot be computed for this match: {why}",
        ),
    }
)

MAX_ROWS = 40
"""Rows the terminal table shows at most (evenly spread, the turning point among them)."""
MARKERS = {
    "circle": "o",
    "square": "s",
    "triangle": "^",
    "diamond": "D",
    "star": "*",
    "hexagon": "h",
}


def percent(value: float, lang: str) -> str:
    text = f"{100 * value:.0f} %"
    return text if lang == "sv" else text.replace(" ", "")


def side_names(record: MatchRecord, sides: Sequence[tuple[int, ...]]) -> list[str]:
    return [" & ".join(record.seats[s].name or "?" for s in side) for side in sides]


def side_looks(record: MatchRecord, sides: Sequence[tuple[int, ...]]) -> list[PlayerColour]:
    """A side's look: its first member's (a team shares a line)."""
    return [seat_look(record.seats, side[0]) for side in sides]


def how_text(series: Chances, lang: str) -> str:
    """How the chances were found, as said under the graph."""
    if series.method == "exact":
        text = t("cli.chances.how_exact", lang)
    else:
        text = t(
            "cli.chances.how",
            lang,
            playouts=series.playouts,
            method=t(f"cli.chances.method.{series.method}", lang),
            points=len(series.versions),
            steps=series.steps,
        )
    if series.sampled:
        text += " " + t("cli.chances.sampled", lang)
    return text


def turning_text(record: MatchRecord, series: Chances, lang: str) -> str | None:
    turn = series.turning_point()
    if turn is None:
        return None
    return t(
        "cli.chances.turning_point",
        lang,
        step=turn["version"],
        name=side_names(record, series.sides)[turn["side"]],
        before=percent(turn["before"], lang),
        after=percent(turn["after"], lang),
    )


def print_chances(console: Console, record: MatchRecord, series: Chances, lang: str) -> None:
    """The series as a table: a row per step (at most :data:`MAX_ROWS`), a column per side."""
    names = side_names(record, series.sides)
    looks = side_looks(record, series.sides)
    console.rule(escape(t("cli.chances.title", lang)))
    head = [f"{t('cli.chances.step', lang):>6}"]
    for look, name in zip(looks, names, strict=True):
        head.append(f"[{look.style}]{look.mark}[/] {escape(name):>10}")
    console.print("  ".join(head), highlight=False)
    count = len(series.versions)
    rows = (
        set(range(count))
        if count <= MAX_ROWS
        else {round(k * (count - 1) / (MAX_ROWS - 1)) for k in range(MAX_ROWS)}
    )
    turn = series.turning_point()
    if turn is not None:
        rows.add(series.versions.index(turn["version"]))
    for k in sorted(rows):
        mark = "◀" if turn is not None and series.versions[k] == turn["version"] else ""
        cells = [f"{series.versions[k]:>6}"]
        for look, chance in zip(looks, series.chances[k], strict=True):
            cells.append(f"{look.mark} {percent(chance, lang):>10}")
        console.print("  ".join(cells) + f" {mark}", highlight=False)
    line = turning_text(record, series, lang)
    if line:
        console.print(escape(line), highlight=False)
    console.print(escape(how_text(series, lang)), highlight=False)


def plot(record: MatchRecord, series: Chances, path: Path, lang: str) -> None:
    """Draw the series to ``path`` (PNG, SVG, PDF by the suffix) with matplotlib: a line per
    side in its colour with its shape as markers, the turning point marked, how it was found
    under it. Raises ``ImportError`` without matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = side_names(record, series.sides)
    looks = side_looks(record, series.sides)
    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=120)
    every = max(1, len(series.versions) // 12)
    for i, (name, look) in enumerate(zip(names, looks, strict=True)):
        ys = [100 * point[i] for point in series.chances]
        ax.plot(
            series.versions,
            ys,
            color=look.fill,
            marker=MARKERS.get(look.shape, "o"),
            markevery=every,
            markeredgecolor="#1b1b1b",
            linewidth=2,
            label=name,
        )
    turn = series.turning_point()
    if turn is not None:
        ax.axvline(turn["version"], color="#555555", linestyle="--", linewidth=1)
        ax.annotate(
            t("cli.chances.turning_short", lang),
            (turn["version"], 100 * turn["after"]),
            xytext=(6, 6),
            textcoords="offset points",
        )
    ax.set_ylim(-2, 102)
    ax.set_xlim(0, max(series.steps, 1))
    ax.set_xlabel(t("cli.chances.step", lang))
    ax.set_ylabel("%")
    ax.set_title(t("cli.chances.title", lang))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    fig.text(0.01, 0.01, how_text(series, lang), fontsize=7, wrap=True)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path)
    plt.close(fig)


def show(
    console: Console, record: MatchRecord, table: bool, picture: Path | None, lang: str
) -> None:
    """Compute the series of ``record`` and print it (``table``) and draw it (``picture``);
    a match that is not over, or whose hidden parts cannot be drawn for a spectator, is a
    clear error."""
    from spelkvall.bots.chances import compute
    from spelkvall.core import SpelkvallError

    from .common import fail, translate_error

    if picture is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail(console, t("cli.chances.no_matplotlib", lang))
    try:
        series = compute(record)
    except SpelkvallError as exc:
        fail(console, t("cli.chances.none", lang, why=translate_error(exc, lang)))
    if table:
        print_chances(console, record, series, lang)
    if picture is not None:
        plot(record, series, picture, lang)
        console.print(escape(t("cli.chances.plot_saved", lang, path=picture)), highlight=False)
