"""The one arcade window of the suite and how screens are started.

Contract with the games: ``GameSpec.view`` names ``make_view(window, match) -> arcade.View``.
The window offers ``settings``, ``store`` (saves), ``palette`` (colours by role, honouring the
colour-blind setting), ``show_launcher()``, ``play_sound(name)`` and ``request_redraw(seconds)``;
the Match (navalgames.core.match) carries the record, including who plays each side
(``record.players[side]`` is ``"human"`` or ``"computer:LEVEL"``).
"""

from __future__ import annotations

import time

import arcade

from navalgames.core.match import Match
from navalgames.core.paths import data_dir
from navalgames.core.records import SaveStore
from navalgames.core.registry import load_object
from navalgames.core.settings import Settings
from navalgames.ui import theme
from navalgames.ui.palette import Palette, palette

TITLE = "NavalGames"

# Events that are not the player or the window system: they never ask for a frame by themselves.
QUIET_EVENTS = frozenset({"on_draw", "on_refresh", "on_update", "on_fixed_update", "on_close",
                          "on_context_lost", "on_context_state_lost"})


class NavalWindow(arcade.Window):
    def __init__(self, settings: Settings | None = None, store: SaveStore | None = None,
                 visible: bool = True) -> None:
        self.settings = settings or Settings.load()
        # No multisampling: the screens draw upright sprites, pictures and text that smooth their
        # own edges, and on a software renderer (llvmpipe) 4x samples doubled the cost of every
        # frame (Dover Patrol's still frame 13-16 ms with it, 5-8 ms without, same run).
        super().__init__(self.settings.width, self.settings.height, TITLE, resizable=True,
                         fullscreen=self.settings.fullscreen, visible=visible, antialiasing=False)
        self.set_minimum_size(800, 600)
        # Drawing on demand (issue 19): a frame is drawn after any input or window event, or
        # while a screen's request_redraw() is in force, and otherwise not at all.
        self._frame_wanted = True
        self._frames_until = 0.0
        self.frames_drawn = 0
        self.rules_overlay = None    # the rules shown over a game's screen, while open
        self._game_spec = None       # the game of the last match opened (screens without .match)
        self.store = store or SaveStore(data_dir())
        self._sounds: dict[str, arcade.Sound] = {}
        theme.load_fonts()
        try:   # the compass rose as the window's icon; cosmetic, so never fatal
            import pyglet
            self.set_icon(pyglet.image.load(str(theme.asset_path("compass_rose.png"))))
        except Exception:
            pass

    def request_redraw(self, seconds: float = 0.0) -> None:
        """Ask for frames to be drawn for at least ``seconds`` from now (0: just the next one).

        Screens call this whenever what they show changes without an input event: an animation
        starting or running, the computer's move arriving, a timer. Input and window events
        need no call. Without either, the window draws nothing, so an idle screen costs
        almost no CPU (issue 19).
        """
        self._frame_wanted = True
        if seconds > 0:
            self._frames_until = max(self._frames_until, time.monotonic() + seconds)

    def cancel_redraws(self) -> None:
        """Forget the frames still asked for (a test starting afresh on the shared window, after
        a test that skipped its animations to the end)."""
        self._frames_until = 0.0

    @property
    def frame_due(self) -> bool:
        """Whether the next tick of the event loop draws a frame."""
        return self._frame_wanted or time.monotonic() < self._frames_until

    def dispatch_event(self, *args):
        if args and args[0] not in QUIET_EVENTS:
            self._frame_wanted = True   # mouse, keys, resize, expose, restore, activate...
        return super().dispatch_event(*args)

    def draw(self, dt: float) -> None:
        """The event loop's frame (pyglet's Window.draw): skipped while nothing has changed.

        on_update still runs every tick (arcade calls it before this), so the computer's move
        and network messages arrive on time and ask for their own frames.
        """
        if not self.frame_due:
            return
        self._frame_wanted = False
        self.frames_drawn += 1
        super().draw(dt)

    def show_view(self, new_view: arcade.View) -> None:
        self.request_redraw()
        overlay = self.rules_overlay
        if overlay is not None:          # a game's screen changing under the rules: keep them on top
            self.remove_handlers(overlay)
        super().show_view(new_view)
        if overlay is not None:
            if self.match_on_screen() is None:   # the game's screen has gone: so do its rules
                overlay.close()
            else:
                self.push_handlers(overlay)

    def show_rules_overlay(self) -> None:
        """Show the current game's rules over its screen without leaving it (Esc returns).

        Game screens call this from their Rules button; F1 does it anywhere in a game. The
        screen beneath is left exactly as it was (navalgames.ui.rules_overlay).
        """
        spec = self.current_game()
        if spec is None or self.rules_overlay is not None:
            return
        from navalgames.ui.rules_overlay import RulesOverlay
        self.rules_overlay = RulesOverlay(self, spec)
        self.rules_overlay.open()

    def match_on_screen(self) -> Match | None:
        """The Match the current screen shows (``view.match`` or ``view.session.match``), if any."""
        view = self.current_view
        match = getattr(view, "match", None) or getattr(getattr(view, "session", None), "match", None)
        return match if isinstance(match, Match) else None

    def current_game(self):
        """The GameSpec of the game on screen, or None on the launcher's screens."""
        match = self.match_on_screen()
        if match is not None:
            return match.spec
        view = self.current_view
        from navalgames.ui.widgets import MenuView
        return None if view is None or isinstance(view, MenuView) else self._game_spec

    @property
    def palette(self) -> Palette:
        """The colours by role for the current colour-blind setting (see navalgames.ui.palette)."""
        return palette(self.settings.colour_blind)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """F11 switches full screen on any screen, F1 shows a game's rules over it (reached when
        the screen leaves the key unused)."""
        if symbol == arcade.key.F11:
            self.toggle_fullscreen()
            return True
        if symbol == arcade.key.F1 and self.current_game() is not None:
            self.show_rules_overlay()
            return True
        return None

    def toggle_fullscreen(self) -> None:
        on = not self.fullscreen
        try:
            self.set_fullscreen(on)
        except Exception:  # some window systems refuse; keep the window as it is
            return
        self.settings.fullscreen = on
        try:
            self.settings.save()
        except OSError:
            pass
        view = self.current_view
        if view is not None and hasattr(view, "rebuild"):   # launcher screens: show the new setting
            view.rebuild()

    def show_launcher(self) -> None:
        from navalgames.ui.launcher import LauncherView
        self.show_view(LauncherView())

    def start_match(self, match: Match) -> arcade.View | None:
        """Open the game's screen for ``match``; None if that game has no screens yet."""
        if not match.spec.view:
            return None
        view = load_object(match.spec.view)(self, match)
        self._game_spec = match.spec
        self.show_view(view)
        return view

    def play_sound(self, name: str) -> None:
        """Play a sound (an arcade resource or asset path) unless sound is off in the settings."""
        if not self.settings.sound:
            return
        try:
            sound = self._sounds.get(name) or arcade.load_sound(name)
            self._sounds[name] = sound
            sound.play()
        except Exception:  # no audio device (headless, CI): silence is fine
            pass


def run_launcher() -> int:
    try:
        window = NavalWindow()
    except Exception as exc:  # no display, no OpenGL: say so in a line instead of a traceback
        import sys
        print(f"navalgames: cannot open a window ({exc.__class__.__name__}: {exc}). Without a screen, "
              "`navalgames screenshot launcher OUT.png` still draws the launcher.", file=sys.stderr)
        return 1
    window.show_launcher()
    if window.headless:   # nothing to see: say so, and run the same event loop as on a screen
        import sys
        print("navalgames: running headless (ARCADE_HEADLESS=1), nothing is shown; Ctrl+C stops it.",
              file=sys.stderr)
    try:
        run_event_loop()
    except KeyboardInterrupt:
        return 130
    return 0


def run_event_loop() -> None:
    """pyglet's event loop with no frame timer of its own, as arcade.run() starts it on a screen.

    arcade's own updates tick the window (``on_update``, then a frame only when one is due);
    headless, arcade.run() would instead spin drawing as fast as it can.
    """
    import pyglet
    pyglet.app.run(None)
