"""The end of a deal (card points, games and why) and the end of the match."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...engine.variant import DealScore
from ..session import Session
from ..widgets.side import pente_lines
from ..widgets.table import team_colour


def score_table(session: Session) -> Text:
    """The match score, as a pente for two sides."""
    s = session
    scores = s.match.scores
    t = Text()
    if s.variant.n_teams == 2:
        t.append(f"{s.team_label(0)} {scores[0]}", style=f"bold {team_colour(0)}")
        t.append(" · ")
        t.append(f"{s.team_label(1)} {scores[1]}", style=f"bold {team_colour(1)}")
        t.append(f"   (first to {s.match.target})\n", style="bright_black")
        t.append_text(Text("\n").join(pente_lines(s.match.target, scores[0], scores[1], 40)))
    else:
        t.append("  ".join(f"{s.team_label(i)} {p}" for i, p in enumerate(scores)))
    return t


def team_names(session: Session, team: int) -> str:
    members = session.team_members(team)
    label = session.team_label(team)
    if len(members) == 1:
        return label
    return f"team {label} ({', '.join(members)})"


class DealSummaryScreen(ModalScreen[None]):
    BINDINGS = [Binding("enter", "close", "Continue"), Binding("space", "close", show=False)]

    def __init__(self, session: Session, score: DealScore) -> None:
        super().__init__()
        self.session = session
        self.score = score

    def compose(self) -> ComposeResult:
        s, sc = self.session, self.score
        title = f"Deal {s.deal_number} is over"
        if sc.ended_early:
            title += " (ended by a heley)"
        body = Text()
        if sc.winner is None and not any(sc.game_points):
            body.append("No game: the points are shared.\n\n", style="bold")
        elif sc.winner is not None:
            body.append(f"{team_names(s, sc.winner)} win the deal.\n\n", style="bold")
        for team, pts in enumerate(sc.card_points):
            body.append(f"{s.team_label(team):<10}", style=f"bold {team_colour(team)}")
            body.append(f"{pts:>4} card points  {sc.tricks[team]:>2} tricks  ")
            gp = sc.game_points[team]
            body.append(f"+{gp} game{'s' if gp != 1 else ''}\n", style="bold" if gp else "")
        if sc.notes:
            body.append("\n")
            for note in sc.notes:
                body.append(f"• {note}\n")
        body.append("\n")
        body.append_text(score_table(s))
        with Vertical(classes="dialog", id="deal-summary"):
            yield Static(title, classes="dialog-title")
            yield Static(body)
            yield Static("Press Enter to go on.", classes="dim")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class MatchEndScreen(ModalScreen[None]):
    BINDINGS = [Binding("enter", "close", "Back to the menu")]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        w = s.match.winner
        if w is None:
            head = "The match ends level."
        else:
            head = f"{team_names(s, w)} win the match!"
        body = Text(head + "\n\n", style="bold yellow")
        body.append(f"{len(s.match.deals)} deals played.\n\n")
        body.append_text(score_table(s))
        body.append(f"\n\nMatch seed {s.match.seed}: enter it in a new game to replay these "
                    "deals.", style="bright_black")
        with Vertical(classes="dialog", id="match-end"):
            yield Static("Match over", classes="dialog-title")
            yield Static(body)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
