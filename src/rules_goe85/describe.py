"""Words for the players' actions: one line a wargamer reads without the manual.

``describe(rules, action, state)`` names units by hex, side and counter ("7C3 Soviet Rifle (Intensive
Fire)"), cards by number and the block played, and for an attack the range, the target hex's
terrain and the HEF it would have now (``queries.attack_plan``, the numbers ``start_fire`` uses).
"""
from __future__ import annotations

from .model import actions as A
from .queries.board import board_at
from .data.loading import game_data
from .model.frames import OppFireWindow
from .queries.attack_plan import attack_plan
from .queries.opportunity import spray_movers
from .queries.fire_reach import FIRE_POWERS
from .queries.heli_designation import is_designation
from .model.vehicles import HeliOppFire, HeliPlay

SIDE_WORD = {"soviet": "Soviet", "mujahideen": "Mujahideen"}
#: Uses of a card whose target is fired at with HE (their words give range, terrain and HEF).
HE_FIRE = frozenset((A.Use.FIRE, A.Use.RELOAD_FIRE, A.Use.PUNISHING_FIRE, A.Use.OPP_FIRE, A.Use.CANNISTER,
                     *(A.Use(p) for p in FIRE_POWERS)))


BLOCK_WORDS = {A.Block.UPPER: "", A.Block.LOWER: " (lower block)", A.Block.POWER: " (as a Power card)",
               A.Block.ANY: " (any card)"}


def title(use) -> str:
    return str(use).replace("_", " ").title().replace("Lets Get Em", "Let's Get 'Em!").replace("Rally2", "Rally x2")


def unit(state, uid: str) -> str:
    u = state.units.get(uid)
    if u is None:
        return uid
    name = game_data().units[u.type].name
    where = board_at(state).label(u.hex) if u.hex is not None else "off map"
    return f"{where} {SIDE_WORD.get(u.side, u.side)} {name}"


def _window(state):
    """The Opportunity Fire window a play answers, if any (11a)."""
    top = state.stack[-1] if state.stack else None
    return top if isinstance(top, OppFireWindow) else None


def _target(state, target: str) -> str:
    if target.startswith("hex:"):
        if _window(state) is not None:  # 11a, 21h: Spraying Fire at the stack moving in
            return f"the units moving into {target[4:]}"
        return f"every enemy in {target[4:]}"
    if target.startswith("bunker:"):
        return f"the Bunker in {target[7:]}"
    return unit(state, target)


def _fire_words(rules, action, state) -> str:
    u = state.units.get(action.unit)
    if u is None or not (action.target in state.units or action.target.startswith("hex:")):
        return f"{unit(state, action.unit)} fires at {_target(state, action.target)}"
    use = A.Use.FIRE if action.use is A.Use.OPP_FIRE else action.use
    window = _window(state)  # 11a: the movers are moving (+1 at Soft Targets); a spray strikes them only
    movers = spray_movers(state, window.hex, window.movers) if window is not None else ()
    plan = attack_plan(rules, state, u.side, use, action.unit, action.target, action.supporters,
                       moving=True if window is not None else None, movers=movers)
    board = board_at(state)
    firers = " + ".join(unit(state, x) for x in (action.unit, *plan.supporters))
    fires = "fire" if plan.supporters else "fires"
    return (f"{firers} {fires} at {_target(state, action.target)} "
            f"(range {plan.distance}, {board.row(plan.hex).kind}, HEF {plan.hef})")


def _play(rules, action: A.PlayCard, state) -> str:
    head = f"{title(action.use)} card {action.card}" + BLOCK_WORDS[action.block]
    use = action.use
    player = state.units[action.unit].side if action.unit in state.units else ""
    asking_rest = isinstance(state.top, (HeliPlay, HeliOppFire))  # the mode is declared already
    if player and not asking_rest and is_designation(state, player, action):  # 17b: the mode first, the rest next
        return f"{head}: {unit(state, action.unit)} declares its mode, then the rest of the play"
    if action.ap:
        body = f"{unit(state, action.unit)} fires AP at {_target(state, action.target)}"
        if action.supporters:  # 10d, 18f: the others of the hex fire after it, one by one
            body += ", then " + ", ".join(unit(state, x) for x in action.supporters)
    elif use in HE_FIRE or (use is A.Use.SAGGER and action.he):
        body = _fire_words(rules, action, state) if action.unit in state.units else f"{action.unit} fires at {action.target}"
        if action.second:
            body += f" and at {_target(state, action.second)}"
    elif use in (A.Use.MOVE, A.Use.FAST_MOVE, A.Use.CONCEALED):
        body = "units entering the map" if action.target == "entry" else f"the units in {action.target}"
    elif use is A.Use.LETS_GET_EM:
        body = f"Leg units in {action.target}" + (f" and {action.second}" if action.second else "")
    elif use in (A.Use.RALLY, A.Use.RALLY2, A.Use.BLOODLUST):
        done = "reconstitutes" if action.reconstitute else "rallies"
        body = f"{done} {' and '.join(unit(state, x) for x in (action.unit, action.target) if x)}"
    elif action.target and action.target in state.units:
        body = f"{unit(state, action.unit)} on {unit(state, action.target)}"
    elif action.target:
        body = f"{unit(state, action.unit)} at {action.target}" if action.unit else action.target
    elif action.unit:
        body = unit(state, action.unit)
    else:
        return head
    return f"{head}: {body}"


def _units(state, uids) -> str:
    return " + ".join(unit(state, x) for x in uids)


WORDS = {
    A.Draw: lambda a, s: "draw up to the hand size",
    A.Pass: lambda a, s: "pass",
    A.EndImpulse: lambda a, s: "end the impulse",
    A.Discard: lambda a, s: f"discard card {a.card}",
    A.LayInitiative: lambda a, s: f"lay card {a.card} for the initiative",
    A.KeepCard: lambda a, s: f"keep card {a.card}",
    A.KeepBonusCard: lambda a, s: f"keep Bonus card {a.card}",
    A.Relocate: lambda a, s: f"relocate {unit(s, a.unit)}" + (f" with {unit(s, a.hero)}" if a.hero else "") + f" to {a.to}",
    A.Decline: lambda a, s: ("back: choose again (nothing has happened yet)" if a.what is A.Declined.BACK
                             else f"decline ({a.what.value})"),
    A.Step: lambda a, s: f"{_units(s, a.units)} {'enter' if len(a.units) > 1 else 'enters'} {a.to}" + (f", facing vertex {a.facing}" if a.facing >= 0 else ""),
    A.Reverse: lambda a, s: f"{unit(s, a.unit)} reverses into {a.to}",
    A.Pivot: lambda a, s: f"{unit(s, a.unit)} pivots to face vertex {a.facing}",
    A.Fly: lambda a, s: f"{unit(s, a.unit)} flies to {a.to}, nose to vertex {a.facing}",
    A.Load: lambda a, s: f"{unit(s, a.unit)} loads into {unit(s, a.carrier)}",
    A.Unload: lambda a, s: f"{unit(s, a.unit)} unloads from {unit(s, a.carrier)}",
    A.ChooseEntrant: lambda a, s: f"{unit(s, a.unit)} enters with this Move",
    A.EntrantsChosen: lambda a, s: "these units enter (no more)",
    A.Stop: lambda a, s: "stop moving",
    A.FireAt: lambda a, s: f"{unit(s, a.unit)} fires{' AP' if a.ap else ''} at {_target(s, a.target)}",
    A.DeclareMode: lambda a, s: f"{unit(s, a.unit)}: {a.mode}",
    A.PickCard: lambda a, s: f"play card {a.card} (what for is asked next)",
    A.PickHelicopter: lambda a, s: f"card {a.card} for {unit(s, a.unit)} (what it does is asked next)",
    A.PickReserveUnit: lambda a, s: f"Reserve Phase: move {unit(s, a.unit)} (where to is asked next)",
    A.ReserveMove: lambda a, s: f"Reserve move: {unit(s, a.unit)} to {a.to}"
    + (f", facing vertex {a.facing}" if a.facing >= 0 else ""),
    A.ReserveLoad: lambda a, s: f"Reserve Phase: {unit(s, a.unit)} loads into {unit(s, a.carrier)}",
    A.ReserveUnload: lambda a, s: f"Reserve Phase: {unit(s, a.unit)} unloads from {unit(s, a.carrier)}",
    A.ReserveMode: lambda a, s: f"Reserve Phase: {unit(s, a.unit)} becomes {a.mode}",
    A.EndReserve: lambda a, s: "move no more units in the Reserve Phase",
    A.PlayReaction: lambda a, s: f"{title(a.use)} card {a.card}" + (f" for {unit(s, a.unit)}" if a.unit else ""),
    A.PickVictim: lambda a, s: f"{unit(s, a.unit)} takes the hit",
    A.RetreatFrom: lambda a, s: f"retreat directly away from {a.to}",
    A.Retreat: lambda a, s: f"{unit(s, a.unit)} retreats to {a.to}",
    A.RetreatOffMap: lambda a, s: f"{unit(s, a.unit)} retreats off the map",
    A.StrikeTarget: lambda a, s: f"artillery strike on {a.target} (the two hexes beside it are asked next)",
    A.Strike: lambda a, s: f"artillery strike on {a.target} and {' + '.join(a.pattern)}"
    + (" (AP at the Bunker)" if a.bunker_ap else ""),
    A.Place: lambda a, s: f"set up {a.unit} in {a.to}",
    A.PlaceFoxhole: lambda a, s: f"a Foxhole in {a.to}",
    A.PlaceWire: lambda a, s: f"Wire in {a.to}",
    A.Face: lambda a, s: f"{unit(s, a.unit)} faces vertex {a.facing}",
    A.FaceBunker: lambda a, s: f"the Bunker in {a.to} faces vertex {a.facing}",
    A.ConcealAtStart: lambda a, s: f"the Leg units in {a.to} begin concealed",
    A.Prepare: lambda a, s: f"keep card {a.keep}" + (f", card {a.bottom} to the bottom" if a.bottom else ""),
    A.Ied: lambda a, s: f"IED under {unit(s, a.unit)} ({'3 AP' if a.ap else '4 HE'})",
    A.Tough: lambda a, s: f"Tough: {unit(s, a.unit)} loses its marker",
    A.Fear: lambda a, s: f"Fear: {unit(s, a.unit)} is Shaken",
    A.ExtraAmmo: lambda a, s: f"Extra Ammo: {unit(s, a.unit)} loses its Fired marker",
    A.AmmoFire: lambda a, s: f"Extra Ammo: {unit(s, a.unit)} fires at {_target(s, a.target)}",
    A.Wave: lambda a, s: f"second wave: a {game_data().units[a.unit_type].name}",
    A.ExitMap: lambda a, s: f"{unit(s, a.unit)} leaves the map",
    A.PlaceVillageUnit: lambda a, s: f"a {game_data().units[a.unit_type].name} in {a.to}",
    A.Boldness: lambda a, s: f"Mujahideen Boldness: {unit(s, a.unit)} fast moves",
    A.HelicopterAttack: lambda a, s: f"Attack Helicopter on {a.to}",
    A.Stinger: lambda a, s: f"Stinger at {unit(s, a.unit)}",
    A.Su25: lambda a, s: f"SU-25 strike on {' + '.join(a.hexes)}",
}


def describe(rules, action, state) -> str:
    if isinstance(action, A.PlayCardToFire):
        return f"{title(action.use)} card {action.card}{BLOCK_WORDS[action.block]}: the firer and target are asked next"
    if isinstance(action, A.PlayCard):
        return _play(rules, action, state)
    words = WORDS.get(type(action))
    return words(action, state) if words is not None else type(action).__name__
