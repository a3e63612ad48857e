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
  FLY_ERROR_INTERNAL = 10
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
  FLY_TUPLE_IDX2CRD = 3 /* idx2crd(a, shape b), column-major */
} fly_tuple_op;
FLY_API fly_status fly_tuple_binary(fly_tuple_op op, const int64_t *a, size_t a_count,
                                    const int64_t *b, size_t b_count, int64_t **result,
                                    size_t *result_count);
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
  FLY_LAYOUT_FLATTEN = 6
} fly_layout_unary_op;
FLY_API fly_status fly_layout_unary(fly_layout_unary_op op, const fly_layout_t *layout,
                                    fly_layout_t **out);

/* coalesce(layout, profile) and complement(layout, cotarget). */
FLY_API fly_status fly_layout_coalesce_profile(const fly_layout_t *layout,
                                               const int64_t *profile, size_t profile_count,
                                               fly_layout_t **out);
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
FLY_API fly_status fly_layout_binary(fly_layout_binary_op op, const fly_layout_t *a,
                                     const fly_layout_t *b, fly_layout_t **out);
FLY_API fly_status fly_layout_max_common_vector(const fly_layout_t *a, const fly_layout_t *b,
                                                int64_t *result);

/* Operations with a tiler. A tiler is text: a layout "s:d", an integer n
 * (make_layout(n)), "_" (keep the mode) or a parenthesised tuple of tilers,
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
FLY_API fly_status fly_layout_tiler_op(fly_tiler_op op, const fly_layout_t *layout,
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

#ifdef __cplusplus
}
#endif

#endif /* FLYDSL_FLYDSL_H */
