"""Questions asked of a position without changing it: board, terrain, LOS, cover, units, stacking, the deck."""
