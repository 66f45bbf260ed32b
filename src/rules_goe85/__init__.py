"""rules_goe85: '85 Afghanistan: Graveyard of Empires as a tabletop rules plug-in.

Modules by concern: ``data`` (TOML data files and their cross-checks), ``board`` (terrain, cover,
movement cost, LOS per scenario), ``state`` (state, events, actions, frames), ``cards`` (the Action
deck, Hit colours, drawing), ``sequence`` (5a-5g, 6a-6d), ``movement`` (7, 9, 11, 5f), ``fire`` (10),
``assault`` (13), ``artillery`` (12), ``abilities`` (16, 18q, 22), ``bonus`` (24b, 24c),
``scenarios`` (set-up, events, control, victory), ``rules`` (the Rules class), ``plugin`` (entry point).
Coverage of the rulebook: ``docs/coverage/goe85.md``.
"""
