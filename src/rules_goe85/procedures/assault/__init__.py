"""The assault (GoE 13): one procedure over two modules, declaring and supporting it (declaration.py)
and the combat fought hit by hit with its retreats (combat.py)."""
