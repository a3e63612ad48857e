# A tiled copy from Julia: a 120 x 24 Julia matrix (column-major: the tensor (120,24):(1,120))
# with a static layout, one 24 x 8 tile per block (zipped_divide, slice), 4 threads per 8 x 4
# piece holding 8 consecutive values of a column each (make_layout_tv and a 128-bit copy
# atom), through registers; checked against the source.
# Run: JULIA_LOAD_PATH=bindings/julia:@stdlib julia examples/tiled_copy.jl
using FlyDSL

const M, N = 120, 24

function build()
    m = KernelModule()
    k = Kernel(m, "tiled_copy")
    a = tensor_param_spec(k, :f32, [M, N], [1, M]; align = 16)
    b = tensor_param_spec(k, :f32, [M, N], [1, M]; align = 16)
    which = kernel_tuple(k, "(_,?)", [block_idx(k)])
    tile_a = kernel_slice(k, tiler_op(k, :zipped_divide, a, "(24:1,8:1)"), which)
    tile_b = kernel_slice(k, tiler_op(k, :zipped_divide, b, "(24:1,8:1)"), which)
    # Threads across the columns, 8 values down a column each: an 8 x 4 piece.
    tile_mn, tv = make_layout_tv(Layout("(1,4):(1,1)"), Layout("(8,1):(1,1)"))
    atom = copy_atom(k, :universal, 128, :f32)
    tiled = tiled_copy(k, atom, kernel_layout(k, tv), tuple_string(tile_mn))
    src = partition(k, tiled, thread_idx(k), tile_a; source = true)
    dst = partition(k, tiled, thread_idx(k), tile_b; source = false)
    frag = fragment(k, src, :f32)
    copy!(k, atom, src, frag)
    copy!(k, atom, frag, dst)
    println("each thread's part of the source: ", kernel_string(k, src))
    finish!(k)
    FlyDSL.compile(m; target = "cpu")
end

function main()
    compiled = build()
    A = Float32.(reshape(0:M*N-1, M, N))
    B = fill(-1.0f0, M, N)
    launch(compiled, "tiled_copy", A, B; grid = ((M ÷ 24) * (N ÷ 8),), block = (4,))
    B == A || error("the tiled copy is wrong")
    println("ok")
end

main()
