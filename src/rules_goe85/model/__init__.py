"""The state, its events (one apply function each), the players' actions and the procedure frames."""
