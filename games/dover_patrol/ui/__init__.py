"""Dover Patrol on screen: deployment, hand-over, play and game over (one arcade View each).

``make_view(window, match)`` (named in the GameSpec) opens whichever screen the match is at, so
a resumed game lands where it stopped (behind a hand-over screen when two share the screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:   # arcade is imported by the screens themselves: the screenshot command must
    import arcade   # switch arcade to headless before anything imports it

    from navalgames.core.match import Match


def make_view(window: "arcade.Window", match: "Match") -> "arcade.View":
    from .flow import next_view
    from .session import Session
    if getattr(match, "online", False):      # a game on a server (navalgames.net.remote_match)
        from .online import OnlineSession
        return next_view(OnlineSession(window, match))
    return next_view(Session(window, match))
