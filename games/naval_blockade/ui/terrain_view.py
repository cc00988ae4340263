"""The terrain phase: the toss, the winner's islands and rocks, then the two start squares.

The toss winner picks one of the twelve pentominoes (or a rock), turns and mirrors it, and
places it on the chart; each candidate is checked by the engine's rule-2 validator
(``check_layout``) and shown green, or red with the validator's reason. When the layout is
complete it is sent as one ``terrain ...`` action. Generate and the named scenarios are the
engine's own actions. The start squares come from ``state.start_square_choices``.
"""

from __future__ import annotations

import re

import arcade
import pyglet
from arcade.shape_list import ShapeElementList, create_rectangle_filled, create_rectangle_outline

from games.naval_blockade.rules import RUNNER, SIDES, check_layout
from navalgames.ui import theme
from navalgames.ui.palette import with_alpha
from navalgames.ui.widgets import Button

from .screen import SHIP, SOUNDS, BlockadeScreen, coords

SQUARE_NAME = re.compile(r"\bat ([a-z]\d{1,2})\b")
ROCK = "rock"


def transform(cells, turns: int, mirrored: bool) -> list[tuple[int, int]]:
    """A shape's cells turned clockwise ``turns`` quarter turns, mirrored first if asked."""
    pts = [(-x, y) if mirrored else (x, y) for x, y in cells]
    for _ in range(turns % 4):
        pts = [(y, -x) for x, y in pts]
    mx, my = min(x for x, _ in pts), min(y for _, y in pts)
    return [(x - mx, y - my) for x, y in pts]


class TerrainView(BlockadeScreen):
    def __init__(self, window, match) -> None:
        state = match.state
        self.shapes = {p.name: p.cells for p in state.rules.data.pentominoes}
        self.selected = "F"
        self.turns = 0
        self.mirrored = False
        self.islands: list[list[tuple[int, int]]] = []     # (file, rank) squares, placed so far
        self.rocks: list[tuple[int, int]] = []
        self.ghost: list[tuple[int, int]] = []
        self.ghost_problem = ""
        self.start_marks: dict[tuple[int, int], tuple[str, int, str | None]] = {}
        self.palette_rects: dict[str, tuple[float, float, float, float]] = {}
        self.palette_shapes = ShapeElementList()
        self.palette_batch = pyglet.graphics.Batch()
        self._rose_rocks: tuple = ()
        super().__init__(window, match)

    # --- the toss ------------------------------------------------------------------------------
    def on_show_view(self) -> None:
        super().on_show_view()
        state = self.match.state
        if state.stage == "terrain" and self.match.record.actions[-1:] == [f"toss:{SIDES[state.toss_winner]}"]:
            self.show_toss_banner(state.toss_winner)      # a game resumed just after the toss

    toss_banner: arcade.Text | None = None
    toss_seconds = 0.0

    def start_step(self, step) -> None:
        super().start_step(step)
        if step.event.kind == "toss":      # rolled as the second ship is placed, here or at the other machine
            self.show_toss_banner(SIDES.index(step.event.details["winner"]))

    def show_toss_banner(self, winner_index: int) -> None:
        winner = SHIP[SIDES[winner_index]]
        self.toss_banner = arcade.Text(f"The toss: the {winner} wins", 0, 0,
                                       self.colours.side_colour(winner_index), theme.HEADING,
                                       font_name=theme.FONT, bold=True, anchor_x="center",
                                       anchor_y="center")
        self.toss_seconds = 3.5
        self.place_toss_banner()
        self.window.request_redraw(self.toss_seconds)

    def place_toss_banner(self) -> None:
        if self.toss_banner is not None:
            vp = self.chart.camera.viewport
            banner = self.toss_banner
            banner.font_size = theme.HEADING
            if banner.content_width + 60 > vp.width:      # a small window: the words shrink to the chart
                banner.font_size = int(theme.HEADING * (vp.width - 60) / banner.content_width)
            banner.position = (vp.center_x, vp.center_y + vp.height * 0.18)

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.place_toss_banner()

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.busy is not None and self._busy_drawn:
            self.run_busy_job()
        if self.toss_seconds > 0:
            self.window.request_redraw()
            self.toss_seconds -= delta_time
            if self.toss_seconds <= 0 or self.islands:
                self.toss_seconds = 0
                self.invalidate("chart")

    def draw_screen(self) -> None:
        if self.toss_seconds > 0 and self.toss_banner is not None:
            b = self.toss_banner
            w, h = b.content_width + 60, b.content_height + 30
            arcade.draw_lbwh_rectangle_filled(b.x - w / 2, b.y - h / 2, w, h, (*self.colours.sea_deep, 220))
            arcade.draw_lbwh_rectangle_outline(b.x - w / 2, b.y - h / 2, w, h, self.colours.brass, 2)
            b.draw()

    # --- panel ---------------------------------------------------------------------------------
    def build_panel(self) -> None:
        c, p = self.colours, self.panel
        p.text("title", theme.HEADING * 0.8, c.brass_light, bold=True, gap=10, priority=3)
        p.set("title", "Naval Blockade: the islands")
        p.text("toss", theme.SMALL + 1, c.text, multiline=True, gap=10, priority=2)
        p.text("turn", theme.BODY + 1, c.text, bold=True, multiline=True, gap=4, priority=9)
        p.text("prompt", theme.SMALL, c.text_muted, multiline=True, gap=8, priority=4)
        p.space("palette", 2 * 58, self._place_palette, gap=8, priority=8)
        p.space("turning", 34, lambda l, t, w: self._place_pair("rotate", "mirror", l, t, w), gap=10,
                priority=8)
        p.text("counts", theme.SMALL + 1, c.text, gap=4, priority=6)
        p.text("problem", theme.SMALL, c.warning, multiline=True, gap=10, priority=8)
        p.text("scenario-title", theme.SMALL, c.brass_light, bold=True, gap=6, priority=5)
        p.set("scenario-title", "Or take a ready layout")
        scenarios = self.match.state.rules.scenarios
        rows = (len(scenarios) + 2) // 2
        p.space("ready", rows * 42, self._place_ready, gap=8, priority=7)
        small = theme.SMALL
        self.buttons = {
            "done": Button("Done (Enter)", self.done, c, primary=True, font_size=small),
            "clear": Button("Clear", self.clear_pieces, c, font_size=small),
            "generate": Button("Generate (G)", self.generate, c, font_size=small,
                               help_text="A random layout that keeps rule 2"),
            "menu": Button("Menu", self.menu, c, font_size=small),
            "rules": Button("Rules", self.window.show_rules_overlay, c, font_size=small,
                            help_text="The rules over the chart (Esc returns)"),
            "rotate": Button("Rotate (R)", self.rotate, c, font_size=small),
            "mirror": Button("Mirror (M)", self.mirror, c, font_size=small),
        }
        for sid, scenario in scenarios.items():
            self.buttons[f"scenario:{sid}"] = Button(scenario.name, lambda s=sid: self.scenario(s), c,
                                                     font_size=small, help_text=scenario.description)
        for button in self.buttons.values():
            self.ui.add(button)

    def layout_buttons(self, left: float, bottom: float, width: float) -> float:
        # Clear sits a row up, away from the corner where the play screen has Resign
        b, h, gap = self.buttons, 34, 8
        half = (width - gap) / 2
        b["rules"].place(left, bottom, half, h)
        b["menu"].place(left + half + gap, bottom, half, h)
        b["clear"].place(left, bottom + h + gap, half, h)
        b["done"].place(left + half + gap, bottom + h + gap, half, h)
        return bottom + 2 * (h + gap)

    def _place_pair(self, a: str, b: str, left: float, top: float, width: float) -> None:
        half = (width - 8) / 2
        self.buttons[a].place(left, top - 34, half, 34)
        self.buttons[b].place(left + half + 8, top - 34, half, 34)

    def _place_ready(self, left: float, top: float, width: float) -> None:
        """Generate and the named layouts, two to a row."""
        names = ["generate"] + [k for k in self.buttons if k.startswith("scenario:")]
        half = (width - 8) / 2
        for i, name in enumerate(names):
            self.buttons[name].place(left + (i % 2) * (half + 8), top - 34 - (i // 2) * 42, half, 34)

    def _place_palette(self, left: float, top: float, width: float) -> None:
        """Twelve pentominoes and a rock, drawn as little shapes in a grid of buttons."""
        names = list(self.shapes) + [ROCK]
        cols = 7
        cell = min(52, (width - 6 * (cols - 1)) / cols)
        self.palette_rects = {}
        for i, name in enumerate(names):
            x = left + (i % cols) * (cell + 6)
            y = top - (i // cols + 1) * (cell + 6)
            self.palette_rects[name] = (x, y, cell, cell)
        self.panel.named["palette"].height = 2 * (cell + 6)
        self._draw_palette()

    def _draw_palette(self) -> None:
        c = self.colours
        shapes = ShapeElementList()
        for name, (x, y, w, h) in self.palette_rects.items():
            chosen = name == self.selected
            shapes.append(create_rectangle_filled(x + w / 2, y + h / 2, w, h,
                                                  with_alpha(c.sea_light, 230 if chosen else 110)))
            shapes.append(create_rectangle_outline(x + w / 2, y + h / 2, w, h,
                                                   c.selection if chosen else with_alpha(c.brass, 160),
                                                   3 if chosen else 1))
            cells = [(0, 0)] if name == ROCK else transform(self.shapes[name], self.turns if chosen else 0,
                                                            self.mirrored if chosen else False)
            span = max(max(px for px, _ in cells), max(py for _, py in cells)) + 1
            unit = (w - 12) / max(span, 3)
            cw = (max(px for px, _ in cells) + 1) * unit
            ch = (max(py for _, py in cells) + 1) * unit
            ox, oy = x + (w - cw) / 2 + 4, y + (h - ch) / 2 - 3
            colour = c.rock if name == ROCK else c.land
            for px, py in cells:
                shapes.append(create_rectangle_filled(ox + (px + 0.5) * unit, oy + (py + 0.5) * unit,
                                                      unit - 1.5, unit - 1.5, colour))
        self.palette_shapes = shapes
        self.invalidate("panel")
        self.palette_labels = getattr(self, "palette_labels", {})
        for name, (x, y, w, h) in self.palette_rects.items():
            label = self.palette_labels.get(name)
            if label is None:
                label = arcade.Text(name if name != ROCK else "O", 0, 0, c.brass_light, 10,
                                    font_name=theme.FONT, bold=True, anchor_y="top",
                                    batch=self.palette_batch)
                self.palette_labels[name] = label
            label.position = (x + 4, y + h - 2)

    def refresh_panel(self) -> None:
        state, p, c = self.match.state, self.panel, self.colours
        if state.toss_winner >= 0:
            winner = SHIP[SIDES[state.toss_winner]]
            loser = SHIP[SIDES[1 - state.toss_winner]]
            p.set("toss", f"The toss falls to the {winner}: the {winner} places the islands and "
                          f"rocks, the {loser} will move first.")
        side = state.to_act()
        stage = state.stage
        human = self.human_input_allowed()
        placing = human and stage == "terrain"
        p.set("title", "Naval Blockade: the islands" if stage in ("toss", "terrain", "layout")
              else "Naval Blockade: setting out")
        if state.toss_winner < 0:
            p.set("toss", "Once both ships are placed, a toss decides who lays out the four "
                          "islands and two rocks; the other side moves first.")
        words, prompt = "", ""
        if side in self.players:
            words = self.thinking_words() or f"{SHIP[side]} ({getattr(self.players[side], 'role', 'computer')}) to choose"
        elif stage == "terrain":
            words = f"{SHIP[side]}: place four islands and two rocks"
            prompt = ("Pick a shape (its letter, or O for a rock), R to rotate, M to mirror, then "
                      "click the chart. Click a placed piece to pick it up again. Islands keep "
                      "ranks 1-5 and the edges clear; nothing may touch, not even at a corner.")
        elif stage == "start":
            words = f"{SHIP[side]}: choose a start square"
            prompt = ("Click one of the ghost ships. "
                      + ("The Runner leaves harbour from one of the two centre squares of the "
                         "South edge, heading North." if state.side == RUNNER else
                         "The Blockader waits in the North-East or North-West corner."))
        p.set("turn", words, c.side_colour(SIDES.index(side)) if side in SIDES else c.text)
        if getattr(self.match, "online", False):
            prompt = (self.match.status_line() + "\n" + prompt).strip()
        p.set("prompt", prompt)
        p.set("counts", f"Islands {len(self.islands)} of 4,  rocks {len(self.rocks)} of 2" if placing else "")
        p.set("problem", self.ghost_problem if placing else self.start_problem())
        for row in ("palette", "turning", "scenario-title", "ready"):
            p.show(row, placing)
        for name, button in self.buttons.items():
            if name not in ("menu", "rules"):
                button.visible = placing
                button.disabled = self.busy is not None
        self.buttons["done"].disabled = self.busy is not None or not (len(self.islands) == 4 and len(self.rocks) == 2)
        if self.busy:
            p.set("problem", self.busy, c.text)

    def start_problem(self) -> str:
        """Why the red start squares are refused: the hovered one, or all of them."""
        mark = self.start_marks.get(self.hover_square) if self.hover_square else None
        if mark and mark[2]:
            return f"Refused: {mark[2]}"
        state = self.match.state
        if state.stage != "start" or not self.human_input_allowed():
            return ""
        refused = [name for name, _, problem in state.start_square_choices(state.side) if problem]
        if not refused:
            return ""
        return (f"Red squares ({', '.join(refused)}) are refused: starting there, heading off "
                f"the chart, the {SHIP[SIDES[state.side]]} would have no legal first move "
                f"(point at one to read why).")

    # --- the chart -----------------------------------------------------------------------------
    def build_overlays(self) -> None:
        state, board, c = self.match.state, self.board, self.colours
        board.clear_overlays()
        board.markers.clear()
        self.start_marks = {}
        if state.stage == "terrain":
            if self.board.set_terrain(self.islands, self.rocks):
                self.invalidate("chart")          # the land is in the cached picture
            self._terrain_key = None
            if tuple(self.rocks) != self._rose_rocks:     # the rose moves off a rock
                self._rose_rocks = tuple(self.rocks)
                self.chart.place_rose(self.rocks)
                self.invalidate("base")
            # where the ships will start (if they have not yet), so the placer can see what not
            # to hem in
            for side in (0, 1) if min(state.at) < 0 else ():
                for name, heading, _ in state.start_square_choices(side):
                    square = coords(state, state.terrain.grid.parse(name))
                    board.add_square_frame(square, with_alpha(c.side_colour(side), 150), 2, 4)
            if self.ghost and self.human_input_allowed():
                bad = bool(self.ghost_problem)
                colour = with_alpha(c.bad if bad else c.good, 150)
                on_board = [sq for sq in self.ghost if self._on_board(sq)]
                board.add_squares(on_board, colour, outline=with_alpha(c.bad if bad else c.good, 255),
                                  above=True)
                for name in SQUARE_NAME.findall(self.ghost_problem):
                    sq = coords(state, state.terrain.grid.parse(name))
                    board.add_square_frame(sq, with_alpha(c.bad, 255), 4, 2)
        elif state.stage == "start" and self.human_input_allowed():
            side = state.side
            markers = []
            for name, heading, problem in state.start_square_choices(side):
                square = coords(state, state.terrain.grid.parse(name))
                self.start_marks[square] = (name, heading, problem)
                if problem is None:
                    markers.append((SIDES[side], square, heading))
                else:
                    board.add_squares([square], with_alpha(c.bad, 110), outline=with_alpha(c.bad, 255),
                                      above=True)
            board.set_markers(markers)
            if self.hover_square in self.start_marks and self.start_marks[self.hover_square][2] is None:
                board.add_square_frame(self.hover_square, c.selection, 3, 1)

    def _on_board(self, sq: tuple[int, int]) -> bool:
        n = self.match.state.rules.size
        return 0 <= sq[0] < n and 0 <= sq[1] < n

    def on_hover_square(self, square) -> None:
        self.update_ghost()
        self.overlays_dirty = True

    def update_ghost(self) -> None:
        """The selected piece under the mouse, checked by the engine's rule-2 validator."""
        state = self.match.state
        square = self.hover_square
        self.ghost, self.ghost_problem = [], ""
        if state.stage != "terrain" or square is None or self.piece_at(square) is not None:
            return
        if self.selected == ROCK:
            if len(self.rocks) >= 2:
                self.ghost_problem = "Both rocks are placed (click one to pick it up)"
            cells = [(0, 0)]
        else:
            if len(self.islands) >= 4:
                self.ghost_problem = "All four islands are placed (click one to pick it up)"
            cells = transform(self.shapes[self.selected], self.turns, self.mirrored)
        # hold the shape by the cell nearest its middle
        cx = sum(x for x, _ in cells) / len(cells)
        cy = sum(y for _, y in cells) / len(cells)
        ax, ay = min(cells, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
        self.ghost = [(square[0] + x - ax, square[1] + y - ay) for x, y in cells]
        if self.ghost_problem:
            return
        off = [sq for sq in self.ghost if not self._on_board(sq)]
        if off:
            self.ghost_problem = "Off the chart: the whole piece must lie on the board"
            return
        self.ghost_problem = self.check(self.ghost, self.selected == ROCK)

    def check(self, piece: list[tuple[int, int]], rock: bool) -> str:
        """The engine's complaint about adding ``piece`` to the layout so far ('' if none):
        whatever rule 2 finds with the piece that it did not find without it."""
        state = self.match.state
        grid = state.terrain.grid
        name = lambda sq: grid.name(grid.square(*sq))
        islands = [[name(sq) for sq in isl] for isl in self.islands]
        rocks = [name(sq) for sq in self.rocks]
        # ships placed before the terrain (rule 1 comes first) must stay uncovered and afloat
        ships = state.placed_ships() if hasattr(state, "placed_ships") else ()
        extra = {"ships": ships} if ships else {}
        before, _, _ = check_layout(grid, islands, rocks, full=False, **extra)
        if rock:
            rocks.append(name(piece[0]))
            label = f"rock {len(rocks)}"
        else:
            islands.append([name(sq) for sq in piece])
            label = f"island {len(islands)}"
        after, _, _ = check_layout(grid, islands, rocks, full=False, **extra)
        mine = [p for p in after if p not in before]
        if not mine:
            return ""
        first = mine[0].replace(label, "this rock" if rock else "this island")
        return first[0].upper() + first[1:]

    def piece_at(self, square) -> tuple[str, int] | None:
        for i, isl in enumerate(self.islands):
            if square in isl:
                return ("island", i)
        if square in self.rocks:
            return (ROCK, self.rocks.index(square))
        return None

    # --- input ---------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol == arcade.key.ESCAPE:
            self.menu()
            return True
        if symbol in (arcade.key.SPACE,) and self.steps:
            self.finish_animations()
            return True
        if self.camera_key(symbol):
            return True
        state = self.match.state
        if self.busy is not None:
            return True
        if not self.human_input_allowed() or state.stage != "terrain":
            return None
        letter = chr(symbol).upper() if 32 <= symbol < 127 else ""
        if letter in self.shapes:
            self.select(letter)
        elif letter == "O":
            self.select(ROCK)
        elif letter == "R":
            self.rotate()
        elif letter == "M":
            self.mirror()
        elif letter == "G":
            self.generate()
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.done()
        elif symbol == arcade.key.BACKSPACE:
            self.undo_piece()
        else:
            return None
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        self.dragging = False
        for name, (px, py, w, h) in self.palette_rects.items():
            if px <= x <= px + w and py <= y <= py + h and self.panel.fits("palette"):
                self.select(name)
                return True
        return None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if self.dragging or not self.human_input_allowed() or self.busy is not None:
            return None
        square = self.chart.square_under(x, y)
        if square is None:
            return None
        state = self.match.state
        if state.stage == "start" and button == arcade.MOUSE_BUTTON_LEFT:
            mark = self.start_marks.get(square)
            if mark is None:
                return None
            if mark[2]:
                self.say(f"Refused: {mark[2]}", error=True)
                return True
            self.play(f"start {mark[0]}")
            return True
        if state.stage != "terrain":
            return None
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.rotate()
            return True
        found = self.piece_at(square)
        if found is not None:
            self.pick_up(found)
            return True
        self.update_ghost()
        if self.ghost_problem:
            self.say(self.ghost_problem, error=True)
            return True
        self.place_ghost()
        return True

    def select(self, name: str) -> None:
        if name != self.selected:
            self.selected = name
            self.turns, self.mirrored = 0, False
        self._changed()

    def rotate(self) -> None:
        self.turns = (self.turns + 1) % 4
        self._changed()

    def mirror(self) -> None:
        self.mirrored = not self.mirrored
        self._changed()

    def _changed(self) -> None:
        self._draw_palette()
        self.update_ghost()
        self.overlays_dirty = True

    def place_ghost(self) -> None:
        if self.selected == ROCK:
            self.rocks.append(self.ghost[0])
        else:
            self.islands.append(list(self.ghost))
            if len(self.islands) == 4 and len(self.rocks) < 2:
                self.selected = ROCK
        self.window.play_sound(SOUNDS["place"])
        self._changed()

    def pick_up(self, found: tuple[str, int]) -> None:
        kind, index = found
        if kind == ROCK:
            self.rocks.pop(index)
            self.selected = ROCK
        else:
            self.islands.pop(index)
        self._changed()

    def undo_piece(self) -> None:
        if self.rocks:
            self.rocks.pop()
        elif self.islands:
            self.islands.pop()
        self._changed()

    def clear_pieces(self) -> None:
        self.islands, self.rocks = [], []
        self._changed()

    def layout_action(self) -> str:
        grid = self.match.state.terrain.grid
        name = lambda sq: grid.name(grid.square(*sq))
        parts = ["i:" + ",".join(name(sq) for sq in isl) for isl in self.islands]
        parts += [f"r:{name(sq)}" for sq in self.rocks]
        return "terrain " + " ".join(parts)

    def done(self) -> None:
        if len(self.islands) != 4 or len(self.rocks) != 2:
            self.say("Place four islands and two rocks first (or Generate, or a ready layout)",
                     error=True)
            return
        self.play(self.layout_action())

    busy: str | None = None       # a slow job under way, said in the panel (buttons disabled)
    _busy_job = None
    _busy_drawn = False

    def generate(self) -> None:
        self.run_busy("Drawing a random layout\u2026", lambda: self.play("generate"))

    def run_busy(self, words: str, job) -> None:
        """Say ``words`` and disable the buttons for one drawn frame, then run ``job``: the
        player sees that the click was taken even if the job holds the window a moment."""
        if self.busy is not None:
            return
        self.busy, self._busy_job, self._busy_drawn = words, job, False
        self.panel_dirty = True
        self.window.request_redraw()

    def on_draw(self) -> None:
        super().on_draw()
        if self.busy is not None:
            self._busy_drawn = True
            self.window.request_redraw()

    def finish_animations(self) -> None:
        if self.busy is not None:
            self.run_busy_job()
        super().finish_animations()

    def run_busy_job(self) -> None:
        job, self._busy_job = self._busy_job, None
        try:
            if job is not None:
                job()
        finally:
            self.busy = None
            self.panel_dirty = True
            self.window.request_redraw()

    def scenario(self, sid: str) -> None:
        self.play(f"scenario:{sid}")

    def menu(self) -> None:
        self.thinker.forget()
        from .online import leave
        leave(self)                      # online: adjourned, the game stays on the server
        self.window.show_launcher()

    # --- moving on --------------------------------------------------------------------------
    def queue_done(self) -> None:
        super().queue_done()
        if self.match.state.stage not in ("toss", "terrain", "layout", "start"):
            from .play_view import PlayView
            self.window.show_view(PlayView(self.window, self.match))

    ROW_BUTTONS = {"turning": ("rotate", "mirror"), "ready": ("generate", "scenario:")}

    def draw_panel_extras(self) -> None:
        # a row left out of a small panel takes its buttons with it (out of sight and reach)
        placing = self.human_input_allowed() and self.match.state.stage == "terrain"
        for row, names in self.ROW_BUTTONS.items():
            for name, button in self.buttons.items():
                if name.startswith(names):
                    button.visible = placing and self.panel.fits(row)
        if self.panel.fits("palette") and placing:
            self.palette_shapes.draw()
            self.palette_batch.draw()


