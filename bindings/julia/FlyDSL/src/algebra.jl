# CuTe's layout algebra. Each function is one C call; the semantics are the library's.

const UNARY = (coalesce = 0, filter = 1, filter_zeros = 2, complement = 3,
               right_inverse = 4, left_inverse = 5, flatten = 6, make_fragment_like = 7,
               make_layout_like = 8)
const BINARY = (composition = 0, blocked_product = 1, raked_product = 2, append = 3,
                prepend = 4, max_common_layout = 5)
const TILER = (composition = 0, logical_divide = 1, zipped_divide = 2, tiled_divide = 3,
               flat_divide = 4, logical_product = 5, zipped_product = 6, tiled_product = 7,
               flat_product = 8)

unary(op::Integer, L::Layout) =
    layout_out(o -> ccall((:fly_layout_unary, libflydsl), Cint,
                          (Cint, Ptr{Cvoid}, Ref{Ptr{Cvoid}}), op, L, o))
binary(op::Integer, a::Layout, b::Layout) =
    layout_out(o -> ccall((:fly_layout_binary, libflydsl), Cint,
                          (Cint, Ptr{Cvoid}, Ptr{Cvoid}, Ref{Ptr{Cvoid}}), op, a, b, o))

# A tiler is a Layout, an integer n (the layout n:1), `:_`/Underscore() (keep the mode), a
# tuple of tilers, or its CuTe text.
tiler_text(t::AbstractString) = String(t)
tiler_text(t::Layout) = string(t)
tiler_text(t::Integer) = t isa Bool ? throw(ArgumentError("a tiler may not be a Bool")) : string(Int64(t))
tiler_text(::Underscore) = "_"
tiler_text(t::Symbol) = t === :_ ? "_" : throw(ArgumentError("only :_ is a tiler symbol, got :$t"))
tiler_text(t::Tuple) = "(" * join(map(tiler_text, t), ",") * ")"
tiler_text(t) = throw(ArgumentError("not a tiler: $(repr(t))"))

tiler_op(op::Integer, L::Layout, tiler) =
    layout_out(o -> ccall((:fly_layout_tiler_op, libflydsl), Cint,
                          (Cint, Ptr{Cvoid}, Cstring, Ref{Ptr{Cvoid}}),
                          op, L, tiler_text(tiler), o))

"""coalesce(L[, profile]): merge modes where possible (within the profile's modes)."""
Base.coalesce(L::Layout) = unary(UNARY.coalesce, L)
function Base.coalesce(L::Layout, profile)
    p = encode(profile)
    layout_out(o -> ccall((:fly_layout_coalesce_profile, libflydsl), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          L, p, length(p), o))
end

"""filter(L[, profile]): coalesce after dropping stride-0 and size-1 modes (within the
profile's modes)."""
Base.filter(L::Layout) = unary(UNARY.filter, L)
# Two methods, not one untyped: Base has filter(f, xs::Tuple).
Base.filter(L::Layout, profile::Integer) = filter_profile(L, profile)
Base.filter(L::Layout, profile::Tuple) = filter_profile(L, profile)
function filter_profile(L::Layout, profile)
    p = encode(profile)
    layout_out(o -> ccall((:fly_layout_filter_profile, libflydsl), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          L, p, length(p), o))
end
"""filter_zeros(L): stride-0 modes get size 1."""
filter_zeros(L::Layout) = unary(UNARY.filter_zeros, L)
"""flatten(L): all modes at the top level."""
flatten(L::Layout) = unary(UNARY.flatten, L)
"""make_fragment_like(L): compact, mode 0 first, the other modes by their strides."""
make_fragment_like(L::Layout) = unary(UNARY.make_fragment_like, L)
"""make_layout_like(L): the shape, compact strides in the order of L's (stride 0 kept)."""
make_layout_like(L::Layout) = unary(UNARY.make_layout_like, L)
"""right_inverse(L): R with L(R(i)) == i on L's image."""
right_inverse(L::Layout) = unary(UNARY.right_inverse, L)
"""left_inverse(L): R with R(L(i)) == i."""
left_inverse(L::Layout) = unary(UNARY.left_inverse, L)

"""complement(L[, cotarget]): the layout of the offsets L does not reach, up to cotarget."""
complement(L::Layout) = unary(UNARY.complement, L)
function complement(L::Layout, cotarget)
    c = encode(cotarget)
    layout_out(o -> ccall((:fly_layout_complement_to, libflydsl), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          L, c, length(c), o))
end

"""composition(A, B): A ∘ B, with B a layout or a tiler (by mode)."""
composition(a::Layout, b::Layout) = binary(BINARY.composition, a, b)
composition(a::Layout, tiler) = tiler_op(TILER.composition, a, tiler)

for name in (:logical_divide, :zipped_divide, :tiled_divide, :flat_divide,
             :logical_product, :zipped_product, :tiled_product, :flat_product)
    @eval begin
        @doc $("$name(L, tiler): CuTe's $name.")
        $name(L::Layout, tiler) = tiler_op(TILER.$name, L, tiler)
    end
end

"""blocked_product(block, tiler): block repeated in the tiler's order, blocks contiguous."""
blocked_product(a::Layout, b::Layout) = binary(BINARY.blocked_product, a, b)
"""raked_product(block, tiler): block repeated with the tiler's elements interleaved."""
raked_product(a::Layout, b::Layout) = binary(BINARY.raked_product, a, b)
"""append(L, M): M as a new last mode of L."""
append(a::Layout, b::Layout) = binary(BINARY.append, a, b)
"""prepend(L, M): M as a new first mode of L."""
prepend(a::Layout, b::Layout) = binary(BINARY.prepend, a, b)
"""max_common_layout(A, B): the largest layout of contiguous elements A and B share."""
max_common_layout(a::Layout, b::Layout) = binary(BINARY.max_common_layout, a, b)

"""max_common_vector(A, B): how many contiguous elements A and B share."""
function max_common_vector(a::Layout, b::Layout)
    r = Ref{Int64}(0)
    check(ccall((:fly_layout_max_common_vector, libflydsl), Cint,
                (Ptr{Cvoid}, Ptr{Cvoid}, Ref{Int64}), a, b, r))
    r[]
end

"""take(L, b, e): modes b..e-1 (from 0), as CuTe's take<b,e>."""
take(L::Layout, b::Integer, e::Integer) =
    layout_out(o -> ccall((:fly_layout_take, libflydsl), Cint,
                          (Ptr{Cvoid}, Int64, Int64, Ref{Ptr{Cvoid}}), L, b, e, o))
"""group(L, b, e): modes b..e-1 (from 0) grouped into one, as CuTe's group<b,e>."""
group(L::Layout, b::Integer, e::Integer) =
    layout_out(o -> ccall((:fly_layout_group, libflydsl), Cint,
                          (Ptr{Cvoid}, Int64, Int64, Ref{Ptr{Cvoid}}), L, b, e, o))
"""select(L, i, j, ...): the listed modes (from 0), as CuTe's select<i,j,...>."""
function select(L::Layout, modes::Integer...)
    m = Int64[modes...]
    layout_out(o -> ccall((:fly_layout_select, libflydsl), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          L, m, length(m), o))
end

"""recast_layout(L, old_bits, new_bits): L for elements of new_bits instead of old_bits."""
recast_layout(L::Layout, old_bits::Integer, new_bits::Integer) =
    layout_out(o -> ccall((:fly_layout_recast, libflydsl), Cint,
                          (Ptr{Cvoid}, Int64, Int64, Ref{Ptr{Cvoid}}),
                          L, old_bits, new_bits, o))

"""tile_to_shape(block, shape[, order]): block repeated to fill shape."""
function tile_to_shape(block::Layout, target, order = nothing)
    s = encode(target)
    d, nd = optional_tokens(order)
    layout_out(o -> ccall((:fly_layout_tile_to_shape, libflydsl), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t,
                           Ref{Ptr{Cvoid}}), block, s, length(s), d, nd, o))
end
