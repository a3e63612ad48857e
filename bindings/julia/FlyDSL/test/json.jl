# A JSON reader for the test data (Julia 1.5's standard library has none): objects become
# Dicts, arrays Vectors, null `nothing`, integers Int64.
module MiniJSON

function parse(text::AbstractString)
    s = String(text)
    value, i = read_value(s, skip(s, 1))
    skip(s, i) > ncodeunits(s) || error("trailing text at byte $i")
    value
end

skip(s, i) = (while i <= ncodeunits(s) && isspace(s[i]); i = nextind(s, i); end; i)

function read_value(s, i)
    c = s[i]
    c == '{' && return read_object(s, i)
    c == '[' && return read_array(s, i)
    c == '"' && return read_string(s, i)
    startswith(SubString(s, i), "null") && return nothing, i + 4
    startswith(SubString(s, i), "true") && return true, i + 4
    startswith(SubString(s, i), "false") && return false, i + 5
    j = i
    while j <= ncodeunits(s) && (isdigit(s[j]) || s[j] in "+-.eE"); j += 1; end
    j > i || error("unexpected '$c' at byte $i")
    num = SubString(s, i, j - 1)
    return (occursin(r"[.eE]", num) ? Base.parse(Float64, num) : Base.parse(Int64, num)), j
end

function read_string(s, i)
    buf = IOBuffer()
    i += 1
    while s[i] != '"'
        if s[i] == '\\'
            i += 1
            esc = s[i]
            if esc == 'u'
                print(buf, Char(Base.parse(UInt16, SubString(s, i + 1, i + 4); base = 16)))
                i += 4
            else
                print(buf, get(Dict('n' => '\n', 't' => '\t', 'r' => '\r', 'b' => '\b',
                                    'f' => '\f'), esc, esc))
            end
        else
            print(buf, s[i])
        end
        i = nextind(s, i)
    end
    String(take!(buf)), i + 1
end

function read_array(s, i)
    out = Any[]
    i = skip(s, i + 1)
    s[i] == ']' && return out, i + 1
    while true
        v, i = read_value(s, skip(s, i))
        push!(out, v)
        i = skip(s, i)
        s[i] == ']' && return out, i + 1
        s[i] == ',' || error("expected ',' or ']' at byte $i")
        i += 1
    end
end

function read_object(s, i)
    out = Dict{String,Any}()
    i = skip(s, i + 1)
    s[i] == '}' && return out, i + 1
    while true
        k, i = read_string(s, skip(s, i))
        i = skip(s, i)
        s[i] == ':' || error("expected ':' at byte $i")
        v, i = read_value(s, skip(s, i + 1))
        out[k] = v
        i = skip(s, i)
        s[i] == '}' && return out, i + 1
        s[i] == ',' || error("expected ',' or '}' at byte $i")
        i += 1
    end
end

end
