# The shared table of layout-algebra cases with CuTe C++'s answers (tests/data/layout_cases.tsv,
# written by tests/cute/cute_diff.py); the C, Python and Rust tests read the same file.

const CASES = normpath(joinpath(@__DIR__, "..", "..", "..", "..", "tests", "data",
                                "layout_cases.tsv"))

case_text(x::Layout) = string(x)
case_text(x::Integer) = string(x)
case_text(x::Tuple) = tuple_string(x)

function run_case(op, args)
    lay(i) = Layout(args[i])
    tup(i) = parse_tuple(args[i])
    unary = Dict("coalesce" => coalesce, "filter" => filter, "filter_zeros" => filter_zeros,
                 "complement" => complement, "right_inverse" => right_inverse,
                 "left_inverse" => left_inverse, "flatten" => flatten, "size" => size,
                 "cosize" => cosize)
    haskey(unary, op) && return unary[op](lay(1))
    tilers = Dict("composition_tiler" => composition, "logical_divide" => logical_divide,
                  "zipped_divide" => zipped_divide, "tiled_divide" => tiled_divide,
                  "flat_divide" => flat_divide, "logical_product" => logical_product,
                  "zipped_product" => zipped_product, "tiled_product" => tiled_product,
                  "flat_product" => flat_product)
    haskey(tilers, op) && return tilers[op](lay(1), args[2])
    pairs = Dict("composition" => composition, "blocked_product" => blocked_product,
                 "raked_product" => raked_product, "max_common_vector" => max_common_vector)
    haskey(pairs, op) && return pairs[op](lay(1), lay(2))
    op == "complement_to" && return complement(lay(1), tup(2))
    op == "coalesce_profile" && return coalesce(lay(1), tup(2))
    op == "filter_profile" && return filter(lay(1), tup(2))
    op == "tile_to_shape" && return tile_to_shape(lay(1), tup(2))
    op == "make_layout" && return make_layout(tup(1))
    op == "make_ordered_layout" && return make_ordered_layout(tup(1), tup(2))
    op == "crd2idx" && return crd2idx(tup(1), lay(2))
    op == "idx2crd" && return idx2crd(tup(1), tup(2))
    op == "idx2crd_stride" && return idx2crd(tup(1), tup(2), tup(3))
    op == "crd2crd" && return crd2crd(tup(1), tup(2), tup(3))
    op == "shape_div" && return shape_div(tup(1), tup(2))
    op == "ceil_div" && return ceil_div(tup(1), tup(2))
    op == "elem_scale" && return elem_scale(tup(1), tup(2))
    op == "product_each" && return product_each(tup(1))
    op == "compact_col_major" && return compact_col_major(tup(1))
    op == "recast_layout" && return recast_layout(lay(1), parse(Int, args[2]), parse(Int, args[3]))
    error("unknown op $op")
end

@testset "layout cases agree with CuTe C++" begin
    rows = [split(l, '\t') for l in readlines(CASES) if !isempty(l) && !startswith(l, "#")]
    @test length(rows) > 300
    for row in rows
        op, args, want = row[1], String.(row[2:end-1]), row[end]
        if want == "error"
            @test_throws FlyDSLError run_case(op, args)
        else
            got = case_text(run_case(op, args))
            got == want || println("layout case ", join(row, " "), " gave ", got)
            @test got == want
        end
    end
end
