"""The state of one game of Naval Blockade and every rule that moves it on.

Stages (``state.stage``), with whose decision each is:

    start    runner, then blockader: start squares              (rule 1)
    toss     CHANCE     who wins the toss                       (rule 2)
    terrain  toss winner  place islands and rocks, around the ships   (rule 2)
    layout   CHANCE     which generated layout, after ``generate``
    move     the side to move: port / ahead / starboard, or offer-stop   (rules 4-8)
    answer   the other side: accept-stop / refuse-stop          (rule 19, by agreement)
    fire     CHANCE     one die per gun that bears, clockwise from the bow   (rules 14-15)
    course   the disabled ship: its one course change           (rule 16)
    six      the firer: six single moves, no firing             (rule 16)
    over     None

``apply()`` returns events; ``advance()`` does the same without building them (search hot path).
"""

from __future__ import annotations

from typing import Any

from navalgames.core.grid import FILE_LETTERS
from navalgames.core.state import CHANCE, Event, GameState, IllegalAction, Outcome

from .actions import (ACCEPT_STOP, BLOCKADER, GENERATE, GUN_NAMES, HELM_WORDS, HELMS, POINTS,
                      REFUSE_STOP, ROLL_OUTCOMES, RUNNER, SIDES, TOSSES, ChooseScenario,
                      Generate, Helm, Layout, PlaceTerrain, Resign, Roll, Start, StopAnswer,
                      StopOffer, Toss, parse_action)
from .geometry import DELTAS, HEADING_NAMES
from .model import Rules
from .terrain import (HARBOUR, LAND, OFF_BOARD, Terrain, check_layout, generate_layout,
                      layout_rng, terrain_for)

TOSS, TERRAIN, LAYOUT, START = "toss", "terrain", "layout", "start"
MOVE, ANSWER, FIRE, COURSE, SIX, OVER = "move", "answer", "fire", "course", "six", "over"
SETUP_STAGES = (TOSS, TERRAIN, LAYOUT, START)

LAYOUT_COUNT = 10_000     # ``generate`` draws one of this many seeded layouts
LAYOUT_OUTCOMES = tuple((Layout(i), 1 / LAYOUT_COUNT) for i in range(LAYOUT_COUNT))
TOSS_OUTCOMES = tuple((t, 0.5) for t in TOSSES)
ROLL_ACTIONS = [roll for roll, _ in ROLL_OUTCOMES]
SHIP = ("Runner", "Blockader")
SIDES_INDEX = (RUNNER, BLOCKADER)
MOVE_WORDS = {"move": "moves", "recovery": "comes back into action, straight ahead"}
ROLL_WORDS = {"D4": "disabled, 4 points", "H2": "a hit, 2 points", "H1": "a hit, 1 point", "M": "a miss"}


def square_name(sq: int, size: int) -> str:
    return f"{FILE_LETTERS[sq % size]}{sq // size + 1}"


class BlockadeState(GameState):
    players = SIDES
    __slots__ = ("rules", "terrain", "stage", "actor", "side", "toss_winner", "at", "heading",
                 "points", "moves", "disabled", "six_made", "volley", "volley_side", "mover",
                 "return_volley", "disable_pending", "offered", "result", "ending")

    def __init__(self, rules: Rules, terrain: Terrain | None = None) -> None:
        self.rules = rules
        self.terrain = terrain or terrain_for(rules.size, (), (), rules.graze_blocks)
        self.stage = START            # rule 1: the ships are placed first, Runner then Blockader
        self.actor: str | None = SIDES[RUNNER]
        self.side = RUNNER            # whose decision (or, at dice, whose guns)
        self.toss_winner = -1
        self.at = [-1, -1]            # squares of Runner and Blockader (-1 before the start)
        self.heading = [0, 6]
        self.points = [0, 0]
        self.moves = [0, 0]           # moves made toward max_moves (a six-square move is one)
        self.disabled = -1            # the ship stopped by a D4, while its sequence runs
        self.six_made = 0
        self.volley: tuple[str, ...] = ()   # guns still to roll, in firing order
        self.volley_side = -1
        self.mover = -1               # the ship whose move brought on the firing
        self.return_volley = False
        self.disable_pending = False  # a D4 has been rolled in this volley
        self.offered = False          # the side to move has offered to stop this turn
        self.result: Outcome | None = None
        self.ending: str | None = None  # escape, harbour, ashore, ram, armoured-bow, points, resign

    # --- the state API ------------------------------------------------------------------------
    def to_act(self) -> str | None:
        return self.actor

    def outcome(self) -> Outcome | None:
        return self.result

    def in_setup(self) -> bool:
        return self.stage in SETUP_STAGES

    def clone(self) -> "BlockadeState":
        other = BlockadeState.__new__(BlockadeState)
        for name in BlockadeState.__slots__:
            setattr(other, name, getattr(self, name))
        other.at = self.at[:]
        other.heading = self.heading[:]
        other.points = self.points[:]
        other.moves = self.moves[:]
        return other

    def parse_action(self, text: str):
        return parse_action(text)

    def observation(self, side: str) -> dict[str, Any]:
        """Nothing is hidden in Naval Blockade: each side sees the whole position."""
        return self.to_position()

    def to_position(self) -> dict[str, Any]:
        from .position import to_position
        return to_position(self)

    def chance_outcomes(self):
        if self.stage == FIRE:
            return list(ROLL_OUTCOMES)
        if self.stage == TOSS:
            return list(TOSS_OUTCOMES)
        if self.stage == LAYOUT:
            return list(LAYOUT_OUTCOMES)
        return []

    def legal_actions(self) -> list:
        stage = self.stage
        if stage == MOVE:
            side = self.side
            table = self.terrain.helms_with_offer if not self.offered else self.terrain.helms
            return list(table[self.at[side] * 8 + self.heading[side]])
        if stage == FIRE:
            return ROLL_ACTIONS[:]
        if stage == SIX:
            return [HELMS[turn + 1] for turn, _, dest in self._six_moves()]
        if stage == COURSE:
            return list(HELMS)
        if stage == ANSWER:
            return [ACCEPT_STOP, REFUSE_STOP]
        if stage == TOSS:
            return list(TOSSES)
        if stage == TERRAIN:     # the named layouts that keep clear of the ships
            return [GENERATE] + [ChooseScenario(k) for k, sc in self.rules.scenarios.items()
                                 if not self.layout_problems(sc.islands, sc.rocks)]
        if stage == LAYOUT:
            return [a for a, _ in LAYOUT_OUTCOMES]
        if stage == START:
            return [Start(name) for name in self.start_squares(self.side)]
        return []

    def apply(self, action) -> list[Event]:
        log: list[Event] = []
        self._apply(action, log)
        return log

    def advance(self, action) -> None:
        """apply() without events: the same rules, for searches and playouts."""
        self._apply(action, None)

    # --- dispatch -------------------------------------------------------------------------------
    def _apply(self, action, log) -> None:
        stage = self.stage
        kind = type(action)
        if stage == MOVE:
            if kind is Helm:
                return self._normal_move(action.turn, log)
            if kind is StopOffer and not self.offered:
                return self._offer_stop(log)
        elif stage == FIRE:
            if kind is Roll:
                return self._roll(action.face, log)
        elif stage == SIX:
            if kind is Helm:
                return self._six_move(action.turn, log)
        elif stage == COURSE:
            if kind is Helm:
                return self._course_change(action.turn, log)
        elif stage == ANSWER:
            if kind is StopAnswer:
                return self._answer_stop(action.accept, log)
        elif stage == TOSS:
            if kind is Toss:
                return self._toss(action.winner, log)
        elif stage == TERRAIN:
            if kind is PlaceTerrain:
                return self._place_terrain(action.islands, action.rocks, "placed", log)
            if kind is ChooseScenario:
                return self._scenario(action.name, log)
            if kind is Generate:
                self.stage, self.actor = LAYOUT, CHANCE
                if log is not None:
                    log.append(Event("generate", f"The {SHIP[self.side]} asks for a random layout"))
                return None
        elif stage == LAYOUT:
            if kind is Layout and 0 <= action.seed < LAYOUT_COUNT:
                islands, rocks = generate_layout(layout_rng(self.rules.size, action.seed),
                                                 self.rules.size, self.rules.data.pentominoes,
                                                 self.placed_ships())
                return self._place_terrain(islands, rocks, f"generated (layout {action.seed})", log)
        elif stage == START:
            if kind is Start:
                return self._start(action.square, log)
        if kind is Resign and self.actor in SIDES:
            return self._finish(1 - self.side, f"the {SHIP[self.side]} resigned", "resign", log)
        raise IllegalAction(self._refusal(action))

    def _refusal(self, action) -> str:
        if self.stage == OVER:
            return f"{action}: the game is over ({self.result.reason})"
        if self.stage == MOVE and isinstance(action, StopOffer):
            return "offer-stop: the offer was already refused this turn; move instead"
        expected = ", ".join(str(a) for a in self.legal_actions()[:8])
        return f"{action} is not possible now: {self.describe_decision()}, expected {expected}"

    def describe_decision(self) -> str:
        """A short phrase for messages: what is being decided now."""
        who = SHIP[self.side]
        return {TOSS: "the toss is due", TERRAIN: f"the {who} places the islands and rocks",
                LAYOUT: "a random layout is being drawn", START: f"the {who} chooses a start square",
                MOVE: f"the {who} is to move", ANSWER: f"the {who} answers an offer to stop",
                FIRE: f"the {who}'s guns are firing",
                COURSE: f"the disabled {who} may alter course once",
                SIX: f"the {who} makes single move {self.six_made + 1} of six",
                OVER: "the game is over"}[self.stage]

    # --- setup (rules 1-3): start squares, the toss, the terrain, the loser's first move -------------
    def _toss(self, winner: int, log) -> None:
        self.toss_winner = winner
        self.stage, self.side, self.actor = TERRAIN, winner, SIDES[winner]
        if log is not None:
            log.append(Event("toss", f"The {SHIP[winner]} wins the toss and places the terrain; "
                                     f"the {SHIP[1 - winner]} will move first",
                             {"winner": SIDES[winner]}))

    def _scenario(self, name: str, log) -> None:
        scenario = self.rules.scenarios.get(name)
        if scenario is None:
            known = ", ".join(self.rules.scenarios) or "none for this board size"
            raise IllegalAction(f"scenario:{name}: no such scenario (expected one of {known})")
        self._place_terrain(scenario.islands, scenario.rocks, f"placed ({scenario.name})", log)

    def placed_ships(self) -> tuple[tuple[str, int, int], ...]:
        """(name, square, heading) of the ships on the board, as the terrain checks take them."""
        return tuple((SHIP[side], self.at[side], self.heading[side]) for side in SIDES_INDEX
                     if self.at[side] >= 0)

    def layout_problems(self, islands, rocks, full: bool = True) -> list[str]:
        """Every way a layout (square names) breaks rule 2 here, the placed ships included."""
        return check_layout(self.terrain.grid, islands, rocks, full, self.placed_ships())[0]

    def _place_terrain(self, islands, rocks, how: str, log) -> None:
        problems, isl, rk = check_layout(self.terrain.grid, islands, rocks, True, self.placed_ships())
        if problems:
            raise IllegalAction("terrain breaks rule 2: " + "; ".join(problems))
        self.terrain = terrain_for(self.rules.size, isl, rk, self.rules.graze_blocks)
        if log is not None:
            action = PlaceTerrain(tuple(tuple(i) for i in islands), tuple(rocks))
            log.append(Event("terrain", f"Islands and rocks {how}",
                             {"layout": str(action)[len("terrain "):]}))
        self._begin_turn(1 - self.toss_winner, log)   # rule 3: the loser of the toss moves first

    def start_squares(self, side: int) -> list[str]:
        """The start squares this side may still choose (rule 1), by name."""
        return [name for name, _, problem in self.start_square_choices(side) if problem is None]

    def start_square_choices(self, side: int) -> list[tuple[str, int, str | None]]:
        """Every start square of ``side``: (name, heading, why refused or None)."""
        n, t = self.rules.size, self.terrain
        if side == RUNNER:
            candidates = [(f, r, 0) for f, r in self.rules.runner_start_squares()]
        else:
            candidates = self.rules.blockader_start_squares()
        found = []
        for f, r, h in candidates:
            sq = r * n + f
            name = square_name(sq, n)
            if t.land[sq]:
                problem = f"{name} is covered by terrain"
            elif not t.sea_moves[sq * 8 + h]:
                problem = f"the {SHIP[side]} would have no legal first move from {name}"
            else:
                problem = None
            found.append((name, h, problem))
        return found

    def _start(self, name: str, log) -> None:
        side = self.side
        choices = {c[0]: c for c in self.start_square_choices(side)}
        if name not in choices:
            raise IllegalAction(f"start {name}: not a {SHIP[side]} start square "
                                f"(expected one of {', '.join(choices)})")
        _, heading, problem = choices[name]
        if problem:
            raise IllegalAction(f"start {name}: refused, {problem}")
        sq = self.terrain.grid.parse(name)
        self.at[side], self.heading[side] = sq, heading
        if log is not None:
            log.append(Event("start", f"The {SHIP[side]} starts on {name} heading "
                                      f"{HEADING_NAMES[heading]}",
                             {"ship": SIDES[side], "at": name, "heading": HEADING_NAMES[heading]}))
        if side == RUNNER:
            self.side, self.actor = BLOCKADER, SIDES[BLOCKADER]
        else:
            self.stage, self.side, self.actor = TOSS, RUNNER, CHANCE   # rule 2: then the toss

    # --- turns and moves (rules 4-11) -------------------------------------------------------------
    def _begin_turn(self, side: int, log) -> None:
        if self.moves[0] >= self.rules.max_moves and self.moves[1] >= self.rules.max_moves:
            return self._end_on_points(f"the move limit ({self.rules.max_moves} each) was reached", log)
        self.stage, self.side, self.actor, self.offered = MOVE, side, SIDES[side], False
        if not self.terrain.sea_moves[self.at[side] * 8 + self.heading[side]]:
            self._stranded(side, log)

    def _stranded(self, side: int, log) -> None:
        """No legal move when one is due: forced into harbour, or driven ashore (rules 10, 19)."""
        sq, h, t = self.at[side], self.heading[side], self.terrain
        if side == RUNNER and any(t.dest[sq * 8 + (h + turn) % 8] == HARBOUR for turn in (-1, 0, 1)):
            self._finish(BLOCKADER, "the Runner was forced back into harbour", "harbour", log)
        else:
            self._finish(1 - side, f"the {SHIP[side]} was driven ashore at "
                                   f"{square_name(sq, self.rules.size)}", "ashore", log)

    def _target(self, side: int, turn: int) -> tuple[int, int]:
        """(new heading, destination) of a helm order; IllegalAction if it leaves the sea."""
        h = (self.heading[side] + turn) % 8
        sq = self.at[side]
        dest = self.terrain.dest[sq * 8 + h]
        if dest < 0:
            raise IllegalAction(self._blocked_reason(side, turn, h, dest))
        return h, dest

    def _blocked_reason(self, side: int, turn: int, h: int, dest: int) -> str:
        order = str(HELMS[turn + 1])
        if dest == HARBOUR and side == RUNNER:
            return f"{order}: the Runner may not return to harbour voluntarily"
        if dest == LAND:
            n = self.rules.size
            dx, dy = DELTAS[h]
            target = self.at[side] + dy * n + dx
            island = self.terrain.island_at.get(target)
            what = f"island {island + 1}" if island is not None else "a rock"
            return f"{order}: heading {HEADING_NAMES[h]} runs onto {what} at {square_name(target, n)}"
        return f"{order}: heading {HEADING_NAMES[h]} leaves the board"

    def _normal_move(self, turn: int, log) -> None:
        side = self.side
        h, dest = self._target(side, turn)
        frm = self.at[side]
        self.heading[side], self.at[side] = h, dest
        self.moves[side] += 1
        if log is not None:
            self._log_move(log, side, frm, "move", turn)
        if not self._arrived(side, log):
            self._open_fire(side, side, False, log)

    def _log_move(self, log, side: int, frm: int, kind: str, turn: int | None = None, step: int = 0) -> None:
        names = self.rules.names
        start, end, heading = names[frm], names[self.at[side]], HEADING_NAMES[self.heading[side]]
        details = {"ship": SIDES[side], "from": start, "to": end, "heading": heading, "move": kind}
        if turn is not None:
            details["helm"] = HELM_WORDS[turn]
        if step:
            details["step"] = step
        words = f"makes single move {step} of six" if kind == "six" else MOVE_WORDS[kind]
        log.append(Event("move", f"The {SHIP[side]} {words}: {start} to {end} heading {heading}", details))

    def _arrived(self, side: int, log) -> bool:
        """Rams and escape end the game the moment a ship arrives (rules 9, 17)."""
        sq = self.at[side]
        if sq == self.at[1 - side]:
            self._ram(side, log)
            return True
        if side == RUNNER and sq >= self.rules.size * (self.rules.size - 1):
            self._finish(RUNNER, f"the Runner escaped to open sea at {square_name(sq, self.rules.size)}",
                         "escape", log)
            return True
        return False

    def _ram(self, rammer: int, log) -> None:
        """Rule 17: a ram wins, except the Runner striking the Blockader's armoured bow head on."""
        head_on = False
        if rammer == RUNNER:
            opposite = (self.heading[BLOCKADER] + 4) % 8
            diff = (self.heading[RUNNER] - opposite) % 8
            head_on = min(diff, 8 - diff) <= self.rules.head_on_steps
        where = square_name(self.at[rammer], self.rules.size)
        if log is not None:
            log.append(Event("ram", f"The {SHIP[rammer]} rams the {SHIP[1 - rammer]} at {where}"
                                    + (" head on, against her armoured bow" if head_on else ""),
                             {"ship": SIDES[rammer], "target": SIDES[1 - rammer], "at": where,
                              "head_on": head_on}))
        if head_on:
            self._finish(BLOCKADER, "the Runner rammed the Blockader's armoured bow head on",
                         "armoured-bow", log)
        else:
            self._finish(rammer, f"the {SHIP[rammer]} rammed the {SHIP[1 - rammer]}", "ram", log)

    # --- firing (rules 11-15) ---------------------------------------------------------------------
    def guns_that_bear(self, side: int) -> tuple[str, ...]:
        """Guns of ``side`` that bear on the enemy now: arc, range and a clear line of fire."""
        a, b = self.at[side], self.at[1 - side]
        n, rules = self.rules.size, self.rules
        dx, dy = b % n - a % n, b // n - a // n
        if abs(dx) + abs(dy) > rules.max_range:
            return ()
        guns = rules.bearing[side][self.heading[side]][(dy + rules.max_range) * rules.width
                                                       + dx + rules.max_range]
        if guns and self.terrain.blocking_island(a, b) >= 0:
            return ()
        return guns

    def _open_fire(self, firer: int, mover: int, is_return: bool, log) -> None:
        guns = self.guns_that_bear(firer)
        self.mover, self.return_volley = mover, is_return
        if not is_return:
            self.disable_pending = False
        if not guns:
            return self._volley_done(firer, log)
        self.volley, self.volley_side = guns, firer
        self.stage, self.side, self.actor = FIRE, firer, CHANCE
        if log is not None:
            names = ", ".join(GUN_NAMES[g] for g in guns)
            verb = "bear" if len(guns) > 1 else "bears"
            log.append(Event("bear", f"The {SHIP[firer]}'s {names} {verb}"
                                     + (" (return fire)" if is_return else ""),
                             {"ship": SIDES[firer], "guns": list(guns), "return_fire": is_return}))

    def _roll(self, face: str, log) -> None:
        firer = self.volley_side
        gun, self.volley = self.volley[0], self.volley[1:]
        points = POINTS[face]
        self.points[firer] += points
        if face == "D4" and not self.return_volley:
            self.disable_pending = True
        if log is not None:
            log.append(Event("fire", f"The {SHIP[firer]}'s {GUN_NAMES[gun]} rolls {face}: {ROLL_WORDS[face]}",
                             {"ship": SIDES[firer], "gun": gun, "roll": face, "points": points}))
        if not self.volley:
            self._volley_done(firer, log)

    def _volley_done(self, firer: int, log) -> None:
        if not self.return_volley:
            if self.disable_pending:
                return self._disable(1 - firer, log)
            if self.rules.return_fire:
                return self._open_fire(1 - firer, self.mover, True, log)
        self._begin_turn(1 - self.mover, log)

    # --- disabled (rule 16) -----------------------------------------------------------------------
    def _disable(self, target: int, log) -> None:
        self.disable_pending = False
        self.disabled = target
        self.stage, self.side, self.actor = COURSE, target, SIDES[target]
        if log is not None:
            log.append(Event("disabled", f"The {SHIP[target]} is disabled and stops; the "
                                         f"{SHIP[1 - target]} will make six single moves",
                             {"ship": SIDES[target]}))

    def _course_change(self, turn: int, log) -> None:
        target = self.disabled
        self.heading[target] = (self.heading[target] + turn) % 8
        if log is not None:
            h = HEADING_NAMES[self.heading[target]]
            log.append(Event("course", f"The disabled {SHIP[target]} "
                                       + (f"alters course to {h}" if turn else f"keeps her heading {h}"),
                             {"ship": SIDES[target], "helm": str(HELMS[turn + 1]), "heading": h}))
        firer = 1 - target
        self.stage, self.side, self.actor, self.six_made = SIX, firer, SIDES[firer], 0
        if not self._six_moves():
            self._stranded(firer, log)

    def _six_moves(self):
        """The firer's legal single moves: it may not enter the disabled ship's square early."""
        side = self.side
        moves = self.terrain.sea_moves[self.at[side] * 8 + self.heading[side]]
        if self.six_made < 5:
            blocked = self.at[self.disabled]
            return [m for m in moves if m[2] != blocked]
        return moves

    def _six_move(self, turn: int, log) -> None:
        side = self.side
        h, dest = self._target(side, turn)
        if dest == self.at[self.disabled] and self.six_made < 5:
            raise IllegalAction(f"{HELMS[turn + 1]}: the disabled ship may only be rammed on the "
                                f"sixth move (this is move {self.six_made + 1})")
        frm = self.at[side]
        self.heading[side], self.at[side] = h, dest
        self.six_made += 1
        if log is not None:
            self._log_move(log, side, frm, "six", turn, self.six_made)
        if self.six_made == 6:
            self.moves[side] += 1        # the six-square move counts once toward the limit
        if self._arrived(side, log):     # escape at any step; a ram only on the sixth
            return None
        if self.six_made < 6:
            if not self._six_moves():
                self._stranded(side, log)
            return None
        self._recover(log)

    def _recover(self, log) -> None:
        """The disabled ship comes back into action: one square straight ahead, then fires."""
        d = self.disabled
        self.disabled, self.six_made = -1, 0
        sq, h = self.at[d], self.heading[d]
        dest = self.terrain.dest[sq * 8 + h]
        if dest < 0:
            return self._run_aground(d, dest, log)
        self.at[d] = dest
        self.moves[d] += 1
        if log is not None:
            self._log_move(log, d, sq, "recovery")
        if not self._arrived(d, log):
            self._open_fire(d, d, False, log)

    def _run_aground(self, side: int, dest: int, log) -> None:
        sq, h = self.at[side], self.heading[side]
        self.side = side
        if dest == HARBOUR and side == RUNNER:
            return self._finish(BLOCKADER, "the Runner was forced back into harbour", "harbour", log)
        n = self.rules.size
        what = "off the board" if dest in (OFF_BOARD, HARBOUR) else "onto land"
        self._finish(1 - side, f"the {SHIP[side]} was driven ashore: straight ahead from "
                               f"{square_name(sq, n)} heading {HEADING_NAMES[h]} runs {what}",
                     "ashore", log)

    # --- stopping and the end (rule 19) -------------------------------------------------------------
    def _offer_stop(self, log) -> None:
        offerer = self.side
        self.offered = True
        self.stage, self.side, self.actor = ANSWER, 1 - offerer, SIDES[1 - offerer]
        if log is not None:
            log.append(Event("offer", f"The {SHIP[offerer]} offers to end the game on points",
                             {"ship": SIDES[offerer]}))

    def _answer_stop(self, accept: bool, log) -> None:
        answerer = self.side
        if log is not None:
            log.append(Event("answer", f"The {SHIP[answerer]} {'accepts' if accept else 'refuses'}",
                             {"ship": SIDES[answerer], "accept": accept}))
        self.side, self.stage, self.actor = 1 - answerer, MOVE, SIDES[1 - answerer]
        if accept:
            self._end_on_points("both sides agreed to stop", log)

    def _end_on_points(self, why: str, log) -> None:
        r, b = self.points
        winner = RUNNER if r > b else BLOCKADER if b > r else None
        score = f"{r} firing points to {b}"
        if winner is None:
            reason = f"{why}: a draw on points ({score})"
        else:
            reason = f"{why}: the {SHIP[winner]} wins on points (Runner {r}, Blockader {b})"
        self._finish(winner, reason, "points", log)

    def _finish(self, winner: int | None, reason: str, kind: str, log) -> None:
        self.result = Outcome(SIDES[winner] if winner is not None else None, reason)
        self.ending = kind
        self.stage, self.actor = OVER, None
        self.volley = ()
        if log is not None:
            log.append(Event("end", reason[0].upper() + reason[1:],
                             {"winner": SIDES[winner] if winner is not None else "none",
                              "ending": kind}))

