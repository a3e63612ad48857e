using Test
using FlyDSL

include("json.jl")
include("doc_examples.jl")
include("layout_cases.jl")

@testset "construction and text" begin
    L = make_layout((4, 8), (8, 1))
    @test string(L) == "(4,8):(8,1)"
    @test sprint(show, L) == "(4,8):(8,1)"
    @test Layout("(4,8):(8,1)") == L
    @test parse(Layout, " ( 4 , 8 ) : ( 8 , 1 ) ") == L
    @test hash(Layout("(4,8):(8,1)")) == hash(L)
    @test Layout("(4,8):(1,4)") != L
    @test string(make_layout(4)) == "4:1"
    @test string(make_layout((4,))) == "(4):(1)"
    @test string(make_layout((2, (2, 2)))) == "(2,(2,2)):(1,(2,4))"
    @test string(make_layout(Layout("4:2"), Layout("3:1"))) == "(4,3):(2,1)"
    @test string(make_ordered_layout((2, 3, 4), (1, 0, 2))) == "(2,3,4):(3,1,6)"
    @test string(make_identity_layout((2, 3))) == "(2,3):(1@0,1@1)"
    tiler, tv = make_layout_tv(Layout("(4,2):(2,1)"), Layout("(2,2):(1,2)"))
    @test tiler == (8, 4)
    @test size(tv) == 32
    @test Dict(L => 1)[Layout("(4,8):(8,1)")] == 1
end

@testset "queries" begin
    L = Layout("((2,4),8):((1,16),2)")
    @test size(L) == 64
    @test cosize(L) == 64
    @test rank(L) == 2
    @test depth(L) == 2
    @test shape(L) == ((2, 4), 8)
    @test stride(L) == ((1, 16), 2)
    @test string(get(L, 0)) == "(2,4):(1,16)"
    @test string(get(L, 0, 1)) == "4:16"
    @test L(5) == L((1, 2), 0) == L(((1, 2), 0))
    @test crd2idx(((1, 2), 3), L) == 1 + 32 + 6
    @test crd2idx((1, 2), (4, 8), (8, 1)) == 10
    @test idx2crd(5, L) == ((1, 2), 0)
    @test idx2crd(7, (2, 4)) == (1, 3)
    @test make_identity_layout((2, 3))(1, 2) == (1, 2)
    # CuTe's slice keeps a tuple of the kept modes: ((2,4)) is rank 1.
    @test string(L(:_, 3)) == "((2,4)):((1,16))"
    @test string(slice(L, (:_, 3))) == "((2,4)):((1,16))"
    @test string(slice(L, ((1, :_), :_))) == "(4,8):(16,2)"
    @test string(dice(L, (:_, 3))) == "(8):(2)"
    s, off = slice_and_offset((Underscore(), 3), L)
    @test (string(s), off) == ("((2,4)):((1,16))", 6)
end

@testset "algebra" begin
    L = Layout("(2,(1,6)):(1,(6,2))")
    @test string(coalesce(L)) == "12:1"
    @test string(coalesce(L, (1, 1))) == "(2,6):(1,2)"
    @test string(filter(Layout("(2,3,4):(0,1,3)"))) == "12:1"
    @test string(filter_zeros(Layout("(2,3):(0,1)"))) == "(1,3):(0,1)"
    @test string(flatten(Layout("((2,4),8):((1,16),2)"))) == "(2,4,8):(1,16,2)"
    @test string(make_fragment_like(Layout("((2,2),4):((1,16),64)"))) == "((2,2),(4)):((1,2),(4))"
    @test string(make_layout_like(Layout("(4,8):(16,2)"))) == "(4,8):(8,1)"
    @test get_hier_coord(5, Layout("(4,8):(8,1)")) == (0, 5)
    @test get_flat_coord(3, Layout("((2,2),4):((1,2),4)")) == (3, 0)
    @test get_1d_coord(5, Layout("(4,8):(8,1)")) == 20
    @test_throws FlyDSLError get_1d_coord(3, Layout("Sw<1,1,1> o 0 o 8:1"))
    @test tuple_string(coshape(Layout("(4,8):(1@0,1@1)"))) == "(4,8)"
    @test tuple_string(coprofile(Layout("(4,8):(1@0,1@1)"))) == "(0,0)"
    @test string(complement(Layout("4:2"), 24)) == "(2,3):(1,8)"
    @test string(complement(Layout("(2,2):(1,6)"))) == "3:2"
    @test string(composition(Layout("(6,2):(8,2)"), Layout("(4,3):(3,1)"))) ==
          "((2,2),3):((24,2),8)"
    @test string(composition(Layout("(12,(4,8)):(59,(13,1))"), (Layout("3:4"), Layout("8:2")))) ==
          "(3,(2,4)):(236,(26,1))"
    @test string(logical_divide(Layout("(4,2,3):(2,1,8)"), Layout("4:2"))) ==
          "((2,2),(2,3)):((4,1),(2,8))"
    @test string(logical_divide(Layout("(4,8):(1,4)"), "(2,_)")) == "((2,2),8):((1,2),4)"
    @test string(zipped_divide(Layout("(4,8):(1,4)"), (2, 4))) == "((2,4),(2,2)):((1,4),(2,16))"
    @test string(logical_product(Layout("(2,2):(4,1)"), Layout("6:1"))) ==
          "((2,2),(2,3)):((4,1),(2,8))"
    @test string(blocked_product(Layout("(2,5):(5,1)"), Layout("(3,4):(1,3)"))) ==
          "((2,3),(5,4)):((5,10),(1,30))"
    @test string(right_inverse(Layout("(4,8):(8,1)"))) == "(8,4):(4,1)"
    @test string(left_inverse(Layout("(4,8):(8,1)"))) == "(8,4):(4,1)"
    @test string(append(Layout("4:1"), Layout("2:4"))) == "(4,2):(1,4)"
    @test string(prepend(Layout("4:1"), Layout("2:4"))) == "(2,4):(4,1)"
    @test string(take(Layout("(2,3,4):(1,2,6)"), 1, 3)) == "(3,4):(2,6)"
    @test string(group(Layout("(2,3,4):(1,2,6)"), 0, 2)) == "((2,3),4):((1,2),6)"
    @test string(select(Layout("(2,3,4):(1,2,6)"), 2, 0)) == "(4,2):(6,1)"
    @test string(recast_layout(Layout("(4,8):(1,4)"), 16, 32)) == "(2,8):(1,2)"
    @test string(tile_to_shape(Layout("(2,2):(1,2)"), (4, 6))) == "((2,2),(2,3)):((1,4),(2,8))"
    @test max_common_vector(Layout("(4,8):(1,4)"), Layout("32:1")) == 32
    @test string(max_common_layout(Layout("(4,8):(1,4)"), Layout("(4,8):(8,1)"))) == "1:0"
end

@testset "swizzle" begin
    sw = Swizzle(3, 4, 3)
    @test sw(0) == 0
    @test sw(0b1000_0000) == 0b1001_0000
    C = make_composed_layout(sw, 0, Layout("(8,64):(64,1)"))
    @test is_composed(C)
    @test !is_composed(Layout("8:1"))
    @test string(C) == "Sw<3,4,3> o 0 o (8,64):(64,1)"
    @test C(1, 0) == sw(64)
    @test Layout(string(C)) == C
end

@testset "IntTuple helpers" begin
    @test shape_div((12, 4), (4, 2)) == (3, 2)
    @test ceil_div(10, 4) == 3
    @test elem_scale((2, 3), (4, 5)) == (8, 15)
    @test prefix_product((2, (3, 4))) == (1, (2, 6))
    @test product((2, (3, 4))) == 24
    @test inner_product((1, 2), (3, 4)) == 11
    @test elem_less((1, 2), (2, 3))
    @test int_tuple_add((1, (2, 3), 9), (10, (20, 30))) == (11, (22, 33), 9)
    @test int_tuple_div((-7, 8), (2, 3)) == (-4, 2)
    @test int_tuple_mod((-7, 8), (2, 3)) == (1, 2)
    @test int_tuple_product_like((2, (3, 4)), (0, 0)) == (2, 12)
    @test int_tuple_product((2, (3, 4))) == 24
    @test_throws FlyDSLError int_tuple_mul((1, 2), 3)
    @test !elem_less((1, 3), (2, 3))
    @test FlyDSL.parse_tuple("(2,(3,_),1@1)") == (2, (3, Underscore()), Basis(1, [1]))
    @test FlyDSL.tuple_string((2, (3, :_))) == "(2,(3,_))"
end

# The status the library reports for f(), which must throw.
function status_of(f)
    try
        f()
    catch e
        e isa FlyDSLError || rethrow()
        @test !isempty(e.message)
        return e.status
    end
    error("no error was raised")
end

@testset "bad input" begin
    @test status_of(() -> Layout("(4,8")) == :FLY_ERROR_PARSE
    @test status_of(() -> Layout("(4,8)")) == :FLY_ERROR_PARSE
    @test status_of(() -> Layout("4:1 junk")) == :FLY_ERROR_PARSE
    @test status_of(() -> make_layout((4, 0))) == :FLY_ERROR_INVALID_ARGUMENT
    @test status_of(() -> make_layout((4, -2))) == :FLY_ERROR_INVALID_ARGUMENT
    @test status_of(() -> make_layout((4, 8), (1, 2, 3))) == :FLY_ERROR_RANK_MISMATCH
    @test status_of(() -> Layout("(4,8):(1,4)")((1, 2, 3))) == :FLY_ERROR_RANK_MISMATCH
    @test status_of(() -> composition(Layout("(4,6):(1,8)"), Layout("5:3"))) ==
          :FLY_ERROR_DIVISIBILITY
    # CuTe C++ checks only that each gap is nonzero: (2,2):(1,3) overlaps yet has a complement.
    @test string(complement(Layout("(2,2):(1,3)"), 12)) == "2:6"
    @test status_of(() -> complement(Layout("(2,2):(1,1)"), 12)) == :FLY_ERROR_DIVISIBILITY
    @test status_of(() -> make_layout((2^40, 2^40))) == :FLY_ERROR_OVERFLOW
    @test status_of(() -> logical_divide(Layout("8:1"), "(2,")) == :FLY_ERROR_PARSE
    @test status_of(() -> get(Layout("(4,8):(1,4)"), 5)) == :FLY_ERROR_INVALID_ARGUMENT
    @test status_of(() -> stride(make_composed_layout(Swizzle(3, 4, 3), 0, Layout("8:1")))) ==
          :FLY_ERROR_UNSUPPORTED
    @test status_of(() -> make_composed_layout(Swizzle(3, 4, 2), 0, Layout("8:1"))) ==
          :FLY_ERROR_INVALID_ARGUMENT
    # A destroyed handle is reported, not dereferenced.
    L = Layout("4:1")
    FlyDSL.destroy!(L)
    @test_throws ArgumentError Layout(C_NULL)
    @test status_of(() -> size(L)) == :FLY_ERROR_INVALID_HANDLE
    # Julia values that are not IntTuples never reach the library.
    @test_throws ArgumentError make_layout((4, 2.5))
    @test_throws ArgumentError make_layout((4, true))
    @test_throws ArgumentError make_layout((4, :x))
    @test_throws ArgumentError make_layout((4, typemin(Int64)))
    @test_throws ArgumentError logical_divide(Layout("8:1"), 2.0)
    @test sprint(showerror, FlyDSLError(:FLY_ERROR_PARSE, "bad")) ==
          "FlyDSLError(FLY_ERROR_PARSE): bad"
end

include("properties.jl")

@testset "kernels" begin
    # A Julia matrix is the tensor whose element (i, j) is A[i+1, j+1]: a transpose shows it.
    m = KernelModule()
    k = Kernel(m, "transpose")
    src, dst = tensor_param(k, :f64, 2), tensor_param(k, :f64, 2)
    r, c = block_idx(k), thread_idx(k)
    store!(k, dst, load(k, src, [r, c]), [c, r])
    finish!(k)
    compiled = FlyDSL.compile(m; target = "cpu")
    A = rand(3, 5)
    B = zeros(5, 3)
    launch(compiled, "transpose", A, B; grid = (3,), block = (5,))
    @test B == permutedims(A)
    # A stream is the runtime's raw handle; on cpu the default one (a null handle) serves.
    fill!(B, 0)
    launch(compiled, "transpose", A, B; grid = (3,), block = (5,), stream = C_NULL)
    @test B == permutedims(A)
    @test FlyDSL.stream_handle(0) == C_NULL && FlyDSL.stream_handle(nothing) == C_NULL
    @test FlyDSL.stream_handle(0x10) == Ptr{Cvoid}(UInt(16))

    # Bad input is a FlyDSLError, and the library stays usable.
    e = try launch(compiled, "transpose", A; grid = (3,), block = (5,)); nothing catch err; err end
    @test e isa FlyDSLError && e.status == :FLY_ERROR_LAUNCH && occursin("takes 2 arguments", e.message)
    e = try launch(compiled, "transpose", A, zeros(Float32, 5, 3)); nothing catch err; err end
    @test e isa FlyDSLError && occursin("float32", e.message)
    e = try launch(compiled, "nope", A, B); nothing catch err; err end
    @test e isa FlyDSLError && e.status == :FLY_ERROR_INVALID_ARGUMENT
    @test_throws ArgumentError launch(compiled, "transpose", A, "B")
    k2 = Kernel(m, "mismatch")
    constant(k2, :i32, 1) + constant(k2, :f32, 1.0)
    e = try finish!(k2); nothing catch err; err end
    @test e isa FlyDSLError && occursin("mismatch", e.message)
    e = try FlyDSL.compile(m; target = "rocm", arch = "sm_90"); nothing catch err; err end
    @test e isa FlyDSLError && e.status == :FLY_ERROR_UNSUPPORTED

    # GPU code is compiled here (not run).
    g = KernelModule()
    k = Kernel(g, "copy")
    x, y = tensor_param(k, :f32, 1), tensor_param(k, :f32, 1)
    store!(k, y, load(k, x, [thread_idx(k)]), [thread_idx(k)])
    finish!(k)
    @test occursin(".entry copy", String(binary(FlyDSL.compile(g; target = "cuda", arch = "sm_80"))))
    @test binary(FlyDSL.compile(g; target = "rocm", arch = "gfx950"))[1:4] == UInt8[0x7f, 'E', 'L', 'F']
    B .= 0
    launch(compiled, "transpose", A, B; grid = (3,), block = (5,))
    @test B == permutedims(A)
end

@testset "layouts inside kernels" begin
    m = KernelModule()
    k = Kernel(m, "views")
    t = tensor_param_spec(k, :f32, [4, 6], [1, 4])
    d = tensor_param(k, :f32, 2)
    tiles = tiler_op(k, :zipped_divide, t, "(2,3)")
    @test kernel_string(k, tiles) == "((2,3),(2,2)):((1,4),(2,12))"
    @test kernel_string(k, tiler_op(k, :logical_divide, d, "(2,_)")) == "((2,?),?):((?,?{div=2}),?)"
    finish!(k)
    # A tile CuTe rejects, and a copy wider than the values the layout keeps together.
    k = Kernel(m, "bad_tile")
    tiler_op(k, :composition, kernel_layout(k, "(4,6):(1,8)"), "3:3")
    err = try finish!(k); nothing catch e; e end
    @test err isa FlyDSLError && occursin("divisibility", err.message)
    k = Kernel(m, "not_consecutive")
    strided = make_tensor(k, tensor_param(k, :f32, 2), kernel_layout(k, "(4,2):(2,8)"))
    copy!(k, copy_atom(k, :universal, 128, :f32), strided, fragment(k, strided, :f32))
    err = try finish!(k); nothing catch e; e end
    @test err isa FlyDSLError && occursin("consecutive", err.message)
    @test_throws ArgumentError copy_atom(k, :wide, 128, :f32)
    @test_throws ArgumentError atomic_copy_atom(k, :xor, :i32)
    k = Kernel(m, "atomic_into_registers")
    one = make_tensor(k, tensor_param(k, :f32, 1), kernel_layout(k, "1:1"))
    copy!(k, atomic_copy_atom(k, :add, :f32, "agent"), one, fragment(k, one, :f32))
    err = try finish!(k); nothing catch e; e end
    @test err isa FlyDSLError && occursin("not into registers", err.message)
    # Registers laid out as the layout itself, or column-major over its shape.
    k = Kernel(m, "registers")
    @test kernel_string(k, rmem_tensor(k, kernel_layout(k, "(2,3):(8,1)"), :f16)) == "(2,3):(8,1)"
    @test kernel_string(k, fragment(k, kernel_layout(k, "(2,3):(8,1)"), :f16)) == "(2,3):(1,2)"
    finish!(k)
end

@testset "examples run and check themselves" begin
    root = normpath(joinpath(@__DIR__, "..", "..", "..", ".."))
    # The examples see FlyDSL as this process does: through the load path, or the active
    # project of a Pkg environment.
    project = Base.active_project()
    julia = project === nothing ? Base.julia_cmd() : `$(Base.julia_cmd()) --project=$project`
    for script in filter(f -> endswith(f, ".jl"), readdir(joinpath(root, "examples"); join = true))
        out = read(`$julia $script`, String)
        @test endswith(strip(out), "ok")
    end
end

@testset "handles are released" begin
    @test FlyDSL.version() isa String && !isempty(FlyDSL.version())
    for _ in 1:10_000
        composition(Layout("(4,8):(8,1)"), Layout("(2,2):(1,4)"))
    end
    GC.gc()
    @test string(Layout("4:1")) == "4:1"
    # destroy! twice is harmless, and a destroyed Layout cannot reach a freed handle: it holds
    # NULL, which the library reports.
    L = Layout("(2,3):(3,1)")
    FlyDSL.destroy!(L)
    FlyDSL.destroy!(L)
    @test_throws FlyDSLError size(L)
end

@testset "kernel library" begin
    K = FlyDSL.Kernels
    x = Float32[sin(0.37 * i) * 5 for i in 1:(257 * 3)]
    x = reshape(x, 257, 3)
    y = K.softmax(x)
    for j in 1:3
        e = exp.(Float64.(x[:, j]) .- maximum(x[:, j]))
        @test maximum(abs.(y[:, j] .- e ./ sum(e))) < 1e-6
    end
    w = Float32[1 + i / 100 for i in 1:257]
    r = ones(Float32, 257, 3)
    h = similar(x)
    out = similar(x)
    K.rmsnorm!(out, x, w; residual = r, residual_out = h)
    @test h == x .+ r
    for j in 1:3
        hj = Float64.(h[:, j])
        @test maximum(abs.(out[:, j] .- hj ./ sqrt(sum(hj .^ 2) / 257 + 1e-6) .* w)) < 1e-5
    end
    s = K.elementwise!(similar(x), :silu, x)
    @test maximum(abs.(s .- x ./ (1 .+ exp.(-x)))) < 1e-5
    # A weight of the wrong length is refused, and out keeps its values.
    out .= 7
    err = try
        K.layernorm!(out, x, ones(Float32, 256))
        nothing
    catch e
        e
    end
    @test err isa FlyDSLError && occursin("row length 257", err.message)
    @test all(out .== 7)
    @test_throws ArgumentError K.softmax(zeros(ComplexF32, 4, 2))
    err = try K.softmax(zeros(Int32, 4, 2)); nothing catch e; e end  # an index array: not here
    @test err isa FlyDSLError && occursin("float32, float16 or bfloat16", err.message)
    # RoPE (GPT-J pairs) with the cache write: q, k rotated in place, slots 0-based as vLLM's.
    dim, heads, kvh, T = 8, 2, 1, 3
    cs = Float32[i <= 4 ? cos(p * 0.5^(i - 1)) : sin(p * 0.5^(i - 5)) for i in 1:dim, p in 0:9]
    q = Float32[sin(0.3 * (d + 7h + 31t)) for d in 1:dim, h in 1:heads, t in 1:T]
    kk = Float32[cos(0.2 * (d + 5t)) for d in 1:dim, h in 1:kvh, t in 1:T]
    v = Float32[d + 10t for d in 1:dim, h in 1:kvh, t in 1:T]
    pos, slots = Int64[9, 0, 4], Int32[3, -1, 0]
    k_cache, v_cache = fill(-1f0, dim, kvh, 2, 2), fill(-1f0, dim, kvh, 2, 2)
    function rotated(x)
        y = Float64.(x)
        for t in 1:T, h in 1:size(x, 2), i in 1:4
            c, s = cs[i, pos[t] + 1], cs[i + 4, pos[t] + 1]
            a, b = x[2i - 1, h, t], x[2i, h, t]
            y[2i - 1, h, t], y[2i, h, t] = a * c - b * s, b * c + a * s
        end
        y
    end
    want_q, want_k = rotated(q), rotated(kk)
    K.rope_kv_cache!(q, kk, pos, cs; neox = false, v = v, slot_mapping = slots,
                     k_cache = k_cache, v_cache = v_cache)
    @test maximum(abs.(q .- want_q)) < 1e-5 && maximum(abs.(kk .- want_k)) < 1e-5
    flat_k, flat_v = reshape(k_cache, dim, kvh, 4), reshape(v_cache, dim, kvh, 4)
    @test flat_k[:, :, 4] == kk[:, :, 1] && flat_k[:, :, 1] == kk[:, :, 3]
    @test flat_v[:, :, 4] == v[:, :, 1] && all(flat_k[:, :, 2:3] .== -1)
    err = try K.rope_kv_cache!(q, kk, Int64[0, 1, 10], cs); nothing catch e; e end
    @test err isa FlyDSLError && occursin("positions[2] is 10", err.message)
    # Paged attention: 2 sequences, 4 query heads over 2 KV heads, blocks of 4 slots.
    dim, heads, kvh, bs, nblocks = 8, 4, 2, 4, 5
    qa = Float32[sin(0.3 * (d + 3h + 11b)) for d in 1:dim, h in 1:heads, b in 1:2]
    kc = Float32[cos(0.2 * (d + 5h + 7s + 13n)) for d in 1:dim, h in 1:kvh, s in 1:bs, n in 1:nblocks]
    vc = Float32[sin(0.1 * (d + 2h + 3s + 17n)) for d in 1:dim, h in 1:kvh, s in 1:bs, n in 1:nblocks]
    tables = Int32[3 0; 1 4; 2 0]  # max_blocks × batch, 0-based block ids
    lens = Int32[9, 6]
    out = K.paged_attention!(similar(qa), qa, kc, vc, tables, lens; scale = 0.5)
    for b in 1:2, h in 1:heads
        kv = (h - 1) ÷ (heads ÷ kvh) + 1
        rows = [(tables[j ÷ bs + 1, b] + 1, j % bs + 1) for j in 0:(lens[b] - 1)]
        s = [0.5 * sum(Float64.(qa[:, h, b]) .* kc[:, kv, r[2], r[1]]) for r in rows]
        p = exp.(s .- maximum(s)); p ./= sum(p)
        want = sum(p[i] .* Float64.(vc[:, kv, rows[i][2], rows[i][1]]) for i in eachindex(rows))
        @test maximum(abs.(out[:, h, b] .- want)) < 1e-5
    end
    err = try K.paged_attention!(out, qa, kc, vc, Int32[3 0; 1 9; 2 0], lens); nothing catch e; e end
    @test err isa FlyDSLError && occursin("block_tables[1, 1] is 9", err.message)
    # Attention forward: two packed sequences (3 queries over 6 keys, 5 over 5), 2 query heads
    # over 1 KV head, head_dim 64, Float16, causal, with the log-sum-exp.
    dim, heads = 64, 2
    cq, ck = Int32[0, 3, 8], Int32[0, 6, 11]
    qa = Float16[sin(0.37 * (d + 5h + 13t)) for d in 1:dim, h in 1:heads, t in 1:8]
    ka = Float16[cos(0.11 * (d + 7t)) for d in 1:dim, h in 1:1, t in 1:11]
    va = Float16[sin(0.05 * (d + 3t)) for d in 1:dim, h in 1:1, t in 1:11]
    lse = zeros(Float32, 8, heads)
    out = K.attention!(zeros(Float32, dim, heads, 8), qa, ka, va, cq, ck; causal = true,
                       scale = 0.125, lse = lse)
    for b in 1:2, i in (cq[b] + 1):cq[b + 1], h in 1:heads
        nq, nk = cq[b + 1] - cq[b], ck[b + 1] - ck[b]
        last = ck[b] + (i - cq[b]) + nk - nq  # the last key query i sees
        s = [0.125 * sum(Float64.(qa[:, h, i]) .* Float64.(ka[:, 1, j])) for j in (ck[b] + 1):last]
        p = exp.(s .- maximum(s))
        want = sum(p[n] .* Float64.(va[:, 1, ck[b] + n]) for n in eachindex(p)) ./ sum(p)
        @test maximum(abs.(out[:, h, i] .- want)) < 2e-3
        @test abs(lse[i, h] - (log(sum(p)) + maximum(s))) < 1e-4
    end
    err = try K.attention!(out, qa, ka, va, Int32[0, 9, 8], ck); nothing catch e; e end
    @test err isa FlyDSLError && occursin("cu_seqlens_q", err.message)
    # A mixture of experts: the router, then the layer against Float64 sums of the experts,
    # rounded to Float16 where the kernels round (the first product, the activation).
    hidden, inter, nexp, topk, ntok = 16, 8, 3, 2, 6
    logits = Float32[sin(0.7 * (i + 3t)) for i in 1:nexp, t in 1:ntok]
    wts, ids = K.moe_topk_softmax!(zeros(Float32, topk, ntok), zeros(Int32, topk, ntok), logits;
                                   renormalize = true)
    @test all(ids[:, t] == sortperm(logits[:, t]; rev = true)[1:topk] .- 1 for t in 1:ntok)
    @test all(abs(sum(wts[:, t]) - 1) < 1e-6 for t in 1:ntok)
    x = Float16[sin(0.3 * (i + 2t)) for i in 1:hidden, t in 1:ntok]
    w1 = Float16[0.25 * cos(0.1 * (i + 3r + 7e)) for i in 1:hidden, r in 1:2inter, e in 1:nexp]
    w2 = Float16[0.3 * sin(0.2 * (i + 5c + 11e)) for i in 1:inter, c in 1:hidden, e in 1:nexp]
    out = K.fused_moe!(zeros(Float32, hidden, ntok), x, w1, w2, wts, ids)
    half(v) = Float64.(Float16.(v))
    for t in 1:ntok
        want = zeros(hidden)
        for j in 1:topk
            e = ids[j, t] + 1
            h = half(Float64.(w1[:, :, e])' * Float64.(x[:, t]))
            g, u = h[1:inter], h[inter+1:end]
            want .+= wts[j, t] .* (Float64.(w2[:, :, e])' * half(g ./ (1 .+ exp.(-g)) .* u))
        end
        @test maximum(abs.(out[:, t] .- want)) < 2e-3
    end
    # GEMM: C = 2AB - C against Float64 products of the same Float16 values.
    A = Float16[sin(0.3 * (i + 2j)) for i in 1:37, j in 1:29]
    B = Float16[cos(0.2 * (3i - j)) for i in 1:29, j in 1:45]
    C = ones(Float32, 37, 45)
    K.gemm!(C, A, B; alpha = 2.0, beta = -1.0)
    @test maximum(abs.(C .- (2 .* (Float64.(A) * Float64.(B)) .- 1))) < 1e-4
    err = try
        K.gemm!(C, A, A)
        nothing
    catch e
        e
    end
    @test err isa FlyDSLError && occursin("a @ b needs them equal", err.message)
    # The offered tiles, the table's first; the last one computes the same product.
    tiles = K.gemm_tiles(C, A, B)
    @test length(tiles) >= 2 && all(t.stages >= 2 for t in tiles)
    fill!(C, 1)
    K.gemm!(C, A, B; alpha = 2.0, beta = -1.0, tile = tiles[end])
    @test maximum(abs.(C .- (2 .* (Float64.(A) * Float64.(B)) .- 1))) < 1e-4
    err = try
        K.gemm!(C, A, B; tile = K.GemmTile(100, 64, 32, 2, 2, 2))
        nothing
    catch e
        e
    end
    @test err isa FlyDSLError && occursin("the GEMM tile 100x64x32x2x2x2", err.message)
end

@testset "the README's example" begin
    include("readme.jl")
    @test string(tiles) == "((2,4),(4,2)):((8,16),(1,4))"
end
