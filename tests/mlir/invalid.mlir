// RUN: fly-opt %s --split-input-file --verify-diagnostics
// Invalid IR gets a diagnostic, never a crash.

func.func @bad_text() {
  // expected-error @+1 {{invalid layout (2,3):(1): }}
  %l = fly.layout : !fly.layout<(2,3):(1)>
  return
}

// -----

func.func @zero_extent() {
  // expected-error @+1 {{every extent must be positive}}
  %l = fly.layout : !fly.layout<(2,0):(1,2)>
  return
}

// -----

func.func @not_divisible() {
  %a = fly.layout : !fly.layout<(4,6):(1,5)>
  %b = fly.layout : !fly.layout<6:1>
  // expected-error @+1 {{fly.composition: composition((4,6):(1,5), 6:1): shape divisibility condition fails}}
  %c = fly.composition %a, %b : !fly.layout<(4,6):(1,5)>, !fly.layout<6:1>
  return
}

// -----

func.func @coordinate_rank(%i: index) -> index {
  %l = fly.layout : !fly.layout<(4,8):(8,1)>
  // expected-error @+1 {{takes one index per leaf of the shape: 2 for (4,8):(8,1), got 1}}
  %o = fly.crd2idx %l[%i] : !fly.layout<(4,8):(8,1)>
  return %o : index
}

// -----

func.func @declared_type_differs() -> !fly.layout<(4,2):(1,4)> {
  %a = fly.layout : !fly.layout<(2,8):(1,2)>
  // expected-error @+2 {{'fly.coalesce' op inferred type(s) '!fly.layout<16:1>' are incompatible}}
  // expected-error @+1 {{'fly.coalesce' op failed to infer returned types}}
  %c = "fly.coalesce"(%a) : (!fly.layout<(2,8):(1,2)>) -> !fly.layout<(4,2):(1,4)>
  return %c : !fly.layout<(4,2):(1,4)>
}

// -----

func.func @missing_leaf(%m: index) {
  // expected-error @+1 {{takes one index per '?' leaf of its type: 2, got 1}}
  %l = fly.layout %m : !fly.layout<(?,8):(?,1)>
  return
}

// -----

func.func @dynamic_composition(%m: index, %s: index) {
  %a = fly.layout %m, %s : !fly.layout<(?,8):(?,1)>
  %b = fly.layout : !fly.layout<4:2>
  // expected-error @+1 {{is only known inside a kernel}}
  %c = fly.composition %a, %b : !fly.layout<(?,8):(?,1)>, !fly.layout<4:2>
  return
}
