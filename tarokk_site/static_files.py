"""Where the static files are kept: every script, stylesheet and picture under a name carrying
its content's hash (``js/site.3f2a9c1b7e4d.js``), beside its gzip and brotli copies, which
``collectstatic`` writes into STATIC_ROOT with ``staticfiles.json``, the manifest of the names
that ``{% static %}`` reads. A browser (or nginx) may keep a hashed name for ever: a new version
of the file is a new name, so a page always loads the scripts of its own version.

whitenoise's storage (over Django's ManifestStaticFilesStorage) compresses every file again at
every collectstatic, several seconds of brotli for the admin's files alone. A hashed name is its
content, so the copies an earlier collectstatic compressed for that name are still right: only
the names that have none (new or changed files) are compressed. The copies without a hash, which
only a page saved before the hashes asks for, are served as they are."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

import brotli
from whitenoise.storage import CompressedManifestStaticFilesStorage

DECOMPRESS = {".gz": gzip.decompress, ".br": brotli.decompress}


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def compress_files(self, paths: Iterable[str]) -> Iterator[tuple[str, str]]:
        hashed = set(self.hashed_files.values())
        return super().compress_files(
            [name for name in paths if name in hashed and not self.compressed_already(name)]
        )

    def compressed_already(self, name: str) -> bool:
        """Whether an earlier collectstatic wrote this hashed name's compressed copies whole:
        the gzip copy, written last, is there, and every copy holds the file's content."""
        path = Path(self.path(name))
        if not path.with_name(path.name + ".gz").exists():
            return False
        content = path.read_bytes()
        for suffix, decompress in DECOMPRESS.items():
            copy = path.with_name(path.name + suffix)
            try:
                if copy.exists() and decompress(copy.read_bytes()) != content:
                    return False
            except (OSError, EOFError, zlib.error, brotli.error):  # cut short by a killed collectstatic
                return False
        return True
