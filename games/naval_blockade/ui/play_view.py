"""The play screen: steering by markers or keys, gun arcs, range, line of fire, dice, rams.

The engine answers every question: ``steering_destinations`` for the three markers (illegal
ones are left out), a clone of the state for "what would bear from there", ``arcs_containing``
for the arc overlay, ``line_of_fire`` for the line between the ships. This module only draws
the answers and sends the player's choice back through the Match.
"""

from __future__ import annotations

import arcade
from arcade.shape_list import ShapeElementList, create_rectangle_filled, create_rectangle_outline

from games.naval_blockade.rules import (GUN_NAMES, SHIP_GUNS, SIDES, guns_bearing,
                                        line_of_fire, range_between, steering_destinations)
from navalgames.core.grid import Heading
from navalgames.core.match import replay
from navalgames.core.state import IllegalAction
from navalgames.ui import theme
from navalgames.ui.palette import with_alpha
from navalgames.ui.widgets import Button

from .board import arc_colours, die_texture
from .log_view import LogView
from .screen import HELM_KEYS, SHIP, BlockadeScreen, coords, square_name, volley_words

HELM_SYMBOL = {"port": "\u2190 port", "ahead": "\u2191 ahead", "starboard": "\u2192 starboard"}
STEER_WORDS = "Steer: \u2190/A port,  \u2191/W ahead,  \u2192/D starboard, or click a ghost ship."
OVERLAY_KEYS = {arcade.key.G: "arcs", arcade.key.R: "range", arcade.key.L: "fire"}


def option_summary(state) -> str:
    """The rule options in force, in a player's words."""
    v = state.rules.values
    parts = [f"range {v['max_range']}", f"arc edges {v['arc_boundary']}",
             f"move limit {v['max_moves']} each", f"board {v['board_size']}",
             f"Blockader starts heading {v['blockader_heading']}",
             "grazing blocks fire" if v["graze_blocks"] else "grazing does not block",
             "return fire" if v["return_fire"] else "no return fire",
             f"armoured bow \u00b1{v['armoured_bow_arc']}\u00b0"]
    return "Rules: " + ", ".join(parts)


def six_path(match) -> list[int]:
    """Squares the firer has crossed so far in a six-square move (replayed from the record)."""
    state = match.state
    if state.stage != "six":
        return []
    side = state.side
    path = [state.at[side]]
    actions = match.record.actions
    for upto in range(len(actions) - 1, max(-1, len(actions) - 8), -1):
        before = replay(match.record, match.spec, upto=upto)
        path.insert(0, before.at[side])
        if before.stage != "six":
            break
    return path


class PlayView(BlockadeScreen):
    def __init__(self, window, match) -> None:
        self.show = {"arcs": True, "range": True, "fire": True}
        self.markers: dict[tuple[int, int], object] = {}      # square -> Steer (or course helm)
        self.hovered_marker = None
        self.path: list[int] = []
        self.swatches = ShapeElementList()
        self.asking: tuple[str, object] | None = None    # a question awaiting Yes or No
        super().__init__(window, match)
        self.path = six_path(match)
        for line in self.history_lines():
            self.log(line)

    def history_lines(self) -> list[str]:
        """The last few events of a resumed game, so the log is not empty."""
        record = self.match.record
        if not record.actions:
            return []
        events = []
        start = max(0, len(record.actions) - 12)
        state = replay(record, self.match.spec, upto=start)
        for text in record.actions[start:]:
            events += state.apply_text(text)
        # the last volley's dice stay on the tray, as they lay when the game was left
        bears = [i for i, e in enumerate(events) if e.kind == "bear"]
        if bears:
            volley = [e for e in events[bears[-1]:] if e.kind == "fire"]
            self.volley_side = events[bears[-1]].details["ship"]
            self.volley_lines = [volley_words(e.details) for e in volley]
            for e in volley:
                self.tray.append(arcade.Sprite(die_texture(e.details["roll"])))
        return [e.text for e in events][-12:]

    # --- panel ---------------------------------------------------------------------------------
    def build_panel(self) -> None:
        c, p = self.colours, self.panel
        p.text("title", theme.HEADING * 0.8, c.brass_light, bold=True, gap=10, priority=3)
        p.set("title", "Naval Blockade")
        p.text("runner", theme.SMALL + 1, c.text, multiline=True, gap=2, priority=9)
        p.text("blockader", theme.SMALL + 1, c.text, multiline=True, gap=12, priority=9)
        p.text("turn", theme.BODY + 2, c.text, bold=True, multiline=True, gap=4, priority=9)
        p.text("prompt", theme.SMALL, c.text_muted, multiline=True, gap=8, priority=6)
        p.text("fire-status", theme.SMALL, c.text, multiline=True, gap=6, priority=4)
        p.text("hover", theme.SMALL, c.hint, multiline=True, gap=8, priority=5)
        p.space("dice", 46, self._place_dice, gap=2, priority=4)
        p.show("dice", False)
        p.text("volley", theme.SMALL, c.text, multiline=True, gap=10, priority=2)
        p.text("legend", theme.SMALL, c.brass_light, bold=True, gap=4, priority=7)
        p.set("legend", "Overlays (keys)")
        p.space("legend-rows", 3 * 20, self._place_legend, gap=10, priority=7)
        p.text("options", theme.SMALL - 2, c.text_muted, multiline=True, gap=10, priority=7)
        p.text("log-title", theme.SMALL, c.brass_light, bold=True, gap=4, priority=8)
        p.set("log-title", "Log  (the wheel scrolls it)")
        # at least four lines of log, whatever the prompt above says
        p.space("log", 4 * (theme.SMALL + 6), self._place_log, gap=0, priority=8, fill=True)
        self.log_view = LogView(c.text, theme.SMALL - 1, p.batch)
        colours = arc_colours(c)
        self.legend_rows = [
            [(None, "G"), (colours["bow"], "chasers"), (colours["starboard"], "starboard"),
             (colours["port"], "port")],
            [(None, "R"), ("outline", "range diamond")],
            [(None, "L"), (c.good, "line of fire clear"), (c.bad, "blocked")],
        ]
        self.legend_texts = [[arcade.Text(words, 0, 0, c.brass_light if swatch is None else c.text,
                                          theme.SMALL - 1, font_name=theme.FONT, anchor_y="center",
                                          bold=swatch is None, batch=p.batch)
                              for swatch, words in row] for row in self.legend_rows]
        self.buttons = {
            "save": Button("Save", self.save, c, font_size=theme.SMALL),
            "offer": Button("Offer to stop", self.offer_stop, c, font_size=theme.SMALL,
                            help_text="Propose to end the game now: the ship with more firing points wins"),
            "rules": Button("Rules", self.window.show_rules_overlay, c, font_size=theme.SMALL,
                            help_text="The rules over the chart (Esc returns)"),
            "resign": Button("Resign", self.resign, c, font_size=theme.SMALL),
            "menu": Button("Menu", self.menu, c, font_size=theme.SMALL),
            "accept": Button("Accept (Y)", lambda: self.answer(True), c, primary=True, font_size=theme.SMALL),
            "refuse": Button("Refuse (N)", lambda: self.answer(False), c, font_size=theme.SMALL),
            "yes": Button("Yes (Y)", lambda: self.reply(True), c, primary=True, font_size=theme.SMALL),
            "no": Button("No (N)", lambda: self.reply(False), c, font_size=theme.SMALL),
        }
        for button in self.buttons.values():
            self.ui.add(button)

    def layout_buttons(self, left: float, bottom: float, width: float) -> float:
        b, h, gap = self.buttons, 36, 8
        half = (width - gap) / 2
        b["resign"].place(left, bottom, half, h)
        b["menu"].place(left + half + gap, bottom, half, h)
        b["save"].place(left, bottom + h + gap, half, h)
        b["rules"].place(left + half + gap, bottom + h + gap, half, h)
        # the top row: Offer to stop, or the two answers to a question
        b["offer"].place(left, bottom + 2 * (h + gap), width, h)
        for yes, no in (("accept", "refuse"), ("yes", "no")):
            b[yes].place(left, bottom + 2 * (h + gap), half, h)
            b[no].place(left + half + gap, bottom + 2 * (h + gap), half, h)
        return 3 * (h + gap) + bottom

    def _place_dice(self, left: float, top: float, width: float) -> None:
        self._dice_origin = (left, top)
        self.place_tray()

    def place_tray(self) -> None:
        left, top = getattr(self, "_dice_origin", (0, 0))
        for i, die in enumerate(self.tray):
            die.width = die.height = 42
            die.position = (left + 22 + i * 50, top - 22)

    def _place_legend(self, left: float, top: float, width: float) -> None:
        """Each overlay's key, then a swatch before each thing it draws, wrapping to the panel."""
        shapes = ShapeElementList()
        y = top - 10
        for i, (row, texts) in enumerate(zip(self.legend_rows, self.legend_texts)):
            x = left
            for (swatch, _), text in zip(row, texts):
                if swatch is None:
                    text.position = (round(x), round(y))
                    x += 22
                    continue
                if x + 15 + text.content_width > left + width and x > left + 22:
                    x, y = left + 22, y - 20       # no room left on this line: on to the next
                if swatch == "outline":
                    shapes.append(create_rectangle_outline(x + 5, y, 10, 10, self.colours.text, 1.5))
                elif row is self.legend_rows[2]:
                    shapes.append(create_rectangle_filled(x + 5, y, 12, 4, with_alpha(swatch, 255)))
                else:
                    shapes.append(create_rectangle_filled(x + 5, y, 10, 10, with_alpha(swatch, 230)))
                text.position = (round(x + 15), round(y))
                x += 15 + text.content_width + 14
            y -= 20
        self.swatches = shapes
        row = self.panel.named["legend-rows"]
        if row.height != top - y - 10:
            row.height = top - y - 10
            self.panel.dirty = True

    def _place_log(self, left: float, top: float, width: float, height: float) -> None:
        self.log_view.place(left, top, width, height)

    def on_log(self, line: str) -> None:
        self.log_view.add(line)
        self.invalidate("panel")

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.panel.fits("log") and self.log_view.contains(x, y):
            if self.log_view.scroll_by(round(scroll_y)):
                self.invalidate("panel")
            return
        super().on_mouse_scroll(x, y, scroll_x, scroll_y)

    def refresh_panel(self) -> None:
        state, p, c = self.match.state, self.panel, self.colours
        points = self.shown_points()
        limit = state.rules.max_moves
        for index, side in enumerate(SIDES):
            who = (f" \u00b7 {self.players[side].label}" if side in self.players
                   else " \u00b7 you" if self.players else "")
            p.set(side, f"{SHIP[side]}{who}:  {plural(points[index], 'point')},  moves {state.moves[index]}/{limit}",
                  c.side_text_colour(index))
        side = state.to_act()
        stage = state.stage
        words, prompt = "", ""
        if self.steps:
            words = "..."
        elif side in self.players:
            words = self.thinking_words() or f"{SHIP[side]} ({getattr(self.players[side], 'role', 'computer')}) to play"
        elif stage == "move":
            words = f"{SHIP[side]} to move"
            prompt = STEER_WORDS
        elif stage == "six":
            words = f"{SHIP[side]}: single move {state.six_made + 1} of 6"
            prompt = ("Six single moves, no firing. The disabled ship's square (framed) may only be "
                      "entered on the sixth move: that is a ram. " + STEER_WORDS)
        elif stage == "course":
            words = f"Disabled {SHIP[side]}: alter course once?"
            prompt = ("She has way enough to change heading once; after the enemy's six moves she "
                      "comes back into action one square straight ahead. " + STEER_WORDS)
        elif stage == "answer":
            other = SIDES[1 - state.side]
            words = f"{SHIP[side]}: accept the offer?"
            prompt = (f"The {SHIP[other]} offers to end the game on points "
                      f"(Runner {points[0]}, Blockader {points[1]}).")
        if side in SIDES:
            p.set("turn", words, c.side_text_colour(SIDES.index(side)))
        else:
            p.set("turn", words, c.text)
        if getattr(self.match, "online", False):
            prompt = (self.match.status_line() + "\n" + prompt).strip()
            self.buttons["save"].disabled = True      # the server keeps the game
        p.set("prompt", prompt)
        p.set("hover", self.hover_words())
        p.show("dice", len(self.tray) > 0)
        if self.volley_side and self.tray:
            last = "Last volley" if not self.tray_rolling else "Firing"
            p.set("volley", f"{last}, {SHIP[self.volley_side]}: " + "; ".join(self.volley_lines),
                  c.side_colour(SIDES.index(self.volley_side)))
        else:
            p.set("volley", "")
        p.set("fire-status", self.fire_status())
        p.set("options", option_summary(state))
        human = self.human_input_allowed()
        if not human or stage != "move":
            self.asking = None
        answering = human and stage == "answer"
        if self.asking:
            p.set("turn", self.asking[0], c.warning)
            p.set("prompt", "Y or Yes goes ahead; N, No or Esc plays on.")
        for name in ("accept", "refuse"):
            self.buttons[name].visible = answering
        for name in ("yes", "no"):
            self.buttons[name].visible = self.asking is not None
        self.buttons["offer"].visible = not answering and self.asking is None
        self.buttons["offer"].disabled = not (human and stage == "move" and not state.offered)
        self.buttons["resign"].disabled = not human

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.thinker.busy:
            self.panel.set("turn", self.thinking_words())

    # --- the markers and overlays --------------------------------------------------------------
    def build_overlays(self) -> None:
        state = self.match.state
        board = self.board
        board.clear_overlays()
        board.markers.clear()
        self.markers = {}
        if state.at[0] < 0 or state.at[1] < 0 or state.outcome() is not None:
            return
        human = self.human_input_allowed()
        stage = state.stage
        mover = state.side
        if human and stage in ("move", "six"):
            for steer in steering_destinations(state):
                if steer.legal:
                    square = coords(state, steer.square)
                    self.markers[square] = steer
            board.set_markers([(SIDES[mover], sq, Heading[s.heading].value)
                               for sq, s in self.markers.items()])
        elif human and stage == "course":
            # each course change, shown where her recovery move will take her (straight ahead)
            for steer in steering_destinations(state):
                if steer.square is not None:
                    self.markers[coords(state, steer.square)] = steer
            board.set_markers([(SIDES[mover], sq, Heading[s.heading].value)
                               for sq, s in self.markers.items()])
        if stage == "six":
            ram = coords(state, state.at[state.disabled])
            board.add_square_frame(ram, with_alpha(self.colours.bad, 255), 4, 1)
            board.add_path([coords(state, sq) for sq in self.path],
                           with_alpha(self.colours.side_colour(mover), 220), 4)
        # whose guns to show: the ship after the hovered marker's order, a hovered ship, or the
        # ship to act
        at = {i: coords(state, state.at[i]) for i in (0, 1)}
        preview = self.preview_state()
        if preview is not None:
            look, origin_side = preview, mover
        elif self.hover_square in (at[0], at[1]):
            look, origin_side = state, (0 if self.hover_square == at[0] else 1)
        else:
            look, origin_side = state, mover
        origin = coords(look, look.at[origin_side])
        heading = look.heading
        hovering_ship = self.hover_square in (at[0], at[1])
        # no firing during the six moves: arcs only for a ship the mouse points at
        if self.show["arcs"] and (stage != "six" or hovering_ship):
            board.add_gun_arcs(origin, heading[origin_side], SHIP_GUNS[origin_side],
                               state.rules.max_range, state.rules.inclusive,
                               strength=95 if preview is not None else 70)
        quiet = stage == "six" and not hovering_ship    # no firing in the six moves: the path matters
        if self.show["range"] and not quiet:
            board.add_range(origin, state.rules.max_range)
        if self.show["fire"] and not quiet:
            target_sq = look.at[1 - origin_side]
            from_sq = look.at[origin_side]
            clear, island = line_of_fire(look, from_sq, target_sq)
            in_range = range_between(look, from_sq, target_sq) <= state.rules.max_range
            board.add_line_of_fire(coords(look, from_sq), coords(look, target_sq), clear, in_range)
            if island is not None and in_range:
                board.add_island_highlight([coords(look, sq) for sq in look.terrain.islands[island]],
                                           self.colours.bad)
        if self.hovered_marker is not None:
            board.add_square_frame(self.hovered_marker, with_alpha(self.colours.selection, 255), 3, 1)
        if self.hovered_marker is not None and stage == "six" and self.path:
            nxt = self.hovered_marker
            board.add_path([coords(state, self.path[-1]), nxt],
                           with_alpha(self.colours.side_colour(mover), 120), 3, dots=False)

    def fire_status(self) -> str:
        """Range and line of fire between the ships now, in words."""
        state = self.match.state
        if state.at[0] < 0 or state.at[1] < 0:
            return ""
        distance = range_between(state, state.at[0], state.at[1])
        clear, island = line_of_fire(state, state.at[0], state.at[1])
        if distance > state.rules.max_range:
            return f"The ships are {_squares(distance)} apart: out of range (guns reach {state.rules.max_range})."
        if not clear:
            return f"{_squares(distance)} apart, but island {island + 1} blocks the line of fire."
        return f"{_squares(distance)} apart, line of fire clear."

    def preview_state(self):
        """The state after the hovered marker's order, asked of the engine on a clone."""
        square = self.hover_square
        if square is None or square not in self.markers:
            self.hovered_marker = None
            return None
        self.hovered_marker = square
        marker = self.markers[square]
        helm = marker.action
        state = self.match.state.clone()
        try:
            state.apply(helm)
        except IllegalAction:
            return None
        return state

    def hover_words(self) -> str:
        state = self.match.state
        if self.hover_square is None or self.hover_square not in self.markers or self.steps:
            return ""
        marker = self.markers[self.hover_square]
        mover = state.side
        if state.stage == "course":
            words = (f"{HELM_SYMBOL[str(marker.action)]}: she will come back into action heading "
                     f"{marker.heading}, straight ahead to {self._name(self.hover_square)}")
            if marker.status in ("land", "off board", "harbour"):
                return words + ", which is not open sea: she would be driven ashore."
            return words + "."
        after = state.clone()
        after.apply(marker.action)
        where = square_name(state, marker.square)
        head = f"{HELM_SYMBOL[str(marker.action)]}: to {where} heading {marker.heading}"
        if after.outcome() is not None:
            return f"{head}. {after.outcome().reason[0].upper()}{after.outcome().reason[1:]}."
        if marker.status == "ram":
            return f"{head}: a ram!"
        if state.stage == "six":
            return f"{head} (no firing during the six moves)"
        bearing = guns_bearing(after, mover)
        bears = [GUN_NAMES[g] for g, ok, _ in bearing if ok]
        if bears:
            distance = range_between(after, after.at[0], after.at[1])
            return f"{head}. Would bear: {', '.join(bears)} (range {distance})."
        reasons = sorted({why for _, ok, why in bearing if not ok and "arc" not in why})
        return f"{head}. No gun would bear" + (f": {reasons[0]}." if reasons else ".")

    def _name(self, square: tuple[int, int]) -> str:
        n = self.match.state.rules.size
        return self.match.state.terrain.grid.name(square[1] * n + square[0])

    def on_hover_square(self, square) -> None:
        self.overlays_dirty = True

    # --- input ---------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol in (arcade.key.SPACE, arcade.key.ENTER) and self.steps:
            self.finish_animations()
            return True
        if self.asking is not None and symbol in (arcade.key.Y, arcade.key.N, arcade.key.ESCAPE):
            self.reply(symbol == arcade.key.Y)
            return True
        if symbol == arcade.key.ESCAPE:
            self.menu()
            return True
        if symbol == arcade.key.S and modifiers & arcade.key.MOD_CTRL:
            self.save()
            return True
        if symbol in OVERLAY_KEYS:
            name = OVERLAY_KEYS[symbol]
            self.show[name] = not self.show[name]
            self.say(f"{ {'arcs': 'Gun arcs', 'range': 'Range', 'fire': 'Line of fire'}[name]} "
                     f"{'shown' if self.show[name] else 'hidden'}", seconds=1.5)
            self.overlays_dirty = True
            return True
        if self.camera_key(symbol):
            return True
        state = self.match.state
        if not self.human_input_allowed():
            return None
        if state.stage == "answer" and symbol in (arcade.key.Y, arcade.key.N):
            self.answer(symbol == arcade.key.Y)
            return True
        if symbol in HELM_KEYS and state.stage in ("move", "six", "course"):
            self.steer(HELM_KEYS[symbol])
            return True
        return None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        self.dragging = False
        return None

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if button != arcade.MOUSE_BUTTON_LEFT or self.dragging:
            return None
        square = self.chart.square_under(x, y)
        if square is None or square not in self.markers or not self.human_input_allowed():
            return None
        self.steer(str(self.markers[square].action))
        return True

    def steer(self, word: str) -> None:
        state = self.match.state
        before_stage = state.stage
        if state.stage in ("move", "six"):
            options = {str(s.action): s for s in steering_destinations(state)}
            steer = options.get(word)
            if steer is not None and not steer.legal:
                self.say(self.refusal(steer), error=True)
                return
        if before_stage == "six":
            mover = state.side
        if self.play(word):
            state = self.match.state
            if before_stage == "six" and state.stage == "six":
                self.path.append(state.at[mover])
            elif state.stage == "six":
                self.path = [state.at[state.side]]
            else:
                self.path = []

    def refusal(self, steer) -> str:
        """Why a helm order cannot be given (asked of the engine by trying it on a clone)."""
        try:
            self.match.state.clone().apply(steer.action)
        except IllegalAction as exc:
            return str(exc)
        return f"{steer.action}: not possible"

    def queue_done(self) -> None:
        super().queue_done()
        state = self.match.state
        if state.stage == "six" and not self.path:
            self.path = six_path(self.match)
        if state.outcome() is not None:
            from .over_view import GameOverView
            self.window.show_view(GameOverView(self.window, self.match))

    # --- buttons -------------------------------------------------------------------------------
    def save(self) -> None:
        if getattr(self.match, "online", False):
            self.say("The server keeps this game: leave with Menu and Continue resumes it")
            return
        store = getattr(self.window, "store", None)
        if store is None:
            self.say("No save folder is set up", error=True)
            return
        try:
            path = store.save(self.match.record)
        except OSError as exc:
            self.say(f"Could not save: {exc}", error=True)
            return
        self.say(f"Saved as {path.stem}")

    def ask(self, question: str, action) -> None:
        """Put a Yes/No question in the panel; ``action`` runs on Yes."""
        self.asking = (question, action)
        self.panel_dirty = True
        self.invalidate("panel")

    def reply(self, yes: bool) -> None:
        asked, self.asking = self.asking, None
        self.panel_dirty = True
        if yes and asked is not None:
            asked[1]()

    def offer_stop(self) -> None:
        state = self.match.state
        points = self.shown_points()
        side = SIDES.index(state.to_act()) if state.to_act() in SIDES else 0
        lead = points[side] - points[1 - side]
        outcome = ("you would win on points" if lead > 0 else "you would lose on points" if lead < 0
                   else "it would be a draw")
        self.ask(f"Offer to end the game now? At {points[0]}-{points[1]} {outcome}.", self._offer_stop)

    def _offer_stop(self) -> None:
        if self.play("offer-stop"):
            self.say("Offer to end on points made")

    def answer(self, accept: bool) -> None:
        self.play("accept-stop" if accept else "refuse-stop")

    def resign(self) -> None:
        side = self.match.state.to_act()
        if side not in SIDES or side in self.players:
            self.say("You can resign when it is your turn", error=True)
            return
        other = SIDES[1 - SIDES.index(side)]
        self.ask(f"Resign? The {SHIP[other]} wins the game.", lambda: self.play("resign"))

    def menu(self) -> None:
        self.thinker.forget()
        from .online import leave
        leave(self)                      # online: adjourned, the game stays on the server
        self.window.show_launcher()

    # --- drawing -------------------------------------------------------------------------------
    def draw_panel_extras(self) -> None:
        if self.panel.fits("legend-rows"):
            self.swatches.draw()

    def draw_world(self) -> None:
        pass


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _squares(n: int) -> str:
    return plural(n, "square")
