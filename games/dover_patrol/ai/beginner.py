"""What only ``normal`` does: a beginner's game.

``normal`` looks one move ahead, as ``easy`` does, but with the detailed judgement ``hard`` uses
(the ways pieces really have to the goal, hunting what it can beat, what it knows of the enemy).
Like a beginner, it checks whether the ship it moves can be attacked where it arrives, and no
other reply of the enemy: not what its move leaves open, nor threats to the ships it leaves
standing. It does not go back and forth (a move back where one of its ships just came from, or
into a position seen before, costs a few points), in a quiet spell it sees that a ship facing
its prey can sail off and attack on coming back (attacks happen on arrival), as a draw by
quiet turns looms it presses on with attacks and sorties (``sorties``), and it brings a
captured flag home through its own harbour with the harbour planner. So it plays on and finishes
games against weaker players, and leaves openings a good player punishes: a ship left where an
enemy piece can reach it, a guard moved away from its flag or its harbour, a flag carrier's way
home left open behind it.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from navalgames.ai.mcts import step

from ..rules import DoverState, Move
from ..rules.model import SIDE_INDEX
from .evaluation import points, times_seen
from .plans import PLAN_SLACK, harbour_plan
from .search import carrying_home, sail_off_attack, sails_off, stalling
from .sorties import pressed, pressure

REPEAT_COST = 3.0   # points taken from a move for each time the position it makes was seen before
BACK_COST = 3.0     # ... and from a move back onto a square one of our ships left lately
MEMORY = 4          # how many of its own last moves a beginner remembers


class Beginner:
    """``normal``'s way of choosing, with the little it remembers: the squares its ships left in
    its last MEMORY moves (a beginner plays on rather than going back and forth)."""

    def __init__(self) -> None:
        self.left: deque[int] = deque(maxlen=MEMORY)

    def move(self, root: DoverState, side: str, worlds: list[DoverState], actions: list,
             values: list[float], jitter: list[float]) -> Any:
        """The move with the best one-move value (plus the player's slack), less what the moved
        ship risks where it arrives (``exposure``), REPEAT_COST for each time the position it
        makes has been seen and BACK_COST for a ship going back where one just came from (an
        attack excepted); in a quiet spell, a move sailing off to attack on its return counted
        at that attack's worth, and with a draw by quiet turns looming, an attack or a sortie
        (``sorties.pressed``). Or, when we carry the enemy flag home, the harbour planner's
        next move if it is worth nearly as much one move ahead (its worth shows only a few
        moves later)."""
        values = [v + exposure(worlds, action, side) - REPEAT_COST * seen(root, action)
                  - BACK_COST * self.goes_back(action) for action, v in zip(actions, values)]
        if stalling(root) and not carrying_home(root, side):
            for i, action in enumerate(actions):
                if sails_off(root, action):
                    values[i] = max(values[i], sail_off_value(worlds, action, side))
        order = sorted(range(len(actions)), key=lambda i: -(values[i] + jitter[i]))
        chosen = actions[order[0]]
        if pressure(root) and not carrying_home(root, side):
            # a draw by quiet turns looming: attacks, sorties, no going round (``sorties``)
            scored = [(values[i] + jitter[i], values[i], actions[i]) for i in order]
            chosen = pressed(root, side, worlds, actions, scored,
                             lambda action: values[actions.index(action)])
        planned = harbour_move(root, side, actions, values, values[actions.index(chosen)])
        if planned is not None:
            chosen = planned
        if isinstance(chosen, Move):
            self.left.append(chosen.frm)
        return chosen

    def goes_back(self, action) -> bool:
        return isinstance(action, Move) and action.attack < 0 and action.to in self.left


def harbour_move(root: DoverState, side: str, actions: list, values: list[float],
                 best: float) -> Any:
    """The harbour planner's next move while we carry a flag home, if its value is within
    PLAN_SLACK of ``best``; else None."""
    first = harbour_plan(root, SIDE_INDEX[side])
    for action, value in zip(actions, values):
        if (first is not None and isinstance(action, Move) and action.key == first
                and value >= best - PLAN_SLACK):
            return action
    return None


def sail_off_value(worlds: list[DoverState], action, side: str) -> float:
    """``action`` then, as if the enemy let it be, our best attack that removes a piece (a point
    less: it comes a move later), averaged over the worlds; not where sailing off repeats a
    position (that is going round in circles)."""
    total = 0.0
    for world in worlds:
        trial = world.clone()
        step(trial, action)
        value = points(trial, side)
        linked = sail_off_attack(trial, side, True) if trial.result is None else None
        if linked is not None:
            value = max(value, linked[0])
        total += value
    return total / len(worlds)


def exposure(worlds: list[DoverState], action, side: str) -> float:
    """What the enemy's sharpest attack on the ship ``action`` moves, where it arrives, takes
    from ``action``'s one-move value (0 or less), averaged over the worlds. The only replies
    a beginner thinks of: the other pieces it leaves standing are not looked at."""
    if not isinstance(action, Move):
        return 0.0
    total = 0.0
    for world in worlds:
        trial = world.clone()
        step(trial, action)
        if trial.result is not None or trial.to_act() == side:
            continue
        mover = trial.board[action.to]
        if not mover or trial.owner[mover] != SIDE_INDEX[side]:
            continue   # the ship sank in its own attack, or took a base
        base = points(trial, side)
        worst = base
        for reply in trial.legal_actions():
            if isinstance(reply, Move) and reply.attack == action.to:
                after = trial.clone()
                step(after, reply)
                worst = min(worst, points(after, side))
        total += worst - base
    return total / len(worlds)


def seen(root: DoverState, action) -> int:
    """How often the position ``action`` makes has been seen before (judged on one world; the
    counts include the position just reached)."""
    trial = root.clone()
    step(trial, action)
    return max(times_seen(trial) - 1, 0) if trial.result is None else 0
