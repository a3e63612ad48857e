"""
    FlyDSL

Julia binding of libflydsl's CuTe layout algebra, through `ccall`. All logic lives in the C
library; this module translates Julia tuples to the C API's token arrays, handles to
finalized `Layout` objects and error statuses to `FlyDSLError`.

Coordinates and mode numbers are CuTe's, counted from 0: `get(L, 0)` is CuTe's `get<0>(L)`.
"""
module FlyDSL

# The library path is chosen when the module loads (FLYDSL_LIB, or the checkout's build
# folder); a precompiled cache would freeze it, so this module is not precompiled.
__precompile__(false)

include("library.jl")
include("errors.jl")
include("inttuple.jl")
include("layout.jl")
include("algebra.jl")
include("kernel.jl")
include("kernels.jl")

export KernelModule, Kernel, KernelValue, tensor_param, scalar_param, constant, thread_idx, block_idx
export block_dim, grid_dim, lt, le, gt, ge, eq, ne, barrier, shuffle_xor, shared_tensor, load
export store!, for_loop, when, finish!, launch, binary
export DYNAMIC, tensor_param_spec, kernel_tuple, kernel_layout, tiler_op, kernel_slice, fragment,
       rmem_tensor
export make_tensor, copy_atom, atomic_copy_atom, tiled_copy, partition, kernel_string, cp_async_wait,
       cp_async_commit, cp_async_wait_group
export FlyDSLError, Layout, Underscore, Basis, Swizzle
export make_layout, make_ordered_layout, make_identity_layout, make_layout_tv
export make_composed_layout, is_composed
export cosize, rank, depth, shape, coshape, coprofile, crd2idx, idx2crd, slice, dice
export slice_and_offset, make_fragment_like, make_layout_like
export get_hier_coord, get_flat_coord, get_1d_coord
export filter_zeros, composition, complement, right_inverse, left_inverse
export logical_divide, zipped_divide, tiled_divide, flat_divide
export logical_product, zipped_product, tiled_product, flat_product
export blocked_product, raked_product, recast_layout, tile_to_shape
export max_common_vector, max_common_layout, append, prepend, flatten, group, take, select
export shape_div, ceil_div, elem_scale, prefix_product, product, inner_product, elem_less
export int_tuple_add, int_tuple_sub, int_tuple_mul, int_tuple_div, int_tuple_mod
export int_tuple_product, int_tuple_product_like
export compact_col_major, product_each, crd2crd, parse_tuple, tuple_string

end
