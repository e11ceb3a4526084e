// ANCHOR: all
// ANCHOR: main
fn main() {
    println!("Hello");
}
// ANCHOR_END: main

// ANCHOR: helper
# fn hidden() {}
fn helper() -> u32 {
    42
}
// ANCHOR_END: helper
// ANCHOR_END: all
