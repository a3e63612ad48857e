/*===- flydsl.h - The FlyDSL C API -------------------------------*- C -*-===*\
|*                                                                            *|
|* The stable C ABI of libflydsl.so. Conventions (see docs/c-api.md):         *|
|*  - every fallible call returns a fly_status (FLY_OK = 0); the message of   *|
|*    the last failure on the calling thread is fly_last_error_message();     *|
|*  - handles are opaque; fly_<thing>_destroy frees one and accepts NULL;     *|
|*  - strings returned through `char **` are owned by the caller and freed    *|
|*    with fly_string_free; int64 arrays returned through `int64_t **` with   *|
|*    fly_tuple_free;                                                         *|
|*  - input strings are NUL-terminated UTF-8 unless a length is passed.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FLYDSL_FLYDSL_H
#define FLYDSL_FLYDSL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define FLY_API __declspec(dllexport)
#else
#define FLY_API __attribute__((visibility("default")))
#endif

/* Bumped on every incompatible change of this header. */
#define FLYDSL_ABI_VERSION 1

/* Enumerations that cross this interface are passed as int (and int32_t in structs): a value
 * outside an enum is FLY_ERROR_INVALID_ARGUMENT (or a builder error), never undefined
 * behaviour. The typedef'd enums name the valid values. */

/*===-- Status and errors --------------------------------------------------===*/

typedef enum fly_status {
  FLY_OK = 0,
  FLY_ERROR_INVALID_ARGUMENT = 1, /* a value outside an operation's domain, NULL pointer */
  FLY_ERROR_PARSE = 2,            /* malformed text */
  FLY_ERROR_RANK_MISMATCH = 3,    /* tuple structures that do not line up */
  FLY_ERROR_DIVISIBILITY = 4,     /* CuTe's divisibility / injectivity preconditions */
  FLY_ERROR_OVERFLOW = 5,         /* 64-bit overflow */
  FLY_ERROR_INVALID_HANDLE = 6,   /* NULL, destroyed or wrong-kind handle */
  FLY_ERROR_UNSUPPORTED = 7,      /* valid but not handled by this build */
  FLY_ERROR_BUFFER_TOO_SMALL = 8, /* an output array is too short; the size needed is returned */
  FLY_ERROR_OUT_OF_MEMORY = 9,
  FLY_ERROR_INTERNAL = 10,
  FLY_ERROR_COMPILE = 11, /* a kernel that cannot be compiled: its builder error, or the pipeline's */
  FLY_ERROR_LAUNCH = 12   /* arguments that do not fit the kernel, or a kernel that cannot finish */
} fly_status;

/* Message of the last failed call on this thread; "" if none. Owned by the
 * library, valid until the next failing call on the same thread. */
FLY_API const char *fly_last_error_message(void);
/* The status of the last failed call on this thread (FLY_OK if none). */
FLY_API fly_status fly_last_error_status(void);
/* A constant name such as "FLY_ERROR_PARSE"; never NULL. */
FLY_API const char *fly_status_name(fly_status status);
/* Library version "MAJOR.MINOR.PATCH"; a static string. */
FLY_API const char *fly_version(void);
/* FLYDSL_ABI_VERSION the library was built with. */
FLY_API int fly_abi_version(void);

/* Frees a string returned by the library. Accepts NULL. */
FLY_API void fly_string_free(char *s);

/*===-- IntTuples ----------------------------------------------------------===*
 * An IntTuple crosses the API as a flat int64 token array, read in order:
 *   FLY_TOKEN_OPEN ... FLY_TOKEN_CLOSE   a tuple of the elements in between
 *   FLY_TOKEN_UNDERSCORE                 CuTe's `_` (keep this mode)
 *   FLY_TOKEN_BASIS v n m1..mn           the basis element v@m1@..@mn
 *   any other value                      an integer leaf
 * So `(2,(3,4))` is {OPEN, 2, OPEN, 3, 4, CLOSE, CLOSE}, `4` is {4} and the
 * rank-1 tuple `(4)` is {OPEN, 4, CLOSE}. Integers equal to a token value
 * (the 16 lowest int64 values) cannot be passed as leaves.
 *===----------------------------------------------------------------------===*/

#define FLY_TOKEN_OPEN INT64_MIN
#define FLY_TOKEN_CLOSE (INT64_MIN + 1)
#define FLY_TOKEN_UNDERSCORE (INT64_MIN + 2)
#define FLY_TOKEN_BASIS (INT64_MIN + 3)

/* Parses CuTe text ("(2,(3,4))", "_", "1@0") into tokens. *tokens is owned by
 * the caller (fly_tuple_free). */
FLY_API fly_status fly_tuple_parse(const char *text, int64_t **tokens, size_t *count);
/* Prints tokens as CuTe text. */
FLY_API fly_status fly_tuple_to_string(const int64_t *tokens, size_t count, char **text);
/* Frees a token array returned by the library. Accepts NULL. */
FLY_API void fly_tuple_free(int64_t *tokens);

/* IntTuple helpers with CuTe's semantics; results are new token arrays. */
typedef enum fly_tuple_op {
  FLY_TUPLE_SHAPE_DIV = 0,
  FLY_TUPLE_CEIL_DIV = 1,
  FLY_TUPLE_ELEM_SCALE = 2,
  FLY_TUPLE_IDX2CRD = 3,           /* idx2crd(a, shape b), column-major */
  FLY_TUPLE_CRD2IDX = 4,           /* crd2idx(a, shape b): the column-major index of a */
  FLY_TUPLE_COMPACT_COL_MAJOR = 5, /* compact_col_major(shape a, current b) */
  FLY_TUPLE_PREFIX_PRODUCT = 6,    /* prefix_product(a, init b), exclusive */
  /* FlyDSL's int_tuple_add, _sub, _mul, _div, _mod: leaf by leaf where both tuples have
   * modes, the longer tuple's extra modes kept; division and remainder round toward
   * negative infinity. */
  FLY_TUPLE_ADD = 7,
  FLY_TUPLE_SUB = 8,
  FLY_TUPLE_MUL = 9,
  FLY_TUPLE_DIV = 10,
  FLY_TUPLE_MOD = 11,
  FLY_TUPLE_PRODUCT_LIKE = 12 /* product_like(a, guide b): a multiplied out under b's leaves */
} fly_tuple_op;
FLY_API fly_status fly_tuple_binary(int op /* fly_tuple_op */, const int64_t *a, size_t a_count,
                                    const int64_t *b, size_t b_count, int64_t **result,
                                    size_t *result_count);
/* One-operand helpers: op is a fly_tuple_unary_op (validated: another value is
 * FLY_ERROR_INVALID_ARGUMENT). */
typedef enum fly_tuple_unary_op {
  FLY_TUPLE_PRODUCT_EACH = 0, /* product_each(a): the product of each top-level mode */
  FLY_TUPLE_FLATTEN = 1,      /* flatten(a) */
  FLY_TUPLE_PRODUCT = 2       /* product(a), as a tuple of one leaf */
} fly_tuple_unary_op;
FLY_API fly_status fly_tuple_unary(int op, const int64_t *a, size_t a_count, int64_t **result,
                                   size_t *result_count);
/* Three-operand helpers: op is a fly_tuple_ternary_op (validated). */
typedef enum fly_tuple_ternary_op {
  FLY_TUPLE_IDX2CRD_STRIDE = 0, /* idx2crd(a, shape b, stride c): per leaf (a / d) % s */
  FLY_TUPLE_CRD2CRD = 1         /* crd2crd(a, src shape b, dst shape c) */
} fly_tuple_ternary_op;
FLY_API fly_status fly_tuple_ternary(int op, const int64_t *a, size_t a_count, const int64_t *b,
                                     size_t b_count, const int64_t *c, size_t c_count,
                                     int64_t **result, size_t *result_count);
/* prefix_product(a) (exclusive, column-major). */
FLY_API fly_status fly_tuple_prefix_product(const int64_t *a, size_t a_count, int64_t **result,
                                            size_t *result_count);
/* product(a) and inner_product(a, b). */
FLY_API fly_status fly_tuple_product(const int64_t *a, size_t a_count, int64_t *result);
FLY_API fly_status fly_tuple_inner_product(const int64_t *a, size_t a_count, const int64_t *b,
                                           size_t b_count, int64_t *result);
/* elem_less(a, b) into *result (0 or 1). */
FLY_API fly_status fly_tuple_elem_less(const int64_t *a, size_t a_count, const int64_t *b,
                                       size_t b_count, int *result);
/* crd2idx(crd, shape, stride): integer result. */
FLY_API fly_status fly_tuple_crd2idx(const int64_t *crd, size_t crd_count, const int64_t *shape,
                                     size_t shape_count, const int64_t *stride,
                                     size_t stride_count, int64_t *result);

/*===-- Layouts ------------------------------------------------------------===*
 * fly_layout_t is an immutable CuTe layout: shape:stride, or a composed layout
 * Sw<B,M,S> o offset o shape:stride. Handles are safe to read from several
 * threads at once; destroy a handle only when no other thread uses it.
 * Every function returning a layout through `fly_layout_t **out` gives the
 * caller a new handle to destroy.
 *===----------------------------------------------------------------------===*/

typedef struct fly_layout fly_layout_t;

/* Parses "shape:stride" or "Sw<B,M,S> o offset o shape:stride". */
FLY_API fly_status fly_layout_parse(const char *text, fly_layout_t **out);
/* make_layout(shape[, stride]); stride NULL (count 0) gives CuTe's compact
 * column-major strides. */
FLY_API fly_status fly_layout_make(const int64_t *shape, size_t shape_count,
                                   const int64_t *stride, size_t stride_count,
                                   fly_layout_t **out);
/* make_layout(modes[0], ..., modes[n-1]): each layout becomes one mode. */
FLY_API fly_status fly_layout_make_from_modes(const fly_layout_t *const *modes, size_t n,
                                              fly_layout_t **out);
FLY_API fly_status fly_layout_make_ordered(const int64_t *shape, size_t shape_count,
                                           const int64_t *order, size_t order_count,
                                           fly_layout_t **out);
FLY_API fly_status fly_layout_make_identity(const int64_t *shape, size_t shape_count,
                                            fly_layout_t **out);
/* make_layout_tv(thr, val): the tiler shape (tokens) and the TV layout. */
FLY_API fly_status fly_layout_make_tv(const fly_layout_t *thr, const fly_layout_t *val,
                                      int64_t **tiler_mn, size_t *tiler_mn_count,
                                      fly_layout_t **layout_tv);
/* Sw<bits,base,shift> o offset o layout. |shift| >= bits is required. */
FLY_API fly_status fly_layout_make_composed(int bits, int base, int shift, int64_t offset,
                                            const fly_layout_t *layout, fly_layout_t **out);
/* Applies Swizzle<bits,base,shift> to an offset. */
FLY_API fly_status fly_swizzle_apply(int bits, int base, int shift, int64_t offset,
                                     int64_t *result);
FLY_API void fly_layout_destroy(fly_layout_t *layout);

/* Text in CuTe's form, e.g. "((2,4),8):((1,16),2)". */
FLY_API fly_status fly_layout_to_string(const fly_layout_t *layout, char **text);
/* 1 if the layout is a composed (swizzled) layout, else 0. */
FLY_API fly_status fly_layout_is_composed(const fly_layout_t *layout, int *result);
/* Structural equality into *result (0 or 1), and a hash consistent with it. */
FLY_API fly_status fly_layout_equal(const fly_layout_t *a, const fly_layout_t *b, int *result);
FLY_API fly_status fly_layout_hash(const fly_layout_t *layout, uint64_t *result);

/* Queries. For a composed layout, shape/size/rank/depth are those of its inner
 * layout and stride is an error. */
FLY_API fly_status fly_layout_shape(const fly_layout_t *layout, int64_t **tokens, size_t *count);
FLY_API fly_status fly_layout_stride(const fly_layout_t *layout, int64_t **tokens,
                                     size_t *count);
FLY_API fly_status fly_layout_size(const fly_layout_t *layout, int64_t *result);
FLY_API fly_status fly_layout_cosize(const fly_layout_t *layout, int64_t *result);
FLY_API fly_status fly_layout_rank(const fly_layout_t *layout, int64_t *result);
FLY_API fly_status fly_layout_depth(const fly_layout_t *layout, int64_t *result);
/* CuTe's coshape: what the offsets span, the largest plus one (a leaf: the cosize); for
 * basis strides (an identity layout) one extent per basis mode. coprofile: its
 * profile, the strides summed with every leaf 0 (`0`, or `(0,0)` for strides in E0 and E1).
 * A composed layout is an error. */
FLY_API fly_status fly_layout_coshape(const fly_layout_t *layout, int64_t **tokens, size_t *count);
FLY_API fly_status fly_layout_coprofile(const fly_layout_t *layout, int64_t **tokens,
                                        size_t *count);
/* get<path...>(layout). */
FLY_API fly_status fly_layout_get(const fly_layout_t *layout, const int64_t *path, size_t n,
                                  fly_layout_t **out);
/* L(crd) for an integer, flat or nested coordinate; the fast path for
 * integer-valued layouts. */
FLY_API fly_status fly_layout_crd2idx(const fly_layout_t *layout, const int64_t *crd,
                                      size_t crd_count, int64_t *result);
/* L(crd) in general: an integer, or a coordinate for layouts with basis
 * strides such as identity layouts. */
FLY_API fly_status fly_layout_evaluate(const fly_layout_t *layout, const int64_t *crd,
                                       size_t crd_count, int64_t **result,
                                       size_t *result_count);
/* The natural coordinate of index idx in the layout's shape. */
FLY_API fly_status fly_layout_idx2crd(const fly_layout_t *layout, int64_t idx, int64_t **crd,
                                      size_t *crd_count);
/* The coordinates FlyDSL gives an index (an integer or a tuple) of a layout. */
typedef enum fly_layout_coord_op {
  FLY_COORD_IDX2CRD = 0, /* through the layout's shape and strides: per leaf (index / d) % s */
  FLY_COORD_FLAT = 1,    /* that, as one 1-D coordinate per top-level mode (get_flat_coord) */
  FLY_COORD_1D = 2       /* that, as its column-major index in the shape (get_1d_coord) */
} fly_layout_coord_op;
FLY_API fly_status fly_layout_coord(int op /* fly_layout_coord_op */, const fly_layout_t *layout,
                                    const int64_t *index, size_t index_count, int64_t **crd,
                                    size_t *crd_count);
FLY_API fly_status fly_layout_slice(const fly_layout_t *layout, const int64_t *crd,
                                    size_t crd_count, fly_layout_t **out);
FLY_API fly_status fly_layout_dice(const fly_layout_t *layout, const int64_t *crd,
                                   size_t crd_count, fly_layout_t **out);
FLY_API fly_status fly_layout_slice_and_offset(const fly_layout_t *layout, const int64_t *crd,
                                               size_t crd_count, fly_layout_t **out,
                                               int64_t *offset);

/* Unary operations: out = op(layout). */
typedef enum fly_layout_unary_op {
  FLY_LAYOUT_COALESCE = 0,
  FLY_LAYOUT_FILTER = 1,
  FLY_LAYOUT_FILTER_ZEROS = 2,
  FLY_LAYOUT_COMPLEMENT = 3, /* cotarget cosize(filter(layout)) */
  FLY_LAYOUT_RIGHT_INVERSE = 4,
  FLY_LAYOUT_LEFT_INVERSE = 5,
  FLY_LAYOUT_FLATTEN = 6,
  /* CuTe's make_fragment_like: a compact layout of the shape, mode 0 first and the other
   * modes in the order of their strides (a fragment's layout for a tensor's partition). */
  FLY_LAYOUT_MAKE_FRAGMENT_LIKE = 7,
  /* CuTe's make_layout_like: the shape, with compact strides in the order of the layout's
   * strides (modes of stride 0 keep stride 0). */
  FLY_LAYOUT_MAKE_LAYOUT_LIKE = 8
} fly_layout_unary_op;
FLY_API fly_status fly_layout_unary(int op /* fly_layout_unary_op */, const fly_layout_t *layout,
                                    fly_layout_t **out);

/* coalesce(layout, profile), filter(layout, profile) and complement(layout,
 * cotarget). Only the profile's tuple structure matters; a profile with more
 * modes than the layout is FLY_ERROR_RANK_MISMATCH. */
FLY_API fly_status fly_layout_coalesce_profile(const fly_layout_t *layout,
                                               const int64_t *profile, size_t profile_count,
                                               fly_layout_t **out);
FLY_API fly_status fly_layout_filter_profile(const fly_layout_t *layout, const int64_t *profile,
                                             size_t profile_count, fly_layout_t **out);
FLY_API fly_status fly_layout_complement_to(const fly_layout_t *layout, const int64_t *cotarget,
                                            size_t cotarget_count, fly_layout_t **out);

/* Binary operations on two layouts: out = op(a, b). */
typedef enum fly_layout_binary_op {
  FLY_LAYOUT_COMPOSITION = 0,
  FLY_LAYOUT_BLOCKED_PRODUCT = 1,
  FLY_LAYOUT_RAKED_PRODUCT = 2,
  FLY_LAYOUT_APPEND = 3,
  FLY_LAYOUT_PREPEND = 4,
  FLY_LAYOUT_MAX_COMMON_LAYOUT = 5
} fly_layout_binary_op;
FLY_API fly_status fly_layout_binary(int op /* fly_layout_binary_op */, const fly_layout_t *a,
                                     const fly_layout_t *b, fly_layout_t **out);
FLY_API fly_status fly_layout_max_common_vector(const fly_layout_t *a, const fly_layout_t *b,
                                                int64_t *result);

/* Operations with a tiler. A tiler is text: a layout "s:d", an integer n
 * (make_layout(n) in divides and products, n:1 in composition, as in CuTe), "_"
 * (keep the mode) or a parenthesised tuple of tilers,
 * e.g. "(3:3,(2,4):(1,8))" or "(4,_)". */
typedef enum fly_tiler_op {
  FLY_TILER_COMPOSITION = 0,
  FLY_TILER_LOGICAL_DIVIDE = 1,
  FLY_TILER_ZIPPED_DIVIDE = 2,
  FLY_TILER_TILED_DIVIDE = 3,
  FLY_TILER_FLAT_DIVIDE = 4,
  FLY_TILER_LOGICAL_PRODUCT = 5,
  FLY_TILER_ZIPPED_PRODUCT = 6,
  FLY_TILER_TILED_PRODUCT = 7,
  FLY_TILER_FLAT_PRODUCT = 8
} fly_tiler_op;
FLY_API fly_status fly_layout_tiler_op(int op /* fly_tiler_op */, const fly_layout_t *layout,
                                       const char *tiler, fly_layout_t **out);

/* Mode manipulation: take [begin,end), group [begin,end), select modes. */
FLY_API fly_status fly_layout_take(const fly_layout_t *layout, int64_t begin, int64_t end,
                                   fly_layout_t **out);
FLY_API fly_status fly_layout_group(const fly_layout_t *layout, int64_t begin, int64_t end,
                                    fly_layout_t **out);
FLY_API fly_status fly_layout_select(const fly_layout_t *layout, const int64_t *modes,
                                     size_t n, fly_layout_t **out);

/* recast_layout from elements of old_bits to elements of new_bits. */
FLY_API fly_status fly_layout_recast(const fly_layout_t *layout, int64_t old_bits,
                                     int64_t new_bits, fly_layout_t **out);
/* tile_to_shape(block, target_shape, order); order NULL for column-major. */
FLY_API fly_status fly_layout_tile_to_shape(const fly_layout_t *block,
                                            const int64_t *target_shape, size_t target_count,
                                            const int64_t *order, size_t order_count,
                                            fly_layout_t **out);


/*===-- Kernels ------------------------------------------------------------===*
 * A module holds kernels; a kernel is built op by op through value handles.
 * Ownership: the module owns its kernels and every value handle they return;
 * all of them stay valid until fly_module_destroy. A module and its kernels
 * are built from one thread at a time.
 *
 * The builder keeps its first error (sticky): after a failure every op
 * returns NULL and does nothing, so kernel code reads straight;
 * fly_kernel_finish and fly_compile report the error. Passing NULL (the
 * result of a failed op) to an op is itself such an error, never a crash.
 *===----------------------------------------------------------------------===*/

typedef struct fly_module fly_module_t;
typedef struct fly_kernel fly_kernel_t;
typedef struct fly_value fly_value_t;

/* Element types. */
typedef enum fly_dtype {
  FLY_I1 = 0,
  FLY_I8 = 1,
  FLY_I16 = 2,
  FLY_I32 = 3,
  FLY_I64 = 4,
  FLY_F16 = 5,
  FLY_BF16 = 6,
  FLY_F32 = 7,
  FLY_F64 = 8,
  FLY_F8E4M3 = 9,
  FLY_F8E5M2 = 10,
  FLY_INDEX = 11,
  FLY_F8E4M3FNUZ = 12, /* gfx942's fp8: exponent bias 8, no negative zero, NaN 0x80 */
  FLY_F8E5M2FNUZ = 13,
  /* A 4-bit integer: values in registers only (scalars, and vectors that fly_vector_bitcast
   * makes of packed words, the operands of RDNA3's iu4 WMMA); a tensor, parameter, shared
   * array, buffer access or copy atom of it is a kernel error. */
  FLY_I4 = 14
} fly_dtype;

FLY_API fly_status fly_module_create(fly_module_t **out);
FLY_API void fly_module_destroy(fly_module_t *module);
/* The module's MLIR text (caller frees with fly_string_free). */
FLY_API fly_status fly_module_to_string(fly_module_t *module, char **text);
/* A module of MLIR text in the dialects kernels use (Fly, FlyROCDL, FlyNVVM, gpu, arith, ...),
 * for fly_module_to_string and fly_module_run_passes: it takes no kernels and does not compile.
 * FLY_ERROR_INVALID_ARGUMENT with the parser's diagnostics where the text is no module. */
FLY_API fly_status fly_module_parse(const char *text, fly_module_t **out);
/* FLY_OK when `pipeline` is a textual MLIR pass pipeline fly_module_run_passes runs, else
 * FLY_ERROR_INVALID_ARGUMENT saying why. */
FLY_API fly_status fly_pass_pipeline_check(const char *pipeline);
/* Runs a textual MLIR pass pipeline on the module's IR in place, as fly-opt would:
 * "builtin.module(fly-layout-lowering,canonicalize)". It may name the Fly dialect's passes
 * (fly-canonicalize, fly-layout-lowering, convert-fly-to-rocdl, ...), the lowering stages of
 * every target, fly-cpu-work-item-loops, canonicalize and cse. Every kernel must be finished.
 * The module no longer compiles afterwards (its IR is not what its kernels built): print it.
 * FLY_ERROR_INVALID_ARGUMENT for a pipeline that does not parse, FLY_ERROR_COMPILE with the
 * diagnostics where a pass fails (the IR is then as that pass left it). */
FLY_API fly_status fly_module_run_passes(fly_module_t *module, const char *pipeline);
/* A new kernel named `name` (letters, digits, '_'); owned by the module. */
FLY_API fly_status fly_kernel_create(fly_module_t *module, const char *name, fly_kernel_t **out);
/* Ends the kernel. Returns FLY_ERROR_COMPILE with the builder's first error,
 * if any. Ops after finish are errors. */
FLY_API fly_status fly_kernel_finish(fly_kernel_t *kernel);
/* The builder's first error, or NULL; owned by the kernel. */
FLY_API const char *fly_kernel_error(fly_kernel_t *kernel);

/* Parameters, before the first op. A tensor parameter is a pointer with one
 * extent and one stride (in elements) per mode; the launch gives it a DLPack
 * tensor of that dtype and rank. */
FLY_API fly_value_t *fly_kernel_tensor_param(fly_kernel_t *k, int dtype /* fly_dtype */, int rank);
FLY_API fly_value_t *fly_kernel_scalar_param(fly_kernel_t *k, int dtype /* fly_dtype */);

FLY_API fly_value_t *fly_const_int(fly_kernel_t *k, int dtype /* fly_dtype */, int64_t value);
FLY_API fly_value_t *fly_const_float(fly_kernel_t *k, int dtype /* fly_dtype */, double value);

/* clang-format off */
typedef enum fly_binary_op {
  FLY_ADD = 0, FLY_SUB, FLY_MUL, FLY_DIV, FLY_REM, FLY_MIN, FLY_MAX, FLY_AND, FLY_OR,
  FLY_XOR, FLY_SHL, FLY_SHR, FLY_DIVU, FLY_REMU, FLY_SHRU, FLY_MINU, FLY_MAXU, FLY_POW,
  /* Floats only. FLY_MIN / FLY_MAX propagate NaN; FLY_MINNUM / FLY_MAXNUM return the other
   * operand when one is NaN. */
  FLY_ATAN2, FLY_COPYSIGN, FLY_MAXNUM, FLY_MINNUM,
  /* Signed integers only: the quotient rounded toward negative infinity. */
  FLY_FLOORDIV,
  /* Integers: the quotient rounded toward positive infinity (signed; unsigned). */
  FLY_CEILDIV, FLY_CEILDIVU,
  /* Unsigned integers: x ** e wrapped to the width. FLY_POW of signed integers is the same for
   * e >= 0; for e < 0 it is 1 where x is 1, +-1 where x is -1 (by e's parity) and 0 otherwise
   * (MLIR's math.ipowi). */
  FLY_POWU
} fly_binary_op;
typedef enum fly_unary_op {
  FLY_NEG = 0, FLY_NOT, FLY_ABS, FLY_EXP, FLY_EXP2, FLY_LOG, FLY_LOG2, FLY_SQRT, FLY_RSQRT,
  FLY_TANH, FLY_ERF, FLY_SIN, FLY_COS, FLY_FLOOR, FLY_CEIL, FLY_EXPM1, FLY_LOG10, FLY_LOG1P,
  FLY_CBRT, FLY_TAN, FLY_ASIN, FLY_ACOS, FLY_ATAN, FLY_SINH, FLY_COSH, FLY_ASINH, FLY_ACOSH,
  FLY_ATANH, FLY_ERFC, FLY_ROUND /* half away from zero */, FLY_ROUNDEVEN, FLY_TRUNC,
  /* Integers only: leading zeros, trailing zeros, set bits. */
  FLY_CTLZ, FLY_CTTZ, FLY_CTPOP
} fly_unary_op;
typedef enum fly_float_class {
  FLY_ISNAN = 0, FLY_ISINF, FLY_ISFINITE, FLY_ISNORMAL
} fly_float_class;
/* clang-format on */
typedef enum fly_cmp_op {
  FLY_EQ = 0, FLY_NE, FLY_LT, FLY_LE, FLY_GT, FLY_GE, FLY_ULT, FLY_ULE, FLY_UGT, FLY_UGE
} fly_cmp_op;

/* Integer ops are signed unless named U; both operands have one dtype. These
 * ops, math, compare, select and cast also apply lane by lane to vectors of
 * equal lanes. */
FLY_API fly_value_t *fly_binary(fly_kernel_t *k, int op /* fly_binary_op */, fly_value_t *a,
                                fly_value_t *b);
FLY_API fly_value_t *fly_unary(fly_kernel_t *k, int op /* fly_unary_op */, fly_value_t *a);
FLY_API fly_value_t *fly_fma(fly_kernel_t *k, fly_value_t *a, fly_value_t *b, fly_value_t *c);
/* base ** exponent for an integer exponent: a float base keeps its type; an integer base needs
 * the exponent's type. */
FLY_API fly_value_t *fly_powi(fly_kernel_t *k, fly_value_t *base, fly_value_t *exponent);
/* min(max(x, lo), hi), floats of one type. */
FLY_API fly_value_t *fly_clamp(fly_kernel_t *k, fly_value_t *x, fly_value_t *lo, fly_value_t *hi);
/* sin(x) and cos(x) from one operation; both outputs NULL on error. */
FLY_API void fly_sincos(fly_kernel_t *k, fly_value_t *x, fly_value_t **sin_out,
                        fly_value_t **cos_out);
/* An i1 per lane: whether float x is NaN, infinite, finite or normal. */
FLY_API fly_value_t *fly_float_class_test(fly_kernel_t *k, int test /* fly_float_class */,
                                          fly_value_t *x);

/* Counter-based random numbers: Philox, with the constants and round order of Triton's
 * tl.randint, so that one seed and offset give the same words. `rounds` rounds (0..64) over
 * the four counter words with the two key words, all scalars of one type: i32 (the 4x32
 * generator) or i64 (4x64); the four words come out, all NULL on error. */
FLY_API void fly_philox(fly_kernel_t *k, fly_value_t *const key[2], fly_value_t *const counter[4],
                        int rounds, fly_value_t *out[4]);
/* A word of random bits (i32 or i64) as an f32 uniform in [0, 1): the word read as signed,
 * a negative x folded to -x - 1, scaled by 4.6566127342e-10 (1.0842020432385337e-19), just
 * under 2^-31 (2^-63). */
FLY_API fly_value_t *fly_uniform_from_bits(fly_kernel_t *k, fly_value_t *word);
/* Two standard normal f32 values from two f32 uniforms (Box-Muller, u1 kept >= 1e-7); both
 * NULL on error. */
FLY_API void fly_normal_pair(fly_kernel_t *k, fly_value_t *u1, fly_value_t *u2,
                             fly_value_t *out[2]);
/* The same on the host, for numbers known before a launch: words in the low `bits` (32 or
 * 64) of each number. */
FLY_API fly_status fly_philox_host(int bits, const uint64_t key[2], const uint64_t counter[4],
                                   int rounds, uint64_t out[4]);
FLY_API fly_status fly_uniform_from_bits_host(int bits, uint64_t word, float *out);
FLY_API fly_status fly_normal_pair_host(float u1, float u2, float out[2]);

/* Fast-math flags that the float arithmetic and math made from now on carry, as LLVM's
 * (and MLIR's arith dialect) define them; or-ed. FLY_FASTMATH_NONE keeps IEEE semantics. */
typedef enum fly_fastmath_flags {
  FLY_FASTMATH_NONE = 0,
  FLY_FASTMATH_REASSOC = 1,
  FLY_FASTMATH_NNAN = 2,
  FLY_FASTMATH_NINF = 4,
  FLY_FASTMATH_NSZ = 8,
  FLY_FASTMATH_ARCP = 16,
  FLY_FASTMATH_CONTRACT = 32,
  FLY_FASTMATH_AFN = 64,
  FLY_FASTMATH_FAST = 127
} fly_fastmath_flags;
FLY_API fly_status fly_kernel_set_fastmath(fly_kernel_t *k, unsigned flags);
/* An i1 result. */
FLY_API fly_value_t *fly_compare(fly_kernel_t *k, int op /* fly_cmp_op */, fly_value_t *a,
                                 fly_value_t *b);
FLY_API fly_value_t *fly_select(fly_kernel_t *k, fly_value_t *cond, fly_value_t *a,
                                fly_value_t *b);
/* Value conversion (sign-extending, rounding) and bit reinterpretation. */
FLY_API fly_value_t *fly_cast(fly_kernel_t *k, fly_value_t *a, int to /* fly_dtype */);
/* fly_cast with unsigned integers where `flags` says: an unsigned operand zero-extends and
 * converts to float as unsigned; a float converts to an unsigned integer. */
typedef enum fly_cast_flags {
  FLY_CAST_SIGNED = 0,
  FLY_CAST_FROM_UNSIGNED = 1,
  FLY_CAST_TO_UNSIGNED = 2
} fly_cast_flags;
FLY_API fly_value_t *fly_cast_ext(fly_kernel_t *k, fly_value_t *a, int to /* fly_dtype */,
                                  int flags /* fly_cast_flags, or-ed */);
/* Rounding of a float narrowed to a float of fewer bits, as MLIR's arith.truncf names it. */
typedef enum fly_rounding_mode {
  FLY_ROUND_TO_NEAREST_EVEN = 0, /* what fly_cast does */
  FLY_ROUND_DOWNWARD = 1,        /* towards -infinity */
  FLY_ROUND_UPWARD = 2,          /* towards +infinity */
  FLY_ROUND_TOWARD_ZERO = 3,
  FLY_ROUND_TO_NEAREST_AWAY = 4 /* ties away from zero */
} fly_rounding_mode;
/* fly_cast between floats, rounding by `mode` where the conversion narrows (f32 to f16, bf16
 * or fp8, f64 to f32, f16 to bf16 through f32); widening is exact and ignores it. Integers on
 * either side are a kernel error: their conversions have no rounding mode here. */
FLY_API fly_value_t *fly_cast_rounded(fly_kernel_t *k, fly_value_t *a, int to /* fly_dtype */,
                                      int mode /* fly_rounding_mode */);
FLY_API fly_value_t *fly_bitcast(fly_kernel_t *k, fly_value_t *a, int to /* fly_dtype */);
FLY_API fly_dtype fly_value_dtype(fly_kernel_t *k, fly_value_t *v);
/* Lanes of a vector value, 1 for a scalar, 0 for a bad handle. */
FLY_API int fly_value_lanes(fly_kernel_t *k, fly_value_t *v);

/* Vectors: 2..64 lanes of one dtype. Indices are integer values (a constant
 * out of range is an error). fly_store of a vector writes consecutive elements. */
FLY_API fly_value_t *fly_vector_from_elements(fly_kernel_t *k, fly_value_t *const *elements,
                                              size_t n);
FLY_API fly_value_t *fly_vector_splat(fly_kernel_t *k, fly_value_t *element, int lanes);
/* MLIR's vector.shuffle: lane i of the result (n lanes) is lane mask[i] of a's lanes followed
 * by b's; a and b (vectors or scalars) have one dtype. */
FLY_API fly_value_t *fly_vector_shuffle(fly_kernel_t *k, fly_value_t *a, fly_value_t *b,
                                        const int64_t *mask, size_t n);
FLY_API fly_value_t *fly_vector_extract(fly_kernel_t *k, fly_value_t *vec, fly_value_t *index);
FLY_API fly_value_t *fly_vector_insert(fly_kernel_t *k, fly_value_t *vec, fly_value_t *element,
                                       fly_value_t *index);
/* The same bits as lanes of `to`: 4 x f16 -> 2 x i32, 4 x f8 -> i32, ... */
FLY_API fly_value_t *fly_vector_bitcast(fly_kernel_t *k, fly_value_t *vec, int to /* fly_dtype */);
/* `lanes` consecutive elements from the coordinate on; the address must be
 * aligned to the vector's size in bytes. A false predicate loads zeros. */
FLY_API fly_value_t *fly_vector_load(fly_kernel_t *k, fly_value_t *tensor,
                                     fly_value_t *const *coord, size_t n, int lanes,
                                     fly_value_t *pred);

/* AMD buffer access. A resource covers a global tensor's elements; offsets are
 * i32 counts of its elements, one access moves 1..16 bytes. Outside the
 * resource a load gives zeros and a store is dropped, element by element: by
 * the hardware on rocm, by bounds checks on cpu and cuda. */
FLY_API fly_value_t *fly_buffer_resource(fly_kernel_t *k, fly_value_t *tensor);
FLY_API fly_value_t *fly_buffer_load(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *offset,
                                     int lanes);
FLY_API void fly_buffer_store(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *value,
                              fly_value_t *offset);
/* A resource over `num_bytes` (an i32 or i64 value) bytes of global memory from
 * `address` (an i64, as fly_kernel_tensor_address gives), as MLIR's rocdl.make.buffer.rsrc
 * makes of a raw pointer; `stride` (i16) must be the constant 0. Its dtype is i8: the element
 * offsets of fly_buffer_load count bytes, and fly_buffer_load_bytes / fly_buffer_store_bytes
 * access any dtype at byte offset `offset + soffset` (i32 values). */
FLY_API fly_value_t *fly_buffer_resource_at(fly_kernel_t *k, fly_value_t *address,
                                            fly_value_t *stride, fly_value_t *num_bytes);
FLY_API fly_value_t *fly_buffer_load_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *offset,
                                           fly_value_t *soffset, int dtype /* fly_dtype */,
                                           int lanes);
FLY_API void fly_buffer_store_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *value,
                                    fly_value_t *offset, fly_value_t *soffset);
/* AMD's buffer load into LDS (MLIR's rocdl.raw.ptr.buffer.load.lds): each lane reads `bytes`
 * (1, 2, 4; 12 and 16 on gfx950) at byte offset `offset + soffset + imm` of the resource (i32
 * values; imm 0 to 4095) and lane i writes them at the first element of the shared tensor `lds`
 * (one address for the wave, as the instruction's M0 takes it from the first active lane) plus
 * i * bytes; a read past the resource writes zeros. rocm: gfx9; cpu and cuda emulate it. */
FLY_API void fly_buffer_load_lds_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *lds,
                                       int bytes, fly_value_t *offset, fly_value_t *soffset,
                                       int imm);
/* Atomically adds `value` (an f32, or a 2-lane vector of f16 or bf16) to the memory at byte
 * offset `offset + soffset` of the resource; an add that reaches past the resource is dropped.
 * rocm: gfx9 and gfx12 (a bf16 pair: gfx950 and gfx12); cpu and cuda: one atomic add a lane. */
FLY_API void fly_buffer_atomic_add_bytes(fly_kernel_t *k, fly_value_t *rsrc, fly_value_t *value,
                                         fly_value_t *offset, fly_value_t *soffset);

/* AMD's DPP lane move (rocdl.update.dpp) of a 32-bit integer or float: each lane takes `src`
 * from the lane that `ctrl` names, with gfx9's encodings: quad_perm (0..0xFF), row_shl
 * (0x101..0x10F), row_shr (0x111..0x11F), row_ror (0x121..0x12F), wave_shl / wave_rol /
 * wave_shr / wave_ror by 1 (0x130, 0x134, 0x138, 0x13C), row_mirror (0x140), row_half_mirror
 * (0x141), row_bcast 15 / 31 (0x142, 0x143). Lanes of the 16-lane rows and 4-lane banks that
 * row_mask / bank_mask leave out keep `old`; a lane whose source lies outside its row (or the
 * wave) takes 0 with bound_ctrl, else keeps `old`. rocm runs the instruction, the cpu target
 * emulates it over wave64; cuda has no DPP and refuses it. */
FLY_API fly_value_t *fly_dpp(fly_kernel_t *k, fly_value_t *old, fly_value_t *src, int ctrl,
                             int row_mask, int bank_mask, int bound_ctrl);
/* AMD's readfirstlane of a 32- or 64-bit integer or float: the value of the wave's first
 * active lane, for values the kernel knows to be uniform (it keeps them in a scalar
 * register). rocm runs the instruction; the other targets read lane 0 of the wave, the first
 * active lane wherever the whole wave runs the op. */
FLY_API fly_value_t *fly_readfirstlane(fly_kernel_t *k, fly_value_t *v);
/* AMD's readlane of a 32- or 64-bit integer or float: the value `v` has in lane `lane` (0 up
 * to the wave's last lane), the same in every lane and kept in a scalar register. rocm runs
 * the instruction; the other targets read that lane with a shuffle. */
FLY_API fly_value_t *fly_readlane(fly_kernel_t *k, fly_value_t *v, int lane);
/* A wave's ballot of the predicate `pred` (an i1): an integer of `bits` (32 or 64) whose bit i
 * is lane i's `pred` (0 for an inactive lane and for bits past the wave). rocm runs AMD's
 * ballot, cuda the warp's vote (32 lanes), the cpu target gathers the emulated wave's
 * predicates by shuffles. */
FLY_API fly_value_t *fly_ballot(fly_kernel_t *k, fly_value_t *pred, int bits);
/* gfx950's transposing LDS read (ds_read_b64_tr_b16 / _tr_b8) from the first element of a
 * shared tensor of 16- or 8-bit elements, E = 4 or 8 of them a lane. In each group of 16 lanes
 * every lane reads the 64 bits at its own address; those words, in lane order, fill a tile of E
 * rows by 16 columns row by row (16 / E words a row), and lane i of the group receives column i:
 * element k of its vector is element i % E of the word of lane 16 / E * k + i / E. rocm runs
 * the instruction (gfx950 only); the other targets load the words and exchange them by
 * shuffles. */
FLY_API fly_value_t *fly_lds_read_transposed(fly_kernel_t *k, fly_value_t *tensor);
/* AMD's scheduling and wait hints, which change no result: rocm emits them (s_sched_barrier
 * with `mask` of 12 bits; s_sched_group_barrier: the next `size` instructions of `mask`'s
 * kinds form group `group_id`; s_waitcnt with gfx9's 16-bit encoding; s_setprio 0..3), the
 * other targets drop them (their own loads are complete when they are used). */
FLY_API void fly_sched_barrier(fly_kernel_t *k, int mask);
FLY_API void fly_sched_group_barrier(fly_kernel_t *k, int mask, int size, int group_id);
FLY_API void fly_s_waitcnt(fly_kernel_t *k, int bitfield);
FLY_API void fly_s_setprio(fly_kernel_t *k, int priority);

/* printf from each thread that runs it; arguments are scalars (integers, f16,
 * f32, f64) matching the format's conversions (integers below 32 bits are
 * passed as int, floats as double). */
FLY_API void fly_printf(fly_kernel_t *k, const char *format, fly_value_t *const *args, size_t n);
/* FlyDSL's print (its fly.print op): each "{}" of `format` prints the next argument as its
 * type prints (integers in decimal, floats with two decimals, int tuples and layouts as
 * "(4,3)" and "(4,3):(3,1)" with their dynamic leaves' values), "%" is plain text, a "{}" past
 * the arguments stays text, and a newline ends the line. An empty format prints the arguments
 * separated by spaces. */
FLY_API void fly_print(fly_kernel_t *k, const char *format, fly_value_t *const *args, size_t n);

typedef enum fly_gpu_index_kind {
  FLY_THREAD_IDX = 0, FLY_BLOCK_IDX, FLY_BLOCK_DIM, FLY_GRID_DIM
} fly_gpu_index_kind;
/* An i32; dim 0, 1, 2 is x, y, z. */
FLY_API fly_value_t *fly_gpu_index(fly_kernel_t *k, int which /* fly_gpu_index_kind */, int dim);
FLY_API fly_value_t *fly_lane_id(fly_kernel_t *k);
FLY_API void fly_barrier(fly_kernel_t *k);
typedef enum fly_shuffle_mode { FLY_SHUFFLE_XOR = 0, FLY_SHUFFLE_UP, FLY_SHUFFLE_DOWN, FLY_SHUFFLE_IDX } fly_shuffle_mode;
/* The value of another lane of the wave (an integer or float of 8 to 64 bits); offset and
 * width are i32. Lanes go in segments of `width`: lane l of a segment reads lane l ^ offset
 * (XOR), l - offset (UP) or l + offset (DOWN) of its segment, or the wave's lane `offset`
 * (IDX, an absolute lane id as MLIR's gpu.shuffle idx), and keeps its own value where that lane
 * lies outside its segment. */
FLY_API fly_value_t *fly_shuffle(fly_kernel_t *k, int mode /* fly_shuffle_mode */,
                                 fly_value_t *value, fly_value_t *offset, fly_value_t *width);
/* Warp collectives over segments of `width` lanes (a power of two, at most the wave) of an
 * integer or float value of 8 to 64 bits: every lane gets `op` (FLY_ADD, FLY_MUL, FLY_MIN, FLY_MAX,
 * FLY_MINU, FLY_MAXU, FLY_AND, FLY_OR, FLY_XOR) folded over its segment's values. */
FLY_API fly_value_t *fly_warp_reduce(fly_kernel_t *k, int op /* fly_binary_op */,
                                     fly_value_t *value, int width);
/* The prefix folds of `value` over segments of `width` lanes, from one scan: returns the
 * inclusive fold (the segment's lanes up to this one); `exclusive` (when not NULL) receives
 * the fold of the lanes before it (op's identity in the segment's first lane: 0, 1, the type's
 * lowest or highest value, or all ones) and `aggregate` (when not NULL) the whole segment's. */
FLY_API fly_value_t *fly_warp_scan(fly_kernel_t *k, int op /* fly_binary_op */,
                                   fly_value_t *value, int width, fly_value_t **exclusive,
                                   fly_value_t **aggregate);
/* fly_warp_reduce and fly_warp_scan as AMD's gfx9 (CDNA) waves of 64 lanes run them fastest:
 * the same results from DPP row moves, one readlane for a whole wave's fold, and no exchange
 * through LDS except a 32-lane reduce's step across rows and a narrower segment's aggregate
 * (one shuffle each). Values that DPP cannot move (not a 32-bit scalar) take the shuffle form.
 * rocm runs it on gfx9 arches (gfx10+ lack row broadcasts and wave shifts), the cpu target
 * emulates it, cuda refuses it as it refuses fly_dpp. */
FLY_API fly_value_t *fly_warp_reduce_dpp(fly_kernel_t *k, int op /* fly_binary_op */,
                                         fly_value_t *value, int width);
FLY_API fly_value_t *fly_warp_scan_dpp(fly_kernel_t *k, int op /* fly_binary_op */,
                                       fly_value_t *value, int width, fly_value_t **exclusive,
                                       fly_value_t **aggregate);

/* A vector's lanes folded with `op` in lane order, after `init` (of the lanes' dtype) when it
 * is not NULL; a scalar is its own fold. Floats fold with FLY_ADD, FLY_MUL, FLY_MIN, FLY_MAX,
 * FLY_MINNUM, FLY_MAXNUM; integers with FLY_ADD, FLY_MUL, FLY_MIN, FLY_MAX, FLY_MINU, FLY_MAXU,
 * FLY_AND, FLY_OR, FLY_XOR. */
FLY_API fly_value_t *fly_vector_reduce(fly_kernel_t *k,
                                       int op /* fly_binary_op */,
                                       fly_value_t *vec, fly_value_t *init);

/* Block collectives, over a block of block[0] x block[1] x block[2] threads (a
 * power of two, at most 1024) from warp collectives of min(warp_threads,
 * threads) lanes. Every thread of the block must reach the call (it
 * synchronizes the block), and the block must be the launched one; after its
 * last read of the storage the block is left unsynchronized, so reusing the
 * storage needs a barrier first. A vector value counts as that many consecutive
 * items of its thread. The storage is shared tensors of the value's dtype:
 * `slots` holds one element per warp (per thread for FLY_BLOCK_REDUCE_RAKING,
 * whose `result` holds one more). */
typedef enum fly_block_reduce_algorithm {
  FLY_BLOCK_REDUCE_WARP_REDUCTIONS = 0,
  FLY_BLOCK_REDUCE_RAKING = 1
} fly_block_reduce_algorithm;
/* Every thread gets the fold of all the block's values. */
FLY_API fly_value_t *
fly_block_reduce(fly_kernel_t *k, int op /* fly_binary_op */,
                 fly_value_t *value, const int64_t block[3], int warp_threads,
                 int algorithm, fly_value_t *slots, fly_value_t *result);
/* The fold of the values in front of this thread's (exclusive != 0) or up to
 * and including it, in linear thread order (x fastest), after `init` when not
 * NULL; a vector gives a vector, one fold per item. `aggregate` (when not NULL)
 * gets the fold of the whole block (without init), the same in every thread. */
FLY_API fly_value_t *fly_block_scan(fly_kernel_t *k, int op /* fly_binary_op */,
                                    fly_value_t *value, const int64_t block[3],
                                    int warp_threads, fly_value_t *slots,
                                    fly_value_t *init, int exclusive,
                                    fly_value_t **aggregate);

/* Extent and stride (i64) of a tensor's mode. */
FLY_API fly_value_t *fly_tensor_dim(fly_kernel_t *k, fly_value_t *tensor, int mode);
FLY_API fly_value_t *fly_tensor_stride(fly_kernel_t *k, fly_value_t *tensor, int mode);
/* Element access at a coordinate of `n` integers (one per mode). A predicate
 * (i1, or NULL for none) that is false loads 0 and skips the store. */
FLY_API fly_value_t *fly_load(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *const *coord,
                              size_t n, fly_value_t *pred);
FLY_API void fly_store(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *value,
                       fly_value_t *const *coord, size_t n, fly_value_t *pred);
/* FlyDSL's AtomicOp numbering, and XCHG after it. AND, OR, INC and DEC take integers only;
 * INC stores old >= value ? 0 : old + 1 and DEC old == 0 || old > value ? value : old - 1
 * (unsigned). XCHG stores the value (an atomic store that also reads the old one); it is
 * offered by fly_atomic only, not as a copy atom. */
typedef enum fly_atomic_op {
  FLY_ATOMIC_ADD = 0,
  FLY_ATOMIC_MAX,
  FLY_ATOMIC_MIN,
  FLY_ATOMIC_AND,
  FLY_ATOMIC_OR,
  FLY_ATOMIC_INC,
  FLY_ATOMIC_DEC,
  FLY_ATOMIC_XCHG
} fly_atomic_op;
/* Atomically combines `value` into the element; returns the old value. */
FLY_API fly_value_t *fly_atomic(fly_kernel_t *k, int op /* fly_atomic_op */, fly_value_t *tensor,
                                fly_value_t *const *coord, size_t n, fly_value_t *value);
/* The widest alignment a shared-memory tensor may ask for (bytes). A cuda
 * compile refuses static shared memory aligned wider than
 * FLY_MAX_SHARED_ALIGN_CUDA (wider placement by NVIDIA's tools has not been
 * verified on hardware). Dynamic shared memory may ask for
 * FLY_MAX_SHARED_ALIGN there too: a cuda kernel whose dynamic region needs more
 * than FLY_MAX_SHARED_ALIGN_CUDA rounds the region's start up at run time, and
 * each of its launches gets that many bytes of dynamic shared memory more. */
#define FLY_MAX_SHARED_ALIGN 4096
#define FLY_MAX_SHARED_ALIGN_CUDA 1024
/* A rank-1 tensor of `count` elements in the block's shared memory, aligned to
 * `align` bytes (a power of two, at most FLY_MAX_SHARED_ALIGN). Every block
 * starts with zeroed shared memory on the cpu target. */
FLY_API fly_value_t *fly_shared_tensor(fly_kernel_t *k, int dtype /* fly_dtype */, int64_t count,
                                       int64_t align);
/* A rank-1 tensor of `count` (an integer value) elements in the dynamic shared
 * memory of the launch (fly_launch_config_t.dynamic_smem bytes, 1024-byte aligned,
 * after the static shared memory). Reading past dynamic_smem is undefined. */
FLY_API fly_value_t *fly_dynamic_shared_tensor(fly_kernel_t *k, int dtype /* fly_dtype */,
                                               fly_value_t *count);
/* A rank-1 tensor of `count` elements carved from the dynamic shared memory at
 * the next offset aligned to `align` bytes (a power of two, at most
 * FLY_MAX_SHARED_ALIGN; the dynamic region is aligned to the widest request,
 * 1024 bytes at least). Every launch of the kernel gets at least the dynamic
 * shared memory its allocations need (fly_launch_config_t.dynamic_smem is raised
 * to it); compiling checks the total against the arch's capacity. */
FLY_API fly_value_t *fly_dynamic_shared_allocate(fly_kernel_t *k, int dtype /* fly_dtype */,
                                                 int64_t count, int64_t align);

/* for iv in [lb, ub) by step, carrying n values (scalars or vectors). Returns iv; iter_args
 * (n entries, filled) are the carried values inside the body. */
FLY_API fly_value_t *fly_for_begin(fly_kernel_t *k, fly_value_t *lb, fly_value_t *ub,
                                   fly_value_t *step, fly_value_t *const *inits, size_t n,
                                   fly_value_t **iter_args);
/* Ends the body yielding n values; results (n entries, filled) hold the final ones. */
FLY_API void fly_for_end(fly_kernel_t *k, fly_value_t *const *yields, size_t n,
                         fly_value_t **results);
/* if cond with n results of the given dtypes; an if with results needs an else. */
FLY_API void fly_if_begin(fly_kernel_t *k, fly_value_t *cond, const int *result_types,
                          size_t n);
/* if cond whose results are what its then branch yields at fly_if_else (their
 * types, scalars or vectors); the else branch must yield the same types. */
FLY_API void fly_if_begin_typed_by_then(fly_kernel_t *k, fly_value_t *cond);
FLY_API void fly_if_else(fly_kernel_t *k, fly_value_t *const *then_yields, size_t n);
FLY_API void fly_if_end(fly_kernel_t *k, fly_value_t *const *yields, size_t n,
                        fly_value_t **results);
/* while loop carrying n values (scalars or vectors). fly_while_begin fills
 * `before` with the carried values where the condition is built; fly_while_do
 * takes the condition (i1) and fills `body_args` with the body's handles to the
 * same values; fly_while_end yields the next values and fills `results` with
 * the final ones. Values made while building the condition stay there. */
FLY_API void fly_while_begin(fly_kernel_t *k, fly_value_t *const *inits, size_t n,
                             fly_value_t **before);
FLY_API void fly_while_do(fly_kernel_t *k, fly_value_t *cond, fly_value_t **body_args, size_t n);
FLY_API void fly_while_end(fly_kernel_t *k, fly_value_t *const *yields, size_t n,
                           fly_value_t **results);

/*===-- Layouts, tensors and copies inside kernels ---------------------------===*
 * Tuples, layouts, tensors (a pointer plus a layout), copy atoms and tiled
 * copies are fly_value_t handles with a kind. A leaf is static (a host integer)
 * or dynamic (an i32/i64 kernel value); the algebra is the host algebra's, so
 * static leaves fold while the kernel is built. Each algebra call is the host
 * call's name with fly_kernel_ in front and takes the same op numbers. Errors
 * are the kernel's builder error (NULL results), as for every kernel op. */
typedef enum fly_value_kind {
  FLY_VALUE_SCALAR = 0, /* a scalar or vector */
  FLY_VALUE_TENSOR = 1,
  FLY_VALUE_BUFFER = 2, /* an AMD buffer resource */
  FLY_VALUE_INT_TUPLE = 3,
  FLY_VALUE_LAYOUT = 4,
  FLY_VALUE_COPY_ATOM = 5,
  FLY_VALUE_TILED_COPY = 6,
  FLY_VALUE_TILED_MMA = 7,
  FLY_VALUE_TMA_DESCRIPTOR = 8
} fly_value_kind;
/* The fly_value_kind of v, or -1 (with the builder error set) for a bad handle. */
FLY_API int fly_value_kind_of(fly_kernel_t *k, fly_value_t *v);
/* 1 with *value set where v is an integer scalar that is a constant while the kernel is built
 * (a static leaf, folded arithmetic), 0 where it is not, -1 (with the builder error set) for a
 * bad handle. */
FLY_API int fly_kernel_scalar_constant(fly_kernel_t *k, fly_value_t *v, int64_t *value);

/* An extent or stride known only at launch, in fly_kernel_tensor_param_spec. */
#define FLY_DYNAMIC INT64_MIN
/* A tensor parameter whose layout fixes some extents and strides (rank entries
 * each, FLY_DYNAMIC for a launch value; NULL: all dynamic) and the byte
 * alignment of its pointer and dynamic strides (0: the element size). Launches
 * check them and fail with FLY_ERROR_LAUNCH on a tensor that differs. */
FLY_API fly_value_t *fly_kernel_tensor_param_spec(fly_kernel_t *k, int dtype /* fly_dtype */,
                                                  int rank, const int64_t *shape,
                                                  const int64_t *stride, int64_t align_bytes);

/* A tuple or layout from CuTe text ("(?,8)", "(?,8):(8,1)"; a layout given by
 * its shape alone is column-major) whose `?` leaves take the integer scalars
 * `dynamic` in order. */
FLY_API fly_value_t *fly_kernel_int_tuple(fly_kernel_t *k, const char *text,
                                          fly_value_t *const *dynamic, size_t n);
FLY_API fly_value_t *fly_kernel_layout(fly_kernel_t *k, const char *text,
                                       fly_value_t *const *dynamic, size_t n);
/* A host layout as a static in-kernel layout (composed layouts: not yet). */
FLY_API fly_value_t *fly_kernel_layout_from_host(fly_kernel_t *k, const fly_layout_t *layout);
/* A tuple, layout or tensor's layout as text: a dynamic leaf is `?`, or `?{div=d}` when it is
 * known to be a multiple of d (caller frees with fly_string_free). */
FLY_API fly_status fly_kernel_value_to_string(fly_kernel_t *k, fly_value_t *v, char **text);
/* What defines a scalar or vector value, as MLIR's Value.owner: `*id` is equal for the values
 * of one operation (and differs between operations) while the kernel lives, and `*name` is the
 * operation's name ("arith.constant"; caller frees with fly_string_free); a kernel parameter
 * or loop-carried value is owned by its block, whose name is empty. */
FLY_API fly_status fly_kernel_value_owner(fly_kernel_t *k, fly_value_t *v, uint64_t *id,
                                          char **name);
/* Leaf `index` (flattened) of a tuple as an i32 or i64 scalar. */
FLY_API fly_value_t *fly_kernel_tuple_leaf(fly_kernel_t *k, fly_value_t *tuple, int index);
/* The layout of a tensor. */
FLY_API fly_value_t *fly_kernel_tensor_layout(fly_kernel_t *k, fly_value_t *tensor);
/* The address space of a tensor's memory: 1 global, 3 shared, 5 registers, 8 an AMD buffer
 * tensor (fly_kernel_make_buffer_tensor; AMDGPU's buffer resource space); -1, with the builder
 * error set, for anything else (a coordinate tensor too). */
FLY_API int fly_kernel_tensor_address_space(fly_kernel_t *k, fly_value_t *tensor);

/* The algebra on layouts and tensors. A tensor operand keeps its memory where
 * the result indexes the same elements (coalesce, filter, flatten, composition,
 * divides, slice); other results are layouts. */
FLY_API fly_value_t *fly_kernel_layout_unary(fly_kernel_t *k, int op /* fly_layout_unary_op */,
                                             fly_value_t *layout);
typedef enum fly_layout_query {
  FLY_QUERY_SIZE = 0,
  FLY_QUERY_COSIZE = 1,
  FLY_QUERY_RANK = 2,
  FLY_QUERY_DEPTH = 3,
  FLY_QUERY_SHAPE = 4,
  FLY_QUERY_STRIDE = 5,
  FLY_QUERY_COSHAPE = 6,       /* as fly_layout_coshape */
  FLY_QUERY_COPROFILE = 7,     /* as fly_layout_coprofile */
  FLY_QUERY_IS_COORDINATES = 8 /* 1 for a tensor of coordinates (an identity or counting
                                  tensor, which has no memory nor element type), else 0 */
} fly_layout_query;
/* A query's answer as a tuple value (a leaf for size, cosize, rank, depth). */
FLY_API fly_value_t *fly_kernel_layout_query(fly_kernel_t *k, int which /* fly_layout_query */,
                                             fly_value_t *layout);
FLY_API fly_value_t *fly_kernel_layout_binary(fly_kernel_t *k, int op /* fly_layout_binary_op */,
                                              fly_value_t *a, fly_value_t *b);
/* A static tiler, as text (see fly_layout_tiler_op). */
FLY_API fly_value_t *fly_kernel_layout_tiler_op(fly_kernel_t *k, int op /* fly_tiler_op */,
                                                fly_value_t *layout, const char *tiler);
/* slice / dice by a coordinate tuple with `_` leaves; slicing a tensor moves
 * its pointer to the coordinate's offset. */
FLY_API fly_value_t *fly_kernel_slice(fly_kernel_t *k, fly_value_t *layout, fly_value_t *coord);
FLY_API fly_value_t *fly_kernel_dice(fly_kernel_t *k, fly_value_t *layout, fly_value_t *coord);
/* Thread thr_idx's elements of a tensor when threads are laid out by thr_layout
 * over tiles of its shape (CuTe's local_partition). */
FLY_API fly_value_t *fly_kernel_local_partition(fly_kernel_t *k, fly_value_t *tensor,
                                                fly_value_t *thr_layout, fly_value_t *thr_idx);
/* The offset of a coordinate (tuple or integer scalar) as an integer scalar. */
FLY_API fly_value_t *fly_kernel_crd2idx(fly_kernel_t *k, fly_value_t *layout, fly_value_t *coord);

/* Tensors: over another tensor's memory with a new layout (over an integer
 * iterator, a tuple of one integer or a scalar: a counting tensor whose element
 * c is start + layout(c)); a coordinate tensor
 * whose element at c is the coordinate c (for predicates); a register tensor
 * (static size) with the shape of a layout or tensor; a tensor with an AMD
 * buffer resource for buffer copy atoms. */
FLY_API fly_value_t *fly_kernel_make_tensor(fly_kernel_t *k, fly_value_t *tensor,
                                            fly_value_t *layout);
FLY_API fly_value_t *fly_kernel_make_identity_tensor(fly_kernel_t *k, fly_value_t *shape);
FLY_API fly_value_t *fly_kernel_make_fragment(fly_kernel_t *k, fly_value_t *layout_or_tensor,
                                              int dtype /* fly_dtype */);
/* A register tensor laid out as `layout` itself (FlyDSL's make_rmem_tensor, CuTe's
 * make_tensor<T>(layout)): registers for the layout's cosize, so a stride-0 mode repeats one
 * register. The layout must be static, of integer strides and not swizzled, its cosize at most
 * 4096. (fly_kernel_make_fragment instead lays the shape out column-major.) */
FLY_API fly_value_t *fly_kernel_make_rmem_tensor(fly_kernel_t *k, fly_value_t *layout,
                                                 int dtype /* fly_dtype */);
FLY_API fly_value_t *fly_kernel_make_buffer_tensor(fly_kernel_t *k, fly_value_t *tensor);
/* The same with the resource over the tensor's first `num_bytes` bytes (an integer scalar,
 * at most 2^32 - 1 counted): accesses past them read zeros and drop stores. */
FLY_API fly_value_t *fly_kernel_make_buffer_tensor_bytes(fly_kernel_t *k, fly_value_t *tensor,
                                                         fly_value_t *num_bytes);
/* The tensor's memory as elements of `dtype` (a reinterpret_cast from its first
 * element's address on): its layout recast from the old element's bits to the new
 * one's, as fly_layout_recast does. A buffer tensor recasts to a type of its own width
 * only (its resource and layout kept); coordinate and swizzled tensors are refused. */
FLY_API fly_value_t *fly_kernel_recast_tensor(fly_kernel_t *k, fly_value_t *tensor,
                                              int dtype /* fly_dtype */);
/* The address of a global or shared tensor's first element, an i64; and a rank-1
 * tensor of `dtype` from an i64 or i32 address in global (1) or shared (3) memory,
 * of unchecked extent and aligned for one element (as a pointer argument). */
FLY_API fly_value_t *fly_kernel_tensor_address(fly_kernel_t *k, fly_value_t *tensor);
FLY_API fly_value_t *fly_kernel_tensor_at_address(fly_kernel_t *k, fly_value_t *address,
                                                  int dtype /* fly_dtype */, int address_space);
/* The tensor seen through a swizzle: the element at layout offset x lives at
 * Swizzle<bits,base,shift>(offset + x), CuTe's composed layout (for bank-
 * conflict-free shared tiles). */
FLY_API fly_value_t *fly_kernel_swizzle_tensor(fly_kernel_t *k, fly_value_t *tensor, int bits,
                                               int base, int shift, int64_t offset);
/* Swizzle<bits,base,shift> of an integer `offset` (CuTe's: x ^ ((x & yyy) >> shift), a
 * negative shift moving left), in the offset's type: what a composed layout applies after its
 * inner layout and offset (crd2idx of a swizzled layout in a kernel). */
FLY_API fly_value_t *fly_kernel_swizzle_offset(fly_kernel_t *k, fly_value_t *offset, int bits,
                                               int base, int shift);
/* The element at a coordinate (tuple or integer); a coordinate tensor gives a
 * tuple. A false predicate loads 0 and skips the store. */
FLY_API fly_value_t *fly_load_at(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *coord,
                                 fly_value_t *pred);
FLY_API void fly_store_at(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *value,
                          fly_value_t *coord, fly_value_t *pred);
/* A tensor's elements as one vector (a scalar for one element), back, or all set to one
 * value. Load and store take register tensors and global, shared or buffer tensors of static
 * size (one access per contiguous run); fill takes register tensors. */
FLY_API fly_value_t *fly_fragment_load(fly_kernel_t *k, fly_value_t *tensor);
FLY_API void fly_fragment_store(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *vec);
FLY_API void fly_fragment_fill(fly_kernel_t *k, fly_value_t *tensor, fly_value_t *value);
/* elem_less(a, b): every leaf of tuple a below b's (i1); false where a has more modes than b.
 * FlyDSL's fly.elem_less. */
FLY_API fly_value_t *fly_kernel_elem_less(fly_kernel_t *k, fly_value_t *a, fly_value_t *b);
/* a == b (i1): the same structure and equal leaves (FlyDSL's fly.equal). */
FLY_API fly_value_t *fly_kernel_tuple_equal(fly_kernel_t *k, fly_value_t *a, fly_value_t *b);
/* The host tuple helpers (fly_tuple_binary, fly_tuple_unary) on tuples or integer scalars
 * inside a kernel, as FlyDSL's Fly ops (fly.int_tuple_add, fly.shape_div, ...) where it has
 * them. */
FLY_API fly_value_t *fly_kernel_tuple_binary(fly_kernel_t *k, int op /* fly_tuple_op */,
                                             fly_value_t *a, fly_value_t *b);
FLY_API fly_value_t *fly_kernel_tuple_unary(fly_kernel_t *k, int op /* fly_tuple_unary_op */,
                                            fly_value_t *a);
/* fly_layout_coord inside a kernel: the coordinate of an index (a tuple or integer scalar). */
FLY_API fly_value_t *fly_kernel_layout_coord(fly_kernel_t *k, int op /* fly_layout_coord_op */,
                                             fly_value_t *layout, fly_value_t *index);

/* Copy atoms: one call moves `bits` (a multiple of the dtype's width). */
typedef enum fly_copy_op {
  FLY_COPY_UNIVERSAL = 0,      /* plain (vector) loads and stores, 8..128 bits */
  FLY_COPY_BUFFER = 1,         /* AMD buffer loads and stores, 32..128 bits */
  FLY_COPY_LDS = 2,            /* shared-memory copies, 32..128 bits */
  FLY_COPY_CP_ASYNC = 3,       /* NVIDIA cp.async, global to shared, 32..128 bits; synchronous
                                  copies on other targets; see fly_kernel_cp_async_wait */
  FLY_COPY_CP_ASYNC_ZFILL = 4, /* cp.async that writes zeros where a copy's predicate is false
                                  (instead of leaving the destination alone); the source is not
                                  read there, so it may lie outside the tensor */
  FLY_COPY_BUFFER_TO_LDS = 5   /* AMD buffer load straight into LDS, 32 bits (128 on gfx950),
                                  from a buffer tensor into shared memory; lane i of a wave
                                  writes at the wave's base + i * bits/8, so a wave's destinations
                                  must be consecutive in lane order. Other targets copy each
                                  lane's bytes to that same place */
} fly_copy_op;
FLY_API fly_value_t *fly_kernel_copy_atom(fly_kernel_t *k, int op /* fly_copy_op */, int bits,
                                          int dtype /* fly_dtype */);
/* An atomic copy atom (FlyDSL's UniversalAtomic): each call combines one element of the
 * source into the destination (global or shared memory) by an atomic read-modify-write,
 * relaxed, at LLVM sync scope `syncscope`: "" (the system), "singlethread", or AMDGPU's
 * "agent", "workgroup", "wavefront" (and their "-one-as" forms), which the other targets
 * treat as the system scope. i32, i64, f32 or f64 elements (integers for AND, OR, INC, DEC). */
FLY_API fly_value_t *fly_kernel_atomic_copy_atom(fly_kernel_t *k, int op /* fly_atomic_op */,
                                                 int dtype /* fly_dtype */, const char *syncscope);
/* A buffer atomic copy atom (FlyDSL's BufferAtomic): each call combines `lanes` elements of
 * the source (registers) into a tensor made by fly_kernel_make_buffer_tensor, where the
 * hardware drops what falls outside the buffer (bounds checks on cpu and cuda). FLY_ATOMIC_ADD
 * of an f32 (lanes 1) or a pair of f16 or bf16 (lanes 2: one packed add; bf16 needs gfx950 or
 * gfx12), FLY_ATOMIC_MAX of an f32 or a signed i32 or i64, FLY_ATOMIC_MIN of an unsigned i32
 * or i64 (AMD's umin), one lane. */
FLY_API fly_value_t *fly_kernel_buffer_atomic_copy_atom(fly_kernel_t *k, int op /* fly_atomic_op */,
                                                        int dtype /* fly_dtype */, int lanes);
/* A tiled copy: an atom, a static (thread, value) -> tile-coordinate layout and
 * the tile (tiler text, e.g. "(4,8)"). */
FLY_API fly_value_t *fly_kernel_tiled_copy(fly_kernel_t *k, fly_value_t *atom,
                                           fly_value_t *layout_tv, const char *tile);
/* Thread thr_idx's part of a tensor: (values, rest...) as CuTe's partition_S
 * (source != 0) or partition_D. */
FLY_API fly_value_t *fly_kernel_tiled_copy_partition(fly_kernel_t *k, fly_value_t *tiled_copy,
                                                     fly_value_t *thr_idx, fly_value_t *tensor,
                                                     int source);
/* CuTe's retile_S / retile_D: a thread's register fragment (static, values first, made by
 * another partition such as another tiled copy's) seen as this tiled copy's
 * ((atom values, rest values), rest...), so fly_kernel_copy with its atom moves it. */
FLY_API fly_value_t *fly_kernel_tiled_copy_retile(fly_kernel_t *k, fly_value_t *tiled_copy,
                                                  fly_value_t *fragment);
/* copy(atom, src, dst): one atom call per group of the atom's values, in the
 * tensors' logical order; pred (NULL or a register tensor of i1 with one
 * element per call) skips calls. An atom wider than the elements the layouts
 * keep consecutive or aligned is an error. */
FLY_API void fly_kernel_copy(fly_kernel_t *k, fly_value_t *atom_or_tiled_copy, fly_value_t *src,
                             fly_value_t *dst, fly_value_t *pred);
/* Commits this thread's cp.async copies and waits for all of them (nothing on targets
 * where they are synchronous); a barrier then makes them visible to the block. */
FLY_API void fly_kernel_cp_async_wait(fly_kernel_t *k);
/* For pipelines: commit closes a group of this thread's cp.async copies (those issued since the
 * last commit); wait_group waits until at most `pending` of its committed groups are still in
 * flight, so that with S buffers a thread waits for the oldest while S - 2 younger ones load.
 * Nothing on targets where the copies are synchronous. */
FLY_API void fly_kernel_cp_async_commit(fly_kernel_t *k);
FLY_API void fly_kernel_cp_async_wait_group(fly_kernel_t *k, int pending);
/* Orders this thread's earlier shared-memory writes (stores, cp.async copies it waited for)
 * before reads by the async proxy, which wgmma's shared-memory operands go through: each
 * writing thread calls it before the barrier that precedes the gemm
 * (fence.proxy.async.shared::cta on cuda; nothing on other targets). */
FLY_API void fly_kernel_fence_proxy_async(fly_kernel_t *k);
/* Bulk tensor copies (TMA, NVIDIA sm_90; the cpu target emulating sm_90 runs them too).
 * A TMA descriptor describes boxes of `box` (one extent per mode, rank values) of tensor
 * parameter `tensor`, one of whose modes has static stride 1, landing in shared memory swizzled
 * swizzle_bytes (0, 32, 64 or 128). The launcher builds it from the tensor argument at each
 * launch: callers pass no argument for it, and the tensor's address and strides must be
 * multiples of 16 bytes. Descriptors follow every other parameter. */
FLY_API fly_value_t *fly_kernel_tma_descriptor(fly_kernel_t *k, fly_value_t *tensor,
                                               const int64_t *box, int rank, int swizzle_bytes);
/* mbarriers: element `index` of `bars`, a shared tensor of i64. init sets the arrivals a phase
 * expects (one thread calls it, then a barrier of the block); arrive counts this thread's
 * arrival and tx_bytes more bytes of bulk copies for the phase; wait returns once the phase of
 * parity `parity` (0 or 1: phases alternate) has completed. */
/* The block every launch of this kernel uses (x, y, z threads): cuda sizes the registers for
 * it (.maxntid); a launch with a larger block fails to launch. */
FLY_API void fly_kernel_set_block_size(fly_kernel_t *k, int64_t x, int64_t y, int64_t z);
/* setmaxnreg (sm_90, for warp-specialised kernels): the executing warpgroup's per-thread
 * register limit raised (increase != 0) or lowered to `count` (24..256, a multiple of 8). Every
 * thread of the warpgroup executes it, after fly_kernel_set_block_size. Compiling it for other
 * NVIDIA archs is an error; other targets ignore it. */
FLY_API void fly_kernel_set_max_registers(fly_kernel_t *k, int64_t count, int increase);
FLY_API void fly_kernel_mbarrier_init(fly_kernel_t *k, fly_value_t *bars, fly_value_t *index,
                                      int64_t arrivals);
FLY_API void fly_kernel_mbarrier_arrive(fly_kernel_t *k, fly_value_t *bars, fly_value_t *index,
                                        int64_t tx_bytes);
FLY_API void fly_kernel_mbarrier_wait(fly_kernel_t *k, fly_value_t *bars, fly_value_t *index,
                                      fly_value_t *parity);
/* Starts copying the box at element coordinates `coord` (a tuple, one integer per mode) of the
 * descriptor's tensor into the shared tensor dst (elements outside the tensor read as zeros);
 * its bytes complete on mbarrier bars[index]. dst's layout (and swizzle) must put every element
 * where the copy writes it: the box dense, the stride-1 mode fastest, then the others in
 * order, starting on 128 bytes. One thread issues it. */
FLY_API void fly_kernel_tma_load(fly_kernel_t *k, fly_value_t *desc, fly_value_t *dst,
                                 fly_value_t *coord, fly_value_t *bars, fly_value_t *index);
/* Starts copying the shared tensor src (laid out as tma_load's destination) to the box at
 * element coordinates `coord` of the descriptor's tensor; elements past the tensor's edges are
 * not written. One thread issues it, after the threads that wrote src have called
 * fly_kernel_fence_proxy_async and met it at a barrier. */
FLY_API void fly_kernel_tma_store(fly_kernel_t *k, fly_value_t *desc, fly_value_t *src,
                                  fly_value_t *coord);
/* Waits until at most `pending` (0..63) of this thread's TMA stores still read their shared
 * sources, which may then be written again. A block must not exit before its stores have read
 * their sources: the issuing thread waits with 0 last. */
FLY_API void fly_kernel_tma_store_wait(fly_kernel_t *k, int64_t pending);
/* Barrier `id` (1..15; 0 is fly_kernel_barrier's) of `threads` threads (32..1024, whole
 * warps): the first `threads` threads to reach it wait for each other, the rest of the block
 * does not take part. NVIDIA targets, and the cpu target emulating an NVIDIA arch. */
FLY_API void fly_kernel_named_barrier(fly_kernel_t *k, int64_t id, int64_t threads);
/* Programmatic dependent launch (NVIDIA sm_90+; the cpu target emulating one runs launches in
 * order and drops it). Waits until the grids this launch depends on (the previous kernel of
 * its stream) have completed and their memory is visible. A kernel that calls it is launched
 * so that it may start while that kernel still runs: before the wait it may compute and set up
 * shared memory, but must not read or write global memory the previous kernel may use. */
FLY_API void fly_kernel_grid_dependency_wait(fly_kernel_t *k);
/* Lets the stream's next kernel that calls fly_kernel_grid_dependency_wait start once every
 * block of this grid has called this (or exited); that wait still sees all of this grid's
 * writes. Without it the next kernel starts as this grid's blocks exit. */
FLY_API void fly_kernel_launch_dependents(fly_kernel_t *k);
/* gather: call c of the atom moves its values from base + offsets[c] (elements) into
 * the c-th group of the register tensor dst; scatter moves src's groups to base +
 * offsets[c]. offsets (integers) and pred (NULL or i1) are register tensors with
 * one element per call; the offsets are trusted to keep the accesses aligned. */
FLY_API void fly_kernel_gather(fly_kernel_t *k, fly_value_t *atom, fly_value_t *base,
                               fly_value_t *offsets, fly_value_t *dst, fly_value_t *pred);
FLY_API void fly_kernel_scatter(fly_kernel_t *k, fly_value_t *atom, fly_value_t *src,
                                fly_value_t *base, fly_value_t *offsets, fly_value_t *pred);

/*===-- MMA atoms and tiled MMAs (host side) --------------------------------===*
 * A matrix-multiply atom is one instruction: its shape (M, N, K) and, per operand, which tile
 * element each lane holds, as a thread-value layout (thread, value) -> column-major index into
 * the A (M x K), B (N x K) or C (M x N) tile. A tiled MMA lays atoms over threads
 * (atom_layout, (M, N, K) modes) and permutes the tile (CuTe's make_tiled_mma); its layouts and
 * each thread's partition of an operand follow CuTe's TiledMMA; the kernel functions after
 * them use tiled MMAs inside kernels.
 *===----------------------------------------------------------------------===*/

typedef struct fly_tiled_mma fly_tiled_mma_t;

typedef enum fly_mma_family {
  FLY_MMA_UNIVERSAL_FMA = 0, /* 1x1x1, one thread, any dtype */
  FLY_MMA_MFMA = 1,          /* AMD CDNA3/CDNA4 v_mfma_*, waves of 64: f32 16x16x4, 32x32x2;
                                f16/bf16 16x16x16, 32x32x8 (and 16x16x32, 32x32x16 on
                                gfx950); fp8 and i8 16x16x32, 32x32x16 */
  FLY_MMA_WMMA = 2,          /* AMD RDNA4 (gfx12) v_wmma_*, waves of 32: f16/bf16/fp8 16x16x16 */
  FLY_MMA_SYNC = 3,          /* NVIDIA mma.sync: f16/bf16 16x8x16, fp8 16x8x32 */
  FLY_MMA_WGMMA = 4,         /* NVIDIA Hopper wgmma (sm_90a), warpgroups of 128 threads:
                                f16/bf16 64xNx16, N = 8..256 in steps of 8; A and B are read
                                from shared memory in a canonical K-major layout */
  FLY_MMA_WMMA_GFX11 = 5     /* AMD RDNA3 (gfx11) v_wmma_*, waves of 32: f16/bf16 16x16x16,
                                sixteen A/B values a lane (lanes 16-31 repeat lanes 0-15); its
                                iu8 and iu4 forms through fly_tiled_mma_create_integer */
} fly_mma_family;

/* FLY_MMA_SFA and _SFB are a scaled atom's scales of A and B, over (M, K / 32) and
 * (N, K / 32) tiles. */
typedef enum fly_mma_operand {
  FLY_MMA_A = 0,
  FLY_MMA_B = 1,
  FLY_MMA_C = 2,
  FLY_MMA_SFA = 3,
  FLY_MMA_SFB = 4
} fly_mma_operand;

/* The element formats of a scaled MFMA's A and B (the instruction's CBSZ and BLGP codes). */
typedef enum fly_mx_format {
  FLY_MX_E4M3 = 0, /* fp8 */
  FLY_MX_E5M2 = 1, /* bf8 */
  FLY_MX_E2M3 = 2, /* fp6 */
  FLY_MX_E3M2 = 3, /* bf6 */
  FLY_MX_E2M1 = 4  /* fp4 */
} fly_mx_format;

/* A tiled MMA of the atom (family, m, n, k, A/B dtype) for waves of `wave` lanes (64 or 32;
 * what the atom's family needs), laid out by atom_layout (NULL: one atom) and permuted by
 * `permutation` (CuTe tiler text such as "(32,16,16)"; NULL: none). An atom the family does
 * not have is FLY_ERROR_UNSUPPORTED naming the shapes it has. */
FLY_API fly_status fly_tiled_mma_create(int family /* fly_mma_family */, int64_t m, int64_t n,
                                        int64_t k, int ab_dtype /* fly_dtype */, int wave,
                                        const fly_layout_t *atom_layout, const char *permutation,
                                        fly_tiled_mma_t **out);
/* The controls of an integer atom (bits of fly_tiled_mma_create_integer's `modifiers`): A or B
 * read as signed (as unsigned without), D saturated at the i32 range (wrapping without). */
typedef enum fly_mma_modifier {
  FLY_MMA_SIGNED_A = 1,
  FLY_MMA_SIGNED_B = 2,
  FLY_MMA_CLAMP = 4
} fly_mma_modifier;

/* A tiled MMA of an integer atom (ab_dtype FLY_I8, or FLY_I4 for RDNA3's iu4, whose values a
 * lane passes as a vector of 16 i4: fly_kernel_mma_atom_call_ssa) with its controls, as
 * fly_tiled_mma_create: RDNA3's v_wmma_i32_16x16x16_iu8 / _iu4 take any of fly_mma_modifier;
 * MFMA's i8 atoms only read
 * signed values and wrap (FLY_MMA_SIGNED_A | FLY_MMA_SIGNED_B), which fly_tiled_mma_create
 * gives them. Other controls are FLY_ERROR_UNSUPPORTED, float dtypes FLY_ERROR_INVALID_ARGUMENT. */
FLY_API fly_status fly_tiled_mma_create_integer(int family /* fly_mma_family */, int64_t m,
                                                int64_t n, int64_t k, int ab_dtype /* fly_dtype */,
                                                int wave, int modifiers /* fly_mma_modifier */,
                                                const fly_layout_t *atom_layout,
                                                const char *permutation, fly_tiled_mma_t **out);
/* The integer controls of the tiled MMA's atom (fly_mma_modifier bits; SIGNED_A | SIGNED_B for
 * float atoms, whose operands carry their signs). */
FLY_API fly_status fly_tiled_mma_modifiers(const fly_tiled_mma_t *tiled_mma, int *modifiers);
/* A tiled MMA of CDNA4's (gfx950) block-scaled MFMA, v_mfma_scale_f32_16x16x128_f8f6f4 or
 * _32x32x64_f8f6f4, for A and B in the given formats (fly_mx_format) with one E8M0 scale per
 * 32 K values of each row of A and column of B; laid out and permuted as with
 * fly_tiled_mma_create. Inside kernels its A and B fragments hold one code per byte (int8, the
 * low 6 or 4 bits for fp6 and fp4; fp8 may also be the matching fp8 dtype) and
 * fly_kernel_gemm_scaled multiplies them. */
FLY_API fly_status fly_tiled_mma_create_scaled(int64_t m, int64_t n, int64_t k,
                                               int a_format /* fly_mx_format */,
                                               int b_format /* fly_mx_format */,
                                               const fly_layout_t *atom_layout,
                                               const char *permutation, fly_tiled_mma_t **out);
FLY_API void fly_tiled_mma_destroy(fly_tiled_mma_t *tiled_mma);
/* The atom's instruction name, e.g. "v_mfma_f32_16x16x16_f16" (caller frees). */
FLY_API fly_status fly_tiled_mma_atom_name(const fly_tiled_mma_t *tiled_mma, char **name);
/* The dtype of the atom's C and D (what make_fragment_C holds): FLY_I32 for i8 inputs,
 * FLY_F32 for other matrix instructions, the inputs' own for UniversalFMA. */
FLY_API fly_status fly_tiled_mma_accumulator_dtype(const fly_tiled_mma_t *tiled_mma, int *dtype);
/* The threads of the tiled MMA and the tile it covers in M, N and K. */
FLY_API fly_status fly_tiled_mma_size(const fly_tiled_mma_t *tiled_mma, int64_t *threads,
                                      int64_t tile_mnk[3]);
/* The atom's thread-value layout of an operand, and the tiled MMA's (CuTe's get_layoutX_TV). */
FLY_API fly_status fly_tiled_mma_atom_layout_tv(const fly_tiled_mma_t *tiled_mma,
                                                int operand /* fly_mma_operand */,
                                                fly_layout_t **out);
FLY_API fly_status fly_tiled_mma_layout_tv(const fly_tiled_mma_t *tiled_mma,
                                           int operand /* fly_mma_operand */, fly_layout_t **out);
/* Thread thr's part of an operand laid out by `layout` ((M,K), (N,K) or (M,N), more modes
 * allowed): (values, rest M, rest K, ...), CuTe's ThrMMA::partition_A/B/C. */
FLY_API fly_status fly_tiled_mma_partition(const fly_tiled_mma_t *tiled_mma,
                                           int operand /* fly_mma_operand */,
                                           const fly_layout_t *layout, int64_t thr,
                                           fly_layout_t **out);
/* CuTe's thr_layout_vmnk: (atom thread, M atom, N atom, K atom) -> thread index. */
FLY_API fly_status fly_tiled_mma_thr_layout_vmnk(const fly_tiled_mma_t *tiled_mma,
                                                 fly_layout_t **out);
/* The atom's logical thread -> lane layout (CuTe's ThrID). */
FLY_API fly_status fly_tiled_mma_atom_thr_layout(const fly_tiled_mma_t *tiled_mma,
                                                 fly_layout_t **out);
/* The permutation of M, N and K as text, e.g. "(_,_,(4,4,2):(1,8,4))" (`_`: none). */
FLY_API fly_status fly_tiled_mma_permutation(const fly_tiled_mma_t *tiled_mma, char **text);

/* Drawings as Typst markup (typst.app; `typst compile` makes a PDF of them), as CuTe's
 * print_latex draws: a grid of cells, each naming what lies at a coordinate. With `document`
 * nonzero the text starts with the page setup a document needs once. The color callback (NULL:
 * CuTe's palettes) writes a cell's fill as "#rrggbb" and a NUL into out and returns 0, or
 * returns nonzero to fail the call (FLY_ERROR_INVALID_ARGUMENT); it is called with (index, 0)
 * for a layout's cells and (thread, value) for the others. */
typedef int (*fly_typst_color_t)(int64_t a, int64_t b, char out[8], void *user_data);
/* A static layout, plain or composed, of rank 1 or 2: the grid of its index at each coordinate. */
FLY_API fly_status fly_layout_typst(const fly_layout_t *layout, int document,
                                    fly_typst_color_t color, void *user_data, char **text);
/* A tiled MMA (with atom_only nonzero, its atom): B's K x N grid above C's M x N one and A's
 * M x K grid left of it, each cell naming the thread and value that hold the element. */
FLY_API fly_status fly_tiled_mma_typst(const fly_tiled_mma_t *tiled_mma, int atom_only,
                                       int document, fly_typst_color_t color, void *user_data,
                                       char **text);
/* A tiled copy over its m x n tile: the threads and values reading (src_tv) and writing
 * (dst_tv) each element, side by side, under `caption` (lines; NULL: none). */
FLY_API fly_status fly_tiled_copy_typst(const fly_layout_t *src_tv, const fly_layout_t *dst_tv,
                                        int64_t m, int64_t n, const char *caption, int document,
                                        fly_typst_color_t color, void *user_data, char **text);

/* Inside kernels: a host tiled MMA as a kernel value; thread thr_idx's part of operand
 * (FLY_MMA_A/_B/_C) of a tensor, (values, rest, rest, ...) as CuTe's ThrMMA::partition_A/B/C
 * (register fragments of it come from fly_kernel_make_fragment); and gemm: d = a * b + c over
 * such fragments, one atom call per (m, n, k) of their rest modes. UniversalFMA atoms become
 * scalar fused multiply-adds; a matrix-core atom becomes its instruction on the target whose
 * arch has it (MFMA on rocm, mma.sync on cuda) and is emulated lane by lane on cpu; elsewhere
 * compiling fails naming the atom and the arch. */
FLY_API fly_value_t *fly_kernel_tiled_mma(fly_kernel_t *k, const fly_tiled_mma_t *tiled_mma);
FLY_API fly_value_t *fly_kernel_tiled_mma_partition(fly_kernel_t *k, fly_value_t *tiled_mma,
                                                    int operand /* fly_mma_operand */,
                                                    fly_value_t *thr_idx, fly_value_t *tensor);
/* CuTe's make_tiled_copy_A / _B / _C: a tiled copy of `atom` with the threads and values of
 * the tiled MMA's operand (its thread-value layout over the (M,K), (N,K) or (M,N) tile), so a
 * thread's partition_S of a tile and the retile (fly_kernel_tiled_copy_retile) of its MMA
 * fragment of that operand hold the same elements; copying between them fills the fragment
 * with atoms as wide as the operand's layout allows. The atom's values must divide each
 * thread's. */
FLY_API fly_value_t *fly_kernel_tiled_copy_for_mma(fly_kernel_t *k, fly_value_t *atom,
                                                   fly_value_t *tiled_mma,
                                                   int operand /* fly_mma_operand */);
FLY_API void fly_kernel_gemm(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d,
                             fly_value_t *a, fly_value_t *b, fly_value_t *c);
/* One call of the tiled MMA's atom on this lane's values, FlyDSL's mma_atom_call_ssa: d = a *
 * b + c, with a and b vectors of the atom's A and B values per lane (of its input dtype; either
 * fp8 dtype for an fp8 atom) and c of its accumulators; d is shaped as c. Synchronous, unscaled
 * atoms (wgmma and scaled atoms go through fly_kernel_gemm). */
FLY_API fly_value_t *fly_kernel_mma_atom_call_ssa(fly_kernel_t *k, fly_value_t *tiled_mma,
                                                  fly_value_t *a, fly_value_t *b, fly_value_t *c);
/* FlyDSL's orders of a gemm's atom calls over its M x N x K blocks: the letters name the loops
 * innermost first; the serpentine ones run each inner loop backwards on every other pass of
 * the loop around it. */
typedef enum fly_gemm_order {
  FLY_GEMM_KMN = 0,
  FLY_GEMM_KNM = 1,
  FLY_GEMM_MKN = 2,
  FLY_GEMM_MNK = 3,
  FLY_GEMM_NKM = 4,
  FLY_GEMM_NMK = 5,
  FLY_GEMM_KMN_SERPENTINE = 6,
  FLY_GEMM_KNM_SERPENTINE = 7,
  FLY_GEMM_MKN_SERPENTINE = 8,
  FLY_GEMM_MNK_SERPENTINE = 9,
  FLY_GEMM_NKM_SERPENTINE = 10,
  FLY_GEMM_NMK_SERPENTINE = 11
} fly_gemm_order;
/* fly_kernel_gemm with its atom calls in `order` (a fly_gemm_order; -1 with `traversal` NULL
 * is fly_kernel_gemm's own order, K blocks outermost), or in the order of `traversal`, a static
 * layout whose i-th value is the call m + M * n + M * N * k and which visits each once. For
 * each (m, n) the K blocks add up in the order visited. Synchronous, unscaled atoms only. */
FLY_API void fly_kernel_gemm_ordered(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d,
                                     fly_value_t *a, fly_value_t *b, fly_value_t *c, int order,
                                     const fly_layout_t *traversal);
/* fly_kernel_gemm for a scaled atom: scale_a and scale_b are register fragments of int8
 * (E8M0 exponents, 127 is 1.0) of the thread's FLY_MMA_SFA and FLY_MMA_SFB partitions of the
 * scale tensors, and each atom multiplies A's and B's values by 2^(scale - 127) of their row
 * or column and block of 32 K values. fly_kernel_gemm of a scaled atom multiplies unscaled (the
 * atom's default state, FlyDSL's scales of 0: the unscaled instruction on rocm); its A and B
 * fragments may hold the codes as i32 words, four to a word. */
FLY_API void fly_kernel_gemm_scaled(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d,
                                    fly_value_t *a, fly_value_t *b, fly_value_t *c,
                                    fly_value_t *scale_a, fly_value_t *scale_b);
/* fly_kernel_gemm for wgmma atoms, without waiting: the warpgroup issues and commits the
 * atoms and goes on, so the next K tile's copies or atoms overlap them. d's values are
 * valid after fly_kernel_wgmma_wait(k, n, d) has let at most n younger groups stay in flight;
 * the shared tiles must not change before then. Other atoms are a kernel error. */
FLY_API void fly_kernel_gemm_async(fly_kernel_t *k, fly_value_t *tiled_mma, fly_value_t *d,
                                   fly_value_t *a, fly_value_t *b, fly_value_t *c);
/* Waits until at most `pending` committed groups of the warpgroup's wgmma atoms are in
 * flight (wgmma.wait_group); `accumulators` (a register fragment of f32, or NULL) may then be
 * read. Nothing on targets where the atoms are synchronous. */
FLY_API void fly_kernel_wgmma_wait(fly_kernel_t *k, int pending, fly_value_t *accumulators);
/* Thread thr_idx's fragment of operand A or B, loaded from shared-memory tensor `shared` into
 * `fragment` (fly_kernel_make_fragment of the operand's partition of `shared`): what CuTe's
 * make_tiled_copy_A/B with an ldmatrix copy atom does. For mma.sync's 16-bit atoms it is one
 * ldmatrix a 8x8-matrix group on cuda (.trans where M or N is the contiguous dimension), when
 * the layout keeps rows of eight elements together and 16-byte aligned; elsewhere, and on
 * other targets, each thread loads its own values. All threads of a warp must take part. */
FLY_API void fly_kernel_mma_load(fly_kernel_t *k, fly_value_t *tiled_mma,
                                 int operand /* fly_mma_operand */, fly_value_t *thr_idx,
                                 fly_value_t *shared, fly_value_t *fragment);

/*===-- Compile and launch -------------------------------------------------===*
 * fly_compiled_t is immutable once made; launching it from several threads
 * at once is safe. Compiling goes through two caches keyed on the module's IR,
 * target, arch, options and library version: one in memory, and one on disk
 * under FLYDSL_RUNTIME_CACHE_DIR (default ~/.flydsl/cache; off with
 * FLYDSL_RUNTIME_ENABLE_CACHE=0) that keeps the final binary. With
 * FLYDSL_DUMP_IR=1 both are bypassed so that every stage is written.
 * Launching needs a runtime for the target: cpu runs here; cuda runs through
 * the CUDA driver (libcuda.so.1, loaded at first use) and rocm through HIP
 * (libamdhip64.so); without the driver or a device a launch is
 * FLY_ERROR_LAUNCH saying so. fly_compiled_binary returns the code itself.
 *===----------------------------------------------------------------------===*/

typedef struct fly_compiled fly_compiled_t;

typedef struct fly_compile_options {
  size_t struct_size;  /* sizeof(fly_compile_options_t) */
  const char *target;  /* "cpu", "rocm" or "cuda"; NULL: FLYDSL_COMPILE_BACKEND, else the
                          target of data_device_type, else the GPU present's, else cpu */
  const char *arch;    /* e.g. "gfx942", "sm_90"; NULL: ARCH or FLYDSL_GPU_ARCH, else gfx942
                          (rocm, and the arch cpu emulates) or sm_90 (cuda) */
  int opt_level;       /* 0..3 */
  /* LLVM's command-line options for this compile's code generation, as whitespace-separated
   * "name=value" words ("enable-post-misched=false"; a bare name is name=true): set while it
   * runs, with no other compile running, and reset to LLVM's defaults after. An unknown name
   * is FLY_ERROR_INVALID_ARGUMENT, a value LLVM refuses FLY_ERROR_COMPILE. NULL or "": none.
   * Read only where struct_size covers it. */
  const char *llvm_options;
  /* The DLPack device type (DLDeviceType) of the memory the kernel's tensor arguments all lie
   * in, 0 where unknown or mixed. Where target is NULL and FLYDSL_COMPILE_BACKEND is unset, the
   * data chooses: host memory (kDLCPU) the cpu target, CUDA memory cuda, ROCm memory rocm; else
   * the GPU present does. Read only where struct_size covers it. */
  int data_device_type;
} fly_compile_options_t;

/* Compiles every kernel of a module (all must be finished; a module of parsed or rewritten IR:
 * FLY_ERROR_UNSUPPORTED). options may be NULL. */
FLY_API fly_status fly_compile(fly_module_t *module, const fly_compile_options_t *options,
                               fly_compiled_t **out);

/* Fills an empty module for fly_compile_keyed (kernels made and finished) and returns FLY_OK,
 * or the failing call's status, whose message is then the thread's last error. */
typedef fly_status (*fly_module_builder_t)(fly_module_t *module, void *user_data);

/* fly_compile for the module that build(module, user_data) makes, found in the caches by
 * `key` instead of by its IR: when this process or the disk cache already holds the key,
 * build is not called, which saves building and hashing the module (most of a disk-cache
 * hit for a large unrolled kernel). The key must determine the module: equal keys with
 * equal options must build equal modules. Target, arch, options and the library's version
 * are added to it. A failing build is returned as its status, with the key named. */
FLY_API fly_status fly_compile_keyed(const char *key, fly_module_builder_t build, void *user_data,
                                     const fly_compile_options_t *options, fly_compiled_t **out);
FLY_API void fly_compiled_destroy(fly_compiled_t *compiled);
/* Debugging: how many kernels this process has compiled for the cpu target whose barriers or
 * shuffles run their GPU threads as fibers rather than as loops over the block's threads
 * (FLYDSL_DUMP_IR output says why, in a fly.cpu_fibers attribute). */
FLY_API int64_t fly_debug_cpu_fiber_kernels(void);
/* The target and arch fly_compile would choose for these options (NULL: all defaults): the
 * options' target and arch, else the environment's, else those of the memory the options'
 * data_device_type names, else the GPU present's (caller frees
 * both strings; either out pointer may be NULL). */
FLY_API fly_status fly_resolve_target(const fly_compile_options_t *options, char **target,
                                      char **arch);
/* The lanes of a wave (warp) on `arch`: 64 for gfx9xx, 32 for gfx1xxx and sm_NN. */
FLY_API fly_status fly_arch_wave_size(const char *arch, int *out);
/* What one kernel of a compiled module takes from the machine, and the occupancy that allows
 * for blocks of `block_threads` threads (0: the kernel's largest block). rocm: read from the
 * code object (registers are per lane; occupancy is waves a SIMD, of 8); cuda: from the driver
 * once the module is loaded on device 0 (registers a thread; occupancy is warps an SM, an
 * estimate from registers and shared memory). The cpu target has none:
 * FLY_ERROR_UNSUPPORTED. */
typedef struct fly_resource_usage {
  size_t struct_size;       /* sizeof(fly_resource_usage_t) */
  int32_t registers;        /* vector registers (AMD VGPRs) or registers (NVIDIA) a thread */
  int32_t acc_registers;    /* AMD accumulation registers (AGPRs); 0 on NVIDIA */
  int32_t scalar_registers; /* AMD scalar registers (SGPRs) a wave; 0 on NVIDIA */
  int64_t shared_bytes;     /* static shared memory (LDS) a block */
  int64_t scratch_bytes;    /* private (spill) memory a thread: 0 when all stays in registers */
  int32_t occupancy;        /* waves a SIMD (AMD) or warps an SM (NVIDIA) */
} fly_resource_usage_t;
FLY_API fly_status fly_compiled_resource_usage(const fly_compiled_t *compiled, const char *kernel,
                                               int block_threads, fly_resource_usage_t *out);
/* The same for kernel `kernel` of an AMD code object (HSACO bytes from anywhere: FLYDSL_DUMP_IR's
 * .hsaco files, another compiler) for `arch` (gfx9xx). */
FLY_API fly_status fly_code_object_resource_usage(const void *hsaco, size_t size,
                                                  const char *kernel, const char *arch,
                                                  int block_threads, fly_resource_usage_t *out);
/* The shared memory (LDS) a block may allocate statically on `target` ("rocm", "cuda" or
 * "cpu") and `arch` (gfx942, gfx950, sm_90, ...; the cpu target gives a block what the GPU it
 * emulates has): the limit compiling checks, in bytes. */
FLY_API fly_status fly_shared_memory_capacity(const char *target, const char *arch, int64_t *bytes);
/* The shared memory a block may have in all, static and dynamic, on `target` and `arch` (on
 * NVIDIA the opt-in maximum of its compute capability): the limit compiling checks for
 * dynamic shared memory, in bytes. */
FLY_API fly_status fly_shared_memory_capacity_total(const char *target, const char *arch,
                                                    int64_t *bytes);
/* The target and arch a compiled module is for (owned by it). */
FLY_API const char *fly_compiled_target(const fly_compiled_t *compiled);
FLY_API const char *fly_compiled_arch(const fly_compiled_t *compiled);
/* The code a compiled module holds (owned by it): a HSACO code object for rocm,
 * PTX text for cuda, a relocatable ELF object for cpu. */
FLY_API fly_status fly_compiled_binary(const fly_compiled_t *compiled, const void **data,
                                       size_t *size);
/* The module's IR after the target's MLIR pipeline (the LLVM dialect), for
 * debugging; fly_module_to_string gives it before (caller frees). */
FLY_API fly_status fly_module_lowered_ir(fly_module_t *module, const fly_compile_options_t *options,
                                         char **text);

/* How a launch argument is passed. Tensors: a DLPack DLTensor, DLManagedTensor
 * or DLPack 1.x DLManagedTensorVersioned pointer (borrowed for the launch).
 * Scalars: an integer or a float, converted to the parameter's dtype. */
typedef enum fly_arg_kind {
  FLY_ARG_DLTENSOR = 0,
  FLY_ARG_DLMANAGED = 1,
  FLY_ARG_DLMANAGED_VERSIONED = 2,
  FLY_ARG_INT = 3,
  FLY_ARG_FLOAT = 4
} fly_arg_kind;

typedef struct fly_arg {
  int32_t kind; /* a fly_arg_kind */
  const void *tensor;
  int64_t i;
  double f;
} fly_arg_t;

typedef struct fly_launch_config {
  size_t struct_size;      /* sizeof(fly_launch_config_t) */
  uint32_t grid[3];
  uint32_t block[3];
  uint64_t dynamic_smem;   /* bytes, after the kernel's static shared memory */
  void *stream;            /* NULL: the default stream (cpu runs synchronously) */
} fly_launch_config_t;

/* Runs kernel `name`. Arguments are checked against its parameters (count,
 * dtype, rank, device). With COMPILE_ONLY=1 in the environment the checks run
 * and nothing is launched. */
FLY_API fly_status fly_launch(const fly_compiled_t *compiled, const char *name,
                              const fly_launch_config_t *config, const fly_arg_t *args,
                              size_t n_args);

/*===-- Prepared launches ----------------------------------------------------===*
 * A prepared launch binds one kernel of a compiled module once (its parameters,
 * its argument layout, its function on each device it runs on), so that a
 * repeated launch only checks and copies argument values and calls the driver.
 * It keeps the compiled code alive: the fly_compiled_t may be destroyed first.
 * Launching one prepared launch from several threads at once is safe.
 *
 * The slot form is for bindings that lay the arguments out themselves: one
 * 64-bit slot per value, the value in its low bytes (little-endian). A scalar
 * takes one slot holding its bits in the parameter's dtype (an f32 as its 4
 * bytes); a tensor of rank r takes 1 + 2r slots: the data address (a device
 * address for GPU targets), then its r extents, then its r strides in elements.
 * Extents are checked (not negative) and, on cuda, each data address is checked
 * to be device memory of one device (once per address); dtypes and ranks are
 * the caller's promise. COMPILE_ONLY=1 holds here too: checks, no launch.
 *===------------------------------------------------------------------------===*/

typedef struct fly_prepared fly_prepared_t;

FLY_API fly_status fly_prepare_launch(const fly_compiled_t *compiled, const char *name,
                                      fly_prepared_t **out);
FLY_API void fly_prepared_destroy(fly_prepared_t *prepared);
/* The number of slots a launch of it takes; 0 for a bad handle. */
FLY_API size_t fly_prepared_num_slots(fly_prepared_t *prepared);
/* Like fly_launch, with the lookups done once. */
FLY_API fly_status fly_prepared_launch(fly_prepared_t *prepared, const fly_launch_config_t *config,
                                       const fly_arg_t *args, size_t n_args);
/* A launch with the arguments already in slots (n_slots must be the kernel's). */
FLY_API fly_status fly_prepared_launch_slots(fly_prepared_t *prepared,
                                             const fly_launch_config_t *config,
                                             const uint64_t *slots, size_t n_slots);

/*===-- Events -------------------------------------------------------------===*
 * Timing of device work on a stream, as the GPU runtimes give it: record a start
 * and an end event around launches, wait for the end, read the milliseconds
 * between them. The cpu target has none (its launches finish before returning).
 * Driver failures are FLY_ERROR_LAUNCH with the driver's error name.
 *===------------------------------------------------------------------------===*/

typedef struct fly_event fly_event_t;

/* An event of `device` (from 0) of the runtime of `target` ("cuda" or "rocm"). */
FLY_API fly_status fly_event_create(const char *target, int device, fly_event_t **out);
/* The devices of `target` this process sees: GPUs through the CUDA driver ("cuda") or HIP
 * ("rocm"), 0 where the runtime is not installed or finds none; 1 for "cpu" (the host). What
 * FlyDSL's get_rocm_device_count reports; devices are numbered from 0 to count - 1. */
FLY_API fly_status fly_device_count(const char *target, int *count);
/* The processors of `device` of `target` that blocks run on: streaming multiprocessors on
 * cuda, the host's hardware threads on cpu (what a persistent kernel sizes its grid by). rocm
 * is FLY_ERROR_UNSUPPORTED so far. */
FLY_API fly_status fly_device_processors(const char *target, int device, int *count);
/* The product name of `device` of `target` as its driver reports it ("NVIDIA H100 80GB HBM3",
 * "AMD Instinct MI300X"), the host processor's model on cpu (caller frees with
 * fly_string_free): what tells two devices of one arch apart. */
FLY_API fly_status fly_device_name(const char *target, int device, char **name);
/* Scratch memory in stream order: `bytes` that work queued on `stream` (NULL: the default
 * stream) of `device` of `target` after this call may use, until fly_stream_free queues its
 * release on that stream (where work queued before it still finishes with it). On cuda it comes
 * from a pool the library keeps per device, which holds on to freed memory for the next call;
 * under CUDA graph capture it becomes the graph's own allocation. On rocm, hipMallocAsync. On
 * cpu, whose launches finish before they return, host memory freed at once. What a split-K
 * kernel keeps its partial sums in between two launches. The caller frees what it allocates. */
FLY_API fly_status fly_stream_alloc(const char *target, int device, void *stream, size_t bytes,
                                    void **data);
/* Queues the release of `data` from fly_stream_alloc on `stream` (the one it was allocated on,
 * or one ordered after it); NULL does nothing. */
FLY_API fly_status fly_stream_free(const char *target, int device, void *stream, void *data);
FLY_API void fly_event_destroy(fly_event_t *event);
/* Records the event on `stream` (NULL: the default stream) after the work queued there. */
FLY_API fly_status fly_event_record(fly_event_t *event, void *stream);
/* Waits until the work before the event's last record has finished. */
FLY_API fly_status fly_event_synchronize(fly_event_t *event);
/* Milliseconds from `start` to `end`, both recorded, `end` finished. */
FLY_API fly_status fly_event_elapsed_ms(const fly_event_t *start, const fly_event_t *end,
                                        float *ms);

#ifdef __cplusplus
}
#endif

#endif /* FLYDSL_FLYDSL_H */
