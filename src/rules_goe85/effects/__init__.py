"""What every procedure applies: the Damage Draw, a hit and its consequences (destruction, crash,
retreat), the windows those open.  Below the procedures and cards, above the queries."""
from __future__ import annotations

