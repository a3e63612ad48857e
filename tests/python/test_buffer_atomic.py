"""FlyDSL's buffer atomics (fx.rocdl.BufferAtomicAdd / Max / Min / PkAdd): copy atoms that
combine registers into a buffer tensor, dropping what falls outside the buffer. They run on
the host here (the hardware's bounds checks emulated) and compile to MUBUF atomics for AMD."""

import re
import subprocess

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
import pytest
from _dlpack import bf16, from_bf16_bits
from _examples import dev
from _tools import needs_llvm_tools


@flyc.kernel
def combine(vals: fx.Tensor, out: fx.Tensor, op: fx.Constexpr, slots: fx.Constexpr,
            valid_bytes: fx.Int32):  # fmt: skip
    """Thread t combines vals[t] into out[t % slots]; bytes of `out` past valid_bytes are
    outside the buffer."""
    dtype = fx.Float32 if op.val_type == "f32" else fx.Int32
    atom = fx.make_copy_atom(op, dtype)
    buf = fx.rocdl.make_buffer_tensor(out, max_size=False, num_records_bytes=valid_bytes)
    t = fx.thread_idx.x
    r = fx.make_rmem_tensor(1, dtype)
    r[0] = vals[t]
    fx.copy_atom_call(
        atom, r, fx.slice(fx.logical_divide(buf, fx.make_layout(1, 1)), (None, t % slots))
    )


def run_combine(op, vals, start, slots, valid_slots=None):
    out = dev.array(start.copy())
    valid = (slots if valid_slots is None else valid_slots) * 4
    combine(dev.array(vals), out, op, slots, valid).launch(block=(len(vals),))
    return dev.host(out)


def test_add_sums_every_threads_value_and_drops_past_the_buffer():
    vals = np.arange(1, 65, dtype=np.float32)
    start = np.full(8, 0.5, np.float32)
    got = run_combine(fx.rocdl.BufferAtomicAdd(fx.Float32), vals, start, 8, valid_slots=6)
    want = start.copy()
    for t, v in enumerate(vals):
        if t % 8 < 6:
            want[t % 8] += v
    np.testing.assert_array_equal(got, want)


def test_max_of_signed_integers_and_floats():
    vals = np.array([-5, 3, -9, 7, -1, -2, 4, -8] * 4, np.int32) * np.arange(1, 33, dtype=np.int32)
    start = np.full(4, -1000, np.int32)
    got = run_combine(fx.rocdl.BufferAtomicMax(fx.Int32), vals, start, 4)
    np.testing.assert_array_equal(got, [max(-1000, *vals[s::4]) for s in range(4)])
    fvals = np.linspace(-3, 5, 32, dtype=np.float32)
    got = run_combine(fx.rocdl.BufferAtomicMax(fx.Float32), fvals, np.full(4, -9, np.float32), 4)
    np.testing.assert_array_equal(got, [fvals[s::4].max() for s in range(4)])


@flyc.kernel
def unsigned_min(vals: fx.Tensor, out: fx.Tensor):
    atom = fx.make_copy_atom(fx.rocdl.BufferAtomicMin(fx.Uint32), fx.Uint32)
    buf = fx.rocdl.make_buffer_tensor(out)
    t = fx.thread_idx.x
    r = fx.make_rmem_tensor(1, fx.Uint32)
    r[0] = vals[t]
    # FlyDSL's kernels name one element of a buffer as a view of its iterator moved there.
    fx.copy_atom_call(atom, r, fx.make_view(fx.get_iter(buf) + t % 2, fx.make_layout(1, 1)))


def test_min_compares_unsigned():
    vals = np.array([7, 0xFFFFFFF0, 3, 0x80000000, 9, 5], np.uint32)
    out = dev.array(np.full(2, 0xFFFFFFFF, np.uint32))
    unsigned_min(dev.array(vals), out).launch(block=(6,))
    np.testing.assert_array_equal(dev.host(out), [vals[0::2].min(), vals[1::2].min()])


@flyc.kernel
def pair_add(vals: fx.Tensor, out: fx.Tensor, dtype: fx.Constexpr):
    """Thread t adds vals[2t], vals[2t+1] into out[2(t%4)], out[2(t%4)+1], one packed add; the
    atom's soffset moves the buffer side by two pairs for the threads of the second half."""
    atom = fx.make_copy_atom(fx.rocdl.BufferAtomicPkAdd(dtype), dtype)
    buf = fx.rocdl.make_buffer_tensor(out)
    t = fx.thread_idx.x
    r = fx.make_rmem_tensor(2, dtype)
    r[0] = vals[2 * t]
    r[1] = vals[2 * t + 1]
    pairs = fx.logical_divide(buf, fx.make_layout(2, 1))
    fx.copy(atom, r, fx.slice(pairs, (None, t % 2)), soffset=(t // 8) * 4)


def half_array(values, dtype):
    """`values` as a kernel's f16 or bf16 array, and how to read one back as float32."""
    if dtype is fx.Float16:
        return dev.array(values.astype(np.float16)), lambda a: dev.host(a).astype(np.float32)
    if dev.ON_GPU:
        import torch

        t = torch.from_numpy(values.astype(np.float32)).to(torch.bfloat16).cuda()
        return t, lambda a: a.float().cpu().numpy()
    view, _ = bf16(values)
    return view, lambda a: from_bf16_bits(a.array)


@pytest.mark.parametrize("dtype", [fx.Float16, fx.BFloat16])
def test_packed_add_of_half_pairs_with_soffset(dtype):
    vals = np.arange(32, dtype=np.float32) % 5  # small integers: every sum is exact
    src, _ = half_array(vals, dtype)
    out, read = half_array(np.zeros(8, np.float32), dtype)
    pair_add(src, out, dtype).launch(block=(16,))
    want = np.zeros(8, np.float32)
    for t in range(16):
        base = 2 * (t % 2) + 4 * (t // 8)
        want[base : base + 2] += vals[2 * t : 2 * t + 2]
    np.testing.assert_array_equal(read(out), want)


def test_refusals_say_why():
    with pytest.raises(TypeError, match=r"compares unsigned \(AMD's umin\)"):
        fx.rocdl.BufferAtomicMin(fx.Int32)
    with pytest.raises(TypeError, match=r"compares signed \(AMD's smax\)"):
        fx.rocdl.BufferAtomicMax(fx.Uint32)

    @flyc.kernel
    def atom_of(out: fx.Tensor, op: fx.Constexpr, dtype: fx.Constexpr):
        fx.make_copy_atom(op, dtype)
        fx.copy_atom_call(fx.make_copy_atom(op, dtype), fx.make_rmem_tensor(1, dtype),
                          fx.slice(fx.logical_divide(fx.rocdl.make_buffer_tensor(out),
                                                     fx.make_layout(1, 1)), (None, 0)))  # fmt: skip

    i32 = np.zeros(4, np.int32)
    with pytest.raises(flyc.CompileError, match="a buffer atomic add of i32 is none AMD has"):
        atom_of.compile(i32, fx.rocdl.BufferAtomicAdd(fx.Int32), fx.Int32, target="cpu")
    with pytest.raises(flyc.CompileError, match="combines pairs of them"):
        atom_of.compile(i32, fx.rocdl.BufferAtomicAdd(fx.Float16), fx.Float16, target="cpu")
    with pytest.raises(flyc.CompileError, match="or a pair of f16 or bf16, not 2 of f32"):
        atom_of.compile(i32, fx.rocdl.BufferAtomicPkAdd(fx.Float32), fx.Float32, target="cpu")

    @flyc.kernel
    def into_plain(out: fx.Tensor):
        atom = fx.make_copy_atom(fx.rocdl.BufferAtomicAdd(fx.Float32), fx.Float32)
        r = fx.make_rmem_tensor(1, fx.Float32)
        fx.copy_atom_call(
            atom, r, fx.slice(fx.logical_divide(out, fx.make_layout(1, 1)), (None, 0))
        )

    with pytest.raises(flyc.CompileError, match="into a tensor made by make_buffer_tensor"):
        into_plain.compile(np.zeros(4, np.float32), target="cpu")

    @flyc.kernel
    def gathered(src: fx.Tensor, offsets: fx.Tensor):
        atom = fx.make_copy_atom(fx.rocdl.BufferAtomicAdd(fx.Float32), fx.Float32)
        o = fx.make_rmem_tensor(2, fx.Int32)
        fx.gather(atom, src, o, fx.make_rmem_tensor(2, fx.Float32))

    with pytest.raises(flyc.CompileError, match="an atomic copy atom combines"):
        gathered.compile(np.zeros(4, np.float32), i32, target="cpu")


@flyc.kernel
def origin(out: fx.Tensor, op: fx.Constexpr, dtype: fx.Constexpr, lanes: fx.Constexpr):
    atom = fx.make_copy_atom(op, dtype)
    r = fx.make_rmem_tensor(lanes, dtype)
    fx.copy_atom_call(atom, r, fx.slice(fx.logical_divide(fx.rocdl.make_buffer_tensor(out),
                                                          fx.make_layout(lanes, 1)), (None, 1)))  # fmt: skip


def test_the_atom_is_flyrocdls_buffer_atomic(tmp_path, monkeypatch):
    monkeypatch.setenv("FLYDSL_DUMP_IR", "1")
    monkeypatch.setenv("FLYDSL_DUMP_DIR", str(tmp_path))
    origin.compile(np.zeros(8, np.float16), fx.rocdl.BufferAtomicPkAdd(fx.Float16), fx.Float16, 2,
                   target="cpu", arch="gfx942")  # fmt: skip
    text = (tmp_path / "cpu-gfx942" / "00_origin.mlir").read_text()
    assert "!fly_rocdl.cdna3.buffer_atomic<add, vector<2xf16>>" in text, text
    assert "fly.copy" in text


@needs_llvm_tools
@pytest.mark.parametrize(
    "op, dtype, lanes, arch, instruction",
    [(fx.rocdl.BufferAtomicAdd(fx.Float32), fx.Float32, 1, "gfx942", "buffer_atomic_add_f32"),
     (fx.rocdl.BufferAtomicPkAdd(fx.Float16), fx.Float16, 2, "gfx942", "buffer_atomic_pk_add_f16"),
     (fx.rocdl.BufferAtomicPkAdd(fx.BFloat16), fx.BFloat16, 2, "gfx950", "buffer_atomic_pk_add_bf16"),
     (fx.rocdl.BufferAtomicMax(fx.Int32), fx.Int32, 1, "gfx942", "buffer_atomic_smax"),
     (fx.rocdl.BufferAtomicMin(fx.Uint32), fx.Uint32, 1, "gfx942", "buffer_atomic_umin"),
     (fx.rocdl.BufferAtomicMax(fx.Float32), fx.Float32, 1, "gfx1201", "buffer_atomic_max_num_f32")],
)  # fmt: skip
def test_amd_code_is_the_mubuf_atomic(tmp_path, op, dtype, lanes, arch, instruction):
    np_dtype = {fx.Float32: np.float32, fx.Float16: np.float16, fx.Int32: np.int32}.get(
        dtype, np.uint32
    )
    out = bf16(np.zeros(8, np.float32))[0] if dtype is fx.BFloat16 else np.zeros(8, np_dtype)
    binary = origin.compile(out, op, dtype, lanes, target="rocm", arch=arch).binary
    path = tmp_path / "kernel.hsaco"
    path.write_bytes(binary)
    asm = subprocess.run(["llvm-objdump-22", "-d", f"--mcpu={arch}", str(path)],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert re.search(rf"\b{instruction}\b", asm), asm


def test_a_float_max_on_an_arch_without_one_is_a_compile_error():
    with pytest.raises(flyc.CompileError, match="a buffer atomic max of floats needs gfx10, gfx11"):
        origin.compile(np.zeros(8, np.float32), fx.rocdl.BufferAtomicMax(fx.Float32), fx.Float32,
                       1, target="rocm", arch="gfx942")  # fmt: skip
