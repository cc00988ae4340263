"""Naval Blockade on screen: the terrain phase, play, and game over (one arcade View each).

``make_view(window, match)`` (named in the GameSpec) opens whichever screen the match's state is
at, so a resumed game lands where it stopped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:   # arcade is imported by the screens themselves: the screenshot command must
    import arcade   # switch arcade to headless before anything imports it

    from navalgames.core.match import Match

SETUP_STAGES = ("toss", "terrain", "layout", "start")


def make_view(window: "arcade.Window", match: "Match") -> "arcade.View":
    state = match.state
    if state.outcome() is not None:
        from .over_view import GameOverView
        return GameOverView(window, match)
    if state.stage in SETUP_STAGES:
        from .terrain_view import TerrainView
        return TerrainView(window, match)
    from .play_view import PlayView
    return PlayView(window, match)
