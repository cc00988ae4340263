"""Computer opponents for Naval Blockade, for either side.

Everything the AI knows about a layout is worked out once per terrain into move tables over
*ship states* (square, heading): the Runner's fastest way out, whether a ship stays afloat, the
squares it reaches in k moves, its distance to a square (``tables`` says what each holds).

Levels:
- ``easy``: a greedy helmsman, one move ahead: the Runner runs for the nearest open sea away from
  rams, the Blockader closes on the Runner keeping its guns bearing.
- ``normal``: a short Monte Carlo search over the dice (chance nodes; the faces that only score,
  H2, H1 and a miss, share one branch of the tree: ``die_key``) with those helmsmen as rollouts
  (our own Blockader heads across the Runner's way out and expects the Runner to fire whenever
  a gun bears, and after a D4 beyond ram reach plans
  its six moves for the Runner's forced move straight ahead, and searches only the plan's best
  moves: ``recovery_scores``; the Runner's search expects the Blockader of ``easy``:
  ``runner_rollout_policy``); out of gun range, our Blockader searches only the moves that leave
  the first shot to it (``first_shot``). When it wins the toss its Runner places one of the
  layouts the terrain book holds for these ships (``terrain_book``: for every pair of start
  squares, the best of some 240 layouts and the scenarios by rounds of quick games played out
  by the helmsmen, made in advance by ``make_terrain_book``); its Blockader judges the scenarios
  and five layouts of its own drawing by such games (fewer if a think allowance runs out), as
  under rules the book was not made for; and its Blockader never starts where the book holds a
  layout that strands it nor where every first move ends on the edge file (``shunned_start``).
- ``hard``: the same with four times the iterations for its Runner and sixteen times for its
  Blockader (``player.LEVELS``).

Each searching level runs a fixed number of MCTS iterations a move, so a game replays the same on
any machine; a ``think`` allowance (Settings) also stops it on the clock.

The modules: ``tables`` (per terrain), ``helm`` (the helmsmen's scores of single moves),
``disabled`` (their course change and six moves after a D4), ``policies`` (whole decisions from
those scores: easy's move, playout moves, the judgement of a game cut short), ``search`` (the
searching levels), ``terrain_choice`` (the layout to place after winning the toss),
``terrain_book`` and ``make_terrain_book`` (the book of layouts and start squares), ``player``
(the levels and the factory the game's SPEC names).
"""

from .disabled import SURE_SIX_MOVE, course_scores, six_move_scores
from .helm import disable_chance, first_shot, guns_bear_from, head_on, move_scores, ship_state
from .player import LEVELS, GreedyPlayer, make_player
from .policies import (candidates, evaluate, greedy_action, points_winner, rollout_policy,
                       runner_rollout_policy, scored_choices, start_score)
from .search import REOFFER_MOVES, BlockadeSearch, die_key, surest
from .tables import DOOMED, FAR, Tables, tables_for
from .terrain_book import book_terrains, hugs_the_edge, shunned_start, strands_us
from .terrain_choice import choose_terrain, narrowed, played_out

__all__ = [
    "BlockadeSearch", "book_terrains", "candidates", "choose_terrain", "course_scores", "die_key",
    "disable_chance", "DOOMED", "evaluate", "FAR", "first_shot", "greedy_action", "GreedyPlayer",
    "guns_bear_from", "head_on", "hugs_the_edge", "LEVELS", "make_player", "move_scores",
    "narrowed", "played_out", "points_winner", "REOFFER_MOVES", "rollout_policy",
    "runner_rollout_policy", "scored_choices", "ship_state", "shunned_start", "six_move_scores",
    "start_score", "strands_us", "SURE_SIX_MOVE", "surest", "Tables", "tables_for",
]
