//===- kernel_builder.cpp - Kernels as gpu.func, built op by op -----------===//
//
// The only translation unit of ir/ that includes MLIR. Tensors are kernel parameters
// expanded into a pointer (address space 1) and one i64 extent and one i64 stride per mode;
// element access is pointer arithmetic in the LLVM dialect, so every target lowers it the
// same way. Shared memory is carved at byte offsets from one per-block base pointer, which
// `__fly_shared_base()` returns; each target's pipeline replaces that call.
//
//===----------------------------------------------------------------------===//

#include "ir/buffer_extent.h"
#include "ir/fly/fly_dialect.h"
#include "ir/fly/fly_nvvm_dialect.h"
#include "ir/fly/fly_rocdl_dialect.h"
#include "ir/kernel_impl.h"
#include "ir/printf_format.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <array>
#include <deque>
#include <optional>

namespace fly::ir {

mlir::Type mlirType(mlir::MLIRContext *ctx, DType d) {
  switch (d) {
  case DType::I1:
    return mlir::IntegerType::get(ctx, 1);
  case DType::I4:
    return mlir::IntegerType::get(ctx, 4);
  case DType::I8:
    return mlir::IntegerType::get(ctx, 8);
  case DType::I16:
    return mlir::IntegerType::get(ctx, 16);
  case DType::I32:
    return mlir::IntegerType::get(ctx, 32);
  case DType::I64:
    return mlir::IntegerType::get(ctx, 64);
  case DType::F16:
    return mlir::Float16Type::get(ctx);
  case DType::BF16:
    return mlir::BFloat16Type::get(ctx);
  case DType::F32:
    return mlir::Float32Type::get(ctx);
  case DType::F64:
    return mlir::Float64Type::get(ctx);
  case DType::F8E4M3:
    return mlir::Float8E4M3FNType::get(ctx);
  case DType::F8E5M2:
    return mlir::Float8E5M2Type::get(ctx);
  case DType::F8E4M3FNUZ:
    return mlir::Float8E4M3FNUZType::get(ctx);
  case DType::F8E5M2FNUZ:
    return mlir::Float8E5M2FNUZType::get(ctx);
  case DType::Index:
    return mlir::IndexType::get(ctx);
  }
  return {};
}

//===-- Module ------------------------------------------------------------===//

Module::Impl::Impl() {
  context.loadDialect<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                      mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                      mlir::math::MathDialect, mlir::NVVM::NVVMDialect, mlir::ROCDL::ROCDLDialect,
                      mlir::scf::SCFDialect, mlir::vector::VectorDialect, fly::FlyDialect,
                      fly_rocdl::FlyROCDLDialect, fly_nvvm::FlyNVVMDialect>();
  // Diagnostics are collected by whoever runs a step; none may reach stderr or abort.
  context.printOpOnDiagnostic(false);
  OpBuilder b(&context);
  auto loc = b.getUnknownLoc();
  module = mlir::ModuleOp::create(loc);
  module->setAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName(), b.getUnitAttr());
  b.setInsertionPointToEnd(module.getBody());
  gpuModule = mlir::gpu::GPUModuleOp::create(b, loc, "kernels");
}

Module::Impl::~Impl() {
  if (module)
    module->erase();
}

Module::Module() : impl_(std::make_unique<Impl>()) {}
Module::~Module() = default;

std::unique_ptr<Module> Module::parse(const std::string &text, std::string &error) {
  auto m = std::make_unique<Module>();
  Impl &impl = m->impl();
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler collect(&impl.context, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << (diagnostics.empty() ? "" : "; ") << d.getLocation() << ": " << d;
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> parsed =
      mlir::parseSourceString<mlir::ModuleOp>(text, &impl.context);
  if (!parsed) {
    error = "the text is not an MLIR module: " + diagnostics;
    return nullptr;
  }
  impl.module->erase();
  impl.module = parsed.release();
  impl.gpuModule = nullptr;
  impl.foreignIr = "parsed from text";
  return m;
}

const std::string &Module::foreignIr() const { return impl_->foreignIr; }
void Module::setForeignIr(const std::string &why) { impl_->foreignIr = why; }

const std::vector<std::unique_ptr<Kernel>> &Module::kernels() const { return impl_->kernels; }

Kernel *Module::findKernel(const std::string &name) {
  for (auto &k : impl_->kernels)
    if (k->name() == name)
      return k.get();
  return nullptr;
}

std::string Module::str() {
  std::string out;
  llvm::raw_string_ostream os(out);
  impl_->module->print(os);
  return out;
}

uint64_t Module::hash() { return llvm::xxh3_64bits(str()); }

//===-- Kernel ------------------------------------------------------------===//

Kernel::Kernel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) { impl_->self = this; }
Kernel::~Kernel() = default;

Kernel *Module::addKernel(const std::string &name, std::string &error) {
  if (!impl_->foreignIr.empty()) {
    error = "this module's IR was " + impl_->foreignIr + ": it takes no kernels";
    return nullptr;
  }
  if (name.empty() || name.rfind("__fly", 0) == 0) {
    error = "kernel name '" + name + "' is empty or reserved";
    return nullptr;
  }
  for (char c : name)
    if (!(isalnum((unsigned char)c) || c == '_')) {
      error = "kernel name '" + name + "' must be letters, digits and '_'";
      return nullptr;
    }
  if (findKernel(name)) {
    error = "a kernel named '" + name + "' already exists in this module";
    return nullptr;
  }
  impl_->kernels.push_back(
      std::unique_ptr<Kernel>(new Kernel(std::make_unique<Kernel::Impl>(impl_.get(), name))));
  return impl_->kernels.back().get();
}

const std::string &Kernel::name() const { return impl_->name; }
const std::vector<Param> &Kernel::params() const { return impl_->params; }
uint64_t Kernel::staticSharedBytes() const { return impl_->sharedBytes; }
uint64_t Kernel::dynamicArenaBytes() const { return impl_->dynamicArenaBytes; }
uint64_t Kernel::dynamicSharedAlign() const {
  return impl_->dynamicSharedBase ? std::max(kDynamicSharedAlign, impl_->dynamicArenaAlign) : 0;
}
bool Kernel::finished() const { return impl_->finished; }
const std::string &Kernel::error() const { return impl_->error; }
void Kernel::reject(const std::string &message) { impl_->fail(message); }

Value *Kernel::tensorParam(DType dtype, int rank, const TensorSpec &spec) {
  Impl &k = *impl_;
  if (!k.ok())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a tensor parameter"))
    return nullptr;
  if (!k.params.empty() && k.params.back().kind == Param::Kind::TmaDescriptor) {
    k.fail("TMA descriptors follow the kernel's other parameters");
    return nullptr;
  }
  if (k.func) {
    k.fail("parameters must be added before the first operation");
    return nullptr;
  }
  if (rank < 1 || rank > 8 || dtype == DType::Index || dtype == DType::I1) {
    k.fail("a tensor parameter needs rank 1..8 and a storable dtype");
    return nullptr;
  }
  if ((!spec.shape.empty() && spec.shape.size() != size_t(rank)) ||
      (!spec.stride.empty() && spec.stride.size() != size_t(rank))) {
    k.fail("a tensor spec needs one extent and one stride per mode");
    return nullptr;
  }
  for (int64_t x : spec.shape)
    if (x != kDynamic && x < 0) {
      k.fail("a static extent must not be negative");
      return nullptr;
    }
  int64_t elem = bitWidth(dtype) / 8;
  if (spec.alignBytes < 0 || spec.alignBytes > 256 || (spec.alignBytes & (spec.alignBytes - 1)) ||
      (spec.alignBytes && spec.alignBytes % elem)) {
    k.fail("a tensor's alignment must be 0 or a power of two up to 256 and a multiple of its "
           "element size");
    return nullptr;
  }
  Entry e;
  e.dtype = dtype;
  e.tensor = true;
  e.kind = ValueKind::Tensor;
  e.rank = rank;
  e.spec = spec;
  e.baseAlign = std::max(spec.alignBytes, elem);
  e.paramIndex = k.argTypes.size();
  k.argTypes.push_back(mlir::LLVM::LLVMPointerType::get(k.ctx(), 1));
  for (int i = 0; i < 2 * rank; ++i)
    k.argTypes.push_back(k.b.getI64Type());
  Param p;
  p.kind = Param::Kind::Tensor;
  p.dtype = dtype;
  p.rank = rank;
  p.spec = spec;
  k.params.push_back(std::move(p));
  return k.newValue(std::move(e));
}

Value *Kernel::scalarParam(DType dtype) {
  Impl &k = *impl_;
  if (!k.ok())
    return nullptr;
  if (k.refuseRegisterOnly(dtype, "a scalar parameter"))
    return nullptr;
  if (!k.params.empty() && k.params.back().kind == Param::Kind::TmaDescriptor) {
    k.fail("TMA descriptors follow the kernel's other parameters");
    return nullptr;
  }
  if (k.func) {
    k.fail("parameters must be added before the first operation");
    return nullptr;
  }
  if (dtype == DType::I1 || isFp8(dtype)) {
    k.fail(std::string("a scalar parameter cannot be ") + dtypeName(dtype));
    return nullptr;
  }
  Entry e;
  e.dtype = dtype;
  e.paramIndex = k.argTypes.size();
  k.argTypes.push_back(mlirType(k.ctx(), dtype));
  Param p;
  p.kind = Param::Kind::Scalar;
  p.dtype = dtype;
  p.rank = 0;
  k.params.push_back(std::move(p));
  return k.newValue(std::move(e));
}

Value *Kernel::constInt(DType dtype, int64_t v) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (!isInteger(dtype)) {
    k.fail(std::string("an integer constant of float type ") + dtypeName(dtype));
    return nullptr;
  }
  mlir::Type t = mlirType(k.ctx(), dtype);
  return k.scalar(mlir::arith::ConstantOp::create(k.b, k.loc(), t, k.b.getIntegerAttr(t, v)),
                  dtype);
}

Value *Kernel::constFloat(DType dtype, double v) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (!isFloat(dtype)) {
    k.fail(std::string("a float constant of integer type ") + dtypeName(dtype));
    return nullptr;
  }
  mlir::Type t = mlirType(k.ctx(), dtype);
  return k.scalar(mlir::arith::ConstantOp::create(k.b, k.loc(), t, k.b.getFloatAttr(t, v)), dtype);
}

namespace {

/// Gives the op that defines r the kernel's current fast-math flags, where the op takes them.
MValue withFastMath(Kernel::Impl &k, MValue r) {
  if (!k.fastMath)
    return r;
  if (auto fm = llvm::dyn_cast_or_null<mlir::arith::ArithFastMathInterface>(r.getDefiningOp()))
    r.getDefiningOp()->setAttr(fm.getFastMathAttrName(),
                               mlir::arith::FastMathFlagsAttr::get(
                                   k.ctx(), static_cast<mlir::arith::FastMathFlags>(k.fastMath)));
  return r;
}

/// x ** e for integers (scalars or vectors of one type), e's bits from the lowest: square and
/// multiply, one step per bit in a loop. With `isSigned`, a negative e gives math.ipowi's
/// answer: 1 for x = 1, +-1 for x = -1 by e's parity, 0 otherwise.
MValue integerPower(mlir::OpBuilder &b, mlir::Location loc, MValue x, MValue e, bool isSigned) {
  namespace ar = mlir::arith;
  mlir::Type t = x.getType();
  unsigned width = mlir::getElementTypeOrSelf(t).getIntOrFloatBitWidth();
  auto constant = [&](int64_t v) -> MValue {
    mlir::Type element = mlir::getElementTypeOrSelf(t);
    mlir::TypedAttr attr = b.getIntegerAttr(element, v);
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
      attr = mlir::DenseElementsAttr::get(vt, attr);
    return ar::ConstantOp::create(b, loc, t, attr);
  };
  MValue one = constant(1), zero = constant(0);
  auto lo = ar::ConstantIndexOp::create(b, loc, 0), hi = ar::ConstantIndexOp::create(b, loc, width);
  auto step = ar::ConstantIndexOp::create(b, loc, 1);
  auto loop = mlir::scf::ForOp::create(
      b, loc, lo, hi, step, mlir::ValueRange{one, x},
      [&](mlir::OpBuilder &lb, mlir::Location l, MValue i, mlir::ValueRange carried) {
        MValue shift = ar::IndexCastOp::create(lb, l, mlir::getElementTypeOrSelf(t), i);
        if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
          shift = mlir::vector::BroadcastOp::create(lb, l, vt, shift);
        MValue bit = ar::AndIOp::create(lb, l, ar::ShRUIOp::create(lb, l, e, shift), one);
        MValue set = ar::CmpIOp::create(lb, l, ar::CmpIPredicate::ne, bit, zero);
        MValue result = carried[0], square = carried[1];
        MValue taken =
            ar::SelectOp::create(lb, l, set, ar::MulIOp::create(lb, l, result, square), result);
        mlir::scf::YieldOp::create(
            lb, l, mlir::ValueRange{taken, ar::MulIOp::create(lb, l, square, square)});
      });
  MValue r = loop.getResult(0);
  if (!isSigned)
    return r;
  auto is = [&](ar::CmpIPredicate p, MValue a, MValue c) -> MValue {
    return ar::CmpIOp::create(b, loc, p, a, c);
  };
  MValue minusOne = constant(-1);
  MValue odd = is(ar::CmpIPredicate::ne, ar::AndIOp::create(b, loc, e, one), zero);
  MValue ofMinusOne = ar::SelectOp::create(b, loc, odd, minusOne, one);
  MValue negative = ar::SelectOp::create(
      b, loc, is(ar::CmpIPredicate::eq, x, one), one,
      ar::SelectOp::create(b, loc, is(ar::CmpIPredicate::eq, x, minusOne), ofMinusOne, zero));
  return ar::SelectOp::create(b, loc, is(ar::CmpIPredicate::slt, e, zero), negative, r);
}

} // namespace

Value *Kernel::binary(BinaryOp op, Value *ha, Value *hb) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "lhs"), *bb = k.getValue(hb, "rhs");
  if (!a || !bb || !k.sameShape(a, bb, "a binary operation"))
    return nullptr;
  DType d = a->dtype;
  MValue x = a->v, y = bb->v, r;
  auto &B = k.b;
  auto L = k.loc();
  namespace ar = mlir::arith;
  if (isFloat(d)) {
    switch (op) {
    case BinaryOp::Add:
      r = ar::AddFOp::create(B, L, x, y);
      break;
    case BinaryOp::Sub:
      r = ar::SubFOp::create(B, L, x, y);
      break;
    case BinaryOp::Mul:
      r = ar::MulFOp::create(B, L, x, y);
      break;
    case BinaryOp::Div:
      r = ar::DivFOp::create(B, L, x, y);
      break;
    case BinaryOp::Rem:
      r = ar::RemFOp::create(B, L, x, y);
      break;
    case BinaryOp::Min:
      r = ar::MinimumFOp::create(B, L, x, y);
      break;
    case BinaryOp::Max:
      r = ar::MaximumFOp::create(B, L, x, y);
      break;
    case BinaryOp::Pow:
      r = mlir::math::PowFOp::create(B, L, x, y);
      break;
    case BinaryOp::Atan2:
      r = mlir::math::Atan2Op::create(B, L, x, y);
      break;
    case BinaryOp::CopySign:
      r = mlir::math::CopySignOp::create(B, L, x, y);
      break;
    case BinaryOp::MaxNum:
      r = ar::MaxNumFOp::create(B, L, x, y);
      break;
    case BinaryOp::MinNum:
      r = ar::MinNumFOp::create(B, L, x, y);
      break;
    default:
      k.fail("this operation needs integer operands");
      return nullptr;
    }
    return k.scalar(withFastMath(k, r), d);
  } else {
    switch (op) {
    case BinaryOp::Add:
      r = ar::AddIOp::create(B, L, x, y);
      break;
    case BinaryOp::Sub:
      r = ar::SubIOp::create(B, L, x, y);
      break;
    case BinaryOp::Mul:
      r = ar::MulIOp::create(B, L, x, y);
      break;
    case BinaryOp::Div:
      r = ar::DivSIOp::create(B, L, x, y);
      break;
    case BinaryOp::Rem:
      r = ar::RemSIOp::create(B, L, x, y);
      break;
    case BinaryOp::FloorDiv:
      r = ar::FloorDivSIOp::create(B, L, x, y);
      break;
    case BinaryOp::CeilDiv:
      r = ar::CeilDivSIOp::create(B, L, x, y);
      break;
    case BinaryOp::CeilDivU:
      r = ar::CeilDivUIOp::create(B, L, x, y);
      break;
    case BinaryOp::DivU:
      r = ar::DivUIOp::create(B, L, x, y);
      break;
    case BinaryOp::RemU:
      r = ar::RemUIOp::create(B, L, x, y);
      break;
    case BinaryOp::Min:
      r = ar::MinSIOp::create(B, L, x, y);
      break;
    case BinaryOp::Max:
      r = ar::MaxSIOp::create(B, L, x, y);
      break;
    case BinaryOp::MinU:
      r = ar::MinUIOp::create(B, L, x, y);
      break;
    case BinaryOp::MaxU:
      r = ar::MaxUIOp::create(B, L, x, y);
      break;
    case BinaryOp::And:
      r = ar::AndIOp::create(B, L, x, y);
      break;
    case BinaryOp::Or:
      r = ar::OrIOp::create(B, L, x, y);
      break;
    case BinaryOp::Xor:
      r = ar::XOrIOp::create(B, L, x, y);
      break;
    case BinaryOp::Shl:
      r = ar::ShLIOp::create(B, L, x, y);
      break;
    case BinaryOp::Shr:
      r = ar::ShRSIOp::create(B, L, x, y);
      break;
    case BinaryOp::ShrU:
      r = ar::ShRUIOp::create(B, L, x, y);
      break;
    case BinaryOp::Pow:
    case BinaryOp::PowU:
      if (d == DType::I1 || d == DType::Index) {
        k.fail("** takes integers of a fixed width wider than a predicate");
        return nullptr;
      }
      r = integerPower(B, L, x, y, op == BinaryOp::Pow);
      break;
    case BinaryOp::Atan2:
    case BinaryOp::CopySign:
    case BinaryOp::MaxNum:
    case BinaryOp::MinNum:
      k.fail("this operation needs float operands");
      return nullptr;
    }
  }
  return k.scalar(r, d);
}

Value *Kernel::unary(UnaryOp op, Value *ha) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "operand");
  if (!a)
    return nullptr;
  DType d = a->dtype;
  MValue x = a->v, r;
  auto &B = k.b;
  auto L = k.loc();
  namespace m = mlir::math;
  if (isInteger(d)) {
    switch (op) {
    case UnaryOp::Neg:
      r = mlir::arith::SubIOp::create(B, L, k.constantOf(d, 0, a->lanes), x);
      break;
    case UnaryOp::Not:
      r = mlir::arith::XOrIOp::create(B, L, x, k.constantOf(d, -1, a->lanes));
      break;
    case UnaryOp::Abs:
      r = m::AbsIOp::create(B, L, x);
      break;
    case UnaryOp::Ctlz:
      r = m::CountLeadingZerosOp::create(B, L, x);
      break;
    case UnaryOp::Cttz:
      r = m::CountTrailingZerosOp::create(B, L, x);
      break;
    case UnaryOp::Ctpop:
      r = m::CtPopOp::create(B, L, x);
      break;
    default:
      k.fail("this operation needs a float operand");
      return nullptr;
    }
    return k.scalar(r, d);
  }
  switch (op) {
  case UnaryOp::Neg:
    r = mlir::arith::NegFOp::create(B, L, x);
    break;
  case UnaryOp::Abs:
    r = m::AbsFOp::create(B, L, x);
    break;
  case UnaryOp::Exp:
    r = m::ExpOp::create(B, L, x);
    break;
  case UnaryOp::Exp2:
    r = m::Exp2Op::create(B, L, x);
    break;
  case UnaryOp::Log:
    r = m::LogOp::create(B, L, x);
    break;
  case UnaryOp::Log2:
    r = m::Log2Op::create(B, L, x);
    break;
  case UnaryOp::Sqrt:
    r = m::SqrtOp::create(B, L, x);
    break;
  case UnaryOp::Rsqrt:
    r = m::RsqrtOp::create(B, L, x);
    break;
  case UnaryOp::Tanh:
    r = m::TanhOp::create(B, L, x);
    break;
  case UnaryOp::Erf:
    r = m::ErfOp::create(B, L, x);
    break;
  case UnaryOp::Sin:
    r = m::SinOp::create(B, L, x);
    break;
  case UnaryOp::Cos:
    r = m::CosOp::create(B, L, x);
    break;
  case UnaryOp::Floor:
    r = m::FloorOp::create(B, L, x);
    break;
  case UnaryOp::Ceil:
    r = m::CeilOp::create(B, L, x);
    break;
  case UnaryOp::Expm1:
    r = m::ExpM1Op::create(B, L, x);
    break;
  case UnaryOp::Log10:
    r = m::Log10Op::create(B, L, x);
    break;
  case UnaryOp::Log1p:
    r = m::Log1pOp::create(B, L, x);
    break;
  case UnaryOp::Cbrt:
    r = m::CbrtOp::create(B, L, x);
    break;
  case UnaryOp::Tan:
    r = m::TanOp::create(B, L, x);
    break;
  case UnaryOp::Asin:
    r = m::AsinOp::create(B, L, x);
    break;
  case UnaryOp::Acos:
    r = m::AcosOp::create(B, L, x);
    break;
  case UnaryOp::Atan:
    r = m::AtanOp::create(B, L, x);
    break;
  case UnaryOp::Sinh:
    r = m::SinhOp::create(B, L, x);
    break;
  case UnaryOp::Cosh:
    r = m::CoshOp::create(B, L, x);
    break;
  case UnaryOp::Asinh:
    r = m::AsinhOp::create(B, L, x);
    break;
  case UnaryOp::Acosh:
    r = m::AcoshOp::create(B, L, x);
    break;
  case UnaryOp::Atanh:
    r = m::AtanhOp::create(B, L, x);
    break;
  case UnaryOp::Erfc:
    r = m::ErfcOp::create(B, L, x);
    break;
  case UnaryOp::Round:
    r = m::RoundOp::create(B, L, x);
    break;
  case UnaryOp::RoundEven:
    r = m::RoundEvenOp::create(B, L, x);
    break;
  case UnaryOp::Trunc:
    r = m::TruncOp::create(B, L, x);
    break;
  case UnaryOp::Not:
  case UnaryOp::Ctlz:
  case UnaryOp::Cttz:
  case UnaryOp::Ctpop:
    k.fail("this operation needs an integer operand");
    return nullptr;
  }
  return k.scalar(withFastMath(k, r), d);
}

namespace {
/// `make(x, y, z)` of three floats of one type and shape (fma, clamp), with the fast-math flags.
template <class Make>
Value *threeFloats(Kernel::Impl &k, const char *what, std::array<Value *, 3> h,
                   std::array<const char *, 3> names, Make make) {
  if (!k.startOp())
    return nullptr;
  Entry *x = k.getValue(h[0], names[0]), *y = k.getValue(h[1], names[1]);
  Entry *z = k.getValue(h[2], names[2]);
  if (!x || !y || !z || !k.sameShape(x, y, what) || !k.sameShape(x, z, what))
    return nullptr;
  if (!isFloat(x->dtype)) {
    k.fail(std::string(what) + " needs three floats of one type");
    return nullptr;
  }
  return k.scalar(withFastMath(k, make(x->v, y->v, z->v)), x->dtype);
}
} // namespace

Value *Kernel::fma(Value *ha, Value *hb, Value *hc) {
  return threeFloats(*impl_, "fma", {ha, hb, hc}, {"a", "b", "c"},
                     [&](MValue a, MValue b, MValue c) {
                       return mlir::math::FmaOp::create(impl_->b, impl_->loc(), a, b, c);
                     });
}

Value *Kernel::powi(Value *hb, Value *he) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *base = k.getValue(hb, "base"), *e = k.getValue(he, "exponent");
  if (!base || !e)
    return nullptr;
  if (!isInteger(e->dtype) || base->lanes != e->lanes) {
    k.fail("powi needs an integer exponent with the base's lanes");
    return nullptr;
  }
  if (isInteger(base->dtype)) {
    if (base->dtype != e->dtype) {
      k.fail("an integer powi needs base and exponent of one type");
      return nullptr;
    }
    return k.scalar(mlir::math::IPowIOp::create(k.b, k.loc(), base->v, e->v), base->dtype);
  }
  return k.scalar(withFastMath(k, mlir::math::FPowIOp::create(k.b, k.loc(), base->v, e->v)),
                  base->dtype);
}

Value *Kernel::clamp(Value *hx, Value *hlo, Value *hhi) {
  return threeFloats(*impl_, "clamp", {hx, hlo, hhi}, {"x", "lo", "hi"},
                     [&](MValue x, MValue lo, MValue hi) {
                       return mlir::math::ClampFOp::create(impl_->b, impl_->loc(), x, lo, hi);
                     });
}

bool Kernel::sincos(Value *hx, Value *&sin, Value *&cos) {
  Impl &k = *impl_;
  sin = cos = nullptr;
  if (!k.startOp())
    return false;
  Entry *x = k.getValue(hx, "operand");
  if (!x)
    return false;
  if (!isFloat(x->dtype)) {
    k.fail("sincos needs a float operand");
    return false;
  }
  auto op = mlir::math::SincosOp::create(k.b, k.loc(), x->v);
  withFastMath(k, op.getSin());
  sin = k.scalar(op.getSin(), x->dtype);
  cos = k.scalar(op.getCos(), x->dtype);
  return true;
}

Value *Kernel::floatClass(FloatClass test, Value *hx) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *x = k.getValue(hx, "operand");
  if (!x)
    return nullptr;
  if (!isFloat(x->dtype)) {
    k.fail("a float test needs a float operand");
    return nullptr;
  }
  auto &B = k.b;
  auto L = k.loc();
  MValue r;
  switch (test) {
  case FloatClass::IsNaN:
    r = mlir::math::IsNaNOp::create(B, L, x->v);
    break;
  case FloatClass::IsInf:
    r = mlir::math::IsInfOp::create(B, L, x->v);
    break;
  case FloatClass::IsFinite:
    r = mlir::math::IsFiniteOp::create(B, L, x->v);
    break;
  case FloatClass::IsNormal:
    r = mlir::math::IsNormalOp::create(B, L, x->v);
    break;
  }
  return k.scalar(r, DType::I1);
}

bool Kernel::setFastMath(unsigned flags) {
  if (flags & ~unsigned(mlir::arith::FastMathFlags::fast))
    return false;
  impl_->fastMath = flags;
  return true;
}

Value *Kernel::compare(CmpOp op, Value *ha, Value *hb) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "lhs"), *b = k.getValue(hb, "rhs");
  if (!a || !b || !k.sameShape(a, b, "a comparison"))
    return nullptr;
  namespace ar = mlir::arith;
  MValue r;
  if (isFloat(a->dtype)) {
    ar::CmpFPredicate p;
    switch (op) {
    case CmpOp::Eq:
      p = ar::CmpFPredicate::OEQ;
      break;
    case CmpOp::Ne:
      p = ar::CmpFPredicate::UNE;
      break;
    case CmpOp::Lt:
    case CmpOp::ULt:
      p = ar::CmpFPredicate::OLT;
      break;
    case CmpOp::Le:
    case CmpOp::ULe:
      p = ar::CmpFPredicate::OLE;
      break;
    case CmpOp::Gt:
    case CmpOp::UGt:
      p = ar::CmpFPredicate::OGT;
      break;
    default:
      p = ar::CmpFPredicate::OGE;
      break;
    }
    r = withFastMath(k, ar::CmpFOp::create(k.b, k.loc(), p, a->v, b->v));
  } else {
    static const ar::CmpIPredicate preds[] = {
        ar::CmpIPredicate::eq,  ar::CmpIPredicate::ne,  ar::CmpIPredicate::slt,
        ar::CmpIPredicate::sle, ar::CmpIPredicate::sgt, ar::CmpIPredicate::sge,
        ar::CmpIPredicate::ult, ar::CmpIPredicate::ule, ar::CmpIPredicate::ugt,
        ar::CmpIPredicate::uge};
    r = ar::CmpIOp::create(k.b, k.loc(), preds[static_cast<int>(op)], a->v, b->v);
  }
  return k.scalar(r, DType::I1);
}

Value *Kernel::select(Value *hc, Value *ha, Value *hb) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  // One of two buffer resources (FlyDSL's kernels pick the tensor a wave reads so).
  Entry *ra = k.get(ha, "a"), *rb = ra ? k.get(hb, "b") : nullptr;
  if (rb && (ra->kind == ValueKind::Buffer || rb->kind == ValueKind::Buffer)) {
    Entry *c = k.getScalar(hc, "condition");
    if (!c)
      return nullptr;
    if (ra->kind != rb->kind || ra->dtype != rb->dtype || c->dtype != DType::I1) {
      auto what = [](const Entry &e) {
        return std::string(kindName(e.kind)) + " of " + Impl::describe(e);
      };
      k.fail("select of buffer resources takes an i1 condition and two resources of one dtype, "
             "got a " +
             what(*ra) + " and a " + what(*rb));
      return nullptr;
    }
    Entry e;
    e.v = mlir::arith::SelectOp::create(k.b, k.loc(), c->v, ra->v, rb->v);
    e.dtype = ra->dtype;
    e.buffer = true;
    e.kind = ValueKind::Buffer;
    return k.newValue(std::move(e));
  }
  Entry *c = k.getValue(hc, "condition"), *a = k.getValue(ha, "a"), *b = k.getValue(hb, "b");
  if (!c || !a || !b || !k.sameShape(a, b, "select"))
    return nullptr;
  if (c->dtype != DType::I1 || (c->lanes != 1 && c->lanes != a->lanes)) {
    k.fail("select needs an i1 condition (one, or one per lane)");
    return nullptr;
  }
  return k.scalar(mlir::arith::SelectOp::create(k.b, k.loc(), c->v, a->v, b->v), a->dtype);
}

namespace {

// A float to a float: widening is exact, a narrowing rounds by `rounding` (nearest even when
// null), and f16 <-> bf16 widens to f32 first.
mlir::Value convertFloat(Kernel::Impl &k, mlir::Value x, DType from, DType to, int lanes,
                         mlir::arith::RoundingModeAttr rounding) {
  namespace ar = mlir::arith;
  mlir::Type t = k.typeOf(to, lanes);
  if (bitWidth(to) > bitWidth(from) || (bitWidth(to) == bitWidth(from) && to == DType::F32))
    return ar::ExtFOp::create(k.b, k.loc(), t, x);
  if (bitWidth(to) == bitWidth(from))
    x = ar::ExtFOp::create(k.b, k.loc(), k.typeOf(DType::F32, lanes), x);
  return ar::TruncFOp::create(k.b, k.loc(), t, x, rounding, ar::FastMathFlagsAttr());
}

} // namespace

Value *Kernel::cast(Value *ha, DType to, bool fromUnsigned, bool toUnsigned) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "operand");
  if (!a)
    return nullptr;
  DType from = a->dtype;
  if (from == to)
    return ha;
  int lanes = a->lanes;
  if (lanes > 1 && (from == DType::Index || to == DType::Index)) {
    k.fail("vectors of index cannot be cast");
    return nullptr;
  }
  namespace ar = mlir::arith;
  mlir::Type t = k.typeOf(to, lanes);
  auto &B = k.b;
  auto L = k.loc();
  MValue x = a->v, r;
  if (isInteger(from) && isInteger(to)) {
    if (from == DType::Index || to == DType::Index)
      r = ar::IndexCastOp::create(B, L, t, x);
    else if (bitWidth(to) > bitWidth(from))
      r = from == DType::I1 || fromUnsigned ? MValue(ar::ExtUIOp::create(B, L, t, x))
                                            : MValue(ar::ExtSIOp::create(B, L, t, x));
    else
      r = ar::TruncIOp::create(B, L, t, x);
  } else if (isInteger(from)) {
    if (from == DType::Index)
      x = ar::IndexCastOp::create(B, L, B.getI64Type(), x);
    r = from == DType::I1 || (fromUnsigned && from != DType::Index)
            ? MValue(ar::UIToFPOp::create(B, L, t, x))
            : MValue(ar::SIToFPOp::create(B, L, t, x));
  } else if (isInteger(to)) {
    if (to == DType::Index) {
      r = ar::FPToSIOp::create(B, L, B.getI64Type(), x);
      r = ar::IndexCastOp::create(B, L, t, r); // scalars only (checked above)
    } else {
      r = toUnsigned ? MValue(ar::FPToUIOp::create(B, L, t, x))
                     : MValue(ar::FPToSIOp::create(B, L, t, x));
    }
  } else {
    r = convertFloat(k, x, from, to, lanes, nullptr);
  }
  return k.scalar(r, to);
}

Value *Kernel::castRounded(Value *ha, DType to, int mode) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "operand");
  if (!a)
    return nullptr;
  auto rounding = mlir::arith::symbolizeRoundingMode(uint32_t(mode));
  if (mode < 0 || !rounding) {
    k.fail("unknown rounding mode " + std::to_string(mode) +
           " (0 to nearest even, 1 downward, 2 upward, 3 toward zero, 4 to nearest away)");
    return nullptr;
  }
  DType from = a->dtype;
  if (isInteger(from) || isInteger(to)) {
    k.fail(std::string("a rounding mode applies to conversions between floats, not ") +
           dtypeName(from) + " to " + dtypeName(to));
    return nullptr;
  }
  if (from == to)
    return ha;
  mlir::Value r = convertFloat(k, a->v, from, to, a->lanes,
                               mlir::arith::RoundingModeAttr::get(k.b.getContext(), *rounding));
  return k.scalar(r, to);
}

Value *Kernel::bitcast(Value *ha, DType to) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "operand");
  if (!a)
    return nullptr;
  if (bitWidth(a->dtype) != bitWidth(to) || a->dtype == DType::Index || to == DType::Index) {
    k.fail(std::string("bitcast from ") + dtypeName(a->dtype) + " to " + dtypeName(to) +
           " changes the width");
    return nullptr;
  }
  return k.scalar(mlir::arith::BitcastOp::create(k.b, k.loc(), k.typeOf(to, a->lanes), a->v), to);
}

DType Kernel::dtypeOf(Value *h) {
  Entry *e = impl_->get(h, "value");
  return e ? e->dtype : DType::I32;
}

bool Kernel::isTensor(Value *h) {
  Entry *e = impl_->get(h, "value");
  return e && e->tensor;
}

int Kernel::lanesOf(Value *h) {
  Entry *e = impl_->get(h, "value");
  return e ? e->lanes : 0;
}

Value *Kernel::gpuIndex(GpuIndex which, int dim) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (dim < 0 || dim > 2) {
    k.fail("a GPU index dimension is 0 (x), 1 (y) or 2 (z), got " + std::to_string(dim));
    return nullptr;
  }
  auto d = static_cast<mlir::gpu::Dimension>(dim);
  MValue v;
  switch (which) {
  case GpuIndex::ThreadIdx:
    v = mlir::gpu::ThreadIdOp::create(k.b, k.loc(), d);
    break;
  case GpuIndex::BlockIdx:
    v = mlir::gpu::BlockIdOp::create(k.b, k.loc(), d);
    break;
  case GpuIndex::BlockDim:
    v = mlir::gpu::BlockDimOp::create(k.b, k.loc(), d);
    break;
  case GpuIndex::GridDim:
    v = mlir::gpu::GridDimOp::create(k.b, k.loc(), d);
    break;
  }
  return k.scalar(mlir::arith::IndexCastOp::create(k.b, k.loc(), k.b.getI32Type(), v), DType::I32);
}

Value *Kernel::laneId() {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  MValue v = mlir::gpu::LaneIdOp::create(k.b, k.loc(), nullptr);
  return k.scalar(mlir::arith::IndexCastOp::create(k.b, k.loc(), k.b.getI32Type(), v), DType::I32);
}

void Kernel::barrier() {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  mlir::gpu::BarrierOp::create(k.b, k.loc());
}

Value *Kernel::shuffle(ShuffleMode mode, Value *hv, Value *hoff, Value *hwidth) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = k.getScalar(hv, "value"), *off = k.getScalar(hoff, "offset"),
        *w = k.getScalar(hwidth, "width");
  if (!v || !off || !w)
    return nullptr;
  if (off->dtype != DType::I32 || w->dtype != DType::I32) {
    k.fail("shuffle offset and width must be i32");
    return nullptr;
  }
  if (v->dtype == DType::Index || v->dtype == DType::I1) {
    k.fail(std::string("shuffle moves integers and floats of 8 to 64 bits, not ") +
           dtypeName(v->dtype));
    return nullptr;
  }
  // Lanes exchange 32 or 64 bits: a narrower value travels as the low bits of an i32.
  MValue payload = v->v;
  mlir::Type narrow = payload.getType();
  bool widened = bitWidth(v->dtype) < 32;
  if (widened) {
    mlir::Type bits = k.b.getIntegerType(bitWidth(v->dtype));
    if (isFloat(v->dtype))
      payload = mlir::arith::BitcastOp::create(k.b, k.loc(), bits, payload);
    payload = mlir::arith::ExtUIOp::create(k.b, k.loc(), k.b.getI32Type(), payload);
  }
  // MLIR numbers its modes xor, down, up, idx: a cast of ours would swap up and down.
  mlir::gpu::ShuffleMode m = mlir::gpu::ShuffleMode::IDX;
  switch (mode) {
  case ShuffleMode::Xor:
    m = mlir::gpu::ShuffleMode::XOR;
    break;
  case ShuffleMode::Up:
    m = mlir::gpu::ShuffleMode::UP;
    break;
  case ShuffleMode::Down:
    m = mlir::gpu::ShuffleMode::DOWN;
    break;
  case ShuffleMode::Idx:
    m = mlir::gpu::ShuffleMode::IDX;
    break;
  }
  auto op = mlir::gpu::ShuffleOp::create(k.b, k.loc(), payload.getType(), k.b.getI1Type(), payload,
                                         off->v, w->v, mlir::gpu::ShuffleModeAttr::get(k.ctx(), m));
  MValue r = op.getShuffleResult();
  if (widened) {
    r = mlir::arith::TruncIOp::create(k.b, k.loc(), k.b.getIntegerType(bitWidth(v->dtype)), r);
    if (isFloat(v->dtype))
      r = mlir::arith::BitcastOp::create(k.b, k.loc(), narrow, r);
  }
  return k.scalar(r, v->dtype);
}

namespace {
// The i64 extent (or stride) of a tensor's mode.
Value *tensorModeValue(Kernel::Impl &k, Value *ht, int mode, bool stride) {
  if (!k.startOp())
    return nullptr;
  Entry *t = k.getTensor(ht, "tensor");
  if (!t)
    return nullptr;
  if (mode < 0 || mode >= t->rank) {
    k.fail("mode " + std::to_string(mode) + " of a tensor of rank " + std::to_string(t->rank));
    return nullptr;
  }
  layout::Layout m = t->layout->mode(mode);
  if (stride && !m.stride().isLeaf()) {
    k.fail("mode " + std::to_string(mode) + " of the tensor's layout " + t->layout->str() +
           " is hierarchical: it has no single stride");
    return nullptr;
  }
  MValue v;
  if (!k.algebra("tensor mode", [&] {
        v = k.materialize(stride ? m.stride().leaf() : layout::size(m));
      }))
    return nullptr;
  return k.scalar(v, DType::I64);
}
} // namespace

Value *Kernel::tensorDim(Value *ht, int mode) { return tensorModeValue(*impl_, ht, mode, false); }

Value *Kernel::tensorStride(Value *ht, int mode) {
  return tensorModeValue(*impl_, ht, mode, true);
}

Value *Kernel::load(Value *ht, const std::vector<Value *> &coord, Value *hpred) {
  return vectorLoad(ht, coord, 1, hpred);
}

Value *Kernel::vectorLoad(Value *ht, const std::vector<Value *> &coord, int lanes, Value *hpred) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = k.getTensor(ht, "tensor");
  if (!t || !k.checkLanes(lanes, t->dtype))
    return nullptr;
  DType d = t->dtype;
  Entry *p = nullptr;
  if (hpred && !(p = k.getScalar(hpred, "predicate")))
    return nullptr;
  if (p && p->dtype != DType::I1) {
    k.fail("a predicate must be i1 (a comparison)");
    return nullptr;
  }
  // One element in FlyDSL's form where the tensor has it, else through its address.
  std::optional<layout::IntTuple> crd;
  if (lanes == 1 && !(crd = k.coordinateOf(*t, coord)))
    return nullptr;
  bool fly = crd && k.flyElementAccess(*t, *crd);
  auto load = [&]() -> MValue {
    if (fly)
      return k.flyLoad(*t, *crd);
    return k.elementLoad(*t, coord, lanes);
  };
  if (!p) {
    MValue v = load();
    return v ? k.scalar(v, d) : nullptr;
  }
  auto ifOp = mlir::scf::IfOp::create(k.b, k.loc(), mlir::TypeRange{k.typeOf(d, lanes)}, p->v,
                                      /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(k.b);
  k.b.setInsertionPointToStart(ifOp.thenBlock());
  MValue loaded = load();
  if (!loaded)
    return nullptr;
  mlir::scf::YieldOp::create(k.b, k.loc(), loaded);
  k.b.setInsertionPointToStart(ifOp.elseBlock());
  mlir::scf::YieldOp::create(k.b, k.loc(), k.constantOf(d, 0, lanes));
  return k.scalar(ifOp.getResult(0), d);
}

void Kernel::store(Value *ht, Value *hv, const std::vector<Value *> &coord, Value *hpred) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *t = k.getTensor(ht, "tensor"), *v = k.getValue(hv, "value");
  if (!t || !v)
    return;
  if (v->dtype != t->dtype) {
    k.fail(std::string("storing ") + dtypeName(v->dtype) + " into a tensor of " +
           dtypeName(t->dtype));
    return;
  }
  Entry *p = nullptr;
  if (hpred && !(p = k.getScalar(hpred, "predicate")))
    return;
  if (p && p->dtype != DType::I1) {
    k.fail("a predicate must be i1 (a comparison)");
    return;
  }
  OpBuilder::InsertionGuard guard(k.b);
  if (p) {
    auto ifOp = mlir::scf::IfOp::create(k.b, k.loc(), p->v, /*withElseRegion=*/false);
    k.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  if (v->lanes == 1) { // one element in FlyDSL's form where the tensor has it
    std::optional<layout::IntTuple> crd = k.coordinateOf(*t, coord);
    if (!crd)
      return;
    if (k.flyElementAccess(*t, *crd)) {
      k.flyStore(v->v, *t, *crd);
      return;
    }
  }
  k.elementStore(v->v, *t, coord, v->lanes);
}

Value *Kernel::atomic(AtomicOp op, Value *ht, const std::vector<Value *> &coord, Value *hv) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = k.getTensor(ht, "tensor"), *v = k.getScalar(hv, "value");
  if (!t || !v)
    return nullptr;
  if (v->dtype != t->dtype) {
    k.fail(std::string("an atomic on a ") + dtypeName(t->dtype) + " tensor takes " +
           dtypeName(t->dtype) + " values, not " + dtypeName(v->dtype));
    return nullptr;
  }
  if (auto why = Impl::atomicRefusal(op, v->dtype)) {
    k.fail(*why);
    return nullptr;
  }
  MValue addr = k.address(*t, coord);
  if (!addr)
    return nullptr;
  return k.scalar(k.atomicRmw(op, addr, v->v, v->dtype, ""), v->dtype);
}

std::optional<std::string> Kernel::Impl::atomicRefusal(AtomicOp op, DType d) {
  bool numeric = d == DType::I32 || d == DType::I64 || d == DType::F32 || d == DType::F64;
  if (!numeric)
    return std::string("atomics take i32, i64, f32 or f64 values, not ") + dtypeName(d);
  bool integerOnly =
      op == AtomicOp::And || op == AtomicOp::Or || op == AtomicOp::Inc || op == AtomicOp::Dec;
  if (integerOnly && isFloat(d))
    return std::string("atomic and, or, inc and dec take integers, not ") + dtypeName(d);
  return std::nullopt;
}

MValue Kernel::Impl::atomicRmw(AtomicOp op, MValue ptr, MValue v, DType d,
                               const std::string &scope) {
  namespace L = mlir::LLVM;
  // atomicRefusal kept floats to the operations that have them; xchg is not one of FlyDSL's
  // atomic copy operations, so the dialect's table does not hold it.
  L::AtomicBinOp bin =
      op == AtomicOp::Xchg ? L::AtomicBinOp::xchg : *fly::atomicBinOp(int(op), isFloat(d));
  auto r = L::AtomicRMWOp::create(b, loc(), bin, ptr, v, L::AtomicOrdering::monotonic);
  if (!scope.empty())
    r.setSyncscope(scope);
  return r;
}

Value *Kernel::sharedTensor(DType dtype, int64_t count, int64_t align) {
  return sharedArenaTensor(false, dtype, count, align);
}

Value *Kernel::dynamicSharedAllocate(DType dtype, int64_t count, int64_t align) {
  return sharedArenaTensor(true, dtype, count, align);
}

// Static shared memory and the dynamic arena grow the same way: each tensor at the next
// offset aligned as asked, up to kMaxSharedAlign (finish() aligns the dynamic region to its
// widest request).
Value *Kernel::sharedArenaTensor(bool dynamic, DType dtype, int64_t count, int64_t align) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  int64_t maxAlign = int64_t(kMaxSharedAlign);
  if (k.refuseRegisterOnly(dtype, "shared memory"))
    return nullptr;
  if (count <= 0 || align <= 0 || align > maxAlign || (align & (align - 1)) ||
      dtype == DType::Index || dtype == DType::I1) {
    k.fail(std::string(dynamic ? "dynamic " : "") +
           "shared memory needs a positive element count, a power-of-two alignment of at most " +
           std::to_string(maxAlign) + " and a storable dtype");
    return nullptr;
  }
  int64_t elem = bitWidth(dtype) / 8;
  if (count > (int64_t(1) << 40) / elem) {
    k.fail("shared memory of " + std::to_string(count) + " elements is too large");
    return nullptr;
  }
  uint64_t &bytes = dynamic ? k.dynamicArenaBytes : k.sharedBytes;
  uint64_t offset = (bytes + align - 1) / align * align;
  bytes = offset + count * elem;
  uint64_t &widest = dynamic ? k.dynamicArenaAlign : k.sharedAlign;
  widest = std::max<uint64_t>(widest, align);
  MValue base = k.sharedBasePtr(dynamic);
  auto i64 = k.b.getI64Type();
  MValue off = mlir::arith::ConstantOp::create(k.b, k.loc(), i64, k.b.getI64IntegerAttr(offset));
  Entry e;
  e.v = mlir::LLVM::GEPOp::create(k.b, k.loc(), base.getType(), k.b.getI8Type(), base,
                                  mlir::ValueRange{off});
  e.dtype = dtype;
  e.tensor = true;
  e.rank = 1;
  e.kind = ValueKind::Tensor;
  e.addrSpace = 3;
  e.baseAlign = align;
  e.layout = layout::makeLayout(layout::IntTuple(count), layout::IntTuple(1));
  return k.newValue(std::move(e));
}

Value *Kernel::dynamicSharedTensor(DType dtype, Value *hcount) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *count = k.getScalar(hcount, "element count");
  if (!count || k.refuseRegisterOnly(dtype, "dynamic shared memory"))
    return nullptr;
  if (!isInteger(count->dtype) || count->dtype == DType::I1 || dtype == DType::Index ||
      dtype == DType::I1) {
    k.fail("dynamic shared memory needs an integer element count and a storable dtype");
    return nullptr;
  }
  Entry e;
  e.v = k.sharedBasePtr(true);
  e.dtype = dtype;
  e.tensor = true;
  e.rank = 1;
  e.kind = ValueKind::Tensor;
  e.addrSpace = 3;
  e.baseAlign = 16;
  e.layout = layout::makeUnchecked(layout::IntTuple(k.dynamicInt(count->v, 1)), layout::IntTuple(1));
  return k.newValue(std::move(e));
}


//===-- Vectors -----------------------------------------------------------===//

Value *Kernel::vectorFromElements(const std::vector<Value *> &elements) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  if (elements.empty()) {
    k.fail("a vector needs at least one element");
    return nullptr;
  }
  Entry *first = k.getScalar(elements[0], "vector element");
  if (!first || !k.checkLanes(int(elements.size()), first->dtype))
    return nullptr;
  DType d = first->dtype;
  int lanes = int(elements.size());
  if (lanes == 1)
    return elements[0];
  std::vector<MValue> lanesOf;
  for (Value *h : elements) {
    Entry *e = k.getScalar(h, "vector element");
    if (!e || !k.sameShape(first, e, "a vector"))
      return nullptr;
    lanesOf.push_back(k.toMem(e->v, d, 1));
  }
  MValue vec = mlir::vector::FromElementsOp::create(k.b, k.loc(), k.memType(d, lanes), lanesOf);
  return k.scalar(k.fromMem(vec, d, lanes), d);
}

Value *Kernel::vectorSplat(Value *helem, int lanes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *e = k.getScalar(helem, "vector element");
  if (!e || !k.checkLanes(lanes, e->dtype))
    return nullptr;
  if (lanes == 1)
    return helem;
  DType d = e->dtype;
  MValue vec =
      mlir::vector::BroadcastOp::create(k.b, k.loc(), k.memType(d, lanes), k.toMem(e->v, d, 1));
  return k.scalar(k.fromMem(vec, d, lanes), d);
}

Value *Kernel::vectorShuffle(Value *ha, Value *hb, const std::vector<int64_t> &mask) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *a = k.getValue(ha, "vector");
  Entry *b = k.getValue(hb, "vector");
  if (!a || !b)
    return nullptr;
  DType d = a->dtype;
  if (b->dtype != d) {
    k.fail(std::string("a shuffle takes vectors of one dtype, got ") + dtypeName(d) + " and " +
           dtypeName(b->dtype));
    return nullptr;
  }
  int total = a->lanes + b->lanes;
  for (int64_t m : mask)
    if (m < 0 || m >= total) {
      k.fail("shuffle mask entry " + std::to_string(m) + " is not a lane of 0.." +
             std::to_string(total - 1));
      return nullptr;
    }
  if (mask.empty()) {
    k.fail("a shuffle mask needs at least one lane");
    return nullptr;
  }
  int lanes = int(mask.size());
  if (!k.checkLanes(lanes, d))
    return nullptr;
  // vector.shuffle takes vectors: a one-lane value becomes a vector of one.
  auto operand = [&](Entry *e) -> MValue {
    MValue v = k.toMem(e->v, d, e->lanes);
    if (e->lanes > 1)
      return v;
    return mlir::vector::BroadcastOp::create(k.b, k.loc(), mlir::VectorType::get({1}, k.memType(d)),
                                             v);
  };
  MValue r = mlir::vector::ShuffleOp::create(k.b, k.loc(), operand(a), operand(b), mask);
  if (lanes == 1)
    r = mlir::vector::ExtractOp::create(k.b, k.loc(), r, int64_t(0));
  return k.scalar(k.fromMem(r, d, lanes), d);
}

namespace {
// A lane index below `lanes` as vector.extract and vector.insert take it: a constant in the
// op, checked here, or an index value. Null when the index is not a lane's.
mlir::OpFoldResult laneIndex(Kernel::Impl &k, Value *hidx, int lanes) {
  Entry *idx = k.getScalar(hidx, "lane index");
  if (!idx)
    return {};
  if (!isInteger(idx->dtype) || idx->dtype == DType::I1 || idx->dtype == DType::Index) {
    k.fail("a lane index must be an integer");
    return {};
  }
  // Not mlir::m_ConstantInt: trait checks compiled by GCC miss ops registered by a
  // Clang-built libMLIR (their TypeIDs come from type names, which the compilers spell apart).
  if (auto cst = idx->v.getDefiningOp<mlir::arith::ConstantOp>()) {
    int64_t c = mlir::cast<mlir::IntegerAttr>(cst.getValue()).getInt();
    if (c < 0 || c >= lanes) {
      k.fail("lane " + std::to_string(c) + " of a vector of " + std::to_string(lanes) + " lanes");
      return {};
    }
    return k.b.getIndexAttr(c);
  }
  return MValue(mlir::arith::IndexCastOp::create(k.b, k.loc(), k.b.getIndexType(), idx->v));
}
} // namespace

Value *Kernel::vectorExtract(Value *hvec, Value *hidx) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = k.getValue(hvec, "vector");
  if (!v)
    return nullptr;
  mlir::OpFoldResult idx = laneIndex(k, hidx, v->lanes);
  if (!idx)
    return nullptr;
  if (v->lanes == 1)
    return hvec;
  DType d = v->dtype;
  MValue r = mlir::vector::ExtractOp::create(k.b, k.loc(), k.toMem(v->v, d, v->lanes), idx);
  return k.scalar(k.fromMem(r, d, 1), d);
}

Value *Kernel::vectorInsert(Value *hvec, Value *helem, Value *hidx) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = k.getValue(hvec, "vector"), *e = k.getScalar(helem, "element");
  if (!v || !e)
    return nullptr;
  if (v->dtype != e->dtype || v->lanes < 2) {
    k.fail("inserting " + Impl::describe(*e) + " into " + Impl::describe(*v));
    return nullptr;
  }
  mlir::OpFoldResult idx = laneIndex(k, hidx, v->lanes);
  if (!idx)
    return nullptr;
  DType d = v->dtype;
  MValue r = mlir::vector::InsertOp::create(k.b, k.loc(), k.toMem(e->v, d, 1),
                                            k.toMem(v->v, d, v->lanes), idx);
  return k.scalar(k.fromMem(r, d, v->lanes), d);
}

Value *Kernel::vectorBitcast(Value *hv, DType to) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = k.getValue(hv, "operand");
  if (!v)
    return nullptr;
  int bits = bitWidth(v->dtype) * v->lanes;
  if (v->dtype == DType::Index || to == DType::Index || v->dtype == DType::I1 ||
      to == DType::I1 || bits % bitWidth(to) != 0) {
    k.fail("bitcast of " + Impl::describe(*v) + " to lanes of " + dtypeName(to) +
           " does not keep the bits");
    return nullptr;
  }
  int lanes = bits / bitWidth(to);
  if (!k.checkLanes(lanes, to))
    return nullptr;
  MValue from = k.toMem(v->v, v->dtype, v->lanes), r;
  if (lanes > 1 && v->lanes > 1)
    r = mlir::vector::BitCastOp::create(k.b, k.loc(), k.memType(to, lanes), from);
  else // a scalar on either side: vector.bitcast takes vectors only
    r = mlir::LLVM::BitcastOp::create(k.b, k.loc(), k.memType(to, lanes), from);
  return k.scalar(k.fromMem(r, to, lanes), to);
}

namespace {
// vector.reduction's kind for folding lanes of `d` with `op`, if the op folds such lanes.
std::optional<mlir::vector::CombiningKind> combiningKind(BinaryOp op, DType d) {
  using CK = mlir::vector::CombiningKind;
  bool f = isFloat(d);
  switch (op) {
  case BinaryOp::Add:
    return CK::ADD;
  case BinaryOp::Mul:
    return CK::MUL;
  case BinaryOp::Min:
    return f ? CK::MINIMUMF : CK::MINSI;
  case BinaryOp::Max:
    return f ? CK::MAXIMUMF : CK::MAXSI;
  case BinaryOp::MinNum:
    return f ? std::optional(CK::MINNUMF) : std::nullopt;
  case BinaryOp::MaxNum:
    return f ? std::optional(CK::MAXNUMF) : std::nullopt;
  case BinaryOp::MinU:
    return f ? std::nullopt : std::optional(CK::MINUI);
  case BinaryOp::MaxU:
    return f ? std::nullopt : std::optional(CK::MAXUI);
  case BinaryOp::And:
    return f ? std::nullopt : std::optional(CK::AND);
  case BinaryOp::Or:
    return f ? std::nullopt : std::optional(CK::OR);
  case BinaryOp::Xor:
    return f ? std::nullopt : std::optional(CK::XOR);
  default:
    return std::nullopt;
  }
}
} // namespace

Value *Kernel::vectorReduce(BinaryOp op, Value *hvec, Value *hinit) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = k.getValue(hvec, "vector");
  if (!v)
    return nullptr;
  DType d = v->dtype;
  std::optional<mlir::vector::CombiningKind> kind = combiningKind(op, d);
  if (!kind || d == DType::Index || isFp8(d)) {
    k.fail("vector reduce: the operation must be associative and commutative and take " +
           std::string(dtypeName(d)) +
           " lanes (add, mul, min, max; minnum, maxnum for floats; minu, maxu, and, or, xor for "
           "integers)");
    return nullptr;
  }
  Entry *init = hinit ? k.getScalar(hinit, "init") : nullptr;
  if (hinit && (!init || init->dtype != d)) {
    if (init)
      k.fail("vector reduce: the init " + Impl::describe(*init) + " is not of the lanes' type");
    return nullptr;
  }
  if (v->lanes == 1)
    return hinit ? binary(op, hinit, hvec) : hvec;
  MValue r = mlir::vector::ReductionOp::create(k.b, k.loc(), *kind, v->v, init ? init->v : MValue(),
                                               static_cast<mlir::arith::FastMathFlags>(k.fastMath));
  return k.scalar(r, d);
}

//===-- AMD buffer access -------------------------------------------------===//

Value *Kernel::bufferResource(Value *ht, Value *hbytes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *t = k.getTensor(ht, "tensor");
  Entry *given = hbytes ? k.getScalar(hbytes, "num_records_bytes") : nullptr;
  if (!t || (hbytes && !given))
    return nullptr;
  if (given && (isFloat(given->dtype) || given->dtype == DType::I1)) {
    k.fail("a buffer resource's byte count is an integer, got " + Impl::describe(*given));
    return nullptr;
  }
  if (t->addrSpace != 1) {
    k.fail("a buffer resource covers a global tensor, not shared memory");
    return nullptr;
  }
  if (!hbytes && t->rsrc && t->rsrcOffset.isStatic() && t->rsrcOffset.value() == 0) {
    Entry e; // a buffer tensor's resource is its own (FlyDSL's get_buffer_rsrc)
    e.v = t->rsrc;
    e.dtype = t->dtype;
    e.buffer = true;
    e.kind = ValueKind::Buffer;
    return k.newValue(std::move(e));
  }
  namespace ar = mlir::arith;
  auto &B = k.b;
  auto L = k.loc();
  // The bytes the tensor spans: 1 + sum((extent - 1) * stride) elements, none when an extent
  // is 0, at most what the descriptor's 32-bit field holds.
  MValue one = k.constantOf(DType::I64, 1), zero = k.constantOf(DType::I64, 0);
  MValue span = one, empty = k.constantOf(DType::I1, 0);
  std::vector<layout::Int> extents, strides;
  layout::flattenInto(t->layout->shape(), extents);
  layout::flattenInto(t->layout->stride(), strides);
  for (size_t i = 0; i < extents.size(); ++i) {
    MValue extent = k.materialize(extents[i]), stride = k.materialize(strides[i]);
    MValue last = ar::SubIOp::create(B, L, extent, one);
    span = ar::AddIOp::create(B, L, span, ar::MulIOp::create(B, L, last, stride));
    empty = ar::OrIOp::create(
        B, L, empty, ar::CmpIOp::create(B, L, ar::CmpIPredicate::sle, extent, zero));
  }
  MValue bytes = ar::MulIOp::create(B, L, span, k.constantOf(DType::I64, bitWidth(t->dtype) / 8));
  bytes = ar::SelectOp::create(B, L, empty, zero, ar::MaxSIOp::create(B, L, bytes, zero));
  if (given) // the caller's count instead, never below zero
    bytes = ar::MaxSIOp::create(B, L, k.toI64(given->v, given->dtype), zero);
  bytes = ar::MinSIOp::create(B, L, bytes, k.constantOf(DType::I64, 0xffffffffll));
  // The flags word depends on the arch: the rocm pipeline fills it in.
  auto rsrc = mlir::ROCDL::MakeBufferRsrcOp::create(
      B, L, mlir::LLVM::LLVMPointerType::get(k.ctx(), 8), t->v, k.constantOf(DType::I16, 0),
      bytes, k.constantOf(DType::I32, 0));
  if (!given)
    rsrc->setAttr(kTensorExtentResource, B.getUnitAttr());
  Entry e;
  e.v = rsrc;
  e.dtype = t->dtype;
  e.buffer = true;
  e.kind = ValueKind::Buffer;
  return k.newValue(std::move(e));
}

namespace {
Entry *getBuffer(Kernel::Impl &k, Value *h) {
  Entry *e = k.get(h, "buffer resource");
  if (e && !e->buffer) {
    k.fail("buffer access needs a buffer resource (from a tensor)");
    return nullptr;
  }
  return e;
}

// The byte offset of element `offset` (i32); one access moves 1..16 bytes.
MValue bufferByteOffset(Kernel::Impl &k, Entry &rsrc, Value *hoff, int lanes) {
  Entry *off = k.getScalar(hoff, "offset");
  if (!off)
    return {};
  if (off->dtype != DType::I32) {
    k.fail(std::string("a buffer offset is an i32 element count, got ") + dtypeName(off->dtype));
    return {};
  }
  int bytes = bitWidth(rsrc.dtype) / 8 * lanes;
  if (!(bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 12 || bytes == 16)) {
    k.fail("one buffer access moves 1, 2, 4, 8, 12 or 16 bytes, not " + std::to_string(bytes));
    return {};
  }
  return mlir::arith::MulIOp::create(k.b, k.loc(), off->v,
                                     k.constantOf(DType::I32, bitWidth(rsrc.dtype) / 8));
}
} // namespace

Value *Kernel::bufferLoad(Value *hrsrc, Value *hoff, int lanes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *r = getBuffer(k, hrsrc);
  if (!r || !k.checkLanes(lanes, r->dtype))
    return nullptr;
  MValue off = bufferByteOffset(k, *r, hoff, lanes);
  if (!off)
    return nullptr;
  DType d = r->dtype;
  MValue zero = k.constantOf(DType::I32, 0);
  MValue v = mlir::ROCDL::RawPtrBufferLoadOp::create(k.b, k.loc(), k.memType(d, lanes), r->v, off,
                                                     zero, zero, nullptr, nullptr, nullptr);
  return k.scalar(k.fromMem(v, d, lanes), d);
}

void Kernel::bufferStore(Value *hrsrc, Value *hv, Value *hoff) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *r = getBuffer(k, hrsrc), *v = k.getValue(hv, "value");
  if (!r || !v)
    return;
  if (v->dtype != r->dtype) {
    k.fail("storing " + Impl::describe(*v) + " through a buffer of " + dtypeName(r->dtype));
    return;
  }
  MValue off = bufferByteOffset(k, *r, hoff, v->lanes);
  if (!off)
    return;
  MValue zero = k.constantOf(DType::I32, 0);
  mlir::ROCDL::RawPtrBufferStoreOp::create(k.b, k.loc(), k.toMem(v->v, v->dtype, v->lanes), r->v,
                                           off, zero, zero, nullptr, nullptr, nullptr);
}

namespace {
/// The DPP controls of gfx9 (CDNA), by the ISA's encoding.
bool isDppControl(int c) {
  return (c >= 0 && c <= 0xFF) || (c >= 0x101 && c <= 0x10F) || (c >= 0x111 && c <= 0x11F) ||
         (c >= 0x121 && c <= 0x12F) || c == 0x130 || c == 0x134 || c == 0x138 || c == 0x13C ||
         (c >= 0x140 && c <= 0x143);
}
} // namespace

Value *Kernel::dpp(Value *hold, Value *hsrc, int ctrl, int rowMask, int bankMask, bool boundCtrl) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *old = k.getScalar(hold, "old"), *src = k.getScalar(hsrc, "src");
  if (!old || !src)
    return nullptr;
  if (old->dtype != src->dtype || bitWidth(src->dtype) != 32 || src->dtype == DType::Index) {
    k.fail("DPP moves a 32-bit integer or float, old and src of one type; got " +
           Impl::describe(*old) + " and " + Impl::describe(*src));
    return nullptr;
  }
  if (!isDppControl(ctrl)) {
    k.fail("DPP control " + std::to_string(ctrl) +
           " is not one of gfx9's: quad_perm (0..0xFF), row_shl / row_shr / row_ror 1..15, "
           "wave_shl / wave_rol / wave_shr / wave_ror 1, row_mirror, row_half_mirror, "
           "row_bcast 15 / 31");
    return nullptr;
  }
  if (rowMask < 0 || rowMask > 15 || bankMask < 0 || bankMask > 15) {
    k.fail("DPP row and bank masks have 4 bits each");
    return nullptr;
  }
  auto op = mlir::ROCDL::DPPUpdateOp::create(k.b, k.loc(), src->v.getType(), old->v, src->v,
                                             uint32_t(ctrl), uint32_t(rowMask), uint32_t(bankMask),
                                             boundCtrl);
  return k.scalar(op.getRes(), src->dtype);
}

namespace {
/// The 32- or 64-bit scalar that readfirstlane or readlane (`what`) reads; null where it is
/// none (the kernel records why).
Entry *laneReadValue(Kernel::Impl &k, Value *h, const std::string &what) {
  Entry *v = k.getScalar(h, (what + "'s value").c_str());
  if (!v)
    return nullptr;
  int bits = bitWidth(v->dtype);
  if ((bits != 32 && bits != 64) || v->dtype == DType::Index) {
    k.fail(what + " takes a 32- or 64-bit integer or float, got " + Kernel::Impl::describe(*v));
    return nullptr;
  }
  return v;
}
} // namespace

Value *Kernel::readFirstLane(Value *h) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = laneReadValue(k, h, "readfirstlane");
  if (!v)
    return nullptr;
  auto op = mlir::ROCDL::ReadfirstlaneOp::create(k.b, k.loc(), v->v.getType(), v->v);
  return k.scalar(op.getRes(), v->dtype);
}

Value *Kernel::readLane(Value *h, int lane) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *v = laneReadValue(k, h, "readlane");
  if (!v)
    return nullptr;
  if (lane < 0 || lane > 63) {
    k.fail("readlane reads a lane of the wave, 0 to 63, not " + std::to_string(lane));
    return nullptr;
  }
  auto op = mlir::ROCDL::ReadlaneOp::create(k.b, k.loc(), v->v.getType(), v->v,
                                            k.constantOf(DType::I32, lane));
  return k.scalar(op.getRes(), v->dtype);
}

Value *Kernel::ballot(Value *h, int bits) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *p = k.getScalar(h, "ballot's predicate");
  if (!p)
    return nullptr;
  if (p->dtype != DType::I1) {
    k.fail("ballot takes an i1 predicate, got " + Impl::describe(*p));
    return nullptr;
  }
  if (bits != 32 && bits != 64) {
    k.fail("ballot gives an i32 or an i64 lane mask, not " + std::to_string(bits) + " bits");
    return nullptr;
  }
  DType mask = bits == 32 ? DType::I32 : DType::I64;
  auto op = mlir::ROCDL::BallotOp::create(k.b, k.loc(), k.typeOf(mask, 1), p->v);
  return k.scalar(op.getRes(), mask);
}

void Kernel::amdHint(AmdHint hint, int a, int b, int c) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  auto within = [&](int x, int hi, const char *what) {
    if (x >= 0 && x <= hi)
      return true;
    k.fail(std::string(what) + " is 0.." + std::to_string(hi) + ", got " + std::to_string(x));
    return false;
  };
  switch (hint) {
  case AmdHint::SchedBarrier:
    if (within(a, 0xFFF, "a sched_barrier mask"))
      mlir::ROCDL::SchedBarrier::create(k.b, k.loc(), uint32_t(a));
    return;
  case AmdHint::SchedGroupBarrier:
    if (within(a, 0xFFF, "a sched_group_barrier mask") &&
        within(b, 0xFFFF, "a sched_group_barrier size") &&
        within(c, 0xFFFF, "a sched_group_barrier group id"))
      mlir::ROCDL::SchedGroupBarrier::create(k.b, k.loc(), uint32_t(a), uint32_t(b), uint32_t(c));
    return;
  case AmdHint::WaitCount:
    if (within(a, 0xFFFF, "an s_waitcnt bitfield"))
      mlir::ROCDL::SWaitcntOp::create(k.b, k.loc(), uint32_t(a));
    return;
  case AmdHint::Priority:
    if (within(a, 3, "an s_setprio priority"))
      mlir::ROCDL::SetPrioOp::create(k.b, k.loc(), uint16_t(a));
    return;
  }
}

Value *Kernel::bufferResourceAt(Value *haddr, Value *hstride, Value *hbytes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *addr = k.getScalar(haddr, "address"), *stride = k.getScalar(hstride, "stride");
  Entry *bytes = k.getScalar(hbytes, "num_bytes");
  if (!addr || !stride || !bytes)
    return nullptr;
  if (addr->dtype != DType::I64) {
    k.fail(std::string("a buffer resource's address is an i64, got ") + dtypeName(addr->dtype));
    return nullptr;
  }
  auto zero = stride->v.getDefiningOp<mlir::arith::ConstantOp>();
  auto strideAttr = zero ? mlir::dyn_cast<mlir::IntegerAttr>(zero.getValue()) : nullptr;
  if (!strideAttr || strideAttr.getInt() != 0) {
    k.fail("a buffer resource with a stride (a structured buffer) is not offered: the stride "
           "must be the constant 0");
    return nullptr;
  }
  if (bytes->dtype != DType::I32 && bytes->dtype != DType::I64) {
    k.fail(std::string("a buffer resource's size is an i32 or i64 count of bytes, got ") +
           dtypeName(bytes->dtype));
    return nullptr;
  }
  auto &B = k.b;
  auto L = k.loc();
  MValue numBytes = bytes->v;
  if (bytes->dtype == DType::I32) // the descriptor's field is unsigned
    numBytes = mlir::arith::ExtUIOp::create(B, L, B.getI64Type(), numBytes);
  MValue base =
      mlir::LLVM::IntToPtrOp::create(B, L, mlir::LLVM::LLVMPointerType::get(k.ctx(), 1), addr->v);
  // The flags word depends on the arch: the rocm pipeline fills it in.
  auto rsrc = mlir::ROCDL::MakeBufferRsrcOp::create(
      B, L, mlir::LLVM::LLVMPointerType::get(k.ctx(), 8), base, k.constantOf(DType::I16, 0),
      numBytes, k.constantOf(DType::I32, 0));
  Entry e;
  e.v = rsrc;
  e.dtype = DType::I8;
  e.buffer = true;
  e.kind = ValueKind::Buffer;
  return k.newValue(std::move(e));
}

namespace {
/// offset + soffset's operands, checked: i32 byte offsets, 1..16 bytes moved.
bool byteAccess(Kernel::Impl &k, Value *hoff, Value *hsoff, DType d, int lanes, MValue &off,
                MValue &soff) {
  Entry *o = k.getScalar(hoff, "offset"), *so = k.getScalar(hsoff, "soffset");
  if (!o || !so || k.refuseRegisterOnly(d, "a buffer access"))
    return false;
  if (o->dtype != DType::I32 || so->dtype != DType::I32) {
    k.fail("buffer byte offsets are i32");
    return false;
  }
  int bytes = bitWidth(d) / 8 * lanes;
  if (!(bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8 || bytes == 12 || bytes == 16)) {
    k.fail("one buffer access moves 1, 2, 4, 8, 12 or 16 bytes, not " + std::to_string(bytes));
    return false;
  }
  off = o->v;
  soff = so->v;
  return true;
}
} // namespace

Value *Kernel::bufferLoadBytes(Value *hrsrc, Value *hoff, Value *hsoff, DType d, int lanes) {
  Impl &k = *impl_;
  if (!k.startOp())
    return nullptr;
  Entry *r = getBuffer(k, hrsrc);
  MValue off, soff;
  if (!r || !k.checkLanes(lanes, d) || !byteAccess(k, hoff, hsoff, d, lanes, off, soff))
    return nullptr;
  MValue v = mlir::ROCDL::RawPtrBufferLoadOp::create(k.b, k.loc(), k.memType(d, lanes), r->v, off,
                                                     soff, k.constantOf(DType::I32, 0), nullptr,
                                                     nullptr, nullptr);
  return k.scalar(k.fromMem(v, d, lanes), d);
}

void Kernel::bufferLoadLdsBytes(Value *hrsrc, Value *hlds, int bytes, Value *hoff, Value *hsoff,
                                int imm) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *r = getBuffer(k, hrsrc);
  Entry *lds = k.getTensor(hlds, "LDS tensor");
  MValue off, soff;
  if (!r || !lds || !byteAccess(k, hoff, hsoff, DType::I8, bytes, off, soff))
    return;
  if (lds->addrSpace != 3 || lds->identity || lds->swizzle || lds->rsrc) {
    k.fail("a buffer load into LDS writes a plain shared memory tensor, not " +
           Impl::describe(*lds));
    return;
  }
  if ((bytes != 1 && bytes != 2 && bytes != 4 && bytes != 12 && bytes != 16) || imm < 0 ||
      imm > 4095) {
    k.fail("a buffer load into LDS moves 1, 2, 4, 12 or 16 bytes a lane with an immediate "
           "offset of 0 to 4095, not " +
           std::to_string(bytes) + " bytes at " + std::to_string(imm));
    return;
  }
  MValue zero = k.constantOf(DType::I32, 0);
  mlir::ROCDL::RawPtrBufferLoadLdsOp::create(
      k.b, k.loc(), r->v, lds->v, k.constantOf(DType::I32, bytes), off, soff,
      k.constantOf(DType::I32, imm), zero, nullptr, nullptr, nullptr);
}

namespace {
// What a buffer write takes: the resource, the value and its byte offsets; false after a failure.
bool bufferWrite(Kernel::Impl &k, Value *hrsrc, Value *hv, Value *hoff, Value *hsoff, Entry *&r,
                 Entry *&v, MValue &off, MValue &soff) {
  if (!k.startOp())
    return false;
  r = getBuffer(k, hrsrc);
  v = k.getValue(hv, "value");
  return r && v && byteAccess(k, hoff, hsoff, v->dtype, v->lanes, off, soff);
}
} // namespace

void Kernel::bufferStoreBytes(Value *hrsrc, Value *hv, Value *hoff, Value *hsoff) {
  Impl &k = *impl_;
  Entry *r, *v;
  MValue off, soff;
  if (!bufferWrite(k, hrsrc, hv, hoff, hsoff, r, v, off, soff))
    return;
  mlir::ROCDL::RawPtrBufferStoreOp::create(k.b, k.loc(), k.toMem(v->v, v->dtype, v->lanes), r->v,
                                           off, soff, k.constantOf(DType::I32, 0), nullptr, nullptr,
                                           nullptr);
}

void Kernel::bufferAtomicAddBytes(Value *hrsrc, Value *hv, Value *hoff, Value *hsoff) {
  Impl &k = *impl_;
  Entry *r, *v;
  MValue off, soff;
  if (!bufferWrite(k, hrsrc, hv, hoff, hsoff, r, v, off, soff))
    return;
  bool pair = v->lanes == 2 && (v->dtype == DType::F16 || v->dtype == DType::BF16);
  if (!pair && !(v->lanes == 1 && v->dtype == DType::F32)) {
    k.fail(std::string("a buffer atomic add takes an f32 or a pair of f16 or bf16, not ") +
           std::to_string(v->lanes) + " x " + dtypeName(v->dtype));
    return;
  }
  mlir::ROCDL::RawPtrBufferAtomicFaddOp::create(k.b, k.loc(), k.toMem(v->v, v->dtype, v->lanes),
                                                r->v, off, soff, k.constantOf(DType::I32, 0),
                                                nullptr, nullptr, nullptr);
}

Value *Kernel::makeBufferTensor(Value *ht, Value *hbytes) {
  Impl &k = *impl_;
  Value *r = bufferResource(ht, hbytes);
  if (!r)
    return nullptr;
  Entry t = k.entries[ht->id];
  t.rsrc = k.entries[r->id].v;
  t.rsrcOffset = layout::Int(0);
  t.paramIndex = -1;
  return k.newValue(std::move(t));
}

//===-- printf ------------------------------------------------------------===//

void Kernel::print(const std::string &format, const std::vector<Value *> &args,
                   bool placeholders) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  std::vector<MValue> vs;
  std::vector<PrintfArg> kinds;
  for (Value *h : args) {
    // FlyDSL's print also takes int tuples and layouts (printed as text with their dynamic
    // leaves' values); their conversions are fly-layout-lowering's to write.
    Entry *t = placeholders ? k.get(h, "printf argument") : nullptr;
    if (t && (t->kind == ValueKind::IntTuple || t->kind == ValueKind::Layout) && !t->tensor) {
      vs.push_back(k.flyValueOf(*t));
      kinds.push_back(PrintfArg::Int);
      continue;
    }
    Entry *e = k.getScalar(h, "printf argument");
    if (!e)
      return;
    if (isFp8(e->dtype) || e->dtype == DType::BF16) {
      k.fail(std::string("printf takes integers, f16, f32 or f64, not ") + dtypeName(e->dtype) +
             " (cast it first)");
      return;
    }
    vs.push_back(e->v);
    kinds.push_back(isFloat(e->dtype)            ? PrintfArg::Double
                    : bitWidth(e->dtype) > 32 ? PrintfArg::Long
                                              : PrintfArg::Int);
  }
  // FlyDSL's print (an empty format: the values separated by spaces) is its fly.print,
  // which fly-layout-lowering makes a printf; a printf format is checked and kept as it is.
  std::string why, text = placeholders ? placeholdersToPrintf(format, kinds, why) : format;
  if (why.empty() && !(placeholders && format.empty()))
    why = checkPrintfFormat(text, kinds);
  if (!why.empty()) {
    k.fail("printf: " + why);
    return;
  }
  if (placeholders)
    fly::PrintOp::create(k.b, k.loc(), k.b.getStringAttr(format), vs);
  else
    mlir::gpu::PrintfOp::create(k.b, k.loc(), k.b.getStringAttr(text), vs);
}

//===-- Control flow ------------------------------------------------------===//

Value *Kernel::forBegin(Value *hlb, Value *hub, Value *hstep, const std::vector<Value *> &inits,
                        std::vector<Value *> &iterArgs) {
  Impl &k = *impl_;
  iterArgs.clear();
  if (!k.startOp())
    return nullptr;
  Entry *lb = k.getScalar(hlb, "lower bound"), *ub = k.getScalar(hub, "upper bound"),
        *st = k.getScalar(hstep, "step");
  if (!lb || !ub || !st)
    return nullptr;
  if (!isInteger(lb->dtype) || lb->dtype == DType::I1 || lb->dtype != ub->dtype ||
      lb->dtype != st->dtype) {
    k.fail("loop bounds and step must be integers of one type");
    return nullptr;
  }
  std::vector<MValue> initValues;
  std::vector<DType> types;
  for (Value *h : inits) {
    Entry *e = k.getValue(h, "loop-carried value");
    if (!e)
      return nullptr;
    initValues.push_back(e->v);
    types.push_back(e->dtype);
  }
  auto forOp = mlir::scf::ForOp::create(k.b, k.loc(), lb->v, ub->v, st->v, initValues);
  mlir::Block *body = forOp.getBody();
  if (body->mightHaveTerminator())
    body->getTerminator()->erase();
  k.b.setInsertionPointToEnd(body);
  k.frames.push_back(Frame{Frame::Kind::For, forOp, false, types});
  for (size_t i = 0; i < types.size(); ++i)
    iterArgs.push_back(k.scalar(forOp.getRegionIterArgs()[i], types[i]));
  return k.scalar(forOp.getInductionVar(), lb->dtype);
}

namespace {
// Yields `yields` (checked against the results of `op`, of dtypes `types`) at the end of the
// current block.
bool yieldValues(Kernel::Impl &k, const std::vector<Value *> &yields,
                 const std::vector<DType> &types, const char *where, mlir::Operation *op) {
  if (yields.size() != types.size()) {
    k.fail(std::string(where) + " yields " + std::to_string(yields.size()) + " values, " +
           std::to_string(types.size()) + " are expected");
    return false;
  }
  std::vector<MValue> vs;
  for (size_t i = 0; i < yields.size(); ++i) {
    Entry *e = k.getValue(yields[i], "yielded value");
    if (!e)
      return false;
    if (e->dtype != types[i] || e->v.getType() != op->getResult(i).getType()) {
      std::string expected;
      llvm::raw_string_ostream os(expected);
      os << op->getResult(i).getType();
      k.fail(std::string(where) + " yields " + Kernel::Impl::describe(*e) + " where " + expected +
             " is expected");
      return false;
    }
    vs.push_back(e->v);
  }
  mlir::scf::YieldOp::create(k.b, k.loc(), vs);
  return true;
}

// Ends the innermost loop or branch (its body already yielded): ops go after it again, and
// its results are returned.
std::vector<Value *> leaveFrame(Kernel::Impl &k) {
  Frame f = k.frames.back();
  k.frames.pop_back();
  k.b.setInsertionPointAfter(f.op);
  std::vector<Value *> out;
  for (size_t i = 0; i < f.resultTypes.size(); ++i)
    out.push_back(k.scalar(f.op->getResult(i), f.resultTypes[i]));
  return out;
}
} // namespace

std::vector<Value *> Kernel::forEnd(const std::vector<Value *> &yields) {
  Impl &k = *impl_;
  if (!k.ok())
    return {};
  if (k.frames.empty() || k.frames.back().kind != Frame::Kind::For) {
    k.fail("for_end without a matching for_begin");
    return {};
  }
  Frame f = k.frames.back();
  if (!yieldValues(k, yields, f.resultTypes, "the loop body", f.op))
    return {};
  return leaveFrame(k);
}

void Kernel::ifBegin(Value *hc, const std::vector<DType> &resultTypes,
                     bool typesFromThen) {
  Impl &k = *impl_;
  if (!k.startOp())
    return;
  Entry *c = k.getScalar(hc, "condition");
  if (!c)
    return;
  if (c->dtype != DType::I1) {
    k.fail("an if condition must be i1 (a comparison)");
    return;
  }
  std::vector<mlir::Type> types;
  if (!typesFromThen)
    for (DType d : resultTypes)
      types.push_back(mlirType(k.ctx(), d));
  auto ifOp = mlir::scf::IfOp::create(k.b, k.loc(), types, c->v, /*addThenBlock=*/true,
                                      /*addElseBlock=*/true);
  for (mlir::Block *blk : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (blk->mightHaveTerminator())
      blk->getTerminator()->erase();
  k.b.setInsertionPointToEnd(ifOp.thenBlock());
  Frame f{Frame::Kind::If, ifOp, false,
          typesFromThen ? std::vector<DType>{} : resultTypes};
  f.typesFromThen = typesFromThen;
  k.frames.push_back(f);
}

namespace {
// An op's results are fixed when it is made, so an if typed by its then branch
// is made again with those types around the same two regions.
void retypeIf(Kernel::Impl &k, Frame &f,
              const std::vector<Value *> &thenYields) {
  std::vector<mlir::Type> types;
  f.resultTypes.clear();
  for (Value *h : thenYields) {
    Entry *e = k.getValue(h, "yielded value");
    if (!e)
      return;
    types.push_back(e->v.getType());
    f.resultTypes.push_back(e->dtype);
  }
  auto old = mlir::cast<mlir::scf::IfOp>(f.op);
  mlir::OpBuilder::InsertionGuard guard(k.b);
  k.b.setInsertionPoint(old);
  auto retyped =
      mlir::scf::IfOp::create(k.b, old.getLoc(), types, old.getCondition(),
                              /*addThenBlock=*/false, /*addElseBlock=*/false);
  retyped.getThenRegion().takeBody(old.getThenRegion());
  retyped.getElseRegion().takeBody(old.getElseRegion());
  old.erase();
  f.op = retyped;
  f.typesFromThen = false;
}
} // namespace

void Kernel::ifElse(const std::vector<Value *> &thenYields) {
  Impl &k = *impl_;
  if (!k.ok())
    return;
  if (k.frames.empty() || k.frames.back().kind != Frame::Kind::If || k.frames.back().inElse) {
    k.fail("if_else without a matching if_begin");
    return;
  }
  Frame &f = k.frames.back();
  if (f.typesFromThen) {
    retypeIf(k, f, thenYields);
    if (!k.ok())
      return;
    k.b.setInsertionPointToEnd(mlir::cast<mlir::scf::IfOp>(f.op).thenBlock());
  }
  if (!yieldValues(k, thenYields, f.resultTypes, "the then branch", f.op))
    return;
  f.inElse = true;
  k.b.setInsertionPointToEnd(mlir::cast<mlir::scf::IfOp>(f.op).elseBlock());
}

std::vector<Value *> Kernel::ifEnd(const std::vector<Value *> &yields) {
  Impl &k = *impl_;
  if (!k.ok())
    return {};
  if (k.frames.empty() || k.frames.back().kind != Frame::Kind::If) {
    k.fail("if_end without a matching if_begin");
    return {};
  }
  Frame f = k.frames.back();
  auto ifOp = mlir::cast<mlir::scf::IfOp>(f.op);
  if (!f.inElse) {
    if (!f.resultTypes.empty()) {
      k.fail("an if with results needs an else branch");
      return {};
    }
    if (!yieldValues(k, yields, f.resultTypes, "the then branch", f.op))
      return {};
    k.b.setInsertionPointToEnd(ifOp.elseBlock());
    mlir::scf::YieldOp::create(k.b, k.loc());
  } else if (!yieldValues(k, yields, f.resultTypes, "the else branch", f.op)) {
    return {};
  }
  return leaveFrame(k);
}

void Kernel::whileBegin(const std::vector<Value *> &inits, std::vector<Value *> &before) {
  Impl &k = *impl_;
  before.clear();
  if (!k.startOp())
    return;
  std::vector<MValue> initValues;
  std::vector<mlir::Type> types;
  std::vector<DType> dtypes;
  for (Value *h : inits) {
    Entry *e = k.getValue(h, "loop-carried value");
    if (!e)
      return;
    initValues.push_back(e->v);
    types.push_back(e->v.getType());
    dtypes.push_back(e->dtype);
  }
  auto whileOp = mlir::scf::WhileOp::create(k.b, k.loc(), types, initValues);
  std::vector<mlir::Location> locs(types.size(), k.loc());
  mlir::Block *cond = k.b.createBlock(&whileOp.getBefore(), {}, types, locs);
  k.b.createBlock(&whileOp.getAfter(), {}, types, locs);
  k.b.setInsertionPointToEnd(cond);
  k.frames.push_back(Frame{Frame::Kind::WhileBefore, whileOp, false, dtypes});
  for (size_t i = 0; i < types.size(); ++i)
    before.push_back(k.scalar(cond->getArgument(i), dtypes[i]));
}

void Kernel::whileDo(Value *hcond, std::vector<Value *> &bodyArgs) {
  Impl &k = *impl_;
  bodyArgs.clear();
  if (!k.ok())
    return;
  if (k.frames.empty() || k.frames.back().kind != Frame::Kind::WhileBefore) {
    k.fail("while_do without a matching while_begin");
    return;
  }
  Entry *c = k.getScalar(hcond, "while condition");
  if (!c)
    return;
  if (c->dtype != DType::I1) {
    k.fail("a while condition must be i1 (a comparison)");
    return;
  }
  Frame &f = k.frames.back();
  auto whileOp = mlir::cast<mlir::scf::WhileOp>(f.op);
  mlir::Block *before = &whileOp.getBefore().front();
  mlir::scf::ConditionOp::create(k.b, k.loc(), c->v, before->getArguments());
  f.kind = Frame::Kind::WhileBody;
  mlir::Block *body = &whileOp.getAfter().front();
  k.b.setInsertionPointToEnd(body);
  for (size_t i = 0; i < f.resultTypes.size(); ++i)
    bodyArgs.push_back(k.scalar(body->getArgument(i), f.resultTypes[i]));
}

std::vector<Value *> Kernel::whileEnd(const std::vector<Value *> &yields) {
  Impl &k = *impl_;
  if (!k.ok())
    return {};
  if (k.frames.empty() || k.frames.back().kind != Frame::Kind::WhileBody) {
    k.fail(k.frames.empty() || k.frames.back().kind != Frame::Kind::WhileBefore
               ? "while_end without a matching while_begin"
               : "while_end before while_do gave the condition");
    return {};
  }
  Frame f = k.frames.back();
  if (!yieldValues(k, yields, f.resultTypes, "the while body", f.op))
    return {};
  return leaveFrame(k);
}

void Kernel::finish() {
  Impl &k = *impl_;
  if (k.finished || !k.error.empty())
    return;
  if (!k.frames.empty()) {
    k.fail(std::string("a ") + (k.frames.back().kind == Frame::Kind::If ? "branch" : "loop") +
           " is still open");
    return;
  }
  k.ensureFunc();
  k.b.setInsertionPointToEnd(&k.func.getBody().front());
  mlir::gpu::ReturnOp::create(k.b, k.loc());
  if (k.dynamicArenaAlign > kDynamicSharedAlign) {
    // The dynamic region follows the static one at the next multiple of kDynamicSharedAlign:
    // padded to the wider alignment, the static part ends where the dynamic one may start
    // (where the target places the static part at that alignment too: not on cuda).
    k.sharedBytes =
        (k.sharedBytes + k.dynamicArenaAlign - 1) / k.dynamicArenaAlign * k.dynamicArenaAlign;
    k.func->setAttr(kDynamicSharedAlignAttr, k.b.getI64IntegerAttr(k.dynamicArenaAlign));
  }
  k.func->setAttr("fly.shared_bytes", k.b.getI64IntegerAttr(k.sharedBytes));
  k.func->setAttr("fly.shared_align", k.b.getI64IntegerAttr(k.sharedAlign));
  k.func->setAttr("fly.dynamic_arena_bytes", k.b.getI64IntegerAttr(k.dynamicArenaBytes));
  std::string diag;
  {
    mlir::ScopedDiagnosticHandler handler(k.ctx(), [&](mlir::Diagnostic &d) {
      if (diag.empty())
        diag = d.str();
      return mlir::success();
    });
    if (mlir::failed(mlir::verify(k.func)))
      k.fail("the kernel does not verify: " + diag);
  }
  k.finished = true;
}

} // namespace fly::ir
