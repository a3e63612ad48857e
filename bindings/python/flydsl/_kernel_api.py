"""ctypes prototypes of the kernel half of the C API (flydsl.h, "Kernels" and after)."""

import ctypes
import enum

from ._lib import check, lib, take_string  # noqa: F401 (K.take_string)

P = ctypes.c_void_p
_i32, _i64, _sz, _dbl = ctypes.c_int, ctypes.c_int64, ctypes.c_size_t, ctypes.c_double
PArray = ctypes.POINTER(P)

DTYPE_NAMES = {
    0: "i1", 1: "i8", 2: "i16", 3: "i32", 4: "i64", 5: "f16", 6: "bf16",
    7: "f32", 8: "f64", 9: "f8e4m3", 10: "f8e5m2", 11: "index", 12: "f8e4m3fnuz",
    13: "f8e5m2fnuz", 14: "i4",
}  # fmt: skip
# Unsigned integers are the library's integers of their width; the binding keeps their
# signedness and picks the unsigned ops and conversions for them.
UNSIGNED = {"u8": "i8", "u16": "i16", "u32": "i32", "u64": "i64"}
DTYPES = {name: code for code, name in DTYPE_NAMES.items()}
DTYPES.update({u: DTYPES[i] for u, i in UNSIGNED.items()})
CAST_FROM_UNSIGNED, CAST_TO_UNSIGNED = 1, 2


class RoundingMode(enum.IntEnum):
    """How a float narrowed to fewer bits rounds (fly_rounding_mode, MLIR's names)."""

    to_nearest_even = 0
    downward = 1
    upward = 2
    toward_zero = 3
    to_nearest_away = 4


class LaunchConfig(ctypes.Structure):
    _fields_ = [
        ("struct_size", _sz),
        ("grid", ctypes.c_uint32 * 3),
        ("block", ctypes.c_uint32 * 3),
        ("dynamic_smem", ctypes.c_uint64),
        ("stream", P),
    ]


class CompileOptions(ctypes.Structure):
    _fields_ = [
        ("struct_size", _sz),
        ("target", ctypes.c_char_p),
        ("arch", ctypes.c_char_p),
        ("opt_level", _i32),
        ("llvm_options", ctypes.c_char_p),
        ("data_device_type", _i32),
    ]


class Arg(ctypes.Structure):
    _fields_ = [("kind", _i32), ("tensor", P), ("i", _i64), ("f", _dbl)]


ARG_DLTENSOR, ARG_DLMANAGED, ARG_DLMANAGED_VERSIONED, ARG_INT, ARG_FLOAT = 0, 1, 2, 3, 4


def _fn(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


module_create = _fn("fly_module_create", _i32, ctypes.POINTER(P))
module_destroy = _fn("fly_module_destroy", None, P)
module_to_string = _fn("fly_module_to_string", _i32, P, ctypes.POINTER(ctypes.c_void_p))
module_parse = _fn("fly_module_parse", _i32, ctypes.c_char_p, ctypes.POINTER(P))
pass_pipeline_check = _fn("fly_pass_pipeline_check", _i32, ctypes.c_char_p)
module_run_passes = _fn("fly_module_run_passes", _i32, P, ctypes.c_char_p)
kernel_create = _fn("fly_kernel_create", _i32, P, ctypes.c_char_p, ctypes.POINTER(P))
kernel_finish = _fn("fly_kernel_finish", _i32, P)
kernel_error = _fn("fly_kernel_error", ctypes.c_char_p, P)
tensor_param = _fn("fly_kernel_tensor_param", P, P, _i32, _i32)
scalar_param = _fn("fly_kernel_scalar_param", P, P, _i32)
const_int = _fn("fly_const_int", P, P, _i32, _i64)
const_float = _fn("fly_const_float", P, P, _i32, _dbl)
binary = _fn("fly_binary", P, P, _i32, P, P)
unary = _fn("fly_unary", P, P, _i32, P)
fma = _fn("fly_fma", P, P, P, P, P)
powi = _fn("fly_powi", P, P, P, P)
clamp = _fn("fly_clamp", P, P, P, P, P)
sincos = _fn("fly_sincos", None, P, P, ctypes.POINTER(P), ctypes.POINTER(P))
float_class_test = _fn("fly_float_class_test", P, P, _i32, P)
kernel_set_fastmath = _fn("fly_kernel_set_fastmath", _i32, P, ctypes.c_uint)
compare = _fn("fly_compare", P, P, _i32, P, P)
select = _fn("fly_select", P, P, P, P, P)
cast = _fn("fly_cast", P, P, P, _i32)
cast_ext = _fn("fly_cast_ext", P, P, P, _i32, _i32)
cast_rounded = _fn("fly_cast_rounded", P, P, P, _i32, _i32)
value_dtype = _fn("fly_value_dtype", _i32, P, P)
gpu_index = _fn("fly_gpu_index", P, P, _i32, _i32)
lane_id = _fn("fly_lane_id", P, P)
barrier = _fn("fly_barrier", None, P)
shuffle = _fn("fly_shuffle", P, P, _i32, P, P, P)
dpp = _fn("fly_dpp", P, P, P, P, _i32, _i32, _i32, _i32)
readfirstlane = _fn("fly_readfirstlane", P, P, P)
readlane = _fn("fly_readlane", P, P, P, _i32)
ballot = _fn("fly_ballot", P, P, P, _i32)
lds_read_transposed = _fn("fly_lds_read_transposed", P, P, P)
sched_barrier = _fn("fly_sched_barrier", None, P, _i32)
sched_group_barrier = _fn("fly_sched_group_barrier", None, P, _i32, _i32, _i32)
s_waitcnt = _fn("fly_s_waitcnt", None, P, _i32)
s_setprio = _fn("fly_s_setprio", None, P, _i32)
warp_reduce = _fn("fly_warp_reduce", P, P, _i32, P, _i32)
warp_scan = _fn("fly_warp_scan", P, P, _i32, P, _i32, PArray, PArray)
warp_reduce_dpp = _fn("fly_warp_reduce_dpp", P, P, _i32, P, _i32)
warp_scan_dpp = _fn("fly_warp_scan_dpp", P, P, _i32, P, _i32, PArray, PArray)
vector_reduce = _fn("fly_vector_reduce", P, P, _i32, P, P)
_dims = ctypes.POINTER(_i64)
block_reduce = _fn("fly_block_reduce", P, P, _i32, P, _dims, _i32, _i32, P, P)
block_scan = _fn("fly_block_scan", P, P, _i32, P, _dims, _i32, P, P, _i32, PArray)
tensor_dim = _fn("fly_tensor_dim", P, P, P, _i32)
load = _fn("fly_load", P, P, P, PArray, _sz, P)
store = _fn("fly_store", None, P, P, P, PArray, _sz, P)
atomic = _fn("fly_atomic", P, P, _i32, P, PArray, _sz, P)
shared_tensor = _fn("fly_shared_tensor", P, P, _i32, _i64, _i64)
dynamic_shared_tensor = _fn("fly_dynamic_shared_tensor", P, P, _i32, P)
dynamic_shared_allocate = _fn("fly_dynamic_shared_allocate", P, P, _i32, _i64, _i64)
for_begin = _fn("fly_for_begin", P, P, P, P, P, PArray, _sz, PArray)
for_end = _fn("fly_for_end", None, P, PArray, _sz, PArray)
if_begin = _fn("fly_if_begin", None, P, P, ctypes.POINTER(_i32), _sz)
if_begin_typed_by_then = _fn("fly_if_begin_typed_by_then", None, P, P)
if_else = _fn("fly_if_else", None, P, PArray, _sz)
if_end = _fn("fly_if_end", None, P, PArray, _sz, PArray)
bitcast = _fn("fly_bitcast", P, P, P, _i32)
value_lanes = _fn("fly_value_lanes", _i32, P, P)
vector_from_elements = _fn("fly_vector_from_elements", P, P, PArray, _sz)
vector_shuffle = _fn("fly_vector_shuffle", P, P, P, P, ctypes.POINTER(_i64), _sz)
vector_splat = _fn("fly_vector_splat", P, P, P, _i32)
vector_extract = _fn("fly_vector_extract", P, P, P, P)
vector_insert = _fn("fly_vector_insert", P, P, P, P, P)
vector_bitcast = _fn("fly_vector_bitcast", P, P, P, _i32)
vector_load = _fn("fly_vector_load", P, P, P, PArray, _sz, _i32, P)
buffer_resource = _fn("fly_buffer_resource", P, P, P)
buffer_load = _fn("fly_buffer_load", P, P, P, P, _i32)
buffer_store = _fn("fly_buffer_store", None, P, P, P, P)
printf = _fn("fly_printf", None, P, ctypes.c_char_p, PArray, _sz)
print_ = _fn("fly_print", None, P, ctypes.c_char_p, PArray, _sz)
while_begin = _fn("fly_while_begin", None, P, PArray, _sz, PArray)
while_do = _fn("fly_while_do", None, P, P, PArray, _sz)
while_end = _fn("fly_while_end", None, P, PArray, _sz, PArray)
# Layouts, tensors and copies inside kernels.
tensor_param_spec = _fn(
    "fly_kernel_tensor_param_spec", P, P, _i32, _i32, ctypes.POINTER(_i64),
    ctypes.POINTER(_i64), _i64,
)  # fmt: skip
value_kind = _fn("fly_value_kind_of", _i32, P, P)
scalar_constant = _fn("fly_kernel_scalar_constant", _i32, P, P, ctypes.POINTER(_i64))
int_tuple = _fn("fly_kernel_int_tuple", P, P, ctypes.c_char_p, PArray, _sz)
layout = _fn("fly_kernel_layout", P, P, ctypes.c_char_p, PArray, _sz)
layout_from_host = _fn("fly_kernel_layout_from_host", P, P, P)
value_to_string = _fn("fly_kernel_value_to_string", _i32, P, P, ctypes.POINTER(ctypes.c_void_p))
value_owner = _fn("fly_kernel_value_owner", _i32, P, P, ctypes.POINTER(ctypes.c_uint64),
                  ctypes.POINTER(ctypes.c_void_p))  # fmt: skip
tuple_leaf = _fn("fly_kernel_tuple_leaf", P, P, P, _i32)
tensor_layout = _fn("fly_kernel_tensor_layout", P, P, P)
tensor_address_space = _fn("fly_kernel_tensor_address_space", ctypes.c_int, P, P)
layout_unary = _fn("fly_kernel_layout_unary", P, P, _i32, P)
layout_query = _fn("fly_kernel_layout_query", P, P, _i32, P)
layout_binary = _fn("fly_kernel_layout_binary", P, P, _i32, P, P)
layout_tiler_op = _fn("fly_kernel_layout_tiler_op", P, P, _i32, P, ctypes.c_char_p)
slice_ = _fn("fly_kernel_slice", P, P, P, P)
dice = _fn("fly_kernel_dice", P, P, P, P)
crd2idx = _fn("fly_kernel_crd2idx", P, P, P, P)
swizzle_offset = _fn("fly_kernel_swizzle_offset", P, P, P, _i32, _i32, _i32)
local_partition = _fn("fly_kernel_local_partition", P, P, P, P, P)
make_tensor = _fn("fly_kernel_make_tensor", P, P, P, P)
make_identity_tensor = _fn("fly_kernel_make_identity_tensor", P, P, P)
make_fragment = _fn("fly_kernel_make_fragment", P, P, P, _i32)
make_rmem_tensor = _fn("fly_kernel_make_rmem_tensor", P, P, P, _i32)
make_buffer_tensor = _fn("fly_kernel_make_buffer_tensor", P, P, P)
make_buffer_tensor_bytes = _fn("fly_kernel_make_buffer_tensor_bytes", P, P, P, P)
recast_tensor = _fn("fly_kernel_recast_tensor", P, P, P, _i32)
tensor_address = _fn("fly_kernel_tensor_address", P, P, P)
buffer_resource_at = _fn("fly_buffer_resource_at", P, P, P, P, P)
buffer_load_bytes = _fn("fly_buffer_load_bytes", P, P, P, P, P, _i32, _i32)
buffer_store_bytes = _fn("fly_buffer_store_bytes", None, P, P, P, P, P)
buffer_load_lds_bytes = _fn("fly_buffer_load_lds_bytes", None, P, P, P, _i32, P, P, _i32)
buffer_atomic_add_bytes = _fn("fly_buffer_atomic_add_bytes", None, P, P, P, P, P)
tensor_at_address = _fn("fly_kernel_tensor_at_address", P, P, P, _i32, _i32)
swizzle_tensor = _fn("fly_kernel_swizzle_tensor", P, P, P, _i32, _i32, _i32, _i64)
load_at = _fn("fly_load_at", P, P, P, P, P)
store_at = _fn("fly_store_at", None, P, P, P, P, P)
fragment_load = _fn("fly_fragment_load", P, P, P)
fragment_store = _fn("fly_fragment_store", None, P, P, P)
fragment_fill = _fn("fly_fragment_fill", None, P, P, P)
elem_less = _fn("fly_kernel_elem_less", P, P, P, P)
tuple_equal = _fn("fly_kernel_tuple_equal", P, P, P, P)
tuple_binary = _fn("fly_kernel_tuple_binary", P, P, _i32, P, P)
tuple_unary = _fn("fly_kernel_tuple_unary", P, P, _i32, P)
layout_coord = _fn("fly_kernel_layout_coord", P, P, _i32, P, P)
copy_atom = _fn("fly_kernel_copy_atom", P, P, _i32, _i32, _i32)
atomic_copy_atom = _fn("fly_kernel_atomic_copy_atom", P, P, _i32, _i32, ctypes.c_char_p)
buffer_atomic_copy_atom = _fn("fly_kernel_buffer_atomic_copy_atom", P, P, _i32, _i32, _i32)
tiled_copy = _fn("fly_kernel_tiled_copy", P, P, P, P, ctypes.c_char_p)
tiled_copy_partition = _fn("fly_kernel_tiled_copy_partition", P, P, P, P, P, _i32)
tiled_copy_retile = _fn("fly_kernel_tiled_copy_retile", P, P, P, P)
copy = _fn("fly_kernel_copy", None, P, P, P, P, P)
cp_async_wait = _fn("fly_kernel_cp_async_wait", None, P)
cp_async_commit = _fn("fly_kernel_cp_async_commit", None, P)
cp_async_wait_group = _fn("fly_kernel_cp_async_wait_group", None, P, ctypes.c_int)
fence_proxy_async = _fn("fly_kernel_fence_proxy_async", None, P)
set_block_size = _fn("fly_kernel_set_block_size", None, P, _i64, _i64, _i64)
set_max_registers = _fn("fly_kernel_set_max_registers", None, P, _i64, ctypes.c_int)
tma_descriptor = _fn("fly_kernel_tma_descriptor", P, P, P, ctypes.POINTER(_i64), _i32, _i32)
mbarrier_init = _fn("fly_kernel_mbarrier_init", None, P, P, P, _i64)
mbarrier_arrive = _fn("fly_kernel_mbarrier_arrive", None, P, P, P, _i64)
mbarrier_wait = _fn("fly_kernel_mbarrier_wait", None, P, P, P, P)
tma_load = _fn("fly_kernel_tma_load", None, P, P, P, P, P, P)
tma_store = _fn("fly_kernel_tma_store", None, P, P, P, P)
tma_store_wait = _fn("fly_kernel_tma_store_wait", None, P, _i64)
named_barrier = _fn("fly_kernel_named_barrier", None, P, _i64, _i64)
grid_dependency_wait = _fn("fly_kernel_grid_dependency_wait", None, P)
launch_dependents = _fn("fly_kernel_launch_dependents", None, P)
gather = _fn("fly_kernel_gather", None, P, P, P, P, P, P)
scatter = _fn("fly_kernel_scatter", None, P, P, P, P, P, P)
VALUE_KINDS = ("scalar", "tensor", "buffer", "int_tuple", "layout", "copy_atom", "tiled_copy")
FLY_DYNAMIC = -(2**63)

resolve_target = _fn(
    "fly_resolve_target", _i32, ctypes.POINTER(CompileOptions), ctypes.POINTER(P), ctypes.POINTER(P)
)
arch_wave_size = _fn("fly_arch_wave_size", _i32, ctypes.c_char_p, ctypes.POINTER(_i32))
compile_module = _fn("fly_compile", _i32, P, ctypes.POINTER(CompileOptions), ctypes.POINTER(P))
compiled_destroy = _fn("fly_compiled_destroy", None, P)
compiled_target = _fn("fly_compiled_target", ctypes.c_char_p, P)
compiled_arch = _fn("fly_compiled_arch", ctypes.c_char_p, P)
compiled_binary = _fn(
    "fly_compiled_binary", _i32, P, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(_sz)
)


class ResourceUsage(ctypes.Structure):
    _fields_ = [
        ("struct_size", _sz),
        ("registers", ctypes.c_int32),
        ("acc_registers", ctypes.c_int32),
        ("scalar_registers", ctypes.c_int32),
        ("shared_bytes", ctypes.c_int64),
        ("scratch_bytes", ctypes.c_int64),
        ("occupancy", ctypes.c_int32),
    ]


compiled_resource_usage = _fn(
    "fly_compiled_resource_usage",
    _i32,
    P,
    ctypes.c_char_p,
    ctypes.c_int,
    ctypes.POINTER(ResourceUsage),
)
code_object_resource_usage = _fn(
    "fly_code_object_resource_usage", _i32, ctypes.c_char_p, _sz, ctypes.c_char_p,
    ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ResourceUsage),
)  # fmt: skip
shared_memory_capacity = _fn(
    "fly_shared_memory_capacity", _i32, ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(_i64)
)
module_lowered_ir = _fn(
    "fly_module_lowered_ir", _i32, P, ctypes.POINTER(CompileOptions), ctypes.POINTER(P)
)
launch = _fn(
    "fly_launch", _i32, P, ctypes.c_char_p, ctypes.POINTER(LaunchConfig), ctypes.POINTER(Arg), _sz
)

prepare_launch = _fn("fly_prepare_launch", _i32, P, ctypes.c_char_p, ctypes.POINTER(P))
prepared_destroy = _fn("fly_prepared_destroy", None, P)
prepared_num_slots = _fn("fly_prepared_num_slots", _sz, P)
# The hot path: called with ready-made ctypes arguments, so no argtypes conversion runs.
prepared_launch_slots = lib.fly_prepared_launch_slots
prepared_launch_slots.restype = _i32
event_create = _fn("fly_event_create", _i32, ctypes.c_char_p, _i32, ctypes.POINTER(P))
event_destroy = _fn("fly_event_destroy", None, P)
event_record = _fn("fly_event_record", _i32, P, P)
event_synchronize = _fn("fly_event_synchronize", _i32, P)
event_elapsed_ms = _fn("fly_event_elapsed_ms", _i32, P, P, ctypes.POINTER(ctypes.c_float))
device_processors = _fn("fly_device_processors", _i32, ctypes.c_char_p, _i32,
                        ctypes.POINTER(_i32))  # fmt: skip
device_count = _fn("fly_device_count", _i32, ctypes.c_char_p, ctypes.POINTER(_i32))
device_name = _fn("fly_device_name", _i32, ctypes.c_char_p, _i32, ctypes.POINTER(P))


__all__ = ["check"]
