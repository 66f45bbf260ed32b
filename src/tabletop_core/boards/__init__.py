"""Boards: hex grids (coordinates, multi-map boards, line of sight, facing, movement search),
area maps and measured tables.  Each kind lives in its own modules; import from here or from them.
"""
# Hex grids (GoE-style tactical boards).
from .hexgrid import (
    DIRECTIONS, SPINES, Hex, axial_to_offset, direction_between, hex_distance, hexes_within,
    neighbor, neighbors, offset_to_axial, range_to, ring,
)
from .hexmap import (
    Board, BoardState, HexTerrain, LosClass, MapDef, Overlay, Placement, column_layout, row_layout,
)
from .hexlos import LineOfSight, LosReason, LosResult, LosRules, LosStatus, LosTable, SightLines, line_of_sight
from .hexfacing import Arc, facing_toward, flank_hexes, front_hexes, pivot_cost, rear_hexes, shot_arc
from .hexpath import (
    Path, cheapest_path, hex_steps, reachable, reachable_hexes, reachable_vehicle, road_aware, vehicle_steps,
)

# Area maps (Orgun-style operational boards).
from .areas import ORGUN_MOVE_COST, Area, AreaCostRule, AreaMap, AreaSpec, BoundCost, to_ticks
# The measured table (FUBAR-style skirmish).
from .table import (
    COHERENCY, COVER_EDGE, INFANTRY, VEHICLE, Cover, Figure, MoveProfile, RuleDistance, Table, TerrainFeature, Unit,
    cm_to_inches, inches_to_cm,
)
