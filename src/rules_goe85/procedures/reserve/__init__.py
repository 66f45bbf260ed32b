"""The Reserve Phase (GoE 5f, 8k, 17b): one procedure over two modules, where a Leg unit may move
(leg_moves.py) and the phase frame with loading, unloading and helicopter moves (transport.py)."""
