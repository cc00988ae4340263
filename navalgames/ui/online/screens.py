"""The launcher's online screens: the choice (host, join, watch), hosting a game, joining or
watching one, and the waiting screen that shows the address and code and opens the game.

Every network step runs on a background thread (``hosting.Connection``); these screens only
look at how it is going, once a frame, and ask for a redraw while they wait.
"""

from __future__ import annotations

from typing import Any

import arcade

from navalgames.core.registry import GameSpec
from navalgames.net.seats import SeatEntry, forget_seat, load_seats
from navalgames.ui import theme
from navalgames.ui.launcher import GameSetupView, GameStatus, game_status, installed_games, open_match
from navalgames.ui.widgets import Button, MenuView, SaveRow, Selector, put, wrap_text

from .fields import TextField
from .hosting import DEFAULT_PORT, Connection, Plan

SERVERS = [("local", "Here, this computer only"), ("open", "Here, open to the network"),
           ("elsewhere", "A server already running")]
DEFAULT_ADDRESS = f"ws://127.0.0.1:{DEFAULT_PORT}"


def redraw(window) -> None:
    request = getattr(window, "request_redraw", None)
    if request is not None:
        request()


class TypingMixin:
    """Typed characters go to the focused text field."""

    def on_text(self, text: str) -> None:
        if isinstance(self.focused, TextField):
            self.focused.type(text)


class Column(MenuView):
    """A heading, a few lines of explanation, and a column of widgets (the online screens' shape)."""

    heading_words = ""
    intro_words = ""

    def build_texts(self) -> None:
        c = self.colours
        self.heading = arcade.Text(self.heading_words, 0, 0, c.brass_light, theme.HEADING + 8, font_name=theme.FONT,
                                   bold=True, anchor_x="center")
        self.intro = arcade.Text(self.intro_words, 0, 0, c.text, theme.BODY, font_name=theme.FONT,
                                 multiline=True, width=600, anchor_x="center", anchor_y="top", align="center")
        self.message = arcade.Text("", 0, 0, c.warning, theme.BODY, font_name=theme.FONT, multiline=True,
                                   width=600, anchor_x="center", anchor_y="top", align="center")

    def column(self) -> list:
        return self.focus_order

    def space_above_column(self, s: float) -> float:
        return 0.0

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        col_w = min(620 * s, width - 80)
        self.heading.font_size = round((theme.HEADING + 8) * s)
        put(self.heading, width / 2, height - 60 - 40 * s)
        for text in (self.intro, self.message):
            text.font_size = round(theme.BODY * s)
            wrap_text(text, col_w)
        put(self.intro, width / 2, height - 60 - 70 * s)
        y = height - 60 - 90 * s - self.intro.content_height - self.space_above_column(s)
        row_h, gap = 46 * s, 12 * s
        for widget in self.column():
            widget.place(width / 2 - col_w / 2, y - row_h, col_w, row_h)
            widget.set_font_size(round(theme.BODY * s + (1 if isinstance(widget, Button) else 0)))
            y -= row_h + gap
        put(self.message, width / 2, y - 6 * s)

    def draw_texts(self) -> None:
        self.heading.draw()
        self.intro.draw()
        self.message.draw()

    def say(self, words: str) -> None:
        self.message.text = words
        self.relayout()


class OnlineView(Column):
    """Host a game (one button per game), join one, or watch one."""

    heading_words = "Play online"
    intro_words = ("Play a friend on another computer. One of you hosts: the game is kept by a server, "
                   "here in this app or one already running, and the host gives the other the address "
                   "and the game's code. Each of you sees only his own side.")

    def build(self) -> None:
        self.build_texts()
        c = self.colours
        games, _ = installed_games()
        self.statuses = [game_status(spec) for spec in games.values()]
        self.buttons = [Button(f"Host {s.spec.title}", lambda s=s: self.host(s), c, primary=True,
                               help_text=f"Start a game of {s.spec.title} that your friend joins with its code")
                        for s in self.statuses if s.ready]
        self.buttons += [Button("Join a game", lambda: self.window.show_view(JoinView(False)), c,
                                help_text="Take the free seat of a game: you need its address and code"),
                         Button("Watch a game", lambda: self.window.show_view(JoinView(True)), c,
                                help_text="Follow a game as a spectator: you see what both players may see"),
                         Button("Back", self.back, c, help_text="Back to the list of games")]
        for button in self.buttons:
            self.ui.add(button)
        self.focus_order = list(self.buttons)

    def host(self, status: GameStatus) -> None:
        self.window.show_view(HostSetupView(status.spec, status))


class HostSetupView(TypingMixin, GameSetupView):
    """The new-game screen, for a game on a server: where the server is, then the usual choices."""

    server_mode = "local"
    address = DEFAULT_ADDRESS

    def __init__(self, spec: GameSpec, status: GameStatus | None = None) -> None:
        super().__init__(spec, status)
        self.opponent = "human"

    def build(self) -> None:
        super().build()
        c = self.colours
        self.ui.remove(self.opponent_row)
        self.rows.remove(self.opponent_row)
        self.panel_heading.text = "Host a game online"
        self.start_button.label.text = "Host"
        self.start_button.help_text = "Make the game and show its code for your friend"
        self.server_row = Selector("Server", SERVERS, self.server_mode, self.set_server, c,
                                   help_text="Open to other computers: your friend connects to this computer "
                                             "(your firewall may ask)")
        self.side_row = Selector("You command", [(side, side.capitalize()) for side in self.spec.sides],
                                 self.human_side, lambda v: setattr(self, "human_side", v), c,
                                 help_text="Your side; your friend takes the other")
        extra: list[Any] = [self.server_row]
        self.address_field = None
        if self.server_mode == "elsewhere":
            self.address_field = TextField("Address", self.address, c, on_enter=self.start,
                                           on_focus=self.set_focus,
                                           help_text="The server's address, e.g. ws://192.168.1.20:8765")
            extra.append(self.address_field)
        extra.append(self.side_row)
        self.rows[:0] = extra
        for row in extra:
            self.ui.add(row)
        self.focus_order = [w for w in self.focus_order if w is not self.opponent_row]
        self.focus_order[:0] = extra

    def set_server(self, mode: str) -> None:
        self.keep_address()
        self.server_mode = mode
        self.rebuild()

    def keep_address(self) -> None:
        if getattr(self, "address_field", None) is not None:
            self.address = self.address_field.value

    def start(self) -> None:
        if not self.status.ready or self.variant is None:
            self.show_message(self.status.problem or f"{self.spec.title} cannot start yet.")
            return
        self.keep_address()
        hosted = "" if self.server_mode == "elsewhere" else self.server_mode
        plan = Plan(game=self.spec.id, variant=self.variant.id, options=self.options(), side=self.human_side,
                    address=self.address if not hosted else "", hosted=hosted)
        self.window.show_view(WaitView(plan, self.spec.title))

    def back(self) -> None:
        self.window.show_view(OnlineView())


class JoinView(TypingMixin, Column):
    """An address and a code: take the free seat, or watch."""

    address = DEFAULT_ADDRESS

    def __init__(self, watch: bool) -> None:
        super().__init__()
        self.watch = watch
        self.heading_words = "Watch a game" if watch else "Join a game"
        self.intro_words = ("Type the server's address and the game's code." +
                            (" You will see what both players may see, never a hidden piece." if watch else
                             " You take the free seat; your friend's computer holds the game."))

    def build(self) -> None:
        self.build_texts()
        c = self.colours
        self.address_field = TextField("Address", JoinView.address, c, on_enter=self.go, on_focus=self.set_focus,
                                       help_text="The address your friend gave you, e.g. ws://192.168.1.20:8765")
        self.code_field = TextField("Game code", "", c, on_enter=self.go, on_focus=self.set_focus, max_length=12,
                                    upper=True, help_text="The six letters and digits your friend gave you")
        self.go_button = Button("Watch" if self.watch else "Join", self.go, c, primary=True,
                                help_text="Connect to the game")
        self.back_button = Button("Back", self.back, c, help_text="Back to Play online")
        self.focus_order = [self.address_field, self.code_field, self.go_button, self.back_button]
        for widget in self.focus_order:
            self.ui.add(widget)
        if self.focused is None:
            self.set_focus(self.code_field)

    def go(self) -> None:
        code = self.code_field.value.strip()
        if not code:
            self.say("Type the game's code (six letters and digits).")
            self.set_focus(self.code_field)
            return
        JoinView.address = self.address_field.value
        plan = Plan(address=self.address_field.value, code=code, spectate=self.watch)
        self.window.show_view(WaitView(plan, "", back_to=self))

    def back(self) -> None:
        self.window.show_view(OnlineView())


class WaitView(Column):
    """Connecting; for a host, the address and code to give, until the friend has joined."""

    def __init__(self, plan: Plan, title: str, back_to: MenuView | None = None) -> None:
        super().__init__()
        self.plan = plan
        self.title = title
        self.back_to = back_to
        self.connection = Connection(plan, on_change=lambda: redraw(self.window))
        self.opened = False
        self.shown: tuple = ()
        if plan.hosting:
            self.heading_words = f"Hosting {title}"
        elif plan.token:
            self.heading_words = f"Resuming game {plan.code.upper()}"
        else:
            self.heading_words = f"{'Watching' if plan.spectate else 'Joining'} game {plan.code.strip().upper()}"

    def build(self) -> None:
        self.build_texts()
        c = self.colours
        self.code_text = arcade.Text("", 0, 0, c.brass_light, theme.TITLE, font_name=theme.FONT, bold=True,
                                     anchor_x="center")
        self.address_text = arcade.Text("", 0, 0, c.text, theme.BODY + 4, font_name=theme.FONT, anchor_x="center")
        self.status_text = arcade.Text("", 0, 0, c.text_muted, theme.BODY, font_name=theme.FONT, italic=True,
                                       anchor_x="center")
        self.now_button = Button("Begin now", self.open_game, c, primary=True,
                                 help_text="Start before your friend arrives: he can join at any time")
        self.back_button = Button("Back", self.back, c, help_text="Give up waiting (a game made stays on the server)")
        self.focus_order = [self.now_button, self.back_button]
        for widget in self.focus_order:
            self.ui.add(widget)
        self.update_texts()

    def column(self) -> list:
        return [w for w in self.focus_order if w.visible]

    def layout(self, width: int, height: int) -> None:
        super().layout(width, height)
        s = theme.scale_for(width, height)
        self.code_text.font_size = round(theme.TITLE * 1.2 * s)
        self.address_text.font_size = round((theme.BODY + 4) * s)
        self.status_text.font_size = round(theme.BODY * s)
        top = height - 60 - 90 * s - self.intro.content_height
        put(self.address_text, width / 2, top - 30 * s)
        put(self.code_text, width / 2, top - 120 * s)
        put(self.status_text, width / 2, top - 160 * s)

    def space_above_column(self, s: float) -> float:
        return 190 * s if self.code_text.text else 0.0

    def update_texts(self) -> None:
        """The words for how the connection stands (redone only when that changes)."""
        conn = self.connection
        state = (conn.error, conn.code, conn.done, conn.shown_address)   # read once: the thread moves on
        if state == self.shown:
            return
        self.shown = state
        error, code, done, address = state
        hosting = self.plan.hosting
        if error:
            intro = f"Could not {'host the game' if hosting else 'join'}: {error}."
        elif hosting and code:
            intro = ("Give your friend this address and code: in NavalGames he chooses Play online, "
                     "then Join a game, and types them in.")
        elif hosting:
            intro = "Starting the server and making the game…"
        else:
            intro = f"Connecting to {address or self.plan.address}…"
        self.intro.text = intro
        self.code_text.text = code if hosting and code and not error else ""
        self.address_text.text = f"Address   {address}" if self.code_text.text else ""
        self.status_text.text = ("Waiting for your friend to join…" if done else "Connecting…") \
            if self.code_text.text else ""
        self.now_button.visible = hosting and done and not error
        self.relayout()

    def on_update(self, delta_time: float) -> None:
        if self.opened:
            return
        self.update_texts()
        conn = self.connection
        if conn.done and (not self.plan.hosting or conn.opponent_here()):
            self.open_game()
        elif not conn.error:
            redraw(self.window)        # an open-ended wait: keep the screen alive

    def open_game(self) -> None:
        conn = self.connection
        if self.opened or not conn.done:
            return
        games, _ = installed_games()
        spec = games.get(conn.seat.game.get("game", ""))
        if spec is None:
            self.say(f"This game is {conn.seat.game.get('game')!r}, which is not installed here.")
            return
        self.opened = True
        problem = open_match(self.window, conn.match(spec))
        if problem:
            self.opened = False
            self.say(problem)

    def draw_texts(self) -> None:
        super().draw_texts()
        for text in (self.address_text, self.code_text, self.status_text):
            text.draw()

    def back(self) -> None:
        self.connection.cancel()
        self.window.show_view(self.back_to or OnlineView())


def resume_seat(window, entry: SeatEntry) -> None:
    """Take back an adjourned seat from Continue."""
    plan = Plan(address=entry.address if not entry.hosted else "", hosted=entry.hosted, code=entry.code,
                token=entry.token, side=entry.side)
    window.show_view(WaitView(plan, entry.game))


def seat_rows(view) -> list[tuple[SaveRow, Button]]:
    """Continue's rows for the adjourned online games (with a Forget button each)."""
    from navalgames.ui.continue_view import when_text
    c = view.colours
    games, _ = installed_games()
    rows = []
    for entry in load_seats():
        spec = games.get(entry.game)
        title = f"{spec.title}  —  {view.variant_name(spec, entry.variant)}" if spec else entry.game
        where = "this app's server" if entry.hosted else entry.address
        details = (f"Online, you command {entry.side.capitalize()}  ·  code {entry.code} on {where}  ·  "
                   f"{when_text(entry.updated)}")
        row = SaveRow(title, details, "Online  ·  adjourned", False, lambda e=entry: resume_seat(view.window, e), c)
        row.help_text = "Take your seat again: the game goes on where it stood"

        def forget(e: SeatEntry = entry) -> None:
            forget_seat(e.address, e.code)
            view.rebuild()
        delete = Button("Forget", forget, c, on_paper=True, font_size=theme.SMALL,
                        help_text="Forget this seat here (the game stays on the server)")
        rows.append((row, delete))
    return rows


def hosting_for_picture(window, spec: GameSpec) -> WaitView:
    """The waiting screen of a game hosted on the app's own server, its code shown (screenshots)."""
    import time
    plan = Plan(game=spec.id, variant=next(iter(spec.variants())).id, side=spec.sides[0], hosted="local")
    view = WaitView(plan, spec.title)
    window.show_view(view)
    deadline = time.monotonic() + 20
    while not (view.connection.done or view.connection.error) and time.monotonic() < deadline:
        view.on_update(0.05)
        time.sleep(0.02)
    if view.connection.error:
        raise ValueError(view.connection.error)
    view.update_texts()
    return view
