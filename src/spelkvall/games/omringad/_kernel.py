# mypy: ignore-errors
"""The compiled core of Omringad's batch simulator (``batch.py`` is its typed front door).

One Numba function plays many games from one position, each to its end, each with its own
xorshift64* stream, so a game depends only on (seed, game number). The rules are those of
``rules.py``, ``movement.py`` and ``combat.py`` line by line (both maps, every option), and the
heuristic is ``heuristic.py``'s, with its floating-point sums in the same order; the legal
actions are listed in the engine's order. ``tests/games/omringad/test_batch.py`` checks it
step for step.

A position is an int64 array ``st`` (offsets in ``_kernel_layout``; the options and the map
too) and the stacks ``stk[square, i]`` (units as in ``units.py``, bottom first; heights in
``st[HGT + sq]``).
An action is one int: ``kind << 16 | a << 8 | b`` (``A_*``; a target seat is stored + 1).

How random draws are used (one stream per game, ``batch.XorShiftRandom`` in Python):

- a die (initiative, battle) takes one draw ``u``: ``1 + int(u * 6)``; the special drawn from
  the cup one: ``int(u * specials in the cup)``, counted off kind by kind; the Dragon's target
  one: ``int(u * targets)``;
- a random seat takes one draw per decision, even with one legal action:
  ``legal[int(u * len(legal))]``; where several act at once, the lowest seat first, each
  once, then the seats still to act again (``bots.mcts.play_to_end``);
- a heuristic seat plays ``heuristic.choose`` every time (as ``bots.mcts.heuristic_policy``):
  a purchase takes one draw, and so does every fallback to a random legal action.

The kernel is split by job; this module plays the games and is the one the rest of the game
imports (its ``__all__``): ``_kernel_layout`` (offsets, codes, tables, small helpers),
``_kernel_movement``, ``_kernel_combat``, ``_kernel_rules`` (the phases), ``_kernel_actions``
(who acts, what is legal, applying an action or a chance event) and ``_kernel_heuristic``.
Each names the parts it compiles in through ``depends_on``, so a change to one part makes the
cached code of every part above it stale.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import draw_kept, game_stream
from spelkvall.core.kernels import depends_on

from . import _kernel_actions, _kernel_heuristic, _kernel_layout, _kernel_rules
from ._kernel_actions import (
    apply_chance,
    apply_player,
    chance_count,
    draw_chance,
    is_chance,
    legal,
    to_act,
)
from ._kernel_heuristic import (
    _heuristic,
)
from ._kernel_layout import (
    _COST,
    _MOVE,
    _POOL,
    _STRENGTH,
    A_ASSIGN,
    A_BACK,
    A_BATTLE,
    A_BID,
    A_BUY,
    A_CONFIRM,
    A_DIE,
    A_DIPLO,
    A_DONE,
    A_DRAW,
    A_DROP,
    A_DTARGET,
    A_MERGE,
    A_PASS,
    A_PLACE,
    A_PLACE_SPECIAL,
    A_RECRUIT,
    A_SEALED,
    A_SELECT,
    A_STEP,
    A_TAKE,
    A_TARGET,
    A_TILE,
    ADJ,
    ARCHER,
    AU_ACTIVE,
    AU_BIDS,
    AU_LEADER,
    AU_PRICE,
    AU_SPECIAL,
    AU_STAGE,
    BACKS,
    BT_DEF,
    BT_HITFLAG,
    BT_HITS,
    BT_ROLLERS,
    BT_SQ,
    BT_STAGE,
    BT_STEP,
    BT_TARGET_SEAT,
    CATAPULT,
    CONT,
    CTRL,
    CUP,
    CUR,
    DIPLOMAT,
    DRAGON,
    ELEPHANTS,
    ELITE,
    GENERAL,
    GOLD,
    HEURISTIC,
    HGT,
    HITS0,
    HOLDER,
    HORSES,
    HOST,
    INFILTRATOR,
    MAGICIAN,
    MAXH,
    MAXLEGAL,
    MAXSQ,
    MAXSTEPS,
    MERC,
    MOVE_NO,
    MV_PATH,
    MV_SEL,
    MV_SRC,
    NADJ,
    NCONT,
    NDICE,
    NHITS,
    NPATH,
    NQ,
    NROLLERS,
    NROLLS,
    NSEL,
    NSTEPS,
    O_BOTH,
    O_DRAGON_SIEGE,
    O_GENERALS,
    O_HOLDER_ORDER,
    O_LONE_HORSES,
    O_MAGICIAN,
    O_MOUNTAIN,
    O_NONCOMBAT,
    O_PIN_HORSES,
    O_ROUND_LIMIT,
    O_SEALED,
    O_SETUP_SEP,
    O_SHARED,
    O_TARGET,
    O_TEAMS,
    O_WAIT,
    ORDER,
    OVER,
    PASSED,
    PEND,
    PHASE,
    PIRATES,
    PL_OK,
    PLACEDO,
    POINTS,
    POOLS,
    QUEUE,
    RANDOM,
    READY,
    REGULAR,
    RIDER,
    ROLLS,
    ROUND,
    SHARPSHOOTERS,
    SIZE,
    SPENT,
    STEPS,
    T_CHANCE,
    T_SEAT,
    TEAMS,
    TERR,
    TILESO,
    WINNERS,
    N,
)
from ._kernel_rules import (
    advance,
)

depends_on(
    __file__, _kernel_layout, _kernel_rules, _kernel_actions, _kernel_heuristic, kernel_random
)

# Compiling costs (issue #27). A constant argument of a compiled helper is written
# ``np.int64(...)`` (or ``np.bool_``): Numba types a bare constant as a literal and compiled the
# helper (and what it calls) once more for every constant it was called with (``_battle_flow``
# three times). Helpers called from one place only (``_play_game``, ``apply_chance``,
# ``_move_step``, ...) are ``inline="always"``: every separately compiled function links in
# and optimises again the code of everything it calls, which in this deep call graph cost
# more than typing those helpers once inside their caller.


# --- playing games ---------------------------------------------------------------------------


@njit(cache=True)
def _trace(tr, g, k, a, b):
    if k < tr.shape[1]:
        tr[g, k, 0] = a
        tr[g, k, 1] = b
    return k + 1


@njit(cache=True, inline="always")
def _play_game(st, stk, rs, policy, max_steps, tr, g, lg, buf):
    """Play one game to its end; (chance events, decisions, finished)."""
    acting = np.empty(4, np.int64)
    chance = 0
    moves = 0
    k = 0
    for _step in range(max_steps):
        if st[PHASE] == OVER:
            return chance, moves, True
        if is_chance(st):
            nc = chance_count(st, stk)
            code = draw_chance(st, stk, rs)
            k = _trace(tr, g, k, T_CHANCE * 4096 + nc, code)
            chance += 1
            apply_chance(st, stk, code, buf)
            continue
        na = to_act(st, stk, acting)
        for j in range(na):
            p = acting[j]
            nl = legal(st, stk, p, lg)
            if policy[p] == RANDOM:
                code = lg[int(draw_kept(rs) * nl)]
            else:
                code = _heuristic(st, stk, p, rs, lg, nl)
            k = _trace(tr, g, k, T_SEAT * 4096 + nl, code)
            moves += 1
            apply_player(st, stk, p, code, buf)
    return chance, moves, st[PHASE] == OVER


@njit(cache=True, nogil=True)
def play_range(first, last, st0, stk0, policy, seed, game0, max_steps, out, fin, tr):
    """Play games ``first`` .. ``last - 1`` from ``st0``/``stk0``. ``out[g]``: winners (bit
    mask), points (4), rounds, chance events, decisions, whether the game ended; ``fin[g]``
    the final control of every square when it has rows; ``tr[g]`` the trace when it has rows."""
    st = np.empty(SIZE, np.int64)
    stk = np.empty_like(stk0)
    lg = np.empty(MAXLEGAL, np.int64)
    buf = np.empty(MAXLEGAL, np.int64)
    rs = np.empty(1, np.uint64)
    record = fin.shape[0] > 0
    nsq = 25 * st0[N]
    for g in range(first, last):
        for i in range(SIZE):
            st[i] = st0[i]
        for sq in range(nsq):
            for i in range(st0[HGT + sq]):
                stk[sq, i] = stk0[sq, i]
        rs[0] = game_stream(seed, np.uint64(g + game0))
        chance, moves, done = _play_game(st, stk, rs, policy, max_steps, tr, g, lg, buf)
        out[g, 0] = st[WINNERS]
        for p in range(4):
            out[g, 1 + p] = st[POINTS + p] if p < st[N] else 0
        out[g, 5] = st[ROUND]
        out[g, 6] = chance
        out[g, 7] = moves
        out[g, 8] = 1 if done else 0
        if record:
            for sq in range(nsq):
                fin[g, sq] = st[CTRL + sq]
                fin[g, MAXSQ + sq] = st[HGT + sq]


__all__ = [
    "ADJ",
    "ARCHER",
    "AU_ACTIVE",
    "AU_BIDS",
    "AU_LEADER",
    "AU_PRICE",
    "AU_SPECIAL",
    "AU_STAGE",
    "A_ASSIGN",
    "A_BACK",
    "A_BATTLE",
    "A_BID",
    "A_BUY",
    "A_CONFIRM",
    "A_DIE",
    "A_DIPLO",
    "A_DONE",
    "A_DRAW",
    "A_DROP",
    "A_DTARGET",
    "A_MERGE",
    "A_PASS",
    "A_PLACE",
    "A_PLACE_SPECIAL",
    "A_RECRUIT",
    "A_SEALED",
    "A_SELECT",
    "A_STEP",
    "A_TAKE",
    "A_TARGET",
    "A_TILE",
    "BACKS",
    "BT_DEF",
    "BT_HITFLAG",
    "BT_HITS",
    "BT_ROLLERS",
    "BT_SQ",
    "BT_STAGE",
    "BT_STEP",
    "BT_TARGET_SEAT",
    "CATAPULT",
    "CONT",
    "CTRL",
    "CUP",
    "CUR",
    "DIPLOMAT",
    "DRAGON",
    "ELEPHANTS",
    "ELITE",
    "GENERAL",
    "GOLD",
    "HEURISTIC",
    "HGT",
    "HITS0",
    "HOLDER",
    "HORSES",
    "HOST",
    "INFILTRATOR",
    "MAGICIAN",
    "MAXH",
    "MAXLEGAL",
    "MAXSQ",
    "MAXSTEPS",
    "MERC",
    "MOVE_NO",
    "MV_PATH",
    "MV_SEL",
    "MV_SRC",
    "NADJ",
    "NCONT",
    "NDICE",
    "NHITS",
    "NPATH",
    "NQ",
    "NROLLERS",
    "NROLLS",
    "NSEL",
    "NSTEPS",
    "ORDER",
    "O_BOTH",
    "O_DRAGON_SIEGE",
    "O_GENERALS",
    "O_HOLDER_ORDER",
    "O_LONE_HORSES",
    "O_MAGICIAN",
    "O_MOUNTAIN",
    "O_NONCOMBAT",
    "O_PIN_HORSES",
    "O_ROUND_LIMIT",
    "O_SEALED",
    "O_SETUP_SEP",
    "O_SHARED",
    "O_TARGET",
    "O_TEAMS",
    "O_WAIT",
    "PASSED",
    "PEND",
    "PHASE",
    "PIRATES",
    "PLACEDO",
    "PL_OK",
    "POINTS",
    "POOLS",
    "QUEUE",
    "RANDOM",
    "READY",
    "REGULAR",
    "RIDER",
    "ROLLS",
    "ROUND",
    "SHARPSHOOTERS",
    "SIZE",
    "SPENT",
    "STEPS",
    "TEAMS",
    "TERR",
    "TILESO",
    "T_CHANCE",
    "T_SEAT",
    "WINNERS",
    "_COST",
    "_MOVE",
    "_POOL",
    "_STRENGTH",
    "N",
    "advance",
    "apply_chance",
    "apply_player",
    "chance_count",
    "draw_chance",
    "is_chance",
    "legal",
    "play_range",
    "to_act",
]
