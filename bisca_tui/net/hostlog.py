"""What ``bisca-tui host`` prints: how to join (the invite code, and a ``bisca-tui join``
line for each address the table listens on), then one line for each thing that happens at
the table (who came, sat, left or came back, each deal's score, the end), with the time.

Every line goes through ``output``: a player's name is shown as text, never as terminal
codes. With ``--json`` each line is a JSON object instead, its ``event`` saying what it is
(``ready`` first), the same in every language.
"""

from __future__ import annotations

import time
from typing import Any

from ..argtypes import is_loopback
from ..lang import _, ngettext
from ..output import json_text, write, write_text
from .addresses import join_address, listens_everywhere


def join_line(address: str, port: int, code: str) -> str:
    return f"bisca-tui join {join_address(address, port)} {code}"


def scores_text(sides: list[str], scores: list[int]) -> str:
    return ", ".join(f"{side} {score}" for side, score in zip(sides, scores, strict=False))


def event_text(kind: str, f: dict[str, Any]) -> str | None:
    """One event of the table in a sentence (None: one the log does not show). Places are
    counted from 1, as the players see them (the events count them from 0)."""
    if isinstance(f.get("seat"), int):
        f = {**f, "seat": f["seat"] + 1}
    if kind == "came":
        if f.get("back"):
            return _("{name} is back at place {seat}").format(name=f["name"], seat=f["seat"])
        return _("{name} came in (from {address})").format(name=f["name"], address=f["peer"])
    if kind == "sat":
        return _("{name} sat at place {seat}").format(name=f["name"], seat=f["seat"])
    if kind == "left":
        if f.get("held") is not None:
            return _("{name} left place {seat}: it is held for them {seconds} seconds, then a "
                     "bot plays it until they come back").format(
                name=f["name"], seat=f["seat"], seconds=f"{f['held']:g}")
        if f.get("seat") is not None:
            return _("{name} left place {seat}, which is free again").format(
                name=f["name"], seat=f["seat"])
        return _("{name} left").format(name=f["name"])
    if kind == "replaced":
        return _("{name} has not come back: a bot ({level}) plays place {seat} until they "
                 "do").format(name=f["name"], level=f["level"], seat=f["seat"])
    if kind == "refused":
        return _("A connection from {address} was refused: {reason}").format(
            address=f["peer"], reason=f["reason"])
    if kind == "slowed":
        return ngettext("{address} made {n} wrong try (an invite code, a key or a password): "
                        "its next tries are slowed down",
                        "{address} made {n} wrong tries (invite codes, keys or passwords): "
                        "its next tries are slowed down", f["tries"]).format(
            address=f["peer"], n=f["tries"])
    if kind == "barred":
        return _("{address} made {n} wrong tries: it is refused for {seconds} seconds").format(
            address=f["peer"], n=f["tries"], seconds=f"{f['seconds']:g}")
    if kind == "started":
        return _("The match begins: {players}").format(players=", ".join(f["seats"]))
    if kind == "resumed":
        n = f["actions"]
        return ngettext("The match goes on from its save, at deal {deal} after {n} action; "
                        "the players come back with their places' keys",
                        "The match goes on from its save, at deal {deal} after {n} actions; "
                        "the players come back with their places' keys", n).format(
            deal=f["deal"], n=n)
    if kind == "deal":
        return _("Deal {deal}: card points {points}; the match stands {scores}").format(
            deal=f["deal"], points="-".join(str(p) for p in f["points"]),
            scores=scores_text(f["sides"], f["scores"]))
    if kind == "over":
        n, scores = f["deals"], scores_text(f["sides"], f["scores"])
        if f.get("finished"):
            return ngettext("The match is over after {n} deal: {scores}",
                            "The match is over after {n} deals: {scores}", n).format(
                n=n, scores=scores)
        return ngettext("The {n} deal asked for is played: {scores}",
                        "The {n} deals asked for are played: {scores}", n).format(
            n=n, scores=scores)
    if kind == "problem":
        return str(f["message"])
    return None


def intro_lines(game: str, host: str, port: int, code: str, addresses: list[str],
                places: str, level: str, hold: float, start_with: int,
                resumed: bool) -> list[str]:
    """How to join, and what the table is: the lines printed once the host listens."""
    where = join_address(host or "*", port)
    lines = ["bisca-tui: " + _("hosting {game} at {address}, invite code {code}").format(
        game=game, address=where, code=code)]
    lines.append(_("To join, a player runs one of:") if len(addresses) > 1
                 else _("To join, a player runs:"))
    for address in addresses:
        line = "  " + join_line(address, port, code)
        if len(addresses) > 1 and is_loopback(address):
            line += "   " + _("(from this machine)")
        lines.append(line)
    if is_loopback(host):
        lines.append(_("Only this machine can reach the table; --host 0.0.0.0 opens it to "
                       "the network."))
    elif listens_everywhere(host):
        lines.append(_("Warning: the table listens on every address of this machine: anyone "
                       "who can reach port {port} and knows the code can play.").format(
            port=port))
    else:
        lines.append(_("Warning: {host} is not this machine only: anyone who can reach port "
                       "{port} there and knows the code can play.").format(host=host, port=port))
    if not resumed and start_with == 0:
        lines.append(_("Places open to players: {places}; bots ({level}) begin at once, and "
                       "players take the open places as they come.").format(
            places=places, level=level))
    elif not resumed:
        lines.append(ngettext(
            "Places open to players: {places}; the match begins when {n} has sat; bots "
            "({level}) play the other places.",
            "Places open to players: {places}; the match begins when {n} have sat; bots "
            "({level}) play the other places.", start_with).format(
            places=places, n=start_with, level=level))
        lines.append(_("Press Enter here to begin sooner, with bots in the places nobody "
                       "holds."))
    lines.append(_("A player who drops keeps the place for {seconds} seconds; then a bot plays "
                   "it until they come back. Ctrl+C stops the host (the match is saved: "
                   "bisca-tui host --resume continues it).").format(seconds=f"{hold:g}"))
    return lines


class HostLog:
    """The host command's lines, as text or JSON."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def line(self, kind: str, fields: dict[str, Any], text: str | None) -> None:
        if self.as_json:
            write(json_text({"event": kind, "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
                             **fields}) + "\n")
        elif text is not None:
            write_text(f"{time.strftime('%H:%M:%S')} {text}\n")

    def __call__(self, kind: str, fields: dict[str, Any]) -> None:
        """An event of the table (``Host``'s listener)."""
        self.line(kind, fields, event_text(kind, fields))

    def ready(self, fields: dict[str, Any], lines: list[str]) -> None:
        if self.as_json:
            write(json_text({"event": "ready", **fields}) + "\n")
        else:
            write_text("\n".join(lines) + "\n")
