# The layout algebra from Julia: build layouts, tile them, print what comes out.
#
# Run: JULIA_LOAD_PATH="$PWD/bindings/julia:@stdlib" .tools/julia/bin/julia examples/layout_algebra.jl
using FlyDSL

function table(L)
    rows, cols = size(get(L, 0)), size(get(L, 1))
    join(("    " * join((lpad(L(m, n), 3) for n in 0:cols-1), " ") for m in 0:rows-1), "\n")
end

# A 4x8 row-major matrix, split into 2x4 tiles.
matrix = make_layout((4, 8), (8, 1))
tiles = zipped_divide(matrix, (2, 4))
println("matrix             ", matrix)
println(table(matrix))
println("zipped_divide 2x4  ", tiles)
first_tile = tiles(:_, 0)
println("tile 0             ", first_tile, " -> ", [first_tile(i) for i in 0:7])

# Threads and values: 4x8 threads each owning a 2x2 block.
tiler, tv = make_layout_tv(make_layout((4, 8), (8, 1)), make_layout((2, 2)))
println("make_layout_tv     ", tiler, " ", tv)
@assert size(tv) == 128

# A swizzled shared-memory layout and its row 5.
smem = make_composed_layout(Swizzle(3, 2, 3), 0, make_layout((8, 8), (8, 1)))
println("swizzled smem      ", smem, " row 5 -> ", [smem(5, n) for n in 0:7])

# The algebra checks CuTe's preconditions instead of returning a wrong layout.
try
    composition(Layout("(4,6):(1,5)"), make_layout(6))
catch e
    e isa FlyDSLError || rethrow()
    println("rejected           ", sprint(showerror, e))
end

# Checked against the CuTe documentation's stated results.
@assert string(tiles) == "((2,4),(2,2)):((8,1),(16,4))"
@assert string(blocked_product(Layout("(2,5):(5,1)"), Layout("(3,4):(1,3)"))) ==
        "((2,3),(5,4)):((5,10),(1,30))"
println("ok")
