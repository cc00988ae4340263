"""Naval Blockade played online: the ordinary screens, with the game kept on a server.

The side played at the other machine sits in the screens' ``players`` (as the computer would),
so the screens wait for it; its moves, and the answers to ours, arrive through the RemoteMatch
and are shown with the same animations (``poll_remote``, called where the computer's turn is).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.naval_blockade.rules import SIDES


@dataclass(frozen=True)
class RemoteSide:
    """Stands for the side played at the other machine in a screen's ``players``."""
    label: str = "Your opponent"
    role: str = "your opponent"


def remote_players(match) -> dict[str, RemoteSide]:
    """The sides this screen does not play: the opponent's, or both for a spectator."""
    return {side: RemoteSide() if match.side else RemoteSide("Online player", "online")
            for side in SIDES if side != match.side}


def poll_remote(screen) -> None:
    """Take in what the server sent; animate its events as a move played here would be."""
    match = screen.match
    events = match.poll()
    if events is None:
        return
    if match.problem:
        screen.say(f"The server refused: {match.problem}", error=True)
    screen.panel_dirty = True
    screen.overlays_dirty = True
    if events:
        screen.queue(events)
    elif not screen.steps:
        screen.sync_board()
        screen.queue_done()
    screen.refresh_panel()


def leave(screen) -> None:
    if getattr(screen.match, "online", False):
        screen.match.leave()
