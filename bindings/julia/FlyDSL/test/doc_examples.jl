# Every worked example of the CuTe layout documentation (tests/data/cute_doc_examples.json)
# with its stated result.

const DATA = normpath(joinpath(@__DIR__, "..", "..", "..", "..", "tests", "data",
                               "cute_doc_examples.json"))

# JSON arrays are tuples; null is CuTe's underscore.
as_tuple(x::Vector) = Tuple(as_tuple(e) for e in x)
as_tuple(::Nothing) = :_
as_tuple(x) = x

as_tiler(x::String) = Layout(x)
as_tiler(x::Vector) = Tuple(as_tiler(e) for e in x)
as_tiler(::Nothing) = :_
as_tiler(x) = x

function run_case(op, args)
    op == "make_layout_from_shape" && return make_layout(as_tuple(args[1]))
    op == "make_layout" && return make_layout(map(Layout, args)...)
    op == "evaluate" && return Layout(args[1])(as_tuple(args[2]))
    op == "size" && return size(Layout(args[1]))
    op in ("cosize", "rank", "depth", "flatten", "right_inverse", "left_inverse") &&
        return getfield(FlyDSL, Symbol(op))(Layout(args[1]))
    op == "idx2crd" && return idx2crd(as_tuple(args[1]), as_tuple(args[2]))
    op == "crd2idx" && return crd2idx(as_tuple(args[1]), as_tuple(args[2]), as_tuple(args[3]))
    op == "shape_div" && return shape_div(as_tuple(args[1]), as_tuple(args[2]))
    op == "get" && return get(Layout(args[1]), args[2]...)
    op == "slice" && return slice(Layout(args[1]), as_tuple(args[2]))
    if op == "slice_and_offset"
        sliced, offset = slice_and_offset(as_tuple(args[1]), Layout(args[2]))
        return (string(sliced), offset)
    end
    op == "coalesce" && return length(args) > 1 ? coalesce(Layout(args[1]), as_tuple(args[2])) :
                                                  coalesce(Layout(args[1]))
    op == "complement" && return complement(Layout(args[1]), as_tuple(args[2]))
    op in ("append", "prepend", "blocked_product", "raked_product") &&
        return getfield(FlyDSL, Symbol(op))(Layout(args[1]), Layout(args[2]))
    # Operations with a tiler: composition, divides, products.
    getfield(FlyDSL, Symbol(op))(Layout(args[1]), as_tiler(args[2]))
end

normalise(x::Layout) = string(x)
normalise(x) = x

@testset "CuTe documentation examples" begin
    cases = MiniJSON.parse(read(DATA, String))["cases"]
    @test length(cases) >= 180
    for (i, case) in enumerate(cases)
        got = normalise(run_case(case["op"], case["args"]))
        want = as_tuple(case["result"])
        got == want || @error "case $i: $(case["op"]) $(case["args"]) gave $got, want $want"
        @test got == want
    end
end
