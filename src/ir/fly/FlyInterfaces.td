//===- FlyInterfaces.td - What the Fly dialect asks of atom types -*- tablegen -*-===//
//
// An MMA or copy instruction is a type of a target's dialect (FlyROCDL's `cdna3.mfma<...>`) or of
// Fly; the Fly dialect's `!fly.mma_atom<...>` / `!fly.copy_atom<...>` and the ops on them reach it
// through these interfaces.
//
//===----------------------------------------------------------------------===//

#ifndef FLY_INTERFACES_TD
#define FLY_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Fly_MmaOpTypeInterface : TypeInterface<"MmaOpTypeInterface"> {
  let cppNamespace = "::fly::ir::fly";
  let description = [{
    A matrix-multiply instruction: its shape and thread-value layouts (src/layout/mma.h), the
    element types of its A, B and C operands.
  }];
  let methods = [
    InterfaceMethod<"the layout side of the instruction", "::fly::layout::MmaAtom", "getAtom">,
    InterfaceMethod<"the element type of A", "::mlir::Type", "getAElementType">,
    InterfaceMethod<"the element type of B", "::mlir::Type", "getBElementType">,
    InterfaceMethod<"the element type of C and D", "::mlir::Type", "getCElementType">,
    InterfaceMethod<"the state an MMA atom of it carries, one type a field, in order (a struct "
                    "of them is what the atom lowers to); empty for none (CDNA4's scaled MFMA: "
                    "scale_a, scale_b)",
                    "::llvm::SmallVector<::mlir::Type>", "getStateTypes", (ins), "",
                    [{ return {}; }]>,
    InterfaceMethod<"the index of state field `field` (fly.atom.set_value); -1: no such field",
                    "int", "getStateFieldIndex", (ins "::llvm::StringRef":$field), "",
                    [{ return -1; }]>,
    InterfaceMethod<"whether A and B are read from shared memory through matrix descriptors "
                    "(one i64 each a call, NVIDIA's wgmma) rather than given as each lane's "
                    "values",
                    "bool", "takesDescriptors", (ins), "", [{ return false; }]>,
  ];
}

def Fly_CopyOpTypeInterface : TypeInterface<"CopyOpTypeInterface"> {
  let cppNamespace = "::fly::ir::fly";
  let description = [{
    A copy instruction that `!fly.copy_atom<...>` wraps: Fly's universal copy or a target's
    (FlyROCDL's buffer copy): how many bits one call moves per thread, between which address
    spaces, and the state a copy atom of it carries (FlyROCDL's buffer copy: `soffset`).
  }];
  let methods = [
    InterfaceMethod<"the bits one call moves per thread", "int64_t", "getCopyBits">,
    InterfaceMethod<"why it cannot copy from address space `src` to `dst`; empty where it can",
                    "std::string", "checkSpaces", (ins "unsigned":$src, "unsigned":$dst), "",
                    [{ return {}; }]>,
    InterfaceMethod<"whether each call's accesses must be aligned to its width (the hardware's "
                    "rule; other copies take the alignment the layouts guarantee)",
                    "bool", "requiresAlignedCalls", (ins), "", [{ return false; }]>,
    InterfaceMethod<"the state a copy atom of it carries, one type a field, in order (a struct "
                    "of them is what the atom lowers to); empty for none",
                    "::llvm::SmallVector<::mlir::Type>", "getStateTypes", (ins), "",
                    [{ return {}; }]>,
    InterfaceMethod<"the index of state field `field` (fly.atom.set_value); -1: no such field",
                    "int", "getStateFieldIndex", (ins "::llvm::StringRef":$field), "",
                    [{ return -1; }]>,
    InterfaceMethod<"whether one call moves whole tensors (a DMA of a tile, such as gfx1250's "
                    "Tensor Data Mover) rather than each thread's values; its atoms' valBits is "
                    "0 and fly.copy is one call",
                    "bool", "copiesWholeTensors", (ins), "", [{ return false; }]>,
    InterfaceMethod<"whether a call's tensors only say where each lane's bytes start (a DMA "
                    "into LDS moves its width from there whatever the tensors' extent), so "
                    "their elements may be narrower than the atom's values",
                    "bool", "takesStartAddresses", (ins), "", [{ return false; }]>,
  ];
}

def Fly_AddressSpaceAttrInterface : AttrInterface<"AddressSpaceAttrInterface"> {
  let cppNamespace = "::fly::ir::fly";
  let description = [{
    A target's address space for `!fly.ptr` (FlyROCDL's `#fly_rocdl.buffer_desc`), as the Fly
    dialect numbers address spaces (fly::AddressSpace).
  }];
  let methods = [
    InterfaceMethod<"the Fly address space it stands for", "unsigned", "getAddressSpace">,
  ];
}

#endif // FLY_INTERFACES_TD
