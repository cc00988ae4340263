"""The deployment screen: a player places his fleet, in secret, on his lit setup squares.

Ships come from a tray grouped by kind; they are dragged (or clicked, then a square clicked)
onto the board, dragged back or right-clicked to return, dropped on each other to swap. Random
(the computer's own booklet-minded deployer), the variant's named presets and the player's own
saved formations fill the board at once. Ready is offered only when the engine finds nothing
wrong, and what is wrong is said in its words; a legal deployment with a Mine in or at the
harbour's mouth is warned about and played only when the player confirms it.

A deployment in progress is kept in the game's record (``drafts``) as the fleet is placed, on
Menu and on closing the window, so Continue brings it back half-made as it was left.
"""

from __future__ import annotations

import random

import arcade

from games.dover_patrol.rules import KIND_OF_CODE, Deploy, deployment_problems
from games.dover_patrol.rules.model import CODE_ORDER, KIND_CODES, SIDE_INDEX
from games.dover_patrol.ai import booklet_deployment, harbour_mouth_squares
from games.dover_patrol.rules.setup import preset_deployment, presets_for
from navalgames.core.records import SaveError
from navalgames.core.state import IllegalAction

from .guide import kind_guide
from .formations import Formation, FormationError, delete_formation, load_formations, save_formation
from .screen import DoverScreen
from .session import Session
from .widgets import Button, Prompt, text_height, text_width

TRAY_COLUMNS = 5
TEXT_FLOOR = 0.9   # text shrinks with the window no further than this: hairlines stay legible


class DeployView(DoverScreen):
    def __init__(self, session: Session, side: str) -> None:
        super().__init__(session, side)
        self.side = side
        self.side_index = SIDE_INDEX[side]
        self.rules = session.rules
        self.placement: dict[str, str] = {}          # square -> piece code
        self.tray_pick: str | None = None            # a kind clicked in the tray, to place by click
        self.tray_slots: list[tuple[str, tuple[float, float, float, float]]] = []
        self.drag_from: tuple[str, str] | None = None   # ("tray", code) or ("board", square)
        self.press_at = (0.0, 0.0)
        self.floating = arcade.SpriteList()
        self.prompt: Prompt | None = None
        self.message = ""
        self.loaded: str | None = None                # the saved formation last loaded (it can be forgotten)
        self.forget_asked = False                     # "Forget" clicked once: the next click deletes
        self.hover_code: str | None = None            # the tray kind under the mouse (its guide shown)
        main, odd = self.rules.setup_squares(self.side_index)
        names = self.rules.names
        self.main_squares = sorted(names[s] for s in main)
        self.odd_squares = sorted(names[s] for s in odd)
        self.zone = set(self.main_squares) | set(self.odd_squares)
        self.mouth = {names[s] for s in harbour_mouth_squares(self.rules, self.side_index)}
        # Random draws from the game's seed, so a test (or a curious player) can replay it
        self.rng = random.Random(f"{session.match.record.seed}:{side}:random-deployment")
        try:
            self.formations = load_formations()
        except FormationError as exc:
            self.formations, self.message = [], str(exc)
        self.kept = dict(session.match.record.drafts.get(side, {}))   # the draft as last written
        self.resume_draft()

    # --- the fleet --------------------------------------------------------------------------------
    def counts_left(self) -> dict[str, int]:
        left = {code: self.rules.counts[KIND_OF_CODE[code]] for code in CODE_ORDER}
        for code in self.placement.values():
            left[code] -= 1
        return {code: n for code, n in left.items() if self.rules.counts[KIND_OF_CODE[code]]}

    def pairs(self, placement: dict[str, str] | None = None) -> list[tuple[int, int]]:
        parse = self.rules.grid.parse
        return [(parse(sq), KIND_OF_CODE[code]) for sq, code in (placement or self.placement).items()]

    def problems(self) -> list[str]:
        found = deployment_problems(self.rules, self.side_index, self.pairs())
        left = sum(self.counts_left().values())
        if left:
            found = [p for p in found if " to place, " not in p]
            found.insert(0, f"{left} ship{'s' if left != 1 else ''} still in the tray.")
        return found

    def ready_allowed(self) -> bool:
        return not self.problems() and self.session.state.to_act() == self.side

    def mouth_mines(self) -> list[str]:
        """Our Mines on the harbour-mouth squares (see harbour_mouth_squares) when they shut the
        harbour: no way leads from it out past those squares, Mines never moving. One Mine on a5
        alone (the booklet's Forward mines) leaves the way by b4 open and is no cause for alarm."""
        mines = {sq for sq, code in self.placement.items() if code == "MI" and sq in self.mouth}
        if not mines:
            return []
        names, steps = self.rules.names, self.rules.steps
        harbour = self.rules.board.harbours[self.side_index]
        frontier = [sq for sq in harbour if names[sq] not in mines]
        seen = set(frontier)
        while frontier:
            sq = frontier.pop()
            if sq not in harbour and names[sq] not in self.mouth:
                return []                                 # out past the mouth: the harbour is open
            for n in steps[sq]:
                if n not in seen and names[n] not in mines:
                    seen.add(n)
                    frontier.append(n)
        return sorted(mines)

    def flags_come_home(self) -> bool:
        """Whether a captured flag must be brought home through our harbour (the classic game);
        where entering the enemy base wins, a Mine shutting the harbour is a defence (hard's)."""
        return self.rules.win == "flags"

    def mouth_warning(self) -> str:
        squares = self.mouth_mines()
        if not squares:
            return ""
        one = len(squares) == 1
        where = (f"A Mine on {squares[0]} shuts" if one
                 else f"Mines on {', '.join(squares[:-1])} and {squares[-1]} shut")
        if not self.flags_come_home():   # won on entering the base: it keeps raiders out
            return (f"{where} your own harbour: the pieces behind stay in, and no enemy ship but "
                    f"a Mine Sweeper or the Mine Layer can come in.")
        it, moves = ("it", "it never moves") if one else ("them", "they never move")
        return (f"{where} your own harbour: {moves}, so nothing could sail out past {it}, nor a "
                f"captured flag come home.")

    def set_placement(self, deploy: Deploy) -> None:
        names = self.rules.names
        self.placement = {names[sq]: KIND_CODES[k] for sq, k in deploy.placement}
        self.tray_pick = None
        self.dirty = True

    # --- actions ------------------------------------------------------------------------------------
    def randomise(self) -> None:
        self.set_placement(booklet_deployment(self.rules, self.side_index, self.rng))
        self.message = "A random deployment after the booklet's advice: drag ships to change it."

    def clear_all(self) -> None:
        self.placement = {}
        self.message = ""
        self.dirty = True

    def use_preset(self, preset) -> None:
        try:
            self.set_placement(preset_deployment(self.rules, preset, self.side_index))
            self.message = f"{preset.name}: {preset.description}"
        except IllegalAction as exc:
            self.message = str(exc)
        self.dirty = True

    def south_seat(self, placement: dict[str, str]) -> dict[str, str]:
        """A placement written from South's seat (formations are kept that way)."""
        if self.side == "south":
            return dict(placement)
        parse, names, turn = self.rules.grid.parse, self.rules.names, self.rules.board.rotate
        return {names[turn(parse(sq))]: code for sq, code in placement.items()}

    def from_south_seat(self, placement: dict[str, str]) -> dict[str, str]:
        return self.south_seat(placement)   # turning round twice is the identity

    def fitting_formations(self) -> list[Formation]:
        fit = []
        for formation in self.formations:
            try:
                mine = self.from_south_seat(formation.placement)
                if mine and not deployment_problems(self.rules, self.side_index, self.pairs(mine)):
                    fit.append(formation)
            except (ValueError, KeyError):
                continue
        return fit

    def load_formation(self, formation: Formation) -> None:
        self.placement = self.from_south_seat(formation.placement)
        self.message = f"Formation '{formation.name}' loaded."
        self.loaded, self.forget_asked = formation.name, False
        self.dirty = True

    def forget_formation(self) -> None:
        """Delete the formation last loaded, on a second click (the first one asks)."""
        if not self.forget_asked:
            self.forget_asked = True
            self.message = f"Click again to delete '{self.loaded}' for good."
        else:
            try:
                delete_formation(self.loaded)
                self.formations = load_formations()
                self.message = f"Formation '{self.loaded}' deleted."
                self.loaded, self.forget_asked = None, False
            except (OSError, FormationError) as exc:
                self.message = f"Could not delete the formation: {exc}"
        self.dirty = True

    def ask_formation_name(self) -> None:
        if self.problems():
            self.message = "Only a complete, legal deployment can be saved as a formation."
            self.dirty = True
            return
        self.prompt = Prompt("Name this formation", self.store_formation)
        self.dirty = True

    def store_formation(self, name: str) -> None:
        try:
            save_formation(Formation(name, self.session.variant.id, self.south_seat(self.placement)))
            self.formations = load_formations()
            self.message = f"Formation '{name}' saved."
            self.loaded, self.forget_asked = name, False
        except (OSError, FormationError) as exc:
            self.message = f"Could not save the formation: {exc}"
        self.dirty = True

    def ready(self) -> None:
        if not self.ready_allowed():
            return
        if self.mouth_mines() and self.flags_come_home():
            self.ask(f"{self.mouth_warning()} Deploy anyway?",
                     [("Deploy anyway", "Y", self.deploy), ("Move it", "N", lambda: None)])
            return
        self.deploy()

    def deploy(self) -> None:
        deploy = Deploy(self.side_index, self.pairs(), self.rules.grid)
        drafts = self.session.match.record.drafts
        draft = drafts.pop(self.side, None)      # played: no longer a draft (the autosave drops it)
        try:
            self.session.play(deploy)
        except IllegalAction as exc:
            if draft is not None:
                drafts[self.side] = draft
            self.message = str(exc)
            self.dirty = True
            return
        self.kept = {}
        self.sound("place")
        from .flow import show_next
        show_next(self.session)

    def menu(self) -> None:
        self.keep_draft()
        self.session.thinker.forget()
        if getattr(self.session, "online", False):
            self.session.match.leave()      # adjourned: the game stays on the server
        self.window.show_launcher()

    # --- the deployment in progress, kept with the game ---------------------------------------------
    def resume_draft(self) -> None:
        """Place the fleet as it was left; what no longer fits (a hand-edited save) is set aside."""
        counts = {code: self.rules.counts[KIND_OF_CODE[code]] for code in CODE_ORDER}
        dropped = 0
        for square, code in self.kept.items():
            if square in self.zone and counts.get(code, 0) > 0:
                self.placement[square] = code
                counts[code] -= 1
            else:
                dropped += 1
        if self.placement:
            self.message = "Your deployment as you left it."
        if dropped:
            self.message = (f"{dropped} ship{'s' if dropped != 1 else ''} of the deployment kept from last "
                            f"time did not fit this game and went back to the tray.")

    def keep_draft(self) -> None:
        """Write the deployment in progress into the game's autosave, if it changed."""
        match = self.session.match
        if getattr(self.session, "online", False):     # the server keeps the game, not a local autosave
            return
        if match.store is None or self.placement == self.kept or self.session.state.phase != "setup":
            return
        if self.side in self.session.state.observation(self.side).deployed:
            return
        if self.placement:
            match.record.drafts[self.side] = dict(sorted(self.placement.items()))
        else:
            match.record.drafts.pop(self.side, None)
        try:
            match.autosave()
            self.kept = dict(self.placement)
        except (OSError, SaveError) as exc:
            self.message = f"Could not keep the deployment in the autosave: {exc}"

    def on_close(self) -> None:
        """The window is closing: keep the deployment (the window then closes as usual)."""
        self.keep_draft()

    # --- the computer may deploy first ---------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        online = getattr(self.session, "online", False)     # the server's news comes in any time
        if self.session.state.phase == "setup" and (online or self.session.computer_to_act()):
            if not online:
                self.window.request_redraw()      # an open-ended wait: its end must be drawn
            if self.session.poll_computer() is not None:
                self.dirty = True
        elif self.session.state.phase != "setup":
            from .flow import show_next
            self.window.request_redraw()
            show_next(self.session)

    # --- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        picture = self.session.picture(self.side)
        for square, code in self.placement.items():
            from .board import Token
            picture.tokens[square] = Token(self.side, code)
        self.board.show(picture)
        self.board.highlight(zone=sorted(self.zone - set(self.placement)),
                             selected=self.drag_from[1] if self.drag_from and self.drag_from[0] == "board" else None)
        self.keep_draft()
        self.build_panel()

    def build_panel(self) -> None:
        """The panel, top down: heading and how-to, the tray, the buttons; from the bottom up:
        Menu and Ready, what is still wrong; the hover guide in the room between. Text is sized
        and wrapped in real pixels, so nothing is cut at any window size."""
        c, lay = self.panel, self.layout
        c.reset()
        if lay is None:
            return
        k = lay.scale
        ts = max(k, TEXT_FLOOR)
        left, width = lay.panel.left + 18 * k, lay.panel.width - 36 * k
        c.rect(lay.panel.left, 0, 3 * k, lay.height, (60, 70, 86))
        y = self.heading_block(left, width, lay.height - 12 * k, ts)
        y = self.tray_block(left, width, y - 8 * k, k, ts)
        y = self.buttons_block(left, width, y - 4 * k, k, ts)
        floor = self.status_block(left, width, k, ts)
        self.guide_block(left, width, y - 6 * k, floor + 6 * k, ts)

    def heading_block(self, left: float, width: float, y: float, ts: float) -> float:
        c, dim = self.panel, self.pal.panel_dim
        y -= c.para(f"{self.side.title()} deploys", left, y, width, self.pal.side_light[self.side], 22 * ts,
                         bold=True)
        y -= c.para(self.session.variant.name, left, y, width, c.style.text, 12 * ts, italic=True) + 4 * ts
        zone = self.rules.variant.setup
        how = (f"Drag your ships onto the lit squares: your nearest {zone.ranks} ranks (base left empty) "
               f"and one odd ship on your rank {zone.odd_rank}. Right-click a ship to take it back; drop "
               f"one on another to swap them.")
        if self.session.hot_seat:   # only when a second person shares the screen
            how += f" {'North' if self.side == 'south' else 'South'} must not see this screen."
        return y - c.para(how, left, y, width, dim, 10.5 * ts)

    def tray_block(self, left: float, width: float, y: float, k: float, ts: float) -> float:
        c = self.panel
        counts = self.counts_left()
        slot_w = width / TRAY_COLUMNS
        icon = min(52 * k, slot_w - 12 * k)
        # the data's one name for each piece, never shortened, wrapped under its icon
        names = {code: self.rules.kind_names[KIND_OF_CODE[code]] for code in counts}
        label_h = max((text_height(name, 9 * ts, slot_w - 2) for name in names.values()), default=0)
        row_h = icon + 4 * k + label_h + 6 * k
        self.tray_slots = []
        for i, code in enumerate(counts):
            r, col = divmod(i, TRAY_COLUMNS)
            cx = left + col * slot_w + slot_w / 2
            cy = y - r * row_h - icon / 2
            if code == self.tray_pick:
                c.rect(cx - icon / 2 - 4 * k, cy - icon / 2 - 4 * k, icon + 8 * k, icon + 8 * k, (250, 226, 90))
            c.sprite(self.board.textures[f"face-{self.side}-{code}"], cx, cy, icon, 255 if counts[code] else 70)
            # how many are left, on a chip at the icon's corner (the name below keeps its width)
            count, size = f"×{counts[code]}", 8.5 * ts
            chip_w, chip_h = text_width(count, size, True) + 6 * ts, 14 * ts
            chip_l, chip_b = cx + icon / 2 - chip_w + 5 * k, cy - icon / 2 - 3 * k
            c.rect(chip_l, chip_b, chip_w, chip_h, (24, 30, 40) if counts[code] else (40, 46, 56), over_sprites=True)
            c.text(count, chip_l + chip_w / 2, chip_b + chip_h / 2, c.style.text if counts[code] else self.pal.panel_dim,
                   size, bold=True, anchor_x="center", anchor_y="center")
            c.text(names[code], cx, cy - icon / 2 - 4 * k, c.style.text if counts[code] else self.pal.panel_dim,
                   9 * ts, anchor_x="center", anchor_y="top", width=int(slot_w - 2), align="center")
            self.tray_slots.append((code, (cx - icon / 2, cy - icon / 2, icon, icon)))
        rows = (len(counts) + TRAY_COLUMNS - 1) // TRAY_COLUMNS
        return y - rows * row_h

    def buttons_block(self, left: float, width: float, y: float, k: float, ts: float) -> float:
        c = self.panel
        h, gap = max(30 * k, 26 * ts), 8 * k
        heading = (226, 200, 140)

        def button_row(buttons: list[Button], y: float, per_row: int = 3) -> float:
            for start in range(0, len(buttons), per_row):
                row = buttons[start:start + per_row]
                bw = (width - gap * (per_row - 1)) / per_row
                y -= h
                for i, b in enumerate(row):
                    c.button(b, left + i * (bw + gap), y, bw, h, size=10.5 * ts)
                y -= gap
            return y

        y = button_row([Button("Random", self.randomise, "R", name="random"),
                        Button("Clear", self.clear_all, "C", bool(self.placement), name="clear"),
                        Button("Save formation", self.ask_formation_name, "F", not self.problems(),
                               name="save_formation")], y)
        presets = presets_for(self.rules)
        if presets:
            y -= c.para("Presets", left, y, width, heading, 11 * ts, bold=True) + 2 * k
            y = button_row([Button(p.name, (lambda p=p: self.use_preset(p)), name=f"preset:{p.id}")
                            for p in presets], y)
        mine = self.fitting_formations()
        y -= c.para("My formations", left, y, width, heading, 11 * ts, bold=True) + 2 * k
        if mine:
            y = button_row([Button(f.name, (lambda f=f: self.load_formation(f)), name=f"formation:{f.name}")
                            for f in mine[-6:]], y)
            if self.loaded in {f.name for f in mine}:
                label = f"Really delete '{self.loaded}'?" if self.forget_asked else f"Forget '{self.loaded}'"
                y = button_row([Button(label, self.forget_formation, name="forget_formation")], y, per_row=2)
        else:
            y -= c.para("none saved yet for this fleet", left, y, width, self.pal.panel_dim, 10 * ts,
                             italic=True)
        return y

    def status_block(self, left: float, width: float, k: float, ts: float) -> float:
        """Menu and Ready at the foot, what is wrong (or ready) above them; returns the block's top."""
        c = self.panel
        ready_h, bottom = max(40 * k, 32 * ts), 14 * k
        c.button(Button("Menu", self.menu, "M", name="menu"), left, bottom, width * 0.3, ready_h, size=12 * ts)
        allowed = self.ready_allowed()
        c.button(Button("Ready", self.ready, "Enter", allowed, accent=allowed, name="ready"),
                 left + width * 0.34, bottom, width * 0.66, ready_h, size=14 * ts)
        text = c.style.text
        problems = self.problems()
        if self.prompt:
            status = f"{self.prompt.question}: {self.prompt.value}_\nEnter to save, Esc to cancel."
            colour = (250, 226, 90)
        elif problems:
            status = "\n".join(["Not ready: " + problems[0]] + problems[1:3])
            colour = (250, 190, 120)
        elif self.session.state.to_act() != self.side:
            waiting = "your opponent" if getattr(self.session, "online", False) else "the computer"
            status, colour = f"Waiting for {waiting} to deploy…", text
        elif self.mouth_mines() and self.flags_come_home():
            status = f"Ready, but take care: {self.mouth_warning()}"
            colour = (250, 190, 120)
        elif self.mouth_mines():
            status = f"Your fleet is ready: press Ready (Enter). {self.mouth_warning()}"
            colour = (170, 220, 170)
        else:
            status, colour = "Your fleet is ready: press Ready (Enter).", (170, 220, 170)
        self.status_text = status
        y = bottom + ready_h + 10 * k
        y += c.text(status, left, y, colour, 11 * ts, anchor_y="bottom", width=int(width)).content_height
        if self.message and not self.prompt:
            y += 4 * k + c.text(self.message, left, y + 4 * k, text, 11 * ts, anchor_y="bottom",
                                width=int(width)).content_height
        return y

    def guide_block(self, left: float, width: float, top: float, floor: float, ts: float) -> None:
        """What the pointed-at (or picked) kind sinks and is sunk by, in the room left."""
        c, shown = self.panel, self.hover_code or self.tray_pick
        if shown:
            words, colour = kind_guide(self.rules, shown), (214, 220, 226)
        else:
            words, colour = "Point at a ship in the tray to see what it sinks and what sinks it.", self.pal.panel_dim
        for size in (10.5 * ts, 9.5 * ts, 8.5 * ts):      # a smaller size before leaving anything out
            if text_height(words, size, width, italic=True) <= top - floor:
                c.para(words, left, top, width, colour, size, italic=True)
                self.guide_text = words
                return
        self.guide_text = ""

    def draw_moving(self) -> None:
        super().draw_moving()
        self.floating.draw()

    # --- input -------------------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        code = self.tray_code_at(x, y)
        if code != self.hover_code:
            self.hover_code = code
            self.dirty = True

    def tray_code_at(self, x: float, y: float) -> str | None:
        for code, (l, b, w, h) in self.tray_slots:
            if l <= x <= l + w and b <= y <= b + h:
                return code
        return None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.prompt:
            return
        if self.question_click(x, y) or self.panel.click(x, y):
            self.dirty = True
            return
        square = self.board.square_at(x, y)
        if button == arcade.MOUSE_BUTTON_RIGHT:
            if square in self.placement:
                del self.placement[square]
                self.dirty = True
            self.tray_pick = None
            return
        code = self.tray_code_at(x, y)
        if code is not None:
            if self.counts_left().get(code, 0) > 0:
                self.drag_from = ("tray", code)
                self.press_at = (x, y)
                self.float_piece(code, x, y)
            return
        if square in self.placement:
            self.drag_from = ("board", square)
            self.press_at = (x, y)
            self.board.lift(square)
            self.invalidate()
            return
        if square in self.zone and self.tray_pick and self.counts_left().get(self.tray_pick, 0) > 0:
            self.placement[square] = self.tray_pick
            if not self.counts_left().get(self.tray_pick):
                self.tray_pick = None
            self.dirty = True

    def float_piece(self, code: str, x: float, y: float) -> None:
        self.floating.clear()
        sprite = arcade.Sprite(self.board.textures[f"face-{self.side}-{code}"])
        sprite.width = sprite.height = 100 * self.board.scale
        sprite.position = (x, y)
        self.floating.append(sprite)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if not self.drag_from:
            return
        if self.drag_from[0] == "tray":
            if self.floating:
                self.floating[0].position = (x, y)
        else:
            self.board.drag_to(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if not self.drag_from:
            return
        origin, what = self.drag_from
        self.drag_from = None
        self.floating.clear()
        self.board.drop()
        self.invalidate()
        moved = abs(x - self.press_at[0]) + abs(y - self.press_at[1]) > 4
        square = self.board.square_at(x, y)
        if origin == "tray":
            if not moved:   # a click on the tray: pick the kind, then click squares
                self.tray_pick = None if self.tray_pick == what else what
            elif square in self.zone:
                self.placement[square] = what       # a ship already there goes back to the tray
            self.dirty = True
            return
        if not moved or square == what:
            self.dirty = True
            return
        if square is None:                             # dropped off the board: back to the tray
            del self.placement[what]
        elif square in self.zone:
            code = self.placement.pop(what)
            if square in self.placement:               # swap the two ships
                self.placement[what] = self.placement[square]
            self.placement[square] = code
            self.sound("place")
        # dropped on a square outside the setup area: it stays where it was
        self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.prompt:
            if self.prompt.key(symbol):
                self.prompt = None
            self.dirty = True
            return
        if self.question_key(symbol):
            return
        keys = {arcade.key.R: self.randomise, arcade.key.C: self.clear_all, arcade.key.F: self.ask_formation_name,
                arcade.key.ENTER: self.ready, arcade.key.RETURN: self.ready, arcade.key.M: self.menu,
                arcade.key.ESCAPE: self.drop_pick}
        if symbol in keys:
            keys[symbol]()

    def drop_pick(self) -> None:
        self.tray_pick = None
        self.dirty = True

    def on_text(self, text: str) -> None:
        if self.prompt:
            self.prompt.type(text)
            self.dirty = True

