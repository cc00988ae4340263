"""What the three Blockade screens share: chart and panel layout, the camera, the computer's
turns on a worker thread, animations of moves and dice, sounds, and reading the engine's state.

Every decision goes through ``Match.play`` (which resolves the dice, records and autosaves);
the events it returns are played back here one by one (a ship glides, a die rolls) and written
to the log as they happen, so what a player sees is always in the engine's order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import arcade
from arcade.types import LBWH

from games.naval_blockade.rules import GUN_NAMES, SIDES
from navalgames.core.grid import Heading
from navalgames.core.match import Match
from navalgames.core.state import CHANCE, Event, IllegalAction
from navalgames.ui import theme
from navalgames.ui.computer import Thinker, players_for
from navalgames.ui.widgets import colours_of

from .board import Board, die_texture
from .chart import SQ, Chart, ChartLayout, square_centre
from .panel import Panel

SHIP = {"runner": "Runner", "blockader": "Blockader"}
HELM_KEYS = {arcade.key.LEFT: "port", arcade.key.A: "port", arcade.key.UP: "ahead",
             arcade.key.W: "ahead", arcade.key.RIGHT: "starboard", arcade.key.D: "starboard"}
SOUNDS = {"fire": ":resources:sounds/hit3.wav", "hit": ":resources:sounds/hit1.wav",
          "disabled": ":resources:sounds/explosion1.wav", "ram": ":resources:sounds/explosion2.wav",
          "win": ":resources:sounds/upgrade1.wav", "lose": ":resources:sounds/gameover2.wav",
          "error": ":resources:sounds/error2.wav", "place": ":resources:sounds/rockHit2.wav"}
GLIDE_SECONDS = 0.22
ROLL_SECONDS = 0.55


def volley_words(details) -> str:
    """One die of a volley in a few words: 'bow chaser H2 (+2)'."""
    points = int(details.get("points", 0))
    return f"{GUN_NAMES[details['gun']]} {details['roll']}" + (f" (+{points})" if points else "")


def _blit(src, dst, box: tuple[int, int, int, int]) -> None:
    """Copy one rectangle (left, bottom, width, height) between same-sized framebuffers."""
    from pyglet import gl
    left, bottom, width, height = box
    gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, src.glo)
    gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, dst.glo)
    gl.glBlitFramebuffer(left, bottom, left + width, bottom + height,
                         left, bottom, left + width, bottom + height,
                         gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
    dst.use(force=True)


def coords(state, sq: int) -> tuple[int, int]:
    n = state.rules.size
    return sq % n, sq // n


def square_name(state, sq: int) -> str:
    return state.terrain.grid.name(sq)


@dataclass
class Step:
    """One thing to show: an event, with how long it takes on screen."""

    event: Event
    seconds: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)


class BlockadeScreen(arcade.View):
    """Base of the terrain, play and game-over screens."""

    def __init__(self, window: arcade.Window, match: Match) -> None:
        super().__init__(window)
        theme.load_fonts()
        self.match = match
        self.colours = colours_of(window)
        state = match.state
        n = state.rules.size
        harbour = tuple(f for f, _ in state.rules.runner_start_squares())
        self.chart = Chart(ChartLayout(n, n, harbour), self.colours.name == "colour-blind")
        self.board = Board(n, n, self.colours)
        self.ui = arcade.gui.UIManager()
        self.panel = Panel(self.colours)
        self.players = players_for(match)
        if getattr(match, "online", False):          # the other side is played at another machine
            from .online import remote_players
            self.players.update(remote_players(match))
        self.thinker = Thinker()
        self.steps: list[Step] = []
        self.step_clock = 0.0
        self.step_started = False
        self.pending_points = [0, 0]
        self.log_lines: list[str] = []
        self.hover_square: tuple[int, int] | None = None
        self.dragging = False
        self.notice = arcade.Text("", 0, 0, self.colours.text, theme.SMALL, font_name=theme.FONT,
                                  anchor_x="center", anchor_y="center")
        self.notice_seconds = 0.0
        self.tray = arcade.SpriteList()          # dice in the panel (screen space)
        self.tray_rolling: list[arcade.Sprite] = []
        self._terrain_key: Any = None
        self.overlays_dirty = True
        self.panel_dirty = True
        self.build_panel()
        self.sync_board()

    # --- to be filled by each screen ----------------------------------------------------------
    def build_panel(self) -> None:
        """Make the panel's texts and buttons."""

    def layout_buttons(self, left: float, bottom: float, width: float) -> float:
        """Place the buttons at the foot of the panel; return the height they use."""
        return 0.0

    def refresh_panel(self) -> None:
        """Put the current words into the panel (called when the state or hover changes)."""

    def build_overlays(self) -> None:
        """Rebuild the board's overlays for the current state and hover."""

    def human_input_allowed(self) -> bool:
        side = self.match.state.to_act()
        return (not self.steps and side not in (None, CHANCE) and side not in self.players)

    # --- life cycle ---------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.ui.enable()
        self.on_resize(*self.window.get_size())
        self.settle_chance()

    def on_hide_view(self) -> None:
        self.ui.disable()
        self.thinker.forget()

    def settle_chance(self) -> None:
        """A chance node waiting at the start (the toss): let the Match roll it and save."""
        if self.match.state.to_act() == CHANCE:
            events = self.match.resolve_chance()
            self.match.autosave()
            self.queue(events)

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        panel_width = max(300, min(440, int(width * 0.3)))
        pad = 12
        self.chart.set_viewport(LBWH(pad, pad, width - panel_width - 2 * pad, height - 2 * pad))
        self.panel.place(LBWH(width - panel_width, 0, panel_width, height))
        self.panel.bottom_reserved = self.layout_buttons(width - panel_width + 16, 14, panel_width - 32)
        vp = self.chart.camera.viewport
        self.notice.position = (vp.center_x, vp.bottom + 26)
        self.ui.trigger_render()
        self.invalidate()

    # --- the engine's position on the board ----------------------------------------------------
    def sync_board(self, state=None) -> None:
        """Terrain, ships and the disabled mark as the state has them (no animation)."""
        state = state or self.match.state
        key = (state.terrain.islands, state.terrain.rocks)
        if key != self._terrain_key:
            self._terrain_key = key
            self.invalidate("chart")
            self.board.set_terrain([[coords(state, sq) for sq in isl] for isl in state.terrain.islands],
                                   [coords(state, sq) for sq in state.terrain.rocks])
            self.chart.place_rose(coords(state, sq) for sq in state.terrain.rocks)
            self.invalidate("base")
        for index, side in enumerate(SIDES):
            at = state.at[index]
            self.board.set_ship(side, coords(state, at) if at >= 0 else None, state.heading[index])
        if state.at[0] >= 0 and state.at[0] == state.at[1]:
            # a ram leaves both ships on one square: set them a little apart so both show
            for index, side in enumerate(SIDES):
                x, y = square_centre(*coords(state, state.at[index]))
                shift = SQ * (0.2 if index == 0 else -0.2)
                self.board.move_ship(side, (x + shift, y + shift), state.heading[index] * 45)
        disabled = state.disabled if state.stage in ("course", "six") else -1
        self.board.set_disabled(SIDES[disabled] if disabled >= 0 else None)
        self.overlays_dirty = True

    # --- playing through the Match -------------------------------------------------------------
    def play(self, action: Any) -> bool:
        """Play a decision; an illegal one is refused with its reason and changes nothing."""
        try:
            events = self.match.play(action)
        except IllegalAction as exc:
            self.say(str(exc), error=True)
            return False
        self.queue(events)
        self.after_play()
        return True

    def after_play(self) -> None:
        """Hook: a screen may switch to the next one once the queue has played out."""

    def queue(self, events: list[Event]) -> None:
        self.panel_dirty = True
        for event in events:
            seconds = 0.0
            if event.kind == "move":
                seconds = GLIDE_SECONDS
            elif event.kind == "course":
                seconds = GLIDE_SECONDS * 0.8
            elif event.kind == "fire":
                seconds = ROLL_SECONDS
                side = SIDES.index(event.details["ship"])
                self.pending_points[side] += int(event.details.get("points", 0))
            elif event.kind in ("disabled", "ram"):
                seconds = 0.6
            self.steps.append(Step(event, seconds))
        self.overlays_dirty = True
        # the glides and dice play out with no input: ask for frames for as long as they last
        self.window.request_redraw(sum(step.seconds for step in self.steps))
        self._advance(0.0)     # what takes no time on screen (an offer, a log line) happens now

    def finish_animations(self) -> None:
        """Play out everything queued at once (tests, screenshots, the Space key)."""
        while self.steps:
            self._advance(10.0)

    def _advance(self, dt: float) -> None:
        while self.steps and dt >= 0:
            step = self.steps[0]
            if not self.step_started:
                self.step_started = True
                self.step_clock = 0.0
                self.start_step(step)
            self.step_clock += dt
            if self.step_clock < step.seconds:
                self.animate_step(step, self.step_clock / step.seconds)
                return
            dt = self.step_clock - step.seconds
            self.end_step(step)
            self.steps.pop(0)
            self.step_started = False
            if not self.steps:
                self.sync_board()
                self.queue_done()
                return

    def queue_done(self) -> None:
        """Hook: every queued event has been shown."""
        self.overlays_dirty = True

    def start_step(self, step: Step) -> None:
        e, d = step.event, step.event.details
        if e.kind == "move":
            side = d["ship"]
            sprite = self.board.ship_sprite.get(side)
            state = self.match.state
            grid = state.terrain.grid
            end = square_centre(*coords(state, grid.parse(d["to"])))
            heading = Heading[d["heading"]].value
            start = sprite.position if sprite else end
            a0 = sprite.angle if sprite else heading * 45
            a1 = a0 + ((heading * 45 - a0 + 180) % 360 - 180)
            step.data = {"side": side, "start": start, "end": end, "a0": a0, "a1": a1}
            if sprite is None:
                self.board.set_ship(side, coords(state, grid.parse(d["to"])), heading)
            self.board.markers.clear()
            self.board.clear_overlays()
        elif e.kind == "course":
            side = d["ship"]
            sprite = self.board.ship_sprite.get(side)
            heading = Heading[d["heading"]].value
            a0 = sprite.angle
            step.data = {"side": side, "start": sprite.position, "end": sprite.position, "a0": a0,
                         "a1": a0 + ((heading * 45 - a0 + 180) % 360 - 180)}
            self.board.markers.clear()
            self.board.clear_overlays()
        elif e.kind == "fire":
            firer = self.board.ship_sprite.get(d["ship"])
            target = self.board.ship_sprite.get(SIDES[1 - SIDES.index(d["ship"])])
            if firer is not None and target is not None:
                self.board.set_shot(firer.position, target.position)
            if not self.tray_rolling and self.tray and self._tray_volley != (d["ship"], self._volley_no):
                self.tray.clear()
            die = arcade.Sprite(die_texture("M"))
            self.tray.append(die)
            self.tray_rolling.append(die)
            self._tray_volley = (d["ship"], self._volley_no)
            self.place_tray()
            self.window.play_sound(SOUNDS["fire"])
        elif e.kind == "bear":
            self._volley_no += 1
            self.tray.clear()
            self.tray_rolling.clear()
            self.volley_side = d["ship"]
            self.volley_lines = []
        elif e.kind == "disabled":
            self.window.play_sound(SOUNDS["disabled"])
            self.board.set_disabled(d["ship"])
        elif e.kind == "ram":
            self.window.play_sound(SOUNDS["ram"])

    _volley_no = 0
    _tray_volley: Any = None
    volley_side: str | None = None
    volley_lines: list[str] = []

    def animate_step(self, step: Step, t: float) -> None:
        if step.event.kind in ("move", "course") and step.data:
            d = step.data
            ease = t * t * (3 - 2 * t)
            x = d["start"][0] + (d["end"][0] - d["start"][0]) * ease
            y = d["start"][1] + (d["end"][1] - d["start"][1]) * ease
            angle = d["a0"] + (d["a1"] - d["a0"]) * min(1.0, ease * 1.6)
            self.board.move_ship(d["side"], (x, y), angle)
            if self.board.effects and step.event.kind == "course":
                self.board.effects[0].position = (x, y)
        elif step.event.kind == "fire" and self.tray_rolling:
            die = self.tray_rolling[-1]
            if random.random() < 0.5:
                die.texture = die_texture(random.choice(("D4", "H2", "H1", "M")))

    def end_step(self, step: Step) -> None:
        e, d = step.event, step.event.details
        if e.kind in ("move", "course") and step.data:
            self.board.move_ship(d["ship"], step.data["end"], step.data["a1"] % 360)
        elif e.kind == "fire":
            self.board.set_shot(None, None)
            if self.tray_rolling:
                self.tray_rolling.pop().texture = die_texture(d["roll"])
            side = SIDES.index(d["ship"])
            self.pending_points[side] -= int(d.get("points", 0))
            self.volley_lines.append(volley_words(d))
            if d["roll"] in ("H1", "H2"):
                self.window.play_sound(SOUNDS["hit"])
        elif e.kind == "end":
            won = e.details.get("winner")
            human_sides = [s for s in SIDES if s not in self.players]
            self.window.play_sound(SOUNDS["win"] if won in human_sides or not self.players
                                   else SOUNDS["lose"])
        self.log(e.text)

    def shown_points(self) -> list[int]:
        """The tally as far as the dice on screen have landed."""
        state = self.match.state
        return [state.points[i] - self.pending_points[i] for i in (0, 1)]

    def log(self, line: str) -> None:
        self.panel_dirty = True
        self.log_lines.append(line)
        del self.log_lines[:-60]
        self.on_log(line)

    def on_log(self, line: str) -> None:
        """Hook: the log grew by ``line``."""

    def place_tray(self) -> None:
        """Hook: where the dice sit (the play screen's panel)."""

    # --- the computer's turn -----------------------------------------------------------------
    def computer_turn(self) -> None:
        if getattr(self.match, "online", False):
            from .online import poll_remote
            return poll_remote(self)
        state = self.match.state
        side = state.to_act()
        if self.steps or side not in self.players or state.outcome() is not None:
            return
        if not self.thinker.busy:
            self.thinker.start(self.players[side], self.match, side)
            self.refresh_panel()
            self.window.request_redraw()
            return
        answer = self.thinker.result(self.match)
        if answer is None:
            return
        action, error = answer
        if error is not None:
            self.say(f"The computer could not choose a move: {error}", error=True)
            return
        self.play(action)
        self.refresh_panel()

    def wait_for_computer(self, rounds: int = 200) -> None:
        """Let the computer play until a human is to act or the game ends (tests, screenshots)."""
        for _ in range(rounds):
            self.finish_animations()
            side = self.match.state.to_act()
            if side not in self.players or self.match.state.outcome() is not None:
                return
            self.computer_turn()
            self.thinker.wait()
            self.computer_turn()
            if self.window.current_view is not self:
                return

    def thinking_words(self) -> str:
        side = self.match.state.to_act()
        if side in self.players and self.thinker.busy:
            dots = "." * (1 + int(self.window.time * 2) % 3) if hasattr(self.window, "time") else "..."
            return f"{self.players[side].label} ({SHIP[side]}) is thinking{dots}"
        return ""

    # --- messages ------------------------------------------------------------------------------
    def say(self, words: str, error: bool = False, seconds: float = 5.0) -> None:
        self.notice.text = words
        self.notice.color = self.colours.warning if error else self.colours.text
        self.notice_seconds = seconds
        self.invalidate("chart")
        self.window.request_redraw(seconds)      # shown now, taken down when its time is up
        if error:
            self.window.play_sound(SOUNDS["error"])

    # --- frame ---------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        if self.steps:
            self._advance(delta_time)
            self.window.request_redraw()
        else:
            self.computer_turn()
        if self.thinker.busy:
            self.window.request_redraw()     # the thinking dots, then the answer, need frames
        if self.notice_seconds > 0:
            self.notice_seconds -= delta_time
            if self.notice_seconds <= 0:
                self.notice.text = ""
                self.invalidate("chart")
                self.window.request_redraw()
        self.ui.on_update(delta_time)

    def on_draw(self) -> None:
        """Redraw only what changed into a cached picture, copy it to the screen, and draw the
        moving parts (ships, markers, dice) over it.

        On a software renderer every full-window layer costs milliseconds, so the picture is kept
        in two offscreen layers: the chart's paper, sea, land and labels (redrawn only when the
        camera or window changes), and the finished still picture, redrawn region by region
        (the chart's overlays, or the panel) with scissors. An idle frame is one copy.
        """
        if self.overlays_dirty and not self.steps:
            self.overlays_dirty = False
            self.build_overlays()          # meshes drawn live: the cached picture stays
            self.panel_dirty = True
        if self.panel_dirty:
            self.panel_dirty = False
            self.refresh_panel()
        if self.panel.dirty or self._ui_needs_render():
            self.invalidate("panel")
        if not self._caches_ready():
            self.clear(color=self.colours.sea_deep)
            self.draw_base()
            self.draw_chart_still()
            self.draw_panel_still()
        else:
            self._redraw_caches()
            screen = self.window.ctx.screen
            self.window.ctx.copy_framebuffer(self._still, screen, depth=False)
            screen.use(force=True)     # the blit leaves the cache bound for reading: rebind both
        self.draw_moving()

    _base = None
    _still = None
    stale: set[str] = {"base", "chart", "panel"}

    def invalidate(self, *regions: str) -> None:
        """Mark parts of the still picture for redrawing: ``base`` (paper, sea, labels),
        ``chart`` (overlays, land, banners, messages), ``panel``; all of them by default."""
        self.stale = set(self.stale) | set(regions or ("base", "chart", "panel"))

    def _caches_ready(self) -> bool:
        """Offscreen layers the size of the window (none on high-DPI screens: drawn live)."""
        window = self.window
        if window.get_pixel_ratio() != 1:
            return False
        size = window.get_framebuffer_size()
        if self._still is None or self._still.size != size:
            ctx = window.ctx
            self._base = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            self._still = ctx.framebuffer(color_attachments=[ctx.texture(size, components=4)])
            self.invalidate()
        return True

    def _regions(self):
        width, height = self.window.get_framebuffer_size()
        left = int(self.panel.rect.left)
        return (0, 0, left, height), (left, 0, width - left, height)

    def _redraw_caches(self) -> None:
        if not self.stale:
            return
        stale, self.stale = self.stale, set()
        ctx = self.window.ctx
        chart_box, panel_box = self._regions()
        if "base" in stale:
            with self._base.activate():
                self._base.clear(color=self.colours.sea_deep)
                self.draw_base()
            stale.add("chart")
        if "chart" in stale:
            _blit(self._base, self._still, chart_box)
            with self._still.activate():
                self.draw_chart_still(chart_box)
        if "panel" in stale:
            with self._still.activate():
                self._still.clear(color=self.colours.sea_deep, viewport=panel_box)
                self.draw_panel_still(panel_box)
        ctx.scissor = None

    def _ui_needs_render(self) -> bool:
        if getattr(self.ui, "_requires_render", False):
            return True
        # hidden widgets never render, so their request stays up: ask only the visible ones
        return any(w.visible and getattr(w, "_requires_render", False) for w in self.ui.walk_widgets())

    def draw_base(self) -> None:
        """Paper, sea, coast, grid and labels: what only the camera changes."""
        with self.chart.camera.activate():
            self.chart.draw_background()
        self.window.default_camera.use()
        self.chart.draw_labels()

    def draw_chart_still(self, box=None) -> None:
        """The land over the chart (inside ``box`` if given): what only the layout changes."""
        self.chart.camera.scissor = LBWH(*box) if box else None
        with self.chart.camera.activate():
            self.board.draw_still()
        self.chart.camera.scissor = None
        self.window.default_camera.use()

    def draw_panel_still(self, box=None) -> None:
        """The panel: its words and pictures, and the buttons (inside ``box`` if given)."""
        self.window.default_camera.use()
        self.window.ctx.scissor = box
        self.panel.draw()
        self.draw_panel_extras()
        self.ui.camera.scissor = LBWH(*box) if box else None   # the buttons live in the panel
        self.ui.draw()
        self.ui.camera.scissor = None
        self.window.default_camera.use()
        self.window.ctx.scissor = None

    def draw_moving(self) -> None:
        """Drawn every frame over the cached picture: the overlays, ships, markers, banners,
        the notice and the dice (small areas; a frame after a move rebuilds only meshes)."""
        chart_box = self._regions()[0]
        self.chart.camera.scissor = LBWH(*chart_box)
        with self.chart.camera.activate():
            self.board.draw_overlays()
            self.draw_world()
            self.board.draw_moving()
        self.chart.camera.scissor = None
        self.window.default_camera.use()
        self.window.ctx.scissor = chart_box
        self.draw_screen()
        if self.notice.text:
            w = self.notice.content_width + 28
            arcade.draw_lbwh_rectangle_filled(self.notice.x - w / 2, self.notice.y - 16, w, 32,
                                              (*self.colours.sea_deep, 225))
            self.notice.draw()
        self.window.ctx.scissor = None
        if "dice" in self.panel.named and self.panel.fits("dice"):
            self.tray.draw()

    def draw_world(self) -> None:
        """Hook: extra drawing in world units (chart camera active)."""

    def draw_screen(self) -> None:
        """Hook: extra drawing over the chart in window pixels."""

    def draw_panel_extras(self) -> None:
        """Hook: extra drawing over the panel."""

    # --- the chart under the mouse ----------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        square = self.chart.square_under(x, y)
        if square != self.hover_square:
            self.hover_square = square
            self.on_hover_square(square)

    def on_hover_square(self, square: tuple[int, int] | None) -> None:
        """Hook: the mouse moved onto another square (or off the chart)."""

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        vp = self.chart.camera.viewport
        if vp.left <= x <= vp.right and vp.bottom <= y <= vp.top:
            self.chart.zoom_at(x, y, 1.15 ** scroll_y)
            self.invalidate("base")

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if buttons & (arcade.MOUSE_BUTTON_RIGHT | arcade.MOUSE_BUTTON_MIDDLE):
            self.dragging = True
            self.chart.pan(dx, dy)
            self.invalidate("base")

    def camera_key(self, symbol: int) -> bool:
        """Zoom and pan keys shared by every screen; True if used."""
        vp = self.chart.camera.viewport
        if symbol in (arcade.key.PLUS, arcade.key.EQUAL, arcade.key.NUM_ADD):
            self.chart.zoom_at(vp.center_x, vp.center_y, 1.25)
        elif symbol in (arcade.key.MINUS, arcade.key.NUM_SUBTRACT):
            self.chart.zoom_at(vp.center_x, vp.center_y, 1 / 1.25)
        elif symbol in (arcade.key.HOME, arcade.key.KEY_0):
            self.chart.reset_view()
        else:
            return False
        self.invalidate("base")
        return True
