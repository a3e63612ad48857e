"""flydsl.utils.file.atomic_write: the destination holds the old contents until the block
succeeds, then the new ones whole; a failed block leaves it untouched and no temporary
file behind. Autotune's caches are written through it."""

import pytest
from flydsl.utils.file import atomic_write


def test_the_new_contents_appear_whole_when_the_block_ends(tmp_path):
    target = tmp_path / "configs.json"
    target.write_text("before")
    with atomic_write(target, mode="w", encoding="utf-8") as out:
        out.write("after")
        assert target.read_text() == "before"
    assert target.read_text() == "after"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["configs.json"]


def test_a_failed_block_leaves_the_destination_and_no_temporary(tmp_path):
    target = tmp_path / "configs.json"
    target.write_text("before")
    with pytest.raises(ValueError, match="cannot serialize"), atomic_write(target) as out:
        out.write("half")
        raise ValueError("cannot serialize")
    assert target.read_text() == "before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["configs.json"]


def test_missing_folders_are_made_and_bytes_written(tmp_path):
    target = tmp_path / "a" / "b" / "blob.bin"
    with atomic_write(target, mode="wb") as out:
        out.write(b"\x00\xff")
    assert target.read_bytes() == b"\x00\xff"
