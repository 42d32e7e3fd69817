"""Reading a run's files the way the C++ readers do (core/files.h): only regular files, and never
more than the format's bound, so a path that is a directory, a FIFO or a device such as
/dev/zero is refused by name instead of blocking or reading without end."""

from __future__ import annotations

import os
import stat

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def read_regular_file(path, max_bytes: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes; ValueError naming the path for
    anything else (FileNotFoundError when it is absent)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "an unknown kind of file")
            raise ValueError(f"cannot read {what} '{path}': it is {kind}, not a regular file")
        size = os.fstat(fd).st_size
        if size > max_bytes:
            raise ValueError(f"{what} '{path}' is {size} bytes, more than the {max_bytes} bytes "
                             "such a file can hold")
        chunks, left = [], size
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
