//! `fly_status` mirrored as a Rust enum. The `cbindgen_mirror` test turns this file into C
//! with cbindgen and compares it with `flydsl.h`, so a change on either side fails.

/// The status of a libflydsl call, with the values of the C header's `fly_status`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Success.
    Ok = 0,
    /// A value outside an operation's domain, or a NULL pointer.
    InvalidArgument = 1,
    /// Malformed CuTe text.
    Parse = 2,
    /// Tuple structures that do not line up.
    RankMismatch = 3,
    /// CuTe's divisibility or injectivity preconditions.
    Divisibility = 4,
    /// A 64-bit overflow.
    Overflow = 5,
    /// A NULL, destroyed or wrong-kind handle.
    InvalidHandle = 6,
    /// Valid, but not handled by this build.
    Unsupported = 7,
    /// An output array too short for the result.
    BufferTooSmall = 8,
    /// Memory ran out.
    OutOfMemory = 9,
    /// A bug in the library (or a status this crate does not know).
    Internal = 10,
    /// A kernel that cannot be compiled.
    Compile = 11,
    /// Arguments that do not fit a kernel, or a kernel that cannot finish.
    Launch = 12,
}

impl Status {
    /// The Rust value of a C status; unknown codes (a newer library) read as `Internal`.
    pub fn from_raw(code: u32) -> Status {
        const ALL: [Status; 13] = [
            Status::Ok,
            Status::InvalidArgument,
            Status::Parse,
            Status::RankMismatch,
            Status::Divisibility,
            Status::Overflow,
            Status::InvalidHandle,
            Status::Unsupported,
            Status::BufferTooSmall,
            Status::OutOfMemory,
            Status::Internal,
            Status::Compile,
            Status::Launch,
        ];
        ALL.get(code as usize).copied().unwrap_or(Status::Internal)
    }
}
