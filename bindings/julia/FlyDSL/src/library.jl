using Libdl

# Where libflydsl.so is: FLYDSL_LIB; else an installed prefix that pkg-config knows (after
# `meson install`); else the build folder of this source checkout
# (bindings/julia/FlyDSL/src -> build/).
function installed_library()
    pkgconfig = Sys.which("pkg-config")
    pkgconfig === nothing && return nothing
    libdir = try
        readchomp(pipeline(`$pkgconfig --variable=libdir flydsl`; stderr = devnull))
    catch
        return nothing
    end
    isempty(libdir) ? nothing : joinpath(libdir, "libflydsl.so.1")
end

function locate_library()
    candidates = String[]
    haskey(ENV, "FLYDSL_LIB") && push!(candidates, ENV["FLYDSL_LIB"])
    installed = installed_library()
    installed === nothing || push!(candidates, installed)
    push!(candidates, normpath(joinpath(@__DIR__, "..", "..", "..", "..", "build", "libflydsl.so")))
    for path in candidates
        isfile(path) && return path
    end
    error("libflydsl.so not found; set FLYDSL_LIB or build it (tried: ",
          join(candidates, ", "), ")")
end

const libflydsl = locate_library()

"""The library's version string, e.g. "0.1.0"."""
version() = unsafe_string(ccall((:fly_version, libflydsl), Cstring, ()))

# Takes ownership of a string the library returned.
function take_string(ptr::Ptr{UInt8})
    s = unsafe_string(ptr)
    ccall((:fly_string_free, libflydsl), Cvoid, (Ptr{UInt8},), ptr)
    return s
end

const library = Ref{Ptr{Cvoid}}(C_NULL)

# The dlopen handle, for calls whose C function is chosen at run time.
function library_handle()
    library[] == C_NULL && (library[] = Libdl.dlopen(libflydsl))
    library[]
end
