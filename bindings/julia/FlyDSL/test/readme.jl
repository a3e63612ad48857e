using FlyDSL

rows = Layout("(8,8):(8,1)")
tiles = logical_divide(rows, "(2,4)")
println(tiles)  # ((2,4),(4,2)):((8,16),(1,4))
