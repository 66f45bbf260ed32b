"""The Reserve Phase for Leg units (GoE 5f, with 7c, 12b, 18q, 21e, 23c).

Where a Leg Eligible Unit may end its reserve move:
* more than three hexes from every enemy unit: 2 MP (1 MP when Shaken), stopping on entering a
  hex within three hexes of an enemy; within three hexes: 1 MP, Shaken: no move;
* never into an enemy hex; stacking (9) on every hex entered; a Barrage hex costs 2 MP more (12b);
  a Pathfinder (21e, unshaken) pays 1 MP a hex; Wire stops a Leg unit (23c);
* 7c: a unit that may move at all may always move one hex into terrain it may enter, whatever its
  cost;
* a unit still off the map that may enter (an EU reinforcement) enters through an entry hex,
  paying that hex's cost out of its 2 MP, and may go on with what is left.
"""
from __future__ import annotations

from tabletop_core.boards import reachable_hexes

from ..model.occupancy import by_hex
from .board import board_at
from .units import has, room_beside, stacking_room, unit_weight

LEG_FAR, SHAKEN_FAR, NEAR = 2, 1, 1


def budget(u, near: bool) -> int:
    """5f: the MP a Leg unit may spend in the Reserve Phase."""
    if u.shaken:
        return 0 if near else SHAKEN_FAR
    return NEAR if near else LEG_FAR


def least_entry_cost(tec, move_class: str) -> int:
    """The least MP a step may cost a unit of ``move_class``: across a road hexside or into the
    cheapest terrain of the chart (climbing, Barrage and Wire only add to it).  The searches take it
    as their ``least_step``."""
    costs = [r.cost(move_class) for r in tec.rows.values()]
    return min([tec.road_mp] + [c for c in costs if c is not None])


def least_step(board, move_class: str) -> int:
    """:func:`least_entry_cost` of ``board``'s chart, kept with the board (every reserve search and
    first-step test asks it)."""
    return board.derived(("least entry cost", move_class), lambda: least_entry_cost(board.tec, move_class))


def _pathfinder(u) -> bool:
    return has(u, "pathfinder") and not u.shaken  # 21e


def _open_to(state, u, enemy_hexes, board=None):
    """``open_to(b)``: whether ``u`` may enter hex ``b`` at all, whatever the step's cost: a hex of
    the board, no enemy in it (5f), room for ``u`` (9).  ``board``: ``board_at(state)``, if known."""
    rows = (board or board_at(state)).rows  # every hex of the board
    fits = stacking_room(state, u)
    return lambda b: b not in enemy_hexes and b in rows and fits(b)


def _step_cost(rules, state, u, occ, enemy_hexes):
    """The MP for ``u`` to enter ``b`` from ``a`` (``a`` None: from off the map); None if it may not."""
    board = board_at(state)
    pathfinder = _pathfinder(u)
    open_to = _open_to(state, u, enemy_hexes)

    def cost(a, b):
        if not open_to(b):
            return None
        c = board.enter_cost(a, b, "L") if a is not None else board.row(b).cost("L")
        if c is None:
            return None
        if pathfinder:  # 21e
            c = 1
        if b in state.barrage:  # 12b
            c += rules.tec.barrage_mp
        return c

    return cost


def destinations(rules, state, u, occ, enemy_hexes, near_zone, entry_hexes=()):
    """The hexes ``u`` may end its reserve move in (see the module text)."""
    board = board_at(state)
    cost = _step_cost(rules, state, u, occ, enemy_hexes)
    least = 1 if _pathfinder(u) else least_step(board, "L")
    stop = near_zone | state.wire  # 5f: stop within three hexes of an enemy; 23c: stop in Wire
    if u.hex is None:  # an entering reinforcement: it begins off the map, far from the enemy
        mp = budget(u, near=False)
        out = set()
        for b in entry_hexes:
            c = cost(None, b)
            if c is None:
                continue
            out.add(b)  # 7c: entering is always possible
            if b not in stop and c < mp:
                out.update(reachable_hexes(board.board, b, mp - c, cost, must_stop=stop, least_step=least))
        return out
    near = u.hex in near_zone
    mp = budget(u, near)
    if mp <= 0:
        return set()
    if least >= 1 and mp <= 2 * least:
        return _two_steps(board, u.hex, mp, cost, stop)
    reach = reachable_hexes(board.board, u.hex, mp, cost, must_stop=stop, least_step=least)
    out = {h for h in reach if h != u.hex}
    out.update(b for b in board.neighbours[u.hex] if cost(u.hex, b) is not None)  # 7c
    return out


def _two_steps(board, start, mp: int, cost, stop) -> set:
    """:func:`destinations` when no step costs less than ``mp / 2`` (and at least 1 MP): at most
    two steps, so the search is the neighbours (all of those it may enter: 7c) and, through each
    one entered with MP left and no stop (5f, 23c), its neighbours within the rest."""
    out: set = set()
    exits = board.exits  # cost is None wherever the terrain bars Leg units: those hexes are not tried
    for b in exits(start, "L"):
        c = cost(start, b)
        if c is None:
            continue
        out.add(b)
        if c < mp and b not in stop:
            for x in exits(b, "L"):
                if x != start and x not in out:
                    c2 = cost(b, x)
                    if c2 is not None and c + c2 <= mp:
                        out.add(x)
    return out


def has_destination(rules, state, u, occ, enemy_hexes, near_zone, entry_hexes=(), board=None) -> bool:
    """Whether :func:`destinations` is not empty, without the search: every hex reached is entered
    through a first hex it may enter, and 7c makes that first hex a destination by itself (a step's
    cost is None exactly when the hex is closed to ``u`` or its terrain prohibits Leg units: the
    Pathfinder's and the Barrage's MP never make it None).  ``board``: ``board_at(state)``, if known."""
    board = board or board_at(state)
    if u.hex is None:
        open_to = _open_to(state, u, enemy_hexes, board)
        return any(open_to(b) and board.row(b).cost("L") is not None for b in entry_hexes)
    return may_step(state, u, board, enemy_hexes, near_zone, by_hex(state))


def may_step(state, u, board, enemy_hexes, near_zone, occupied) -> bool:
    """:func:`has_destination` of ``u`` on the map: some hex next to it its terrain lets it enter
    holds no enemy and has room for it, and it has MP to spend.  ``occupied``: ``by_hex(state)``
    (the first step asks this of every Leg mover at every pick)."""
    a = u.hex
    if budget(u, a in near_zone) <= 0:
        return False
    weight = None  # what u counts against 9's limits, worked out only if an exit is occupied
    for b in board.exits(a, "L"):
        if b in enemy_hexes:
            continue
        if b not in occupied:
            return True  # an empty hex takes any one unit (9)
        if weight is None:
            weight = unit_weight(u)
        if room_beside(state, b, weight):  # b is next to u, so u is not counted in it
            return True
    return False
