fn main() {
    let src = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let game = match tessera::compile_str(&src) {
        Ok(g) => g,
        Err(e) => {
            eprint!("{}", e.render("f", &src));
            return;
        }
    };
    let mut pos = tessera::Position::start(&game);
    for d in 1..=std::env::args().nth(2).map_or(4, |s| s.parse().unwrap()) {
        println!("{d} {}", tessera::perft(&mut pos, d));
    }
}
