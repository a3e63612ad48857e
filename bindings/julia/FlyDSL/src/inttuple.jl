# IntTuples are Julia values: an Integer, a (nested) Tuple, CuTe's `_` (`Underscore()`, or
# the symbol `:_` on input) or a basis element `Basis(v, modes)`. They cross the C API as
# the flat token arrays that flydsl.h describes.

const TOKEN_OPEN = typemin(Int64)
const TOKEN_CLOSE = typemin(Int64) + 1
const TOKEN_UNDERSCORE = typemin(Int64) + 2
const TOKEN_BASIS = typemin(Int64) + 3
const TOKEN_RESERVED_END = typemin(Int64) + 16

"""CuTe's `_`: keep this mode (in slices and tilers). `:_` is accepted wherever it is."""
struct Underscore end
Base.show(io::IO, ::Underscore) = print(io, "_")

"""
    Basis(value, modes)

CuTe's basis element `value@m1@m2...`, the stride of an identity layout's mode.
"""
struct Basis
    value::Int64
    modes::Vector{Int64}
end
Base.:(==)(a::Basis, b::Basis) = a.value == b.value && a.modes == b.modes
Base.hash(b::Basis, h::UInt) = hash(b.modes, hash(b.value, hash(:Basis, h)))
Base.show(io::IO, b::Basis) = print(io, b.value, join(("@" * string(m) for m in b.modes)))

encode(x) = encode!(Int64[], x)
# An optional IntTuple as (tokens, count); `nothing` is the C API's NULL array.
function optional_tokens(x)
    x === nothing && return Ptr{Int64}(C_NULL), 0
    t = encode(x)
    t, length(t)
end

function encode!(out::Vector{Int64}, x::Integer)
    x isa Bool && throw(ArgumentError("an IntTuple leaf may not be a Bool"))
    v = Int64(x)
    v < TOKEN_RESERVED_END && throw(ArgumentError("the integer $v is reserved for tokens"))
    push!(out, v)
end
function encode!(out::Vector{Int64}, x::Tuple)
    push!(out, TOKEN_OPEN)
    foreach(e -> encode!(out, e), x)
    push!(out, TOKEN_CLOSE)
end
encode!(out::Vector{Int64}, x::AbstractVector) = encode!(out, Tuple(x))
encode!(out::Vector{Int64}, ::Underscore) = push!(out, TOKEN_UNDERSCORE)
function encode!(out::Vector{Int64}, s::Symbol)
    s === :_ || throw(ArgumentError("only :_ (CuTe's underscore) is an IntTuple symbol, got :$s"))
    push!(out, TOKEN_UNDERSCORE)
end
encode!(out::Vector{Int64}, b::Basis) = append!(out, [TOKEN_BASIS, b.value, length(b.modes), b.modes...])
encode!(::Vector{Int64}, x) = throw(ArgumentError("not an IntTuple: $(repr(x))"))

# Reads one IntTuple from tokens starting at index i; returns (value, next index).
function decode(tokens::AbstractVector{Int64}, i::Int = 1)
    t = tokens[i]
    if t == TOKEN_OPEN
        elems = Any[]
        i += 1
        while tokens[i] != TOKEN_CLOSE
            e, i = decode(tokens, i)
            push!(elems, e)
        end
        return Tuple(elems), i + 1
    elseif t == TOKEN_UNDERSCORE
        return Underscore(), i + 1
    elseif t == TOKEN_BASIS
        n = Int(tokens[i + 2])
        return Basis(tokens[i + 1], tokens[i + 3:i + 2 + n]), i + 3 + n
    end
    return t, i + 1
end

# Calls f(out_ptr, out_count) for a C function that returns a token array, and decodes
# and frees the array.
function tokens_out(f)
    ptr = Ref{Ptr{Int64}}(C_NULL)
    count = Ref{Csize_t}(0)
    check(f(ptr, count))
    try
        return decode(copy(unsafe_wrap(Array, ptr[], Int(count[]))))[1]
    finally
        ccall((:fly_tuple_free, libflydsl), Cvoid, (Ptr{Int64},), ptr[])
    end
end

"""Parses CuTe's text of an IntTuple, e.g. `"(2,(3,4))"`."""
function parse_tuple(text::AbstractString)
    tokens_out((p, n) -> ccall((:fly_tuple_parse, libflydsl), Cint,
                               (Cstring, Ref{Ptr{Int64}}, Ref{Csize_t}), text, p, n))
end

"""CuTe's text of an IntTuple."""
function tuple_string(x)
    t = encode(x)
    out = Ref{Ptr{UInt8}}(C_NULL)
    check(ccall((:fly_tuple_to_string, libflydsl), Cint,
                (Ptr{Int64}, Csize_t, Ref{Ptr{UInt8}}), t, length(t), out))
    take_string(out[])
end

function tuple_binary(op::Integer, a, b)
    x, y = encode(a), encode(b)
    tokens_out((p, n) -> ccall((:fly_tuple_binary, libflydsl), Cint,
                               (Cint, Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t,
                                Ref{Ptr{Int64}}, Ref{Csize_t}),
                               op, x, length(x), y, length(y), p, n))
end

"""shape_div(a, b): CuTe's division of shapes (exact where either divides the other)."""
shape_div(a, b) = tuple_binary(0, a, b)
"""ceil_div(a, b), elementwise."""
ceil_div(a, b) = tuple_binary(1, a, b)
"""elem_scale(a, b): a scaled by b, elementwise."""
elem_scale(a, b) = tuple_binary(2, a, b)

"""int_tuple_add(a, b): FlyDSL's tuple sum, leaf by leaf as far as both tuples go, the longer
one's extra modes kept; int_tuple_sub, _mul, _div and _mod likewise (division and remainder
round toward negative infinity)."""
int_tuple_add(a, b) = tuple_binary(7, a, b)
int_tuple_sub(a, b) = tuple_binary(8, a, b)
int_tuple_mul(a, b) = tuple_binary(9, a, b)
int_tuple_div(a, b) = tuple_binary(10, a, b)
int_tuple_mod(a, b) = tuple_binary(11, a, b)
"""int_tuple_product_like(a, guide): a multiplied out under each leaf of guide's profile."""
int_tuple_product_like(a, guide) = tuple_binary(12, a, guide)

"""prefix_product(a[, init]): the exclusive column-major prefix product, starting at init."""
prefix_product(a, init = 1) = tuple_binary(6, a, init)

"""compact_col_major(shape[, current]): column-major strides; size-1 modes get stride 0."""
compact_col_major(shape, current = 1) = tuple_binary(5, shape, current)

function tuple_unary(op::Integer, a)
    x = encode(a)
    tokens_out((p, n) -> ccall((:fly_tuple_unary, libflydsl), Cint,
                               (Cint, Ptr{Int64}, Csize_t, Ref{Ptr{Int64}}, Ref{Csize_t}),
                               op, x, length(x), p, n))
end

function tuple_ternary(op::Integer, a, b, c)
    x, y, z = encode(a), encode(b), encode(c)
    tokens_out((p, n) -> ccall((:fly_tuple_ternary, libflydsl), Cint,
                               (Cint, Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ptr{Int64},
                                Csize_t, Ref{Ptr{Int64}}, Ref{Csize_t}),
                               op, x, length(x), y, length(y), z, length(z), p, n))
end

"""product_each(a): the product of each top-level mode (always a tuple)."""
product_each(a) = tuple_unary(0, a)
"""int_tuple_product(a): the product of all leaves, as FlyDSL's tuple of one leaf (an integer)."""
int_tuple_product(a) = tuple_unary(2, a)
"""flatten(t) of an IntTuple: its leaves in order."""
flatten(t::Union{Integer,Tuple}) = tuple_unary(1, t)
"""crd2crd(crd, src_shape, dst_shape): a coordinate of src_shape in dst_shape."""
crd2crd(crd, src, dst) = tuple_ternary(1, crd, src, dst)

"""product(a): the product of all leaves."""
function product(a)
    x = encode(a)
    r = Ref{Int64}(0)
    check(ccall((:fly_tuple_product, libflydsl), Cint, (Ptr{Int64}, Csize_t, Ref{Int64}),
                x, length(x), r))
    r[]
end

"""inner_product(a, b)."""
function inner_product(a, b)
    x, y = encode(a), encode(b)
    r = Ref{Int64}(0)
    check(ccall((:fly_tuple_inner_product, libflydsl), Cint,
                (Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ref{Int64}),
                x, length(x), y, length(y), r))
    r[]
end

"""elem_less(a, b): every leaf of a is less than the matching leaf of b."""
function elem_less(a, b)
    x, y = encode(a), encode(b)
    r = Ref{Cint}(0)
    check(ccall((:fly_tuple_elem_less, libflydsl), Cint,
                (Ptr{Int64}, Csize_t, Ptr{Int64}, Csize_t, Ref{Cint}),
                x, length(x), y, length(y), r))
    r[] != 0
end
