//===- FlyInterfaces.td - What the Fly dialect asks of atom types -*- tablegen -*-===//
//
// An MMA instruction is a type of a target's dialect (FlyROCDL's `cdna3.mfma<...>`); the Fly
// dialect's `!fly.mma_atom<...>` and the ops on it reach it through this interface.
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
