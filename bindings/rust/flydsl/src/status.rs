//! `fly_status` mirrored as a Rust enum. The `cbindgen_mirror` test turns this file into C
//! with cbindgen and compares it with `flydsl.h`, so a change on either side fails.

/// The status of a libflydsl call, with the values of the C header's `fly_status`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Ok = 0,
    InvalidArgument = 1,
    Parse = 2,
    RankMismatch = 3,
    Divisibility = 4,
    Overflow = 5,
    InvalidHandle = 6,
    Unsupported = 7,
    BufferTooSmall = 8,
    OutOfMemory = 9,
    Internal = 10,
    Compile = 11,
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
