"""Files written whole or not at all."""

import contextlib
import os
import tempfile
from pathlib import Path


@contextlib.contextmanager
def atomic_write(path, *, mode="w", encoding=None):
    """A file object for `path` that is a temporary file in the same folder until the block
    ends without an error; then it replaces `path` in one rename, so a reader sees the old
    contents or the new, never part of them. On an error `path` is left as it was and the
    temporary file is removed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = None
    try:
        with tempfile.NamedTemporaryFile(mode=mode, encoding=encoding, dir=path.parent,
                                         prefix=f".{path.name}.", suffix=".tmp",
                                         delete=False) as output:  # fmt: skip
            temporary = Path(output.name)
            yield output
        os.replace(temporary, path)
        temporary = None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
