//! Building, compiling and launching kernels: a thin layer over the kernel half of the C API.
//!
//! A [`KernelBuilder`] adds ops that return [`Val`]s. As in C, the builder keeps its first
//! error (sticky) and [`KernelBuilder::finish`] reports it, so kernel code reads straight.

use crate::{check, raw, Result};
use std::ffi::{CStr, CString};
use std::marker::PhantomData;
use std::os::raw::c_void;
use std::ptr;

/// Element types of kernel values and tensors (`fly_dtype`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DType {
    /// 1-bit integer (booleans).
    I1 = 0,
    /// 8-bit integer.
    I8,
    /// 16-bit integer.
    I16,
    /// 32-bit integer.
    I32,
    /// 64-bit integer.
    I64,
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// 8-bit float, 4 exponent and 3 mantissa bits.
    F8E4M3,
    /// 8-bit float, 5 exponent and 2 mantissa bits.
    F8E5M2,
    /// The target's index type.
    Index,
    /// gfx942's E4M3: exponent bias 8, no negative zero, NaN 0x80.
    F8E4M3FNUZ,
    /// gfx942's E5M2: exponent bias 16, no infinities or negative zero, NaN 0x80.
    F8E5M2FNUZ,
    /// 4-bit integer: values in registers only (vectors bitcast from packed words).
    I4,
}

/// A module: kernels compiled together. Dropping it destroys the C module.
pub struct Module {
    raw: *mut raw::fly_module_t,
}

impl Module {
    /// An empty module.
    pub fn new() -> Result<Module> {
        let mut raw = ptr::null_mut();
        // SAFETY: `raw` is a valid out pointer.
        check(unsafe { raw::fly_module_create(&mut raw) })?;
        Ok(Module { raw })
    }

    /// A new kernel named `name`, built until [`KernelBuilder::finish`].
    pub fn kernel(&mut self, name: &str) -> Result<KernelBuilder<'_>> {
        let name = CString::new(name).expect("kernel name without NUL");
        let mut raw = ptr::null_mut();
        // SAFETY: the module handle is live for the builder's lifetime.
        check(unsafe { raw::fly_kernel_create(self.raw, name.as_ptr(), &mut raw) })?;
        Ok(KernelBuilder {
            raw,
            _module: PhantomData,
        })
    }

    /// Compiles every kernel for `target` ("cpu", "rocm", "cuda"; None: the default).
    pub fn compile(&self, target: Option<&str>, arch: Option<&str>) -> Result<Compiled> {
        let target = target.map(|t| CString::new(t).expect("target without NUL"));
        let arch = arch.map(|a| CString::new(a).expect("arch without NUL"));
        let options = raw::fly_compile_options_t {
            struct_size: std::mem::size_of::<raw::fly_compile_options_t>(),
            target: target.as_ref().map_or(ptr::null(), |t| t.as_ptr()),
            arch: arch.as_ref().map_or(ptr::null(), |a| a.as_ptr()),
            opt_level: 2,
            llvm_options: ptr::null(),
            data_device_type: 0, // the compile has no arguments to go by
        };
        let mut raw = ptr::null_mut();
        // SAFETY: options outlive the call; `raw` is a valid out pointer.
        check(unsafe { raw::fly_compile(self.raw, &options, &mut raw) })?;
        Ok(Compiled { raw })
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: the handle came from fly_module_create and is destroyed once.
        unsafe { raw::fly_module_destroy(self.raw) }
    }
}

/// A kernel under construction; its values live as long as the module.
pub struct KernelBuilder<'m> {
    raw: *mut raw::fly_kernel_t,
    _module: PhantomData<&'m mut Module>,
}

/// A value inside a kernel. Copyable; operators build ops in its kernel.
#[derive(Clone, Copy)]
pub struct Val<'k> {
    raw: *mut raw::fly_value_t,
    kernel: *mut raw::fly_kernel_t,
    _kernel: PhantomData<&'k ()>,
}

/// An extent or stride known only at launch, in [`KernelBuilder::tensor_param_spec`].
pub const DYNAMIC: i64 = i64::MIN;

/// The divides, products and compositions [`KernelBuilder::tiler_op`] applies (`fly_tiler_op`).
#[derive(Debug, Clone, Copy)]
pub enum TilerOp {
    /// `composition(L, tiler)`.
    Composition = 0,
    /// `logical_divide(L, tiler)`.
    LogicalDivide,
    /// `zipped_divide(L, tiler)`.
    ZippedDivide,
    /// `tiled_divide(L, tiler)`.
    TiledDivide,
    /// `flat_divide(L, tiler)`.
    FlatDivide,
    /// `logical_product(L, tiler)`.
    LogicalProduct,
    /// `zipped_product(L, tiler)`.
    ZippedProduct,
    /// `tiled_product(L, tiler)`.
    TiledProduct,
    /// `flat_product(L, tiler)`.
    FlatProduct,
}

/// The instruction a copy atom stands for (`fly_copy_op`).
#[derive(Debug, Clone, Copy)]
pub enum CopyOp {
    /// Plain (vector) loads and stores, 8..128 bits.
    Universal = 0,
    /// AMD buffer loads and stores, 32..128 bits.
    Buffer,
    /// Shared-memory copies, 32..128 bits.
    Lds,
    /// NVIDIA cp.async, global to shared memory, 32..128 bits (synchronous elsewhere); see
    /// [`KernelBuilder::cp_async_wait`].
    CpAsync,
    /// cp.async that writes zeros where a copy's predicate is false, reading nothing there.
    CpAsyncZfill,
    /// AMD buffer load straight into LDS, 32 bits (128 on gfx950): lane i of a wave writes at
    /// the wave's base + i * bytes.
    BufferToLds,
}

/// How an atomic combines a value into memory (`fly_atomic_op`); `And`, `Or`, `Inc` and
/// `Dec` take integers.
#[derive(Debug, Clone, Copy)]
pub enum AtomicOp {
    /// `old + value`.
    Add = 0,
    /// The larger of the two.
    Max,
    /// The smaller of the two.
    Min,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Stores `old >= value ? 0 : old + 1`.
    Inc,
    /// Stores `old == 0 || old > value ? value : old - 1`.
    Dec,
}

/// Which GPU index `KernelBuilder::index` reads.
#[derive(Debug, Clone, Copy)]
pub enum Index {
    /// The thread's index in its block.
    ThreadIdx = 0,
    /// The block's index in the grid.
    BlockIdx = 1,
    /// The block's extents.
    BlockDim = 2,
    /// The grid's extents.
    GridDim = 3,
}

impl<'k> KernelBuilder<'k> {
    fn val(&self, raw: *mut raw::fly_value_t) -> Val<'k> {
        Val {
            raw,
            kernel: self.raw,
            _kernel: PhantomData,
        }
    }

    /// Adds a tensor parameter of `dtype` and `rank`; its value in the kernel.
    pub fn tensor_param(&self, dtype: DType, rank: i32) -> Val<'k> {
        // SAFETY (all ops below): the kernel handle is live; NULL values are reported by the
        // builder as its sticky error, never dereferenced.
        self.val(unsafe { raw::fly_kernel_tensor_param(self.raw, dtype as _, rank) })
    }
    /// Adds a scalar parameter of `dtype`; its value in the kernel.
    pub fn scalar_param(&self, dtype: DType) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_scalar_param(self.raw, dtype as _) })
    }
    /// An integer constant of `dtype`.
    pub fn const_int(&self, dtype: DType, v: i64) -> Val<'k> {
        self.val(unsafe { raw::fly_const_int(self.raw, dtype as _, v) })
    }
    /// A floating-point constant of `dtype`.
    pub fn const_float(&self, dtype: DType, v: f64) -> Val<'k> {
        self.val(unsafe { raw::fly_const_float(self.raw, dtype as _, v) })
    }
    /// thread_idx / block_idx / block_dim / grid_dim in dimension 0..3 (x, y, z), as i32.
    pub fn index(&self, which: Index, dim: i32) -> Val<'k> {
        self.val(unsafe { raw::fly_gpu_index(self.raw, which as _, dim) })
    }
    /// Waits for every thread of the block (`__syncthreads`).
    pub fn barrier(&self) {
        unsafe { raw::fly_barrier(self.raw) }
    }
    /// The value of lane `lane ^ offset` within groups of `width` lanes.
    pub fn shuffle_xor(&self, v: Val<'k>, offset: Val<'k>, width: Val<'k>) -> Val<'k> {
        self.val(unsafe {
            raw::fly_shuffle(
                self.raw,
                raw::fly_shuffle_mode_FLY_SHUFFLE_XOR as i32,
                v.raw,
                offset.raw,
                width.raw,
            )
        })
    }
    /// `a` where `cond` holds, else `b`.
    pub fn select(&self, cond: Val<'k>, a: Val<'k>, b: Val<'k>) -> Val<'k> {
        self.val(unsafe { raw::fly_select(self.raw, cond.raw, a.raw, b.raw) })
    }
    /// A rank-1 tensor of `count` elements in the block's shared memory.
    pub fn shared_tensor(&self, dtype: DType, count: i64, align: i64) -> Val<'k> {
        self.val(unsafe { raw::fly_shared_tensor(self.raw, dtype as _, count, align) })
    }
    /// `tensor[coord]`; with a predicate that is false, 0.
    pub fn load(&self, tensor: Val<'k>, coord: &[Val<'k>], pred: Option<Val<'k>>) -> Val<'k> {
        let c: Vec<_> = coord.iter().map(|v| v.raw).collect();
        let p = pred.map_or(ptr::null_mut(), |p| p.raw);
        self.val(unsafe { raw::fly_load(self.raw, tensor.raw, c.as_ptr(), c.len(), p) })
    }
    /// `tensor[coord] = value`, skipped where the predicate is false.
    pub fn store(&self, tensor: Val<'k>, value: Val<'k>, coord: &[Val<'k>], pred: Option<Val<'k>>) {
        let c: Vec<_> = coord.iter().map(|v| v.raw).collect();
        let p = pred.map_or(ptr::null_mut(), |p| p.raw);
        unsafe { raw::fly_store(self.raw, tensor.raw, value.raw, c.as_ptr(), c.len(), p) }
    }
    /// Adds a tensor parameter whose layout fixes the extents and strides not equal to
    /// [`DYNAMIC`], and the byte alignment of its pointer and dynamic strides (0: the
    /// element's); launches check them.
    pub fn tensor_param_spec(
        &self,
        dtype: DType,
        shape: &[i64],
        stride: &[i64],
        align: i64,
    ) -> Val<'k> {
        assert_eq!(
            shape.len(),
            stride.len(),
            "one extent and one stride per mode"
        );
        self.val(unsafe {
            raw::fly_kernel_tensor_param_spec(
                self.raw,
                dtype as _,
                shape.len() as i32,
                shape.as_ptr(),
                stride.as_ptr(),
                align,
            )
        })
    }
    /// A tuple from CuTe text whose `?` leaves take `dynamic` (integer values) in order.
    pub fn int_tuple(&self, text: &str, dynamic: &[Val<'k>]) -> Val<'k> {
        let text = CString::new(text).expect("text without NUL");
        let d: Vec<_> = dynamic.iter().map(|v| v.raw).collect();
        self.val(unsafe { raw::fly_kernel_int_tuple(self.raw, text.as_ptr(), d.as_ptr(), d.len()) })
    }
    /// A layout from CuTe text (`"(?,8):(8,1)"`; a shape alone is column-major).
    pub fn layout(&self, text: &str, dynamic: &[Val<'k>]) -> Val<'k> {
        let text = CString::new(text).expect("text without NUL");
        let d: Vec<_> = dynamic.iter().map(|v| v.raw).collect();
        self.val(unsafe { raw::fly_kernel_layout(self.raw, text.as_ptr(), d.as_ptr(), d.len()) })
    }
    /// A host layout as a static layout inside the kernel.
    pub fn layout_from_host(&self, layout: &crate::Layout) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_layout_from_host(self.raw, layout.as_raw()) })
    }
    /// A divide, product or composition of a layout or tensor by a static tiler (CuTe text).
    pub fn tiler_op(&self, op: TilerOp, layout: Val<'k>, tiler: &str) -> Val<'k> {
        let tiler = CString::new(tiler).expect("tiler without NUL");
        self.val(unsafe {
            raw::fly_kernel_layout_tiler_op(self.raw, op as i32, layout.raw, tiler.as_ptr())
        })
    }
    /// `slice(coord, layout)`; a sliced tensor's pointer moves to the coordinate's offset.
    pub fn slice(&self, layout: Val<'k>, coord: Val<'k>) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_slice(self.raw, layout.raw, coord.raw) })
    }
    /// The element at a coordinate (a tuple, or an integer 1-D index).
    pub fn load_at(&self, tensor: Val<'k>, coord: Val<'k>, pred: Option<Val<'k>>) -> Val<'k> {
        let p = pred.map_or(ptr::null_mut(), |p| p.raw);
        self.val(unsafe { raw::fly_load_at(self.raw, tensor.raw, coord.raw, p) })
    }
    /// Writes the element at a coordinate, skipped where the predicate is false.
    pub fn store_at(&self, tensor: Val<'k>, value: Val<'k>, coord: Val<'k>, pred: Option<Val<'k>>) {
        let p = pred.map_or(ptr::null_mut(), |p| p.raw);
        unsafe { raw::fly_store_at(self.raw, tensor.raw, value.raw, coord.raw, p) }
    }
    /// A tensor over `tensor`'s memory with a new layout.
    pub fn make_tensor(&self, tensor: Val<'k>, layout: Val<'k>) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_make_tensor(self.raw, tensor.raw, layout.raw) })
    }
    /// A register tensor shaped like a layout or tensor (its size must be static).
    pub fn fragment(&self, like: Val<'k>, dtype: DType) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_make_fragment(self.raw, like.raw, dtype as _) })
    }
    /// A register tensor laid out as `layout` itself (static; registers for its cosize):
    /// FlyDSL's `make_rmem_tensor`.
    pub fn rmem_tensor(&self, layout: Val<'k>, dtype: DType) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_make_rmem_tensor(self.raw, layout.raw, dtype as _) })
    }
    /// A copy atom moving `bits` of `dtype` elements per call.
    pub fn copy_atom(&self, op: CopyOp, bits: i32, dtype: DType) -> Val<'k> {
        self.val(unsafe { raw::fly_kernel_copy_atom(self.raw, op as i32, bits, dtype as _) })
    }
    /// An atomic copy atom: each call combines one `dtype` element into the destination
    /// (global or shared memory) at LLVM sync scope `syncscope` ("" for the system).
    pub fn atomic_copy_atom(&self, op: AtomicOp, dtype: DType, syncscope: &str) -> Val<'k> {
        let scope = CString::new(syncscope).expect("sync scope without NUL");
        self.val(unsafe {
            raw::fly_kernel_atomic_copy_atom(self.raw, op as i32, dtype as _, scope.as_ptr())
        })
    }
    /// A tiled copy: an atom, a static (thread, value) layout and its tile (CuTe text).
    pub fn tiled_copy(&self, atom: Val<'k>, layout_tv: Val<'k>, tile: &str) -> Val<'k> {
        let tile = CString::new(tile).expect("tile without NUL");
        self.val(unsafe {
            raw::fly_kernel_tiled_copy(self.raw, atom.raw, layout_tv.raw, tile.as_ptr())
        })
    }
    /// Thread `thr`'s part of `tensor` as the copy's source (`source`) or destination.
    pub fn partition(
        &self,
        tiled: Val<'k>,
        thr: Val<'k>,
        tensor: Val<'k>,
        source: bool,
    ) -> Val<'k> {
        self.val(unsafe {
            raw::fly_kernel_tiled_copy_partition(
                self.raw,
                tiled.raw,
                thr.raw,
                tensor.raw,
                source as i32,
            )
        })
    }
    /// `copy(atom, src, dst)`: one atom call per group of its values; `pred`, a register
    /// tensor of booleans with one element per call, skips calls.
    pub fn copy(&self, atom: Val<'k>, src: Val<'k>, dst: Val<'k>, pred: Option<Val<'k>>) {
        let p = pred.map_or(ptr::null_mut(), |p| p.raw);
        unsafe { raw::fly_kernel_copy(self.raw, atom.raw, src.raw, dst.raw, p) }
    }
    /// Waits for this thread's cp.async copies; a barrier then shows them to the block.
    pub fn cp_async_wait(&self) {
        unsafe { raw::fly_kernel_cp_async_wait(self.raw) }
    }
    /// Closes a group of this thread's cp.async copies (multi-buffer pipelines).
    pub fn cp_async_commit(&self) {
        // SAFETY: as for cp_async_wait.
        unsafe { raw::fly_kernel_cp_async_commit(self.raw) }
    }
    /// Waits until at most `pending` committed groups are still in flight.
    pub fn cp_async_wait_group(&self, pending: i32) {
        // SAFETY: as for cp_async_wait.
        unsafe { raw::fly_kernel_cp_async_wait_group(self.raw, pending) }
    }
    /// A tuple, layout or tensor's layout as CuTe text, `?` for dynamic leaves.
    pub fn text(&self, v: Val<'k>) -> Result<String> {
        let mut out = ptr::null_mut();
        check(unsafe { raw::fly_kernel_value_to_string(self.raw, v.raw, &mut out) })?;
        // SAFETY: a NUL-terminated string the library allocated; freed once below.
        let text = unsafe { CStr::from_ptr(out) }
            .to_string_lossy()
            .into_owned();
        unsafe { raw::fly_string_free(out) };
        Ok(text)
    }
    /// `for iv in lb..ub by step`, carrying `inits`; `body(iv, carried)` returns the next
    /// carried values. Returns the final ones.
    pub fn for_loop(
        &self,
        lb: Val<'k>,
        ub: Val<'k>,
        step: Val<'k>,
        inits: &[Val<'k>],
        body: impl FnOnce(Val<'k>, &[Val<'k>]) -> Vec<Val<'k>>,
    ) -> Vec<Val<'k>> {
        let raw_inits: Vec<_> = inits.iter().map(|v| v.raw).collect();
        let mut iter = vec![ptr::null_mut(); inits.len()];
        let iv = unsafe {
            raw::fly_for_begin(
                self.raw,
                lb.raw,
                ub.raw,
                step.raw,
                raw_inits.as_ptr(),
                raw_inits.len(),
                iter.as_mut_ptr(),
            )
        };
        let carried: Vec<_> = iter.iter().map(|&r| self.val(r)).collect();
        let yields: Vec<_> = body(self.val(iv), &carried).iter().map(|v| v.raw).collect();
        let mut out = vec![ptr::null_mut(); yields.len()];
        unsafe { raw::fly_for_end(self.raw, yields.as_ptr(), yields.len(), out.as_mut_ptr()) };
        out.into_iter().map(|r| self.val(r)).collect()
    }
    /// `if cond { then() }` without results.
    pub fn when(&self, cond: Val<'k>, then: impl FnOnce()) {
        unsafe { raw::fly_if_begin(self.raw, cond.raw, ptr::null(), 0) };
        then();
        unsafe { raw::fly_if_end(self.raw, ptr::null(), 0, ptr::null_mut()) };
    }
    /// Ends the kernel; reports the first error of any op.
    pub fn finish(self) -> Result<()> {
        check(unsafe { raw::fly_kernel_finish(self.raw) })
    }
}

macro_rules! binary_ops {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl<'k> std::ops::$trait for Val<'k> {
            type Output = Val<'k>;
            fn $method(self, rhs: Val<'k>) -> Val<'k> {
                // SAFETY: both values belong to a live kernel; the builder checks they match.
                let raw = unsafe { raw::fly_binary(self.kernel, raw::$op as i32, self.raw, rhs.raw) };
                Val { raw, kernel: self.kernel, _kernel: PhantomData }
            }
        }
    )*};
}
binary_ops!(Add add fly_binary_op_FLY_ADD, Sub sub fly_binary_op_FLY_SUB,
            Mul mul fly_binary_op_FLY_MUL, Div div fly_binary_op_FLY_DIV,
            Rem rem fly_binary_op_FLY_REM);

impl<'k> Val<'k> {
    fn cmp(self, op: raw::fly_cmp_op, rhs: Val<'k>) -> Val<'k> {
        // SAFETY: as for the operators.
        let raw = unsafe { raw::fly_compare(self.kernel, op as i32, self.raw, rhs.raw) };
        Val {
            raw,
            kernel: self.kernel,
            _kernel: PhantomData,
        }
    }
    /// `self < rhs` (signed for integers).
    pub fn lt(self, rhs: Val<'k>) -> Val<'k> {
        self.cmp(raw::fly_cmp_op_FLY_LT, rhs)
    }
    /// `self == rhs`.
    pub fn eq(self, rhs: Val<'k>) -> Val<'k> {
        self.cmp(raw::fly_cmp_op_FLY_EQ, rhs)
    }
    /// Bitwise (and logical, for `I1`) and.
    pub fn and(self, rhs: Val<'k>) -> Val<'k> {
        let raw = unsafe {
            raw::fly_binary(
                self.kernel,
                raw::fly_binary_op_FLY_AND as i32,
                self.raw,
                rhs.raw,
            )
        };
        Val {
            raw,
            kernel: self.kernel,
            _kernel: PhantomData,
        }
    }
}

/// DLPack's `DLTensor`, declared from the DLPack ABI.
#[repr(C)]
pub(crate) struct DLTensor {
    data: *mut c_void,
    device_type: i32,
    device_id: i32,
    ndim: i32,
    code: u8,
    bits: u8,
    lanes: u16,
    shape: *const i64,
    strides: *const i64,
    byte_offset: u64,
}

/// Element types a host slice can hold in a launch.
pub trait Element: Copy {
    /// The DLPack type code of the element (0 int, 2 float, 4 bfloat).
    const CODE: u8;
}
impl Element for f32 {
    const CODE: u8 = 2;
}
impl Element for f64 {
    const CODE: u8 = 2;
}
impl Element for i32 {
    const CODE: u8 = 0;
}
impl Element for i64 {
    const CODE: u8 = 0;
}

/// A bfloat16 value (its bits): the upper half of an `f32`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(transparent)]
pub struct Bf16(pub u16);
impl Bf16 {
    /// `x` rounded to the nearest bfloat16 (ties to even); NaN stays NaN.
    pub fn from_f32(x: f32) -> Bf16 {
        if x.is_nan() {
            return Bf16(0x7fc0);
        }
        let u = x.to_bits();
        Bf16(((u + 0x7fff + ((u >> 16) & 1)) >> 16) as u16)
    }
    /// The value, exactly.
    pub fn to_f32(self) -> f32 {
        f32::from_bits((self.0 as u32) << 16)
    }
}
impl Element for Bf16 {
    const CODE: u8 = 4;
}

/// A launch argument: a host buffer viewed as a tensor, or a scalar.
pub enum Arg<'a> {
    /// A host buffer seen as a tensor.
    Tensor(HostTensor<'a>),
    /// An integer scalar, converted to the parameter's dtype.
    Int(i64),
    /// A floating-point scalar, converted to the parameter's dtype.
    Float(f64),
}

/// A mutable host slice seen as a row-major tensor of `shape` for one launch.
pub struct HostTensor<'a> {
    pub(crate) tensor: Box<DLTensor>,
    _shape: Box<[i64]>,
    _data: PhantomData<&'a mut [u8]>,
}

impl<'a> HostTensor<'a> {
    /// Panics when `shape` does not cover `data` exactly.
    pub fn new<T: Element>(data: &'a mut [T], shape: &[i64]) -> HostTensor<'a> {
        assert_eq!(
            shape.iter().product::<i64>() as usize,
            data.len(),
            "shape does not match data"
        );
        let shape: Box<[i64]> = shape.into();
        let tensor = Box::new(DLTensor {
            data: data.as_mut_ptr() as *mut c_void,
            device_type: 1, // kDLCPU
            device_id: 0,
            ndim: shape.len() as i32,
            code: T::CODE,
            bits: (std::mem::size_of::<T>() * 8) as u8,
            lanes: 1,
            shape: shape.as_ptr(),
            strides: ptr::null(),
            byte_offset: 0,
        });
        HostTensor {
            tensor,
            _shape: shape,
            _data: PhantomData,
        }
    }
}

/// A stream of the target's runtime, as its raw handle (a `CUstream` on cuda, a
/// `hipStream_t` on rocm); `Stream::DEFAULT` is the default stream. The cpu target runs
/// launches to completion and ignores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stream(pub *mut c_void);

impl Stream {
    /// The default stream (the cpu target runs synchronously).
    pub const DEFAULT: Stream = Stream(ptr::null_mut());
}

impl Default for Stream {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Grid, block, dynamic shared memory and stream of a launch.
#[derive(Debug, Clone, Copy)]
pub struct LaunchConfig {
    /// Blocks in x, y and z.
    pub grid: [u32; 3],
    /// Threads per block in x, y and z.
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory, after the static shared memory.
    pub dynamic_smem: u64,
    /// The stream the launch is queued on.
    pub stream: Stream,
}

impl Default for LaunchConfig {
    /// One block of one thread on the default stream.
    fn default() -> Self {
        LaunchConfig {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_smem: 0,
            stream: Stream::DEFAULT,
        }
    }
}

/// A compiled module; immutable, launchable from several threads.
#[derive(Debug)]
pub struct Compiled {
    raw: *mut raw::fly_compiled_t,
}

// SAFETY: fly_compiled_t is immutable and documented as safe to launch from several threads.
unsafe impl Send for Compiled {}
unsafe impl Sync for Compiled {}

impl Compiled {
    /// The target the module was compiled for (`cpu`, `rocm` or `cuda`).
    pub fn target(&self) -> String {
        // SAFETY: the handle is live; the string is owned by it.
        unsafe { CStr::from_ptr(raw::fly_compiled_target(self.raw)) }
            .to_string_lossy()
            .into_owned()
    }

    /// The code: a HSACO (rocm), PTX (cuda) or an ELF object (cpu).
    pub fn binary(&self) -> Result<&[u8]> {
        let (mut data, mut size) = (ptr::null(), 0usize);
        // SAFETY: valid out pointers; the bytes live as long as `self`.
        check(unsafe { raw::fly_compiled_binary(self.raw, &mut data, &mut size) })?;
        Ok(unsafe { std::slice::from_raw_parts(data as *const u8, size) })
    }

    /// Runs kernel `name`; the arguments are checked against its parameters.
    pub fn launch(&self, name: &str, config: LaunchConfig, args: &[Arg<'_>]) -> Result<()> {
        let name = CString::new(name).expect("kernel name without NUL");
        let raw_args: Vec<raw::fly_arg_t> = args
            .iter()
            .map(|a| match a {
                Arg::Tensor(t) => raw::fly_arg_t {
                    kind: raw::fly_arg_kind_FLY_ARG_DLTENSOR as i32,
                    tensor: &*t.tensor as *const DLTensor as *const c_void,
                    i: 0,
                    f: 0.0,
                },
                Arg::Int(i) => raw::fly_arg_t {
                    kind: raw::fly_arg_kind_FLY_ARG_INT as i32,
                    tensor: ptr::null(),
                    i: *i,
                    f: 0.0,
                },
                Arg::Float(f) => raw::fly_arg_t {
                    kind: raw::fly_arg_kind_FLY_ARG_FLOAT as i32,
                    tensor: ptr::null(),
                    i: 0,
                    f: *f,
                },
            })
            .collect();
        let cfg = raw::fly_launch_config_t {
            struct_size: std::mem::size_of::<raw::fly_launch_config_t>(),
            grid: config.grid,
            block: config.block,
            dynamic_smem: config.dynamic_smem,
            stream: config.stream.0,
        };
        // SAFETY: the config and arguments (and the buffers they borrow) outlive the call.
        check(unsafe {
            raw::fly_launch(
                self.raw,
                name.as_ptr(),
                &cfg,
                raw_args.as_ptr(),
                raw_args.len(),
            )
        })
    }
}

impl Drop for Compiled {
    fn drop(&mut self) {
        // SAFETY: destroyed once.
        unsafe { raw::fly_compiled_destroy(self.raw) }
    }
}
