"""Operations per second of the layout algebra from Python (not a test).

Run: PYTHONPATH=bindings/python python3 bench/bench_layout.py
"""

import time

import flydsl.expr as fx


def rate(fn, seconds=0.5):
    n, t0 = 0, time.perf_counter()
    while True:
        for _ in range(200):
            fn()
        n += 200
        t = time.perf_counter() - t0
        if t >= seconds:
            return n / t


def main():
    a = fx.Layout.parse("((2,4),(8,16)):((64,1),(4,128))")
    b = fx.Layout.parse("((4,2),8):((2,1),8)")
    tiler = (fx.Layout.parse("4:2"), fx.Layout.parse("(2,4):(1,8)"))
    rows = [
        ("composition(((2,4),(8,16)), ((4,2),8))", lambda: fx.composition(a, b)),
        ("logical_divide(L, (4:2,(2,4):(1,8)))", lambda: fx.logical_divide(a, tiler)),
        ("crd2idx L((1,3),(5,9))", lambda: a((1, 3), (5, 9))),
        ("crd2idx L(1000)", lambda: a(1000)),
    ]
    print(f"| {'Python operation (nested layouts)':42} | {'ops/s':>12} | {'us/op':>8} |")
    print(f"|{'-' * 44}|{'-' * 14}|{'-' * 10}|")
    for name, fn in rows:
        r = rate(fn)
        print(f"| {name:42} | {r:12.0f} | {1e6 / r:8.2f} |")


if __name__ == "__main__":
    main()
