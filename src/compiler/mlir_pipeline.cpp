//===- mlir_pipeline.cpp - What every target's MLIR pipeline shares -------===//

#include "compiler/mlir_pipeline.h"

#include "compiler/buffer_ops.h"
#include "compiler/cp_async.h"
#include "compiler/llvm_fatal_errors.h"
#include "compiler/rounding_modes.h"
#include "compiler/small_floats.h"
#include "compiler/work_item_loops.h"

#include "ir/fly/fly_dialect.h"
#include "ir/mlir_module.h"
#include "layout/copy.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cctype>
#include <mutex>

namespace fly::compiler {

DiagnosticCollector::DiagnosticCollector(mlir::MLIRContext *ctx)
    : handler(ctx, [this](mlir::Diagnostic &d) {
        if (!text.empty())
          text += "; ";
        text += d.str();
        return mlir::success();
      }) {}

void dumpText(const Options &o, const std::string &stage, const std::string &text) {
  if (o.dumpDir.empty())
    return;
  llvm::sys::fs::create_directories(o.dumpDir);
  std::error_code ec;
  llvm::raw_fd_ostream os(o.dumpDir + "/" + stage, ec);
  if (!ec)
    os << text;
}

void dumpStage(const Options &o, const std::string &stage, mlir::ModuleOp m) {
  if (o.dumpDir.empty())
    return;
  std::string text;
  llvm::raw_string_ostream os(text);
  m->print(os);
  dumpText(o, stage, text);
}

mlir::gpu::GPUModuleOp gpuModuleOf(mlir::ModuleOp m) {
  auto modules = m.getOps<mlir::gpu::GPUModuleOp>();
  if (modules.empty())
    throw CompileError("the module has no gpu.module (it is lowered already)");
  return *modules.begin();
}

std::string stageFile(int stage, const std::string &name) {
  return (stage < 10 ? "0" : "") + std::to_string(stage) + "_" + name;
}

namespace {

// base ** exponent by square-and-multiply over the exponent's bits, unrolled and branch-free (a
// GPU lane must not diverge on its exponent). A negative exponent gives the integer part of
// 1 / base ** -exponent: 1 for base 1, +-1 for base -1, else 0.
void expandIPowI(mlir::math::IPowIOp op) {
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  mlir::Type t = op.getType();
  mlir::Type elem = mlir::getElementTypeOrSelf(t);
  auto cst = [&](int64_t v) -> mlir::Value {
    mlir::TypedAttr a = b.getIntegerAttr(elem, v);
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
      a = mlir::DenseElementsAttr::get(vt, mlir::Attribute(a));
    return mlir::arith::ConstantOp::create(b, t, a);
  };
  namespace ar = mlir::arith;
  mlir::Value x = op.getLhs(), e = op.getRhs(), one = cst(1), zero = cst(0);
  mlir::Value result = one, power = x;
  unsigned bits = elem.getIntOrFloatBitWidth();
  for (unsigned i = 0; i + 1 < bits; ++i) {
    mlir::Value bit = ar::AndIOp::create(b, ar::ShRUIOp::create(b, e, cst(i)), one);
    mlir::Value set = ar::CmpIOp::create(b, ar::CmpIPredicate::ne, bit, zero);
    result = ar::SelectOp::create(b, set, ar::MulIOp::create(b, result, power), result);
    if (i + 2 < bits)
      power = ar::MulIOp::create(b, power, power);
  }
  mlir::Value odd =
      ar::CmpIOp::create(b, ar::CmpIPredicate::ne, ar::AndIOp::create(b, e, one), zero);
  mlir::Value minusOne = bits == 1 ? one : cst(-1);
  mlir::Value ofMinusOne = ar::SelectOp::create(b, odd, minusOne, one);
  mlir::Value negative = ar::SelectOp::create(
      b, ar::CmpIOp::create(b, ar::CmpIPredicate::eq, x, one), one,
      ar::SelectOp::create(b, ar::CmpIOp::create(b, ar::CmpIPredicate::eq, x, minusOne), ofMinusOne,
                           zero));
  mlir::Value isNegative = ar::CmpIOp::create(b, ar::CmpIPredicate::slt, e, zero);
  op.replaceAllUsesWith(ar::SelectOp::create(b, isNegative, negative, result).getResult());
  op.erase();
}

// sin and cos as two ops: every target lowers those.
void expandSincos(mlir::math::SincosOp op) {
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  auto fm = op.getFastmath();
  op.getSin().replaceAllUsesWith(mlir::math::SinOp::create(b, op.getOperand(), fm).getResult());
  op.getCos().replaceAllUsesWith(mlir::math::CosOp::create(b, op.getOperand(), fm).getResult());
  op.erase();
}

// The float class tests as ordered comparisons of |x| with infinity and the smallest normal
// number (a NaN compares false with both).
void expandFloatClass(mlir::Operation *op) {
  mlir::ImplicitLocOpBuilder b(op->getLoc(), op);
  mlir::Value x = op->getOperand(0);
  mlir::Type t = x.getType();
  auto elem = mlir::cast<mlir::FloatType>(mlir::getElementTypeOrSelf(t));
  auto cst = [&](const llvm::APFloat &v) -> mlir::Value {
    mlir::TypedAttr a = b.getFloatAttr(elem, v);
    if (auto vt = mlir::dyn_cast<mlir::VectorType>(t))
      a = mlir::DenseElementsAttr::get(vt, mlir::Attribute(a));
    return mlir::arith::ConstantOp::create(b, t, a);
  };
  namespace ar = mlir::arith;
  const llvm::fltSemantics &sem = elem.getFloatSemantics();
  mlir::Value inf = cst(llvm::APFloat::getInf(sem));
  mlir::Value mag = mlir::math::AbsFOp::create(b, x);
  mlir::Value r;
  if (mlir::isa<mlir::math::IsNaNOp>(op))
    r = ar::CmpFOp::create(b, ar::CmpFPredicate::UNO, x, x);
  else if (mlir::isa<mlir::math::IsInfOp>(op))
    r = ar::CmpFOp::create(b, ar::CmpFPredicate::OEQ, mag, inf);
  else if (mlir::isa<mlir::math::IsFiniteOp>(op))
    r = ar::CmpFOp::create(b, ar::CmpFPredicate::OLT, mag, inf);
  else
    r = ar::AndIOp::create(b, ar::CmpFOp::create(b, ar::CmpFPredicate::OLT, mag, inf),
                           ar::CmpFOp::create(b, ar::CmpFPredicate::OGE, mag,
                                              cst(llvm::APFloat::getSmallestNormalized(sem))));
  op->getResult(0).replaceAllUsesWith(r);
  op->erase();
}

// min(max(x, lo), hi). MLIR 22's own expansion of clampf computes max(min(x, lo), hi), which
// is hi for every x below hi: a wrong answer, so it is not used.
void expandClampF(mlir::math::ClampFOp op) {
  mlir::ImplicitLocOpBuilder b(op.getLoc(), op);
  auto fm = op.getFastmath();
  mlir::Value low = mlir::arith::MaximumFOp::create(b, op.getValue(), op.getMin(), fm);
  op.replaceAllUsesWith(mlir::arith::MinimumFOp::create(b, low, op.getMax(), fm).getResult());
  op.erase();
}

} // namespace

void expandCompositeMath(mlir::ModuleOp m) {
  llvm::SmallVector<mlir::Operation *> ops;
  m.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::math::IPowIOp, mlir::math::SincosOp, mlir::math::ClampFOp,
                  mlir::math::IsNaNOp, mlir::math::IsInfOp, mlir::math::IsFiniteOp,
                  mlir::math::IsNormalOp>(op))
      ops.push_back(op);
  });
  for (mlir::Operation *op : ops) {
    if (auto p = mlir::dyn_cast<mlir::math::IPowIOp>(op))
      expandIPowI(p);
    else if (auto sc = mlir::dyn_cast<mlir::math::SincosOp>(op))
      expandSincos(sc);
    else if (auto clamp = mlir::dyn_cast<mlir::math::ClampFOp>(op))
      expandClampF(clamp);
    else
      expandFloatClass(op);
  }
  mlir::RewritePatternSet patterns(m.getContext());
  mlir::math::populateExpansionPatterns(patterns, {"fpowi"});
  mlir::arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  (void)mlir::applyPatternsGreedily(m, std::move(patterns));
}

// AMDGPU requires its allocas in the private address space (5); LLVM's cpu and NVPTX passes
// expect them in the default one. fly-layout-lowering allocates registers in the register
// space (5) as FlyDSL's, and the kernel builder reaches them through generic pointers: moving
// an alloca leaves a cast only where a user wants the other space.
void allocasInStackSpace(mlir::ModuleOp m, unsigned space) {
  llvm::SmallVector<mlir::LLVM::AllocaOp> allocas;
  m.walk([&](mlir::LLVM::AllocaOp a) {
    if (a.getType().getAddressSpace() != space)
      allocas.push_back(a);
  });
  for (mlir::LLVM::AllocaOp a : allocas) {
    mlir::OpBuilder b(a);
    auto type = mlir::LLVM::LLVMPointerType::get(m.getContext(), space);
    auto moved = mlir::LLVM::AllocaOp::create(b, a.getLoc(), type, a.getElemType(),
                                              a.getArraySize(), a.getAlignment().value_or(0));
    mlir::Value back;
    for (mlir::OpOperand &use : llvm::make_early_inc_range(a->getUses())) {
      auto cast = mlir::dyn_cast<mlir::LLVM::AddrSpaceCastOp>(use.getOwner());
      if (cast && cast.getType() == type) {
        cast.replaceAllUsesWith(moved.getResult());
        cast.erase();
        continue;
      }
      if (!back)
        back = mlir::LLVM::AddrSpaceCastOp::create(b, a.getLoc(), a.getType(), moved);
      use.set(back);
    }
    a.erase();
  }
}

namespace {

struct StagePass : mlir::PassWrapper<StagePass, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StagePass)
  explicit StagePass(const Stage &stage) : stage(&stage) {}
  StagePass(const StagePass &other) : PassWrapper(other), stage(other.stage) {}
  llvm::StringRef getArgument() const final { return stage->name; }
  llvm::StringRef getDescription() const final { return stage->summary; }
  llvm::StringRef getName() const final { return stage->name; }
  // Every dialect a stage creates ops of: fly-opt loads only those its input uses.
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                    mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                    mlir::math::MathDialect, mlir::NVVM::NVVMDialect, mlir::ROCDL::ROCDLDialect,
                    mlir::scf::SCFDialect, mlir::ub::UBDialect, mlir::vector::VectorDialect>();
  }

  Option<std::string> target{*this, "target", llvm::cl::desc("cpu, rocm or cuda"),
                             llvm::cl::init("cpu")};
  Option<std::string> arch{*this, "arch",
                           llvm::cl::desc("gfx942, sm_90, ...; on cpu the emulated arch"),
                           llvm::cl::init("gfx942")};
  Option<bool> cpuFibers{*this, "cpu-fibers",
                         llvm::cl::desc("cpu: every kernel with collectives on fibers"),
                         llvm::cl::init(false)};

  void runOnOperation() override {
    Options o;
    o.target = target;
    o.arch = arch;
    o.cpuFibers = cpuFibers;
    try {
      stage->run(getOperation(), o);
    } catch (const std::exception &e) {
      // Kept to be rethrown as it is (its type is the C API's status); fly-opt prints it.
      failure = std::current_exception();
      getOperation().emitError(e.what());
      signalPassFailure();
    }
  }

  const Stage *stage;
  std::exception_ptr failure;
};

// A flat vector permuted through an n-D transpose, as fly-layout-lowering writes a register
// tensor read or written whole along another mode than the first (shape_cast to n-D,
// transpose, shape_cast back): one vector.shuffle of the flat vector, which every target's
// conversion to LLVM takes (an n-D shape_cast reaches none of them).
void flatPermutationsAsShuffles(mlir::ModuleOp m) {
  llvm::SmallVector<mlir::vector::ShapeCastOp> outer;
  m.walk([&](mlir::vector::ShapeCastOp op) {
    auto transpose = op.getSource().getDefiningOp<mlir::vector::TransposeOp>();
    auto inner = transpose ? transpose.getVector().getDefiningOp<mlir::vector::ShapeCastOp>()
                           : mlir::vector::ShapeCastOp{};
    if (inner && op.getResultVectorType().getRank() == 1 &&
        inner.getSourceVectorType().getRank() == 1 && !op.getResultVectorType().isScalable())
      outer.push_back(op);
  });
  for (mlir::vector::ShapeCastOp op : outer) {
    auto transpose = op.getSource().getDefiningOp<mlir::vector::TransposeOp>();
    auto inner = transpose.getVector().getDefiningOp<mlir::vector::ShapeCastOp>();
    llvm::ArrayRef<int64_t> from = transpose.getSourceVectorType().getShape();
    llvm::ArrayRef<int64_t> to = transpose.getResultVectorType().getShape();
    llvm::ArrayRef<int64_t> perm = transpose.getPermutation();
    // Result element r, at row-major index `at` of `to`, is the source element whose index
    // along dimension perm[k] is at[k].
    int64_t n = op.getResultVectorType().getNumElements();
    llvm::SmallVector<int64_t> mask(size_t(n), 0), at(to.size(), 0), source(from.size(), 0);
    for (int64_t r = 0; r < n; ++r) {
      for (size_t k = 0; k < to.size(); ++k)
        source[size_t(perm[k])] = at[k];
      int64_t flat = 0;
      for (size_t k = 0; k < from.size(); ++k)
        flat = flat * from[k] + source[k];
      mask[size_t(r)] = flat;
      for (size_t k = to.size(); k-- > 0;)
        if (++at[k] < to[k])
          break;
        else
          at[k] = 0;
    }
    mlir::OpBuilder b(op);
    mlir::Value v = inner.getSource();
    mlir::Value shuffled = mlir::vector::ShuffleOp::create(b, op.getLoc(), v, v, mask);
    op.getResult().replaceAllUsesWith(shuffled);
    op.erase();
    if (transpose->use_empty())
      transpose.erase();
    if (inner->use_empty())
      inner.erase();
  }
}

// The stages every target runs, each as the target needs it.
const std::vector<Stage> &commonStages() {
  static const std::vector<Stage> stages = {
      {"fly-lower-vector-slices",
       "vector.insert / extract_strided_slice and flat permutations (a register tensor read or "
       "written whole) as shuffles, which the conversions to LLVM take",
       [](mlir::ModuleOp m, const Options &) {
         flatPermutationsAsShuffles(m);
         mlir::RewritePatternSet patterns(m.getContext());
         mlir::vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
         (void)mlir::applyPatternsGreedily(m, std::move(patterns)); // what is left fails later
       }},
      {"fly-allocas-in-stack-space",
       "allocas in the target's stack address space: 5 on rocm, 0 on cpu and cuda",
       [](mlir::ModuleOp m, const Options &o) {
         allocasInStackSpace(m, o.target == "rocm" ? 5 : 0);
       }},
      {"fly-check-bulk-copies",
       "mbarriers, TMA copies and grid dependency control checked for the arch (cpu: emulated)",
       [](mlir::ModuleOp m, const Options &o) {
         checkBulkCopies(m, o.target, o.arch, o.target == "cpu");
       }},
      {"fly-refuse-wide-shuffles", "an error for a shuffle wider than the arch's wave",
       [](mlir::ModuleOp m, const Options &o) { refuseWideShuffles(m, o); }},
      {"fly-refuse-mma-calls", "an error naming a matrix-core atom the target cannot run",
       [](mlir::ModuleOp m, const Options &o) { refuseMmaCalls(m, o); }},
      {"fly-emulate-buffer-ops", "cpu and cuda: buffer ops as bounds-checked global accesses",
       [](mlir::ModuleOp m, const Options &) { emulateBufferOps(m); }},
      {"fly-emulate-cp-async", "cpu and rocm: cp.async copies as synchronous loads and stores",
       [](mlir::ModuleOp m, const Options &) { emulateCpAsync(m); }},
      {"fly-expand-rounding-modes",
       "arith.truncf under a rounding mode as the nearest-even truncf and one step of the result",
       [](mlir::ModuleOp m, const Options &) { expandRoundingModes(m); }},
      {"fly-expand-small-floats", "fp8, fp6 and fp4 conversions as integer and f32 arithmetic",
       [](mlir::ModuleOp m, const Options &) { expandSmallFloats(m); }},
      {"fly-expand-composite-math", "clampf, fpowi, ipowi, sincos and float class tests expanded",
       [](mlir::ModuleOp m, const Options &) { expandCompositeMath(m); }},
  };
  return stages;
}

const Stage *findStage(llvm::StringRef name) {
  for (const auto *stages : {&commonStages(), &cpuStages(), &gpuStages()})
    for (const Stage &s : *stages)
      if (name == s.name)
        return &s;
  return nullptr;
}

// FlyDSL's stage label: the step's first pass, without its options or nest, as an identifier.
std::string stageLabel(mlir::OpPassManager &pm) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  llvm::StringRef t(text);
  for (llvm::StringRef nest : {"builtin.module(", "gpu.module("})
    t.consume_front(nest);
  t = t.take_until([](char c) { return c == '{' || c == ',' || c == ')'; });
  std::string label;
  for (char c : t)
    label += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return label.empty() ? "stage" : label;
}

void runRethrowingStages(mlir::PassManager &pm, mlir::ModuleOp m, const std::string &what) {
  DiagnosticCollector diags(m.getContext());
  if (mlir::succeeded(pm.run(m)))
    return;
  for (mlir::Pass &p : pm.getPasses())
    if (p.getTypeID() == mlir::TypeID::get<StagePass>())
      if (auto failure = static_cast<StagePass &>(p).failure)
        std::rethrow_exception(failure);
  throw CompileError(what + " failed: " + diags.text);
}

} // namespace

std::unique_ptr<mlir::Pass> scfToControlFlow() {
  mlir::SCFToControlFlowPassOptions options;
  options.allowPatternRollback = false;
  return mlir::createSCFToControlFlowPass(options);
}

void addStage(mlir::OpPassManager &pm, llvm::StringRef name, const Options &o) {
  const Stage *stage = findStage(name);
  if (!stage)
    throw CompileError("no lowering stage is named " + name.str());
  auto pass = std::make_unique<StagePass>(*stage);
  pass->target = o.target;
  pass->arch = o.arch;
  pass->cpuFibers = o.cpuFibers;
  pm.addPass(std::move(pass));
}

void addFlyLayoutLowering(mlir::OpPassManager &pm) {
  pm.addPass(ir::fly::createLayoutLoweringPass(/*noWrap=*/true));
}

PipelineStep flyAtomLowering(const std::string &target) {
  return [target](mlir::OpPassManager &pm) { pm.addPass(ir::fly::createAtomLoweringPass(target)); };
}

void addFlyLowering(mlir::OpPassManager &pm) {
  pm.addPass(ir::fly::createLowerToLlvmPass(/*noWrap=*/true, /*mmaCalls=*/true));
}

void registerStagePasses() {
  for (const auto *stages : {&commonStages(), &cpuStages(), &gpuStages()})
    for (const Stage &s : *stages)
      mlir::registerPass([&s] { return std::make_unique<StagePass>(s); });
}

int runPipeline(const std::vector<PipelineStep> &steps, mlir::ModuleOp m, const Options &o,
                const std::string &what) {
  mlir::PassManager whole(m.getContext(), mlir::ModuleOp::getOperationName());
  for (const PipelineStep &step : steps)
    step(whole);
  int stage = 1;
  if (o.dumpDir.empty()) {
    configurePrinting(whole, o);
    runRethrowingStages(whole, m, what);
    return stage + int(steps.size());
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  whole.printAsTextualPipeline(os);
  dumpText(o, "pipeline.txt", "fly-opt 00_origin.mlir --pass-pipeline='" + text + "'\n");
  for (const PipelineStep &step : steps) {
    mlir::PassManager pm(m.getContext(), mlir::ModuleOp::getOperationName());
    configurePrinting(pm, o);
    step(pm);
    runRethrowingStages(pm, m, what);
    dumpStage(o, stageFile(stage++, stageLabel(pm) + ".mlir"), m);
  }
  return stage;
}

namespace {

/// The passes a textual pipeline may name here: registered once, as fly-opt registers them.
void registerPipelinePasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    ir::fly::registerFlyPasses();
    registerStagePasses();
    registerWorkItemLoopsPass();
    mlir::registerCanonicalizer();
    mlir::registerCSE();
  });
}

} // namespace

namespace {

/// The pipeline, anchored on modules (`builtin.module(...)`, as MLIR's Python PassManager takes
/// it) or on any op.
mlir::OpPassManager parsePipeline(const std::string &pipeline) {
  registerPipelinePasses();
  std::string why;
  llvm::raw_string_ostream os(why);
  mlir::FailureOr<mlir::OpPassManager> parsed = mlir::parsePassPipeline(pipeline, os);
  if (mlir::failed(parsed))
    throw PipelineError("the pass pipeline '" + pipeline + "' does not parse: " + why);
  llvm::StringRef anchor = parsed->getOpAnchorName();
  if (anchor != mlir::ModuleOp::getOperationName() &&
      anchor != mlir::OpPassManager::getAnyOpAnchorName())
    throw PipelineError("the pass pipeline '" + pipeline + "' runs on " + anchor.str() +
                        ", not on a module: builtin.module(...)");
  return std::move(*parsed);
}

} // namespace

void checkPassPipeline(const std::string &pipeline) { parsePipeline(pipeline); }

void runPassPipeline(ir::Module &module, const std::string &pipeline) {
  mlir::OpPassManager parsed = parsePipeline(pipeline);
  for (auto &k : module.kernels())
    if (!k->finished() || !k->error().empty())
      throw CompileError("kernel '" + k->name() + "' is not finished without errors");
  mlir::ModuleOp m = module.impl().module;
  mlir::PassManager pm(m.getContext(), parsed.getOpAnchorName());
  static_cast<mlir::OpPassManager &>(pm) = std::move(parsed);
  DiagnosticCollector diags(m.getContext());
  module.setForeignIr("rewritten by a pass pipeline");
  if (mlir::failed(pm.run(m)))
    throw CompileError("the pass pipeline '" + pipeline + "' failed: " + diags.text);
}

mlir::OwningOpRef<mlir::ModuleOp> cloneForLowering(ir::Module &module, const Options &options) {
  if (!module.foreignIr().empty())
    throw CompileError("this module's IR was " + module.foreignIr() +
                       "; only the IR its kernels built compiles");
  for (auto &k : module.kernels()) {
    if (!k->error().empty())
      throw CompileError(k->error());
    if (!k->finished())
      throw CompileError("kernel '" + k->name() + "' is not finished (call finish first)");
  }
  if (module.kernels().empty())
    throw CompileError("the module has no kernels");
  mlir::OwningOpRef<mlir::ModuleOp> m(module.impl().module.clone());
  dumpStage(options, stageFile(0, "origin.mlir"), *m);
  return m;
}

void configurePrinting(mlir::PassManager &pm, const Options &options) {
  if (!options.printAfterAll)
    return;
  pm.getContext()->disableMultithreading();
  pm.enableIRPrinting([](mlir::Pass *, mlir::Operation *) { return false; },
                      [](mlir::Pass *, mlir::Operation *) { return true; },
                      /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
}

void runPasses(mlir::PassManager &pm, mlir::ModuleOp m, const std::string &what) {
  DiagnosticCollector diags(m.getContext());
  if (mlir::failed(pm.run(m)))
    throw CompileError(what + " failed: " + diags.text);
}

void optimizeLlvm(llvm::Module &lm, llvm::TargetMachine &tm, const Options &options, int stage) {
  auto optimize = mlir::makeOptimizingTransformer(options.optLevel, 0, &tm);
  llvm::Error err = llvm::Error::success();
  runCatchingFatalErrors("LLVM's optimizer stopped", [&] { err = optimize(&lm); });
  if (err)
    throw CompileError("optimizing LLVM IR failed: " + llvm::toString(std::move(err)));
  if (options.dumpDir.empty())
    return;
  std::string ll;
  llvm::raw_string_ostream os(ll);
  lm.print(os, nullptr);
  dumpText(options, stageFile(stage, "llvm_ir.ll"), ll);
}

std::string emitCode(llvm::TargetMachine &tm, llvm::Module &lm, llvm::CodeGenFileType type) {
  llvm::SmallString<0> out;
  llvm::raw_svector_ostream os(out);
  // Left undestroyed where the code generator stops on a fatal error: its passes stopped midway.
  auto pm = std::make_unique<llvm::legacy::PassManager>();
  std::string generator = "the " + tm.getTargetTriple().str() + " code generator";
  if (tm.addPassesToEmitFile(*pm, os, nullptr, type))
    throw CompileError(generator + " cannot emit this");
  try {
    runCatchingFatalErrors(generator + " stopped", [&] { pm->run(lm); });
  } catch (const CompileError &) {
    (void)pm.release();
    throw;
  }
  return std::string(out.str());
}

void checkFp8Operands(const std::string &atom, mlir::Type element, const std::string &arch) {
  element = mlir::getElementTypeOrSelf(element);
  bool fnuz = mlir::isa<mlir::Float8E4M3FNUZType, mlir::Float8E5M2FNUZType>(element);
  if (!fnuz && !mlir::isa<mlir::Float8E4M3FNType, mlir::Float8E5M2Type>(element))
    return; // not fp8, or its bits (i8), which the instruction reads as it does
  // An MFMA reads its operands' bytes in its arch's formats whatever their type says, as the
  // GPU does: FlyDSL's kernels label gfx950's OCP bytes FNUZ, and the cpu target decodes them as
  // gfx950 reads them. NVIDIA has no FNUZ formats at all.
  if (atom.rfind("v_mfma_", 0) == 0 || !fnuz)
    return;
  bool readsFnuz = false;
  std::string name;
  llvm::raw_string_ostream os(name);
  element.print(os);
  throw CompileError(
      atom + " on " + arch + " reads fp8 as the " +
      (readsFnuz ? "FNUZ formats (f8E4M3FNUZ, f8E5M2FNUZ)" : "OCP formats (f8E4M3FN, f8E5M2)") +
      ", not " + name + ": convert the operands to those");
}

void checkAtomArch(const std::string &atom, const std::string &arch, mlir::Operation *call) {
  if (atom.rfind("wgmma.", 0) == 0 && arch != "sm_90" && arch != "sm_90a")
    throw CompileError(atom + " is a wgmma instruction of sm_90a (Hopper), not of " + arch);
  if (atom.rfind("v_wmma_", 0) == 0) {
    auto layouts = call ? call->getAttrOfType<mlir::ArrayAttr>(ir::kMmaLayoutsAttr) : nullptr;
    std::string a = layouts ? mlir::cast<mlir::StringAttr>(layouts[0]).getValue().str() : "";
    bool rdna3 = !a.empty() && layout::staticSize(layout::Layout::parse(a).mode(1)) == 16;
    std::string owner = rdna3 ? "gfx11 (RDNA3: sixteen A and B values a lane)" : "gfx12 (RDNA4)";
    if (arch.rfind(rdna3 ? "gfx11" : "gfx12", 0) != 0)
      throw CompileError(atom + " is a WMMA instruction of " + owner + ", not of " + arch);
  }
  if (atom.rfind("v_mfma_", 0) != 0)
    return;
  if (atom.rfind("v_mfma_scale_", 0) == 0) { // named with its operands' formats after a dot
    if (arch != "gfx950")
      throw CompileError(atom.substr(0, atom.find('.')) +
                         " is a block-scaled MFMA instruction of gfx950 (CDNA4), not of " + arch);
    return;
  }
  static const char *gfx950Only[] = {"v_mfma_f32_16x16x32_f16", "v_mfma_f32_32x32x16_f16",
                                     "v_mfma_f32_16x16x32_bf16", "v_mfma_f32_32x32x16_bf16"};
  bool newShape = false;
  for (const char *n : gfx950Only)
    newShape = newShape || atom == n;
  if (arch.rfind("gfx9", 0) != 0 || (newShape && arch != "gfx950"))
    throw CompileError(atom + " is an MFMA instruction of " +
                       (newShape ? "gfx950" : "gfx9 (CDNA)") + ", not of " + arch);
  // The K = 32 byte shapes (fp8 and i8) came with CDNA3.
  bool bytes = atom.find("fp8") != std::string::npos || atom.find("_i8") != std::string::npos;
  if (bytes && (arch == "gfx908" || arch == "gfx90a"))
    throw CompileError(atom + " is an MFMA instruction of gfx940 and later, not of " + arch);
}

void refuseWideShuffles(mlir::ModuleOp m, const Options &options) {
  int wave = options.target == "cuda" ? 32 : waveSize(options.arch);
  m.walk([&](mlir::gpu::ShuffleOp s) {
    std::optional<int64_t> width = ir::integerConstant(s.getWidth());
    if (width && *width > wave)
      throw CompileError("a shuffle of width " + std::to_string(*width) +
                         " is wider than the wave of " + std::to_string(wave) + " lanes on " +
                         options.arch + " (" + options.target + ")");
  });
}

void refuseMmaCalls(mlir::ModuleOp m, const Options &options) {
  std::string atom;
  m.walk([&](mlir::func::CallOp call) {
    llvm::StringRef callee = call.getCallee();
    if (atom.empty() && callee.starts_with(ir::kMmaFnPrefix))
      atom = callee.drop_front(llvm::StringRef(ir::kMmaFnPrefix).size()).str();
  });
  if (atom.rfind("v_mfma_scale_", 0) == 0) // named with its operands' formats after a dot
    atom = atom.substr(0, atom.find('.'));
  if (!atom.empty())
    throw CompileError(
        "the " + options.target + " target (" + options.arch + ") has no lowering for " + atom +
        " atoms: mma.sync and wgmma run on cuda, MFMA and WMMA on rocm (and all of them "
        "emulated on cpu)");
}

} // namespace fly::compiler
