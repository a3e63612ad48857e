use flydsl::Layout;

fn main() -> flydsl::Result<()> {
    let rows = Layout::parse("(8,8):(8,1)")?;
    let tiles = rows.logical_divide("(2,4)")?;
    println!("{tiles}"); // ((2,4),(4,2)):((8,16),(1,4))
    Ok(())
}
