"""What the card room's lobby says, in the language in use: the lobby connection's state, a
table of the list, someone in the room, a row of a leaderboard, a rating moved, the quick
match's wait. Names and the room's own words are text, never markup: every line is a
``rich.text.Text`` built from plain strings."""

from __future__ import annotations

from rich.text import Text

from ..engine.spoken import choice_label, game_name, rule_name
from ..engine.variant import make_variant
from ..lang import _, ngettext, pgettext
from ..net import link as L
from ..tui.words import level_name
from .room_state import BoardRow, Listed, Rated, RoomState, Someone, Waiting


def known_game(state: RoomState, variant: str) -> str:
    """A game's name in the language in use (the room's name for a game unknown here)."""
    try:
        return game_name(make_variant(variant))
    except (ValueError, KeyError, TypeError):
        return state.game_name(variant)


def house_rules(listed: Listed) -> str:
    """The house rules a table plays that differ from its game's defaults."""
    try:
        variant = make_variant(listed.variant)
    except (ValueError, KeyError, TypeError):
        return ""
    rules = []
    for rule in variant.house_rules:
        value = listed.options.get(rule.name, rule.default)
        if value != rule.default:
            rules.append(f"{rule_name(rule)}: {choice_label(value)}")
    return ", ".join(rules)


def seat_words(listed: Listed) -> Text:
    """Who sits where: names, bots and open places, in playing order."""
    line = Text()
    for k, seat in enumerate(listed.seats):
        if k:
            line.append(" · ")
        if seat.kind == "person":
            line.append(seat.name or "?", style="bold" if seat.connected else "yellow")
        elif seat.kind == "bot":
            # translators: the room's list of tables: a place a bot plays
            line.append(pgettext("room", "bot"), style="bright_black")
        else:
            # translators: the room's list of tables: a place nobody holds yet
            line.append(pgettext("room", "open"), style="cyan")
    return line


def table_line(state: RoomState, listed: Listed) -> Text:
    """A table of the lobby's list, on two lines: its number, game, house rules, rated or
    not, places free, watchers, started; then who sits where."""
    line = Text(f"{listed.number:>3}  ", style="bold")
    line.append(known_game(state, listed.variant), style="bold")
    rules = house_rules(listed)
    if rules:
        line.append(f" ({rules})")
    facts = [_("rated") if listed.rated else _("unrated")]
    if listed.started:
        facts.append(_("started"))
    elif listed.free:
        facts.append(ngettext("{n} place free", "{n} places free", listed.free).format(
            n=listed.free))
    else:
        facts.append(_("full"))
    if listed.watchers:
        facts.append(ngettext("{n} watching", "{n} watching", listed.watchers).format(
            n=listed.watchers))
    line.append(" — " + ", ".join(facts), style="green" if listed.rated else "")
    line.append("\n     ")
    line.append_text(seat_words(listed))
    return line


def someone_line(person: Someone, you: str) -> Text:
    line = Text(person.name, style="bold green" if person.name == you else "")
    if person.guest:
        # translators: the room's list of people: someone who came without a key
        line.append(" " + pgettext("room", "(guest)"), style="bright_black")
    if person.table is not None:
        line.append(" " + _("at table {number}").format(number=person.table),
                    style="bright_black")
    return line


def board_line(place: int, row: BoardRow) -> Text:
    line = Text(f"{place:>2}. ", style="bright_black")
    if row.bot:
        # translators: the leaderboard: the room's bots of a level (easy, medium, hard)
        line.append(_("bots ({level})").format(level=level_name(row.name)), style="cyan")
    else:
        line.append(row.name, style="bold")
    line.append(f"  {row.shown:.1f}")
    if row.matches is not None:
        line.append("  " + ngettext("{n} match", "{n} matches", row.matches).format(
            n=row.matches), style="bright_black")
    return line


def rated_line(state: RoomState, rated: Rated) -> str:
    game = known_game(state, rated.variant)
    before = f"{rated.before:.1f}" if rated.before is not None else "—"
    text = _("Your rating at {game}: {before} → {after}.").format(
        game=game, before=before, after=f"{rated.after:.1f}")
    if rated.left:
        text += " " + _("You left before the end: that counts as last place.")
    return text


def waiting_line(state: RoomState, waiting: Waiting, now: float) -> str:
    game = known_game(state, waiting.variant)
    seconds = waiting.seconds_left(now)
    people = ngettext("{n} person waiting", "{n} people waiting", waiting.people).format(
        n=waiting.people)
    if seconds:
        return _("{game} now: {people}; bots take the free places in {seconds} s.").format(
            game=game, people=people, seconds=seconds)
    return _("{game} now: {people}; bots take the free places now.").format(
        game=game, people=people)


def room_status(kind: str, where: str, detail: str = "", attempt: int = 0, tries: int = 0
                ) -> str:
    """The lobby connection's state in a sentence (``where``: the room's address)."""
    if kind == L.CONNECTING:
        return _("Coming into the room at {address}…").format(address=where)
    if kind == L.CONNECTED:
        return _("In the room at {address}.").format(address=where)
    if kind == L.REFUSED:
        # translators: {reason} is the room's own words, in English
        return _("The room would not let you in: {reason}.").format(reason=detail)
    if kind == L.UNREACHABLE:
        return _("{address} cannot be reached: {error}. Is the room running, and the "
                 "address right?").format(address=where, error=detail)
    if kind == L.DROPPED:
        return _("The connection to the room was lost. Press q to quit and come in again.")
    if kind == L.RETRYING:
        return _("The connection to the room was lost: coming in again ({attempt} of "
                 "{tries})…").format(attempt=attempt, tries=tries)
    if kind == L.BACK:
        return _("Back in the room at {address}.").format(address=where)
    return ""


def refused_line(rule: str) -> str:
    # translators: {rule} is the room's own words, in English
    return _("The room said no: {rule}.").format(rule=rule)

