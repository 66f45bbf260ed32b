"""One human line per Orgun 1983 event, and words for actions."""
from __future__ import annotations

import rules_orgun1983.actions as A  # the modules, not the package (whose __init__ imports the ruleset)
import rules_orgun1983.state as S
from .state import SIDE_NAMES


def _unit(R, uid: str) -> str:
    info = R.data.units.get(uid)
    return info.name if info else uid


def _who(R, uid: str) -> str:
    """The unit's name with its side in front (unless the name already says it)."""
    info = R.data.units.get(uid)
    if info is None:
        return uid
    side = SIDE_NAMES[info.side]
    return info.name if info.name.startswith((side, "Soviet")) else f"{side} {info.name}"


def _area(R, area: int) -> str:
    a = R.data.area_map[area]
    return f"{area} ({a.name})" if a.name else str(area)


def _points(value: float) -> str:
    return f"{value:g}"


def narrate(R, e, state) -> str | None:
    kind = type(e)
    if kind is S.TurnBegan:
        return f"== Turn {e.turn} =="
    if kind is S.PhaseBegan:
        return f"-- {e.phase} phase"
    if kind is S.InitiativeDetermined:
        how = f" ({e.muj_total} against {e.dra_total})" if e.rolled else ""
        return f"{SIDE_NAMES[e.side]} has the initiative{how}"
    if kind is S.ActivationBegan:
        return f"{SIDE_NAMES[e.side]} activates area {_area(R, e.area)}"
    if kind is S.Passed:
        return f"{SIDE_NAMES[e.side]} passes" + (" (no Fresh units)" if e.automatic else "")
    if kind is S.UnitPlaced:
        where = "enters as reinforcement in" if e.reason == "reinforcement" else "sets up in"
        return f"{_who(R, e.unit)} {where} {_area(R, e.area)}"
    if kind is S.GroupsScheduled:
        return f"reinforcement groups waiting: {', '.join(e.groups)}"
    if kind is S.GroupArrived:
        return f"reinforcement group {e.group} has arrived" + (" (by card)" if e.by_card else "")
    if kind is S.ControlSet:
        return f"area {_area(R, e.area)} is now " + (f"controlled by {SIDE_NAMES[e.side]}" if e.side else "neutral")
    if kind is S.UnitMoved:
        verbs = {"move": "moves", "retreat": "retreats", "escape": "escapes", "raid": "raids into", "return": "returns"}
        verb = verbs.get(e.reason, e.reason)
        cost = f" (cost {_points(e.cost)} OP)" if e.reason == "move" else ""
        if e.reason == "raid":
            return f"{_who(R, e.unit)} raids into {e.target} from {e.source}"
        return f"{_who(R, e.unit)} {verb} {e.source} → {e.target}{cost}"
    if kind is S.UnitSpent:
        return f"{_unit(R, e.unit)} is Spent"
    if kind is S.LossTaken:
        return f"{_unit(R, e.unit)} takes a loss point ({e.steps_left} step(s) left)"
    if kind is S.UnitEliminated:
        return f"{_unit(R, e.unit)} is eliminated ({e.reason})"
    if kind is S.SupplyChecked:
        low = ", ".join(_unit(R, u) for u in e.unsupplied) or "none"
        stay = "" if e.refresh_unsupplied or not e.unsupplied else " (not turned over)"
        return f"supply: {len(e.supplied)} units supplied and Fresh; Low Supply{stay}: {low}"
    if kind is S.CohesionTested:
        mod = f"{e.modifier:+d}" if e.modifier else ""
        verdict = "passes" if e.passed else "fails"
        return f"{_unit(R, e.unit)} {verdict} a cohesion test ({e.reason}): rolled {e.roll}{mod} against {e.cohesion}"
    if kind is S.MountainTest:
        verdict = "enter" if e.entered else "are Spent and stop short"
        return f"DRA mountain test for {_area(R, e.area)}: {e.roll}{e.drm:+d} -- the units {verdict}"
    if kind is S.LeaderTest:
        return f"lone leader {_unit(R, e.unit)} rolls {e.roll}: " + ("killed" if e.killed else "escapes")
    if kind is S.CombatResolved:
        side = SIDE_NAMES[e.attacker]
        if e.result > 0:
            out = f"{e.result} loss point(s) on the defenders"
        elif e.result < 0:
            out = f"{-e.result} loss point(s) on the attackers"
        else:
            out = "no effect"
        return (f"{side} attacks in {_area(R, e.area)}: ({e.attack}+{e.attack_roll}) against "
                f"({e.defence}+{e.defence_roll}) = {e.result:+d}: {out}")
    if kind is S.AmmoTest:
        return f"{_unit(R, e.unit)} ammunition check: {e.roll}" + (" -- out of ammunition, strength 0" if e.out else " -- fine")
    if kind is S.MinefieldLaid:
        return f"minefield in {_area(R, e.area)}" + (f" laid by {_unit(R, e.by_unit)}" if e.by_unit else "")
    if kind is S.MinefieldRemoved:
        return f"the minefield in {_area(R, e.area)} is removed (Mujahideen control)"
    if kind is S.AmbushDeclared:
        who = " and ".join(_unit(R, u) for u in e.ambushers)
        return f"AMBUSH: {who} ambush{'es' if len(e.ambushers) == 1 else ''} {_unit(R, e.target)} in {_area(R, e.area)}"
    if kind is S.RaidDeclared:
        return f"RAID: {_unit(R, e.raider)} raids {_unit(R, e.target)}"
    if kind is S.VictoryChecked:
        return f"victory check after turn {e.turn} ({e.note})"
    return None


def describe_action(R, a, state) -> str:
    kind = type(a)
    if kind is A.Activate:
        return f"activate area {_area(R, a.area)}"
    if kind is A.Pass:
        return "pass"
    if kind is A.ChooseMove:
        return "move"
    if kind is A.ChooseAttack:
        return "attack the enemy in this area"
    if kind is A.Raid:
        return f"raid {_unit(R, a.target)} with {_unit(R, a.raider)}"
    if kind is A.LayMines:
        return f"lay a minefield with {_unit(R, a.unit)}"
    if kind is A.Pick:
        return f"pick {_unit(R, a.unit)}"
    if kind is A.Go:
        return "go with the picked units"
    if kind is A.Step:
        return f"step into {_area(R, a.area)}"
    if kind is A.Stop:
        return "stop here"
    if kind is A.Ambush:
        return f"ambush {_unit(R, a.target)} with {_unit(R, a.ambusher)}"
    if kind is A.Decline:
        return "no ambush"
    if kind is A.PlayCard:
        info = R.data.cards[a.card]
        return f"play {info.name} ({info.kind} {info.value or ''})".replace(" )", ")")
    if kind is A.Done:
        return "done"
    if kind is A.TakeLoss:
        return f"loss point on {_unit(R, a.unit)}"
    if kind is A.Retreat:
        return f"retreat {_unit(R, a.unit)} into {_area(R, a.area)}"
    if kind is A.Eliminate:
        return f"give up {_unit(R, a.unit)}"
    if kind is A.EnterAt:
        return f"enter at {_area(R, a.area)}"
    if kind is A.AttackNow:
        return "attack now"
    if kind is A.Hold:
        return "hold without attacking"
    return a.TAG
