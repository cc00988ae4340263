"""Play online from the launcher: host on the app's own server (127.0.0.1, a free port), a
computer joins with the code, both games played by clicks and keys to a result; a wrong code;
leaving a game and taking the seat back from Continue."""

from __future__ import annotations

import arcade
import pytest

from navalgames.net.seats import load_seats
from navalgames.ui import testing
from navalgames.ui.launcher import LauncherView
from navalgames.ui.online.screens import HostSetupView, JoinView, OnlineView, WaitView

from online_ui_helpers import app_server, click_text, computer_opponent, pump  # noqa: F401

pytestmark = pytest.mark.usefixtures("app_server")


def host(window, title: str, variant: str | None = None, side: str | None = None) -> WaitView:
    """From the launcher's main screen to the waiting screen, by clicks; the code is shown."""
    window.show_view(LauncherView())
    testing.draw(window)
    click_text(window, window.current_view, "Play online")
    assert isinstance(window.current_view, OnlineView)
    click_text(window, window.current_view, f"Host {title}")
    setup = window.current_view
    assert isinstance(setup, HostSetupView)
    for _ in range(10):            # step the variant selector to the one wanted
        if variant is None or setup.variant_id == variant:
            break
        testing.click_widget(window, setup.variant_row, where=0.95)
    for _ in range(3):
        if side is None or setup.human_side == side:
            break
        testing.click_widget(window, setup.side_row, where=0.95)
    testing.click_widget(window, setup.start_button)
    wait = window.current_view
    assert isinstance(wait, WaitView)
    pump(window, lambda: bool(wait.code_text.text) or bool(wait.connection.error))
    assert wait.connection.error == ""
    assert wait.code_text.text == wait.connection.code
    assert wait.connection.shown_address.startswith("ws://127.0.0.1:")
    return wait


def put_away_combat(window, view) -> None:
    """A combat stays face up until the player puts it away (any key); the next click would
    only do that."""
    if view.reveal is not None:
        testing.press(window, arcade.key.SPACE)
    assert view.reveal is None


def south_to_move(window):
    """The Dover Patrol play screen, once it is South's (the player's) turn, no combat showing."""
    from games.dover_patrol.ui.play import PlayView
    view = pump(window, lambda: isinstance(window.current_view, PlayView)
                and window.current_view.session.human_to_act() == "south")
    put_away_combat(window, view)
    return view


def play_south_moves(window, moves: int):
    """South deploys at random and plays ``moves`` moves by clicks; the play screen afterwards."""
    from games.dover_patrol.ui.deploy import DeployView
    from games.dover_patrol.rules import Move
    from dover_screen_helpers import click_button, click_square
    view = pump(window, lambda: isinstance(window.current_view, DeployView))
    click_button(window, view, "random")
    click_button(window, view, "ready")
    for _ in range(moves):
        view = south_to_move(window)
        session = view.session
        assert session.hot_seat is False and session.can_undo() is False
        assert view.panel.find("undo") is None
        # one of South's own ships, and its first destination, clicked as a player would
        start = next(sq for sq, acts in view.actions.items() if any(isinstance(a, Move) for a in acts))
        click_square(window, view, start)
        target = view.destinations()[0]
        before = session.match.message["seq"]
        click_square(window, view, target)
        if view.pending:
            click_button(window, view, "no_attack") if view.pending[3] else click_square(window, view, sorted(view.pending[2])[0])
        pump(window, lambda: session.match.message["seq"] > before)
    return view


def test_host_dover_patrol_play_by_clicks_then_resign(window):
    from games.dover_patrol.ui.gameover import GameOverView
    from dover_screen_helpers import click_button
    wait = host(window, "Dover Patrol", variant="first-capture", side="south")
    conn = wait.connection
    opponent, result = computer_opponent(conn.address, conn.code, "dover-patrol")
    view = play_south_moves(window, 3)
    session = view.session
    assert "opponent is connected" in session.status_line()
    put_away_combat(window, view)
    testing.press(window, arcade.key.S)              # nothing to save here: the server keeps the game
    assert window.store.entries() == [] and "server keeps" in view.error
    # North's pieces show a kind only where South has seen it (in an attack, an explosion...)
    shown = [t for t in view.board.picture.tokens.values() if t.side == "north" and t.kind]
    seen = [p for p in session.state.observation().enemy() if p.kind]
    assert len(shown) == len(seen) < 20
    view = pump(window, lambda: window.current_view.session.human_to_act() == "south")
    put_away_combat(window, view)
    click_button(window, view, "resign")
    testing.press(window, arcade.key.Y)
    over = pump(window, lambda: isinstance(window.current_view, GameOverView))
    outcome = over.session.result()
    assert outcome.winner == "north" and "South resigned" in outcome.reason
    assert over.total == len(over.session.match.record.actions) > 2      # the whole record, for the replay
    pump(window, lambda: "outcome" in result or "error" in result)
    assert result.get("outcome", {}).get("winner") == "north", result
    assert load_seats() == []                    # over: Continue no longer lists it
    opponent.close()


def test_host_naval_blockade_play_by_keys_then_resign(window):
    from games.naval_blockade.ui.over_view import GameOverView
    from games.naval_blockade.ui.play_view import PlayView
    from blockade_screen_helpers import click_square
    wait = host(window, "Naval Blockade", side="runner")
    conn = wait.connection
    opponent, result = computer_opponent(conn.address, conn.code, "naval-blockade")
    pump(window, lambda: getattr(window.current_view, "match", None) is not None)
    played = 0

    def mine(view) -> bool:
        m = getattr(view, "match", None)
        return m is not None and (m.my_turn() and not view.steps) or isinstance(view, GameOverView)

    while played < 4:
        view = pump(window, lambda: mine(window.current_view))
        if isinstance(view, GameOverView):
            break
        match = view.match
        before = match.message["seq"]
        stage = match.state.stage
        if stage == "start":
            click_square(window, view, "m1")
        elif stage == "terrain":
            testing.click_widget(window, view.buttons["generate"])
            testing.click_widget(window, view.buttons["done"])
        else:
            assert isinstance(view, PlayView)
            assert "your opponent is connected" in view.panel.named["prompt"].text.text
            if stage == "answer":          # the computer offered to stop on points
                testing.click_widget(window, view.buttons["refuse"])
            else:
                for key in (arcade.key.UP, arcade.key.LEFT, arcade.key.RIGHT):
                    testing.press(window, key)
                    if match.waiting or match.message["seq"] > before:
                        break
            assert match.waiting or match.message["seq"] > before, (stage, view.notice.text)
            played += 1
        pump(window, lambda: match.message["seq"] > before or match.finished or match.problem)
        assert not match.problem
    print("moves played by keys:", played)
    view = pump(window, lambda: mine(window.current_view))
    if not isinstance(view, GameOverView):
        testing.click_widget(window, view.buttons["resign"])
        view = pump(window, lambda: isinstance(window.current_view, GameOverView))
    assert view.match.finished and view.match.state.outcome() is not None
    pump(window, lambda: "outcome" in result or "error" in result)
    assert result.get("outcome", {}).get("winner") == view.match.state.outcome().winner, result
    opponent.close()


def test_joining_with_a_wrong_code_says_so(window):
    wait = host(window, "Naval Blockade")
    address = wait.connection.shown_address
    window.show_view(JoinView(False))
    join = window.current_view
    testing.draw(join.window)
    join.address_field.value = ""
    join.set_focus(join.address_field)
    join.on_text(address)
    join.set_focus(join.code_field)
    join.on_text("zzzz99")
    assert join.code_field.value == "ZZZZ99"
    testing.press(window, arcade.key.ENTER)
    failed = window.current_view
    assert isinstance(failed, WaitView)
    pump(window, lambda: bool(failed.connection.error))
    assert "no game with code 'ZZZZ99'" in failed.intro.text
    testing.press(window, arcade.key.ESCAPE)
    assert window.current_view is join       # back to the address and code, nothing lost
    assert join.code_field.value == "ZZZZ99"


def test_continue_counts_adjourned_online_games(window):
    from navalgames.net.seats import SeatEntry, remember_seat
    window.show_view(LauncherView())
    testing.draw(window)
    assert window.current_view.buttons[0].text == "Continue"
    remember_seat(SeatEntry("ws://127.0.0.1:8765", "AAAAAA", "dover-patrol", "classic", "south", "t1"))
    window.show_view(LauncherView())
    testing.draw(window)
    assert window.current_view.buttons[0].text == "Continue  (1)"


def test_leave_then_resume_from_continue(window):
    from games.dover_patrol.ui.deploy import DeployView
    from navalgames.ui.continue_view import ContinueView
    from dover_screen_helpers import click_button
    wait = host(window, "Dover Patrol", variant="first-capture", side="north")
    conn = wait.connection
    code = conn.code
    opponent, _ = computer_opponent(conn.address, code, "dover-patrol")
    view = pump(window, lambda: isinstance(window.current_view, DeployView))
    [entry] = load_seats()
    assert (entry.code, entry.side, entry.hosted) == (code, "north", "local")
    click_button(window, view, "menu")              # adjourns: the game stays on the server
    assert isinstance(window.current_view, LauncherView)
    assert window.current_view.buttons[0].text == "Continue  (1)"      # the adjourned game counts
    window.show_view(ContinueView())
    testing.draw(window)
    listing = window.current_view
    row = listing.rows[0]
    assert row.heading.text.startswith("Dover Patrol") and code in row.details.text
    testing.click_widget(window, row)
    back = window.current_view
    assert isinstance(back, WaitView) and back.plan.token == entry.token
    view = pump(window, lambda: isinstance(window.current_view, DeployView))
    assert view.session.match.code == code and view.session.match.side == "north"
    click_button(window, view, "random")
    click_button(window, view, "ready")
    pump(window, lambda: view.session.match.message.get("seq", 0) >= 2)
    view.session.match.leave()
    opponent.close()


def resume_from_continue(window):
    """Continue's first row (the adjourned online game) clicked; the screen the game comes back to."""
    from navalgames.ui.continue_view import ContinueView
    window.show_view(ContinueView())
    testing.draw(window)
    testing.click_widget(window, window.current_view.rows[0])
    assert isinstance(window.current_view, WaitView)
    return pump(window, lambda: not isinstance(window.current_view, WaitView))


def test_a_resumed_dover_patrol_game_shows_its_log_and_last_move(window):
    from dover_screen_helpers import click_button
    wait = host(window, "Dover Patrol", variant="first-capture", side="south")
    conn = wait.connection
    opponent, _ = computer_opponent(conn.address, conn.code, "dover-patrol")
    view = play_south_moves(window, 2)
    view = south_to_move(window)
    match = view.session.match
    log, last = list(view.session.log), view.last_move()
    # live, the last move is marked (the computer's reply, where it came from and went to)
    assert len(last) == 2 and "last" in view.board._marks[last[0]]
    assert [line for line in log if line.number >= 3]        # the moves are in it, numbered
    # what South may see: its own deployment and every move, never North's deployment
    assert match.record.actions[0].startswith("deploy south")
    assert not any(a.startswith("deploy north") for a in match.record.actions)
    click_button(window, view, "menu")                 # adjourned
    resumed = resume_from_continue(window)
    assert resumed is not view and resumed.session.match is not match
    # the log as it was, rebuilt from what the server kept of South's view, and the same marker
    assert resumed.session.log == log
    assert resumed.last_move() == last and "last" in resumed.board._marks[last[0]]
    resumed.session.match.leave()
    opponent.close()


def test_naval_blockade_online_shows_the_toss_and_a_resumed_game_its_log(window):
    from games.naval_blockade.ui.play_view import PlayView
    from games.naval_blockade.ui.terrain_view import TerrainView
    from blockade_screen_helpers import click_square
    wait = host(window, "Naval Blockade", side="runner")
    conn = wait.connection
    opponent, _ = computer_opponent(conn.address, conn.code, "naval-blockade")
    terrain = pump(window, lambda: isinstance(window.current_view, TerrainView)
                   and window.current_view.match.my_turn())
    match = terrain.match
    click_square(window, terrain, "m1")                 # the Runner's start; the computer's brings the toss
    pump(window, lambda: any(a.startswith("toss:") for a in match.record.actions))
    winner = match.state.toss_winner
    assert terrain.toss_banner.text == f"The toss: the {('Runner', 'Blockader')[winner]} wins"
    if match.state.stage == "terrain" and match.my_turn():     # the toss fell to us: we lay out the islands
        testing.click_widget(window, terrain.buttons["generate"])
    view = pump(window, lambda: isinstance(window.current_view, PlayView) and not window.current_view.steps
                and window.current_view.match.my_turn())
    lines = list(view.log_lines)
    assert match.record.actions[0] == "start m1"
    view.menu()                                          # adjourned on our turn: nothing moves meanwhile
    resumed = resume_from_continue(window)
    assert isinstance(resumed, PlayView) and resumed.match is not match
    # the newest lines of the log, replayed from the record the server sent, as a saved game's are
    assert len(resumed.log_lines) >= 3 and resumed.log_lines == lines[-len(resumed.log_lines):]
    resumed.match.leave()
    opponent.close()


@pytest.mark.parametrize("game, variant", [("dover-patrol", "first-capture"), ("naval-blockade", "standard")])
def test_watch_a_game_between_two_computers(window, game, variant):
    """Watch: the play screen follows the game, with no input and nothing hidden shown."""
    from navalgames.net.client import create_game
    from navalgames.ui.online.hosting import app_server
    address = app_server("local").address
    code = create_game(address, game, variant)
    players = [computer_opponent(address, code, game) for _ in range(2)]
    window.show_view(JoinView(True))
    join = window.current_view
    testing.draw(window)
    join.address_field.value = address
    join.code_field.value = code
    testing.click_widget(window, join.go_button)
    view = pump(window, lambda: hasattr(window.current_view, "match") or hasattr(window.current_view, "session"))
    match = view.session.match if hasattr(view, "session") else view.match
    assert match.side is None and match.code == code
    pump(window, lambda: match.message.get("seq", 0) >= 6 or match.finished)
    view = window.current_view
    if game == "dover-patrol" and not match.finished:
        assert view.session.humans == [] and "Watching game" in view.session.status_line()
        shown = [t for t in view.board.picture.tokens.values() if t.kind]
        known = [p for p in match.state.observation().pieces if p.kind and p.square is not None]
        assert len(shown) == len(known) < 60        # only pieces both players have seen face up
    elif game == "naval-blockade" and not match.finished:
        assert not view.human_input_allowed()
    for seat, _ in players:
        seat.close()
    match.leave()
