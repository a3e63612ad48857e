"""Test helper: the PTX a kernel-library call compiles to for sm_90, without a GPU."""

from _compile_only import compile_only


def sm90_ptx(tmp_path, setup, call):
    """The PTX of the last kernel `call` compiles (compile_only's `setup` and `call`, tensors
    described as CUDA memory)."""
    compile_only(tmp_path, setup, call, "KDL_CUDA", "sm_90")
    (ptx,) = (p.read_text() for p in (tmp_path / "cuda-sm_90").glob("*_final_isa.ptx"))
    return ptx
