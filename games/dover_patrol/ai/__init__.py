"""Computer opponents for Dover Patrol, for every variant.

A fair opponent: every decision starts from ``state.observation(side)`` and nothing else. The
engine's observation already carries what can be deduced about each enemy piece (``possible``:
a piece that moved is no Mine, one that survived arriving next to our Mine is a Mine Sweeper, Mine
Layer or Flying Boat, one that attacked is no Mine Layer, ...), and ``sample`` deals the enemy
identities out at random within those constraints and the fleet's counts
(``navalgames.ai.identities``). The AI then only ever looks at sampled states, so changing the
true identities of unrevealed enemy pieces cannot change what it does.

Levels (every action is judged on the same few sampled worlds, so actions compare fairly):
- ``easy``: one move ahead, with a plain judgement (material, plain distance to the goal) and a
  point or so of slack, so it is sensible but beatable.
- ``normal``: a beginner's game (``beginner``): one move ahead with the detailed judgement below,
  checking only whether the ship it moves can be attacked where it arrives; it does not go back
  and forth, links sailing off with the attack on coming back in a quiet spell, and brings a
  captured flag home with the harbour planner. It beats ``easy`` and ``random`` but leaves
  openings (ships left in reach, guards moved away, a carrier's way home) that ``hard`` and a
  good player punish.
- ``hard``: the detailed judgement (the ways pieces really have to the goal past
  blockers, walls and Mines; a harbour kept clear for a returning flag; hunting pieces it can
  beat; what it knows of the enemy; draws by repetition or quiet turns looming; hemming the enemy
  in once it has only a handful of pieces that can move and is down to its last ships), and the best
  candidates looked at two moves ahead against the enemy's sharpest replies in each world
  (every reply, while a flag carrier of ours stands on the enemy base: a quiet one may strand it)
  (perfect-information Monte Carlo over determinizations). In a quiet spell it also links a
  step away from a piece it faces with the attack on coming back (attacks happen on arrival).
  Among candidates the search values within ``TIE`` points of each other (its noise between
  quiet moves), it plays an attack, else the step nearest the goal (``plans.toward_goal``), not
  whichever shuffle at home the sampling put first. It throws no ship away on a known loss
  (``plans.hopeless``: beside a Mine it has seen, or attacking a known piece that sinks it),
  which a lead discounted by a looming draw made look like progress (a removal restarts the
  quiet-turn count), until its last moves before that draw: then a small ship is a fair price.
  Its own flag, once won back, goes home first (``evaluation.own_flag_away``, and the harbour
  planner through ``plans.homecoming``): the enemy flag counts only with ours in hand, and
  hemming the enemy in draws until ours is on its base. A carrier stuck far from home has the
  enemy pieces on its way cleared by a ship brought across the board (``plans.clearing_plan``
  with ``carrier_blockers``), never the one ship at home that sinks a known enemy ship near our
  harbour (``last_answers``). In a quiet move it hunts
  (``hunting``): the next move of the attack worth most per move of its way, when the search
  finds it within ``HUNT_SLACK`` of its best (its attack within ``STRIKE_SLACK``); the enemy
  piece carrying our flag above all, past our own ships if they stand in the way. Like
  ``normal`` it watches the gates of its base (``Plan.exposure``): nothing can attack a raider
  standing beside the base. So it shuts the boat gate on a raider (``boat_gate``: while a piece
  that may be the enemy's Flying Boat comes near the square outside our harbour wall beside the
  base, a ship of ours goes to stand on it and stays; ``normal`` does not).
  Pressing on with sorties as a draw by quiet turns comes near (``sorties``) is measured but not
  yet used by the levels (``make_presser``). Its worlds and candidates: ``LEVELS``.
  We tried single-observer ISMCTS (``navalgames.ai.mcts`` with ``determinize``) here
  first: at a second a move it spread its visits almost evenly over 30-40 moves whose values
  differ by less than the sampling noise, and played worse than the one-move player; comparing
  every action on the same worlds removes that noise.

Deployments follow the booklet's advice (see ``booklet_deployment``) and vary from game to game.

The package, each module readable and testable alone:
- ``belief``: the worlds (the enemy identities dealt out from the observation, uniformly or
  after the enemy's behaviour; ``belief_fit`` fits and measures that belief);
- ``ways``: distances and the cost of each piece's way past the pieces in it;
- ``evaluation``: the judgement of a position (``points``, ``Plan``);
- ``search``: one and two moves ahead over the sampled worlds;
- ``plans``: plans longer than the look-ahead (the harbour planner, the tie-break toward the goal, the
  attacks never to make);
- ``sorties``: errands of one piece (probing flag guards, sweeping a Mine, breaking a blockade of
  our harbour mouth) and the pressure to make progress as a draw by quiet turns comes near;
- ``hunting``: hard's hunt, the attack worth most for the moves its way takes;
- ``boat_gate``: a guard on the square from which the enemy's Flying Boat flies onto our base;
- ``deployment``: the booklet's deployments;
- ``beginner``: what only ``normal`` does (``Beginner``);
- ``player``: ``DoverPlayer``, its ``LEVELS`` and ``make_player`` (the game's AI entry point).
"""

from .belief import BehaviourBelief, UniformBelief
from .deployment import booklet_deployment, harbour_mouth_squares
from .evaluation import (CLOSE_MAX, FULL_HARBOUR, HEM_COUNT, HEM_FLEET, KNOWING, MATERIAL, PRESSING,
                         SCALE, VALUES, WIN_POINTS, Plan, closing, evaluate, hem_weight, hemmed,
                         plan_for, points)
from .player import LEVELS, DoverPlayer, make_believer, make_gatekeeper, make_player, make_presser
from .plans import (PLAN_NODES, PLAN_REACH, PLAN_SLACK, TIE, harbour_plan, hopeless, progress,
                    toward_goal)
from .search import (ATTACKS, HOMEWARD, best_next_move, carrying_home, is_sharp, one_move_values,
                     sails_off, stalling, two_move_value)
from .ways import BOAT, FAR, LAYER, SHIPS, SWEEPER, WAY_SPAN, Ways, crew_of

__all__ = [
    "ATTACKS", "BOAT", "CLOSE_MAX", "FAR", "FULL_HARBOUR", "HEM_COUNT", "HEM_FLEET", "HOMEWARD", "KNOWING",
    "LAYER", "LEVELS", "MATERIAL", "PLAN_NODES", "PLAN_REACH", "PLAN_SLACK", "PRESSING", "SCALE",
    "SHIPS", "SWEEPER", "TIE", "VALUES", "WAY_SPAN", "WIN_POINTS", "BehaviourBelief", "DoverPlayer", "Plan",
    "UniformBelief",
    "Ways", "best_next_move", "booklet_deployment", "carrying_home", "closing", "crew_of",
    "evaluate", "harbour_plan", "hem_weight", "hopeless", "hemmed", "is_sharp", "make_believer",
    "make_gatekeeper", "make_player", "make_presser",
    "one_move_values", "plan_for",
    "points", "progress", "sails_off", "stalling", "toward_goal", "two_move_value",
]
