"""FlyDSL's pointer primitives in a kernel: a block loads a row of f16 values, packs them in
pairs into shared memory read as i32 words (fx.recast_iter), and writes each word's two halves
back swapped, through a pointer rebuilt from an integer address (fx.ptrtoint / fx.inttoptr).
Checked against numpy views of the same bytes.
Run: PYTHONPATH=bindings/python python3 examples/pointer_recast.py
"""

import flydsl.compiler as flyc
import flydsl.expr as fx
import numpy as np
from device import TARGET, array, host

PAIRS = 64


@flyc.kernel
def swap_halves(x: fx.Tensor, out: fx.Tensor):
    i = fx.thread_idx.x
    smem = fx.SharedAllocator().allocate_tensor(fx.Float16, fx.make_layout(2 * PAIRS, 1))
    smem[2 * i] = x[2 * i]
    smem[2 * i + 1] = x[2 * i + 1]
    fx.gpu.barrier()
    words = fx.recast_iter(fx.Uint32, fx.get_iter(smem))  # the same bytes, two halves a word
    w = fx.ptr_load(fx.add_offset(words, i))
    swapped = (w >> 16) | (w << 16)
    # The output row as an integer address, and back as a pointer to u32 words.
    at = fx.ptrtoint(fx.get_iter(out)) + fx.Int64(i) * 4
    fx.ptr_store(swapped, fx.inttoptr(fx.PointerType.get(fx.Uint32), at))


def main():
    x = (np.arange(2 * PAIRS, dtype=np.float32) * 0.25).astype(np.float16)
    out = array(np.zeros(2 * PAIRS, np.float16))
    swap_halves(array(x), out).launch(block=(PAIRS,))
    np.testing.assert_array_equal(host(out), x.reshape(PAIRS, 2)[:, ::-1].ravel())
    print(f"swapped {PAIRS} f16 pairs through u32 words on {TARGET}: matches numpy")
    print("ok")


if __name__ == "__main__":
    main()
