"""The keywords' values checked where Python's types could slip past the engine's own checks:
counts, names and paths, seconds. Each raises ValueError (or TypeError for a name that is not a
str) naming the keyword as the caller wrote it."""
import operator
import os

_INT_MAX = (1 << 31) - 1  # the engine's int: threads, count, walk
_UINT64_MAX = (1 << 64) - 1  # node_limit, as the command line's --node-limit


def _count(name, value, most):
    """``value`` as a whole number from 0 to ``most`` (None: 0); any integer type (numpy's too)
    but bool; ValueError for anything else, since a Python int past the engine's type would not
    even reach its checks."""
    if value is None:
        return 0
    option = name
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is None or number < 0:
        raise ValueError(f"{option}: {value!r} is not a count >= 0")
    if number > most:
        raise ValueError(f"{option}: {value!r} is too large")
    return number


def _text(name, value, path=False):
    """A keyword that names something (an algorithm, a heuristic, a directory …) as a str; None:
    not given (""). TypeError for another type; ValueError for a path with a NUL byte, which no
    file system takes (refused before anything is created)."""
    if value is None:
        return ""
    if path and isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError(f"{name}: {value!r} is not a string")
    if path and "\0" in value:
        raise ValueError(f"{name}: {value!r} holds a NUL byte")
    return value


def _seconds(value):
    """A time limit in seconds as a float (None: 0); ValueError for anything but a real number,
    numpy's too, that a float holds."""
    if value is None:
        return 0.0
    try:
        if isinstance(value, (bool, str, bytes)):
            raise TypeError
        seconds = float(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"time_limit: {value!r} is not a number of seconds >= 0") from None
    return seconds
