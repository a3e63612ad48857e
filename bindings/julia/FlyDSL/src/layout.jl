"""
    Layout(text)
    Layout(shape[, stride])

An immutable CuTe layout `shape:stride`, or a swizzled composed layout. Owns a libflydsl
handle that a finalizer releases. `L(i)`, `L(i, j)` and `L((i, j))` evaluate it; with `:_`
in the coordinate they slice it. `string(L)` is CuTe's text; `==` and `hash` compare
structure.
"""
mutable struct Layout
    handle::Ptr{Cvoid}
    function Layout(handle::Ptr{Cvoid})
        handle == C_NULL && throw(ArgumentError("NULL layout handle"))
        finalizer(destroy!, new(handle))
    end
end

function destroy!(L::Layout)
    h, L.handle = L.handle, C_NULL
    h == C_NULL || ccall((:fly_layout_destroy, libflydsl), Cvoid, (Ptr{Cvoid},), h)
    nothing
end

# Passing a Layout to ccall as Ptr{Cvoid} keeps it alive for the call.
Base.unsafe_convert(::Type{Ptr{Cvoid}}, L::Layout) = L.handle

# Calls f(out) for a C function that returns a new layout handle through out.
function layout_out(f)
    out = Ref{Ptr{Cvoid}}(C_NULL)
    check(f(out))
    Layout(out[])
end

Layout(text::AbstractString) = parse(Layout, text)
Layout(shape, stride = nothing) = make_layout(shape, stride)

function Base.parse(::Type{Layout}, text::AbstractString)
    layout_out(o -> ccall((:fly_layout_parse, libflydsl), Cint, (Cstring, Ref{Ptr{Cvoid}}),
                          text, o))
end

function Base.string(L::Layout)
    out = Ref{Ptr{UInt8}}(C_NULL)
    check(ccall((:fly_layout_to_string, libflydsl), Cint, (Ptr{Cvoid}, Ref{Ptr{UInt8}}), L, out))
    take_string(out[])
end
Base.show(io::IO, L::Layout) = print(io, string(L))
Base.show(io::IO, ::MIME"text/plain", L::Layout) = print(io, "Layout ", string(L))

function Base.:(==)(a::Layout, b::Layout)
    r = Ref{Cint}(0)
    check(ccall((:fly_layout_equal, libflydsl), Cint, (Ptr{Cvoid}, Ptr{Cvoid}, Ref{Cint}),
                a, b, r))
    r[] != 0
end

function Base.hash(L::Layout, h::UInt)
    r = Ref{UInt64}(0)
    check(ccall((:fly_layout_hash, libflydsl), Cint, (Ptr{Cvoid}, Ref{UInt64}), L, r))
    hash(r[], h)
end

# ---- construction

"""
    make_layout(shape[, stride])
    make_layout(L1, L2, ...)

CuTe's make_layout: with no stride, the compact column-major one; from layouts, each
layout becomes one mode.
"""
function make_layout(shape, stride = nothing)
    s = encode(shape)
    d, nd = optional_tokens(stride)
    layout_out(o -> ccall((:fly_layout_make, libflydsl), Cint,
                          (Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          s, length(s), d, nd, o))
end
make_layout(L::Layout) = make_layout_from_modes([L])
make_layout(L::Layout, more::Layout...) = make_layout_from_modes([L, more...])

function make_layout_from_modes(modes::Vector{Layout})
    GC.@preserve modes begin
        handles = Ptr{Cvoid}[m.handle for m in modes]
        layout_out(o -> ccall((:fly_layout_make_from_modes, libflydsl), Cint,
                              (Ptr{Ptr{Cvoid}}, Csize_t, Ref{Ptr{Cvoid}}),
                              handles, length(handles), o))
    end
end

"""make_ordered_layout(shape, order): compact strides, mode `order[i]`-th fastest."""
function make_ordered_layout(shape, order)
    s, d = encode(shape), encode(order)
    layout_out(o -> ccall((:fly_layout_make_ordered, libflydsl), Cint,
                          (Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          s, length(s), d, length(d), o))
end

"""make_identity_layout(shape): maps each coordinate to itself (strides `1@i`)."""
function make_identity_layout(shape)
    s = encode(shape)
    layout_out(o -> ccall((:fly_layout_make_identity, libflydsl), Cint,
                          (Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}), s, length(s), o))
end

"""make_layout_tv(thr, val): returns `(tiler_mn, layout_tv)` as CuTe's make_layout_tv."""
function make_layout_tv(thr::Layout, val::Layout)
    out = Ref{Ptr{Cvoid}}(C_NULL)
    tiler = tokens_out((p, n) -> ccall((:fly_layout_make_tv, libflydsl), Cint,
                                       (Ptr{Cvoid}, Ptr{Cvoid}, Ref{Ptr{Int64}}, Ref{Csize_t},
                                        Ref{Ptr{Cvoid}}), thr, val, p, n, out))
    tiler, Layout(out[])
end

"""
    Swizzle(bits, base, shift)

CuTe's Swizzle<B,M,S>; `sw(offset)` applies it to an offset.
"""
struct Swizzle
    bits::Int
    base::Int
    shift::Int
end
Base.show(io::IO, s::Swizzle) = print(io, "Sw<", s.bits, ",", s.base, ",", s.shift, ">")

function (s::Swizzle)(offset::Integer)
    r = Ref{Int64}(0)
    check(ccall((:fly_swizzle_apply, libflydsl), Cint, (Cint, Cint, Cint, Int64, Ref{Int64}),
                s.bits, s.base, s.shift, offset, r))
    r[]
end

"""make_composed_layout(swizzle, offset, layout): `swizzle ∘ offset ∘ layout`."""
function make_composed_layout(s::Swizzle, offset::Integer, L::Layout)
    layout_out(o -> ccall((:fly_layout_make_composed, libflydsl), Cint,
                          (Cint, Cint, Cint, Int64, Ptr{Cvoid}, Ref{Ptr{Cvoid}}),
                          s.bits, s.base, s.shift, offset, L, o))
end

"""is_composed(L): whether L is a swizzled composed layout."""
function is_composed(L::Layout)
    r = Ref{Cint}(0)
    check(ccall((:fly_layout_is_composed, libflydsl), Cint, (Ptr{Cvoid}, Ref{Cint}), L, r))
    r[] != 0
end

# ---- queries

function int_query(sym::Symbol, L::Layout)
    r = Ref{Int64}(0)
    check(ccall(Libdl.dlsym(library_handle(), sym), Cint, (Ptr{Cvoid}, Ref{Int64}), L, r))
    r[]
end

"""size(L): the number of coordinates (CuTe's size)."""
Base.size(L::Layout) = int_query(:fly_layout_size, L)
"""cosize(L): one past the largest offset."""
cosize(L::Layout) = int_query(:fly_layout_cosize, L)
"""rank(L): the number of top-level modes."""
rank(L::Layout) = int_query(:fly_layout_rank, L)
"""depth(L): the nesting depth of the shape."""
depth(L::Layout) = int_query(:fly_layout_depth, L)
Base.length(L::Layout) = rank(L)

"""shape(L) as an IntTuple."""
function shape(L::Layout)
    tokens_out((p, n) -> ccall((:fly_layout_shape, libflydsl), Cint,
                               (Ptr{Cvoid}, Ref{Ptr{Int64}}, Ref{Csize_t}), L, p, n))
end

"""coshape(L): what the offsets span, as an IntTuple (one extent per basis mode of an
identity layout)."""
function coshape(L::Layout)
    tokens_out((p, n) -> ccall((:fly_layout_coshape, libflydsl), Cint,
                               (Ptr{Cvoid}, Ref{Ptr{Int64}}, Ref{Csize_t}), L, p, n))
end

"""coprofile(L): the profile of the codomain (`0`, or `(0, 0)` for strides in E0 and E1)."""
function coprofile(L::Layout)
    tokens_out((p, n) -> ccall((:fly_layout_coprofile, libflydsl), Cint,
                               (Ptr{Cvoid}, Ref{Ptr{Int64}}, Ref{Csize_t}), L, p, n))
end

"""stride(L) as an IntTuple (an error for a composed layout)."""
function Base.stride(L::Layout)
    tokens_out((p, n) -> ccall((:fly_layout_stride, libflydsl), Cint,
                               (Ptr{Cvoid}, Ref{Ptr{Int64}}, Ref{Csize_t}), L, p, n))
end

"""get(L, i, j, ...): CuTe's get<i,j,...>(L), mode numbers from 0."""
function Base.get(L::Layout, path::Integer...)
    p = Int64[path...]
    layout_out(o -> ccall((:fly_layout_get, libflydsl), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          L, p, length(p), o))
end

has_underscore(c) = c isa Underscore || c === :_ || (c isa Tuple && any(has_underscore, c))

function (L::Layout)(crd...)
    c = length(crd) == 1 ? crd[1] : crd
    has_underscore(c) && return slice(L, c)
    t = encode(c)
    r = Ref{Int64}(0)
    status = ccall((:fly_layout_crd2idx, libflydsl), Cint,
                   (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Int64}), L, t, length(t), r)
    status == 0 && return r[]
    # Not an integer offset (identity layouts give coordinates) or a bad coordinate: the
    # general evaluation returns the value or the error.
    tokens_out((p, n) -> ccall((:fly_layout_evaluate, libflydsl), Cint,
                               (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Int64}},
                                Ref{Csize_t}), L, t, length(t), p, n))
end

"""crd2idx(crd, L), crd2idx(crd, shape, stride), or crd2idx(crd, shape) (the column-major
index of a coordinate)."""
crd2idx(crd, L::Layout) = L(crd)
crd2idx(crd, shape) = tuple_binary(4, crd, shape)
function crd2idx(crd, shape, stride)
    c, s, d = encode(crd), encode(shape), encode(stride)
    r = Ref{Int64}(0)
    check(ccall((:fly_tuple_crd2idx, libflydsl), Cint,
                (Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ref{Int64}),
                c, length(c), s, length(s), d, length(d), r))
    r[]
end

"""idx2crd(idx, L) or idx2crd(idx, shape): the natural (column-major) coordinate."""
function idx2crd(idx::Integer, L::Layout)
    tokens_out((p, n) -> ccall((:fly_layout_idx2crd, libflydsl), Cint,
                               (Ptr{Cvoid}, Int64, Ref{Ptr{Int64}}, Ref{Csize_t}),
                               L, idx, p, n))
end
idx2crd(idx, shape) = tuple_binary(3, idx, shape)

coord(op::Integer, idx, L::Layout) =
    (t = encode(idx);
     tokens_out((p, n) -> ccall((:fly_layout_coord, libflydsl), Cint,
                                (Cint, Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Int64}},
                                 Ref{Csize_t}), op, L, t, length(t), p, n)))
"""get_hier_coord(idx, L): the coordinate whose offset is idx, per leaf (idx ÷ d) % s."""
get_hier_coord(idx, L::Layout) = coord(0, idx, L)
"""get_flat_coord(idx, L): get_hier_coord as one 1-D coordinate per top-level mode."""
get_flat_coord(idx, L::Layout) = coord(1, idx, L)
"""get_1d_coord(idx, L): get_hier_coord as its column-major index in L's shape."""
get_1d_coord(idx, L::Layout) = coord(2, idx, L)
"""idx2crd(idx, shape, stride): per leaf (idx ÷ d) % s."""
idx2crd(idx, shape, stride) = tuple_ternary(0, idx, shape, stride)

function crd_layout_op(sym::Symbol, L::Layout, crd)
    c = encode(crd)
    layout_out(o -> ccall(Libdl.dlsym(library_handle(), sym), Cint,
                          (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}}),
                          L, c, length(c), o))
end

"""slice(L, crd): the sub-layout of the modes where crd has `:_`."""
slice(L::Layout, crd) = crd_layout_op(:fly_layout_slice, L, crd)
"""dice(L, crd): the sub-layout of the modes where crd has integers."""
dice(L::Layout, crd) = crd_layout_op(:fly_layout_dice, L, crd)

"""slice_and_offset(crd, L): `(slice(L, crd), offset of crd's integers)`."""
function slice_and_offset(crd, L::Layout)
    c = encode(crd)
    off = Ref{Int64}(0)
    sliced = layout_out(o -> ccall((:fly_layout_slice_and_offset, libflydsl), Cint,
                                   (Ptr{Cvoid}, Ptr{Int64}, Csize_t, Ref{Ptr{Cvoid}},
                                    Ref{Int64}), L, c, length(c), o, off))
    sliced, off[]
end
