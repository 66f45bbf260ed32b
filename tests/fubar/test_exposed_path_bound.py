"""A screened move's exposure (``on_guard.exposed``) cuts the watchers of the rest of a path by a
box worked out from the figures' legs (``on_guard.path_bound``), not from the samples, and asks
no sample at all when that box leaves no watcher (# FUBAR on-guard).  Checked at every question
the move menus ask in real play (both editions, random and fubar agents): the box holds every
sampled place it stands for, and the answer is the one the samples' own box gives (and that box,
``path_box``, is the plain least and greatest of the places' coordinates)."""
from __future__ import annotations

import pytest

from tabletop_core import agents_for, new_game, play

from rules_fubar import move_menu, on_guard


def _exposed_by_samples(rules, state, mover, paths, watching) -> bool:
    """``exposed`` as it was: the rest of the path's watchers cut by the box of its samples."""
    direct, others = watching
    starts, ids = zip(*[(f.pos, f.id) for f in mover.figures])
    m, end = rules.measure_for(mover), on_guard.end_places(starts, paths)
    if direct and end is not None and on_guard._seen_along(m, direct, mover, (end,), ids):
        return True
    samples = on_guard.path_samples(starts, paths)
    rest = samples[:-1] if end is not None else samples
    if direct and rest:
        kept = on_guard._watching_box(m, direct, mover, on_guard.path_box(rest))
        if kept and on_guard._seen_along(m, kept, mover, rest, ids):
            return True
    return any(on_guard.catch_point(rules, state, u, mover, samples, ids) is not None for u in others)


def _holds(box, places) -> bool:
    x0, y0, x1, y1 = box
    return all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in places)


@pytest.mark.rule("fubar:on-guard")
@pytest.mark.parametrize("variants,agents", [((), "random"), (("lwtv",), "random"), ((), "fubar"),
                                             (("lwtv",), "fubar")])
def test_exposure_cut_by_the_legs_box_answers_as_the_samples_box(monkeypatch, variants, agents):
    seen = {"asked": 0, "exposed": 0, "bound settles": 0}

    def checked(rules, state, mover, paths, watching=None):
        got = on_guard.exposed(rules, state, mover, paths, watching)
        if watching is None:
            watching = on_guard.watchers(rules, state, mover, on_guard.known_threats(rules, state, mover))
        starts = tuple(f.pos for f in mover.figures)
        end = on_guard.end_places(starts, paths)
        samples = on_guard.path_samples(starts, paths)
        rest = samples[:-1] if end is not None else samples
        box = on_guard.path_bound(starts, paths, end is not None)
        assert _holds(box, [p for places in rest for p in places])
        xs, ys = [p[0] for places in samples for p in places], [p[1] for places in samples for p in places]
        assert on_guard.path_box(samples) == (min(xs), min(ys), max(xs), max(ys))
        assert got == _exposed_by_samples(rules, state, mover, paths, watching)
        direct, others = watching
        m = rules.measure_for(mover)
        seen["asked"] += 1
        seen["exposed"] += got
        seen["bound settles"] += bool(direct) and not others and not got \
            and not on_guard._watching_box(m, direct, mover, box)
        return got

    monkeypatch.setattr(move_menu, "exposed", checked)
    for seed in range(3):
        game = new_game("fubar", "meeting-engagement", seed=seed, variants=variants)
        play(game, agents_for(game, agents))
    assert seen["asked"] > 0, seen
    if agents == "random":  # the fubar agents ask few screened moves, most of them exposed
        assert seen["asked"] > 20 and 0 < seen["exposed"] < seen["asked"] and seen["bound settles"] > 0, seen


@pytest.mark.rule("fubar:on-guard")
def test_the_legs_box_holds_a_bent_path_and_a_straight_one_less_its_end():
    starts = ((10.0, 10.0), (11.0, 10.0), (12.5, 10.25))
    bent = (((14.0, 13.0), (9.0, 17.0)), ((15.0, 12.5),), ())
    samples = on_guard.path_samples(starts, bent)
    assert _holds(on_guard.path_bound(starts, bent, False), [p for places in samples for p in places])
    straight = (((17.3, 4.9),), ((18.3, 4.9),), ((12.5, 10.25),))
    samples = on_guard.path_samples(starts, straight)
    box = on_guard.path_bound(starts, straight, True)
    assert _holds(box, [p for places in samples[:-1] for p in places])
    assert not _holds(box, samples[-1][:1])  # the end, asked alone first, lies beyond it
