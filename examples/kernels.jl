# Vector add and a block sum reduction (shared memory, barrier, warp shuffles), built,
# compiled and launched from Julia on the cpu target, checked against plain Julia.
# Run: JULIA_LOAD_PATH=bindings/julia:@stdlib julia examples/kernels.jl
using FlyDSL

const BLOCK = 256
const WAVE = 64  # gfx942, the arch the cpu target emulates by default

function build()
    m = KernelModule()
    k = Kernel(m, "vector_add")
    a, b, c = tensor_param(k, :f32, 1), tensor_param(k, :f32, 1), tensor_param(k, :f32, 1)
    n = scalar_param(k, :i32)
    i = block_idx(k) * block_dim(k) + thread_idx(k)
    inside = i < n
    store!(k, c, load(k, a, [i]; pred = inside) + load(k, b, [i]; pred = inside), [i]; pred = inside)
    finish!(k)

    k = Kernel(m, "block_reduce")
    x, partial = tensor_param(k, :f32, 1), tensor_param(k, :f32, 1)
    n = scalar_param(k, :i32)
    tid, bid = thread_idx(k), block_idx(k)
    i = bid * constant(k, :i32, BLOCK) + tid
    v = load(k, x, [i]; pred = i < n)
    width = constant(k, :i32, WAVE)
    offset = WAVE ÷ 2
    while offset > 0  # compile-time offsets: unrolled while building
        v = v + shuffle_xor(k, v, constant(k, :i32, offset), width)
        offset ÷= 2
    end
    waves = shared_tensor(k, :f32, BLOCK ÷ WAVE)
    zero, one = constant(k, :i32, 0), constant(k, :i32, 1)
    store!(k, waves, v, [tid ÷ width]; pred = eq(tid % width, zero))
    barrier(k)
    when(k, eq(tid, zero)) do
        total = for_loop(k, zero, constant(k, :i32, BLOCK ÷ WAVE), one,
                         [constant(k, :f32, 0.0)]) do w, acc
            [acc[1] + load(k, waves, [w])]
        end
        store!(k, partial, total[1], [bid])
    end
    finish!(k)
    FlyDSL.compile(m; target = "cpu")  # Julia arrays live on the host
end

function main()
    compiled = build()
    for n in (1, 255, 256, 1000, 4099)
        blocks = cld(n, BLOCK)
        a, b = randn(Float32, n), randn(Float32, n)
        c = zeros(Float32, n)
        launch(compiled, "vector_add", a, b, c, n; grid = (blocks,), block = (BLOCK,))
        @assert c == a .+ b "vector_add n=$n"
        partial = zeros(Float32, blocks)
        launch(compiled, "block_reduce", a, partial, n; grid = (blocks,), block = (BLOCK,))
        expect = sum(Float64.(a))
        got = sum(Float64.(partial))
        @assert abs(got - expect) <= 1e-4 * (1 + abs(expect)) "block_reduce n=$n: $got vs $expect"
        println("n=$(lpad(n, 5)): vector_add ok, block_reduce $(round(got; digits = 5)) (expected $(round(expect; digits = 5)))")
    end
    println("ok")
end

main()
