//===- tokens.h - IntTuples as flat int64 token arrays ----------*- C++ -*-===//
#ifndef FLYDSL_CAPI_TOKENS_H
#define FLYDSL_CAPI_TOKENS_H

#include "flydsl/flydsl.h"
#include "layout/int_tuple.h"

namespace fly::capi {

/// Decodes tokens (see flydsl.h); `what` names the argument in errors.
layout::IntTuple decodeTuple(const int64_t *tokens, size_t count, const char *what);
/// Encodes t into a malloc'ed array owned by the caller.
void encodeTuple(const layout::IntTuple &t, int64_t **tokens, size_t *count);

} // namespace fly::capi

#endif // FLYDSL_CAPI_TOKENS_H
