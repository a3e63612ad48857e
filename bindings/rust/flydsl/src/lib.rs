//! Safe Rust binding of libflydsl's CuTe layout algebra.
//!
//! ```no_run
//! let l = flydsl::Layout::parse("(4,8):(8,1)").unwrap();
//! assert_eq!(l.call(&flydsl::IntTuple::from([1, 2])).unwrap(), 10);
//! ```
#![warn(missing_docs)]

pub mod kernel;
pub mod kernels;
/// The raw C declarations (the `flydsl-sys` crate).
pub use flydsl_sys as raw;
mod status;

pub use status::Status;

use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::c_char;

const TOKEN_OPEN: i64 = i64::MIN;
const TOKEN_CLOSE: i64 = i64::MIN + 1;
const TOKEN_UNDERSCORE: i64 = i64::MIN + 2;
const TOKEN_BASIS: i64 = i64::MIN + 3;
/// Leaves below this are token values, reserved.
const TOKEN_RESERVED_END: i64 = i64::MIN + 16;

/// A failed libflydsl call: its status and the library's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What kind of failure.
    pub status: Status,
    /// The library's message for it.
    pub message: String,
}

impl Error {
    /// The C name of the status, e.g. `FLY_ERROR_PARSE`.
    pub fn status_name(&self) -> String {
        // SAFETY: fly_status_name returns a static NUL-terminated string for any value.
        unsafe { CStr::from_ptr(raw::fly_status_name(self.status as raw::fly_status)) }
            .to_string_lossy()
            .into_owned()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status_name(), self.message)
    }
}

impl std::error::Error for Error {}

/// The result of a libflydsl call.
pub type Result<T> = std::result::Result<T, Error>;

fn check(status: raw::fly_status) -> Result<()> {
    if status == raw::fly_status_FLY_OK {
        return Ok(());
    }
    // SAFETY: the last error message is a thread-local NUL-terminated string.
    let message = unsafe { CStr::from_ptr(raw::fly_last_error_message()) };
    Err(Error {
        status: Status::from_raw(status),
        message: message.to_string_lossy().into_owned(),
    })
}

/// CuTe's IntTuple; `Underscore` is CuTe's `_`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntTuple {
    /// An integer leaf.
    Int(i64),
    /// A scaled basis element `v@m1@..@mn`, as in identity layouts.
    Basis(i64, Vec<i64>),
    /// CuTe's `_`: keep this mode.
    Underscore,
    /// A tuple of IntTuples.
    Tuple(Vec<IntTuple>),
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::Int(v)
    }
}

impl<const N: usize> From<[i64; N]> for IntTuple {
    fn from(v: [i64; N]) -> Self {
        IntTuple::Tuple(v.iter().map(|&x| IntTuple::Int(x)).collect())
    }
}

impl IntTuple {
    /// Parses CuTe text such as `(2,(3,4))` or `_`.
    pub fn parse(text: &str) -> Result<IntTuple> {
        let c = cstring(text)?;
        let (mut ptr, mut n) = (std::ptr::null_mut(), 0usize);
        // SAFETY: c is NUL-terminated; the outputs are valid pointers.
        check(unsafe { raw::fly_tuple_parse(c.as_ptr(), &mut ptr, &mut n) })?;
        Ok(take_tokens(ptr, n))
    }

    fn encode(&self, out: &mut Vec<i64>) -> Result<()> {
        match self {
            // The token values would read as tuple structure.
            IntTuple::Int(v) if *v < TOKEN_RESERVED_END => {
                return Err(Error {
                    status: Status::InvalidArgument,
                    message: format!("the integer {v} is reserved for tuple tokens"),
                })
            }
            IntTuple::Int(v) => out.push(*v),
            IntTuple::Basis(v, modes) => {
                out.extend([TOKEN_BASIS, *v, modes.len() as i64]);
                out.extend(modes);
            }
            IntTuple::Underscore => out.push(TOKEN_UNDERSCORE),
            IntTuple::Tuple(elems) => {
                out.push(TOKEN_OPEN);
                for e in elems {
                    e.encode(out)?;
                }
                out.push(TOKEN_CLOSE);
            }
        }
        Ok(())
    }

    fn tokens(&self) -> Result<Vec<i64>> {
        let mut out = Vec::new();
        self.encode(&mut out)?;
        Ok(out)
    }

    fn decode(tokens: &[i64], pos: &mut usize) -> IntTuple {
        let tok = tokens[*pos];
        *pos += 1;
        match tok {
            TOKEN_OPEN => {
                let mut elems = Vec::new();
                while tokens[*pos] != TOKEN_CLOSE {
                    elems.push(IntTuple::decode(tokens, pos));
                }
                *pos += 1;
                IntTuple::Tuple(elems)
            }
            TOKEN_UNDERSCORE => IntTuple::Underscore,
            TOKEN_BASIS => {
                let (v, n) = (tokens[*pos], tokens[*pos + 1] as usize);
                let modes = tokens[*pos + 2..*pos + 2 + n].to_vec();
                *pos += 2 + n;
                IntTuple::Basis(v, modes)
            }
            v => IntTuple::Int(v),
        }
    }
}

impl fmt::Display for IntTuple {
    /// CuTe's text, e.g. `(2,(3,4))`; `(4)` is a rank-1 tuple, `4` an integer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.tokens().map_err(|_| fmt::Error)?;
        let mut s: *mut c_char = std::ptr::null_mut();
        // SAFETY: t is valid for its length; s receives a library-owned string we free.
        if check(unsafe { raw::fly_tuple_to_string(t.as_ptr(), t.len(), &mut s) }).is_err() {
            return Err(fmt::Error);
        }
        let text = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
        unsafe { raw::fly_string_free(s) };
        f.write_str(&text)
    }
}

fn take_tokens(ptr: *mut i64, n: usize) -> IntTuple {
    // SAFETY: the library returned n valid tokens at ptr, which we own and free.
    let tokens = unsafe { std::slice::from_raw_parts(ptr, n) }.to_vec();
    unsafe { raw::fly_tuple_free(ptr) };
    IntTuple::decode(&tokens, &mut 0)
}

fn cstring(text: &str) -> Result<CString> {
    CString::new(text).map_err(|_| Error {
        status: Status::InvalidArgument,
        message: "text contains a NUL byte".into(),
    })
}

/// An immutable CuTe layout owned by this value: dropping it frees the library's handle once,
/// and the borrow checker keeps a dropped layout from being used again.
///
/// ```compile_fail
/// let l = flydsl::Layout::parse("4:1").unwrap();
/// drop(l);
/// l.size().unwrap(); // use after free: does not compile
/// ```
pub struct Layout {
    handle: *mut raw::fly_layout_t,
}

// SAFETY: layout handles are immutable and documented as safe to share.
unsafe impl Send for Layout {}
unsafe impl Sync for Layout {}

type Out = *mut *mut raw::fly_layout_t;

impl Layout {
    pub(crate) fn as_raw(&self) -> *const raw::fly_layout_t {
        self.handle
    }
    fn make(f: impl FnOnce(Out) -> raw::fly_status) -> Result<Layout> {
        let mut handle = std::ptr::null_mut();
        check(f(&mut handle))?;
        Ok(Layout { handle })
    }

    /// Reads CuTe text such as `((2,4),8):((1,16),2)`.
    pub fn parse(text: &str) -> Result<Layout> {
        let c = cstring(text)?;
        Layout::make(|out| unsafe { raw::fly_layout_parse(c.as_ptr(), out) })
    }

    /// `make_layout(shape, stride)`; `None` gives compact column-major strides.
    pub fn new(shape: &IntTuple, stride: Option<&IntTuple>) -> Result<Layout> {
        let s = shape.tokens()?;
        let d = stride
            .map(IntTuple::tokens)
            .transpose()?
            .unwrap_or_default();
        let dp = if d.is_empty() {
            std::ptr::null()
        } else {
            d.as_ptr()
        };
        Layout::make(|out| unsafe { raw::fly_layout_make(s.as_ptr(), s.len(), dp, d.len(), out) })
    }

    /// `make_layout(modes...)`: each layout becomes a mode.
    pub fn from_modes(modes: &[&Layout]) -> Result<Layout> {
        let hs: Vec<*const raw::fly_layout_t> = modes.iter().map(|m| m.handle as _).collect();
        Layout::make(|out| unsafe { raw::fly_layout_make_from_modes(hs.as_ptr(), hs.len(), out) })
    }

    /// `make_ordered_layout(shape, order)`: compact strides, mode `order[i]`-th fastest.
    pub fn ordered(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
        let (s, o) = (shape.tokens()?, order.tokens()?);
        Layout::make(|out| unsafe {
            raw::fly_layout_make_ordered(s.as_ptr(), s.len(), o.as_ptr(), o.len(), out)
        })
    }

    /// `make_identity_layout(shape)`: each coordinate maps to itself (strides `1@i`).
    pub fn identity(shape: &IntTuple) -> Result<Layout> {
        let s = shape.tokens()?;
        Layout::make(|out| unsafe { raw::fly_layout_make_identity(s.as_ptr(), s.len(), out) })
    }

    /// `make_layout_tv(thr, val)`: the tiler shape and the thread-value layout.
    pub fn tv(thr: &Layout, val: &Layout) -> Result<(IntTuple, Layout)> {
        let (mut p, mut n) = (std::ptr::null_mut(), 0usize);
        let layout = Layout::make(|out| unsafe {
            raw::fly_layout_make_tv(thr.handle, val.handle, &mut p, &mut n, out)
        })?;
        Ok((take_tokens(p, n), layout))
    }

    /// `Sw<bits,base,shift> o offset o layout`.
    pub fn composed(
        bits: i32,
        base: i32,
        shift: i32,
        offset: i64,
        layout: &Layout,
    ) -> Result<Layout> {
        Layout::make(|out| unsafe {
            raw::fly_layout_make_composed(bits, base, shift, offset, layout.handle, out)
        })
    }

    fn int_query(
        &self,
        f: unsafe extern "C" fn(*const raw::fly_layout_t, *mut i64) -> raw::fly_status,
    ) -> Result<i64> {
        let mut v = 0;
        check(unsafe { f(self.handle, &mut v) })?;
        Ok(v)
    }

    /// The number of coordinates (CuTe's `size`).
    pub fn size(&self) -> Result<i64> {
        self.int_query(raw::fly_layout_size)
    }
    /// One past the largest offset (CuTe's `cosize`).
    pub fn cosize(&self) -> Result<i64> {
        self.int_query(raw::fly_layout_cosize)
    }
    /// The number of top-level modes.
    pub fn rank(&self) -> Result<i64> {
        self.int_query(raw::fly_layout_rank)
    }
    /// The nesting depth of the shape.
    pub fn depth(&self) -> Result<i64> {
        self.int_query(raw::fly_layout_depth)
    }

    fn tuple_query(
        &self,
        f: unsafe extern "C" fn(
            *const raw::fly_layout_t,
            *mut *mut i64,
            *mut usize,
        ) -> raw::fly_status,
    ) -> Result<IntTuple> {
        let (mut p, mut n) = (std::ptr::null_mut(), 0usize);
        check(unsafe { f(self.handle, &mut p, &mut n) })?;
        Ok(take_tokens(p, n))
    }

    /// The shape.
    pub fn shape(&self) -> Result<IntTuple> {
        self.tuple_query(raw::fly_layout_shape)
    }

    /// The stride (an error for a composed layout).
    pub fn stride(&self) -> Result<IntTuple> {
        self.tuple_query(raw::fly_layout_stride)
    }

    /// CuTe's `coshape`: what the offsets span (one extent per basis mode of an identity
    /// layout).
    pub fn coshape(&self) -> Result<IntTuple> {
        self.tuple_query(raw::fly_layout_coshape)
    }

    /// CuTe's `coprofile`: the profile of the codomain (`0`, or `(0,0)` for E0 and E1).
    pub fn coprofile(&self) -> Result<IntTuple> {
        self.tuple_query(raw::fly_layout_coprofile)
    }

    /// `L(crd)` for an integer, flat or nested coordinate.
    pub fn call(&self, crd: &IntTuple) -> Result<i64> {
        let t = crd.tokens()?;
        let mut v = 0;
        check(unsafe { raw::fly_layout_crd2idx(self.handle, t.as_ptr(), t.len(), &mut v) })?;
        Ok(v)
    }

    /// `L(crd)` in general: an offset, or a coordinate for layouts with basis strides.
    pub fn evaluate(&self, crd: &IntTuple) -> Result<IntTuple> {
        let t = crd.tokens()?;
        let (mut p, mut n) = (std::ptr::null_mut(), 0usize);
        check(unsafe {
            raw::fly_layout_evaluate(self.handle, t.as_ptr(), t.len(), &mut p, &mut n)
        })?;
        Ok(take_tokens(p, n))
    }

    /// The natural coordinate of index `idx`.
    pub fn idx2crd(&self, idx: i64) -> Result<IntTuple> {
        let (mut p, mut n) = (std::ptr::null_mut(), 0usize);
        check(unsafe { raw::fly_layout_idx2crd(self.handle, idx, &mut p, &mut n) })?;
        Ok(take_tokens(p, n))
    }

    /// The coordinate whose offset is `idx` (CuTe's `get_hier_coord`, FlyDSL's
    /// `idx2crd(idx, L)`): per leaf (idx / d) % s through the layout's strides.
    pub fn hier_coord(&self, idx: &IntTuple) -> Result<IntTuple> {
        self.coord(raw::fly_layout_coord_op_FLY_COORD_IDX2CRD, idx)
    }
    /// `hier_coord` as one 1-D coordinate per top-level mode (`get_flat_coord`).
    pub fn flat_coord(&self, idx: &IntTuple) -> Result<IntTuple> {
        self.coord(raw::fly_layout_coord_op_FLY_COORD_FLAT, idx)
    }
    /// `hier_coord` as its column-major index in the shape (`get_1d_coord`).
    pub fn coord_1d(&self, idx: &IntTuple) -> Result<IntTuple> {
        self.coord(raw::fly_layout_coord_op_FLY_COORD_1D, idx)
    }
    fn coord(&self, op: raw::fly_layout_coord_op, idx: &IntTuple) -> Result<IntTuple> {
        let t = idx.tokens()?;
        let (mut p, mut n) = (std::ptr::null_mut(), 0usize);
        check(unsafe {
            raw::fly_layout_coord(op as i32, self.handle, t.as_ptr(), t.len(), &mut p, &mut n)
        })?;
        Ok(take_tokens(p, n))
    }

    /// `get<path...>(L)`, mode numbers from 0.
    pub fn get(&self, path: &[i64]) -> Result<Layout> {
        Layout::make(|out| unsafe {
            raw::fly_layout_get(self.handle, path.as_ptr(), path.len(), out)
        })
    }

    /// The modes where `crd` has `_`, as CuTe's `slice`.
    pub fn slice(&self, crd: &IntTuple) -> Result<Layout> {
        let t = crd.tokens()?;
        Layout::make(|out| unsafe { raw::fly_layout_slice(self.handle, t.as_ptr(), t.len(), out) })
    }

    /// The modes where `crd` has integers, as CuTe's `dice`.
    pub fn dice(&self, crd: &IntTuple) -> Result<Layout> {
        let t = crd.tokens()?;
        Layout::make(|out| unsafe { raw::fly_layout_dice(self.handle, t.as_ptr(), t.len(), out) })
    }

    /// `slice_and_offset(crd, L)`: the slice and the offset of `crd`'s integers.
    pub fn slice_and_offset(&self, crd: &IntTuple) -> Result<(Layout, i64)> {
        let t = crd.tokens()?;
        let mut offset = 0;
        let sliced = Layout::make(|out| unsafe {
            raw::fly_layout_slice_and_offset(self.handle, t.as_ptr(), t.len(), out, &mut offset)
        })?;
        Ok((sliced, offset))
    }

    /// `recast_layout` from elements of `old_bits` to elements of `new_bits`.
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<Layout> {
        Layout::make(|out| unsafe { raw::fly_layout_recast(self.handle, old_bits, new_bits, out) })
    }

    /// `tile_to_shape(self, shape, order)`; `None` tiles column-major.
    pub fn tile_to_shape(&self, shape: &IntTuple, order: Option<&IntTuple>) -> Result<Layout> {
        let s = shape.tokens()?;
        let o = order.map(IntTuple::tokens).transpose()?.unwrap_or_default();
        let op = if o.is_empty() {
            std::ptr::null()
        } else {
            o.as_ptr()
        };
        Layout::make(|out| unsafe {
            raw::fly_layout_tile_to_shape(self.handle, s.as_ptr(), s.len(), op, o.len(), out)
        })
    }

    /// Modes `[begin, end)`, as CuTe's `take<begin,end>`.
    pub fn take(&self, begin: i64, end: i64) -> Result<Layout> {
        Layout::make(|out| unsafe { raw::fly_layout_take(self.handle, begin, end, out) })
    }

    /// Modes `[begin, end)` grouped into one, as CuTe's `group<begin,end>`.
    pub fn group(&self, begin: i64, end: i64) -> Result<Layout> {
        Layout::make(|out| unsafe { raw::fly_layout_group(self.handle, begin, end, out) })
    }

    /// The listed modes, as CuTe's `select<i,j,...>`.
    pub fn select(&self, modes: &[i64]) -> Result<Layout> {
        Layout::make(|out| unsafe {
            raw::fly_layout_select(self.handle, modes.as_ptr(), modes.len(), out)
        })
    }

    fn unary(&self, op: raw::fly_layout_unary_op) -> Result<Layout> {
        Layout::make(|out| unsafe { raw::fly_layout_unary(op as i32, self.handle, out) })
    }

    fn binary(&self, op: raw::fly_layout_binary_op, b: &Layout) -> Result<Layout> {
        Layout::make(|out| unsafe { raw::fly_layout_binary(op as i32, self.handle, b.handle, out) })
    }

    fn tiler(&self, op: raw::fly_tiler_op, tiler: &str) -> Result<Layout> {
        let c = cstring(tiler)?;
        Layout::make(|out| unsafe {
            raw::fly_layout_tiler_op(op as i32, self.handle, c.as_ptr(), out)
        })
    }

    /// `coalesce(L)`: merges modes where the function allows.
    pub fn coalesce(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_COALESCE)
    }
    /// `filter(L)`: coalesce after dropping stride-0 and size-1 modes.
    pub fn filter(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_FILTER)
    }
    /// `filter_zeros(L)`: stride-0 modes get size 1.
    pub fn filter_zeros(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_FILTER_ZEROS)
    }
    /// `flatten(L)`: every mode at the top level.
    pub fn flatten(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_FLATTEN)
    }
    /// `make_fragment_like(L)`: compact, mode 0 first, the other modes by their strides.
    pub fn make_fragment_like(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_MAKE_FRAGMENT_LIKE)
    }
    /// `make_layout_like(L)`: compact strides in the order of L's (stride-0 modes keep 0).
    pub fn make_layout_like(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_MAKE_LAYOUT_LIKE)
    }
    /// `coalesce(L, profile)`: merges modes only within the profile's modes.
    pub fn coalesce_profile(&self, profile: &IntTuple) -> Result<Layout> {
        let t = profile.tokens()?;
        Layout::make(|out| unsafe {
            raw::fly_layout_coalesce_profile(self.handle, t.as_ptr(), t.len(), out)
        })
    }
    /// `complement(L)`: the offsets `L` does not reach, up to `cosize(filter(L))`.
    pub fn complement(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_COMPLEMENT)
    }
    /// `complement(L, cotarget)` with an integer cotarget.
    pub fn complement_to(&self, cotarget: i64) -> Result<Layout> {
        Layout::make(|out| unsafe { raw::fly_layout_complement_to(self.handle, &cotarget, 1, out) })
    }
    /// `complement(L, cotarget)` with a shape as the cotarget.
    pub fn complement_to_shape(&self, cotarget: &IntTuple) -> Result<Layout> {
        let t = cotarget.tokens()?;
        Layout::make(|out| unsafe {
            raw::fly_layout_complement_to(self.handle, t.as_ptr(), t.len(), out)
        })
    }
    /// `filter(L, profile)`: filters mode by mode where the profile is a tuple.
    pub fn filter_profile(&self, profile: &IntTuple) -> Result<Layout> {
        let t = profile.tokens()?;
        Layout::make(|out| unsafe {
            raw::fly_layout_filter_profile(self.handle, t.as_ptr(), t.len(), out)
        })
    }
    /// `right_inverse(L)`: `L(R(i)) == i` on `R`'s domain.
    pub fn right_inverse(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_RIGHT_INVERSE)
    }
    /// `left_inverse(L)`: `R(L(i)) == i`.
    pub fn left_inverse(&self) -> Result<Layout> {
        self.unary(raw::fly_layout_unary_op_FLY_LAYOUT_LEFT_INVERSE)
    }
    /// `composition(L, b)`: `L(b(c))`.
    pub fn composition(&self, b: &Layout) -> Result<Layout> {
        self.binary(raw::fly_layout_binary_op_FLY_LAYOUT_COMPOSITION, b)
    }
    /// `append(L, mode)`.
    pub fn append(&self, mode: &Layout) -> Result<Layout> {
        self.binary(raw::fly_layout_binary_op_FLY_LAYOUT_APPEND, mode)
    }
    /// `prepend(L, mode)`.
    pub fn prepend(&self, mode: &Layout) -> Result<Layout> {
        self.binary(raw::fly_layout_binary_op_FLY_LAYOUT_PREPEND, mode)
    }
    /// `max_common_layout(L, b)`.
    pub fn max_common_layout(&self, b: &Layout) -> Result<Layout> {
        self.binary(raw::fly_layout_binary_op_FLY_LAYOUT_MAX_COMMON_LAYOUT, b)
    }
    /// `max_common_vector(L, b)`: how many elements both keep contiguous.
    pub fn max_common_vector(&self, b: &Layout) -> Result<i64> {
        let mut v = 0;
        check(unsafe { raw::fly_layout_max_common_vector(self.handle, b.handle, &mut v) })?;
        Ok(v)
    }
    /// `blocked_product(L, tiler)`.
    pub fn blocked_product(&self, tiler: &Layout) -> Result<Layout> {
        self.binary(raw::fly_layout_binary_op_FLY_LAYOUT_BLOCKED_PRODUCT, tiler)
    }
    /// `raked_product(L, tiler)`.
    pub fn raked_product(&self, tiler: &Layout) -> Result<Layout> {
        self.binary(raw::fly_layout_binary_op_FLY_LAYOUT_RAKED_PRODUCT, tiler)
    }
    /// Composition with a tiler in text form, e.g. `"(3:4,8:2)"` or `"(4,_)"`.
    pub fn composition_tiler(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_COMPOSITION, tiler)
    }
    /// `logical_divide(L, tiler)`; the tiler as CuTe text.
    pub fn logical_divide(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_LOGICAL_DIVIDE, tiler)
    }
    /// `zipped_divide(L, tiler)`.
    pub fn zipped_divide(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_ZIPPED_DIVIDE, tiler)
    }
    /// `tiled_divide(L, tiler)`.
    pub fn tiled_divide(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_TILED_DIVIDE, tiler)
    }
    /// `flat_divide(L, tiler)`.
    pub fn flat_divide(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_FLAT_DIVIDE, tiler)
    }
    /// `logical_product(L, tiler)`.
    pub fn logical_product(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_LOGICAL_PRODUCT, tiler)
    }
    /// `zipped_product(L, tiler)`.
    pub fn zipped_product(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_ZIPPED_PRODUCT, tiler)
    }
    /// `tiled_product(L, tiler)`.
    pub fn tiled_product(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_TILED_PRODUCT, tiler)
    }
    /// `flat_product(L, tiler)`.
    pub fn flat_product(&self, tiler: &str) -> Result<Layout> {
        self.tiler(raw::fly_tiler_op_FLY_TILER_FLAT_PRODUCT, tiler)
    }
}

impl Drop for Layout {
    fn drop(&mut self) {
        unsafe { raw::fly_layout_destroy(self.handle) }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s: *mut c_char = std::ptr::null_mut();
        if check(unsafe { raw::fly_layout_to_string(self.handle, &mut s) }).is_err() {
            return Err(fmt::Error);
        }
        let text = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
        unsafe { raw::fly_string_free(s) };
        f.write_str(&text)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        let mut r = 0;
        check(unsafe { raw::fly_layout_equal(self.handle, other.handle, &mut r) }).is_ok() && r != 0
    }
}

/// CuTe's IntTuple helpers, each one call into the library.
pub mod tuple {
    use super::{check, raw, take_tokens, IntTuple, Result};

    fn binary(op: raw::fly_tuple_op, a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        let (x, y) = (a.tokens()?, b.tokens()?);
        let (mut ptr, mut n) = (std::ptr::null_mut(), 0usize);
        // SAFETY: token arrays are valid for their lengths; outputs are valid pointers.
        check(unsafe {
            raw::fly_tuple_binary(
                op as i32,
                x.as_ptr(),
                x.len(),
                y.as_ptr(),
                y.len(),
                &mut ptr,
                &mut n,
            )
        })?;
        Ok(take_tokens(ptr, n))
    }

    fn unary(op: raw::fly_tuple_unary_op, a: &IntTuple) -> Result<IntTuple> {
        let x = a.tokens()?;
        let (mut ptr, mut n) = (std::ptr::null_mut(), 0usize);
        // SAFETY: as above.
        check(unsafe { raw::fly_tuple_unary(op as i32, x.as_ptr(), x.len(), &mut ptr, &mut n) })?;
        Ok(take_tokens(ptr, n))
    }

    fn ternary(
        op: raw::fly_tuple_ternary_op,
        a: &IntTuple,
        b: &IntTuple,
        c: &IntTuple,
    ) -> Result<IntTuple> {
        let (x, y, z) = (a.tokens()?, b.tokens()?, c.tokens()?);
        let (mut ptr, mut n) = (std::ptr::null_mut(), 0usize);
        // SAFETY: as above.
        check(unsafe {
            raw::fly_tuple_ternary(
                op as i32,
                x.as_ptr(),
                x.len(),
                y.as_ptr(),
                y.len(),
                z.as_ptr(),
                z.len(),
                &mut ptr,
                &mut n,
            )
        })?;
        Ok(take_tokens(ptr, n))
    }

    /// `shape_div(a, b)`.
    pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_SHAPE_DIV, a, b)
    }
    /// `ceil_div(a, b)`.
    pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_CEIL_DIV, a, b)
    }
    /// `elem_scale(a, b)`.
    pub fn elem_scale(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_ELEM_SCALE, a, b)
    }
    /// `idx2crd(idx, shape)`: column-major.
    pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_IDX2CRD, idx, shape)
    }
    /// `idx2crd(idx, shape, stride)`: per leaf `(idx / d) % s`.
    pub fn idx2crd_stride(idx: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
        ternary(
            raw::fly_tuple_ternary_op_FLY_TUPLE_IDX2CRD_STRIDE,
            idx,
            shape,
            stride,
        )
    }
    /// `crd2idx(crd, shape)`: the column-major index of a coordinate.
    pub fn crd2idx(crd: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_CRD2IDX, crd, shape)
    }
    /// `crd2crd(crd, src_shape, dst_shape)`.
    pub fn crd2crd(crd: &IntTuple, src: &IntTuple, dst: &IntTuple) -> Result<IntTuple> {
        ternary(raw::fly_tuple_ternary_op_FLY_TUPLE_CRD2CRD, crd, src, dst)
    }
    /// `compact_col_major(shape, current)`: size-1 modes get stride 0.
    pub fn compact_col_major(shape: &IntTuple, current: &IntTuple) -> Result<IntTuple> {
        binary(
            raw::fly_tuple_op_FLY_TUPLE_COMPACT_COL_MAJOR,
            shape,
            current,
        )
    }
    /// `prefix_product(a, init)`: exclusive, column-major.
    pub fn prefix_product(a: &IntTuple, init: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_PREFIX_PRODUCT, a, init)
    }
    /// FlyDSL's `int_tuple_add(a, b)`: leaf by leaf as far as both tuples go, the longer
    /// tuple's extra modes kept.
    pub fn int_tuple_add(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_ADD, a, b)
    }
    /// `int_tuple_sub(a, b)`, as `int_tuple_add`.
    pub fn int_tuple_sub(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_SUB, a, b)
    }
    /// `int_tuple_mul(a, b)`, as `int_tuple_add`.
    pub fn int_tuple_mul(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_MUL, a, b)
    }
    /// `int_tuple_div(a, b)`, as `int_tuple_add`, rounding toward negative infinity.
    pub fn int_tuple_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_DIV, a, b)
    }
    /// `int_tuple_mod(a, b)`, the remainder of `int_tuple_div`.
    pub fn int_tuple_mod(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_MOD, a, b)
    }
    /// `int_tuple_product_like(a, guide)`: `a` multiplied out under each leaf of `guide`.
    pub fn int_tuple_product_like(a: &IntTuple, guide: &IntTuple) -> Result<IntTuple> {
        binary(raw::fly_tuple_op_FLY_TUPLE_PRODUCT_LIKE, a, guide)
    }
    /// `product_each(a)`: the product of each top-level mode.
    pub fn product_each(a: &IntTuple) -> Result<IntTuple> {
        unary(raw::fly_tuple_unary_op_FLY_TUPLE_PRODUCT_EACH, a)
    }
    /// `flatten(a)`.
    pub fn flatten(a: &IntTuple) -> Result<IntTuple> {
        unary(raw::fly_tuple_unary_op_FLY_TUPLE_FLATTEN, a)
    }
    /// `product(a)`: the product of all leaves.
    pub fn product(a: &IntTuple) -> Result<i64> {
        let x = a.tokens()?;
        let mut r = 0;
        // SAFETY: x is valid for its length; r is a valid output.
        check(unsafe { raw::fly_tuple_product(x.as_ptr(), x.len(), &mut r) })?;
        Ok(r)
    }
    /// `inner_product(a, b)`.
    pub fn inner_product(a: &IntTuple, b: &IntTuple) -> Result<i64> {
        let (x, y) = (a.tokens()?, b.tokens()?);
        let mut r = 0;
        // SAFETY: as above.
        check(unsafe {
            raw::fly_tuple_inner_product(x.as_ptr(), x.len(), y.as_ptr(), y.len(), &mut r)
        })?;
        Ok(r)
    }
    /// `elem_less(a, b)`: every leaf of `a` is less than the matching leaf of `b`.
    pub fn elem_less(a: &IntTuple, b: &IntTuple) -> Result<bool> {
        let (x, y) = (a.tokens()?, b.tokens()?);
        let mut r = 0;
        // SAFETY: as above.
        check(unsafe {
            raw::fly_tuple_elem_less(x.as_ptr(), x.len(), y.as_ptr(), y.len(), &mut r)
        })?;
        Ok(r != 0)
    }
}
