"""NavalGames: historic naval wargames (Dover Patrol, Chamberlain's Naval Blockade).

``navalgames.core`` is the pure framework (grids, turns, dice, state API, records, registry);
``navalgames.ui`` is the arcade launcher and shared widgets; ``navalgames.ai`` the search.
"""

__version__ = "0.1.0"
