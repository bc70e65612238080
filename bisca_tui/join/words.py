"""What the joining table says of its connection and of the host's refusals, in the language
in use. The host's own words (English, the protocol's) are matched and said again in full
sentences; words it may add later are quoted as they are."""

from __future__ import annotations

import re

from ..lang import _
from ..net import link as L


def address(host: str, port: int) -> str:
    """``host:port``, an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def refusal(reason: str, name: str, code: str) -> str:
    """Why the host would not let this player in, from its ``error`` message."""
    if reason == "wrong invite code":
        return _("The host does not know the invite code {code}: check it with the host.").format(
            code=code)
    if reason == "the table is full":
        return _("The table is full: the host takes nobody more, not even to watch.")
    if reason.endswith(L.HELD):
        return _("{name} holds a place at this table, which only its key gives back: join "
                 "with another name (--name).").format(name=name)
    if f" {L.LOOKS_LIKE} " in reason and reason.endswith(L.IN_USE):
        return _("{name} looks too much like the name of someone at the table: join with "
                 "another name (--name).").format(name=name)
    if reason == L.BARRED:
        return _("The host refuses your address for a while: too many wrong invite codes "
                 "came from it.")
    if reason.endswith(L.IN_USE):
        return _("Somebody called {name} is already at the table: join with another name "
                 "(--name).").format(name=name)
    if reason == "a name is needed":
        return _("The host needs a name: join with --name NAME.")
    if re.fullmatch(r"this host speaks protocol \d+(?: or \d+)*", reason):
        return _("The host speaks another version of the protocol ({reason}): play with the "
                 "same version of bisca-tui as the host.").format(reason=reason)
    if reason == "the host hung up":
        return _("The host hung up before letting you in.")
    # translators: {reason} is the host's own words, in English
    return _("The host refused: {reason}.").format(reason=reason)


def status(kind: str, where: str, detail: str = "", attempt: int = 0, tries: int = 0) -> str:
    """The connection's state in a sentence (``where``: the host's address)."""
    if kind == L.CONNECTING:
        return _("Connecting to {address}…").format(address=where)
    if kind == L.CONNECTED:
        return _("Connected to {address}.").format(address=where)
    if kind == L.UNREACHABLE:
        return _("{address} cannot be reached: {error}. Is the host running, and the "
                 "address right?").format(address=where, error=detail)
    if kind == L.DROPPED:
        return _("The connection to the host was lost.")
    if kind == L.RETRYING:
        return _("The connection was lost: connecting again ({attempt} of {tries})…").format(
            attempt=attempt, tries=tries)
    if kind == L.BACK:
        return _("Connected again: you are back at the table.")
    if kind == L.GONE:
        return _("The host cannot be reached any more ({error}). Press q to quit.").format(
            error=detail or _("no answer"))
    if kind == L.CLOSED:
        return _("The host closed the connection.")
    return ""
