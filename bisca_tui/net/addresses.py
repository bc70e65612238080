"""Where players can reach a host: the addresses of this machine's network interfaces, found
by asking the system (nothing is sent on the network), and how a ``join`` names a host and
port."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys

from ..argtypes import is_loopback

EVERY_V4, EVERY_V6 = "0.0.0.0", "::"
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def join_address(host: str, port: int) -> str:
    """``HOST:PORT`` as ``bisca-tui join`` takes it (an IPv6 address in brackets)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{port}"


def listens_everywhere(host: str) -> bool:
    return host in ("", EVERY_V4, EVERY_V6)


def _linux_v4() -> list[str]:
    import fcntl

    found = []
    for _index, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s, \
                contextlib.suppress(OSError):
            packed = struct.pack("256s", name.encode()[:15])
            found.append(socket.inet_ntoa(fcntl.ioctl(s.fileno(), SIOCGIFADDR, packed)[20:24]))
    return found


def _linux_v6() -> list[str]:
    found = []
    with contextlib.suppress(OSError, ValueError), \
            open("/proc/net/if_inet6", encoding="ascii") as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4 and fields[3] in ("00", "10"):  # global, or this machine
                found.append(str(ipaddress.IPv6Address(bytes.fromhex(fields[0]))))
    return found


def _routed(family: socket.AddressFamily, probe: str) -> list[str]:
    """The address this machine would send from (a datagram socket's ``connect`` picks it
    and sends nothing)."""
    with socket.socket(family, socket.SOCK_DGRAM) as s:
        try:
            s.connect((probe, 9))
            return [s.getsockname()[0]]
        except OSError:
            return []


def interface_addresses(family: socket.AddressFamily) -> list[str]:
    """This machine's addresses of ``family``, loopback included."""
    linux = sys.platform.startswith("linux")
    if family == socket.AF_INET:
        found = _linux_v4() if linux else []
        return found or [*_routed(family, "192.0.2.1"), "127.0.0.1"]
    found = _linux_v6() if linux else []
    return found or [*_routed(family, "2001:db8::1"), "::1"]


def reachable_addresses(host: str) -> list[str]:
    """The addresses to tell players of a host listening on ``host``: for every address
    (``0.0.0.0``, ``::`` or empty) this machine's own, the loopback ones last; else
    ``host`` itself."""
    if not listens_everywhere(host):
        return [host]
    found: list[str] = []
    if host != EVERY_V6:
        found += interface_addresses(socket.AF_INET)
    if host != EVERY_V4:
        found += interface_addresses(socket.AF_INET6)
    unique = list(dict.fromkeys(found))
    return sorted(unique, key=is_loopback)
