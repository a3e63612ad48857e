"""
    FlyDSLError(status, message)

A failed libflydsl call. `status` is the C status name as a Symbol (for example
`:FLY_ERROR_DIVISIBILITY`); `message` is the library's explanation.
"""
struct FlyDSLError <: Exception
    status::Symbol
    message::String
end

Base.showerror(io::IO, e::FlyDSLError) = print(io, "FlyDSLError(", e.status, "): ", e.message)

# Turns a non-zero fly_status into a FlyDSLError carrying the thread's last message.
function check(status::Cint)
    status == 0 && return nothing
    name = unsafe_string(ccall((:fly_status_name, libflydsl), Cstring, (Cint,), status))
    message = unsafe_string(ccall((:fly_last_error_message, libflydsl), Cstring, ()))
    throw(FlyDSLError(Symbol(name), message))
end
