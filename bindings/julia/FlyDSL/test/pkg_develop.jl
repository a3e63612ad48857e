# What a Julia user does: Pkg.develop the package into a fresh environment, `using FlyDSL`,
# and run the test suite there. Run by scripts/test.sh with a scratch depot that holds an empty
# local registry, because Julia 1.5's Pkg wants a registry and this machine reaches none.
using Pkg
Pkg.activate(mktempdir())
Pkg.develop(path = normpath(joinpath(@__DIR__, "..")))
Pkg.add("Test") # a standard library
using FlyDSL
println("Pkg.develop: FlyDSL ", FlyDSL.version(), " from ", pathof(FlyDSL))
include(joinpath(@__DIR__, "runtests.jl"))
