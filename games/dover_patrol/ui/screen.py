"""What the Dover Patrol screens share: the board on the left, the panel on the right, a modal
question box, the combat animations and sounds, and re-layout on resize.

Drawing is kept cheap for software renderers: the board is one picture plus a sprite list, the
panel one sprite list and one text batch, all rebuilt only when something changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import arcade
from arcade.types import LBWH

from navalgames.ui import theme

from .art import palette
from .board import BoardWidget
from .frame_cache import FrameCache
from .session import Session
from .widgets import Button, Canvas, Style, join

SOUNDS = {"sunk": ":resources:sounds/explosion1.wav", "mine": ":resources:sounds/explosion2.wav",
          "clash": ":resources:sounds/hit1.wav", "capture": ":resources:sounds/upgrade1.wav",
          "aground": ":resources:sounds/fall2.wav", "move": ":resources:sounds/phaseJump1.wav",
          "error": ":resources:sounds/error2.wav", "win": ":resources:sounds/upgrade4.wav",
          "lose": ":resources:sounds/gameover2.wav", "place": ":resources:sounds/rockHit2.wav"}

PANEL_MIN, PANEL_MAX = 340, 520


@dataclass
class Layout:
    width: int
    height: int
    board: LBWH
    panel: LBWH
    scale: float


def make_layout(width: int, height: int, files: int, ranks: int) -> Layout:
    """The board takes the height; the panel the rest of the width, within sensible bounds."""
    scale = theme.scale_for(width, height)
    board_w = height * files / ranks + 70 * scale
    panel_w = max(PANEL_MIN * scale, min(PANEL_MAX * scale, width - board_w))
    panel_w = min(panel_w, width * 0.55)
    return Layout(width, height, LBWH(0, 0, width - panel_w, height),
                  LBWH(width - panel_w, 0, panel_w, height), scale)


class Question:
    """A modal question in a box over the screen (resign? accept a draw?), answered by a button
    or its key."""

    def __init__(self, text: str, answers: list[tuple[str, str, Callable[[], None]]], style: Style) -> None:
        self.text = text
        self.answers = answers           # (label, key letter, action)
        self.canvas = Canvas(style)

    def build(self, width: int, height: int, scale: float) -> None:
        c = self.canvas
        c.reset()
        w, h = 520 * scale, 170 * scale
        left, bottom = (width - w) / 2, (height - h) / 2
        c.rect(0, 0, width, height, (0, 0, 0, 140))
        c.rect(left - 3, bottom - 3, w + 6, h + 6, (200, 170, 100))
        c.rect(left, bottom, w, h, (26, 34, 46))
        c.text(self.text, width / 2, bottom + h * 0.70, size=15 * scale, anchor_x="center",
               anchor_y="center", width=int(w - 40 * scale), align="center")
        n = len(self.answers)
        bw = (w - 40 * scale - (n - 1) * 14 * scale) / n
        for i, (label, key, action) in enumerate(self.answers):
            c.button(Button(label, action, key=key, accent=i == 0, name=label.lower()),
                     left + 20 * scale + i * (bw + 14 * scale), bottom + 20 * scale, bw, 40 * scale,
                     size=13 * scale)

    def key(self, symbol: int) -> bool:
        for label, key, action in self.answers:
            if key and symbol == getattr(arcade.key, key.upper(), None):
                action()
                return True
        return False


class DoverScreen(arcade.View):
    """Base of the deployment, play and game-over screens."""

    def __init__(self, session: Session, viewer: str) -> None:
        super().__init__(session.window)
        theme.load_fonts()
        self.session = session
        self.colour_blind = bool(getattr(session.window.settings, "colour_blind", False))
        self.pal = palette(self.colour_blind)
        self.board = BoardWidget(session.window, session.geometry, viewer, self.colour_blind)
        self.panel = Canvas(Style())
        self.question: Question | None = None
        self.layout: Layout | None = None
        self.mouse = (0.0, 0.0)
        self.dirty = True

    # --- layout -----------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.relayout()

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.relayout()

    def relayout(self) -> None:
        width, height = self.window.get_size()
        g = self.session.geometry
        self.layout = make_layout(width, height, g.files, g.ranks)
        self.board.layout(self.layout.board)
        self.dirty = True
        if self.question:
            self.question.build(width, height, self.layout.scale)

    def refresh(self) -> None:
        """Rebuild the board's picture and the panel (subclasses fill in)."""

    # --- questions ------------------------------------------------------------------------------
    def ask(self, text: str, answers: list[tuple[str, str, Callable[[], None]]]) -> None:
        def closing(action):
            def run():
                self.question = None
                action()
                self.dirty = True
                self.invalidate()        # the box covered board and panel alike
            return run
        self.question = Question(text, [(label, key, closing(action)) for label, key, action in answers],
                                 self.panel.style)
        self.invalidate()
        if self.layout:
            self.question.build(self.layout.width, self.layout.height, self.layout.scale)

    # --- drawing ------------------------------------------------------------------------------
    # On a software renderer every textured pixel costs, so the still picture (board, pieces,
    # panel) is drawn into an offscreen frame only when something changed; a frame is then one
    # copy of it and whatever moves (explosions, a dragged piece). Measured with llvmpipe: a
    # clear followed by a partial copy costs more than one whole-window copy, so the copy is whole
    # (and a plain memory copy where the picture can be stored as the window stores it: frame_cache).
    # After a move only the squares and the parts of the panel that changed are drawn again into
    # the frame (clipped by a scissor box): on a software renderer the pixels drawn are the cost.
    _cache = None
    still_valid = False
    partial_refresh = False       # a screen whose refresh() changes only the board and the panel
    _damage: list | None = None   # pixel rectangles of the still picture to draw again

    def invalidate(self) -> None:
        """The whole still picture must be drawn again."""
        self.still_valid = False

    def damage(self, rects) -> None:
        """Parts of the still picture to draw again (pixel rectangles x, y, width, height)."""
        if self._damage is None:
            self._damage = []
        self._damage.extend(rects)

    def panel_damage(self) -> list:
        """What of the panel a refresh changed (pixel rectangles)."""
        return [self.panel_rect()]

    def panel_rect(self) -> tuple[int, int, int, int]:
        lay = self.layout
        return (int(lay.panel.left) - 1, 0, int(lay.panel.width) + 2, lay.height) if lay else (0, 0, 0, 0)

    def on_update(self, delta_time: float) -> None:
        if self.board.update(delta_time):
            self.window.request_redraw()          # something is moving: keep the frames coming
        if self.board.still_changed:              # a sliding piece landed: it joins the still picture
            self.board.still_changed = False      # (its square is in the board's damage)
            self.window.request_redraw()

    def draw_still(self, box: tuple[int, int, int, int] | None = None) -> None:
        """The still picture, or only what lies in ``box`` (pixels x, y, width, height)."""
        self.board.draw_still(box)
        if box is None or box[0] + box[2] > self.panel_rect()[0]:
            self.panel.draw()
        if self.question:
            self.question.canvas.draw()

    def draw_moving(self) -> None:
        self.board.draw_moving()

    def _frame_cache(self):
        """An offscreen frame the size of the window (None on high-DPI screens: drawn live)."""
        window = self.window
        if window.get_pixel_ratio() != 1:
            return None
        size = window.get_framebuffer_size()
        if self._cache is None or self._cache.size != size:
            self._cache = FrameCache(window.ctx, size)
            self.still_valid = False
        return self._cache

    def on_draw(self) -> None:
        if self.dirty:
            self.dirty = False
            self.refresh()
            if self.partial_refresh and self.layout is not None:
                self.damage(self.panel_damage())
            else:
                self.still_valid = False
        board = self.board.take_damage()
        if board is None:
            self.still_valid = False
        else:
            self.damage(board)
        cache = self._frame_cache()
        if cache is None:
            self.clear(color=self.pal.panel)
            self.draw_still()
        else:
            if self.still_valid and self._damage:
                with cache.drawing() as frame:
                    for box in merged(self._damage):
                        frame.clear(color=self.pal.panel, viewport=box)
                        frame.scissor = box
                        self.draw_still(box)
                    frame.scissor = None
            for _ in range(2):          # once more if the texture atlas was rebuilt meanwhile
                if self.still_valid and not cache.spoiled:
                    break
                cache.spoiled = False
                with cache.drawing() as frame:
                    frame.clear(color=self.pal.panel)
                    self.draw_still()
                self.still_valid = True
            cache.copy_to_screen()
        self._damage = []
        self.draw_moving()

    # --- input shared by every screen -----------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.mouse = (x, y)
        target = self.question.canvas if self.question else self.panel
        lit = target.hover(x, y)
        if lit:
            if self.question:
                self.invalidate()
            else:
                self.damage(lit)          # only the buttons lit or put out

    def question_click(self, x: float, y: float) -> bool:
        """While a question is open every click goes to it."""
        if self.question:
            self.question.canvas.click(x, y)
            return True
        return False

    def question_key(self, symbol: int) -> bool:
        if self.question:
            if symbol == arcade.key.ESCAPE:
                self.question = None
                self.dirty = True
                self.invalidate()
            else:
                self.question.key(symbol)
            return True
        return False

    def sound(self, name: str) -> None:
        self.window.play_sound(SOUNDS[name])

    # --- combat on the board ----------------------------------------------------------------------
    def show_events(self, events, viewer: str) -> float:
        """Animate what ``viewer`` may see of ``events``; returns how long the animations last."""
        from games.dover_patrol.rules import visible_event
        longest = 0.0
        for raw in events:
            event = visible_event(raw, viewer)
            d = event.details
            if event.kind == "attack":
                result = d.get("result")
                attacker_sq, defender_sq = d.get("from"), d.get("at")
                att_side = d.get("side")
                def_side = "north" if att_side == "south" else "south"
                if result in ("A", "B"):
                    self.board.ghost(defender_sq, f"face-{def_side}-{d.get('defender')}")
                    self.board.burst(defender_sq)
                if result in ("D", "B"):
                    self.board.ghost(attacker_sq, f"face-{att_side}-{d.get('attacker')}")
                    self.board.burst(attacker_sq)
                self.sound("sunk" if result in ("A", "D", "B") else "clash")
                longest = max(longest, 1.2)
            elif event.kind == "explosion":
                square = d.get("square")
                piece = d.get("piece")
                side = d.get("side")
                if square:
                    self.board.ghost(square, f"face-{side}-{piece}" if piece else f"back-{side}")
                    self.board.burst(square, life=1.0)
                self.sound("mine")
                longest = max(longest, 1.2)
            elif event.kind in ("capture", "deposit", "pickup"):
                self.sound("capture")
            elif event.kind == "aground":
                square = d.get("square") or d.get("at")
                if square:
                    self.board.ghost(square, f"back-{d.get('side')}")
                self.sound("aground")
                longest = max(longest, 1.0)
        self.window.request_redraw(longest)
        return longest


def merged(boxes: list[tuple[int, int, int, int]], most: int = 12) -> list[tuple[int, int, int, int]]:
    """Boxes (x, y, width, height) with the overlapping ones joined; past ``most``, one box round all."""
    def touch(a, b):
        return a[0] <= b[0] + b[2] and b[0] <= a[0] + a[2] and a[1] <= b[1] + b[3] and b[1] <= a[1] + a[3]
    out: list = []
    for box in boxes:
        while True:
            other = next((o for o in out if touch(o, box)), None)
            if other is None:
                break
            out.remove(other)
            box = join(other, box)
        out.append(box)
    if len(out) > most:
        whole = out[0]
        for box in out[1:]:
            whole = join(whole, box)
        out = [whole]
    return out

