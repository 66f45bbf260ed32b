"""Our readings of the places where the Orgun 1983 quick rules are terse or ambiguous.

Each reading is one field of :class:`Readings`; a variant changes the game by handing the rules an
evolved ``Readings`` (``attrs.evolve(DEFAULT_READINGS, ...)``) -- nothing else needs to change.
The **Reading:** lines of the English reading are here, plus the choices this implementation had
to make where the quick rules say nothing (each says so in its comment).
"""
from __future__ import annotations

import attrs

from tabletop_core.boards.areas import ORGUN_MOVE_COST, AreaCostRule


@attrs.frozen
class Readings:
    # -- turn sequence ------------------------------------------------------------------------
    # The Russian text says initiative is rolled on turns 2-10 (the English says "from turn 2
    # on").  The Russian stands: on turns 11-12 the side that held it keeps it.
    initiative_roll_turns: tuple[int, int] = (2, 10)
    # Initiative modifiers apply from this turn on.
    initiative_modifiers_from: int = 7
    # The Russian lists the Mujahideen modifiers separately and never says to take only one, so
    # they add up: +1 (19 captured or the Mi-24 destroyed) and +2 (32 captured) give +3 (True).
    # False: take only the best (an earlier English reading, with no basis in the text).
    muj_initiative_modifiers_stack: bool = True
    # "Captured area 19/32": the Russian says captured, not held.  We read it as "the Mujahideen
    # control it when initiative is rolled" (True); False counts an area captured at any time
    # this game even if DRA has taken it back.
    initiative_capture_is_current_control: bool = True
    # Soviet ground units may enter only on these turns (Russian: "9-10", phase 3: "from turn 9").
    soviet_entry_turns: tuple[int, ...] = (9, 10)

    # -- action phase -------------------------------------------------------------------------
    # Reading (English): sides alternate activations; the phase ends when both sides pass in
    # succession or neither has a Fresh unit.
    passes_to_end_action_phase: int = 2
    # Our choice: an activation does one thing (Move, Attack, Raid or Lay Mines).
    # The text does not make activated units move together: a move activation sends its units out
    # in parties the player forms one after another from the area's Fresh units; each party follows
    # its own path at the OP of its slowest member (a party of one moves on its own OP), so a
    # player may move several units along one path but need not.  The activation ends when the
    # player says it is done or no Fresh unit is left in the area.
    # Entering an area that the enemy merely controls (no enemy unit there) does not stop a move:
    # there is nobody to attack (the text has no such stop).  Our choice: entering an area that
    # holds enemy units ends the party's move there (True) -- the compulsory attack and the
    # contested-area exit rule both work from the area entered; False lets a party that has OP
    # left move on after entering enemy units (the exit rule still applies).
    enemy_units_end_move: bool = True

    # -- supply -------------------------------------------------------------------------------
    # Reading (English): in supply = a chain of friendly or neutral areas to a supply source of the
    # side (the map's sources).
    # The Russian turns over only *supplied* units, so an unsupplied unit stays Spent (a Fresh one
    # stays Fresh) and carries Low Supply.  (A unit not activated this turn is how a unit is Fresh
    # and Low Supply at once, as the ambush condition implies.)  True: unsupplied units turn too.
    unsupplied_units_refresh: bool = False
    low_supply_attack: int = -2
    low_supply_op: int = -1
    # Our choice: the -2 applies once to an attack in which any attacking unit is Low Supply.
    low_supply_attack_once: bool = True

    # -- victory ------------------------------------------------------------------------------
    muj_auto_hold: int = 32
    muj_auto_any_of: tuple[int, ...] = (28, 29, 33)
    dra_auto_tribes_destroyed: int = 2
    muj_end_all_of: tuple[int, ...] = (19, 15, 38)
    # Reading (English) of "ДРА:19+15/38": DRA wins at the end holding 19 and one of 15 and 38.
    dra_end_must_hold: int = 19
    dra_end_any_of: tuple[int, ...] = (15, 38)
    # Our choice: a tribe is destroyed when all its units that are not leaders are eliminated
    # (units still waiting to arrive are not eliminated) -- see GameData.tribes.
    # Our choice (the rules are silent): if both automatic conditions hold at one check, the
    # Mujahideen one wins (True) -- it is the one the rules state first.
    muj_auto_checked_first: bool = True

    # -- control ------------------------------------------------------------------------------
    # Our choice: a side takes control of an area where its units stand alone at the end of a
    # move, an attack, a raid, a retreat or an arrival; leaders and the Mi-24 alone do not take
    # control; passing through does not; a contested area keeps its controller.
    control_by_leaders: bool = False

    # -- cohesion and leaders ------------------------------------------------------------------
    # Our choice: the best DRM among friendly leaders in the area applies.
    leader_drm_best: bool = True

    # -- movement -----------------------------------------------------------------------------
    # Movement costs (the board's AreaCostRule): its reading is that the enemy rate beats the
    # road rate when a road leads into an area holding or bordering enemy units.
    move_cost: AreaCostRule = ORGUN_MOVE_COST
    # The DRA mountain test is rolled once for the whole moving party (the Russian has "the DRA
    # units" stop or enter together on one result), with the best DRM of a leader moving with it;
    # d6 + DRM of this or more enters (Russian: 5-6 enter, 1-4 Spent and stop outside).
    mountain_test_enter_on: int = 5
    # Our choice: one minefield roll per entering party, the owner spreads the loss points (False);
    # True: every entering unit rolls and takes its own loss points.
    minefield_roll_per_unit: bool = False
    # Our choice: DRA (non-militia) units lay a minefield as an activation in an area DRA
    # controls that holds no Mujahideen unit; at most this many per turn.
    minefields_per_turn: int = 1

    # -- stacking -----------------------------------------------------------------------------
    # Our choice: stacking is checked where a move, retreat or arrival ends; the owner retreats
    # excess units one by one into adjacent areas or loses them.

    # -- combat -------------------------------------------------------------------------------
    # Reading (English): positive result = loss points on the defenders, negative = on the
    # attackers, each side spreads its own; zero: no effect.
    negative_result_hits_attacker: bool = True
    # The Russian damage formula adds only the area modifier to the defence; a fort is part of the
    # area (its printed modifier), so no separate fort bonus by default.  A variant may add one.
    fort_defence_bonus: int = 0
    # Our choice: leaders take no loss points (excess points are lost); a leader left alone with
    # enemy units after an attack takes the lone-leader test.
    leaders_take_losses: bool = False
    # Our choice: the Mujahideen T-55 tests its ammunition after every attack it takes part in,
    # attacking or defending.
    t55_ammo_on_defence: bool = True
    t55_ammo_out_on: int = 6

    # -- ambush -------------------------------------------------------------------------------
    # Our reading of "the enemy movement stops": the move pauses for the ambush; only a unit that
    # fails its cohesion test stops (and goes back), the rest of the party may go on.
    # Condition 1 counts every unit but leaders (the Russian excludes only leaders, so the Mi-24
    # counts there although it does not count for stacking).
    # Our choice: at most this many ambushes each time a moving party enters an area (the rules
    # speak of "an ambush" on entering; more would let every neighbour ambush the same step).
    ambushes_per_entry: int = 1
    # Our choice: the Mi-24 does not ambush (a helicopter does not lie in wait); it still counts.
    mi24_ambushes: bool = False
    # The ambushing player picks the ambushed unit and one or several ambushing units (the Russian
    # "часть/и": unit/s), all from one area that meets the conditions; each becomes Spent.
    # Our choice: the number of ambushers does not change the cohesion test (the text gives no
    # modifier for it).

    # -- raid ---------------------------------------------------------------------------------
    # Reading (English): after a passed raid the raider also becomes Spent and returns -- this
    # follows from the raider being activated (activated units are Spent), so it needs no switch.
    # Our choice: the leader DRM for a raid is that of a leader in the raider's own area (the
    # leader does not go on the raid).
    # The raided unit retreats into an adjacent area that its owner, the DRA player, picks among
    # those the movement rules allow (no enemy units, not enemy-controlled, room to stack); with
    # none it is eliminated.
    # Our choice, for raids and ambushes alike: a leader is not a target (False) -- both act on a
    # unit's cohesion and send it back or away, and a leader's fate among enemies is the
    # lone-leader test.  True: leaders may be raided and ambushed like any unit.
    leaders_are_targets: bool = False

    # -- the Mi-24 (the quick rules say only that it does not count for stacking and that its
    # destruction gives the Mujahideen +1 initiative) -------------------------------------------
    # Our reading, the same wherever it goes: a DRA helicopter counter with combat strength that
    # joins attacks and defences in its area and takes loss points like a unit.  It always flies,
    # so it moves as a party of its own (never in a party with ground units, whose costs differ):
    # every area costs mi24_area_cost OP; roads, mountains, minefields, ambushes and the mountain
    # test do not affect it; it does not take control.  It obeys the contested-area exit rule
    # (the Russian says "always").  mi24_enters_mujahideen_areas: it may fly into an area holding
    # Mujahideen units (True; its move ends there and the attack rules apply as for any unit);
    # False: never, so it fights only where the Mujahideen come to it.
    mi24_area_cost: int = 1
    mi24_enters_mujahideen_areas: bool = True


DEFAULT_READINGS = Readings()
