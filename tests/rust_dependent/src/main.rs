//! Prints a layout and the offset of a coordinate through the flydsl crate.
fn main() -> flydsl::Result<()> {
    let layout = flydsl::Layout::parse("(4,8):(8,1)")?;
    let offset = layout.call(&flydsl::IntTuple::parse("(1,2)")?)?;
    println!("{layout} {offset}");
    Ok(())
}
