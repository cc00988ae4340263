"""Which screen comes next: deployment, hand-over, play or game over, decided in one place."""

from __future__ import annotations

from .handover import HandOverView
from .session import Session, other


def news_for(session: Session, side: str, limit: int = 4) -> list[str]:
    """What happened since ``side`` last acted, in words both players saw at the table."""
    lines = []
    for entry in reversed(session.log):
        if entry.side == side and entry.kind in ("move", "jump", "transfer", "deploy"):
            break
        lines.append(entry.text)
    return list(reversed(lines))[-limit:]


def next_view(session: Session):
    """The screen the game's current moment calls for."""
    from .deploy import DeployView
    from .gameover import GameOverView
    from .play import PlayView
    window = session.window
    if session.result() is not None:
        session.thinker.forget()
        return GameOverView(session)
    if session.needs_hand_over():
        side = session.human_to_act()
        setup = session.state.phase == "setup"

        def ready() -> None:
            session.eyes = side
            show_next(session)
        heading = f"{side.title()} to {'deploy' if setup else 'play'}"
        news = [] if setup else news_for(session, side)
        return HandOverView(side, other(side), news, ready, session_colour_blind(session), heading)
    state = session.state
    if state.phase == "setup":
        deployed = state.observation("south").deployed
        waiting = session.human_to_act() or next((h for h in session.humans if h not in deployed), None)
        if waiting:
            if not session.hot_seat:
                session.eyes = waiting
            return DeployView(session, waiting)
    if not session.hot_seat and session.humans:
        session.eyes = session.humans[0]
    current = window.current_view
    if isinstance(current, PlayView) and current.session is session:
        current.dirty = True
        return current
    return PlayView(session)


def show_next(session: Session) -> None:
    """Show the screen the game's current moment calls for (the play screen stays if it is up)."""
    view = next_view(session)
    if view is not session.window.current_view:
        session.window.show_view(view)


def session_colour_blind(session: Session) -> bool:
    return bool(getattr(session.window.settings, "colour_blind", False))


def ask_draw_across_the_table(session: Session, side: str) -> None:
    """On one screen, a draw offer is answered by the other player on a covered screen."""
    from .handover import AnswerView
    window = session.window
    opponent = other(side)
    back = window.current_view

    def accept() -> None:
        session.end_by_agreement(None, f"drawn by agreement ({side.title()} offered, {opponent.title()} accepted)")
        show_next(session)

    def decline() -> None:
        # the offering player looks again: cover the screen until he has it back
        def ready() -> None:
            session.eyes = side
            window.show_view(back)
            back.dirty = True
        window.show_view(HandOverView(side, opponent, [f"{opponent.title()} declined the draw."], ready,
                                      session_colour_blind(session)))
    session.eyes = None
    window.show_view(AnswerView(f"{side.title()} offers a draw", f"{opponent.title()}: do you accept?",
                                accept, decline, session_colour_blind(session), opponent))
