"""What one side may know: its own pieces, where the enemy's stand, and only the enemy identities
it has seen or can be sure of. Frozen values, safe to hand to a UI or an AI.

Enemy pieces are known by a stable ``id``: pieces are numbered in square order when a fleet is
deployed, so an id says nothing about the kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from navalgames.core.state import Outcome


@dataclass(frozen=True)
class PieceView:
    id: int                       # stable for the whole game; numbered in square order at deployment
    side: str                     # "south" / "north"
    square: int | None            # None once removed from the board
    kind: str | None              # code ("10".."1", MS, SS, ML, FB, MI): own pieces always; enemy
                                  # pieces only when known (shown in an attack, explosion, jump...)
    possible: frozenset[str]      # enemy piece: every kind it may still be, from the facts this side
                                  # knows (a piece that moved is no Mine, one that survived arriving
                                  # next to our Mine is MS/ML/FB...). Own piece: what the enemy is
                                  # sure of from public facts ({kind} once shown).
    moved: bool                   # has moved at least once (so it is not a Mine)
    revealed: bool                # its kind has been shown to both players
    carries: str | None           # the side whose flag it carries, if any


@dataclass(frozen=True)
class FlagView:
    side: str                     # whose flag
    square: int                   # where it lies, or where its carrier stands
    carrier: int | None           # id of the piece carrying it, or None when it lies on a square
    on_base: str | None           # "south"/"north" when it lies on that side's base
    mine_dropped: bool            # dropped by a piece blown up: only a Mine Sweeper may pick it up


@dataclass(frozen=True)
class Observation:
    observer: str                 # the side this observation belongs to
    variant: str
    options: tuple[tuple[str, Any], ...]
    phase: str                    # "setup", "play" or "over"
    to_act: str | None
    deployed: tuple[str, ...]     # sides whose fleet is on the board
    pieces: tuple[PieceView, ...] # every deployed piece of both sides (removed ones: square None)
    flags: tuple[FlagView, ...]   # variants with flags only
    transfer_window: tuple[tuple[str, int, int], ...]  # (side, id, id): pairs that may hand a flag
                                  # on that side's next turn (public: anyone can see it)
    pending_exit: int | None      # id of the piece that must leave a base this turn
    turn_moved: tuple[int, ...]   # Fleet Orders: ids moved this turn (side to move)
    turn_attacked: tuple[int, ...]# Fleet Orders: ids that attacked this turn
    turn_acted: bool              # Fleet Orders: the side to move has moved or attacked this turn
    ply: int                      # turns played since the first move
    quiet_plies: int              # turns in a row without a piece removed
    position_counts: tuple[tuple[int, int], ...]  # repetition bookkeeping (public keys)
    outcome: Outcome | None
    first_player: str | None      # who moved first (None during setup)

    # --- conveniences ----------------------------------------------------------------------
    def piece(self, piece_id: int) -> PieceView:
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise KeyError(piece_id)

    def piece_at(self, square: int) -> PieceView | None:
        for p in self.pieces:
            if p.square == square:
                return p
        return None

    def own(self, on_board: bool = True) -> tuple[PieceView, ...]:
        return tuple(p for p in self.pieces if p.side == self.observer and (p.square is not None or not on_board))

    def enemy(self, on_board: bool = True) -> tuple[PieceView, ...]:
        return tuple(p for p in self.pieces if p.side != self.observer and (p.square is not None or not on_board))

    def removed(self, side: str) -> tuple[PieceView, ...]:
        return tuple(p for p in self.pieces if p.side == side and p.square is None)


# Event details only the acting side may see: the code of its own piece that moved, jumped, was
# blown up on arrival (only the Mine is shown) or ran aground (removed unseen).
PRIVATE_DETAILS = {"move": ("piece",), "jump": ("piece",), "explosion": ("piece",), "aground": ("piece",)}


def visible_event(event, viewer: str):
    """``event`` as ``viewer`` ("south"/"north") may see it: the acting side's private details
    (its own piece codes) are dropped for the other side. Texts never name a hidden piece."""
    private = PRIVATE_DETAILS.get(event.kind)
    if not private or event.details.get("side") == viewer:
        return event
    from navalgames.core.state import Event
    return Event(event.kind, event.text, {k: v for k, v in event.details.items() if k not in private})
