"""The sure raid: our Flying Boat sent for the enemy flag once nothing the enemy has left can sink it.

Only a Destroyer or a Motor Torpedo Boat brings the Flying Boat down, and no Mine or Mine Layer
blows it up. Once we know the enemy's last 4s and 2s are gone, our boat is safe wherever it
flies: it can take the enemy flag and bring it home, and while it holds that flag the enemy
cannot win. The look-ahead does not see this, because the boat's way there is a dozen quiet
moves: read from six of a0580bf's 37 draws against ``normal`` (in game 130 the boat stood on c2
beside our base for the last 200 quiet turns, North's base held by a Submarine and a Mine
Sweeper, its boat gate e12 empty)."""

from __future__ import annotations

from ..rules import FB, DoverState, Move
from .evaluation import plan_for
from .plans import SINKS
from .sorties import known_mask
from .ways import BOAT


def sure_raider(state: DoverState, me: int) -> int:
    """Our Flying Boat, when it may go for the enemy flag and nothing can sink it: the flag on
    the enemy base, our boat afloat and free, and no enemy piece afloat that may be of a kind
    that sinks a Flying Boat by attacking it (``boat_sinkers``); else 0. Read from what ``me``
    knows, so every world sampled for us gives the same answer."""
    r = state.rules
    enemy = 1 - me
    if not r.flags or r.fleet_orders or state.flag_sq[enemy] != r.bases[enemy]:
        return 0
    boat = next((p for p in state.alive[me] if state.kind[p] == FB), 0)
    if not boat or boat in state.flag_carrier or boat_sinkers(state, me):
        return 0
    return boat


def boat_sinkers(state: DoverState, me: int) -> bool:
    """Whether the enemy may still have afloat a piece that sinks a Flying Boat by attacking it
    (a 4 or a 2). An enemy piece blown up by one of our Mines goes unseen, so the kinds sunk are
    not always known: it is ruled out only when no enemy piece afloat may be one, or when as many
    such pieces as the fleet had are known to be gone."""
    r = state.rules
    enemy = 1 - me
    sinkers = 0
    for k in range(1, len(r.counts)):
        if r.counts[k] and r.attacks[k] and r.result[k][FB] in SINKS:
            sinkers |= 1 << k
    afloat = set(state.alive[enemy])
    if not any(known_mask(state, me, p) & sinkers for p in afloat):
        return False
    gone = sum(1 for p in range(1, len(state.owner))
               if state.owner[p] == enemy and p not in afloat
               and known_mask(state, me, p) and not known_mask(state, me, p) & ~sinkers)
    return gone < sum(r.counts[k] for k in range(len(r.counts)) if sinkers >> k & 1)


def raid_plan(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The Flying Boat's next move toward the enemy base (from, to, -1) on its way there round
    the pieces in between (``Ways.way`` for the boat), when ``sure_raider`` names it and the move
    brings it nearer; else None. Onto the base itself when it can: that takes the flag."""
    boat = sure_raider(state, me)
    if not boat:
        return None
    base = state.rules.bases[1 - me]
    way = plan_for(state.rules).way(state, me, base, BOAT)
    at = state.pos[boat]
    best, found = way[at], None
    for action in state.legal_actions():
        if isinstance(action, Move) and action.frm == at and action.attack < 0 and way[action.to] < best:
            best, found = way[action.to], action.key
    return found
