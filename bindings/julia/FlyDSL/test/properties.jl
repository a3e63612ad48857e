# Properties of the algebra over random layouts (fixed seed), as CuTe states them.
using Random

# A random layout of rank 1-3 with extents 1-4 and compact strides of a random mode order,
# so that it is injective and its inverses exist.
function random_layout(rng)
    shape = Tuple(rand(rng, 1:4) for _ in 1:rand(rng, 1:3))
    length(shape) == 1 && return make_layout(shape)
    make_ordered_layout(shape, Tuple(randperm(rng, length(shape)) .- 1))
end

# f()'s result, or the status of the FlyDSLError it throws.
function try_status(f)
    try
        f()
    catch e
        e isa FlyDSLError || rethrow()
        e.status
    end
end

@testset "properties over random layouts" begin
    rng = MersenneTwister(20261122)
    for _ in 1:200
        L = random_layout(rng)
        n = size(L)
        R = right_inverse(L)
        @test all(L(R(i)) == i for i in 0:size(R)-1)
        Li = left_inverse(L)
        @test all(Li(L(i)) == i for i in 0:n-1)

        M = n * rand(rng, 1:3)
        C = complement(L, M)
        image = Set(L(i) for i in 0:n-1)
        @test isempty(intersect(image, Set(C(j) for j in 1:size(C)-1)))
        @test n * size(C) >= M

        # CuTe's definition; where its divisibility precondition fails, both sides say so.
        T = make_layout(rand(rng, [1, 2, 4]), rand(rng, 1:2))
        divided = try_status(() -> logical_divide(L, T))
        expected = try_status(() -> composition(L, make_layout(T, complement(T, shape(coalesce(L))))))
        @test divided == expected
        @test Layout(string(L)) == L
        @test all(coalesce(L)(i) == L(i) for i in 0:n-1)
    end
end
