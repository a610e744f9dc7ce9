"""The numbers of a game of Block that depend on how many play (R1, R3, R18).

Kept in one place for the engine, the reports and the simulator, which is otherwise an
independent model of the rules.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Tiles dealt to each player, by number of players (R3).
TILES_EACH: Mapping[int, int] = {2: 7, 3: 5, 4: 5}
#: The rules' target, by number of players (R3, R18).
RULES_TARGET: Mapping[int, int] = {2: 100, 3: 61, 4: 61}
