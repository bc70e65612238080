"""The base of every event (``events``): a small immutable record, a tuple of its fields
with a name for each, made in about the time of a plain tuple (the engine makes one for
every card played, so a dataclass's slower ``__init__`` would show in its speed)."""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar


class Event(tuple):
    """Base of every event; a public one is seen whole by every seat. A kind names its
    fields in ``fields``; ``Kind(a, b)`` makes one (the engine's hot paths call
    ``tuple.__new__(Kind, (a, b))``, which skips the count check)."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ()
    public: ClassVar[bool] = True

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        for i, name in enumerate(cls.fields):
            setattr(cls, name, property(itemgetter(i), doc=name))

    def __new__(cls, *args: Any) -> Event:
        if len(args) != len(cls.fields):
            raise TypeError(f"{cls.__name__} takes {len(cls.fields)} fields "
                            f"({', '.join(cls.fields)}), not {len(args)}")
        return tuple.__new__(cls, args)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[arg-type]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self)))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(self.fields, self, strict=True))
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(self))

    def replace(self, **changes: Any) -> Event:
        """The same event with some fields changed."""
        return tuple.__new__(type(self), tuple(changes.get(k, v)
                                               for k, v in zip(self.fields, self, strict=True)))

    def as_seen_by(self, seat: int) -> Event | None:
        """The event as ``seat`` sees it: whole, with its secret parts left out, or None."""
        return self

    def visible_to(self, seat: int) -> bool:
        return self.public or self.as_seen_by(seat) is not None
