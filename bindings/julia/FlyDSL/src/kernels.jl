# The kernel library (flydsl/kernels.h): ready elementwise, softmax, layernorm, rmsnorm, RoPE with
# the KV-cache write, paged-attention decode, attention forward and GEMM kernels on Julia arrays (the cpu target). The library normalises along the contiguous
# dimension, which for a Julia array is the first: `softmax(x)` is a softmax of each column, as
# NNlib's `softmax(x; dims = 1)`.
module Kernels

using ..FlyDSL: DLTensor, Arg, check, libflydsl, stream_handle

export softmax, softmax!, layernorm!, rmsnorm!, rope_kv_cache!, paged_attention!, attention!,
       elementwise!,
       moe_topk_softmax!, fused_moe!, gemm!, gemm_tiles, GemmTile

dl_dtype(::Type{Float32}) = (0x02, 0x20)
dl_dtype(::Type{Float16}) = (0x02, 0x10)
dl_dtype(::Type{Int32}) = (0x00, 0x20)
dl_dtype(::Type{Int64}) = (0x00, 0x40)
dl_dtype(::Type{T}) where {T} =
    throw(ArgumentError("the kernels take Float32, Float16, Int32 or Int64 arrays, not $T"))

# Calls f with one Arg per array (nothing: a NULL pointer), each a DLPack view whose last mode
# is the array's first dimension: DLPack's row-major order over Julia's column-major memory.
function with_args(f, arrays...)
    present = [a for a in arrays if a !== nothing]
    shapes = [Int64[reverse(size(a))...] for a in present]
    strides = [Int64[reverse(Base.strides(a))...] for a in present]
    tensors = [Ref(DLTensor(pointer(a), 1, 0, ndims(a), dl_dtype(eltype(a))..., 1,
                            pointer(shapes[i]), pointer(strides[i]), 0))
               for (i, a) in enumerate(present)]
    GC.@preserve present shapes strides tensors begin
        args = [Ref(Arg(0, Base.unsafe_convert(Ptr{DLTensor}, t), 0, 0.0)) for t in tensors]
        GC.@preserve args begin
            i = 0
            ptrs = map(arrays) do a
                a === nothing && return Ptr{Arg}(C_NULL)
                i += 1
                Base.unsafe_convert(Ptr{Arg}, args[i])
            end
            f(ptrs...)
        end
    end
end

const OPS = Dict(:add => 0, :mul => 1, :scale_bias => 2, :silu => 3, :gelu => 4,
                 :gelu_tanh => 5, :silu_mul => 6)

"""`out .= op(a[, b])`: op is :add, :mul, :scale_bias (alpha * a + beta), :silu, :gelu,
:gelu_tanh or :silu_mul (silu(a) * b)."""
function elementwise!(out::Array, op::Symbol, a::Array, b = nothing; alpha = 1.0, beta = 0.0,
                      stream = nothing)
    haskey(OPS, op) || throw(ArgumentError("unknown elementwise op :$op"))
    with_args(a, b, out) do pa, pb, po
        check(ccall((:fly_kernels_elementwise, libflydsl), Cint,
                    (Cint, Ptr{Arg}, Ptr{Arg}, Cdouble, Cdouble, Ptr{Arg}, Ptr{Cvoid}),
                    OPS[op], pa, pb, alpha, beta, po, stream_handle(stream)))
    end
    out
end

"""Softmax of each column of `x` into `out`."""
function softmax!(out::Array, x::Array; stream = nothing)
    with_args(x, out) do px, po
        check(ccall((:fly_kernels_softmax, libflydsl), Cint, (Ptr{Arg}, Ptr{Arg}, Ptr{Cvoid}),
                    px, po, stream_handle(stream)))
    end
    out
end
softmax(x::Array; stream = nothing) = softmax!(similar(x), x; stream = stream)

"""Layer normalisation of each column of `x` (of `x + residual`, which `residual_out`
receives when given) into `out`."""
function layernorm!(out::Array, x::Array, weight::Vector, bias = nothing; eps = 1e-5,
                    residual = nothing, residual_out = nothing, stream = nothing)
    with_args(x, weight, bias, residual, residual_out, out) do px, pw, pb, pr, pro, po
        check(ccall((:fly_kernels_layernorm, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Cdouble, Ptr{Arg},
                     Ptr{Cvoid}), px, pw, pb, pr, pro, eps, po, stream_handle(stream)))
    end
    out
end

"""RMS normalisation of each column of `x` (or `x + residual`) into `out`."""
function rmsnorm!(out::Array, x::Array, weight::Vector; eps = 1e-6, residual = nothing,
                  residual_out = nothing, stream = nothing)
    with_args(x, weight, residual, residual_out, out) do px, pw, pr, pro, po
        check(ccall((:fly_kernels_rmsnorm, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Cdouble, Ptr{Arg}, Ptr{Cvoid}),
                    px, pw, pr, pro, eps, po, stream_handle(stream)))
    end
    out
end

"""Rotates `q` (head_dim × heads × tokens) and `k` (head_dim × kv_heads × tokens) in place by
each token's position, 0-based (`positions`, Int32 or Int64): column `p + 1` of `cos_sin`
(rotary_dim × max_position) holds rotary_dim / 2 cosines, then the sines. `neox` pairs
dimension i with i + rotary_dim / 2, otherwise 2i with 2i + 1 (0-based). Given `v`,
`slot_mapping`, `k_cache` and `v_cache` (head_dim × kv_heads × slots, or × block_size × blocks),
also writes each token's rotated k and its v to slot `slot_mapping[t]` (0-based, as vLLM's; a
negative one is not written)."""
function rope_kv_cache!(q::Array, k::Array, positions::Vector, cos_sin::Matrix; neox = true,
                        v = nothing, slot_mapping = nothing, k_cache = nothing,
                        v_cache = nothing, stream = nothing)
    with_args(positions, q, k, cos_sin, v, slot_mapping, k_cache,
              v_cache) do pp, pq, pk, pcs, pv, ps, pkc, pvc
        check(ccall((:fly_kernels_rope_kv_cache, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Cint, Ptr{Arg}, Ptr{Arg}, Ptr{Arg},
                     Ptr{Arg}, Ptr{Cvoid}),
                    pp, pq, pk, pcs, neox, pv, ps, pkc, pvc, stream_handle(stream)))
    end
    q, k
end

"""Decode attention over a paged KV cache into `out` (head_dim × heads × batch, as `q`):
`k_cache` and `v_cache` are head_dim × kv_heads × block_size × blocks, `block_tables` a
max_blocks × batch Int32 matrix of 0-based block ids (vLLM's, transposed as Julia sees DLPack's
row-major tables), `seq_lens` an Int32 vector. Sequence b attends to its first `seq_lens[b]`
tokens; query head h (1-based) reads KV head `(h - 1) ÷ (heads ÷ kv_heads) + 1`. `scale`
defaults to `1 / sqrt(head_dim)`."""
function paged_attention!(out::Array, q::Array, k_cache::Array, v_cache::Array,
                          block_tables::Matrix{Int32}, seq_lens::Vector{Int32};
                          scale = 1 / sqrt(size(q, 1)), stream = nothing)
    with_args(q, k_cache, v_cache, block_tables, seq_lens, out) do pq, pk, pv, pt, pl, po
        check(ccall((:fly_kernels_paged_attention, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Cdouble, Ptr{Arg},
                     Ptr{Cvoid}), pq, pk, pv, pt, pl, scale, po, stream_handle(stream)))
    end
    out
end

"""Attention forward over packed sequences (FlashAttention's varlen forward) into `out`
(head_dim × heads × tokens_q, as `q`): `k` and `v` are head_dim × kv_heads × tokens_k, Float16
with head_dim 64 or 128; sequence b's queries are columns `cu_seqlens_q[b] + 1` through
`cu_seqlens_q[b + 1]` and its keys those of `cu_seqlens_k` (Int32 vectors of 0-based offsets,
batch + 1 long). Query head h (1-based) reads KV head `(h - 1) ÷ (heads ÷ kv_heads) + 1`;
`causal` masks the keys after each query (the last query sees them all). `lse` (tokens_q ×
heads, Float32), where given, receives each query's log-sum-exp. `scale` defaults to
`1 / sqrt(head_dim)`, `max_seqlen_q` to the longest query sequence."""
longest(offsets) = length(offsets) < 2 ? 0 : maximum(diff(offsets))

function attention!(out::Array, q::Array, k::Array, v::Array, cu_seqlens_q::Vector{Int32},
                    cu_seqlens_k::Vector{Int32}; causal::Bool = false,
                    scale = 1 / sqrt(size(q, 1)), lse = nothing,
                    max_seqlen_q = longest(cu_seqlens_q), stream = nothing)
    with_args(q, k, v, cu_seqlens_q, cu_seqlens_k, out, lse) do pq, pk, pv, pcq, pck, po, pl
        check(ccall((:fly_kernels_attention, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Int64, Cdouble, Cint,
                     Ptr{Arg}, Ptr{Arg}, Ptr{Cvoid}), pq, pk, pv, pcq, pck, max_seqlen_q, scale,
                    Cint(causal), po, pl, stream_handle(stream)))
    end
    out
end

"""The router of a mixture of experts (vLLM's topk_softmax), into `topk_weights` (topk x
tokens, Float32) and `topk_ids` (topk x tokens, Int32 or Int64): for each column of `logits`
(experts x tokens), the topk largest softmax probabilities, largest first (the lower expert
first among equal ones), divided by their sum when `renormalize`, and their experts, counted
from 0 as the C library counts them."""
function moe_topk_softmax!(topk_weights::Matrix, topk_ids::Matrix, logits::Matrix;
                           renormalize::Bool = false, stream = nothing)
    with_args(logits, topk_weights, topk_ids) do pl, pw, pi
        check(ccall((:fly_kernels_moe_topk_softmax, libflydsl), Cint,
                    (Ptr{Arg}, Cint, Ptr{Arg}, Ptr{Arg}, Ptr{Cvoid}), pl, Cint(renormalize), pw,
                    pi, stream_handle(stream)))
    end
    topk_weights, topk_ids
end

"""A mixture-of-experts layer with SwiGLU experts (vLLM's fused_moe after routing), into `out`
(hidden x tokens): `x` (hidden x tokens) Float16; `w1` (hidden x 2I x experts), the gate
projections then the up ones; `w2` (I x hidden x experts); `topk_weights` and `topk_ids`
(topk x tokens) as `moe_topk_softmax!` gives them (experts counted from 0). Column t of `out`
is the sum over j of `topk_weights[j, t]` times expert e = `topk_ids[j, t]` applied to
v = `x[:, t]`: `W2 * (silu.(W1g * v) .* (W1u * v))` with `W1g = w1[:, 1:I, e+1]'`,
`W1u = w1[:, I+1:2I, e+1]'` and `W2 = w2[:, :, e+1]'`; pairs whose expert lies outside the
experts add nothing."""
function fused_moe!(out::Matrix, x::Matrix, w1::Array{<:Any,3}, w2::Array{<:Any,3},
                    topk_weights::Matrix, topk_ids::Matrix; stream = nothing)
    with_args(x, w1, w2, topk_weights, topk_ids, out) do px, p1, p2, pw, pi, po
        check(ccall((:fly_kernels_fused_moe, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{Cvoid}),
                    px, p1, p2, pw, pi, po, stream_handle(stream)))
    end
    out
end

"""A GEMM tile (`fly_gemm_tile_t`): a block of `bm` x `bn` outputs, K tiles `bk` deep in
`stages` shared buffers, `warps_m` x `warps_n` atoms over the block, K split over `split_k`
blocks (0: the library's choice). Rows and columns are those of the problem the library
sees, `C' = B' * A'` (DLPack's row-major view of Julia's arrays)."""
struct GemmTile
    struct_size::Csize_t
    bm::Int64
    bn::Int64
    bk::Int64
    stages::Int32
    warps_m::Int32
    warps_n::Int32
    split_k::Int32
end
GemmTile(bm, bn, bk, stages, warps_m, warps_n, split_k = 0) =
    GemmTile(sizeof(GemmTile), bm, bn, bk, stages, warps_m, warps_n, split_k)

"""The tiles worth timing for `gemm!(C, A, B)`, the library's own first."""
function gemm_tiles(C::Matrix, A::Matrix, B::Matrix)
    count = Ref{Csize_t}(0)
    tiles = GemmTile[]
    for pass in 1:2
        with_args(B, A, C) do pb, pa, po
            GC.@preserve tiles check(ccall((:fly_kernels_gemm_tiles, libflydsl), Cint,
                (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Ptr{GemmTile}, Csize_t, Ref{Csize_t}),
                pb, pa, po, isempty(tiles) ? C_NULL : pointer(tiles), length(tiles), count))
        end
        pass == 1 && (tiles = [GemmTile(0, 0, 0, 0, 0, 0) for _ in 1:count[]])
    end
    tiles
end

"""`C = alpha * A * B + beta * C` on the matrix cores (emulated on the cpu target), as
LinearAlgebra's `mul!(C, A, B, alpha, beta)`: A and B Float16, products accumulated in
Float32, C Float32 or Float16. `tile` (one of `gemm_tiles`) replaces the library's table."""
function gemm!(C::Matrix, A::Matrix, B::Matrix; alpha = 1.0, beta = 0.0, stream = nothing,
               tile::Union{Nothing,GemmTile} = nothing)
    # In DLPack's row-major view each array is its transpose, and C' = B' * A'.
    addend = iszero(beta) ? nothing : C
    with_args(B, A, addend, C) do pb, pa, pc, po
        chosen = tile === nothing ? nothing : Ref(tile)
        check(ccall((:fly_kernels_gemm_tiled, libflydsl), Cint,
                    (Ptr{Arg}, Ptr{Arg}, Ptr{Arg}, Cdouble, Cdouble, Ptr{Arg}, Ptr{Cvoid},
                     Ptr{GemmTile}),
                    pb, pa, pc, alpha, beta, po, stream_handle(stream),
                    chosen === nothing ? Ptr{GemmTile}(C_NULL) : chosen))
    end
    C
end

end # module Kernels
