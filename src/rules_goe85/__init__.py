"""rules_goe85: '85 Afghanistan: Graveyard of Empires as a tabletop rules plug-in.

Layers, each importing only those below it (the import-linter contract in pyproject.toml):
``data`` (the TOML components and their loader) -> ``model`` (state, events with their appliers,
frames, actions) -> ``queries`` (board, units, deck, fortifications) -> ``procedures`` (one module
per rulebook procedure) and ``cards`` (Powers and Abilities) -> ``scenarios`` (one module per
scenario, hooked in through ``scenarios/rule_set.py``) -> the ruleset (``rules``, ``dispatch``,
``narration``, ``describe``, ``plugin``).
Coverage of the rulebook: ``docs/coverage/goe85.md``.
"""
