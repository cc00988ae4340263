"""The one arcade window of the suite and how screens are started.

Contract with the games: ``GameSpec.view`` names ``make_view(window, match) -> arcade.View``.
The window offers ``settings``, ``store`` (saves), ``palette`` (colours by role, honouring the
colour-blind setting), ``show_launcher()``, ``play_sound(name)`` and ``request_redraw(seconds)``;
the Match (navalgames.core.match) carries the record, including who plays each side
(``record.players[side]`` is ``"human"`` or ``"computer:LEVEL"``).
"""

from __future__ import annotations

import arcade

from navalgames.core.match import Match
from navalgames.core.paths import data_dir
from navalgames.core.records import SaveStore
from navalgames.core.registry import load_object
from navalgames.core.settings import Settings
from navalgames.ui import theme
from navalgames.ui.palette import Palette, palette

TITLE = "NavalGames"


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
        need no call. (For now every frame is drawn; issue 19 makes idle screens stop drawing.)
        """
        return None

    def show_rules_overlay(self) -> None:
        """Show the current game's rules over its screen without leaving it (Esc returns).

        Game screens call this from their Rules button; F1 does it anywhere. (Being built.)
        """
        return None

    @property
    def palette(self) -> Palette:
        """The colours by role for the current colour-blind setting (see navalgames.ui.palette)."""
        return palette(self.settings.colour_blind)

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        """F11 switches full screen on any screen (reached when the screen leaves the key unused)."""
        if symbol == arcade.key.F11:
            self.toggle_fullscreen()
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
    arcade.run()
    return 0
