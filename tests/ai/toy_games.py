"""Small games that prove the search library before the real engines exist.

- ``TicTacToe``: perfect information, forced wins and forced blocks.
- ``Lottery``: one decision between gambles whose outcomes have unequal probabilities, so a search
  that treats every outcome as equally likely picks the wrong one.
- ``DiceRace``: a race to 12 where each turn is a sure step of two or a roll of a die: chance nodes
  throughout a real game.
- ``HiddenCard``: the dealer draws a card the bettor cannot see; the holder's legal actions depend
  on the card, so a fair search must sample the card and pool the tree over samples.

Each also works as a tiny engine (``ENGINE``-style objects below) for the tournament command.
"""

from __future__ import annotations

from typing import Any, Mapping

from navalgames.core.registry import GameSpec, VariantInfo
from navalgames.core.state import CHANCE, Event, GameState, IllegalAction, Outcome

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(GameState):
    players = ("x", "o")

    def __init__(self, board: str = "." * 9, to_move: str = "x") -> None:
        self.board = list(board)
        self.mover = to_move

    def to_act(self):
        return None if self.outcome() else self.mover

    def legal_actions(self):
        if self.outcome():
            return []
        return [str(i) for i, c in enumerate(self.board) if c == "."]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"square {action} is taken or the game is over")
        self.board[int(action)] = self.mover
        self.mover = "o" if self.mover == "x" else "x"
        return [Event("move", f"mark {action}")]

    def parse_action(self, text):
        return text

    def clone(self):
        return TicTacToe("".join(self.board), self.mover)

    def outcome(self):
        for a, b, c in LINES:
            if self.board[a] != "." and self.board[a] == self.board[b] == self.board[c]:
                return Outcome(self.board[a], "three in a row")
        if "." not in self.board:
            return Outcome(None, "board full")
        return None

    def observation(self, side):
        return "".join(self.board)

    def to_position(self):
        return {"board": "".join(self.board), "to_move": self.mover}


class Lottery(GameState):
    """``gambler`` picks one gamble; chance then decides the game by the gamble's odds."""

    players = ("gambler", "house")
    GAMBLES = {
        # four winning faces of 0.1 each and one losing face of 0.6: wins 40%, though 4 of 5 faces win
        "dice": [("win1", 0.1), ("win2", 0.1), ("win3", 0.1), ("win4", 0.1), ("lose", 0.6)],
        "coin": [("win", 0.5), ("lose", 0.5)],
    }

    def __init__(self) -> None:
        self.gamble: str | None = None
        self.result: str | None = None

    def to_act(self):
        if self.result is not None:
            return None
        return CHANCE if self.gamble else "gambler"

    def legal_actions(self):
        if self.to_act() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return list(self.GAMBLES) if self.to_act() else []

    def chance_outcomes(self):
        return list(self.GAMBLES[self.gamble]) if self.gamble and self.result is None else []

    def apply(self, action):
        if self.to_act() == "gambler":
            self.gamble = action
        else:
            self.result = action
        return []

    def parse_action(self, text):
        return text

    def clone(self):
        other = Lottery()
        other.gamble, other.result = self.gamble, self.result
        return other

    def outcome(self):
        if self.result is None:
            return None
        return Outcome("gambler" if self.result.startswith("win") else "house", self.result)

    def observation(self, side):
        return (self.gamble, self.result)

    def to_position(self):
        return {"gamble": self.gamble, "result": self.result}


DIE = [("1", 0.5), ("4", 0.5)]  # a roll averages two and a half squares; a step is two, surely


class DiceRace(GameState):
    players = ("red", "blue")
    GOAL = 12

    def __init__(self, red: int = 0, blue: int = 0, to_move: str = "red") -> None:
        self.pos = {"red": red, "blue": blue}
        self.mover = to_move
        self.rolling = False

    def to_act(self):
        if self.outcome():
            return None
        return CHANCE if self.rolling else self.mover

    def legal_actions(self):
        if self.to_act() is None:
            return []
        if self.rolling:
            return [a for a, _ in DIE]
        return ["step", "roll"]

    def chance_outcomes(self):
        return list(DIE) if self.rolling and not self.outcome() else []

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not possible now")
        if self.rolling:
            self.pos[self.mover] += int(action)
            self.rolling = False
        elif action == "roll":
            self.rolling = True
            return []
        else:
            self.pos[self.mover] += 2
        self.mover = "blue" if self.mover == "red" else "red"
        return []

    def parse_action(self, text):
        return text

    def clone(self):
        other = DiceRace(self.pos["red"], self.pos["blue"], self.mover)
        other.rolling = self.rolling
        return other

    def outcome(self):
        for side in self.players:
            if self.pos[side] >= self.GOAL:
                return Outcome(side, "reached the goal")
        return None

    def observation(self, side):
        return dict(self.pos)

    def to_position(self):
        return {"red": self.pos["red"], "blue": self.pos["blue"], "to_move": self.mover}


class HiddenCard(GameState):
    """A card the ``bettor`` never sees: high with probability ``p_high``.

    The bettor plays ``safe`` (a draw) or ``bet``. After a bet the ``holder`` may ``show`` a high
    card (the holder wins) and must ``pass`` otherwise (the bettor wins). Betting is right when the
    card is more likely low; a search that peeked at the card would decide by the card instead.
    """

    players = ("bettor", "holder")

    def __init__(self, card: str, p_high: float) -> None:
        self.card = card
        self.p_high = p_high
        self.history: list[str] = []

    def to_act(self):
        if self.outcome():
            return None
        return "bettor" if not self.history else "holder"

    def legal_actions(self):
        if self.to_act() == "bettor":
            return ["safe", "bet"]
        if self.to_act() == "holder":
            return ["show", "pass"] if self.card == "high" else ["pass"]
        return []

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not possible now")
        self.history.append(action)
        return []

    def parse_action(self, text):
        return text

    def clone(self):
        other = HiddenCard(self.card, self.p_high)
        other.history = list(self.history)
        return other

    def outcome(self):
        if self.history == ["safe"]:
            return Outcome(None, "played safe")
        if len(self.history) == 2:
            return Outcome("holder" if self.history[1] == "show" else "bettor", "card settled")
        return None

    def observation(self, side):
        return {"history": tuple(self.history), "card": self.card if side == "holder" else None}

    def sample(self, observation, rng):
        card = observation["card"] or ("high" if rng.random() < self.p_high else "low")
        other = HiddenCard(card, self.p_high)
        other.history = list(observation["history"])
        return other

    def to_position(self):
        return {"card": self.card, "history": list(self.history)}


# --- a toy engine, spec and players for the tournament command ---------------------------------
class TicTacToeEngine:
    def variants(self):
        return [VariantInfo("classic", "Noughts and crosses", "three in a row wins")]

    def new_game(self, variant: str, options: Mapping[str, Any] | None = None) -> GameState:
        if variant != "classic":
            raise ValueError(f"no variant {variant!r}")
        return TicTacToe()

    def from_position(self, data):
        return TicTacToe(data["board"], data["to_move"])


ENGINE = TicTacToeEngine()


def make_player(level: str, side: str, seed: int | None = None):
    from navalgames.ai.budget import Budget
    from navalgames.ai.mcts import MCTS
    from navalgames.ai.player import SearchPlayer
    iterations = {"easy": 30, "normal": 200, "hard": 800}[level]
    return SearchPlayer(f"Computer ({level})", MCTS(Budget(iterations=iterations), exploration=1.0), seed)


SPEC = GameSpec(id="tic-tac-toe", title="Noughts and crosses", year=1850,
                description="a toy for the tournament tests", sides=("x", "o"),
                engine="toy_games:ENGINE", rules_doc="toy_games:none", ai="toy_games:make_player",
                ai_levels=("random", "easy", "normal", "hard"))


class FirstLegalPlayer:
    """A player from elsewhere (for ``module:factory`` tournaments): always the first legal action."""

    def __init__(self, level: str, side: str, seed: int | None) -> None:
        self.label = f"First legal ({level})"
        self.made_with = (level, side, seed)

    def choose(self, state, side):
        return state.legal_actions()[0]


MADE: list[tuple] = []   # every (level, side, seed) first_legal was called with


def first_legal(level: str, side: str, seed: int | None = None) -> FirstLegalPlayer:
    MADE.append((level, side, seed))
    return FirstLegalPlayer(level, side, seed)


def not_a_player(level, side, seed=None):
    return 42
