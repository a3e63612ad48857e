# Building, compiling and launching kernels: `ccall`s of the kernel half of the C API. As in
# C, a kernel keeps its first error (sticky) and `finish!` reports it.

const DTYPES = Dict(:i1 => 0, :i8 => 1, :i16 => 2, :i32 => 3, :i64 => 4, :f16 => 5, :bf16 => 6,
                    :f32 => 7, :f64 => 8, :f8e4m3 => 9, :f8e5m2 => 10, :index => 11,
                    :f8e4m3fnuz => 12, :f8e5m2fnuz => 13, :i4 => 14)

"""A module of kernels compiled together; released by the GC."""
mutable struct KernelModule
    ptr::Ptr{Cvoid}
    function KernelModule()
        out = Ref{Ptr{Cvoid}}(C_NULL)
        check(ccall((:fly_module_create, libflydsl), Cint, (Ptr{Ptr{Cvoid}},), out))
        m = new(out[])
        finalizer(m) do x
            ccall((:fly_module_destroy, libflydsl), Cvoid, (Ptr{Cvoid},), x.ptr)
        end
    end
end

"""A kernel of a module, built op by op."""
struct Kernel
    ptr::Ptr{Cvoid}
    mod::KernelModule
end

"""A value inside a kernel; Julia operators build ops in its kernel."""
struct KernelValue
    ptr::Ptr{Cvoid}
    kernel::Ptr{Cvoid}
end

function Kernel(m::KernelModule, name::AbstractString)
    out = Ref{Ptr{Cvoid}}(C_NULL)
    check(ccall((:fly_kernel_create, libflydsl), Cint, (Ptr{Cvoid}, Cstring, Ptr{Ptr{Cvoid}}),
                m.ptr, name, out))
    Kernel(out[], m)
end

dtype_code(d::Symbol) = haskey(DTYPES, d) ? DTYPES[d] : throw(ArgumentError("unknown dtype $d"))
val(k::Kernel, p::Ptr{Cvoid}) = KernelValue(p, k.ptr)

tensor_param(k::Kernel, dtype::Symbol, rank::Integer) =
    val(k, ccall((:fly_kernel_tensor_param, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Cint),
                 k.ptr, dtype_code(dtype), rank))
scalar_param(k::Kernel, dtype::Symbol) =
    val(k, ccall((:fly_kernel_scalar_param, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint),
                 k.ptr, dtype_code(dtype)))
constant(k::Kernel, dtype::Symbol, v::Integer) =
    val(k, ccall((:fly_const_int, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Int64),
                 k.ptr, dtype_code(dtype), v))
constant(k::Kernel, dtype::Symbol, v::AbstractFloat) =
    val(k, ccall((:fly_const_float, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Float64),
                 k.ptr, dtype_code(dtype), v))

gpu_index(k::Kernel, which::Integer, dim::Integer) =
    val(k, ccall((:fly_gpu_index, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Cint), k.ptr, which, dim))
"""Thread index in dimension `dim` (0, 1, 2 = x, y, z), an i32; likewise the others."""
thread_idx(k::Kernel, dim::Integer = 0) = gpu_index(k, 0, dim)
block_idx(k::Kernel, dim::Integer = 0) = gpu_index(k, 1, dim)
block_dim(k::Kernel, dim::Integer = 0) = gpu_index(k, 2, dim)
grid_dim(k::Kernel, dim::Integer = 0) = gpu_index(k, 3, dim)

for (op, code) in ((:+, 0), (:-, 1), (:*, 2), (:/, 3), (:%, 4), (:&, 7), (:|, 8))
    @eval Base.$op(a::KernelValue, b::KernelValue) =
        KernelValue(ccall((:fly_binary, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Ptr{Cvoid}, Ptr{Cvoid}),
                  a.kernel, $code, a.ptr, b.ptr), a.kernel)
end
Base.div(a::KernelValue, b::KernelValue) = a / b
for (name, code) in ((:lt, 2), (:le, 3), (:gt, 4), (:ge, 5), (:eq, 0), (:ne, 1))
    @eval $name(a::KernelValue, b::KernelValue) =
        KernelValue(ccall((:fly_compare, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Ptr{Cvoid}, Ptr{Cvoid}),
                  a.kernel, $code, a.ptr, b.ptr), a.kernel)
end
Base.:<(a::KernelValue, b::KernelValue) = lt(a, b)

barrier(k::Kernel) = ccall((:fly_barrier, libflydsl), Cvoid, (Ptr{Cvoid},), k.ptr)
shuffle_xor(k::Kernel, v::KernelValue, offset::KernelValue, width::KernelValue) =
    val(k, ccall((:fly_shuffle, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Cint, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}),
                 k.ptr, 0, v.ptr, offset.ptr, width.ptr))
shared_tensor(k::Kernel, dtype::Symbol, count::Integer; align::Integer = 16) =
    val(k, ccall((:fly_shared_tensor, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Int64, Int64),
                 k.ptr, dtype_code(dtype), count, align))

handles(vs) = Ptr{Cvoid}[v.ptr for v in vs]
predicate(p) = p === nothing ? C_NULL : p.ptr

"""`t[coord...]` (coordinates start at 0, one per mode); a false `pred` loads 0."""
function load(k::Kernel, t::KernelValue, coord::Vector{KernelValue}; pred = nothing)
    c = handles(coord)
    val(k, ccall((:fly_load, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Ptr{Cvoid}}, Csize_t, Ptr{Cvoid}),
                 k.ptr, t.ptr, c, length(c), predicate(pred)))
end

"""`t[coord...] = v`, skipped where `pred` is false."""
function store!(k::Kernel, t::KernelValue, v::KernelValue, coord::Vector{KernelValue}; pred = nothing)
    c = handles(coord)
    ccall((:fly_store, libflydsl), Cvoid,
          (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Ptr{Cvoid}}, Csize_t, Ptr{Cvoid}),
          k.ptr, t.ptr, v.ptr, c, length(c), predicate(pred))
end

"""`for iv in lb:step:ub-1` carrying `inits`: `body(iv, carried)` returns the next carried
values; the final ones are returned."""
function for_loop(body, k::Kernel, lb::KernelValue, ub::KernelValue, step::KernelValue, inits::Vector{KernelValue})
    n = length(inits)
    iter = Vector{Ptr{Cvoid}}(undef, max(n, 1))
    iv = ccall((:fly_for_begin, libflydsl), Ptr{Cvoid},
               (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Ptr{Cvoid}}, Csize_t,
                Ptr{Ptr{Cvoid}}), k.ptr, lb.ptr, ub.ptr, step.ptr, handles(inits), n, iter)
    yields = handles(body(val(k, iv), KernelValue[val(k, iter[i]) for i in 1:n]))
    out = Vector{Ptr{Cvoid}}(undef, max(length(yields), 1))
    ccall((:fly_for_end, libflydsl), Cvoid, (Ptr{Cvoid}, Ptr{Ptr{Cvoid}}, Csize_t, Ptr{Ptr{Cvoid}}),
          k.ptr, yields, length(yields), out)
    KernelValue[val(k, out[i]) for i in 1:length(yields)]
end

"""`if cond; body(); end` without results."""
function when(body, k::Kernel, cond::KernelValue)
    ccall((:fly_if_begin, libflydsl), Cvoid, (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cint}, Csize_t),
          k.ptr, cond.ptr, C_NULL, 0)
    body()
    ccall((:fly_if_end, libflydsl), Cvoid, (Ptr{Cvoid}, Ptr{Ptr{Cvoid}}, Csize_t, Ptr{Ptr{Cvoid}}),
          k.ptr, C_NULL, 0, C_NULL)
end

"""Ends the kernel; throws the first error of any of its ops."""
finish!(k::Kernel) = check(ccall((:fly_kernel_finish, libflydsl), Cint, (Ptr{Cvoid},), k.ptr))

"""A compiled module; released by the GC."""
mutable struct Compiled
    ptr::Ptr{Cvoid}
    function Compiled(p::Ptr{Cvoid})
        c = new(p)
        finalizer(c) do x
            ccall((:fly_compiled_destroy, libflydsl), Cvoid, (Ptr{Cvoid},), x.ptr)
        end
    end
end

struct CompileOptions
    struct_size::Csize_t
    target::Ptr{UInt8}
    arch::Ptr{UInt8}
    opt_level::Cint
end

"""Compiles every kernel of `m` for `target` ("cpu", "rocm", "cuda"; nothing: the default)."""
function compile(m::KernelModule; target = nothing, arch = nothing, opt_level::Integer = 2)
    t = target === nothing ? nothing : String(target)
    a = arch === nothing ? nothing : String(arch)
    out = Ref{Ptr{Cvoid}}(C_NULL)
    GC.@preserve t a begin
        o = Ref(CompileOptions(sizeof(CompileOptions), t === nothing ? C_NULL : pointer(t),
                               a === nothing ? C_NULL : pointer(a), opt_level))
        check(ccall((:fly_compile, libflydsl), Cint,
                    (Ptr{Cvoid}, Ptr{CompileOptions}, Ptr{Ptr{Cvoid}}), m.ptr, o, out))
    end
    Compiled(out[])
end

target(c::Compiled) = unsafe_string(ccall((:fly_compiled_target, libflydsl), Cstring, (Ptr{Cvoid},), c.ptr))

"""The code: HSACO (rocm), PTX (cuda) or an ELF object (cpu), copied into a byte vector."""
function binary(c::Compiled)
    data, size = Ref{Ptr{Cvoid}}(C_NULL), Ref{Csize_t}(0)
    check(ccall((:fly_compiled_binary, libflydsl), Cint, (Ptr{Cvoid}, Ptr{Ptr{Cvoid}}, Ptr{Csize_t}),
                c.ptr, data, size))
    copy(unsafe_wrap(Array, Ptr{UInt8}(data[]), size[]))
end

# DLPack's DLTensor, declared from the DLPack ABI.
struct DLTensor
    data::Ptr{Cvoid}
    device_type::Int32
    device_id::Int32
    ndim::Int32
    code::UInt8
    bits::UInt8
    lanes::UInt16
    shape::Ptr{Int64}
    strides::Ptr{Int64}
    byte_offset::UInt64
end

struct Arg
    kind::Cint
    tensor::Ptr{Cvoid}
    i::Int64
    f::Float64
end

struct LaunchConfig
    struct_size::Csize_t
    grid::NTuple{3,UInt32}
    block::NTuple{3,UInt32}
    dynamic_smem::UInt64
    stream::Ptr{Cvoid}
end

dl_code(::Type{<:Signed}) = 0x00
dl_code(::Type{<:Unsigned}) = 0x01
dl_code(::Type{<:AbstractFloat}) = 0x02
dim3(x) = ntuple(i -> UInt32(i <= length(x) ? x[i] : 1), 3)

stream_handle(s::Ptr) = Ptr{Cvoid}(s)
stream_handle(s::Integer) = Ptr{Cvoid}(UInt(s))
stream_handle(::Nothing) = C_NULL

"""Runs kernel `name` of `c`. Arrays are passed as tensors (a Julia matrix `A` is the
tensor whose element (i, j), from 0, is `A[i+1, j+1]`); integers and floats as scalars.
`stream` is the runtime's raw stream handle (a pointer or an integer; `nothing` or `C_NULL`
for the default stream); the cpu target runs launches to completion and ignores it."""
function launch(c::Compiled, name::AbstractString, args...; grid = (1,), block = (1,), smem = 0,
                stream = nothing)
    arrays = [a for a in args if a isa Array]
    shapes = [Int64[size(a)...] for a in arrays]
    strides = [Int64[Base.strides(a)...] for a in arrays]
    tensors = Ref{DLTensor}[]
    GC.@preserve arrays shapes strides tensors begin
        raw = Arg[]
        t = 0
        for a in args
            if a isa Array
                t += 1
                dl = Ref(DLTensor(pointer(a), 1, 0, ndims(a), dl_code(eltype(a)),
                                  8 * sizeof(eltype(a)), 1, pointer(shapes[t]),
                                  pointer(strides[t]), 0))
                push!(tensors, dl)
                push!(raw, Arg(0, Base.unsafe_convert(Ptr{DLTensor}, dl), 0, 0.0))
            elseif a isa Integer
                push!(raw, Arg(3, C_NULL, Int64(a), 0.0))
            elseif a isa AbstractFloat
                push!(raw, Arg(4, C_NULL, 0, Float64(a)))
            else
                throw(ArgumentError("cannot pass a $(typeof(a)) to a kernel"))
            end
        end
        cfg = Ref(LaunchConfig(sizeof(LaunchConfig), dim3(grid), dim3(block), smem,
                               stream_handle(stream)))
        check(ccall((:fly_launch, libflydsl), Cint,
                    (Ptr{Cvoid}, Cstring, Ptr{LaunchConfig}, Ptr{Arg}, Csize_t),
                    c.ptr, name, cfg, raw, length(raw)))
    end
    nothing
end

# Layouts, tensors and copies inside kernels: tuples, layouts, tensors (a pointer plus a
# layout), copy atoms and tiled copies are KernelValues; the algebra runs in the library.

"""An extent or stride known only at launch, in `tensor_param_spec`."""
const DYNAMIC = typemin(Int64)
const TILER_OPS = Dict(:composition => 0, :logical_divide => 1, :zipped_divide => 2,
                       :tiled_divide => 3, :flat_divide => 4, :logical_product => 5,
                       :zipped_product => 6, :tiled_product => 7, :flat_product => 8)
const COPY_OPS = Dict(:universal => 0, :buffer => 1, :lds => 2, :cp_async => 3, :cp_async_zfill => 4,
                 :buffer_to_lds => 5)

"""A tensor parameter whose layout fixes the extents and strides not equal to `DYNAMIC`,
and the byte alignment of its pointer and dynamic strides (0: the element's); launches check
them."""
function tensor_param_spec(k::Kernel, dtype::Symbol, shape::Vector{Int64}, stride::Vector{Int64};
                           align::Integer = 0)
    length(shape) == length(stride) || throw(ArgumentError("one extent and one stride per mode"))
    val(k, ccall((:fly_kernel_tensor_param_spec, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Cint, Cint, Ptr{Int64}, Ptr{Int64}, Int64),
                 k.ptr, dtype_code(dtype), length(shape), shape, stride, align))
end

"""A tuple from CuTe text whose `?` leaves take the integer values `dynamic` in order."""
kernel_tuple(k::Kernel, text::AbstractString, dynamic::Vector{KernelValue} = KernelValue[]) =
    val(k, ccall((:fly_kernel_int_tuple, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Cstring, Ptr{Ptr{Cvoid}}, Csize_t),
                 k.ptr, text, handles(dynamic), length(dynamic)))

"""A layout from CuTe text (`"(?,8):(8,1)"`), or a host `Layout` as a static one."""
kernel_layout(k::Kernel, text::AbstractString, dynamic::Vector{KernelValue} = KernelValue[]) =
    val(k, ccall((:fly_kernel_layout, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Cstring, Ptr{Ptr{Cvoid}}, Csize_t),
                 k.ptr, text, handles(dynamic), length(dynamic)))
kernel_layout(k::Kernel, l::Layout) =
    val(k, ccall((:fly_kernel_layout_from_host, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Ptr{Cvoid}),
                 k.ptr, l.handle))

"""`op(layout_or_tensor, tiler)` for op in :composition, :zipped_divide, ... (tiler as text)."""
function tiler_op(k::Kernel, op::Symbol, x::KernelValue, tiler::AbstractString)
    haskey(TILER_OPS, op) || throw(ArgumentError("unknown tiler op $op"))
    val(k, ccall((:fly_kernel_layout_tiler_op, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Cint, Ptr{Cvoid}, Cstring), k.ptr, TILER_OPS[op], x.ptr, tiler))
end

"""`slice(coord, layout_or_tensor)` with a kernel tuple whose `_` leaves keep modes."""
kernel_slice(k::Kernel, x::KernelValue, coord::KernelValue) =
    val(k, ccall((:fly_kernel_slice, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}),
                 k.ptr, x.ptr, coord.ptr))

"""A register tensor shaped like a layout or tensor (static size)."""
fragment(k::Kernel, like::KernelValue, dtype::Symbol) =
    val(k, ccall((:fly_kernel_make_fragment, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Ptr{Cvoid}, Cint),
                 k.ptr, like.ptr, dtype_code(dtype)))

"""A register tensor laid out as `layout` itself (static; registers for its cosize): FlyDSL's
`make_rmem_tensor`."""
rmem_tensor(k::Kernel, layout::KernelValue, dtype::Symbol) =
    val(k, ccall((:fly_kernel_make_rmem_tensor, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Ptr{Cvoid}, Cint), k.ptr, layout.ptr, dtype_code(dtype)))

"""A tensor over `t`'s memory with the layout `l`."""
make_tensor(k::Kernel, t::KernelValue, l::KernelValue) =
    val(k, ccall((:fly_kernel_make_tensor, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}),
                 k.ptr, t.ptr, l.ptr))

"""A copy atom (:universal, :buffer, :lds, :cp_async, :cp_async_zfill or :buffer_to_lds) moving
`bits` of `dtype` per call."""
function copy_atom(k::Kernel, op::Symbol, bits::Integer, dtype::Symbol)
    haskey(COPY_OPS, op) || throw(ArgumentError("unknown copy op $op"))
    val(k, ccall((:fly_kernel_copy_atom, libflydsl), Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Cint, Cint),
                 k.ptr, COPY_OPS[op], bits, dtype_code(dtype)))
end

const ATOMIC_OPS = Dict(:add => 0, :max => 1, :min => 2, :and => 3, :or => 4, :inc => 5, :dec => 6)

"""An atomic copy atom: each call combines one `dtype` element into the destination (global or
shared memory) by `op` (:add, :max, :min, :and, :or, :inc, :dec) at LLVM sync scope
`syncscope` ("" for the system)."""
function atomic_copy_atom(k::Kernel, op::Symbol, dtype::Symbol, syncscope::AbstractString="")
    haskey(ATOMIC_OPS, op) || throw(ArgumentError("unknown atomic op $op"))
    val(k, ccall((:fly_kernel_atomic_copy_atom, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Cint, Cint, Cstring), k.ptr, ATOMIC_OPS[op], dtype_code(dtype), syncscope))
end

"""A tiled copy: an atom, a static (thread, value) layout and its tile (CuTe text)."""
tiled_copy(k::Kernel, atom::KernelValue, layout_tv::KernelValue, tile::AbstractString) =
    val(k, ccall((:fly_kernel_tiled_copy, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Cstring), k.ptr, atom.ptr, layout_tv.ptr, tile))

"""Thread `thr`'s part of `t` as the copy's source (`source = true`) or destination."""
partition(k::Kernel, tiled::KernelValue, thr::KernelValue, t::KernelValue; source::Bool = true) =
    val(k, ccall((:fly_kernel_tiled_copy_partition, libflydsl), Ptr{Cvoid},
                 (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Cint),
                 k.ptr, tiled.ptr, thr.ptr, t.ptr, source))

"""`copy(atom, src, dst)`: one atom call per group of its values; `pred` (a register tensor
of booleans, one per call) skips calls."""
Base.copy!(k::Kernel, atom::KernelValue, src::KernelValue, dst::KernelValue; pred = nothing) =
    ccall((:fly_kernel_copy, libflydsl), Cvoid,
          (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}),
          k.ptr, atom.ptr, src.ptr, dst.ptr, predicate(pred))

"""A kernel tuple, layout or tensor's layout as CuTe text, `?` for dynamic leaves."""
function kernel_string(k::Kernel, v::KernelValue)
    out = Ref{Ptr{UInt8}}(C_NULL)
    check(ccall((:fly_kernel_value_to_string, libflydsl), Cint,
                (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Ptr{UInt8}}), k.ptr, v.ptr, out))
    s = unsafe_string(out[])
    ccall((:fly_string_free, libflydsl), Cvoid, (Ptr{UInt8},), out[])
    s
end

"""Waits for this thread's cp.async copies; a barrier then shows them to the block."""
cp_async_wait(k::Kernel) = ccall((:fly_kernel_cp_async_wait, libflydsl), Cvoid, (Ptr{Cvoid},), k.ptr)
cp_async_commit(k::Kernel) = ccall((:fly_kernel_cp_async_commit, libflydsl), Cvoid, (Ptr{Cvoid},), k.ptr)
cp_async_wait_group(k::Kernel, pending::Integer) =
    ccall((:fly_kernel_cp_async_wait_group, libflydsl), Cvoid, (Ptr{Cvoid}, Cint), k.ptr, pending)
