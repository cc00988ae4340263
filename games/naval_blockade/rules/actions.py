"""The actions of Naval Blockade: tiny frozen values whose ``str()`` is the notation.

Decisions                       notation
  heading change then move      ``port`` ``ahead`` ``starboard``  (also the disabled ship's one
                                course change, and each of the firer's six single moves)
  terrain placement             ``terrain i:g10,g11,g12,f11,h11 i:... r:c8 r:t15``,
                                ``scenario:NAME``, or ``generate``
  start square                  ``start l1``
  stopping by agreement         ``offer-stop``, then ``accept-stop`` / ``refuse-stop``
  resigning                     ``resign`` (any decision of a side; never listed as legal)
Chance outcomes
  the toss                      ``toss:runner`` ``toss:blockader``
  a generated terrain           ``layout:N`` (N picks the seeded generator's layout)
  the firing die                ``D4`` ``H2`` ``H1`` ``M``
"""

from __future__ import annotations

from dataclasses import dataclass

from navalgames.core.dice import Die
from navalgames.core.state import IllegalAction

RUNNER, BLOCKADER = 0, 1
SIDES = ("runner", "blockader")

#: the firing die of rule 13: D4, H2, H1 and three misses
FIRING_DIE = Die(("D4", "H2", "H1", "M", "M", "M"))
POINTS = {"D4": 4, "H2": 2, "H1": 1, "M": 0}

#: guns in firing order, clockwise from the bow
GUNS = ("bow", "starboard", "stern", "port")
GUN_NAMES = {"bow": "bow chaser", "starboard": "starboard broadside",
             "stern": "stern chaser", "port": "port broadside"}
SHIP_GUNS = {RUNNER: ("starboard", "stern", "port"), BLOCKADER: ("bow", "starboard", "port")}


@dataclass(frozen=True, slots=True)
class Helm:
    """Turn one step to port (-1), hold the heading (0) or turn to starboard (+1)."""

    turn: int

    def __str__(self) -> str:
        return HELM_WORDS[self.turn]


HELM_WORDS = {-1: "port", 0: "ahead", 1: "starboard"}
PORT, AHEAD, STARBOARD = Helm(-1), Helm(0), Helm(1)
HELMS = (PORT, AHEAD, STARBOARD)


@dataclass(frozen=True, slots=True)
class Roll:
    """One throw of the firing die (a chance outcome)."""

    face: str

    def __str__(self) -> str:
        return self.face

    @property
    def points(self) -> int:
        return POINTS[self.face]


ROLLS = {face: Roll(face) for face in POINTS}
ROLL_OUTCOMES = tuple((ROLLS[face], p) for face, p in FIRING_DIE.outcomes())


@dataclass(frozen=True, slots=True)
class Toss:
    """Which side won the toss (a chance outcome)."""

    winner: int

    def __str__(self) -> str:
        return f"toss:{SIDES[self.winner]}"


@dataclass(frozen=True, slots=True)
class PlaceTerrain:
    """The toss winner's whole layout: islands (five square names each) and rocks."""

    islands: tuple[tuple[str, ...], ...]
    rocks: tuple[str, ...]

    def __str__(self) -> str:
        parts = [f"i:{','.join(island)}" for island in self.islands]
        parts += [f"r:{rock}" for rock in self.rocks]
        return "terrain " + " ".join(parts)


@dataclass(frozen=True, slots=True)
class ChooseScenario:
    """Place one of the named terrain scenarios."""

    name: str

    def __str__(self) -> str:
        return f"scenario:{self.name}"


@dataclass(frozen=True, slots=True)
class Generate:
    """Ask for a random legal layout: a chance node picks one of the generator's layouts."""

    def __str__(self) -> str:
        return "generate"


@dataclass(frozen=True, slots=True)
class Layout:
    """The generated layout number ``seed`` (a chance outcome after ``generate``)."""

    seed: int

    def __str__(self) -> str:
        return f"layout:{self.seed}"


@dataclass(frozen=True, slots=True)
class Start:
    """A ship's start square (the Runner's l1/m1, the Blockader's corner square)."""

    square: str

    def __str__(self) -> str:
        return f"start {self.square}"


@dataclass(frozen=True, slots=True)
class StopOffer:
    """Instead of moving, offer to end the game on points (rule 19)."""

    def __str__(self) -> str:
        return "offer-stop"


@dataclass(frozen=True, slots=True)
class StopAnswer:
    accept: bool

    def __str__(self) -> str:
        return "accept-stop" if self.accept else "refuse-stop"


@dataclass(frozen=True, slots=True)
class Resign:
    """The side to act gives up (not a rule of the game: a courtesy of the table, never listed)."""

    def __str__(self) -> str:
        return "resign"


RESIGN = Resign()
OFFER_STOP, ACCEPT_STOP, REFUSE_STOP, GENERATE = StopOffer(), StopAnswer(True), StopAnswer(False), Generate()
TOSSES = (Toss(RUNNER), Toss(BLOCKADER))

_WORDS = {"port": PORT, "ahead": AHEAD, "starboard": STARBOARD, "offer-stop": OFFER_STOP,
          "accept-stop": ACCEPT_STOP, "refuse-stop": REFUSE_STOP, "generate": GENERATE, "resign": RESIGN,
          "toss:runner": TOSSES[0], "toss:blockader": TOSSES[1], **ROLLS}


def parse_action(text: str):
    """Any action from its notation (whether it is legal is for the state to say)."""
    text = str(text).strip()
    word = text.lower()
    if word in _WORDS:
        return _WORDS[word]
    if text.upper() in ROLLS:
        return ROLLS[text.upper()]
    if word.startswith("start "):
        return Start(word[6:].strip())
    if word.startswith("scenario:"):
        return ChooseScenario(word[9:].strip())
    if word.startswith("layout:"):
        try:
            return Layout(int(word[7:]))
        except ValueError:
            raise IllegalAction(f"{text!r}: a layout number must be a whole number") from None
    if word.startswith("terrain "):
        return parse_terrain(word[8:])
    raise IllegalAction(f"{text!r} is not a Naval Blockade action: expected port, ahead, starboard, "
                        f"a die face (D4 H2 H1 M), start SQUARE, terrain ..., generate, "
                        f"scenario:NAME, offer-stop, accept-stop or refuse-stop")


def parse_terrain(text: str) -> PlaceTerrain:
    """``i:g10,g11,g12,f11,h11 i:... r:c8 r:t15`` -> PlaceTerrain (squares checked later)."""
    islands, rocks = [], []
    for token in text.split():
        kind, _, squares = token.partition(":")
        names = tuple(s for s in squares.split(",") if s)
        if kind == "i" and names:
            islands.append(names)
        elif kind == "r" and len(names) == 1:
            rocks.append(names[0])
        else:
            raise IllegalAction(f"terrain piece {token!r}: expected i:SQ,SQ,SQ,SQ,SQ for an island "
                                f"or r:SQ for a rock")
    return PlaceTerrain(tuple(islands), tuple(rocks))
